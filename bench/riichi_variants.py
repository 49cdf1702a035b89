"""Variants of the strong riichi level as lone heroes, paired wall by wall (a scratch tool of issue 17).

    nice .venv/bin/python bench/riichi_variants.py --field beginner --walls 300 strong standard VARIANT ...

Each variant is the strong level's riichi settings with ``Level`` fields replaced (``VARIANTS``). Every
hero is seated alone against three seats of the field on walls 0..N-1 (seed 2026, each wall once per
seating, one worker; in matches of ten walls, ``RF_MATCH``, 0 for each wall alone); the per-wall means are
kept in /tmp/rf (JSON, so a run is reused) and each variant is printed against the first hero, paired over
the same walls, with the walls that differ.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.ai import agents
from engine.ai.arena import BENCH_MATCH_WALLS, _job, _mean_ci, match_jobs, summarize, wall_means, warm_tables
from engine.records.bridge import stop_programs

VARIANTS: dict[str, dict[str, Any]] = {
    "strong": {},
    "standard": {},
    "start": {},
    "final": {"read_table": True, "chase_wait": 6, "read_vs_riichi": True},
    "nodama": {"human_dama": False},
    "alwaysr": {"human_dama": False, "always_riichi": True},
    "nocv": {"call_value": False},
    "vp15": {"value_power": 1.5},
    "rt": {"read_table": True},
    "rta": {"read_table": True, "read_vs_riichi": True},
    "rtc": {"read_table": True, "read_calls": True},
    "chase6": {"chase_wait": 6},
    "chase6rt": {"chase_wait": 6, "read_table": True},
    "rtm": {"read_table": True, "read_mangan": True},
    "push4": {"ready_push": 4},
    "push6": {"ready_push": 6},
    "rtcv": {"read_table": True, "read_calls": True},
    "rtmc": {"read_table": True, "read_mangan": True, "chase_wait": 6},
}


# round 5's variants (those above) started from the level before that round; the others from today's
ROUND5 = frozenset(VARIANTS)
VARIANTS.update(
    {
        "nohc": {"human_calls": False},
        "nohcv": {"human_calls": False, "call_value": False},
        "nofold": {"ev_defence": False, "defence": False},
        "pd04": {"push_danger": 0.04},
        "pd03": {"push_danger": 0.03},
        "pd01": {"push_danger": 0.01},
        "nojudge": {"call_value": False},
        "readcalls": {"read_calls": True},
        "rp1": {"ready_push": 1},
        "nohd": {"human_discards": False},
        "nofoldorder": {"fold_order": False},
        "vp12": {"value_power": 1.2},
        "vp15c": {"value_power": 1.5},
        "pfe4": {"fold_push_model": "end", "fold_push_danger": 0.04},
        "pfr5": {"fold_push_model": "ready", "fold_push_danger": 0.05},
        "fk0": {"fold_keeps": 0.0},
        "ls85": {"danger_scale": 0.85},
        "ls80": {"danger_scale": 0.8},
        "ls70": {"danger_scale": 0.7},
        "ls60": {"danger_scale": 0.6},
        "ls50": {"danger_scale": 0.5},
        "ls40": {"danger_scale": 0.4},
        "cal": {"hazard_scale": 2.0, "fold_push_model": "ready", "fold_push_danger": 0.05},
        "hz2": {"hazard_scale": 2.0},
        "pfr5ls": {"fold_push_model": "ready", "fold_push_danger": 0.05, "danger_scale": 0.85},
        "look": {"lookahead": True},
        # round 8 (docs/ai.md): the Monte Carlo look-ahead, declaring a mangan (`rm` was measured
        # before strong took read_mangan: it is the strong level since), the price of danger further down
        "mc32": {"rollouts": 32},
        "mc64": {"rollouts": 64},
        "mc128": {"rollouts": 128},
        "mca64": {"rollouts": 64, "rollout_keep": "acceptance"},
        "ar": {"always_riichi": True},
        "rm": {"read_mangan": True},
        "ft4": {"formal_tenpai": 4},
        "ft8": {"formal_tenpai": 8},
        "ft12": {"formal_tenpai": 12},
        "ft16": {"formal_tenpai": 16},
        "ft24": {"formal_tenpai": 24},
        # round 9: against open hands alone, no step back from ready for safety
        "nsb": {"open_step_back": False},
        "nsbp": {"read_step_back": True},
        # round 10: no yaku chases a riichi (quiet_no_yaku 0, round 9 kept it quiet on 4 tiles or
        # fewer), a wait of a tile or two without a yaku stays quiet early (change_wait 2), deal-in
        # costs x 0.7 (danger_scale); every field spelled out, so the names mean the same whatever
        # strong sets ("r9" is round 9's level, "nyq0cw2ls70" this round's)
        "r9": {"quiet_no_yaku": 4, "change_wait": 0, "danger_scale": 1.0},
        "nyq0": {"quiet_no_yaku": 0, "change_wait": 0, "danger_scale": 1.0},
        "nyq2": {"quiet_no_yaku": 2, "change_wait": 0, "danger_scale": 1.0},
        "nyqp": {"quiet_no_yaku": 4, "read_no_yaku": True, "change_wait": 0, "danger_scale": 1.0},
        "cw2": {"quiet_no_yaku": 4, "change_wait": 2, "danger_scale": 1.0},
        "nyqpcw2": {"quiet_no_yaku": 4, "read_no_yaku": True, "change_wait": 2, "danger_scale": 1.0},
        "nyq2cw2": {"quiet_no_yaku": 2, "change_wait": 2, "danger_scale": 1.0},
        "nyq0cw2": {"quiet_no_yaku": 0, "change_wait": 2, "danger_scale": 1.0},
        "nyq0cw2ls85": {"quiet_no_yaku": 0, "change_wait": 2, "danger_scale": 0.85},
        "nyq0cw2ls70": {"quiet_no_yaku": 0, "change_wait": 2, "danger_scale": 0.7},
        "chase4": {"quiet_no_yaku": 0, "change_wait": 2, "danger_scale": 0.7, "chase_wait": 4},
        # round 11: the deal-in costs weighed lower still (the fold forks still find the fold estimate
        # too pessimistic at 0.7)
        "nyq0cw2ls60": {"quiet_no_yaku": 0, "change_wait": 2, "danger_scale": 0.6},
        "nyq0cw2ls50": {"quiet_no_yaku": 0, "change_wait": 2, "danger_scale": 0.5},
        "nyq0cw2ls45": {"quiet_no_yaku": 0, "change_wait": 2, "danger_scale": 0.45},
        "nyq0cw2ls40": {"quiet_no_yaku": 0, "change_wait": 2, "danger_scale": 0.4},
        # round 11: a riichi's danger at a table that does not fold read with the arena's calibration
        "rd70": {"quiet_no_yaku": 0, "change_wait": 2, "danger_scale": 0.7, "read_danger": True},
        "rd100": {"quiet_no_yaku": 0, "change_wait": 2, "danger_scale": 1.0, "read_danger": True},
        "rd50": {"quiet_no_yaku": 0, "change_wait": 2, "danger_scale": 0.5, "read_danger": True},
        # round 12: after a riichi the table is presumed not to fold until a player shows folding
        "pr50": {
            "quiet_no_yaku": 0,
            "change_wait": 2,
            "danger_scale": 0.5,
            "read_danger": True,
            "presume_push": True,
        },
        "ls50rp1": {"quiet_no_yaku": 0, "change_wait": 2, "danger_scale": 0.5, "ready_push": 1},
        "pr50nd": {"quiet_no_yaku": 0, "change_wait": 2, "danger_scale": 0.5, "presume_push": True},
        # round 13: the presumption for the danger read alone
        "pd50": {"read_danger": True, "presume_danger": True},
        # round 13: the standard level with a basic defence (``std`` variants start from standard)
        "stdbd": {"basic_fold": 2},
    }
)


def register(name: str) -> None:
    if name in ("strong", "standard", "beginner"):
        return
    base = agents.level_for("standard" if name.startswith("std") else "strong", "riichi")
    if name in ROUND5:
        # the strong level round 5 started from: that round's switches reset, whatever strong now sets
        base = replace(
            base,
            read_table=False,
            read_vs_riichi=False,
            read_calls=False,
            read_mangan=False,
            chase_wait=99,
            ready_push=99,
            always_riichi=False,
        )
    agents.LEVEL_CONFIGS[name] = replace(base, name=name, **VARIANTS[name])
    agents.level_for.cache_clear()


MATCH_WALLS = int(os.environ.get("RF_MATCH", BENCH_MATCH_WALLS))  # walls a match (arena.match_jobs); 0: alone


def run_block(name: str, field: str, start: int, walls: int, seed: str) -> dict[str, Any]:
    """Walls ``start .. start+walls-1``: per-wall hero means and the hero's summary (kept as JSON)."""
    tag = f"{walls}" if start == 0 else f"{start}+{walls}"
    if MATCH_WALLS > 1:
        tag += f"-m{MATCH_WALLS}"
    path = Path(os.environ.get("RF_DIR", "/tmp/rf")) / f"{field}-{seed}-{tag}-{name}.json"
    if path.exists():
        data: dict[str, Any] = json.loads(path.read_text())
        return data
    register(name)
    register(field)
    seats = [name] + [field] * 3
    warm_tables()
    gc.freeze()
    try:
        records = [
            r for job in match_jobs("riichi", seats, seed, start, walls, MATCH_WALLS) for r in _job(job)
        ]
    finally:
        stop_programs()
        gc.unfreeze()
    data = {
        "name": name,
        "means": wall_means(records, name),
        "summary": summarize(records, seats)["levels"][name],
    }
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data))
    return data


