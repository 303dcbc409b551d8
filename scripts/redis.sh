#!/usr/bin/env bash
# A throwaway Redis on 127.0.0.1 for integration tests and the production-like run. Nothing is saved to
# disk: Starling keeps only rebuildable data in Redis, and tests want a clean server each start.
#   bash scripts/redis.sh start   install if missing, start, wait until it answers PING
#   bash scripts/redis.sh stop    shut it down and wait until it is gone
#   bash scripts/redis.sh url     print the URL (for REDIS_URL)
# Env: STARLING_SERVERS_DIR (state, default <repo>/.servers), REDIS_PORT (default 56379).
set -euo pipefail
server=redis
. "$(dirname "${BASH_SOURCE[0]}")/server-common.sh"
state="$servers_dir/redis"
pid_file="$state/redis.pid"
log="$state/redis.log"
port="${REDIS_PORT:-56379}"
url="redis://127.0.0.1:$port"

trap 'fail "command failed at line $LINENO: $BASH_COMMAND"' ERR

install_if_missing() {
  command -v redis-server >/dev/null && command -v redis-cli >/dev/null && return 0
  apt_install redis-server
  command -v redis-server >/dev/null || fail "redis-server installed but not on PATH"
}

answers() { [ "$(redis-cli -h 127.0.0.1 -p "$port" ping 2>/dev/null)" = "PONG" ]; }

# A daemonized redis that cannot listen exits before writing its pid file; only its log tells.
up_or_gave_up() { answers || grep -q "aborting" "$log" 2>/dev/null; }

start() {
  install_if_missing
  if running; then echo "redis: already running at $url"; return 0; fi
  mkdir -p "$state"
  rm -f "$pid_file" "$log"
  redis-server --bind 127.0.0.1 --port "$port" --save '' --appendonly no --daemonize yes \
    --dir "$state" --pidfile "$pid_file" --logfile "$log" >/dev/null || fail "redis-server did not start"
  wait_until up_or_gave_up && answers || fail "redis did not answer PING on port $port"
  echo "redis: running at $url"
}

stop() {
  if ! running; then echo "redis: not running"; return 0; fi
  stop_pid redis
  echo "redis: stopped"
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  url) echo "$url" ;;
  *) echo "usage: $0 start|stop|url" >&2; exit 2 ;;
esac
