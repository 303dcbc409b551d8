#!/usr/bin/env bash
# Installs the Debian packages the tests use besides the servers: ffmpeg/ffprobe (media processing)
# and chromium (the OAuth pages driven by playwright-core). Skips what is already installed.
set -euo pipefail
missing=()
command -v ffmpeg >/dev/null && command -v ffprobe >/dev/null || missing+=(ffmpeg)
command -v chromium >/dev/null || missing+=(chromium)
[ ${#missing[@]} -eq 0 ] && exit 0
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
echo "system-packages: installing ${missing[*]} with apt-get" >&2
$sudo apt-get update -qq >&2
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
