#!/usr/bin/env bash
# bovine-herd, the independent (Python, not Fedify) ActivityPub server that
# packages/e2e/test/federation-bovine-peer.test.ts federates with, pinned, from PyPI into a virtualenv
# under .tooling/. `--missing` prints "bovine-herd" when it is not installed at the pinned version
# (scripts/test-setup.sh asks so), `--install` installs it (idempotent), `--python` prints the venv's
# interpreter. Override the interpreter that builds the venv with PYTHON=..., e.g. PYTHON=python3.12.
set -euo pipefail
VERSION=0.5.19
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
venv="$root/.tooling/bovine-venv"
python="${PYTHON:-python3}"

installed() { [ "$("$venv/bin/python" -c 'import importlib.metadata as m; print(m.version("bovine-herd"))' 2>/dev/null || true)" = "$VERSION" ]; }
case "${1:-}" in
  --missing)
    installed || echo bovine-herd
    ;;
  --install)
    installed && exit 0
    echo "bovine-herd: installing $VERSION (pip, virtualenv)" >&2
    "$python" -m venv "$venv"
    # bovine-herd only bounds its sister packages (<0.6); the suite was written against these.
    "$venv/bin/pip" install --quiet --disable-pip-version-check "bovine-herd==$VERSION" "bovine==$VERSION" "bovine-store==$VERSION" "bovine-process==$VERSION"
    ;;
  --python)
    installed || { echo "bovine-herd $VERSION is not installed: run bash scripts/test-setup.sh (or bash scripts/bovine-herd.sh --install)" >&2; exit 3; }
    echo "$venv/bin/python"
    ;;
  *)
    echo "usage: $0 --missing | --install | --python" >&2; exit 2
    ;;
esac
