"""The bundled fonts (``resources/fonts``, OFL subsets of Noto CJK made by ``tools/make_font_subset.py``).

``load()`` registers them with Qt once a QGuiApplication exists; the families are then used for tile
faces and the interface, so no system CJK font is needed."""

from __future__ import annotations

from pathlib import Path

from engine.resources import resource_path

TILES_FILE = "TilehouseTiles.otf"
UI_FILE = "TilehouseUI.otf"
_families: dict[str, str] = {}


def font_path(name: str) -> Path:
    return resource_path("fonts", name)


def load() -> None:
    """Register the bundled fonts (idempotent). Missing files fall back to the system fonts."""
    if _families:
        return
    from PySide6.QtGui import QFontDatabase

    for key, name in (("tiles", TILES_FILE), ("ui", UI_FILE)):
        path = font_path(name)
        fid = QFontDatabase.addApplicationFont(str(path)) if path.is_file() else -1
        fams = QFontDatabase.applicationFontFamilies(fid) if fid >= 0 else []
        _families[key] = fams[0] if fams else "Sans Serif"


def tile_family() -> str:
    if not _families:
        load()
    return _families["tiles"]


def ui_family() -> str:
    if not _families:
        load()
    return _families["ui"]
