"""``tilehouse score``: score hand situations (see ``docs/situation.md``).

Reads one situation (a JSON object) or JSON Lines (one situation per line) from a file or standard
input and prints the results: with ``--json`` one compact JSON result per line, in input order;
without it a readable itemised breakdown. Exit code 0 when every input parsed (even if a hand is not
a valid win), 2 when the input cannot be read or a line is not JSON or goes beyond the limits of the
format (size, nesting, numbers, length of a field): every such line is named on standard error, one
line each (``hands.jsonl:3: not JSON (...)``), and still gets a result in its place.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, TextIO

from engine.loading import KINDS, LoadError, check_line, loads_json, numbered_lines, read_stream, read_text
from engine.situation import score_situation, situation_limits

EXIT_OK = 0
EXIT_BAD_INPUT = 2
STDIN = "-"


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "score",
        help="score hand situations (JSON or JSON Lines)",
        description="Score one hand situation (a JSON object) or many (JSON Lines, one per line).",
    )
    parser.add_argument("file", nargs="?", default=STDIN, metavar="FILE", help="input file, or - for stdin")
    parser.add_argument("--json", action="store_true", help="print one JSON result per line")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    source = "stdin" if args.file == STDIN else str(args.file)
    try:
        text = _read(args.file, source)
    except LoadError as exc:
        print(str(exc), file=sys.stderr)
        return EXIT_BAD_INPUT
    inputs, problems = _situations(text, source)
    if not inputs:
        print(f"{source}: no situation in the input", file=sys.stderr)
        return EXIT_BAD_INPUT
    out = sys.stdout
    for number, (situation, parse_error) in enumerate(inputs, 1):
        result = parse_error if parse_error is not None else score_situation(situation)
        if args.json:
            out.write(json.dumps(result, ensure_ascii=False, separators=(",", ":")) + "\n")
        else:
            _print_readable(out, result, number if len(inputs) > 1 else None)
    for problem in problems:
        print(str(problem), file=sys.stderr)
    return EXIT_BAD_INPUT if problems else EXIT_OK


def _read(path: str, source: str) -> str:
    if path == STDIN:
        return read_stream(sys.stdin, "situation", source=source)
    return read_text(path, "situation", source=source)


Entry = tuple[Any, dict[str, Any] | None]


def _situations(text: str, source: str) -> tuple[list[Entry], list[LoadError]]:
    """The parsed situations with, per entry, the error result for a refused line (else None), and the
    problems (one per refused line)."""
    kind = KINDS["situation"]
    lines = [(n, line) for n, line in numbered_lines(text) if line.strip()]
    if not lines:
        return [], []
    first_alone: Any = None
    if len(lines) > 1:  # JSON Lines when the first line is a whole JSON value on its own
        try:
            check_line(lines[0][1], kind, source, lines[0][0])
            first_alone = loads_json(lines[0][1], source=source, line=lines[0][0], max_depth=kind.max_depth)
        except LoadError:
            first_alone = None
    if len(lines) == 1 or first_alone is None:
        try:
            whole = loads_json(text, source=source, max_depth=kind.max_depth)
        except LoadError as exc:
            if len(lines) > 1 and not exc.problem.startswith("not JSON"):
                return [(None, _refused(exc))], [exc]  # one document, beyond a limit
        else:
            items = whole if isinstance(whole, list) else [whole]  # an array works like JSON Lines
            entries: list[Entry] = []
            problems: list[LoadError] = []
            for index, item in enumerate(items):
                beyond = situation_limits(item)
                if beyond is None:
                    entries.append((item, None))
                    continue
                where = f"{index}.{beyond[0]}" if isinstance(whole, list) else beyond[0]
                problem = LoadError(source, beyond[1], field=where.rstrip(".") or None)
                entries.append((None, _refused(problem)))
                problems.append(problem)
            return entries, problems
    entries = []
    problems = []
    for number, line in lines:
        try:
            check_line(line, kind, source, number)
            obj = loads_json(line, source=source, line=number, max_depth=kind.max_depth)
            beyond = situation_limits(obj)
            if beyond is not None:
                raise LoadError(source, beyond[1], line=number, field=beyond[0] or None)
        except LoadError as exc:
            entries.append((None, _refused(exc)))
            problems.append(exc)
            continue
        entries.append((obj, None))
    return entries, problems


def _refused(exc: LoadError) -> dict[str, Any]:
    where = f"line {exc.line}: " if exc.line is not None else ""
    what = f"{exc.field}: " if exc.field else ""
    return {"valid": False, "reason": f"{where}{what}{exc.problem}", "items": []}


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
