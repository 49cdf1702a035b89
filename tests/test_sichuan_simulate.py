"""Sichuan end to end: many hands with built-in and greedy agents under every preset and a spread of
toggles, every invariant checked, every hand's payments adding up to zero; logs replay the same."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from typing import Any

import pytest
from test_sichuan_support import check_zero_sum

from engine.agents.simple import RandomAgent, SimpleAgent
from engine.game.actions import Action, ActionType
from engine.game.game import Game
from engine.game.log import log_lines, parse_log, rebuild, summary
from engine.game.observation import Observation
from engine.game.play import Agent, play_hand
from engine.game.simulate import simulate
from engine.rules import load_ruleset
from engine.rules.sichuan import SichuanRules

A = ActionType


class GreedyAgent(SimpleAgent):
    """Claims most pons and kans, wins most of the time (and sometimes passes, to exercise 过手胡),
    chooses the set-up at random, otherwise plays like the simple agent: reaches the corners the
    simple agent never does."""

    name = "greedy"

    def __init__(self, seed: str) -> None:
        super().__init__(seed)
        self.coin = random.Random(f"greedy:{seed}")

    def choose(self, observation: Observation, legal: list[Action]) -> Action:
        types = {a.type for a in legal}
        if types & {A.EXCHANGE, A.DECLARE_LACK}:
            return self.coin.choice(legal[:3])
        wins = [a for a in legal if a.type in (A.TSUMO, A.RON)]
        if wins and (not types & {A.PASS, A.DISCARD} or self.coin.random() < 0.85):
            return wins[0]
        for kind, chance in ((A.OPEN_KAN, 0.9), (A.ADDED_KAN, 0.9), (A.CLOSED_KAN, 0.9), (A.PON, 0.6)):
            calls = [a for a in legal if a.type is kind]
            if calls and self.coin.random() < chance:
                return calls[0]
        rest = [a for a in legal if a.type not in (A.TSUMO, A.RON)]
        return super().choose(observation, rest)


def play(rules: SichuanRules, hands: int, seed: str, agent: str) -> Game:
    played = 0
    game: Game | None = None
    match = 0
    while played < hands:
        game = Game(rules, seed=f"{seed}:{match}", check_invariants=True)
        cls = {"simple": SimpleAgent, "random": RandomAgent, "greedy": GreedyAgent}[agent]
        agents: list[Agent] = [cls(f"{seed}:{match}:{s}") for s in range(4)]
        before = list(game.match.scores)
        while not game.over and played < hands:
            play_hand(game, agents)
            res = game.results[-1]
            check_zero_sum(res)
            after = list(game.match.scores)
            assert [a - b for a, b in zip(after, before, strict=True)] == list(res.score_changes)
            if rules.bankroll:
                assert min(after) >= 0
            before = after
            played += 1
        match += 1
    assert game is not None
    return game


VARIANTS: list[tuple[str, dict[str, Any], str]] = [
    ("sichuan-xuezhan", {}, "greedy"),
    ("sichuan-chengdu", {}, "greedy"),
    ("sichuan-coins", {}, "greedy"),
    ("sichuan-xuezhan", {"exchange_three": True, "kan_replacement": "tail"}, "greedy"),
    (
        "sichuan-xuezhan",
        {"multiple_winners": False, "pass_win_lock": False, "self_draw_bonus": "base"},
        "greedy",
    ),
    ("sichuan-xuezhan", {"kan_flower_after_open_kan": "feeder_pays", "refund_to": "ready_payers"}, "greedy"),
    ("sichuan-chengdu", {"declare_lack": True, "points_robbing": "base", "hai_di": True}, "greedy"),
    ("sichuan-coins", {"exchange_three": True, "hua_zhu_penalty": "cap", "cha_da_jiao": "min"}, "random"),
    ("sichuan-xuezhan", {"forced_win_last_four": False, "rob_kan": False, "fan_cap": 0}, "simple"),
]


@pytest.mark.parametrize(("preset", "changes", "agent"), VARIANTS)
def test_many_hands_keep_every_invariant(preset: str, changes: dict[str, Any], agent: str) -> None:
    rules = load_ruleset(preset, expect=SichuanRules).with_changes(**changes)
    play(rules, 40, f"{preset}:{sorted(changes)}", agent)


def test_greedy_play_reaches_the_corners() -> None:
    """Over many hands the greedy agents make kans of every kind, rob kans, win several on one
    discard, hand kan income over (杠上炮) and reach the end-of-wall checks, so the invariant runs
    above cover all of them."""
    seen: set[str] = set()
    multi = 0
    chengdu = load_ruleset("sichuan-chengdu", expect=SichuanRules).with_changes(xuezhan=True)
    payments = {"gua_feng", "xia_yu", "zi_mo", "dian_pao", "qiang_gang", "gang_shang_pao"}
    end = {"hua_zhu", "cha_da_jiao", "tui_shui", "wall", "three_won"}
    wanted = payments | end | {"gen", "hai_di"}
    # fixed seeds, played until every corner was seen (a bounded number of runs)
    runs = [(SichuanRules(match_hands=50), f"corners:{i}") for i in range(2, 10)] + [(chengdu, "c")]
    for rules, seed in runs:
        game = play(rules, 40, seed, "greedy")
        for res in game.results:
            seen.update(p.reason for p in res.payments)
            seen.add(res.end)  # type: ignore[attr-defined]
            seen.update(i.key for w in res.wins for i in w.items)
            ron = [(w.from_seat, w.tile) for w in res.wins if w.from_seat != w.seat]
            multi = max([multi, *(ron.count(r) for r in ron)])
        if wanted <= seen and multi >= 2:
            break
    assert payments | end <= seen, (payments | end) - seen
    assert {"gen", "hai_di", "zi_mo"} <= seen
    assert multi >= 2


def test_simulate_and_the_cli() -> None:
    summary_ = simulate(SichuanRules(), 30, "t", agent="simple")
    assert summary_["variant"] == "sichuan" and summary_["hands"] == 30 and summary_["errors"] == []
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "engine.cli",
            "simulate",
            "--variant",
            "sichuan",
            "--hands",
            "12",
            "--seed",
            "3",
            "--json",
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert out.returncode == 0, out.stdout + out.stderr
    data = json.loads(out.stdout)
    assert data["errors"] == [] and data["hands"] == 12


def test_a_logged_game_replays_the_same() -> None:
    rules = SichuanRules(exchange_three=True, next_dealer="dice", match_hands=3)
    game = Game(rules, seed="log", check_invariants=True)
    agents = [GreedyAgent(f"log{s}") for s in range(4)]
    while not game.over:
        play_hand(game, agents)
    lines = log_lines(game)
    again = rebuild(parse_log(lines), check_invariants=True)
    assert summary(again) == summary(game)
    assert json.loads(lines[-1])["summary"]["results"][0]["end"] in ("wall", "three_won")


def test_random_illegal_actions_are_refused_and_change_nothing() -> None:
    from engine.game.errors import IllegalAction

    rng = random.Random(5)
    rules = SichuanRules(exchange_three=True, match_hands=2)
    game = Game(rules, seed="bogus", check_invariants=True)
    agents = [GreedyAgent(f"bogus{s}") for s in range(4)]

    def snapshot() -> str:
        return json.dumps([game.observation(s).to_json() for s in range(4)], sort_keys=True)

    for _ in range(300):
        if game.over:
            break
        for _ in range(2):
            kind = rng.choice(list(ActionType))
            tiles = tuple(rng.randrange(0, 110) for _ in range(rng.choice([0, 2, 3, 4])))
            try:
                bogus = Action(
                    rng.randrange(-1, 5),
                    kind,
                    rng.choice([None, rng.randrange(-1, 110)]),
                    tiles,
                    rng.choice([None, 0, 1, 2]),
                )
            except ValueError:  # malformed: refused when made (tests/test_malformed_actions.py)
                continue
            if 0 <= bogus.seat < 4 and bogus in game.legal_actions(bogus.seat):
                continue
            before = snapshot()
            with pytest.raises(IllegalAction):
                game.apply(bogus)
            assert snapshot() == before
        seat = game.pending()[0]
        game.apply(agents[seat].choose(game.observation(seat), game.legal_actions(seat)))
