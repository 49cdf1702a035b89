"""``tilehouse replay LOG``: rebuild a game from its log and check it ends the same way."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any


def register(sub: Any) -> None:
    p = sub.add_parser("replay", help="re-run a game log and check it rebuilds the same result")
    p.add_argument("log", type=Path)
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from engine.game.errors import IllegalAction
    from engine.game.log import LogError, read_log, rebuild, summary

    try:
        parsed = read_log(args.log)
        game = rebuild(parsed, check_invariants=True)
    except (OSError, LogError, IllegalAction) as exc:
        print(f"replay: {exc}")
        return 2
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
