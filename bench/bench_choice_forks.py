"""Where the strong level's choices gain or lose against standard's, by forking the game (issue 17).

    nice .venv/bin/python bench/bench_choice_forks.py --field beginner --walls 400 --json OUT.json
    nice .venv/bin/python bench/bench_choice_forks.py --report OUT1.json OUT2.json
    nice .venv/bin/python bench/bench_choice_forks.py --variant sichuan --field standard \
        --against runner-up --share 0.4 --max-per-hand 10 --walls 600 --json OUT.json

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

With ``--against runner-up`` the other branch is not standard's choice but the hero's own second
best discard of another kind that leaves the hand as many steps from ready (each of the hero's
discards is forked with the chance ``--share``, at most ``--max-per-hand`` a hand): what the hero's
weighing of tiles against value and danger gains where it is closest. Such forks are put in a
category by the steps from ready and by how the two discards compare in the tiles they wait on
(``tiles>``: the hero's keeps more), the hand's value (the planner's estimate) and the danger read
(``safer``), or ``a tie`` where both score alike; and a least-squares fit of the gain on the log
ratios of the two discards' tiles and values (with a constant) says, per steps from ready, how
much each weighs in what a fork gains (greedy play weighs them alike: tiles x value).

With ``--against call-runner-up`` the forks are at the hero's calls and kans instead: every choice
that offers a pon, chi or kan (no win among the two forked) is forked against the hero's best option
of another kind of action (a pon against passing, passing against the pon, a closed kan against the
best discard), and put in a category by the two kinds of action, the steps from ready each leaves
(and the tiles it waits on where the steps are alike) and whether the hand was closed. This is how
the greedy call rule (call when it brings the hand closer to ready, or keeps it as close with more
tiles x value) is measured against its alternative.

With ``--against step-back`` the forks are at the hero's discards that leave the hand ready on at
most ``STEP_BACK_TILES`` tiles still unseen, against the discard one step back that waits on the
most tiles: greedy play keeps any ready hand, even one whose waits are all gone. The category gives
the ready hand's tiles and the other's, in bands.

With ``--against lack`` (Sichuan) the forks are at the hero's 定缺: its suit against each of the two
others, put in a category by how the hero's suit compares with the other in the steps from ready
the rest of the hand is left at, the tiles the declaration drops and the acceptance the rest keeps
(``SichuanPlugin.rank_lacks``' own numbers), and by the other's rank (second or third).
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

from bench_fold_forks import _Table, seatings

from engine.ai.agents import Option, View, make_agent
from engine.ai.arena import _mean_ci, warm_tables
from engine.game.actions import Action, ActionType
from engine.game.observation import Observation
from engine.game.play import play_hand
from engine.tiles import kind_of

CALL_TYPES = frozenset(
    {ActionType.PON, ActionType.CHI, ActionType.OPEN_KAN, ActionType.CLOSED_KAN, ActionType.ADDED_KAN}
)
WIN_TYPES = frozenset({ActionType.RON, ActionType.TSUMO})
STEP_BACK_TILES = 2  # step-back: ready discards waiting on at most this many tiles are forked
ACCEPT_BANDS = ((0, 12), (12, 20), (20, 1000))
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
    """The hero's seat: plays as its level and forks where standard would choose otherwise (or, with
    ``against`` "runner-up", at its discards against its own second best)."""

    def __init__(
        self, table: _Table, seat: int, hero: str, most: int, against: str = "standard", share: float = 1.0
    ) -> None:
        self.table = table
        self.seat = seat
        self.agent = make_agent(hero, table.specs[seat][1], table.rules)
        self.shadow = make_agent("standard", table.specs[seat][1], table.rules)
        self.name = self.agent.name
        self.most = most
        self.against = against
        self.share = share
        self.rng = random.Random(f"forks:{table.specs[seat][1]}")
        self.forks: list[dict[str, Any]] = []

    def choose(self, obs: Observation, legal: list[Action]) -> Action:
        action = self.agent.choose(obs, legal)
        if len(legal) < 2 or len(self.forks) >= self.most:
            return action
        if self.against == "lack":
            self.forks.extend(self.lack(obs, legal, action))
            return action
        if self.against != "standard":
            fork_at = {
                "runner-up": self.runner_up,
                "call-runner-up": self.call_runner_up,
                "step-back": self.step_back,
            }[self.against]
            fork = fork_at(obs, legal, action)
            if fork is not None:
                self.forks.append(fork)
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
                "other": self.table.branch(theirs, self.seat),
            }
        )
        return action

    def discard_options(
        self, obs: Observation, legal: list[Action], action: Action
    ) -> tuple[list[Option], Option | None]:
        """The hero's planner's discard options here, and the one for ``action`` (None if not one)."""
        view = View.from_observation(obs)
        options = [
            o
            for o in self.agent.planner(view.family).options(view, legal)
            if o.action.type is ActionType.DISCARD
        ]
        return options, next((o for o in options if o.action == action), None)

    def runner_up(self, obs: Observation, legal: list[Action], action: Action) -> dict[str, Any] | None:
        """A fork of the hero's discard against its best discard of another kind that leaves the hand
        as many steps from ready (None where there is none, or this discard is not sampled)."""
        if action.type is not ActionType.DISCARD or action.tile is None or self.rng.random() >= self.share:
            return None
        options, mine = self.discard_options(obs, legal, action)
        if mine is None or mine.shanten is None or mine.shanten >= 99:
            return None
        kind = kind_of(action.tile)
        rest = [
            o
            for o in options
            if o.action.tile is not None and kind_of(o.action.tile) != kind and o.shanten == mine.shanten
        ]
        if not rest:
            return None
        other = max(rest, key=lambda o: o.score)
        return {
            "category": runner_up_category(mine, other),
            "tiles_left": obs.wall_remaining,
            "steps": mine.shanten,
            "tiles": [mine.accept, other.accept],
            "values": [mine.value, other.value],
            "hero": self.table.branch(action, self.seat),
            "other": self.table.branch(other.action, self.seat),
        }

    def call_runner_up(self, obs: Observation, legal: list[Action], action: Action) -> dict[str, Any] | None:
        """A fork at a call or kan the hero could make (a pon, chi or open kan against passing; a
        closed or added kan against the best discard), against its best option of another kind of
        action (None where the choice holds no call or kan, or a win is among the two)."""
        if not any(a.type in CALL_TYPES for a in legal):
            return None
        view = View.from_observation(obs)
        options = self.agent.planner(view.family).options(view, legal)
        mine = next((o for o in options if o.action == action), None)
        rest = [o for o in options if o.action.type is not action.type]
        if mine is None or not rest:
            return None
        other = max(rest, key=lambda o: o.score)
        if {mine.action.type, other.action.type} & WIN_TYPES:
            return None
        return {
            "category": call_category(mine, other, view),
            "tiles_left": obs.wall_remaining,
            "hero": self.table.branch(action, self.seat),
            "other": self.table.branch(other.action, self.seat),
        }

    def lack(self, obs: Observation, legal: list[Action], action: Action) -> list[dict[str, Any]]:
        """Forks of the hero's 定缺 against each other suit it could declare (none elsewhere)."""
        if action.type is not ActionType.DECLARE_LACK:
            return []
        view = View.from_observation(obs)
        ranked = self.agent.planner(view.family).plugin.rank_lacks(view)  # type: ignore[attr-defined]
        by_suit = {c.suit: (rank, c) for rank, c in enumerate(ranked)}
        lacks = {a.suit: a for a in legal if a.type is ActionType.DECLARE_LACK}
        if action.suit not in by_suit:
            return []
        mine = by_suit[action.suit][1]
        out = []
        for suit, other_action in sorted(lacks.items()):
            if suit == action.suit or suit not in by_suit:
                continue
            rank, other = by_suit[suit]
            out.append(
                {
                    "category": lack_category(mine, other, rank),
                    "tiles_left": obs.wall_remaining,
                    "hero": self.table.branch(action, self.seat),
                    "other": self.table.branch(other_action, self.seat),
                }
            )
        return out

    def step_back(self, obs: Observation, legal: list[Action], action: Action) -> dict[str, Any] | None:
        """A fork of a discard that leaves the hand ready on at most STEP_BACK_TILES tiles against the
        best discard one step back (None elsewhere)."""
        if action.type is not ActionType.DISCARD:
            return None
        options, mine = self.discard_options(obs, legal, action)
        if mine is None or mine.shanten != 0 or mine.accept > STEP_BACK_TILES:
            return None
        back = [o for o in options if o.shanten == 1]
        if not back:
            return None
        other = max(back, key=lambda o: (o.accept, o.score))
        band = next(f"{lo}+" if hi > 99 else f"{lo}–{hi - 1}" for lo, hi in ACCEPT_BANDS if other.accept < hi)
        return {
            "category": f"ready on {mine.accept} tiles / one step back on {band} tiles",
            "tiles_left": obs.wall_remaining,
            "tiles": [mine.accept, other.accept],
            "hero": self.table.branch(action, self.seat),
            "other": self.table.branch(other.action, self.seat),
        }


