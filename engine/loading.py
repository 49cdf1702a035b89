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
import math
import os
import re
import stat
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import accumulate
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # annotations only: a reader of plain JSON (the desktop settings) needs no pydantic
    from pydantic import ValidationError

__all__ = [
    "KINDS",
    "FileKind",
    "LoadError",
    "check_depth",
    "check_line",
    "check_line_sizes",
    "decode",
    "json_type",
    "loads_json",
    "loads_toml",
    "numbered_lines",
    "pydantic_problem",
    "read_stream",
    "read_text",
    "shown",
]

MAX_INT_DIGITS = 12  # no number in a game has more (scores, seeds as numbers, tile ids...)
MAX_FLOAT_CHARS = 32  # a decimal number written with more characters than this is refused
BOM = "\ufeff"
STREAM_CHUNK = 1024 * 1024


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

    def __reduce__(self) -> Any:  # survives pickling (errors cross process boundaries in workers)
        return (_remake, (type(self), self.source, self.problem, self.line, self.field))


def _remake(
    cls: type[LoadError], source: str, problem: str, line: int | None, field: str | None
) -> LoadError:
    return cls(source, problem, line=line, field=field)


def read_text(path: str | os.PathLike[str], kind: str | FileKind, *, source: str | None = None) -> str:
    """The UTF-8 text of a file, refused before reading when it is larger than its kind allows."""
    fk = KINDS[kind] if isinstance(kind, str) else kind
    p = Path(path)
    name = source or str(p)
    try:
        info = p.stat()
        if stat.S_ISDIR(info.st_mode):
            raise LoadError(name, "is a folder, not a file")
        if not stat.S_ISREG(info.st_mode):
            raise LoadError(name, "is not a regular file (a pipe or a device cannot be loaded)")
        size = info.st_size
        if size > fk.max_bytes:
            raise LoadError(name, f"a {fk.name} is at most {_size(fk.max_bytes)}; this file is {_size(size)}")
        with p.open("rb") as fh:
            data = fh.read(size + 1)  # not max_bytes: read() sets aside as much as it is asked for
            if len(data) > size:  # it grows as we read (or its size says nothing, as in /proc)
                data += fh.read(fk.max_bytes + 1 - len(data))
    except OSError as exc:
        raise LoadError(name, f"cannot be read ({exc.strerror or exc})") from None
    if len(data) > fk.max_bytes:  # it grew while we looked
        raise LoadError(name, f"a {fk.name} is at most {_size(fk.max_bytes)}")
    return decode(data, name)


