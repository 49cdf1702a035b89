"""Play statistics: one JSON line per finished hand, summed up per rule family.

The desktop appends a :class:`HandRecord` to ``<user data>/stats/hands.jsonl`` when a hand of a game
with a person at the table ends (practice games — undo or the sandbox's practice tools — are left
out): :func:`record_from_report` makes it from the hand's settlement report (the table's account of
the hand), :func:`record_from_result` from a bare :class:`~engine.game.state.HandResult`. Reading is
cheap and happens only when the statistics window opens; broken lines are skipped.

>>> from engine.game.state import HandResult, Win
>>> result = HandResult("win", wins=(Win(seat=0, from_seat=2, tile=0, points=3900),),
...                     score_changes=(3900, 0, -3900, 0))
>>> r = record_from_result(result, family="riichi", seat=0, match="riichi:7", hand=1)
>>> r.won, r.dealt_in, r.win_value, r.score_change
(True, False, 3900, 3900)
>>> s = summarize([r])["riichi"]
>>> s.hands, s.win_rate, s.average_win
(1, 1.0, 3900.0)

>>> from engine.agents.simple import SimpleAgent
>>> from engine.game.game import Game
>>> from engine.game.play import play_hand
>>> from engine.rules import default_ruleset
>>> game = Game(default_ruleset("sichuan"), seed=1)
>>> play_hand(game, [SimpleAgent(s) for s in range(4)])
>>> report = game.reports[-1]
>>> rec = record_from_report(report, seat=0, match="sichuan:1", hand=1)
>>> rec.family, rec.kind == report.kind, rec.score_change == report.seats[0].change
('sichuan', True, True)
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import asdict, dataclass, field, fields
from datetime import datetime
from pathlib import Path
from typing import Any

from engine.game.settlement import SettlementReport
from engine.game.state import HandResult
from engine.resources import user_data_path

STATS_FILE = ("stats", "hands.jsonl")


def stats_path() -> Path:
    return user_data_path(*STATS_FILE)


@dataclass(frozen=True)
class HandRecord:
    """One finished hand, seen from the person's seat."""

    time: str
    family: str
    match: str  # identifies the match (family, seed and ruleset), so that its hands group together
    hand: int  # 1-based hand number within the match
    seat: int
    kind: str  # "win", "exhaustive_draw", "abortive_draw"
    won: bool
    dealt_in: bool
    win_value: int  # the value of the person's own win(s), in the family's points
    score_change: int
    match_over: bool = False
    ruleset: str = ""
    players: int = 4  # the seats of the match (records written before seat counts were four-player)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> HandRecord:
        names = {f.name for f in fields(cls)}
        return cls(**{k: v for k, v in data.items() if k in names})


def record_from_result(
    result: HandResult,
    *,
    family: str,
    seat: int,
    match: str,
    hand: int,
    ruleset: str = "",
    match_over: bool = False,
    when: datetime | None = None,
) -> HandRecord:
    """The record of ``result`` for the person at ``seat``."""
    own = [w for w in result.wins if w.seat == seat]
    dealt_in = any(w.from_seat == seat and w.seat != seat for w in result.wins)
    changes = list(result.score_changes)
    return HandRecord(
        time=(when or datetime.now()).isoformat(timespec="seconds"),
        family=family,
        match=match,
        hand=hand,
        seat=seat,
        kind=result.kind,
        won=bool(own),
        dealt_in=dealt_in,
        win_value=sum(int(w.points) for w in own),
        score_change=int(changes[seat]) if seat < len(changes) else 0,
        match_over=match_over,
        ruleset=ruleset,
        players=len(changes) or 4,
    )


def record_from_report(
    report: SettlementReport,
    *,
    seat: int,
    match: str,
    hand: int,
    ruleset: str = "",
    match_over: bool = False,
    when: datetime | None = None,
) -> HandRecord:
    """The record of a settled hand for the person at ``seat``: their own wins (what each payer owed
    them), whether they dealt in, and their change over the hand from the report's ledger."""
    own = [w for w in report.wins if w.seat == seat]
    dealt_in = any(w.from_seat == seat and w.seat != seat for w in report.wins)
    change = next((s.change for s in report.seats if s.seat == seat), 0)
    return HandRecord(
        time=(when or datetime.now()).isoformat(timespec="seconds"),
        family=report.family,
        match=match,
        hand=hand,
        seat=seat,
        kind=report.kind,
        won=bool(own),
        dealt_in=dealt_in,
        win_value=sum(int(w.points) for w in own),
        score_change=int(change),
        match_over=match_over,
        ruleset=ruleset,
        players=len(report.seats) or 4,
    )


def append_record(record: HandRecord) -> Path:
    path = stats_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("a", encoding="utf-8") as fh:
        fh.write(json.dumps(record.to_json(), ensure_ascii=False) + "\n")
    return path


def load_records(family: str | None = None, players: int | None = None) -> list[HandRecord]:
    """Every readable record, oldest first (only ``family``'s, and only those of matches of
    ``players`` seats, when given: rates at two, three and four seats do not compare)."""
    path = stats_path()
    if not path.is_file():
        return []
    out = []
    for record in _parse(path.read_text(encoding="utf-8", errors="replace").splitlines()):
        if (family is None or record.family == family) and (players is None or record.players == players):
            out.append(record)
    return out


def _parse(lines: Iterable[str]) -> Iterable[HandRecord]:
    for line in lines:
        if not line.strip():
            continue
        try:
            data = json.loads(line)
            record = HandRecord.from_json(data)
        except (json.JSONDecodeError, TypeError, AttributeError):
            continue
        if (
            isinstance(record.family, str)
            and isinstance(record.score_change, int)
            and isinstance(record.players, int)
        ):
            yield record


@dataclass
class FamilyStats:
    family: str
    hands: int = 0
    matches: int = 0  # matches with at least one hand played
    matches_finished: int = 0
    wins: int = 0
    deal_ins: int = 0
    win_total: int = 0
    score_total: int = 0
    timeline: list[tuple[str, int]] = field(default_factory=list)  # (time, running score total)

    @property
    def win_rate(self) -> float:
        return self.wins / self.hands if self.hands else 0.0

    @property
    def deal_in_rate(self) -> float:
        return self.deal_ins / self.hands if self.hands else 0.0

    @property
    def average_win(self) -> float:
        return self.win_total / self.wins if self.wins else 0.0


def summarize(records: Iterable[HandRecord]) -> dict[str, FamilyStats]:
    """Per family: hands, matches, win and deal-in rates, average win, and the running score."""
    out: dict[str, FamilyStats] = {}
    matches: dict[str, set[str]] = {}
    finished: dict[str, set[str]] = {}
    for r in records:
        s = out.setdefault(r.family, FamilyStats(r.family))
        s.hands += 1
        s.wins += int(r.won)
        s.deal_ins += int(r.dealt_in)
        s.win_total += r.win_value if r.won else 0
        s.score_total += r.score_change
        s.timeline.append((r.time, s.score_total))
        matches.setdefault(r.family, set()).add(r.match)
        if r.match_over:
            finished.setdefault(r.family, set()).add(r.match)
    for family, s in out.items():
        s.matches = len(matches.get(family, ()))
        s.matches_finished = len(finished.get(family, ()))
    return out
