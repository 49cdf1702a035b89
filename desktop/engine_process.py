"""AI seats and hints in a separate process, so their Python work never holds the UI process's GIL.

An AI decision of the standard or strong level takes 3–60 ms of pure Python; on a thread of the UI
process it would hold the GIL that every paint of the table needs (Qt calls back into Python while it
paints, and each call waits for the GIL). Here the decision runs in a child process; the engine
worker thread sends the seat's observation and legal actions and *waits* for the answer with the GIL
released.

The child gets exactly what an AI seat gets (the observation of its seat, the legal actions, the
ruleset, the per-decision seed) and makes the same call as the worker thread would
(:func:`desktop.agents.decide`), so a decision is the same whichever side makes it. The protocol is
JSON lines: one JSON object per line, requests to the child's stdin, answers from its stdout::

    -> {"op": "rules", "key": "<ruleset hash>", "ruleset": {...}}          (once per ruleset; no answer)
    -> {"op": "decide", "id": 7, "level": "standard", "seed": "g:2:41", "rules": "<key>",
        "obs": {...}, "legal": [{"seat": 2, "type": "discard", "tile": 53}, ...]}
    <- {"id": 7, "index": 3}                                                (index into "legal")
    -> {"op": "hints", "id": 8, "rules": "<key>", "obs": {...}, "legal": [...]}
    <- {"id": 8, "hints": [{"index": 0, "score": 812.5, "rank": 1, "reasons": [{"key", "en", "zh"}]}, ...]}
    -> {"op": "ping", "id": 9}
    <- {"id": 9, "pong": <pid>}
    <- {"id": n, "error": "text"}                                           (the request failed)
    -> {"op": "quit"}

Observations and actions are the engine's JSON (:meth:`Observation.to_json`, the log format's
actions); they survive the round trip exactly. From source the child is ``python -m desktop.engine_process``;
in the frozen build (no ``-m``) it is a ``multiprocessing`` spawn of the executable, whose entry point
calls ``multiprocessing.freeze_support()``, carrying the same lines over a pipe. If the child cannot
start, dies or does not answer in time, the caller decides on its own thread (the game never stops)
and the child is started again for the next request. ``TILEHOUSE_ENGINE_PROCESS=0`` turns it off.

Both sides check the protocol. The child answers every request it cannot use with an error line (not
JSON, not an object, an unknown op, a missing or mistyped field, an observation that
:meth:`Observation.from_json` refuses, legal actions that do not parse, a ruleset it refused) and never
stops for one. The client accepts only a JSON object with the request's id and, for a decision, an
``index`` that is an integer (not a bool) in ``range(len(legal))``; hints must be a list of options of
the right types, each a distinct legal index. Any other answer is a :class:`BadAnswer`: the child is
closed (a new one starts for the next request) and the decision or hint is made on the calling thread.
Each kind of failure is logged once (``logging``, to standard error when nothing is configured); after
three failures in a row the child rests for a minute, so a child that keeps failing never costs a start
at every decision.
"""

from __future__ import annotations

import atexit
import contextlib
import json
import logging
import math
import os
import queue
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError, field_validator

from engine.game.observation import Observation

log = logging.getLogger("tilehouse.engine_process")

START_TIMEOUT = 30.0  # seconds for the child's first answer (a cold start on a busy machine)
FAILURES_BEFORE_PAUSE = 3  # failed requests in a row after which the child rests a while ...
PAUSE_SECONDS = 60.0  # ... and every decision is made on the calling thread meanwhile
ANSWER_TIMEOUT = 30.0  # seconds for one decision or ranking
CHILD_NICENESS = 5  # the child runs at a lower priority than the table


class EngineProcessError(RuntimeError):
    """The engine process could not answer (not started, died, timed out, or the request failed).
    ``kind`` names the failure for the log (one warning per kind)."""

    kind = "failed"

    def __init__(self, message: str, kind: str | None = None) -> None:
        super().__init__(message)
        if kind is not None:
            self.kind = kind


class BadAnswer(EngineProcessError):
    """An answer that is not one (not JSON, not an object, a wrong id, an index that is not an
    integer in range...): the child is restarted and the decision made on the calling thread."""

    kind = "bad answer"


