"""``tilehouse arena``: measure AI levels against each other by duplicate play.

Exit 2, with one line on standard error, when the variant, the ruleset (a file is named with its
problem) or the seats cannot be used."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

EXIT_BAD_INPUT = 2


def register(sub: Any) -> None:
    p = sub.add_parser(
        "arena",
        help="play AI levels against each other (duplicate play over seat rotations)",
        description=(
            "Every wall is played once per rotation of the seat assignment, on all cores. Reports per "
            "level the mean score per hand with a 95%% interval over walls, win rate, deal-in rate, "
            "mean win value and decision time p50/p99, and the pairwise differences."
        ),
    )
    p.add_argument("--variant", default="riichi", help="rule family (riichi, sichuan, lingxi)")
    p.add_argument(
        "--seats",
        default=None,
        help="comma-separated seats, one per player: AI levels (beginner, standard, strong) or "
        "mjai:COMMAND, an outside mjai program (riichi; the seat number is appended to the command unless "
        "it names {seat}); their number is the number of players (default: strong and standard for the "
        "others, as many as --players)",
    )
    p.add_argument(
        "--mjai-timeout", type=float, default=None, help="seconds an mjai program has per decision (5)"
    )
    p.add_argument("--players", type=int, help="number of players (default: the ruleset's)")
    p.add_argument("--hands", type=int, default=100, help="walls to play; each is played once per rotation")
    p.add_argument(
        "--seed",
        default="1",
        help="seed of the walls, or several seeds, comma-separated: walls 0..HANDS-1 of each are played, "
        "reported together and each seed's differences on its own",
    )
    p.add_argument(
        "--match-walls",
        type=int,
        default=0,
        help="play the walls in matches of this many hands: each seating carries the match's earlier "
        "hands, as the levels that read the table over a match need (default 0: every wall a hand alone)",
    )
    p.add_argument("--workers", type=int, default=0, help="worker processes (default: all cores)")
    p.add_argument("--ruleset", help="ruleset file or preset (default: the family's default)")
    p.add_argument(
        "--no-warm", action="store_true", help="skip filling the analysis tables before timing decisions"
    )
    p.add_argument(
        "--checks", action="store_true", help="check every invariant after each action (tiles, points, hands)"
    )
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=run)


def _value(points: float) -> str:
    """A mean win's value in the family's own unit: whole points (riichi), or to a tenth where a
    win is worth a few units (Sichuan 番 payments, Lingxi 台)."""
    return f"{points:.0f}" if abs(points) >= 100 else f"{points:.1f}"


def run(args: argparse.Namespace) -> int:
    from engine.ai.arena import run_arena, walls_text
    from engine.game.errors import InvariantError
    from engine.rules import RulesetError, default_ruleset, load_ruleset

    try:  # the ruleset is checked here, once, before any worker loads it
        rules = load_ruleset(args.ruleset) if args.ruleset else default_ruleset(args.variant)
    except RulesetError as exc:
        print(str(exc), file=sys.stderr)
        return EXIT_BAD_INPUT
    if rules.family != args.variant:
        print(f"{args.ruleset}: a {rules.family} ruleset, not {args.variant}", file=sys.stderr)
        return EXIT_BAD_INPUT
    players = args.players or rules.players
    if args.seats is None:
        seats = ["strong"] + ["standard"] * (players - 1)
    else:
        seats = [s.strip() for s in args.seats.split(",") if s.strip()]
    if args.players is not None and len(seats) != args.players:
        print(f"arena: --seats names {len(seats)} seats, --players says {args.players}", file=sys.stderr)
        return EXIT_BAD_INPUT
    if args.match_walls < 0:
        print(f"arena: --match-walls must be 0 or more, not {args.match_walls}", file=sys.stderr)
        return EXIT_BAD_INPUT
    try:
        summary = run_arena(
            args.variant,
            seats,
            args.hands,
            args.seed,
            workers=args.workers or None,
            ruleset=args.ruleset,
            warm=not args.no_warm,
            mjai_timeout=args.mjai_timeout,
            checks=args.checks,
            match_walls=args.match_walls,
        )
    except InvariantError as exc:  # --checks: a broken invariant is a failure, not bad input
        print(f"arena: invariant broken: {' '.join(str(exc).split())}", file=sys.stderr)
        return 1
    except (ValueError, KeyError, OSError) as exc:
        print(f"arena: {' '.join(str(exc).split())}", file=sys.stderr)
        return EXIT_BAD_INPUT
    if args.json:
        print(json.dumps(summary))
        return 0
    walls = walls_text(summary["walls"], summary.get("seeds", [summary["seed"]]))
    print(
        f"{summary['variant']}: {walls} x {len(seats)} rotations = {summary['hands']} hands "
        f"in {summary['seconds']} s on {summary['workers']} workers"
        + (f", in matches of {args.match_walls} hands" if args.match_walls > 1 else "")
    )
    for level, st in summary["levels"].items():
        lo, hi = st["ci95"]
        rd = st["riichi_deal_in"]
        print(
            f"  {level:9s} mean {st['mean_score']:+9.2f} [{lo:+.2f}, {hi:+.2f}]  win {st['win_rate']:.1%}  "
            f"deal-in {st['deal_in_rate']:.1%}  win value {_value(st['mean_win_value'])}  "
            + (f"deal-in after riichi {rd['rate']:.1%} of {rd['hands']}  " if rd["hands"] else "")
            + f"cpu ms p50 {st['decision_ms']['p50']} p99 {st['decision_ms']['p99']} "
            f"(elapsed p99 {st['decision_ms_elapsed']['p99']})"
        )
        if "mjai" in st:
            found = ", ".join(f"{k} {n}" for k, n in st["mjai"]["incidents"].items()) or "none"
            print(f"            mjai answers accepted {st['mjai']['answers']}, incidents: {found}")
            for detail in st["mjai"]["incident_details"]:
                print(f"              {detail}")
    for pair in summary["pairs"]:
        lo, hi = pair["ci95"]
        print(f"  {pair['a']} - {pair['b']}: {pair['diff']:+.2f} [{lo:+.2f}, {hi:+.2f}]")
    for sd, part in summary.get("per_seed", {}).items():
        for pair in part["pairs"]:
            lo, hi = pair["ci95"]
            print(f"    seed {sd}: {pair['a']} - {pair['b']}: {pair['diff']:+.2f} [{lo:+.2f}, {hi:+.2f}]")
    return 0
