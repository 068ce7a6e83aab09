#!/usr/bin/env bash
# Benchmark: reading a saved scenario (GET /api/scenarios/{slug}) and creating scenarios, with
# wrk on loopback (Debian's wrk; installed when missing). One app process on SQLite, then, with
# PostgreSQL, one and two worker processes. Prints wrk's summaries.
#   bash bench/scenarios_load.sh          (all three)
#   bash bench/scenarios_load.sh sqlite   (one process on SQLite only)
set -euo pipefail
cd "$(dirname "$0")/.."
command -v wrk >/dev/null || { apt-get update -qq && apt-get install -y -qq wrk >/dev/null; }
PY=.venv/bin/python
tmp=$(mktemp -d /tmp/memolab-load.XXXXXX)
pg=$(mktemp -d /tmp/memolab-pg.XXXXXX)  # its own folder: the postgres user must reach it
cleanup() { [ -n "${APP:-}" ] && kill "$APP" 2>/dev/null || true; bash scripts/postgres.sh stop "$pg" 2>/dev/null || true; rm -rf "$tmp"; }
trap cleanup EXIT
port=$($PY -c "import socket; s = socket.socket(); s.bind(('127.0.0.1', 0)); print(s.getsockname()[1])")

serve() {  # serve DATABASE_URL WORKERS
  if [ "$2" = 1 ]; then
    DATABASE_URL=$1 PORT=$port CREATE_PER_MINUTE=100000000 $PY -m app >/dev/null 2>&1 &
  else
    DATABASE_URL=$1 CREATE_PER_MINUTE=100000000 .venv/bin/uvicorn --factory app.main:create_app \
      --host 127.0.0.1 --port "$port" --workers "$2" --no-server-header --no-access-log >/dev/null 2>&1 &
  fi
  APP=$!
  for _ in $(seq 100); do curl -sf "http://127.0.0.1:$port/api/health" >/dev/null && break; sleep 0.1; done
}

run() {  # run LABEL [compare]
  slug=$(curl -sf -X POST "http://127.0.0.1:$port/api/scenarios" -H 'content-type: application/json' \
    -d '{"system":"decnet","knobs":{"link_quota":32},"x":"link_quota","y":"throughput_bps","title":"bench","notes":"'"$(printf 'n%.0s' $(seq 700))"'"}' \
    | $PY -c "import json,sys; print(json.load(sys.stdin)['slug'])")
  echo "== $1: GET /api/scenarios/{slug} (about 1 KB), 32 connections, 10 s"
  wrk -t2 -c32 -d10s --latency "http://127.0.0.1:$port/api/scenarios/$slug" | tee "$tmp/read.txt" | grep -E "Requests/sec|Latency|99%|50%|Non-2xx|Socket errors"
  if [ "${2:-}" = compare ]; then
    # The same bytes from a bare FastAPI route under the same server settings, in the same run:
    # the ratio of the two is the figure to watch (absolute rates differ between machines).
    curl -sf "http://127.0.0.1:$port/api/scenarios/$slug" > "$tmp/body.json"
    bare_port=$($PY -c "import socket; s = socket.socket(); s.bind(('127.0.0.1', 0)); print(s.getsockname()[1])")
    PORT=$bare_port BODY_FILE="$tmp/body.json" $PY bench/bare_route.py >/dev/null 2>&1 &
    BARE=$!
    for _ in $(seq 100); do curl -sf "http://127.0.0.1:$bare_port/bare" >/dev/null && break; sleep 0.1; done
    echo "== bare FastAPI route, the same $(wc -c < "$tmp/body.json") bytes, 32 connections, 10 s"
    wrk -t2 -c32 -d10s --latency "http://127.0.0.1:$bare_port/bare" | tee "$tmp/bare.txt" | grep -E "Requests/sec|Latency|99%|50%"
    kill "$BARE"; wait "$BARE" 2>/dev/null || true
    rate() { awk '/Requests\/sec/ {print $2}' "$1"; }
    echo "== scenario read / bare route: $($PY -c "print(round($(rate "$tmp/read.txt") / $(rate "$tmp/bare.txt"), 2))") (target 0.6)"
  fi
  cat > "$tmp/post.lua" <<'LUA'
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"system":"decnet","knobs":{"link_quota":16},"x":"link_quota","y":"throughput_bps","title":"load"}'
LUA
  echo "== $1: POST /api/scenarios, 16 connections, 10 s"
  wrk -t2 -c16 -d10s --latency -s "$tmp/post.lua" "http://127.0.0.1:$port/api/scenarios" | grep -E "Requests/sec|Latency|99%|50%|Non-2xx|Socket errors"
  kill "$APP"; wait "$APP" 2>/dev/null || true; APP=""
}

serve "sqlite:///$tmp/bench.sqlite3" 1; run "SQLite, one process" compare
[ "${1:-}" = sqlite ] && exit 0
url=$(bash scripts/postgres.sh start "$pg" "$($PY -c "import socket; s = socket.socket(); s.bind(('127.0.0.1', 0)); print(s.getsockname()[1])")")
serve "$url" 1; run "PostgreSQL, one process"
serve "$url" 2; run "PostgreSQL, two worker processes"
