"""One loading layer for every file a person can hand the game: bounded, and refused in one line.

Logs, saves, rulesets, situations, settings and imported logs all go through here before anything
parses them: the file's size is checked against its kind's limit before it is read, its text must be
UTF-8, its nesting depth is checked before a parser recurses into it, JSON may not hold ``NaN`` or
``Infinity``, and an integer of more digits than anything in a game is refused. What is left is
validated field by field by the format's own pydantic model. Every problem is a :class:`LoadError`
whose message is one line naming the file, the line and the field::

    game.log:12: action.seat: must be 0..3, not 5

Each command turns a ``LoadError`` into that line on standard error and exit code 2; the window shows
it in a message box and leaves the game it had untouched.

>>> loads_json('{"a": [1, 2]}', source="x.json")
{'a': [1, 2]}
>>> loads_json("[" * 100 + "]" * 100, source="x.json")
Traceback (most recent call last):
...
engine.loading.LoadError: x.json: nested more than 32 deep
>>> loads_json('{"a": NaN}', source="x.json", line=3)
Traceback (most recent call last):
...
engine.loading.LoadError: x.json:3: NaN is not a number a file may hold
"""

from __future__ import annotations

import json
import os
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import ValidationError

__all__ = [
    "KINDS",
    "FileKind",
    "LoadError",
    "check_depth",
    "loads_json",
    "loads_toml",
    "pydantic_problem",
    "read_text",
]

MAX_INT_DIGITS = 12  # no number in a game has more (scores, seeds as numbers, tile ids...)


@dataclass(frozen=True)
class FileKind:
    """Limits of one kind of file (documented in the format's page under docs/)."""

    name: str
    max_bytes: int
    max_depth: int
    max_line_bytes: int | None = None  # for line-oriented files (JSON Lines)


KINDS: dict[str, FileKind] = {
    "log": FileKind("game log", 16 * 1024 * 1024, 32, 1024 * 1024),
    "save": FileKind("save", 16 * 1024 * 1024, 32, 1024 * 1024),
    "ruleset": FileKind("ruleset", 256 * 1024, 16),
    "situation": FileKind("situation input", 16 * 1024 * 1024, 16, 64 * 1024),
    "settings": FileKind("settings", 256 * 1024, 8),
    "import": FileKind("imported log", 32 * 1024 * 1024, 48),
}


class LoadError(ValueError):
    """A file that cannot be loaded. ``str(error)`` is one line: ``source[:line]: [field: ]problem``."""

    def __init__(
        self, source: str, problem: str, *, line: int | None = None, field: str | None = None
    ) -> None:
        self.source = source
        self.line = line
        self.field = field
        self.problem = " ".join(problem.split())  # always one line
        where = f"{source}:{line}" if line is not None else source
        text = f"{field}: {self.problem}" if field else self.problem
        super().__init__(f"{where}: {text}")


def read_text(path: str | os.PathLike[str], kind: str | FileKind, *, source: str | None = None) -> str:
    """The UTF-8 text of a file, refused before reading when it is larger than its kind allows."""
    fk = KINDS[kind] if isinstance(kind, str) else kind
    p = Path(path)
    name = source or str(p)
    try:
        size = p.stat().st_size
        if size > fk.max_bytes:
            raise LoadError(name, f"a {fk.name} is at most {_size(fk.max_bytes)}; this file is {_size(size)}")
        with p.open("rb") as fh:
            data = fh.read(fk.max_bytes + 1)
    except OSError as exc:
        raise LoadError(name, f"cannot be read ({exc.strerror or exc})") from None
    if len(data) > fk.max_bytes:  # it grew while we looked
        raise LoadError(name, f"a {fk.name} is at most {_size(fk.max_bytes)}")
    return decode(data, name)


def decode(data: bytes, source: str) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise LoadError(source, f"is not UTF-8 text (byte {exc.start})", line=line) from None


