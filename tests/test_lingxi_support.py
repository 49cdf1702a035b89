"""Helpers for the Lingxi tests: games dealing chosen hands with chosen dice, and scripted play.

Walls are built in drawing order with :func:`engine.families.lingxi.scenario.build_order` and laid
on the table for the dice with :func:`engine.families.lingxi.wall.table_from_draw_order`; the dice
a game rolls are fixed by patching :func:`engine.families.lingxi.hand.roll_dice`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from engine.families.lingxi import hand as lingxi_hand
from engine.families.lingxi.hand import LingxiHand
from engine.families.lingxi.scenario import build_order
from engine.families.lingxi.wall import Dice, table_from_draw_order
from engine.game.actions import Action, ActionType
from engine.game.flow import HandContext
from engine.game.game import Game
from engine.game.match import MatchState
from engine.rules.lingxi import LingxiRules
from engine.tiles import format_tiles, kind_of, parse

A = ActionType
DICE = Dice((3, 4), (2, 2))
WILD = "9m9m"  # one class of 财神 (the two other 9m); tests keep 9m out of their hands


def rules(**changes: Any) -> LingxiRules:
    return LingxiRules().with_changes(**changes) if changes else LingxiRules()


def new_game(
    monkeypatch: pytest.MonkeyPatch,
    hands: Mapping[int, str],
    *,
    draws: Sequence[str] = (),
    tail: Sequence[str] = (),
    wild: str = WILD,
    dealer: int = 0,
    dice: Dice = DICE,
    scores: Sequence[int] = (0, 0, 0, 0),
    **changes: Any,
) -> Game:
    r = rules(**changes)
    order = build_order(hands, draws=draws, tail=tail, wild=wild, dealer=dealer, flower_wild=r.flower_wild)
    monkeypatch.setattr(lingxi_hand, "roll_dice", lambda rng: dice)
    start = MatchState(scores=list(scores), first_dealer=dealer)
    return Game(r, walls=[table_from_draw_order(order, dice)], start=start, check_invariants=True)


def new_hand(
    hands: Mapping[int, str],
    *,
    draws: Sequence[str] = (),
    tail: Sequence[str] = (),
    wild: str = WILD,
    dealer: int = 0,
    dice: Dice = DICE,
    **changes: Any,
) -> LingxiHand:
    r = rules(**changes)
    order = build_order(hands, draws=draws, tail=tail, wild=wild, dealer=dealer, flower_wild=r.flower_wild)
    ctx = HandContext(dealer=dealer, round_wind=27, honba=0, pot=0, scores=[0, 0, 0, 0])
    return LingxiHand(r, ctx, table_from_draw_order(order, dice), dice=dice)


def hand(game: Game) -> LingxiHand:
    assert isinstance(game.hand, LingxiHand)
    return game.hand


def kinds_of(text: str) -> list[int]:
    return [f.kind for f in parse(text)]


def tile_in_hand(game: Game, seat: int, face: str) -> int:
    kind = kinds_of(face)[0]
    return next(t for t in hand(game).players[seat].hand if kind_of(t) == kind)


def find(game: Game, seat: int, kind: ActionType, face: str | None = None) -> Action | None:
    """The first legal action of ``seat`` of this type (and, when given, on a tile of this face)."""
    want = kinds_of(face)[0] if face is not None else None
    for action in game.legal_actions(seat):
        if action.type is not kind:
            continue
        tile = action.tile if action.tile is not None else (action.tiles[0] if action.tiles else None)
        if want is None or (tile is not None and kind_of(tile) == want):
            return action
    return None


def act(game: Game, seat: int, kind: ActionType, face: str | None = None) -> None:
    action = find(game, seat, kind, face)
    assert action is not None, f"seat {seat} cannot {kind.value} {face or ''}: {game.legal_actions(seat)}"
    game.apply(action)


def pass_all(game: Game) -> None:
    """Every seat with a claim decision passes."""
    while game.hand is not None and game.hand.phase.value in ("claim", "rob_kan"):
        for seat in game.pending():
            act(game, seat, A.PASS)


def discard(game: Game, seat: int, face: str, *, others_pass: bool = True) -> None:
    act(game, seat, A.DISCARD, face)
    if others_pass:
        pass_all(game)


def events(h: LingxiHand, kind: str) -> list[Any]:
    """Events of one type in a hand (the hand's own list: it also holds the set-up events)."""
    return [e for e in h.events if e.type == kind]


def fmt(tiles: Sequence[int]) -> str:
    return format_tiles(tiles, red_fives=False)
