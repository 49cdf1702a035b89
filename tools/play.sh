#!/usr/bin/env bash
# Start Tilehouse from a checkout, also on a fresh Linux machine:
#   1. check for Python 3.11+ and its venv module, create .venv;
#   2. install the game with PySide6 into .venv (again only when pyproject.toml changed);
#   3. check the system libraries Qt needs for this session (X11, Wayland or offscreen) and name the
#      Debian package of each missing one: installed when run as root on Debian/Ubuntu, otherwise the
#      script says what to install and stops;
#   4. open the game (on the very first start it asks for the language and offers a practice game).
# Arguments go to the game (--lang zh_CN, --load FILE, --demo riichi --screenshot x.png, ...), or with a
# subcommand to the tilehouse command line (bash tools/play.sh rules list).
set -euo pipefail
cd "$(dirname "$0")/.."

say() { echo "== $*"; }
fail() {
  echo "error: $*" >&2
  exit 1
}

# apt_install and the check of Qt's system libraries (shared with tools/test.sh)
. tools/qt-deps.sh

# ── 1. Python and .venv ────────────────────────────────────────────────────────────────────────
PY=${PYTHON:-python3}
if ! command -v "$PY" >/dev/null 2>&1; then
  echo "Python 3.11 or newer is needed and '$PY' was not found (Debian packages: python3 python3-venv)." >&2
  apt_install python3 python3-venv || exit 1
fi
"$PY" -c 'import sys; sys.exit(sys.version_info < (3, 11))' ||
  fail "$("$PY" -V 2>&1) is too old: Tilehouse needs Python 3.11 or newer (Debian 12 and Ubuntu 24.04 have it
       as python3; elsewhere install one and run PYTHON=/path/to/python3.11 bash tools/play.sh)"
if [ ! -e .venv/bin/python ] && [ ! -L .venv/bin/python ]; then
  say "creating .venv"
  if ! "$PY" -m venv .venv >/dev/null 2>&1; then
    echo "Python's venv module does not work here (Debian package: python3-venv)." >&2
    apt_install python3-venv || exit 1
    "$PY" -m venv .venv || fail "could not create .venv with $PY"
  fi
elif ! .venv/bin/python -c '' 2>/dev/null; then
  fail ".venv/bin/python does not run (made by a Python that is gone, or moved?): remove the .venv
       folder and run bash tools/play.sh again"
fi

# ── 2. the game ──────────────────────────────────────────────────────────────────────────────
stamp=.venv/.tilehouse-gui
want=$(cksum < pyproject.toml)
if [ "$(cat "$stamp" 2>/dev/null || true)" != "$want" ] || ! .venv/bin/python -c 'import PySide6, engine' 2>/dev/null; then
  say "installing Tilehouse and PySide6 into .venv"
  .venv/bin/python -m pip install -q --disable-pip-version-check -e '.[gui]' ||
    fail "pip could not install the game (offline, or behind a proxy?): see the messages above"
  echo "$want" >"$stamp"
fi

# ── 3. system libraries for Qt ───────────────────────────────────────────────────────────────
platform=${QT_QPA_PLATFORM:-}
if [ -z "$platform" ]; then
  if [ -n "${WAYLAND_DISPLAY:-}" ]; then platform=wayland
  elif [ -n "${DISPLAY:-}" ]; then platform=xcb
  else platform=offscreen
  fi
fi
qt_system_libs "$platform" || exit 1

# ── 4. the game ──────────────────────────────────────────────────────────────────────────────
case "${1:-}" in
  "" | -*)
    if [ "$platform" = offscreen ] && [ -z "${QT_QPA_PLATFORM:-}" ] && ! printf '%s\n' "$@" | grep -q -e '^--demo' -e '^--first-frame'; then
      fail "no display: DISPLAY and WAYLAND_DISPLAY are not set. Start Tilehouse from a desktop session
       (or try it headless: bash tools/play.sh --demo riichi --screenshot table.png)"
    fi
    exec .venv/bin/python -m desktop.app "$@" ;;
  *) exec .venv/bin/tilehouse "$@" ;;
esac
