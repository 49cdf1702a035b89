"""How much faster the rollouts' discards are than greedy acceptance, alone at the table (issue 17).

    nice .venv/bin/python bench/bench_rollout_solitaire.py --deals 600 --runs 64 --keep acceptance

A riichi hand is dealt 13 tiles from a shuffled set of 136 (deal ``i`` shuffled with seed ``i``) and
draws the next tiles of the same order, up to ``--draws`` of them, alone: no other seat, no calls, no
ron, value not counted. Two players play every deal, on the same tiles:

* greedy: throws the tile that leaves the fewest steps from ready, then the most acceptance (the
  unseen tiles that take it a step closer), then the first of the rollouts' own keep order;
* rollouts: the same, except that among the discards at the best steps within ``--band`` of the best
  acceptance (the first ``--top`` of them) it throws the one :func:`engine.ai.rollout.rollout_chances`
  gives the best chance to win within the draws left (``--runs`` random orders of the unseen tiles).

Printed: each player's share of deals won by self-draw within the draws, the paired difference with its
95% interval over deals, the deals where the two differ, and each player's time (a ratio measured in the
same run, not a target).
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from pathlib import Path
from typing import Literal

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.ai.rollout import draw_orders, keep_order, rollout_chances
from engine.analysis.acceptance import acceptance
from engine.analysis.shape import HandShape

SHAPE = HandShape()


def play(
    wall: list[int],
    draws: int,
    rollouts: int,
    band: float,
    top: int,
    keep: Literal["neighbours", "acceptance"],
    seed: int,
) -> int | None:
    """The draw (0-based) on which the hand wins, or None; ``rollouts`` 0 plays greedy."""
    counts = [0] * 34
    for k in wall[:13]:
        counts[k] += 1
    seen = list(counts)
    for t in range(draws):
        k = wall[13 + t]
        counts[k] += 1
        seen[k] += 1
        if SHAPE.shanten(counts) == -1:
            return t
        unseen = [4 - s for s in seen]
        order = {d: i for i, d in enumerate(keep_order(SHAPE, counts))}
        options: list[tuple[int, int, int, list[int]]] = []
        for d in range(34):
            if counts[d]:
                counts[d] -= 1
                steps, _, accept = acceptance(SHAPE, counts, 0, 0, unseen)
                options.append((steps, -accept, order[d], list(counts)))
                counts[d] += 1
        options.sort(key=lambda o: o[:3])
        choice = options[0]
        if rollouts and choice[0] >= 1 and draws - t - 1 >= 2:
            near = [o for o in options if o[0] == choice[0] and -o[1] >= band * -choice[1]][:top]
            if len(near) >= 2:
                orders = draw_orders(unseen, draws - t - 1, rollouts, seed * 1000 + t)
                chances = rollout_chances(SHAPE, [(o[3], 0) for o in near], 0, unseen, orders, 0.0, 0.0, keep)
                choice = near[max(range(len(near)), key=lambda i: (chances[i], -i))]
        counts[:] = choice[3]
    return None


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--deals", type=int, default=600)
    ap.add_argument("--draws", type=int, default=18)
    ap.add_argument("--runs", type=int, default=64)
    ap.add_argument("--band", type=float, default=0.7)
    ap.add_argument("--top", type=int, default=3)
    ap.add_argument("--keep", choices=("neighbours", "acceptance"), default="neighbours")
    args = ap.parse_args()
    wins = {"greedy": 0, "rollouts": 0}
    clock = {"greedy": 0.0, "rollouts": 0.0}
    diffs: list[int] = []
    for i in range(args.deals):
        wall = [k for k in range(34) for _ in range(4)]
        random.Random(i).shuffle(wall)
        won = {}
        for name, runs in (("greedy", 0), ("rollouts", args.runs)):
            start = time.process_time()
            won[name] = play(wall, args.draws, runs, args.band, args.top, args.keep, i) is not None
            clock[name] += time.process_time() - start
            wins[name] += won[name]
        diffs.append(int(won["rollouts"]) - int(won["greedy"]))
    n = args.deals
    mean = sum(diffs) / n
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / max(1, n - 1))
    half = 1.96 * sd / math.sqrt(n)
    other = sum(1 for d in diffs if d)
    print(
        f"{n} deals, {args.draws} draws, {args.runs} runs, band {args.band}, top {args.top}, keep {args.keep}"
    )
    print(
        f"greedy wins {wins['greedy'] / n:.3f}, rollouts {wins['rollouts'] / n:.3f}: "
        f"{mean:+.3f} [{mean - half:+.3f}, {mean + half:+.3f}] ({other} deals with another outcome)"
    )
    print(f"time: rollouts / greedy = {clock['rollouts'] / max(clock['greedy'], 1e-9):.1f}")


if __name__ == "__main__":
    main()
