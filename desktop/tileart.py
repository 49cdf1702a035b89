"""Tile art drawn by the project with QPainter: faces, backs and states, cached as pixmaps per size.

A face is a tile *kind* (:mod:`engine.tiles`: 0-8 man, 9-17 pin, 18-26 sou, 27-30 winds, 31-33 dragons,
34-41 flowers) and whether it is a red five. Characters come from the bundled ``Tilehouse Tiles`` font
(:mod:`desktop.fonts`), so every machine draws the same tiles.

``paint_tile`` draws straight onto any painter (vector, HiDPI-crisp); ``tile_pixmap`` caches the result
for a given device-pixel size, which the table items use so that a redraw only blits pixmaps.
"""

from __future__ import annotations

from collections import OrderedDict
from enum import IntFlag

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QLinearGradient,
    QPainter,
    QPainterPath,
    QPen,
    QPixmap,
)

from desktop import (
    fonts,
)

# ── palette ───────────────────────────────────────────────────────────────────────────────────
FACE_TOP = QColor("#fdfbf4")
FACE_BOTTOM = QColor("#efe8d6")
EDGE = QColor("#a79d86")
BACK = QColor("#2e6b5a")
BACK_DARK = QColor("#21503f")
BACK_LIGHT = QColor("#3f8570")
INK = QColor("#1c2230")
NAVY = QColor("#1f3a68")
RED = QColor("#b8312b")
GREEN = QColor("#1d7046")
BLUE = QColor("#2a5aa8")
GOLD = QColor("#d19a1c")

MAN_NUMERALS = "一二三四五六七八九"
HONOR_CHARS = "東南西北白發中"
FLOWER_CHARS = "春夏秋冬梅兰菊竹"


class TileState(IntFlag):
    NONE = 0
    SELECTED = 1  # raised, outlined: the keyboard cursor or the tile being dragged
    DISABLED = 2  # may not be discarded now: dimmed
    WILD = 4  # Lingxi 财神: gold frame and badge
    MARKED = 8  # the winning tile, a hint: red frame
    SHADED = 16  # a tsumogiri discard: slightly grey
    HOVER = 32
    LAST = 64  # the discard now on the table


def paint_tile(
    p: QPainter,
    rect: QRectF,
    kind: int | None,
    red: bool = False,
    state: TileState = TileState.NONE,
    *,
    depth: float = 0.1,
) -> None:
    """Draw one tile filling ``rect`` (face up when ``kind`` is not None, its back otherwise).

    The lower ``depth`` share of the rect is the tile's thickness, seen from the front."""
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    p.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
    w, h = rect.width(), rect.height()
    radius = min(w, h) * 0.13
    body = QRectF(rect.x() + 0.5, rect.y() + 0.5, w - 1, h - 1)
    thick = h * depth
    # thickness: the back colour showing below the face
    p.setPen(QPen(BACK_DARK, max(0.6, w * 0.012)))
    p.setBrush(BACK)
    p.drawRoundedRect(body, radius, radius)
    face = QRectF(body.x(), body.y(), body.width(), body.height() - thick)
    if kind is None:
        grad = QLinearGradient(face.topLeft(), face.bottomRight())
        grad.setColorAt(0, BACK_LIGHT)
        grad.setColorAt(1, BACK)
        p.setBrush(QBrush(grad))
        p.setPen(QPen(BACK_DARK, max(0.6, w * 0.012)))
        p.drawRoundedRect(face, radius, radius)
        inner = face.adjusted(w * 0.16, h * 0.14, -w * 0.16, -h * 0.14)
        p.setPen(QPen(QColor(255, 255, 255, 60), max(0.8, w * 0.03)))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawRoundedRect(inner, radius * 0.6, radius * 0.6)
        p.drawLine(
            inner.center() - QPointF(0, inner.height() * 0.18),
            inner.center() + QPointF(0, inner.height() * 0.18),
        )
    else:
        grad = QLinearGradient(face.topLeft(), face.bottomLeft())
        grad.setColorAt(0, FACE_TOP)
        grad.setColorAt(1, FACE_BOTTOM)
        p.setBrush(QBrush(grad))
        p.setPen(QPen(EDGE, max(0.6, w * 0.014)))
        p.drawRoundedRect(face, radius, radius)
        content = face.adjusted(w * 0.1, h * 0.07, -w * 0.1, -h * 0.07)
        _paint_face(p, content, kind, red)
        if red:
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(RED)
            d = w * 0.1
            p.drawEllipse(QRectF(face.right() - d * 1.6, face.top() + d * 0.6, d, d))
    if state & TileState.SHADED:
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(60, 60, 60, 55))
        p.drawRoundedRect(face, radius, radius)
    if state & TileState.DISABLED:
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(40, 44, 50, 120))
        p.drawRoundedRect(body, radius, radius)
    if state & TileState.WILD:
        p.setPen(QPen(GOLD, max(1.5, w * 0.06)))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawRoundedRect(face.adjusted(w * 0.03, w * 0.03, -w * 0.03, -w * 0.03), radius, radius)
        badge = QRectF(face.right() - w * 0.42, face.top() - h * 0.02, w * 0.44, w * 0.44)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(GOLD)
        p.drawEllipse(badge)
        _text(p, badge, "财", QColor("white"), 0.78)
    if state & TileState.MARKED:
        p.setPen(QPen(RED, max(1.5, w * 0.07)))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawRoundedRect(body.adjusted(1, 1, -1, -1), radius, radius)
    if state & TileState.LAST:
        p.setPen(QPen(QColor("#e0a526"), max(1.2, w * 0.06)))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawRoundedRect(face.adjusted(1, 1, -1, -1), radius, radius)
    if state & TileState.SELECTED:
        p.setPen(QPen(QColor("#3d8bfd"), max(1.5, w * 0.07)))
        p.setBrush(QColor(61, 139, 253, 30))
        p.drawRoundedRect(body.adjusted(1, 1, -1, -1), radius, radius)
    elif state & TileState.HOVER:
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(255, 255, 255, 50))
        p.drawRoundedRect(face, radius, radius)
    p.restore()


