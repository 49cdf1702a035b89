"""How right the strong level's folds are: at the hero's first fold in each hand, the game is forked
and the hero pushes instead, and the two branches' results are paired (a calibration bench of issue 17).

    nice .venv/bin/python bench/bench_fold_forks.py --field standard --walls 500

The hero (strong, riichi) sits alone against three seats of the field on walls 0..N-1 (seed 2026, each
wall once per seating, as the arena plays them). When the hero's chosen discard is one the
expected-value defence marks as folding, for the first time in the hand, the game so far is replayed
from its ruleset, seed, wall and actions (the one mechanism every replay uses), and in the copy the
hero throws the discard with the best push estimate (``Option.push_ev``); from there every seat
plays on with fresh agents of its level (``--push-to-end``: the hero plays the rest of the hand as
the standard level does, with no defence). The fold branch is the game itself. Each fork gives the
model's estimate of what pushing gains over folding (best push estimate minus best fold estimate,
points) and what it gained (the hero's score change in the push branch minus the fold branch).
Printed: the estimate binned against the observed gain with 95% intervals, and the same by the
hand's steps from ready.
The levels are deterministic but for the beginner's slips, whose fresh agents draw other slips.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.ai.agents import LevelAgent, Option, View, make_agent
from engine.ai.arena import _load_rules, rotations, warm_tables
from engine.families.registry import get_family
from engine.game.actions import Action
from engine.game.game import Game
from engine.game.play import play_hand

BINS = (-1e9, -3000.0, -2000.0, -1500.0, -1000.0, -500.0, 0.0, 1e9)


def _options(agent: LevelAgent, game: Game, seat: int) -> tuple[Any, list[Option], list[Action]]:
    obs = game.observation(seat)
    legal = game.legal_actions(seat)
    view = View.from_observation(obs)
    return obs, agent.planner(view.family).options(view, legal), legal


def _push_branch(
    rules: Any, seed: str, wall: Any, actions: Sequence[Action], push: Action, specs: list[tuple[str, str]]
) -> Game:
    """The game replayed to the fork, the hero's push thrown, then played to the end of the hand."""
    game = Game(rules, seed=seed, walls=[wall])
    for a in actions:
        game.apply(a)
    game.apply(push)
    play_hand(game, [make_agent(level, s, rules) for level, s in specs])
    return game


def play(field: str, hero: str, walls: range, seed: str, push_level: str | None) -> list[dict[str, Any]]:
    rules = _load_rules("riichi", None, 4)
    family = get_family(rules.family)
    forks: list[dict[str, Any]] = []
    for index in walls:
        game_seed = f"arena:{seed}:{index}"
        wall = family.shuffle_wall(rules, random.Random(game_seed))
        for r, assignment in enumerate(rotations([hero, field, field, field])):
            game = Game(rules, seed=game_seed, walls=[wall])
            start = list(game.match.scores)
            specs = [(level, f"{seed}:{index}:{r}:{s}") for s, level in enumerate(assignment)]
            agents = [make_agent(level, s, rules) for level, s in specs]
            hero_seat = assignment.index(hero)
            fork: dict[str, Any] | None = None
            hands = len(game.results)
            while not game.over and len(game.results) == hands:
                for seat in game.pending():
                    if seat not in game.pending():
                        continue
                    agent = agents[seat]
                    if seat == hero_seat and fork is None and isinstance(agent, LevelAgent):
                        obs, options, legal = _options(agent, game, seat)
                        action = agent.choose(obs, legal)
                        chosen = next((o for o in options if o.action == action), None)
                        discards = [o for o in options if o.push_ev is not None]
                        if chosen is not None and chosen.fold and discards:
                            push = max(discards, key=lambda o: o.push_ev or 0.0)
                            folds = [o.fold_ev for o in discards if o.fold_ev is not None]
                            branch_specs = list(specs)
                            if push_level is not None:
                                branch_specs[hero_seat] = (push_level, specs[hero_seat][1])
                            other = _push_branch(
                                rules, game_seed, wall, game.actions, push.action, branch_specs
                            )
                            result = other.results[-1]
                            fork = {
                                "wall": index,
                                "rotation": r,
                                "tiles_left": obs.wall_remaining,
                                "steps": min(o.shanten for o in discards if o.shanten is not None),
                                "push_steps": push.shanten,
                                "estimate": (push.push_ev or 0.0) - max(folds),
                                "push": other.match.scores[seat] - start[seat],
                                "push_won": any(w.seat == seat for w in result.wins),
                                "push_dealt": any(
                                    w.from_seat == seat and w.seat != seat for w in result.wins
                                ),
                            }
                        game.apply(action)
                    else:
                        game.apply(agent.choose(game.observation(seat), game.legal_actions(seat)))
            if fork is not None:
                result = game.results[-1]
                seat = hero_seat
                fork["fold"] = game.match.scores[seat] - start[seat]
                fork["fold_won"] = any(w.seat == seat for w in result.wins)
                fork["fold_dealt"] = any(w.from_seat == seat and w.seat != seat for w in result.wins)
                forks.append(fork)
    return forks


