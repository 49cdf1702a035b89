"""Record every human discard of the shared real hands with what the strong planner measured for each
kind that could go, as JSON lines (the data ``bench/fit_discard_model.py`` fits and checks on).

    nice .venv/bin/python bench/record_human_discards.py --out FILE.jsonl [--limit N]

The hands are replayed as in ``bench/bench_human_agreement.py``. At each human discard with two kinds
or more to choose from, one line: the seat's hand, the table (turn, wall, dora, winds, threats) and,
per kind, the facts the discard model weighs (``RiichiPlugin.discard_features``), the greedy
evaluation of the hand it leaves (shanten, acceptance, value, yaku), the strong
level's final score, its chance of dealing in and whether strong would fold with it.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from bench_human_agreement import DISCARDS
from real_hands import ORACLE, decision_fields

from engine.ai.agents import A, Planner, _Context, level_for
from engine.ai.plugin import DECLARED_THREAT, plugin_for
from engine.ai.view import View
from engine.conformance.mjx import replay_game
from engine.game.actions import Action
from engine.game.game import Game
from engine.tiles import kind_of


class Recorder:
    def __init__(self, index: int, out: Any) -> None:
        self.index = index
        self.out = out
        self.planner = Planner(level_for("strong", "riichi"), plugin_for("riichi"))

    def turn(self, game: Game, human: Action) -> None:
        if human.type not in DISCARDS or human.tile is None:
            return
        legal = game.legal_actions(human.seat)
        kinds = {kind_of(a.tile) for a in legal if a.type is A.DISCARD and a.tile is not None}
        if len(kinds) < 2:
            return
        view = View.from_observation(game.observation(human.seat))
        opts = self.planner.options(view, legal)
        best = max(opts, key=lambda o: o.score)
        ctx = _Context(self.planner, view)
        tiles = [a.tile for a in legal if a.type is A.DISCARD and a.tile is not None]
        evals = ctx.discard_evals(tiles)
        plugin: Any = self.planner.plugin
        riichi_opps = [o.seat for o in view.opponents if o.in_riichi]
        safe_sets = [set(view.safe_kinds_against(s)) for s in riichi_opps]
        per_kind: dict[int, dict[str, Any]] = {}
        for o in opts:
            if o.action.type is not A.DISCARD or o.action.tile is None:
                continue
            t = o.action.tile
            k = kind_of(t)
            ev = evals[t]
            vf = ev.value.points / 1000.0 if (ev.value.has_yaku or ev.shanten > 0) else 0.0
            row = {
                "kind": k,
                "shanten": ev.shanten,
                "accept": ev.accept,
                "value": round(ev.value.points, 1),
                "yaku": ev.value.has_yaku,
                "base": round(ev.accept * vf, 4),  # greedy acceptance x value (per 1,000 points)
                "score": o.score,
                "risk": round(ctx.risk(k), 5) if ctx.threats else 0.0,
                "fold": o.fold,
                "genbutsu": bool(safe_sets) and all(k in s for s in safe_sets),
                "pref": plugin.discard_preference(view, k, len(ev.kinds)),
                "accept_kinds": len(ev.kinds),
                "genbutsu_opps": sum(1 for opp in view.opponents if k in {d.kind for d in opp.discards}),
                "features": plugin.discard_features(view, k),  # what riichi.DISCARD_MODEL weighs
            }
            old = per_kind.get(k)
            if old is None or row["base"] > old["base"]:
                row["score"] = max(row["score"], old["score"]) if old else row["score"]
                per_kind[k] = row
            else:
                old["score"] = max(old["score"], row["score"])
        rec = {
            **decision_fields(self.index, human.seat, view),
            "melds": len(view.melds),
            "counts": list(view.counts),
            "visible": list(view.visible),
            "doras": plugin.dora_kinds(view),
            "values": sorted(plugin.value_kinds(view)),
            "seat_wind": view.seat_wind,
            "round_wind": view.round_wind,
            "drawn": kind_of(view.drawn) if view.drawn is not None else None,
            "riichi_opps": len(riichi_opps),
            "threats": len(ctx.threats),
            "serious": ctx.serious_threat(),
            "declared": any(t.label.key == DECLARED_THREAT for t in ctx.threats),
            "human": kind_of(human.tile),
            "human_riichi": human.type is A.RIICHI,
            "ai": kind_of(best.action.tile) if best.action.tile is not None else None,
            "ai_type": best.action.type.value,
            "options": list(per_kind.values()),
        }
        self.out.write(json.dumps(rec, separators=(",", ":")) + "\n")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--oracle", default=str(ORACLE))
    p.add_argument("--limit", type=int, default=None)
    p.add_argument("--out", required=True)
    args = p.parse_args()
    hands = 0
    with open(args.out, "w", encoding="utf-8") as out:
        for file in sorted(Path(args.oracle).glob("*.json")):
            with file.open(encoding="utf-8") as fh:
                for number, line in enumerate(fh, 1):
                    if not line.strip():
                        continue
                    if args.limit is not None and hands >= args.limit:
                        break
                    rec = Recorder(hands, out)
                    source = f"{file.name}:{number}"
                    replay_game(json.loads(line), source=source, check_invariants=False, before=rec.turn)
                    hands += 1
    print(f"{hands} hands -> {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
