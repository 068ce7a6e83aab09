#!/usr/bin/env bash
# Debian's nginx (installed when missing) in front of app processes on this machine, configured
# by the deployment's own files: deploy/nginx-main.conf with deploy/nginx.conf as its site, the
# upstream's one `server app:8000;` replaced by the given ports (docker-compose.yml's topology).
#   scripts/nginx.sh start DIR LISTEN_PORT APP_PORT [APP_PORT ...]   -> nginx's pid
#   scripts/nginx.sh stop DIR
set -euo pipefail
cd "$(dirname "$0")/.."
cmd=$1 dir=$2

case "$cmd" in
  start)
    listen=$3; shift 3
    if ! command -v nginx >/dev/null && [ ! -x /usr/sbin/nginx ]; then
      echo "[nginx] installing Debian's nginx" >&2
      if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
      $SUDO apt-get update -qq >&2 && $SUDO apt-get install -y -qq nginx >/dev/null
    fi
    mkdir -p "$dir"
    servers=$(for p in "$@"; do printf '    server 127.0.0.1:%s;\\n' "$p"; done)
    sed -e "s|^    server app:8000;|${servers%\\n}|" -e "s|listen 80;|listen 127.0.0.1:$listen;|" deploy/nginx.conf > "$dir/site.conf"
    grep -q "server 127.0.0.1:$1;" "$dir/site.conf" || { echo "[nginx] deploy/nginx.conf has no 'server app:8000;' to replace" >&2; exit 1; }
    # (no more open files than this machine lets a process have)
    files=$(ulimit -Hn); [[ "$files" =~ ^[0-9]+$ ]] && [ "$files" -lt 65536 ] || files=65536
    sed -e "s|^pid .*|pid $dir/nginx.pid;|" -e "s|^error_log .*|error_log $dir/error.log warn;|" \
        -e "s|^worker_rlimit_nofile .*|worker_rlimit_nofile $files;|" -e "s|worker_connections .*|worker_connections $files;|" \
        -e "s|include /etc/nginx/conf.d/\*.conf;.*|include $dir/site.conf;|" deploy/nginx-main.conf > "$dir/nginx.conf"
    # as root its workers drop to www-data, which must read the folder
    chmod 755 "$dir"
    "$(command -v nginx || echo /usr/sbin/nginx)" -c "$dir/nginx.conf" -p "$dir" -q
    for _ in $(seq 50); do [ -s "$dir/nginx.pid" ] && break; sleep 0.1; done
    cat "$dir/nginx.pid"
    ;;
  stop)
    [ -s "$dir/nginx.pid" ] && kill -QUIT "$(cat "$dir/nginx.pid")" 2>/dev/null || true
    for _ in $(seq 50); do [ -e "$dir/nginx.pid" ] || break; sleep 0.1; done
    ;;
  *) echo "usage: scripts/nginx.sh start DIR LISTEN_PORT APP_PORT... | stop DIR" >&2; exit 2 ;;
esac
