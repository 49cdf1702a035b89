"""The table's Qt graphics items: tiles, the own hand's tiles, labels, dice, the centre box, the felt.

Every item is a ``QGraphicsPixmapItem`` holding a picture drawn at the device resolution (tiles from
:func:`desktop.tileart.tile_pixmap`, labels, dice and the centre box drawn once and remembered), so a
paint of the table is Qt's C++ blitting pixmaps: no Python ``paint`` or ``boundingRect`` is called
back, and nothing waits for the GIL. :meth:`TileItem.set_scale` and :meth:`PixmapItem.set_scale` draw
a picture again when the view's scale changes.
"""

from __future__ import annotations

import functools
import math
from collections import OrderedDict
from collections.abc import Callable
from typing import Any, Protocol

from PySide6.QtCore import QPointF, QRectF, QSizeF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QLinearGradient,
    QPainter,
    QPainterPath,
    QPen,
    QPixmap,
)
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsPixmapItem,
    QGraphicsRectItem,
    QGraphicsSceneHoverEvent,
    QGraphicsSceneMouseEvent,
    QGraphicsSimpleTextItem,
)

from desktop import fonts
from desktop.table.layout import BOX, CENTER_X, CENTER_Y, DROP_LINE
from desktop.table.view import felt as felt  # painted by the view in the first frame (re-exported)
from desktop.tileart import BACK, BACK_DARK, BACK_LIGHT, GOLD, TileState, tile_pixmap
from engine.tiles import kind_of

CENTER = QPointF(CENTER_X, CENTER_Y)

TEXT = QColor("#eef3ef")
MUTED = QColor("#b9cbc3")
ACCENT = QColor("#f2c14e")
LABEL_BG = QColor(10, 24, 20, 170)
FLASH_TEXT = QColor("#fff6dc")
FLASH_BG = QColor(120, 30, 24, 215)

Draw = Callable[[QPainter], None]


def ui_font(px: float, bold: bool = False) -> QFont:
    f = QFont(fonts.ui_family())
    f.setPixelSize(max(1, int(px)))
    f.setBold(bold)
    return f


def as_state(state: int) -> TileState:
    """A layout's :class:`desktop.table.layout.TileState` as the painter's (the same bits)."""
    return TileState(int(state))


# ── tiles ─────────────────────────────────────────────────────────────────────────────────────
class TileItem(QGraphicsPixmapItem):
    """One tile: a pixmap made at the device resolution (so it stays crisp at any scale).

    Painting and hit-testing run in Qt's C++ (no Python ``paint`` or ``boundingRect``), so drawing the
    table never waits for Python, nor for the GIL. The scene calls :meth:`set_scale` when the view's
    scale changes."""

    def __init__(
        self,
        tile: int | None,
        w: float,
        h: float,
        *,
        face_up: bool = True,
        red: bool = False,
        state: int = TileState.NONE,
        depth: float = 0.1,
        scale: float = 1.0,
        parent: QGraphicsItem | None = None,
    ) -> None:
        super().__init__(parent)
        self.tile = tile
        self.w, self.h = w, h
        self.kind = kind_of(tile) if (tile is not None and face_up) else None
        self.red = bool(tile is not None and face_up and red)
        self.state = as_state(state)
        self.depth = depth
        self.px = scale
        self.setShapeMode(QGraphicsPixmapItem.ShapeMode.BoundingRectShape)
        self.setTransformationMode(Qt.TransformationMode.SmoothTransformation)
        self._refresh()

    def _refresh(self) -> None:
        self.setPixmap(
            tile_pixmap(self.kind, self.red, self.w, self.h, self.state, dpr=self.px, depth=self.depth)
        )

    def set_state(self, state: int) -> None:
        if state != self.state:  # IntFlags compare as ints: convert only on a change
            self.state = as_state(state)
            self._refresh()

    def set_scale(self, px: float) -> None:
        if px != self.px:
            self.px = px
            self._refresh()

    def set_face(self, kind: int | None, red: bool = False) -> None:
        """Show another face (the 财神 reveal turns a back into a face)."""
        if (kind, red) != (self.kind, self.red):
            self.kind, self.red = kind, red
            self._refresh()

    def reset(self, tile: int | None, *, face_up: bool, red: bool, state: int) -> None:
        """Become another tile (an item kept from an earlier render is used again)."""
        kind = kind_of(tile) if (tile is not None and face_up) else None
        red = bool(tile is not None and face_up and red)
        new = as_state(state)
        self.tile = tile
        if (kind, red, new) != (self.kind, self.red, self.state):
            self.kind, self.red, self.state = kind, red, new
            self._refresh()


