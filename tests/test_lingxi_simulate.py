"""Lingxi whole matches with the built-in agents (acceptance item 4, in small): no errors, every
hand's payments sum to zero and match its score changes, every tile accounted for after every action
(the games run with ``check_invariants``), under the default rules and the toggles."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from engine.agents.simple import RandomAgent, SimpleAgent
from engine.families.lingxi.hand import LingxiHand
from engine.game.actions import Action, ActionType
from engine.game.game import Game
from engine.game.observation import Observation
from engine.game.play import Agent, play_hand
from engine.game.simulate import simulate
from engine.rules.lingxi import LingxiRules

REPO = Path(__file__).resolve().parent.parent


class FoulingAgent:
    """Plays like the simple agent but now and then commits a foul the table offers (practice)."""

    name = "fouling"

    def __init__(self, seed: str) -> None:
        self.simple = SimpleAgent(seed)
        self.rng = random.Random(seed)

    def choose(self, observation: Observation, legal: list[Action]) -> Action:
        fouls = list(observation.fouls)
        discards = [a for a in fouls if a.type is ActionType.DISCARD]
        if discards and self.rng.random() < 0.1:
            return self.rng.choice(discards)
        false_wins = [a for a in fouls if a.type is not ActionType.DISCARD]
        if false_wins and self.rng.random() < 0.004:
            return self.rng.choice(false_wins)
        fair = [a for a in legal if a not in fouls] or legal
        return self.simple.choose(observation, fair)


def play(rules: LingxiRules, matches: int, make: Any, tag: str) -> Counter[str]:
    seen: Counter[str] = Counter()
    for m in range(matches):
        game = Game(rules, seed=f"{tag}:{m}", check_invariants=True)
        agents: list[Agent] = [make(f"{tag}:{m}:{s}") for s in range(4)]
        total = 0
        while not game.over:
            play_hand(game, agents)
            result = game.results[-1]
            net = [0, 0, 0, 0]
            for p in result.payments:
                assert p.payer is not None and p.payee is not None and p.amount > 0
                net[p.payer] -= p.amount
                net[p.payee] += p.amount
            assert net == list(result.score_changes) and sum(net) == 0
            total += 1
            kind = result.wins[0].limit or "win" if result.wins else result.reason
            seen[kind] += 1
        assert sum(game.match.scores) == 0
        assert total >= 4 * rules.rounds  # every player deals ``rounds`` times
        seen.update(f"event:{e.type}" for e in game.events if e.type in ("foul", "zha_hu", "flower_kan"))
    return seen


def test_simulate_default_rules_reports_no_errors() -> None:
    summary = simulate(LingxiRules(), 60, "lingxi-test", agent="simple")
    assert summary["errors"] == [] and summary["hands"] == 60
    assert summary["wins"] > 30


def test_simple_agents_whole_matches() -> None:
    seen = play(LingxiRules(), 4, SimpleAgent, "simple")
    assert seen["win"] > 10


def test_random_agents_call_kan_and_reach_the_end_of_the_wall() -> None:
    seen = play(LingxiRules(), 3, RandomAgent, "random")
    assert seen["chou_zhuang"] > 5


def test_play_on_and_no_reserve() -> None:
    play(LingxiRules(last_four="play_on_liable", reserve_stacks=0), 2, RandomAgent, "play-on")
    play(LingxiRules(last_four="play_on_liable"), 2, SimpleAgent, "play-on-simple")


def test_other_toggles() -> None:
    rules = LingxiRules(
        flower_wild="same_flower", caishen_single_wait="self_draw_only", dealer_doubles=False, rounds=1
    )
    play(rules, 3, SimpleAgent, "toggles")
    play(LingxiRules(double_from=10, sha_zhu_hu_tai=(20, 26, 52), hua_hu_tai=100), 2, SimpleAgent, "regional")


def test_practice_fouls_dead_hands_and_false_wins() -> None:
    seen = play(LingxiRules(practice_fouls=True), 5, FoulingAgent, "fouls")
    assert seen["event:foul"] > 3 and seen["zha_hu"] > 3 and seen["win"] > 3


def test_observation_lists_fouls_only_in_practice() -> None:
    game = Game(LingxiRules(), seed=1)
    assert game.observation(game.pending()[0]).fouls == ()
    practice = Game(LingxiRules(practice_fouls=True), seed=1)
    seat = practice.pending()[0]
    fouls = practice.observation(seat).fouls
    assert isinstance(practice.hand, LingxiHand)
    assert Action(seat, ActionType.TSUMO, tile=practice.hand.players[seat].drawn) in fouls


@pytest.mark.parametrize("hands", [40])
def test_cli_simulate_json(hands: int) -> None:
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "engine.cli",
            "simulate",
            "--variant",
            "lingxi",
            "--hands",
            str(hands),
            "--seed",
            "1",
            "--json",
        ],
        capture_output=True,
        text=True,
        cwd=REPO,
        timeout=120,
        check=False,
    )
    assert out.returncode == 0, out.stdout + out.stderr
    summary = json.loads(out.stdout.strip().splitlines()[-1])
    assert summary["variant"] == "lingxi" and summary["errors"] == [] and summary["hands"] == hands


def test_a_logged_match_replays_to_the_same_results() -> None:
    from engine.game.log import log_lines, parse_log, rebuild

    game = Game(LingxiRules(), seed="replay", check_invariants=True)
    agents: list[Agent] = [SimpleAgent(f"replay:{s}") for s in range(4)]
    for _ in range(3):
        play_hand(game, agents)
    again = rebuild(parse_log(log_lines(game)), check_invariants=True)
    assert [r.to_json() for r in again.results] == [r.to_json() for r in game.results]
    assert again.match.scores == game.match.scores
