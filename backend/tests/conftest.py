"""A fresh app on a temporary SQLite file for each test module."""

import pytest
from fastapi.testclient import TestClient

from app.core.config import Settings
from app.main import create_app


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    db = tmp_path_factory.mktemp("db") / "test.sqlite3"
    app = create_app(Settings(database_url=f"sqlite:///{db}", static_dir=tmp_path_factory.mktemp("nodist")))
    with TestClient(app) as c:
        yield c
