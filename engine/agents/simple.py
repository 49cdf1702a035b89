"""The simple built-in agent: wins when it can, declares riichi when it can, otherwise discards the
tile that keeps its shanten lowest (ties broken by a seeded RNG); it calls pon only on honour
tiles that are worth a yaku. It sees only its own observation, like every agent."""

from __future__ import annotations

import random
from typing import Any

from engine.analysis import HandForms, shanten
from engine.game.actions import Action, ActionType
from engine.tiles import kind_of, tile_counts34

A = ActionType


class SimpleAgent:
    name = "simple"

    def __init__(self, seed: int | str = 0) -> None:
        self.rng = random.Random(f"simple:{seed}")

    def choose(self, observation: dict[str, Any], legal: list[Action]) -> Action:
        by_type: dict[ActionType, list[Action]] = {}
        for a in legal:
            by_type.setdefault(a.type, []).append(a)
        for win in (A.TSUMO, A.RON):
            if win in by_type:
                return by_type[win][0]
        if A.RIICHI in by_type:
            return self._best_discard(observation, by_type[A.RIICHI])
        if A.PON in by_type:
            seat = observation["seat"]
            for a in by_type[A.PON]:
                k = kind_of(a.tile) if a.tile is not None else -1
                if (
                    k >= 31
                    or k == observation.get("round_wind")
                    or k == 27 + (seat - observation["dealer"]) % 4
                ):
                    return a
        if A.PASS in by_type:
            return by_type[A.PASS][0]
        if A.DISCARD in by_type:
            return self._best_discard(observation, by_type[A.DISCARD])
        return legal[0]

    def _best_discard(self, observation: dict[str, Any], options: list[Action]) -> Action:
        me = observation["players"][observation["seat"]]
        wild_kinds = set(observation.get("wild_kinds", []))
        hand: list[int] = [t for t in me["hand"] if kind_of(t) not in wild_kinds]
        wilds = len(me["hand"]) - len(hand)
        exposed = len(me["melds"])
        sets = int(observation.get("sets", 4))
        form_flags = observation.get("forms", {})
        forms = HandForms(
            standard=True,
            seven_pairs=bool(form_flags.get("seven_pairs", True)),
            thirteen_orphans=bool(form_flags.get("thirteen_orphans", True)),
        )
        counts = tile_counts34(hand)
        scored: dict[int, int] = {}
        best: list[Action] = []
        best_value = 99
        for a in options:
            assert a.tile is not None
            k = kind_of(a.tile)
            if k not in scored:
                if k < 34 and counts[k] > 0:
                    counts[k] -= 1
                    sh = shanten(counts, sets=sets, exposed=exposed, wilds=wilds, forms=forms)
                    scored[k] = sh * 10 + _isolation(counts, k)
                    counts[k] += 1
                else:  # a tile outside the analysed kinds (a flower): keep it last
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

    def choose(self, observation: dict[str, Any], legal: list[Action]) -> Action:
        return self.rng.choice(legal)
