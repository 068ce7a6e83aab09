#!/usr/bin/env bash
# `npm test`: install what the tests need (Debian's chromium included), then run every suite:
# pytest (models, backend), tsc, Vitest (frontend), Playwright (e2e). Fails if any suite fails
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
suite() {
  local name=$1; shift
  echo
  echo "=== $name: $*"
  if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); failures+=("$name"); fi
}

suite "models" .venv/bin/python -m pytest models/tests
suite "backend" .venv/bin/python -m pytest backend/tests
suite "types" npx --no-install tsc -p frontend/tsconfig.json
suite "frontend" env NO_COLOR=1 npx --no-install vitest run --config frontend/vite.config.ts
suite "e2e" npx --no-install playwright test --config e2e/playwright.config.ts

echo
[ "$failed" -gt 0 ] && echo "failed suites: ${failures[*]}"
echo "suites: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
