"""The table: a QGraphicsScene of 1600 x 1000 logical units that the view scales to the window.

Everything is drawn from an observation (:meth:`engine.game.game.Game.observation`) generically: hands,
melds with the claimed tile turned toward its giver, ponds in rows of six (tsumogiri shaded, riichi
turned), flowers, lacking suits, players who have won, wild (财神) kinds, dice, dora indicators, winds,
scores and the wall count. A family adds nothing here but the keys of its observation.

Seats are drawn in "local" coordinates as if they sat at the bottom (origin at the table centre, +y
toward the seat), then rotated into place: the next seat in turn order sits on the right.

Every item is a ``QGraphicsPixmapItem`` holding a picture drawn at the device resolution (tiles from
:func:`desktop.tileart.tile_pixmap`, labels, dice and the centre box drawn once), so a paint of the
table is Qt's C++ blitting pixmaps: no Python ``paint`` or ``boundingRect`` is called back, and nothing
waits for the GIL. Items are reused between renders when they show the same thing in the same place.
"""

from __future__ import annotations

import math
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import (
    QEasingCurve,
    QObject,
    QPointF,
    QRectF,
    QSizeF,
    Qt,
    QTimer,
    QVariantAnimation,
    Signal,
)
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QLinearGradient,
    QPainter,
    QPen,
    QPixmap,
    QRadialGradient,
    QTransform,
)
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsPixmapItem,
    QGraphicsRectItem,
    QGraphicsScene,
    QGraphicsSceneMouseEvent,
    QGraphicsSimpleTextItem,
)

from desktop import (
    fonts,
    i18n,
)
from desktop.i18n import tr
from desktop.tileart import TileState, tile_pixmap
from engine.tiles import is_red, kind_of, suit_of

SCENE_W, SCENE_H = 1600.0, 1000.0
CENTER = QPointF(800.0, 452.0)
HAND_W, HAND_H = 56.0, 78.0  # the player's own tiles
MELD_W, MELD_H = 42.0, 58.0  # the player's own melds
OPP_W, OPP_H = 30.0, 42.0  # other seats' hands
OPP_MELD_W, OPP_MELD_H = 28.0, 38.0  # other seats' melds
POND_W, POND_H = 36.0, 48.0  # discards
POND_TOP = 146.0  # ponds start this far from the centre
HAND_Y = SCENE_H - HAND_H - 14  # top of the own hand
DROP_LINE = HAND_Y - 24  # a tile dropped above this line is discarded
BOX = 128.0  # half-size of the centre box

FELT_TOP = QColor("#2b5c50")
FELT_BOTTOM = QColor("#1f4a3f")
TEXT = QColor("#eef3ef")
MUTED = QColor("#b9cbc3")
ACCENT = QColor("#f2c14e")


def ui_font(px: float, bold: bool = False) -> QFont:
    f = QFont(fonts.ui_family())
    f.setPixelSize(max(1, int(px)))
    f.setBold(bold)
    return f


@dataclass
class TableModel:
    """What the scene draws: the observation and, for the player's own seat, what each tile may do."""

    obs: dict[str, Any]
    viewer: int
    family: str
    human: bool = True  # the bottom seat is a person (False in the demo)
    allowed: dict[int, bool] = field(default_factory=dict)  # own tile -> may be discarded now
    reasons: dict[int, str] = field(default_factory=dict)  # own tile -> why not
    select_mode: str = ""  # "", "riichi" (choose the riichi discard), "exchange" (choose three)
    chosen: set[int] = field(default_factory=set)  # tiles chosen in exchange mode
    revealed: dict[int, list[int]] = field(default_factory=dict)  # seat -> concealed tiles shown (settlement)
    winning: dict[int, int] = field(default_factory=dict)  # seat -> winning tile (marked)
    red_fives: bool = True
    hand_order: list[int] | None = None  # own concealed tiles in display order (auto-sort off)
    names: list[str] = field(default_factory=list)
    won_tiles: dict[int, int] = field(default_factory=dict)  # 血战: seat -> tile it won on
    hint: int | None = None


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
        red_fives: bool = True,
        state: TileState = TileState.NONE,
        depth: float = 0.1,
        scale: float = 1.0,
        parent: QGraphicsItem | None = None,
    ) -> None:
        super().__init__(parent)
        self.tile = tile
        self.w, self.h = w, h
        self.kind = kind_of(tile) if (tile is not None and face_up) else None
        self.red = bool(tile is not None and face_up and red_fives and is_red(tile))
        self.state = state
        self.depth = depth
        self.px = scale
        self.setShapeMode(QGraphicsPixmapItem.ShapeMode.BoundingRectShape)
        self.setTransformationMode(Qt.TransformationMode.SmoothTransformation)
        self._refresh()

    def _refresh(self) -> None:
        self.setPixmap(
            tile_pixmap(self.kind, self.red, self.w, self.h, self.state, dpr=self.px, depth=self.depth)
        )

    def set_state(self, state: TileState) -> None:
        if state != self.state:
            self.state = state
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

    def reset(self, tile: int | None, *, face_up: bool, red_fives: bool, state: TileState) -> None:
        """Become another tile (an item kept from an earlier render is used again)."""
        kind = kind_of(tile) if (tile is not None and face_up) else None
        red = bool(tile is not None and face_up and red_fives and is_red(tile))
        self.tile = tile
        if (kind, red, state) != (self.kind, self.red, self.state):
            self.kind, self.red, self.state = kind, red, state
            self._refresh()


class HandTile(TileItem):
    """A tile of the player's own hand: click, double-click, drag above the hand to discard."""

    def __init__(
        self,
        scene: TableScene,
        tile: int,
        w: float,
        h: float,
        *,
        allowed: bool,
        reason: str,
        red_fives: bool,
        state: TileState,
        scale: float = 1.0,
    ) -> None:
        super().__init__(tile, w, h, red_fives=red_fives, state=state, scale=scale)
        self.table = scene
        self.allowed = allowed
        self.reason = reason
        self.home = QPointF()
        self._press: QPointF | None = None
        self._dragging = False
        self.setAcceptHoverEvents(True)
        self.setCursor(Qt.CursorShape.PointingHandCursor if allowed else Qt.CursorShape.ForbiddenCursor)

    def hoverEnterEvent(self, event: Any) -> None:
        self.table.hover_tile(self, True)

    def hoverLeaveEvent(self, event: Any) -> None:
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
            self.setZValue(0)
            if event.scenePos().y() < DROP_LINE:
                self.table.dropped(self)
            else:
                self.setPos(self.home)
            return
        self.table.clicked(self)

    def mouseDoubleClickEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        self.table.double_clicked(self)


