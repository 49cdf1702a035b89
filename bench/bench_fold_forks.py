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
import random
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.ai.agents import View, make_agent
from engine.ai.arena import _load_rules, _mean_ci, rotations, warm_tables
from engine.families.registry import get_family
from engine.game.actions import Action
from engine.game.game import Game
from engine.game.observation import Observation
from engine.game.play import play_hand

BINS = (-1e9, -3000.0, -2000.0, -1500.0, -1000.0, -500.0, 0.0, 1e9)


def _outcome(game: Game, seat: int, start: Sequence[int]) -> tuple[int, bool, bool]:
    """The seat's score change over the hand just played, whether it won, whether it dealt in."""
    wins = game.results[-1].wins
    won = any(w.seat == seat for w in wins)
    dealt = any(w.from_seat == seat and w.seat != seat for w in wins)
    return game.match.scores[seat] - start[seat], won, dealt


class _ForkingHero:
    """The hero's seat: plays as its level, and at its first fold in the hand plays the push branch
    (the game replayed to here, the best push thrown, then the hand played out) beside it."""

    def __init__(self, table: _Table, seat: int) -> None:
        self.table = table
        self.seat = seat
        self.agent = make_agent(*table.specs[seat], table.rules)
        self.name = self.agent.name
        self.fork: dict[str, Any] | None = None

    def choose(self, obs: Observation, legal: list[Action]) -> Action:
        action = self.agent.choose(obs, legal)
        if self.fork is not None:
            return action
        view = View.from_observation(obs)
        options = self.agent.planner(view.family).options(view, legal)
        chosen = next((o for o in options if o.action == action), None)
        discards = [o for o in options if o.push_ev is not None]
        if chosen is None or not chosen.fold or not discards:
            return action
        push = max(discards, key=lambda o: o.push_ev or 0.0)
        best_fold = max(o.fold_ev for o in discards if o.fold_ev is not None)
        score, won, dealt = self.table.branch(push.action, self.seat, self.table.branch_specs(self.seat))
        self.fork = {
            "tiles_left": obs.wall_remaining,
            "push_steps": push.shanten,
            "estimate": (push.push_ev or 0.0) - best_fold,
            "push": score,
            "push_won": won,
            "push_dealt": dealt,
        }
        return action


@dataclass
class _Table:
    """One rotation of one wall: what a fork is replayed and seated from."""

    rules: Any
    seed: str
    wall: Any
    specs: list[tuple[str, str]]  # (level, agent seed) per seat
    push_level: str | None = None  # the hero's level in the push branch (None: its own)
    game: Game = field(init=False)
    start: list[int] = field(init=False)

    def __post_init__(self) -> None:
        self.game = Game(self.rules, seed=self.seed, walls=[self.wall])
        self.start = list(self.game.match.scores)

    def branch(
        self, action: Action, seat: int, specs: list[tuple[str, str]] | None = None
    ) -> tuple[int, bool, bool]:
        """The game so far replayed from its ruleset, seed, wall and actions, ``action`` applied there,
        and the hand played out by fresh agents (``specs``, else the table's): ``seat``'s outcome."""
        game = Game(self.rules, seed=self.seed, walls=[self.wall])
        for a in self.game.actions:
            game.apply(a)
        game.apply(action)
        play_hand(game, [make_agent(level, s, self.rules) for level, s in (specs or self.specs)])
        return _outcome(game, seat, self.start)

    def branch_specs(self, hero: int) -> list[tuple[str, str]]:
        specs = list(self.specs)
        if self.push_level is not None:
            specs[hero] = (self.push_level, specs[hero][1])
        return specs


def seatings(
    field_: str, hero: str, walls: range, seed: str, variant: str = "riichi"
) -> Iterator[tuple[Any, int, str, Any, int, list[tuple[str, str]], int]]:
    """Each wall once per seating of the hero among three seats of the field, as the arena plays
    them (``variant``: the family's default ruleset, four players): (ruleset, wall index, game seed,
    wall, rotation, (level, agent seed) per seat, the hero's seat)."""
    rules = _load_rules(variant, None, 4)
    family = get_family(rules.family)
    for index in walls:
        game_seed = f"arena:{seed}:{index}"
        wall = family.shuffle_wall(rules, random.Random(game_seed))
        for r, assignment in enumerate(rotations([hero, field_, field_, field_])):
            specs = [(level, f"{seed}:{index}:{r}:{s}") for s, level in enumerate(assignment)]
            yield rules, index, game_seed, wall, r, specs, assignment.index(hero)


def play(field_: str, hero: str, walls: range, seed: str, push_level: str | None) -> list[dict[str, Any]]:
    forks: list[dict[str, Any]] = []
    for rules, index, game_seed, wall, r, specs, hero_seat in seatings(field_, hero, walls, seed):
        table = _Table(rules, game_seed, wall, specs, push_level)
        forking = _ForkingHero(table, hero_seat)
        agents: list[Any] = [
            forking if s == hero_seat else make_agent(level, sd, rules) for s, (level, sd) in enumerate(specs)
        ]
        play_hand(table.game, agents)
        if forking.fork is not None:
            score, won, dealt = _outcome(table.game, hero_seat, table.start)
            forks.append(
                {
                    "wall": index,
                    "rotation": r,
                    **forking.fork,
                    "fold": score,
                    "fold_won": won,
                    "fold_dealt": dealt,
                }
            )
    return forks


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
            m, lo, hi = _mean_ci([f["push"] - f["fold"] for f in fs])
            est = sum(f["estimate"] for f in fs) / len(fs)
            print(
                f"| {labels.get(k, k)} | {len(fs):,} | {est:+,.0f} | {m:+,.0f} "
                f"| [{lo:+,.0f}, {hi:+,.0f}] "
                f"| {sum(f['push_won'] for f in fs)} / {sum(f['push_dealt'] for f in fs)} "
                f"| {sum(f['fold_won'] for f in fs)} / {sum(f['fold_dealt'] for f in fs)} |"
            )

    def bin_of(f: dict[str, Any]) -> int:
        return next(i for i in range(len(BINS) - 1) if f["estimate"] < BINS[i + 1])

    names = {i: f"{BINS[i]:+,.0f} to {BINS[i + 1]:+,.0f}" for i in range(len(BINS) - 1)}
    names[0] = f"below {BINS[1]:+,.0f}"
    names[len(BINS) - 2] = f"above {BINS[-2]:+,.0f}"
    m, lo, hi = _mean_ci([f["push"] - f["fold"] for f in forks])
    est = sum(f["estimate"] for f in forks) / max(1, len(forks))
    print(
        f"{len(forks)} forks: estimated gain of pushing {est:+,.0f}, "
        f"observed {m:+,.0f} [{lo:+,.0f}, {hi:+,.0f}]"
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
