"""Ruleset schema machinery and the riichi model: metadata, introspection, validators, registry."""

from __future__ import annotations

from typing import Any, ClassVar, Literal

import pytest
from pydantic import ValidationError

from engine.rules import (
    HEADER_KEYS,
    RiichiRules,
    RulesetBase,
    describe,
    family_model,
    family_names,
    toggle,
    toggle_info,
)
from engine.rules.errors import Problem

# The seed model's fields and defaults: other code reads them by name, so they must never change.
SEED_DEFAULTS: dict[str, Any] = {
    "family": "riichi",
    "name": "riichi-online",
    "base": "riichi-online",
    "schema_version": 1,
    "start_points": 25000,
    "return_points": 30000,
    "uma": (20, 10, -10, -20),
    "game_length": "east_south",
    "west_extension": True,
    "busting": True,
    "agariyame": True,
    "tenpaiyame": False,
    "red_fives": True,
    "open_tanyao": True,
    "double_ron": True,
    "abort_triple_ron": True,
    "abort_nine_terminals": True,
    "abort_four_winds": True,
    "abort_four_riichi": True,
    "abort_four_kans": True,
    "nagashi_mangan": True,
    "kuikae_forbidden": True,
    "kokushi_robs_closed_kan": True,
    "kiriage": False,
    "double_yakuman": False,
    "kazoe_limit": "yakuman",
    "renhou": "none",
    "riichi_min_points": 1000,
    "riichi_min_wall_tiles": 4,
    "riichi_stick": 1000,
    "honba_points": 300,
    "tenpai_payment": 3000,
    "dealer_repeat_on_tenpai": True,
    "closed_kan_after_riichi": "wait_unchanged",
    "kan_dora": True,
    "ura_dora": True,
    "kan_ura_dora": True,
    "kan_dora_timing": "closed_now_open_after_discard",
    "pao": True,
}

ADDED_TOGGLES = {
    "sudden_death_target": 30000,
    "rank_ties": "seat_order",
    "leftover_riichi_sticks": "first_place",
    "multiple_yakuman_stack": True,
    "double_wind_pair_fu": 4,
    "multi_ron_bonus": "first_winner",
    "players": 4,
    "uma_three": (15, 0, -15),
    "uma_two": (10, -10),
    "sanma_chi": False,
    "two_player_chi": True,
    "nuki_robbing": True,
    "nukidora": True,
    "short_table_tsumo": "loss",
}


def test_seed_fields_and_defaults_are_kept() -> None:
    dumped = RiichiRules().model_dump()
    for key, value in SEED_DEFAULTS.items():
        assert dumped[key] == value, key
    assert set(dumped) == set(SEED_DEFAULTS) | set(ADDED_TOGGLES)
    for key, value in ADDED_TOGGLES.items():
        assert dumped[key] == value


def test_seed_choices_are_kept() -> None:
    info = {i.key: i for i in describe(RiichiRules)}
    assert info["game_length"].choices == ("east", "east_south")
    assert info["kazoe_limit"].choices == ("yakuman", "sanbaiman", "none")
    assert info["renhou"].choices == ("none", "mangan", "yakuman")
    assert info["closed_kan_after_riichi"].choices == ("wait_unchanged", "never")
    assert info["kan_dora_timing"].choices == (
        "closed_now_open_after_discard",
        "always_now",
        "always_after_discard",
    )


def test_every_riichi_toggle_is_documented() -> None:
    infos = describe(RiichiRules)
    keys = [i.key for i in infos]
    assert keys == [k for k in RiichiRules.model_fields if k not in HEADER_KEYS]
    for info in infos:
        assert info.title_en and info.title_zh and info.description_en and info.description_zh, info.key
        assert info.section in RiichiRules.SECTIONS, info.key
        assert info.section_zh == RiichiRules.SECTIONS[info.section]
        assert info.rulebook.startswith("riichi.md#"), info.key
        assert info.default == getattr(RiichiRules(), info.key)
        if info.kind == "choice":
            assert {c for c, _, _ in info.choice_titles} == set(info.choices), info.key
        if info.kind == "int":
            assert info.minimum is not None and info.maximum is not None, info.key
            assert info.minimum <= info.default <= info.maximum


def test_toggle_info_kinds_and_ranges() -> None:
    uma = toggle_info(RiichiRules, "uma")
    assert uma is not None
    assert (uma.kind, uma.length, uma.minimum, uma.maximum) == ("int_tuple", 4, -100, 100)
    start = toggle_info(RiichiRules, "start_points")
    assert start is not None
    assert (start.kind, start.minimum, start.maximum, start.step) == ("int", 1000, 200000, 100)
    assert start.hint() == "1000..200000, step 100"
    red = toggle_info(RiichiRules, "red_fives")
    assert red is not None and red.kind == "bool" and red.hint() == "true | false"
    fu = toggle_info(RiichiRules, "double_wind_pair_fu")
    assert fu is not None and fu.kind == "choice" and fu.choices == (2, 4)
    assert fu.choice_title(2, "zh") == "2符"
    game = toggle_info(RiichiRules, "game_length")
    assert game is not None
    assert game.title("zh") == "对局长度" and game.title("en") == "Game length"
    assert game.choice_title("east", "zh") == "东风战"
    assert toggle_info(RiichiRules, "family") is None
    assert toggle_info(RiichiRules, "nonexistent") is None


