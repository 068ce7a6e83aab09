"""A running app (`python -m app`) on its own database, for the tests of the class event streams."""

import pytest

from ...app_process import start_app


@pytest.fixture
def server(tmp_path):
    app = start_app(tmp_path)
    yield app.url
    app.stop()
