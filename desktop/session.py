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
from dataclasses import dataclass
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
from engine.analysis import HandForms, is_complete, shanten, waits
from engine.game.actions import Action, ActionType
from engine.game.errors import IllegalAction
from engine.game.events import Event
from engine.game.game import Game
from engine.game.log import LogError, log_lines, parse_log, rebuild, summary
from engine.game.state import HandResult
from engine.tiles import kind_of, suit_of, tile_counts34

A = ActionType


class SaveError(Exception):
    """A save that cannot be loaded; the message says why in words for players."""


@dataclass
class Snapshot:
    """What the table needs to draw, made on the worker thread."""

    obs: dict[str, Any]
    legal: list[Action]
    events: list[Event]
    viewer: int
    human_seat: int | None
    family: str
    result: HandResult | None = None  # a hand just ended
    result_obs: dict[str, Any] | None = None  # the table as it stood when the hand ended
    hand_number: int = 0
    match_over: bool = False
    standings: list[dict[str, Any]] | None = None
    can_undo: bool = False
    practice: bool = False
    analysis: dict[str, Any] | None = None
    actions: int = 0
    red_fives: bool = True
    seed: str = ""
    ruleset: str = ""

    @property
    def waiting_for_human(self) -> bool:
        return bool(self.legal)


class GameSession:
    def __init__(self, game: Game, setup: Setup, auto_indices: list[int] | None = None) -> None:
        self.game = game
        self.setup = setup
        self.auto = AutoOptions()
        self.auto_indices: list[int] = list(auto_indices or [])
        self._last_obs: dict[str, Any] | None = None
        self._pending_result: tuple[HandResult, dict[str, Any]] | None = None
        self.hand_results_seen = len(game.results)

    # ------------------------------------------------------------------ creation
    @classmethod
    def new(cls, rules: Any, setup: Setup, seed: int | str | None = None) -> GameSession:
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

    def hint_request(self) -> tuple[dict[str, Any], list[Action], int] | None:
        """The human's observation and legal actions for a hint, and the decision's number."""
        if not self.human_pending():
            return None
        seat = self.setup.human_seat
        assert seat is not None
        return self.game.observation(seat), self.game.legal_actions(seat), len(self.game.actions)

    def auto_action(self) -> Action | None:
        """The human's decision when an auto option settles it (auto-win, no calls, tsumogiri...)."""
        if not self.human_pending():
            return None
        seat = self.setup.human_seat
        assert seat is not None
        legal = self.game.legal_actions(seat)
        types = {a.type for a in legal}
        wins = [a for a in legal if a.type in (A.TSUMO, A.RON)]
        if wins and self.auto.auto_win:
            return wins[0]
        if A.PASS in types and not wins and self.auto.no_calls:
            return next(a for a in legal if a.type is A.PASS)
        obs = self.game.observation(seat)
        me = obs["players"][seat]
        discards = [a for a in legal if a.type is A.DISCARD]
        if (
            self.auto.tsumogiri_riichi
            and obs.get("riichi", [False] * 4)[seat]
            and not wins
            and types == {A.DISCARD}
            and len(discards) == 1
        ):
            return discards[0]
        lack = me.get("lacking_suit")
        if self.auto.lacking_first and lack is not None and types <= {A.DISCARD} and discards:
            lacking = [a for a in discards if a.tile is not None and suit_of(kind_of(a.tile)) == lack]
            if lacking:
                drawn = me.get("drawn")
                pick = next((a for a in lacking if a.tile == drawn), lacking[-1])
                return pick
        return None

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
            self._pending_result = (self.game.results[-1], before)
        return events

    def take_result(self) -> tuple[HandResult, dict[str, Any]] | None:
        out, self._pending_result = self._pending_result, None
        return out

    # -------------------------------------------------------------- snapshot
    def snapshot(self, events: list[Event], *, with_analysis: bool = False) -> Snapshot:
        viewer = self.viewer
        obs = self.game.observation(viewer)
        legal = self.game.legal_actions(viewer) if self.human_pending() else []
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
            red_fives=bool(getattr(rules, "red_fives", False)),
            seed=str(self.game.seed),
            ruleset=str(getattr(rules, "name", "")),
        )
        if pending is not None:
            snap.result, snap.result_obs = pending
        if snap.match_over:
            snap.standings = [s.to_json() for s in self.game.standings()]
        if with_analysis and self.setup.human_seat is not None and not obs.get("over"):
            snap.analysis = analyse(obs, viewer)
            snap.analysis["decision"] = snap.actions if legal else None  # what a hint would be for
            snap.analysis["family"] = self.family
        return snap

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


