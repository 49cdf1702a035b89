"""``tilehouse rules``: list, show, validate, compare and copy rulesets.

NAME, A and B may be a preset name, a user ruleset name or a path to a ``.toml`` file::

    tilehouse rules list [--family riichi] [--json]
    tilehouse rules show NAME [--json]
    tilehouse rules validate FILE [FILE ...]      # exit 2 and one line per refused file
    tilehouse rules diff A B [--json]
    tilehouse rules copy SOURCE NEW_NAME [--force]  # save as a user ruleset
    tilehouse rules keys [FAMILY] [--lang en|zh] [--json]

A ruleset that cannot be found, read or validated (and a copy that is refused) prints one line on
standard error naming the file and the keys at fault, and the command exits with status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from engine.rules import (
    RulesetError,
    describe,
    diff_rulesets,
    family_model,
    family_names,
    list_rulesets,
    load_ruleset,
    resolve_ruleset,
    ruleset_hash,
    save_user_ruleset,
    to_dict,
    to_toml,
)
from engine.rules.toml_io import format_value


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "rules",
        help="list, show, validate and compare rulesets",
        description="Rulesets are TOML files: read-only presets and your own rulesets. "
        "NAME may be a preset name, a user ruleset name or a file path.",
    )
    parser.set_defaults(func=lambda _args: _usage(parser))
    sub = parser.add_subparsers(dest="rules_command", metavar="ACTION")

    p = sub.add_parser("list", help="list presets and user rulesets")
    p.add_argument("--family", choices=family_names(), help="only this rule family")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=_cmd_list)

    p = sub.add_parser("show", help="print a ruleset as commented TOML (or JSON)")
    p.add_argument("name", metavar="NAME")
    p.add_argument("--json", action="store_true", help="print the full ruleset as JSON")
    p.set_defaults(func=_cmd_show)

    p = sub.add_parser("validate", help="check ruleset files; exit 2 if any is refused")
    p.add_argument("files", metavar="FILE", nargs="+")
    p.set_defaults(func=_cmd_validate)

    p = sub.add_parser("diff", help="show the keys whose values differ between two rulesets")
    p.add_argument("a", metavar="A")
    p.add_argument("b", metavar="B")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=_cmd_diff)

    p = sub.add_parser("copy", help="save a ruleset as a new user ruleset, to edit")
    p.add_argument("source", metavar="SOURCE")
    p.add_argument("new_name", metavar="NEW_NAME")
    p.add_argument("--force", action="store_true", help="overwrite a user ruleset of that name")
    p.set_defaults(func=_cmd_copy)

    p = sub.add_parser("keys", help="document every key of a family's rulesets")
    p.add_argument("family", metavar="FAMILY", nargs="?", default="riichi", choices=family_names())
    p.add_argument("--lang", choices=("en", "zh"), default="en")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=_cmd_keys)


def _usage(parser: argparse.ArgumentParser) -> int:
    parser.print_help()
    return 2


EXIT_REFUSED = 2


def _error(exc: RulesetError) -> int:
    print(str(exc), file=sys.stderr)
    return EXIT_REFUSED


def _cmd_list(args: argparse.Namespace) -> int:
    entries = list_rulesets(args.family)
    if args.json:
        rows = [
            {
                "name": e.name,
                "family": e.family,
                "read_only": e.read_only,
                "path": str(e.path),
                "hash": e.hash,
                "error": e.error,
            }
            for e in entries
        ]
        print(json.dumps(rows, indent=2, ensure_ascii=False))
        return 0
    if not entries:
        print("no rulesets found")
        return 0
    width = max(len(e.name) for e in entries)
    for e in entries:
        kind = "preset" if e.read_only else "user"
        status = "" if e.error is None else "  (BROKEN: " + e.error.splitlines()[0] + ")"
        print(f"{e.name:<{width}}  {e.family or '?':<8}  {kind:<6}  {e.path}{status}")
    return 0


def _cmd_show(args: argparse.Namespace) -> int:
    try:
        path = resolve_ruleset(args.name)
        rules = load_ruleset(path)
    except RulesetError as exc:
        return _error(exc)
    if args.json:
        print(json.dumps(to_dict(rules), indent=2, ensure_ascii=False))
    else:
        print(f"# source: {path}")
        print(f"# sha256: {ruleset_hash(rules)}")
        print(to_toml(rules), end="")
    return 0


def _cmd_validate(args: argparse.Namespace) -> int:
    code = 0
    for name in args.files:
        try:
            rules = load_ruleset(name)
        except RulesetError as exc:
            code = _error(exc)
            continue
        print(f"OK {name}: {rules.family} ruleset {rules.name!r} (sha256 {ruleset_hash(rules)[:16]})")
    return code


def _cmd_diff(args: argparse.Namespace) -> int:
    try:
        a = load_ruleset(args.a)
        b = load_ruleset(args.b)
    except RulesetError as exc:
        return _error(exc)
    rows = diff_rulesets(a, b)
    if args.json:
        data = [{"key": k, "a": _jsonable(va), "b": _jsonable(vb)} for k, va, vb in rows]
        print(json.dumps(data, indent=2, ensure_ascii=False))
        return 0
    if not rows:
        print(f"{args.a} and {args.b} are identical")
        return 0
    table = [("key", args.a, args.b)] + [(k, _show(va), _show(vb)) for k, va, vb in rows]
    widths = [max(len(row[i]) for row in table) for i in range(2)]
    for key, va, vb in table:
        print(f"{key:<{widths[0]}}  {va:<{widths[1]}}  {vb}")
    print(f"{len(rows)} difference{'s' if len(rows) != 1 else ''}")
    return 0


def _cmd_copy(args: argparse.Namespace) -> int:
    try:
        rules = load_ruleset(args.source)
        path = save_user_ruleset(rules, args.new_name, overwrite=args.force)
    except RulesetError as exc:
        return _error(exc)
    print(f"saved {path}")
    return 0


def _cmd_keys(args: argparse.Namespace) -> int:
    infos = describe(family_model(args.family))
    lang: str = args.lang
    if args.json:
        rows = [
            {
                "key": i.key,
                "type": i.kind,
                "default": _jsonable(i.default),
                "allowed": i.hint(),
                "title": i.title(lang),
                "description": i.description(lang),
                "section": i.section_title(lang),
                "rulebook": i.rulebook,
            }
            for i in infos
        ]
        print(json.dumps(rows, indent=2, ensure_ascii=False))
        return 0
    section = None
    for info in infos:
        if info.section != section:
            section = info.section
            print(f"\n[{info.section_title(lang)}]")
        print(f"{info.key} = {format_value(info.default)}    # {info.hint()}")
        print(f"    {info.title(lang)}: {info.description(lang)}")
    return 0


def _show(value: Any) -> str:
    return "(none)" if value is None else format_value(value)


def _jsonable(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value
