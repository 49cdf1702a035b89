"""Benchmark: the ``mjai`` package's RulebaseBot at the table through the mjai bridge, against the strong
level, by duplicate play.

    nice .venv/bin/python bench/bench_mjai_rulebase.py [--walls 50] [--venv .venv-mjai] [--out FILE]
    nice .venv/bin/python bench/bench_mjai_rulebase.py --hero [--walls 600] [--seed S1,S2,...] [--workers 1]

The ``mjai`` package (the mjai.app simulator and its example bots) pins an older ``mahjong`` than
Tilehouse uses, so it is installed into a virtual environment of its own (``--venv``, made once with
``pip install mjai``) and its RulebaseBot runs there as the outside program behind the bridge
(``bench/mjai_rulebase_bot.py``) — exactly how a player plugs in a bot. The arena plays each wall once
per rotation of ``rulebase, strong, strong, strong`` (the bot meets three strong seats, in every
seat) and prints each side's mean score per hand
with its 95% interval, win and deal-in rates, and the bridge's count of accepted answers and of
incidents (answers that were not legal, timeouts, restarts). The result is recorded in docs/ai.md.

``--hero`` seats the levels alone instead: strong against three RulebaseBots, then standard against
three RulebaseBots on the same walls (:func:`engine.ai.arena.lone_hero`), and prints strong − standard
per wall with its 95% interval (issue 17's third field). The walls are played in matches of ten hands
(``--match-walls``), as a player meets the same players for a whole match: strong reads the others
over the match's earlier hands (``Level.read_match``). It plays walls ``0 .. walls-1`` of each of twelve
seeds (``HERO_SEEDS``, three to five hours for 600 walls on two cores; ``--seed`` takes a comma-separated
list): one seed's 600 walls can move the win rate gap by a point either way (docs/ai.md, rounds 20
and 29). It prints each seed's figures, then all the seeds' together with issue 17's targets for this
field: strong − standard above zero, strong's deal-in after an opponent's riichi at most 10%, its win
rate at most 2 points under standard's (with the gap's 95% interval over walls).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
import venv
from pathlib import Path
from typing import Any

from bench_ai import riichi_targets

from engine.ai.arena import BENCH_MATCH_WALLS, lone_hero, run_arena, seed_list, walls_text

ROOT = Path(__file__).resolve().parent.parent
BOT = ROOT / "bench" / "mjai_rulebase_bot.py"
SEED = "mjai-rulebase"  # the walls of the bot against three strong seats
# --hero: the seeds of issue 17's third field; the first two were the benchmark's until round 20
HERO_SEEDS = (  # the four of round 21, the four fresh ones of round 29, four more (round 30, docs/ai.md)
    "mjai-rulebase",
    "2027",
    "2028",
    "2029",
    "2030",
    "2031",
    "2032",
    "2033",
    "2034",
    "2035",
    "2036",
    "2037",
)


def ensure_venv(path: Path) -> Path:
    python = path / "bin" / "python"
    if not python.exists():
        venv.EnvBuilder(with_pip=True).create(path)
    probe = subprocess.run([python, "-c", "import mjai.bot.rulebase"], capture_output=True)
    if probe.returncode != 0:
        subprocess.run(
            [python, "-m", "pip", "install", "-q", "--disable-pip-version-check", "mjai"], check=True
        )
    return python


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--walls", type=int, default=50, help="walls, each played once per rotation")
    parser.add_argument("--venv", type=Path, default=ROOT / ".venv-mjai", help="where the mjai package lives")
    parser.add_argument(
        "--seed",
        help=f"seed of the walls (default {SEED}); --hero: seeds, comma-separated "
        f"(default {','.join(HERO_SEEDS)})",
    )
    parser.add_argument("--workers", type=int, default=0)
    parser.add_argument("--timeout", type=float, default=10.0, help="seconds per decision")
    parser.add_argument("--out", type=Path, help="write the arena summary as JSON")
    parser.add_argument("--hero", action="store_true", help="strong and standard alone against three bots")
    parser.add_argument(
        "--match-walls",
        type=int,
        default=BENCH_MATCH_WALLS,
        help="--hero: the walls in matches of this many hands (strong reads their earlier hands; 0: alone)",
    )
    args = parser.parse_args()
    python = ensure_venv(args.venv)
    rulebase = f"mjai:{python} {BOT}"
    if args.hero:
        return hero(rulebase, args)
    args.seed = args.seed or SEED
    seats = [rulebase, "strong", "strong", "strong"]
    started = time.perf_counter()
    summary = run_arena(
        "riichi", seats, args.walls, args.seed, workers=args.workers or None, mjai_timeout=args.timeout
    )
    seconds = time.perf_counter() - started
    for level, st in summary["levels"].items():
        name = "RulebaseBot" if level == rulebase else level
        lo, hi = st["ci95"]
        extra = ""
        if "mjai" in st:
            found = ", ".join(f"{k} {n}" for k, n in st["mjai"]["incidents"].items()) or "none"
            extra = f"  answers {st['mjai']['answers']}, incidents: {found}"
            extra += "".join(f"\n  {d}" for d in st["mjai"]["incident_details"])
        print(
            f"{name:11s} {st['hands']} hands  mean {st['mean_score']:+.0f} [{lo:+.0f}, {hi:+.0f}]  "
            f"win {st['win_rate']:.1%}  deal-in {st['deal_in_rate']:.1%}{extra}"
        )
    (pair,) = summary["pairs"]
    lo, hi = pair["ci95"]
    diff = f"{pair['diff']:+.0f} [{lo:+.0f}, {hi:+.0f}]"
    print(f"RulebaseBot - strong: {diff} per hand over {args.walls} walls ({seconds:.0f} s)")
    if args.out is not None:
        args.out.write_text(json.dumps(summary, indent=1), encoding="utf-8")
    return 0


def hero(rulebase: str, args: argparse.Namespace) -> int:
    seeds = seed_list(args.seed or HERO_SEEDS)
    started = time.perf_counter()
    out = lone_hero(
        "riichi",
        ["strong", "standard"],
        rulebase,
        args.walls,
        seeds,
        workers=args.workers or None,
        match_walls=args.match_walls,
    )
    seconds = time.perf_counter() - started
    for sd, part in out.get("per_seed", {}).items():
        print(f"seed {sd}: {_line(part['heroes'], part['pairs'][0])}")
    heroes = out["heroes"]
    for level in ("strong", "standard"):
        st = heroes[level][level]
        rd = st["riichi_deal_in"]
        print(
            f"{level:8s} alone: {st['hands']} hands  mean {st['mean_score']:+.0f}  win {st['win_rate']:.2%}  "
            f"deal-in {st['deal_in_rate']:.1%}  "
            f"after a riichi {rd['deal_ins']}/{rd['hands']} = {rd['rate']:.2%}"
        )
    for level in ("strong", "standard"):
        bots = heroes[level][rulebase].get("mjai", {})
        found = ", ".join(f"{k} {n}" for k, n in bots.get("incidents", {}).items()) or "none"
        print(f"RulebaseBots with {level}: answers {bots.get('answers', 0)}, incidents: {found}")
        for detail in bots.get("incident_details", []):
            print(f"  {detail}")
    (pair,) = out["pairs"]
    lo, hi = pair["ci95"]
    walls = walls_text(args.walls, seeds)
    print(
        "lone hero against three RulebaseBots: "
        f"strong - standard = {pair['diff']:+.0f} [{lo:+.0f}, {hi:+.0f}] "
        f"per hand over {walls}, in matches of {args.match_walls} hands ({seconds:.0f} s) "
        f"{'PASS' if lo > 0 else 'FAIL'}"
    )
    print("\n".join(riichi_targets(heroes, pair)))
    if args.out is not None:
        args.out.write_text(json.dumps(out, indent=1), encoding="utf-8")
    return 0


def _line(heroes: dict[str, Any], pair: dict[str, Any]) -> str:
    """One seed's figures: the win rates and their gap, strong's deal-in after a riichi, strong − standard."""
    strong, standard = heroes["strong"]["strong"], heroes["standard"]["standard"]
    lo, hi = pair["ci95"]
    return (
        f"win {strong['win_rate']:.2%} against standard's {standard['win_rate']:.2%} "
        f"(standard - strong {(standard['win_rate'] - strong['win_rate']) * 100:+.2f} points), "
        f"deal-in after a riichi {strong['riichi_deal_in']['rate']:.2%}, "
        f"strong - standard {pair['diff']:+.0f} [{lo:+.0f}, {hi:+.0f}]"
    )


if __name__ == "__main__":
    sys.exit(main())