def check_line_sizes(lines: Sequence[str], kind: str | FileKind, source: str) -> None:
    fk = KINDS[kind] if isinstance(kind, str) else kind
    if fk.max_line_bytes is None:
        return
    for number, line in enumerate(lines, 1):
        if len(line) > fk.max_line_bytes:
            raise LoadError(source, f"a line is at most {_size(fk.max_line_bytes)}", line=number)


def check_depth(text: str, max_depth: int, source: str, *, line: int | None = None) -> None:
    """Refuse ``[``/``{`` nested deeper than ``max_depth`` (outside strings), before any parser
    recurses into them. Works for JSON and TOML alike."""
    depth = 0
    in_string = ""
    escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\" and in_string == '"':
                escaped = True
            elif ch == in_string:
                in_string = ""
            continue
        if ch in "\"'":
            in_string = ch
        elif ch in "[{":
            depth += 1
            if depth > max_depth:
                raise LoadError(source, f"nested more than {max_depth} deep", line=line)
        elif ch in "]}":
            depth -= 1


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number a file may hold")


def _parse_int(text: str) -> int:
    digits = text.lstrip("-")
    if len(digits) > MAX_INT_DIGITS:
        raise ValueError(f"a number of {len(digits)} digits is larger than anything in a game")
    return int(text)


def loads_json(text: str, *, source: str, line: int | None = None, max_depth: int = 32) -> Any:
    """Parse JSON text with the limits above; a :class:`LoadError` (one line) for anything wrong."""
    check_depth(text, max_depth, source, line=line)
    try:
        return json.loads(text, parse_constant=_refuse_constant, parse_int=_parse_int)
    except json.JSONDecodeError as exc:
        at = exc.lineno if line is None else line
        raise LoadError(source, f"not JSON ({exc.msg}, column {exc.colno})", line=at) from None
    except (ValueError, RecursionError) as exc:
        raise LoadError(source, str(exc) or "not JSON", line=line) from None


def loads_toml(text: str, *, source: str, max_depth: int = 16) -> dict[str, Any]:
    check_depth(text, max_depth, source)
    try:
        data = tomllib.loads(text, parse_float=_toml_float)
    except tomllib.TOMLDecodeError as exc:
        raise LoadError(source, f"not TOML ({exc})") from None
    except (ValueError, RecursionError) as exc:
        raise LoadError(source, str(exc) or "not TOML") from None
    _check_toml_ints(data, source)
    return data


def _toml_float(text: str) -> float:
    if text.lower().lstrip("+-") in ("inf", "nan"):
        raise ValueError(f"{text} is not a number a file may hold")
    return float(text)


def _check_toml_ints(value: Any, source: str) -> None:
    if isinstance(value, bool):
        return
    if isinstance(value, int) and len(str(abs(value))) > MAX_INT_DIGITS:
        raise LoadError(source, "a number is larger than anything in a game")
    if isinstance(value, dict):
        for v in value.values():
            _check_toml_ints(v, source)
    elif isinstance(value, list):
        for v in value:
            _check_toml_ints(v, source)


def pydantic_problem(exc: ValidationError, prefix: str = "") -> tuple[str, str]:
    """(field, problem) of the first error of a pydantic validation, for a one-line message."""
    error = exc.errors(include_url=False)[0]
    field = ".".join(str(p) for p in (prefix, *error["loc"]) if p != "")
    message = str(error["msg"]).removeprefix("Value error, ")
    if error["type"] == "extra_forbidden":
        message = "unknown key"
    elif error["type"] == "missing":
        message = "missing"
    more = len(exc.errors()) - 1
    if more:
        message += f" (and {more} more problem{'s' if more > 1 else ''})"
    return field, message


def _size(n: int) -> str:
    if n >= 1024 * 1024:
        return f"{n / (1024 * 1024):.0f} MB"
    if n >= 1024:
        return f"{n / 1024:.0f} KB"
    return f"{n} bytes"
