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

# apt_install PACKAGE...: install Debian packages when we can (root + apt-get), else explain how; 1 if not.
apt_install() {
  if ! command -v apt-get >/dev/null 2>&1; then
    echo "  This is not a Debian/Ubuntu system: install the equivalents of these Debian packages with" >&2
    echo "  your distribution's package manager: $*" >&2
    return 1
  fi
  if [ "$(id -u)" != 0 ]; then
    echo "  Not running as root, so they cannot be installed from here. Install them with:" >&2
    echo "    sudo apt-get install -y $*" >&2
    echo "  and run bash tools/play.sh again." >&2
    return 1
  fi
  say "installing Debian packages: $*"
  if ! { apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null; }; then
    echo "  apt-get could not install them (no network? a broken package list?). Try by hand:" >&2
    echo "    apt-get update && apt-get install -y $*" >&2
    return 1
  fi
}

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
# Debian package of each library Qt's platform plugins load from the system.
deb_package() {
  case "$1" in
    libEGL.so.1) echo libegl1 ;; libGL.so.1) echo libgl1 ;; libOpenGL.so.0) echo libopengl0 ;;
    libGLX.so.0) echo libglx0 ;; libGLdispatch.so.0) echo libglvnd0 ;;
    libfontconfig.so.1) echo libfontconfig1 ;; libfreetype.so.6) echo libfreetype6 ;;
    libpng16.so.16) echo libpng16-16 ;; libz.so.1) echo zlib1g ;; libzstd.so.1) echo libzstd1 ;;
    libxkbcommon.so.0) echo libxkbcommon0 ;; libxkbcommon-x11.so.0) echo libxkbcommon-x11-0 ;;
    libdbus-1.so.3) echo libdbus-1-3 ;; libglib-2.0.so.0 | libgthread-2.0.so.0) echo libglib2.0-0 ;;
    libX11.so.6) echo libx11-6 ;; libX11-xcb.so.1) echo libx11-xcb1 ;; libxcb.so.1) echo libxcb1 ;;
    libXext.so.6) echo libxext6 ;; libXrender.so.1) echo libxrender1 ;; libSM.so.6) echo libsm6 ;;
    libICE.so.6) echo libice6 ;; libxcb-util.so.1) echo libxcb-util1 ;;
    libxcb-render-util.so.0) echo libxcb-render-util0 ;; libxcb-icccm.so.4) echo libxcb-icccm4 ;;
    libxcb-*.so.*) # libxcb-cursor.so.0 -> libxcb-cursor0, libxcb-xkb.so.1 -> libxcb-xkb1, ...
      local base=${1%%.so.*} ver=${1##*.so.}
      echo "$base$ver" ;;
    libwayland-client.so.0) echo libwayland-client0 ;; libwayland-cursor.so.0) echo libwayland-cursor0 ;;
    libwayland-egl.so.1) echo libwayland-egl1 ;;
    *) echo "" ;;
  esac
}

# missing_libs FILE...: the system libraries those Qt files need that are not found.
missing_libs() {
  local f
  for f in "$@"; do
    [ -f "$f" ] && { ldd "$f" 2>/dev/null || true; }
  done | awk '/=> not found/ {print $1}' | sort -u
}

QT=$(.venv/bin/python -c 'import os, PySide6; print(os.path.join(os.path.dirname(PySide6.__file__), "Qt"))')
platform=${QT_QPA_PLATFORM:-}
if [ -z "$platform" ]; then
  if [ -n "${WAYLAND_DISPLAY:-}" ]; then platform=wayland
  elif [ -n "${DISPLAY:-}" ]; then platform=xcb
  else platform=offscreen
  fi
fi
files=("$QT/lib/libQt6Core.so.6" "$QT/lib/libQt6Gui.so.6" "$QT/lib/libQt6Widgets.so.6")
case "$platform" in
  wayland*) files+=("$QT/plugins/platforms/libqwayland.so") ;;
  xcb) files+=("$QT/plugins/platforms/libqxcb.so") ;;
  *) files+=("$QT/plugins/platforms/libqoffscreen.so") ;;
esac
missing=$(missing_libs "${files[@]}")
if [ -n "$missing" ]; then
  packages="" unknown=""
  echo "Qt ($platform) needs system libraries that are missing here:"
  for lib in $missing; do
    pkg=$(deb_package "$lib")
    if [ -n "$pkg" ]; then
      echo "  $lib  (Debian package $pkg)"
      case " $packages " in *" $pkg "*) ;; *) packages="$packages $pkg" ;; esac
    else
      echo "  $lib  (find its package with: apt-file search $lib)"
      unknown="$unknown $lib"
    fi
  done
  if [ -n "$packages" ]; then
    # shellcheck disable=SC2086  # one word per package
    apt_install $packages || exit 1
  fi
  missing=$(missing_libs "${files[@]}")
  [ -z "$missing" ] || fail "still missing:" $missing
fi

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
