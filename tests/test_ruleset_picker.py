"""The family + ruleset picker of the calculator and the drills (pytest-qt, offscreen)."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("pytestqt")

from desktop.ruleset_picker import RulesetPicker, first_family, playable_families
from engine.families.registry import family_names
from engine.rules import family_model, load_ruleset, preset_names, save_user_ruleset
from engine.rules import family_names as model_families


def listed(picker: RulesetPicker) -> list[str]:
    return [picker.ruleset_combo.itemData(i) for i in range(picker.ruleset_combo.count())]


@pytest.fixture
def mine() -> str:
    """A user ruleset of Sichuan, and a broken user file that must not be offered."""
    path = save_user_ruleset(load_ruleset("sichuan-chengdu"), "my sichuan")
    Path(path.parent / "broken.toml").write_text('family = "sichuan"\nschema_version = 1\nnope = 1\n')
    return "my sichuan"


def test_each_family_lists_its_own_rulesets_and_starts_on_its_default(qtbot, mine: str) -> None:  # type: ignore[no-untyped-def]
    picker = RulesetPicker("lingxi")
    qtbot.addWidget(picker)
    assert picker.family() == "lingxi"
    for family in family_names():
        with qtbot.waitSignal(picker.family_changed, timeout=1000, raising=False) as changed:
            picker.set_family(family)
        if family != "lingxi":
            assert changed.signal_triggered and changed.args == [family]
        want = preset_names(family) + ([mine] if family == "sichuan" else [])
        assert listed(picker) == want, family
        assert picker.family() == family
        assert picker.ruleset() == family_model(family).DEFAULT_PRESET
    # the families of the registry (those with a ruleset model), in its menu order
    assert [picker.family_combo.itemData(i) for i in range(picker.family_combo.count())] == family_names()
    assert playable_families() == [f for f in family_names() if f in model_families()]
    picker.set_family("sichuan")
    index = picker.ruleset_combo.findData(mine)
    assert picker.ruleset_combo.itemText(index) != mine  # the player's own are marked


def test_choosing_a_ruleset_emits_its_name(qtbot, mine: str) -> None:  # type: ignore[no-untyped-def]
    picker = RulesetPicker("sichuan")
    qtbot.addWidget(picker)
    emitted: list[str] = []
    picker.ruleset_changed.connect(emitted.append)
    for name in ("sichuan-chengdu", mine, "sichuan-xuezhan"):
        assert picker.set_ruleset(name)
        assert picker.ruleset() == name
    assert emitted == ["sichuan-chengdu", mine, "sichuan-xuezhan"]
    # the user picks with the combo box itself (not through set_ruleset)
    picker.ruleset_combo.setCurrentIndex(picker.ruleset_combo.findData("sichuan-chengdu"))
    assert emitted[-1] == "sichuan-chengdu"
    assert not picker.set_ruleset("riichi-club")  # another family's ruleset is not offered
    # changing the family refills the list quietly: no ruleset signal, one family signal
    families: list[str] = []
    picker.family_changed.connect(families.append)
    picker.family_combo.setCurrentIndex(picker.family_combo.findData("riichi"))
    assert families == ["riichi"] and emitted[-1] == "sichuan-chengdu" and len(emitted) == 4
    assert picker.ruleset() == family_model("riichi").DEFAULT_PRESET


def test_an_unknown_family_starts_on_the_registry_first(qtbot) -> None:  # type: ignore[no-untyped-def]
    picker = RulesetPicker("klondike")
    qtbot.addWidget(picker)
    first = family_names()[0]
    assert first_family() == first
    assert picker.family() == first and picker.ruleset() == family_model(first).DEFAULT_PRESET


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_presets_are_listed_by_their_titles(qtbot, language: str) -> None:  # type: ignore[no-untyped-def]
    from desktop import i18n

    try:
        i18n.install(language)
        picker = RulesetPicker("riichi")
        qtbot.addWidget(picker)
        index = picker.ruleset_combo.findData("riichi-online")
        title = family_model("riichi").PRESET_TITLES["riichi-online"][1 if language == "zh_CN" else 0]
        assert picker.ruleset_combo.itemText(index) == f"{title} · riichi-online"
    finally:
        i18n.install("en")
