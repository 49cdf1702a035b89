"""``tilehouse replay LOG``: rebuild a game from its log and check it ends the same way.

``LOG`` is a Tilehouse log or an imported riichi log: tenhou.net/6 JSON, Tenhou mjlog XML or mjai JSON
Lines (the format is recognised from the file's first bytes). An imported log has no wall: it is rebuilt
from the recorded draws, every recorded action is applied through the engine, and each hand's result
is compared with the log's (``--ruleset`` names the rules it was played under; by default the riichi
preset with the log's own red fives and game length).

Exit code 0 when the rebuilt game ends as the log says (or the log has no summary), 1 when it ends
differently, 2 when the log cannot be read: one line on standard error naming the file, the line and
the field (``game.log:57: seat 2 pon 5p with 5p5p: ...`` for an action the game refuses).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

EXIT_BAD_INPUT = 2


def register(sub: Any) -> None:
    p = sub.add_parser("replay", help="re-run a game log (Tilehouse, tenhou.net/6, mjlog, mjai) and check it")
    p.add_argument("log", type=Path)
    p.add_argument("--ruleset", help="rules of an imported riichi log (file or preset)")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from engine.records.formats import MJAI, MJLOG, TENHOU6, sniff

    if sniff(args.log) in (TENHOU6, MJLOG, MJAI):
        return _run_imported(args)
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
        "format": "tilehouse",
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


def imported_rules(name: str | None) -> Any:
    """The riichi ruleset named on the command line (None: the importer's choice); RulesetError or
    ValueError with one line otherwise."""
    if name is None:
        return None
    from engine.rules import load_ruleset

    rules = load_ruleset(name)
    if rules.family != "riichi":
        raise ValueError(f"{name}: a {rules.family} ruleset; imported logs are riichi games")
    return rules


def _run_imported(args: argparse.Namespace) -> int:
    from engine.loading import LoadError
    from engine.records.formats import load_game
    from engine.rules import RulesetError

    try:
        loaded = load_game(args.log, rules=imported_rules(args.ruleset), check_invariants=True)
    except (LoadError, RulesetError, ValueError) as exc:
        print(" ".join(str(exc).split()), file=sys.stderr)
        return EXIT_BAD_INPUT
    replayed = loaded.replayed
    assert replayed is not None
    bad = [r for r in replayed.reports if not r.ok]
    problems = [f"{r.source}: {'; '.join(r.problems)}" for r in bad]
    out = {
        "log": str(args.log),
        "format": loaded.format,
        "actions": len(loaded.game.actions),
        "hands": len(replayed.reports),
        "same_result": replayed.ok,
        "problems": problems,
    }
    if args.json:
        print(json.dumps(out, ensure_ascii=False))
    else:
        verdict = "every hand replays to the log's result" if replayed.ok else "DIFFERS from the log"
        print(f"{args.log}: {loaded.format}, {out['hands']} hands, {out['actions']} actions: {verdict}")
        for line in problems:
            print(f"  {line}")
    return 0 if replayed.ok else 1
