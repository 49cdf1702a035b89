"""Benchmark: random-agent riichi hands per second, ours against riichienv in the same run.

    .venv/bin/pip install -e '.[bench]'     # riichienv, a bench-only extra
    .venv/bin/python bench/bench_simulate.py [--hands 300]

Both engines play single hands with a uniformly random agent choosing among legal actions. The
machine is noisy, so the figure that counts is the ratio printed at the end (target: >= 0.6).
"""

from __future__ import annotations

import argparse
import json
import random
import time

from engine.agents.simple import RandomAgent
from engine.game.game import Game
from engine.game.play import play_hand
from engine.rules import default_ruleset


def ours(hands: int, seed: int) -> float:
    rules = default_ruleset("riichi")
    started = time.perf_counter()
    for i in range(hands):
        game = Game(rules, seed=f"{seed}:{i}")
        agents = [RandomAgent(f"{seed}:{i}:{s}") for s in range(4)]
        play_hand(game, agents)
    return hands / (time.perf_counter() - started)


def theirs(hands: int, seed: int) -> float | None:
    try:
        from riichienv import RiichiEnv
    except ImportError:
        return None
    rng = random.Random(seed)
    env = RiichiEnv(game_mode="4p-red-single", skip_mjai_logging=True, seed=seed)
    started = time.perf_counter()
    obs = env.reset()
    done = 0
    while done < hands:
        obs = env.step({pid: rng.choice(o.legal_actions()) for pid, o in obs.items()})
        if env.done():
            done += 1
            obs = env.reset()
    return hands / (time.perf_counter() - started)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    ours(20, args.seed + 99)  # warm the analysis tables
    a = ours(args.hands, args.seed)
    b = theirs(args.hands, args.seed)
    print(f"tilehouse: {a:8.1f} random-agent hands/s")
    if b is None:
        print("riichienv: not installed (pip install -e '.[bench]')")
    else:
        print(f"riichienv: {b:8.1f} random-agent hands/s")
        print(f"ratio tilehouse/riichienv: {a / b:.3f} (target >= 0.6)")
    print(
        json.dumps(
            {"tilehouse_hps": round(a, 1), "riichienv_hps": b and round(b, 1), "ratio": b and round(a / b, 3)}
        )
    )


if __name__ == "__main__":
    main()
