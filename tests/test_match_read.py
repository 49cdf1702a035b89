"""A match's earlier hands: the engine keeps their public discards in the match state, and the strong
riichi level reads from them whether the other players fold to a riichi (``engine.ai.match_read``)."""

from __future__ import annotations

import dataclasses
import json

import pytest
from pydantic import ValidationError

from engine.ai import make_agent
from engine.ai.agents import MATCH_PUSH_REASON, Planner, level_for
from engine.ai.arena import match_jobs, play_wall
from engine.ai.hints import rank_options
from engine.ai.match_read import SeatSigns, fold_signs, hand_signs, table_fold_score
from engine.ai.plugin import plugin_for
from engine.ai.riichi import FOLD_RATES, MATCH_READ_BELOW
from engine.ai.view import View
from engine.cli import main
from engine.game.game import Game
from engine.game.match import MAX_EARLIER_HANDS, MatchState, PublicDiscard, public_discards
from engine.game.observation import Observation
from engine.game.play import play_hand
from engine.rules import default_ruleset
from engine.tiles import kind_of
from tests.test_ai_scenarios import discards, observation

D = PublicDiscard


def _tile(kind: int, copy: int = 1) -> int:
    return kind * 4 + copy


def _pushers() -> tuple[tuple[PublicDiscard, ...], ...]:
    """An earlier hand: seat 0 declares riichi on East; seats 1-3 then throw middle tiles nobody had
    thrown (none of them safe against it), and never the same kind twice running."""
    hand = [D(0, _tile(27), True, False)]
    for i, kind in enumerate((4, 13, 22, 5, 14, 23, 3, 12, 21)):
        hand.append(D(1 + i % 3, _tile(kind), False, False))
    return (tuple(hand),)


def _folders() -> tuple[tuple[PublicDiscard, ...], ...]:
    """An earlier hand: seat 0 declares riichi on 5m after East and 9p; seats 1-3 then throw only what
    it threw, each letting a pair of East go."""
    hand = [D(0, _tile(27, 0), False, False), D(0, _tile(17, 0), False, False)]
    hand.append(D(0, _tile(4, 0), True, False))
    for seat in (1, 2, 3):
        hand += [D(seat, _tile(27, seat), False, False), D(seat, _tile(27, seat % 3 + 1), False, False)]
        hand += [D(seat, _tile(17, seat), False, False)]
    return (tuple(hand),)


# ------------------------------------------------------------------ the engine's record


def test_a_match_keeps_each_finished_hand_s_public_discards() -> None:
    rules = default_ruleset("riichi")
    game = Game(rules, seed=11)
    agents = [make_agent("standard", f"m{s}", rules) for s in range(4)]
    assert game.match.earlier == ()
    play_hand(game, agents)
    (first,) = game.match.earlier
    played = [e for e in game.events if e.type == "discard"]
    assert [(d.seat, d.tile, d.riichi, d.tsumogiri) for d in first] == [
        (e.seat, e.data["tile"], bool(e.data["riichi"]), bool(e.data["tsumogiri"])) for e in played
    ]
    # every seat sees the same record (every discard is public), and a spectator too
    for seat in (0, 1, 2, 3, None):
        assert game.observation(seat).match.earlier == (first,)
    # the record goes through JSON and into a game started from it, which adds its own hand
    start = MatchState.from_json(json.loads(json.dumps(game.match.to_json())))
    assert start.earlier == (first,)
    resumed = Game(rules, seed=11, start=start)
    play_hand(resumed, agents)
    assert resumed.match.earlier[0] == first and len(resumed.match.earlier) == 2
    assert resumed.match.earlier[1] == public_discards(resumed.events)


def test_a_match_state_keeps_the_latest_hands_it_can_write() -> None:
    """However long the match, the state keeps the latest MAX_EARLIER_HANDS hands, and what it writes
    it reads back."""
    match = MatchState(scores=[25000] * 4)
    for i in range(MAX_EARLIER_HANDS + 5):
        match.with_hand((D(i % 4, i % 136, False, False),))
    assert len(match.earlier) == MAX_EARLIER_HANDS
    assert match.earlier[-1] == (D((MAX_EARLIER_HANDS + 4) % 4, (MAX_EARLIER_HANDS + 4) % 136, False, False),)
    assert MatchState.from_json(match.to_json()).earlier == match.earlier


def test_a_fresh_match_state_writes_no_earlier_hands() -> None:
    """A match state without earlier hands is written as before (log headers stay the same)."""
    assert "earlier_hands" not in MatchState(scores=[25000] * 4).to_json()


@pytest.mark.parametrize(
    ("entry", "where"),
    [
        ([0, 4, 1, False], ("earlier_hands", 0, 0, 2)),  # 1 is not a boolean
        ([0, "4", True, False], ("earlier_hands", 0, 0, 1)),
        ([0, 144, True, False], ("earlier_hands", 0, 0, 1)),  # no such tile
        ([8, 4, True, False], ("earlier_hands", 0, 0, 0)),  # no such seat
        ([0, 4, True], ("earlier_hands", 0, 0, 3)),  # a field missing
    ],
)
def test_a_match_start_refuses_a_malformed_earlier_hand(
    entry: list[object], where: tuple[object, ...]
) -> None:
    with pytest.raises(ValidationError) as caught:
        MatchState.from_json({"scores": [25000] * 4, "earlier_hands": [[entry]]})
    assert caught.value.errors()[0]["loc"] == where