def call_category(mine: Option, other: Option, view: View) -> str:
    """A call fork's category: the two kinds of action, whether the hero's choice leaves the hand
    fewer, as many or more steps from ready than the other (and where as many, more, as many or
    fewer tiles to wait on), ready or not, and whether the hand was closed."""
    names = f"{mine.action.type.value}/{other.action.type.value}"
    a = 99 if mine.shanten is None else mine.shanten
    b = 99 if other.shanten is None else other.shanten
    if a == b:
        more, fewer = mine.accept > other.accept, mine.accept < other.accept
        tiles = "more" if more else ("fewer" if fewer else "as many")
        steps = f"as many steps, {tiles} tiles"
    else:
        steps = "fewer steps" if a < b else "more steps"
    ready = ", ready" if a == 0 else ""
    closed = "closed" if view.is_closed else "open"
    return f"{names}: {steps}{ready}, {closed}"


def lack_category(mine: Any, other: Any, rank: int) -> str:
    """A 定缺 fork's category: the hero's suit against the other (``LackChoice``s), in the steps from
    ready the rest is left at, the tiles dropped and the rest's acceptance; the other's rank."""

    def compare(a: int, b: int, more: str, fewer: str, alike: str) -> str:
        return more if a > b else (fewer if a < b else alike)

    steps = compare(mine.shanten, other.shanten, "more steps", "fewer steps", "as many steps")
    dropped = compare(mine.held, other.held, "drops more", "drops fewer", "drops as many")
    accept = compare(mine.accept, other.accept, "more acceptance", "less acceptance", "as much acceptance")
    place = "second" if rank == 1 else "third"
    return f"lack against the {place}: {steps}, {dropped}, {accept}"