class HandInput(Protocol):
    """What a hand tile tells the scene (:class:`desktop.table.scene.TableScene`)."""

    def hover_tile(self, item: HandTile, on: bool) -> None: ...
    def refuse(self, item: HandTile) -> None: ...
    def clicked(self, item: HandTile) -> None: ...
    def double_clicked(self, item: HandTile) -> None: ...
    def dropped(self, item: HandTile) -> None: ...


class HandTile(TileItem):
    """A tile of the player's own hand: click, double-click, drag above the hand to discard."""

    def __init__(
        self,
        table: HandInput,
        tile: int,
        w: float,
        h: float,
        *,
        allowed: bool,
        reason: str,
        red: bool,
        state: int,
        scale: float = 1.0,
    ) -> None:
        super().__init__(tile, w, h, red=red, state=state, scale=scale)
        self.tile: int = tile
        self.table = table
        self.allowed = allowed
        self.reason = reason
        self.home = QPointF()
        self.z_home = 0.0  # its stacking in the hand (a dragged tile rises above everything)
        self._press: QPointF | None = None
        self._dragging = False
        self.setAcceptHoverEvents(True)
        self.set_allowed(allowed, reason)

    def set_allowed(self, allowed: bool, reason: str) -> None:
        self.allowed, self.reason = allowed, reason
        self._press = None
        self._dragging = False
        self.setCursor(Qt.CursorShape.PointingHandCursor if allowed else Qt.CursorShape.ForbiddenCursor)

    def hoverEnterEvent(self, event: QGraphicsSceneHoverEvent) -> None:
        self.table.hover_tile(self, True)

    def hoverLeaveEvent(self, event: QGraphicsSceneHoverEvent) -> None:
        self.table.hover_tile(self, False)

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if event.button() != Qt.MouseButton.LeftButton:
            event.ignore()
            return
        self._press = event.scenePos()
        self._dragging = False
        event.accept()

    def mouseMoveEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if self._press is None:
            return
        delta = event.scenePos() - self._press
        if not self._dragging and (abs(delta.x()) + abs(delta.y())) > 8:
            if not self.allowed:
                self.table.refuse(self)
                self._press = None
                return
            self._dragging = True
            self.setZValue(50)
        if self._dragging:
            self.setPos(self.home + delta)

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if self._press is None:
            return
        self._press = None
        if self._dragging:
            self._dragging = False
            self.setZValue(self.z_home)
            if event.scenePos().y() < DROP_LINE:
                self.table.dropped(self)
            else:
                self.setPos(self.home)
            return
        self.table.clicked(self)

    def mouseDoubleClickEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        self.table.double_clicked(self)


class SeatAnchor(QGraphicsRectItem):
    """An empty item at the table centre, rotated toward a seat; its children use the seat frame
    (:mod:`desktop.table.layout`)."""

    def __init__(self) -> None:
        super().__init__()
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemHasNoContents, True)


# ── pictures ──────────────────────────────────────────────────────────────────────────────────
def picture(size: QSizeF, draw: Draw, px: float) -> QPixmap:
    """A transparent pixmap of ``size`` scene units at ``px`` device pixels per unit, painted by ``draw``."""
    pm = QPixmap(max(1, math.ceil(size.width() * px)), max(1, math.ceil(size.height() * px)))
    pm.fill(Qt.GlobalColor.transparent)
    p = QPainter(pm)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    p.scale(px, px)
    draw(p)
    p.end()
    pm.setDevicePixelRatio(px)
    return pm


_PICTURES: OrderedDict[tuple[object, ...], QPixmap] = OrderedDict()


def cached_picture(key: tuple[object, ...], size: QSizeF, draw: Draw, px: float) -> QPixmap:
    """:func:`picture` remembered by ``key`` (labels and dice repeat)."""
    full = (*key, round(px, 4))
    pm = _PICTURES.get(full)
    if pm is None:
        pm = _PICTURES[full] = picture(size, draw, px)
        if len(_PICTURES) > 400:
            _PICTURES.popitem(last=False)
    else:
        _PICTURES.move_to_end(full)
    return pm