# ------------------------------------------------------------------ the read


def test_the_signs_of_one_hand() -> None:
    """After seat 0's riichi: seat 1 throws its genbutsu (safe), then a 5p (not safe); seat 2 throws
    South twice running (a pair let go: the first not safe, the second safe, as seat 2 threw it after
    the riichi); seat 3 threw only before the riichi (no sign)."""
    hand = (
        D(3, _tile(0), False, False),
        D(0, _tile(8), False, False),
        D(0, _tile(30), True, False),
        D(1, _tile(8, 2), False, False),
        D(2, _tile(28, 0), False, True),
        D(1, _tile(13), False, False),
        D(2, _tile(28, 2), False, False),
    )
    assert hand_signs(hand) == {1: (2, 1, False), 2: (2, 1, True)}
    signs = fold_signs((hand, hand))
    assert signs[1] == SeatSigns(after_riichi=4, not_safe=2, hands_two=2)
    assert signs[2] == SeatSigns(after_riichi=4, not_safe=2, hands_two=2, hands_pair=2)
    assert set(signs) == {1, 2}


def test_a_tile_thrown_after_the_riichi_is_safe_against_it() -> None:
    """A kind anyone threw after the declaration is safe against it, as the riichi player's own are."""
    hand = (
        D(0, _tile(30), True, False),
        D(1, _tile(13), False, False),  # 5p: not safe yet
        D(2, _tile(13, 2), False, False),  # 5p again: seat 1 threw it after the riichi
    )
    assert hand_signs(hand) == {1: (1, 1, False), 2: (1, 0, False)}


def test_players_who_keep_throwing_dangerous_tiles_read_as_a_table_that_does_not_fold() -> None:
    assert table_fold_score((), 0, FOLD_RATES) == 0.0
    assert table_fold_score(_pushers(), 0, FOLD_RATES) < MATCH_READ_BELOW
    assert table_fold_score(_folders(), 0, FOLD_RATES) > 0.0
    # a seat reads only the others: seats 1-3 pushed, so seat 1 reads two pushers, not three
    assert table_fold_score(_pushers(), 1, FOLD_RATES) > table_fold_score(_pushers(), 0, FOLD_RATES)


def _against_riichi(earlier: tuple[tuple[PublicDiscard, ...], ...]) -> Observation:
    obs = observation(
        "1266m14667789s33z", ponds={1: "1z9m2s8p4p", 2: "3z7z1s", 3: "9p4z1p"}, riichi={1: 4}, wall=36
    )
    return dataclasses.replace(obs, match=dataclasses.replace(obs.match, earlier=earlier))


def test_strong_pushes_against_a_riichi_when_the_match_showed_players_who_do_not_fold() -> None:
    """One step from ready against a riichi, strong folds with West (thrown after the riichi); when the
    match's earlier hands showed the others throwing dangerous tiles after a riichi it plays on (9s),
    and says why. Players who folded in the earlier hands change nothing."""
    quiet, pushers, folders = _against_riichi(()), _against_riichi(_pushers()), _against_riichi(_folders())
    choices = [make_agent("strong", "t").choose(o, discards(o)).tile for o in (quiet, pushers, folders)]
    assert [kind_of(t or 0) for t in choices] == [29, 26, 29]
    best = rank_options(pushers, discards(pushers))[0]
    assert kind_of(best.option.tile or 0) == 26 and best.reasons[0] == MATCH_PUSH_REASON
    planner = Planner(level_for("strong", "riichi"), plugin_for("riichi"))
    assert planner.reads_pushing(View.from_observation(pushers))
    assert not planner.reads_pushing(View.from_observation(folders))
    # standard reads nothing from the match
    standard = Planner(level_for("standard", "riichi"), plugin_for("riichi"))
    assert not standard.reads_pushing(View.from_observation(pushers))


# ------------------------------------------------------------------ the arena's matches


def test_match_jobs_start_each_match_at_a_multiple_of_its_length() -> None:
    jobs = match_jobs("riichi", ["strong"] * 4, "s", 5, 20, 10)
    assert [(j[3], j[4]) for j in jobs] == [(5, 5), (10, 10), (20, 5)]
    alone = match_jobs("riichi", ["strong"] * 4, "s", 0, 3, 0)
    assert [(j[3], j[4]) for j in alone] == [(0, 1), (1, 1), (2, 1)]


def test_the_arena_carries_each_seating_s_earlier_hands_into_the_next_wall() -> None:
    seats = ["beginner"] * 4
    earlier: list[tuple[tuple[PublicDiscard, ...], ...]] = [() for _ in seats]
    play_wall("riichi", seats, "carry", 0, earlier=earlier)
    assert all(len(e) == 1 for e in earlier)
    first = list(earlier)
    play_wall("riichi", seats, "carry", 1, earlier=earlier)
    assert all(len(e) == 2 and e[0] == f[0] for e, f in zip(earlier, first, strict=True))


def test_the_arena_command_refuses_a_negative_match_length(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--hands", "1", "--workers", "1", "--match-walls", "-1"]) == 2
    assert "--match-walls" in capsys.readouterr().err
