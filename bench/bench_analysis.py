"""Benchmark of engine.analysis: shanten against the ``mahjong`` package, and the wildcard win check.

Run: ``.venv/bin/python bench/bench_analysis.py`` (``--quick`` for a smaller run).

1. ``shanten`` on 10,000 random 14-tile hands (fixed seed) against
   ``mahjong.shanten.Shanten().calculate_shanten`` measured in the same run. Our per-suit tables
   fill lazily, so three numbers are printed for ours:

   * *cold*: the very first pass in a fresh process (every table entry built on the way);
   * *first sight*: the measured hands seen for the first time after a warm-up on 20,000 *other*
     random hands (a game that has been running for a while);
   * *steady*: best of 5 alternating rounds (mahjong and ours measured alike), the headline number.

2. ``is_complete`` on random 17-tile hands (``sets=5``) with 0..6 wilds, fifth copies allowed and
   not, after the same kind of warm-up.

Times are CPU time of this process (``time.process_time``), so other work on a shared machine
does not inflate them; the last line is a JSON summary.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from mahjong.shanten import Shanten

from engine.analysis import is_complete, shanten, table_sizes
from engine.tiles import counts34

WALL = [k for k in range(34) for _ in range(4)]


def random_hands(seed: int, size: int, n: int) -> list[list[int]]:
    rng = random.Random(seed)
    return [counts34(rng.sample(WALL, size)) for _ in range(n)]


def per_call_us(func: Callable[[list[int]], object], hands: Sequence[list[int]]) -> float:
    """Mean CPU time per call in µs (process time: other processes on a busy machine do not count)."""
    start = time.process_time()
    for counts in hands:
        func(counts)
    return (time.process_time() - start) / len(hands) * 1e6


def bench_shanten(n: int, rounds: int) -> dict[str, float]:
    hands = random_hands(20261130, 14, n)
    calc = Shanten().calculate_shanten

    cold = per_call_us(shanten, hands)
    for counts in random_hands(1, 14, 2 * n):  # warm-up on other hands
        shanten(counts)
    fresh = random_hands(20261131, 14, n)
    mj_first = per_call_us(calc, fresh)
    first_sight = per_call_us(shanten, fresh)
    mj_rounds: list[float] = []
    our_rounds: list[float] = []
    for _ in range(rounds):
        mj_rounds.append(per_call_us(calc, fresh))
        our_rounds.append(per_call_us(shanten, fresh))
    mismatches = sum(1 for c in fresh if shanten(c) != calc(c))
    mj = min(mj_rounds)
    ours = min(our_rounds)
    return {
        "hands": n,
        "mahjong_us": round(mj, 3),
        "ours_us": round(ours, 3),
        "ratio": round(mj / ours, 2),
        "ours_cold_us": round(cold, 3),
        "ours_first_sight_us": round(first_sight, 3),
        "mahjong_first_sight_us": round(mj_first, 3),
        "ratio_first_sight": round(mj_first / first_sight, 2),
        "mahjong_mean_of_rounds_us": round(sum(mj_rounds) / rounds, 3),
        "ours_mean_of_rounds_us": round(sum(our_rounds) / rounds, 3),
        "mismatches": mismatches,
    }


def bench_wild_win(n: int) -> dict[str, dict[str, float]]:
    out: dict[str, dict[str, float]] = {}
    for wilds in range(7):
        for fifth in (True, False):
            warm = random_hands(100 + wilds, 17 - wilds, n)
            for counts in warm:
                is_complete(counts, sets=5, wilds=wilds, wild_fifth_copy=fifth)
            hands = random_hands(200 + wilds, 17 - wilds, n)

            def check(c: list[int], w: int = wilds, f: bool = fifth) -> bool:
                return is_complete(c, sets=5, wilds=w, wild_fifth_copy=f)

            first = per_call_us(check, hands)
            best = min(per_call_us(check, hands) for _ in range(3))
            wins = sum(is_complete(c, sets=5, wilds=wilds, wild_fifth_copy=fifth) for c in hands)
            out[f"{wilds}{'' if fifth else '_no5th'}"] = {
                "wilds": wilds,
                "fifth_copy": fifth,
                "us": round(best, 3),
                "first_sight_us": round(first, 3),
                "complete": wins,
            }
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="2,000 hands instead of 10,000")
    args = parser.parse_args(argv)
    n = 2000 if args.quick else 10_000
    print(f"python {platform.python_version()} on {platform.machine()}")

    sh = bench_shanten(n, rounds=5)
    print(f"shanten, {n} random 14-tile hands (steady state, best of 5 rounds):")
    print(f"  mahjong.shanten.Shanten().calculate_shanten  {sh['mahjong_us']:8.2f} us/call")
    print(f"  engine.analysis.shanten                      {sh['ours_us']:8.2f} us/call")
    print(f"  ratio                                        {sh['ratio']:8.2f} x  (target >= 10)")
    print(f"  ours, cold first pass in a fresh process     {sh['ours_cold_us']:8.2f} us/call")
    print(
        f"  ours, hands first seen after warm-up         {sh['ours_first_sight_us']:8.2f} us/call"
        f"  (ratio {sh['ratio_first_sight']:.2f} x)"
    )
    print(f"  mismatches against mahjong                   {sh['mismatches']:8d}")

    ww = bench_wild_win(max(1000, n // 2))
    print(f"is_complete, random 17-tile hands, sets=5 ({max(1000, n // 2)} hands each; target <= 15 us):")
    for row in ww.values():
        rule = "fifth copy allowed" if row["fifth_copy"] else "no fifth copy     "
        print(
            f"  {row['wilds']:.0f} wilds, {rule}  {row['us']:6.2f} us/call"
            f"  (first sight {row['first_sight_us']:6.2f})  complete: {row['complete']}"
        )
    worst = max(row["us"] for row in ww.values())
    summary = {
        "bench": "analysis",
        "shanten": sh,
        "is_complete_17": ww,
        "is_complete_17_worst_us": worst,
        "targets_met": sh["ratio"] >= 10 and worst <= 15,
        "tables": table_sizes(),
    }
    print(json.dumps(summary, sort_keys=True))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
