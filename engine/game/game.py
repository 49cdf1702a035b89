"""The game: a ruleset, a seed (or explicit walls) and the list of actions applied so far.

In the spirit of python-chess's ``Board``: ask whose decision is pending, list the legal actions,
apply one. Anything not listed is refused with :class:`IllegalAction` and the state is unchanged.
Replays, saves, undo and conformance tests all rebuild a game by applying the same actions again.

>>> from engine.rules.riichi import RiichiRules
>>> g = Game(RiichiRules(), seed=7)
>>> seat = g.pending()[0]
>>> action = g.legal_actions(seat)[0]
>>> _ = g.apply(action)
>>> len(g.actions)
1
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from engine.families.registry import Family, get_family
from engine.game import practice
from engine.game.actions import PRACTICE_TYPES, Action, ActionType
from engine.game.errors import IllegalAction, InvariantError
from engine.game.events import Event
from engine.game.flow import HandContext, HandFlow, Phase
from engine.game.match import MatchState, Standing
from engine.game.state import HandResult
from engine.tiles import format_tiles, kind_of


class Game:
    def __init__(
        self,
        rules: Any,
        *,
        seed: int | str = 0,
        walls: Sequence[Sequence[int]] | None = None,
        start: MatchState | None = None,
        check_invariants: bool = False,
        practice: bool = False,
    ) -> None:
        self.rules = rules
        self.family: Family = get_family(rules.family)
        self.seed = seed
        self.walls = [list(w) for w in walls] if walls is not None else None
        self.start = MatchState.from_json(start.to_json()) if start is not None else None
        self.match: MatchState = start if start is not None else self.family.new_match(rules)
        if start is not None:
            self.match = MatchState.from_json(start.to_json())
        self.check_invariants = check_invariants
        self.practice = practice  # practice tools allowed (engine/game/practice.py)
        self.actions: list[Action] = []
        self.events: list[Event] = []
        self.results: list[HandResult] = []
        self.hand: HandFlow | None = None
        self._hands_started = 0
        self._event_cursor = 0
        self._points_total = 0
        self._legal_cache: dict[int, list[Action]] = {}
        self._start_hand()

    # ----------------------------------------------------------------- queries
    @property
    def over(self) -> bool:
        return self.hand is None

    def pending(self) -> list[int]:
        """Seats whose decision the game is waiting for (several during a claim window)."""
        return [] if self.hand is None else self.hand.pending_seats()

    def legal_actions(self, seat: int) -> list[Action]:
        """Every action ``seat`` may take now (empty when it has no decision)."""
        if self.hand is None:
            return []
        cached = self._legal_cache.get(seat)
        if cached is None:
            cached = self.hand.legal_actions(seat)
            self._legal_cache[seat] = cached
        return list(cached)

    def all_legal_actions(self) -> dict[int, list[Action]]:
        return {s: self.legal_actions(s) for s in self.pending()}

    @property
    def practice_used(self) -> bool:
        """Whether a practice tool was used (such games stay out of statistics)."""
        return any(a.type in PRACTICE_TYPES for a in self.actions)

    def standings(self) -> list[Standing]:
        return self.family.standings(self.rules, self.match)

    # ------------------------------------------------------------------ apply
    def apply(self, action: Action) -> list[Event]:
        """Apply ``action`` if it is legal now and return the events it caused.

        Raises :class:`IllegalAction` (state unchanged) otherwise."""
        hand = self.hand
        if hand is None:
            raise IllegalAction("the match is over: no action is legal")
        if isinstance(action, Action) and action.type in PRACTICE_TYPES:
            practice.check(self, action)
            self._legal_cache.clear()
            practice.apply(self, action)
            self.actions.append(action)
            new = hand.events[self._event_cursor :]
            self._event_cursor = len(hand.events)
            self.events.extend(new)
            return new
        accepted = self._accept(hand, action)
        self._legal_cache.clear()
        hand.apply(accepted)
        self.actions.append(accepted)
        new_events = hand.events[self._event_cursor :]
        self._event_cursor = len(hand.events)
        self.events.extend(new_events)
        if hand.result is not None:
            self._finish_hand(hand)
            if self.hand is not None:  # the next hand's set-up events (deal, flowers, first draw)
                new_events = [*new_events, *self.hand.events[: self._event_cursor]]
        elif self.check_invariants:
            self.verify()
        return new_events

    def _accept(self, hand: HandFlow, action: Action) -> Action:
        if not isinstance(action, Action):
            raise IllegalAction(f"not an action: {action!r}")
        legal = self.legal_actions(action.seat) if isinstance(action.seat, int) else []
        if action in legal:
            return action
        # Calls may name other physical copies of the same faces (e.g. which plain 5p): accept them.
        for candidate in legal:
            if _same_call(candidate, action, hand.red_tiles) and _tiles_in_hand(hand, action):
                return action
        raise IllegalAction(self._why_illegal(hand, action, legal))

    def _why_illegal(self, hand: HandFlow, action: Action, legal: list[Action]) -> str:
        what = action.describe()
        pending = hand.pending_seats()
        if not legal:
            if action.seat not in range(hand.n):
                return f"{what}: there is no seat {action.seat}"
            waiting = ", ".join(str(s) for s in pending) or "nobody"
            return f"{what}: seat {action.seat} has no decision now (waiting for seat {waiting})"
        same_type = [a for a in legal if a.type is action.type]
        if not same_type:
            kinds = sorted({a.type.value for a in legal})
            return f"{what}: not possible now; seat {action.seat} may {', '.join(kinds)}"
        if (
            action.tile is not None
            and action.tile not in hand.players[action.seat].hand
            and action.type
            in (
                ActionType.DISCARD,
                ActionType.RIICHI,
            )
        ):
            name = f" ({format_tiles([action.tile])})" if 0 <= action.tile < 144 else ""
            return f"{what}: tile {action.tile}{name} is not in the hand"
        options = "; ".join(a.describe() for a in same_type[:8])
        return f"{what}: not one of the legal choices ({options})"

    def _finish_hand(self, hand: HandFlow) -> None:
        assert hand.result is not None
        self.results.append(hand.result)
        scores = list(getattr(hand, "scores", self.match.scores))
        sticks = int(getattr(hand, "sticks", self.match.riichi_sticks))
        if self.check_invariants:
            self.verify()
        self.match = self.family.advance(self.rules, self.match, hand.result, scores, sticks)
        self.hand = None
        if not self.match.over:
            self._start_hand()

    def _start_hand(self) -> None:
        index = self._hands_started
        if self.walls is not None and index >= len(self.walls):
            self.hand = None
            return
        rng = random.Random(f"tilehouse:{self.seed}:{self.match.hand_index}")
        wall = self.walls[index] if self.walls is not None else self.family.shuffle_wall(self.rules, rng)
        m = self.match
        ctx = HandContext(
            dealer=m.dealer,
            round_wind=m.round_wind,
            honba=m.honba,
            riichi_sticks=m.riichi_sticks,
            scores=list(m.scores),
            hand_index=m.hand_index,
        )
        self._points_total = sum(m.scores) + m.riichi_sticks * int(getattr(self.rules, "riichi_stick", 0))
        self.hand = self.family.start_hand(self.rules, ctx, wall, rng)
        self._hands_started += 1
        self._event_cursor = len(self.hand.events)
        self.events.extend(self.hand.events)  # set-up events of every hand, the first one included
        if self.check_invariants:
            self.verify()

    # ------------------------------------------------------------ observation
    def observation(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` can see (None: a spectator who sees no concealed tile). Other hands and the
        wall are hidden; only counts are shown."""
        hand = self.hand
        base: dict[str, Any] = {
            "family": self.family.name,
            "seat": seat,
            "match": self.match.to_json(),
            "over": hand is None,
        }
        if hand is None:
            return base
        players = []
        for s, p in enumerate(hand.players):
            players.append(
                {
                    "hand": sorted(p.hand) if s == seat else None,
                    "drawn": p.drawn if s == seat else None,
                    "hand_count": len(p.hand),
                    "melds": [
                        {
                            "type": m.type.value,
                            "tiles": list(m.tiles),
                            "called": m.called,
                            "from": m.from_seat,
                        }
                        for m in p.melds
                    ],
                    "discards": [
                        {
                            "tile": d.tile,
                            "tsumogiri": d.tsumogiri,
                            "riichi": d.riichi,
                            "claimed_by": d.claimed_by,
                        }
                        for d in p.discards
                    ],
                    "flowers": list(p.flowers),
                    "won": p.won,
                    "lacking_suit": p.lacking_suit,
                }
            )
        base.update(
            {
                "phase": hand.phase.value,
                "sets": hand.sets,
                "forms": {
                    "seven_pairs": hand.seven_pairs,
                    "thirteen_orphans": hand.thirteen_orphans,
                    "four_as_two_pairs": hand.four_as_two_pairs,
                },
                "wild_kinds": [],
                "turn": hand.turn,
                "dealer": hand.ctx.dealer,
                "round_wind": hand.ctx.round_wind,
                "honba": hand.ctx.honba,
                "wall_remaining": hand.wall.remaining,
                "players": players,
                "last_discard": (
                    {"seat": hand.window.discarder, "tile": hand.window.tile}
                    if hand.window is not None
                    else None
                ),
                "pending": seat in hand.pending_seats() if seat is not None else False,
            }
        )
        base.update(hand.observation_extras(seat))
        return base

    # -------------------------------------------------------------- invariants
    def verify(self) -> None:
        """Check that every physical tile is in exactly one place and points are conserved."""
        hand = self.hand
        if hand is None:
            return
        places: list[int] = list(hand.wall.undrawn())
        for p in hand.players:
            places.extend(p.hand)
            places.extend(p.flowers)
            for m in hand.players[hand.players.index(p)].melds:
                places.extend(m.tiles)
            places.extend(d.tile for d in p.discards if d.claimed_by is None)
        expected = sorted(hand.wall.tiles)
        if sorted(places) != expected:
            seen: dict[int, int] = {}
            for t in places:
                seen[t] = seen.get(t, 0) + 1
            dup = sorted(t for t, c in seen.items() if c > 1)
            missing = sorted(set(expected) - set(seen))
            raise InvariantError(f"tiles out of place: duplicated {dup}, missing {missing}")
        scores = getattr(hand, "scores", None)
        if scores is not None:
            total = sum(scores) + int(getattr(hand, "sticks", 0)) * int(
                getattr(self.rules, "riichi_stick", 0)
            )
            if total != self._points_total:
                raise InvariantError(f"points not conserved: {total} != {self._points_total}")
        if hand.phase is not Phase.OVER:
            for p in hand.players:
                if not p.won and len(p.hand) + 3 * len(p.melds) not in (3 * hand.sets + 1, 3 * hand.sets + 2):
                    raise InvariantError(f"a hand holds {len(p.hand)} tiles with {len(p.melds)} melds")


def _same_call(legal: Action, action: Action, red: frozenset[int]) -> bool:
    """Whether ``action`` is ``legal`` naming other physical copies of the same faces."""
    if legal.type is not action.type or legal.seat != action.seat or legal.tile != action.tile:
        return False
    if len(legal.tiles) != len(action.tiles) or not legal.tiles:
        return False

    def faces(tiles: tuple[int, ...]) -> list[tuple[int, bool]]:
        return sorted((kind_of(t), t in red) for t in tiles)

    return faces(legal.tiles) == faces(action.tiles)


def _tiles_in_hand(hand: HandFlow, action: Action) -> bool:
    own = list(hand.players[action.seat].hand)
    for t in action.tiles:
        if t not in own:
            return False
        own.remove(t)
    return True
