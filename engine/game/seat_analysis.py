"""The engine's analysis of one seat's position: what the practice panel, the hints and the table show.

:func:`analyse` (``Game.analysis(seat)``) answers, from what the seat can see and the family's own
rules: the shanten and the waits with their unseen copies (measured with the seat's
:class:`~engine.analysis.shape.HandShape`, as the AI measures them), furiten, which discards are legal
and how each keeps the hand (shanten after it and acceptance), why each other tile may not be
discarded (:meth:`~engine.game.game.Game.why_not`), and whether a win is legal now and what it is
worth — or, when the tile would complete the hand's shape, why it is not a win.

>>> from engine.game.game import Game
>>> from engine.rules import default_ruleset
>>> game = Game(default_ruleset("riichi"), seed=5)
>>> seat = game.pending()[0]
>>> a = game.analysis(seat)
>>> a.shanten >= 0 and all(game.why_not(c.action) is None for c in a.discards)
True
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.analysis.acceptance import acceptance
from engine.analysis.shape import HandShape
from engine.game.actions import Action, ActionType
from engine.messages import Message
from engine.tiles import is_red, kind_of

if TYPE_CHECKING:
    from engine.game.game import Game

A = ActionType


@dataclass(frozen=True, slots=True)
class WaitInfo:
    kind: int
    unseen: int  # copies the seat cannot see anywhere (in the wall or other hands)


@dataclass(frozen=True, slots=True)
class DiscardChoice:
    """A legal discard and how it leaves the hand: its shanten and the draws that would lower it."""

    action: Action
    kind: int
    shanten: int
    accepted: tuple[int, ...]  # kinds whose draw lowers the shanten
    acceptance: int  # unseen copies of them

    @property
    def tile(self) -> int:
        assert self.action.tile is not None
        return self.action.tile


@dataclass(frozen=True, slots=True)
class WinCheck:
    """The win the seat may declare now (``action``) and what it is worth, or, when the tile in
    question completes the hand's shape but no win is legal, ``refusal`` says why."""

    tile: int
    self_drawn: bool
    action: Action | None = None
    value: int = 0  # in the family's value unit (han, 番, 台)
    fu: int = 0
    points: int = 0
    items: tuple[tuple[str, int], ...] = ()
    limit: str = ""
    refusal: Message | None = None

    @property
    def legal(self) -> bool:
        return self.action is not None


@dataclass(frozen=True)
class SeatAnalysis:
    seat: int
    decision: int | None  # the number of actions so far when the seat has a decision, else None
    shape: HandShape
    value_unit: str
    shanten: int | None  # None: the hand cannot be measured now (between phases)
    waits: tuple[WaitInfo, ...] = ()  # a hand one tile short: every kind that completes it
    furiten: bool | None = None
    discards: tuple[DiscardChoice, ...] = ()  # the legal discards when there is a choice, best first
    refusals: tuple[tuple[int, Message], ...] = ()  # hand tiles that may not be discarded, and why
    win: WinCheck | None = None
    warnings: tuple[Message, ...] = ()

    def refusal_of(self, tile: int) -> Message | None:
        return dict(self.refusals).get(tile)

    @property
    def waits_unseen(self) -> int:
        return sum(w.unseen for w in self.waits)


def analyse(game: Game, seat: int) -> SeatAnalysis:
    hand = game.hand
    obs = game.observation(seat)
    unit = game.family.value_unit(game.rules)
    if hand is None or obs.shape is None or not obs.seats:
        return SeatAnalysis(seat, None, obs.shape or HandShape(), unit, None)
    shape = obs.shape
    me = obs.me
    counts, wilds = shape.split(me.hand or ())
    unseen = obs.unseen_counts()
    legal = list(obs.legal)
    decision = len(game.actions) if obs.pending else None
    try:
        shanten: int | None = shape.shanten(counts, wilds)
    except ValueError:
        shanten = None
    total = sum(counts) + wilds
    need = 3 * (shape.sets - shape.exposed)
    waits: tuple[WaitInfo, ...] = ()
    if shanten == 0 and total == need + 1:
        found = shape.waits(counts, wilds)
        waits = tuple(WaitInfo(k, unseen[k]) for k in sorted(found.kinds))
    discards = _discard_choices(game, seat, shape, counts, wilds, unseen, legal)
    refusals = _refusals(game, seat, me.hand or (), legal)
    win = _win_check(game, seat, shape, counts, wilds, legal, obs.fouls)
    warnings: list[Message] = []
    if obs.furiten:
        warnings.append(Message.of("warning.furiten"))
    warnings.extend(hand.analysis_warnings(seat))
    return SeatAnalysis(
        seat=seat,
        decision=decision,
        shape=shape,
        value_unit=unit,
        shanten=shanten,
        waits=waits,
        furiten=obs.furiten,
        discards=discards,
        refusals=refusals,
        win=win,
        warnings=tuple(warnings),
    )