# ── faces ─────────────────────────────────────────────────────────────────────────────────────
def _paint_face(p: QPainter, r: QRectF, kind: int, red: bool) -> None:
    if kind < 9:
        _paint_man(p, r, kind + 1, red)
    elif kind < 18:
        _paint_pins(p, r, kind - 8, red)
    elif kind < 27:
        _paint_sou(p, r, kind - 17, red)
    elif kind < 34:
        ch = HONOR_CHARS[kind - 27]
        if ch == "白":
            _paint_white_dragon(p, r)
        else:
            color = {"發": GREEN, "中": RED}.get(ch, NAVY)
            _text(p, r, ch, color, 0.82)
    else:
        i = kind - 34
        color = (GREEN, RED, QColor("#b5651d"), BLUE, RED, QColor("#6a3d9a"), QColor("#b5651d"), GREEN)[i]
        big = QRectF(r.x(), r.y() + r.height() * 0.12, r.width(), r.height() * 0.8)
        _text(p, big, FLOWER_CHARS[i], color, 0.78)
        corner = QRectF(r.x(), r.y() - r.height() * 0.02, r.width() * 0.36, r.height() * 0.26)
        _text(p, corner, str(i % 4 + 1), color, 0.9)


def _text(p: QPainter, r: QRectF, text: str, color: QColor, scale: float) -> None:
    font = QFont(fonts.tile_family())
    font.setPixelSize(max(1, int(min(r.width(), r.height() / max(1, len(text))) * scale)))
    font.setBold(True)
    font.setHintingPreference(QFont.HintingPreference.PreferNoHinting)
    p.setFont(font)
    p.setPen(color)
    p.drawText(r, Qt.AlignmentFlag.AlignCenter, text)


def _paint_man(p: QPainter, r: QRectF, n: int, red: bool) -> None:
    top = QRectF(r.x(), r.y(), r.width(), r.height() * 0.46)
    bottom = QRectF(r.x(), r.y() + r.height() * 0.44, r.width(), r.height() * 0.56)
    _text(p, top, MAN_NUMERALS[n - 1], RED if red else INK, 0.98)
    _text(p, bottom, "萬", RED, 0.92)


