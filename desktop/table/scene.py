"""The table: a QGraphicsScene of 1600 x 1000 logical units that the view scales to the window.

:meth:`TableScene.show_model` turns a :class:`~desktop.table.layout.TableModel` into a
:class:`~desktop.table.layout.TableLayout` (:func:`desktop.table.layout.layout`, pure Python) and
applies it to Qt items (:mod:`desktop.table.items`), putting the words on it here (seat labels, the
centre box, the corner captions, in the player's language and the family's vocabulary). Items are
reused between renders when they show the same thing in the same place, and plain tiles no render
needs are hidden and kept, so that a step of the game costs Qt a few repaints only. The scene also
takes the own hand's input (click, double-click, drag above the hand, the keyboard cursor) and plays
the animations of :mod:`desktop.table.animation`.

Seat frames (the pond, the other seats' hands and melds) are children of a :class:`SeatAnchor` at the
table centre rotated toward the seat, as the layout's ``frame`` says.
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, QPointF, QTimer, QVariantAnimation, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene
from shiboken6 import isValid

from desktop import i18n, messages
from desktop.i18n import tr
from desktop.table.animation import Animations, call_flashes, play_deal, play_reveal
from desktop.table.items import (
    FLASH_BG,
    FLASH_TEXT,
    LABEL_BG,
    MUTED,
    TEXT,
    Backdrop,
    BreakMark,
    Dice,
    HandTile,
    Label,
    Marker,
    PixmapItem,
    SeatAnchor,
    Stack,
    Stick,
    TileItem,
    label_size,
)
from desktop.table.layout import (
    BOX,
    HAND_H,
    HAND_W,
    LABEL_PAD,
    LABEL_PX,
    MELD_H,
    MELD_W,
    OPP_MELD_H,
    OPP_MELD_W,
    OPP_W,
    POND_H,
    POND_W,
    SCENE_H,
    SCENE_W,
    SLIDE_FROM,
    STACK_D,
    WALL_Y,
    Caption,
    CentreInfo,
    CornerLayout,
    SeatLabel,
    TableLayout,
    TableModel,
    TilePlacement,
    layout,
    seat_point,
)
from desktop.tileart import TileState, tile_pixmap
from engine.game.actions import ActionType

if TYPE_CHECKING:
    from engine.game.observation import PaymentView

FLASH_PX = 44
FLASH_DISTANCE = 270.0
PAYMENT_PX = 26
PAYMENT_DISTANCE = 200.0  # payments made in play show this far from the centre toward each seat
ANNOUNCE_MS = 2800  # how long a payment or a notice stays announced
PAYER_BG = QColor(40, 46, 52, 215)
ROLE = 0  # item data: (what the item shows, its seat) — "hand", "meld", "pond", "label", "dora", ...


# ── words ─────────────────────────────────────────────────────────────────────────────────────
def seat_label_text(label: SeatLabel, vocabulary: str) -> str:
    """A seat label's words: wind and name, then its tags."""
    lines = [f"{i18n.wind_char(label.wind)}  {label.name}"]
    tags = []
    if label.dealer:
        tags.append(tr("Dealer"))
    if label.declared:  # in the player's language (立直 / Riichi), not the flashed call (リーチ)
        tags.append(i18n.action_word(ActionType.RIICHI.value, vocabulary).split("  ")[0])
    lack = label.lacking_suit
    if lack is not None:
        tags.append(tr("Lacks {suit}").format(suit=i18n.suit_name(lack)))
    if label.won:
        tags.append(tr("Won ({word})").format(word=i18n.call_label("win", vocabulary)))
    if tags:
        lines.append(" · ".join(tags))
    return "\n".join(lines)


