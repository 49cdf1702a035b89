"""Outside mjai programs at a riichi table: the bridge between the engine and a bot's stdin/stdout.

The protocol is the one of the mjai.app bots (and of the ``mjai`` package's ``Bot.start``): the bridge
writes one line holding a JSON array of mjai events — every event since the last line, up to and
including the one the seat must answer — and the program writes one line back, its action
(``{"type": "dahai", ...}``, ``{"type": "none"}``...). Lines that need no decision (``start_game``, the
end of a hand, ``end_game``) are answered too, and the answer is ignored. The program is started with
the seat appended to its command (mjai.app's ``bot.py 0``) unless the command names ``{seat}``.

What a seat is sent is what it may see (:class:`~engine.records.mjai.MjaiWriter` over the events as
:meth:`~engine.game.events.Event.seen_by` that seat gives them): its own tiles in ``start_kyoku``, other
seats' draws as ``?``, every discard, ``reach``/``reach_accepted``, calls with their consumed tiles (an
added kan names the pon's tiles), ``dora``, ``hora``/``ryukyoku`` with the score changes, ``end_kyoku``,
``end_game``. A riichi is two messages in mjai: the program answers ``reach``, is sent its own ``reach``
back, and answers the ``dahai``; the bridge applies both as the engine's one riichi action.

Every answer is checked against the engine's legal actions (:func:`reply_action`). An answer that is
not JSON, not an action, or not legal is logged (:class:`Incident`) and replaced by a safe legal action
(:func:`safe_action`: pass a claim, else discard the drawn tile). A program that does not answer within
the per-decision timeout is stopped, the decision is replaced the same way, and the program is started
again at its next decision and sent the hand so far (``start_game`` and the hand's events from its
``start_kyoku``) before its question; after ``max_restarts`` restarts in a match the seat plays safe
actions to the end. A table is never left waiting on a program.

Only rules the protocol can express may seat a program (:func:`mjai_refusal`): four-player riichi with
the Tenhou rules a bot's own model of the game assumes.
"""

from __future__ import annotations

import json
import os
import queue
import shlex
import shutil
import subprocess
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from engine.game.actions import Action, ActionType
from engine.game.events import Event
from engine.game.observation import Observation
from engine.messages import Message
from engine.records.mjai import MjaiWriter
from engine.records.notation import NotationError, face_of, mjai_face

A = ActionType
MAX_REPLY_BYTES = 64 * 1024
DEFAULT_TIMEOUT = 5.0  # seconds a program has for one decision
START_TIMEOUT = 30.0  # seconds for its first answer (programs load their models then)
MAX_RESTARTS = 3
TENHOU_RULES: dict[str, object] = {
    "riichi_stick": 1000,
    "riichi_min_points": 1000,
    "riichi_min_wall_tiles": 4,
    "kuikae_forbidden": True,
    "closed_kan_after_riichi": "wait_unchanged",
}
"""The toggles an mjai program's own model of the game assumes (Tenhou's values): ``reach_accepted``
carries no amount, and bots decide what is legal themselves before they answer."""


def mjai_refusal(rules: Any) -> Message | None:
    """Why ``rules`` cannot seat an mjai program (None: they can)."""
    family = getattr(rules, "family", "")
    if family != "riichi":
        return Message.of("mjai.not_riichi", family=family)
    from engine.families.registry import get_family

    seats = len(get_family("riichi").new_match(rules).scores)
    if seats != 4:
        return Message.of("mjai.not_four_players", seats=seats)
    for name, value in TENHOU_RULES.items():
        if getattr(rules, name, value) != value:
            return Message.of(
                "mjai.not_tenhou", toggle=name, value=str(getattr(rules, name)), tenhou=str(value)
            )
    return None


@dataclass(frozen=True, slots=True)
class Incident:
    """Something a program did wrong, and what the bridge did about it."""

    seat: int
    kind: str  # garbage, illegal, timeout, died, restarted, gave_up
    detail: str

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "kind": self.kind, "detail": self.detail}


