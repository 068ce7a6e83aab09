#!/usr/bin/env bash
# The deployment of docker-compose.yml without Docker: one PostgreSQL (Debian's packages), two
# stateless app processes on two ports sharing it, nginx in front of them (Debian's, on the
# deployment's own files: scripts/nginx.sh), and the classroom load spread over both (a scenario
# made through one is read through the other), then a live class through the proxy. Fails on any
# error, on a process that does not become ready, or on one that does not stop cleanly on SIGTERM.
#   scripts/topology.sh [STUDENTS] [SECONDS]
set -euo pipefail
cd "$(dirname "$0")/.."
students=${1:-50} seconds=${2:-15}
dir=$(mktemp -d /tmp/memolab-topology.XXXXXX)
pg=$(mktemp -d /tmp/memolab-pg.XXXXXX)  # its own folder: the postgres user must own it
free_port() { .venv/bin/python -c "import socket; s = socket.socket(); s.bind(('127.0.0.1', 0)); print(s.getsockname()[1])"; }
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  bash scripts/nginx.sh stop "$dir/nginx"
  bash scripts/postgres.sh stop "$pg"
  rm -rf "$dir"
}
trap cleanup EXIT

url=$(bash scripts/postgres.sh start "$pg" "$(free_port)")
ports=("$(free_port)" "$(free_port)")
for port in "${ports[@]}"; do
  # Both start at once: their migrations take turns on PostgreSQL's advisory lock.
  # The whole class comes from one address here, and computes every curve on the server (no
  # browsers): its model budget is a class's, not one person's.
  # The proxy on this machine forwards each client's address (X-Forwarded-For).
  DATABASE_URL="$url" HOST=127.0.0.1 PORT="$port" MODEL_CPU_S_PER_MINUTE=600 TRUSTED_PROXIES=127.0.0.1 \
    .venv/bin/python -m app 2> "$dir/app-$port.log" &
  pids+=($!)
done
for port in "${ports[@]}"; do
  for _ in $(seq 300); do  # up to a minute: a busy machine starts slowly
    curl -fs --max-time 5 "http://127.0.0.1:$port/api/ready" >/dev/null && break
    sleep 0.2
  done
  curl -fs --max-time 5 "http://127.0.0.1:$port/api/ready" >/dev/null || { echo "app on port $port never became ready"; cat "$dir/app-$port.log"; exit 1; }
done
proxy=$(free_port)
bash scripts/nginx.sh start "$dir/nginx" "$proxy" "${ports[@]}" >/dev/null
curl -fs --max-time 5 "http://127.0.0.1:$proxy/api/ready" >/dev/null || { echo "nginx on port $proxy does not reach the app"; cat "$dir/nginx/error.log"; exit 1; }
echo "[topology] PostgreSQL, two app processes on ports ${ports[*]}, nginx in front on $proxy"

node bench/classroom_load.mjs --students "$students" --seconds "$seconds" --check \
  --base "http://127.0.0.1:${ports[0]}" --base "http://127.0.0.1:${ports[1]}"
# A live class over both processes: the projector's stream on one, students on both; no answer
# may be lost, and the teacher hears each within a second (events cross by LISTEN/NOTIFY). Then
# the same through the proxy, every stream passed on as it comes.
echo "[topology] a live class of 100 students over both processes"
.venv/bin/python bench/class_load.py --students 100 --seconds 6 --check \
  "http://127.0.0.1:${ports[0]}" "http://127.0.0.1:${ports[1]}" || { echo "[topology] the live class failed"; exit 1; }
echo "[topology] a live class of 100 students through nginx"
.venv/bin/python bench/class_load.py --students 100 --seconds 6 --check --sources 20 \
  "http://127.0.0.1:$proxy" || { echo "[topology] the live class through the proxy failed"; cat "$dir/nginx/error.log"; exit 1; }

status=0
for i in 0 1; do
  kill -TERM "${pids[$i]}"
  rc=0; wait "${pids[$i]}" || rc=$?
  # 143: uvicorn re-raises SIGTERM once every request is done.
  if [ "$rc" != 0 ] && [ "$rc" != 143 ]; then echo "app on port ${ports[$i]} stopped with status $rc"; status=1; fi
  # Its log is JSON lines, with one line per request.
  .venv/bin/python -c "
import json, sys
lines = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
requests = [l for l in lines if l.get('message') == 'request']
assert requests and all(l['request_id'] for l in requests), 'no request lines'
errors = [l for l in lines if l['level'] == 'error']
assert not errors, errors[:2]
print(f'[topology] port {sys.argv[2]}: {len(requests)} requests logged, no errors, stopped cleanly')
" "$dir/app-${ports[$i]}.log" "${ports[$i]}" || status=1
done
pids=()
exit $status
