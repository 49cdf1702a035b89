# Qt's system libraries and their Debian packages, in one place. Sourced (not run) by tools/play.sh and
# tools/test.sh after `cd` to the checkout and after PySide6 is installed into .venv:
#
#   . tools/qt-deps.sh
#   qt_system_libs xcb offscreen || ...   # check (and as root on Debian/Ubuntu install) what Qt needs
#
# The check runs `ldd` on Qt's core libraries and the platform plugins named (xcb, wayland, offscreen), so
# it finds exactly the libraries this Qt build loads; QT_DEB_PACKAGES names the Debian package of each.
# shellcheck shell=bash

# library file -> Debian package, for every system library Qt's libraries and platform plugins load
QT_DEB_PACKAGES=(
  libEGL.so.1:libegl1 libGL.so.1:libgl1 libOpenGL.so.0:libopengl0 libGLX.so.0:libglx0
  libGLdispatch.so.0:libglvnd0
  libfontconfig.so.1:libfontconfig1 libfreetype.so.6:libfreetype6 libpng16.so.16:libpng16-16
  libz.so.1:zlib1g libzstd.so.1:libzstd1
  libxkbcommon.so.0:libxkbcommon0 libxkbcommon-x11.so.0:libxkbcommon-x11-0
  libdbus-1.so.3:libdbus-1-3 libglib-2.0.so.0:libglib2.0-0 libgthread-2.0.so.0:libglib2.0-0
  libX11.so.6:libx11-6 libX11-xcb.so.1:libx11-xcb1 libxcb.so.1:libxcb1 libXext.so.6:libxext6
  libXrender.so.1:libxrender1 libSM.so.6:libsm6 libICE.so.6:libice6
  libxcb-util.so.1:libxcb-util1 libxcb-render-util.so.0:libxcb-render-util0 libxcb-icccm.so.4:libxcb-icccm4
  libxcb-cursor.so.0:libxcb-cursor0 libxcb-image.so.0:libxcb-image0 libxcb-keysyms.so.1:libxcb-keysyms1
  libxcb-randr.so.0:libxcb-randr0 libxcb-shape.so.0:libxcb-shape0 libxcb-xkb.so.1:libxcb-xkb1
  libwayland-client.so.0:libwayland-client0 libwayland-cursor.so.0:libwayland-cursor0
  libwayland-egl.so.1:libwayland-egl1
)

# qt_deb_package LIB: the Debian package of a library file, or nothing when unknown.
qt_deb_package() {
  local pair
  for pair in "${QT_DEB_PACKAGES[@]}"; do
    if [ "${pair%%:*}" = "$1" ]; then
      echo "${pair#*:}"
      return
    fi
  done
  case "$1" in
    libxcb-*.so.*) # the other xcb extensions: libxcb-sync.so.1 -> libxcb-sync1, libxcb-shm.so.0 -> libxcb-shm0
      echo "${1%%.so.*}${1##*.so.}" ;;
  esac
}

# qt_files PLATFORM...: Qt's core libraries and the platform plugin of each platform (in .venv), a line each.
qt_files() {
  local qt platform
  qt=$(.venv/bin/python -c 'import os, PySide6; print(os.path.join(os.path.dirname(PySide6.__file__), "Qt"))')
  printf '%s\n' "$qt/lib/libQt6Core.so.6" "$qt/lib/libQt6Gui.so.6" "$qt/lib/libQt6Widgets.so.6"
  for platform in "$@"; do
    case "$platform" in
      wayland*) echo "$qt/plugins/platforms/libqwayland.so" ;;
      xcb) echo "$qt/plugins/platforms/libqxcb.so" ;;
      *) echo "$qt/plugins/platforms/libqoffscreen.so" ;;
    esac
  done
}

# qt_missing_libs FILE...: the system libraries those files need that are not found.
qt_missing_libs() {
  local f
  for f in "$@"; do
    if [ -f "$f" ]; then ldd "$f" 2>/dev/null || true; fi
  done | awk '/=> not found/ {print $1}' | sort -u
}

# apt_install PACKAGE...: install Debian packages when we can (root + apt-get), else say how; 1 if not.
apt_install() {
  if ! command -v apt-get >/dev/null 2>&1; then
    echo "  This is not a Debian/Ubuntu system: install the equivalents of these Debian packages with" >&2
    echo "  your distribution's package manager: $*" >&2
    return 1
  fi
  if [ "$(id -u)" != 0 ]; then
    echo "  Not running as root, so they cannot be installed from here. Install them with:" >&2
    echo "    sudo apt-get install -y $*" >&2
    echo "  and run bash $0 again." >&2
    return 1
  fi
  echo "== installing Debian packages: $*"
  if ! { apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null; }; then
    echo "  apt-get could not install them (no network? a broken package list?). Try by hand:" >&2
    echo "    apt-get update && apt-get install -y $*" >&2
    return 1
  fi
}

# qt_system_libs PLATFORM...: name the missing system libraries Qt needs for those platforms with their
# Debian packages and install them when we can; 1 when some are still missing.
qt_system_libs() {
  local files missing lib pkg packages=""
  mapfile -t files < <(qt_files "$@")
  missing=$(qt_missing_libs "${files[@]}")
  [ -z "$missing" ] && return 0
  echo "Qt ($*) needs system libraries that are missing here:" >&2
  for lib in $missing; do
    pkg=$(qt_deb_package "$lib")
    if [ -n "$pkg" ]; then
      echo "  $lib  (Debian package $pkg)" >&2
      case " $packages " in *" $pkg "*) ;; *) packages="$packages $pkg" ;; esac
    else
      echo "  $lib  (find its package with: apt-file search $lib)" >&2
    fi
  done
  if [ -n "$packages" ]; then
    # shellcheck disable=SC2086  # one word per package
    apt_install $packages || return 1
  fi
  missing=$(qt_missing_libs "${files[@]}")
  if [ -n "$missing" ]; then
    echo "error: still missing:" $missing >&2
    return 1
  fi
}
