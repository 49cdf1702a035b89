"""The replay stepper a viewer drives, and the review of a seat's play, in all three families."""

from __future__ import annotations

import random

import pytest

from engine.agents.simple import SimpleAgent
from engine.game.actions import Action, ActionType
from engine.game.game import Game
from engine.game.observation import Observation
from engine.game.play import play_hand
from engine.messages import PLAIN
from engine.records.review import review_game
from engine.records.stepper import Replayer
from engine.rules import default_ruleset

FAMILIES = ("riichi", "sichuan", "lingxi")


def played(family: str, hands: int = 2, seed: str = "viewer") -> Game:
    game = Game(default_ruleset(family), seed=seed)
    agents = [SimpleAgent(f"{seed}:{s}") for s in range(len(game.match.scores))]
    while len(game.results) < hands and not game.over:
        play_hand(game, agents)
    return game


def rebuilt(game: Game, position: int) -> Game:
    fresh = Game(game.rules, seed=game.seed, walls=game.walls, start=game.start, practice=game.practice)
    for action in game.actions[:position]:
        fresh.apply(action)
    return fresh


@pytest.mark.parametrize("family", FAMILIES)
def test_every_position_shows_what_the_game_showed_there(family: str) -> None:
    game = played(family)
    replayer = Replayer.from_game(game)
    assert len(replayer) == len(game.actions) and len(replayer.hands) == 3  # two hands played, a third dealt
    rng = random.Random(family)
    positions = [0, len(game.actions), replayer.hands[1].position, replayer.hands[1].position - 1]
    positions += rng.sample(range(len(game.actions)), 6)
    for position in positions:  # forwards and backwards, across hands
        replayer.goto(position)
        fresh = rebuilt(game, position)
        seats = len(game.match.scores)
        for seat in [*range(seats), None]:
            assert replayer.observation(seat) == fresh.observation(seat)
        step = replayer.step_at(position)
        if step is not None:
            assert step.action == game.actions[position]
            assert step.action in fresh.legal_actions(step.seat)
    replayer.goto(len(game.actions))
    assert replayer.observation(0) == game.observation(0)


@pytest.mark.parametrize("family", FAMILIES)
def test_stepping_by_turn_and_by_hand_and_the_open_table(family: str) -> None:
    game = played(family)
    replayer = Replayer.from_game(game)
    turns = replayer.turns()
    assert turns and all(replayer.steps[p].turn for p in turns)
    later = [p for p in turns if p > 0]
    replayer.next_turn()
    assert replayer.position == later[0]
    replayer.next_turn()
    replayer.previous_turn()
    assert replayer.position == later[0]
    assert all(game.actions[p].type not in (ActionType.PASS, ActionType.PON, ActionType.RON) for p in turns)
    replayer.goto_hand(1)
    assert replayer.position == replayer.hands[1].position and replayer.hand == 1
    last_of_first = replayer.position
    replayer.goto(last_of_first)
    assert replayer.finished_report() == game.reports[0]  # right after the hand's last action
    table: Observation = replayer.open_observation()
    assert table.seat is None and all(s.hand is not None for s in table.seats)
    assert [len(s.hand or ()) for s in table.seats] == [s.hand_count for s in table.seats]
    replayer.goto(len(replayer) + 50)
    assert replayer.position == len(replayer)


def test_the_analysis_at_a_position_is_the_seats_analysis_there() -> None:
    game = played("riichi", hands=1)
    replayer = Replayer.from_game(game)
    position = replayer.turns()[5]
    replayer.goto(position)
    seat = replayer.steps[position].seat
    assert replayer.analysis(seat) == rebuilt(game, position).analysis(seat)


class NeverWins(SimpleAgent):
    """Plays like the simple agent but lets every win go by."""

    def choose(self, observation: Observation, legal: list[Action]) -> Action:
        kept = [a for a in legal if a.type not in (ActionType.TSUMO, ActionType.RON)]
        return super().choose(observation, kept or legal)


@pytest.mark.parametrize("family", FAMILIES)
def test_the_review_of_a_seat_beside_the_strong_ai(family: str) -> None:
    game = played(family, hands=1, seed=f"review {family}")
    review = review_game(game, 0, top=3)
    assert review.family == family and review.seat == 0 and len(review.hands) >= 1
    replayer = Replayer.from_game(game)
    decisions = review.decisions
    assert decisions
    for d in decisions:
        replayer.goto(d.position)  # "jump to": the decision as the seat faced it
        assert replayer.step_at(d.position).action == d.played  # type: ignore[union-attr]
        legal = replayer.game.legal_actions(0)
        assert len(legal) > 1 and d.played in legal and d.suggested in legal
        assert d.verdict.key in PLAIN
        assert d.agrees == (d.verdict.key == "review.agree")
    for hand in review.hands:
        assert all(not d.agrees for d in hand.largest)
        assert [d.severity for d in hand.largest] == sorted((d.severity for d in hand.largest), reverse=True)
    data = review.to_json()
    assert data["decisions"] == len(decisions) and 0.0 <= data["agreement"] <= 1.0


def test_a_win_let_go_by_is_the_largest_difference() -> None:
    for attempt in range(10):
        game = Game(default_ruleset("riichi"), seed=f"missed {attempt}")
        agents = [NeverWins(0), SimpleAgent(1), SimpleAgent(2), SimpleAgent(3)]
        play_hand(game, agents)
        review = review_game(game, 0)
        missed = [d for d in review.decisions if d.missed_win]
        if missed:
            break
    assert missed, "no hand where seat 0 could win"
    d = missed[0]
    assert d.verdict.key == "review.missed_win" and d.value_lost is not None and d.value_lost > 0
    assert d.suggested.type in (ActionType.TSUMO, ActionType.RON)
    assert review.hands[d.hand].largest[0].missed_win


def test_a_discard_as_good_as_the_ais_agrees_with_it() -> None:
    """Lingxi, seed 2: at seat 0's first turn whose two best discards the hints rank alike, playing
    the second is agreement in the review, not a difference listed beside the AI's "better" one (one
    rule for "as good as": engine.ai.hints.as_good_as)."""
    from hint_positions import seat0_discard_turn

    game, _obs, _legal, hints = seat0_discard_turn("lingxi", "2", lambda hs: hs[0].rank == hs[1].rank)
    position = len(game.actions)
    game.apply(hints[1].option)
    (decision,) = [d for d in review_game(game, 0).decisions if d.position == position]
    assert decision.agrees and decision.verdict.key == "review.agree"
