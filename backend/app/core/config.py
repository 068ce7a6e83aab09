"""Settings from the environment: HOST, PORT, DATABASE_URL, where the built frontend lives,
CREATE_PER_MINUTE, LOG_LEVEL and SHUTDOWN_GRACE_S."""

from __future__ import annotations

from pathlib import Path

from pydantic_settings import BaseSettings, SettingsConfigDict

ROOT = Path(__file__).resolve().parents[3]


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="", case_sensitive=False, extra="ignore")

    host: str = "127.0.0.1"
    port: int = 8000
    # Default store: an embedded SQLite file in the git-ignored data folder.
    database_url: str = f"sqlite:///{ROOT / 'data' / 'memolab.sqlite3'}"
    static_dir: Path = ROOT / "frontend" / "dist"
    # Scenarios one client may create per minute (429 with Retry-After beyond it).
    create_per_minute: int = 30
    log_level: str = "info"
    # How long a stopping process waits for requests in flight (SIGTERM from an orchestrator).
    shutdown_grace_s: int = 20


settings = Settings()