class SeatAnchor(QGraphicsRectItem):
    """An empty item at the table centre, rotated toward a seat; its children use local coordinates."""

    def __init__(self) -> None:
        super().__init__()
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemHasNoContents, True)


class PixmapItem(QGraphicsPixmapItem):
    """A pre-drawn picture (label, dice, the centre box) at the device resolution.

    ``draw(painter, scale)`` paints it in scene units onto a pixmap of ``size`` x scale device pixels;
    :meth:`set_scale` draws it again for a new view scale."""

    def __init__(
        self, size: QSizeF, draw: Any, *, scale: float = 1.0, parent: QGraphicsItem | None = None
    ) -> None:
        super().__init__(parent)
        self.size = size
        self.draw = draw
        self.px = scale
        # remembered pictures (labels, dice) have a key (a subclass may set it before this runs)
        self.key: tuple[object, ...] | None = getattr(self, "key", None)
        self.setShapeMode(QGraphicsPixmapItem.ShapeMode.BoundingRectShape)
        self.setTransformationMode(Qt.TransformationMode.SmoothTransformation)
        self._refresh()

    def _refresh(self) -> None:
        if self.key is not None:
            self.setPixmap(cached_picture(self.key, self.size, self.draw, self.px))
        else:
            self.setPixmap(picture(self.size, self.draw, self.px))

    def show_picture(self, key: tuple[object, ...], draw: Any) -> None:
        """Show the remembered picture ``key`` (drawn by ``draw`` the first time)."""
        if key != self.key:
            self.key, self.draw = key, draw
            self._refresh()

    def redraw(self, size: QSizeF, draw: Any) -> None:
        self.size, self.draw = size, draw
        self._refresh()

    def set_scale(self, px: float) -> None:
        if px != self.px:
            self.px = px
            self._refresh()


def picture(size: QSizeF, draw: Any, px: float) -> QPixmap:
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


class Backdrop(QGraphicsRectItem):
    """The centre box with winds, scores, round, honba, sticks, wall count and the turn marker.

    The box is drawn once; every text on it (each seat's wind and score, the round, the wall count) and
    the glow of the seat to act are small pictures of their own, remembered by what they show, so a step
    of the game redraws at most the wall count and a new hand only the scores that changed."""

    def __init__(self) -> None:
        super().__init__()
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemHasNoContents, True)
        self.setPos(CENTER.x() - BOX - 4, CENTER.y() - BOX - 4)
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
            seat = info["seats"][rel]
            edge = _edge_rect(self.box_rect, rel)
            glow_rect = edge.united(_edge_bar(self.box_rect, rel))
            glow = self._part(f"glow{rel}", glow_rect, px)
            glow.show_picture(("glow", rel), lambda p, r=rel, g=glow_rect: _paint_glow(p, r, g))
            glow.setVisible(bool(seat["active"]))
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
        self._text(
            "sub", QRectF(inner.x(), inner.y() + 42, width, 24), (info["sub"], 15, False, MUTED.rgba()), px
        )
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


def _paint_glow(p: QPainter, rel: int, area: QRectF) -> None:
    """The glow of the seat to act along its edge of the centre box, with the accent bar."""
    box = QRectF(4, 4, 2 * BOX, 2 * BOX)
    p.translate(-area.topLeft())
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor(242, 193, 78, 60))
    p.drawRoundedRect(_edge_rect(box, rel), 8, 8)
    p.setBrush(ACCENT)
    p.drawRoundedRect(_edge_bar(box, rel), 3, 3)


_FELT: list[QPixmap] = []


def felt() -> QPixmap:
    """The felt gradient, painted once at a quarter size (a smooth gradient scales without loss)."""
    if not _FELT:
        pm = QPixmap(400, 250)
        p = QPainter(pm)
        grad = QRadialGradient(QPointF(CENTER.x() / 4, CENTER.y() / 4), SCENE_W * 0.62 / 4)
        grad.setColorAt(0, FELT_TOP)
        grad.setColorAt(1, FELT_BOTTOM)
        p.fillRect(QRectF(0, 0, 400, 250), QBrush(grad))
        p.end()
        _FELT.append(pm)
    return _FELT[0]


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


_PICTURES: OrderedDict[tuple[object, ...], QPixmap] = OrderedDict()


def cached_picture(key: tuple[object, ...], size: QSizeF, draw: Any, px: float) -> QPixmap:
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
        fm = QFontMetricsF(self.font)
        lines = text.split("\n")
        w = max(fm.horizontalAdvance(line) for line in lines) + 2 * pad
        h = fm.height() * len(lines) + pad
        self.key = ("label", text, px, bold, pad, color.rgba(), bg.rgba() if bg is not None else None)
        super().__init__(QSizeF(w, h), self._paint, scale=scale)

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
    """A die showing ``value`` (the Lingxi roll tumbles through other faces first)."""

    def __init__(self, value: int, size: float = 30, *, scale: float = 1.0) -> None:
        self.value = max(1, min(6, int(value)))
        self.side = size
        super().__init__(QSizeF(size, size), self._paint, scale=scale)
        self.setTransformOriginPoint(size / 2, size / 2)

    def show_value(self, value: int) -> None:
        value = max(1, min(6, int(value)))
        if value != self.value:
            self.value = value
            self._refresh()

    def _refresh(self) -> None:
        self.key = ("die", self.value, self.side)
        super()._refresh()

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