class PixmapItem(QGraphicsPixmapItem):
    """A pre-drawn picture (label, dice, the centre box) at the device resolution.

    ``draw(painter)`` paints it in scene units onto a pixmap of ``size`` x scale device pixels;
    :meth:`set_scale` draws it again for a new view scale. A picture with a ``key`` is remembered."""

    def __init__(
        self,
        size: QSizeF,
        draw: Draw,
        *,
        scale: float = 1.0,
        key: tuple[object, ...] | None = None,
        parent: QGraphicsItem | None = None,
    ) -> None:
        super().__init__(parent)
        self.size = size
        self.draw = draw
        self.px = scale
        self.key = key
        self.setShapeMode(QGraphicsPixmapItem.ShapeMode.BoundingRectShape)
        self.setTransformationMode(Qt.TransformationMode.SmoothTransformation)
        self._refresh()

    def _refresh(self) -> None:
        if self.key is not None:
            self.setPixmap(cached_picture(self.key, self.size, self.draw, self.px))
        else:
            self.setPixmap(picture(self.size, self.draw, self.px))

    def show_picture(self, key: tuple[object, ...], draw: Draw) -> None:
        """Show the remembered picture ``key`` (drawn by ``draw`` the first time)."""
        if key != self.key:
            self.key, self.draw = key, draw
            self._refresh()

    def redraw(self, size: QSizeF, draw: Draw) -> None:
        self.size, self.draw = size, draw
        self._refresh()

    def set_scale(self, px: float) -> None:
        if px != self.px:
            self.px = px
            self._refresh()


def label_size(text: str, px: float, *, bold: bool = False, pad: float = 8.0) -> QSizeF:
    """The size of a :class:`Label` of ``text`` (its lines, ``pad`` around)."""
    fm = QFontMetricsF(ui_font(px, bold))
    lines = text.split("\n")
    w = max(fm.horizontalAdvance(line) for line in lines) + 2 * pad
    h = fm.height() * len(lines) + pad
    return QSizeF(w, h)


class Label(PixmapItem):
    """A rounded, softly shaded text label (seat names, flash words such as ポン), drawn once."""

    def __init__(
        self,
        text: str,
        px: float,
        *,
        color: QColor = TEXT,
        bg: QColor | None = None,
        bold: bool = False,
        pad: float = 8.0,
        scale: float = 1.0,
    ) -> None:
        self.text = text
        self.font = ui_font(px, bold)
        self.color = color
        self.bg = bg
        self.pad = pad
        key = ("label", text, px, bold, pad, color.rgba(), bg.rgba() if bg is not None else None)
        super().__init__(label_size(text, px, bold=bold, pad=pad), self._paint, scale=scale, key=key)

    def _paint(self, p: QPainter) -> None:
        rect = QRectF(0, 0, self.size.width(), self.size.height())
        if self.bg is not None:
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(self.bg)
            p.drawRoundedRect(rect, 8, 8)
        p.setFont(self.font)
        p.setPen(self.color)
        p.drawText(rect, Qt.AlignmentFlag.AlignCenter, self.text)


_PIPS = {
    1: [(0.5, 0.5)],
    2: [(0.28, 0.28), (0.72, 0.72)],
    3: [(0.25, 0.25), (0.5, 0.5), (0.75, 0.75)],
    4: [(0.28, 0.28), (0.72, 0.28), (0.28, 0.72), (0.72, 0.72)],
    5: [(0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)],
    6: [(0.28, 0.22), (0.72, 0.22), (0.28, 0.5), (0.72, 0.5), (0.28, 0.78), (0.72, 0.78)],
}


