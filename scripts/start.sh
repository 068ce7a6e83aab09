#!/usr/bin/env bash
# `npm start`: install what is missing, then serve the whole app from one FastAPI process.
# HOST, PORT and DATABASE_URL override the defaults (127.0.0.1, 8000, SQLite under data/).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
echo "[start] Memo Lab on http://${HOST:-127.0.0.1}:${PORT:-8000}"
exec .venv/bin/python -m app
