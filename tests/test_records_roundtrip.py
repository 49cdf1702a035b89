"""Riichi games out to tenhou.net/6 JSON and mjai and back in: the same actions and results.

An exported log names tiles by face, never by physical copy, so "the same actions" is checked by face
(a discard of 5m is the same discard whichever copy of 5m it was) and the claim passes by count (a
call overridden by a higher claim did not happen and counts as a pass); the
results must be equal in everything but tile ids (kind, reason, winners, han, fu, points, every payment,
score changes, tenpai), and so must the final scores.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from engine.agents.simple import RandomAgent, SimpleAgent
from engine.conformance.mjx import replay_game
from engine.families.registry import get_family
from engine.game.actions import Action, ActionType
from engine.game.game import Game
from engine.game.play import play_hand
from engine.records.hand_record import RecordedHand, replay_problem, replay_record
from engine.records.mjai import export_mjai, mjai_lines, parse_mjai
from engine.records.tenhou6 import StrictTenhou6Log, export_tenhou6, parse_tenhou6, tenhou6_text
from engine.rules import load_ruleset
from engine.tiles import is_red, kind_of

ORACLE = Path(__file__).resolve().parents[2] / "shared" / "oracles" / "riichi-mjx"
GAMES = 200


CLAIMS = (ActionType.RON, ActionType.CHI, ActionType.PON, ActionType.OPEN_KAN, ActionType.PASS)


def taken(actions: Sequence[Action]) -> list[Action]:
    """The actions, a call that a higher claim overrode made a pass (it never took effect, and no log
    holds it: a pon under a ron, a chi under a pon), the answers to one claim in one order."""
    out = list(actions)
    i = 0
    while i < len(out):
        j = i
        while j < len(out) and out[j].type in CLAIMS:
            j += 1
        group = out[i:j]
        if any(a.type is ActionType.RON for a in group):
            beaten = {ActionType.CHI, ActionType.PON, ActionType.OPEN_KAN}
        elif any(a.type in (ActionType.PON, ActionType.OPEN_KAN) for a in group):
            beaten = {ActionType.CHI}
        else:
            beaten = set()
        for k in range(i, j):
            if out[k].type in beaten:
                out[k] = Action(out[k].seat, ActionType.PASS)
        out[i:j] = sorted(out[i:j], key=lambda a: (a.type.value, a.seat))  # answers come in any order
        i = j + 1
    return out


def faces(actions: Sequence[Action]) -> tuple[list[tuple[Any, ...]], int]:
    """The actions that took effect by face, passes left out (and counted)."""
    out = []
    passes = 0
    for a in taken(actions):
        if a.type is ActionType.PASS:
            passes += 1
            continue
        tile = (kind_of(a.tile), is_red(a.tile)) if a.tile is not None else None
        out.append((a.seat, a.type.value, tile, sorted((kind_of(t), is_red(t)) for t in a.tiles)))
    return out, passes


def result_without_ids(result: Any) -> dict[str, Any]:
    data = result.to_json()
    for win in data["wins"]:
        win["tile"] = kind_of(win["tile"])
        win["hand"] = sorted(kind_of(t) for t in win["hand"])
        win["melds"] = [(m["type"], sorted(kind_of(t) for t in m["tiles"]), m["from"]) for m in win["melds"]]
    return data


def same_game(original: Game, rebuilt: Game) -> None:
    assert faces(rebuilt.actions) == faces(original.actions)
    assert [result_without_ids(r) for r in rebuilt.results] == [
        result_without_ids(r) for r in original.results
    ]
    assert rebuilt.match.scores == original.match.scores


def same_record(a: RecordedHand, b: RecordedHand) -> bool:
    """Two importers read the same hand (results as far as both formats state them)."""
    keys = (
        "round_index",
        "honba",
        "pot",
        "scores",
        "haipai",
        "steps",
        "dora",
        "ura",
        "draw_deltas",
        "finished",
    )
    wins = [(w.seat, w.from_seat, w.deltas) for w in a.wins] == [
        (w.seat, w.from_seat, w.deltas) for w in b.wins
    ]
    return wins and all(getattr(a, k) == getattr(b, k) for k in keys)


@pytest.fixture(scope="module")
def simulated() -> list[Game]:
    """200 riichi games of one hand each (short matches keep the suite fast), on the online rules."""
    rules = load_ruleset("riichi-online")
    spec = get_family("riichi")
    games = []
    for g in range(GAMES):
        game = Game(rules, seed=f"roundtrip:{g}", walls=[spec.shuffle_wall(rules, random.Random(f"rt:{g}"))])
        # one seat plays at random: it calls chi, pon and kans that the simple agents never make
        play_hand(game, [RandomAgent(g) if s == g % 4 else SimpleAgent(f"{g}:{s}") for s in range(4)])
        games.append(game)
    return games


def test_200_games_through_tenhou6_and_mjai_replay_to_the_same_actions_and_results(
    simulated: list[Game],
) -> None:
    kinds = set()
    for index, game in enumerate(simulated):
        kinds.update(a.type.value for a in game.actions)
        log = json.loads(tenhou6_text(export_tenhou6(game)))
        StrictTenhou6Log.model_validate(log)  # only the format's documented fields, each of its type
        from_tenhou = parse_tenhou6(log, source=f"game {index}")
        replayed = replay_record(from_tenhou, check_invariants=False)
        assert replayed.ok, replay_problem(replayed)
        same_game(game, replayed.game)
        from_mjai = parse_mjai(enumerate(mjai_lines(export_mjai(game)), 1), source=f"game {index}")
        assert all(same_record(a, b) for a, b in zip(from_mjai.hands, from_tenhou.hands, strict=True))
        if index % 10 == 0:  # the two importers read the same hands: replaying every tenth suffices
            again = replay_record(from_mjai, check_invariants=False)
            assert again.ok, replay_problem(again)
            same_game(game, again.game)
    # the games reach every kind of step the formats carry
    assert {"discard", "riichi", "chi", "pon", "tsumo", "ron", "pass"} <= kinds
    assert kinds & {"open_kan", "closed_kan", "added_kan"}  # (every kind of kan: the 468 shared hands)


def test_a_whole_match_round_trips_and_the_next_hands_start_where_the_log_says() -> None:
    rules = load_ruleset("riichi-online-east")
    game = Game(rules, seed="whole match")
    agents = [SimpleAgent(f"m:{s}") for s in range(4)]
    while not game.over:
        play_hand(game, agents)
    log = export_tenhou6(game)
    assert "東" in log["rule"]["disp"] and log["rule"]["aka"] == 1
    record = parse_tenhou6(json.loads(tenhou6_text(log)))
    assert record.rules.game_length == "east" and record.rules.red_fives
    replayed = replay_record(record, check_invariants=True)
    assert replayed.ok, replay_problem(replayed)
    same_game(game, replayed.game)
    events = export_mjai(game)
    assert events[0]["type"] == "start_game" and events[-1]["type"] == "end_game"
    assert sum(e["type"] == "end_kyoku" for e in events) == len(game.results)


def test_the_468_shared_hands_exported_and_imported_conform() -> None:
    paths = sorted(ORACLE.glob("*.json"))
    hands = 0
    for path in paths:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if not line.strip():
                continue
            hands += 1
            game, report = replay_game(
                json.loads(line), None, f"{path.name}:{number}", check_invariants=False
            )
            assert report.ok, report.problems
            log = json.loads(tenhou6_text(export_tenhou6(game, unfinished=True)))
            from_tenhou = parse_tenhou6(log, source=f"{path.name}:{number}", rules=game.rules)
            replayed = replay_record(from_tenhou, check_invariants=False)
            assert replayed.ok, replay_problem(replayed)
            assert replayed.game.match.scores == game.match.scores
            assert faces(replayed.game.actions)[0] == faces(game.actions)[0]
            lines = mjai_lines(export_mjai(game, unfinished=True))
            from_mjai = parse_mjai(enumerate(lines, 1), source=f"{path.name}:{number}", rules=game.rules)
            assert same_record(from_mjai.hands[0], from_tenhou.hands[0])
            if hands % 10 == 0:
                again = replay_record(from_mjai, check_invariants=False)
                assert again.ok, replay_problem(again)
    assert hands == 468