class TableScene(QGraphicsScene):
    discard_requested = Signal(int)  # tile id
    refused = Signal(str)  # a short reason
    selection_changed = Signal()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(0, 0, SCENE_W, SCENE_H, parent)
        self.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.NoIndex)
        self.px = 1.0  # device pixels per scene unit (the view's scale times its pixel ratio)
        self._views_seen: set[int] = set()
        self.backdrop = Backdrop()
        self.addItem(self.backdrop)
        self.model: TableModel | None = None
        self.hand_items: list[HandTile] = []
        self.cursor = -1  # keyboard cursor in hand_items
        self.double_click_mode = False
        self.anim_speed = 1.0  # 0: no animations
        self._dynamic: list[QGraphicsItem] = []
        self._anims: list[QVariantAnimation] = []
        self._pond_pos: dict[tuple[int, int], tuple[QPointF, float]] = {}
        self.anchors: list[SeatAnchor] = []
        for rel in range(4):
            anchor = SeatAnchor()
            anchor.setPos(CENTER)
            anchor.setRotation(-90.0 * rel)
            self.addItem(anchor)
            self.anchors.append(anchor)
        # Tiles are reused between renders (same place, same face): Qt then repaints only what changed.
        self._pool: dict[tuple[object, ...], list[TileItem]] = {}
        self._live: dict[tuple[object, ...], list[TileItem]] = {}
        # items no render needs now, hidden and kept (a new hand empties the ponds; deleting and making
        # a hundred items again would cost a frame)
        self._spare: dict[tuple[object, ...], list[TileItem]] = {}
        self._hand_pool: dict[int, HandTile] = {}
        # the corner (dora indicators, dice, 财神) is rebuilt only when what it shows changes, so the
        # Lingxi dice roll and 财神 reveal play on while the game goes on
        self._corner_key: tuple[object, ...] | None = None
        self._corner_items: list[QGraphicsItem] = []
        self._corner_anims: list[QVariantAnimation] = []
        self._hand_key: tuple[object, ...] | None = None
        self._hold_until = 0.0
        # tile pictures the table will need, painted ahead in small slices while the game plays
        self._warm_key: tuple[object, ...] | None = None
        self._warm_plan: list[tuple[Any, ...]] = []
        self._warm_timer = QTimer(self)
        self._warm_timer.setInterval(12)
        self._warm_timer.timeout.connect(self._warm_some)

    # ------------------------------------------------------------------ render
    def show_model(self, model: TableModel, events: list[Any] | None = None) -> None:
        """Rebuild the table from ``model``; ``events`` (seen by the viewer) drive the animations."""
        for a in self._anims:
            a.stop()
        self._anims.clear()
        for item in self._dynamic:
            self.removeItem(item)
        self._dynamic.clear()
        self.hand_items.clear()
        self._pond_pos.clear()
        self.model = model
        self._sync_scale()
        obs = model.obs
        players = obs.get("players") or []
        if not players:
            self.backdrop.set_info({})
            self._clear_corner()
            for item in self._hand_pool.values():
                self.removeItem(item)
            self._hand_pool = {}
            return
        n = len(players)
        self._plan_warm_up(model)
        self._pool, self._live = self._live, {}
        self._draw_backdrop(model)
        for rel in range(4):
            seat = (model.viewer + rel) % n if rel < n else None
            anchor = self.anchors[rel]
            if seat is None:
                continue
            self._draw_pond(anchor, seat, players[seat], model)
            if rel == 0:
                self._draw_own(seat, players[seat], model)
            else:
                self._draw_other(anchor, seat, players[seat], model)
            self._draw_seat_label(rel, seat, players[seat], model)
        self._draw_corner(model)
        for items in self._pool.values():
            for item in items:
                self._retire(item)
        self._pool = {}
        if events:
            self._animate(events, model)

    def _tile(
        self,
        tile: int | None,
        w: float,
        h: float,
        *,
        face_up: bool = True,
        red_fives: bool = True,
        state: TileState = TileState.NONE,
        depth: float = 0.1,
        parent: QGraphicsItem | None = None,
    ) -> TileItem:
        """A tile item from the last render when one showed the same face there, else a new one."""
        key = (id(parent), tile if face_up else None, face_up, w, h, depth, red_fives)
        reuse = self._pool.get(key)
        spare = self._spare.get((id(parent), w, h, depth))
        if reuse:
            item = reuse.pop()
            item.set_state(state)
            item.setRotation(0)
        elif spare:
            item = spare.pop()
            item.reset(tile, face_up=face_up, red_fives=red_fives, state=state)
            item.setRotation(0)
            item.setOpacity(1.0)
            item.show()
        else:
            item = TileItem(
                tile, w, h, face_up=face_up, red_fives=red_fives, state=state, depth=depth, scale=self.px
            )
            if parent is not None:
                item.setParentItem(parent)
            else:
                self.addItem(item)
        self._live.setdefault(key, []).append(item)
        return item

    def _label(self, text: str, px: float, *, color: QColor = TEXT, bg: QColor | None = None) -> Label:
        key = ("label", text, px, color.rgba(), bg.rgba() if bg is not None else None)
        reuse = self._pool.get(key)
        if reuse:
            item = reuse.pop()
        else:
            item = Label(text, px, color=color, bg=bg, scale=self.px)
            self.addItem(item)
        self._live.setdefault(key, []).append(item)  # type: ignore[arg-type]
        return item

    SPARE_MAX = 120  # hidden items kept per parent and size

    def _retire(self, item: QGraphicsItem) -> None:
        """An item the render did not use: a plain tile is hidden and kept, anything else removed."""
        if type(item) is TileItem:
            parent = item.parentItem()
            spare = self._spare.setdefault((id(parent), item.w, item.h, item.depth), [])
            if len(spare) < self.SPARE_MAX:
                item.hide()
                spare.append(item)
                return
        self.removeItem(item)

    def _hand_tile(
        self, tile: int, w: float, h: float, *, allowed: bool, reason: str, red_fives: bool, state: TileState
    ) -> HandTile:
        """The hand tile for ``tile``, the one of the last render when the size is the same."""
        item = self._hand_pool.pop(tile, None)
        if item is not None and (item.w, item.h) == (w, h) and item.red == (red_fives and is_red(tile)):
            item.allowed = allowed
            item.reason = reason
            item._press = None
            item._dragging = False
            item.setZValue(0)
            item.setCursor(Qt.CursorShape.PointingHandCursor if allowed else Qt.CursorShape.ForbiddenCursor)
            item.set_state(state)
            return item
        if item is not None:
            self.removeItem(item)
        item = HandTile(
            self, tile, w, h, allowed=allowed, reason=reason, red_fives=red_fives, state=state, scale=self.px
        )
        self.addItem(item)
        return item

    def _add(self, item: QGraphicsItem) -> QGraphicsItem:
        self.addItem(item)
        self._dynamic.append(item)
        return item

    def _wild(self, tile: int) -> bool:
        assert self.model is not None
        return kind_of(tile) in set(self.model.obs.get("wild_kinds") or [])

    def _state_for(self, tile: int) -> TileState:
        state = TileState.NONE
        if self._wild(tile):
            state |= TileState.WILD
        return state

    def _draw_backdrop(self, model: TableModel) -> None:
        obs = model.obs
        n = len(obs["players"])
        scores = obs.get("scores") or obs.get("match", {}).get("scores") or [0] * n
        dealer = obs.get("dealer", 0)
        turn = obs.get("turn")
        pending = set()
        if obs.get("phase") in ("claim", "rob_kan", "setup"):
            turn = None
        seats = []
        for rel in range(4):
            seat = (model.viewer + rel) % n
            wind = (seat - dealer) % n
            seats.append(
                {
                    "wind": i18n.wind_char(wind),
                    "score": f"{scores[seat]}",
                    "dealer": seat == dealer,
                    "active": seat == turn or seat in pending,
                }
            )
        round_wind = obs.get("round_wind", 27) - 27
        hand_no = obs.get("match", {}).get("round_index", 0) % n + 1
        if model.family == "riichi":
            round_text = f"{i18n.wind_char(round_wind)}{hand_no}" + ("局" if i18n.is_zh() else "")
            if not i18n.is_zh():
                round_text = f"{i18n.wind_name(round_wind)} {hand_no}"
            sub = tr("{honba} honba · {sticks} sticks").format(
                honba=obs.get("honba", 0), sticks=obs.get("riichi_sticks", 0)
            )
        else:
            number = obs.get("match", {}).get("hand_index", 0) + 1
            round_text = tr("Hand {n}").format(n=number)
            sub = i18n.family_name(model.family)
        info = {
            "seats": seats,
            "round": round_text,
            "sub": sub,
            "wall": tr("Wall {n}").format(n=obs.get("wall_remaining", 0)),
        }
        self.backdrop.set_info(info, self.px)

    # --------------------------------------------------------------- ponds
    def _draw_pond(self, anchor: QGraphicsItem, seat: int, p: dict[str, Any], model: TableModel) -> None:
        x0 = -3 * POND_W
        col = row = 0
        x = x0
        last = model.obs.get("last_discard")
        visible = [d for d in p["discards"] if d.get("claimed_by") is None]
        turned_pending = False
        for d in p["discards"]:
            if d.get("riichi") and d.get("claimed_by") is not None:
                turned_pending = True
        for i, d in enumerate(visible):
            if col == 6 and row < 3:
                col, row, x = 0, row + 1, x0
            sideways = bool(d.get("riichi")) or (turned_pending and i == len(visible) - 1 and False)
            state = self._state_for(d["tile"])
            if d.get("tsumogiri"):
                state |= TileState.SHADED
            if last and last.get("seat") == seat and last.get("tile") == d["tile"]:
                state |= TileState.LAST
            if (
                d["tile"] in model.winning.values()
                and model.winning.get(seat) is None
                and _is_ron_tile(model, seat, d)
            ):
                state |= TileState.MARKED
            item = self._tile(
                d["tile"], POND_W, POND_H, red_fives=model.red_fives, state=state, depth=0.12, parent=anchor
            )
            y = POND_TOP + row * (POND_H - 4)
            if sideways:
                item.setRotation(-90)
                item.setPos(x, y + POND_H - (POND_H - POND_W) / 2 - 2)
                x += POND_H
            else:
                item.setPos(x, y)
                x += POND_W
            self._pond_pos[(seat, d["tile"])] = (item.pos(), item.rotation())
            col += 1

    # ----------------------------------------------------------- own seat
    def _draw_own(self, seat: int, p: dict[str, Any], model: TableModel) -> None:
        concealed = model.revealed.get(seat) or list(p.get("hand") or [])
        drawn = p.get("drawn")
        if model.revealed.get(seat):
            drawn = model.winning.get(seat)
        melds = p["melds"]
        # melds from the right edge leftwards
        mx = SCENE_W - 24
        for m in reversed(melds):
            width = self._meld_width(m, MELD_W, MELD_H, seat)
            mx -= width
            self._draw_meld(None, m, seat, QPointF(mx, SCENE_H - 14 - MELD_H), MELD_W, MELD_H, model)
            mx -= 12
        tiles = list(concealed)
        if drawn is not None and drawn in tiles:
            tiles.remove(drawn)
        if model.hand_order:
            order = {t: i for i, t in enumerate(model.hand_order)}
            tiles.sort(key=lambda t: (order.get(t, 10**6), t))
        else:
            tiles.sort()
        count = len(tiles) + (1 if drawn is not None else 0)
        room = mx - 200 - 20
        w = min(HAND_W, room / max(1, count + 0.4))
        h = w * HAND_H / HAND_W
        y = SCENE_H - 14 - h
        x = 196.0
        interactive = model.human and not model.revealed
        kept: dict[int, HandTile] = {}
        for i, t in enumerate([*tiles, *([drawn] if drawn is not None else [])]):
            if drawn is not None and i == len(tiles):
                x += w * 0.35
            state = self._state_for(t)
            if model.winning.get(seat) == t and model.revealed:
                state |= TileState.MARKED
            if model.hint == t:
                state |= TileState.MARKED
            if interactive:
                allowed = model.allowed.get(t, False)
                if model.allowed and not allowed:
                    state |= TileState.DISABLED
                if t in model.chosen:
                    state |= TileState.SELECTED
                item: TileItem = self._hand_tile(
                    t,
                    w,
                    h,
                    allowed=allowed,
                    reason=model.reasons.get(t, ""),
                    red_fives=model.red_fives,
                    state=state,
                )
                kept[t] = item
            else:
                item = self._tile(t, w, h, red_fives=model.red_fives, state=state)
            item.setPos(x, y - (14 if t in model.chosen else 0))
            if isinstance(item, HandTile):
                item.home = QPointF(x, y)
                self.hand_items.append(item)
            x += w
        for old in self._hand_pool.values():
            self.removeItem(old)
        self._hand_pool = kept
        if self.cursor >= len(self.hand_items):
            self.cursor = len(self.hand_items) - 1
        self._apply_cursor()

    # --------------------------------------------------------- other seats
    def _draw_other(self, anchor: QGraphicsItem, seat: int, p: dict[str, Any], model: TableModel) -> None:
        shown = model.revealed.get(seat)
        count = len(shown) if shown else int(p.get("hand_count", 0))
        hand_y = 352.0
        w, h = OPP_W, OPP_H
        if count > 14:
            w = OPP_W * 14 / count
            h = w * OPP_H / OPP_W
        total = count * w
        x = -total / 2
        tiles = sorted(shown) if shown else [None] * count
        win_tile = model.winning.get(seat)
        if shown and win_tile in tiles:
            tiles.remove(win_tile)
            tiles.append(win_tile)
        for i, t in enumerate(tiles):
            if shown and win_tile is not None and i == len(tiles) - 1:
                x += w * 0.3
            state = self._state_for(t) if t is not None else TileState.NONE
            if shown and t == win_tile:
                state |= TileState.MARKED
            item = self._tile(
                t, w, h, face_up=t is not None, red_fives=model.red_fives, state=state, parent=anchor
            )
            item.setPos(x, hand_y)
            x += w
        # melds in the row behind the hand, from the seat's right end leftwards
        mx = 300.0
        for m in reversed(p["melds"]):
            width = self._meld_width(m, OPP_MELD_W, OPP_MELD_H, seat)
            mx -= width
            self._draw_meld(anchor, m, seat, QPointF(mx, hand_y + h + 6), OPP_MELD_W, OPP_MELD_H, model)
            mx -= 6

    def _meld_width(self, m: dict[str, Any], w: float, h: float, seat: int) -> float:
        n = len(m["tiles"])
        if m["type"] == "added_kan":
            n = 3
        sideways = 1 if m.get("from") is not None else 0
        return (n - sideways) * w + sideways * h

    def _draw_meld(
        self,
        anchor: QGraphicsItem | None,
        m: dict[str, Any],
        seat: int,
        at: QPointF,
        w: float,
        h: float,
        model: TableModel,
    ) -> None:
        tiles = list(m["tiles"])
        called = m.get("called")
        giver = m.get("from")
        n = len(model.obs["players"])
        kind = m["type"]
        added = m.get("added")
        if kind == "added_kan" and added in tiles:
            tiles.remove(added)
        if called in tiles:
            tiles.remove(called)
        slot = None
        if giver is not None and called is not None:
            rel = (giver - seat) % n
            slot = {3: 0, 2: 1, 1: len(tiles)}.get(rel, 0)
            if kind == "chi":
                slot = 0
            tiles.insert(min(slot, len(tiles)), called)
        x = at.x()
        for i, t in enumerate(tiles):
            face_up = True
            if kind == "closed_kan" and i in (0, 3):
                face_up = False
            state = self._state_for(t)
            if model.winning.get(seat) == t and model.revealed:
                state |= TileState.MARKED
            item = self._tile(
                t, w, h, face_up=face_up, red_fives=model.red_fives, state=state, depth=0.1, parent=anchor
            )
            if slot is not None and i == slot:
                item.setRotation(-90)
                item.setPos(x, at.y() + h)
                if added is not None:
                    extra = self._tile(
                        added, w, h, red_fives=model.red_fives, state=self._state_for(added), parent=anchor
                    )
                    extra.setRotation(-90)
                    extra.setPos(x, at.y() + h - w)
                x += h
            else:
                item.setPos(x, at.y())
                x += w

    # ---------------------------------------------------------- seat labels
    def _draw_seat_label(self, rel: int, seat: int, p: dict[str, Any], model: TableModel) -> None:
        obs = model.obs
        n = len(obs["players"])
        dealer = obs.get("dealer", 0)
        name = model.names[seat] if seat < len(model.names) else f"{seat}"
        lines = [f"{i18n.wind_char((seat - dealer) % n)}  {name}"]
        tags = []
        if seat == dealer:
            tags.append(tr("Dealer"))
        if (obs.get("riichi") or [False] * n)[seat]:
            tags.append(i18n.call_label("riichi", model.family))
        lack = p.get("lacking_suit")
        if lack is not None:
            tags.append(tr("Lacks {suit}").format(suit=i18n.SUIT_ZH[lack] if 0 <= lack < 3 else "?"))
        if p.get("won"):
            tags.append(tr("Won"))
        if tags:
            lines.append(" · ".join(tags))
        label = self._label("\n".join(lines), 17, bg=QColor(10, 24, 20, 170))
        lw, lh = label.boundingRect().width(), label.boundingRect().height()
        spots = {
            0: QPointF(24, SCENE_H - 104),
            1: QPointF(CENTER.x() + 352, CENTER.y() + 232),
            2: QPointF(CENTER.x() + 236, 58 + (42 - lh) / 2),
            3: QPointF(CENTER.x() - 352 - lw + 42, CENTER.y() - 232 - lh),
        }
        pos = spots[rel]
        if rel == 0 and not model.human:
            pos = QPointF(24, SCENE_H - 104)
        label.setPos(pos)
        y = pos.y() + label.boundingRect().height() + 4
        x = pos.x()
        # flowers beside the label
        flowers = list(p.get("flowers") or [])
        if flowers:
            fw = 24.0
            if rel == 0:
                y = pos.y() - 40
            for f in flowers:
                item = self._tile(f, fw, fw * 1.38, red_fives=False, depth=0.08)
                item.setPos(x, y)
                x += fw + 1
            y += fw * 1.38 + 4
        won_tile = model.won_tiles.get(seat, won_tiles(obs).get(seat, p.get("win_tile")))
        if p.get("won") and won_tile is not None:
            item = self._tile(int(won_tile), 30, 42, red_fives=model.red_fives, state=TileState.MARKED)
            item.setPos(pos.x() + label.boundingRect().width() + 6, pos.y())

    # -------------------------------------------------------------- corner
    def _draw_corner(self, model: TableModel) -> None:
        """Dora indicators (riichi), the dice and the 财神 (Lingxi). Rebuilt only when they change; at
        the start of a Lingxi hand the dice roll and the two shown tiles turn over to reveal the 财神."""
        obs = model.obs
        indicators = list(obs.get("dora_indicators") or [])
        dora_row = model.family == "riichi" or bool(indicators)
        dice = _dice_values(obs.get("dice"))
        shown = _wild_shown(obs)
        wild = list(obs.get("wild_kinds") or [])
        key = (dora_row, tuple(indicators), tuple(dice), tuple(shown), tuple(wild), model.red_fives)
        key += (i18n.language(),)
        match = obs.get("match") or {}
        hand_key = (match.get("hand_index"), match.get("round_index"), tuple(dice), tuple(shown))
        new_hand = hand_key != self._hand_key
        self._hand_key = hand_key
        if key == self._corner_key:
            return
        self._clear_corner()
        self._corner_key = key
        x, y = 20.0, 16.0
        if dora_row:
            self._corner_label(tr("Dora indicators"), 15, x, y)
            y += 26
            for i in range(5):
                t = indicators[i] if i < len(indicators) else None
                self._corner_tile(t, x + i * 35, y, face_up=t is not None, red_fives=model.red_fives)
            y += 56
        dice_items: list[Dice] = []
        if dice:
            self._corner_label(tr("Dice"), 15, x, y)
            y += 26
            for i, v in enumerate(dice):
                d = Dice(v, 30, scale=self.px)
                d.setPos(x + i * 36 + (8 if i >= 2 else 0), y)
                self._corner_add(d)
                dice_items.append(d)
            y += 40
        shown_items: list[TileItem] = []
        wild_items: list[QGraphicsItem] = []
        if shown or wild:
            self._corner_label(tr("财神 (wild)"), 15, x, y)
            y += 26
            for i, t in enumerate(shown):
                shown_items.append(self._corner_tile(t, x + i * 36, y, red_fives=False))
            x2 = x
            if shown and wild:
                x2 = x + len(shown) * 36 + 10
                wild_items.append(self._corner_label("→", 18, x2, y + 8))
                x2 += 28
            for i, k in enumerate(wild):
                t = k * 4 if k < 34 else 136 + k - 34
                wild_items.append(self._corner_tile(t, x2 + i * 36, y, red_fives=False, state=TileState.WILD))
        if (dice_items or shown_items) and new_hand and self.anim_speed > 0 and _at_hand_start(obs):
            self._play_reveal(dice_items, dice, shown_items, wild_items)

    def _corner_add(self, item: QGraphicsItem) -> QGraphicsItem:
        self.addItem(item)
        self._corner_items.append(item)
        return item

    def _corner_label(self, text: str, px: float, x: float, y: float) -> Label:
        label = Label(text, px, color=MUTED, scale=self.px)
        label.setPos(x, y)
        self._corner_add(label)
        return label

    def _corner_tile(
        self,
        tile: int | None,
        x: float,
        y: float,
        *,
        face_up: bool = True,
        red_fives: bool = True,
        state: TileState = TileState.NONE,
    ) -> TileItem:
        item = TileItem(tile, 34, 46, face_up=face_up, red_fives=red_fives, state=state, scale=self.px)
        item.setPos(x, y)
        self._corner_add(item)
        return item

    def _clear_corner(self) -> None:
        for a in self._corner_anims:
            a.stop()
        self._corner_anims.clear()
        for item in self._corner_items:
            self.removeItem(item)
        self._corner_items.clear()
        self._corner_key = None
        self._hold_until = 0.0

    def _play_reveal(
        self,
        dice_items: list[Dice],
        values: list[int],
        shown_items: list[TileItem],
        wild_items: list[QGraphicsItem],
    ) -> None:
        """The dealer's pair of dice rolls, then the second roller's; then the two shown tiles turn over
        one after the other, and the 财神 they name fade in. Durations follow the animation speed."""
        roll, gap = self._duration(620), self._duration(140)
        flip, stagger, fade = self._duration(360), self._duration(220), self._duration(320)
        pairs = (len(dice_items) + 1) // 2
        flip_at = pairs * (roll + gap)
        fade_at = flip_at + max(0, len(shown_items) - 1) * stagger + flip + (gap if shown_items else 0)
        total = fade_at + (fade if wild_items else 0)
        faces = [(item, item.kind, item.red) for item in shown_items]

        def tick(value: Any) -> None:
            ms = float(value)
            for i, die in enumerate(dice_items):
                start = (i // 2) * (roll + gap)
                if ms < start:
                    die.setOpacity(0.25)
                elif ms < start + roll:
                    left = 1 - (ms - start) / roll
                    step = int((ms - start) / 70)
                    die.setOpacity(1.0)
                    die.show_value(1 + (step * 5 + i * 3 + values[i]) % 6)
                    die.setRotation((1 if i % 2 else -1) * 300 * left * left)
                else:
                    die.setOpacity(1.0)
                    die.show_value(values[i])
                    die.setRotation(0)
            for j, (item, kind, red) in enumerate(faces):
                start = flip_at + j * stagger
                f = min(1.0, max(0.0, (ms - start) / flip))
                item.set_face(kind if f >= 0.5 else None, red if f >= 0.5 else False)
                sx = max(0.04, abs(1 - 2 * f)) if 0 < f < 1 else 1.0
                w = item.w
                item.setTransform(QTransform().translate(w / 2, 0).scale(sx, 1).translate(-w / 2, 0))
            for item in wild_items:
                item.setOpacity(min(1.0, max(0.0, (ms - fade_at) / fade)))

        anim = QVariantAnimation(self)
        anim.setStartValue(0.0)
        anim.setEndValue(float(total))
        anim.setDuration(max(1, int(total)))
        anim.valueChanged.connect(tick)
        tick(0.0)
        anim.start()
        self._corner_anims.append(anim)
        self._hold_until = time.monotonic() + total / 1000

    def hold_ms(self) -> float:
        """How long a set-up animation (the Lingxi dice and 财神 reveal) still plays, in milliseconds: the
        controller lets the next AI step wait for it."""
        return max(0.0, (self._hold_until - time.monotonic()) * 1000)

    def reveal_running(self) -> bool:
        return any(a.state() == QVariantAnimation.State.Running for a in self._corner_anims)

    # -------------------------------------------------------------- scale
    def _device_scale(self) -> float:
        views = self.views()
        if not views:
            return 1.0
        view = views[0]
        return max(0.05, view.transform().m11() * view.devicePixelRatioF())

    def _sync_scale(self) -> None:
        """Draw every pixmap again when the view's scale changed (a resize, another screen)."""
        for view in self.views():
            if id(view) not in self._views_seen and hasattr(view, "resized"):
                self._views_seen.add(id(view))
                view.resized.connect(self._sync_scale)
        px = round(self._device_scale(), 4)
        if px == self.px:
            return
        self.px = px
        for item in self.items():
            if isinstance(item, (TileItem, PixmapItem)):
                item.set_scale(px)

    # ------------------------------------------------------------ warm-up
    def _plan_warm_up(self, model: TableModel) -> None:
        self.warm_up(model.family, model.red_fives)

    def warm_up(self, family: str, red_fives: bool) -> None:
        """Paint the tile pictures a game of ``family`` needs ahead of time (at the current scale), a
        slice at a time, so that the first sight of a tile in a pond or a hand costs a render nothing."""
        self._sync_scale()
        key = (family, red_fives, self.px)
        if key == self._warm_key:
            return
        self._warm_key = key
        kinds = list(range(27 if family == "sichuan" else 34))
        if family == "lingxi":
            kinds += list(range(34, 42))
        reds = [4, 13, 22] if red_fives and family == "riichi" else []
        faces = [(k, False) for k in kinds] + [(k, True) for k in reds]
        pond = (POND_W, POND_H, 0.12)
        plan: list[tuple[Any, ...]] = [(None, False, OPP_W, OPP_H, TileState.NONE, 0.1)]
        plan += [(k, r, *pond[:2], TileState.NONE, pond[2]) for k, r in faces]
        plan += [(k, r, HAND_W, HAND_H, TileState.NONE, 0.1) for k, r in faces]
        plan += [(k, r, *pond[:2], TileState.LAST, pond[2]) for k, r in faces]
        plan += [(k, r, *pond[:2], TileState.SHADED, pond[2]) for k, r in faces]
        plan += [(k, r, *pond[:2], TileState.SHADED | TileState.LAST, pond[2]) for k, r in faces]
        plan += [(k, r, OPP_MELD_W, OPP_MELD_H, TileState.NONE, 0.1) for k, r in faces]
        plan += [(k, r, MELD_W, MELD_H, TileState.NONE, 0.1) for k, r in faces]
        self._warm_plan = plan
        self._warm_timer.start()

    def warming(self) -> bool:
        """Tile pictures are still being painted ahead."""
        return bool(self._warm_plan)

    def _warm_some(self) -> None:
        until = time.perf_counter() + 0.002
        while self._warm_plan and time.perf_counter() < until:
            kind, red, w, h, state, depth = self._warm_plan.pop(0)
            tile_pixmap(kind, red, w, h, state, dpr=self.px, depth=depth)
        if not self._warm_plan:
            self._warm_timer.stop()

    # ---------------------------------------------------------- animations
    def _animate(self, events: list[Any], model: TableModel) -> None:
        if self.anim_speed <= 0:
            return
        n = len(model.obs["players"])
        flashes: list[tuple[int, str]] = []
        last_discard = None
        for e in events:
            et = getattr(e, "type", "")
            if et == "discard":
                last_discard = (e.seat, e.data.get("tile"))
                if e.data.get("riichi"):
                    flashes.append((e.seat, "riichi"))
            elif et == "riichi" and e.seat is not None:
                if not any(f == (e.seat, "riichi") for f in flashes):
                    flashes.append((e.seat, "riichi"))
            elif et == "call":
                flashes.append((e.seat, e.data.get("meld", {}).get("type", "pon")))
            elif et in ("kan", "kan_declared"):
                flashes.append((e.seat, "kan"))
            elif et in ("win", "hu"):
                flashes.append((e.seat, "ron" if e.data.get("from") not in (None, e.seat) else "tsumo"))
        if last_discard is not None and last_discard in self._pond_pos:
            self._slide_discard(*last_discard, model)
        seen = set()
        for seat, word in flashes[-2:]:
            if seat is None or seat in seen:
                continue
            seen.add(seat)
            self._flash(seat, word, model, n)
        for e in events:
            if getattr(e, "type", "") == "draw" and e.seat == model.viewer and self.hand_items:
                self._drop_in(self.hand_items[-1])

    def _duration(self, ms: float) -> int:
        return max(1, int(ms * self.anim_speed))

    def _slide_discard(self, seat: int, tile: int, model: TableModel) -> None:
        target = None
        for item in self.items():
            if (
                isinstance(item, TileItem)
                and item.tile == tile
                and item.parentItem() is not None
                and item.h == POND_H
            ):
                target = item
        if target is None:
            return
        end = target.pos()
        start = QPointF(0, 330.0)
        anim = QVariantAnimation(self)
        anim.setStartValue(start)
        anim.setEndValue(end)
        anim.setDuration(self._duration(220))
        anim.setEasingCurve(QEasingCurve.Type.OutCubic)
        anim.valueChanged.connect(target.setPos)
        anim.start()
        self._anims.append(anim)

    def _drop_in(self, item: QGraphicsItem) -> None:
        end = item.pos()
        anim = QVariantAnimation(self)
        anim.setStartValue(end - QPointF(0, 36))
        anim.setEndValue(end)
        anim.setDuration(self._duration(180))
        anim.setEasingCurve(QEasingCurve.Type.OutCubic)
        anim.valueChanged.connect(item.setPos)
        anim.start()
        self._anims.append(anim)

    def _flash(self, seat: int, word: str, model: TableModel, n: int) -> None:
        rel = (seat - model.viewer) % n
        text = i18n.call_label(word, model.family)
        label = Label(
            text, 44, color=QColor("#fff6dc"), bg=QColor(120, 30, 24, 215), bold=True, pad=16, scale=self.px
        )
        local = {0: QPointF(0, 270), 1: QPointF(270, 0), 2: QPointF(0, -270), 3: QPointF(-270, 0)}[rel]
        c = CENTER + local
        label.setPos(c - QPointF(label.boundingRect().width() / 2, label.boundingRect().height() / 2))
        label.setZValue(80)
        self._add(label)
        anim = QVariantAnimation(self)
        anim.setStartValue(1.0)
        anim.setKeyValueAt(0.7, 1.0)
        anim.setEndValue(0.0)
        anim.setDuration(self._duration(900))
        anim.valueChanged.connect(label.setOpacity)
        anim.start()
        self._anims.append(anim)

    def animations_running(self) -> bool:
        return any(a.state() == QVariantAnimation.State.Running for a in self._anims)

    # ------------------------------------------------------------ input
    def hover_tile(self, item: HandTile, on: bool) -> None:
        state = item.state & ~TileState.HOVER
        if on:
            state |= TileState.HOVER
        item.set_state(state)

    def refuse(self, item: HandTile) -> None:
        self.refused.emit(item.reason or tr("That tile cannot be discarded now."))

    def clicked(self, item: HandTile) -> None:
        self.cursor = self.hand_items.index(item) if item in self.hand_items else -1
        self._apply_cursor()
        if self.model is not None and self.model.select_mode == "exchange":
            self.discard_requested.emit(item.tile if item.tile is not None else -1)
            return
        if not item.allowed:
            self.refuse(item)
            return
        if not self.double_click_mode:
            self.discard_requested.emit(item.tile)

    def double_clicked(self, item: HandTile) -> None:
        if self.double_click_mode:
            if not item.allowed:
                self.refuse(item)
                return
            self.discard_requested.emit(item.tile)

    def dropped(self, item: HandTile) -> None:
        if not item.allowed:
            item.setPos(item.home)
            self.refuse(item)
            return
        self.discard_requested.emit(item.tile)

    def move_cursor(self, step: int) -> None:
        if not self.hand_items:
            return
        if self.cursor < 0:
            self.cursor = len(self.hand_items) - 1 if step < 0 else 0
        else:
            self.cursor = (self.cursor + step) % len(self.hand_items)
        self._apply_cursor()

    def activate_cursor(self) -> None:
        if 0 <= self.cursor < len(self.hand_items):
            item = self.hand_items[self.cursor]
            if self.model is not None and self.model.select_mode == "exchange":
                self.discard_requested.emit(item.tile if item.tile is not None else -1)
            elif item.allowed:
                self.discard_requested.emit(item.tile)
            else:
                self.refuse(item)

    def _apply_cursor(self) -> None:
        for i, item in enumerate(self.hand_items):
            state = item.state & ~TileState.SELECTED
            if i == self.cursor or (self.model is not None and item.tile in self.model.chosen):
                state |= TileState.SELECTED
            item.set_state(state)
            lift = 12 if i == self.cursor else 0
            if self.model is not None and item.tile in self.model.chosen:
                lift = 14
            item.setPos(item.home.x(), item.home.y() - lift)
        self.selection_changed.emit()

    def hand_tile_at(self, tile: int) -> HandTile | None:
        return next((i for i in self.hand_items if i.tile == tile), None)


def _is_ron_tile(model: TableModel, seat: int, d: dict[str, Any]) -> bool:
    last = model.obs.get("last_discard")
    return bool(last and last.get("seat") == seat and last.get("tile") == d["tile"])


def _at_hand_start(obs: dict[str, Any]) -> bool:
    """Nobody has discarded yet: the hand has just been dealt."""
    return not any(p.get("discards") for p in obs.get("players") or [])


def _dice_values(dice: Any) -> list[int]:
    """Dice as a flat list of pips, from a list or a family's dict of rolls ("first", "second")."""
    if isinstance(dice, dict):
        values: list[int] = []
        for key in ("first", "second", "rolls", "values"):
            values.extend(_dice_values(dice.get(key)))
        return values
    if isinstance(dice, (list, tuple)):
        out: list[int] = []
        for d in dice:
            out.extend(
                _dice_values(d) if isinstance(d, (list, tuple, dict)) else [d] if isinstance(d, int) else []
            )
        return [v for v in out if 1 <= v <= 6]
    return []


def won_tiles(obs: dict[str, Any]) -> dict[int, int]:
    """Seats that have won while play goes on (血战) and the tile each won on."""
    out: dict[int, int] = {}
    for w in obs.get("winners") or []:
        if isinstance(w, dict) and isinstance(w.get("seat"), int) and isinstance(w.get("tile"), int):
            out.setdefault(w["seat"], w["tile"])
    return out


def _wild_shown(obs: dict[str, Any]) -> list[int]:
    wild = obs.get("wild")
    if isinstance(wild, dict) and isinstance(wild.get("shown"), list):
        return [int(t) for t in wild["shown"] if isinstance(t, int)]
    for key in ("wild_indicators", "wild_tiles", "caishen_tiles", "caishen_indicators", "wild_indicator"):
        value = obs.get(key)
        if isinstance(value, int):
            return [value]
        if isinstance(value, list) and value:
            return [int(v) for v in value]
    return []


def suit_of_tile(tile: int) -> int:
    return suit_of(kind_of(tile))
