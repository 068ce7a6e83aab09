"""A user's own table read against a system: columns by id or label with units, every kind of
bad input reported at its line and column with what would be right, nothing thrown away."""

import pytest

from perfmodels import registry
from perfmodels.fitting import own
from perfmodels.fitting.owndata import MAX_ROWS, read_table, table_from_rows

FFS = registry.spec("ffs")


def problems(t):
    return [(p["line"], p["column"], p["message"]) for p in t["problems"]]


def test_columns_by_id_or_label_with_units_converted_and_the_rest_held():
    text = "block_size (KB),Operation,Throughput [KB/s]\n4,read,300\n8,read,420\n"
    t = read_table(FFS, text, {"bus": "MASSBUS"})
    assert t["problems"] == []
    assert [c["name"] for c in t["columns"]] == ["block_size", "operation", "throughput_kBps"]
    assert t["rows"] == [
        {"line": 2, "knobs": {"block_size": 4096, "operation": "read"}, "metrics": {"throughput_kBps": 300.0}},
        {"line": 3, "knobs": {"block_size": 8192, "operation": "read"}, "metrics": {"throughput_kBps": 420.0}},
    ]
    assert t["held"]["bus"] == "MASSBUS" and t["held"]["layout"] == "new"


def test_tab_and_semicolon_separated_notes_and_blank_lines():
    tsv = "# synthetic example\nblock_size\tthroughput_kBps\n\n4096\t300\n"
    assert read_table(FFS, tsv)["rows"][0]["knobs"] == {"block_size": 4096}
    semi = "block_size;throughput_kBps\n4096;300\n"
    assert read_table(FFS, semi)["rows"][0]["metrics"] == {"throughput_kBps": 300.0}


def test_an_unknown_column_names_the_closest():
    t = read_table(FFS, "blocksize,throughput_kBps\n4096,300\n")
    [(line, col, msg)] = problems(t)
    assert (line, col) == (1, 0)
    assert msg.startswith("unknown column 'blocksize'; did you mean") and "block size" in msg


def test_a_unit_of_the_wrong_kind_lists_those_accepted():
    [(_, col, msg)] = problems(read_table(FFS, "block_size (ms),throughput_kBps\n4096,300\n"))
    assert col == 0 and "units accepted: bytes, KB, Kbytes, MB" in msg


@pytest.mark.parametrize(
    ("row", "col", "says"),
    [
        ("abc,300", 0, "'abc' is not a number"),
        ("4096,fast", 1, "'fast' is not a number"),
        ("65536,300", 0, "must be a power of 2 from 1024 to 16384; got 65536"),
        ("4096,-3", 1, "above zero"),
        ("4096,", None, "no measured value"),
        ("4096,300,7", 2, "3 cells under 2 columns"),
    ],
)
def test_bad_cells_are_reported_where_they_are(row, col, says):
    t = read_table(FFS, f"block_size,throughput_kBps\n{row}\n")
    [(line, column, msg)] = problems(t)
    assert line == 2 and column == col and says in msg
    assert t["rows"] == []


def test_a_choice_the_knob_does_not_have_lists_the_choices_and_case_does_not_matter():
    assert read_table(FFS, "operation,throughput_kBps\nREAD,300\n")["problems"] == []
    [(_, col, msg)] = problems(read_table(FFS, "operation,throughput_kBps\nappend,300\n"))
    assert col == 0 and "one of read, write" in msg


def test_a_row_given_twice_and_a_repeated_column_are_problems_but_a_repeated_measurement_is_not():
    t = read_table(FFS, "block_size,throughput_kBps\n4096,300\n4096,300\n")
    assert problems(t) == [
        (3, None, "the same row as line 2 (pasted twice?): a repeated measurement differs at least a little")
    ]
    assert len(read_table(FFS, "block_size,throughput_kBps\n4096,300\n4096,310\n")["rows"]) == 2
    t = read_table(FFS, "block_size,Block size,throughput_kBps\n4096,4096,300\n")
    assert problems(t)[0][:2] == (1, 1)


def test_a_table_without_a_metric_or_empty_or_too_large_says_so():
    assert "no column is a measured metric" in problems(read_table(FFS, "block_size\n4096\n"))[0][2]
    assert "empty" in problems(read_table(FFS, "  \n# only a note\n"))[0][2]
    rows = "\n".join(f"{4096},{i + 1}" for i in range(MAX_ROWS + 1))
    assert f"at most {MAX_ROWS}" in problems(read_table(FFS, "block_size,throughput_kBps\n" + rows))[0][2]
    assert "over 64 KB" in problems(read_table(FFS, "x" * (65 * 1024)))[0][2]


def test_a_metric_the_model_does_not_compute_there_is_marked_at_its_cell():
    # LAVC's users at 100 % offered demand: none for a cluster without load
    lavc = own.read_table("lavc", "locks_per_user_s,ios_per_user_s,max_users\n0,0,50\n")
    [(line, col, msg)] = problems(lavc)
    assert (line, col) == (2, 2) and msg == "the model gives no max_users at these settings"


def test_json_rows_are_checked_the_same_way():
    t = table_from_rows(FFS, [{"knobs": {"block_size": 4096}, "metrics": {"throughput_kBps": 300}}])
    assert t["problems"] == [] and t["rows"][0]["metrics"] == {"throughput_kBps": 300.0}
    bad = table_from_rows(
        FFS, [{"knobs": {"block_size": 3000}, "metrics": {"speed": 1}}, "row", {"metrics": {"throughput_kBps": True}}]
    )
    assert [p["line"] for p in bad["problems"]] == [1, 1, 2, 3]
    assert table_from_rows(FFS, [])["problems"][0]["message"] == "rows must be a non-empty list"
    # a row repeated, and a row with no measured value, as a pasted table's are
    row = {"knobs": {"block_size": 4096}, "metrics": {"throughput_kBps": 300}}
    twice = table_from_rows(FFS, [row, row, {"knobs": {"block_size": 8192}, "metrics": {}}])
    assert [r["line"] for r in twice["rows"]] == [1]
    assert [(p["line"], p["message"]) for p in twice["problems"]] == [
        (2, "the same row as row 1"),
        (3, "no measured value in this row"),
    ]


def test_a_converted_value_out_of_range_is_quoted_as_typed_with_its_unit():
    t = read_table(FFS, "block_size (KB),throughput (KB/s)\n32,500\n4.5,400\n8,300\n")
    assert problems(t) == [
        (2, 0, "knob 'block_size' must be a power of 2 from 1024 to 16384 bytes (1 to 16 KB); got 32 KB (32768 bytes)"),
        (3, 0, "knob 'block_size' must be a power of 2 from 1024 to 16384 bytes (1 to 16 KB); got 4.5 KB (4608 bytes)"),
    ]
    # in the declared unit, as before: the value as typed is the value
    assert problems(read_table(FFS, "block_size,throughput (KB/s)\n32768,500\n"))[0][2].endswith("got 32768")
