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
    <- {"id": 8, "hints": [{"index": 0, "score": 812.5, "reasons": [{"key", "en", "zh"}, ...]}, ...]}
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
"""

from __future__ import annotations

import atexit
import contextlib
import json
import os
import queue
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.game.observation import Observation

START_TIMEOUT = 30.0  # seconds for the child's first answer (a cold start on a busy machine)
ANSWER_TIMEOUT = 30.0  # seconds for one decision or ranking
CHILD_NICENESS = 5  # the child runs at a lower priority than the table


class EngineProcessError(RuntimeError):
    """The engine process could not answer (not started, died, timed out, or the request failed)."""


@dataclass(frozen=True)
class HintLine:
    """One ranked option for the human's decision, best first, with the AI's reasons."""

    action: Any  # engine.game.actions.Action
    score: float
    reasons_en: tuple[str, ...]
    reasons_zh: tuple[str, ...]
    keys: tuple[str, ...]
    args: tuple[dict[str, int], ...] = ()  # the numbers each reason states (shanten, acceptance)


# ── the child ────────────────────────────────────────────────────────────────────────────────────
def handle(msg: dict[str, Any], rules: dict[str, Any]) -> dict[str, Any] | None:
    """Answer one request (None: no answer is due)."""
    op = msg.get("op")
    if op == "rules":
        from engine.rules import from_dict

        rules[msg["key"]] = from_dict(msg["ruleset"])
        return None
    reply: dict[str, Any] = {"id": msg.get("id")}
    try:
        if op == "ping":
            reply["pong"] = os.getpid()
        elif op in ("decide", "hints"):
            from engine.game.actions import Action

            legal = [Action.from_json(a) for a in msg["legal"]]
            table_rules = rules.get(msg.get("rules") or "")
            if op == "decide":
                from desktop.agents import decide

                action = decide(
                    msg["level"], msg["seed"], Observation.from_json(msg["obs"]), legal, table_rules
                )
                reply["index"] = legal.index(action)
            else:
                reply["hints"] = _hints(Observation.from_json(msg["obs"]), legal, table_rules)
        else:
            reply["error"] = f"unknown op {op!r}"
    except Exception as exc:  # answer every request: the table falls back, it never hangs
        reply["error"] = f"{type(exc).__name__}: {exc}"
    return reply


def serve_lines(read_line: Any, write_line: Any) -> None:
    """The child's loop: answer JSON lines until the input ends or says quit."""
    rules: dict[str, Any] = {}
    while True:
        line = read_line()
        if not line:
            return
        if not line.strip():
            continue
        msg = json.loads(line)
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
            "reasons": [{"key": r.key, "en": r.en, "zh": r.zh, "args": dict(r.args)} for r in h.reasons],
        }
        for h in rank_options(obs, legal, rules=rules)
    ]


def hint_lines(payload: list[dict[str, Any]], legal: list[Any]) -> list[HintLine]:
    return [
        HintLine(
            action=legal[h["index"]],
            score=float(h["score"]),
            reasons_en=tuple(r["en"] for r in h["reasons"]),
            reasons_zh=tuple(r["zh"] for r in h["reasons"]),
            keys=tuple(r["key"] for r in h["reasons"]),
            args=tuple(dict(r.get("args") or {}) for r in h["reasons"]),
        )
        for h in payload
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
            raise EngineProcessError("the engine process did not answer in time") from None
        if not line:
            self.lines.put(b"")
            raise EngineProcessError("the engine process ended")
        return line.decode("utf-8")

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
        if not self.conn.poll(max(0.0, timeout)):
            raise EngineProcessError("the engine process did not answer in time")
        try:
            return self.conn.recv_bytes().decode("utf-8")
        except (EOFError, OSError):
            raise EngineProcessError("the engine process ended") from None

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
        """Send ``msg`` (naming the ruleset) and wait for its answer with the GIL released."""
        with self._lock:
            if not self.alive():
                self.start()
            child = self._child
            assert child is not None
            try:
                if not self._ready:
                    self._ids += 1
                    child.send(json.dumps({"op": "ping", "id": self._ids}) + "\n")
                    self._wait(child, self._ids, START_TIMEOUT)
                    self._ready = True
                msg["rules"] = self._send_rules(child, rules)
                self._ids += 1
                msg["id"] = self._ids
                child.send(json.dumps(msg) + "\n")
                answer = self._wait(child, self._ids, timeout)
            except (OSError, ValueError, EngineProcessError) as exc:
                self.failures += 1
                self._close_locked()
                raise EngineProcessError(str(exc) or type(exc).__name__) from None
            self.requests += 1
        if "error" in answer:
            raise EngineProcessError(answer["error"])
        return answer

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
        deadline = time.monotonic() + timeout
        while True:
            answer = json.loads(child.recv(deadline - time.monotonic()))
            if isinstance(answer, dict) and answer.get("id") == wanted:
                return answer

    def decide(self, level: str, seed: str, obs: Observation, legal: list[Any], rules: Any = None) -> Any:
        """An AI seat's decision, made in the child; raises :class:`EngineProcessError`."""
        msg = {"op": "decide", "level": level, "seed": seed, "obs": obs.to_json()}
        msg["legal"] = [a.to_json() for a in legal]
        return legal[int(self._call(msg, rules)["index"])]

    def hints(self, obs: Observation, legal: list[Any], rules: Any = None) -> list[HintLine]:
        """The strong AI's ranking of ``legal`` with its reasons, made in the child."""
        msg = {"op": "hints", "obs": obs.to_json(), "legal": [a.to_json() for a in legal]}
        return hint_lines(self._call(msg, rules)["hints"], legal)

    def ping(self) -> int:
        """Wait until the child runs; its pid."""
        return int(self._call({"op": "ping"}, None, START_TIMEOUT)["pong"])


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


_warned: list[str] = []


def _warn(exc: Exception) -> None:
    if len(_warned) < 3:
        _warned.append(str(exc))
        print(f"tilehouse: engine process: {exc}; deciding on this thread", file=sys.stderr)


def decide(level: str, seed: str, obs: Observation, legal: list[Any], rules: Any = None) -> Any:
    """An AI seat's decision: in the engine process for the engine's levels, else (or when the process
    fails) on the calling thread. Both give the same decision."""
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
    """The strong AI's ranking of the options, best first (in the engine process when it can)."""
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
