"""Lingxi rulesets: the schema, the presets (every key listed, the regional differences), the rule
book anchors, and the family's registration."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from engine.families.registry import family_names, get_family
from engine.rules import (
    default_ruleset,
    describe,
    diff_rulesets,
    family_model,
    load_ruleset,
    preset_names,
    presets_dir,
    to_toml,
)
from engine.rules.errors import RulesetError
from engine.rules.lingxi import LingxiRules

DOCS = Path(__file__).resolve().parent.parent / "resources" / "rulebook" / "lingxi.md"  # the rule book page


def test_registered_as_a_ruleset_family_and_a_game_family() -> None:
    assert family_model("lingxi") is LingxiRules
    assert "lingxi" in family_names()
    family = get_family("lingxi")
    assert family.name == "lingxi" and family.wall_size == 144
    assert default_ruleset("lingxi") == LingxiRules()


def test_presets_load_and_list_every_key() -> None:
    names = preset_names("lingxi")
    assert names == ["lingxi-default", "lingxi-regional"]
    for name in names:
        rules = load_ruleset(name)
        assert isinstance(rules, LingxiRules) and rules.name == name
        data = tomllib.loads((presets_dir() / f"{name}.toml").read_text(encoding="utf-8"))
        assert set(data) == set(LingxiRules.model_fields)
    assert load_ruleset("lingxi-default") == LingxiRules()


def test_regional_preset_changes_the_three_values_the_text_gives() -> None:
    regional = load_ruleset("lingxi-regional", expect=LingxiRules)
    keys = [k for k, _, _ in diff_rulesets(LingxiRules(), regional, include_header=False)]
    assert keys == ["double_from", "sha_zhu_hu_tai", "hua_hu_tai"]
    assert regional.double_from == 10 and regional.sha_zhu_hu_tai[0] == 20 and regional.hua_hu_tai == 100


def test_every_toggle_is_documented_with_an_anchor_that_exists() -> None:
    text = DOCS.read_text(encoding="utf-8")
    anchors = {_slug(m.group(1)) for m in re.finditer(r"^#+ (.+)$", text, re.MULTILINE)}
    for info in describe(LingxiRules):
        page, _, anchor = info.rulebook.partition("#")
        assert page == "lingxi.md" and anchor in anchors, info.rulebook
        assert f"`{info.key}`" in text, info.key
        assert info.title_zh and info.description_zh and info.description_en


def _slug(heading: str) -> str:
    """GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def test_toml_round_trip(tmp_path: Path) -> None:
    rules = LingxiRules().with_changes(name="mine", rounds=1, last_four="play_on_liable")
    path = tmp_path / "mine.toml"
    path.write_text(to_toml(rules), encoding="utf-8")
    assert load_ruleset(path) == rules


def test_conflicting_sha_zhu_hu_values_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    text = 'family = "lingxi"\nschema_version = 1\nsha_zhu_hu_tai = [30, 26, 52]\n'
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RulesetError, match="sha_zhu_hu_tai"):
        load_ruleset(path)
