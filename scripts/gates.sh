#!/usr/bin/env bash
# The gates of `npm test` and `npm run test:quick`, each a check that fails with what to fix: no
# hand-written file over 350 lines (scripts/file_sizes.py), no copied block over 8 lines
# (scripts/copies.mjs, jscpd), and every path and symbol docs/architecture.md names exists
# (scripts/doc_names.py). All run, whatever fails first; the status is 1 if any failed.
set -uo pipefail
cd "$(dirname "$0")/.."
status=0
.venv/bin/python scripts/file_sizes.py || status=1
node scripts/copies.mjs || status=1
.venv/bin/python scripts/doc_names.py || status=1
exit "$status"
