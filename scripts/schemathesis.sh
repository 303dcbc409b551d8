#!/usr/bin/env bash
# Runs schemathesis (the OpenAPI fuzzer, from PyPI) from a virtualenv under .tooling/, installing the
# pinned version there first when it is missing. Arguments go to `schemathesis`.
set -euo pipefail
VERSION=4.32.5
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
venv="$root/.tooling/schemathesis"
if [ "$("$venv/bin/schemathesis" --version 2>/dev/null || true)" != "schemathesis, version $VERSION" ]; then
  command -v python3 >/dev/null || { echo "schemathesis.sh: python3 is needed" >&2; exit 3; }
  echo "schemathesis.sh: installing schemathesis==$VERSION into .tooling/schemathesis" >&2
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check "schemathesis==$VERSION" >&2
fi
exec "$venv/bin/schemathesis" "$@"