@dataclass(frozen=True)
class HintLine:
    """One ranked option for the human's decision, best first, with the AI's reasons."""

    action: Any  # engine.game.actions.Action
    score: float
    reasons_en: tuple[str, ...]
    reasons_zh: tuple[str, ...]
    keys: tuple[str, ...]
    args: tuple[dict[str, int], ...] = ()  # the numbers each reason states (shanten, acceptance)
    rank: int = 1  # the engine's rank (engine.ai.hints.Hint.rank): options scored alike share one


# ── the child ────────────────────────────────────────────────────────────────────────────────────
# no request or answer is longer (an observation is a few KB; late in a long match the earlier hands'
# discards add some tens of KB)
MAX_LINE = 4 * 1024 * 1024


class _Refused(ValueError):
    """A malformed request: the child answers it with an error line."""


def _field(msg: dict[str, Any], name: str, kind: type | tuple[type, ...], what: str) -> Any:
    value = msg.get(name)
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
        raise _Refused(f"{name!r} must be {what}")
    return value


def _request(line: str) -> dict[str, Any]:
    """One request line, parsed: a JSON object (``_Refused`` otherwise)."""
    if len(line) > MAX_LINE:
        raise _Refused("request too long")
    try:
        msg = json.loads(line, parse_constant=_no_constant)
    except (ValueError, RecursionError) as exc:
        raise _Refused(f"not JSON ({type(exc).__name__})") from None
    if not isinstance(msg, dict):
        raise _Refused("a request must be a JSON object")
    return msg


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number")


def _parse_legal(msg: dict[str, Any]) -> list[Any]:
    from engine.game.actions import Action

    raw = _field(msg, "legal", list, "a list of actions")
    if not raw:
        raise _Refused("'legal' is empty")
    try:
        return [Action.from_json(a) for a in raw]
    except Exception as exc:  # any way an action can be malformed
        raise _Refused(f"'legal': {exc}") from None


def _parse_obs(msg: dict[str, Any]) -> Observation:
    raw = _field(msg, "obs", dict, "an observation object")
    try:
        return Observation.from_json(raw)
    except Exception as exc:  # KeyError, TypeError, ValueError...: the observation is refused
        raise _Refused(f"'obs' refused ({type(exc).__name__}: {exc})") from None


def handle(msg: dict[str, Any], rules: dict[str, Any]) -> dict[str, Any] | None:
    """Answer one request (None: no answer is due: a ruleset that was stored). Every malformed
    request gets an error answer (its ``id`` when it has a usable one, else ``null``)."""
    if not isinstance(msg, dict):
        return {"id": None, "error": "a request must be a JSON object"}
    op = msg.get("op")
    ident = msg.get("id")
    reply: dict[str, Any] = {"id": ident if isinstance(ident, int) and not isinstance(ident, bool) else None}
    try:
        if op == "rules":
            key = _field(msg, "key", str, "a ruleset key")
            try:
                from engine.rules import from_dict

                rules[key] = from_dict(_field(msg, "ruleset", dict, "a ruleset object"))
            except Exception as exc:
                rules[key] = _Refused(f"ruleset {key[:16]!r} refused: {exc}")
                raise rules[key] from None
            return None
        if reply["id"] is None:
            raise _Refused("'id' must be an integer")
        if op == "ping":
            reply["pong"] = os.getpid()
        elif op in ("decide", "hints"):
            legal = _parse_legal(msg)
            obs = _parse_obs(msg)
            key = msg.get("rules")
            table_rules = None
            if key is not None:
                table_rules = rules.get(_field(msg, "rules", str, "a ruleset key"))
                if table_rules is None:
                    raise _Refused(f"unknown ruleset {key[:16]!r}")
                if isinstance(table_rules, _Refused):
                    raise table_rules
            if op == "decide":
                from desktop.agents import decide

                level = _field(msg, "level", str, "a level name")
                seed = _field(msg, "seed", str, "a seed string")
                action = decide(level, seed, obs, legal, table_rules)
                reply["index"] = legal.index(action)
            else:
                reply["hints"] = _hints(obs, legal, table_rules)
        else:
            raise _Refused(f"unknown op {str(op)[:32]!r}")
    except Exception as exc:  # answer every request: the table falls back, it never hangs
        reply["error"] = f"{type(exc).__name__}: {exc}" if not isinstance(exc, _Refused) else str(exc)
        reply["error"] = " ".join(reply["error"].split())[:500]
    return reply


