"""Game logs: JSON Lines, versioned. One header line, one line per action, an optional summary.

    {"log": "tilehouse", "version": 1, "family": "<family>", "ruleset": {...}, "ruleset_hash": "...",
     "seed": "7", "walls": null, "start": null}
    {"action": {"seat": 0, "type": "discard", "tile": 53}}
    ...
    {"summary": {"hands": 3, "results": [...], "scores": [...], "over": false}}

A game is rebuilt by applying the same actions to a new Game built from the header; ``replay``
checks that the rebuilt game ends with the same summary. The format is documented in
``docs/log-format.md``.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.game.actions import Action
from engine.game.game import Game
from engine.game.match import MatchState

LOG_NAME = "tilehouse"
LOG_VERSION = 2
"""2: the match state's sticks are ``pot`` (1: ``riichi_sticks``), and a result's payments are the whole
ledger of the hand (1: the settlement only). Version 1 logs are read; their summary's results are not
compared (they were written under the old ledger), only hands, scores, actions and the end."""
READ_VERSIONS = (1, 2)
STABLE_SUMMARY = ("hands", "scores", "over", "actions")


class LogError(ValueError):
    """A log that cannot be read; the message names the line and the reason."""


def header(game: Game) -> dict[str, Any]:
    from engine.rules import RulesetBase, ruleset_hash, to_dict

    assert isinstance(game.rules, RulesetBase), "a logged game has a ruleset the file format can hold"
    return {
        "log": LOG_NAME,
        "version": LOG_VERSION,
        "family": game.family.name,
        "ruleset": to_dict(game.rules),
        "ruleset_hash": ruleset_hash(game.rules),
        "seed": game.seed,
        "walls": game.walls,
        "start": game.start.to_json() if game.start is not None else None,
        "practice": game.practice,
    }


def summary(game: Game) -> dict[str, Any]:
    return {
        "hands": len(game.results),
        "results": [r.to_json() for r in game.results],
        "scores": list(game.match.scores),
        "over": game.over,
        "actions": len(game.actions),
    }


def log_lines(game: Game, *, with_summary: bool = True) -> list[str]:
    lines = [json.dumps(header(game), ensure_ascii=False)]
    lines.extend(json.dumps({"action": a.to_json()}) for a in game.actions)
    if with_summary:
        lines.append(json.dumps({"summary": summary(game)}, ensure_ascii=False))
    return lines


def write_log(game: Game, path: Path) -> None:
    """Write the log atomically (a temporary file renamed over the target)."""
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text("\n".join(log_lines(game)) + "\n", encoding="utf-8")
    tmp.replace(path)


@dataclass
class ParsedLog:
    header: dict[str, Any]
    actions: list[Action]
    summary: dict[str, Any] | None

    @property
    def version(self) -> int:
        return int(self.header.get("version", LOG_VERSION))

    def same_result(self, game: Game) -> bool:
        """Whether ``game`` (rebuilt from this log) ends as the log's summary says."""
        if self.summary is None:
            return True
        got = summary(game)
        if self.version >= 2:
            return self.summary == got
        return all(self.summary.get(k) == got.get(k) for k in STABLE_SUMMARY if k in self.summary)


def parse_log(lines: Iterable[str], source: str = "log") -> ParsedLog:
    head: dict[str, Any] | None = None
    actions: list[Action] = []
    final: dict[str, Any] | None = None
    for number, raw in enumerate(lines, 1):
        if not raw.strip():
            continue
        try:
            obj = json.loads(raw)
        except json.JSONDecodeError as exc:
            raise LogError(f"{source} line {number}: not JSON ({exc.msg})") from None
        if not isinstance(obj, dict):
            raise LogError(f"{source} line {number}: expected a JSON object")
        if head is None:
            if obj.get("log") != LOG_NAME:
                raise LogError(f'{source} line {number}: not a Tilehouse log (no "log": "tilehouse")')
            version = obj.get("version")
            if version not in READ_VERSIONS:
                raise LogError(f"{source} line {number}: log version {version!r} is not supported")
            head = obj
        elif "action" in obj:
            try:
                actions.append(Action.from_json(obj["action"]))
            except ValueError as exc:
                raise LogError(f"{source} line {number}: {exc}") from None
        elif "summary" in obj:
            final = obj["summary"]
        else:
            raise LogError(f"{source} line {number}: neither an action nor a summary")
    if head is None:
        raise LogError(f"{source}: empty log")
    return ParsedLog(head, actions, final)


def game_from_header(head: dict[str, Any], *, check_invariants: bool = False) -> Game:
    from engine.rules import from_dict, ruleset_hash

    try:
        rules = from_dict(head["ruleset"])
    except (KeyError, ValueError) as exc:
        raise LogError(f"log header: bad ruleset: {exc}") from None
    want = head.get("ruleset_hash")
    if want is not None and ruleset_hash(rules) != want:
        raise LogError("log header: the ruleset does not match its hash")
    start = MatchState.from_json(head["start"]) if head.get("start") else None
    return Game(
        rules,
        seed=head.get("seed", 0),
        walls=head.get("walls"),
        start=start,
        check_invariants=check_invariants,
        practice=bool(head.get("practice", False)),
    )


def rebuild(parsed: ParsedLog, *, check_invariants: bool = False, upto: int | None = None) -> Game:
    """A game with the log's actions applied (the first ``upto`` of them, when given)."""
    game = game_from_header(parsed.header, check_invariants=check_invariants)
    for action in parsed.actions[:upto]:
        game.apply(action)
    return game


def read_log(path: Path) -> ParsedLog:
    with path.open(encoding="utf-8") as fh:
        return parse_log(fh, str(path))
