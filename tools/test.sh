#!/usr/bin/env bash
# Install Tilehouse with its test tools into .venv and run every check: ruff, mypy, pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
# Qt (PySide6) needs a few system libraries, also offscreen: install the missing ones (Debian, as root) only
# when one is missing; elsewhere say which are missing and go on.
qt_system_libs() {
  local have missing="" pair
  have=$(ldconfig -p 2>/dev/null || true)
  for pair in libEGL.so.1:libegl1 libGL.so.1:libgl1 libfontconfig.so.1:libfontconfig1 \
      libxkbcommon.so.0:libxkbcommon0 libdbus-1.so.3:libdbus-1-3 libglib-2.0.so.0:libglib2.0-0 \
      libxkbcommon-x11.so.0:libxkbcommon-x11-0 libxcb-icccm.so.4:libxcb-icccm4 libxcb-keysyms.so.1:libxcb-keysyms1 \
      libxcb-image.so.0:libxcb-image0 libxcb-render-util.so.0:libxcb-render-util0 libxcb-cursor.so.0:libxcb-cursor0 \
      libxcb-shape.so.0:libxcb-shape0 libxcb-randr.so.0:libxcb-randr0 libxcb-xkb.so.1:libxcb-xkb1 \
      libX11-xcb.so.1:libx11-xcb1; do
    case "$have" in *"${pair%%:*} "*) ;; *) missing="$missing ${pair##*:}" ;; esac
  done
  [ -z "$missing" ] && return 0
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "== installing system libraries Qt needs:$missing"
    apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing >/dev/null
  else
    echo "warning: the desktop may not start; missing system libraries (Debian packages):$missing" >&2
  fi
}
qt_system_libs
PY=${PYTHON:-python3}
[ -x .venv/bin/python ] || "$PY" -m venv .venv
.venv/bin/python -m pip install -q --disable-pip-version-check -e '.[test]'
export QT_QPA_PLATFORM=offscreen
echo "== ruff"; .venv/bin/ruff check engine desktop tests bench installer tools
echo "== mypy"; .venv/bin/mypy engine
echo "== pytest"; .venv/bin/python -m pytest "$@"