@dataclass
class BridgeLog:
    """Every incident of the bridges at a table, and a count of the answers that were accepted."""

    incidents: list[Incident] = field(default_factory=list)
    accepted: int = 0
    sink: Callable[[Incident], None] | None = None

    def add(self, seat: int, kind: str, detail: str) -> None:
        incident = Incident(seat, kind, " ".join(detail.split())[:300])
        self.incidents.append(incident)
        if self.sink is not None:
            self.sink(incident)

    def count(self, kind: str) -> int:
        return sum(1 for i in self.incidents if i.kind == kind)


# ------------------------------------------------------------------------------------ the process
class MjaiProgram:
    """An outside program speaking mjai on its stdin/stdout, started on demand."""

    def __init__(
        self,
        command: str | Sequence[str],
        seat: int,
        *,
        stderr: Path | None = None,
        cwd: Path | None = None,
        env: dict[str, str] | None = None,
    ) -> None:
        words = shlex.split(command) if isinstance(command, str) else list(command)
        if not words:
            raise ValueError("an mjai seat needs a command")
        if any("{seat}" in w for w in words):
            words = [w.replace("{seat}", str(seat)) for w in words]
        else:
            words.append(str(seat))
        self.argv = words
        self.seat = seat
        self.stderr_path = stderr
        self.cwd = cwd
        self.env = env
        self._proc: subprocess.Popen[bytes] | None = None
        self._lines: queue.Queue[bytes | None] = queue.Queue()
        self._stderr: IO[bytes] | None = None
        self.starts = 0

    @property
    def exit_code(self) -> int | None:
        return self._proc.poll() if self._proc is not None else None

    @property
    def alive(self) -> bool:
        return self._proc is not None and self._proc.poll() is None

    def start(self) -> None:
        self.stop()
        if self.stderr_path is not None:
            self._stderr = open(self.stderr_path, "ab")  # noqa: SIM115 - closed in stop()
        environment = {**os.environ, **(self.env or {})}
        self._proc = subprocess.Popen(
            self.argv,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self._stderr if self._stderr is not None else subprocess.DEVNULL,
            cwd=self.cwd,
            env=environment,
        )
        self._lines = queue.Queue()
        threading.Thread(target=_read_lines, args=(self._proc, self._lines), daemon=True).start()
        self.starts += 1

    def ask(self, batch: list[dict[str, Any]], timeout: float) -> bytes | None:
        """Send one line (a JSON array of events) and wait for the program's line. None: it died, or
        did not answer in time (then it is stopped)."""
        proc = self._proc
        if proc is None or proc.poll() is not None or proc.stdin is None:
            return None
        while not self._lines.empty():  # lines it wrote unasked are not answers
            if self._lines.get_nowait() is None:
                return None
        try:
            proc.stdin.write(json.dumps(batch, separators=(",", ":")).encode() + b"\n")
            proc.stdin.flush()
        except (BrokenPipeError, OSError):
            return None
        try:
            line = self._lines.get(timeout=timeout)
        except queue.Empty:
            self.stop()
            raise TimeoutError(f"no answer within {timeout:g} s") from None
        return line

    def stop(self) -> None:
        proc = self._proc
        self._proc = None
        if proc is not None:
            try:
                if proc.stdin is not None:
                    proc.stdin.close()
            except OSError:
                pass
            try:
                proc.wait(timeout=0.5)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        if self._stderr is not None:
            self._stderr.close()
            self._stderr = None


def _read_lines(proc: subprocess.Popen[bytes], lines: queue.Queue[bytes | None]) -> None:
    stream = proc.stdout
    assert stream is not None
    while True:
        line = stream.readline(MAX_REPLY_BYTES + 1)
        if not line:
            lines.put(None)
            return
        if len(line) > MAX_REPLY_BYTES and not line.endswith(b"\n"):
            while line and not line.endswith(b"\n"):  # skip the rest of an endless line
                line = stream.readline(MAX_REPLY_BYTES + 1)
            lines.put(b'{"type": "too long"}')
            continue
        lines.put(line)


