#!/usr/bin/env bash
# Install Tilehouse with its test tools into .venv and run every check: ruff, mypy, pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
[ -x .venv/bin/python ] || "$PY" -m venv .venv
.venv/bin/python -m pip install -q --disable-pip-version-check -e '.[test]'
export QT_QPA_PLATFORM=offscreen
echo "== ruff"; .venv/bin/ruff check engine desktop tests bench installer tools
echo "== mypy"; .venv/bin/mypy engine
echo "== pytest"; .venv/bin/python -m pytest "$@"
