#!/usr/bin/env bash
# Throwaway PostgreSQL 15 (+pgvector) for tests, in a temp dir on 127.0.0.1:${PGTEST_PORT:-55432}.
#   start  create + start a fresh cluster with an empty database app_test; prints its URL on stdout
#   stop   stop it and delete its data directory (no-op when nothing is running)
#   url    print postgres://postgres@127.0.0.1:PORT/app_test
# Works as root (server runs as the postgres user) or as an ordinary user.
set -euo pipefail

PORT=${PGTEST_PORT:-55432}
PGBIN=/usr/lib/postgresql/15/bin # explicit: /usr/local/bin may hold stray postgres binaries
STATE=/tmp/scdot-pgtest-$PORT.state # holds the temp dir of the running cluster
URL="postgres://postgres@127.0.0.1:$PORT/app_test"

log() { echo "pg-test-server: $*" >&2; }
die() { log "ERROR: $*"; exit 1; }
# Run a server binary as postgres when we are root (initdb refuses root). cd / so an unreadable
# working directory (e.g. /root) does not trouble the postgres user.
as_pg() { if [ "$(id -u)" = 0 ]; then (cd / && runuser -u postgres -- "$@"); else "$@"; fi; }
sql() { "$PGBIN/psql" -X -q -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$PORT" -U postgres "$@"; }

# Stop the cluster in temp dir $1 (if running) and delete the dir.
stop_dir() {
  local d=$1
  if [ -f "$d/data/postmaster.pid" ] && as_pg "$PGBIN/pg_ctl" -D "$d/data" status >/dev/null 2>&1; then
    as_pg "$PGBIN/pg_ctl" -D "$d/data" -m fast -w -t 60 stop >/dev/null || die "could not stop the server in $d"
  fi
  rm -rf "$d"
}

stop() {
  if [ -f "$STATE" ]; then stop_dir "$(cat "$STATE")"; rm -f "$STATE"; fi
  # A run aborted before the state file was written (or after it was lost) can leave a cluster of ours
  # listening: line 4 of postmaster.pid is its port.
  local pid
  for pid in /tmp/scdot-pgtest.*/data/postmaster.pid; do
    [ -f "$pid" ] && [ "$(sed -n 4p "$pid")" = "$PORT" ] && stop_dir "${pid%/data/postmaster.pid}"
  done
  return 0
}

start() {
  [ -x "$PGBIN/initdb" ] || die "$PGBIN/initdb not found; run scripts/provision-system.sh"
  stop
  if (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null; then
    die "port $PORT is in use by something this script did not start; choose another with PGTEST_PORT"
  fi
  local d; d=$(mktemp -d /tmp/scdot-pgtest.XXXXXX)
  echo "$d" > "$STATE" # written first, so an interrupted start can still be cleaned up by stop
  [ "$(id -u)" = 0 ] && chown postgres:postgres "$d"
  as_pg "$PGBIN/initdb" -D "$d/data" -U postgres -A trust -E UTF8 --locale=C.UTF-8 --no-sync \
    >"$d/initdb.log" 2>&1 || { cat "$d/initdb.log" >&2; die "initdb failed"; }
  # Durability is pointless for a throwaway cluster: fsync off and friends make DDL-heavy tests faster.
  # The socket goes in the temp dir so nothing needs /var/run/postgresql.
  as_pg "$PGBIN/pg_ctl" -D "$d/data" -l "$d/server.log" -w -t 60 \
    -o "-c listen_addresses=127.0.0.1 -p $PORT -k $d -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
    start >/dev/null || { tail -n 20 "$d/server.log" >&2; die "server did not start"; }
  sql -d postgres -c "CREATE DATABASE app_test" || die "could not create database app_test"
  # app_test must stay empty (the first migration creates the extension), so prove pgvector works
  # inside a rolled-back transaction: CREATE EXTENSION is transactional and this loads vector.so.
  sql -d postgres -Atc "BEGIN; CREATE EXTENSION vector; SELECT '[1,2,3]'::vector <-> '[1,2,5]'; ROLLBACK;" \
    >/dev/null || die "CREATE EXTENSION vector failed: pgvector is missing or broken; run scripts/provision-system.sh"
  log "PostgreSQL $(sql -d postgres -Atc 'SHOW server_version') running in $d"
  echo "$URL"
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  url) echo "$URL" ;;
  *) echo "usage: $0 start|stop|url" >&2; exit 2 ;;
esac
