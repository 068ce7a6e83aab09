#!/usr/bin/env bash
# Benchmark: a lecture hall. N students (default 10,000) in one live class, each with an event
# stream, through nginx (scripts/nginx.sh: the deployment's own configuration) in front of P app
# processes (default 2) sharing one PostgreSQL, as docker-compose.yml runs it. The load generator
# (bench/class_load.py) is a process of its own, spread over 50 loopback addresses (a device's own
# address, as the proxy forwards it); it counts the class's wake-ups (NOTIFY) a second.
#   bash bench/lecture_hall.sh [students, default 10000] [seconds, default 420] [processes, default 2]
# The students join over the first 30 % of the seconds and answer over the next 60 %.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=.venv/bin/python
n=${1:-10000}
secs=${2:-420}
procs=${3:-2}
tmp=$(mktemp -d /tmp/memolab-hall.XXXXXX)
pg=$(mktemp -d /tmp/memolab-pg.XXXXXX)
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  bash scripts/nginx.sh stop "$tmp/nginx" 2>/dev/null || true
  bash scripts/postgres.sh stop "$pg" 2>/dev/null || true
  rm -rf "$tmp"
}
trap cleanup EXIT
. bench/lib.sh
ulimit -n "$(ulimit -Hn)"  # a stream is an open file in the generator, the proxy and an app

url=$(bash scripts/postgres.sh start "$pg" "$(free_port)")
ports=()
for _ in $(seq "$procs"); do
  port=$(free_port)
  # The class's size, and streams per process and per address, raised to a lecture hall's.
  DATABASE_URL=$url PORT=$port LOG_LEVEL=warning TRUSTED_PROXIES=127.0.0.1 CLASS_MAX_STUDENTS=$n \
    STREAMS_TOTAL=$n STREAMS_PER_ADDRESS=$n $PY -m app >"$tmp/app-$port.log" 2>&1 &
  pids+=($!)
  ports+=("$port")
done
for port in "${ports[@]}"; do
  wait_ready "$port"
done
proxy=$(free_port)
bash scripts/nginx.sh start "$tmp/nginx" "$proxy" "${ports[@]}" >/dev/null
echo "== $n students, nginx in front of $procs app processes on PostgreSQL, over $secs s"
pid_args=(); for p in "${pids[@]}"; do pid_args+=(--pid "$p"); done
$PY bench/class_load.py --students "$n" --seconds "$secs" --sources 50 --listen "$url" "${pid_args[@]}" "http://127.0.0.1:$proxy"
grep -h '"level": "error"' "$tmp"/app-*.log | head -3 || true
# what the proxy complained of (a connection it could not take is a join that waits for TCP's retry)
if [ -s "$tmp/nginx/error.log" ]; then
  echo "  nginx's error log: $(wc -l < "$tmp/nginx/error.log") lines; the commonest:"
  sed -E 's/^[0-9\/: ]+\[[a-z]+\] [0-9#]+: (\*[0-9]+ )?//; s/, client: .*//; s/[0-9]+/N/g' "$tmp/nginx/error.log" | sort | uniq -c | sort -rn | head -5 | sed 's/^/    /'
fi
