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
"""

from __future__ import annotations

import hashlib
import json
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from desktop import engine_process
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
from engine.messages import Message
from engine.rules.schema import Ruleset
from engine.tiles import kind_of

A = ActionType


class SaveError(Exception):
    """A save that cannot be loaded; the message says why in words for players."""


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

    @property
    def waiting_for_human(self) -> bool:
        return bool(self.legal)

    @property
    def red_fives(self) -> bool:
        """Whether red fives are a face of their own (the only red tiles any family has)."""
        return bool(self.red_tiles)


class GameSession:
    def __init__(self, game: Game, setup: Setup, auto_indices: list[int] | None = None) -> None:
        self.game = game
        self.setup = setup
        self.auto = AutoOptions()
        self.auto_indices: list[int] = list(auto_indices or [])
        self._pending_result: tuple[SettlementReport, Observation] | None = None
        self.hand_results_seen = len(game.results)

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
        """Apply one decision of the first pending AI seat."""
        seat = self.ai_pending()[0]
        level = self.setup.levels[seat] if seat < len(self.setup.levels) else "simple"
        legal = self.game.legal_actions(seat)
        obs = self.game.observation(seat)
        seed = f"{self.game.seed}:{seat}:{len(self.game.actions)}"
        action = engine_process.decide(level, seed, obs, legal, self.game.rules)
        return self._apply(action)

    def uses_engine_process(self) -> bool:
        """Some AI seat plays a level whose decisions are made in the engine process."""
        hs = self.setup.human_seat
        return any(runs_in_process(lv) for s, lv in enumerate(self.setup.levels) if s != hs)

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
        )
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

    def autosave(self) -> Path:
        path = autosave_path()
        self.save(path)
        return path

    @classmethod
    def load(cls, path: Path) -> GameSession:
        try:
            raw = path.read_bytes()
        except OSError as exc:
            raise SaveError(f"The file cannot be read: {exc.strerror or exc}") from None
        return cls.from_text(raw, str(path.name))

    @classmethod
    def from_text(cls, raw: bytes | str, source: str = "save") -> GameSession:
        try:
            text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
        except UnicodeDecodeError:
            raise SaveError(f"{source} is not a Tilehouse save (it is not text).") from None
        lines = [ln for ln in text.splitlines() if ln.strip()]
        if not lines:
            raise SaveError(f"{source} is empty.")
        try:
            first = json.loads(lines[0])
        except json.JSONDecodeError:
            raise SaveError(f"{source} is not a Tilehouse save (the first line is not JSON).") from None
        if not isinstance(first, dict):
            raise SaveError(f"{source} is not a Tilehouse save.")
        if first.get("log") == "tilehouse":  # a bare engine log: watch it from seat 0
            meta: dict[str, Any] = {"human_seat": 0}
            log = lines
        elif first.get("format") == SAVE_FORMAT:
            if first.get("version") != SAVE_VERSION:
                raise SaveError(
                    f"{source} was saved by another version of Tilehouse (format {first.get('version')!r})."
                )
            meta, log = first, lines[1:]
            if meta.get("checksum") != _checksum(log):
                raise SaveError(f"{source} is damaged: its contents do not match its checksum.")
        else:
            raise SaveError(f"{source} is not a Tilehouse save.")
        try:
            parsed = parse_log(log, source)
            game = rebuild(parsed)
        except LogError as exc:
            raise SaveError(f"{source} is damaged: {exc}") from None
        except (IllegalAction, ValueError, KeyError, TypeError) as exc:
            raise SaveError(f"{source} is damaged: its moves do not replay ({exc}).") from None
        if parsed.summary is not None:
            want = {k: parsed.summary.get(k) for k in ("hands", "scores", "actions")}
            got = summary(game)
            if want != {k: got.get(k) for k in want}:
                raise SaveError(f"{source} is damaged: the replayed game does not match its summary.")
        try:
            hs = meta.get("human_seat", 0)
            setup = Setup(
                human_seat=None if hs is None else int(hs),
                levels=[str(x) for x in meta.get("levels", ["simple"] * 4)],
                practice=bool(meta.get("practice", False)),
                max_hands=None if meta.get("max_hands") is None else int(meta["max_hands"]),
            )
            auto = [int(i) for i in meta.get("auto", [])]
        except (TypeError, ValueError):
            raise SaveError(f"{source} is damaged: its seat settings are unreadable.") from None
        if setup.human_seat is not None and not 0 <= setup.human_seat < len(game.match.scores):
            raise SaveError(f"{source} is damaged: seat {setup.human_seat} does not exist.")
        return cls(game, setup, auto)


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
