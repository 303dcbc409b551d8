#!/usr/bin/env bash
# The set-up of the README's test command (scripts/test.sh runs it before any test): installs what the
# suites need and this machine lacks, and does nothing when all of it is there.
#   ffmpeg, ffprobe                  Debian package ffmpeg     media processing and its fixtures
#   chromium                         Debian package chromium   the OAuth pages suite (/usr/bin/chromium)
#   kustomize, kubernetes-validate   into .tooling/ by k8s/scripts/install-tools.sh (Go module proxy, PyPI)
#   schemathesis                     into .tooling/ by scripts/schemathesis.sh (PyPI)   the OpenAPI fuzzing suite
#   bovine-herd                      into .tooling/ by scripts/bovine-herd.sh (PyPI)    the bovine federation suite
# Debian packages need root: it runs apt-get as root or through sudo without a password; otherwise it
# installs nothing, prints the command that would, and fails, so that no suite runs half set up.
# It prints one line saying what it installs; the installers' own output goes to .tooling/test-setup.log.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
log="$root/.tooling/test-setup.log"
python="${PYTHON:-python3}"

say() { echo "test set-up: $*" >&2; }

packages=()
command -v ffmpeg >/dev/null && command -v ffprobe >/dev/null || packages+=(ffmpeg)
[ -x /usr/bin/chromium ] || packages+=(chromium)
mapfile -t tools < <(bash "$root/k8s/scripts/install-tools.sh" --missing; bash "$root/scripts/schemathesis.sh" --missing; bash "$root/scripts/bovine-herd.sh" --missing)
needs() { [[ " ${tools[*]} " == *" $1 "* ]]; }
# Debian's python3 leaves venv (and the pip it bootstraps) to a package of its own.
{ needs kubernetes-validate || needs schemathesis || needs bovine-herd; } && ! "$python" -c 'import ensurepip, venv' 2>/dev/null && packages+=(python3-venv)
[ ${#packages[@]} -eq 0 ] && [ ${#tools[@]} -eq 0 ] && exit 0

if needs kustomize && ! command -v go >/dev/null; then
  say "kustomize is built with Go, which this machine lacks: install Go 1.21 or newer (it fetches the toolchain kustomize needs), then run pnpm test again"
  exit 1
fi
sudo=()
if [ ${#packages[@]} -gt 0 ] && [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
    sudo=(sudo)
  else
    get="apt-get install -y --no-install-recommends ${packages[*]}"
    if ! command -v apt-get >/dev/null; then
      say "the tests need ${packages[*]}; install them with this system's package manager, then run pnpm test again"
      exit 1
    fi
    say "the tests need ${packages[*]} from Debian's packages, which needs root. Run this, then pnpm test again:"
    if command -v sudo >/dev/null; then echo "  sudo apt-get update && sudo $get" >&2; else echo "  su -c 'apt-get update && $get'" >&2; fi
    exit 1
  fi
fi

what=""
[ ${#packages[@]} -gt 0 ] && what="${packages[*]} (apt-get)"
[ ${#tools[@]} -gt 0 ] && what="${what:+$what and }${tools[*]} (into .tooling/)"
mkdir -p "$(dirname "$log")"
say "installing $what; details in ${log#"$root"/}"
# `set -e` does not apply inside a function called as an `if` condition, hence the && chain.
install() {
  if [ ${#packages[@]} -gt 0 ]; then
    # A machine where apt-get update never ran has no package lists to install from.
    "${sudo[@]}" apt-get update -qq &&
      "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${packages[@]}" || return 1
  fi
  if needs kustomize || needs kubernetes-validate; then bash "$root/k8s/scripts/install-tools.sh" || return 1; fi
  if needs schemathesis; then bash "$root/scripts/schemathesis.sh" --install || return 1; fi
  if needs bovine-herd; then bash "$root/scripts/bovine-herd.sh" --install || return 1; fi
}
if ! install >"$log" 2>&1; then
  say "FAILED; the last lines of $log:"
  tail -n 30 "$log" >&2
  exit 1
fi
