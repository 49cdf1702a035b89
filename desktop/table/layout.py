"""Where everything on the table goes: the typed observation turned into placements, in plain numbers.

:func:`layout` reads a :class:`TableModel` (the viewer's :class:`~engine.game.observation.Observation`,
the family's :class:`~engine.families.registry.FamilySpec` and what the window knows of the own hand)
and returns a :class:`TableLayout`: every tile of every seat, the seat labels, the centre box and the
corner, as frozen dataclasses of floats. This module is pure Python (it imports no Qt module: a test
checks it), so the whole table can be tested without a display. :mod:`desktop.table.scene` applies a
layout to Qt items and puts the words on it: no text here is translated (a seat label is its facts,
the centre box its numbers, a caption a key), and a label's size is measured by the caller
(:data:`Measure`).

Every family difference comes from the observation's parts (empty when a family lacks them) and the
registry's spec: dora indicators are drawn whenever the observation has some, dice whenever it has
rolls, the wild tiles whenever it has a :class:`~engine.game.observation.WildView`, the honba and
sticks whenever a stick is worth points (``spec.stick_points``) or sticks lie on the table, and the
round by wind whenever ``spec.rounds_by_wind``.

Coordinates
-----------
The scene is ``SCENE_W`` x ``SCENE_H`` (1600 x 1000) units. A :class:`TilePlacement` is either in scene
units (``frame`` None: the own hand and melds, labels, flowers, the corner) or in the *seat frame* of
the table side ``frame`` (0 = the viewer at the bottom, 1 on the right, 2 across, 3 on the left; each
seat sits at the side :meth:`~engine.game.observation.Observation.side_of` gives: with four players the
next seat in turn order is on the right, three leave the side across empty, two face each other): the
origin at the table centre ``(CENTER_X, CENTER_Y)``, +y toward that side, as if it were the bottom. A
seat frame is the scene rotated by ``-90 * frame`` degrees about the centre (what the scene's seat
anchors do): :func:`to_scene` maps a point. ``x, y`` is the tile's top-left corner
before its own ``rotation`` (degrees, clockwise on screen, about ``x, y``, as
``QGraphicsItem.setRotation`` turns an item about its origin): a tile laid sideways has rotation -90.
:meth:`TilePlacement.bounds` gives the rectangle a tile covers in its frame,
:meth:`TilePlacement.scene_bounds` in scene units.

>>> from engine.families.registry import specs
>>> from engine.game.game import Game
>>> from engine.rules import default_ruleset
>>> spec = specs()[0]  # the first family of the menus (riichi)
>>> obs = Game(default_ruleset(spec.name), seed=1).observation(0)
>>> table = layout(TableModel(obs=obs, viewer=0, spec=spec))
>>> [len(s.hand) for s in table.seats], len(table.corner.dora)
([14, 13, 13, 13], 5)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from enum import IntFlag
from typing import TYPE_CHECKING

from desktop.table.geometry import CENTER_X as CENTER_X
from desktop.table.geometry import CENTER_Y as CENTER_Y
from desktop.table.geometry import HAND_H as HAND_H
from desktop.table.geometry import HAND_W as HAND_W
from desktop.table.geometry import HAND_Y as HAND_Y
from desktop.table.geometry import SCENE_H as SCENE_H
from desktop.table.geometry import SCENE_W as SCENE_W
from engine.melds import MeldType
from engine.tiles import kind_of

if TYPE_CHECKING:  # annotations only: the table's first frame does not wait for the engine's modules
    from engine.families.registry import FamilySpec
    from engine.game.observation import MeldView, Observation, SeatView
    from engine.messages import Message
    from engine.rules.schema import Ruleset

# ── geometry (scene units; the table's size, centre and own hand: desktop.table.geometry) ─────────
MELD_W, MELD_H = 42.0, 58.0  # the player's own melds
OPP_W, OPP_H = 30.0, 42.0  # other seats' hands
OPP_MELD_W, OPP_MELD_H = 28.0, 38.0  # other seats' melds
POND_W, POND_H = 36.0, 48.0  # discards
POND_TOP = 146.0  # ponds start this far from the centre
POND_COLUMNS, POND_ROWS = 6, 4  # rows of six; the fourth row grows as long as it must
WIDE_POND_COLUMNS = 12  # rows of twelve when no seat sits at the left or right (two players face each other)
DROP_LINE = HAND_Y - 24  # a tile dropped above this line is discarded
HAND_LEFT = 196.0  # the own hand starts here
MARGIN = 14.0  # the own hand and melds stand this far above the bottom edge
OTHER_HAND_Y = 352.0  # other seats' hands, in their seat frame
OTHER_MELDS_RIGHT = 300.0  # other seats' melds end here, in their seat frame
BOX = 128.0  # half-size of the centre box
FLOWER_W, FLOWER_H = 24.0, 24.0 * 1.38
WON_W, WON_H = 30.0, 42.0  # the tile a 血战 winner won on, beside its label
CORNER_W, CORNER_H = 34.0, 46.0  # dora indicators and 财神 tiles in the top-left corner
DIE = 30.0
LABEL_PX = 17.0  # seat labels
LABEL_PAD = 8.0
CAPTION_PX = 15.0  # corner captions
FLASH_DISTANCE = 270.0  # call words flash this far from the centre toward the caller
SLIDE_FROM = 330.0  # a discard slides in from this far toward its seat (seat frame)
DORA_SLOTS = 5
STICK_W, STICK_H = 96.0, 8.0  # a riichi stick, lying between the centre box and the pond
STICK_Y = BOX + 5  # its top edge from the centre, in the seat frame
WALL_Y = BOX + 4  # the walls (Lingxi) stand in a ring around the centre box, this far out
STACK_W, STACK_D = 14.0, 18.0  # one stack of the wall seen from above: width along the wall, depth
WALL_POND_TOP = WALL_Y + STACK_D + 6  # ponds start further out when the walls are drawn
MARKER = 12.0  # the last discard's marker: a small triangle above the tile
Z_STEP = 0.01  # tiles side by side are whole device pixels wide, so neighbours may share a pixel: the
# later one (to the right, in a later pond row) lies over the earlier one, whatever order the items came in


class TileState(IntFlag):
    """How a tile is drawn; bit for bit :class:`desktop.tileart.TileState` (which imports Qt)."""

    NONE = 0
    SELECTED = 1  # raised, outlined: the keyboard cursor, a tile chosen for the exchange
    DISABLED = 2  # may not be discarded now: dimmed
    WILD = 4  # a wild tile (财神): gold frame and badge
    MARKED = 8  # the winning tile, a hint: red frame
    SHADED = 16  # a tsumogiri discard: slightly grey
    HOVER = 32
    LAST = 64  # the discard now on the table


@dataclass
class TableModel:
    """What the scene draws: the viewer's observation and, for the own seat, what each tile may do."""

    obs: Observation  # the viewer's typed observation
    viewer: int  # the seat drawn at the bottom
    spec: FamilySpec  # the family's registry entry (vocabulary, kinds, rounds_by_wind, ...)
    human: bool = True  # the bottom seat is a person (False in the demo)
    red_tiles: frozenset[int] = frozenset()  # tiles drawn as red fives
    allowed: dict[int, bool] = field(default_factory=dict)  # own tile -> may be discarded now
    reasons: dict[int, str] = field(default_factory=dict)  # own tile -> why not (already translated)
    select_mode: str = ""  # "", "declare" (choose the riichi discard), "exchange" (choose three)
    chosen: set[int] = field(default_factory=set)  # tiles chosen in exchange mode
    revealed: dict[int, list[int]] = field(default_factory=dict)  # settlement: seat -> concealed tiles
    winning: dict[int, int] = field(default_factory=dict)  # settlement: seat -> winning tile (marked)
    hand_order: list[int] | None = None  # own concealed tiles in display order (auto-sort off)
    names: list[str] = field(default_factory=list)
    hint: int | None = None  # a tile the hint marks
    rules: Ruleset | None = None  # for spec.stick_points(rules) etc. (engine.rules.schema.Ruleset)

    def side_of(self, seat: int) -> int:
        """The side of the table ``seat`` is drawn at, with :attr:`viewer` at the bottom (the engine's
        :meth:`Observation.side_of`; a spectator's open table is drawn from any seat)."""
        return self.obs.side_of(seat, self.viewer)


