#!/usr/bin/env bash
# A throwaway PostgreSQL server for the tests, from Debian's packages (installed when missing):
#   scripts/postgres.sh start DIR PORT   -> prints the SQLAlchemy URL of an empty database
#   scripts/postgres.sh restart DIR [SECONDS]  -> fast shutdown, down SECONDS (default 0), start again
#   scripts/postgres.sh stop DIR
set -euo pipefail
cmd=$1 dir=$2

pgbin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1; }
as_owner() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }

case "$cmd" in
  start)
    port=$3
    if [ -z "$(pgbin)" ]; then
      echo "[postgres] installing Debian's postgresql" >&2
      if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
      $SUDO apt-get update -qq >&2 && $SUDO apt-get install -y -qq postgresql >/dev/null
    fi
    bin=$(pgbin)
    mkdir -p "$dir"
    [ "$(id -u)" = 0 ] && chown postgres "$dir"
    as_owner "$bin/initdb" -D "$dir/data" -A trust -U memolab >/dev/null
    echo "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=on" > "$dir/options"
    as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/log" -w -o "$(cat "$dir/options")" start >/dev/null
    as_owner "$bin/createdb" -h 127.0.0.1 -p "$port" -U memolab memolab_test
    echo "postgresql+psycopg://memolab@127.0.0.1:$port/memolab_test"
    ;;
  restart)
    bin=$(pgbin)
    as_owner "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null
    sleep "${3:-0}"
    as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/log" -w -o "$(cat "$dir/options")" start >/dev/null
    ;;
  stop)
    bin=$(pgbin)
    [ -d "$dir/data" ] && as_owner "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null || true
    rm -rf "$dir"
    ;;
  *) echo "usage: $0 start DIR PORT | restart DIR [SECONDS] | stop DIR" >&2; exit 2 ;;
esac
