#!/usr/bin/env bash
# Benchmark: what one class event costs a server per open stream (bench/class_fanout.py), on one
# app process on PostgreSQL as docker-compose.yml runs it.
#   bash bench/class_fanout.sh [students, default 2000] [events, default 5]
set -euo pipefail
cd "$(dirname "$0")/.."
PY=.venv/bin/python
n=${1:-2000}
events=${2:-5}
tmp=$(mktemp -d /tmp/memolab-fanout.XXXXXX)
pg=$(mktemp -d /tmp/memolab-pg.XXXXXX)
pid=""
cleanup() { [ -n "$pid" ] && kill "$pid" 2>/dev/null; bash scripts/postgres.sh stop "$pg" >/dev/null 2>&1 || true; rm -rf "$tmp"; }
trap cleanup EXIT
. bench/lib.sh
ulimit -n "$(ulimit -Hn)"
url=$(bash scripts/postgres.sh start "$pg" "$(free_port)")
port=$(free_port)
# the class's size and the streams' caps raised to the bench's (the teacher's call is not a stream)
DATABASE_URL=$url PORT=$port LOG_LEVEL=warning CLASS_MAX_STUDENTS=$n STREAMS_TOTAL=$((n + 10)) \
  STREAMS_PER_ADDRESS=$((n + 10)) $PY -m app >"$tmp/app.log" 2>&1 &
pid=$!
wait_ready "$port"
$PY bench/class_fanout.py --students "$n" --events "$events" --pid "$pid" "http://127.0.0.1:$port"
grep -h '"level": "error"' "$tmp/app.log" | head -3 || true
