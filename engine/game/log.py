"""Game logs: JSON Lines, versioned. One header line, one line per action, an optional summary.

    {"log": "tilehouse", "version": 2, "family": "<family>", "ruleset": {...}, "ruleset_hash": "...",
     "seed": "7", "walls": null, "start": null, "practice": false}
    {"action": {"seat": 0, "type": "discard", "tile": 53}}
    ...
    {"summary": {"hands": 3, "results": [...], "scores": [...], "over": false, "actions": 120}}

A game is rebuilt by applying the same actions to a new Game built from the header; ``replay``
checks that the rebuilt game ends with the same summary. The format and its limits are documented in
``docs/log-format.md``.

Reading goes through :mod:`engine.loading` (the file's size before it is read, UTF-8, each line's size,
its nesting depth before it is parsed, no ``NaN``/``Infinity``, no absurd numbers), then every field is
validated: the header by :class:`LogHeader` (and its ruleset, walls and start against the family), each
action by :meth:`Action.from_json`. Any problem is a :class:`LogError`, one line naming the file, the
line and the field::

    game.log:1: walls.0: must hold each of the 136 tiles of a riichi wall once (it holds 3 tiles)
    game.log:57: seat 2 pon 5p with 5p5p: ...        (an action the rebuilt game refuses)
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from engine.game.actions import Action
from engine.game.errors import IllegalAction
from engine.game.game import Game
from engine.game.match import MAX_HANDS, MatchStart, MatchState, Score
from engine.loading import (
    KINDS,
    LoadError,
    check_line,
    json_type,
    loads_json,
    numbered_lines,
    pydantic_problem,
    read_text,
)

LOG_NAME = "tilehouse"
LOG_VERSION = 2
"""2: the match state's sticks are ``pot`` (1: ``riichi_sticks``), and a result's payments are the whole
ledger of the hand (1: the settlement only). Version 1 logs are read; their summary's results are not
compared (they were written under the old ledger), only hands, scores, actions and the end."""
READ_VERSIONS = (1, 2)
STABLE_SUMMARY = ("hands", "scores", "over", "actions")

MAX_SEED_CHARS = 32_767  # as long as a seed typed into the window may be (a Qt line edit)
MAX_SEED = 10**12  # a seed given as a number (one of more digits is refused by the loading layer anyway)
MAX_TILE_ID = 143  # the 136 suited and honour tiles and the 8 flowers
MAX_WALLS = 10_000

TileId = Annotated[int, Field(ge=0, le=MAX_TILE_ID)]


class LogError(LoadError):
    """A log that cannot be read: ``str(error)`` is one line, ``source:line: [field: ]problem``."""


class IllegalLoggedAction(LogError, IllegalAction):
    """An action of a log that the rebuilt game refuses; the message names its line and the action."""


class LogHeader(BaseModel):
    """The header line of a log, field by field (strict: ``1.0`` is not a number, ``"true"`` not a
    boolean). What depends on the family — the ruleset, the walls' tiles, the number of seats of the
    start — is checked by :func:`check_header`."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    log: Literal["tilehouse"] | None = None
    version: int | None = None
    family: str | None = Field(default=None, max_length=64)
    ruleset: dict[str, Any]
    ruleset_hash: str | None = Field(default=None, max_length=128)
    seed: Any = 0
    walls: list[list[TileId]] | None = Field(default=None, max_length=MAX_WALLS)
    start: MatchStart | None = None
    practice: bool = False

    @field_validator("seed", mode="before")
    @classmethod
    def _seed(cls, value: Any) -> Any:
        if isinstance(value, str):
            if len(value) > MAX_SEED_CHARS:
                raise ValueError(f"a seed is at most {MAX_SEED_CHARS} characters")
            return value
        if isinstance(value, int) and not isinstance(value, bool):
            if not -MAX_SEED < value < MAX_SEED:
                raise ValueError(f"a seed given as a number is less than {MAX_SEED} in size")
            return value
        raise ValueError("must be a string or a whole number")


class LogSummary(BaseModel):
    """The summary line: what the game ended with (compared with the rebuilt game by ``replay``)."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    hands: int | None = Field(default=None, ge=0, le=MAX_HANDS)
    results: list[dict[str, Any]] | None = None
    scores: list[Score] | None = Field(default=None, max_length=8)
    over: bool | None = None
    actions: int | None = Field(default=None, ge=0)


@dataclass(frozen=True)
class GameHeader:
    """A checked header: what :class:`Game` is built from."""

    rules: Any  # a RulesetBase
    seed: int | str
    walls: list[list[int]] | None
    start: MatchState | None
    practice: bool


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
    source: str = "log"
    action_lines: list[int] = field(default_factory=list)  # the line of each action, in order
    header_line: int = 1
    checked: GameHeader | None = field(default=None, repr=False, compare=False)

    @property
    def version(self) -> int:
        return int(self.header.get("version", LOG_VERSION))

    def line_of(self, index: int) -> int | None:
        """The line of the log the ``index``-th action stands on (None when not known)."""
        return self.action_lines[index] if 0 <= index < len(self.action_lines) else None

    def same_result(self, game: Game) -> bool:
        """Whether ``game`` (rebuilt from this log) ends as the log's summary says."""
        if self.summary is None:
            return True
        got = summary(game)
        if self.version >= 2:
            return self.summary == got
        return all(self.summary.get(k) == got.get(k) for k in STABLE_SUMMARY if k in self.summary)


