"""The drills' score history: one JSON line per answered question in the user data folder.

``<user data>/drills/history.jsonl`` (``TILEHOUSE_DATA_DIR`` moves the folder)::

    {"time": "2025-05-01T10:12:03", "drill": "discard", "family": "riichi", "correct": true,
     "score": 100, "detail": {"chosen": "7z", "best": ["7z", "1m"], "seed": "..."}}

Lines that cannot be read (a crash in the middle of a write, a hand edit) are skipped.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from engine.resources import user_data_path

HISTORY_FILE = "history.jsonl"


def history_path() -> Path:
    return user_data_path("drills", HISTORY_FILE)


def record_answer(
    drill: str, family: str, *, correct: bool, score: int, detail: dict[str, Any] | None = None
) -> dict[str, Any]:
    """Append one answer to the history and return the record written."""
    record = {
        "time": datetime.now().isoformat(timespec="seconds"),
        "drill": drill,
        "family": family,
        "correct": bool(correct),
        "score": int(score),
        "detail": detail or {},
    }
    path = history_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("a", encoding="utf-8") as fh:
        fh.write(json.dumps(record, ensure_ascii=False) + "\n")
    return record


def load_history(drill: str | None = None, family: str | None = None) -> list[dict[str, Any]]:
    """Every readable record, oldest first, optionally of one drill and one family."""
    path = history_path()
    if not path.is_file():
        return []
    out: list[dict[str, Any]] = []
    for record in _read(path.read_text(encoding="utf-8", errors="replace").splitlines()):
        if drill is not None and record.get("drill") != drill:
            continue
        if family is not None and record.get("family") != family:
            continue
        out.append(record)
    return out


def _read(lines: Iterable[str]) -> Iterable[dict[str, Any]]:
    for line in lines:
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError:
            continue
        if isinstance(record, dict) and isinstance(record.get("drill"), str):
            yield record


@dataclass(frozen=True)
class HistorySummary:
    answered: int
    correct: int
    average_score: float
    recent: tuple[bool, ...]  # the last answers, oldest first (at most 20)

    @property
    def rate(self) -> float:
        return self.correct / self.answered if self.answered else 0.0


def summarize(records: list[dict[str, Any]]) -> HistorySummary:
    answered = len(records)
    correct = sum(1 for r in records if r.get("correct"))
    scores = [int(r.get("score", 0)) for r in records]
    average = sum(scores) / answered if answered else 0.0
    recent = tuple(bool(r.get("correct")) for r in records[-20:])
    return HistorySummary(answered, correct, average, recent)
