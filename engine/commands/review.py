"""``tilehouse review LOG``: one seat's play beside the strong AI's, the largest differences per hand.

``LOG`` is any record ``tilehouse replay`` reads. For every decision of ``--seat`` with a real choice it
prints, per hand, how many agreed with the strong AI and the largest differences: the position to jump
to, the choice played and the AI's, and what it cost (shanten or acceptance lost, the deal-in chance
taken, expected points). ``--json`` prints the whole review (every decision, with the AI's reasons).
A log that cannot be read is one line on standard error and exit 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

EXIT_BAD_INPUT = 2
WINDS = "ESWN"


def register(sub: Any) -> None:
    p = sub.add_parser(
        "review", help="one seat's decisions beside the strong AI's, largest differences first"
    )
    p.add_argument("log", type=Path, help="Tilehouse log, tenhou.net/6 JSON, Tenhou mjlog or mjai log")
    p.add_argument("--seat", type=int, default=0, help="the seat reviewed (default 0)")
    p.add_argument("--top", type=int, default=3, help="differences listed per hand (default 3)")
    p.add_argument("--level", default="strong", help="the AI level to compare with (default strong)")
    p.add_argument("--ruleset", help="rules of an imported riichi log (file or preset)")
    p.add_argument("--json", action="store_true", help="print the whole review as one JSON object")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from engine.ai.agents import LEVELS
    from engine.commands.replay import imported_rules
    from engine.loading import LoadError
    from engine.messages import plain
    from engine.records.formats import load_game
    from engine.records.review import review_game
    from engine.rules import RulesetError

    if args.level not in LEVELS:
        print(f"review: unknown level {args.level!r} (known: {', '.join(LEVELS)})", file=sys.stderr)
        return EXIT_BAD_INPUT
    try:
        game = load_game(args.log, rules=imported_rules(args.ruleset)).game
    except (LoadError, RulesetError, ValueError) as exc:
        print(" ".join(str(exc).split()), file=sys.stderr)
        return EXIT_BAD_INPUT
    seats = len(game.match.scores)
    if not 0 <= args.seat < seats:
        print(f"review: --seat must be 0..{seats - 1}", file=sys.stderr)
        return EXIT_BAD_INPUT
    review = review_game(game, args.seat, level=args.level, top=max(0, args.top))
    if args.json:
        print(json.dumps(review.to_json(), ensure_ascii=False))
        return 0
    print(
        f"{args.log}: seat {args.seat}, {len(review.decisions)} decisions, "
        f"{review.agreement:.0%} as the {args.level} AI"
    )
    for hand in review.hands:
        wind = WINDS[(hand.round_wind - 27) % 4]
        print(
            f"hand {hand.hand + 1} ({wind}, dealer seat {hand.dealer}, honba {hand.honba}): "
            f"{hand.agreements}/{len(hand.decisions)} agree"
        )
        for d in hand.largest:
            print(
                f"  at {d.position}: played {d.played.describe()}, AI {d.suggested.describe()}: "
                f"{plain(d.verdict)}"
            )
    return 0
