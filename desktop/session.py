"""A desktop game session without Qt: the Game, who sits where, AI turns, auto options, saves and undo.

Everything about a game is "ruleset + seed + action list" through the engine's log
(:mod:`engine.game.log`). A save file is one line of desktop metadata followed by the engine log::

    {"format": "tilehouse-save", "version": 1, "human_seat": 0, "levels": [...], "practice": false,
     "max_hands": null, "auto": [3, 17], "checksum": "<sha256 of the log lines>"}
    {"log": "tilehouse", "version": 1, ...}          <- engine log header
    {"action": {...}}                                <- one line per action
    {"summary": {...}}

Loading checks the metadata, the checksum, the log, replays every action and compares the summary, so
a damaged or foreign file is refused with a clear message and nothing is overwritten. Undo rebuilds the
game from the log without the last human decision (and the AI actions after it).

All methods run on the engine worker thread (:mod:`desktop.worker`); the UI sees only
:class:`Snapshot` values. AI decisions of the engine's levels are made in the engine process
(:mod:`desktop.engine_process`), with the worker thread waiting for them without holding the GIL.

A seat of level ``mjai:COMMAND`` is an outside program behind the engine's bridge
(:class:`engine.records.bridge.MjaiSeat`): started at its first decision, asked on this thread with the
bridge's timeout, its unusable answers replaced by safe moves. The save keeps the command. A program
that is not there (or rules the protocol cannot carry) leaves the seat to the strong AI for the session,
with one notice (:attr:`Snapshot.notices`).
"""

from __future__ import annotations

import hashlib
import json
import random
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, ValidationError, field_validator

from desktop import agents, engine_process
from desktop.agents import runs_in_process
from desktop.storage import (
    SAVE_FORMAT,
    SAVE_VERSION,
    AutoOptions,
    Setup,
    atomic_write,
    autosave_path,
)
from engine.game.actions import CLAIM_TYPES, Action, ActionType
from engine.game.errors import IllegalAction
from engine.game.events import Event
from engine.game.game import Game
from engine.game.log import LogError, log_lines, parse_log, rebuild, summary
from engine.game.match import Standing
from engine.game.observation import Observation
from engine.game.seat_analysis import SeatAnalysis
from engine.game.settlement import SettlementReport
from engine.loading import KINDS, LoadError, check_line_sizes, decode, loads_json, pydantic_problem, read_text
from engine.messages import Message
from engine.records import bridge
from engine.rules.schema import Ruleset
from engine.tiles import kind_of

A = ActionType


class SaveError(Exception):
    """A save that cannot be loaded; the message is one line, ``file[:line]: [field: ]problem``, in
    words for players (``bad.thsave:1: levels: 1 level for a game of 4 seats (one per seat)``)."""


@dataclass
class Snapshot:
    """What the table needs to draw, made on the worker thread: the engine's typed observation of the
    viewer's seat, its analysis, and the settlement report of a hand that just ended."""

    obs: Observation
    legal: list[Action]
    events: list[Event]
    viewer: int
    human_seat: int | None
    family: str
    report: SettlementReport | None = None  # a hand just ended
    report_obs: Observation | None = None  # the table as it stood when the hand ended
    hand_number: int = 0
    match_over: bool = False
    standings: list[Standing] | None = None
    can_undo: bool = False
    practice: bool = False
    analysis: SeatAnalysis | None = None
    actions: int = 0
    red_tiles: frozenset[int] = frozenset()
    seed: str = ""
    ruleset: str = ""
    auto_move: bool = False  # an auto option will play the human's pending decision
    refusals: dict[int, Message] = field(default_factory=dict)  # own tile -> why it may not go now
    declare_refusals: dict[int, Message] = field(default_factory=dict)  # ... with a riichi declaration
    rules: Ruleset | None = None
    notices: list[Message] = field(default_factory=list)  # outside programs: missing, failing (once each)
    outside: frozenset[int] = frozenset()  # seats played by an outside program (mjai), named as bots

    @property
    def waiting_for_human(self) -> bool:
        return bool(self.legal)

    @property
    def red_fives(self) -> bool:
        """Whether red fives are a face of their own (the only red tiles any family has)."""
        return bool(self.red_tiles)


