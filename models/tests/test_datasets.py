"""The DECnet dataset holds every printed figure with a citation, values as printed."""

from pathlib import Path

import pytest

from perfmodels import datasets

MEMO = Path(__file__).resolve().parents[2] / ".." / "shared" / "memos" / "tops20-decnet-io-and-ofn-1985.txt"


def test_decnet_records_complete_and_cited():
    d = datasets.load("decnet-throughput")
    recs = [r for r in d["records"] if r["run"] != "summary"]
    # Per circuit: SENDER/SERVER 3 columns, DTR/DTS 2, NFT/FAL 1, each for two tests.
    assert len(recs) == 3 * 2 * (3 + 2 + 1)
    assert len([r for r in d["records"] if r["run"] == "summary"]) == 7
    for r in d["records"]:
        assert r["citation"].startswith("DECnet IO performance")
        assert r["unit"]


@pytest.mark.skipif(not MEMO.exists(), reason="shared memos not beside the checkout")
def test_every_value_is_printed_in_the_memo():
    text = MEMO.read_text()
    d = datasets.load("decnet-throughput")
    for r in d["records"] + d["facts"]:
        assert str(r["value"]) in text, r


def test_unknown_dataset():
    with pytest.raises(KeyError):
        datasets.load("../etc/passwd")
