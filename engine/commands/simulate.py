"""``tilehouse simulate``: play hands headless with the simple agent and check invariants.

Exit 0 when no invariant broke, 1 otherwise; 2 when ``--variant`` or ``--ruleset`` cannot be used (one
line on standard error naming the ruleset file and the problem)."""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any

EXIT_BAD_INPUT = 2


def register(sub: Any) -> None:
    p = sub.add_parser("simulate", help="play hands with built-in agents, checking invariants")
    p.add_argument("--variant", default="riichi", help="rule family (riichi, sichuan, lingxi)")
    p.add_argument("--hands", type=int, default=100, help="number of hands to play")
    p.add_argument("--seed", default="1", help="seed of the first match")
    p.add_argument("--ruleset", type=Path, help="ruleset file (default: the family's default preset)")
    p.add_argument("--players", type=int, help="number of players (default: the ruleset's)")
    p.add_argument("--agent", choices=("simple", "random"), default="simple")
    p.add_argument("--no-checks", action="store_true", help="skip invariant checks after each action")
    p.add_argument(
        "--workers",
        type=int,
        default=1,
        help="worker processes, each playing whole matches (0: every core); the summary is the same",
    )
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from engine.game.simulate import simulate
    from engine.rules import RulesetError, default_ruleset, load_ruleset

    try:
        rules = load_ruleset(args.ruleset) if args.ruleset else default_ruleset(args.variant)
    except RulesetError as exc:  # one line naming the file (or the variant) and the problem
        print(str(exc), file=sys.stderr)
        return EXIT_BAD_INPUT
    if rules.family != args.variant:
        print(f"{args.ruleset}: a {rules.family} ruleset, not {args.variant}", file=sys.stderr)
        return EXIT_BAD_INPUT
    if args.players is not None and args.players != rules.players:
        try:
            rules = rules.with_changes(players=args.players)
        except ValueError as exc:  # the family does not play that many (pydantic names the key)
            print(f"simulate: --players {args.players}: {' '.join(str(exc).split())}", file=sys.stderr)
            return EXIT_BAD_INPUT
    if args.workers < 0:
        print(f"--workers {args.workers}: give a number of processes, or 0 for every core", file=sys.stderr)
        return EXIT_BAD_INPUT
    workers = args.workers or os.cpu_count() or 1
    summary = simulate(
        rules, args.hands, args.seed, agent=args.agent, checks=not args.no_checks, workers=workers
    )
    if args.json:
        print(json.dumps(summary))
    else:
        print(
            f"{summary['hands']} hands in {summary['seconds']:.1f} s "
            f"({summary['hands_per_second']:.0f}/s): {summary['wins']} wins, {summary['draws']} draws, "
            f"{len(summary['errors'])} errors"
        )
        for err in summary["errors"][:10]:
            print("  " + err["message"])
    return 0 if not summary["errors"] else 1
