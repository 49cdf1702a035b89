"""Long simulation: 100,000 riichi hands with every invariant checked, on all cores.

    .venv/bin/python bench/bench_simulate_long.py [--hands 100000] [--variant riichi]

Prints one JSON object like ``tilehouse simulate --json`` (hands, seconds, wins, draws, errors) summed
over the worker processes. Not part of CI: it takes tens of minutes.
"""

from __future__ import annotations

import argparse
import json
import os
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any


def _chunk(args: tuple[str, int, str]) -> dict[str, Any]:
    from engine.game.simulate import simulate
    from engine.rules import default_ruleset

    variant, hands, seed = args
    return simulate(default_ruleset(variant), hands, seed, checks=True)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--variant", default="riichi")
    parser.add_argument("--seed", default="long")
    parser.add_argument("--chunk", type=int, default=1000)
    args = parser.parse_args()
    jobs = [
        (args.variant, min(args.chunk, args.hands - i), f"{args.seed}:{i}")
        for i in range(0, args.hands, args.chunk)
    ]
    started = time.perf_counter()
    total: dict[str, Any] = {"variant": args.variant, "hands": 0, "wins": 0, "draws": 0, "errors": []}
    with ProcessPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        for part in pool.map(_chunk, jobs):
            for key in ("hands", "wins", "draws"):
                total[key] += part[key]
            total["errors"].extend(part["errors"])
    total["seconds"] = round(time.perf_counter() - started, 1)
    total["hands_per_second"] = round(total["hands"] / total["seconds"], 1)
    print(json.dumps(total))


if __name__ == "__main__":
    main()
