#!/usr/bin/env bash
# Install everything Memo Lab needs to run, reusing whatever is already installed and current:
# npm packages from the lock file, a Python virtual environment with backend/ and models/,
# the Pyodide runtime copied from the npm package, the models and trimmed standard library
# archives, and the frontend build (scripts/build.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
STAMPS=.stamps
mkdir -p "$STAMPS"

say() { printf '[setup] %s\n' "$*"; }
digest() { sha256sum "$@" | sha256sum | cut -c1-16; }
stale() { [ "$(cat "$STAMPS/$1" 2>/dev/null)" != "$2" ]; }

# 1. npm packages, exactly as locked.
npm_packages() {
  local h
  h=$(digest package-lock.json)
  if [ ! -d node_modules ] || stale npm "$h"; then
    say "installing npm packages (npm ci)"
    npm ci --no-audit --no-fund --loglevel=error
    echo "$h" > "$STAMPS/npm"
  fi
}

# 2. Python virtual environment: pinned backend and test tools, then the two local packages.
UV_VERSION=0.13.9
python_venv() {
  local h
  h=$(digest backend/requirements.lock backend/pyproject.toml models/pyproject.toml)-uv$UV_VERSION
  if [ ! -x .venv/bin/python ] || stale venv "$h"; then
    PY=${PYTHON:-python3}
    if ! "$PY" -m venv .venv 2>/dev/null; then
      # Debian's python3 needs the venv module as a separate package.
      if command -v apt-get >/dev/null && [ "$(id -u)" = 0 ]; then
        say "installing python3-venv"
        apt-get update -qq && apt-get install -y -qq python3-venv >/dev/null
        "$PY" -m venv .venv
      else
        echo "python3 -m venv failed: install your distribution's python3-venv package" >&2
        exit 1
      fi
    fi
    say "installing Python packages into .venv"
    # uv (pinned) installs the locked packages in 10 s where pip took 25 (bytecode compiled on
    # all cores); pip when uv cannot be had or cannot reach the index
    local uv=(.venv/bin/uv pip install -q --python .venv/bin/python ${PIP_FIND_LINKS:+--find-links "$PIP_FIND_LINKS"})
    if .venv/bin/python -m pip install -q --disable-pip-version-check "uv==$UV_VERSION" 2>/dev/null \
      && "${uv[@]}" --compile-bytecode -r backend/requirements.lock && "${uv[@]}" --no-deps -e models -e backend; then
      :
    else
      say "uv could not install them: pip instead"
      .venv/bin/python -m pip install -q --disable-pip-version-check -r backend/requirements.lock
      .venv/bin/python -m pip install -q --disable-pip-version-check --no-deps -e models -e backend
    fi
    echo "$h" > "$STAMPS/venv"
  fi
}

# SETUP_PART=python: the virtual environment only; SETUP_PART=js: everything after it (npm
# packages, Pyodide, the archives), for `npm test`, whose Python suites start while the rest
# installs. Unset: the whole set-up.
part=${SETUP_PART:-all}
if [ "$part" = python ]; then python_venv; exit 0; fi

# The two downloads share nothing: side by side (a fresh machine waits on the network for each).
python_venv &
venv_pid=$!
npm_packages
wait "$venv_pid" || { echo "[setup] the Python environment could not be installed" >&2; exit 1; }

# 3. The Pyodide runtime, served by the app itself (never from a CDN).
ver=$(node -p "require('./node_modules/pyodide/package.json').version")
if [ "$(cat public/pyodide/.version 2>/dev/null)" != "$ver" ]; then
  say "copying Pyodide $ver into public/pyodide"
  rm -rf public/pyodide && mkdir -p public/pyodide
  for f in pyodide.mjs pyodide.asm.mjs pyodide.asm.wasm python_stdlib.zip pyodide-lock.json; do
    cp "node_modules/pyodide/$f" public/pyodide/
  done
  echo "$ver" > public/pyodide/.version
fi

# 4. The models package as an archive for the browser (cheap, deterministic), and the standard
#    library trimmed to what the worker imports with the models (a few seconds in Node).
.venv/bin/python scripts/pack_models.py
h=$(cat public/py/perfmodels.zip public/pyodide/.version scripts/make_stdlib.mjs scripts/stdlib_guard.py | sha256sum | cut -c1-16)
if [ ! -f public/py/stdlib.zip ] || stale stdlib "$h"; then
  say "trimming the Python standard library"
  node scripts/make_stdlib.mjs
  echo "$h" > "$STAMPS/stdlib"
fi
rm -f public/py/snapshot.bin # the build's memory snapshot of earlier versions

# 5. Production build of the frontend when any of its inputs changed (`npm test` runs it beside
#    its first suites instead, which do not need it: SETUP_BUILD=0).
[ "${SETUP_BUILD:-1}" = 0 ] || bash scripts/build.sh
