# Sourced by postgres.sh, redis.sh, kafka.sh and s3.sh: what the throwaway test servers share.
# Provides
#   root, servers_dir        the repository root and the state folder (STARLING_SERVERS_DIR, default <repo>/.servers)
#   say MSG                  "<server>: MSG" on stderr; the sourcing script sets $server
#   fail MSG                 say "FAILED: MSG", show the tail of $log if it exists, exit 1
#   apt_install PACKAGE      apt-get install PACKAGE (through sudo unless root)
#   running / stopped        whether the process in $pid_file is alive (postgres.sh defines its own running)
#   wait_until CHECK         poll the command CHECK every 0.1 s for up to 10 s
#   stop_pid NAME            TERM the process in $pid_file, wait until it is gone, remove the pid file
# It only defines; each script sets its own shell options and traps.
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
servers_dir="${STARLING_SERVERS_DIR:-$root/.servers}"

say() { echo "$server: $*" >&2; }

fail() {
  say "FAILED: $*"
  [ -f "$log" ] && { say "last lines of $log:"; tail -n 30 "$log" >&2; }
  exit 1
}

apt_install() {
  say "installing $1 with apt-get"
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "$1" >&2
}

running() { [ -f "$pid_file" ] && kill -0 "$(cat "$pid_file")" 2>/dev/null; }

stopped() { ! running; }

# Daemonized servers return before they listen, and a TERMed one takes a moment to go.
wait_until() {
  local check="$1" tries=100
  until $check; do
    tries=$((tries - 1))
    [ "$tries" -gt 0 ] || return 1
    sleep 0.1
  done
}

stop_pid() {
  kill "$(cat "$pid_file")"
  wait_until stopped || fail "$1 (pid $(cat "$pid_file")) did not exit within 10 s"
  rm -f "$pid_file"
}