def serve_lines(read_line: Any, write_line: Any) -> None:
    """The child's loop: answer JSON lines until the input ends or says quit. A line that is not a
    request (not JSON, not an object) is answered with an error line too; nothing ends the loop but
    the end of the input or ``quit``."""
    rules: dict[str, Any] = {}
    while True:
        line = read_line()
        if not line:
            return
        if not line.strip():
            continue
        try:
            msg = _request(line)
        except _Refused as exc:
            write_line(json.dumps({"id": None, "error": str(exc)}) + "\n")
            continue
        if msg.get("op") == "quit":
            return
        reply = handle(msg, rules)
        if reply is not None:
            write_line(json.dumps(reply) + "\n")


def lower_priority() -> None:
    """The child is background work: when cores are short, the table's UI thread goes first."""
    with contextlib.suppress(AttributeError, OSError):
        os.nice(CHILD_NICENESS)


def main() -> None:
    """``python -m desktop.engine_process``: requests on stdin, answers on stdout."""
    lower_priority()
    out = sys.stdout
    sys.stdout = sys.stderr  # a stray print must not break the protocol

    def write(text: str) -> None:
        out.write(text)
        out.flush()

    serve_lines(sys.stdin.readline, write)


def serve_pipe(conn: Any) -> None:
    """The frozen build's child (a ``multiprocessing`` spawn): the same lines over a pipe."""

    lower_priority()

    def read() -> str:
        try:
            return str(conn.recv_bytes().decode("utf-8"))
        except (EOFError, OSError):
            return ""

    serve_lines(read, lambda text: conn.send_bytes(text.encode("utf-8")))


def _hints(obs: Observation, legal: list[Any], rules: Any) -> list[dict[str, Any]]:
    from engine.ai.hints import rank_options

    return [
        {
            "index": legal.index(h.option),
            "score": round(float(h.score), 3),
            "rank": h.rank,
            "reasons": [{"key": r.key, "en": r.en, "zh": r.zh, "args": dict(r.args)} for r in h.reasons],
        }
        for h in rank_options(obs, legal, rules=rules)
    ]


class _Reason(BaseModel):
    model_config = ConfigDict(strict=True, frozen=True)

    key: Annotated[str, Field(max_length=200)]
    en: Annotated[str, Field(max_length=2000)]
    zh: Annotated[str, Field(max_length=2000)]
    args: dict[str, int] = Field(default_factory=dict)


class _Hint(BaseModel):
    model_config = ConfigDict(strict=True, frozen=True)

    index: Annotated[int, Field(ge=0)]
    score: float | int
    rank: Annotated[int, Field(ge=1)] = 1
    reasons: list[_Reason]

    @field_validator("score")
    @classmethod
    def _finite(cls, value: float) -> float:
        if not math.isfinite(value):
            raise ValueError("not a finite number")
        return value


_HINTS = TypeAdapter(list[_Hint])


def hint_lines(payload: Any, legal: list[Any]) -> list[HintLine]:
    """The hint lines of a ranking (the child's answer or the local one); :class:`BadAnswer` for a
    payload that is not one (a wrong type, an index outside ``legal``, a repeated option)."""
    try:
        hints = _HINTS.validate_python(payload)
    except ValidationError as exc:
        raise BadAnswer(f"hints: {exc.errors(include_url=False)[0]['msg']}") from None
    seen: set[int] = set()
    for h in hints:
        if h.index >= len(legal) or h.index in seen:
            raise BadAnswer(f"hints: option {h.index} is not one of the {len(legal)} legal actions")
        seen.add(h.index)
    return [
        HintLine(
            action=legal[h.index],
            score=float(h.score),
            reasons_en=tuple(r.en for r in h.reasons),
            reasons_zh=tuple(r.zh for r in h.reasons),
            keys=tuple(r.key for r in h.reasons),
            args=tuple(dict(r.args) for r in h.reasons),
            rank=h.rank,
        )
        for h in hints
    ]


def local_hints(obs: Observation, legal: list[Any], rules: Any) -> list[HintLine]:
    """The same ranking on the calling thread (the fallback)."""
    return hint_lines(_hints(obs, legal, rules), legal)


