"""AI seats: legal and reproducible play in every family, and no way to see hidden tiles."""

from __future__ import annotations

import copy
import dataclasses
import gc
import types

import pytest

from engine.ai import LEVELS, LevelAgent, make_agent
from engine.ai.agents import Planner
from engine.ai.plugin import FamilyPlugin, plugin_for
from engine.families.registry import family_names
from engine.game.flow import HandFlow, PlayerState
from engine.game.game import Game
from engine.game.play import play_hand
from engine.game.wall import Wall
from engine.rules import default_ruleset

FAMILIES = [f for f in ("riichi", "sichuan", "lingxi") if f in family_names()]


def _play(family: str, levels: list[str], seed: str) -> Game:
    rules = default_ruleset(family)
    game = Game(rules, seed=seed, check_invariants=True)
    agents = [make_agent(level, f"{seed}:{s}", rules) for s, level in enumerate(levels)]
    play_hand(game, agents)  # Game.apply raises IllegalAction on anything not listed
    return game


@pytest.mark.parametrize("family", FAMILIES)
def test_every_level_plays_a_legal_hand(family: str) -> None:
    game = _play(family, ["beginner", "standard", "strong", "strong"], "legal")
    assert game.results


@pytest.mark.parametrize("family", FAMILIES)
def test_choices_are_reproducible_from_the_seed(family: str) -> None:
    a = _play(family, ["beginner", "strong", "standard", "beginner"], "repeat")
    b = _play(family, ["beginner", "strong", "standard", "beginner"], "repeat")
    assert a.actions == b.actions


def test_unknown_level_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown AI level"):
        LevelAgent("grandmaster")


def test_each_family_has_its_own_plugin() -> None:
    assert type(plugin_for("riichi")).__name__ == "RiichiPlugin"
    if "sichuan" in FAMILIES:
        assert type(plugin_for("sichuan")).__name__ == "SichuanPlugin"
    if "lingxi" in FAMILIES:
        assert type(plugin_for("lingxi")).__name__ == "LingxiPlugin"
    assert type(plugin_for("no-such-family")) is FamilyPlugin


# ------------------------------------------------------------------ no peeking


def _reachable(root: object) -> list[object]:
    """Every object reachable from ``root`` through references (modules, classes and functions are
    shared code, not state, and are not followed)."""
    seen: set[int] = set()
    out: list[object] = []
    stack = [root]
    while stack:
        obj = stack.pop()
        if id(obj) in seen or isinstance(
            obj, (types.ModuleType, type, types.FunctionType, types.BuiltinFunctionType)
        ):
            continue
        seen.add(id(obj))
        out.append(obj)
        stack.extend(gc.get_referents(obj))
    return out


def test_agents_hold_no_reference_to_the_game() -> None:
    rules = default_ruleset("riichi")
    game = Game(rules, seed="peek")
    agents = [
        make_agent(level, s, rules) for s, level in enumerate(["strong", "standard", "beginner", "strong"])
    ]
    play_hand(game, agents)
    hidden = (Game, HandFlow, Wall, PlayerState)
    for agent in agents:
        leaks = [type(o).__name__ for o in _reachable(agent) if isinstance(o, hidden)]
        assert not leaks, leaks


def test_a_decision_depends_only_on_the_observation_and_legal_list() -> None:
    rules = default_ruleset("riichi")
    game = Game(rules, seed="copy")
    seat = game.pending()[0]
    obs = game.observation(seat)
    legal = game.legal_actions(seat)
    original = copy.deepcopy(obs)
    for level in LEVELS:
        direct = make_agent(level, 1, rules).choose(obs, legal)
        copied = make_agent(level, 1, rules).choose(copy.deepcopy(obs), copy.deepcopy(legal))
        assert direct == copied
    assert obs == original  # the agent did not write into the observation


def test_other_hands_in_the_observation_are_ignored() -> None:
    """Even if an observation carried other players' tiles, the AI reads only its own seat."""
    rules = default_ruleset("riichi")
    game = Game(rules, seed="ignore")
    seat = game.pending()[0]
    obs = game.observation(seat)
    legal = game.legal_actions(seat)
    planted = dataclasses.replace(
        obs,
        seats=tuple(
            p if p.seat == seat else dataclasses.replace(p, hand=tuple(range(13)), drawn=13)
            for p in obs.seats
        ),
    )
    for level in ("standard", "strong"):
        a = Planner(make_agent(level, 1, rules).level, plugin_for("riichi", rules))
        from engine.ai.view import View

        scores_real = [o.score for o in a.options(View.from_observation(obs), legal)]
        scores_planted = [o.score for o in a.options(View.from_observation(planted), legal)]
        assert scores_real == scores_planted
