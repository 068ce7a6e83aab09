#!/usr/bin/env bash
# The frontend's production build (frontend/dist), made only when one of its inputs changed since
# the last build here (a stamp of their digest in .stamps/build). Needs scripts/setup.sh's npm
# packages, Pyodide copy and Python archives.
set -euo pipefail
cd "$(dirname "$0")/.."
STAMPS=.stamps
mkdir -p "$STAMPS"
say() { printf '[build] %s\n' "$*"; }
stale() { [ "$(cat "$STAMPS/$1" 2>/dev/null)" != "$2" ]; }

h=$( (find frontend/src frontend/build frontend/index.html frontend/vite.config.ts frontend/tsconfig.json public lessons \
        package-lock.json -type f -not -path 'public/pyodide/*'; echo public/pyodide/.version) \
      | LC_ALL=C sort | xargs sha256sum | sha256sum | cut -c1-16)
if [ ! -f frontend/dist/index.html ] || stale build "$h"; then
  say "building the frontend"
  npx --no-install vite build --config frontend/vite.config.ts --logLevel warn
  echo "$h" > "$STAMPS/build"
fi
