"""The desktop refuses bad files and bad answers cleanly and loses nothing on a full disk (issue 13).

* hostile saves: each gives a one-line ``SaveError`` within 2 s and 200 MB, and in the window a message
  box while the game on the table (its observation, its action count, ``has_game``) stays as it was;
* the engine child process: malformed requests are answered with error lines; bad answers never raise
  out of the client nor pick a wrong action (the child is restarted, the decision made on the calling
  thread, logged once); a table whose child always answers badly still reaches the human's decision;
* autosave: the temporary file is removed on any failure; on a 16 KB disk the warning shows once, the
  previous autosave stays loadable and Retry works after space is freed; two instances never write
  the same autosave (the lock is ``flock``: a killed holder's lock is taken over);
* ``kill -9`` at 20 random moments: the autosave always loads at the last action the process completed.
"""

from __future__ import annotations

import errno
import json
import logging
import os
import random
import signal
import subprocess
import sys
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from desktop import agents, engine_process
from desktop.engine_process import BadAnswer, EngineProcess, EngineProcessError, serve_lines
from desktop.session import GameSession, SaveError, Setup, _checksum
from desktop.storage import AUTOSAVE_NAME, atomic_write, autosave_path, claim_autosave
from engine.agents.simple import SimpleAgent
from engine.game.actions import Action, ActionType
from engine.game.game import Game
from engine.rules import default_ruleset

A = ActionType
ROOT = Path(__file__).resolve().parent.parent
WAIT = 15000


# ── hostile saves ────────────────────────────────────────────────────────────────────────────────
def played_save(n: int = 24, human_seat: int | None = 0) -> str:
    """A riichi game ``n`` actions in, as its save's text (the human seat played by a simple agent)."""
    session = GameSession.new(default_ruleset("riichi"), Setup(human_seat=human_seat), seed="hostile")
    agent = SimpleAgent(1)
    for _ in range(n):
        if human_seat is not None and session.human_pending():
            legal = session.game.legal_actions(human_seat)
            session.apply_human(agent.choose(session.game.observation(human_seat), legal))
        else:
            session.ai_step()
    return session.save_text()


def _with_meta(text: str, **changes: Any) -> str:
    """The save with metadata fields changed (the checksum stays valid: it covers the log only)."""
    lines = text.splitlines()
    meta = json.loads(lines[0])
    meta.update(changes)
    first = json.dumps(meta).replace('"<Infinity>"', "Infinity").replace('"<NaN>"', "NaN")
    return "\n".join([first, *lines[1:]]) + "\n"


def _with_log_line(text: str, index: int, line: str) -> str:
    """The save with log line ``index`` replaced and the checksum recomputed (so only the replay or
    the loading layer can refuse it)."""
    lines = text.splitlines()
    meta, log = json.loads(lines[0]), lines[1:]
    log[index] = line
    meta["checksum"] = _checksum(log)
    return "\n".join([json.dumps(meta), *log]) + "\n"


def _deep(n: int) -> str:
    return "[" * n + "]" * n


