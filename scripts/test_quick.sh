#!/usr/bin/env bash
# `npm run test:quick`: the inner loop's check, a few minutes at most: lint and types (Python and
# TypeScript), the gates (scripts/gates.sh), then the unit tests of what changed (the working
# tree against HEAD, or HEAD's own change when the tree is clean): a module's own test file where
# tests mirror it, else its folder's suite; Vitest's tests related to the changed page files.
# Not the browser or the PostgreSQL suites: `npm test` runs everything.
set -uo pipefail
cd "$(dirname "$0")/.."
[ -x .venv/bin/python ] && [ -d node_modules ] || bash scripts/setup.sh || exit 1

changed=$( { git diff --name-only HEAD; git ls-files --others --exclude-standard; } | sort -u)
[ -n "$changed" ] || changed=$(git diff --name-only HEAD~1 HEAD)
echo "[quick] changed: $(echo "$changed" | wc -l) file(s)"
status=0
step() { echo; echo "=== $*"; "$@" || status=1; }

step bash -c '.venv/bin/ruff check && .venv/bin/ruff format --check && .venv/bin/mypy && .venv/bin/python scripts/comment_paths.py'
step npx --no-install tsc -p frontend/tsconfig.json
step node scripts/biome.mjs lint --error-on-warnings
step bash scripts/gates.sh

# a Python file's tests: its mirror test file (tests/.../test_NAME.py) if there is one, else the suite
py_tests() {  # FOLDER (models or backend)
  local folder=$1 out=()
  for f in $(echo "$changed" | grep -E "^$folder/.*\.py$"); do
    [ -e "$f" ] || continue
    case "$f" in
      "$folder"/tests/*) out+=("$f") ;;
      *) local rel=${f#"$folder"/}; rel=${rel#*/}  # its path inside the package (app/, perfmodels/)
         local mirror="$folder/tests/$(dirname "$rel")/test_$(basename "$rel")"; mirror=${mirror/\/.\//\/}
         # the test file at the same place (tests/classes/test_crud.py), else that place's folder
         # (not the suite's root), else a test file of the same name
         [ -e "$mirror" ] || { mirror=$(dirname "$mirror"); [ "$mirror" != "$folder/tests" ] && [ -d "$mirror" ]; } ||
           mirror=$(find "$folder/tests" -name "test_$(basename "$f")" | head -n 1)
         if [ -n "$mirror" ]; then out+=("$mirror"); else echo "$folder/tests"; return; fi ;;
    esac
  done
  printf '%s\n' "${out[@]}" | sort -u
}
for folder in models backend; do
  tests=$(py_tests "$folder" | grep -v '^$' || true)
  [ -n "$tests" ] && step .venv/bin/python -m pytest -q $tests
done
front=$(echo "$changed" | grep -E '^frontend/(src|tests)/.*\.(ts|tsx)$' | while read -r f; do [ -e "$f" ] && echo "$PWD/$f"; done)
# (absolute paths: vitest resolves relative ones against its config's root, frontend/, and finds nothing)
[ -n "$front" ] && step env NO_COLOR=1 npx --no-install vitest related --run --config frontend/vite.config.ts $front

echo
[ "$status" -eq 0 ] && echo "[quick] passed" || echo "[quick] failed"
exit "$status"
