"""Which format a record file is, and reading any of them into a game.

:func:`sniff` looks at the first bytes only (it never decides an error): ``<`` opens a Tenhou mjlog,
a first line ``{"log": "tilehouse", ...}`` a Tilehouse log, a first line holding an mjai event (or a
JSON array of them) an mjai log, a first line with ``hiddenState`` an mjx hand, and a JSON object with
a ``log`` list a tenhou.net/6 log. Anything else is read as a Tilehouse log, whose reader names the
problem. :func:`load_game` returns the game of any of them: a Tilehouse log rebuilt from its actions,
an imported log played through the engine on walls rebuilt from its draws
(:func:`~engine.records.hand_record.replay_record`).
"""

from __future__ import annotations

import json
import os
import re
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.game.game import Game
from engine.records.hand_record import RecordedGame, ReplayedRecord, replay_record
from engine.rules.riichi import RiichiRules

TILEHOUSE = "tilehouse"
TENHOU6 = "tenhou.net/6"
MJLOG = "mjlog"
MJAI = "mjai"
MJX = "mjx"
SNIFF_BYTES = 64 * 1024
_TILEHOUSE_HEADER = re.compile(r'\{\s*"log"\s*:\s*"tilehouse"')
_TENHOU6_START = re.compile(r'\{\s*"(?:title|name|rule|log|ver|ref)"')
_TENHOU6_LOG = re.compile(r'"log"\s*:\s*\[')
WRITABLE = ("tilehouse", "tenhou6", "mjai")


def sniff(path: Path | str) -> str:
    """The format of a record file, from its first bytes (a file that cannot be read, or that is not a
    regular file — a folder, a pipe, a device — is left to the Tilehouse log reader, which refuses it)."""
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return TILEHOUSE
        with open(path, "rb") as fh:
            head = fh.read(SNIFF_BYTES).decode("utf-8", errors="replace").lstrip("\ufeff \t\r\n")
    except OSError:
        return TILEHOUSE
    if head.startswith("<"):
        return MJLOG
    if _TILEHOUSE_HEADER.match(head):
        return TILEHOUSE
    first = head.split("\n", 1)[0].strip()
    try:
        obj: Any = json.loads(first)
    except (ValueError, RecursionError):
        obj = None
    if isinstance(obj, dict):
        if obj.get("log") == "tilehouse":
            return TILEHOUSE
        if "hiddenState" in obj:
            return MJX
        if isinstance(obj.get("type"), str):
            return MJAI
        if isinstance(obj.get("log"), list):
            return TENHOU6
    if isinstance(obj, list) and obj and isinstance(obj[0], dict) and isinstance(obj[0].get("type"), str):
        return MJAI
    if obj is None and _TENHOU6_START.match(head) and _TENHOU6_LOG.search(head):
        return TENHOU6  # a tenhou.net/6 log written over several lines
    return TILEHOUSE


def read_record(path: Path | str, fmt: str, *, rules: RiichiRules | None = None) -> RecordedGame:
    """An imported log (tenhou.net/6, mjlog or mjai) as recorded hands."""
    if fmt == TENHOU6:
        from engine.records.tenhou6 import read_tenhou6

        return read_tenhou6(path, rules=rules)
    if fmt == MJLOG:
        from engine.records.mjlog import read_mjlog

        return read_mjlog(path, rules=rules)
    if fmt == MJAI:
        from engine.records.mjai import read_mjai

        return read_mjai(path, rules=rules)
    raise ValueError(f"{fmt} is not an imported format")


@dataclass
class LoadedGame:
    """A record file read and rebuilt: its format, the game, and for an imported log the replay with
    its per-hand comparison (None for a Tilehouse log, whose summary is compared instead)."""

    format: str
    game: Game
    replayed: ReplayedRecord | None = None
    names: tuple[str, ...] = ()
    same_result: bool = True


def load_game(
    path: Path | str, *, rules: RiichiRules | None = None, check_invariants: bool = False
) -> LoadedGame:
    """The game of any record file; :class:`~engine.loading.LoadError` (one line) when it cannot be read."""
    fmt = sniff(path)
    if fmt in (TILEHOUSE, MJX):
        if fmt == MJX:
            from engine.records.hand_record import RecordError

            raise RecordError(
                str(path), "an mjx file holds conformance hands: run tilehouse conformance on its folder"
            )
        from engine.game.log import read_log, rebuild

        parsed = read_log(Path(path))
        game = rebuild(parsed, check_invariants=check_invariants)
        return LoadedGame(TILEHOUSE, game, None, (), parsed.same_result(game))
    record = read_record(path, fmt, rules=rules)
    replayed = replay_record(record, check_invariants=check_invariants)
    return LoadedGame(fmt, replayed.game, replayed, record.names, replayed.ok)