def centre_words(centre: CentreInfo) -> dict[str, Any]:
    """What :meth:`desktop.table.items.Backdrop.set_info` shows for ``centre``."""
    seats: list[dict[str, Any] | None] = [None] * 4  # by side of the box; a side nobody sits at: None
    for s in centre.seats:
        seats[s.rel] = {
            "wind": i18n.wind_char(s.wind),
            "score": f"{s.score}",
            "dealer": s.dealer,
            "active": s.active,
        }
    if centre.round_wind is not None:
        if i18n.is_zh():
            round_text = f"{i18n.wind_char(centre.round_wind)}{centre.hand_in_round}局"
        else:
            round_text = f"{i18n.wind_name(centre.round_wind)} {centre.hand_in_round}"
    else:
        round_text = tr("Hand {n}").format(n=centre.hand_number)
    if centre.sticks is not None:
        honba, sticks = centre.sticks
        # "1 stick", "2 sticks" (立直棒: 供托 1 根)
        sub = tr("{honba} honba · {sticks}").format(honba=honba, sticks=i18n.amount_text(sticks, "sticks"))
    else:
        sub = i18n.family_name(centre.family)
    notice = notice_title(centre.notices[0].key, centre.notices[0].arg("tiles")) if centre.notices else ""
    return {
        "seats": seats,
        "round": round_text,
        "sub": sub,
        "wall": tr("Wall {n}").format(n=centre.wall),
        "notice": notice,
    }


def notice_title(key: str, tiles: object = None) -> str:
    """The short words of a notice in the centre box (its full sentence is announced once); ``tiles``:
    how many last tiles it is about (one for each player)."""
    titles = {
        "notice.last_four": lambda: messages.last_tiles_title(tiles if isinstance(tiles, int) else 4),
        "notice.forced_win": lambda: tr("A win must be taken"),
    }
    make = titles.get(key)
    return make() if make is not None else ""


def stack_tip(wild: bool, reserve: bool, front: bool, tail: bool) -> str:
    """What a stack of the wall is, for its tooltip."""
    parts = []
    if wild:
        parts.append(tr("The 财神 stack: its two tiles, turned up, chose the 财神"))
    if front:
        parts.append(tr("The next draw comes from this stack"))
    if tail:
        parts.append(tr("Replacement tiles come from this stack"))
    if reserve:
        parts.append(tr("Reserve: not drawn before the hand ends"))
    return "\n".join(parts)


def caption_text(c: Caption | str, vocabulary: str = "") -> str:
    """A corner caption's words (see :class:`desktop.table.layout.Caption` for the keys and args):
    who threw the dice and the totals, where the 财神 stack stood, the reserve."""
    if isinstance(c, str):
        c = Caption(c, 0, 0)
    args = c.args
    if c.key == "dice" and args:
        throws = [
            tr("Dealer throws {n}").format(n=args[i + 2])
            if args[i + 1]
            else tr("{wind} throws {n}").format(wind=i18n.wind_name(args[i]), n=args[i + 2])
            for i in range(0, len(args) - 1, 3)
        ]
        text = " → ".join(throws)
        if args[-1] >= 0:
            text = tr("{throws}: {n} stacks").format(throws=text, n=args[-1])
        return text
    if c.key == "wild" and len(args) == 2:
        return tr("财神: {wind}'s wall, stack {n}").format(wind=i18n.wind_name(args[0]), n=args[1])
    if c.key == "reserve" and len(args) == 3:
        kan = i18n.call_label("kan", vocabulary)
        kan = kan if i18n.is_zh() else kan.lower()
        if args[2]:
            return tr("Reserve: {n} stacks ({base} + {kans} for each {kan})").format(
                n=args[0], base=args[1], kans=args[2], kan=kan
            )
        return tr("Reserve: {n} stacks (one more for each {kan})").format(n=args[0], kan=kan)
    return {
        "dora": tr("Dora indicators"),
        "dice": tr("Dice"),
        "wild": tr("财神 (wild)"),
        "arrow": "→",
    }.get(c.key, c.key)


