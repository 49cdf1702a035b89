"""Fit the Sichuan wait model (``engine.ai.sichuan.FITTED_WAITS``) on the arena's own hands.

    nice .venv/bin/python bench/fit_sichuan_waits.py [--walls 400 --seed 9001]
        [--test-walls 300 --test-seed 9002]

Four ``--seats`` seats play the arena's walls (one seating each). Before every discard, for each
opponent still in the hand that is really ready (read from the game, which no seat sees) and each
suited kind the discarder holds outside that opponent's lacking suit, the bench records what the
discarder sees (:func:`engine.ai.sichuan.wait_features`) and whether the opponent can win on the kind.

It fits the chance of a wait as the average times one factor per feature level (a log-linear model
fitted by iterative scaling: each factor is moved until its cases' predicted waits equal the observed
ones, given the other factors) on the first walls, and prints the average and the factors in the form
of ``FITTED_BASE`` and ``FITTED_WAITS``. On the test walls (another seed) it compares the wait-shape
model the AI used before (:func:`engine.ai.defence.wait_danger`, a kind the player threw at 0.6), the
shipped factors, the new fit and the average alone: the area under the ROC curve (how well each
orders the kinds), the log-loss, and the reliability tables of the wait shapes and the shipped factors.
"""

from __future__ import annotations

import argparse
import json
import math
from collections import defaultdict
from pathlib import Path
from typing import Any

from calibrate_chinese_danger import Calibration, play_arena_walls
from reliability import Table, print_table

from engine.ai.defence import wait_danger
from engine.ai.sichuan import FITTED_WAITS, WAIT_FEATURES, wait_chance, wait_features
from engine.ai.view import Opponent, View
from engine.game.actions import Action, ActionType
from engine.game.game import Game
from engine.game.observation import Observation
from engine.tiles import kind_of

A = ActionType
BINS = (0.0, 0.01, 0.03, 0.06, 0.1, 0.15, 0.2, 0.3, 1.0)
# a case: the feature levels, the wait-shape model's chance, the shipped factors' chance, whether the
# kind is a wait
Case = tuple[tuple[int, ...], float, float, bool]


def shape_danger(view: View, opp: Opponent, kind: int) -> float:
    """The wait-shape model (no furiten; a kind the player threw at 0.6), the Sichuan danger before
    the fit (issue 17, round 23)."""
    d = wait_danger(view, opp, kind, honours=False, safe=frozenset())
    return d * 0.6 if any(x.kind == kind for x in opp.discards) else d


class _Recorder:
    """An agent that first records the cases of each of its discards (with the game, which the agent
    itself never sees)."""

    def __init__(self, agent: Any, game: Game, out: list[Case]) -> None:
        self.agent = agent
        self.game = game
        self.out = out
        self.name = agent.name

    def choose(self, observation: Observation, legal: list[Action]) -> Action:
        if any(a.type is A.DISCARD for a in legal):
            view = View.from_observation(observation)
            kinds = sorted({kind_of(t) for t in view.hand if kind_of(t) < 27})
            for o in view.opponents:
                if o.won:
                    continue
                ready, waits = Calibration.truth(self.game, o.seat)
                if not ready:
                    continue
                for k in kinds:
                    if o.lacking_suit is not None and k // 9 == o.lacking_suit:
                        continue
                    levels = wait_features(view, o, k)
                    self.out.append((levels, shape_danger(view, o, k), wait_chance(levels), k in waits))
        action: Action = self.agent.choose(observation, legal)
        return action


def collect(walls: int, seed: str, level: str) -> list[Case]:
    out: list[Case] = []
    play_arena_walls("sichuan", walls, seed, level, lambda agent, game: _Recorder(agent, game, out))
    return out


