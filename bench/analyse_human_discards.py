"""Where the strong level's discards and riichi decisions part from the humans of the shared real hands.

    nice .venv/bin/python bench/analyse_human_discards.py --dump FILE.pkl [--limit N]
    .venv/bin/python bench/analyse_human_discards.py --load FILE.pkl

The hands are replayed as in ``bench/bench_human_agreement.py``. At each human discard with a choice,
the strong level's options are recorded with what the planner measured (shanten, acceptance, value,
danger) and a few facts about each kind (an isolated tile, an honour and whether it is a value honour,
a terminal, dora, red, copies seen, safe against a riichi); at each turn where a riichi was legal,
the facts a declaration turns on (the wait, the value without riichi, the wall, an opponent's riichi).
The report groups the disagreements by what the human threw against what strong threw, and splits the
hands into even and odd (what is tuned on one half is checked on the other).
"""

from __future__ import annotations

import argparse
import json
import pickle
import sys
from collections import Counter
from pathlib import Path
from typing import Any

from bench_human_agreement import DISCARDS, Asker, Tally
from real_hands import ORACLE, decision_fields

from engine.ai.agents import A, Planner, level_for
from engine.ai.plugin import DECLARED_THREAT, plugin_for
from engine.ai.view import View
from engine.conformance.mjx import replay_game
from engine.game.actions import Action
from engine.game.game import Game
from engine.tiles import is_red, kind_of


def kind_class(view: View, kind: int, values: dict[int, int]) -> str:
    if kind >= 27:
        if kind in values:
            return "honour-value"
        return "honour-guest"
    if kind % 9 in (0, 8):
        return "terminal"
    if kind % 9 in (1, 7):
        return "2-8"
    return "middle"


def isolated(counts: list[int], kind: int) -> bool:
    if counts[kind] != 1:
        return False
    if kind >= 27:
        return True
    base = kind - kind % 9
    return all(counts[j] == 0 for j in range(max(base, kind - 2), min(base + 9, kind + 3)) if j != kind)


class Recorder(Asker):
    def __init__(self, index: int, source: str, out: list[dict[str, Any]]) -> None:
        super().__init__(Tally(["strong"]), ["strong"], source)
        self.index = index
        self.out = out
        self.planner = Planner(level_for("strong", "riichi"), plugin_for("riichi"))

    def turn(self, game: Game, human: Action) -> None:
        if not self.installed:
            self.watch_claims(game)
        legal = game.legal_actions(human.seat)
        if len(legal) < 2:
            return
        obs = game.observation(human.seat)
        view = View.from_observation(obs)
        kinds = {kind_of(a.tile) for a in legal if a.type is A.DISCARD and a.tile is not None}
        riichi_legal = any(a.type is A.RIICHI for a in legal)
        if not (human.type in DISCARDS and len(kinds) >= 2) and not riichi_legal:
            return
        opts = self.planner.options(view, legal)
        best = max(opts, key=lambda o: o.score)
        plugin = self.planner.plugin
        values = plugin.value_kinds(view)  # type: ignore[attr-defined]
        doras = set(plugin.dora_kinds(view))  # type: ignore[attr-defined]
        riichi_opps = [o.seat for o in view.opponents if o.in_riichi]
        safe = (
            set.intersection(*(set(view.safe_kinds_against(s)) for s in riichi_opps))
            if riichi_opps
            else set()
        )
        rows = []
        for o in opts:
            if o.action.type not in (A.DISCARD, A.RIICHI) or o.action.tile is None:
                continue
            k = kind_of(o.action.tile)
            rows.append(
                {
                    "type": o.action.type.value,
                    "kind": k,
                    "red": is_red(o.action.tile),
                    "score": o.score,
                    "shanten": o.shanten,
                    "accept": o.accept,
                    "value": o.value,
                    "risk": o.risk,
                    "fold": o.fold,
                    "class": kind_class(view, k, values),
                    "isolated": isolated(view.counts, k),
                    "count": view.counts[k],
                    "dora": k in doras,
                    "seen": view.visible[k] - view.counts[k] if k < 34 else 0,
                    "safe": k in safe,
                    "reasons": [r.key for r in o.reasons[:3]],
                }
            )
        rec = {
            **decision_fields(self.index, human.seat, view),
            "riichi_opps": len(riichi_opps),
            "open_opps": sum(1 for o in view.opponents if o.open_melds),
            "open_melds": sum(o.open_melds for o in view.opponents),
            "yakuless_opps": sum(
                1 for o in view.opponents if o.open_melds and not plugin.visible_yaku(view, o)  # type: ignore[attr-defined]
            ),
            "pushing_table": plugin.pushing_table(view),
            "counts": list(view.counts),
            "human_type": human.type.value,
            "human_kind": kind_of(human.tile) if human.tile is not None else None,
            "human_red": is_red(human.tile) if human.tile is not None else False,
            "ai_type": best.action.type.value,
            "ai_kind": kind_of(best.action.tile) if best.action.tile is not None else None,
            "discard_case": human.type in DISCARDS and len(kinds) >= 2,
            "riichi_legal": riichi_legal,
            "options": rows,
            "ai_reasons": [r.key for r in best.reasons[:3]],
        }
        if riichi_legal:
            rec["riichi"] = self.riichi_facts(view, legal)
        self.out.append(rec)

    def riichi_facts(self, view: View, legal: list[Action]) -> dict[str, Any]:
        """For each riichi tile: the wait, its tiles left, the value without riichi and with."""
        from engine.ai.agents import _Context

        ctx = _Context(self.planner, view)
        facts = []
        for a in legal:
            if a.type is not A.RIICHI or a.tile is None:
                continue
            dama = ctx._rest_eval(a.tile, declared=False)
            decl = ctx._rest_eval(a.tile, declared=True)
            facts.append(
                {
                    "kind": kind_of(a.tile),
                    "waits": list(dama.kinds),
                    "accept": dama.accept,
                    "dama_yaku": dama.value.has_yaku,
                    "dama_points": dama.value.points,
                    "riichi_points": decl.value.points,
                }
            )
        return {
            "tiles": facts,
            "declared_threat": any(t.label.key == DECLARED_THREAT for t in ctx.threats),
        }

    def claim(self, game: Game, human: Action) -> None:
        return


