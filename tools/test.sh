#!/usr/bin/env bash
# Install Tilehouse with its test tools into .venv and run every check: ruff, mypy, pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
[ -x .venv/bin/python ] || "$PY" -m venv .venv
.venv/bin/python -m pip install -q --disable-pip-version-check -e '.[test]'
# Qt (PySide6) needs a few system libraries, also offscreen, and the standalone build (.ci/run) bundles
# those of the X11 plugin: install the missing ones (Debian, as root), elsewhere say which and go on.
. tools/qt-deps.sh
qt_system_libs offscreen xcb || echo "warning: the desktop tests and the build may fail without them" >&2
export QT_QPA_PLATFORM=offscreen
echo "== ruff"; .venv/bin/ruff check engine desktop tests bench installer tools
echo "== mypy"; .venv/bin/mypy engine desktop
echo "== pytest"; .venv/bin/python -m pytest "$@"
