import csv
import io

from perfmodels import datasets


def test_sources(client):
    r = client.get("/api/sources")
    assert r.status_code == 200
    ids = {s["id"] for s in r.json()}
    assert ids == {"tops20-decnet", "tops20-ofn", "rsx11m-tuning", "bsd-ffs", "lavc", "openafs-chunksize"}
    for s in r.json():
        assert s["title"] and s["authors"] and s["date"] and s["archive"]


def test_every_dataset_listed_with_its_source_and_figures(client):
    listed = client.get("/api/datasets").json()
    assert [d["id"] for d in listed] == datasets.dataset_ids()
    for d in listed:
        assert d["title"] and d["source"] and d["figures"] > 0


def test_dataset_json_shape(client):
    r = client.get("/api/datasets/decnet-throughput")
    assert r.status_code == 200
    d = r.json()
    assert set(d) >= {"id", "title", "source", "fields", "rows"}
    assert d["source"]["id"] == "tops20-decnet" and d["source"]["title"]
    bps = next(f for f in d["fields"] if f["name"] == "bps")
    assert bps["unit"] == "Bps" and bps["derived"] is False
    assert next(f for f in d["fields"] if f["name"] == "test")["derived"].startswith("derived")
    row = next(x for x in d["rows"] if x["circuit"] == "CI" and x["row"] == "SENDER/SERVER" and x["run"] == "Test 1")
    assert row["bps"] == 434726 and isinstance(row["bps"], int)
    assert "CI table" in row["locator"]


def test_dataset_csv_matches_json(client):
    r = client.get("/api/datasets/afs-bonnie.csv")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/csv")
    rows = list(csv.DictReader(io.StringIO(r.text)))
    d = client.get("/api/datasets/afs-bonnie").json()
    assert len(rows) == len(d["rows"]) == 10
    assert list(rows[0]) == [f["name"] for f in d["fields"]]
    assert float(rows[0]["seeks_per_s"]) == d["rows"][0]["seeks_per_s"]
    assert rows[0]["chunksize"] == "" and d["rows"][0]["chunksize"] is None


def test_unknown_dataset_is_404_json(client):
    for path in ("/api/datasets/nope", "/api/datasets/nope.csv", "/api/datasets/..%2F..%2Fetc%2Fpasswd"):
        r = client.get(path)
        assert r.status_code == 404
        assert r.headers["content-type"].startswith("application/json")
        assert "detail" in r.json()


def test_etag_and_304(client):
    for path in ("/api/datasets/ffs-throughput", "/api/datasets/ffs-throughput.csv", "/api/datasets", "/api/sources"):
        r = client.get(path)
        etag = r.headers["etag"]
        assert etag.startswith('"') and "must-revalidate" in r.headers["cache-control"]
        again = client.get(path, headers={"If-None-Match": etag})
        assert again.status_code == 304 and again.content == b""
        assert client.get(path, headers={"If-None-Match": '"other"'}).status_code == 200
    assert (
        client.get("/api/datasets/ffs-throughput").headers["etag"]
        != client.get("/api/datasets/ffs-figures").headers["etag"]
    )