# ── transports ───────────────────────────────────────────────────────────────────────────────────
class _Subprocess:
    """``python -m desktop.engine_process`` with JSON lines over its stdin and stdout."""

    def __init__(self) -> None:
        root = str(Path(__file__).resolve().parent.parent)
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(p for p in (root, env.get("PYTHONPATH", "")) if p)
        flags = getattr(subprocess, "CREATE_NO_WINDOW", 0)
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "desktop.engine_process"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            env=env,
            creationflags=flags,
        )
        self.pid = self.proc.pid
        self.lines: queue.Queue[bytes] = queue.Queue()
        # a reader thread turns the blocking reads into a queue with time-outs (pipes cannot be
        # polled on every platform); it waits in the read with the GIL released
        self.reader = threading.Thread(target=self._read, name="tilehouse-engine-reader", daemon=True)
        self.reader.start()

    def _read(self) -> None:
        stdout = self.proc.stdout
        assert stdout is not None
        with contextlib.suppress(OSError, ValueError):  # closed under it: the child is going away
            for line in iter(stdout.readline, b""):
                self.lines.put(line)
        self.lines.put(b"")

    def send(self, text: str) -> None:
        stdin = self.proc.stdin
        assert stdin is not None
        stdin.write(text.encode("utf-8"))
        stdin.flush()

    def recv(self, timeout: float) -> str:
        try:
            line = self.lines.get(timeout=max(0.0, timeout))
        except queue.Empty:
            raise EngineProcessError("the engine process did not answer in time", "timeout") from None
        if not line:
            self.lines.put(b"")
            raise EngineProcessError("the engine process ended", "ended")
        try:
            return line.decode("utf-8")
        except UnicodeDecodeError:
            raise BadAnswer("an answer that is not UTF-8") from None

    def alive(self) -> bool:
        return self.proc.poll() is None

    def close(self) -> None:
        with contextlib.suppress(OSError, ValueError):
            self.send('{"op": "quit"}\n')
        for stream in (self.proc.stdin, self.proc.stdout):
            with contextlib.suppress(OSError, ValueError):
                if stream is not None:
                    stream.close()
        try:
            self.proc.wait(1.0)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(1.0)


class _Spawned:
    """The frozen build's child: a ``multiprocessing`` spawn of the executable, lines over a pipe."""

    def __init__(self) -> None:
        import multiprocessing

        ctx = multiprocessing.get_context("spawn")
        self.conn, child = ctx.Pipe()
        self.proc = ctx.Process(target=serve_pipe, args=(child,), name="tilehouse-engine", daemon=True)
        self.proc.start()
        child.close()
        self.pid = self.proc.pid

    def send(self, text: str) -> None:
        self.conn.send_bytes(text.encode("utf-8"))

    def recv(self, timeout: float) -> str:
        try:
            if not self.conn.poll(max(0.0, timeout)):
                raise EngineProcessError("the engine process did not answer in time", "timeout")
            data = self.conn.recv_bytes()
        except (EOFError, OSError):
            raise EngineProcessError("the engine process ended", "ended") from None
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError:
            raise BadAnswer("an answer that is not UTF-8") from None

    def alive(self) -> bool:
        return self.proc.is_alive()

    def close(self) -> None:
        with contextlib.suppress(OSError, ValueError):
            self.send('{"op": "quit"}\n')
        self.conn.close()
        self.proc.join(1.0)
        if self.proc.is_alive():
            self.proc.terminate()
            self.proc.join(1.0)


