#!/usr/bin/env bash
# A throwaway PostgreSQL 15 on 127.0.0.1 for integration tests and the production-like run.
#   bash scripts/postgres.sh start   install if missing, initdb once, start, create database "starling"
#   bash scripts/postgres.sh stop    stop it (fast shutdown) and wait until it is gone
#   bash scripts/postgres.sh url     print the URL (for DATABASE_URL)
# Env: STARLING_SERVERS_DIR (state, default <repo>/.servers), PG_PORT (default 55432).
# The cluster trusts every loopback connection: it is for tests, never for real data.
set -euo pipefail
server=postgres
. "$(dirname "${BASH_SOURCE[0]}")/server-common.sh"
state="$servers_dir/postgres"
data="$state/data"
log="$state/postgres.log"
port="${PG_PORT:-55432}"
bin=/usr/lib/postgresql/15/bin
url="postgres://postgres@127.0.0.1:$port/starling"

trap 'fail "command failed at line $LINENO: $BASH_COMMAND"' ERR

# PostgreSQL refuses to run as root, so as root every server command runs as the "postgres" user
# (created by the Debian package); any other user runs it as itself.
as_owner() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

install_if_missing() {
  [ -x "$bin/initdb" ] && return 0
  apt_install postgresql-15
  [ -x "$bin/initdb" ] || fail "postgresql-15 installed but $bin/initdb is missing"
}

running() { [ -f "$data/PG_VERSION" ] && as_owner "$bin/pg_ctl" -D "$data" status >/dev/null 2>&1; }

init_cluster() {
  [ -f "$data/PG_VERSION" ] && return 0
  mkdir -p "$state"
  # The server writes its socket and log into the state dir, so it must own it.
  [ "$(id -u)" -eq 0 ] && chown postgres:postgres "$state"
  rm -rf "$data"
  as_owner "$bin/initdb" -D "$data" -U postgres --auth=trust --no-locale -E UTF8 >"$state/initdb.log" 2>&1 \
    || { cat "$state/initdb.log" >&2; fail "initdb failed"; }
}

start() {
  install_if_missing
  if running; then echo "postgres: already running at $url"; return 0; fi
  init_cluster
  as_owner "$bin/pg_ctl" -D "$data" -l "$log" -w -t 30 \
    -o "-c listen_addresses=127.0.0.1 -p $port -k '$state'" start >/dev/null \
    || fail "pg_ctl start failed"
  local exists
  exists=$(as_owner "$bin/psql" -h 127.0.0.1 -p "$port" -U postgres -d postgres -tAc \
    "select 1 from pg_database where datname = 'starling'")
  [ "$exists" = "1" ] || as_owner "$bin/createdb" -h 127.0.0.1 -p "$port" -U postgres starling
  echo "postgres: running at $url"
}

stop() {
  if ! running; then echo "postgres: not running"; return 0; fi
  as_owner "$bin/pg_ctl" -D "$data" -m fast -w -t 30 stop >/dev/null || fail "pg_ctl stop failed"
  echo "postgres: stopped"
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  url) echo "$url" ;;
  *) echo "usage: $0 start|stop|url" >&2; exit 2 ;;
esac