def dump(oracle: Path, limit: int | None, path: Path) -> None:
    out: list[dict[str, Any]] = []
    hands = 0
    for file in sorted(oracle.glob("*.json")):
        with file.open(encoding="utf-8") as fh:
            for number, line in enumerate(fh, 1):
                if not line.strip():
                    continue
                if limit is not None and hands >= limit:
                    break
                source = f"{file.name}:{number}"
                rec = Recorder(hands, source, out)
                replay_game(json.loads(line), source=source, check_invariants=False, before=rec.turn)
                hands += 1
    path.write_bytes(pickle.dumps(out))
    print(f"{hands} hands, {len(out)} decisions -> {path}", file=sys.stderr)


def report(recs: list[dict[str, Any]]) -> None:
    disc = [r for r in recs if r["discard_case"]]
    for half in (0, 1):
        part = [r for r in disc if r["hand"] % 2 == half]
        agree = sum(
            1 for r in part if r["ai_kind"] == r["human_kind"] and r["ai_type"] in ("discard", "riichi")
        )
        print(
            f"{'even' if half == 0 else 'odd'} hands: discards {agree}/{len(part)} = {agree / len(part):.1%}"
        )
    pairs: Counter[tuple[str, str]] = Counter()
    same_sh = 0
    for r in disc:
        if r["ai_kind"] == r["human_kind"]:
            continue
        by = {o["kind"]: o for o in r["options"] if o["type"] == "discard"}
        h, a = by.get(r["human_kind"]), by.get(r["ai_kind"])
        if h is None or a is None:
            continue
        hc = h["class"] + ("/iso" if h["isolated"] else "")
        ac = a["class"] + ("/iso" if a["isolated"] else "")
        pairs[(hc, ac)] += 1
        same_sh += int(h["shanten"] == a["shanten"])
    print(f"disagreements keeping the shanten: {same_sh}")
    print("human threw / strong threw: count")
    for (hc, ac), n in pairs.most_common(30):
        print(f"  {hc:22} {ac:22} {n}")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--oracle", default=str(ORACLE))
    p.add_argument("--limit", type=int, default=None)
    p.add_argument("--dump", default="")
    p.add_argument("--load", default="")
    args = p.parse_args()
    if args.dump:
        dump(Path(args.oracle), args.limit, Path(args.dump))
        recs = pickle.loads(Path(args.dump).read_bytes())
    else:
        recs = pickle.loads(Path(args.load).read_bytes())
    report(recs)


if __name__ == "__main__":
    main()