# ── the layout ────────────────────────────────────────────────────────────────────────────────
@dataclass(frozen=True, slots=True)
class TilePlacement:
    """One tile on the table (see the module text for ``frame``, ``x``, ``y`` and ``rotation``).

    ``role`` says what it is: "hand" (a seat's concealed tiles), "meld", "added" (the tile added to a
    pon, on its sideways tile), "pond", "flower", "dora", "wild_shown" (the tiles turned up to choose
    the 财神), "wild" (a wild kind). A seat that has won and left play (血战) shows its hand face up,
    the tile it won on set apart and marked, as at the settlement. ``allowed`` is None except on the
    own hand when it takes input: then it says whether the tile may be discarded now, ``reason`` why
    not. ``lift`` raises the tile above its place ``y`` (a tile chosen for the exchange)."""

    role: str
    seat: int | None
    tile: int | None  # None: a tile nobody may see, drawn face down
    x: float
    y: float
    w: float
    h: float
    frame: int | None = None
    rotation: float = 0.0
    face_up: bool = True
    red: bool = False
    state: TileState = TileState.NONE
    depth: float = 0.1  # share of the height that is the tile's thickness
    z: float = 0.0
    lift: float = 0.0
    allowed: bool | None = None
    reason: str = ""

    @property
    def kind(self) -> int | None:
        return kind_of(self.tile) if self.tile is not None and self.face_up else None

    @property
    def sideways(self) -> bool:
        return self.rotation % 180 != 0

    def bounds(self) -> tuple[float, float, float, float]:
        """(left, top, right, bottom) the tile covers in its frame, its rotation applied."""
        corners = [
            _rotate(dx, dy, self.rotation) for dx, dy in ((0, 0), (self.w, 0), (0, self.h), (self.w, self.h))
        ]
        xs = [self.x + cx for cx, _ in corners]
        ys = [self.y + cy for _, cy in corners]
        return (min(xs), min(ys), max(xs), max(ys))

    def scene_bounds(self) -> tuple[float, float, float, float]:
        """(left, top, right, bottom) the tile covers in scene units."""
        left, top, right, bottom = self.bounds()
        a = to_scene(self.frame, left, top)
        b = to_scene(self.frame, right, bottom)
        return (min(a[0], b[0]), min(a[1], b[1]), max(a[0], b[0]), max(a[1], b[1]))


