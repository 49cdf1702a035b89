"""The mjai bridge: outside programs at a riichi table.

A small legal bot (tests/mjai_bots/legal_bot.py) plays whole matches through the bridge with no
illegal answer; a bot that answers garbage, sleeps past the timeout, exits in mid-hand or never answers
is handled without a stuck table: each bad answer is logged and replaced by a safe legal action, a dead
program is started again with the hand so far."""

from __future__ import annotations

import random
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from engine.agents.simple import SimpleAgent
from engine.families.registry import get_family
from engine.game.actions import Action, ActionType
from engine.game.events import Event
from engine.game.game import Game
from engine.records.bridge import (
    BridgeLog,
    MjaiProgram,
    MjaiSeat,
    missing_program,
    mjai_refusal,
    play_match_with,
    reply_action,
    safe_action,
)
from engine.records.mjai import MjaiWriter
from engine.rules import load_ruleset

BOTS = Path(__file__).resolve().parent / "mjai_bots"
RULES = load_ruleset("riichi-online-east")


def legal_bot(seat: int) -> MjaiProgram:
    return MjaiProgram([sys.executable, str(BOTS / "legal_bot.py")], seat)


def faulty_bot(mode: str, seat: int, *extra: str) -> MjaiProgram:
    return MjaiProgram([sys.executable, str(BOTS / "faulty_bot.py"), mode, *extra], seat)


def one_hand(seed: str) -> Game:
    wall = get_family("riichi").shuffle_wall(RULES, random.Random(seed))
    return Game(RULES, seed=seed, walls=[wall, list(reversed(wall))], check_invariants=True)


def test_a_legal_bot_plays_whole_matches_with_no_illegal_answer() -> None:
    log = BridgeLog()
    programs = [legal_bot(s) for s in range(4)]
    kinds: Counter[str] = Counter()
    try:
        for match in range(3):  # the programs are kept from one match to the next
            game = Game(RULES, seed=f"bridge {match}", check_invariants=True)
            seats: list[Any] = [MjaiSeat(programs[s], s, game.events, RULES, log) for s in range(4)]
            if match:  # an AI seat among them
                seats[match] = SimpleAgent(match)
            play_match_with(game, seats)
            assert game.over
            kinds.update(a.type.value for a in game.actions)
    finally:
        for p in programs:
            p.stop()
    assert log.incidents == []
    assert log.accepted > 500
    assert {"riichi", "pon", "tsumo", "ron", "pass"} <= set(kinds)
    assert all(p.starts == 1 for p in programs)


@pytest.mark.parametrize(
    ("mode", "kinds"),
    [
        ("garbage", {"garbage", "illegal"}),
        ("sleep", {"timeout", "restarted"}),
        ("silent", {"timeout", "gave_up"}),
    ],
)
def test_a_bad_program_is_logged_replaced_and_never_stalls_the_table(mode: str, kinds: set[str]) -> None:
    log = BridgeLog()
    game = one_hand(f"faulty {mode}")
    program = faulty_bot(mode, 1)
    seats: list[Any] = [SimpleAgent(s) for s in range(4)]
    seats[1] = MjaiSeat(program, 1, game.events, RULES, log, timeout=0.4, start_timeout=0.4, max_restarts=2)
    try:
        play_match_with(game, seats)
    finally:
        program.stop()
    assert game.over and len(game.results) == 2
    found = {i.kind for i in log.incidents}
    assert kinds <= found, log.incidents
    assert all(i.seat == 1 for i in log.incidents)


def test_a_program_that_exits_mid_hand_is_restarted_with_the_hand_so_far(tmp_path: Path) -> None:
    log = BridgeLog()
    game = one_hand("exits")
    program = faulty_bot("exit", 2, str(tmp_path / "ran-once"))
    seats: list[Any] = [SimpleAgent(s) for s in range(4)]
    seats[2] = MjaiSeat(program, 2, game.events, RULES, log, timeout=5)
    try:
        play_match_with(game, seats)
    finally:
        program.stop()
    assert game.over
    assert [i.kind for i in log.incidents] == ["died", "restarted"]
    assert program.starts == 2
    assert log.accepted > 10  # after the restart it answered (legally) from the hand so far


def test_rules_an_mjai_program_cannot_play_are_refused() -> None:
    from engine.rules import default_ruleset

    assert mjai_refusal(RULES) is None
    assert mjai_refusal(default_ruleset("sichuan")).key == "mjai.not_riichi"  # type: ignore[union-attr]
    cheap = RULES.model_copy(update={"riichi_stick": 500})
    refusal = mjai_refusal(cheap)
    assert (
        refusal is not None and refusal.key == "mjai.not_tenhou" and refusal.arg("toggle") == "riichi_stick"
    )
    game = Game(cheap, seed=1)
    with pytest.raises(ValueError, match="riichi_stick"):
        MjaiSeat(legal_bot(0), 0, game.events, cheap, BridgeLog())


