#!/usr/bin/env bash
# Benchmark: do cached scenario reads keep their pace while one client floods the model routes
# with sweeps that no cache can answer? One app process on SQLite with the default model budget
# (MODEL_CPU_S_PER_MINUTE, 30 CPU seconds a minute per client).
#   bash bench/model_budget_load.sh [seconds of flood before measuring, default 40]
# Prints: reads alone, then reads during 16 connections of random LAVC sweeps (each about 300
# new values along locks per user, up to 400 users), the ratio (target >= 0.5), and how the
# sweeps were answered (200 computed, 429 past the budget).
set -euo pipefail
cd "$(dirname "$0")/.."
command -v wrk >/dev/null || { apt-get update -qq && apt-get install -y -qq wrk >/dev/null; }
PY=.venv/bin/python
settle=${1:-40}
tmp=$(mktemp -d /tmp/memolab-budget.XXXXXX)
cleanup() { kill "${APP:-}" "${FLOOD:-}" 2>/dev/null || true; rm -rf "$tmp"; }
trap cleanup EXIT
port=$($PY -c "import socket; s = socket.socket(); s.bind(('127.0.0.1', 0)); print(s.getsockname()[1])")
DATABASE_URL="sqlite:///$tmp/bench.sqlite3" PORT=$port $PY -m app >/dev/null 2>&1 &
APP=$!
for _ in $(seq 100); do curl -sf "http://127.0.0.1:$port/api/health" >/dev/null && break; sleep 0.1; done
slug=$(curl -sf -X POST "http://127.0.0.1:$port/api/scenarios" -H 'content-type: application/json' \
  -d '{"system":"decnet","knobs":{"link_quota":32},"x":"link_quota","y":"throughput_bps","title":"bench"}' \
  | $PY -c "import json,sys; print(json.load(sys.stdin)['slug'])")
read_url="http://127.0.0.1:$port/api/scenarios/$slug"

cat > "$tmp/sweeps.lua" <<'LUA'
-- every request a new sweep: random settings, 300 random values (no answer cache can help)
math.randomseed(os.time() + math.floor(os.clock() * 1e6))
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
request = function()
  local v = {}
  for i = 1, 300 do v[i] = string.format("%.4f", math.random() * 5) end
  local body = string.format(
    '{"knobs":{"users":%d,"ios_per_user_s":%.4f},"x":"locks_per_user_s","values":[%s]}',
    math.random(300, 400), math.random() * 5, table.concat(v, ","))
  return wrk.format(nil, "/api/models/lavc/sweep", nil, body)
end
LUA

rate() { awk '/Requests\/sec/ {print $2}' "$1"; }
echo "== reads alone: GET /api/scenarios/{slug}, 16 connections, 10 s"
wrk -t1 -c16 -d10s --latency "$read_url" | tee "$tmp/alone.txt" | grep -E "Requests/sec| 50%| 99%"
echo "== flood: 16 connections of random LAVC sweeps for $((settle + 15)) s (reads measured after ${settle} s)"
wrk -t1 -c16 -d$((settle + 15))s --timeout 30s -s "$tmp/sweeps.lua" "http://127.0.0.1:$port" > "$tmp/flood.txt" &
FLOOD=$!
sleep "$settle"
echo "== reads during the flood: 16 connections, 10 s"
wrk -t1 -c16 -d10s --latency "$read_url" | tee "$tmp/loaded.txt" | grep -E "Requests/sec| 50%| 99%"
wait "$FLOOD"; FLOOD=""
echo "== the flood's sweeps:"
grep -E "Requests/sec|Non-2xx|Socket errors" "$tmp/flood.txt"
echo "== reads during the flood / reads alone: $($PY -c "print(round($(rate "$tmp/loaded.txt") / $(rate "$tmp/alone.txt"), 2))") (target 0.5)"