FALLBACK_LEVEL = "strong"  # plays the seat of an outside program that is not there
BOT_NOTICES = {
    "garbage": "mjai.bad_answer",
    "illegal": "mjai.bad_answer",
    "timeout": "mjai.timeout",
    "died": "mjai.died",
    "gave_up": "mjai.gave_up",
}
"""The bridge's incident kinds -> the notice the table shows (once per seat and notice)."""


class GameSession:
    # the bridge's limits on an outside program's answer, in seconds (tests shorten them)
    bot_timeout = bridge.DEFAULT_TIMEOUT
    bot_start_timeout = bridge.START_TIMEOUT

    def __init__(self, game: Game, setup: Setup, auto_indices: list[int] | None = None) -> None:
        self.game = game
        self.setup = setup
        self.auto = AutoOptions()
        self.auto_indices: list[int] = list(auto_indices or [])
        self._pending_result: tuple[SettlementReport, Observation] | None = None
        self.hand_results_seen = len(game.results)
        self.notices: list[Message] = []  # for the next snapshot
        self.bot_log = bridge.BridgeLog(sink=self._bot_incident)
        self._bots: dict[int, bridge.MjaiSeat] = {}
        self._fallback: set[int] = set()  # outside programs' seats the strong AI plays
        self._told: set[tuple[int, str]] = set()
        self._check_bots()

    # ------------------------------------------------------------------ creation
    @classmethod
    def new(cls, rules: Ruleset, setup: Setup, seed: int | str | None = None) -> GameSession:
        if seed is None or seed == "":
            seed = str(random.SystemRandom().randrange(10**9))
        return cls(Game(rules, seed=str(seed)), setup)

    @property
    def viewer(self) -> int:
        return self.setup.human_seat if self.setup.human_seat is not None else 0

    @property
    def family(self) -> str:
        return self.game.family.name

    @property
    def match_over(self) -> bool:
        if self.game.over:
            return True
        limit = self.setup.max_hands
        return limit is not None and len(self.game.results) >= limit

    # ----------------------------------------------------------------- turns
    def human_pending(self) -> bool:
        hs = self.setup.human_seat
        return hs is not None and not self.match_over and hs in self.game.pending()

    def ai_pending(self) -> list[int]:
        if self.match_over:
            return []
        return [s for s in self.game.pending() if s != self.setup.human_seat]

    def ai_step(self) -> list[Event]:
        """Apply one decision of the first pending AI seat (an outside program answers on this thread)."""
        seat = self.ai_pending()[0]
        level = self.level_of(seat)
        legal = self.game.legal_actions(seat)
        obs = self.game.observation(seat)
        command = agents.bot_command(level)
        if command is not None:
            action = self._bot(seat, command).choose(obs, legal)
        else:
            seed = f"{self.game.seed}:{seat}:{len(self.game.actions)}"
            action = engine_process.decide(level, seed, obs, legal, self.game.rules)
        return self._apply(action)

    def level_of(self, seat: int) -> str:
        """The level that plays ``seat`` now: its own, or the strong AI for an outside program that is
        not there."""
        if seat in self._fallback:
            return FALLBACK_LEVEL
        return self.setup.levels[seat] if seat < len(self.setup.levels) else "simple"

    def uses_engine_process(self) -> bool:
        """Some AI seat plays a level whose decisions are made in the engine process."""
        hs = self.setup.human_seat
        return any(runs_in_process(self.level_of(s)) for s in range(len(self.setup.levels)) if s != hs)

    # ------------------------------------------------------------ outside programs
    def _check_bots(self) -> None:
        """Seats of outside programs that cannot play: rules the protocol cannot carry, a program (or
        its script) that is not there. The strong AI plays them; one notice each."""
        refusal = bridge.mjai_refusal(self.game.rules)
        for seat, level in enumerate(self.setup.levels):
            command = agents.bot_command(level)
            if command is None or seat == self.setup.human_seat:
                continue
            if refusal is not None:
                self._fallback.add(seat)
                self.notices.append(Message.of("mjai.refused", seat=seat))
                continue
            missing = bridge.missing_program(command)
            if missing is not None:
                self._fallback.add(seat)
                self.notices.append(Message.of("mjai.missing", seat=seat, program=missing or command))

    def _bot(self, seat: int, command: str) -> bridge.MjaiSeat:
        bot = self._bots.get(seat)
        if bot is None:
            bot = bridge.MjaiSeat(
                bridge.MjaiProgram(command, seat),
                seat,
                self.game.events,
                self.game.rules,
                self.bot_log,
                timeout=self.bot_timeout,
                start_timeout=self.bot_start_timeout,
            )
            bot.join_in_play()  # a resumed game: the program hears the hand in play
            self._bots[seat] = bot
        return bot

    def _bot_incident(self, incident: bridge.Incident) -> None:
        key = BOT_NOTICES.get(incident.kind)
        if key is not None and (incident.seat, key) not in self._told:
            self._told.add((incident.seat, key))
            self.notices.append(Message.of(key, seat=incident.seat))

    def _finish_bots(self) -> None:
        """A hand ended: the programs hear how (and the end of the match)."""
        for bot in self._bots.values():
            bot.finish(match_over=self.match_over)

    def close(self) -> None:
        """Stop the outside programs (a new game, a load, the window closing)."""
        bots, self._bots = self._bots, {}
        for bot in bots.values():
            bot.close()

    def hint_request(self) -> tuple[Observation, list[Action], int] | None:
        """The human's observation and legal actions for a hint, and the decision's number."""
        if not self.human_pending():
            return None
        seat = self.setup.human_seat
        assert seat is not None
        return self.game.observation(seat), self.game.legal_actions(seat), len(self.game.actions)

    def auto_action(self) -> Action | None:
        """The human's decision when an auto option settles it (auto-win, no calls, tsumogiri after
        riichi, the lacking suit first), asked at every decision of the human seat. Only the engine's
        legal actions and analysis are read: the options never choose what the player could not."""
        if not self.human_pending():
            return None
        seat = self.setup.human_seat
        assert seat is not None
        return automatic_move(self.auto, self.game.observation(seat), self.game.analysis(seat))

    def apply_human(self, action: Action, *, auto: bool = False) -> list[Event]:
        """Apply the human's action; raises IllegalAction (state unchanged) when it is not legal."""
        if action.seat != self.setup.human_seat:
            raise IllegalAction(f"{action.describe()}: not the human seat")
        if auto:
            self.auto_indices.append(len(self.game.actions))
        try:
            return self._apply(action)
        except IllegalAction:
            if auto:
                self.auto_indices.pop()
            raise

    def _apply(self, action: Action) -> list[Event]:
        before = self.game.observation(self.viewer)
        done = len(self.game.results)
        events = self.game.apply(action)
        if len(self.game.results) > done:
            self._pending_result = (self.game.reports[-1], before)
            self._finish_bots()
        return events

    def take_result(self) -> tuple[SettlementReport, Observation] | None:
        out, self._pending_result = self._pending_result, None
        return out

    # -------------------------------------------------------------- snapshot
    def snapshot(self, events: list[Event], *, with_analysis: bool = False) -> Snapshot:
        viewer = self.viewer
        obs = self.game.observation(viewer)
        legal = self.game.legal_actions(viewer) if self.human_pending() else []
        auto_move = bool(legal) and self.auto_action() is not None
        if auto_move:  # the auto option plays this decision on the next step: nothing to answer
            legal = []
        pending = self.take_result()
        rules = self.game.rules
        snap = Snapshot(
            obs=obs,
            legal=legal,
            events=[e.seen_by(viewer) for e in events],
            viewer=viewer,
            human_seat=self.setup.human_seat,
            family=self.family,
            hand_number=len(self.game.results),
            match_over=self.match_over,
            can_undo=self.setup.practice and self.undo_index() is not None,
            practice=self.setup.practice,
            actions=len(self.game.actions),
            red_tiles=self.game.family.red_tiles(rules),
            seed=str(self.game.seed),
            ruleset=str(rules.name),
            auto_move=auto_move,
            rules=rules,
            outside=frozenset(
                s for s, level in enumerate(self.setup.levels) if agents.bot_command(level) is not None
            ),
        )
        snap.notices, self.notices = self.notices, []
        if legal:
            snap.refusals = self._refusals(viewer, legal, A.DISCARD)
            if any(a.type is A.RIICHI for a in legal):
                snap.declare_refusals = self._refusals(viewer, legal, A.RIICHI)
        if pending is not None:
            snap.report, snap.report_obs = pending
        if snap.match_over:
            snap.standings = self.game.standings()
        if with_analysis and self.setup.human_seat is not None and not obs.over:
            snap.analysis = self.game.analysis(self.setup.human_seat)
        return snap

    def _refusals(self, seat: int, legal: list[Action], kind: ActionType) -> dict[int, Message]:
        """Why each concealed tile may not be played as ``kind`` now, from the engine."""
        ok = {a.tile for a in legal if a.type is kind}
        out: dict[int, Message] = {}
        for t in self.game.observation(seat).me.hand or ():
            if t not in ok:
                why = self.game.why_not(Action(seat, kind, tile=t))
                if why is not None:
                    out[t] = why
        return out

    # ------------------------------------------------------------------ undo
    def undo_index(self) -> int | None:
        """Index of the last human decision that was not automatic, or None."""
        hs = self.setup.human_seat
        if hs is None:
            return None
        auto = set(self.auto_indices)
        for i in range(len(self.game.actions) - 1, -1, -1):
            if self.game.actions[i].seat == hs and i not in auto:
                return i
        return None

    def undo(self) -> bool:
        """Rebuild the game without the last human decision and everything after it."""
        if not self.setup.practice:
            return False
        index = self.undo_index()
        if index is None:
            return False
        parsed = parse_log(log_lines(self.game, with_summary=False), "undo")
        self.game = rebuild(parsed, upto=index)
        self.close()  # the programs join the rebuilt game at their next decision
        self.auto_indices = [i for i in self.auto_indices if i < index]
        self._pending_result = None
        self.hand_results_seen = len(self.game.results)
        return True

    # ----------------------------------------------------------------- saves
    def save_text(self) -> str:
        lines = log_lines(self.game)
        meta = {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            **self.setup.to_json(),
            "auto": self.auto_indices,
            "checksum": _checksum(lines),
        }
        return "\n".join([json.dumps(meta, ensure_ascii=False), *lines]) + "\n"

    def save(self, path: Path) -> None:
        atomic_write(path, self.save_text())

    def autosave(self, path: Path | None = None) -> Path:
        """Write the autosave: this instance's (the controller's slot, see
        :func:`desktop.storage.claim_autosave`), by default the first one."""
        path = path or autosave_path()
        self.save(path)
        return path

    @classmethod
    def load(cls, path: Path) -> GameSession:
        """Load a save (or a bare engine log); :class:`SaveError` with a one-line message otherwise.

        The file goes through the loading layer (:mod:`engine.loading`): its size is checked before
        it is read, it must be UTF-8, and every line's nesting depth is checked before it is parsed."""
        try:
            text = read_text(path, "save", source=path.name)
        except LoadError as exc:
            raise SaveError(str(exc)) from None
        return cls.from_text(text, path.name)

    @classmethod
    def from_text(cls, raw: bytes | str, source: str = "save") -> GameSession:
        kind = KINDS["save"]
        size = len(raw) if isinstance(raw, bytes) else len(raw.encode("utf-8", "surrogatepass"))
        if size > kind.max_bytes:
            raise _refuse(source, f"a save is at most {kind.max_bytes // (1024 * 1024)} MB")
        try:
            text = decode(raw, source) if isinstance(raw, bytes) else raw
            numbered = [(n, ln) for n, ln in enumerate(text.splitlines(), 1) if ln.strip()]
            if not numbered:
                raise LoadError(source, "the file is empty")
            check_line_sizes([ln for _, ln in numbered], kind, source)
            first = loads_json(numbered[0][1], source=source, line=numbered[0][0], max_depth=kind.max_depth)
        except LoadError as exc:
            if exc.problem.startswith("not JSON"):
                raise _refuse(source, "not a Tilehouse save (the first line is not JSON)", line=1) from None
            raise SaveError(str(exc)) from None
        if not isinstance(first, dict):
            raise _refuse(source, "not a Tilehouse save", line=1)
        if first.get("log") == "tilehouse":  # a bare engine log: watch it from seat 0
            meta = SaveMeta(format="tilehouse-save", version=1, checksum="0" * 64)
            log = numbered
        elif first.get("format") == SAVE_FORMAT:
            version = first.get("version")
            if type(version) is not int or version != SAVE_VERSION:
                raise _refuse(
                    source,
                    f"saved by another version of Tilehouse (format {version!r:.20})",
                    line=1,
                    field="version",
                )
            try:
                meta = SaveMeta.model_validate(first)
            except ValidationError as exc:
                where, problem = pydantic_problem(exc)
                raise _refuse(source, problem, line=1, field=where) from None
            log = numbered[1:]
            if meta.checksum != _checksum([ln for _, ln in log]):
                raise _damaged(source, "its contents do not match its checksum")
        else:
            raise _refuse(source, "not a Tilehouse save", line=1)
        for n, ln in log:  # depth, NaN/Infinity and absurd numbers, before the log layer parses it
            try:
                loads_json(ln, source=source, line=n, max_depth=kind.max_depth)
            except LoadError as exc:
                raise _damaged(source, exc.problem, line=n) from None
        game = _replay(log, source)
        session = cls(game, meta.setup(game, source), meta.auto_checked(game, source))
        session.restore_last_settlement()
        return session

    def restore_last_settlement(self) -> None:
        """A match that is over comes back at its last settlement: the report and the table as that
        hand ended (the game rebuilt without its last action), not the next deal the engine made for
        a hand the match will not play."""
        game = self.game
        if not self.match_over or not game.reports or not game.actions:
            return
        parsed = parse_log(log_lines(game, with_summary=False), "resume")
        ended = rebuild(parsed, upto=len(game.actions) - 1)
        if len(ended.results) != len(game.results) - 1:  # the last action did not end the last hand
            return
        self._pending_result = (game.reports[-1], ended.observation(self.viewer))