def _mean_half(xs: Sequence[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95% interval."""
    n = len(xs)
    if n == 0:
        return 0.0, 0.0
    m = sum(xs) / n
    if n < 2:
        return m, 0.0
    var = sum((x - m) ** 2 for x in xs) / (n - 1)
    return m, 1.96 * math.sqrt(var / n)


def report(forks: list[dict[str, Any]]) -> None:
    def rows(title: str, key: Any, labels: dict[Any, str]) -> None:
        print(
            f"\n{title}\n| {labels['head']} | forks | estimated gain of pushing | observed gain "
            "| 95% interval | push: wins / deal-ins | fold: wins / deal-ins |"
        )
        print("| --- | --- | --- | --- | --- | --- | --- |")
        groups: dict[Any, list[dict[str, Any]]] = {}
        for f in forks:
            groups.setdefault(key(f), []).append(f)
        for k in sorted(groups):
            fs = groups[k]
            m, h = _mean_half([f["push"] - f["fold"] for f in fs])
            est = sum(f["estimate"] for f in fs) / len(fs)
            print(
                f"| {labels.get(k, k)} | {len(fs):,} | {est:+,.0f} | {m:+,.0f} "
                f"| [{m - h:+,.0f}, {m + h:+,.0f}] "
                f"| {sum(f['push_won'] for f in fs)} / {sum(f['push_dealt'] for f in fs)} "
                f"| {sum(f['fold_won'] for f in fs)} / {sum(f['fold_dealt'] for f in fs)} |"
            )

    def bin_of(f: dict[str, Any]) -> int:
        return next(i for i in range(len(BINS) - 1) if f["estimate"] < BINS[i + 1])

    names = {i: f"{BINS[i]:+,.0f} to {BINS[i + 1]:+,.0f}" for i in range(len(BINS) - 1)}
    names[0] = f"below {BINS[1]:+,.0f}"
    names[len(BINS) - 2] = f"above {BINS[-2]:+,.0f}"
    m, h = _mean_half([f["push"] - f["fold"] for f in forks])
    est = sum(f["estimate"] for f in forks) / max(1, len(forks))
    print(
        f"{len(forks)} forks: estimated gain of pushing {est:+,.0f}, "
        f"observed {m:+,.0f} [{m - h:+,.0f}, {m + h:+,.0f}]"
    )
    rows("By the estimate (points)", bin_of, {"head": "estimate", **names})
    rows(
        "By the steps from ready after the pushed discard",
        lambda f: f["push_steps"],
        {"head": "steps from ready"},
    )


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--field", default="standard", choices=["standard", "beginner", "strong"])
    ap.add_argument("--hero", default="strong")
    ap.add_argument("--walls", type=int, default=500)
    ap.add_argument("--start", type=int, default=0)
    ap.add_argument("--seed", default="2026")
    ap.add_argument("--push-to-end", action="store_true", help="the pushing hero plays on with no defence")
    ap.add_argument("--json", help="write the forks to this file")
    args = ap.parse_args(argv)
    warm_tables()
    forks = play(
        args.field,
        args.hero,
        range(args.start, args.start + args.walls),
        args.seed,
        "standard" if args.push_to_end else None,
    )
    if args.json:
        Path(args.json).write_text(json.dumps(forks))
    report(forks)


if __name__ == "__main__":
    main()
