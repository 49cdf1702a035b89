"""The simple built-in agent: wins when it can, declares riichi when it can, otherwise discards the
tile that keeps its shanten lowest (ties broken by a seeded RNG). In riichi it calls pon only on
honour tiles worth a yaku; in families without yaku it calls pon and kan whenever that does not
set its hand back. It declares the suit it holds least as its lacking suit and passes on three tiles
of that suit. It sees only its own observation, like every agent."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Final

from engine.analysis.shape import HandShape
from engine.families.registry import get_family
from engine.game.actions import Action, ActionType
from engine.game.observation import Observation
from engine.game.wall import random_below
from engine.tiles import kind_of

# Enum members as module constants (see engine.game.flow)
_A_ADDED_KAN: Final = ActionType.ADDED_KAN
_A_CLOSED_KAN: Final = ActionType.CLOSED_KAN
_A_DECLARE_LACK: Final = ActionType.DECLARE_LACK
_A_DISCARD: Final = ActionType.DISCARD
_A_EXCHANGE: Final = ActionType.EXCHANGE
_A_NUKI: Final = ActionType.NUKI
_A_OPEN_KAN: Final = ActionType.OPEN_KAN
_A_PASS: Final = ActionType.PASS
_A_PON: Final = ActionType.PON
_A_RIICHI: Final = ActionType.RIICHI
_A_RON: Final = ActionType.RON
_A_TSUMO: Final = ActionType.TSUMO
KANS = (_A_CLOSED_KAN, _A_ADDED_KAN, _A_OPEN_KAN)


@dataclass
class HandView:
    """The seat's own hand as the analysis module wants it: concrete counts, wilds, melds, and the
    engine's :class:`~engine.analysis.shape.HandShape` that measures it."""

    counts: list[int]
    wilds: int
    exposed: int
    shape: HandShape

    def shanten(self, counts: list[int] | None = None, exposed: int | None = None) -> int:
        return self.shape.shanten(
            self.counts if counts is None else counts,
            self.wilds,
            exposed=self.exposed if exposed is None else exposed,
        )


def hand_view(observation: Observation) -> HandView:
    me = observation.me
    shape = observation.shape or HandShape()
    counts, wilds = shape.split(me.hand or ())
    return HandView(counts=counts, wilds=wilds, exposed=len(me.melds), shape=shape)


