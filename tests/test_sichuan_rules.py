"""The Sichuan ruleset: presets, the default, the rule book page, refusals."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from engine.rules import (
    RulesetError,
    default_ruleset,
    describe,
    diff_rulesets,
    family_names,
    load_ruleset,
    preset_names,
    presets_dir,
    to_toml,
)
from engine.rules.sichuan import SichuanRules

REPO = Path(__file__).resolve().parent.parent
BOOK = REPO / "resources" / "rulebook" / "sichuan.md"  # the rule book page
PRESETS = ["sichuan-xuezhan", "sichuan-chengdu", "sichuan-coins"]


def test_the_family_and_its_presets_are_registered() -> None:
    assert "sichuan" in family_names()
    assert set(PRESETS) <= set(preset_names("sichuan"))
    assert default_ruleset("sichuan") == SichuanRules() == load_ruleset("sichuan-xuezhan")


@pytest.mark.parametrize("name", PRESETS)
def test_preset_files_list_every_key_and_round_trip(name: str, tmp_path: Path) -> None:
    text = (presets_dir() / f"{name}.toml").read_text(encoding="utf-8")
    data = tomllib.loads(text)
    assert set(data) == set(SichuanRules.model_fields) and data["name"] == name
    rules = load_ruleset(name, expect=SichuanRules)
    copy = tmp_path / f"{name}-copy.toml"
    copy.write_text(to_toml(rules), encoding="utf-8")
    assert load_ruleset(copy) == rules
    # every difference from the default is explained in the file's header
    header = "\n".join(line for line in text.splitlines() if line.startswith("#"))
    assert len(header.splitlines()) >= 4


def test_the_chengdu_preset_is_the_additive_single_win_table() -> None:
    chengdu = load_ruleset("sichuan-chengdu", expect=SichuanRules)
    assert chengdu.scoring_model == "points" and not chengdu.xuezhan and chengdu.cha_da_jiao == "min"
    keys = {k for k, _, _ in diff_rulesets(SichuanRules(), chengdu, include_header=False)}
    assert keys == {
        "declare_lack",
        "xuezhan",
        "di_hu",
        "hai_di",
        "scoring_model",
        "fan_cap",
        "self_draw_bonus",
        "cha_da_jiao",
    }


def test_the_rule_book_documents_every_key_and_anchor() -> None:
    text = BOOK.read_text(encoding="utf-8")
    anchors = {_anchor(h) for h in re.findall(r"^#+ (.+)$", text, flags=re.M)}
    for info in describe(SichuanRules):
        assert f"`{info.key}`" in text, info.key
        page, _, anchor = info.rulebook.partition("#")
        assert page == "sichuan.md" and anchor in anchors, info.rulebook


def _anchor(heading: str) -> str:
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def test_contradictory_toggles_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "broke.toml"
    path.write_text(
        'family = "sichuan"\nschema_version = 1\nbankroll = true\nstart_points = 0\n', encoding="utf-8"
    )
    with pytest.raises(RulesetError) as info:
        load_ruleset(path)
    assert "start_points" in str(info.value)
    path.write_text('family = "sichuan"\nschema_version = 1\nopen_kan_payment = 3\n', encoding="utf-8")
    with pytest.raises(RulesetError, match="open_kan_payment"):
        load_ruleset(path)
