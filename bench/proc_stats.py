"""What the load benches measure of the processes they load (`bench/class_load.py`; Linux
/proc): CPU time by process id or by name, resident memory, this process's own CPU, the class
channel's wake-ups heard over PostgreSQL's LISTEN, and a percentile."""

from __future__ import annotations

import os
import resource
import time


def cpu_s(pid: int) -> float:
    """A process's user + system CPU time so far, in seconds (Linux /proc)."""
    return sum(cpu_split(pid))


def cpu_split(pid: int) -> tuple[float, float]:
    """A process's user and system CPU time so far, in seconds (Linux /proc)."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rpartition(")")[2].split()
    tick = os.sysconf("SC_CLK_TCK")
    return int(fields[11]) / tick, int(fields[12]) / tick


def cpu_of(name: str) -> float:
    """The CPU time so far of every process named `name` (PostgreSQL's server processes)."""
    total = 0.0
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/comm") as f:
                    if f.read().strip() == name:
                        total += cpu_s(int(entry))
            except OSError:
                continue  # (gone meanwhile)
    return total


def rss_kb(pid: int) -> int:
    with open(f"/proc/{pid}/status") as f:
        return next(int(line.split()[1]) for line in f if line.startswith("VmRSS:"))


def own_cpu_s() -> float:
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def count_notifies(url: str, out: list[float]) -> None:
    """Note the time of every wake-up on the classes' channel (a thread of its own, LISTENing)."""
    import psycopg

    with psycopg.connect(url.replace("postgresql+psycopg", "postgresql"), autocommit=True) as conn:
        conn.execute("LISTEN memolab_classes")
        for _ in conn.notifies():
            out.append(time.perf_counter())


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(p / 100 * len(xs)))] if xs else float("nan")