_PIN_LAYOUT: dict[int, list[tuple[float, float]]] = {
    1: [(0.5, 0.5)],
    2: [(0.5, 0.24), (0.5, 0.76)],
    3: [(0.2, 0.17), (0.5, 0.5), (0.8, 0.83)],
    4: [(0.27, 0.25), (0.73, 0.25), (0.27, 0.75), (0.73, 0.75)],
    5: [(0.24, 0.2), (0.76, 0.2), (0.5, 0.5), (0.24, 0.8), (0.76, 0.8)],
    6: [(0.28, 0.16), (0.72, 0.16), (0.28, 0.55), (0.72, 0.55), (0.28, 0.85), (0.72, 0.85)],
    7: [(0.2, 0.12), (0.5, 0.23), (0.8, 0.34), (0.28, 0.6), (0.72, 0.6), (0.28, 0.88), (0.72, 0.88)],
    8: [(x, y) for y in (0.12, 0.37, 0.63, 0.88) for x in (0.28, 0.72)],
    9: [(x, y) for y in (0.15, 0.5, 0.85) for x in (0.19, 0.5, 0.81)],
}


def _pin_colors(n: int) -> list[QColor]:
    if n == 1:
        return [RED]
    if n == 2:
        return [GREEN, BLUE]
    if n == 3:
        return [BLUE, RED, GREEN]
    if n == 4:
        return [BLUE, GREEN, GREEN, BLUE]
    if n == 5:
        return [BLUE, GREEN, RED, GREEN, BLUE]
    if n == 6:
        return [GREEN, GREEN, RED, RED, RED, RED]
    if n == 7:
        return [GREEN, GREEN, GREEN, RED, RED, RED, RED]
    if n == 8:
        return [BLUE] * 8
    return [BLUE] * 3 + [RED] * 3 + [GREEN] * 3


def _paint_pins(p: QPainter, r: QRectF, n: int, red: bool) -> None:
    layout = _PIN_LAYOUT[n]
    colors = [RED] * n if red else _pin_colors(n)
    base = min(r.width(), r.height())
    radius = {1: 0.44, 2: 0.25, 3: 0.2, 4: 0.21, 5: 0.2, 6: 0.19, 7: 0.17, 8: 0.165, 9: 0.16}[n] * base
    if n in (8,):
        radius = min(radius, r.height() * 0.12)
    for (fx, fy), color in zip(layout, colors, strict=True):
        c = QPointF(r.x() + fx * r.width(), r.y() + fy * r.height())
        _dot(p, c, radius, color, big=n == 1)


def _dot(p: QPainter, c: QPointF, radius: float, color: QColor, *, big: bool = False) -> None:
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(color)
    p.drawEllipse(c, radius, radius)
    p.setBrush(FACE_TOP)
    p.drawEllipse(c, radius * 0.72, radius * 0.72)
    p.setBrush(color)
    p.drawEllipse(c, radius * 0.5, radius * 0.5)
    if big:
        p.setBrush(FACE_TOP)
        p.drawEllipse(c, radius * 0.3, radius * 0.3)
        p.setBrush(GREEN)
        p.drawEllipse(c, radius * 0.18, radius * 0.18)
        p.setPen(QPen(BLUE, radius * 0.06))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawEllipse(c, radius * 0.86, radius * 0.86)


_SOU_LAYOUT: dict[int, list[tuple[float, float]]] = {
    2: [(0.5, 0.25), (0.5, 0.75)],
    3: [(0.5, 0.25), (0.3, 0.75), (0.7, 0.75)],
    4: [(0.3, 0.25), (0.7, 0.25), (0.3, 0.75), (0.7, 0.75)],
    5: [(0.22, 0.25), (0.78, 0.25), (0.5, 0.5), (0.22, 0.75), (0.78, 0.75)],
    6: [(x, y) for y in (0.25, 0.75) for x in (0.2, 0.5, 0.8)],
    7: [(0.5, 0.15)] + [(x, y) for y in (0.5, 0.84) for x in (0.2, 0.5, 0.8)],
    8: [(x, y) for y in (0.25, 0.75) for x in (0.14, 0.38, 0.62, 0.86)],
    9: [(x, y) for y in (0.16, 0.5, 0.84) for x in (0.2, 0.5, 0.8)],
}