def parse_log(lines: Iterable[str], source: str = "log") -> ParsedLog:
    """Parse the lines of a log (the first is line 1; blank lines are skipped but counted) and check
    every field. Raises :class:`LogError`, naming the line and the field, for anything wrong."""
    kind = KINDS["log"]
    head: dict[str, Any] | None = None
    checked: GameHeader | None = None
    head_line = 0
    actions: list[Action] = []
    action_lines: list[int] = []
    final: dict[str, Any] | None = None
    final_line = 0
    for number, raw in enumerate(lines, 1):
        if not raw.strip():
            continue
        check_line(raw, kind, source, number)
        obj = _line_json(raw, source, number, kind.max_depth)
        if head is None:
            _check_log_line(obj, source, number)
            checked = check_header(obj, source=source, line=number, complete=True)
            head, head_line = obj, number
            continue
        what = _line_kind(obj, source, number, head_line)
        if final is not None:
            raise LogError(
                source, f"{what} after the summary (line {final_line}): a summary ends a log", line=number
            )
        if what == "an action":
            actions.append(_action(obj["action"], source, number))
            action_lines.append(number)
        else:
            final, final_line = _summary(obj["summary"], source, number), number
    if head is None:
        raise LogError(source, "empty log: no header line")
    return ParsedLog(head, actions, final, source, action_lines, head_line, checked)


def _line_json(raw: str, source: str, number: int, max_depth: int) -> dict[str, Any]:
    try:
        obj = loads_json(raw, source=source, line=number, max_depth=max_depth)
    except LoadError as exc:
        raise LogError(source, exc.problem, line=number, field=exc.field) from None
    if not isinstance(obj, dict):
        raise LogError(source, f"expected a JSON object, not {json_type(obj)}", line=number)
    return obj


def _check_log_line(obj: dict[str, Any], source: str, number: int) -> None:
    if obj.get("log") != LOG_NAME:
        raise LogError(source, 'not a Tilehouse log (no "log": "tilehouse")', line=number)
    version = obj.get("version")
    if "version" not in obj:
        raise LogError(source, "missing", line=number, field="version")
    if type(version) is not int:
        raise LogError(
            source, f"must be a whole number, not {json_type(version)}", line=number, field="version"
        )
    if version not in READ_VERSIONS:
        readable = " and ".join(str(v) for v in READ_VERSIONS)
        raise LogError(
            source,
            f"log version {version} is not supported (this Tilehouse reads versions {readable})",
            line=number,
            field="version",
        )


def _line_kind(obj: dict[str, Any], source: str, number: int, head_line: int) -> str:
    if "log" in obj:
        raise LogError(source, f"a second header (the header is line {head_line})", line=number)
    keys = set(obj)
    if keys == {"action"}:
        return "an action"
    if keys == {"summary"}:
        return "a summary"
    if keys & {"action", "summary"}:
        extra = sorted(keys - {"action", "summary"})[:3]
        what = ", ".join(repr(k)[:40] for k in extra) or "both an action and a summary"
        raise LogError(source, f"a line holds one action or the summary, nothing else ({what})", line=number)
    raise LogError(source, "neither an action nor a summary", line=number)


_FIELD_MESSAGE = re.compile(r"action '(\w+)' (.+)", re.DOTALL)


def _action(data: Any, source: str, number: int) -> Action:
    try:
        return Action.from_json(data)
    except (ValueError, TypeError) as exc:  # MalformedAction (a ValueError) names the field
        message = str(exc)
        match = _FIELD_MESSAGE.fullmatch(message)
        if match:
            raise LogError(source, match.group(2), line=number, field=f"action.{match.group(1)}") from None
        raise LogError(source, message or "malformed action", line=number, field="action") from None


def _summary(data: Any, source: str, number: int) -> dict[str, Any]:
    try:
        LogSummary.model_validate(data)
    except ValidationError as exc:
        where, problem = pydantic_problem(exc, "summary")
        raise LogError(source, problem, line=number, field=where) from None
    assert isinstance(data, dict)
    return data