# ── the scene ─────────────────────────────────────────────────────────────────────────────────
class TableScene(QGraphicsScene):
    discard_requested = Signal(int)  # tile id
    refused = Signal(str)  # a short reason
    selection_changed = Signal()

    SPARE_MAX = 120  # hidden items kept per parent and size

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(0, 0, SCENE_W, SCENE_H, parent)
        self.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.NoIndex)
        self.px = 1.0  # device pixels per scene unit (the view's scale times its pixel ratio)
        self._views_seen: set[int] = set()
        self.backdrop = Backdrop()
        self.addItem(self.backdrop)
        self.model: TableModel | None = None
        self.table: TableLayout = TableLayout()  # the layout shown now
        self.hand_items: list[HandTile] = []
        self.cursor = -1  # keyboard cursor in hand_items
        self.double_click_mode = False
        self.anim_speed = 1.0  # 0: no animations
        self._anims = Animations(self)
        self._dynamic: list[QGraphicsItem] = []  # flash words: removed by the next render
        self._pond_items: dict[tuple[int, int], TileItem] = {}
        self._label_sizes: dict[tuple[str, float], tuple[float, float]] = {}
        self.anchors: list[SeatAnchor] = []
        for rel in range(4):
            anchor = SeatAnchor()
            anchor.setPos(QPointF(*seat_point(rel, 0.0)))
            anchor.setRotation(-90.0 * rel)
            self.addItem(anchor)
            self.anchors.append(anchor)
        # Tiles are reused between renders (same place, same face): Qt then repaints only what changed.
        self._pool: dict[tuple[object, ...], list[QGraphicsItem]] = {}
        self._live: dict[tuple[object, ...], list[QGraphicsItem]] = {}
        # items no render needs now, hidden and kept (a new hand empties the ponds; deleting and making
        # a hundred items again would cost a frame)
        self._spare: dict[tuple[object, ...], list[TileItem]] = {}
        self._hand_pool: dict[int, HandTile] = {}
        # the corner (dora indicators, dice, 财神) is rebuilt only when what it shows changes, so the
        # set-up dice roll and 财神 reveal play on while the game goes on
        self._corner_key: tuple[object, ...] | None = None
        self._corner_items: list[QGraphicsItem] = []
        self._corner_anims: list[QVariantAnimation] = []
        self._hand_key: tuple[object, ...] | None = None
        self._hold_until = 0.0
        self._hands_drawn: dict[int, list[QGraphicsItem]] = {}  # seat -> its hand items, this render
        # announcements of payments made in play and of notices: they outlive the renders of the
        # moves that follow (a render comes with every move) and go by themselves
        self._announced: list[tuple[QGraphicsItem, float]] = []  # item, time.monotonic() it goes
        self._announce_timer = QTimer(self)
        self._announce_timer.setInterval(100)
        self._announce_timer.timeout.connect(self._expire_announcements)
        self._payments_seen: tuple[tuple[object, ...], int] | None = None  # (hand key, payments seen)
        self._notices_seen: tuple[tuple[object, ...], frozenset[str]] | None = None
        # tile pictures the table will need, painted ahead in small slices while the game plays
        self._warm_key: tuple[object, ...] | None = None
        self._warm_plan: list[tuple[Any, ...]] = []
        self._warm_timer = QTimer(self)
        self._warm_timer.setInterval(12)
        self._warm_timer.timeout.connect(self._warm_some)

    # ------------------------------------------------------------------ render
    def show_model(self, model: TableModel, events: Sequence[Any] | None = None) -> None:
        """Draw ``model``; ``events`` (seen by the viewer) drive the animations."""
        self._anims.stop()
        for item in self._dynamic:
            self.removeItem(item)
        self._dynamic.clear()
        self.hand_items.clear()
        self._pond_items.clear()
        self.model = model
        self._sync_scale()
        vocabulary = model.spec.vocabulary
        table = layout(model, measure=lambda label: self._label_size(label, vocabulary))
        self.table = table
        if not table.seats:
            self.backdrop.set_info({})
            self._clear_corner()
            for old in self._hand_pool.values():
                self.removeItem(old)
            self._hand_pool = {}
            return
        self.warm_up(model.spec.name, bool(model.red_tiles), model.red_tiles)
        self._pool, self._live = self._live, {}
        assert table.centre is not None
        self.backdrop.set_info(centre_words(table.centre), self.px)
        kept: dict[int, HandTile] = {}
        self._hands_drawn = {}
        for seat in table.seats:
            for p in seat.pond:
                item = self._tile(p)
                if p.tile is not None:
                    self._pond_items[(seat.seat, p.tile)] = item
            drawn = self._hands_drawn.setdefault(seat.seat, [])
            for p in seat.hand:
                if p.allowed is not None and p.tile is not None:
                    hand_tile = self._hand_tile(p)
                    kept[p.tile] = hand_tile
                    self.hand_items.append(hand_tile)
                    drawn.append(hand_tile)
                else:
                    drawn.append(self._tile(p))
            for meld in seat.melds:
                for p in meld:
                    self._tile(p)
            for p in seat.flowers:
                flower = self._tile(p)
                if p.tile is not None:
                    flower.setToolTip(i18n.set_aside_tip(p.tile, vocabulary))
            if seat.won is not None:
                self._tile(seat.won)
            lp = seat.label
            label = self._label(seat_label_text(lp.label, vocabulary), lp.px, bg=LABEL_BG)
            label.setPos(lp.x, lp.y)
            label.setData(ROLE, ("label", seat.seat))
            if seat.stick is not None:
                st = seat.stick
                stick = self._picture(
                    ("stick", st.frame, st.w, st.h), lambda st=st: Stick(st.w, st.h), st.frame
                )
                stick.setPos(st.x, st.y)
                stick.setData(ROLE, ("stick", seat.seat))
        self._draw_walls(table)
        if table.marker is not None:
            mk = table.marker
            marker = self._picture(("marker", mk.size), lambda: Marker(mk.size), None)
            marker.setPos(mk.x, mk.y)
            marker.setZValue(40)
            marker.setData(ROLE, ("marker", mk.seat))
        for old in self._hand_pool.values():
            self.removeItem(old)
        self._hand_pool = kept
        self._draw_corner(table)
        self._retire_pool()
        if self.cursor >= len(self.hand_items):
            self.cursor = len(self.hand_items) - 1
        self._apply_cursor()
        self._announce(model, table)
        if events:
            self._animate(events, model)

    def _picture(self, key: tuple[object, ...], make: Any, frame: int | None) -> PixmapItem:
        """A picture item (stick, stack, marker) from the last render when one showed ``key`` there,
        else a new one made by ``make()`` in the seat frame ``frame``."""
        full = ("picture", frame, *key)
        reuse = self._pool.get(full)
        if reuse:
            item = reuse.pop()
            assert isinstance(item, PixmapItem)
        else:
            item = make()
            item.set_scale(self.px)
            parent = self._parent(frame)
            if parent is not None:
                item.setParentItem(parent)
            else:
                self.addItem(item)
        self._live.setdefault(full, []).append(item)
        return item

    def _draw_walls(self, table: TableLayout) -> None:
        """The stacks of the walls in their seat frames and the mark where the deal broke them."""
        wall = table.wall
        for st in wall.stacks:
            flags = (st.tiles, st.wild, st.reserve, st.front, st.tail)
            item = self._picture(
                ("stack", st.w, st.h, *flags),
                lambda st=st: Stack(
                    st.w, st.h, st.tiles, wild=st.wild, reserve=st.reserve, front=st.front, tail=st.tail
                ),
                st.frame,
            )
            item.setPos(st.x, st.y)
            item.setData(ROLE, ("stack", st.owner))
            item.setToolTip(stack_tip(st.wild, st.reserve, st.front, st.tail))
        if wall.break_frame is not None:
            h = STACK_D + 8
            mark = self._picture(("break", h), lambda: BreakMark(h), wall.break_frame)
            mark.setPos(wall.break_x - 2, WALL_Y - 4)
            mark.setZValue(1)
            owner = next((st.owner for st in wall.stacks if st.wild), None)
            mark.setData(ROLE, ("stack", owner))  # a mark on the wall of the 财神 stack
            mark.setToolTip(tr("Where the deal broke the wall"))

    def _label_size(self, label: SeatLabel, vocabulary: str) -> tuple[float, float]:
        """The size of the label's picture (whole device pixels, as the item's bounding rect)."""
        text = seat_label_text(label, vocabulary)
        key = (text, self.px)
        size = self._label_sizes.get(key)
        if size is None:
            box, px = label_size(text, LABEL_PX, pad=LABEL_PAD), self.px
            size = (math.ceil(box.width() * px) / px, math.ceil(box.height() * px) / px)
            if len(self._label_sizes) > 200:
                self._label_sizes.clear()
            self._label_sizes[key] = size
        return size

    def _parent(self, frame: int | None) -> QGraphicsItem | None:
        return self.anchors[frame] if frame is not None else None

    def _tile(self, p: TilePlacement) -> TileItem:
        """A tile item from the last render when one showed the same face there, else a spare one,
        else a new one; placed as ``p`` says."""
        parent = self._parent(p.frame)
        tile = p.tile if p.face_up else None
        key = (p.frame, tile, p.face_up, p.w, p.h, p.depth, p.red)
        reuse = self._pool.get(key)
        spare = self._spare.get((p.frame, p.w, p.h, p.depth))
        if reuse:
            item = reuse.pop()
            assert isinstance(item, TileItem)
            item.set_state(p.state)
        elif spare:
            item = spare.pop()
            item.reset(p.tile, face_up=p.face_up, red=p.red, state=p.state)
            item.setOpacity(1.0)
            item.show()
        else:
            item = TileItem(
                p.tile, p.w, p.h, face_up=p.face_up, red=p.red, state=p.state, depth=p.depth, scale=self.px
            )
            if parent is not None:
                item.setParentItem(parent)
            else:
                self.addItem(item)
        item.tile = p.tile
        item.setRotation(p.rotation)
        item.setPos(p.x, p.y - p.lift)
        item.setZValue(p.z)
        item.setData(ROLE, (p.role, p.seat))
        if p.role != "flower" and item.toolTip():  # a spare that was a set-aside tile says nothing now
            item.setToolTip("")
        self._live.setdefault(key, []).append(item)
        return item

    def _label(self, text: str, px: float, *, color: QColor = TEXT, bg: QColor | None = None) -> Label:
        key = ("label", text, px, color.rgba(), bg.rgba() if bg is not None else None)
        reuse = self._pool.get(key)
        if reuse:
            item = reuse.pop()
            assert isinstance(item, Label)
        else:
            item = Label(text, px, color=color, bg=bg, scale=self.px)
            self.addItem(item)
        self._live.setdefault(key, []).append(item)
        return item

    def _retire_pool(self) -> None:
        for items in self._pool.values():
            for item in items:
                self._retire(item)
        self._pool = {}

    def _retire(self, item: QGraphicsItem) -> None:
        """An item the render did not use: a plain tile is hidden and kept, anything else removed."""
        if type(item) is TileItem:
            frame = next((i for i, a in enumerate(self.anchors) if a is item.parentItem()), None)
            spare = self._spare.setdefault((frame, item.w, item.h, item.depth), [])
            if len(spare) < self.SPARE_MAX:
                item.hide()
                spare.append(item)
                return
        self.removeItem(item)

    def _hand_tile(self, p: TilePlacement) -> HandTile:
        """The hand tile for ``p.tile``, the one of the last render when the size is the same."""
        assert p.tile is not None and p.allowed is not None
        item = self._hand_pool.pop(p.tile, None)
        if item is not None and (item.w, item.h) == (p.w, p.h) and item.red == p.red:
            item.set_allowed(p.allowed, p.reason)
            item.set_state(p.state)
        else:
            if item is not None:
                self.removeItem(item)
            item = HandTile(
                self,
                p.tile,
                p.w,
                p.h,
                allowed=p.allowed,
                reason=p.reason,
                red=p.red,
                state=p.state,
                scale=self.px,
            )
            self.addItem(item)
        item.home = QPointF(p.x, p.y)
        item.z_home = p.z
        item.setZValue(p.z)
        item.setPos(p.x, p.y - p.lift)
        item.setData(ROLE, (p.role, p.seat))
        return item

    def _add(self, item: QGraphicsItem) -> QGraphicsItem:
        self.addItem(item)
        self._dynamic.append(item)
        return item

    # -------------------------------------------------------------- corner
    def _draw_corner(self, table: TableLayout) -> None:
        """Dora indicators, the dice and the 财神, rebuilt only when they change; at the start of a hand
        the dice roll and the shown tiles turn over to reveal the 财神."""
        corner = table.corner
        key: tuple[object, ...] = (corner, i18n.language())
        new_hand = table.hand_key != self._hand_key
        self._hand_key = table.hand_key
        if key == self._corner_key:
            return
        self._clear_corner()
        self._corner_key = key
        vocabulary = self.model.spec.vocabulary if self.model is not None else ""
        captions = {c.key: self._corner_caption(c, vocabulary) for c in corner.captions}
        for p in corner.dora:
            self._corner_tile(p)
        dice_items = []
        for d in corner.dice:
            die = Dice(d.value, d.size, scale=self.px)
            die.setPos(d.x, d.y)
            die.setData(ROLE, ("dice", None))
            self._corner_add(die)
            dice_items.append(die)
        shown_items = [self._corner_tile(p) for p in corner.wild_shown]
        wild_items: list[QGraphicsItem] = [self._corner_tile(p) for p in corner.wild]
        if "arrow" in captions:
            wild_items.append(captions["arrow"])
        if (dice_items or shown_items) and new_hand and self.anim_speed > 0 and table.hand_start:
            values = [d.value for d in corner.dice]
            anim, until = play_reveal(self, dice_items, values, shown_items, wild_items, self.anim_speed)
            self._corner_anims.append(anim)
            self._hold_until = until
            # the deal comes after the dice and the 财神: the hands appear a few tiles at a time
            dealer = self.model.obs.dealer if self.model is not None else 0
            deal, until = play_deal(self, self._dealt_items(table, dealer), until, self.anim_speed)
            self._corner_anims.append(deal)
            self._hold_until = until

    def _dealt_items(self, table: TableLayout, dealer: int) -> list[list[QGraphicsItem]]:
        """Each seat's hand items (as drawn, left to right) in the order the deal serves the seats,
        the dealer first."""
        n = max(1, len(table.seats))
        order = sorted(self._hands_drawn, key=lambda seat: (seat - dealer) % n)
        return [self._hands_drawn[seat] for seat in order]

    def _corner_add(self, item: QGraphicsItem) -> QGraphicsItem:
        self.addItem(item)
        self._corner_items.append(item)
        return item

    def _corner_caption(self, c: Caption, vocabulary: str) -> Label:
        label = Label(caption_text(c, vocabulary), c.px, color=MUTED, scale=self.px)
        label.setPos(c.x, c.y)
        label.setData(ROLE, ("caption", c.key))
        self._corner_add(label)
        return label

    def _corner_tile(self, p: TilePlacement) -> TileItem:
        item = TileItem(p.tile, p.w, p.h, face_up=p.face_up, red=p.red, state=p.state, scale=self.px)
        item.setPos(p.x, p.y)
        item.setData(ROLE, (p.role, None))
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

    @property
    def corner(self) -> CornerLayout:
        return self.table.corner

    def hold_ms(self) -> float:
        """How long a set-up animation (the dice roll and 财神 reveal) still plays, in milliseconds: the
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
            resized = getattr(view, "resized", None)
            if id(view) not in self._views_seen and resized is not None:
                self._views_seen.add(id(view))
                resized.connect(self._sync_scale)
        px = round(self._device_scale(), 4)
        if px == self.px:
            return
        self.px = px
        for item in self.items():  # hidden spares included
            if isinstance(item, (TileItem, PixmapItem)):
                item.set_scale(px)

    # ------------------------------------------------------------ warm-up
    def warm_up(self, family: str, red_fives: bool, red_tiles: Iterable[int] | None = None) -> None:
        """Paint the tile pictures a game of ``family`` needs ahead of time (at the current scale), a
        slice at a time, so that the first sight of a tile in a pond or a hand costs a render nothing.
        The kinds come from the registry; the red faces from ``red_tiles`` (else, with ``red_fives``,
        the family's red tiles under its default rules)."""
        from engine.families.registry import get_family
        from engine.rules import default_ruleset

        self._sync_scale()
        spec = get_family(family)
        if red_tiles is None:
            red_tiles = spec.red_tiles(default_ruleset(family)) if red_fives else ()
        reds = sorted({t >> 2 for t in red_tiles if t < 136}) if red_fives else []
        key = (family, tuple(reds), self.px)
        if key == self._warm_key:
            return
        self._warm_key = key
        faces = [(k, False) for k in sorted(spec.kinds)] + [(k, True) for k in reds]
        pond = (POND_W, POND_H, 0.12)
        plan: list[tuple[Any, ...]] = [(None, False, OPP_W, 42.0, TileState.NONE, 0.1)]
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

    # -------------------------------------------------------- announcements
    def _announce(self, model: TableModel, table: TableLayout) -> None:
        """Announce what happened since the last render: each payment made in play (刮风, 下雨, a
        血战 win) at the seats — the reason and the amount received at the payee, what each payer
        pays at the payer — and a notice when it begins (the last four tiles). A hand met in the
        middle (a loaded game) announces nothing that was before; the settlement neither (its
        ledger says it all)."""
        key = table.hand_key
        obs = model.obs
        seen = self._payments_seen
        if seen is None:
            before = len(obs.payments)  # the first sight of a game: nothing old is announced
        elif seen[0] != key:
            self._clear_announcements()
            before = 0
        else:
            before = seen[1]
        self._payments_seen = (key, len(obs.payments))
        notices = frozenset(m.key for m in obs.notices)
        shown = self._notices_seen[1] if self._notices_seen and self._notices_seen[0] == key else frozenset()
        self._notices_seen = (key, notices | shown)
        if model.revealed:
            return
        groups: dict[tuple[str, int], list[PaymentView]] = {}
        for pay in obs.payments[before:]:
            if pay.payee is not None and pay.amount > 0:
                groups.setdefault((pay.reason, pay.payee), []).append(pay)
        for (reason, payee), pays in groups.items():
            total = sum(p.amount for p in pays)
            text = f"{i18n.reason_name(reason)}  +{total}"
            self._announce_at(model.side_of(payee), text, ("payment", payee), FLASH_BG, PAYMENT_PX)
            by_payer: dict[int, int] = {}
            for p in pays:
                if p.payer is not None:
                    by_payer[p.payer] = by_payer.get(p.payer, 0) + p.amount
            for payer, amount in by_payer.items():
                self._announce_at(
                    model.side_of(payer), f"−{amount}", ("payment", payer), PAYER_BG, PAYMENT_PX - 4
                )
        for message in obs.notices:
            if message.key not in shown:
                self._announce_at(None, messages.text(message, model.names), ("notice", None), FLASH_BG, 24)

    def _announce_at(
        self, rel: int | None, text: str, role: tuple[object, ...], bg: QColor, px: float
    ) -> None:
        """A label toward the side of the table ``rel`` (None: over the centre box) that goes by itself."""
        label = Label(text, px, color=FLASH_TEXT, bg=bg, bold=True, pad=12, scale=self.px)
        br = label.boundingRect()
        if rel is None:
            x, y = seat_point(2, BOX + 46)
        else:
            x, y = seat_point(rel, PAYMENT_DISTANCE)
            # two announcements toward one seat (a payee paying too) stand one above the other
            y += sum(
                br.height() + 4
                for item, _ in self._announced
                if item.data(ROLE) is not None
                and item.data(ROLE)[1] == role[1]
                and item.data(ROLE)[0] == role[0]
            )
        label.setPos(x - br.width() / 2, y - br.height() / 2)
        label.setZValue(85)
        label.setData(ROLE, ("announce", *role))
        self.addItem(label)
        speed = max(self.anim_speed, 1.0)
        self._announced.append((label, time.monotonic() + ANNOUNCE_MS * speed / 1000))
        self._announce_timer.start()

    def _expire_announcements(self) -> None:
        now = time.monotonic()
        fade = ANNOUNCE_MS * 0.25 / 1000
        keep = []
        for item, until in self._announced:
            if not isValid(item) or item.scene() is not self:  # the scene was cleared meanwhile
                continue
            if now >= until:
                self.removeItem(item)
                continue
            if self.anim_speed > 0:
                item.setOpacity(min(1.0, (until - now) / fade))
            keep.append((item, until))
        self._announced = keep
        if not keep:
            self._announce_timer.stop()

    def _clear_announcements(self) -> None:
        for item, _ in self._announced:
            if isValid(item) and item.scene() is self:
                self.removeItem(item)
        self._announced = []
        self._announce_timer.stop()

    def clear(self) -> None:
        """Every item goes; the animations, the corner and the announcements' timer first."""
        self._anims.stop()
        self._clear_corner()
        self._clear_announcements()
        super().clear()

    def announcements(self) -> list[str]:
        """The words announced on the table now (tests)."""
        return [item.text for item, _ in self._announced if isinstance(item, Label)]

    # ---------------------------------------------------------- animations
    def _animate(self, events: Sequence[Any], model: TableModel) -> None:
        if self.anim_speed <= 0:
            return
        flashes, last_discard = call_flashes(events)
        if last_discard is not None and last_discard in self._pond_items:
            self._anims.slide(self._pond_items[last_discard], QPointF(0, SLIDE_FROM), self.anim_speed)
        for seat, word in flashes:
            self._flash(model.side_of(seat), word, model)
        drew = any(
            getattr(e, "type", "") == "draw" and getattr(e, "seat", None) == model.viewer for e in events
        )
        if drew and self.hand_items:
            self._anims.drop_in(self.hand_items[-1], self.anim_speed)

    def _flash(self, rel: int, word: str, model: TableModel) -> None:
        text = i18n.call_label(word, model.spec.vocabulary)
        label = Label(text, FLASH_PX, color=FLASH_TEXT, bg=FLASH_BG, bold=True, pad=16, scale=self.px)
        x, y = seat_point(rel, FLASH_DISTANCE)
        br = label.boundingRect()
        label.setPos(x - br.width() / 2, y - br.height() / 2)
        label.setZValue(80)
        self._add(label)
        self._anims.flash(label, self.anim_speed)

    def animations_running(self) -> bool:
        return self._anims.running()

    # ------------------------------------------------------------ input
    def hover_tile(self, item: HandTile, on: bool) -> None:
        state = item.state & ~TileState.HOVER
        if on:
            state |= TileState.HOVER
        item.set_state(state)

    def refuse(self, item: HandTile) -> None:
        self.refused.emit(item.reason or tr("That tile cannot be discarded now."))

    def _exchanging(self) -> bool:
        return self.model is not None and self.model.select_mode == "exchange"

    def clicked(self, item: HandTile) -> None:
        self.cursor = self.hand_items.index(item) if item in self.hand_items else -1
        self._apply_cursor()
        if self._exchanging():
            self.discard_requested.emit(item.tile)
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
            if self._exchanging() or item.allowed:
                self.discard_requested.emit(item.tile)
            else:
                self.refuse(item)

    def _apply_cursor(self) -> None:
        chosen = self.model.chosen if self.model is not None else set()
        for i, item in enumerate(self.hand_items):
            state = item.state & ~TileState.SELECTED
            if i == self.cursor or item.tile in chosen:
                state |= TileState.SELECTED
            item.set_state(state)
            lift = 12 if i == self.cursor else 0
            if item.tile in chosen:
                lift = 14
            item.setPos(item.home.x(), item.home.y() - lift)
        self.selection_changed.emit()

    def hand_tile_at(self, tile: int) -> HandTile | None:
        return next((i for i in self.hand_items if i.tile == tile), None)