def runner_up_category(mine: Option, other: Option) -> str:
    """How the hero's discard compares with its runner-up (see the module's text)."""
    steps = f"discard: {mine.shanten} steps from ready"
    if abs(mine.score - other.score) < 1e-3:
        return f"{steps}, a tie"

    def compare(a: float, b: float, within: float) -> str:
        return "=" if abs(a - b) <= within * max(abs(a), abs(b), 1e-9) else (">" if a > b else "<")

    tiles = compare(mine.accept, other.accept, 0.0)
    value = compare(mine.value, other.value, 0.001)
    safer = compare(other.risk, mine.risk, 0.01)  # ">": the runner-up is the more dangerous
    return f"{steps}, tiles{tiles} value{value} safer{safer}"


def play(
    field_: str,
    hero: str,
    walls: range,
    seed: str,
    most: int,
    variant: str = "riichi",
    against: str = "standard",
    share: float = 1.0,
) -> list[dict[str, Any]]:
    forks: list[dict[str, Any]] = []
    for rules, index, game_seed, wall, r, specs, seat in seatings(field_, hero, walls, seed, variant):
        table = _Table(rules, game_seed, wall, specs)
        forking = _ForkingHero(table, seat, hero, most, against, share)
        agents: list[Any] = [
            forking if s == seat else make_agent(level, sd, rules) for s, (level, sd) in enumerate(specs)
        ]
        play_hand(table.game, agents)
        forks.extend({"wall": index, "rotation": r, **f} for f in forking.forks)
    return forks


def _other(f: dict[str, Any]) -> list[Any]:
    """The other branch's outcome (files written before the runner-up forks call it "standard")."""
    outcome: list[Any] = f["other"] if "other" in f else f["standard"]
    return outcome


def _row(name: str, fs: list[dict[str, Any]], hands: int | None, places: int) -> str:
    gains = [f["hero"][0] - _other(f)[0] for f in fs]
    m, lo, hi = _mean_ci(gains)
    extra = f" | {sum(gains) / hands:+.{places + 1}f}" if hands else ""
    interval = f"[{lo:+,.{places}f}, {hi:+,.{places}f}]"
    return (
        f"| {name} | {len(fs):,} | {m:+,.{places}f} | {interval} | {sum(gains):+,}{extra} "
        f"| {sum(f['hero'][1] for f in fs)} / {sum(_other(f)[1] for f in fs)} "
        f"| {sum(f['hero'][2] for f in fs)} / {sum(_other(f)[2] for f in fs)} |"
    )