# --------------------------------------------------------------------------------------- the seat
class MjaiSeat:
    """An agent backed by an outside mjai program.

    ``events`` is the table's live event list (``game.events``): the seat converts what ``seat`` may
    see of it. :meth:`choose` answers a decision; :meth:`finish` must be called after each hand (and
    at the end of the match, ``match_over``) so the program hears how the hand ended."""

    def __init__(
        self,
        program: MjaiProgram,
        seat: int,
        events: Sequence[Event],
        rules: Any,
        log: BridgeLog,
        *,
        timeout: float = DEFAULT_TIMEOUT,
        start_timeout: float = START_TIMEOUT,
        max_restarts: int = MAX_RESTARTS,
        names: Sequence[str] = (),
    ) -> None:
        from engine.families.registry import get_family

        refusal = mjai_refusal(rules)
        if refusal is not None:
            from engine.messages import plain

            raise ValueError(plain(refusal))
        self.name = "mjai"
        self.program = program
        self.seat = seat
        self.events = events
        self.red = get_family("riichi").red_tiles(rules)
        self.log = log
        self.timeout = timeout
        self.start_timeout = start_timeout
        self.max_restarts = max_restarts
        self.names = list(names) or [f"seat {s}" for s in range(4)]
        self.writer = MjaiWriter(self.red, seat)
        self._cursor = 0
        self._pending: list[dict[str, Any]] = []
        self._hand: list[dict[str, Any]] = []  # what was sent of the hand in play (for a restart)
        self._greeted = False
        self._fresh = True  # nothing asked yet in this match: a program that is not running starts quietly
        self.restarts = 0
        self.retired = False

    # ------------------------------------------------------------------ table
    def choose(self, observation: Observation, legal: list[Action]) -> Action:
        self._collect()
        reply = self._ask()
        if reply is None:  # no answer (already logged): play safe
            return safe_action(observation, legal, riichi=False)
        action, problem = self._answer(reply, observation, legal)
        if problem is not None:
            self.log.add(self.seat, problem[0], problem[1])
            return safe_action(observation, legal, riichi=False)
        assert action is not None
        self.log.accepted += 1
        return action

    def finish(self, *, match_over: bool = False) -> None:
        """Send the end of the hand (and of the match) to the program; its answer is not used."""
        self._collect()
        ends = [i for i, item in enumerate(self._pending) if item["type"] == "end_kyoku"]
        cut = ends[-1] + 1 if ends else 0
        pending, later = self._pending[:cut], self._pending[cut:]  # later: the next hand's start
        if match_over:
            pending.append({"type": "end_game"})
        self._pending = pending
        if pending and not self.retired:
            self._ask(expect_answer=False)
        self._pending = later
        if match_over:
            self._greeted = False

    def close(self) -> None:
        self.program.stop()

    def join_in_play(self) -> None:
        """Join a game already in play (a resumed save, a game rebuilt by undo): what happened before
        the hand in play is not sent. The program's first line holds ``start_game`` and the hand so far
        (from its ``start_kyoku``), as after a restart; the events before it still pass through the
        writer, which keeps what the protocol needs (each pon's tiles)."""
        self._collect()
        starts = [i for i, item in enumerate(self._pending) if item["type"] == "start_kyoku"]
        if starts:
            self._pending = self._pending[starts[-1] :]

    # ------------------------------------------------------------------ inner
    def _collect(self) -> None:
        new = self.events[self._cursor :]
        self._cursor = len(self.events)
        for event in new:
            self._pending.extend(self.writer.convert(event.seen_by(self.seat)))

    def _ask(self, expect_answer: bool = True) -> bytes | None:
        """Send what is pending (greeting first, after a restart the hand so far) and read the answer."""
        if self.retired:
            return None
        batch: list[dict[str, Any]] = []
        timeout = self.timeout
        if not self.program.alive:
            if self.program.starts > 0 and not self._fresh:
                if self.restarts >= self.max_restarts:
                    self.retired = True
                    self.log.add(self.seat, "gave_up", f"{self.restarts} restarts: safe actions from now on")
                    return None
                self.restarts += 1
                self.log.add(self.seat, "restarted", f"restart {self.restarts}")
            try:
                self.program.start()
            except OSError as exc:
                self.retired = True
                self.log.add(self.seat, "gave_up", f"cannot start {self.program.argv[0]!r}: {exc}")
                return None
            self._greeted = False
        if not self._greeted:
            batch.append({"type": "start_game", "id": self.seat, "names": self.names})
            batch.extend(self._hand)
            timeout = max(timeout, self.start_timeout)
            self._greeted = True
        batch.extend(self._pending)
        for item in self._pending:  # what a restarted program is sent again: the hand so far
            if item["type"] == "start_kyoku":
                self._hand = []
            self._hand.append(item)
        self._pending = []
        self._fresh = False
        try:
            line = self.program.ask(batch, timeout)
        except TimeoutError as exc:
            self.log.add(self.seat, "timeout", str(exc))
            return None
        if line is None:
            if expect_answer or batch[-1]["type"] != "end_game":
                self.log.add(self.seat, "died", f"the program exited (code {self.program.exit_code})")
            self.program.stop()
            return None
        return line

    def _answer(
        self, reply: bytes, observation: Observation, legal: list[Action]
    ) -> tuple[Action | None, tuple[str, str] | None]:
        message = _parse_reply(reply)
        if isinstance(message, str):
            return None, ("garbage", message)
        if message.get("type") == "reach":
            if not any(a.type is A.RIICHI for a in legal):
                return None, ("illegal", f"reach is not legal now: {_short(reply)}")
            self.writer.reach_told.add(self.seat)
            self._pending.append({"type": "reach", "actor": self.seat})
            second = self._ask()
            if second is None:
                return safe_action(observation, legal, riichi=True), None
            message = _parse_reply(second)
            if isinstance(message, str):
                self.log.add(self.seat, "garbage", message)
                return safe_action(observation, legal, riichi=True), None
            action = reply_action(message, self.seat, legal, self.red, observation, riichi=True)
            if action is None:
                self.log.add(self.seat, "illegal", f"after reach: {_short(second)}")
                return safe_action(observation, legal, riichi=True), None
            return action, None
        action = reply_action(message, self.seat, legal, self.red, observation, riichi=False)
        if action is None:
            return None, ("illegal", _short(reply))
        return action, None


