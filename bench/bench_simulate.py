"""Benchmark: random-agent riichi hands per second against riichienv, and simulate on 1 and 2 workers.

    .venv/bin/pip install -e '.[bench]'     # riichienv, a bench-only extra
    .venv/bin/python bench/bench_simulate.py [--hands 300] [--scaling-hands 1000] [--json]

1. Both engines play single hands with a uniformly random agent choosing among legal actions, in the
   same run (riichienv in Rust, ``4p-red-single``), in ten alternating chunks, timed in CPU seconds of
   this process (on the shared machine, wall time measured the neighbours' load: riichienv alone moved
   from 300 to 500 hands/s between two runs); the figure that counts is the ratio (aim: >= 0.6).
2. ``simulate`` (``tilehouse simulate --variant riichi --seed 1``: simple agents, every invariant
   checked) on one worker and on two: elapsed time and the speed-up (aim: >= 1.7 on 1,000 hands). The
   two summaries must be equal apart from their times. A machine whose cores are busy with other work
   cannot show a speed-up: the load average is printed with the numbers.

Both builds are measured, each in its own process (``bench/builds.py``): pure Python (the checkout) and
the mypyc-compiled build that ``pip install .`` and the standalone build ship (``engine.compiled``);
riichienv is measured again in each, and the aim is judged on the compiled build when it is available.
The 1-vs-2-worker run is made on that build only. ``--build pure`` or ``--build compiled`` measures one.
The last line is a JSON summary (``bench/report.py`` reads it): the shipped build's, with both builds'
hands/s and ratios under ``builds``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import sys
import time
from pathlib import Path
from typing import Any

from builds import BUILDS, run_builds, use_build

BUILD = sys.argv[sys.argv.index("--build") + 1] if "--build" in sys.argv[:-1] else "both"
if BUILD in BUILDS:
    use_build(BUILD)  # this process measures one build
else:
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.agents.simple import RandomAgent  # noqa: E402
from engine.game.game import Game  # noqa: E402
from engine.game.play import play_hand  # noqa: E402
from engine.game.simulate import simulate  # noqa: E402
from engine.rules import default_ruleset  # noqa: E402


def _ours_cpu(first: int, hands: int, seed: int) -> float:
    """CPU seconds for hands ``first`` .. ``first + hands - 1`` of ours (seeds ``seed:i``)."""
    rules = default_ruleset("riichi")
    started = time.process_time()
    for i in range(first, first + hands):
        game = Game(rules, seed=f"{seed}:{i}")
        agents = [RandomAgent(f"{seed}:{i}:{s}") for s in range(4)]
        play_hand(game, agents)
    return time.process_time() - started


def ours(hands: int, seed: int) -> float:
    """Hands per CPU second."""
    return hands / _ours_cpu(0, hands, seed)


class _Theirs:
    """riichienv playing random hands, continued from chunk to chunk."""

    def __init__(self, seed: int) -> None:
        from riichienv import RiichiEnv

        self.rng = random.Random(seed)
        self.env = RiichiEnv(game_mode="4p-red-single", skip_mjai_logging=True, seed=seed)
        self.obs = self.env.reset()

    def cpu(self, hands: int) -> float:
        env, rng = self.env, self.rng
        started = time.process_time()
        obs = self.obs
        done = 0
        while done < hands:
            obs = env.step({pid: rng.choice(o.legal_actions()) for pid, o in obs.items()})
            if env.done():
                done += 1
                obs = env.reset()
        self.obs = obs
        return time.process_time() - started


def interleaved(hands: int, seed: int, rounds: int = 10) -> tuple[float, float | None]:
    """(ours, riichienv) in hands per CPU second (this process's CPU time: a busy machine's other work
    does not count), the two played in alternating chunks, the first of each round alternating too, so
    that both meet the same moments of the machine."""
    try:
        them: _Theirs | None = _Theirs(seed)
    except ImportError:
        them = None
    chunk = max(1, hands // rounds)
    mine = theirs = 0.0
    for r in range(rounds):
        order = ("ours", "theirs") if r % 2 == 0 else ("theirs", "ours")
        for side in order:
            if side == "ours":
                mine += _ours_cpu(r * chunk, chunk, seed)
            elif them is not None:
                theirs += them.cpu(chunk)
    total = chunk * rounds
    return total / mine, (total / theirs if them is not None else None)


def _cpu() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def scaling(hands: int) -> dict[str, Any]:
    rules = default_ruleset("riichi")
    runs = {}
    cpu = {}
    for workers in (1, 2):
        before = _cpu()
        runs[workers] = simulate(rules, hands, "1", workers=workers)
        cpu[workers] = _cpu() - before
    same = [{k: v for k, v in r.items() if k not in ("seconds", "hands_per_second")} for r in runs.values()]
    return {
        "hands": hands,
        "one_worker_s": runs[1]["seconds"],
        "two_workers_s": runs[2]["seconds"],
        "speedup": round(runs[1]["seconds"] / runs[2]["seconds"], 2),
        # CPU seconds of this process and its workers: equal when spreading the matches costs nothing,
        # so a speed-up short of 2 then means the cores were not free
        "one_worker_cpu_s": round(cpu[1], 1),
        "two_workers_cpu_s": round(cpu[2], 1),
        "same_summary": same[0] == same[1],
        "errors": len(runs[1]["errors"]) + len(runs[2]["errors"]),
    }


def show(summary: dict[str, Any], say: Any) -> None:
    a, b = summary["tilehouse_hps"], summary["riichienv_hps"]
    say(f"load average {summary['load_average']:.1f}")
    say(f"tilehouse: {a:8.1f} random-agent hands/s")
    if b is None:
        say("riichienv: not installed (pip install -e '.[bench]')")
    else:
        say(f"riichienv: {b:8.1f} random-agent hands/s")
        say(f"ratio tilehouse/riichienv: {summary['ratio']:.3f} (aim >= 0.6)")
    sc = summary["scaling"]
    if sc:
        say(
            f"simulate {sc['hands']} riichi hands: one worker {sc['one_worker_s']:.1f} s, two workers"
            f" {sc['two_workers_s']:.1f} s: speed-up {sc['speedup']:.2f} (aim >= 1.7), same summary:"
            f" {sc['same_summary']}; CPU {sc['one_worker_cpu_s']:.1f} s and {sc['two_workers_cpu_s']:.1f} s"
        )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=300, help="random-agent hands for each engine")
    parser.add_argument("--scaling-hands", type=int, default=1000, help="hands of the 1-vs-2-worker run")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print only the JSON summary")
    parser.add_argument("--build", choices=("both", *BUILDS), default="both", help="both (default), or one")
    args = parser.parse_args()
    say = (lambda *a: None) if args.json else print
    if args.build == "both":
        common = ["--hands", str(args.hands), "--seed", str(args.seed)]
        runs = run_builds(__file__, [*common, "--scaling-hands", "0"], say=say)
        shipped = "compiled" if "compiled" in runs else "pure"
        runs[shipped] = run_builds(
            __file__, [*common, "--scaling-hands", str(args.scaling_hands)], say=say, only=shipped
        )[shipped]
        for build, summary in runs.items():
            say(f"== {build} build")
            show(summary, say)
        out = dict(runs[shipped])
        out["builds"] = {
            build: {k: r[k] for k in ("load_average", "tilehouse_hps", "riichienv_hps", "ratio")}
            for build, r in runs.items()
        }
        if len(runs) == 2:
            p, c = (runs[b]["tilehouse_hps"] for b in BUILDS)
            say(f"random-agent hands/s: compiled {c / p:.2f}x pure; the aim is judged on the {shipped} build")
        print(json.dumps(out))
        return
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else -1.0
    ours(20, args.seed + 99)  # imports, tables loaded
    a, b = interleaved(args.hands, args.seed)
    from engine import compiled

    summary = {
        "bench": "simulate",
        "build": compiled.BUILD,
        "load_average": round(load, 2),
        "cores": os.cpu_count(),
        "tilehouse_hps": round(a, 1),
        "riichienv_hps": b and round(b, 1),
        "ratio": b and round(a / b, 3),
        "scaling": scaling(args.scaling_hands) if args.scaling_hands > 0 else None,
    }
    show(summary, say)
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
