"""GET /api/validation/{system}: the outside measurements a system is judged on, as the page draws
them: judged rows only, each with its locator, its knobs and its values; 404 for an unknown system."""

import validation


def test_a_systems_outside_rows_with_their_sources(client):
    r = client.get("/api/validation/ffs")
    assert r.status_code == 200
    body = r.json()
    judged = [row for s in validation.sources() if s.system == "ffs" for row in validation.rows(s) if row.judged]
    assert len(body["rows"]) == len(judged) > 0
    assert body["sources"][0]["citation"].startswith("Bob Kridle")
    first = body["rows"][0]
    assert first["knobs"]["disk"] == "Fujitsu Eagle" and first["values"]["throughput_kBps"] == 490
    assert "table" in first["locator"]
    again = client.get("/api/validation/ffs", headers={"If-None-Match": r.headers["etag"]})
    assert again.status_code == 304


def test_a_system_nobody_else_measured_has_none_and_an_unknown_one_is_404(client):
    assert client.get("/api/validation/afs").json() == {"system": "afs", "sources": [], "rows": []}
    assert client.get("/api/validation/nope").status_code == 404
