#!/usr/bin/env bash
# Throwaway real PostgreSQL, Redis, Apache Kafka and an S3-compatible object store on 127.0.0.1, together.
#   bash scripts/servers.sh start   start all four (installing what is missing) and write .servers/env
#   bash scripts/servers.sh stop    stop all four
#   bash scripts/servers.sh env     print DATABASE_URL, REDIS_URL, KAFKA_BROKERS and S3_* as shell exports
# `eval "$(bash scripts/servers.sh env)"` points the tests and services at them.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
servers_dir="${STARLING_SERVERS_DIR:-$root/.servers}"

print_env() {
  echo "export DATABASE_URL=$(bash "$root/scripts/postgres.sh" url)"
  echo "export REDIS_URL=$(bash "$root/scripts/redis.sh" url)"
  echo "export KAFKA_BROKERS=$(bash "$root/scripts/kafka.sh" url)"
  bash "$root/scripts/s3.sh" env
}

case "${1:-}" in
  start)
    bash "$root/scripts/postgres.sh" start
    bash "$root/scripts/redis.sh" start
    bash "$root/scripts/kafka.sh" start
    bash "$root/scripts/s3.sh" start
    mkdir -p "$servers_dir"
    print_env >"$servers_dir/env"
    ;;
  stop)
    bash "$root/scripts/s3.sh" stop || true
    bash "$root/scripts/kafka.sh" stop || true
    bash "$root/scripts/redis.sh" stop || true
    bash "$root/scripts/postgres.sh" stop || true
    ;;
  env) print_env ;;
  *) echo "usage: $0 start|stop|env" >&2; exit 64 ;;
esac
