"""``tilehouse replay LOG``: rebuild a game from its log and check it ends the same way.

Exit code 0 when the rebuilt game ends as the log's summary says (or the log has no summary), 1 when it
ends differently, 2 when the log cannot be read: one line on standard error naming the file, the line
and the field (``game.log:57: seat 2 pon 5p with 5p5p: ...`` for an action the game refuses).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

EXIT_BAD_INPUT = 2


def register(sub: Any) -> None:
    p = sub.add_parser("replay", help="re-run a game log and check it rebuilds the same result")
    p.add_argument("log", type=Path)
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from engine.game.log import read_log, rebuild, summary
    from engine.loading import LoadError

    try:
        parsed = read_log(args.log)
        game = rebuild(parsed, check_invariants=True)
    except LoadError as exc:  # LogError and IllegalLoggedAction are LoadErrors: one line each
        print(str(exc), file=sys.stderr)
        return EXIT_BAD_INPUT
    got = summary(game)
    same = parsed.same_result(game)
    out = {
        "log": str(args.log),
        "actions": len(parsed.actions),
        "hands": got["hands"],
        "same_result": same,
        "had_summary": parsed.summary is not None,
    }
    if args.json:
        print(json.dumps(out))
    else:
        verdict = "rebuilds the same result" if same else "DIFFERS from its recorded result"
        print(f"{args.log}: {len(parsed.actions)} actions, {got['hands']} hands: {verdict}")
    return 0 if same else 1
