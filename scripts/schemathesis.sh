#!/usr/bin/env bash
# schemathesis, the OpenAPI fuzzer of packages/e2e/test/openapi-fuzz.test.ts, pinned, from PyPI into a
# virtualenv under .tooling/. `--missing` prints "schemathesis" when it is not installed at the pinned
# version (scripts/test-setup.sh asks so), `--install` installs it (idempotent); any other arguments
# run it. Override the interpreter with PYTHON=..., e.g. PYTHON=python3.12.
set -euo pipefail
VERSION=4.32.5
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
venv="$root/.tooling/schemathesis-venv"
python="${PYTHON:-python3}"

installed() { [ "$("$venv/bin/schemathesis" --version 2>/dev/null || true)" = "schemathesis, version $VERSION" ]; }
case "${1:-}" in
  --missing)
    installed || echo schemathesis
    ;;
  --install)
    installed && exit 0
    echo "schemathesis: installing $VERSION (pip, virtualenv)" >&2
    "$python" -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check "schemathesis==$VERSION"
    ;;
  *)
    installed || { echo "schemathesis $VERSION is not installed: run bash scripts/test-setup.sh (or bash scripts/schemathesis.sh --install)" >&2; exit 3; }
    exec "$venv/bin/schemathesis" "$@"
    ;;
esac