def test_models_are_frozen_and_forbid_extra_keys() -> None:
    rules = RiichiRules()
    with pytest.raises(ValidationError):
        rules.red_fives = False
    with pytest.raises(ValidationError):
        RiichiRules(red_five=False)  # type: ignore[call-arg]


def test_with_changes_validates() -> None:
    rules = RiichiRules().with_changes(red_fives=False, uma=[30, 10, -10, -30])
    assert rules.red_fives is False and rules.uma == (30, 10, -10, -30)
    with pytest.raises(ValidationError):
        RiichiRules().with_changes(start_points=-5)


def test_oka_is_derived() -> None:
    assert RiichiRules().oka == 20000
    assert RiichiRules(start_points=30000).oka == 0


@pytest.mark.parametrize(
    ("changes", "key"),
    [
        ({"return_points": 20000}, "return_points"),
        ({"kan_ura_dora": True, "ura_dora": False}, "kan_ura_dora"),
        ({"kan_ura_dora": True, "kan_dora": False}, "kan_ura_dora"),
        ({"uma": (20, 10, -10, -10)}, "uma"),
        ({"uma": (10, 20, -10, -20)}, "uma"),
    ],
)
def test_incompatible_combinations_are_refused(changes: dict[str, Any], key: str) -> None:
    with pytest.raises(ValidationError) as info:
        RiichiRules(**changes)
    assert key in str(info.value)
    assert any(p.key == key for p in RiichiRules.model_construct(**changes).conflicts())


def test_compatible_variations_pass() -> None:
    RiichiRules(kan_ura_dora=False, ura_dora=False, kan_dora=False)
    RiichiRules(start_points=30000, return_points=30000, uma=(15, 5, -5, -15))
    RiichiRules(uma=(0, 0, 0, 0))


def test_schema_version_of_a_model_is_the_current_one() -> None:
    with pytest.raises(ValidationError, match="schema_version"):
        RiichiRules(schema_version=0)


def test_names_must_be_usable() -> None:
    for bad in ("", "  ", "a/b", "x" * 65, "two\nlines"):
        with pytest.raises(ValidationError):
            RiichiRules(name=bad)
    assert RiichiRules(name="我的规则").name == "我的规则"


def test_registry() -> None:
    assert "riichi" in family_names()
    assert family_model("riichi") is RiichiRules
    with pytest.raises(KeyError, match="known"):
        family_model("mahjong-solitaire")


def test_describe_refuses_undocumented_or_unsupported_fields() -> None:
    class Undocumented(RulesetBase):
        FAMILY: ClassVar[str] = "undocumented"
        DEFAULT_PRESET: ClassVar[str] = "undocumented"
        family: Literal["undocumented"] = "undocumented"
        name: str = "undocumented"
        base: str = "undocumented"
        schema_version: int = 1
        plain: bool = True

    with pytest.raises(TypeError, match="plain"):
        describe(Undocumented)

    class FloatToggle(RulesetBase):
        FAMILY: ClassVar[str] = "floaty"
        DEFAULT_PRESET: ClassVar[str] = "floaty"
        family: Literal["floaty"] = "floaty"
        name: str = "floaty"
        base: str = "floaty"
        schema_version: int = 1
        ratio: float = toggle(
            0.5,
            title_en="Ratio",
            title_zh="比例",
            description_en="A ratio.",
            description_zh="比例。",
            section="Scoring",
            rulebook="x.md#ratio",
        )

    with pytest.raises(TypeError, match="unsupported"):
        describe(FloatToggle)


def test_base_conflicts_default_is_empty() -> None:
    class Plain(RulesetBase):
        FAMILY: ClassVar[str] = "plain"
        DEFAULT_PRESET: ClassVar[str] = "plain"
        family: Literal["plain"] = "plain"
        name: str = "plain"
        base: str = "plain"
        schema_version: int = 1

    assert Plain().conflicts() == []
    assert describe(Plain) == []
    assert str(Problem("k", "why")) == "k: why"
    assert str(Problem(None, "why")) == "why"


def test_every_shipped_preset_has_a_title_in_both_languages() -> None:
    """The new-game dialog and the rules editor list presets by title; the file name stays beside it."""
    from engine.rules import family_model, family_names
    from engine.rules.store import preset_names

    for family in family_names():
        titles = family_model(family).PRESET_TITLES
        assert set(titles) == set(preset_names(family)), family
        for en, zh in titles.values():
            assert en.isascii() and en and zh and not zh.isascii()
