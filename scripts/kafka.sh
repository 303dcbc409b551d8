#!/usr/bin/env bash
# A throwaway single-node Apache Kafka broker (KRaft, no ZooKeeper) on 127.0.0.1 for integration tests.
# There is no Debian package and no Docker engine here, so the broker's own jars come from Maven Central
# (scripts/kafka/pom.xml) and are kept in .tooling/kafka/libs as a cache.
#   bash scripts/kafka.sh start   format fresh storage, start the broker, wait until it answers
#   bash scripts/kafka.sh stop    stop it and wait for the process to go away
#   bash scripts/kafka.sh url     print the bootstrap address (for KAFKA_BROKERS)
# Env: STARLING_SERVERS_DIR (state, default <repo>/.servers), KAFKA_PORT (default 59092; the KRaft
# controller listens on the next port).
set -euo pipefail
server=kafka
. "$(dirname "${BASH_SOURCE[0]}")/server-common.sh"
state="$servers_dir/kafka"
libs="$root/.tooling/kafka/libs"
port="${KAFKA_PORT:-59092}"
controller_port=$((port + 1))
pid_file="$state/kafka.pid"

port_answers() { (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; }

# Resolution is the slow part on a fresh machine; a marker file says the copy finished, so an
# interrupted download is redone rather than trusted.
resolve_jars() {
  [ -f "$libs/.complete" ] && return 0
  say "resolving Kafka jars from Maven Central into .tooling/kafka/libs"
  local tmp="$libs.tmp"
  rm -rf "$tmp"
  mvn -q -B -Dstyle.color=never -f "$root/scripts/kafka/pom.xml" dependency:copy-dependencies \
    -DincludeScope=runtime -DoutputDirectory="$tmp" >&2
  rm -rf "$libs"
  mv "$tmp" "$libs"
  touch "$libs/.complete"
}

write_config() {
  cat >"$state/server.properties" <<EOF
process.roles=broker,controller
node.id=1
controller.quorum.voters=1@127.0.0.1:$controller_port
listeners=PLAINTEXT://127.0.0.1:$port,CONTROLLER://127.0.0.1:$controller_port
advertised.listeners=PLAINTEXT://127.0.0.1:$port
controller.listener.names=CONTROLLER
inter.broker.listener.name=PLAINTEXT
listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT
log.dirs=$state/data
num.partitions=3
default.replication.factor=1
offsets.topic.replication.factor=1
offsets.topic.num.partitions=3
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
share.coordinator.state.topic.replication.factor=1
min.insync.replicas=1
auto.create.topics.enable=true
delete.topic.enable=true
# Tests subscribe and publish at once; the default 3 s rebalance delay would stall every join.
group.initial.rebalance.delay.ms=0
EOF
  # Broker chatter goes to a file in the state dir, never to the terminal of whoever started it.
  cat >"$state/log4j.properties" <<EOF
log4j.rootLogger=INFO, file
log4j.appender.file=org.apache.log4j.RollingFileAppender
log4j.appender.file.File=$state/server.log
log4j.appender.file.MaxFileSize=20MB
log4j.appender.file.MaxBackupIndex=2
log4j.appender.file.layout=org.apache.log4j.PatternLayout
log4j.appender.file.layout.ConversionPattern=[%d] %p %m (%c)%n
log4j.logger.kafka=INFO
log4j.logger.org.apache.kafka=INFO
EOF
}

java_opts() {
  echo "-Xms128m -Xmx512m -XX:+UseG1GC -Djava.awt.headless=true" \
    "-Dlog4j.configuration=file:$state/log4j.properties -Dkafka.logs.dir=$state"
}

start() {
  if running; then
    say "already running on 127.0.0.1:$port (pid $(cat "$pid_file"))"
    return 0
  fi
  if port_answers; then
    say "port $port is taken by another process; set KAFKA_PORT"
    exit 1
  fi
  command -v java >/dev/null || { say "java not found (Java 17+ is needed)"; exit 1; }
  local began=$SECONDS
  resolve_jars
  rm -rf "$state"
  mkdir -p "$state/data"
  write_config
  # A KRaft cluster id is 16 random bytes in URL-safe base64 without padding (22 characters). It
  # may start with "-", so it is passed as --cluster-id=ID: after a separate -t, the tool's
  # argument parser took such an id for an option and refused to format (1 start in 64).
  local cluster_id
  cluster_id="$(head -c 16 /dev/urandom | base64 | tr '+/' '-_' | tr -d '=')"
  # shellcheck disable=SC2046
  java $(java_opts) -cp "$libs/*" kafka.tools.StorageTool format \
    "--cluster-id=$cluster_id" -c "$state/server.properties" >"$state/format.log" 2>&1 \
    || { say "storage format failed:"; cat "$state/format.log" >&2; exit 1; }
  # shellcheck disable=SC2046
  nohup java $(java_opts) -cp "$libs/*" kafka.Kafka "$state/server.properties" \
    >"$state/stdout.log" 2>&1 </dev/null &
  echo $! >"$pid_file"
  local deadline=$((SECONDS + 60))
  until port_answers; do
    if ! running; then
      say "broker exited during start; last lines of $state/stdout.log and server.log:"
      tail -n 20 "$state/stdout.log" "$state/server.log" >&2 2>/dev/null || true
      exit 1
    fi
    if [ $SECONDS -ge $deadline ]; then
      say "broker did not answer on 127.0.0.1:$port within 60 s (logs in $state)"
      stop
      exit 1
    fi
    sleep 0.2
  done
  echo "kafka: up on 127.0.0.1:$port (pid $(cat "$pid_file"), $((SECONDS - began)) s, logs in $state)"
}

stop() {
  if ! running; then
    rm -f "$pid_file"
    say "not running"
    return 0
  fi
  local pid
  pid="$(cat "$pid_file")"
  kill "$pid"
  # A controlled shutdown takes a few seconds; after 30 s the process is killed outright.
  local deadline=$((SECONDS + 30))
  while kill -0 "$pid" 2>/dev/null; do
    if [ $SECONDS -ge $deadline ]; then
      kill -9 "$pid" 2>/dev/null || true
    fi
    sleep 0.2
  done
  rm -f "$pid_file"
  echo "kafka: stopped"
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  url) echo "127.0.0.1:$port" ;;
  *) echo "usage: $0 start|stop|url" >&2; exit 2 ;;
esac
