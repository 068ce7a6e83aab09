# Shell helpers the server benches share (sourced, with PY set): a free port, and waiting for an
# app process to answer /api/ready, within a limit.
free_port() { $PY -c "import socket; s = socket.socket(); s.bind(('127.0.0.1', 0)); print(s.getsockname()[1])"; }

wait_ready() {  # wait_ready PORT: 30 s at most, each try at most 5 s
  for _ in $(seq 150); do
    curl -sf --max-time 5 "http://127.0.0.1:$1/api/ready" >/dev/null && return 0
    sleep 0.2
  done
  echo "the app on port $1 did not become ready" >&2
  return 1
}
