"""``tilehouse score``: score hand situations (see ``docs/situation.md``).

Reads one situation (a JSON object) or JSON Lines (one situation per line) from a file or standard
input and prints the results: with ``--json`` one compact JSON result per line, in input order;
without it a readable itemised breakdown. Exit code 0 when every input parsed (even if a hand is not
a valid win), 2 when the input cannot be read or a line is not JSON.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, TextIO

from engine.situation import score_situation

EXIT_OK = 0
EXIT_BAD_INPUT = 2


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "score",
        help="score hand situations (JSON or JSON Lines)",
        description="Score one hand situation (a JSON object) or many (JSON Lines, one per line).",
    )
    parser.add_argument("file", nargs="?", default="-", metavar="FILE", help="input file, or - for stdin")
    parser.add_argument("--json", action="store_true", help="print one JSON result per line")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    try:
        text = _read(args.file)
    except (OSError, UnicodeDecodeError) as exc:
        print(f"tilehouse score: cannot read {args.file}: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    inputs, code = _situations(text)
    if not inputs:
        print("tilehouse score: no situation in the input", file=sys.stderr)
        return EXIT_BAD_INPUT
    out = sys.stdout
    for number, (situation, parse_error) in enumerate(inputs, 1):
        result = parse_error if parse_error is not None else score_situation(situation)
        if args.json:
            out.write(json.dumps(result, ensure_ascii=False, separators=(",", ":")) + "\n")
        else:
            _print_readable(out, result, number if len(inputs) > 1 else None)
    if code != EXIT_OK:
        print("tilehouse score: some input lines are not JSON", file=sys.stderr)
    return code


def _read(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    with open(path, encoding="utf-8") as handle:
        return handle.read()


def _situations(text: str) -> tuple[list[tuple[Any, dict[str, Any] | None]], int]:
    """The parsed situations with, per entry, the error result for an unparsable line (else None)."""
    stripped = text.strip()
    if not stripped:
        return [], EXIT_BAD_INPUT
    try:
        whole = json.loads(stripped)
    except json.JSONDecodeError:
        pass
    else:
        if isinstance(whole, list):  # a JSON array of situations works like JSON Lines
            return [(item, None) for item in whole], EXIT_OK
        return [(whole, None)], EXIT_OK
    entries: list[tuple[Any, dict[str, Any] | None]] = []
    code = EXIT_OK
    for line_number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            entries.append((json.loads(line), None))
        except json.JSONDecodeError as exc:
            code = EXIT_BAD_INPUT
            reason = f"line {line_number}: not JSON: {exc.msg} at column {exc.colno}"
            entries.append((None, {"valid": False, "reason": reason, "items": []}))
    return entries, code


def _print_readable(out: TextIO, result: dict[str, Any], number: int | None) -> None:
    title = f"#{number}" if number is not None else ""
    if "id" in result:
        title = f"{title} {result['id']}".strip()
    if title:
        out.write(f"{title}\n")
    if not result.get("valid"):
        out.write(f"  not a valid win: {result.get('reason')}\n\n")
        return
    items = result.get("items", [])
    variant = result.get("variant")
    if "han" in result:
        unit = "han"
    elif variant == "sichuan":
        unit = "fan" if result.get("model") == "fan" else "pt"
    elif variant == "lingxi":
        unit = "台"
    else:
        unit = "points"
    width = max([len(str(item["name"])) for item in items] + [10])
    for item in items:
        out.write(f"  {item['name']:<{width}}  {item['value']:>3} {unit}\n")
    if "han" in result:
        _print_riichi_total(out, result)
    elif variant == "sichuan":
        capped = " (capped)" if result.get("capped") else ""
        out.write(f"  = {result.get('fan', 0)} {unit}{capped}: worth {result.get('value')}\n")
    elif variant == "lingxi":
        out.write(f"  = {result.get('tai')} 台, {result.get('final_tai')} after doubling\n")
    out.write("\n")


def _print_riichi_total(out: TextIO, result: dict[str, Any]) -> None:
    if result["yakuman"]:
        value = result["limit"]
    else:
        value = f"{result['han']} han {result['fu']} fu" + (f", {result['limit']}" if result["limit"] else "")
    out.write(f"  = {value}: {result['points']} points\n")
    pay = result["payments"]
    if pay["ron"]:
        out.write(f"  the discarder pays {pay['ron']}\n")
    elif pay["tsumo_dealer"]:
        out.write(f"  tsumo: the dealer pays {pay['tsumo_dealer']}, each other player {pay['tsumo_each']}\n")
    else:
        out.write(f"  tsumo: each player pays {pay['tsumo_each']}\n")
    bonus = result["honba_bonus"] + result["riichi_sticks_bonus"]
    if bonus:
        out.write(
            f"  + honba {result['honba_bonus']} + riichi sticks {result['riichi_sticks_bonus']}"
            f" = {result['total']} in all\n"
        )
    if result["fu_items"]:
        parts = ", ".join(f"{item['name']} {item['value']}" for item in result["fu_items"])
        out.write(f"  fu: {parts}\n")
