#!/usr/bin/env bash
# Throwaway real PostgreSQL, Redis and Apache Kafka on 127.0.0.1, together.
#   bash scripts/servers.sh start   start all three (installing what is missing) and write .servers/env
#   bash scripts/servers.sh stop    stop all three
#   bash scripts/servers.sh env     print DATABASE_URL, REDIS_URL and KAFKA_BROKERS as shell exports
# `eval "$(bash scripts/servers.sh env)"` points the tests and services at them.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
servers_dir="${STARLING_SERVERS_DIR:-$root/.servers}"

print_env() {
  echo "export DATABASE_URL=$(bash "$root/scripts/postgres.sh" url)"
  echo "export REDIS_URL=$(bash "$root/scripts/redis.sh" url)"
  echo "export KAFKA_BROKERS=$(bash "$root/scripts/kafka.sh" url)"
}

case "${1:-}" in
  start)
    bash "$root/scripts/postgres.sh" start
    bash "$root/scripts/redis.sh" start
    bash "$root/scripts/kafka.sh" start
    mkdir -p "$servers_dir"
    print_env >"$servers_dir/env"
    ;;
  stop)
    bash "$root/scripts/kafka.sh" stop || true
    bash "$root/scripts/redis.sh" stop || true
    bash "$root/scripts/postgres.sh" stop || true
    ;;
  env) print_env ;;
  *) echo "usage: $0 start|stop|env" >&2; exit 64 ;;
esac
