#!/usr/bin/env python3
"""Draw the Tilehouse icon with QPainter and write it for every platform into ``resources/icons/``.

The icon is an ivory mahjong tile with a red 中 (drawn with the bundled tile font) standing on a rounded
felt-green square, the colours of the table. Outputs:

* ``tilehouse.png`` (256×256): the window icon at run time and the Linux ``.desktop`` icon;
* ``tilehouse.ico`` (16–256 px, PNG entries): the Windows executable icon;
* ``tilehouse.icns`` (32–512 px, PNG entries): the macOS application bundle icon.

The .ico and .icns containers are written by hand (a few headers around PNG data), so no image library
beyond Qt is needed. Run it again after changing the drawing and commit the three files::

    .venv/bin/python tools/make_icon.py            # --check: only report whether the files are current
"""

from __future__ import annotations

import argparse
import os
import struct
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ICONS = ROOT / "resources" / "icons"
TILE_FONT = ROOT / "resources" / "fonts" / "TilehouseTiles.otf"
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
# icns PNG element types: ic11 = 16@2x (32 px), ic12 = 32@2x (64), ic07 = 128, ic08 = 256, ic09 = 512
ICNS_TYPES = ((b"ic11", 32), (b"ic12", 64), (b"ic07", 128), (b"ic08", 256), (b"ic09", 512))

FELT_TOP = "#2a5e50"
FELT_BOTTOM = "#17372f"
TILE_BACK = "#2f7d5b"
FACE_TOP = "#fffdf4"
FACE_BOTTOM = "#e8dfc6"
FACE_EDGE = "#b9ab86"
RED = "#c62f28"


def _app() -> object:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtGui import QGuiApplication

    return QGuiApplication.instance() or QGuiApplication([sys.argv[0]])


def _tile_family() -> str:
    from PySide6.QtGui import QFontDatabase

    fid = QFontDatabase.addApplicationFont(str(TILE_FONT)) if TILE_FONT.is_file() else -1
    families = QFontDatabase.applicationFontFamilies(fid) if fid >= 0 else []
    return families[0] if families else "Serif"


def draw(size: int) -> bytes:
    """The icon at ``size`` pixels as PNG bytes (drawn on a 256-unit grid scaled to ``size``)."""
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QPointF, QRectF, Qt
    from PySide6.QtGui import QColor, QFont, QImage, QLinearGradient, QPainter, QPainterPath, QPen

    _app()
    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    p = QPainter(image)
    p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    p.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
    p.scale(size / 256, size / 256)

    felt = QLinearGradient(QPointF(0, 8), QPointF(0, 248))
    felt.setColorAt(0, QColor(FELT_TOP))
    felt.setColorAt(1, QColor(FELT_BOTTOM))
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(felt)
    p.drawRoundedRect(QRectF(8, 8, 240, 240), 52, 52)

    # the tile: a green back layer peeking out under the ivory face, slightly offset
    p.setBrush(QColor(0, 0, 0, 70))
    p.drawRoundedRect(QRectF(70, 44, 134, 190), 20, 20)  # soft shadow
    p.setBrush(QColor(TILE_BACK))
    p.drawRoundedRect(QRectF(64, 36, 132, 188), 20, 20)
    face = QLinearGradient(QPointF(0, 28), QPointF(0, 208))
    face.setColorAt(0, QColor(FACE_TOP))
    face.setColorAt(1, QColor(FACE_BOTTOM))
    p.setBrush(face)
    p.setPen(QPen(QColor(FACE_EDGE), 2.5))
    face_rect = QRectF(58, 26, 132, 182)
    p.drawRoundedRect(face_rect, 18, 18)

    # red 中: the tile font's glyph as a path, centred on the face
    font = QFont(_tile_family())
    font.setPixelSize(118)
    font.setBold(True)
    path = QPainterPath()
    path.addText(QPointF(0, 0), font, "中")
    box = path.boundingRect()
    path.translate(face_rect.center() - box.center())
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor(RED))
    p.drawPath(path)
    p.end()

    data = QByteArray()
    buf = QBuffer(data)
    buf.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buf, "PNG")  # type: ignore[call-overload]  # the stubs want bytes, the binding a str
    buf.close()
    return bytes(data.data())


def ico(images: dict[int, bytes]) -> bytes:
    """A Windows .ico holding PNG images (supported since Windows Vista)."""
    sizes = sorted(images)
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = 6 + 16 * len(sizes)
    entries, blobs = b"", b""
    for s in sizes:
        data = images[s]
        dim = 0 if s >= 256 else s
        entries += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(data), offset + len(blobs))
        blobs += data
    return header + entries + blobs


def icns(images: dict[bytes, bytes]) -> bytes:
    """A macOS .icns holding PNG elements."""
    body = b"".join(kind + struct.pack(">I", 8 + len(data)) + data for kind, data in images.items())
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def render_all() -> dict[str, bytes]:
    cache: dict[int, bytes] = {}

    def png(size: int) -> bytes:
        if size not in cache:
            cache[size] = draw(size)
        return cache[size]

    return {
        "tilehouse.png": png(256),
        "tilehouse.ico": ico({s: png(s) for s in ICO_SIZES}),
        "tilehouse.icns": icns({kind: png(s) for kind, s in ICNS_TYPES}),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Draw the Tilehouse icon into resources/icons/.")
    parser.add_argument("--check", action="store_true", help="only report whether the files are current")
    parser.add_argument("--out", type=Path, default=ICONS, help="output folder (default resources/icons)")
    args = parser.parse_args(argv)
    files = render_all()
    if args.check:
        stale = [
            n
            for n, data in files.items()
            if not (args.out / n).is_file() or (args.out / n).read_bytes() != data
        ]
        for name in stale:
            print(f"stale: {args.out / name}")
        return 1 if stale else 0
    args.out.mkdir(parents=True, exist_ok=True)
    for name, data in files.items():
        (args.out / name).write_bytes(data)
        print(f"{args.out / name}: {len(data) // 1024 or 1} KiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
