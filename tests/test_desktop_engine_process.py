"""The engine process: AI decisions and hints made in a child process, the same as on the worker thread,
and a table that never stops when the child fails."""

from __future__ import annotations

import json
import os
import signal

import pytest

from desktop import agents, engine_process
from desktop.engine_process import EngineProcess, EngineProcessError, handle
from engine.game.actions import Action
from engine.game.game import Game
from engine.rules import default_ruleset, ruleset_hash, to_dict


@pytest.fixture
def child():  # type: ignore[no-untyped-def]
    client = EngineProcess()
    yield client
    client.close()


def positions(family: str, count: int, seed: str = "ep") -> list[tuple[dict, list[Action], str]]:
    """Decisions with a choice (observation, legal, per-decision seed) from a game played by the
    standard level."""
    rules = default_ruleset(family)
    game = Game(rules, seed=seed)
    out = []
    while len(out) < count and not game.over:
        seat = game.pending()[0]
        obs, legal = game.observation(seat), game.legal_actions(seat)
        dseed = f"{seed}:{seat}:{len(game.actions)}"
        if len(legal) > 1:
            out.append((obs, legal, dseed))
        game.apply(agents.decide("standard", dseed, obs, legal, rules))
    return out


@pytest.mark.parametrize("family", ["riichi", "sichuan", "lingxi"])
def test_the_child_decides_as_the_worker_thread_would(child, family) -> None:  # type: ignore[no-untyped-def]
    rules = default_ruleset(family)
    for obs, legal, seed in positions(family, 6):
        for level in ("beginner", "standard", "strong"):
            assert child.decide(level, seed, obs, legal, rules) == agents.decide(
                level, seed, obs, legal, rules
            )
    assert child.failures == 0 and child.starts == 1


def test_hints_come_ranked_with_reasons_in_both_languages(child) -> None:  # type: ignore[no-untyped-def]
    obs, legal, _ = positions("riichi", 1)[0]
    lines = child.hints(obs, legal, default_ruleset("riichi"))
    assert lines and all(line.action in legal for line in lines)
    assert [line.score for line in lines] == sorted((line.score for line in lines), reverse=True)
    assert lines[0].reasons_en and lines[0].reasons_zh and len(lines[0].keys) == len(lines[0].reasons_en)
    local = engine_process.local_hints(obs, legal, default_ruleset("riichi"))
    assert [h.action for h in local] == [h.action for h in lines]


def test_a_dead_child_is_replaced(child) -> None:  # type: ignore[no-untyped-def]
    obs, legal, seed = positions("riichi", 1)[0]
    want = agents.decide("standard", seed, obs, legal)
    assert child.decide("standard", seed, obs, legal) == want
    os.kill(child.pid, signal.SIGKILL)
    child._child.proc.wait(5)  # type: ignore[union-attr]
    assert child.decide("standard", seed, obs, legal) == want
    assert child.starts == 2


def test_a_child_failing_mid_request_leaves_the_decision_to_the_worker(child, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(engine_process, "_SHARED", [child])
    obs, legal, seed = positions("riichi", 1)[0]
    want = agents.decide("standard", seed, obs, legal)
    child.ping()

    def broken(timeout: float) -> str:
        raise EngineProcessError("the engine process ended")

    monkeypatch.setattr(child._child, "recv", broken)
    assert engine_process.decide("standard", seed, obs, legal) == want  # made on this thread
    assert child.failures == 1 and not child.alive()
    assert child.decide("standard", seed, obs, legal) == want  # a new child
    assert child.starts == 2


def test_switched_off_the_worker_thread_decides(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("TILEHOUSE_ENGINE_PROCESS", "0")
    monkeypatch.setattr(engine_process, "_SHARED", [])
    obs, legal, seed = positions("sichuan", 1)[0]
    assert engine_process.decide("standard", seed, obs, legal) == agents.decide("standard", seed, obs, legal)
    assert engine_process._SHARED == []  # no child was started


def test_the_simple_agent_and_single_options_never_need_the_child(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(engine_process, "_SHARED", [])
    obs, legal, seed = positions("riichi", 1)[0]
    engine_process.decide("simple", seed, obs, legal)
    assert engine_process.decide("strong", seed, obs, legal[:1]) == legal[0]
    assert engine_process._SHARED == []


def test_the_protocol_answers_every_request() -> None:
    rules: dict = {}
    assert handle({"op": "ping", "id": 1}, rules) == {"id": 1, "pong": os.getpid()}
    assert "unknown op" in handle({"op": "nosuch", "id": 2}, rules)["error"]
    assert "error" in handle({"op": "decide", "id": 3, "legal": [{"bad": 1}]}, rules)
    ruleset = default_ruleset("lingxi")
    key = ruleset_hash(ruleset)
    assert (
        handle(json.loads(json.dumps({"op": "rules", "key": key, "ruleset": to_dict(ruleset)})), rules)
        is None
    )
    obs, legal, seed = positions("lingxi", 1)[0]
    msg = {"op": "decide", "id": 4, "level": "standard", "seed": seed, "rules": key, "obs": obs.to_json()}
    msg["legal"] = [a.to_json() for a in legal]
    answer = handle(json.loads(json.dumps(msg)), rules)
    assert legal[answer["index"]] == agents.decide("standard", seed, obs, legal, ruleset)


def test_a_timeout_is_an_error_not_a_hang(child) -> None:  # type: ignore[no-untyped-def]
    child.start()
    child.ping()
    with pytest.raises(EngineProcessError):
        child._wait(child._child, 10**9, 0.05)  # an answer that never comes


def test_the_frozen_builds_child_speaks_over_a_pipe(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Without ``-m`` (the frozen executable) the child is a multiprocessing spawn: same lines, answers."""
    monkeypatch.setattr(engine_process, "frozen", lambda: True)
    client = EngineProcess()
    try:
        client.start()
        assert isinstance(client._child, engine_process._Spawned)
        obs, legal, seed = positions("riichi", 1)[0]
        assert client.decide("standard", seed, obs, legal) == agents.decide("standard", seed, obs, legal)
        assert client.ping() == client.pid
    finally:
        client.close()