HOSTILE: dict[str, Callable[[str], str | bytes]] = {
    "deep nesting in the metadata": lambda t: '{"format": "tilehouse-save", "x": ' + _deep(100_000) + "}\n",
    "deep nesting in the log, valid checksum": lambda t: _with_log_line(
        t, 3, '{"action": ' + _deep(5000) + "}"
    ),
    "human_seat Infinity": lambda t: _with_meta(t, human_seat="<Infinity>"),
    "human_seat NaN": lambda t: _with_meta(t, human_seat="<NaN>"),
    "human_seat 1.0": lambda t: _with_meta(t, human_seat=1.0),
    "human_seat true": lambda t: _with_meta(t, human_seat=True),
    "human_seat 7 of 4": lambda t: _with_meta(t, human_seat=7),
    "one level for four seats": lambda t: _with_meta(t, levels=["standard"]),
    "five levels for four seats": lambda t: _with_meta(t, levels=["standard"] * 5),
    "unknown level names": lambda t: _with_meta(t, levels=["grandmaster", "standard", "x", "standard"]),
    "a level that is not a string": lambda t: _with_meta(t, levels=[1, 2, 3, 4]),
    "practice 'yes'": lambda t: _with_meta(t, practice="yes"),
    "max_hands 0": lambda t: _with_meta(t, max_hands=0),
    "max_hands of 5000 digits": lambda t: _with_meta(t, max_hands=int("9" * 200)),
    "auto beyond the log": lambda t: _with_meta(t, auto=[10_000]),
    "auto negative": lambda t: _with_meta(t, auto=[-1]),
    "an unknown metadata key": lambda t: _with_meta(t, cheat=True),
    "another format version": lambda t: _with_meta(t, version=99),
    "seat Infinity in an action, valid checksum": lambda t: _with_log_line(
        t, 2, '{"action": {"seat": Infinity, "type": "discard", "tile": 5}}'
    ),
    "an illegal move, valid checksum": lambda t: _with_log_line(
        t, 2, json.dumps({"action": {"seat": 3, "type": "discard", "tile": 135}})
    ),
    "bad checksum": lambda t: t.replace('"discard"', '"dsicard"', 1),
    "truncated": lambda t: t[: len(t) * 2 // 3],
    "truncated in the metadata": lambda t: t[:40],
    "not UTF-8": lambda t: b"\xff\xfe\x00" + t.encode("utf-8"),
    "a 12 MB line": lambda t: t.splitlines()[0] + "\n" + '{"summary": "' + "x" * (12 * 1024 * 1024) + '"}\n',
    "empty": lambda t: "",
    "foreign": lambda t: "hello, world\n",
}


def _write(path: Path, content: str | bytes) -> Path:
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    return path


def _huge(path: Path) -> Path:
    """A 20 MB file that takes no room (sparse): refused by its size before a byte is read."""
    with open(path, "wb") as fh:
        fh.truncate(20 * 1024 * 1024)
    return path


def test_hostile_saves_give_one_line_within_2_s_and_200_mb(tmp_path: Path) -> None:
    good = played_save()
    cases = {
        name: _write(tmp_path / f"case{i}.thsave", make(good))
        for i, (name, make) in enumerate(HOSTILE.items())
    }
    cases["huge file"] = _huge(tmp_path / "huge.thsave")
    for name, path in cases.items():
        tracemalloc.start()
        started = time.perf_counter()
        try:
            with pytest.raises(SaveError) as info:
                GameSession.load(path)
        finally:
            _, peak = tracemalloc.get_traced_memory()
            tracemalloc.stop()
        took = time.perf_counter() - started
        text = str(info.value)
        assert "\n" not in text and text.startswith(path.name), (name, text)
        assert len(text) < 400, (name, text)
        assert took < 2.0, (name, took)
        assert peak < 200 * 1024 * 1024, (name, peak)
    assert "levels" in str(_error(cases["one level for four seats"]))
    assert "grandmaster" in str(_error(cases["unknown level names"]))
    assert "Infinity" in str(_error(cases["human_seat Infinity"]))
    assert "nested" in str(_error(cases["deep nesting in the log, valid checksum"]))


def _error(path: Path) -> SaveError:
    try:
        GameSession.load(path)
    except SaveError as exc:
        return exc
    raise AssertionError(f"{path} loaded")


def test_old_saves_and_bare_logs_still_load(tmp_path: Path) -> None:
    data = ROOT / "tests" / "data"
    for path in sorted(data.glob("old_*.thsave")):
        assert GameSession.load(path).setup.levels == ["standard"] * 4
    bare = tmp_path / "bare.jsonl"
    bare.write_text("\n".join(played_save().splitlines()[1:]) + "\n", encoding="utf-8")
    session = GameSession.load(bare)
    assert session.setup.human_seat == 0 and session.setup.levels == ["simple"] * 4
    # a save without levels (made before they were kept) plays on with the simple agent
    no_levels = json.loads(played_save().splitlines()[0])
    no_levels.pop("levels")
    text = played_save()
    path = _write(tmp_path / "nolevels.thsave", "\n".join([json.dumps(no_levels), *text.splitlines()[1:]]))
    assert GameSession.load(path).setup.levels == ["simple"] * 4


def wait_human(qtbot, w) -> None:  # type: ignore[no-untyped-def]
    qtbot.waitUntil(lambda: w.snap is not None and bool(w.snap.legal) and w.controller.idle(), timeout=WAIT)


def play_human(qtbot, w, moves: int) -> None:  # type: ignore[no-untyped-def]
    """Answer ``moves`` human decisions (pass on a call, else a discard, else the first option)."""
    for _ in range(moves):
        wait_human(qtbot, w)
        legal = w.snap.legal
        passes = [a for a in legal if a.type is A.PASS]
        discards = [a for a in legal if a.type is A.DISCARD]
        w.send((passes or discards or legal)[0])
    wait_human(qtbot, w)


def test_hostile_saves_leave_the_game_on_the_table_untouched(
    qtbot, main_window, tmp_path, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtWidgets import QMessageBox

    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: shown.append(a[2]))
    window = main_window()
    # no game yet: a refused load leaves has_game False and the welcome panel up
    window.startup()
    window.load_path(_write(tmp_path / "first.thsave", HOSTILE["one level for four seats"](played_save())))
    qtbot.waitUntil(lambda: len(shown) == 1, timeout=WAIT)
    assert not window.controller.has_game and window.snap is None and window.welcome.isVisible()

    window.start_game(default_ruleset("riichi"), Setup(human_seat=0, levels=["simple"] * 4), "table")
    play_human(qtbot, window, 2)
    obs, count = window.snap.obs, window.snap.actions
    session = window.controller.worker.session
    autosave = autosave_path().read_bytes()
    good = played_save()
    paths = {
        name: _write(tmp_path / f"h{i}.thsave", make(good)) for i, (name, make) in enumerate(HOSTILE.items())
    }
    paths["huge file"] = _huge(tmp_path / "huge.thsave")
    for name, path in paths.items():
        before = len(shown)
        started = time.perf_counter()
        window.load_path(path)
        qtbot.waitUntil(lambda: len(shown) > before, timeout=WAIT)  # noqa: B023
        assert time.perf_counter() - started < 2.0, name
        assert path.name in shown[-1] and "cannot be loaded" in shown[-1], (name, shown[-1])
        qtbot.waitUntil(window.controller.idle, timeout=WAIT)
        assert window.controller.has_game, name
        assert window.controller.worker.session is session, name
        assert window.snap.obs == obs and window.snap.actions == count, name
        assert len(session.game.actions) == count and bool(window.snap.legal), name
    assert len(shown) == len(paths) + 1  # one message per file, nothing else
    assert autosave_path().read_bytes() == autosave
    # and the game plays on
    play_human(qtbot, window, 1)
    assert window.snap.actions > count


# ── the engine child process ─────────────────────────────────────────────────────────────────────
def a_position() -> tuple[Any, list[Action], str]:
    rules = default_ruleset("riichi")
    game = Game(rules, seed="ep")
    while True:
        seat = game.pending()[0]
        obs, legal = game.observation(seat), game.legal_actions(seat)
        seed = f"ep:{seat}:{len(game.actions)}"
        if len(legal) > 2:
            return obs, legal, seed
        game.apply(agents.decide("simple", seed, obs, legal, rules))


class FakeChild:
    """A transport whose answers are scripted: ``answer(request) -> line``."""

    pid = 0

    def __init__(self, answer: Callable[[dict[str, Any]], str]) -> None:
        self.answer = answer
        self.pending: list[str] = []
        self.closed = False

    def send(self, text: str) -> None:
        msg = json.loads(text)
        if msg.get("op") == "ping":
            self.pending.append(json.dumps({"id": msg["id"], "pong": 1}))
        elif msg.get("op") in ("decide", "hints"):
            self.pending.append(self.answer(msg))

    def recv(self, timeout: float) -> str:
        if not self.pending:
            raise EngineProcessError("the engine process did not answer in time", "timeout")
        return self.pending.pop(0) + "\n"

    def alive(self) -> bool:
        return not self.closed

    def close(self) -> None:
        self.closed = True


def _answering(payload: str) -> Callable[[dict[str, Any]], str]:
    """An answer with the request's id, ``payload`` a JSON object text (or anything else: as is)."""

    def answer(msg: dict[str, Any]) -> str:
        try:
            obj = json.loads(payload)
        except ValueError:
            return payload
        if isinstance(obj, dict) and "id" not in obj:
            obj["id"] = msg["id"]
            return json.dumps(obj)
        return payload

    return answer


BAD_DECISIONS = [
    "[1]",
    "null",
    '{"index": 99}',
    '{"index": "x"}',
    '{"index": true}',
    '{"index": -1}',
    '{"index": 1.0}',
    '{"index": [0]}',
    '{"error": 5}',
    '{"id": "1", "index": 0}',
    "not json at all",
    '{"pong": 3}',
]


def _client_with(fake: FakeChild, monkeypatch) -> EngineProcess:  # type: ignore[no-untyped-def]
    client = EngineProcess()
    client._child = fake  # type: ignore[assignment]
    client._ready = True
    monkeypatch.setattr(engine_process, "_SHARED", [client])
    return client


@pytest.mark.parametrize("payload", BAD_DECISIONS)
def test_a_bad_answer_falls_back_to_this_thread(payload, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    obs, legal, seed = a_position()
    want = agents.decide("standard", seed, obs, legal)
    fake = FakeChild(_answering(payload))
    client = _client_with(fake, monkeypatch)
    monkeypatch.setattr(client, "start", lambda: None)  # no real child: the fallback must decide
    with pytest.raises(EngineProcessError):
        client.decide("standard", seed, obs, legal)  # the client raises only its own error
    assert fake.closed and client.failures == 1  # the child is dropped: a new one for the next
    client._child, fake.closed = fake, False  # type: ignore[assignment]
    assert engine_process.decide("standard", seed, obs, legal) == want


def test_bad_answers_restart_the_child_and_are_logged_once(monkeypatch, caplog) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(engine_process, "_warned", set())
    obs, legal, seed = a_position()
    want = agents.decide("standard", seed, obs, legal)
    client = _client_with(FakeChild(_answering('{"index": -1}')), monkeypatch)
    fakes: list[FakeChild] = []

    def start() -> None:  # each restart is a new (bad) child
        fakes.append(FakeChild(_answering(random.choice(BAD_DECISIONS))))
        client._child, client._ready = fakes[-1], False  # type: ignore[assignment]
        client.starts += 1

    monkeypatch.setattr(client, "start", start)
    monkeypatch.setattr(engine_process, "FAILURES_BEFORE_PAUSE", 10**6)  # every request tries a child
    with caplog.at_level(logging.WARNING, logger="tilehouse.engine_process"):
        for _ in range(8):
            assert engine_process.decide("standard", seed, obs, legal) == want
    assert client.starts == 7 and client.failures == 8
    assert len([r for r in caplog.records if "answered badly" in r.getMessage()]) == 1


def test_a_child_that_keeps_failing_rests_and_a_real_one_comes_back(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    obs, legal, seed = a_position()
    want = agents.decide("standard", seed, obs, legal)
    client = _client_with(FakeChild(_answering('{"index": 99}')), monkeypatch)
    try:
        for _ in range(3):  # the third failure in a row pauses the child
            client._child, client._ready = FakeChild(_answering('{"index": 99}')), True  # type: ignore[assignment]
            assert engine_process.decide("standard", seed, obs, legal) == want
        assert client.paused_until > time.monotonic()
        with pytest.raises(EngineProcessError, match="paused"):
            client.decide("standard", seed, obs, legal)
        client.paused_until = 0.0
        assert client.decide("standard", seed, obs, legal) == want  # a real child, started afresh
        assert client.alive() and client.in_a_row == 0
    finally:
        client.close()


@pytest.mark.parametrize(
    "payload",
    [
        '{"hints": "x"}',
        '{"hints": [{"index": 99, "score": 1, "reasons": []}]}',
        '{"hints": [{"index": -1, "score": 1, "reasons": []}]}',
        '{"hints": [{"index": 0, "score": NaN, "reasons": []}]}',
        '{"hints": [{"index": 0, "score": "high", "reasons": []}]}',
        '{"hints": [{"index": 0, "score": 1, "reasons": [{"key": 1}]}]}',
        '{"hints": [{"index": 0, "score": 1, "reasons": []}, {"index": 0, "score": 1, "reasons": []}]}',
        "[]",
    ],
)
def test_a_bad_hint_payload_gives_the_local_hints(payload, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    obs, legal, _ = a_position()
    client = _client_with(FakeChild(_answering(payload)), monkeypatch)
    monkeypatch.setattr(client, "start", lambda: None)
    with pytest.raises(EngineProcessError):
        client.hints(obs, legal)
    client._child = FakeChild(_answering(payload))  # type: ignore[assignment]
    client._ready = True
    local = engine_process.local_hints(obs, legal, None)
    assert [h.action for h in engine_process.hints(obs, legal)] == [h.action for h in local]
    assert fake_closed(client)


def fake_closed(client: EngineProcess) -> bool:
    return client._child is None and client.failures == 2


def test_hint_lines_refuse_what_is_not_a_ranking() -> None:
    _, legal, _ = a_position()
    for payload in ([{"index": len(legal), "score": 1.0, "reasons": []}], {"x": 1}, [{"index": True}]):
        with pytest.raises(BadAnswer):
            engine_process.hint_lines(payload, legal)


def test_the_child_answers_every_malformed_request_and_keeps_serving() -> None:
    obs, legal, seed = a_position()
    legal_json = [a.to_json() for a in legal]
    good = {
        "op": "decide",
        "id": 90,
        "level": "standard",
        "seed": seed,
        "obs": obs.to_json(),
        "legal": legal_json,
    }
    requests = [
        "not json",
        "[1, 2]",
        "null",
        _deep(100_000),
        '{"op": 5, "id": 1}',
        '{"op": "nosuch", "id": 2}',
        '{"op": "decide", "id": 3}',  # fields missing
        '{"op": "decide", "id": true, "legal": []}',  # an id that is not an integer
        json.dumps({**good, "id": 4, "obs": {"seats": 5}}),  # Observation.from_json refuses it
        json.dumps({**good, "id": 5, "obs": [1]}),
        json.dumps({**good, "id": 6, "legal": [{"seat": "zero", "type": "discard"}]}),
        json.dumps({**good, "id": 7, "legal": []}),
        json.dumps({**good, "id": 8, "level": 3}),
        json.dumps({**good, "id": 9, "rules": "no-such-key"}),
        '{"op": "rules", "key": "k", "ruleset": {"family": "nope"}}',
        json.dumps({**good, "id": 10, "rules": "k"}),
        '{"op": "hints", "id": 11, "obs": {}, "legal": "x"}',
        '{"op": "decide", "id": 12, "seed": NaN}',
        json.dumps(good),
    ]
    lines = iter([r + "\n" for r in requests] + [""])
    out: list[str] = []
    serve_lines(lambda: next(lines), out.append)
    answers = [json.loads(line) for line in out]
    assert len(answers) == len(requests)
    assert all("error" in a for a in answers[:-1]), [a for a in answers[:-1] if "error" not in a]
    assert [a["id"] for a in answers[5:7]] == [2, 3] and answers[8]["id"] == 4
    assert legal[answers[-1]["index"]] == agents.decide("standard", seed, obs, legal)


def test_a_table_whose_child_always_answers_badly_still_reaches_the_human(
    qtbot, main_window, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    client = EngineProcess()
    monkeypatch.setattr(engine_process, "_SHARED", [client])
    monkeypatch.setattr(engine_process, "_warned", set())

    def start() -> None:
        client._child, client._ready = FakeChild(_answering('{"index": -1}')), False  # type: ignore[assignment]
        client.starts += 1

    monkeypatch.setattr(client, "start", start)
    window = main_window()
    window.start_game(default_ruleset("riichi"), Setup(human_seat=1, levels=["standard"] * 4), "stuck")
    play_human(qtbot, window, 3)
    assert window.snap.actions >= 6 and client.failures >= 1
    assert client.requests >= 1  # the bad child was asked, and the table went on without it


# ── autosave: temp files, a full disk, two instances ─────────────────────────────────────────────
@pytest.mark.parametrize("failing", ["fsync", "replace", "write"])
def test_atomic_write_removes_its_temp_file_on_any_failure(tmp_path, monkeypatch, failing) -> None:  # type: ignore[no-untyped-def]
    target = tmp_path / "x.thsave"
    target.write_text("old\n", encoding="utf-8")

    def boom(*a: Any, **k: Any) -> Any:
        raise OSError(errno.ENOSPC, "No space left on device")

    if failing == "write":
        monkeypatch.setattr("builtins.open", lambda *a, **k: _FailingFile(a[0]))
    else:
        monkeypatch.setattr(os, failing, boom)
    with pytest.raises(OSError):
        atomic_write(target, "new\n")
    monkeypatch.undo()
    assert target.read_text(encoding="utf-8") == "old\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["x.thsave"]


class _FailingFile:
    """A file that is created, takes part of the text and then finds the disk full."""

    def __init__(self, path: Any) -> None:
        Path(path).write_bytes(b"partial")

    def __enter__(self) -> _FailingFile:
        return self

    def __exit__(self, *exc: Any) -> None:
        return None

    def write(self, data: Any) -> int:
        raise OSError(errno.ENOSPC, "No space left on device")


def test_the_worker_warns_once_per_kind_of_failure(qtbot, tmp_path) -> None:  # type: ignore[no-untyped-def]
    from desktop.worker import Worker

    errors: list[OSError | None] = [OSError(errno.ENOSPC, "full")] * 50 + [
        OSError(errno.EROFS, "read-only")
    ] * 5
    errors += [None] + [OSError(errno.ENOSPC, "full")] * 3

    class Session:
        def autosave(self, path: Path | None = None) -> Path:
            error = errors.pop(0)
            if error is not None:
                raise error
            return tmp_path

    worker = Worker()
    worker.session = Session()  # type: ignore[assignment]
    failed: list[str] = []
    ok: list[bool] = []
    worker.autosave_failed.connect(lambda kind, message, retry: failed.append(kind))
    worker.autosave_ok.connect(ok.append)
    for _ in range(56):  # 50 steps on a full disk, 5 on a read-only one, then one that works
        worker.do_autosave()
    assert failed == ["full", "denied"] and ok == [False]
    worker.do_autosave()  # a new failure after a success is warned again ...
    worker.do_autosave()  # ... once
    worker.do_autosave(retry=True)  # a retry always answers
    assert failed == ["full", "denied", "full", "full"] and not errors


@pytest.fixture
def small_disk(tmp_path: Path):  # type: ignore[no-untyped-def]
    """A 16 KB tmpfs (root only)."""
    where = tmp_path / "small"
    where.mkdir()
    if not sys.platform.startswith("linux"):
        pytest.skip("mounting a tmpfs needs Linux")
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=16k", "tmpfs", str(where)], capture_output=True, text=True
    )
    if done.returncode != 0:
        pytest.skip(f"cannot mount a 16 KB tmpfs here ({(done.stderr or done.stdout).strip() or 'not root'})")
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], capture_output=True)


def test_a_full_disk_warns_once_keeps_the_autosave_and_retries(
    small_disk, qtbot, main_window, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("TILEHOUSE_DATA_DIR", str(small_disk))
    filler = small_disk / "filler"
    filler.write_bytes(b"x" * 3000)  # one page of the four, freed later
    window = main_window()
    failures: list[str] = []
    window.controller.autosave_failed.connect(lambda kind, message, retry: failures.append(kind))
    window.start_game(default_ruleset("riichi"), Setup(human_seat=0, levels=["simple"] * 4), "full")
    path = window.controller.autosave_file()
    assert not window.act_retry_autosave.isEnabled()  # the menu's Retry autosave: only once one failed
    last_good = 0
    for _ in range(60):  # play until the autosave no longer fits
        play_human(qtbot, window, 1)
        if failures:
            break
        last_good = window.snap.actions
    assert failures == ["full"], failures
    play_human(qtbot, window, 3)  # every step fails again: still one warning
    assert failures == ["full"] and window.banner.shown == 1 and window.banner.isVisible()
    assert "full" in window.banner.text.text() and window.act_retry_autosave.isEnabled()
    assert not [p for p in path.parent.iterdir() if p.name.endswith(".tmp")]
    kept = GameSession.load(path)  # the previous autosave is intact
    assert 0 < len(kept.game.actions) <= window.snap.actions and len(kept.game.actions) >= last_good
    filler.unlink()  # space is freed: Retry
    window.banner.retry.click()
    qtbot.waitUntil(lambda: not window.banner.isVisible(), timeout=WAIT)
    assert not window.act_retry_autosave.isEnabled()
    assert len(GameSession.load(path).game.actions) == window.snap.actions
    assert failures == ["full"] and not [p for p in path.parent.iterdir() if p.name.endswith(".tmp")]


def test_two_windows_never_write_the_same_autosave(qtbot, main_window) -> None:  # type: ignore[no-untyped-def]
    first, second = main_window(), main_window()
    assert first.controller.autosave_file().name == AUTOSAVE_NAME
    assert second.controller.autosave_file().name == "autosave-2.thsave"
    assert second.banner.isVisible() and "autosave-2.thsave" in second.banner.text.text()
    assert not first.banner.isVisible()
    first.start_game(default_ruleset("riichi"), Setup(human_seat=0, levels=["simple"] * 4), "one")
    second.start_game(default_ruleset("sichuan"), Setup(human_seat=0, levels=["simple"] * 4), "two")
    play_human(qtbot, first, 2)
    play_human(qtbot, second, 2)
    one = GameSession.load(first.controller.autosave_file())
    two = GameSession.load(second.controller.autosave_file())
    assert (one.game.family.name, one.game.seed) == ("riichi", "one")
    assert (two.game.family.name, two.game.seed) == ("sichuan", "two")
    assert len(one.game.actions) == first.snap.actions and len(two.game.actions) == second.snap.actions
    second.startup()  # its Continue offers its own autosave
    assert second.welcome.continue_button.isVisibleTo(second.welcome)


def test_another_process_holds_the_lock_until_it_is_killed(tmp_path) -> None:  # type: ignore[no-untyped-def]
    env = {**os.environ, "TILEHOUSE_DATA_DIR": os.environ["TILEHOUSE_DATA_DIR"]}
    code = (
        "import sys, time; from desktop.storage import claim_autosave; s = claim_autosave();"
        "print(s.slot, flush=True); time.sleep(60)"
    )
    holder = subprocess.Popen(
        [sys.executable, "-c", code], cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "1"
        mine = claim_autosave()
        assert mine.slot == 2 and mine.shared
        lock = mine.lock
        assert lock is not None
        first = autosave_path(1)
        from desktop.storage import InstanceLock

        assert InstanceLock(first.with_name(first.name + ".lock")).holder() == holder.pid
        mine.release()
        holder.send_signal(signal.SIGKILL)
        holder.wait(5)
        again = claim_autosave()  # the dead holder's lock is taken over
        assert again.slot == 1 and not again.shared
        again.release()
    finally:
        holder.kill()
        holder.wait(5)


# ── kill -9 at random moments ────────────────────────────────────────────────────────────────────
PLAYER = r"""
import sys
from pathlib import Path
from desktop.session import GameSession, SaveError, Setup
from desktop.storage import claim_autosave
from engine.rules import default_ruleset

slot = claim_autosave()
assert slot.slot == 1, slot  # a killed player's lock is taken over
path = slot.path
session = None
if path.is_file():
    session = GameSession.load(path)
resumed = session is not None and not session.match_over
if not resumed:
    session = GameSession.new(default_ruleset("riichi"), Setup(human_seat=None), seed=sys.argv[1])
    session.autosave(path)
print("resumed" if resumed else "new", len(session.game.actions), flush=True)
while not session.match_over:
    session.ai_step()
    session.autosave(path)
    print(len(session.game.actions), flush=True)
print("over", flush=True)
"""


def test_kill_9_at_20_random_moments_resumes_at_the_last_action(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    rng = random.Random(13)
    monkeypatch.setenv("TILEHOUSE_DATA_DIR", str(tmp_path / "killed"))
    env = {**os.environ, "TILEHOUSE_DATA_DIR": str(tmp_path / "killed"), "TILEHOUSE_ENGINE_PROCESS": "0"}
    path = tmp_path / "killed" / "saves" / AUTOSAVE_NAME
    resumed = 0
    for round_ in range(20):
        proc = subprocess.Popen(
            [sys.executable, "-c", PLAYER, f"k{round_}"], cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True
        )
        assert proc.stdout is not None
        how, first = proc.stdout.readline().split()
        assert how in ("new", "resumed") and first.isdigit(), (how, first)
        # (whether a game was in progress, not how far it had got: on a loaded machine a round may be
        # killed before its first move)
        resumed += how == "resumed"
        time.sleep(rng.uniform(0.0, 0.25))
        proc.send_signal(signal.SIGKILL)
        proc.wait(5)
        printed = [first, *proc.stdout.read().split()]
        counts = [int(x) for x in printed if x.isdigit()]
        loaded = len(GameSession.load(path).game.actions)  # never damaged
        last = counts[-1]
        assert loaded in (last, last + 1), (round_, loaded, last)
        assert len([p for p in path.parent.iterdir() if p.name.endswith(".tmp")]) <= 1
    claim_autosave().release()  # the next instance clears what a kill left half-written
    assert not [p for p in path.parent.iterdir() if p.name.endswith(".tmp")]
    assert resumed >= 15  # most rounds resumed a game in progress


def test_a_job_queued_between_a_load_and_its_answer_does_not_stop_play(  # type: ignore[no-untyped-def]
    qtbot, main_window, tmp_path
) -> None:
    """A job asked for after a load and before its answer (the table's background start after its
    first frame, a refresh) runs after the load on the worker, in the old generation, and answers
    last: play must go on (a resumed game once stood still this way, seen in full CI runs)."""
    path = _write(tmp_path / "race.thsave", played_save(20, human_seat=None))
    window = main_window()
    c = window.controller
    qtbot.waitUntil(lambda: c._started_background and not c.in_flight, timeout=60000)  # no job left to come
    window.load_path(path)
    c.refresh()  # queued before the load's answers are read
    qtbot.waitUntil(lambda: window.snap is not None and window.snap.actions > 20, timeout=60000)
