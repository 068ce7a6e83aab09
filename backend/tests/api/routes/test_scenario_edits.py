"""A saved scenario's edited model: packed text (as a link's fragment carries it) kept and sent
back byte for byte, bounded and of the base64url alphabet; the server never unpacks or runs it."""

import base64
import json
import zlib
from pathlib import Path

import pytest

from app.api.schemas import MAX_EDIT_CHARS

from .test_scenarios import GOOD


def packed(text: str) -> str:
    """What the page's packText makes of `text` (deflate-raw, base64url without padding)."""
    z = zlib.compressobj(9, zlib.DEFLATED, -15)
    return base64.urlsafe_b64encode(z.compress(text.encode()) + z.flush()).decode().rstrip("=")


def an_edit(marker: Path) -> str:
    """An edit of the DECnet model (hunks as the page's share.ts writes them) whose code, were
    it ever run, would leave a file behind."""
    code = f"open({str(marker)!r}, 'w').write('ran')"
    return packed(json.dumps({"m": "perfmodels/decnet.py", "h": [[0, [], [f"import builtins; {code}"]]]}))


def test_the_edit_is_kept_byte_for_byte_and_never_unpacked_or_run(client, tmp_path, monkeypatch):
    marker = tmp_path / "ran"
    edit = an_edit(marker)

    def refuse(*_: object, **__: object) -> None:
        raise AssertionError("the server unpacked an edit")

    # the server has nothing to unpack an edit with: any use of the tools for it fails the test
    for name in ("decompress", "decompressobj"):
        monkeypatch.setattr(zlib, name, refuse)
    for name in ("urlsafe_b64decode", "b64decode"):
        monkeypatch.setattr(base64, name, refuse)
    plain = {"accept-encoding": "identity"}  # (the test's client would inflate a gzipped answer)
    r = client.post("/api/scenarios", json={**GOOD, "edit": edit, "public": True}, headers=plain)
    assert r.status_code == 201, r.text
    made = r.json()
    assert made["scenario"]["edit"] == edit
    url = f"/api/scenarios/{made['slug']}"
    # the second read comes from the cache ahead of routing
    routed, cached = client.get(url, headers=plain), client.get(url, headers=plain)
    for got in (routed, cached):
        assert got.status_code == 200 and got.json()["edit"] == edit
        assert f'"edit":"{edit}"'.encode() in got.content  # the same bytes, not re-encoded
    listed = client.get("/api/scenarios", params={"system": "decnet"}, headers=plain).json()["items"]
    assert [s["edit"] for s in listed if s["slug"] == made["slug"]] == [edit]
    assert not marker.exists()


def test_text_that_is_not_even_a_packed_edit_is_kept_as_it_came(client):
    # base64url that does not inflate: the server does not look inside, so it does not know
    junk = "A" * 7 + "-_" * 10
    slug = client.post("/api/scenarios", json={**GOOD, "edit": junk}).json()["slug"]
    assert client.get(f"/api/scenarios/{slug}").json()["edit"] == junk


def test_an_edit_at_its_limit_is_kept(client):
    edit = "x" * MAX_EDIT_CHARS
    r = client.post("/api/scenarios", json={**GOOD, "edit": edit})
    assert r.status_code == 201, r.text[:300]
    assert client.get(f"/api/scenarios/{r.json()['slug']}").json()["edit"] == edit


@pytest.mark.parametrize(
    ("edit", "says"),
    [
        ("x" * (MAX_EDIT_CHARS + 1), "at most 65536 characters"),
        ("", "at least 1 character"),
        ("abc+/def==", "pattern"),  # base64, not base64url
        ("abc def", "pattern"),
        ("<script>alert(1)</script>", "pattern"),
        ("ünïcødé", "pattern"),
        ("abc\u0000", "pattern"),
        (42, "string"),
    ],
)
def test_an_edit_too_long_or_not_base64url_is_refused_with_why(client, edit, says):
    r = client.post("/api/scenarios", json={**GOOD, "edit": edit})
    assert r.status_code == 422
    [problem] = r.json()["detail"]
    assert problem["loc"] == ["body", "edit"] and says in problem["msg"], problem