@dataclass(frozen=True, slots=True)
class SeatLabel:
    """What a seat's label says, as facts (the scene puts them in words): the seat wind (0 East .. 3
    North), the name, and the tags: dealer, riichi declared, the lacking suit (0 man, 1 pin, 2 sou),
    won (血战), a dead hand."""

    seat: int
    wind: int
    name: str
    dealer: bool = False
    declared: bool = False
    lacking_suit: int | None = None
    won: bool = False
    dead: bool = False

    @property
    def has_tags(self) -> bool:
        return self.dealer or self.declared or self.lacking_suit is not None or self.won or self.dead


@dataclass(frozen=True, slots=True)
class LabelPlacement:
    """A seat label's box in scene units (its size measured by :data:`Measure`)."""

    label: SeatLabel
    x: float
    y: float
    w: float
    h: float
    px: float = LABEL_PX


Measure = Callable[[SeatLabel], tuple[float, float]]
"""The size (width, height) of a seat label's box in scene units, text and padding: the scene measures
the words it will draw with the interface font; :func:`estimate_label_size` guesses without Qt."""


def estimate_label_size(label: SeatLabel) -> tuple[float, float]:
    """A rough size of a seat label (wide characters count double), for layouts made without Qt."""

    def width(text: str) -> float:
        return sum(LABEL_PX * (1.0 if ord(c) > 0x2E7F else 0.55) for c in text)

    lines = [width(f"W  {label.name}")]
    tags = [label.dealer, label.declared, label.lacking_suit is not None, label.won, label.dead]
    if any(tags):
        lines.append(sum(tags) * LABEL_PX * 4.0)
    return (max(lines) + 2 * LABEL_PAD, LABEL_PX * 1.4 * len(lines) + LABEL_PAD)


@dataclass(frozen=True, slots=True)
class CentreSeat:
    """One seat's edge of the centre box: wind (0..3), score, dealer, the seat to act. ``rel`` is the
    side of the box (0 bottom, 1 right, 2 top, 3 left); a side nobody sits at has no edge."""

    rel: int
    seat: int
    wind: int
    score: int
    dealer: bool
    active: bool


@dataclass(frozen=True, slots=True)
class CentreInfo:
    """The centre box. ``round_wind`` (0 East ..) is set when the family counts rounds by wind: the
    box then reads "East 2" (``hand_in_round``), else "Hand n" (``hand_number``). ``sticks`` (honba,
    sticks on the table) is set when a stick is worth points or sticks lie on the table; else the box
    shows the family's title (``family``, a registry name for :func:`desktop.i18n.family_name`).
    ``notices`` are the engine's notices now (e.g. the last four tiles), shown in the box."""

    seats: tuple[CentreSeat, ...]
    round_wind: int | None
    hand_in_round: int
    hand_number: int
    sticks: tuple[int, int] | None
    family: str
    wall: int
    notices: tuple[Message, ...] = ()


@dataclass(frozen=True, slots=True)
class Caption:
    """A caption in the corner; the scene words it from ``key`` and ``args``:

    * "dora": the dora indicators;
    * "dice": who threw the dice and the totals — ``args`` holds (seat wind 0..3, dealer 0/1, total)
      for each throw, then the stacks counted (the sum of all throws) when a wall is drawn, else -1;
    * "wild": the 财神 — ``args`` (seat wind of the wall's owner, stack counted from its right end)
      when the wall says where the 财神 stack is, else empty;
    * "reserve": the stacks kept back at the end — ``args`` (stacks now, the ruleset's stacks, kans);
    * "arrow": the arrow from the shown tiles to the wild kinds."""

    key: str
    x: float
    y: float
    px: float = CAPTION_PX
    args: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class DiePlacement:
    value: int
    x: float
    y: float
    size: float = DIE
    roll: int = 0  # which throw (the second roller's pair is set apart)


@dataclass(frozen=True, slots=True)
class CornerLayout:
    """The top-left corner: dora indicators (face-down slots up to five), the dice, the tiles shown to
    choose the 财神 and the wild kinds."""

    captions: tuple[Caption, ...] = ()
    dora: tuple[TilePlacement, ...] = ()
    dice: tuple[DiePlacement, ...] = ()
    wild_shown: tuple[TilePlacement, ...] = ()
    wild: tuple[TilePlacement, ...] = ()

    def tiles(self) -> Iterator[TilePlacement]:
        yield from self.dora
        yield from self.wild_shown
        yield from self.wild


@dataclass(frozen=True, slots=True)
class StickPlacement:
    """A riichi stick lying in front of the seat that declared, between the centre box and its pond
    (seat frame ``frame``)."""

    seat: int
    frame: int
    x: float
    y: float
    w: float = STICK_W
    h: float = STICK_H

    def scene_bounds(self) -> tuple[float, float, float, float]:
        a = to_scene(self.frame, self.x, self.y)
        b = to_scene(self.frame, self.x + self.w, self.y + self.h)
        return (min(a[0], b[0]), min(a[1], b[1]), max(a[0], b[0]), max(a[1], b[1]))


@dataclass(frozen=True, slots=True)
class MarkerPlacement:
    """The marker over the last discard still in a pond: a small triangle pointing down at the tile,
    in scene units (its top-left corner)."""

    seat: int
    tile: int
    x: float
    y: float
    size: float = MARKER


