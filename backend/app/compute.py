"""Model computations away from the event loop: a small pool of worker processes.

A sweep is pure Python work that holds the interpreter's lock for as long as it runs; in a
thread of the server's own process, sixteen of them at once left the event loop a sliver of
time, and cached reads fell from thousands a second to tens. In another process they take a
core, not the server. A worker answers any operation of the models' one table (perfmodels.ops:
its name and its request, as the page's worker asks it), measures the answer's CPU time, which the
route charges to the client's model budget, and sends the answer back already encoded as JSON.
"""

from __future__ import annotations

import asyncio
import gc
import json
import multiprocessing
import os
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any


class ModelError(ValueError):
    """The models refused the input (the message says why): a 422, not a server error. The
    refusal cost CPU time too (`cpu`, seconds)."""

    def __init__(self, reason: str, cpu: float) -> None:
        super().__init__(reason)
        self.cpu = cpu


def _work(op: str, request: dict[str, Any]) -> tuple[bytes | None, str | None, float]:
    """In a worker: (JSON answer, or None and the models' reason for refusing, CPU seconds)."""
    from perfmodels import ops

    started = time.process_time()
    try:
        result = ops.run(op, request)
        return json.dumps(result, allow_nan=False, separators=(",", ":")).encode(), None, time.process_time() - started
    except ValueError as e:
        return None, str(e), time.process_time() - started


def _outlive_no_server(server: int) -> None:
    """In each worker, at its start: end it if the server that made it is gone (killed outright:
    SIGKILL, out of memory). Otherwise the worker, and the forkserver it keeps alive, would stay
    on as orphans holding their memory."""

    def watch() -> None:
        while True:
            time.sleep(2.0)
            try:
                os.kill(server, 0)
            except ProcessLookupError:
                os._exit(0)

    threading.Thread(target=watch, name="server-watch", daemon=True).start()


def _ready() -> bool:
    import perfmodels  # noqa: F401  (imported once, before the first visitor asks)

    return True


class ModelPool:
    """`processes` workers, started on first use (or by `warm`) from a fresh interpreter: not
    forked from a server that holds threads and database connections."""

    def __init__(self, processes: int) -> None:
        self.processes = processes
        self._pool: ProcessPoolExecutor | None = None

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            ctx = multiprocessing.get_context("forkserver")
            self._pool = ProcessPoolExecutor(
                self.processes, mp_context=ctx, initializer=_outlive_no_server, initargs=(os.getpid(),)
            )
        return self._pool

    async def warm(self) -> None:
        await asyncio.wrap_future(self._executor().submit(_ready))

    async def run(self, op: str, request: dict[str, Any]) -> tuple[bytes, float]:
        """Operation `op`'s answer (perfmodels.ops) as JSON and the CPU seconds it cost; ModelError
        when the models refuse."""
        try:
            body, refused, cpu = await asyncio.wrap_future(self._executor().submit(_work, op, request))
        except BrokenProcessPool:
            self._pool = None  # a worker died (killed, out of memory): the next call starts anew
            raise
        if body is None:
            raise ModelError(refused or "refused", cpu)
        return body, cpu

    def close(self) -> None:
        """Stop the workers (an answer being computed is finished; queued ones are dropped) and
        free the pool's semaphores now: a server stopped by SIGTERM exits by that signal,
        before any finalizer would, and the semaphores would be reported as leaked."""
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None
            gc.collect()
