#!/usr/bin/env bash
# Installs the tools the manifest tests need into <repo>/.tooling/, from package registries only:
#   kustomize           Go module proxy (go install)   -> .tooling/bin/kustomize
#   kubernetes-validate PyPI, into a virtualenv         -> .tooling/k8s-venv/bin/kubernetes-validate
# kubernetes-validate ships the Kubernetes OpenAPI schemas (strict variants included) inside the
# wheel, so validation needs no download at test time. Idempotent: a tool already at the pinned
# version is left alone. Override the interpreter with PYTHON=..., e.g. PYTHON=python3.12.
# With --missing it installs nothing and prints the name of each tool not at its pinned version, one
# a line (scripts/test-setup.sh asks so before it installs anything).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
tooling="$root/.tooling"
# v5.8.3 and later need Go 1.27; pin the newest release the machines' Go (1.26) builds.
KUSTOMIZE_VERSION=v5.8.2
KUBERNETES_VALIDATE_VERSION=1.37.0
python="${PYTHON:-python3}"
venv="$tooling/k8s-venv"

kustomize_installed() { "$tooling/bin/kustomize" version 2>/dev/null | grep -qx "$KUSTOMIZE_VERSION"; }
validate_installed() {
  [ -x "$venv/bin/python" ] &&
    [ "$("$venv/bin/python" -c 'import importlib.metadata as m; print(m.version("kubernetes-validate"))' 2>/dev/null)" = "$KUBERNETES_VALIDATE_VERSION" ]
}
if [ "${1:-}" = --missing ]; then
  kustomize_installed || echo kustomize
  validate_installed || echo kubernetes-validate
  exit 0
fi

mkdir -p "$tooling/bin"
if kustomize_installed; then
  echo "k8s tools: kustomize $KUSTOMIZE_VERSION already installed" >&2
else
  command -v go >/dev/null || { echo "k8s tools: go is needed to install kustomize" >&2; exit 1; }
  echo "k8s tools: installing kustomize $KUSTOMIZE_VERSION (go install)" >&2
  GOBIN="$tooling/bin" go install "sigs.k8s.io/kustomize/kustomize/v5@$KUSTOMIZE_VERSION"
fi

if validate_installed; then
  echo "k8s tools: kubernetes-validate $KUBERNETES_VALIDATE_VERSION already installed" >&2
else
  echo "k8s tools: installing kubernetes-validate $KUBERNETES_VALIDATE_VERSION (pip, virtualenv)" >&2
  "$python" -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check "kubernetes-validate==$KUBERNETES_VALIDATE_VERSION"
fi
"$tooling/bin/kustomize" version >&2
"$venv/bin/kubernetes-validate" --version >&2
