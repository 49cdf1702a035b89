"""Where a level's pushes and folds against a riichi win and deal in (a calibration bench of issue 17).

    nice .venv/bin/python bench/bench_riichi_pushes.py --field standard --walls 300
    nice .venv/bin/python bench/bench_riichi_pushes.py --field bots --walls 200 --seed 2029

The hero (strong, riichi) sits alone against three seats of the field (a level, or ``bots``: the mjai
package's RulebaseBot behind the bridge, as ``bench_mjai_rulebase.py`` seats it) on walls
``start .. start+N-1``, each wall once per seating, in matches of ``--match-walls`` hands as the
arena's benches play them (the match's earlier hands carried, so the strong level's read of the
match is live). In every hand where another player declares riichi, the hero's first discard after
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
import random
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.bench_mjai_rulebase import BOT, ensure_venv
from engine.ai.agents import View, make_agent
from engine.ai.arena import BENCH_MATCH_WALLS, _load_rules, rotations, warm_tables
from engine.families.registry import get_family
from engine.game.actions import Action, ActionType
from engine.game.game import Game
from engine.game.match import EarlierHands
from engine.game.observation import Observation
from engine.game.play import play_hand
from engine.records import bridge


class _Probe:
    """The hero's seat: plays exactly as its level (the level's own choice) and notes its first
    discard decision after another player's riichi."""

    def __init__(self, level: str, seed: str, rules: Any) -> None:
        self.agent = make_agent(level, seed, rules)
        self.name = self.agent.name
        self.first: dict[str, Any] | None = None

    def choose(self, obs: Observation, legal: list[Action]) -> Action:
        action = self.agent.choose(obs, legal)
        if self.first is not None or not any(a.type is ActionType.DISCARD for a in legal):
            return action
        view = View.from_observation(obs)
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


def play(
    field_: str, hero: str, walls: range, seed: str, match_walls: int
) -> tuple[list[dict[str, Any]], int]:
    """``field_``: a level, or an ``mjai:CMD`` seat. The rows, and the outside seats' incidents (answers
    the bridge refused or timed out)."""
    rules = _load_rules("riichi", None, 4)
    family = get_family(rules.family)
    seats = [hero, field_, field_, field_]
    rows: list[dict[str, Any]] = []
    log = bridge.BridgeLog()
    earlier: list[EarlierHands] = [() for _ in seats]
    for index in walls:
        if match_walls and index % match_walls == 0:  # matches start at multiples, as arena.match_jobs
            earlier = [() for _ in seats]
        game_seed = f"arena:{seed}:{index}"
        wall = family.shuffle_wall(rules, random.Random(game_seed))
        for r, assignment in enumerate(rotations(seats)):
            start = None
            if match_walls:
                start = family.new_match(rules)
                start.earlier = earlier[r]
            game = Game(rules, seed=game_seed, walls=[wall], start=start)
            scores = list(game.match.scores)
            hero_seat = assignment.index(hero)
            probe = _Probe(hero, f"{seed}:{index}:{r}:{hero_seat}", rules)
            agents: list[Any] = []
            for s, level in enumerate(assignment):
                command = bridge.seat_spec(level)
                if s == hero_seat:
                    agents.append(probe)
                elif command is not None:
                    program = bridge.program_for(command, s)
                    agents.append(bridge.MjaiSeat(program, s, game.events, rules, log))
                else:
                    agents.append(make_agent(level, f"{seed}:{index}:{r}:{s}", rules))
            play_hand(game, agents)
            for a in agents:
                finish = getattr(a, "finish", None)
                if finish is not None:
                    finish(match_over=game.over)
            if match_walls:
                earlier[r] = game.match.earlier
            if probe.first is None:
                continue
            wins = game.results[-1].wins
            rows.append(
                {
                    "wall": index,
                    "rotation": r,
                    **probe.first,
                    "won": any(w.seat == hero_seat for w in wins),
                    "dealt": any(w.from_seat == hero_seat and w.seat != hero_seat for w in wins),
                    "score": game.match.scores[hero_seat] - scores[hero_seat],
                }
            )
    return rows, len(log.incidents)


def report(rows: Sequence[dict[str, Any]], late: int) -> None:
    def table(title: str, key: Any) -> None:
        groups: dict[Any, list[dict[str, Any]]] = {}
        for row in rows:
            groups.setdefault(key(row), []).append(row)
        print(f"\n{title}\n| class | hands | won | dealt in | mean score |\n| --- | --- | --- | --- | --- |")
        for k in sorted(groups):
            g = groups[k]
            n = len(g)
            won = sum(r["won"] for r in g) / n
            dealt = sum(r["dealt"] for r in g) / n
            mean = sum(r["score"] for r in g) / n
            print(f"| {' · '.join(k)} | {n:,} | {won:.1%} | {dealt:.1%} | {mean:+,.0f} |")

    def steps(r: dict[str, Any]) -> str:
        return "ready" if r["steps"] == 0 else ("1 step" if r["steps"] == 1 else "2+ steps")

    def when(r: dict[str, Any]) -> str:
        return "early" if r["tiles_left"] >= late else "late"

    def choice(r: dict[str, Any]) -> str:
        return "folds" if r["fold"] else "pushes"

    print(f"{len(rows):,} hands with another player's riichi (the hero's first discard after it)")
    table("By steps from ready, choice and the wall", lambda r: (steps(r), choice(r), when(r)))
    table(
        "By the match read, steps from ready and choice",
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
        rows, incidents = play(
            field_, args.hero, range(args.start, args.start + args.walls), args.seed, args.match_walls
        )
    finally:
        bridge.stop_programs()
    report(rows, args.late)
    if incidents:
        print(f"\nthe outside seats' incidents (refused or timed-out answers): {incidents}")
    if args.json:
        Path(args.json).write_text(json.dumps(rows))


if __name__ == "__main__":
    main()