def _short(line: bytes) -> str:
    return line.decode("utf-8", errors="replace").strip()[:200]


def _parse_reply(line: bytes) -> dict[str, Any] | str:
    """The program's answer as an object, or what is wrong with it."""
    try:
        obj = json.loads(line.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return f"not JSON: {_short(line)}"
    if not isinstance(obj, dict) or not isinstance(obj.get("type"), str):
        return f"not an mjai action: {_short(line)}"
    return obj


def reply_action(
    message: dict[str, Any],
    seat: int,
    legal: Sequence[Action],
    red: frozenset[int],
    observation: Observation,
    *,
    riichi: bool,
) -> Action | None:
    """The legal action an mjai answer names (None when it names none). ``riichi``: the seat has said
    ``reach`` and this answer is its discard."""
    kind = message["type"]
    if "actor" in message and message["actor"] != seat:
        return None

    no_face = (-1, False)

    def face(name: Any) -> tuple[int, bool]:
        try:
            return mjai_face(name)
        except NotationError:
            return no_face

    def faces(names: Any) -> list[tuple[int, bool]]:
        if not isinstance(names, list) or len(names) > 4:
            return [no_face]
        return sorted(face(n) for n in names)

    def of(tile: int | None) -> tuple[int, bool]:
        return face_of(tile, red) if tile is not None else no_face

    if kind == "none":
        return next((a for a in legal if a.type is A.PASS), None)
    if kind == "dahai":
        want = face(message.get("pai"))
        types = (A.RIICHI,) if riichi else (A.DISCARD,)
        options = [a for a in legal if a.type in types and of(a.tile) == want]
        drawn = observation.me.drawn if observation.seats else None
        tsumogiri = bool(message.get("tsumogiri"))
        preferred = [a for a in options if (a.tile == drawn) == tsumogiri]
        chosen = preferred or options
        return chosen[0] if chosen else None
    if kind == "hora":
        return next((a for a in legal if a.type in (A.TSUMO, A.RON)), None)
    if kind == "ryukyoku":
        return next((a for a in legal if a.type is A.NINE_TERMINALS), None)
    calls = {"chi": A.CHI, "pon": A.PON, "daiminkan": A.OPEN_KAN}
    if kind in calls:
        want_tile, want_own = face(message.get("pai")), faces(message.get("consumed"))
        for a in legal:
            if a.type is calls[kind] and of(a.tile) == want_tile and sorted(map(of, a.tiles)) == want_own:
                return a
        return None
    if kind == "ankan":
        want_own = faces(message.get("consumed"))
        return next(
            (a for a in legal if a.type is A.CLOSED_KAN and sorted(map(of, a.tiles)) == want_own), None
        )
    if kind == "kakan":
        want_tile = face(message.get("pai"))
        return next((a for a in legal if a.type is A.ADDED_KAN and of(a.tile) == want_tile), None)
    return None


def safe_action(observation: Observation, legal: Sequence[Action], *, riichi: bool) -> Action:
    """What a seat plays when its program gave no usable answer: pass a claim; otherwise discard the
    tile just drawn (the riichi discard of it when the seat has said ``reach``), else the first legal
    discard."""
    for a in legal:
        if a.type is A.PASS:
            return a
    drawn = observation.me.drawn if observation.seats else None
    order = (A.RIICHI, A.DISCARD) if riichi else (A.DISCARD, A.RIICHI)
    for kind in order:
        options = [a for a in legal if a.type is kind]
        for a in options:
            if a.tile == drawn:
                return a
        if options:
            return options[0]
    return legal[0]


# ------------------------------------------------------------------------------------- the table
SEAT_PREFIX = "mjai:"


def seat_spec(level: str) -> str | None:
    """The command of an ``mjai:CMD`` seat specification (None for an AI level)."""
    return level[len(SEAT_PREFIX) :].strip() if level.startswith(SEAT_PREFIX) else None


def seat_level(command: str) -> str:
    """The seat specification of a program run by ``command`` (``mjai:CMD``)."""
    return SEAT_PREFIX + command.strip()


SCRIPT_SUFFIXES = frozenset(
    {".py", ".pyw", ".pyz", ".js", ".mjs", ".rb", ".pl", ".sh", ".jar", ".lua", ".exe"}
)


def missing_program(command: str, cwd: Path | None = None) -> str | None:
    """The word of ``command`` naming a program or script that is not there (None: nothing missing).

    The first word must be a program on the ``PATH`` or a path to one; the first argument that is not an
    option (``-u``) is checked too when it looks like a file (a path, or a script's suffix: ``bot.py``,
    ``bot.jar``), from ``cwd`` (by default the current folder). A command that cannot be split (an open
    quote) is missing as a whole; an empty one is missing its program (``""``).

    >>> missing_program("python3 -u no/such/bot.py")
    'no/such/bot.py'
    >>> missing_program("no-such-program-here 0"), missing_program("python3 -m mybot")
    ('no-such-program-here', None)
    """
    try:
        words = shlex.split(command)
    except ValueError:
        return command
    if not words:
        return ""
    base = cwd or Path.cwd()
    program = words[0]
    named = Path(program).expanduser()
    if os.sep in program or "/" in program:
        here = named if named.is_absolute() else base / named
        if not (here.is_file() and os.access(here, os.X_OK)):
            return program
    elif shutil.which(program) is None:
        return program
    for word in words[1:]:
        if word.startswith("-"):
            if word in ("-m", "-c"):  # a module or code: nothing to look for
                return None
            continue
        path = Path(word).expanduser()
        looks_like_file = "/" in word or os.sep in word or path.suffix.lower() in SCRIPT_SUFFIXES
        there = (path if path.is_absolute() else base / path).exists()
        return word if looks_like_file and "{seat}" not in word and not there else None
    return None


def play_match_with(game: Any, agents: Sequence[Any], max_hands: int | None = None) -> None:
    """Play ``game`` with ``agents`` (AI levels and mjai seats), telling the mjai seats how each hand
    ended."""
    from engine.game.play import play_hand

    while not game.over and (max_hands is None or len(game.results) < max_hands):
        play_hand(game, agents)
        for agent in agents:
            finish = getattr(agent, "finish", None)
            if finish is not None:
                finish(match_over=game.over)


_PROGRAMS: dict[tuple[str, int], MjaiProgram] = {}


def program_for(command: str, seat: int, *, stderr: Path | None = None) -> MjaiProgram:
    """The program of ``command`` for ``seat`` in this process, started once and kept for the next games
    (a program knows its seat from its start)."""
    key = (command, seat)
    program = _PROGRAMS.get(key)
    if program is None:
        program = _PROGRAMS[key] = MjaiProgram(command, seat, stderr=stderr)
    return program


def stop_programs() -> None:
    for program in _PROGRAMS.values():
        program.stop()
    _PROGRAMS.clear()
