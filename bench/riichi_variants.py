"""Variants of the strong riichi level as lone heroes, paired wall by wall (a scratch tool of issue 17).

    nice .venv/bin/python bench/riichi_variants.py --field beginner --walls 300 strong standard VARIANT ...

Each variant is the strong level's riichi settings with ``Level`` fields replaced (``VARIANTS``). Every
hero is seated alone against three seats of the field on walls 0..N-1 (seed 2026, each wall once per
seating, one worker); the per-wall means are kept in /tmp/rf (JSON, so a run is reused) and each variant
is printed against the first hero, paired over the same walls, with the walls that differ.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.ai import agents
from engine.ai.arena import _mean_ci, play_walls, summarize

VARIANTS: dict[str, dict[str, Any]] = {
    "strong": {},
    "standard": {},
    "nodama": {"human_dama": False},
    "alwaysr": {"human_dama": False, "always_riichi": True},
    "nocv": {"call_value": False},
    "vp15": {"value_power": 1.5},
    "rt": {"read_table": True},
    "rtc": {"read_table": True, "read_calls": True},
    "chase6": {"chase_wait": 6},
    "chase6rt": {"chase_wait": 6, "read_table": True},
}


def register(name: str) -> None:
    if name in ("strong", "standard", "beginner"):
        return
    base = agents.level_for("strong", "riichi")
    agents.LEVEL_CONFIGS[name] = replace(base, name=name, **VARIANTS[name])
    agents.level_for.cache_clear()


def run(name: str, field: str, walls: int, seed: str) -> dict[str, Any]:
    path = Path(os.environ.get("RF_DIR", "/tmp/rf")) / f"{field}-{seed}-{walls}-{name}.json"
    if path.exists():
        data: dict[str, Any] = json.loads(path.read_text())
        return data
    register(name)
    seats = [name] + [field] * 3
    records = play_walls("riichi", seats, walls, seed, workers=1)
    means = []
    for rec in records:
        scores = [s.score for s in rec.seats if s.level == name]
        means.append(sum(scores) / len(scores))
    data = {"name": name, "means": means, "summary": summarize(records, seats)["levels"][name]}
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data))
    return data


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("heroes", nargs="+")
    ap.add_argument("--field", default="beginner")
    ap.add_argument("--walls", type=int, default=300)
    ap.add_argument("--seed", default="2026")
    args = ap.parse_args()
    res = {h: run(h, args.field, args.walls, args.seed) for h in args.heroes}
    first = res[args.heroes[0]]
    for h in args.heroes:
        s = res[h]["summary"]
        line = (
            f"{h:24s} mean {s['mean_score']:+8.1f} win {s['win_rate']:.3f} deal {s['deal_in_rate']:.3f} "
            f"meanwin {s['mean_win_value']:7.0f} riichi-deal {s['riichi_deal_in']['deal_ins']}/"
            f"{s['riichi_deal_in']['hands']} p99 {s['decision_ms']['p99']} max {s['decision_ms']['max']}"
        )
        if h != args.heroes[0]:
            d = [a - b for a, b in zip(res[h]["means"], first["means"], strict=True)]
            m, lo, hi = _mean_ci(d)
            n = sum(1 for x in d if abs(x) > 1e-9)
            line += f" | vs {args.heroes[0]}: {m:+.0f} [{lo:+.0f}, {hi:+.0f}] ({n} walls differ)"
        print(line, flush=True)
    if "standard" in res:
        for h in args.heroes:
            if h == "standard":
                continue
            d = [a - b for a, b in zip(res[h]["means"], res["standard"]["means"], strict=True)]
            m, lo, hi = _mean_ci(d)
            print(f"{h} - standard: {m:+.0f} [{lo:+.0f}, {hi:+.0f}]")


if __name__ == "__main__":
    main()
