#!/usr/bin/env bash
# Install Tilehouse into .venv and start it.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
[ -x .venv/bin/python ] || "$PY" -m venv .venv
.venv/bin/python -m pip install -q --disable-pip-version-check -e '.[gui]'
exec .venv/bin/tilehouse "$@"