class Dice(PixmapItem):
    """A die showing ``value`` (the set-up roll tumbles through other faces first)."""

    def __init__(self, value: int, size: float = 30, *, scale: float = 1.0) -> None:
        self.value = max(1, min(6, int(value)))
        self.side = size
        super().__init__(QSizeF(size, size), self._paint, scale=scale, key=self._key())
        self.setTransformOriginPoint(size / 2, size / 2)

    def _key(self) -> tuple[object, ...]:
        return ("die", self.value, self.side)

    def show_value(self, value: int) -> None:
        value = max(1, min(6, int(value)))
        if value != self.value:
            self.value = value
            self.key = self._key()
            self._refresh()

    def _paint(self, p: QPainter) -> None:
        s = self.side
        p.setPen(QPen(QColor("#b9b2a0"), 1))
        p.setBrush(QColor("#fbf8ef"))
        p.drawRoundedRect(QRectF(0.5, 0.5, s - 1, s - 1), s * 0.18, s * 0.18)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor("#b8312b") if self.value in (1, 4) else QColor("#1c2230"))
        r = s * (0.12 if self.value == 1 else 0.085)
        for fx, fy in _PIPS[self.value]:
            p.drawEllipse(QPointF(fx * s, fy * s), r, r)


class Stick(PixmapItem):
    """A riichi stick: a white stick with a red dot in the middle, ``w`` x ``h`` scene units."""

    def __init__(self, w: float, h: float, *, scale: float = 1.0) -> None:
        self.w, self.h = w, h
        super().__init__(QSizeF(w, h), self._paint, scale=scale, key=("stick", w, h))

    def _paint(self, p: QPainter) -> None:
        p.setPen(QPen(QColor("#8e8a7c"), 0.8))
        p.setBrush(QColor("#f7f4ea"))
        p.drawRoundedRect(QRectF(0.5, 0.5, self.w - 1, self.h - 1), self.h / 2, self.h / 2)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor("#c0302a"))
        r = self.h * 0.3
        p.drawEllipse(QPointF(self.w / 2, self.h / 2), r, r)


class Marker(PixmapItem):
    """The marker over the last discard: a small triangle pointing down."""

    def __init__(self, size: float, *, scale: float = 1.0) -> None:
        self.side = size
        super().__init__(QSizeF(size, size * 0.8), self._paint, scale=scale, key=("marker", size))

    def _paint(self, p: QPainter) -> None:
        s = self.side
        path = QPainterPath()
        path.moveTo(1, 1)
        path.lineTo(s - 1, 1)
        path.lineTo(s / 2, s * 0.8 - 1)
        path.closeSubpath()
        p.setPen(QPen(QColor(20, 30, 28, 200), 1.0))
        p.setBrush(ACCENT)
        p.drawPath(path)


class Stack(PixmapItem):
    """One stack of a wall seen from above (in its owner's seat frame, its owner below): two tiles
    show a thicker edge toward the owner than one, a taken stack only its place. The 财神 stack is
    gold, the reserve dimmed with a red edge; the stack of the next draw is outlined in blue, the
    stack of the next replacement in white."""

    def __init__(
        self,
        w: float,
        h: float,
        tiles: int,
        *,
        wild: bool = False,
        reserve: bool = False,
        front: bool = False,
        tail: bool = False,
        scale: float = 1.0,
    ) -> None:
        self.w, self.h = w, h
        self.tiles, self.wild, self.reserve, self.front, self.tail = tiles, wild, reserve, front, tail
        key = ("stack", w, h, tiles, wild, reserve, front, tail)
        super().__init__(QSizeF(w, h), self._paint, scale=scale, key=key)

    def _paint(self, p: QPainter) -> None:
        w, h = self.w, self.h
        body = QRectF(0.5, 0.5, w - 1, h - 1)
        if self.tiles <= 0:
            p.setPen(QPen(QColor(255, 255, 255, 45), 0.8, Qt.PenStyle.DotLine))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRoundedRect(body.adjusted(1, 1, -1, -1), 2, 2)
            return
        edge = h * (0.36 if self.tiles >= 2 else 0.18)  # the ivory sides seen toward the owner
        p.setPen(QPen(QColor("#8f8772"), 0.6))
        p.setBrush(QColor("#e8e0cb") if self.tiles >= 2 else QColor("#cfc6ae"))
        p.drawRoundedRect(body, 2, 2)
        top = QRectF(body.x() + 0.6, body.y() + 0.6, body.width() - 1.2, body.height() - edge)
        if self.wild:  # the two tiles turned up for the 财神
            p.setBrush(GOLD)
            p.setPen(QPen(QColor("#7a5a0c"), 0.8))
        else:
            grad = QLinearGradient(top.topLeft(), top.bottomRight())
            grad.setColorAt(0, BACK_LIGHT)
            grad.setColorAt(1, BACK)
            p.setBrush(QBrush(grad))
            p.setPen(QPen(BACK_DARK, 0.6))
        p.drawRoundedRect(top, 1.6, 1.6)
        if self.reserve:
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QColor(20, 10, 10, 110))
            p.drawRoundedRect(body, 2, 2)
            p.setPen(QPen(QColor("#e0675c"), 1.2))
            p.drawLine(
                QPointF(body.left() + 1, body.bottom() - 0.6), QPointF(body.right() - 1, body.bottom() - 0.6)
            )
        if self.front or self.tail:
            p.setPen(QPen(QColor("#7fe0ff") if self.front else QColor("#ffffff"), 1.6 if self.front else 1.0))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRoundedRect(body.adjusted(0.3, 0.3, -0.3, -0.3), 2, 2)


