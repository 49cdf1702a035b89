"""``tilehouse conformance DIR``: replay every recorded riichi hand and compare results.

Every ``*.json`` file of the folder (mjx JSON Lines, one hand per line) is read through the loading
layer (an imported log: at most 32 MB, UTF-8, nested at most 48 deep, no NaN or absurd numbers) and
each hand's record is checked for what the replay reads before it is replayed: a hidden wall of the
136 tiles, the starting scores, a list of events. A file that fails is named with its line on standard
error (one line) and the command exits 2. Exit 0 when every hand conforms, 1 otherwise.

The folder may also hold imported riichi logs — tenhou.net/6 JSON (``*.json``), Tenhou mjlog
(``*.mjlog``, ``*.xml``) and mjai (``*.mjson``, ``*.jsonl``, or ``*.json`` holding mjai events): each is
replayed on walls rebuilt from its draws and every hand's result is compared with the log's
(:mod:`engine.records.hand_record`).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

EXIT_BAD_INPUT = 2
IMPORTED_SUFFIXES = (".mjlog", ".xml", ".mjson", ".jsonl")
Small = Annotated[int, Field(ge=0, le=10_000)]
Score = Annotated[int, Field(ge=-(10**9), le=10**9)]


class _Hidden(BaseModel):
    model_config = ConfigDict(extra="allow", strict=True)

    wall: list[int]

    @field_validator("wall")
    @classmethod
    def _whole_wall(cls, wall: list[int]) -> list[int]:
        if sorted(wall) != list(range(136)):
            raise ValueError(f"must hold each of the 136 riichi tile ids once (it holds {len(wall)} ids)")
        return wall


class _InitScore(BaseModel):
    model_config = ConfigDict(extra="allow", strict=True)

    tens: list[Score] = Field(default_factory=lambda: [25000] * 4, min_length=4, max_length=4)
    round: Small = 0
    honba: Small = 0
    riichi: Small = 0


class _Public(BaseModel):
    model_config = ConfigDict(extra="allow", strict=True)

    initScore: _InitScore = Field(default_factory=_InitScore)
    events: list[dict[str, Any]] = Field(default_factory=list)


class _Record(BaseModel):
    model_config = ConfigDict(extra="allow", strict=True)

    hiddenState: _Hidden
    publicObservation: _Public
    roundTerminal: dict[str, Any] | None = None


def register(sub: Any) -> None:
    p = sub.add_parser("conformance", help="replay the mjx riichi hands and check every result")
    p.add_argument("folder", type=Path, help="folder of mjx JSON files (one hand per line)")
    p.add_argument("--verbose", "-v", action="store_true", help="list every non-conforming hand")
    p.add_argument("--json", action="store_true", help="print a JSON summary")
    p.set_defaults(func=run)


def read_records(path: Path) -> list[tuple[int, dict[str, Any]]]:
    """The hand records of one mjx file with their line numbers; :class:`LoadError` for a bad one."""
    from engine.loading import KINDS, LoadError, loads_json, numbered_lines, pydantic_problem, read_text

    kind = KINDS["import"]
    source = str(path)
    records: list[tuple[int, dict[str, Any]]] = []
    for number, line in numbered_lines(read_text(path, kind, source=source)):
        if not line.strip():
            continue
        record = loads_json(line, source=source, line=number, max_depth=kind.max_depth)
        try:
            _Record.model_validate(record)
        except ValidationError as exc:
            where, problem = pydantic_problem(exc)
            raise LoadError(source, problem, line=number, field=where or None) from None
        records.append((number, record))
    return records


def run(args: argparse.Namespace) -> int:
    from engine.conformance.mjx import HandReport, replay_hand
    from engine.loading import LoadError

    folder: Path = args.folder
    if not folder.is_dir():
        print(f"{folder}: is not a folder", file=sys.stderr)
        return EXIT_BAD_INPUT
    from engine.records.formats import MJX, TILEHOUSE, read_record, sniff
    from engine.records.hand_record import RecordedGame, replay_record

    reports: list[HandReport] = []
    paths = sorted(p for p in folder.iterdir() if p.suffix in IMPORTED_SUFFIXES or p.suffix == ".json")
    try:
        files: list[tuple[Path, list[tuple[int, dict[str, Any]]], RecordedGame | None]] = []
        for path in paths:
            fmt = sniff(path)
            if fmt in (MJX, TILEHOUSE):  # a file that is no imported log is read (and refused) as mjx
                if path.suffix == ".json":
                    files.append((path, read_records(path), None))
            else:
                files.append((path, [], read_record(path, fmt)))
    except LoadError as exc:
        print(str(exc), file=sys.stderr)
        return EXIT_BAD_INPUT
    for path, records, imported in files:
        for number, record in records:
            reports.append(replay_hand(record, None, f"{path.name}:{number}"))
        if imported is not None:
            imported.source = path.name
            try:
                reports.extend(replay_record(imported).reports)
            except LoadError as exc:
                reports.append(HandReport(path.name, False, [exc.problem]))
    bad = [r for r in reports if not r.ok]
    if args.json:
        print(
            json.dumps(
                {
                    "hands": len(reports),
                    "conform": len(reports) - len(bad),
                    "failures": [{"hand": r.source, "problems": r.problems} for r in bad],
                }
            )
        )
    else:
        for r in bad if args.verbose else bad[:20]:
            print(f"{r.source}: {'; '.join(r.problems)}")
        print(f"{len(reports) - len(bad)}/{len(reports)} hands conform")
    return 0 if reports and not bad else 1