def test_each_seat_is_sent_only_what_it_may_see() -> None:
    game = Game(RULES, seed=5)
    agents = [SimpleAgent(s) for s in range(4)]
    while len(game.actions) < 40:
        seat = game.pending()[0]
        game.apply(agents[seat].choose(game.observation(seat), game.legal_actions(seat)))
    red = get_family("riichi").red_tiles(RULES)
    writer = MjaiWriter(red, viewer=2)
    sent = [m for e in game.events for m in writer.convert(e.seen_by(2))]
    start = next(m for m in sent if m["type"] == "start_kyoku")
    assert "?" not in start["tehais"][2] and all(
        t == ["?"] * 13 for s, t in enumerate(start["tehais"]) if s != 2
    )
    draws = [m for m in sent if m["type"] == "tsumo"]
    assert all((m["pai"] == "?") == (m["actor"] != 2) for m in draws)
    assert any(m["type"] == "dahai" and m["actor"] != 2 for m in sent)


def test_answers_map_to_legal_actions_by_face_and_reach_then_dahai_is_one_riichi() -> None:
    game = Game(RULES, seed=11)
    seat = game.pending()[0]
    obs = game.observation(seat)
    legal = game.legal_actions(seat)
    red = get_family("riichi").red_tiles(RULES)
    drawn = obs.me.drawn
    assert drawn is not None
    from engine.records.notation import face_of, mjai_name

    name = mjai_name(face_of(drawn, red))
    dahai = {"type": "dahai", "actor": seat, "pai": name, "tsumogiri": True}
    assert reply_action(dahai, seat, legal, red, obs, riichi=False) == Action(
        seat, ActionType.DISCARD, tile=drawn
    )
    assert (
        reply_action(
            {"type": "dahai", "actor": (seat + 1) % 4, "pai": name}, seat, legal, red, obs, riichi=False
        )
        is None
    )
    assert (
        reply_action(
            {"type": "pon", "pai": name, "consumed": [name, name]}, seat, legal, red, obs, riichi=False
        )
        is None
    )
    assert reply_action({"type": "none"}, seat, legal, red, obs, riichi=False) is None  # no pass on a turn
    assert safe_action(obs, legal, riichi=False) == Action(seat, ActionType.DISCARD, tile=drawn)


def test_a_pon_then_added_kan_names_the_pon_tiles() -> None:
    red = get_family("riichi").red_tiles(RULES)
    writer = MjaiWriter(red, viewer=None)
    meld = {"type": "pon", "tiles": [132, 133, 134], "called": 133, "from": 0, "added": None}
    pon = writer.convert(Event("call", 1, {"meld": meld}))
    assert pon == [{"type": "pon", "actor": 1, "target": 0, "pai": "C", "consumed": ["C", "C"]}]
    kakan = writer.convert(Event("kan_declared", 1, {"type": "added_kan", "tiles": [135]}))
    assert kakan == [{"type": "kakan", "actor": 1, "pai": "C", "consumed": ["C", "C", "C"]}]


def test_a_program_that_joins_a_game_in_play_hears_the_hand_so_far_and_answers_legally() -> None:
    # the second hand is under way when the program joins (a resumed save): it is sent start_game and
    # that hand from its start_kyoku, and plays it out with legal answers only
    game = one_hand("joins")
    agents = [SimpleAgent(s) for s in range(4)]
    while not game.results:
        seat = game.pending()[0]
        game.apply(agents[seat].choose(game.observation(seat), game.legal_actions(seat)))
    for _ in range(12):
        seat = game.pending()[0]
        game.apply(agents[seat].choose(game.observation(seat), game.legal_actions(seat)))
    log = BridgeLog()
    program = legal_bot(3)
    sent: list[list[dict[str, Any]]] = []
    ask = program.ask

    def recording(batch: list[dict[str, Any]], timeout: float) -> bytes | None:
        sent.append(batch)
        return ask(batch, timeout)

    program.ask = recording  # type: ignore[method-assign]
    seats: list[Any] = list(agents)
    seats[3] = MjaiSeat(program, 3, game.events, RULES, log, timeout=5)
    seats[3].join_in_play()
    try:
        play_match_with(game, seats)
    finally:
        program.stop()
    assert game.over and log.incidents == [] and log.accepted > 0
    first = [item["type"] for item in sent[0]]
    assert first[:2] == ["start_game", "start_kyoku"] and first.count("start_kyoku") == 1
    assert "end_kyoku" not in first  # nothing of the first hand
    assert sent[0][1]["kyoku"] == 2 or sent[0][1]["honba"] > 0  # the second hand's start


def test_a_missing_program_or_script_is_named(tmp_path: Path) -> None:
    script = tmp_path / "bot.py"
    script.write_text("print()\n")
    python = sys.executable
    assert missing_program(f"{python} {script}") is None
    assert missing_program(f"{python} -u bot.py", cwd=tmp_path) is None
    assert missing_program(f"{python} -u {tmp_path / 'gone.py'}") == str(tmp_path / "gone.py")
    assert missing_program(f"{python} -m some.module --seat {{seat}}") is None
    assert missing_program("no-such-program-tilehouse 1") == "no-such-program-tilehouse"
    assert missing_program(str(tmp_path / "bot.py")) == str(tmp_path / "bot.py")  # not executable
    assert missing_program("python3 'open quote") == "python3 'open quote"
    assert missing_program("   ") == ""
