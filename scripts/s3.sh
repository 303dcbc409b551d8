#!/usr/bin/env bash
# A throwaway S3-compatible object store on 127.0.0.1 for the media storage tests: the Versity S3
# Gateway (Apache-2.0, a production S3 protocol server) over a local folder, installed from the Go
# module proxy like kustomize. Objects live under the state folder and are wiped on start.
#   bash scripts/s3.sh start   install if missing, start, wait until it answers, create the bucket folder
#   bash scripts/s3.sh stop    shut it down and wait until it is gone
#   bash scripts/s3.sh env     print the S3_* variables the media service reads
# Env: STARLING_SERVERS_DIR (state, default <repo>/.servers), S3_PORT (default 57070).
set -euo pipefail
server=s3
. "$(dirname "${BASH_SOURCE[0]}")/server-common.sh"
state="$servers_dir/s3"
pid_file="$state/versitygw.pid"
log="$state/versitygw.log"
port="${S3_PORT:-57070}"
bin="$root/.tooling/bin/versitygw"
VERSITYGW_VERSION=v1.8.0
bucket=starling-media
access=starling-test
secret=starling-test-secret

trap 'fail "command failed at line $LINENO: $BASH_COMMAND"' ERR

install_if_missing() {
  if [ -x "$bin" ] && go version -m "$bin" 2>/dev/null | grep -q "github.com/versity/versitygw[[:space:]]*$VERSITYGW_VERSION"; then return 0; fi
  command -v go >/dev/null || fail "go is needed to install versitygw"
  say "installing versitygw $VERSITYGW_VERSION (go install, about a minute and a half)"
  mkdir -p "$(dirname "$bin")"
  GOBIN="$(dirname "$bin")" go install "github.com/versity/versitygw/cmd/versitygw@$VERSITYGW_VERSION" >&2
}

# Any HTTP answer (an unsigned request gets 403) means it listens.
answers() { curl -s -o /dev/null "http://127.0.0.1:$port/" 2>/dev/null; }

start() {
  install_if_missing
  if running; then say "already running on port $port"; return 0; fi
  rm -rf "$state"
  # The posix backend maps top-level folders to buckets; --nometa keeps it off extended attributes,
  # which some filesystems (overlayfs in containers) lack.
  mkdir -p "$state/root/$bucket"
  ROOT_ACCESS_KEY_ID="$access" ROOT_SECRET_ACCESS_KEY="$secret" \
    nohup "$bin" --port "127.0.0.1:$port" posix --nometa "$state/root" >"$log" 2>&1 &
  echo $! >"$pid_file"
  wait_until answers || fail "versitygw did not answer on port $port"
  say "running at http://127.0.0.1:$port (bucket $bucket)"
}

stop() {
  if ! running; then say "not running"; return 0; fi
  stop_pid versitygw
  say "stopped"
}

print_env() {
  echo "export S3_ENDPOINT=http://127.0.0.1:$port"
  echo "export S3_BUCKET=$bucket"
  echo "export S3_REGION=us-east-1"
  echo "export S3_ACCESS_KEY_ID=$access"
  echo "export S3_SECRET_ACCESS_KEY=$secret"
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  env) print_env ;;
  *) echo "usage: $0 start|stop|env" >&2; exit 2 ;;
esac
