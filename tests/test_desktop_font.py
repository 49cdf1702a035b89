"""The bundled font subsets have every glyph the table and the interface use (checked with QRawFont)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytest.importorskip("PySide6")

from PySide6.QtGui import QFont, QRawFont

from desktop import fonts
from desktop.i18n import LANGUAGES
from desktop.tileart import FLOWER_CHARS, HONOR_CHARS, MAN_NUMERALS

ROOT = Path(__file__).resolve().parent.parent


def raw(name: str) -> QRawFont:
    path = fonts.font_path(name)
    assert path.is_file(), f"{path} missing: run tools/make_font_subset.py"
    font = QRawFont(str(path), 20, QFont.HintingPreference.PreferNoHinting)
    assert font.isValid()
    return font


def missing(font: QRawFont, chars: set[str]) -> list[str]:
    return sorted(c for c in chars if not c.isspace() and not font.supportsCharacter(ord(c)))


def test_tile_font_has_every_tile_glyph(qapp) -> None:  # type: ignore[no-untyped-def]
    chars = set(MAN_NUMERALS + "萬" + HONOR_CHARS + FLOWER_CHARS + "财" + "12345678")
    assert missing(raw(fonts.TILES_FILE), chars) == []


def test_ui_font_has_every_glyph_of_the_interface(qapp) -> None:  # type: ignore[no-untyped-def]
    chars = {chr(c) for c in range(0x21, 0x7F)}
    for ts in (ROOT / "resources" / "i18n").glob("*.ts"):
        for text in re.findall(
            r"<translation[^>]*>(.*?)</translation>", ts.read_text(encoding="utf-8"), re.S
        ):
            chars.update(text)
    shown = [*ROOT.joinpath("desktop").rglob("*.py"), *ROOT.joinpath("engine").rglob("*.py")]
    shown += ROOT.joinpath("resources", "rulebook").rglob("*.md")  # the rule book, shown in the app
    for path in shown:
        chars.update(c for c in path.read_text(encoding="utf-8") if ord(c) > 0x7F)
    chars.update("".join(LANGUAGES.values()))
    assert missing(raw(fonts.UI_FILE), chars) == []


def test_the_ofl_licence_ships_with_the_fonts() -> None:
    text = (ROOT / "resources" / "fonts" / "OFL.txt").read_text(encoding="utf-8")
    assert "SIL OPEN FONT LICENSE Version 1.1" in text
