"""The memo figures as a Frictionless Data Package: valid, checksummed, complete and cited."""

import json
import re
from pathlib import Path

import pytest
from frictionless import validate

from perfmodels import datasets

DATA = Path(datasets.__file__).parent / "data"
MEMOS = Path(__file__).resolve().parents[2] / ".." / "shared" / "memos"
SOURCE_IDS = {"tops20-decnet", "tops20-ofn", "rsx11m-tuning", "bsd-ffs", "lavc", "openafs-chunksize"}


def test_package_is_valid_with_checksums():
    report = validate(str(DATA / "datapackage.json"))
    errors = [(t.name, e.type, e.note) for t in report.tasks for e in t.errors]
    assert report.valid, errors


def test_checksum_catches_an_edit(tmp_path):
    for f in DATA.iterdir():
        (tmp_path / f.name).write_bytes(f.read_bytes())
    csv = tmp_path / "decnet-throughput.csv"
    csv.write_text(csv.read_text().replace("434726", "434727"))
    report = validate(str(tmp_path / "datapackage.json"))
    assert not report.valid
    assert "hash-count" in {e.type for t in report.tasks for e in t.errors}


def test_every_resource_names_a_known_source_and_has_locators():
    pkg = json.loads((DATA / "datapackage.json").read_text())
    assert {s["id"] for s in pkg["sources"]} == SOURCE_IDS
    for r in pkg["resources"]:
        assert r["source"] in SOURCE_IDS, r["name"]
        d = datasets.load(r["name"])
        assert d["rows"], r["name"]
        assert all(row["locator"] for row in d["rows"]), r["name"]
        for f in d["fields"]:
            if f["derived"]:
                assert f["derived"].startswith("derived:"), (r["name"], f["name"])


# Figures per document: a tripwire so none silently disappears (update on purpose only).
EXPECTED_FIGURES = {
    "tops20-decnet": 66,
    "tops20-ofn": 16,
    "rsx11m-tuning": 88,
    "bsd-ffs": 51,
    "lavc": 58,
    "openafs-chunksize": 254,
}


def test_figures_per_document():
    counts: dict[str, int] = {}
    for i in datasets.dataset_ids():
        s = datasets.summary(i)
        counts[s["source"]] = counts.get(s["source"], 0) + s["figures"]
    assert counts == EXPECTED_FIGURES


def test_numbers_are_numbers_and_ranges_have_bounds():
    d = datasets.load("decnet-throughput")
    ci = [r for r in d["rows"] if r["circuit"] == "CI" and r["row"] == "SENDER/SERVER" and r["run"] == "Test 1"]
    assert ci[0]["bps"] == 434726 and ci[0]["cpu_percent"] == 49
    nft = [r for r in d["rows"] if r["test"] == "NFT/FAL"]
    assert all(r["messages"] is None and r["cpu_percent"] is None for r in nft)
    for i in datasets.dataset_ids():
        for row in datasets.load(i)["rows"]:
            printed = row.get("printed") or ""
            # Ranges ("10-20%") and approximations ("about 5%") carry a numeric low and high.
            if re.search(r"\d\s*\\?-\s*\d", printed) or re.search(
                r"\b(about|approximately|around|perhaps|or so)\b", printed
            ):
                assert row["low"] is not None and row["high"] is not None, (i, row["name"])


def test_the_memos_own_arithmetic():
    sizes = datasets.load("rsx-fcsres-task-sizes")["rows"]
    tasks, total = sizes[:-1], sizes[-1]
    assert total["task"] == "TOTAL" and total["no_fcsres_blocks"] == sum(r["no_fcsres_blocks"] for r in tasks)
    # The memo's printed With FCSRES total (1126) is one less than its rows add up to (1127).
    assert sum(r["with_fcsres_blocks"] for r in tasks) == total["with_fcsres_blocks"] + 1
    for r in datasets.load("ffs-throughput")["rows"]:
        assert r["bandwidth"].startswith(f"{r['speed_kbytes_s']}/983 {r['bandwidth_percent']}%")
    for r in datasets.load("lavc-io-elapsed")["rows"]:
        assert r["stretch"] == pytest.approx(r["served_ms"] / r["local_ms"], abs=0.06)


MEMO_FILES = {s["id"]: s["memo_file"] for s in datasets.sources()}


@pytest.mark.skipif(not MEMOS.exists(), reason="shared memos not beside the checkout")
def test_every_printed_value_appears_in_its_memo():
    def canon(t):
        # The FFS copy numbers its lines; a printed phrase may run across one of those numbers.
        if re.search(r"(?m)^1 ", t) and re.search(r"(?m)^2 ", t):
            t = re.sub(r"(?m)^\d+ ?", "", t)
        return re.sub(r"\s+", " ", t)

    for i in datasets.dataset_ids():
        d = datasets.load(i)
        text = canon((MEMOS / d["source"]["memo_file"]).read_text())
        printed_fields = [
            f for f in d["fields"] if not f["derived"] and f["name"] not in ("locator", "quantity", "name")
        ]
        for row in d["rows"]:
            if row.get("derived"):
                continue
            for f in printed_fields:
                v = row[f["name"]]
                if v is None or f["name"] in (
                    "value",
                    "low",
                    "high",
                    "unit",
                    "test",
                    "run",
                    "node",
                    "operation",
                    "fileserver",
                    "afsv_buffersize",
                    "profile",
                ):
                    continue
                s = f"{v:g}" if isinstance(v, float) else str(v)
                assert s in text or s.replace(".0", "") in text, (i, f["name"], s)


def test_unknown_dataset():
    with pytest.raises(KeyError):
        datasets.load("../etc/passwd")
