"""Calibration of the Sichuan and Lingxi threat models on the arena's own hands.

    nice .venv/bin/python bench/calibrate_chinese_danger.py --variant sichuan --walls 300 [--json FILE]

There are no recorded real hands of these families to calibrate on, so the seats are the ones the
strong level meets in the arena: four standard seats play ``--walls`` walls of ``--seed`` (the
arena's walls, one seating each). Before every discard the discarding seat's observation is read the
way an AI seat reads it, and the family's plug-in is asked what it believes:

* **readiness** — for each opponent still in the hand, :meth:`threats` gives the chance it is ready
  (0 when the plug-in sees no threat); observed: its concealed hand (read from the game, which the AI
  never sees) is ready. Reported by what the opponent shows (open melds) and the turn, the cells the
  plug-ins' tables are fitted on;
* **waits** — for each kind in the discarder's hand and each opponent that is really ready,
  :meth:`danger` gives the chance the opponent waits on it; observed: the kind is one of its winning
  kinds (no furiten in these families);
* **deal-in** — for each kind in hand, ``1 - prod(1 - ready x danger)`` over the threats (what the
  planner uses); observed: some opponent could win on it.
"""

from __future__ import annotations

import argparse
import json
import random
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

from reliability import Table, print_table, print_totals

from engine.ai import make_agent
from engine.ai.plugin import plugin_for
from engine.ai.view import View
from engine.analysis.acceptance import acceptance
from engine.families.registry import get_family
from engine.game.actions import Action, ActionType
from engine.game.game import Game
from engine.game.observation import Observation
from engine.game.play import play_hand
from engine.rules import default_ruleset
from engine.tiles import kind_of

A = ActionType
READY_BINS = (0.0, 0.001, 0.1, 0.2, 0.3, 0.45, 0.6, 0.8, 1.001)
DANGER_BINS = (0.0, 0.001, 0.02, 0.04, 0.07, 0.1, 0.15, 0.2, 0.3, 1.0)


def _turns(turn: int) -> str:
    for lo, hi in ((0, 3), (4, 6), (7, 9), (10, 12), (13, 15)):
        if lo <= turn <= hi:
            return f"{lo:02d}-{hi:02d}"
    return "16+"


class Calibration:
    def __init__(self, family: str, rules: Any) -> None:
        self.plugin = plugin_for(family, rules)
        self.ready = Table(READY_BINS)
        self.ready_by: dict[str, Table] = defaultdict(lambda: Table(READY_BINS))
        self.danger = Table(DANGER_BINS)
        self.danger_by: dict[str, Table] = defaultdict(lambda: Table(DANGER_BINS))
        self.risk = Table(DANGER_BINS)
        self.decisions = 0

    @staticmethod
    def truth(game: Game, seat: int) -> tuple[bool, set[int]]:
        """Whether ``seat`` is ready and the kinds it could win on, from the game."""
        obs = game.observation(seat)
        me = obs.seats[seat]
        shape = obs.shape
        if shape is None or me.hand is None or me.won:
            return False, set()
        counts = [0] * 34
        wilds = 0
        for t in me.hand:
            k = kind_of(t)
            if k in shape.wild_kinds:
                wilds += 1
            elif k < 34:
                counts[k] += 1
        if (sum(counts) + wilds) % 3 != 1:
            return False, set()
        sh, kinds, _ = acceptance(shape, counts, len(me.melds), wilds, [4] * 34)
        return sh == 0, set(kinds) if sh == 0 else set()

    def before(self, game: Game, obs: Observation, legal: list[Action]) -> None:
        if not any(a.type is A.DISCARD for a in legal):
            return
        view = View.from_observation(obs)
        threats = {t.seat: t for t in self.plugin.threats(view)}
        self.decisions += 1
        kinds = sorted({kind_of(t) for t in view.hand if kind_of(t) < 34} - set(view.wild_kinds))
        live = [o for o in view.opponents if not o.won]
        truths = {o.seat: self.truth(game, o.seat) for o in live}
        turn = view.turn_number()
        for o in live:
            t = threats.get(o.seat)
            pred = t.ready if t is not None else 0.0
            ready, waits = truths[o.seat]
            melds = min(o.open_melds, 3)
            cat = f"{melds}{'+' if melds >= 3 else ''} open melds, turn {_turns(turn)}"
            recent = [d for d in o.discards[-1:] if not d.claimed]
            if o.lacking_suit is not None and recent and recent[-1].kind // 9 == o.lacking_suit:
                cat += ", just threw its lacking suit"
            self.ready.add(pred, ready)
            self.ready_by[cat].add(pred, ready)
            if not ready:
                continue
            for k in kinds:
                d = self.plugin.danger(view, o, k)
                self.danger.add(d, k in waits)
                seen = 4 - view.unseen[k] - view.counts[k]
                group = "honour" if k >= 27 else ("terminal" if k % 9 in (0, 8) else "2-8")
                self.danger_by[f"{group}, {min(seen, 3)} seen by others"].add(d, k in waits)
        for k in kinds:
            safe = 1.0
            for t in threats.values():
                opp = next(o for o in view.opponents if o.seat == t.seat)
                safe *= 1.0 - t.ready * self.plugin.danger(view, opp, k)
            hit = any(k in truths[s][1] for s in truths)
            self.risk.add(1.0 - safe, hit)


