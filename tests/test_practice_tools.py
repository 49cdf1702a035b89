"""Practice tools: swap, peek, locate and near-pattern deals, as logged actions of practice games."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from engine.game import practice
from engine.game.actions import Action, ActionType
from engine.game.errors import IllegalAction
from engine.game.game import Game
from engine.game.log import log_lines, parse_log, rebuild
from engine.rules import default_ruleset
from engine.tiles import kind_of

A = ActionType


def snapshot(game: Game) -> str:
    return json.dumps([game.observation(s).to_json() for s in range(4)], sort_keys=True)


@pytest.mark.parametrize("family", ["riichi", "sichuan", "lingxi"])
def test_tools_are_refused_outside_practice_games(family: str) -> None:
    game = Game(default_ruleset(family), seed=1)
    before = snapshot(game)
    with pytest.raises(IllegalAction, match="practice tools are off"):
        game.apply(Action(0, A.PRACTICE_PEEK))
    assert snapshot(game) == before and not game.practice_used


def _turn_game(family: str, seed: int = 2) -> tuple[Game, int]:
    game = Game(default_ruleset(family), seed=seed, practice=True, check_invariants=True)
    while game.hand is not None and game.hand.phase.value != "turn":  # Sichuan set-up first
        seat = game.pending()[0]
        game.apply(game.legal_actions(seat)[0])
    return game, game.pending()[0]


@pytest.mark.parametrize("family", ["riichi", "sichuan", "lingxi"])
def test_swap_exchanges_a_hand_tile_with_a_wall_tile(family: str) -> None:
    game, seat = _turn_game(family)
    hand = game.hand
    assert hand is not None
    out = hand.players[seat].hand[0]
    incoming = practice.swappable_wall_tiles(hand)[-1]
    game.apply(Action(seat, A.PRACTICE_SWAP, tile=out, tiles=(incoming,)))
    assert incoming in hand.players[seat].hand and out not in hand.players[seat].hand
    assert out in hand.wall.undrawn()
    assert game.practice_used
    game.verify()
    private = game.events[-1].seen_by(seat).to_json()
    assert private["in"] == incoming and "in" not in game.events[-1].seen_by((seat + 1) % 4).to_json()


def test_swap_refuses_tiles_not_in_hand_or_wall_and_other_seats() -> None:
    game, seat = _turn_game("riichi")
    hand = game.hand
    assert hand is not None
    before = snapshot(game)
    other = (seat + 1) % 4
    with pytest.raises(IllegalAction, match="own turn"):
        game.apply(Action(other, A.PRACTICE_PEEK))
    absent = next(t for t in range(136) if t not in hand.players[seat].hand)
    with pytest.raises(IllegalAction, match="in the hand"):
        game.apply(
            Action(seat, A.PRACTICE_SWAP, tile=absent, tiles=(practice.swappable_wall_tiles(hand)[0],))
        )
    dora = hand.dora_indicators()[0]  # type: ignore[attr-defined]
    with pytest.raises(IllegalAction, match="live wall"):
        game.apply(Action(seat, A.PRACTICE_SWAP, tile=hand.players[seat].hand[0], tiles=(dora,)))
    assert snapshot(game) == before


def test_peek_shows_the_next_draw_and_locate_counts_copies() -> None:
    game, seat = _turn_game("riichi")
    hand = game.hand
    assert hand is not None
    game.apply(Action(seat, A.PRACTICE_PEEK))
    nxt = game.events[-1].seen_by(seat).to_json()["tile"]
    kind = kind_of(hand.players[seat].hand[0])
    game.apply(Action(seat, A.PRACTICE_LOCATE, tile=hand.players[seat].hand[0]))
    located = game.events[-1].seen_by(seat).to_json()
    live = [hand.wall.tiles[p] for p in hand.wall.live_positions()]
    assert located["draws_away"] == [i for i, t in enumerate(live) if kind_of(t) == kind]
    assert located["label"]
    # the peeked tile is what the next seat draws
    game.apply(next(a for a in game.legal_actions(seat) if a.type is A.DISCARD))
    for s in list(game.pending()):
        if game.hand is hand and hand.phase.value == "claim":
            game.apply(Action(s, A.PASS))
    if game.hand is hand and hand.phase.value == "turn":
        assert hand.players[hand.turn].drawn == nxt


@pytest.mark.parametrize("pattern", practice.PATTERNS)
def test_swaps_toward_a_pattern_bring_the_hand_near_it(pattern: str) -> None:
    game, seat = _turn_game("sichuan", seed=5)
    hand = game.hand
    assert hand is not None
    for action in practice.swaps_toward(game, seat, pattern):
        game.apply(action)
    kinds = Counter(kind_of(t) for t in hand.players[seat].hand)
    if pattern == "flush":
        suits = Counter(k // 9 for k in kinds.elements())
        assert suits.most_common(1)[0][1] >= len(hand.players[seat].hand) - 2
    elif pattern == "pairs":
        assert sum(c // 2 for c in kinds.values()) >= 5
    else:
        assert sum(1 for c in kinds.values() if c >= 2) >= 4
    game.verify()


def test_a_practice_game_replays_from_its_log() -> None:
    game, seat = _turn_game("riichi", seed=8)
    hand = game.hand
    assert hand is not None
    game.apply(
        Action(
            seat,
            A.PRACTICE_SWAP,
            tile=hand.players[seat].hand[1],
            tiles=(practice.swappable_wall_tiles(hand)[3],),
        )
    )
    game.apply(Action(seat, A.PRACTICE_PEEK))
    game.apply(next(a for a in game.legal_actions(seat) if a.type is A.DISCARD))
    parsed = parse_log(log_lines(game))
    assert parsed.header["practice"] is True
    rebuilt = rebuild(parsed, check_invariants=True)
    assert snapshot(rebuilt) == snapshot(game) and rebuilt.practice_used


@pytest.mark.parametrize("family", ["riichi", "sichuan", "lingxi"])
def test_practice_actions_with_wrong_fields_are_refused_before_any_change(family: str) -> None:
    game, seat = _turn_game(family)
    hand = game.hand
    assert hand is not None
    own = hand.players[seat].hand
    wall = practice.swappable_wall_tiles(hand)
    outside = [t for t in range(144) if t not in hand.wall.tiles]
    wrong = [
        Action(seat, A.PRACTICE_PEEK, tile=own[0]),
        Action(seat, A.PRACTICE_PEEK, tiles=(wall[0],)),
        Action(seat, A.PRACTICE_LOCATE),
        Action(seat, A.PRACTICE_LOCATE, tile=own[0], tiles=(own[1],)),
        Action(seat, A.PRACTICE_SWAP, tile=own[0]),
        Action(seat, A.PRACTICE_SWAP, tile=own[0], tiles=(wall[0], wall[1])),
        Action(seat, A.PRACTICE_SWAP, tile=wall[0], tiles=(wall[1],)),
        *(Action(seat, A.PRACTICE_LOCATE, tile=t) for t in outside[:1]),  # a tile this game has not
    ]
    before = snapshot(game), len(game.actions), hand.wall.tiles
    for action in wrong:
        with pytest.raises(IllegalAction) as refused:
            game.apply(action)
        assert "\n" not in str(refused.value)
        assert game.why_not(action) is not None
        assert (snapshot(game), len(game.actions), hand.wall.tiles) == before
    assert not game.practice_used
    # the same tools with the right fields are accepted, and why_not agrees
    right = Action(seat, A.PRACTICE_SWAP, tile=own[0], tiles=(wall[0],))
    assert game.why_not(right) is None
    game.apply(right)
    assert game.practice_used and game.actions[-1] == right


def test_practice_tools_are_checked_before_they_are_applied(monkeypatch: pytest.MonkeyPatch) -> None:
    game, seat = _turn_game("riichi")
    calls: list[str] = []
    real_check, real_apply = practice.check, practice.apply

    def check(g: Game, a: Action) -> None:
        calls.append("check")
        real_check(g, a)

    def apply(g: Game, a: Action) -> None:
        calls.append("apply")
        real_apply(g, a)

    monkeypatch.setattr(practice, "check", check)
    monkeypatch.setattr(practice, "apply", apply)
    game.apply(Action(seat, A.PRACTICE_PEEK))
    assert calls == ["check", "apply"]
    calls.clear()
    with pytest.raises(IllegalAction):
        game.apply(Action(seat, A.PRACTICE_PEEK, tile=0))
    assert calls == ["check"]
