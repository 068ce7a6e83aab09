"""`python -m app`: serve Memo Lab on HOST:PORT (default 127.0.0.1:8000)."""

import uvicorn

from .core.config import settings
from .main import create_app

if __name__ == "__main__":
    # Access lines would cost more than serving a cached scenario; errors are still logged.
    uvicorn.run(create_app(settings), host=settings.host, port=settings.port,
                server_header=False, log_level="info", access_log=False)