# ── the parent's side ────────────────────────────────────────────────────────────────────────────
class EngineProcess:
    """A client of one child process; thread-safe (one request at a time)."""

    def __init__(self) -> None:
        self._lock = threading.RLock()
        self._child: _Subprocess | _Spawned | None = None
        self._ids = 0
        self._rules_sent: set[str] = set()
        self._ready = False
        self.starts = 0
        self.requests = 0
        self.failures = 0
        self.in_a_row = 0  # failures since the last good answer
        self.paused_until = 0.0  # after FAILURES_BEFORE_PAUSE in a row: no new child before this

    def start(self) -> None:
        """Start the child if it is not running (returns at once; the first request waits for it)."""
        with self._lock:
            if self._child is not None and self._child.alive():
                return
            self._close_locked()
            self._child = _Spawned() if frozen() else _Subprocess()
            self._rules_sent = set()
            self._ready = False
            self.starts += 1

    def alive(self) -> bool:
        return self._child is not None and self._child.alive()

    @property
    def pid(self) -> int | None:
        return None if self._child is None else self._child.pid

    def close(self) -> None:
        with self._lock:
            self._close_locked()

    def _close_locked(self) -> None:
        child, self._child = self._child, None
        self._ready = False
        if child is not None:
            child.close()

    def _call(self, msg: dict[str, Any], rules: Any, timeout: float = ANSWER_TIMEOUT) -> dict[str, Any]:
        """Send ``msg`` (naming the ruleset) and wait for its answer with the GIL released.

        Raises :class:`EngineProcessError` only: the child could not start, ended, timed out or
        refused the request, or its answer is not one (:class:`BadAnswer`: the child is closed, the
        next request starts a new one)."""
        with self._lock:
            if time.monotonic() < self.paused_until:
                raise EngineProcessError("paused after repeated failures", "paused")
            try:
                if not self.alive():
                    self.start()
                child = self._child
                assert child is not None
                if not self._ready:
                    self._ids += 1
                    child.send(json.dumps({"op": "ping", "id": self._ids}) + "\n")
                    self._check_pong(self._wait(child, self._ids, START_TIMEOUT))
                    self._ready = True
                msg["rules"] = self._send_rules(child, rules)
                self._ids += 1
                msg["id"] = self._ids
                child.send(json.dumps(msg) + "\n")
                answer = self._wait(child, self._ids, timeout)
            except (OSError, ValueError, EngineProcessError) as exc:
                self._failed_locked()
                if isinstance(exc, EngineProcessError):
                    raise
                raise EngineProcessError(str(exc) or type(exc).__name__, "start") from None
            self.requests += 1
        if "error" in answer:
            error = answer["error"]
            if not isinstance(error, str):
                raise self._bad("an error that is not a text")
            text = " ".join(error.split())[:300]
            raise EngineProcessError(f"the engine process refused the request: {text}", "refused")
        return answer

    def _bad(self, problem: str) -> BadAnswer:
        """A bad answer to a request: the child is not trusted again (a new one for the next)."""
        with self._lock:
            self._failed_locked()
        return BadAnswer(f"the engine process answered badly: {problem}")

    def _failed_locked(self) -> None:
        """Close the child (the next request starts a new one); after several failures in a row, rest
        a while so that a child that keeps failing does not cost a start at every decision."""
        self.failures += 1
        self.in_a_row += 1
        self._close_locked()
        if self.in_a_row >= FAILURES_BEFORE_PAUSE:
            self.paused_until = time.monotonic() + PAUSE_SECONDS
            self.in_a_row = 0

    def _good(self) -> None:
        self.in_a_row = 0

    @staticmethod
    def _check_pong(answer: dict[str, Any]) -> None:
        pong = answer.get("pong")
        if "error" not in answer and (not isinstance(pong, int) or isinstance(pong, bool)):
            raise BadAnswer("the engine process answered badly: a ping without its pid")

    def _send_rules(self, child: _Subprocess | _Spawned, rules: Any) -> str | None:
        """The ruleset goes to the child once; its hash names it in requests."""
        if rules is None:
            return None
        from engine.rules import ruleset_hash, to_dict

        key = ruleset_hash(rules)
        if key not in self._rules_sent:
            child.send(json.dumps({"op": "rules", "key": key, "ruleset": to_dict(rules)}) + "\n")
            self._rules_sent.add(key)
        return key

    @staticmethod
    def _wait(child: _Subprocess | _Spawned, wanted: int, timeout: float) -> dict[str, Any]:
        """The answer to request ``wanted``. Answers to other ids are skipped (an error line the child
        wrote for a request it could not read has ``"id": null``); a line that is not a JSON object
        with an integer or null id is a :class:`BadAnswer`."""
        deadline = time.monotonic() + timeout
        while True:
            line = child.recv(deadline - time.monotonic())
            if len(line) > MAX_LINE:
                raise BadAnswer("the engine process answered badly: an answer too long")
            try:
                answer = json.loads(line, parse_constant=_no_constant)
            except (ValueError, RecursionError):
                raise BadAnswer("the engine process answered badly: not JSON") from None
            if not isinstance(answer, dict):
                raise BadAnswer(f"the engine process answered badly: {type(answer).__name__}, not an object")
            ident = answer.get("id")
            if ident is not None and (not isinstance(ident, int) or isinstance(ident, bool)):
                raise BadAnswer("the engine process answered badly: an id that is not an integer")
            if ident == wanted:
                return answer

    def decide(self, level: str, seed: str, obs: Observation, legal: list[Any], rules: Any = None) -> Any:
        """An AI seat's decision, made in the child; raises :class:`EngineProcessError` (and
        :class:`BadAnswer` for an index that is not an integer in ``range(len(legal))``: ``-1``,
        ``99``, ``"1"``, ``true``, a list...)."""
        msg = {"op": "decide", "level": level, "seed": seed, "obs": obs.to_json()}
        msg["legal"] = [a.to_json() for a in legal]
        answer = self._call(msg, rules)
        index = answer.get("index")
        if not isinstance(index, int) or isinstance(index, bool):
            raise self._bad(f"index {_shown(index)} is not an integer")
        if not 0 <= index < len(legal):
            raise self._bad(f"index {index} is not one of the {len(legal)} legal actions")
        self._good()
        return legal[index]

    def hints(self, obs: Observation, legal: list[Any], rules: Any = None) -> list[HintLine]:
        """The strong AI's ranking of ``legal`` with its reasons, made in the child."""
        msg = {"op": "hints", "obs": obs.to_json(), "legal": [a.to_json() for a in legal]}
        answer = self._call(msg, rules)
        try:
            lines = hint_lines(answer.get("hints"), legal)
        except BadAnswer as exc:
            raise self._bad(str(exc)) from None
        self._good()
        return lines

    def ping(self) -> int:
        """Wait until the child runs; its pid."""
        answer = self._call({"op": "ping"}, None, START_TIMEOUT)
        pong = answer.get("pong")
        if not isinstance(pong, int) or isinstance(pong, bool):
            raise self._bad("a ping without its pid")
        return pong