class BreakMark(PixmapItem):
    """Where the deal broke the wall: a short red bar across the ring of stacks."""

    def __init__(self, h: float, *, scale: float = 1.0) -> None:
        self.h = h
        super().__init__(QSizeF(4, h), self._paint, scale=scale, key=("break", h))

    def _paint(self, p: QPainter) -> None:
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor("#e2483d"))
        p.drawRoundedRect(QRectF(0.5, 0, 3, self.h), 1.5, 1.5)


# ── the centre box ────────────────────────────────────────────────────────────────────────────
class Backdrop(QGraphicsRectItem):
    """The centre box with winds, scores, round, honba, sticks, wall count and the turn marker.

    The box is drawn once; every text on it (each seat's wind and score, the round, the wall count) and
    the glow of the seat to act are small pictures of their own, remembered by what they show, so a step
    of the game redraws at most the wall count and a new hand only the scores that changed.

    :meth:`set_info` takes the words: ``{"seats": [{"wind", "score", "dealer", "active"}, ...] (in
    relative order), "round", "sub", "wall", "notice"}`` (an empty dict hides the box; a notice, such
    as the last four tiles, takes the place of the sub line in the accent colour)."""

    def __init__(self) -> None:
        super().__init__()
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemHasNoContents, True)
        self.setPos(CENTER_X - BOX - 4, CENTER_Y - BOX - 4)
        self.setZValue(-100)
        self.info: dict[str, Any] = {}
        self.box_rect = QRectF(4, 4, 2 * BOX, 2 * BOX)
        self.parts: dict[str, PixmapItem] = {}
        self.texts: dict[str, tuple[QGraphicsSimpleTextItem, tuple[Any, ...]]] = {}

    def _part(self, name: str, rect: QRectF, px: float) -> PixmapItem:
        part = self.parts.get(name)
        if part is None:
            part = PixmapItem(rect.size(), _paint_nothing, scale=px, parent=self)
            part.setPos(rect.topLeft())
            self.parts[name] = part
        return part

    def set_info(self, info: dict[str, Any], px: float = 1.0) -> None:
        if info == self.info:
            return
        self.info = info
        if not info:
            for part in self.parts.values():
                part.hide()
            for item, _ in self.texts.values():
                item.hide()
            return
        box = self._part("box", QRectF(0, 0, 2 * BOX + 8, 2 * BOX + 8), px)
        box.show_picture(("box",), _paint_box)
        box.show()
        for rel in range(4):
            seat = info["seats"][rel] if rel < len(info["seats"]) else None
            edge = _edge_rect(self.box_rect, rel)
            glow_rect = edge.united(_edge_bar(self.box_rect, rel))
            glow = self._part(f"glow{rel}", glow_rect, px)
            glow.show_picture(("glow", rel), functools.partial(_paint_glow, rel=rel, area=glow_rect))
            glow.setVisible(bool(seat and seat["active"]))
            if seat is None:
                for name in (f"wind{rel}", f"score{rel}"):
                    if name in self.texts:
                        self.texts[name][0].hide()
                continue
            wind_r, score_r = _edge_text_rects(edge, rel)
            wind_color = QColor("#ff8a7a") if seat["dealer"] else TEXT
            text = (seat["wind"], 26 if rel == 0 else 22, True, wind_color.rgba())
            self._text(f"wind{rel}", wind_r, text, px)
            text = (seat["score"], 18, True, (ACCENT if seat["active"] else TEXT).rgba())
            self._text(f"score{rel}", score_r, text, px)
        inner = self.box_rect.adjusted(56, 56, -56, -56)
        width = inner.width()
        self._text(
            "round", QRectF(inner.x(), inner.y() + 2, width, 38), (info["round"], 25, True, TEXT.rgba()), px
        )
        notice = info.get("notice")
        sub = (notice, 16, True, ACCENT.rgba()) if notice else (info["sub"], 15, False, MUTED.rgba())
        self._text("sub", QRectF(inner.x(), inner.y() + 42, width, 24), sub, px)
        self._text(
            "wall", QRectF(inner.x(), inner.y() + 72, width, 26), (info["wall"], 16, True, TEXT.rgba()), px
        )

    def _text(self, name: str, rect: QRectF, text: tuple[str, int, bool, int], px: float) -> None:
        """A centred text: Qt draws it in C++ from its glyph cache, so changing it costs nothing."""
        item, shown = self.texts.get(name, (None, ()))
        if item is None:
            item = QGraphicsSimpleTextItem(self)
            item.setPen(Qt.PenStyle.NoPen)
        if shown != (text, rect):
            words, size, bold, rgba = text
            item.setFont(ui_font(size, bold=bold))
            item.setBrush(QColor.fromRgba(rgba))
            item.setText(words)
            br = item.boundingRect()
            item.setPos(rect.center() - br.center())
        self.texts[name] = (item, (text, rect))
        item.show()


