"""Settings from the environment: HOST, PORT, DATABASE_URL, where the built frontend and the lessons live,
CREATE_PER_MINUTE, TRUSTED_PROXIES, MODEL_CPU_S_PER_MINUTE, MODEL_CPU_S_BURST, MODEL_PROCESSES,
LOG_LEVEL, SHUTDOWN_GRACE_S, API_DOCS, MAX_HEADER_BYTES, HEADER_TIMEOUT_S,
LESSONS_DIR and CLASS_SWEEP_S."""

from __future__ import annotations

from pathlib import Path

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict

ROOT = Path(__file__).resolve().parents[3]


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="", case_sensitive=False, extra="ignore")

    host: str = "127.0.0.1"
    port: int = 8000
    # Default store: an embedded SQLite file in the git-ignored data folder.
    database_url: str = f"sqlite:///{ROOT / 'data' / 'memolab.sqlite3'}"
    static_dir: Path = ROOT / "frontend" / "dist"
    # The built-in lessons (a class checks its answers against their questions).
    lessons_dir: Path = ROOT / "lessons"
    # Scenarios one client may create per minute (429 with Retry-After beyond it).
    create_per_minute: int = 30
    # Peers whose X-Forwarded-For names the client (comma-separated addresses or networks, or
    # "*"): the proxy in front of the app. None by default: a client could name itself anything.
    trusted_proxies: str = ""
    # Model CPU time one client may use per minute on answers not already cached (the browser
    # computes its own curves once Python is up; the server answers the first ones).
    model_cpu_s_per_minute: float = 30.0
    # ... of which at most this much at once (a first visit asks for a few curves, milliseconds each).
    model_cpu_s_burst: float = 5.0
    # Processes computing those answers, beside the server's (0: one fewer than the cores, at least one).
    model_processes: int = 0
    log_level: str = "info"
    # How long a stopping process waits for requests in flight (SIGTERM from an orchestrator).
    shutdown_grace_s: int = 20
    # The interactive API docs (/docs, /redoc) load their scripts from a CDN, which the page's
    # Content-Security-Policy and an offline machine both refuse: off unless asked for.
    api_docs: bool = False
    # A client's request line and headers: at most this many bytes (431 past it).
    max_header_bytes: int = 16 * 1024
    # ... which must arrive within this many seconds of the connection (or the request) starting.
    header_timeout_s: float = 10.0
    # An idle connection is kept open this long for the next request: longer than the proxy keeps
    # one (deploy/nginx.conf's upstream keepalive_timeout), so the proxy never sends a request on
    # a connection the app is closing. (With uvicorn's 5 s, one answer in 10,000 was reset so and
    # answered 502: nginx does not send a POST again. bench/lecture_hall.sh, docs/performance.md)
    keep_alive_s: int = 75
    # Students a live class holds (a lecture hall, an online course): 1 to 10,000.
    class_max_students: int = Field(default=1000, ge=1, le=10_000)
    # Open class event streams (classes/streams.py): per device token (a reconnect replaces the oldest),
    # per client address (a lecture hall behind one address fits), and in all per process.
    streams_per_token: int = 3
    streams_per_address: int = 2500
    streams_total: int = 3000
    # How often old live classes are looked for and deleted (idle 12 h, or ended 24 h ago).
    class_sweep_s: float = 600.0


settings = Settings()