# ── practice analysis ────────────────────────────────────────────────────────────────────────
def visible_counts(obs: dict[str, Any], seat: int) -> list[int]:
    """Copies of each kind the seat can see: own hand, every pond, every meld, dora indicators."""
    seen: list[int] = []
    for s, p in enumerate(obs["players"]):
        if s == seat and p.get("hand"):
            seen.extend(p["hand"])
        seen.extend(d["tile"] for d in p["discards"] if d.get("claimed_by") is None)
        for m in p["melds"]:
            seen.extend(m["tiles"])
    seen.extend(obs.get("dora_indicators", []))
    return tile_counts34(seen)


def analyse(obs: dict[str, Any], seat: int) -> dict[str, Any]:
    """Shanten, waits with unseen copies, best discards, furiten and why a win is not offered."""
    me = obs["players"][seat]
    hand = list(me.get("hand") or [])
    wild = set(obs.get("wild_kinds", []))
    concrete = [t for t in hand if kind_of(t) not in wild and kind_of(t) < 34]
    wilds = sum(1 for t in hand if kind_of(t) in wild)
    counts = tile_counts34(concrete)
    sets = int(obs.get("sets", 4))
    exposed = len(me["melds"])
    ff = obs.get("forms", {})
    forms = HandForms(
        standard=True,
        seven_pairs=bool(ff.get("seven_pairs", True)),
        thirteen_orphans=bool(ff.get("thirteen_orphans", True)),
    )
    seen = visible_counts(obs, seat)
    out: dict[str, Any] = {"furiten": bool(obs.get("furiten")), "warnings": [], "why_not": []}
    total = sum(counts) + wilds
    need = 3 * (sets - exposed)
    try:
        out["shanten"] = shanten(counts, sets=sets, exposed=exposed, wilds=wilds, forms=forms)
    except ValueError:
        return out
    if total == need + 1:
        w = waits(counts, sets=sets, exposed=exposed, wilds=wilds, forms=forms)
        out["waits"] = [(k, max(0, 4 - seen[k])) for k in sorted(w.kinds)]
    elif total == need + 2:
        best: list[tuple[int, int, int]] = []
        done: set[int] = set()
        for t in concrete:
            k = kind_of(t)
            if k in done:
                continue
            done.add(k)
            counts[k] -= 1
            sh = shanten(counts, sets=sets, exposed=exposed, wilds=wilds, forms=forms)
            accept = 0
            for j in range(34):
                if seen[j] + (1 if j == k else 0) >= 4:
                    continue
                counts[j] += 1
                if shanten(counts, sets=sets, exposed=exposed, wilds=wilds, forms=forms) < sh:
                    accept += 4 - seen[j] - (1 if j == k else 0)
                counts[j] -= 1
            counts[k] += 1
            best.append((k, sh, accept))
        best.sort(key=lambda x: (x[1], -x[2], x[0]))
        out["discards"] = best[:6]
    # why is no win offered on the tile on the table?
    last = obs.get("last_discard")
    legal_types = {a["type"] for a in obs.get("legal_actions", [])}
    if last and last.get("seat") != seat and total == need + 1 and "ron" not in legal_types:
        k = kind_of(last["tile"])
        if k < 34 and k not in wild:
            counts[k] += 1
            complete = is_complete(counts, sets=sets, exposed=exposed, wilds=wilds, forms=forms)
            counts[k] -= 1
            if complete:
                out["why_not"].append(_why_not_win(obs, seat))
    if out["furiten"]:
        out["warnings"].append("furiten")
    if (
        obs.get("family") == "riichi"
        and out.get("shanten") == 0
        and any(m["type"] != "closed_kan" for m in me["melds"])
    ):
        out["warnings"].append("open_hand_yaku")
    return out


def _why_not_win(obs: dict[str, Any], seat: int) -> str:
    me = obs["players"][seat]
    if obs.get("furiten"):
        return "furiten"
    lack = me.get("lacking_suit")
    if lack is not None and any(suit_of(kind_of(t)) == lack for t in me.get("hand") or []):
        return "lacking_suit"
    if obs.get("family") == "riichi":
        return "no_yaku"
    return "minimum"