def _paint_sou(p: QPainter, r: QRectF, n: int, red: bool) -> None:
    if n == 1:
        _paint_one_sou(p, r, red)
        return
    layout = _SOU_LAYOUT[n]
    rows = 3 if n in (7, 9) else 2
    stick_h = r.height() / rows * 0.84
    stick_w = r.width() * (0.14 if n == 8 else 0.17)
    for i, (fx, fy) in enumerate(layout):
        color = GREEN
        if red or (n == 5 and i == 2) or (n == 7 and i == 0) or (n == 9 and i % 3 == 1):
            color = RED
        if n == 8:
            color = GREEN if not red else RED
        c = QPointF(r.x() + fx * r.width(), r.y() + fy * r.height())
        _stick(p, QRectF(c.x() - stick_w / 2, c.y() - stick_h / 2, stick_w, stick_h), color)


def _stick(p: QPainter, s: QRectF, color: QColor) -> None:
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(color)
    p.drawRoundedRect(s, s.width() * 0.45, s.width() * 0.45)
    p.setPen(QPen(FACE_TOP, max(0.7, s.width() * 0.16)))
    for f in (0.33, 0.66):
        y = s.y() + s.height() * f
        p.drawLine(QPointF(s.x() + s.width() * 0.15, y), QPointF(s.right() - s.width() * 0.15, y))
    p.setPen(QPen(FACE_TOP, max(0.5, s.width() * 0.1)))
    p.drawLine(
        QPointF(s.center().x(), s.y() + s.height() * 0.1), QPointF(s.center().x(), s.y() + s.height() * 0.24)
    )


def _paint_one_sou(p: QPainter, r: QRectF, red: bool) -> None:
    """1 sou: a bamboo shoot with two leaves and a red bud, distinct at a glance."""
    green = RED if red else GREEN
    cx = r.center().x()
    stalk = QRectF(cx - r.width() * 0.11, r.y() + r.height() * 0.22, r.width() * 0.22, r.height() * 0.72)
    _stick(p, stalk, green)
    for side in (-1, 1):
        leaf = QPainterPath()
        base = QPointF(cx, r.y() + r.height() * 0.5)
        tip = QPointF(cx + side * r.width() * 0.48, r.y() + r.height() * 0.22)
        leaf.moveTo(base)
        leaf.quadTo(QPointF(cx + side * r.width() * 0.12, r.y() + r.height() * 0.18), tip)
        leaf.quadTo(QPointF(cx + side * r.width() * 0.36, r.y() + r.height() * 0.5), base)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(GREEN).lighter(125))
        p.drawPath(leaf)
    p.setBrush(RED)
    p.drawEllipse(QPointF(cx, r.y() + r.height() * 0.13), r.width() * 0.13, r.width() * 0.13)


def _paint_white_dragon(p: QPainter, r: QRectF) -> None:
    frame = r.adjusted(r.width() * 0.08, r.height() * 0.08, -r.width() * 0.08, -r.height() * 0.08)
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.setPen(QPen(BLUE, max(1.0, r.width() * 0.07)))
    p.drawRoundedRect(frame, r.width() * 0.06, r.width() * 0.06)
    p.setPen(QPen(BLUE, max(0.6, r.width() * 0.03)))
    inner = frame.adjusted(r.width() * 0.1, r.width() * 0.1, -r.width() * 0.1, -r.width() * 0.1)
    p.drawRect(inner)


# ── cache ─────────────────────────────────────────────────────────────────────────────────────
_CACHE: OrderedDict[tuple[object, ...], QPixmap] = OrderedDict()
_CACHE_MAX = 900


def tile_pixmap(
    kind: int | None,
    red: bool,
    width: float,
    height: float,
    state: TileState = TileState.NONE,
    *,
    dpr: float = 1.0,
    depth: float = 0.1,
) -> QPixmap:
    """A cached pixmap of a tile of ``width`` x ``height`` logical pixels at device pixel ratio ``dpr``."""
    pw, ph = max(1, round(width * dpr)), max(1, round(height * dpr))
    # the ratio too: the same device pixels at another ratio are another logical size
    key = (kind, red, pw, ph, int(state), round(depth, 3), round(dpr, 4))
    pm = _CACHE.get(key)
    if pm is not None:
        _CACHE.move_to_end(key)
        return pm
    pm = QPixmap(pw, ph)
    pm.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pm)
    paint_tile(painter, QRectF(0, 0, pw, ph), kind, red, state, depth=depth)
    painter.end()
    pm.setDevicePixelRatio(dpr)
    _CACHE[key] = pm
    if len(_CACHE) > _CACHE_MAX:
        _CACHE.popitem(last=False)
    return pm


def clear_cache() -> None:
    _CACHE.clear()