def _shown(value: Any) -> str:
    return repr(value)[:40]


def frozen() -> bool:
    """A frozen executable (PyInstaller): no ``python -m``, the child is a multiprocessing spawn."""
    return bool(getattr(sys, "frozen", False))


_SHARED: list[EngineProcess] = []


def shared() -> EngineProcess:
    """The application's engine process client (one child for every table)."""
    if not _SHARED:
        _SHARED.append(EngineProcess())
        atexit.register(shutdown)
    return _SHARED[0]


def shutdown() -> None:
    for client in _SHARED:
        client.close()


def enabled() -> bool:
    """``TILEHOUSE_ENGINE_PROCESS=0`` keeps every AI decision on the worker thread (for comparison)."""
    return os.environ.get("TILEHOUSE_ENGINE_PROCESS", "1") not in ("0", "false", "no")


_warned: set[str] = set()


def _warn(exc: EngineProcessError) -> None:
    """Log a failure once per kind (``timeout``, ``ended``, ``bad answer``, ``refused``...), not at
    every request: the table goes on deciding on the calling thread."""
    if exc.kind not in _warned:
        _warned.add(exc.kind)
        # with no logging configured, Python's last-resort handler writes it to standard error
        log.warning("tilehouse: engine process: %s; deciding on this thread", exc)


def decide(level: str, seed: str, obs: Observation, legal: list[Any], rules: Any = None) -> Any:
    """An AI seat's decision: in the engine process for the engine's levels, else (or when the process
    fails or answers badly) on the calling thread. Both give the same decision; this never raises
    for the engine process's sake."""
    from desktop import agents

    if len(legal) == 1:
        return legal[0]  # no agent needed (and no engine.ai import on the worker thread)
    if enabled() and agents.runs_in_process(level):
        try:
            return shared().decide(level, seed, obs, legal, rules)
        except EngineProcessError as exc:
            _warn(exc)
    return agents.decide(level, seed, obs, legal, rules)


def hints(obs: Observation, legal: list[Any], rules: Any = None) -> list[HintLine]:
    """The strong AI's ranking of the options, best first (in the engine process when it can; a bad
    answer gives the local ranking)."""
    if not legal:
        return []
    if enabled():
        try:
            return shared().hints(obs, legal, rules)
        except EngineProcessError as exc:
            _warn(exc)
    return local_hints(obs, legal, rules)


def prestart() -> None:
    """Start the child now so that the first decision does not wait for it."""
    if enabled():
        shared().start()


if __name__ == "__main__":
    main()