def fit(cases: list[Case], rounds: int = 40) -> tuple[float, dict[str, list[float]]]:
    """The average and one factor per level of each feature (iterative scaling)."""
    base = sum(c[3] for c in cases) / len(cases)
    factors = {name: [1.0] * len(FITTED_WAITS[name]) for name in WAIT_FEATURES}
    for _ in range(rounds):
        for f, name in enumerate(WAIT_FEATURES):
            observed: dict[int, float] = defaultdict(float)
            predicted: dict[int, float] = defaultdict(float)
            for levels, _shape, _shipped, hit in cases:
                p = base
                for g, other in enumerate(WAIT_FEATURES):
                    p *= factors[other][levels[g]]
                observed[levels[f]] += hit
                predicted[levels[f]] += p
            for level in observed:  # half a case each side keeps a level seen once finite
                factors[name][level] *= (observed[level] + 0.5) / (predicted[level] + 0.5)
    return base, factors


def auc(scores: list[float], hits: list[bool]) -> float:
    """The chance a wait scores above a kind that is not one (ties count half)."""
    pairs = sorted(zip(scores, hits, strict=True))
    positives = sum(hits)
    negatives = len(hits) - positives
    rank_sum = 0.0
    i = 0
    while i < len(pairs):
        j = i
        while j < len(pairs) and pairs[j][0] == pairs[i][0]:
            j += 1
        rank_sum += (i + j + 1) / 2 * sum(h for _, h in pairs[i:j])
        i = j
    return (rank_sum - positives * (positives + 1) / 2) / max(1, positives * negatives)


def log_loss(scores: list[float], hits: list[bool]) -> float:
    total = sum(math.log(max(p if h else 1.0 - p, 1e-6)) for p, h in zip(scores, hits, strict=True))
    return -total / max(1, len(hits))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--walls", type=int, default=400, help="walls to fit on")
    ap.add_argument("--seed", default="9001")
    ap.add_argument("--test-walls", type=int, default=300, help="walls to test on")
    ap.add_argument("--test-seed", default="9002")
    ap.add_argument("--seats", default="standard", help="the level of the four seats")
    ap.add_argument("--json", type=Path)
    args = ap.parse_args()
    train = collect(args.walls, args.seed, args.seats)
    test = collect(args.test_walls, args.test_seed, args.seats)
    base, factors = fit(train)
    print(f"fitted on {len(train):,} cases ({args.walls} walls of seed {args.seed}, {args.seats} seats)")
    print(f"FITTED_BASE = {base:.4f}")
    print("FITTED_WAITS = {")
    for name in WAIT_FEATURES:
        print(f'    "{name}": ({", ".join(f"{v:.3g}" for v in factors[name])}),')
    print("}")
    hits = [c[3] for c in test]
    rate = sum(hits) / max(1, len(hits))
    models = {
        "wait shapes (before the fit)": [c[1] for c in test],
        "shipped factors (FITTED_WAITS)": [c[2] for c in test],
        "this fit": [wait_chance(c[0], base, factors) for c in test],
        "the average alone": [rate] * len(test),
    }
    print(
        f"\ntested on {len(test):,} cases ({args.test_walls} walls of seed {args.test_seed}), "
        f"{rate:.1%} of them waits"
    )
    print("| model | mean predicted | area under the ROC curve | log-loss |\n| --- | --- | --- | --- |")
    report: dict[str, Any] = {"train_cases": len(train), "test_cases": len(test), "rate": rate, "models": {}}
    for name, scores in models.items():
        mean = sum(scores) / len(scores)
        row = {"mean": mean, "auc": auc(scores, hits), "log_loss": log_loss(scores, hits)}
        report["models"][name] = row
        print(f"| {name} | {row['mean']:.3f} | {row['auc']:.3f} | {row['log_loss']:.4f} |")
    report["reliability"] = {}
    for name in ("wait shapes (before the fit)", "shipped factors (FITTED_WAITS)"):
        table = Table(BINS)
        for p, h in zip(models[name], hits, strict=True):
            table.add(p, h)
        print_table(f"{name} on the test walls: chance a ready opponent can win on a kind held", table.rows())
        report["reliability"][name] = table.rows()
    report["fit"] = {"base": base, "factors": factors}
    if args.json:
        args.json.write_text(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
