"""Where the strong level's choices gain or lose against standard's, by forking the game (issue 17).

    nice .venv/bin/python bench/bench_choice_forks.py --field beginner --walls 400 --json OUT.json
    nice .venv/bin/python bench/bench_choice_forks.py --report OUT1.json OUT2.json

The hero (``--hero``, strong) sits alone against three seats of the field on walls ``--start``..
(seed 2026, each wall once per seating, as the arena plays them) of the family ``--variant``
(riichi; ``sichuan`` and ``lingxi`` too). At each of the hero's decisions
with a choice, the standard level is asked the same question on the same observation; where the
two choose differently (at most ``--max-per-hand`` times a hand, the first ones), the game so far
is replayed twice from its ruleset, seed, wall and actions (the one mechanism every replay uses):
once with the hero's choice, once with standard's, and both copies are played to the end of the
hand by fresh agents with the same seeds (the hero as its own level in both). The difference of
the hero's score change (hero's choice minus standard's) is what the hero's choice gained there.

Each fork is put in a category by what differs: the kinds of action (a discard against a riichi
declaration, a pass against a pon), the reason the hero's planner gives (``keep_closed``,
``call_worse``, the kind of dama, ``fold``), and for two discards whether they leave the hand as
many steps from ready and whether a threat was weighed (and of what kind: a riichi, or the most
open melds of an opponent; ``:push`` where the table reads as not folding; "danger read" where a
family without that defence read the danger only to break ties, as Sichuan's and Lingxi's do).
Printed per category: forks, the mean gain with its 95% interval over forks, the total over all
forks, and the hero's wins and deal-ins in the two branches; then the categories of at least
``BY_WALL_LEAST`` forks again, by the tiles left in the wall when the choice was made. A fork
measures one decision with the rest of the hand played as the hero plays it, not a switch of the
level: categories are leads, to be measured in the arena.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench_fold_forks import _Table, seatings

from engine.ai.agents import Option, View, make_agent
from engine.ai.arena import _mean_ci, warm_tables
from engine.game.actions import Action
from engine.game.observation import Observation
from engine.game.play import play_hand

REASONS = ("keep_closed", "call_worse", "formal_tenpai", "fold", "no_yaku", "wait_self_draw")
BY_WALL_LEAST = 100
WALL_BANDS = ((0, 15), (15, 25), (25, 35), (35, 45), (45, 60), (60, 200))


def category(options: list[Option], view: View, table_pushes: bool, mine: Action, theirs: Action) -> str:
    """What differs between the hero's choice and standard's (see the module's text)."""
    chosen = next((o for o in options if o.action == mine), None)
    other = next((o for o in options if o.action == theirs), None)
    ts, tt = mine.type.value, theirs.type.value
    if ts != tt:
        reasons = [r for o in (chosen, other) if o is not None for r in o.reasons]
        dama = next((r for r in reasons if r.key == "dama"), None)
        if dama is not None:
            return f"{ts}/{tt}: dama, {dama.en}"
        key = next((r.key for r in reasons if r.key in REASONS), reasons[0].key if reasons else "")
        return f"{ts}/{tt}: {key}"
    if chosen is not None and chosen.fold:
        return f"{ts}: fold"
    weighed = any(o.push_ev is not None for o in options)
    threat = "no threat"
    if not weighed and any(o.risk > 0.0 for o in options):
        # a family without the expected-value defence (Sichuan, Lingxi): danger read as a tie-break
        threat = "danger read"
    elif weighed:
        if any(o.in_riichi for o in view.opponents):
            threat = "against a riichi"
        else:
            threat = f"against {max(o.open_melds for o in view.opponents)} melds"
        threat += ", table pushes" if table_pushes else ""
    mine_steps = chosen.shanten if chosen is not None else None
    their_steps = other.shanten if other is not None else None
    if mine_steps is not None and their_steps is not None and mine_steps != their_steps:
        return f"{ts}: {mine_steps} steps against {their_steps}, {threat}"
    return f"{ts}: as many steps, {threat}"


class _ForkingHero:
    """The hero's seat: plays as its level and forks where standard would choose otherwise."""

    def __init__(self, table: _Table, seat: int, hero: str, most: int) -> None:
        self.table = table
        self.seat = seat
        self.agent = make_agent(hero, table.specs[seat][1], table.rules)
        self.shadow = make_agent("standard", table.specs[seat][1], table.rules)
        self.name = self.agent.name
        self.most = most
        self.forks: list[dict[str, Any]] = []

    def choose(self, obs: Observation, legal: list[Action]) -> Action:
        action = self.agent.choose(obs, legal)
        if len(legal) < 2 or len(self.forks) >= self.most:
            return action
        theirs = self.shadow.choose(obs, legal)
        if theirs == action:
            return action
        view = View.from_observation(obs)
        planner = self.agent.planner(view.family)
        options = planner.options(view, legal)
        pushes = planner.level.read_table and planner.plugin.pushing_table(view)
        self.forks.append(
            {
                "category": category(options, view, pushes, action, theirs),
                "tiles_left": obs.wall_remaining,
                "hero": self.table.branch(action, self.seat),
                "standard": self.table.branch(theirs, self.seat),
            }
        )
        return action


def play(
    field_: str, hero: str, walls: range, seed: str, most: int, variant: str = "riichi"
) -> list[dict[str, Any]]:
    forks: list[dict[str, Any]] = []
    for rules, index, game_seed, wall, r, specs, seat in seatings(field_, hero, walls, seed, variant):
        table = _Table(rules, game_seed, wall, specs)
        forking = _ForkingHero(table, seat, hero, most)
        agents: list[Any] = [
            forking if s == seat else make_agent(level, sd, rules) for s, (level, sd) in enumerate(specs)
        ]
        play_hand(table.game, agents)
        forks.extend({"wall": index, "rotation": r, **f} for f in forking.forks)
    return forks


def _row(name: str, fs: list[dict[str, Any]], hands: int | None, places: int) -> str:
    gains = [f["hero"][0] - f["standard"][0] for f in fs]
    m, lo, hi = _mean_ci(gains)
    extra = f" | {sum(gains) / hands:+.{places + 1}f}" if hands else ""
    interval = f"[{lo:+,.{places}f}, {hi:+,.{places}f}]"
    return (
        f"| {name} | {len(fs):,} | {m:+,.{places}f} | {interval} | {sum(gains):+,}{extra} "
        f"| {sum(f['hero'][1] for f in fs)} / {sum(f['standard'][1] for f in fs)} "
        f"| {sum(f['hero'][2] for f in fs)} / {sum(f['standard'][2] for f in fs)} |"
    )


def report(forks: list[dict[str, Any]], hands: int | None) -> None:
    groups: dict[str, list[dict[str, Any]]] = {}
    for f in forks:
        groups.setdefault(f["category"], []).append(f)
    per = f" | total a hand (of {hands:,})" if hands else ""
    # riichi's points are in hundreds; the Chinese families' in units of the base (two decimals)
    places = 0 if max((abs(f["hero"][0] - f["standard"][0]) for f in forks), default=0) >= 1000 else 2
    header = (
        f"| what differs | forks | gain of the hero's choice a fork | 95% interval | total{per} "
        "| wins: hero's / standard's | deal-ins: hero's / standard's |"
    )
    rule = "| --- | --- | --- | --- | --- |" + (" --- |" if hands else "") + " --- | --- |"
    print(f"{len(forks):,} forks")
    print(header)
    print(rule)
    ordered = sorted(groups.items(), key=lambda kv: -len(kv[1]))
    for name, fs in ordered:
        print(_row(name, fs, hands, places))
    print()
    print("By the tiles left in the wall:")
    print(header)
    print(rule)
    for name, fs in ordered:
        if len(fs) < BY_WALL_LEAST:
            continue
        for lo, hi in WALL_BANDS:
            band = [f for f in fs if lo <= f["tiles_left"] < hi]
            if len(band) >= 2:
                print(_row(f"{name}, {lo}–{hi - 1} left", band, hands, places))


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--field", default="beginner", choices=["standard", "beginner"])
    ap.add_argument("--variant", default="riichi", help="the family (its default ruleset, four players)")
    ap.add_argument("--hero", default="strong")
    ap.add_argument("--walls", type=int, default=400)
    ap.add_argument("--start", type=int, default=0)
    ap.add_argument("--seed", default="2026")
    ap.add_argument("--max-per-hand", type=int, default=6)
    ap.add_argument("--json", help="write the forks to this file")
    ap.add_argument("--report", nargs="+", metavar="JSON", help="print these files' forks, play nothing")
    args = ap.parse_args(argv)
    if args.report:
        data = [json.loads(Path(p).read_text()) for p in args.report]
        report([f for d in data for f in d["forks"]], sum(d["hands"] for d in data))
        return
    warm_tables()
    walls = range(args.start, args.start + args.walls)
    forks = play(args.field, args.hero, walls, args.seed, args.max_per_hand, args.variant)
    if args.json:
        Path(args.json).write_text(json.dumps({"hands": 4 * args.walls, "forks": forks}))
    report(forks, 4 * args.walls)


if __name__ == "__main__":
    main()
