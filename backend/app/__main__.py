"""`python -m app`: serve Memo Lab on HOST:PORT (default 127.0.0.1:8000), logging JSON lines.

On SIGTERM or SIGINT the server stops accepting connections and finishes the requests in flight
(for up to SHUTDOWN_GRACE_S seconds) before it exits."""

import uvicorn

from .core.config import settings
from .core.logs import configure_logging
from .core.protocol import HeadTimeLimit
from .main import create_app

if __name__ == "__main__":
    configure_logging(settings.log_level)
    HeadTimeLimit.head_timeout_s = settings.header_timeout_s
    uvicorn.run(
        create_app(settings),
        host=settings.host,
        port=settings.port,
        server_header=False,
        log_config=None,
        access_log=False,  # RequestContext logs each request once, with its id
        proxy_headers=False,  # the app trusts forwarded headers only from TRUSTED_PROXIES
        timeout_graceful_shutdown=settings.shutdown_grace_s,
        # httptools with a time limit on a request's headers; their size is HeaderSizeLimit's
        # (middleware), as httptools has no setting for it
        http=HeadTimeLimit,
    )
