"""A running app (`python -m app`) on its own database, for the tests of the class event streams."""

import pytest

from ...test_lifecycle import _start


@pytest.fixture
def server(tmp_path):
    proc, port = _start(tmp_path)
    yield f"http://127.0.0.1:{port}"
    proc.terminate()
    proc.wait(20)