@dataclass(frozen=True, slots=True)
class StackPlacement:
    """One stack of a wall laid on the table (Lingxi), seen from above, in the seat frame of the
    wall's owner. ``tiles`` is how many tiles it still holds (0: taken). ``wild``: the stack whose
    two tiles were turned up for the 财神; ``reserve``: kept back at the end; ``front`` / ``tail``:
    the next draw from the front / the next replacement comes from it."""

    owner: int  # the seat whose wall it is
    number: int  # counted from the right end of its wall as its owner sees it (1..)
    tiles: int
    frame: int
    x: float
    y: float
    w: float = STACK_W
    h: float = STACK_D
    wild: bool = False
    reserve: bool = False
    front: bool = False
    tail: bool = False

    def scene_bounds(self) -> tuple[float, float, float, float]:
        a = to_scene(self.frame, self.x, self.y)
        b = to_scene(self.frame, self.x + self.w, self.y + self.h)
        return (min(a[0], b[0]), min(a[1], b[1]), max(a[0], b[0]), max(a[1], b[1]))


@dataclass(frozen=True, slots=True)
class WallLayout:
    """The walls in a ring around the centre box and where the deal broke them: the break lies at
    ``break_x`` of the frame ``break_frame`` (between the 财神 stack and the stack the deal began
    with)."""

    stacks: tuple[StackPlacement, ...] = ()
    break_frame: int | None = None
    break_x: float = 0.0


@dataclass(frozen=True, slots=True)
class SeatLayout:
    """One seat: its concealed tiles, melds (one tuple of tiles each), pond, flowers, the tile it won
    on (血战) and its label. ``rel`` is its side of the table (``Observation.side_of``): 0 bottom,
    1 right, 2 top, 3 left."""

    seat: int
    rel: int
    hand: tuple[TilePlacement, ...]
    melds: tuple[tuple[TilePlacement, ...], ...]
    pond: tuple[TilePlacement, ...]
    flowers: tuple[TilePlacement, ...]
    won: TilePlacement | None
    label: LabelPlacement
    stick: StickPlacement | None = None

    def tiles(self) -> Iterator[TilePlacement]:
        yield from self.hand
        for meld in self.melds:
            yield from meld
        yield from self.pond
        yield from self.flowers
        if self.won is not None:
            yield self.won


@dataclass(frozen=True, slots=True)
class TableLayout:
    """Everything :func:`layout` places. ``seats`` are in relative order (the viewer first); empty when
    there is no hand (the match is over). ``interactive``: the own hand takes input. ``hand_key`` tells
    one hand from the next; ``hand_start``: nobody has discarded yet (the set-up reveal may play)."""

    seats: tuple[SeatLayout, ...] = ()
    centre: CentreInfo | None = None
    corner: CornerLayout = CornerLayout()
    wall: WallLayout = WallLayout()
    marker: MarkerPlacement | None = None
    interactive: bool = False
    hand_key: tuple[object, ...] = ()
    hand_start: bool = False

    def tiles(self) -> Iterator[TilePlacement]:
        for seat in self.seats:
            yield from seat.tiles()
        yield from self.corner.tiles()

    def seat(self, seat: int) -> SeatLayout:
        return next(s for s in self.seats if s.seat == seat)


# ── coordinates ───────────────────────────────────────────────────────────────────────────────
def _rotate(x: float, y: float, degrees: float) -> tuple[float, float]:
    """``(x, y)`` turned by ``degrees`` about the origin as Qt turns items (clockwise on screen)."""
    quarter = degrees / 90
    c: float
    s: float
    if quarter == round(quarter):  # exact for the quarter turns the table uses
        c, s = ((1.0, 0.0), (0.0, 1.0), (-1.0, 0.0), (0.0, -1.0))[round(quarter) % 4]
    else:
        r = math.radians(degrees)
        c, s = math.cos(r), math.sin(r)
    return (x * c - y * s, x * s + y * c)


def frame_rotation(frame: int | None) -> float:
    """The rotation of a seat frame in the scene, in degrees (0 for scene units)."""
    return 0.0 if frame is None else -90.0 * frame


def to_scene(frame: int | None, x: float, y: float) -> tuple[float, float]:
    """A point of ``frame`` (None: scene units, 0..3: a seat frame) in scene units."""
    if frame is None:
        return (x, y)
    rx, ry = _rotate(x, y, frame_rotation(frame))
    return (CENTER_X + rx, CENTER_Y + ry)


def seat_point(rel: int, distance: float) -> tuple[float, float]:
    """The point ``distance`` from the centre toward the relative seat ``rel``, in scene units."""
    return to_scene(rel, 0.0, distance)


# ── layout ────────────────────────────────────────────────────────────────────────────────────
def layout(model: TableModel, *, measure: Measure = estimate_label_size) -> TableLayout:
    """Every placement of the table for ``model`` (see the module text)."""
    obs = model.obs
    if not obs.seats:
        return TableLayout()
    n = len(obs.seats)
    put = _Placer(model)
    seats: list[SeatLayout] = []
    for step in range(n):  # in turn order from the viewer, each at its side of the table
        seat = (model.viewer + step) % n
        rel = model.side_of(seat)
        sv = obs.seats[seat]
        pond = put.pond(sv, rel)
        label = _seat_label(model, sv, rel, measure)
        if rel == 0:
            hand, melds = put.own(sv, left=max(HAND_LEFT, label.x + label.w + 12))
        else:
            hand, melds = put.other(sv, rel)
        flowers, won = put.beside_label(sv, rel, label)
        stick = StickPlacement(seat, rel, -STICK_W / 2, STICK_Y) if sv.declared else None
        seats.append(SeatLayout(seat, rel, hand, melds, pond, flowers, won, label, stick))
    match = obs.match
    dice = tuple(v for roll in obs.dice for v in roll.values)
    shown = obs.wild.shown if obs.wild is not None else ()
    return TableLayout(
        seats=tuple(seats),
        centre=_centre(model),
        corner=put.corner(),
        wall=put.walls(),
        marker=_marker(seats, put.latest),
        interactive=put.interactive,
        hand_key=(match.hand_index, match.round_index, dice, shown),
        hand_start=not any(s.discards for s in obs.seats),
    )


