#!/usr/bin/env python3
"""Make the two small OFL CJK fonts Tilehouse ships, so the table needs no system font.

* ``resources/fonts/TilehouseTiles.otf`` — Noto Serif CJK SC Bold, only the characters drawn on tiles
  (numerals, 萬, winds, dragons, flowers, 财) and the Latin digits: the tile faces.
* ``resources/fonts/TilehouseUI.otf`` — Noto Sans CJK SC Regular, every character the interface can show:
  printable ASCII, the characters of every translation in ``resources/i18n/*.ts`` and every non-ASCII
  character in the ``desktop/`` and ``engine/`` sources and the rule book pages ``resources/rulebook/``
  (Chinese terms and rule texts, kana such as ポン リーチ, symbols).

Both are subsets of Noto CJK (SIL Open Font License 1.1); the licence text is written next to them as
``resources/fonts/OFL.txt``. The source fonts come from Debian's ``fonts-noto-cjk`` package (a font
SOURCE only: it is never needed at run time)::

    apt-get install fonts-noto-cjk
    .venv/bin/pip install fonttools==4.68.0
    .venv/bin/python tools/make_font_subset.py

Run it again whenever a translation or a desktop string gains a character; ``tests/test_desktop_font.py``
fails until then.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FONTS = ROOT / "resources" / "fonts"
NOTO_DIRS = (Path("/usr/share/fonts/opentype/noto"), Path("/usr/share/fonts/truetype/noto"))
SANS = "NotoSansCJK-Regular.ttc"
SERIF = "NotoSerifCJK-Bold.ttc"

TILE_CHARS = "一二三四五六七八九萬万東南西北東南西北白發中春夏秋冬梅兰菊竹财0123456789"
EXTRA_UI = "·×→←↑↓—–…“”‘’、，。：；（）！？「」【】《》・ー％＋－●○◆◇■□★☆♪▲▼◀▶✓✗"

LICENCE_HEAD = """Tilehouse bundles two subsets of the Noto CJK fonts, made by tools/make_font_subset.py:

  TilehouseTiles.otf  subset of Noto Serif CJK SC Bold
  TilehouseUI.otf     subset of Noto Sans CJK SC Regular

Copyright 2014-2021 Adobe (http://www.adobe.com/), with Reserved Font Name 'Source'.
Noto is a trademark of Google Inc.
The subsets are renamed and are licensed, like the originals, under the SIL Open Font License 1.1:

"""


def find_font(name: str) -> Path:
    for folder in NOTO_DIRS:
        if (folder / name).is_file():
            return folder / name
    raise SystemExit(f"{name} not found; install Debian's fonts-noto-cjk (a build-time source only)")


def ui_characters() -> set[str]:
    chars = {chr(c) for c in range(0x20, 0x7F)} | set(EXTRA_UI) | set(TILE_CHARS)
    for ts in sorted((ROOT / "resources" / "i18n").glob("*.ts")):
        text = ts.read_text(encoding="utf-8")
        for block in re.findall(r"<translation[^>]*>(.*?)</translation>", text, flags=re.S):
            chars.update(_unescape(block))
    for path in shown_text_files():
        chars.update(c for c in path.read_text(encoding="utf-8") if ord(c) > 0x7F)
    return {c for c in chars if c.isprintable() or c == " "}


def shown_text_files() -> list[Path]:
    """Every source whose non-ASCII text the interface can show: the desktop, the engine (ruleset
    titles and descriptions, yaku / 番 / 台 names, tile names) and the rule book pages."""
    files = sorted((ROOT / "desktop").rglob("*.py")) + sorted((ROOT / "engine").rglob("*.py"))
    return files + sorted((ROOT / "resources" / "rulebook").rglob("*.md"))


def _unescape(text: str) -> str:
    return (
        text.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", '"')
        .replace("&apos;", "'")
        .replace("&amp;", "&")
    )


def subset(source: Path, family_name: str, chars: set[str], out: Path) -> None:
    from fontTools import subset as ft_subset
    from fontTools.ttLib import TTCollection

    collection = TTCollection(str(source))
    font = next(
        f
        for f in collection.fonts
        if "SC" in str(f["name"].getDebugName(1)) and "Mono" not in str(f["name"].getDebugName(1))
    )
    options = ft_subset.Options()
    options.layout_features = ["*"]
    options.name_IDs = ["*"]
    options.notdef_outline = True
    options.hinting = False
    options.desubroutinize = True
    subsetter = ft_subset.Subsetter(options=options)
    subsetter.populate(unicodes=sorted(ord(c) for c in chars))
    subsetter.subset(font)
    name_table = font["name"]
    # The OFL forbids a modified version to use the Reserved Font Names: rename it.
    for record in list(name_table.names):
        if record.nameID in (1, 4, 16):
            record.string = family_name
        elif record.nameID == 6:
            record.string = family_name.replace(" ", "")
        elif record.nameID == 3:
            record.string = f"{family_name.replace(' ', '')};subset"
        elif record.nameID in (2, 17):
            record.string = "Regular"
    font.save(str(out))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--print-chars", action="store_true", help="only list the UI characters")
    args = parser.parse_args(argv)
    chars = ui_characters()
    if args.print_chars:
        print("".join(sorted(chars)))
        return 0
    FONTS.mkdir(parents=True, exist_ok=True)
    subset(find_font(SERIF), "Tilehouse Tiles", set(TILE_CHARS), FONTS / "TilehouseTiles.otf")
    subset(find_font(SANS), "Tilehouse UI", chars, FONTS / "TilehouseUI.otf")
    copyright_text = Path("/usr/share/doc/fonts-noto-cjk/copyright").read_text(encoding="utf-8")
    start = copyright_text.index("SIL OPEN FONT LICENSE Version 1.1")
    body = [line[1:] if line.startswith(" ") else line for line in copyright_text[start:].splitlines()]
    body = ["" if line == "." else line for line in body]
    licence = "\n".join(body).split("\nLicense:")[0].rstrip() + "\n"
    (FONTS / "OFL.txt").write_text(LICENCE_HEAD + licence, encoding="utf-8")
    for f in ("TilehouseTiles.otf", "TilehouseUI.otf"):
        print(f"{f}: {(FONTS / f).stat().st_size // 1024} KiB")
    print(f"{len(chars)} UI characters")
    return 0


if __name__ == "__main__":
    sys.exit(main())