def run(name: str, field: str, walls: int, seed: str) -> dict[str, Any]:
    """Walls 0..walls-1 in blocks of 300 (a longer run reuses the shorter one's walls)."""
    blocks = [run_block(name, field, b, min(300, walls - b), seed) for b in range(0, walls, 300)]
    if len(blocks) == 1:
        return blocks[0]
    means = [m for b in blocks for m in b["means"]]
    hands = sum(b["summary"]["hands"] for b in blocks)
    wins = sum(round(b["summary"]["win_rate"] * b["summary"]["hands"]) for b in blocks)
    value = sum(
        b["summary"]["mean_win_value"] * round(b["summary"]["win_rate"] * b["summary"]["hands"])
        for b in blocks
    )
    deals = sum(round(b["summary"]["deal_in_rate"] * b["summary"]["hands"]) for b in blocks)
    faced = sum(b["summary"]["riichi_deal_in"]["hands"] for b in blocks)
    after = sum(b["summary"]["riichi_deal_in"]["deal_ins"] for b in blocks)
    mean, lo, hi = _mean_ci(means)
    summary = {
        "hands": hands,
        "mean_score": mean,
        "ci95": [lo, hi],
        "win_rate": wins / hands,
        "deal_in_rate": deals / hands,
        "mean_win_value": value / max(wins, 1),
        "riichi_deal_in": {"hands": faced, "deal_ins": after},
        "decision_ms": {
            "p99": max(b["summary"]["decision_ms"]["p99"] for b in blocks),
            "max": max(b["summary"]["decision_ms"]["max"] for b in blocks),
        },
    }
    return {"name": name, "means": means, "summary": summary}


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