def read_stream(stream: Any, kind: str | FileKind, *, source: str) -> str:
    """The UTF-8 text of an open stream (standard input), refused once it passes its kind's size limit.

    A binary stream (one with a ``buffer``, like ``sys.stdin``) is decoded here; a text stream is read
    as it is."""
    fk = KINDS[kind] if isinstance(kind, str) else kind
    raw = getattr(stream, "buffer", None)
    reader = raw if raw is not None else stream
    chunks: list[Any] = []
    total = 0
    try:
        while total <= fk.max_bytes:
            chunk = reader.read(min(STREAM_CHUNK, fk.max_bytes + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
    except OSError as exc:
        raise LoadError(source, f"cannot be read ({exc.strerror or exc})") from None
    if total > fk.max_bytes:
        raise LoadError(source, f"a {fk.name} is at most {_size(fk.max_bytes)}")
    if raw is not None or (chunks and isinstance(chunks[0], bytes)):
        return decode(b"".join(chunks), source)
    return "".join(chunks).removeprefix(BOM)


def decode(data: bytes, source: str) -> str:
    """UTF-8 text (a leading byte order mark is dropped); :class:`LoadError` naming the line otherwise."""
    try:
        return data.decode("utf-8").removeprefix(BOM)
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise LoadError(source, f"is not UTF-8 text (byte {exc.start})", line=line) from None


def numbered_lines(text: str) -> Iterator[tuple[int, str]]:
    """``(number, line)`` for every line of ``text`` (split at ``\\n`` only, a trailing ``\\r``
    dropped: other separators such as U+2028 may stand inside a JSON string)."""
    for number, line in enumerate(text.split("\n"), 1):
        yield number, line.removesuffix("\r")


def check_line(line: str, kind: str | FileKind, source: str, number: int) -> None:
    """Refuse one line longer than its kind allows (in UTF-8 bytes)."""
    fk = KINDS[kind] if isinstance(kind, str) else kind
    limit = fk.max_line_bytes
    if limit is None or len(line) * 4 <= limit:
        return
    if len(line) > limit or len(line.encode("utf-8", "surrogatepass")) > limit:
        raise LoadError(source, f"a line is at most {_size(limit)}", line=number)


def check_line_sizes(lines: Sequence[str], kind: str | FileKind, source: str) -> None:
    fk = KINDS[kind] if isinstance(kind, str) else kind
    if fk.max_line_bytes is None:
        return
    for number, line in enumerate(lines, 1):
        if len(line) > fk.max_line_bytes:
            raise LoadError(source, f"a line is at most {_size(fk.max_line_bytes)}", line=number)


_QUOTED = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*(?:"|\Z)|\'[^\']*(?:\'|\Z)', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_OPEN_CLOSE = str.maketrans("[{]}", "(())")
_STEP = {"(": 1, ")": -1}


def check_depth(text: str, max_depth: int, source: str, *, line: int | None = None) -> None:
    """Refuse ``[``/``{`` nested deeper than ``max_depth`` (outside strings), before any parser
    recurses into them. Works for JSON and TOML alike, in time linear in the text (the scan runs in
    the regular expression engine; only the brackets are counted in Python)."""
    if text.count("[") + text.count("{") <= max_depth:
        return
    brackets = _NOT_BRACKET.sub("", _QUOTED.sub("", text)).translate(_OPEN_CLOSE)
    opened = brackets.count("(")
    if opened <= max_depth:
        return
    deep = "(" * (max_depth + 1) in brackets or max(accumulate(map(_STEP.__getitem__, brackets))) > max_depth
    if deep:
        raise LoadError(source, f"nested more than {max_depth} deep", line=line)


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number a file may hold")


def _parse_int(text: str) -> int:
    digits = text.lstrip("-")
    if len(digits) > MAX_INT_DIGITS:
        raise ValueError(f"a number of {len(digits)} digits is larger than anything in a game")
    return int(text)


def _parse_float(text: str) -> float:
    if len(text) > MAX_FLOAT_CHARS:
        raise ValueError(f"a number of {len(text)} characters is larger than anything in a game")
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"{shown(text)} is too large a number for a file")
    return value


_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")


def _check_surrogates(value: Any) -> None:
    """Refuse a string holding half of a surrogate pair (``"\\ud800"``): valid JSON, but not text."""
    try:
        json.dumps(value, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError as exc:
        code = ord(exc.object[exc.start])
        raise ValueError(
            f"a string holds \\u{code:04x}, half of a surrogate pair, which is not text"
        ) from None


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    obj = dict(pairs)
    if len(obj) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise ValueError(f"the key {shown(key)} appears twice in one object")
            seen.add(key)
    return obj


def loads_json(text: str, *, source: str, line: int | None = None, max_depth: int = 32) -> Any:
    """Parse JSON text with the limits above; a :class:`LoadError` (one line) for anything wrong."""
    check_depth(text, max_depth, source, line=line)
    try:
        value = json.loads(
            text,
            parse_constant=_refuse_constant,
            parse_int=_parse_int,
            parse_float=_parse_float,
            object_pairs_hook=_no_duplicates,
        )
        if "\\u" in text and _SURROGATE_ESCAPE.search(text):
            _check_surrogates(value)
        return value
    except json.JSONDecodeError as exc:
        at = exc.lineno if line is None else line
        raise LoadError(source, f"not JSON ({exc.msg}, column {exc.colno})", line=at) from None
    except (ValueError, RecursionError) as exc:
        raise LoadError(source, str(exc) or "not JSON", line=line) from None


def loads_toml(text: str, *, source: str, max_depth: int = 16) -> dict[str, Any]:
    import tomllib  # here: the desktop's start reads JSON only

    check_depth(text, max_depth, source)
    try:
        data = tomllib.loads(text, parse_float=_toml_float)
    except tomllib.TOMLDecodeError as exc:
        raise LoadError(source, f"not valid TOML ({exc})") from None
    except (ValueError, RecursionError) as exc:
        message = str(exc)
        if message.startswith("Exceeds the limit"):  # Python's own guard on long decimal numbers
            message = "a number is larger than anything in a game"
        raise LoadError(source, message or "not valid TOML") from None
    _check_toml_ints(data, source)
    return data


def _toml_float(text: str) -> float:
    if text.lower().lstrip("+-") in ("inf", "nan"):
        raise ValueError(f"{text} is not a number a file may hold")
    return _parse_float(text.replace("_", ""))


def _check_toml_ints(value: Any, source: str) -> None:
    if isinstance(value, bool):
        return
    if isinstance(value, int) and abs(value) >= 10**MAX_INT_DIGITS:
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
    elif error["type"] in ("dict_type", "model_type", "model_attributes_type"):
        message = f"must be a JSON object, not {json_type(error.get('input'))}"
    more = len(exc.errors()) - 1
    if more:
        message += f" (and {more} more problem{'s' if more > 1 else ''})"
    return field, message


def json_type(value: Any) -> str:
    """What a JSON value is, in words (``"a string"``, ``"null"``...), for messages."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "an array"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def shown(value: Any, limit: int = 40) -> str:
    """``repr(value)`` cut to ``limit`` characters, for messages about values a file holds."""
    if isinstance(value, str) and len(value) > 4 * limit:
        value = value[: 4 * limit]  # repr of a huge string is not built only to be cut
    elif isinstance(value, list | tuple | dict) and len(value) > limit:
        return f"a{'n object' if isinstance(value, dict) else ' list'} of {len(value)} items"
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _size(n: int) -> str:
    if n >= 1024 * 1024:
        return f"{n / (1024 * 1024):.0f} MB"
    if n >= 1024:
        return f"{n / 1024:.0f} KB"
    return f"{n} bytes"
