import csv
import io


def test_dataset_json(client):
    r = client.get("/api/datasets/decnet-throughput")
    assert r.status_code == 200
    d = r.json()
    assert d["id"] == "decnet-throughput"
    ci = [x for x in d["records"] if x["circuit"] == "CI" and x["test"] == "SENDER/SERVER"
          and x["run"] == "Test 1" and x["column"] == "Bps"]
    assert ci[0]["value"] == 434726 and "CI table" in ci[0]["citation"]


def test_dataset_csv_matches_json(client):
    r = client.get("/api/datasets/decnet-throughput.csv")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/csv")
    rows = list(csv.DictReader(io.StringIO(r.text)))
    d = client.get("/api/datasets/decnet-throughput").json()
    assert len(rows) == len(d["records"])
    assert rows[0]["citation"] == d["records"][0]["citation"]
    assert float(rows[0]["value"]) == d["records"][0]["value"]


def test_dataset_list_and_404(client):
    assert any(x["id"] == "decnet-throughput" for x in client.get("/api/datasets").json())
    assert client.get("/api/datasets/nope").status_code == 404
    assert client.get("/api/datasets/nope.csv").status_code == 404
