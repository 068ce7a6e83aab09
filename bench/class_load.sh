#!/usr/bin/env bash
# Benchmark: a live class (bench/class_load.py) against one app process on SQLite, then two app
# processes sharing PostgreSQL (students spread over both; the teacher's stream on the first, so
# answers cross processes through LISTEN/NOTIFY). The load generator is a process of its own.
#   [ROUNDS=2] bash bench/class_load.sh [students, default 1000] [seconds, default 40]
# (ROUNDS=2: peer instruction, every student answers a second vote after the teacher opens it)
# The students join over the first 30 % of the seconds (1,000 over 12 s: a lecture hall typing
# the code off the projector) and answer over the next 60 %.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=.venv/bin/python
n=${1:-1000}
secs=${2:-40}
tmp=$(mktemp -d /tmp/memolab-class.XXXXXX)
pg=$(mktemp -d /tmp/memolab-pg.XXXXXX)
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; bash scripts/postgres.sh stop "$pg" 2>/dev/null || true; rm -rf "$tmp"; }
trap cleanup EXIT
. bench/lib.sh

serve() {  # serve DATABASE_URL PORT
  DATABASE_URL=$1 PORT=$2 LOG_LEVEL=warning $PY -m app >/dev/null 2>&1 &
  pids+=($!)
  wait_ready "$2"
}

p=$(free_port); serve "sqlite:///$tmp/class.sqlite3" "$p"
echo "== SQLite, one process"
$PY bench/class_load.py --students "$n" --seconds "$secs" --rounds "${ROUNDS:-1}" --pid "${pids[0]}" "http://127.0.0.1:$p"
kill "${pids[@]}"; pids=()

url=$(bash scripts/postgres.sh start "$pg" "$(free_port)")
p1=$(free_port); serve "$url" "$p1"
p2=$(free_port); serve "$url" "$p2"
echo "== PostgreSQL, two processes"
$PY bench/class_load.py --students "$n" --seconds "$secs" --rounds "${ROUNDS:-1}" --pid "${pids[0]}" --pid "${pids[1]}" "http://127.0.0.1:$p1" "http://127.0.0.1:$p2"
