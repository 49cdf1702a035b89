"""The scoring calculator (pytest-qt, offscreen): typed and clicked hands, melds, flags, flowers and 财神,
scored exactly as ``tilehouse score`` scores the same situation."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtCore import QCoreApplication, QPoint, Qt

from desktop import fonts
from desktop.calculator import Calculator, TileStrip, palette_faces
from engine.cli import main
from engine.tiles import TileFace


@pytest.fixture
def calc(qtbot):  # type: ignore[no-untyped-def]
    fonts.load()
    c = Calculator()
    qtbot.addWidget(c)
    c.show()
    return c


def scored(calc: Calculator) -> dict[str, Any]:
    """The calculator's score once it is the current situation's (scoring runs off the UI thread)."""
    deadline = time.monotonic() + 30
    while calc.busy:
        assert time.monotonic() < deadline, "no score within 30 s"
        QCoreApplication.processEvents()
        time.sleep(0.002)
    return calc.score


def cli_score(
    situation: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> dict[str, Any]:
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(situation), encoding="utf-8")
    capsys.readouterr()
    assert main(["score", str(path), "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_a_typed_riichi_hand_scores_like_tilehouse_score(calc, tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    calc.hand_edit.setText("234m067m345p456s88p")
    calc.win_edit.setText("4s")
    calc.win_tsumo.setChecked(True)
    calc.flag_boxes["riichi"].setChecked(True)
    calc.dora_edit.setText("1m")
    calc.ura_edit.setText("7s")
    calc.honba.setValue(2)
    calc.seat.setCurrentIndex(calc.seat.findData(1))
    result = scored(calc)
    assert result["valid"] and result["han"] == 6 and result["limit"] == "haneman"
    situation = json.loads(calc.json_line.text())
    assert situation == calc.situation()
    assert cli_score(situation, tmp_path, capsys) == result
    html = calc.result_view.toHtml()
    assert "Haneman" in html and "12000" in html


def test_clicking_tiles_builds_the_hand(calc, qtbot) -> None:  # type: ignore[no-untyped-def]
    faces = palette_faces("riichi")
    assert len(faces) == 37 and TileFace(4, True) in faces
    for kind in (0, 1, 2, 12, 13, 14, 24, 25, 26, 27, 27, 27, 31, 31):
        calc.add_face(TileFace(kind))
    assert calc.hand_edit.text() == "123m456p789s11155z"
    assert calc.win_edit.text() == "5z"  # the last tile clicked
    assert scored(calc)["valid"]
    # clicking a hand tile chooses the winning tile; a right click removes a tile
    calc.hand_strip.clicked.emit(0)
    assert calc.win_edit.text() == "1m"
    calc.hand_strip.right_clicked.emit(13)
    assert calc.hand_edit.text() == "123m456p789s1115z"
    calc.backspace.click()
    assert calc.hand_edit.text() == "123m456p789s111z"
    # a real mouse click on a palette button adds the tile
    from PySide6.QtWidgets import QToolButton

    tool_buttons = calc.palette_box.findChildren(QToolButton)
    assert len(tool_buttons) == 37
    qtbot.mouseClick(tool_buttons[0], Qt.MouseButton.LeftButton)
    assert calc.hand_edit.text() == "123m456p789s111z1m" and calc.win_edit.text() == "1m"


def test_melds_and_targets(calc, tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    calc.target_buttons["meld"].setChecked(True)
    for kind in (33, 33, 33):
        calc.add_face(TileFace(kind))
    assert calc.meld_edit.text() == "777z"
    calc.meld_type.setCurrentIndex(calc.meld_type.findData("pon"))
    calc.meld_from.setCurrentIndex(0)
    calc.add_meld_button.click()
    assert calc.melds == [{"type": "pon", "tiles": "777z", "from": calc.meld_from.itemData(0)}]
    assert calc.meld_list.count() == 1 and calc.meld_edit.text() == ""
    calc.hand_edit.setText("234m678p345s11s")
    calc.win_edit.setText("1s")
    assert scored(calc)["valid"] and [i["key"] for i in scored(calc)["items"]] == ["chun"]
    assert cli_score(calc.situation(), tmp_path, capsys) == scored(calc)
    calc.target_buttons["dora"].setChecked(True)
    calc.add_face(TileFace(32))
    assert calc.dora_edit.text() == "6z"
    assert any(i["key"] == "dora" and i["value"] == 3 for i in scored(calc)["items"])
    calc.meld_list.setCurrentRow(0)
    calc.remove_meld_button.click()
    assert calc.melds == [] and not scored(calc)["valid"]


def test_an_invalid_hand_says_why(calc) -> None:  # type: ignore[no-untyped-def]
    calc.hand_edit.setText("123m456p789s1122z")
    calc.win_edit.setText("2z")
    assert not scored(calc)["valid"]
    assert "Not a valid win" in calc.result_view.toPlainText()
    calc.hand_edit.setText("12x")
    assert not scored(calc)["valid"] and "notation" in scored(calc)["reason"]
    calc.clear()
    assert scored(calc) == {} and calc.hand_edit.text() == ""


def test_sichuan_with_a_kan_and_a_flag(calc, tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    calc.picker.set_family("sichuan")
    assert calc.family == "sichuan" and len(palette_faces("sichuan")) == 27
    assert set(calc.flag_boxes) == {
        "gang_shang_hua",
        "gang_shang_pao",
        "qiang_gang",
        "hai_di",
        "tian_hu",
        "di_hu",
    }
    assert calc.picker.ruleset() == "sichuan-xuezhan"
    calc.add_meld("closed_kan", "2222p")
    calc.hand_edit.setText("123m456m789p55m")
    calc.win_edit.setText("5m")
    calc.win_tsumo.setChecked(True)
    calc.flag_boxes["gang_shang_hua"].setChecked(True)
    result = scored(calc)
    keys = [i["key"] for i in result["items"]]
    assert result["valid"] and {"gen", "gang_shang_hua", "zi_mo"} <= set(keys)
    assert cli_score(calc.situation(), tmp_path, capsys) == result
    assert calc.picker.set_ruleset("sichuan-chengdu")
    assert scored(calc)["model"] == "points"
    assert cli_score(calc.situation(), tmp_path, capsys) == scored(calc)


def test_lingxi_with_caishen_flowers_and_a_non_winner(calc, tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    calc.picker.set_family("lingxi")
    assert not calc.win_none.isHidden() and not calc.wild_field.isHidden()
    calc.target_buttons["wild"].setChecked(True)
    calc.add_face(TileFace(2))
    calc.add_face(TileFace(15))
    assert calc.wild_edit.text() == "3m7p"
    calc.target_buttons["flowers"].setChecked(True)
    calc.add_face(TileFace(34))
    calc.add_face(TileFace(38))
    assert calc.flowers_edit.text() == "15f"
    calc.add_meld("pon", "777z", 2)
    calc.hand_edit.setText("3m45m789p234p567s55m")
    calc.win_edit.setText("5m")
    calc.win_tsumo.setChecked(True)
    result = scored(calc)
    keys = [i["key"] for i in result["items"]]
    assert result["valid"] and {"caishen", "dragon_pon", "flowers_season", "flowers_plant", "zi_mo"} <= set(
        keys
    )
    assert cli_score(calc.situation(), tmp_path, capsys) == result
    assert calc.hand_strip.states[0] & calc.hand_strip.states[0].WILD
    calc.win_none.setChecked(True)
    calc.hand_edit.setText("3m45m789p234p567s5m")
    assert calc.situation()["win"] is None
    assert scored(calc)["kind"] == "base"
    assert cli_score(calc.situation(), tmp_path, capsys) == scored(calc)


def test_tile_strip_hit_testing(qtbot) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtCore import QPoint

    strip = TileStrip(tile_w=20, tile_h=28)
    qtbot.addWidget(strip)
    strip.set_faces([TileFace(0), TileFace(1), TileFace(2)], gaps=[0, 0, 10])
    assert strip.index_at(QPoint(5, 5)) == 0
    assert strip.index_at(QPoint(27, 5)) == 1
    assert strip.index_at(QPoint(46, 5)) is None  # in the gap
    assert strip.index_at(QPoint(56, 5)) == 2
    with qtbot.waitSignal(strip.clicked) as blocker:
        qtbot.mouseClick(strip, Qt.MouseButton.LeftButton, pos=QPoint(27, 5))
    assert blocker.args == [1]


def test_the_palette_follows_the_ruleset_red_fives(calc) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtWidgets import QToolButton

    assert calc.picker.set_ruleset("riichi-club")  # no red fives
    faces = palette_faces("riichi", calc.rules())
    assert len(faces) == 34 and not any(f.red for f in faces)
    assert len(calc.palette_box.findChildren(QToolButton)) == 34
    assert calc.picker.set_ruleset("riichi-online")
    assert len(calc.palette_box.findChildren(QToolButton)) == 37


def test_every_tile_field_draws_its_tiles_and_the_notation_is_a_switch(calc, qtbot) -> None:  # type: ignore[no-untyped-def]
    """Tiles are drawn in every field (a right-click removes one); the mpsz fields and the line for
    ``tilehouse score`` show only when the player asks for the text notation."""
    assert calc.hand_edit.isHidden() and calc.dora_edit.isHidden() and calc.json_row.isHidden()
    calc.target_buttons["dora"].setChecked(True)
    calc.add_face(TileFace(32))
    calc.add_face(TileFace(4, True))
    assert calc.dora_field.strip.faces == [TileFace(32), TileFace(4, True)]
    calc.dora_field.strip.right_clicked.emit(0)
    assert calc.dora_edit.text() == "0m" and calc.dora_field.strip.faces == [TileFace(4, True)]
    calc.notation_box.setChecked(True)
    assert not calc.hand_edit.isHidden() and not calc.dora_edit.isHidden() and not calc.json_row.isHidden()
    calc.dora_edit.setText("xyz")
    assert calc.dora_field.strip.faces == []
    calc.notation_box.setChecked(False)
    assert calc.hand_edit.isHidden() and calc.meld_edit.isHidden() and calc.win_edit.isHidden()


@pytest.mark.parametrize(
    ("family", "hand", "win", "extra", "key"),
    [
        ("riichi", "123m456p789s2233z", "2z", {}, "hand_size"),
        ("riichi", "123m456p789s11234z", "3z", {}, "not_complete"),
        ("sichuan", "123m456p789s1122m", "2m", {}, "three_suits"),
        ("lingxi", "123m456p789s123m11p22s", "2s", {"wild": "3m7p"}, "hand_size"),
        ("lingxi", "123m456p789s123m11p22s5s", "2s", {"wild": "3m7p"}, "not_complete"),
    ],
)
def test_why_a_hand_is_not_a_win_is_said_in_the_players_language(
    qtbot, family: str, hand: str, win: str, extra: dict[str, str], key: str
) -> None:  # type: ignore[no-untyped-def]
    from desktop import i18n
    from desktop.calculator import result_html
    from engine.situation import REASON_KEYS, score_situation

    result = score_situation({"variant": family, "hand": hand, "win_tile": win, "win": "ron", **extra})
    assert not result["valid"] and result["reason_key"] == key and key in REASON_KEYS
    try:
        i18n.install("zh_CN")
        html = result_html(result, family)
    finally:
        i18n.install("en")
    assert result["reason"] not in html and not re.search(r"[A-Za-z]{3,}", re.sub(r"<[^>]+>|&\w+;", "", html))
    if key == "hand_size":
        assert str(result["reason_args"]["held"]) in html and str(result["reason_args"]["needed"]) in html


@pytest.mark.parametrize(("language", "word"), [("en", "Kita (north dora)"), ("zh_CN", "拔北宝牌")])
def test_norths_set_aside_are_an_input_of_sanma_and_their_own_item(  # type: ignore[no-untyped-def]
    calc, tmp_path, capsys, language, word
) -> None:
    from desktop import i18n

    assert calc.picker.set_ruleset("riichi-online")  # four players: no norths to set aside
    assert calc.nuki.isHidden() and "nuki" not in calc.situation()
    assert calc.picker.set_ruleset("riichi-sanma-tenhou")
    assert not calc.nuki.isHidden()
    calc.hand_edit.setText("123p456p789s123s99p")
    calc.win_edit.setText("9p")
    calc.win_tsumo.setChecked(True)
    calc.flag_boxes["riichi"].setChecked(True)
    calc.dora_edit.setText("4p")
    calc.seat.setCurrentIndex(calc.seat.findData(1))
    calc.nuki.setValue(2)
    result = scored(calc)
    situation = json.loads(calc.json_line.text())
    assert situation["nuki"] == 2 and cli_score(situation, tmp_path, capsys) == result
    items = {i["key"]: i["value"] for i in result["items"]}
    assert result["valid"] and items["dora"] == 1 and items["kita"] == 2
    i18n.install(language)
    try:
        calc.recompute()
        scored(calc)
        html = calc.result_view.toHtml()
    finally:
        i18n.install("en")
    assert word in html
    assert calc.picker.set_ruleset("riichi-online")
    assert calc.nuki.isHidden() and "nuki" not in calc.situation()


def test_scoring_runs_off_the_ui_thread_and_the_latest_edit_wins(calc, qtbot, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A slow score (the first riichi score loads the tables) never blocks the window: it runs on a
    thread of its own, one at a time; edits made meanwhile are scored once it answers, and only the
    latest situation's score is shown, after a "Scoring…" notice."""
    import threading

    import desktop.calculator as calculator

    release = threading.Event()
    scored_hands: list[tuple[str, bool]] = []

    def slow_score(situation: dict[str, Any]) -> dict[str, Any]:
        scored_hands.append((situation["hand"], threading.current_thread() is threading.main_thread()))
        release.wait(10)
        return {"valid": False, "reason": "hand " + situation["hand"]}

    monkeypatch.setattr(calculator, "score_situation", slow_score)
    calc.hand_edit.setText("123m")
    calc.hand_edit.setText("123m456m")
    calc.hand_edit.setText("123m456m789m")
    assert calc.busy and calc.score == {}
    qtbot.waitUntil(lambda: "Scoring…" in calc.result_view.toPlainText(), timeout=5000)
    release.set()
    assert scored(calc) == {"valid": False, "reason": "hand 123m456m789m"}
    # the first edit was being scored; the two made meanwhile were scored once, as the latest stood
    assert scored_hands == [("123m", False), ("123m456m789m", False)]
    assert "hand 123m456m789m" in calc.result_view.toPlainText()
    calc.clear()
    assert not calc.busy and calc.score == {}


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_the_calculator_fits_a_1024x700_screen_for_every_family(qtbot, language: str) -> None:  # type: ignore[no-untyped-def]
    """On a small screen the inputs scroll up and down (never sideways) and the score stays in view:
    whatever the family, the window's smallest size fits 1024×700 with room for a window frame."""
    from desktop import i18n
    from engine.families.registry import family_names

    fonts.load()
    i18n.install(language)
    try:
        calc = Calculator()
        qtbot.addWidget(calc)
        calc.resize(1024 - 24, 700 - 48)
        calc.show()
        for family in family_names():
            calc.picker.set_family(family)
            qtbot.wait(30)  # the inputs' column is fitted once Qt has laid them out
            least = calc.minimumSizeHint()
            assert least.width() <= 1024 - 24 and least.height() <= 700 - 48, (family, least)
            assert calc.form_scroll.minimumWidth() >= calc.form.minimumSizeHint().width(), family
            assert calc.result_view.isVisible() and calc.result_view.width() >= 260, family
            # the win buttons say self-drawn; no flag says it again
            assert "zi_mo" not in calc.flag_boxes, family
        # a full Lingxi hand (17 tiles) draws its tiles smaller rather than push the inputs sideways
        calc.picker.set_family("lingxi")
        calc.hand_edit.setText("123456789m123p456s77p")
        qtbot.wait(30)
        assert calc.form.width() <= calc.form_scroll.viewport().width()
        assert calc.hand_strip.index_at(QPoint(int(calc.hand_strip._x(16)) + 2, 10)) == 16
    finally:
        i18n.install("en")