def _refuse(source: str, problem: str, *, line: int | None = None, field: str | None = None) -> SaveError:
    return SaveError(str(LoadError(source, problem, line=line, field=field)))


def _damaged(source: str, problem: str, *, line: int | None = None, field: str | None = None) -> SaveError:
    """A save whose log part is broken: ``g.thsave:12: damaged: action.seat: must be 0..3, not 5``."""
    return _refuse(source, f"damaged: {field}: {problem}" if field else f"damaged: {problem}", line=line)


# What a damaged log part may raise while it is parsed and replayed. The engine's log layer answers
# LogError / LoadError and the game IllegalAction; the rest are what older, less strict engine code
# lets through (a float seat, a list where a dict belongs): a save never escapes as another error.
_REPLAY_ERRORS = (
    LogError,
    LoadError,
    IllegalAction,
    ValueError,
    KeyError,
    TypeError,
    IndexError,
    AttributeError,
    OverflowError,
    RecursionError,
)


def _replay(log: list[tuple[int, str]], source: str) -> Game:
    """Parse the engine log part of a save (lines numbered as in the file) and replay every action;
    the summary, when there is one, must match the replayed game."""
    numbers = [n for n, _ in log]

    def file_line(n: int | None) -> int | None:  # the log's own line numbers -> the file's
        return numbers[n - 1] if n is not None and 0 < n <= len(numbers) else n

    try:
        parsed = parse_log([ln for _, ln in log], source)
        game = rebuild(parsed)
    except LoadError as exc:
        raise _damaged(source, exc.problem, line=file_line(exc.line), field=exc.field) from None
    except LogError as exc:
        text = " ".join(str(exc).split())
        found = re.match(rf"{re.escape(source)}(?: line |:)(\d+):? (.*)", text)
        if found:
            raise _damaged(source, found[2], line=file_line(int(found[1]))) from None
        raise _damaged(source, text.removeprefix(source).lstrip(": ")) from None
    except _REPLAY_ERRORS as exc:
        raise _damaged(source, f"its moves do not replay ({' '.join(str(exc).split())[:300]})") from None
    final = parsed.summary
    if final is not None:
        got = summary(game)
        stable = ("hands", "scores", "actions")
        if not isinstance(final, dict) or any(final.get(k) != got.get(k) for k in stable):
            raise _damaged(source, "the replayed game does not match its summary")
    return game


