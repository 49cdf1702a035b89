"""Helpers for the Sichuan tests: walls built from the hands a test wants, and scripted play.

The deal (``engine/families/sichuan/hand.py``): the seat ``r`` places after the dealer takes wall
positions ``13r .. 13r + 12``, the dealer also position 52, and the draws come from position 53 on.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from engine.game.actions import Action, ActionType
from engine.game.game import Game
from engine.game.match import MatchState
from engine.game.state import HandResult
from engine.rules.sichuan import SichuanRules
from engine.tiles import kind_of, parse, tiles_of_kind

A = ActionType

# Rules for scripted tests: no set-up phase unless a test asks for it, no forced win.
PLAIN: dict[str, Any] = {"declare_lack": False, "exchange_three": False}


def rules(**changes: Any) -> SichuanRules:
    return SichuanRules().with_changes(**changes)


def build_wall(
    hands: Sequence[str], draws: str = "", dealer: int = 0, placed: dict[int, str] | None = None
) -> list[int]:
    """A 108-tile wall dealing ``hands[seat]`` (the dealer's has 14 tiles) and then ``draws`` in
    order; ``placed`` puts single tiles at given wall positions (53..107); the other tiles follow
    in a fixed order."""
    used: set[int] = set()

    def take(text: str) -> list[int]:
        out: list[int] = []
        for face in parse(text):
            tile = next(t for t in tiles_of_kind(face.kind) if t not in used)
            used.add(tile)
            out.append(tile)
        return out

    dealt = [take(h) for h in hands]
    for seat, tiles in enumerate(dealt):
        want = 14 if seat == dealer else 13
        assert len(tiles) == want, f"seat {seat} is dealt {len(tiles)} tiles, not {want}"
    drawn = take(draws)
    fixed = {pos: take(face)[0] for pos, face in (placed or {}).items()}
    wall: list[int] = [-1] * 108
    for r in range(4):
        seat = (dealer + r) % 4
        wall[13 * r : 13 * r + 13] = dealt[seat][:13]
    wall[52] = dealt[dealer][13]
    wall[53 : 53 + len(drawn)] = drawn
    for pos, tile in fixed.items():
        assert wall[pos] == -1, f"position {pos} is taken"
        wall[pos] = tile
    rest = [t for t in range(108) if t not in used]
    # interleave the suits so that leftover draws rarely complete anything by accident
    rest.sort(key=lambda t: (kind_of(t) % 9 * 7 % 9, kind_of(t) // 9, t))
    free = [i for i, t in enumerate(wall) if t == -1]
    for pos, tile in zip(free, rest, strict=True):
        wall[pos] = tile
    assert sorted(wall) == list(range(108))
    return wall


def new_game(
    hands: Sequence[str],
    draws: str = "",
    *,
    dealer: int = 0,
    scores: Sequence[int] = (0, 0, 0, 0),
    placed: dict[int, str] | None = None,
    **changes: Any,
) -> Game:
    r = rules(**{**PLAIN, **changes})
    start = MatchState(scores=list(scores), first_dealer=dealer)
    return Game(r, walls=[build_wall(hands, draws, dealer, placed)], start=start, check_invariants=True)


def tile_in_hand(game: Game, seat: int, face: str) -> int:
    """A physical tile of ``face`` (e.g. "5m") in the seat's concealed hand."""
    assert game.hand is not None
    kind = parse(face)[0].kind
    return next(t for t in game.hand.players[seat].hand if kind_of(t) == kind)


def legal_types(game: Game, seat: int) -> set[ActionType]:
    return {a.type for a in game.legal_actions(seat)}


def find(game: Game, seat: int, kind: ActionType, face: str | None = None) -> Action:
    """The legal action of ``kind`` for ``seat`` (on a tile of ``face`` when given)."""
    want = parse(face)[0].kind if face else None
    for a in game.legal_actions(seat):
        if a.type is not kind:
            continue
        if want is None or (a.tile is not None and kind_of(a.tile) == want):
            return a
        if want is not None and a.tile is None and a.tiles and kind_of(a.tiles[0]) == want:
            return a
    raise AssertionError(f"seat {seat} has no {kind.value} {face or ''}: {game.legal_actions(seat)}")


def discard(game: Game, seat: int, face: str) -> None:
    game.apply(Action(seat, A.DISCARD, tile=tile_in_hand(game, seat, face)))


def pass_all(game: Game) -> None:
    """Every seat with a claim decision passes."""
    while game.pending() and game.hand is not None and game.hand.phase.value in ("claim", "rob_kan"):
        seat = game.pending()[0]
        game.apply(Action(seat, A.PASS))


def autoplay(game: Game, until: Callable[[Game], bool], limit: int = 400) -> None:
    """Discard the drawn tile (or the first legal discard) and pass every claim until ``until``."""
    for _ in range(limit):
        if game.over or until(game):
            return
        seat = game.pending()[0]
        legal = game.legal_actions(seat)
        types = {a.type for a in legal}
        if A.PASS in types:
            game.apply(Action(seat, A.PASS))
            continue
        if types <= {A.TSUMO, A.RON}:  # a forced win
            game.apply(legal[0])
            continue
        assert game.hand is not None
        drawn = game.hand.players[seat].drawn
        discards = [a for a in legal if a.type is A.DISCARD]
        pick = next((a for a in discards if a.tile == drawn), discards[0])
        game.apply(pick)
    raise AssertionError("autoplay did not reach its goal")


def result(game: Game) -> HandResult:
    assert game.results, "the hand has not ended"
    return game.results[-1]


def payments(res: HandResult, reason: str | None = None) -> list[tuple[int | None, int | None, int]]:
    return [(p.payer, p.payee, p.amount) for p in res.payments if reason is None or p.reason == reason]


def check_zero_sum(res: HandResult) -> None:
    """Every payment moves points from one player to another; the changes add up to zero."""
    net = [0, 0, 0, 0]
    for p in res.payments:
        assert p.payer is not None and p.payee is not None and p.amount > 0
        net[p.payer] -= p.amount
        net[p.payee] += p.amount
    assert net == list(res.score_changes)
    assert sum(res.score_changes) == 0
