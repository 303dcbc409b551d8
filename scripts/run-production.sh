#!/usr/bin/env bash
# The production-like run on one machine: real PostgreSQL, Redis and Kafka (scripts/servers.sh), the
# migrations, then every service as its own process on its standard ports, each under a supervisor
# that starts it again when it dies (back-off from 1 s doubling to 30 s, a "service exited;
# restarting" log line), as Kubernetes does with the manifests in k8s/. Ctrl-C stops everything.
# Accounts for it: ACCOUNTS_GRPC_URL=127.0.0.1:50051 VIEWER_TOKEN_SECRET=$(cat .servers/viewer-token-secret) \
#   DATABASE_URL=... pnpm starling accounts create NAME --email E --confirmed
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
bash scripts/servers.sh start
eval "$(bash scripts/servers.sh env)"
secret_file=.servers/viewer-token-secret
[ -f "$secret_file" ] || (umask 077 && node -e 'console.log(require("crypto").randomBytes(32).toString("base64url"))' >"$secret_file")
export VIEWER_TOKEN_SECRET="$(cat "$secret_file")" LOCAL_DOMAIN="${LOCAL_DOMAIN:-localhost:3000}" LOCAL_HTTPS="${LOCAL_HTTPS:-false}"
node packages/cli/src/main.ts migrate
pids=()
trap 'kill "${pids[@]}" 2>/dev/null; wait' EXIT INT TERM
for service in accounts statuses timelines federation media trends moderation gateway; do
  node packages/runtime/src/supervise-main.ts "$service" node "services/$service/src/main.ts" &
  pids+=($!)
done
echo "Starling (production-like) is starting: http://127.0.0.1:${PORT:-3000}" >&2
wait
