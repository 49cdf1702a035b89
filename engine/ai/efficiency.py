"""Tile efficiency on top of :mod:`engine.analysis`: shanten after each discard, acceptance
(ukeire: the unseen tiles that lower the shanten) and a rough chance of winning from there.

Nothing here knows a family's rules: hands are measured with the seat's
:class:`~engine.analysis.shape.HandShape` (the engine's, from the observation), and acceptance is the
analysis module's (:func:`engine.analysis.acceptance.acceptance`), the one the practice panel shows.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from engine.analysis.acceptance import acceptance, candidate_kinds, shanten_of
from engine.analysis.shape import HandShape

__all__ = ["Budget", "acceptance", "candidate_kinds", "next_acceptance", "shanten_of", "win_chance"]


class Budget:
    """A deterministic cap on shanten evaluations for a look-ahead (never a clock: the same
    decision takes the same path on any machine)."""

    def __init__(self, calls: int) -> None:
        self.left = calls

    def spend(self, n: int) -> bool:
        self.left -= n
        return self.left >= 0


def next_acceptance(
    shape: HandShape,
    counts: list[int],
    exposed: int,
    wilds: int,
    unseen: Sequence[int],
    kinds: Sequence[int],
    budget: Budget,
) -> float | None:
    """One step on: the mean (over the accepted kinds, weighted by their unseen copies) of the
    best acceptance after drawing that kind and discarding the best tile. None when the budget
    runs out. ``counts`` is restored before returning."""
    total = 0.0
    weight = 0
    base = shanten_of(shape, counts, exposed, wilds)
    for k in kinds:
        counts[k] += 1
        best = 0
        for d in range(34):
            if counts[d] == 0 or d == k or d not in shape.usable:
                continue
            counts[d] -= 1
            if not budget.spend(1):
                counts[d] += 1
                counts[k] -= 1
                return None
            if shanten_of(shape, counts, exposed, wilds) == base - 1:
                cands = candidate_kinds(shape, counts, exposed, wilds)
                if not budget.spend(len(cands)):
                    counts[d] += 1
                    counts[k] -= 1
                    return None
                n = 0
                for j in cands:
                    left = unseen[j] - (1 if j == k else 0)
                    if left <= 0:
                        continue
                    counts[j] += 1
                    if shanten_of(shape, counts, exposed, wilds) < base - 1:
                        n += left
                    counts[j] -= 1
                best = max(best, n)
            counts[d] += 1
        counts[k] -= 1
        total += best * unseen[k]
        weight += unseen[k]
    return total / weight if weight else None


# Typical acceptance one step on, per shanten, for the chance model (tiles per draw).
_TYPICAL = {0: 5.0, 1: 18.0, 2: 30.0, 3: 38.0, 4: 44.0, 5: 48.0, 6: 50.0}


def win_chance(
    shanten_now: int,
    accept: int,
    draws: int,
    unseen_total: int,
    hazard: float,
    ron: float,
    next_accept: float | None = None,
) -> float:
    """Chance to win before the wall ends or someone else wins.

    A small Markov chain over the shanten: each of the seat's ``draws`` improves the hand with
    probability acceptance / unseen (the actual acceptance for the first step, typical ones after);
    a tenpai hand also wins on discards (``ron`` adds that as a multiple of the self-draw chance);
    each turn the hand ends elsewhere with probability ``hazard``. ``next_accept`` replaces the
    typical acceptance of the next step when a look-ahead measured it."""
    return _win_chance(
        max(-1, min(6, shanten_now)),
        min(120, max(0, accept)),
        max(0, min(30, draws)),
        max(8, (unseen_total // 4) * 4),
        round(hazard, 3),
        round(ron, 2),
        None if next_accept is None else round(next_accept, 1),
    )


@lru_cache(maxsize=65536)
def _win_chance(
    s0: int, accept: int, draws: int, unseen: int, hazard: float, ron: float, next_accept: float | None
) -> float:
    if s0 < 0:
        return 1.0
    dist = [0.0] * (s0 + 1)  # dist[s]: probability of being at shanten s (index s) and alive
    dist[s0] = 1.0
    won = 0.0
    for _ in range(draws):
        new = [0.0] * (s0 + 1)
        for s in range(s0 + 1):
            p_here = dist[s]
            if p_here <= 0.0:
                continue
            if s == s0:
                acc = float(accept)
            elif s == s0 - 1 and next_accept is not None:
                acc = next_accept
            else:
                acc = _TYPICAL.get(s, 50.0)
            step = min(0.9, acc / unseen)
            if s == 0:
                step = min(0.95, step * (1.0 + ron))
                won += p_here * step
                new[0] += p_here * (1.0 - step)
            else:
                new[s - 1] += p_here * step
                new[s] += p_here * (1.0 - step)
        dist = [x * (1.0 - hazard) for x in new]
    return won
