#!/usr/bin/env bash
# `npm test`: install what the tests need (Debian's chromium and postgresql included), then run
# every suite: Python lint and types, pytest (models; backend on SQLite and on PostgreSQL), the
# dependency audit, the gates (scripts/gates.sh: file sizes, copied blocks, the architecture
# doc's names), tsc, Biome, Vitest, the deployment's topology under load, Playwright. Fails if
# any suite fails or runs no test; each runner prints its own summary, and the last lines give
# each suite's time and count the suites.
#
# Suites that share nothing run side by side (a wave), each into its own log, printed whole when
# the wave ends: the Python suites (the backend's on SQLite and on PostgreSQL in two processes,
# and its fuzzer in a third: with it, the SQLite run was the wave's last 40 s, on one core) with
# the page's unit suites, and the page's build that only the browser suite needs; the
# topology's load test and the browser suite each have the machine to themselves, since they
# measure time.
set -uo pipefail
cd "$(dirname "$0")/.."

# The Python environment first: the Python suites start on it while the rest of the set-up (npm
# packages, Pyodide, the archives) installs beside them, as a job of the first wave that the
# page's suites wait for.
SETUP_PART=python bash scripts/setup.sh || { echo "setup failed"; exit 1; }

# Debian's packages the suites start: one apt transaction (two at once would wait on dpkg's lock).
need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
ls -d /usr/lib/postgresql/*/bin >/dev/null 2>&1 || need+=(postgresql)
if [ ${#need[@]} -gt 0 ]; then
  echo "[test] installing Debian's ${need[*]}"
  if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq && $SUDO apt-get install -y -qq "${need[@]}" >/dev/null \
    || { echo "could not install ${need[*]}"; exit 1; }
fi

logs=$(mktemp -d /tmp/memolab-test.XXXXXX)
pg_dir=$(mktemp -d /tmp/memolab-pg.XXXXXX)
export logs pg_dir
# No suite can hang the command: each runs under `timeout`, which ends its whole process group
# (SIGTERM, then SIGKILL 30 s later) past SUITE_LIMIT_S and fails it with status 124 (137 if it
# had to be killed). Every runner has its own per-test limits inside (pytest-timeout, Vitest's and
# Playwright's); this catches whatever is outside a test. The slowest suite, Playwright, takes about 8 minutes.
SUITE_LIMIT_S=${SUITE_LIMIT_S:-1500}
limited() { timeout --kill-after=30 "$SUITE_LIMIT_S" bash -c '"$@"' _ "$@"; }
trap 'bash scripts/postgres.sh stop "$pg_dir"; rm -rf "$logs"' EXIT
passed=0
failed=0
failures=()
timings=("set-up (Python environment) $SECONDS s")  # (bash's SECONDS: since this script started)

# wave NAME -- CMD... [--- NAME -- CMD...]: run the suites at once, then report each in order.
wave() {
  local names=() i=0 name cmd=() t0=$SECONDS
  run_one() {  # INDEX NAME CMD...
    local idx=$1 n=$2; shift 2
    local s0=$SECONDS
    { echo "=== $n: $*"; limited "$@"; } > "$logs/$idx.log" 2>&1
    echo "$? $((SECONDS - s0))" > "$logs/$idx.rc"
  }
  while [ $# -gt 0 ]; do
    name=$1; shift 2; cmd=()
    while [ $# -gt 0 ] && [ "$1" != "---" ]; do cmd+=("$1"); shift; done
    [ $# -gt 0 ] && shift
    names+=("$name"); i=$((i + 1))
    if [ "$i" = 1 ] && [ $# = 0 ]; then  # a wave of one: its output as it comes
      echo; echo "=== $name: ${cmd[*]}"; local s0=$SECONDS
      limited "${cmd[@]}"; echo "$? $((SECONDS - s0))" > "$logs/0.rc"; : > "$logs/0.log"
    else
      run_one "$((i - 1))" "$name" "${cmd[@]}" &
    fi
  done
  wait
  for i in "${!names[@]}"; do
    [ -s "$logs/$i.log" ] && { echo; cat "$logs/$i.log"; }
    read -r rc took < "$logs/$i.rc"
    [ "$rc" = 124 ] || [ "$rc" = 137 ] && echo "!!! ${names[$i]}: stopped after ${SUITE_LIMIT_S} s (SUITE_LIMIT_S)"
    if [ "$rc" != 0 ]; then failed=$((failed + 1)); failures+=("${names[$i]}")
    elif [[ ${names[$i]} != set-up* ]]; then passed=$((passed + 1)); fi  # (the set-up is no suite)
    timings+=("${names[$i]} $took s")
  done
  rm -rf "$logs"/*
  [ ${#names[@]} -gt 1 ] && timings+=("  (that wave: $((SECONDS - t0)) s)")
  return 0
}

# after_setup CMD...: CMD once the first wave's set-up job has finished well (its log says why not).
after_setup() {
  while [ ! -f "$logs/setup.rc" ]; do sleep 0.5; done  # (the set-up job has its own limit)
  [ "$(cat "$logs/setup.rc")" = 0 ] || { echo "not run: the set-up failed"; return 1; }
  "$@"
}
setup_rest() {
  local rc=0
  SETUP_PART=js SETUP_BUILD=0 bash scripts/setup.sh || rc=$?
  echo "$rc" > "$logs/setup.rc.tmp" && mv "$logs/setup.rc.tmp" "$logs/setup.rc"
  return "$rc"
}

backend_on_postgres() {
  local port url
  port=$(.venv/bin/python -c "import socket; s = socket.socket(); s.bind(('127.0.0.1', 0)); print(s.getsockname()[1])")
  url=$(bash scripts/postgres.sh start "$pg_dir" "$port") || { echo "could not start PostgreSQL"; return 1; }
  MEMOLAB_TEST_POSTGRES_URL="$url" .venv/bin/python -m pytest backend/tests --basetemp="$logs/postgres"
}

export -f after_setup setup_rest backend_on_postgres
wave "set-up (npm packages, Pyodide, archives)" -- setup_rest \
  --- "python lint" -- bash -c '.venv/bin/ruff check && .venv/bin/ruff format --check && .venv/bin/mypy && .venv/bin/python scripts/comment_paths.py' \
  --- "models" -- .venv/bin/python -m pytest models/tests --basetemp="$logs/models" \
  --- "backend (SQLite)" -- .venv/bin/python -m pytest backend/tests --basetemp="$logs/sqlite" --ignore=backend/tests/test_fuzz_api.py \
  --- "backend fuzz" -- .venv/bin/python -m pytest backend/tests/test_fuzz_api.py --basetemp="$logs/fuzz" \
  --- "backend (PostgreSQL)" -- backend_on_postgres \
  --- "dependency audit" -- after_setup bash scripts/audit.sh \
  --- "gates" -- after_setup bash scripts/gates.sh \
  --- "types" -- after_setup npx --no-install tsc -p frontend/tsconfig.json \
  --- "typescript lint" -- after_setup node scripts/biome.mjs lint --error-on-warnings \
  --- "frontend" -- after_setup env NO_COLOR=1 npx --no-install vitest run --config frontend/vite.config.ts \
  --- "build" -- after_setup bash scripts/build.sh
bash scripts/postgres.sh stop "$pg_dir"
# docker-compose.yml's topology without Docker: PostgreSQL, two app processes, a classroom's load.
wave "topology" -- bash scripts/topology.sh 50 15
wave "e2e" -- npx --no-install playwright test --config e2e/playwright.config.ts

echo
echo "time taken (${SECONDS} s in all):"
printf '  %s\n' "${timings[@]}"
[ "$failed" -gt 0 ] && echo "failed suites: ${failures[*]}"
echo "suites: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