MAX_SEATS = 8  # no family seats more
MAX_HANDS = 1000  # the longest match a save may ask for
Level = Annotated[str, StringConstraints(min_length=1, max_length=1024)]  # an AI level or mjai:COMMAND


class SaveMeta(BaseModel):
    """The desktop's metadata line of a save: strict types and ranges (a float, a bool or a string is
    not a seat). What depends on the game (how many seats, how many actions) is checked after the log
    is replayed: :meth:`setup` and :meth:`auto_checked`."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    format: Literal["tilehouse-save"]
    version: Literal[1]
    human_seat: Annotated[int, Field(ge=0, lt=MAX_SEATS)] | None = 0
    # no levels (saves before they were kept): the engine's simple agent at every seat
    levels: Annotated[list[Level], Field(min_length=1, max_length=MAX_SEATS)] | None = None
    practice: bool = False
    max_hands: Annotated[int, Field(ge=1, le=MAX_HANDS)] | None = None
    auto: list[Annotated[int, Field(ge=0)]] = Field(default_factory=list)
    checksum: Annotated[str, StringConstraints(pattern=r"^[0-9a-f]{64}$")]

    @field_validator("levels")
    @classmethod
    def _known_levels(cls, value: list[str] | None) -> list[str] | None:
        for name in value or ():
            if not agents.known(name):
                offered = ", ".join(agents.levels())
                raise ValueError(
                    f"{name[:64]!r} is not an AI level (the levels are {offered}, or mjai:COMMAND)"
                )
        return value

    def setup(self, game: Game, source: str) -> Setup:
        seats = len(game.match.scores)
        if self.human_seat is not None and self.human_seat >= seats:
            problem = f"seat {self.human_seat} does not exist in a game of {seats}"
            raise _refuse(source, problem, line=1, field="human_seat")
        levels = list(self.levels) if self.levels is not None else ["simple"] * seats
        if len(levels) != seats:
            raise _refuse(
                source,
                f"{len(levels)} level{'s' if len(levels) != 1 else ''} for a game of {seats} seats "
                "(one per seat)",
                line=1,
                field="levels",
            )
        return Setup(
            human_seat=self.human_seat, levels=levels, practice=self.practice, max_hands=self.max_hands
        )

    def auto_checked(self, game: Game, source: str) -> list[int]:
        count = len(game.actions)
        for i, index in enumerate(self.auto):
            if index >= count:
                raise _refuse(
                    source, f"action {index} is not in the log ({count} actions)", line=1, field=f"auto.{i}"
                )
        return list(self.auto)


def _checksum(lines: list[str]) -> str:
    return hashlib.sha256("\n".join(lines).encode("utf-8")).hexdigest()


def automatic_move(auto: AutoOptions, obs: Observation, analysis: SeatAnalysis) -> Action | None:
    """The one path of the auto options: what the human's pending decision is when an option settles
    it, from the engine's legal actions and analysis only (None: the player decides)."""
    legal = list(obs.legal)
    if not legal:
        return None
    types = {a.type for a in legal}
    wins = [a for a in legal if a.type in (A.TSUMO, A.RON) and a not in obs.fouls]
    if wins and auto.auto_win:
        return wins[0]
    if A.PASS in types and not wins and auto.no_calls and types & CLAIM_TYPES:
        return next(a for a in legal if a.type is A.PASS)
    if wins:
        return None  # a win is offered: the player decides
    discards = [a for a in legal if a.type is A.DISCARD]
    others = types - {A.DISCARD}
    if auto.tsumogiri_riichi and obs.me.declared and not others and len(discards) == 1:
        return discards[0]  # after riichi the drawn tile is the only discard
    lack = obs.me.lacking_suit
    if auto.lacking_first and lack is not None and discards and not others:
        lacking = [a for a in discards if a.tile is not None and kind_of(a.tile) // 9 == lack]
        if lacking and len(lacking) == len(discards):  # the engine allows only the lacking suit now
            best = [c.action for c in analysis.discards if c.action in lacking]
            drawn = obs.me.drawn
            return next((a for a in lacking if a.tile == drawn), best[0] if best else lacking[-1])
    return None
