"""``tilehouse convert FILE --to FORMAT``: a game record in another format.

``FILE`` is any record ``tilehouse replay`` reads (a Tilehouse log, tenhou.net/6 JSON, Tenhou mjlog XML,
mjai JSON Lines). ``--to`` is ``tenhou6`` (tenhou.net/6 JSON, for viewers and reviewers), ``mjai``
(mjai JSON Lines, for bots) or ``tilehouse`` (the project's JSON Lines log: any family; an imported log
becomes a Tilehouse log with the walls rebuilt from its draws, which ``tilehouse replay`` and the
window read). Only finished hands are written unless ``--unfinished`` adds the hand in play. A riichi
format of a Sichuan or Lingxi game, or a file that cannot be read, is one line on standard error and
exit 2; an imported log whose replay differs from its own results is written all the same, with the
difference on standard error and exit 1.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

EXIT_BAD_INPUT = 2


def register(sub: Any) -> None:
    p = sub.add_parser("convert", help="write a game record as tenhou.net/6 JSON, mjai or a Tilehouse log")
    p.add_argument("record", type=Path, help="Tilehouse log, tenhou.net/6 JSON, Tenhou mjlog or mjai log")
    p.add_argument("--to", required=True, choices=("tenhou6", "mjai", "tilehouse"))
    p.add_argument("-o", "--output", type=Path, help="file to write (default: standard output)")
    p.add_argument("--ruleset", help="rules of an imported riichi log (file or preset)")
    p.add_argument("--names", help="the four players' names, comma-separated (riichi formats)")
    p.add_argument("--unfinished", action="store_true", help="also write the hand in play")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from engine.commands.replay import imported_rules
    from engine.loading import LoadError
    from engine.records.formats import load_game
    from engine.rules import RulesetError

    try:
        loaded = load_game(args.record, rules=imported_rules(args.ruleset))
        text = _write(loaded, args)
    except (LoadError, RulesetError, ValueError) as exc:
        print(" ".join(str(exc).split()), file=sys.stderr)
        return EXIT_BAD_INPUT
    if args.output is None:
        sys.stdout.write(text)
    else:
        tmp = args.output.with_name(args.output.name + ".tmp")
        tmp.write_text(text, encoding="utf-8")
        tmp.replace(args.output)
    if not loaded.same_result:
        from engine.records.hand_record import replay_problem

        problem = replay_problem(loaded.replayed) if loaded.replayed is not None else "a different summary"
        print(f"{args.record}: written, but the replay differs from the log: {problem}", file=sys.stderr)
        return 1
    return 0


def _write(loaded: Any, args: argparse.Namespace) -> str:
    game = loaded.game
    names = [n.strip() for n in args.names.split(",")] if args.names else list(loaded.names)
    if names and len(names) != 4:
        raise ValueError("--names takes four names")
    if args.to == "tilehouse":
        from engine.game.log import log_lines

        return "\n".join(log_lines(game)) + "\n"
    if args.to == "tenhou6":
        from engine.records.tenhou6 import export_tenhou6, tenhou6_text

        return tenhou6_text(export_tenhou6(game, names, unfinished=args.unfinished)) + "\n"
    from engine.records.mjai import export_mjai, mjai_lines

    return "\n".join(mjai_lines(export_mjai(game, names, unfinished=args.unfinished))) + "\n"