class _Watched:
    """An agent whose every decision is first shown to the calibration (with the game, which the
    agent itself never sees)."""

    def __init__(self, agent: Any, game: Game, cal: Calibration) -> None:
        self.agent = agent
        self.game = game
        self.cal = cal
        self.name = agent.name

    def choose(self, observation: Observation, legal: list[Action]) -> Action:
        self.cal.before(self.game, observation, legal)
        action: Action = self.agent.choose(observation, legal)
        return action


def play_arena_walls(
    variant: str, walls: int, seed: str, level: str, wrap: Callable[[Any, Game], Any]
) -> None:
    """Walls 0 .. ``walls`` - 1 of ``seed`` as the arena deals them, each played once by ``level``
    seats, every seat's agent wrapped by ``wrap(agent, game)`` (which may watch it with the game)."""
    rules = default_ruleset(variant)
    family = get_family(rules.family)
    for i in range(walls):
        wall = family.shuffle_wall(rules, random.Random(f"arena:{seed}:{i}"))
        game = Game(rules, seed=f"arena:{seed}:{i}", walls=[wall])
        agents = [wrap(make_agent(level, f"{seed}:{i}:{s}", rules), game) for s in range(rules.players)]
        play_hand(game, agents)


def run(variant: str, walls: int, seed: str, level: str) -> dict[str, Any]:
    rules = default_ruleset(variant)
    cal = Calibration(rules.family, rules)
    play_arena_walls(variant, walls, seed, level, lambda agent, game: _Watched(agent, game, cal))
    return {
        "variant": variant,
        "walls": walls,
        "seed": seed,
        "seats": level,
        "decisions": cal.decisions,
        "ready": cal.ready.rows(),
        "ready_by": {k: v.totals() for k, v in sorted(cal.ready_by.items())},
        "danger": cal.danger.rows(),
        "danger_by": {k: v.totals() for k, v in sorted(cal.danger_by.items())},
        "risk": cal.risk.rows(),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--variant", choices=("sichuan", "lingxi"), required=True)
    ap.add_argument("--walls", type=int, default=300)
    ap.add_argument("--seed", default="2026")
    ap.add_argument("--seats", default="standard", help="the level of the four seats")
    ap.add_argument("--json", type=Path)
    args = ap.parse_args()
    out = run(args.variant, args.walls, args.seed, args.seats)
    print(f"{out['variant']}: {out['walls']} walls, {out['decisions']} discards by {out['seats']} seats")
    print_table("Readiness: chance an opponent still in the hand is ready", out["ready"])
    print_totals("opponent shows", out["ready_by"])
    print_table("Waits: chance a ready opponent can win on a kind held", out["danger"])
    print_totals("kind held", out["danger_by"])
    print_table("Deal-in: chance a kind held deals in", out["risk"])
    if args.json:
        args.json.write_text(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
