#!/usr/bin/env bash
# Throwaway real PostgreSQL, Redis, Apache Kafka and an S3-compatible object store on 127.0.0.1, together.
#   bash scripts/servers.sh start [NAME...]   start all four, or only the named ones (postgres redis kafka s3),
#                                             installing what is missing, and write .servers/env
#   bash scripts/servers.sh stop [NAME...]    stop all four, or only the named ones
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

# Start order; stop goes in reverse. The bench starts only the three it needs (no S3).
all=(postgres redis kafka s3)
command="${1:-}"
shift || true
names=("$@")
[ ${#names[@]} -gt 0 ] || names=("${all[@]}")
for name in "${names[@]}"; do
  case " ${all[*]} " in *" $name "*) ;; *) echo "unknown server: $name (one of ${all[*]})" >&2; exit 64 ;; esac
done

case "$command" in
  start)
    for name in "${names[@]}"; do bash "$root/scripts/$name.sh" start; done
    mkdir -p "$servers_dir"
    print_env >"$servers_dir/env"
    ;;
  stop)
    for ((i = ${#names[@]} - 1; i >= 0; i--)); do bash "$root/scripts/${names[i]}.sh" stop || true; done
    ;;
  env) print_env ;;
  *) echo "usage: $0 start|stop [NAME...] | env" >&2; exit 64 ;;
esac