def report(forks: list[dict[str, Any]], hands: int | None, against: str = "standard") -> None:
    groups: dict[str, list[dict[str, Any]]] = {}
    for f in forks:
        groups.setdefault(f["category"], []).append(f)
    per = f" | total a hand (of {hands:,})" if hands else ""
    # riichi's points are in hundreds; the Chinese families' in units of the base (two decimals)
    places = 0 if max((abs(f["hero"][0] - _other(f)[0]) for f in forks), default=0) >= 1000 else 2
    theirs = "standard's" if against == "standard" else "the runner-up's"
    header = (
        f"| what differs | forks | gain of the hero's choice a fork | 95% interval | total{per} "
        f"| wins: hero's / {theirs} | deal-ins: hero's / {theirs} |"
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
    fits = [f for f in forks if "steps" in f and "a tie" not in f["category"]]
    lines = []
    for steps in sorted({f["steps"] for f in fits}):
        row = [f for f in fits if f["steps"] == steps and min(f["tiles"]) > 0 and min(f["values"]) > 0]
        fit = fit_gain(row)
        if fit is not None:
            cells = " | ".join(f"{b:+,.{places}f} ± {h:,.{places}f}" for b, h in fit)
            lines.append(f"| {steps} | {len(row):,} | {cells} |")
    if lines:
        print()
        print("The gain fitted on the log ratios of tiles and of values (the hero's over the runner-up's):")
        print("| steps from ready | forks | a unit of log(tiles) | a unit of log(value) | constant |")
        print("| --- | --- | --- | --- | --- |")
        print("\n".join(lines))


def fit_gain(forks: list[dict[str, Any]]) -> list[tuple[float, float]] | None:
    """Least squares of each fork's gain on log(tiles ratio), log(value ratio) and a constant: each
    coefficient with the half-width of its 95% interval (None with too few forks or no spread)."""
    rows = [
        (math.log(f["tiles"][0] / f["tiles"][1]), math.log(f["values"][0] / f["values"][1]), 1.0)
        for f in forks
    ]
    gains = [f["hero"][0] - _other(f)[0] for f in forks]
    n = len(rows)
    if n < 10:
        return None
    xtx = [[sum(r[i] * r[j] for r in rows) for j in range(3)] for i in range(3)]
    xty = [sum(r[i] * g for r, g in zip(rows, gains, strict=True)) for i in range(3)]
    inverse = _inverse3(xtx)
    if inverse is None:
        return None
    beta = [sum(inverse[i][j] * xty[j] for j in range(3)) for i in range(3)]
    residual = sum(
        (g - sum(b * x for b, x in zip(beta, r, strict=True))) ** 2 for r, g in zip(rows, gains, strict=True)
    )
    s2 = residual / (n - 3)
    return [(beta[i], 1.96 * math.sqrt(max(s2 * inverse[i][i], 0.0))) for i in range(3)]


def _inverse3(m: list[list[float]]) -> list[list[float]] | None:
    """The inverse of a 3 x 3 matrix (None when singular)."""
    (a, b, c), (d, e, f), (g, h, i) = m
    det = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g)
    if abs(det) < 1e-12:
        return None
    cof = [
        [e * i - f * h, c * h - b * i, b * f - c * e],
        [f * g - d * i, a * i - c * g, c * d - a * f],
        [d * h - e * g, b * g - a * h, a * e - b * d],
    ]
    return [[x / det for x in row] for row in cof]


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--field", default="beginner", choices=["standard", "beginner"])
    ap.add_argument("--variant", default="riichi", help="the family (its default ruleset, four players)")
    ap.add_argument("--hero", default="strong")
    ap.add_argument("--walls", type=int, default=400)
    ap.add_argument("--start", type=int, default=0)
    ap.add_argument("--seed", default="2026")
    ap.add_argument("--max-per-hand", type=int, default=6)
    ap.add_argument(
        "--against",
        default="standard",
        choices=["standard", "runner-up", "call-runner-up", "step-back", "lack"],
        help=(
            "the other branch: standard's choice, the hero's own second best discard, or at its calls "
            "and kans its best option of another kind of action, or at ready discards on few tiles the best "
            "discard one step back, or at its 定缺 each other suit"
        ),
    )
    ap.add_argument("--share", type=float, default=1.0, help="runner-up: the chance each discard is forked")
    ap.add_argument("--json", help="write the forks to this file")
    ap.add_argument("--report", nargs="+", metavar="JSON", help="print these files' forks, play nothing")
    args = ap.parse_args(argv)
    if args.report:
        data = [json.loads(Path(p).read_text()) for p in args.report]
        against = {d.get("against", "standard") for d in data}
        if len(against) > 1:
            sys.exit("these files fork against different choices: report them apart")
        report([f for d in data for f in d["forks"]], sum(d["hands"] for d in data), against.pop())
        return
    warm_tables()
    walls = range(args.start, args.start + args.walls)
    forks = play(
        args.field, args.hero, walls, args.seed, args.max_per_hand, args.variant, args.against, args.share
    )
    if args.json:
        Path(args.json).write_text(
            json.dumps({"hands": 4 * args.walls, "against": args.against, "forks": forks})
        )
    report(forks, 4 * args.walls, args.against)


if __name__ == "__main__":
    main()
