"""A Monte Carlo look-ahead: the chance a hand wins, measured by playing its own draws out.

For a few near-equal discards, the hands they leave draw the same random orders of the unseen tiles
(common random numbers: the candidates differ only by their own tiles, so the difference between them is
measured with far less noise than each one's chance). Along an order, a draw that brings the hand a
step closer to ready is kept and the held tile with the fewest neighbours that keeps it there goes; any
other draw is thrown. Once ready, the rest of the hand is counted exactly from the winning tiles left
(each draw wins with their share of the unseen tiles, more for the discards the seat may win on), and a
win on the seat's ``t``-th draw counts ``(1 - hazard) ** t``: the chance the hand has not ended
elsewhere first, as in :func:`engine.ai.efficiency.win_chance`, whose typical acceptances this replaces
by the hand's own.

Nothing here knows a family: hands are measured with the seat's :class:`HandShape` (wild kinds,
dead kinds and the forms it allows). The orders come from a seed the decision gives, so the same
decision always takes the same path.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Literal

from engine.analysis.acceptance import acceptance
from engine.analysis.shape import HandShape

__all__ = ["draw_orders", "keep_order", "rollout_chances"]


def draw_orders(unseen: Sequence[int], draws: int, runs: int, seed: int) -> list[list[int]]:
    """``runs`` random orders of ``draws`` kinds drawn without replacement from the unseen tiles."""
    pool = [k for k in range(len(unseen)) for _ in range(unseen[k])]
    n = min(draws, len(pool))
    rng = random.Random(seed)
    return [rng.sample(pool, n) for _ in range(runs)] if n > 0 else []


def keep_order(shape: HandShape, counts: list[int]) -> list[int]:
    """The held kinds, the first to let go first: dead kinds, then by how many tiles of the same
    suit lie next to them (a pair counts most), honours and terminals before middle tiles."""
    scored: list[tuple[float, int]] = []
    usable = shape.usable
    for k in range(34):
        c = counts[k]
        if not c:
            continue
        if k not in usable:
            scored.append((-100.0, k))
            continue
        keep = 3.0 * (c - 1)
        if k < 27:
            pos = k % 9
            for d, w in ((-2, 1.0), (-1, 2.0), (1, 2.0), (2, 1.0)):
                if 0 <= pos + d <= 8:
                    keep += w * counts[k + d]
            keep += 0.5 if 2 <= pos <= 6 else (0.25 if pos in (1, 7) else 0.0)
        scored.append((keep, k))
    scored.sort()
    return [k for _, k in scored]


def _throw_for_acceptance(
    shape: HandShape, counts: list[int], exposed: int, wilds: int, left: list[int], target: int
) -> bool:
    """Throw (from ``counts``) the held tile that keeps the hand at ``target`` with the most
    acceptance among the tiles ``left``."""
    best_d, best_a = -1, -1
    for d in keep_order(shape, counts):
        counts[d] -= 1
        if shape.shanten(counts, wilds, exposed=exposed) == target:
            accept = acceptance(shape, counts, exposed, wilds, left)[2]
            if accept > best_a:
                best_d, best_a = d, accept
        counts[d] += 1
    if best_d < 0:
        return False
    counts[best_d] -= 1
    return True


def _throw_first(shape: HandShape, counts: list[int], exposed: int, wilds: int, target: int) -> bool:
    """Throw (from ``counts``) the first held tile of :func:`keep_order` that keeps the hand at
    ``target``."""
    for d in keep_order(shape, counts):
        counts[d] -= 1
        if shape.shanten(counts, wilds, exposed=exposed) == target:
            return True
        counts[d] += 1
    return False


def _ready_tail(
    shape: HandShape,
    counts: list[int],
    exposed: int,
    wilds: int,
    left: list[int],
    unseen_total: int,
    after: int,
    draws: int,
    hazard: float,
    ron: float,
) -> float:
    """The chance a ready hand wins on draws ``after .. draws - 1`` (weighted as the module says)."""
    remaining = draws - after
    if remaining <= 0:
        return 0.0
    # the winning tiles left (acceptance at ready), and a wild kind drawn completes the hand too
    # (the wild kinds among the 34 drawn: Lingxi's flower 财神 are not in the unseen counts)
    wait = acceptance(shape, counts, exposed, wilds, left)[2]
    wild_left = sum(left[k] for k in shape.wild_kinds if k < len(left))
    if wild_left > 0 and shape.shanten(counts, wilds + 1, exposed=exposed) == -1:
        wait += wild_left
    if wait <= 0:
        return 0.0
    p = min(0.95, wait / unseen_total * (1.0 + ron))
    keep = 1.0 - hazard
    q = keep * (1.0 - p)
    return float(keep**after * p * (1.0 - q**remaining) / (1.0 - q))


def rollout_chances(
    shape: HandShape,
    hands: Sequence[tuple[Sequence[int], int]],
    exposed: int,
    unseen: Sequence[int],
    orders: Sequence[Sequence[int]],
    hazard: float,
    ron: float,
    keep: Literal["neighbours", "acceptance"] = "neighbours",
) -> list[float]:
    """For each hand (concrete counts after its discard, wild tiles held), the mean over ``orders``
    (from :func:`draw_orders`) of its chance to win playing that order out (see the module text).
    ``ron`` is the share of the self-draw chance a ready hand adds by winning on discards. ``keep``:
    after a draw that brings the hand closer, the tile thrown is the first of :func:`keep_order` that
    keeps it there ("neighbours"), or the one that leaves the most acceptance ("acceptance": about
    twice the cost)."""
    unseen_total = max(8, sum(unseen))
    wild_kinds = shape.wild_kinds
    shanten = shape.shanten
    out: list[float] = []
    for counts0, wilds0 in hands:
        total = 0.0
        start = shanten(counts0, wilds0, exposed=exposed)
        for order in orders:
            draws = len(order)
            counts = list(counts0)
            wilds = wilds0
            s = start
            left = list(unseen)
            if s == 0:
                total += _ready_tail(shape, counts, exposed, wilds, left, unseen_total, 0, draws, hazard, ron)
                continue
            for t, k in enumerate(order):
                left[k] -= 1
                wild = k in wild_kinds
                if wild:
                    wilds += 1
                else:
                    counts[k] += 1
                s14 = shanten(counts, wilds, exposed=exposed)
                if s14 < 0:
                    total += (1.0 - hazard) ** t
                    break
                if s14 >= s:
                    if wild:
                        wilds -= 1
                    else:
                        counts[k] -= 1
                    continue
                thrown = (
                    _throw_for_acceptance(shape, counts, exposed, wilds, left, s14)
                    if keep == "acceptance"
                    else _throw_first(shape, counts, exposed, wilds, s14)
                )
                if not thrown:  # no held tile keeps the step (a wild's draw): the draw is thrown
                    if wild:
                        wilds -= 1
                    else:
                        counts[k] -= 1
                    continue
                s = s14
                if s == 0:
                    total += _ready_tail(
                        shape, counts, exposed, wilds, left, unseen_total, t + 1, draws, hazard, ron
                    )
                    break
        out.append(total / len(orders) if orders else 0.0)
    return out
