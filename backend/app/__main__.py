"""`python -m app`: serve Memo Lab on HOST:PORT (default 127.0.0.1:8000), logging JSON lines.

On SIGTERM or SIGINT the server stops accepting connections and finishes the requests in flight
(for up to SHUTDOWN_GRACE_S seconds) before it exits."""

import gc
from types import FrameType
from typing import cast

import uvicorn
from fastapi import FastAPI

from .api.deps import Made
from .core.config import settings
from .core.logs import configure_logging
from .core.protocol import HeadTimeLimit
from .main import create_app


class Server(uvicorn.Server):
    """uvicorn's server, which on SIGTERM also ends the live classes' event streams: they would
    otherwise hold the stop for its whole grace period (their devices reconnect elsewhere)."""

    def __init__(self, config: uvicorn.Config, app: FastAPI) -> None:
        super().__init__(config)
        self.app = app

    def handle_exit(self, sig: int, frame: FrameType | None) -> None:
        cast(Made, self.app.state).class_bus.release_all()
        super().handle_exit(sig, frame)


if __name__ == "__main__":
    configure_logging(settings.log_level)
    HeadTimeLimit.head_timeout_s = settings.header_timeout_s
    app = create_app(settings)
    config = uvicorn.Config(
        app,
        host=settings.host,
        port=settings.port,
        server_header=False,
        log_config=None,
        access_log=False,  # RequestContext logs each request once, with its id
        proxy_headers=False,  # the app trusts forwarded headers only from TRUSTED_PROXIES
        timeout_graceful_shutdown=settings.shutdown_grace_s,
        timeout_keep_alive=settings.keep_alive_s,
        # httptools with a time limit on a request's headers; their size is HeaderSizeLimit's
        # (middleware), as httptools has no setting for it
        http=HeadTimeLimit,
    )
    # The garbage collector: what start-up made lives as long as the process, so it is left out
    # of every full collection (freeze); and a collection comes after 50,000 new objects rather
    # than 700. A class of thousands of open streams otherwise ran a full collection of 0.7 s,
    # finding nothing, during a reveal (bench/class_fanout.sh, docs/performance.md).
    gc.collect()
    gc.freeze()
    gc.set_threshold(50_000, 20, 10)
    Server(config, app).run()
