"""The rules editor (pytest-qt, offscreen): widgets from the schema, marks, resets, validation next to
the widget, save as / import / export / compare, and a new game that uses the saved ruleset."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QComboBox, QDialog, QSpinBox

from desktop.rules_editor import CompareDialog, RulesEditor
from desktop.storage import Setup
from engine.rules import (
    describe,
    diff_rulesets,
    family_model,
    load_ruleset,
    ruleset_hash,
    to_toml,
    user_ruleset_names,
    user_rulesets_dir,
)

WAIT = 15000


@pytest.fixture
def warnings(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    shown: list[str] = []

    def warn(_parent: Any, _title: str, text: str, *args: Any) -> None:
        shown.append(text)

    monkeypatch.setattr("desktop.rules_editor.QMessageBox.warning", warn)
    return shown


@pytest.fixture
def window(main_window):  # type: ignore[no-untyped-def]
    return main_window(size=(1200, 800))


@pytest.fixture
def editor(qtbot, warnings):  # type: ignore[no-untyped-def]
    ed = RulesEditor()
    qtbot.addWidget(ed)
    ed.show()
    return ed


def test_every_toggle_of_every_family_gets_a_widget(editor) -> None:  # type: ignore[no-untyped-def]
    for family in ("riichi", "sichuan", "lingxi"):
        editor.family_combo.setCurrentIndex(editor.family_combo.findData(family))
        assert editor.family == family
        infos = describe(family_model(family))
        assert list(editor.rows) == [i.key for i in infos]
        for info in infos:
            row = editor.rows[info.key]
            assert row.value() == info.default or family != editor.base.family
            kind = {"bool": QCheckBox, "choice": QComboBox, "int": QSpinBox}.get(info.kind)
            if kind is not None:
                assert isinstance(row.editor, kind)
            if info.kind == "int" and info.maximum is not None:
                assert row.spin.maximum() == info.maximum and row.spin.singleStep() == (info.step or 1)
            if info.kind == "choice":
                assert [row.combo.itemData(i) for i in range(row.combo.count())] == list(info.choices)
            assert info.rulebook in row.link.text()
        assert editor.changed_keys() == [] and editor.problems == {}
        assert len(editor.sections) == len({i.section for i in infos})


def test_a_change_is_marked_and_can_be_reset(editor) -> None:  # type: ignore[no-untyped-def]
    row = editor.rows["red_fives"]
    assert row.mark.text() == "" and not row.reset.isEnabled()
    row.check.setChecked(False)  # what a click does
    assert editor.values["red_fives"] is False
    assert editor.changed_keys() == ["red_fives"]
    assert row.mark.text() == "●" and row.reset.isEnabled()
    assert "1" in editor.base_label.text() and editor.dirty
    row.reset.click()
    assert editor.values["red_fives"] is True and editor.changed_keys() == []
    editor.set_value("kiriage", True)
    editor.set_value("start_points", 30000)
    assert editor.changed_keys() == ["start_points", "kiriage"]
    editor.reset_all_button.click()
    assert editor.changed_keys() == []


def test_problems_are_shown_next_to_the_widget_and_nothing_is_saved(editor, warnings) -> None:  # type: ignore[no-untyped-def]
    uma = editor.rows["uma"]
    uma.spins[0].setValue(40)
    assert "add up to" in uma.error.text() and not uma.error.isHidden()
    assert editor.rules is None and not editor.save_button.isEnabled()
    assert not editor.play_button.isEnabled() and not editor.export_button.isEnabled()
    assert editor.save_as("broken") is None
    assert not user_rulesets_dir().exists()
    stick = editor.rows["riichi_stick"]
    stick.spin.setValue(1050)
    assert "multiple of 100" in stick.error.text()
    editor.set_value("kan_dora", False)  # kan_ura_dora needs kan_dora
    assert "kan_dora" in editor.rows["kan_ura_dora"].error.text()
    editor.reset_all()
    assert editor.problems == {} and editor.rules is not None
    assert all(row.error.isHidden() for row in editor.rows.values())


def test_search_filters_by_key_title_and_description(editor) -> None:  # type: ignore[no-untyped-def]
    editor.search.setText("uma")
    visible = [k for k, row in editor.rows.items() if not row.isHidden()]
    assert "uma" in visible and "red_fives" not in visible
    editor.search.setText("赤")  # Chinese titles are searched too
    assert not editor.rows["red_fives"].isHidden()
    editor.search.setText("")
    assert all(not row.isHidden() for row in editor.rows.values())


def test_presets_are_read_only(editor, warnings) -> None:  # type: ignore[no-untyped-def]
    editor.set_value("kiriage", True)
    assert editor.save_as("riichi-club") is None
    assert warnings and "read-only preset" in warnings[-1]
    assert user_ruleset_names() == []


def test_save_as_writes_a_user_ruleset_based_on_the_preset(editor) -> None:  # type: ignore[no-untyped-def]
    editor.open_ruleset("riichi-club")
    assert editor.base.name == "riichi-club"
    editor.set_value("red_fives", True)
    path = editor.save_as("club-red")
    assert path is not None and path.parent == user_rulesets_dir()
    saved = load_ruleset("club-red")
    assert saved.base == "riichi-club" and saved.red_fives
    assert [k for k, *_ in diff_rulesets(load_ruleset("riichi-club"), saved, include_header=False)] == [
        "red_fives"
    ]
    # the editor now edits the saved ruleset, still marked against its base preset
    assert editor.source == "club-red" and not editor.dirty
    assert editor.changed_keys() == ["red_fives"]
    assert editor.ruleset_combo.currentData() == "club-red"


def test_export_and_import(editor, tmp_path: Path, warnings) -> None:  # type: ignore[no-untyped-def]
    editor.set_value("game_length", "east")
    target = tmp_path / "out.toml"
    assert editor.export_file(target)
    assert load_ruleset(target).game_length == "east"
    broken = tmp_path / "broken.toml"
    broken.write_text('family = "riichi"\nschema_version = 1\nred_five = true\n', encoding="utf-8")
    assert editor.import_file(broken) is None
    assert "did you mean" in warnings[-1] and user_ruleset_names() == []
    good = tmp_path / "friends.toml"
    good.write_text(to_toml(load_ruleset("riichi-club").with_changes(kiriage=False)), encoding="utf-8")
    assert editor.import_file(good) == "friends"
    assert user_ruleset_names() == ["friends"]
    assert editor.source == "friends" and editor.values["kiriage"] is False
    assert editor.import_file(good) is None  # no silent overwrite
    assert "already exists" in warnings[-1]


def test_compare_two_rulesets_side_by_side(editor) -> None:  # type: ignore[no-untyped-def]
    editor.set_value("kiriage", True)
    dialog = editor.compare_dialog()
    assert isinstance(dialog, CompareDialog)
    assert dialog.left.currentData() == "riichi-online"
    assert [row[0] for row in dialog.rows()] == ["kiriage"]
    assert dialog.table.rowCount() == 1 and dialog.table.item(0, 0).text() == "kiriage"
    dialog.right.setCurrentIndex(dialog.right.findData("riichi-club"))
    keys = [row[0] for row in dialog.rows()]
    expected = [k for k, *_ in diff_rulesets(load_ruleset("riichi-online"), load_ruleset("riichi-club"))]
    assert keys == [k for k in expected if k not in ("name", "base")]
    dialog.all_keys.setChecked(True)
    assert dialog.table.rowCount() == len(describe(family_model("riichi")))
    dialog.close()


def test_the_rule_book_link_opens_the_section(editor) -> None:  # type: ignore[no-untyped-def]
    row = editor.rows["double_ron"]
    row.link.linkActivated.emit("riichi.md#calls")
    book = editor.book  # no host: the editor's own rule book
    assert book is not None and book.isVisible() and book.current.family == "riichi"
    row.link.linkActivated.emit("riichi.md#dora")
    assert editor.book is book
    book.close()


def test_with_a_host_the_links_open_the_host_rule_book_and_new_games_go_through_it(qtbot, warnings) -> None:  # type: ignore[no-untyped-def]
    from desktop.rulebook import RuleBookWindow
    from tests.tool_host import FakeHost

    host = FakeHost()
    qtbot.addWidget(host)
    host.settings.last_family = "sichuan"
    editor = host.tools.rules_editor()
    assert isinstance(editor, RulesEditor) and editor.parent() is host and editor.family == "sichuan"
    assert host.tools.rules_editor() is editor
    editor.rows["match_hands"].link.linkActivated.emit("sichuan.md#scoring")
    book = host.tools.find(RuleBookWindow)
    assert book is not None and book.isVisible() and book.current.family == "sichuan"
    assert editor.book is None
    editor.open_ruleset("sichuan-chengdu")
    assert editor.start_new_game()  # a preset: nothing to save
    assert host.calls == ["new_game_dialog"]
    assert (host.settings.last_family, host.settings.last_ruleset) == ("sichuan", "sichuan-chengdu")


def test_the_editor_changes_a_toggle_saves_and_a_new_game_uses_it(
    qtbot, window, warnings, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    from desktop.dialogs import NewGameDialog

    editor = RulesEditor(window)
    qtbot.addWidget(editor)
    editor.show()
    editor.family_combo.setCurrentIndex(editor.family_combo.findData("sichuan"))
    row = editor.rows["match_hands"]
    row.spin.setValue(3)
    editor.rows["exchange_three"].check.click()
    assert editor.changed_keys() == ["match_hands", "exchange_three"]
    monkeypatch.setattr("desktop.rules_editor.QInputDialog.getText", lambda *a, **k: ("three hands", True))
    chosen: dict[str, Any] = {}

    def accept(dialog: NewGameDialog) -> int:
        chosen["ruleset"] = dialog.ruleset.currentData()
        chosen["family"] = dialog.family.currentData()
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(NewGameDialog, "exec", accept)
    assert editor.start_new_game()  # unsaved: saved first (the dialog asks for the name)
    assert chosen == {"family": "sichuan", "ruleset": "three hands"}
    saved = load_ruleset("three hands")
    assert saved.match_hands == 3 and saved.exchange_three
    qtbot.waitUntil(lambda: window.snap is not None and window.controller.idle(), timeout=WAIT)
    game = window.controller.worker.session.game
    assert game.rules == saved and ruleset_hash(game.rules) == ruleset_hash(saved)
    assert window.snap.family == "sichuan" and window.snap.ruleset == "three hands"
    assert window.settings.last_ruleset == "three hands"


def test_a_preset_starts_a_game_without_saving(qtbot, window, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    from desktop.dialogs import NewGameDialog

    editor = RulesEditor(window)
    qtbot.addWidget(editor)
    editor.family_combo.setCurrentIndex(editor.family_combo.findData("riichi"))
    editor.open_ruleset("riichi-online-east")
    started: list[tuple[Any, Setup]] = []
    monkeypatch.setattr(NewGameDialog, "exec", lambda self: QDialog.DialogCode.Accepted)
    monkeypatch.setattr(window, "start_game", lambda rules, setup, seed=None: started.append((rules, setup)))
    assert editor.start_new_game()
    assert started and started[0][0] == load_ruleset("riichi-online-east")
    assert user_ruleset_names() == []


def test_keyboard_focus_and_window_flags(editor) -> None:  # type: ignore[no-untyped-def]
    assert editor.windowFlags() & Qt.WindowType.WindowMaximizeButtonHint
    assert not editor.play_button.autoDefault()