def _discard_choices(
    game: Game,
    seat: int,
    shape: HandShape,
    counts: list[int],
    wilds: int,
    unseen: list[int],
    legal: list[Action],
) -> tuple[DiscardChoice, ...]:
    """Each distinct legal discard (a red five apart from the plain ones), best first; nothing when
    there is no choice to make."""
    red = game.hand.red_tiles if game.hand is not None else frozenset()
    faces: dict[tuple[int, bool], Action] = {}
    for a in legal:
        if a.type is A.DISCARD and a.tile is not None:
            faces.setdefault((kind_of(a.tile), a.tile in red and is_red(a.tile)), a)
    if len({k for k, _ in faces}) < 2:
        return ()
    out: list[DiscardChoice] = []
    for (k, _red), action in faces.items():
        rest_wilds = wilds
        if k in shape.wild_kinds:
            rest_wilds -= 1
        elif k < 34:
            counts[k] -= 1
        try:
            sh, kinds, n = acceptance(shape, counts, shape.exposed, rest_wilds, unseen)
        finally:
            if k < 34 and k not in shape.wild_kinds:
                counts[k] += 1
        out.append(DiscardChoice(action, k, sh, tuple(kinds), n))
    out.sort(key=lambda c: (c.shanten, -c.acceptance, c.kind, c.tile))
    return tuple(out)


def _refusals(
    game: Game, seat: int, tiles: tuple[int, ...], legal: list[Action]
) -> tuple[tuple[int, Message], ...]:
    discardable = {a.tile for a in legal if a.type is A.DISCARD}
    out: list[tuple[int, Message]] = []
    for t in tiles:
        if t in discardable:
            continue
        why = game.why_not(Action(seat, A.DISCARD, tile=t))
        if why is not None:
            out.append((t, why))
    return tuple(out)


def _win_check(
    game: Game,
    seat: int,
    shape: HandShape,
    counts: list[int],
    wilds: int,
    legal: list[Action],
    fouls: tuple[Action, ...],
) -> WinCheck | None:
    hand = game.hand
    assert hand is not None
    wins = [a for a in legal if a.type in (A.TSUMO, A.RON) and a not in fouls]
    if wins:
        action = wins[0]
        self_drawn = action.type is A.TSUMO
        if self_drawn:
            w = hand.tsumo_win(seat)
        else:
            window = hand.window
            assert window is not None and action.tile is not None
            robbing = window.kan is not None
            w = hand.ron_win(seat, window.discarder, action.tile, robbing=robbing)
            if w is None and robbing:
                w = hand.ron_win(seat, window.discarder, action.tile, robbing=True, closed_kan=True)
        tile = action.tile if action.tile is not None else (w.tile if w is not None else 0)
        if w is None:  # pragma: no cover - a legal win always has a value
            return WinCheck(tile, self_drawn, action)
        return WinCheck(
            tile,
            self_drawn,
            action,
            value=w.han,
            fu=w.fu,
            points=w.points,
            items=tuple((i.key, i.value) for i in w.items),
            limit=w.limit,
        )
    # no win is legal: does the tile in question complete the hand's shape?
    me = hand.players[seat]
    window = hand.window
    if hand.turn == seat and window is None and me.drawn is not None:
        tile, self_drawn, held = me.drawn, True, True
    elif window is not None and window.discarder != seat and not me.won:
        tile, self_drawn, held = window.tile, False, False
    else:
        return None
    plain = dataclasses.replace(shape, dead_kinds=frozenset(), max_suits=3)
    k = kind_of(tile)
    trial = list(counts)
    trial_wilds = wilds
    if not held:
        if k in shape.wild_kinds:
            trial_wilds += 1
        elif k < 34:
            trial[k] += 1
        else:
            return None
    if not plain.is_complete(trial, trial_wilds):
        return None
    return WinCheck(tile, self_drawn, refusal=hand.win_refusal(seat, tile, self_draw=self_drawn))
