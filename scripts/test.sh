#!/usr/bin/env bash
# `npm test`: install what the tests need (Debian's chromium and postgresql included), then run
# every suite: pytest (models; backend on SQLite and on PostgreSQL), the deployment's topology
# under load, tsc, Vitest, Playwright. Fails if any suite fails
# or runs no test; each runner prints its own summary, and the last line counts the suites.
set -uo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup.sh || { echo "setup failed"; exit 1; }

if [ ! -x /usr/bin/chromium ]; then
  echo "[test] installing Debian's chromium for the browser tests"
  if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq && $SUDO apt-get install -y -qq chromium >/dev/null || { echo "could not install chromium"; exit 1; }
fi

passed=0
failed=0
failures=()
timings=("set-up $SECONDS s")  # (bash's SECONDS: since this script started)
suite() {
  local name=$1; shift
  echo
  echo "=== $name: $*"
  local t0=$SECONDS
  if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); failures+=("$name"); fi
  timings+=("$name $((SECONDS - t0)) s")
}

# Python lint, format and types (settings in pyproject.toml): zero findings.
suite "python lint" bash -c '.venv/bin/ruff check && .venv/bin/ruff format --check && .venv/bin/mypy'
suite "models" .venv/bin/python -m pytest models/tests
suite "backend (SQLite)" .venv/bin/python -m pytest backend/tests

# The same backend tests against a real PostgreSQL server, started here and stopped after.
pg_dir=$(mktemp -d /tmp/memolab-pg.XXXXXX)
pg_port=$(.venv/bin/python -c "import socket; s = socket.socket(); s.bind(('127.0.0.1', 0)); print(s.getsockname()[1])")
trap 'bash scripts/postgres.sh stop "$pg_dir"' EXIT
if pg_url=$(bash scripts/postgres.sh start "$pg_dir" "$pg_port"); then
  suite "backend (PostgreSQL)" env MEMOLAB_TEST_POSTGRES_URL="$pg_url" .venv/bin/python -m pytest backend/tests
else
  echo "could not start PostgreSQL"; failed=$((failed + 1)); failures+=("backend (PostgreSQL)")
fi
bash scripts/postgres.sh stop "$pg_dir"
# docker-compose.yml's topology without Docker: PostgreSQL, two app processes, a classroom's load.
suite "topology" bash scripts/topology.sh 50 15
suite "dependency audit" bash scripts/audit.sh
suite "types" npx --no-install tsc -p frontend/tsconfig.json
suite "typescript lint" node scripts/biome.mjs lint --error-on-warnings
suite "frontend" env NO_COLOR=1 npx --no-install vitest run --config frontend/vite.config.ts
suite "e2e" npx --no-install playwright test --config e2e/playwright.config.ts

echo
echo "time taken (${SECONDS} s in all):"
printf '  %s\n' "${timings[@]}"
[ "$failed" -gt 0 ] && echo "failed suites: ${failures[*]}"
echo "suites: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
