"""Where a level's wins come from, and where its pushes and folds against a riichi win and deal in (a
calibration bench of issue 17).

    nice .venv/bin/python bench/bench_riichi_pushes.py --field standard --walls 300
    nice .venv/bin/python bench/bench_riichi_pushes.py --field bots --walls 200 --seed 2029
    nice .venv/bin/python bench/bench_riichi_pushes.py --field bots --walls 200 --seed 2029 --hero standard

The hero (``--hero``, strong by default; riichi) sits alone against three seats of the field (a level,
or ``bots``: the mjai package's RulebaseBot behind the bridge, as ``bench_mjai_rulebase.py`` seats it)
on walls ``start .. start+N-1``, each wall once per seating, in matches of ``--match-walls`` hands,
played by the arena itself (``arena.play_match`` with a ``HandWatcher``: the match's earlier hands
carried, so the strong level's read of the match is live).

Every hand of the hero's is put in one class by who declared riichi first: nobody else (the hero's
hand then open, declared, or closed without riichi), the hero, or another player (the hero then
ready or not at its first discard after it, or with no discard left to make). Run for two heroes on
the same walls, the classes show where one wins more hands than the other: before any riichi (speed),
or after one. In every hand where another player declares riichi, the hero's first discard after
that riichi (while not in riichi itself) classes the hand: its steps from ready after its best
discard, whether the discard it chose pushes or folds (``Option.fold``), the tiles left in the wall
(from ``--late`` down: late), and whether the match's earlier hands read as a table that does not
fold. Printed per class: hands, the share the hero won, the share it dealt in (to anyone), and its
mean score change. The classes are the level's own choices, so a class's figures are not what the
other choice would have done there (``bench_fold_forks.py`` measures that by forking the game);
they show where the level's pushes pay and where they only deal in.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.bench_mjai_rulebase import BOT, ensure_venv
from engine.ai.agents import View
from engine.ai.arena import BENCH_MATCH_WALLS, match_jobs, play_match, warm_tables
from engine.game.actions import Action, ActionType
from engine.game.game import Game
from engine.game.observation import Observation
from engine.records import bridge


class _Probe:
    """The hero's seat: plays exactly as the agent it wraps (the level's own choice), and notes whether
    the match read says the table does not fold at its first decision of the hand, and its first
    discard decision after another player's riichi."""

    def __init__(self, agent: Any) -> None:
        self.agent = agent
        self.name = agent.name
        self.read: bool | None = None
        self.first: dict[str, Any] | None = None

    def choose(self, obs: Observation, legal: list[Action]) -> Action:
        action = self.agent.choose(obs, legal)
        view: View | None = None
        if self.read is None:
            view = View.from_observation(obs)
            self.read = self.agent.planner(view.family).reads_pushing(view)
        if self.first is not None or not any(a.type is ActionType.DISCARD for a in legal):
            return action
        view = view or View.from_observation(obs)
        if view.riichi[view.seat] or not any(o.riichi_index is not None for o in view.opponents):
            return action
        planner = self.agent.planner(view.family)
        options = [o for o in planner.options(view, legal) if o.action in legal]
        discards = [o for o in options if o.action.type is ActionType.DISCARD and o.shanten is not None]
        chosen = next((o for o in options if o.action == action), None)
        if chosen is None or not discards:
            return action
        self.first = {
            "steps": min(o.shanten or 0 for o in discards),
            "fold": bool(chosen.fold),
            "accept": chosen.accept,
            "tiles_left": view.wall_remaining,
            "match_read": planner.reads_pushing(view),
        }
        return action


class _Watch:
    """The arena's :class:`~engine.ai.arena.HandWatcher`: the hero's seat behind a :class:`_Probe`, and
    per finished hand one row for the hero (and one more where it faced another player's riichi)."""

    def __init__(self, hero: str) -> None:
        self.hero = hero
        self.probe: _Probe | None = None
        self.decisions: list[dict[str, Any]] = []
        self.hands: list[dict[str, Any]] = []

    def seat(self, rotation: int, seat: int, level: str, agent: Any) -> Any:
        if level != self.hero:
            return agent
        self.probe = _Probe(agent)
        return self.probe

    def hand_over(
        self, wall: int, rotation: int, assignment: Sequence[str], game: Game, start: Sequence[int]
    ) -> None:
        assert self.probe is not None
        hero_seat = assignment.index(self.hero)
        wins = game.results[-1].wins
        outcome = {
            "won": any(w.seat == hero_seat for w in wins),
            "dealt": any(w.from_seat == hero_seat and w.seat != hero_seat for w in wins),
            "score": game.match.scores[hero_seat] - start[hero_seat],
        }
        hero_riichi = other_riichi = None
        called = False
        for n, e in enumerate(game.events):
            if e.type == "discard" and e.data.get("riichi"):
                if e.seat == hero_seat and hero_riichi is None:
                    hero_riichi = n
                if e.seat != hero_seat and other_riichi is None:
                    other_riichi = n
            called = called or (e.type == "call" and e.seat == hero_seat)
        first = self.probe.first
        self.hands.append(
            {
                "wall": wall,
                "rotation": rotation,
                "order": _order(hero_riichi, other_riichi),
                "open": called,
                "declared": hero_riichi is not None,
                "steps": None if first is None else first["steps"],
                "match_read": bool(self.probe.read),
                **outcome,
            }
        )
        if first is not None:
            self.decisions.append({"wall": wall, "rotation": rotation, **first, **outcome})