def _paint_nothing(p: QPainter) -> None:
    return None


def _paint_box(p: QPainter) -> None:
    box = QRectF(4, 4, 2 * BOX, 2 * BOX)
    g = QLinearGradient(box.topLeft(), box.bottomRight())
    g.setColorAt(0, QColor(20, 38, 34, 235))
    g.setColorAt(1, QColor(14, 28, 26, 235))
    p.setPen(QPen(QColor(255, 255, 255, 40), 1.5))
    p.setBrush(QBrush(g))
    p.drawRoundedRect(box, 18, 18)


def _paint_glow(p: QPainter, *, rel: int, area: QRectF) -> None:
    """The glow of the seat to act along its edge of the centre box, with the accent bar."""
    box = QRectF(4, 4, 2 * BOX, 2 * BOX)
    p.translate(-area.topLeft())
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor(242, 193, 78, 60))
    p.drawRoundedRect(_edge_rect(box, rel), 8, 8)
    p.setBrush(ACCENT)
    p.drawRoundedRect(_edge_bar(box, rel), 3, 3)


def _edge_rect(box: QRectF, rel: int) -> QRectF:
    t = 52.0
    if rel == 0:
        return QRectF(box.x() + 8, box.bottom() - t - 4, box.width() - 16, t)
    if rel == 1:
        return QRectF(box.right() - t - 4, box.y() + 8, t, box.height() - 16)
    if rel == 2:
        return QRectF(box.x() + 8, box.y() + 4, box.width() - 16, t)
    return QRectF(box.x() + 4, box.y() + 8, t, box.height() - 16)


def _edge_bar(box: QRectF, rel: int) -> QRectF:
    if rel == 0:
        return QRectF(box.center().x() - 50, box.bottom() - 6, 100, 4)
    if rel == 1:
        return QRectF(box.right() - 6, box.center().y() - 50, 4, 100)
    if rel == 2:
        return QRectF(box.center().x() - 50, box.y() + 2, 100, 4)
    return QRectF(box.x() + 2, box.center().y() - 50, 4, 100)


def _edge_text_rects(edge: QRectF, rel: int) -> tuple[QRectF, QRectF]:
    if rel in (0, 2):
        w = edge.width()
        return (
            QRectF(edge.x(), edge.y(), w * 0.34, edge.height()),
            QRectF(edge.x() + w * 0.3, edge.y(), w * 0.62, edge.height()),
        )
    h = edge.height()
    return (
        QRectF(edge.x(), edge.y() + h * 0.22, edge.width(), 30),
        QRectF(edge.x() - 14, edge.y() + h * 0.22 + 30, edge.width() + 28, 64),
    )