def check_header(
    head: Any, *, source: str = "log header", line: int | None = 1, complete: bool = False
) -> GameHeader:
    """Validate a header and everything in it that depends on its family: the family is registered
    and the ruleset's, the ruleset loads and matches its hash, each wall holds the family's tiles once,
    the start has one score per seat. ``complete`` also requires ``family`` (a log always names it)."""
    from engine.families.registry import family_names, get_family
    from engine.rules import RulesetError, from_dict, ruleset_hash

    def refuse(problem: str, where: str | None = None) -> LogError:
        return LogError(source, problem, line=line, field=where)

    try:
        model = LogHeader.model_validate(head)
    except ValidationError as exc:
        where, problem = pydantic_problem(exc)
        raise refuse(problem, where) from None
    families = family_names()
    if model.family is None and complete:
        raise refuse(f"missing; name the rule family ({', '.join(families)})", "family")
    if model.family is not None and model.family not in families:
        raise refuse(f"unknown family {model.family[:40]!r} (known: {', '.join(families)})", "family")
    try:
        rules = from_dict(model.ruleset, source=f"{source} ruleset")
    except RulesetError as exc:
        raise refuse(exc.problem.removeprefix("ruleset refused: "), "ruleset") from None
    if model.family is not None and model.family != rules.family:
        raise refuse(f"{model.family!r}, but the ruleset is a {rules.family} ruleset", "family")
    if model.ruleset_hash is not None and model.ruleset_hash not in (
        ruleset_hash(rules),
        ruleset_hash(rules, keys=model.ruleset),  # written before some toggles existed (players)
    ):
        raise refuse("does not match the ruleset (the ruleset or its hash was edited)", "ruleset_hash")
    spec = get_family(rules.family)
    if model.walls is not None:
        want = sorted(spec.tiles_for(rules))
        for index, wall in enumerate(model.walls):
            if sorted(wall) != want:
                problem = (
                    f"must hold each of the {len(want)} tiles of a {spec.name} wall once "
                    f"({_wall_fault(wall, want)})"
                )
                raise refuse(problem, f"walls.{index}")
    start = None
    if model.start is not None:
        seats = len(spec.new_match(rules).scores)
        if len(model.start.scores) != seats:
            raise refuse(
                f"{len(model.start.scores)} scores for a game of {seats} seats (one per seat)", "start.scores"
            )
        if model.start.first_dealer >= seats:
            raise refuse(
                f"seat {model.start.first_dealer} does not exist ({seats} seats)", "start.first_dealer"
            )
        start = MatchState.from_json(model.start.model_dump(exclude_none=True))
    walls = [list(w) for w in model.walls] if model.walls is not None else None
    return GameHeader(rules, model.seed, walls, start, model.practice)


def _wall_fault(wall: list[int], want: list[int]) -> str:
    if len(wall) != len(want):
        return f"it holds {len(wall)} tiles"
    allowed = set(want)
    seen: set[int] = set()
    for tile in wall:
        if tile not in allowed:
            return f"{tile} is not one of its tile ids"
        if tile in seen:
            return f"tile id {tile} appears twice"
        seen.add(tile)
    return "it does not"


def game_from_header(
    head: dict[str, Any], *, check_invariants: bool = False, source: str = "log header"
) -> Game:
    """A new game as the header describes it; :class:`LogError` (line 1) for a header that is wrong."""
    return _new_game(check_header(head, source=source), check_invariants)


def _new_game(checked: GameHeader, check_invariants: bool) -> Game:
    return Game(
        checked.rules,
        seed=checked.seed,
        walls=checked.walls,
        start=checked.start,
        check_invariants=check_invariants,
        practice=checked.practice,
    )


def rebuild(parsed: ParsedLog, *, check_invariants: bool = False, upto: int | None = None) -> Game:
    """A game with the log's actions applied (the first ``upto`` of them, when given).

    An action the game refuses raises :class:`IllegalLoggedAction` (an :class:`IllegalAction` and a
    :class:`LogError`) naming its line: ``game.log:57: seat 2 pon 5p with 5p5p: ...``."""
    checked = parsed.checked
    if checked is None:
        checked = check_header(parsed.header, source=parsed.source, line=parsed.header_line)
    game = _new_game(checked, check_invariants)
    for index, action in enumerate(parsed.actions[:upto]):
        try:
            game.apply(action)
        except IllegalAction as exc:
            what = action.describe()
            problem = str(exc) if str(exc).startswith(what) else f"{what}: {exc}"
            raise IllegalLoggedAction(parsed.source, problem, line=parsed.line_of(index)) from None
    return game


def read_log(path: Path) -> ParsedLog:
    """Read and parse a log file, within the limits of a log (see ``docs/log-format.md``)."""
    source = str(path)
    try:
        text = read_text(path, "log", source=source)
    except LoadError as exc:
        raise LogError(exc.source, exc.problem, line=exc.line, field=exc.field) from None
    return parse_log((line for _, line in numbered_lines(text)), source)