def _order(hero_riichi: int | None, other_riichi: int | None) -> str:
    """Who declared riichi first in the hand: ``none`` (nobody else), ``hero``, or ``other``."""
    if other_riichi is None:
        return "none"
    return "hero" if hero_riichi is not None and hero_riichi < other_riichi else "other"


def play(field_: str, hero: str, walls: range, seed: str, match_walls: int) -> tuple[_Watch, int]:
    """``field_``: a level, or an ``mjai:CMD`` seat. The walls are played as the arena's benches play them
    (``arena.match_jobs``, ``arena.play_match``). The watcher with its rows, and the outside seats'
    incidents (answers the bridge refused or timed out)."""
    seats = [hero, field_, field_, field_]
    watch = _Watch(hero)
    incidents = 0
    for job in match_jobs("riichi", seats, seed, walls.start, len(walls), match_walls):
        first, count = job[3], job[4]
        for record in play_match("riichi", seats, seed, first, count, watcher=watch):
            incidents += sum(len(found) for found in record.incidents.values())
    return watch, incidents


def _table(title: str, rows: Sequence[dict[str, Any]], key: Any, total_wins: int | None = None) -> None:
    """Per class of ``key``: hands, the share won (and, with ``total_wins``, the class's share of all the
    hero's wins), the share dealt in (to anyone) and the mean score change."""
    groups: dict[Any, list[dict[str, Any]]] = {}
    for row in rows:
        groups.setdefault(key(row), []).append(row)
    share = "" if total_wins is None else " of its wins |"
    print(f"\n{title}\n| class | hands | won |{share} dealt in | mean score |")
    print("| --- | --- | --- |" + (" --- |" if total_wins is not None else "") + " --- | --- |")
    for k in sorted(groups):
        g = groups[k]
        n = len(g)
        won = sum(r["won"] for r in g)
        dealt = sum(r["dealt"] for r in g) / n
        mean = sum(r["score"] for r in g) / n
        of = "" if total_wins is None else f" {won / max(total_wins, 1):.0%} |"
        print(f"| {' · '.join(k)} | {n:,} | {won / n:.1%} |{of} {dealt:.1%} | {mean:+,.0f} |")


def hand_class(h: dict[str, Any]) -> tuple[str, ...]:
    """Where a hand of the hero's belongs, by the order of the riichi declarations in it."""
    if h["order"] == "none":
        how = "open" if h["open"] else ("declared riichi" if h["declared"] else "closed, no riichi")
        return ("1 nobody else declared", how)
    if h["order"] == "hero":
        return ("2 the hero declared first",)
    if h["steps"] is None:
        return ("3 another declared first", "no discard of the hero's after it")
    return ("3 another declared first", "ready" if h["steps"] == 0 else "one step or more from ready")


def report(decisions: Sequence[dict[str, Any]], hands: Sequence[dict[str, Any]], late: int) -> None:
    def steps(r: dict[str, Any]) -> str:
        return "ready" if r["steps"] == 0 else ("1 step" if r["steps"] == 1 else "2+ steps")

    def when(r: dict[str, Any]) -> str:
        return "early" if r["tiles_left"] >= late else "late"

    def choice(r: dict[str, Any]) -> str:
        return "folds" if r["fold"] else "pushes"

    wins = sum(h["won"] for h in hands)
    opened = sum(h["open"] for h in hands)
    print(
        f"{len(hands):,} hands: the hero won {wins:,} ({wins / max(len(hands), 1):.1%}), "
        f"opened its hand in {opened / max(len(hands), 1):.0%}"
    )
    _table("Where the hero's wins come from, by who declared riichi first", hands, hand_class, wins)
    _table(
        "By the match read at the hero's first decision",
        hands,
        lambda h: ("read: does not fold" if h["match_read"] else "no read",),
        wins,
    )
    print(f"\n{len(decisions):,} hands with another player's riichi (the hero's first discard after it)")
    _table("By steps from ready, choice and the wall", decisions, lambda r: (steps(r), choice(r), when(r)))
    _table(
        "By the match read, steps from ready and choice",
        decisions,
        lambda r: ("read: does not fold" if r["match_read"] else "no read", steps(r), choice(r)),
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--field", default="standard", choices=["standard", "beginner", "strong", "bots"])
    ap.add_argument("--hero", default="strong")
    ap.add_argument("--walls", type=int, default=300)
    ap.add_argument("--start", type=int, default=0)
    ap.add_argument("--seed", default="2026")
    ap.add_argument("--match-walls", type=int, default=BENCH_MATCH_WALLS)
    ap.add_argument(
        "--late", type=int, default=40, help="tiles left in the wall below which a decision is late"
    )
    ap.add_argument(
        "--venv",
        type=Path,
        default=Path(__file__).resolve().parent.parent / ".venv-mjai",
        help="--field bots: where the mjai package lives",
    )
    ap.add_argument("--json", help="write the rows to this file")
    args = ap.parse_args()
    if args.walls < 1 or args.match_walls < 0:
        ap.error("--walls must be positive and --match-walls not negative")
    field_ = f"mjai:{ensure_venv(args.venv)} {BOT}" if args.field == "bots" else args.field
    warm_tables()
    try:
        watch, incidents = play(
            field_, args.hero, range(args.start, args.start + args.walls), args.seed, args.match_walls
        )
    finally:
        bridge.stop_programs()
    report(watch.decisions, watch.hands, args.late)
    if incidents:
        print(f"\nthe outside seats' incidents (refused or timed-out answers): {incidents}")
    if args.json:
        Path(args.json).write_text(json.dumps({"hands": watch.hands, "decisions": watch.decisions}))


if __name__ == "__main__":
    main()