class SimpleAgent:
    name = "simple"

    def __init__(self, seed: int | str = 0) -> None:
        self.rng = random.Random(f"simple:{seed}")

    def choose(self, observation: Observation, legal: list[Action]) -> Action:
        if observation.fouls:  # a practice table lists fouls among the legal actions: never choose one
            legal = [a for a in legal if a not in observation.fouls] or legal
        by_type: dict[ActionType, list[Action]] = {}
        for a in legal:
            by_type.setdefault(a.type, []).append(a)
        for win in (_A_TSUMO, _A_RON):
            if win in by_type:
                return by_type[win][0]
        if _A_NUKI in by_type:  # a north set aside is a dora and a free draw
            return by_type[_A_NUKI][0]
        if _A_DECLARE_LACK in by_type:
            return self._lack(observation, by_type[_A_DECLARE_LACK])
        if _A_EXCHANGE in by_type:
            return self._exchange(observation, by_type[_A_EXCHANGE])
        riichi = get_family(observation.family).win_needs_yaku  # an open hand needs a yaku
        if _A_RIICHI in by_type:
            return self._best_discard(observation, by_type[_A_RIICHI])
        if not riichi:
            for kind in KANS:
                for a in by_type.get(kind, []):
                    if self._call_keeps_pace(observation, a):
                        return a
        for a in by_type.get(_A_PON, []):
            if self._worth_pon(observation, a, riichi):
                return a
        if _A_PASS in by_type:
            return by_type[_A_PASS][0]
        if _A_DISCARD in by_type:
            return self._best_discard(observation, by_type[_A_DISCARD])
        return legal[0]

    # ---------------------------------------------------------------- calls
    def _worth_pon(self, observation: Observation, action: Action, riichi: bool) -> bool:
        if not riichi:
            return self._call_keeps_pace(observation, action)
        k = kind_of(action.tile) if action.tile is not None else -1
        return k >= 31 or k == observation.round_wind or k == observation.me.wind

    def _call_keeps_pace(self, observation: Observation, action: Action) -> bool:
        """Whether the call leaves the hand no further from ready than it is now."""
        view = hand_view(observation)
        counts = list(view.counts)
        own = action.tiles or ((action.tile,) if action.tile is not None else ())
        if action.type is _A_ADDED_KAN:
            own = (action.tile,) if action.tile is not None else ()
        for t in own:
            k = kind_of(t)
            if k >= 34 or counts[k] == 0:
                return False
            counts[k] -= 1
        tiles_now = sum(view.counts) + view.wilds
        try:
            if action.type in (_A_PON, _A_OPEN_KAN):  # a claim on a 13-tile hand
                before = view.shanten()
                after = (
                    view.shanten(counts, view.exposed + 1)
                    if action.type is _A_OPEN_KAN
                    else min(self._shanten_after_discard(view, counts, view.exposed + 1))
                )
            else:  # a kan in turn on a 14-tile hand
                before = min(self._shanten_after_discard(view, list(view.counts), view.exposed))
                added = 0 if action.type is _A_ADDED_KAN else 1
                after = view.shanten(counts, view.exposed + added) if tiles_now else before
        except ValueError:
            return False
        return after <= before

    @staticmethod
    def _shanten_after_discard(view: HandView, counts: list[int], exposed: int) -> list[int]:
        out = []
        for k in range(34):
            if counts[k]:
                counts[k] -= 1
                out.append(view.shanten(counts, exposed))
                counts[k] += 1
        return out or [view.shanten(counts, exposed)]

    # --------------------------------------------------------- set-up choices
    def _suit_sizes(self, observation: Observation) -> list[int]:
        sizes = [0, 0, 0]
        for t in observation.me.hand or ():
            k = kind_of(t)
            if k < 27:
                sizes[k // 9] += 1
        return sizes

    def _lack(self, observation: Observation, options: list[Action]) -> Action:
        sizes = self._suit_sizes(observation)
        return min(options, key=lambda a: (sizes[a.suit] if a.suit is not None else 99, a.suit))

    def _exchange(self, observation: Observation, options: list[Action]) -> Action:
        sizes = self._suit_sizes(observation)

        def cost(a: Action) -> tuple[int, int]:
            suit = kind_of(a.tiles[0]) // 9 if a.tiles else 0
            return (sizes[suit], sum(kind_of(t) % 9 in (0, 8) for t in a.tiles) * -1)

        best = min(cost(a) for a in options)
        return self.rng.choice([a for a in options if cost(a) == best])

    # --------------------------------------------------------------- discards
    def _best_discard(self, observation: Observation, options: list[Action]) -> Action:
        view = hand_view(observation)
        counts = view.counts
        scored: dict[int, int] = {}
        best: list[Action] = []
        best_value = 1 << 30
        for a in options:
            assert a.tile is not None
            k = kind_of(a.tile)
            if k not in scored:
                if k < 34 and counts[k] > 0:
                    counts[k] -= 1
                    scored[k] = view.shanten() * 10 + _isolation(counts, k)
                    counts[k] += 1
                else:  # a tile outside the analysed kinds (a flower, a wildcard): keep it last
                    scored[k] = 999
            v = scored[k]
            if v < best_value:
                best_value, best = v, [a]
            elif v == best_value:
                best.append(a)
        return self.rng.choice(best)


def _isolation(counts: list[int], kind: int) -> int:
    """Prefer throwing isolated honours and terminals: 0 for an honour, up to 5 for a connected tile."""
    if kind >= 27:
        return 0
    pos = kind % 9
    near = 0
    for d in (-2, -1, 1, 2):
        if 0 <= pos + d <= 8:
            near += counts[kind + d]
    return min(near, 3) + (0 if pos in (0, 8) else 1)


class RandomAgent:
    """Chooses uniformly among the legal actions (for property tests and stress runs)."""

    name = "random"

    def __init__(self, seed: int | str = 0) -> None:
        self.rng = random.Random(f"random:{seed}")

    def choose(self, observation: Observation, legal: list[Action]) -> Action:
        return legal[random_below(self.rng, len(legal))]
