"""Command line: python -m validation [--write].

Prints each source's judged rows (measured, model, memo's nearest figure) and the summary per
source and metric. --write puts the summary table in docs/validation.md (between its markers) and
in perfmodels/validation.json, where the model cards read it (numbers only: no row)."""

from __future__ import annotations

import argparse
import json
import sys

from .judge import everything
from .report import DOC, SUMMARY, json_summary, table_markdown


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m validation")
    ap.add_argument("--write", action="store_true", help="update docs/validation.md and perfmodels/validation.json")
    args = ap.parse_args(argv)
    results = everything()
    for source, judged, summary in results:
        print(f"{source.id} ({source.system}): {len(judged)} judged figures")
        for j in judged:
            print(
                f"  row {j.row.row:>4} {j.metric:<16} measured {j.measured:8.1f} model {j.model:8.1f} "
                f"({j.model_error:+6.1f} %) memo's nearest {j.baseline:8.1f} ({j.baseline_error:+6.1f} %)"
            )
        for s in summary:
            print(
                f"  {s.metric}: {s.n} rows, model median {s.model_median:.1f} % (max {s.model_max:.1f}), "
                f"memo's nearest figure ({s.baseline_n} rows) median {s.baseline_median:.1f} % "
                f"(max {s.baseline_max:.1f})"
            )
    if args.write:
        text = DOC.read_text(encoding="utf-8")
        start, end = "<!-- validation table: python -m validation --write -->", "<!-- end of validation table -->"
        head, _, rest = text.partition(start)
        _, _, tail = rest.partition(end)
        DOC.write_text(head + start + "\n" + table_markdown(results) + end + tail, encoding="utf-8")
        SUMMARY.write_text(json.dumps(json_summary(results), indent=1) + "\n", encoding="utf-8")
        print(f"wrote {DOC} and {SUMMARY}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
