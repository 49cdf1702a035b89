#!/usr/bin/env bash
# Add Tilehouse to the application menu of the current user (no root needed):
#   ./install-desktop-entry.sh [PATH/TO/tilehouse]      (default: the tilehouse next to this script)
#   ./install-desktop-entry.sh --remove
# Writes ~/.local/share/applications/tilehouse.desktop with the executable's full path and the icon to
# ~/.local/share/icons/hicolor/256x256/apps/tilehouse.png.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
data=${XDG_DATA_HOME:-$HOME/.local/share}
entry="$data/applications/tilehouse.desktop"
icon="$data/icons/hicolor/256x256/apps/tilehouse.png"
if [ "${1:-}" = "--remove" ]; then
  rm -f "$entry" "$icon"
  echo "removed $entry and $icon"
  exit 0
fi
exe=$(realpath "${1:-$here/tilehouse}")
[ -x "$exe" ] || { echo "error: $exe is not an executable (pass the path of tilehouse)" >&2; exit 1; }
mkdir -p "$(dirname "$entry")" "$(dirname "$icon")"
cp "$here/tilehouse.png" "$icon"
sed -e "s|^Exec=.*|Exec=\"$exe\"|" "$here/tilehouse.desktop" > "$entry"
chmod 644 "$entry"
command -v update-desktop-database >/dev/null 2>&1 && update-desktop-database -q "$data/applications" || true
command -v gtk-update-icon-cache >/dev/null 2>&1 && gtk-update-icon-cache -q -t "$data/icons/hicolor" || true
echo "installed $entry (Exec=$exe)"