def _marker(seats: list[SeatLayout], latest: tuple[int, int] | None) -> MarkerPlacement | None:
    """The marker over the last discard still lying in a pond, above the tile on the screen."""
    if latest is None:
        return None
    seat, tile = latest
    for sl in seats:
        if sl.seat != seat:
            continue
        for p in sl.pond:
            if p.tile == tile:
                left, top, right, _ = p.scene_bounds()
                return MarkerPlacement(seat, tile, (left + right - MARKER) / 2, top - MARKER * 0.8)
    return None


class _Placer:
    """The placements of one layout (the model's wild kinds and red tiles at hand)."""

    def __init__(self, model: TableModel) -> None:
        self.model = model
        self.obs = model.obs
        self.n = len(model.obs.seats)
        sides = {model.side_of(s) for s in range(self.n)}
        # the seats beside a pond (left and right) keep it to rows of six; facing seats only: twelve
        self.columns = POND_COLUMNS if sides & {1, 3} else WIDE_POND_COLUMNS
        # a wall in front of a seat is as long as the box's side, or as the ponds when nobody sits beside
        self.wall_span = 2 * BOX if sides & {1, 3} else WIDE_POND_COLUMNS * POND_W
        self.wild = model.obs.wild_kinds
        self.red = model.red_tiles
        own = model.obs.seats[model.viewer % self.n]
        # a 血战 winner has left play and shows its hand (the settlement's reveal comes first)
        self.wins = {w.seat: w for w in model.obs.wins}
        self.interactive = model.human and not model.revealed and own.hand is not None and not own.won
        self.latest = model.obs.latest_discard or model.obs.last_discard

    def revealed(self, seat: int) -> list[int] | None:
        """The concealed tiles a seat shows: at the settlement, or after it won and left play."""
        shown = self.model.revealed.get(seat)
        if shown:
            return list(shown)
        win = self.wins.get(seat)
        return list(win.hand) if win is not None and self.obs.seats[seat].won else None

    def winning_tile(self, seat: int) -> int | None:
        if seat in self.model.winning:
            return self.model.winning[seat]
        win = self.wins.get(seat)
        return win.tile if win is not None and self.obs.seats[seat].won else None

    def state(self, tile: int | None) -> TileState:
        if tile is not None and kind_of(tile) in self.wild:
            return TileState.WILD
        return TileState.NONE

    # ------------------------------------------------------------------ ponds
    def pond(self, sv: SeatView, rel: int) -> tuple[TilePlacement, ...]:
        """Rows of six (twelve when nobody sits beside) from the centre outward (a fourth row grows),
        tsumogiri shaded, the discard on
        the table marked. The riichi declaration tile lies sideways; when it was called away, the next
        discard of the seat that stays in the pond lies sideways instead."""
        model, last = self.model, self.latest
        columns = self.columns
        x0 = -columns / 2 * POND_W
        top = WALL_POND_TOP if self.obs.wall is not None else POND_TOP
        x, col, row = x0, 0, 0
        turn_next = False
        out: list[TilePlacement] = []
        for d in sv.discards:
            if d.claimed_by is not None:
                turn_next = turn_next or d.sideways
                continue
            if col == columns and row < POND_ROWS - 1:
                x, col, row = x0, 0, row + 1
            sideways = d.sideways or turn_next
            turn_next = False
            state = self.state(d.tile)
            if d.tsumogiri:
                state |= TileState.SHADED
            on_table = last == (sv.seat, d.tile)
            if on_table:
                state |= TileState.LAST
                if d.tile in model.winning.values() and sv.seat not in model.winning:
                    state |= TileState.MARKED  # the tile won on by ron
            y = top + row * (POND_H - 4)
            turned = y + POND_H - (POND_H - POND_W) / 2 - 2
            out.append(
                TilePlacement(
                    "pond",
                    sv.seat,
                    d.tile,
                    x,
                    turned if sideways else y,
                    POND_W,
                    POND_H,
                    frame=rel,
                    rotation=-90.0 if sideways else 0.0,
                    red=d.tile in self.red,
                    state=state,
                    depth=0.12,
                    z=row + col * Z_STEP,  # later tiles over earlier ones (see Z_STEP)
                )
            )
            x += POND_H if sideways else POND_W
            col += 1
        return tuple(out)

    # -------------------------------------------------------------- own seat
    def own(
        self, sv: SeatView, left: float = HAND_LEFT
    ) -> tuple[tuple[TilePlacement, ...], tuple[tuple[TilePlacement, ...], ...]]:
        """The own melds from the right edge leftwards, the concealed tiles from ``left`` (right of the
        seat label), the drawn tile set apart; tiles shrink when the hand and melds would not fit."""
        model = self.model
        seat = sv.seat
        revealed = self.revealed(seat)
        melds: list[tuple[TilePlacement, ...]] = []
        mx = SCENE_W - 24
        for m in reversed(sv.melds):
            width = meld_width(m, seat, self.n, MELD_W, MELD_H)
            mx -= width
            melds.insert(0, self.meld(m, seat, mx, SCENE_H - MARGIN - MELD_H, MELD_W, MELD_H, None))
            mx -= 12
        hidden = sv.hand is None and not revealed  # a spectator's bottom seat: backs
        win_tile = self.winning_tile(seat)
        drawn = win_tile if revealed else sv.drawn
        tiles: list[int | None]
        if hidden:
            tiles, drawn = [None] * sv.hand_count, None
        else:
            ids = list(revealed) if revealed else list(sv.hand or ())
            if drawn is not None and drawn in ids:
                ids.remove(drawn)
            else:
                drawn = None
            if model.hand_order:
                order = {t: i for i, t in enumerate(model.hand_order)}
                ids.sort(key=lambda t: (order.get(t, 10**6), t))
            else:
                ids.sort()
            tiles = list(ids)
        count = len(tiles) + (1 if drawn is not None else 0)
        room = mx - left - 16
        w = min(HAND_W, room / max(1, count + 0.4))
        h = w * HAND_H / HAND_W
        y = SCENE_H - MARGIN - h
        x = left
        interactive = self.interactive
        hand: list[TilePlacement] = []
        for i, t in enumerate([*tiles, *([drawn] if drawn is not None else [])]):
            if drawn is not None and i == len(tiles):
                x += w * 0.35
            state = self.state(t)
            if revealed and win_tile == t:
                state |= TileState.MARKED
            if t is not None and model.hint == t:
                state |= TileState.MARKED
            allowed: bool | None = None
            chosen = t in model.chosen
            if interactive and t is not None:
                allowed = model.allowed.get(t, False)
                if model.allowed and not allowed:
                    state |= TileState.DISABLED
                if chosen:
                    state |= TileState.SELECTED
            hand.append(
                TilePlacement(
                    "hand",
                    seat,
                    t,
                    x,
                    y,
                    w,
                    h,
                    face_up=t is not None,
                    red=t in self.red,
                    state=state,
                    z=i * Z_STEP,
                    lift=14.0 if chosen else 0.0,
                    allowed=allowed,
                    reason=model.reasons.get(t, "") if t is not None else "",
                )
            )
            x += w
        return tuple(hand), tuple(melds)

    # ----------------------------------------------------------- other seats
    def other(
        self, sv: SeatView, rel: int
    ) -> tuple[tuple[TilePlacement, ...], tuple[tuple[TilePlacement, ...], ...]]:
        """A row of backs (or the tiles shown at the settlement, the winning one set apart) and the
        melds in the row behind it, from the seat's right end leftwards."""
        seat = sv.seat
        shown = self.revealed(seat)
        count = len(shown) if shown else sv.hand_count
        w, h = OPP_W, OPP_H
        if count > 14:
            w = OPP_W * 14 / count
            h = w * OPP_H / OPP_W
        x = -count * w / 2
        tiles: list[int | None] = list(sorted(shown)) if shown else [None] * count
        win_tile = self.winning_tile(seat)
        apart = bool(shown) and win_tile in tiles
        if apart:
            tiles.remove(win_tile)
            tiles.append(win_tile)
        hand: list[TilePlacement] = []
        for i, t in enumerate(tiles):
            if apart and i == len(tiles) - 1:
                x += w * 0.3
            state = self.state(t)
            if shown and t == win_tile:
                state |= TileState.MARKED
            hand.append(
                TilePlacement(
                    "hand",
                    seat,
                    t,
                    x,
                    OTHER_HAND_Y,
                    w,
                    h,
                    frame=rel,
                    face_up=t is not None,
                    red=t in self.red,
                    state=state,
                    z=i * Z_STEP,
                )
            )
            x += w
        melds: list[tuple[TilePlacement, ...]] = []
        mx = OTHER_MELDS_RIGHT
        for m in reversed(sv.melds):
            mx -= meld_width(m, seat, self.n, OPP_MELD_W, OPP_MELD_H)
            melds.insert(0, self.meld(m, seat, mx, OTHER_HAND_Y + h + 6, OPP_MELD_W, OPP_MELD_H, rel))
            mx -= 6
        return tuple(hand), tuple(melds)

    # ------------------------------------------------------------------ melds
    def meld(
        self, m: MeldView, seat: int, x: float, y: float, w: float, h: float, frame: int | None
    ) -> tuple[TilePlacement, ...]:
        """One meld from ``x``: the called tile turned toward its giver (left for the seat before,
        second for the seat across, last for the seat after; first in a chi), an added kan's tile on
        the turned one, a closed kan's end tiles face down."""
        model = self.model
        tiles, slot, added = meld_order(m, seat, self.n)
        out: list[TilePlacement] = []
        for i, t in enumerate(tiles):
            face_up = not (m.type is MeldType.CLOSED_KAN and i in (0, 3))
            state = self.state(t)
            if model.revealed and model.winning.get(seat) == t:
                state |= TileState.MARKED
            turned = i == slot
            out.append(
                TilePlacement(
                    "meld",
                    seat,
                    t,
                    x,
                    y + h if turned else y,
                    w,
                    h,
                    frame=frame,
                    rotation=-90.0 if turned else 0.0,
                    face_up=face_up,
                    red=t in self.red,
                    state=state,
                    z=i * Z_STEP,
                )
            )
            if turned and added is not None:
                out.append(
                    TilePlacement(
                        "added",
                        seat,
                        added,
                        x,
                        y + h - w,
                        w,
                        h,
                        frame=frame,
                        rotation=-90.0,
                        red=added in self.red,
                        state=self.state(added),
                        z=(i + 0.5) * Z_STEP,
                    )
                )
            x += h if turned else w
        return tuple(out)

    # --------------------------------------------------- flowers, won tile
    def beside_label(
        self, sv: SeatView, rel: int, label: LabelPlacement
    ) -> tuple[tuple[TilePlacement, ...], TilePlacement | None]:
        """Flowers in a row under the label (above it for the own seat and the left seat, whose hands
        begin there); a 血战 winner's won tile at the label's right (the own seat's above the label,
        after the flowers)."""
        flowers: list[TilePlacement] = []
        x = label.x
        if rel == 0:
            y = label.y - 40
        elif rel == 3:  # under the left seat's label its hand begins
            y = label.y - FLOWER_H - 4
        else:
            y = label.y + label.h + 4
        for f in sv.flowers:
            flowers.append(
                TilePlacement(
                    "flower", sv.seat, f, x, y, FLOWER_W, FLOWER_H, depth=0.08, z=len(flowers) * Z_STEP
                )
            )
            x += FLOWER_W + 1
        won: TilePlacement | None = None
        tile = next((w.tile for w in self.obs.wins if w.seat == sv.seat), None)
        if sv.won and tile is not None and not self.revealed(sv.seat):
            if rel == 0:  # right of the label the own hand begins: above it, after the flowers
                wx = label.x + (len(flowers) * (FLOWER_W + 1) + 4 if flowers else 0)
                wy = label.y - WON_H - 6
            else:
                wx, wy = label.x + label.w + 6, label.y
            won = TilePlacement(
                "won", sv.seat, tile, wx, wy, WON_W, WON_H, red=tile in self.red, state=TileState.MARKED
            )
        return tuple(flowers), won

    # ----------------------------------------------------------------- corner
    def corner(self) -> CornerLayout:
        """Dora indicators, then who threw the dice and the totals with the dice, then the 财神 (where
        its stack stood, the shown tiles and the wild kinds) and the reserve: each part only when the
        observation has it."""
        obs = self.obs
        x, y = 20.0, 16.0
        captions: list[Caption] = []
        dora: list[TilePlacement] = []
        if obs.dora_indicators:
            captions.append(Caption("dora", x, y))
            y += 26
            for i in range(max(DORA_SLOTS, len(obs.dora_indicators))):
                t = obs.dora_indicators[i] if i < len(obs.dora_indicators) else None
                dora.append(
                    TilePlacement(
                        "dora",
                        None,
                        t,
                        x + i * 35,
                        y,
                        CORNER_W,
                        CORNER_H,
                        face_up=t is not None,
                        red=t in self.red,
                    )
                )
            y += 56
        dice: list[DiePlacement] = []
        wall = obs.wall
        if obs.dice:
            args: list[int] = []
            for throw in obs.dice:
                args += [self.wind(throw.roller), int(throw.roller == obs.dealer), throw.total]
            args.append(sum(t.total for t in obs.dice) if wall is not None else -1)
            captions.append(Caption("dice", x, y, args=tuple(args)))
            y += 26
            i = 0
            for roll, throw in enumerate(obs.dice):
                for v in throw.values:
                    dice.append(DiePlacement(v, x + i * 36 + roll * 14, y, roll=roll))
                    i += 1
            y += 40
        shown: list[TilePlacement] = []
        wild: list[TilePlacement] = []
        if obs.wild is not None and (obs.wild.shown or obs.wild.kinds):
            where = (self.wind(wall.break_wall), wall.break_stack) if wall is not None else ()
            captions.append(Caption("wild", x, y, args=where))
            y += 26
            for i, t in enumerate(obs.wild.shown):
                shown.append(TilePlacement("wild_shown", None, t, x + i * 36, y, CORNER_W, CORNER_H))
            x2 = x
            if obs.wild.shown and obs.wild.kinds:
                x2 = x + len(obs.wild.shown) * 36 + 10
                captions.append(Caption("arrow", x2, y + 8, 18))
                x2 += 28
            for i, k in enumerate(obs.wild.kinds):
                t = k * 4 if k < 34 else 136 + k - 34
                wild.append(
                    TilePlacement("wild", None, t, x2 + i * 36, y, CORNER_W, CORNER_H, state=TileState.WILD)
                )
            y += 56
        if wall is not None:
            stacks = wall.reserve_tiles // 2
            captions.append(Caption("reserve", x, y, args=(stacks, stacks - wall.kans, wall.kans)))
        return CornerLayout(tuple(captions), tuple(dora), tuple(dice), tuple(shown), tuple(wild))

    def wind(self, seat: int) -> int:
        """A seat's wind, 0 East .. 3 North."""
        return (self.obs.seats[seat].wind - 27) % 4

    # ------------------------------------------------------------------ walls
    def walls(self) -> WallLayout:
        """The stacks of the walls (when the observation has them) in a ring around the centre box:
        each seat's wall in front of it, stack 1 at its owner's right, and the break beside the 财神
        stack, on the side the deal went on from."""
        wall = self.obs.wall
        if wall is None or not wall.stacks_per_wall:
            return WallLayout()
        per = wall.stacks_per_wall
        w = min(STACK_W, self.wall_span / per)
        reserve = set(wall.reserve)
        stacks: list[StackPlacement] = []
        break_frame: int | None = None
        break_x = 0.0
        for index, left in enumerate(wall.left):
            owner = (wall.first_wall + index // per) % self.n
            number = index % per + 1
            rel = self.model.side_of(owner)
            x = (per / 2 - number) * w
            stacks.append(
                StackPlacement(
                    owner,
                    number,
                    left,
                    rel,
                    x,
                    WALL_Y,
                    w - 1,
                    STACK_D,
                    wild=index == wall.wild_stack,
                    reserve=index in reserve,
                    front=index == wall.next_stack,
                    tail=index == wall.tail_stack,
                )
            )
            if index == wall.wild_stack:
                break_frame, break_x = rel, x  # the deal went on leftwards: the next stack's side
        return WallLayout(tuple(stacks), break_frame, break_x)


def meld_order(m: MeldView, seat: int, n: int) -> tuple[list[int], int | None, int | None]:
    """A meld's tiles in table order, the index of the tile turned toward its giver (None for a closed
    kan) and the tile added on it (an added kan). The giver's side is seen from the meld's owner at a
    table of ``n`` (:func:`~engine.game.observation.table_sides`): with two players it sits across."""
    tiles = list(m.tiles)
    called, giver, added = m.called, m.from_seat, m.added
    if m.type is MeldType.ADDED_KAN and added is not None and added in tiles and giver is not None:
        tiles.remove(added)
    else:
        added = None
    slot: int | None = None
    if giver is not None and called is not None and called in tiles:
        tiles.remove(called)
        from engine.game.observation import table_sides  # not before the first frame

        side = table_sides(n)[(giver - seat) % n]
        if m.type is MeldType.CHI or side == 3:
            slot = 0  # from the seat before (on the left)
        elif side == 1:
            slot = len(tiles)  # from the seat after (on the right)
        else:
            slot = min(1, len(tiles))  # from across
        tiles.insert(slot, called)
    elif added is not None:  # an added kan with no turned tile: the added tile lies in the row
        tiles.append(added)
        added = None
    return tiles, slot, added


def meld_width(m: MeldView, seat: int, n: int, w: float, h: float) -> float:
    """The width a meld takes: upright tiles ``w`` wide, the turned one ``h``."""
    tiles, slot, _ = meld_order(m, seat, n)
    return (len(tiles) - (1 if slot is not None else 0)) * w + (h if slot is not None else 0)


# ── labels and the centre box ─────────────────────────────────────────────────────────────────
def _seat_label(model: TableModel, sv: SeatView, rel: int, measure: Measure) -> LabelPlacement:
    obs = model.obs
    seat = sv.seat
    name = model.names[seat] if seat < len(model.names) else f"{seat}"
    label = SeatLabel(
        seat=seat,
        wind=(sv.wind - 27) % 4,
        name=name,
        dealer=seat == obs.dealer,
        declared=sv.declared,
        lacking_suit=sv.lacking_suit,
        won=sv.won,
        dead=sv.dead,
    )
    lw, lh = measure(label)
    spots = {
        0: (24.0, SCENE_H - 104),
        1: (CENTER_X + 352, CENTER_Y + 232),
        2: (CENTER_X + 236, 58 + (42 - lh) / 2),
        3: (CENTER_X - 352 - lw + 42, CENTER_Y - 232 - lh),
    }
    x, y = spots[rel]
    return LabelPlacement(label, x, y, lw, lh)


def _centre(model: TableModel) -> CentreInfo:
    obs, spec = model.obs, model.spec
    n = len(obs.seats)
    turn: int | None = obs.turn
    if obs.phase in ("claim", "rob_kan", "setup"):
        turn = None
    scores = obs.scores
    seats = tuple(
        CentreSeat(
            rel=model.side_of(seat),
            seat=seat,
            wind=(obs.seats[seat].wind - 27) % 4,
            score=scores[seat],
            dealer=seat == obs.dealer,
            active=seat == turn,
        )
        for seat in ((model.viewer + step) % n for step in range(n))
    )
    points = spec.stick_points(model.rules) if model.rules is not None else obs.stick_points
    return CentreInfo(
        seats=seats,
        round_wind=(obs.round_wind - 27) % 4 if spec.rounds_by_wind else None,
        hand_in_round=obs.match.round_index % n + 1,
        hand_number=obs.match.hand_index + 1,
        sticks=(obs.honba, obs.pot) if (points or obs.pot) else None,
        family=spec.name,
        wall=obs.wall_remaining,
        notices=obs.notices,
    )


__all__ = [
    "CENTER_X",
    "CENTER_Y",
    "DROP_LINE",
    "HAND_Y",
    "SCENE_H",
    "SCENE_W",
    "Caption",
    "CentreInfo",
    "CentreSeat",
    "CornerLayout",
    "DiePlacement",
    "LabelPlacement",
    "MarkerPlacement",
    "Measure",
    "SeatLabel",
    "SeatLayout",
    "StackPlacement",
    "StickPlacement",
    "TableLayout",
    "TableModel",
    "TilePlacement",
    "TileState",
    "WallLayout",
    "estimate_label_size",
    "layout",
    "meld_order",
    "meld_width",
    "seat_point",
    "to_scene",
]
