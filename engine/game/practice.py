"""Practice tools (the Sichuan app's "items" turned into training aids), as actions.

They exist only in practice games (``Game(..., practice=True)``), are recorded in the log like any
other action (so a practice game replays exactly), and mark the game as one where they were used
(``Game.practice_used``), which statistics leave out. Each is available to the seat whose turn it is:

* ``PRACTICE_SWAP`` (偷天换日 / 移花接木): swap a hand tile for a chosen tile still in the live wall;
  the hand tile takes its place in the wall. A random swap is a swap the table chose at random.
* ``PRACTICE_PEEK`` (顺风耳): see the next tile to be drawn (a private event).
* ``PRACTICE_LOCATE`` (千里眼): see roughly where the wall's copies of a kind lie (a private event).
* :func:`swaps_toward` (乾坤大挪移): the swaps that bring a hand near 清一色, 对对胡 or 七对.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from engine.game.actions import Action, ActionType
from engine.game.errors import IllegalAction
from engine.game.flow import HandFlow, Phase
from engine.tiles import kind_of

if TYPE_CHECKING:
    from engine.game.game import Game

A = ActionType
PATTERNS = ("flush", "pons", "pairs")  # 清一色, 对对胡, 七对


def _hand_for(game: Game, seat: int) -> HandFlow:
    if not game.practice:
        raise IllegalAction("practice tools are off in this game (start a practice game to use them)")
    hand = game.hand
    if hand is None:
        raise IllegalAction("the match is over")
    if hand.phase is not Phase.TURN or hand.turn != seat:
        raise IllegalAction(f"seat {seat} may use practice tools only on its own turn")
    return hand


def swappable_wall_tiles(hand: HandFlow) -> list[int]:
    """Wall tiles a practice swap may bring into a hand: still to be drawn, and not a tile the family
    replaces at once (a flower)."""
    tiles = hand.wall.tiles
    return [tiles[p] for p in hand.wall.live_positions() if hand.practice_swap_allowed(tiles[p])]


def check(game: Game, action: Action) -> None:
    """Raise IllegalAction unless ``action`` is a practice action allowed now, every field included
    (:meth:`Game.apply` calls this before :func:`apply` changes anything)."""
    hand = _hand_for(game, action.seat)
    if action.type is A.PRACTICE_SWAP:
        p = hand.players[action.seat]
        if action.tile is None or action.tile not in p.hand:
            raise IllegalAction(f"{action.describe()}: the first tile must be in the hand")
        if len(action.tiles) != 1 or action.tiles[0] not in swappable_wall_tiles(hand):
            raise IllegalAction(f"{action.describe()}: the second tile must be one still in the live wall")
    elif action.type is A.PRACTICE_PEEK:
        if action.tile is not None or action.tiles:
            raise IllegalAction(f"{action.describe()}: a peek names no tile")
    elif action.type is A.PRACTICE_LOCATE:
        if action.tile is None or action.tile not in hand.wall.tiles:
            raise IllegalAction(f"{action.describe()}: name a tile of this game, of the kind to locate")
        if action.tiles:
            raise IllegalAction(f"{action.describe()}: name one tile only")
    else:
        raise IllegalAction(f"{action.describe()}: not a practice tool")


def apply(game: Game, action: Action) -> None:
    """Apply a checked practice action to the current hand."""
    hand = game.hand
    assert hand is not None
    seat = action.seat
    wall = hand.wall
    live = wall.live_positions()
    if action.type is A.PRACTICE_SWAP:
        assert action.tile is not None
        incoming = action.tiles[0]
        position = next(pos for pos in live if wall.tiles[pos] == incoming)
        p = hand.players[seat]
        p.hand[p.hand.index(action.tile)] = incoming
        if p.drawn == action.tile:
            p.drawn = incoming
        wall.swap(position, action.tile)
        hand.hand_changed(seat)
        hand.emit("practice_swap", seat, {}, {"out": action.tile, "in": incoming})
    elif action.type is A.PRACTICE_PEEK:
        nxt = wall.tiles[live[0]] if live else None
        hand.emit("practice_peek", seat, {}, {"tile": nxt})
    else:
        assert action.tile is not None
        kind = kind_of(action.tile)
        draws_away = [i for i, pos in enumerate(live) if kind_of(wall.tiles[pos]) == kind]
        hand.emit(
            "practice_locate",
            seat,
            {},
            {
                "kind": kind,
                "draws_away": draws_away,
                "live": len(live),
                "label": locate_label(draws_away, len(live)),
            },
        )


def locate_label(draws_away: list[int], live: int) -> str:
    """A rough answer: where in the wall the first copy lies (front, middle, back third, or none)."""
    if not draws_away:
        return "none left in the live wall"
    first = draws_away[0]
    third = max(live / 3, 1)
    where = "near the front" if first < third else "in the middle" if first < 2 * third else "near the end"
    return f"{len(draws_away)} in the live wall, the first {where}"


def swaps_toward(game: Game, seat: int, pattern: str) -> list[Action]:
    """Swaps (to apply in order) that bring ``seat``'s hand near a pattern: ``flush`` (清一色),
    ``pons`` (对对胡) or ``pairs`` (七对). The hand ends one or two tiles short of it, so it is a
    position to practise rather than a win handed over."""
    if pattern not in PATTERNS:
        raise ValueError(f"unknown pattern {pattern!r} (choose from {', '.join(PATTERNS)})")
    hand = _hand_for(game, seat)
    own = list(hand.players[seat].hand)
    pool = Counter(kind_of(t) for t in swappable_wall_tiles(hand))
    wall_by_kind: dict[int, list[int]] = {}
    for t in swappable_wall_tiles(hand):
        wall_by_kind.setdefault(kind_of(t), []).append(t)
    suited = [t for t in own if kind_of(t) < 27]
    suit_sizes = Counter(kind_of(t) // 9 for t in suited)
    target_suit = max(range(3), key=lambda s: (suit_sizes[s], -s))
    swaps: list[Action] = []

    def take(kind: int) -> int | None:
        options = wall_by_kind.get(kind)
        if not options:
            return None
        pool[kind] -= 1
        return options.pop()

    counts = Counter(kind_of(t) for t in own)
    if pattern == "flush":
        off = [t for t in own if kind_of(t) >= 27 or kind_of(t) // 9 != target_suit]
        for t in off[:-1]:  # leave one tile off-suit
            kinds = sorted(
                (k for k in range(target_suit * 9, target_suit * 9 + 9) if pool[k] > 0),
                key=lambda k: (-counts[k] if counts[k] < 3 else 9, k),
            )
            if not kinds:
                break
            got = take(kinds[0])
            if got is not None:
                swaps.append(Action(seat, A.PRACTICE_SWAP, tile=t, tiles=(got,)))
                counts[kind_of(t)] -= 1
                counts[kinds[0]] += 1
    else:
        goal = 3 if pattern == "pons" else 2
        singles = [t for t in own if counts[kind_of(t)] == 1]
        budget = max(len(singles) - 2, 0)
        growing = [k for k in sorted(counts, key=lambda k: -counts[k]) if 1 <= counts[k] < goal]
        for t in singles[:budget]:
            k_out = kind_of(t)
            target = next((k for k in growing if k != k_out and pool[k] > 0 and counts[k] < goal), None)
            if target is None:
                break
            got = take(target)
            if got is None:
                continue
            swaps.append(Action(seat, A.PRACTICE_SWAP, tile=t, tiles=(got,)))
            counts[k_out] -= 1
            counts[target] += 1
    return swaps


def options(game: Game, seat: int) -> dict[str, Any]:
    """What the practice panel may offer ``seat`` now (empty when nothing is available)."""
    try:
        hand = _hand_for(game, seat)
    except IllegalAction:
        return {}
    return {
        "hand": list(hand.players[seat].hand),
        "wall": swappable_wall_tiles(hand),
        "patterns": list(PATTERNS),
    }
