"""The replay viewer, the review beside the strong AI and the export, in the window (issue 16).

Every record format the engine reads is opened in the viewer and stepped through with the keys, the
buttons and the slider; at each position the table scene must draw the engine's Replayer observation
of that position (or, under a settlement, the table as the hand ended and that hand's report). The
review runs on another thread and its rows move the viewer; bad files are one line in a message box;
the Game menu's export writes files the engine reads back, and is disabled with the engine's reason
for a game the formats cannot hold.
"""

from __future__ import annotations

import json
import threading
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from desktop.session import GameSession, Setup
from engine.agents.simple import SimpleAgent
from engine.game.game import Game
from engine.game.log import log_lines
from engine.game.play import play_match
from engine.records.formats import load_game
from engine.records.stepper import Replayer
from engine.rules import default_ruleset
from engine.rules.store import load_ruleset
from tests.mjlog_writer import mjlog

WAIT = 30000
FORMATS = ("save", "tilehouse", "tenhou6", "mjai", "mjlog")


def played(family: str = "riichi", hands: int = 2, seed: str = "viewer") -> Game:
    rules = load_ruleset("riichi-online") if family == "riichi" else default_ruleset(family)
    game = Game(rules, seed=seed)
    play_match(game, [SimpleAgent(f"{seed}:{s}") for s in range(len(game.match.scores))], max_hands=hands)
    return game


def write_record(game: Game, fmt: str, folder: Path) -> Path:
    from desktop.record_menu import export_text

    if fmt == "save":
        path = folder / "game.thsave"
        GameSession(game, Setup(human_seat=1)).save(path)
    elif fmt == "tilehouse":
        path = folder / "game.log"
        path.write_text("\n".join(log_lines(game)) + "\n", encoding="utf-8")
    elif fmt == "mjlog":
        path = folder / "game.mjlog"
        path.write_text(mjlog(game), encoding="utf-8")
    else:
        path = folder / f"game.{fmt}"
        path.write_text(export_text(game, fmt, ["Aki", "Bo", "Chen", "Dai"]), encoding="utf-8")
    return path


def outcome(game: Game) -> list[Any]:
    """What each hand came to: its kind, each win's seat, points, han and fu, the payments."""
    out = []
    for r in game.results:
        data = r.to_json()
        wins = [(w["seat"], w["points"], w["han"], w["fu"]) for w in data["wins"]]
        out.append((data["kind"], wins, data["payments"]))
    return out


def played_faces(game: Game) -> list[tuple[Any, ...]]:
    """Every action but the passes, by seat, type and face (an export names faces, not copies)."""
    from engine.game.actions import ActionType
    from engine.tiles import kind_of

    return [
        (a.seat, a.type, kind_of(a.tile) if a.tile is not None else None)
        for a in game.actions
        if a.type is not ActionType.PASS
    ]


@pytest.fixture
def viewer(qtbot, monkeypatch):  # type: ignore[no-untyped-def]
    from desktop import fonts
    from desktop.viewer import ViewerWindow

    fonts.load()
    made: list[Any] = []

    def make() -> Any:
        w = ViewerWindow()
        w.warnings = []
        monkeypatch.setattr(w, "warn", lambda title, text: w.warnings.append(text))
        qtbot.addWidget(w)
        w.resize(1440, 900)
        w.show()
        made.append(w)
        return w

    yield make
    from desktop.background import wait_all

    wait_all()


def open_file(qtbot, w, path: Path) -> None:  # type: ignore[no-untyped-def]
    with qtbot.waitSignal(w.opened, timeout=WAIT):
        w.open_path(path)


def check_table(w: Any, reference: Replayer) -> None:
    """The scene draws the reference replayer's observation at the viewer's position."""
    position = w.record.replayer.position
    reference.goto(position)
    model = w.scene.model
    report = reference.finished_report()
    if w.settled:
        assert report is not None and w.settlement.isVisible()
        assert w.settlement.report == report
        reference.goto(position - 1)  # the table as the hand ended
    else:
        assert not w.settlement.isVisible()
    expected = reference.open_observation() if w.open_table else reference.observation(w.seat)
    assert model.obs == expected
    assert model.viewer == w.seat
    # what is drawn: the bottom hand holds the seat's tiles, face up
    bottom = next(s for s in w.scene.table.seats if s.seat == w.seat)
    drawn = sorted(p.tile for p in bottom.hand if p.tile is not None)
    hand = expected.seats[w.seat].hand
    if hand is not None and not w.settled:
        assert drawn == sorted(hand)
    if w.open_table and not w.settled:
        for seat in w.scene.table.seats:
            sv = expected.seats[seat.seat]
            if sv.hand:
                assert sorted(p.tile for p in seat.hand if p.tile is not None) == sorted(sv.hand)


@pytest.mark.parametrize("fmt", FORMATS)
def test_every_format_opens_and_steps_with_the_replayers_observation(
    qtbot, viewer, tmp_path: Path, fmt: str
) -> None:  # type: ignore[no-untyped-def]
    game = played()
    path = write_record(game, fmt, tmp_path)
    w = viewer()
    open_file(qtbot, w, path)
    replayer = w.record.replayer
    assert len(replayer) == len(Replayer.from_game(load_game(path).game if fmt != "save" else game))
    reference = Replayer.from_game(game)
    # imported logs rebuild the walls from the draws: the same game up to which copy each tile was;
    # compare with the engine's own replayer of the file
    if fmt not in ("save", "tilehouse"):
        reference = Replayer.from_game(load_game(path).game)
    assert w.seat == (1 if fmt == "save" else 0)  # a save opens from the person's seat
    check_table(w, reference)
    keys = [Qt.Key.Key_Right] * 3 + [Qt.Key.Key_Down] * 2 + [Qt.Key.Key_Left, Qt.Key.Key_Up]
    for key in keys:
        before = w.record.replayer.position
        QTest.keyClick(w, key)
        check_table(w, reference)
        if key == Qt.Key.Key_Right:
            assert w.record.replayer.position == before + 1
    # by turn: the next position where a seat acts on its own turn
    turns = reference.turns()
    here = w.record.replayer.position
    QTest.keyClick(w, Qt.Key.Key_Down)
    assert w.record.replayer.position == min(p for p in turns if p > here)
    # by hand: PgDn to the next deal, with no settlement over it; PgUp back
    QTest.keyClick(w, Qt.Key.Key_PageDown)
    assert w.record.replayer.position == reference.hands[1].position and not w.settled
    check_table(w, reference)
    QTest.keyClick(w, Qt.Key.Key_PageUp)
    assert w.record.replayer.position == 0
    # the last action of the first hand: its settlement over the table as it ended
    w.slider.setValue(reference.hands[1].position - 1)
    check_table(w, reference)
    qtbot.mouseClick(w.buttons["forward"], Qt.MouseButton.LeftButton)
    assert w.settled and w.settlement.isVisible()
    check_table(w, reference)
    assert w.hand_combo.currentIndex() == 0  # the hand that ended
    qtbot.mouseClick(w.settlement.next_button, Qt.MouseButton.LeftButton)  # the next deal
    assert not w.settled and w.hand_combo.currentIndex() == 1
    check_table(w, reference)
    # another seat's view, then the open table
    w.seat_combo.activated.emit(2)
    assert w.seat == 2
    check_table(w, reference)
    w.open_check.setChecked(True)
    w.slider.setValue(reference.hands[1].position + 9)
    check_table(w, reference)
    QTest.keyClick(w, Qt.Key.Key_End)
    assert w.record.replayer.position == len(reference)
    check_table(w, reference)
    QTest.keyClick(w, Qt.Key.Key_Home)
    assert w.record.replayer.position == 0
    assert w.warnings == []


def test_the_analysis_is_the_engines_for_the_bottom_seat(qtbot, viewer, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    from desktop.panels import as_blocks, practice_lines
    from desktop.viewer import seat_names

    game = played()
    w = viewer()
    open_file(qtbot, w, write_record(game, "tilehouse", tmp_path))
    replayer = w.record.replayer
    position = next(p for p in replayer.turns() if p > 8 and replayer.steps[p].seat == 2)
    w.set_seat(2)
    w.goto(position)
    analysis = replayer.analysis(2)
    lines = practice_lines(analysis, seat_names(w.record), 4, "japanese")
    assert w.analysis_label.text() == as_blocks(lines)


BAD_FILES = {
    "empty.json": b"",
    "garbage.log": b"\x00\x01\x02 not a record",
    "broken.json": b'{"title": ["x"], "name": ["a", "b", "c", "d"], "rule": {"aka": 1}, "log": [[[0, 0, 0]',
    "hidden.mjson": b'{"type":"start_game","names":["a","b","c","d"]}\n'
    b'{"type":"start_kyoku","bakaze":"E","dora_marker":"1m","kyoku":1,"honba":0,"kyotaku":0,"oya":0,'
    b'"scores":[25000,25000,25000,25000],"tehais":[["?","?","?","?","?","?","?","?","?","?","?","?","?"],'
    b'["?","?","?","?","?","?","?","?","?","?","?","?","?"],["?","?","?","?","?","?","?","?","?","?","?","?","?"],'
    b'["?","?","?","?","?","?","?","?","?","?","?","?","?"]]}\n',
    "doctype.mjlog": b'<!DOCTYPE x [<!ENTITY a "b">]><mjloggm/>',
    "bad.thsave": b'{"format": "tilehouse-save", "version": 1, "checksum": "0"}\n{"log": "tilehouse"}\n',
}


def test_a_bad_file_is_one_line_in_a_message_and_the_open_record_stays(qtbot, viewer, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    game = played(hands=1)
    w = viewer()
    good = write_record(game, "tenhou6", tmp_path)
    open_file(qtbot, w, good)
    before = w.record
    w.goto(7)
    paths = []
    for name, data in BAD_FILES.items():
        path = tmp_path / name
        path.write_bytes(data)
        paths.append(path)
    paths.append(tmp_path)  # a folder
    paths.append(tmp_path / "missing.json")
    for path in paths:
        with qtbot.waitSignal(w.open_failed, timeout=WAIT):
            w.open_path(path)
        assert w.record is before and w.record.replayer.position == 7
    assert len(w.warnings) == len(paths)
    for text in w.warnings:
        assert "\n" not in text and len(text) < 400, text
        assert "Traceback" not in text
    assert any("hidden tile" in t for t in w.warnings)
    assert w.isVisible()


def test_the_review_runs_off_the_ui_thread_and_its_rows_jump(
    qtbot, viewer, tmp_path: Path, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    import engine.records.review as review_module
    from desktop.review import ordered

    threads: list[int] = []
    real = review_module.review_game

    def spy(game: Game, seat: int, **kw: Any) -> Any:
        threads.append(threading.get_ident())
        return real(game, seat, **kw)

    monkeypatch.setattr(review_module, "review_game", spy)
    game = played()
    w = viewer()
    open_file(qtbot, w, write_record(game, "mjai", tmp_path))
    with qtbot.waitSignal(w.review.reviewed, timeout=WAIT):
        task = w.review.start(3)
        assert task is not None and w.review.running()
        assert not w.review.button.isEnabled()
    assert threads and threads[0] != threading.get_ident()
    review = w.review.result
    assert review is not None and review.seat == 3
    rows = w.review.rows
    assert rows == ordered(review) and rows, "some decision differs from the strong AI"
    assert [d.severity for d in rows] == sorted((d.severity for d in rows), reverse=True)
    assert all(not d.agrees for d in rows)
    assert w.review.tree.count() == len(rows)
    for row in (0, len(rows) - 1):
        item = w.review.tree.item(row)
        rect = w.review.tree.visualItemRect(item)
        w.review.tree.scrollToItem(item)
        rect = w.review.tree.visualItemRect(item)
        qtbot.mouseClick(w.review.tree.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
        d = rows[row]
        assert w.record.replayer.position == d.position and w.seat == 3
        step = w.record.replayer.step_at(d.position)
        assert step is not None and step.action == d.played
        assert w.scene.model.obs == w.record.replayer.observation(3)
        if d.suggested.tile is not None:
            assert w.scene.model.hint == d.suggested.tile
        assert w.review.detail.text()
    # a new record drops a review still running
    w.review.start(0)
    open_file(qtbot, w, write_record(game, "tilehouse", tmp_path))
    qtbot.waitUntil(lambda: __import__("desktop.background").background.running() == 0, timeout=WAIT)
    assert w.review.result is None and w.review.rows == []


def test_the_game_menu_opens_reviews_and_exports_the_table_game(
    qtbot, main_window, tmp_path: Path, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtWidgets import QFileDialog

    game = played(hands=2, seed="menu")
    save = tmp_path / "table.thsave"
    GameSession(game, Setup(human_seat=0, levels=["simple"] * 4)).save(save)
    w = main_window(size=(1280, 800))
    menu = w.records
    menu.refresh()
    assert not menu.act_export["tenhou6"].isEnabled()  # no game on the table yet
    assert menu.act_export["tenhou6"].toolTip()
    w.load_path(save)
    qtbot.waitUntil(lambda: w.snap is not None and w.snap.actions == len(game.actions), timeout=WAIT)
    menu.refresh()
    assert menu.act_review.isEnabled() and menu.act_export["mjai"].isEnabled()
    # export both formats: the engine reads the files back to the same finished hands
    for fmt, name in (("tenhou6", "out.json"), ("mjai", "out.mjson")):
        target = tmp_path / name
        monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, t=target, **k: (str(t), ""))
        count = len(menu.exported)
        menu.act_export[fmt].trigger()
        qtbot.waitUntil(lambda c=count: len(menu.exported) > c, timeout=WAIT)
        assert menu.exported[-1] == target
        back = load_game(target)
        assert back.same_result
        assert outcome(back.game) == outcome(game)  # the same copies of each face need not come back
        assert played_faces(back.game) == played_faces(game)  # no log holds a pass
    # review my play: the table's game in the viewer, the person's seat reviewed off the UI thread
    menu.act_review.trigger()
    qtbot.waitUntil(lambda: menu._viewer is not None and menu._viewer.record is not None, timeout=WAIT)
    v = menu._viewer
    # the table's game as it stands (the AI seats may have played on into the next hand since)
    assert v.record.format == "table" and v.record.replayer.actions[: len(game.actions)] == game.actions
    qtbot.waitUntil(lambda: v.review.result is not None, timeout=WAIT)
    assert v.review.result.seat == 0
    # open a record through the menu
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(tmp_path / "out.json"), ""))
    with qtbot.waitSignal(v.opened, timeout=WAIT):
        menu.act_open.trigger()
    assert v.record.format == "tenhou.net/6"
    v.close()


@pytest.mark.parametrize("family", ["sichuan", "lingxi"])
def test_export_is_disabled_with_the_engines_reason_for_other_families(
    qtbot, main_window, tmp_path: Path, family: str
) -> None:  # type: ignore[no-untyped-def]
    from desktop.record_menu import export_state, refusal_text
    from engine.records.mjai import game_export_refusal

    game = played(family, hands=1, seed="fam")
    save = tmp_path / "table.thsave"
    GameSession(game, Setup(human_seat=0, levels=["simple"] * 4)).save(save)
    w = main_window(size=(1280, 800))
    w.load_path(save)
    qtbot.waitUntil(lambda: w.snap is not None, timeout=WAIT)
    w.records.refresh()
    problem = game_export_refusal(game)
    assert problem is not None and problem.key == "export.not_riichi"
    for act in w.records.act_export.values():
        assert not act.isEnabled() and act.toolTip() == refusal_text(problem)
    assert export_state(game) == (False, refusal_text(problem))
    assert w.records.act_review.isEnabled()  # the review works in every family


@pytest.mark.parametrize("family", ["sichuan", "lingxi"])
def test_the_viewer_and_review_in_the_chinese_families(qtbot, viewer, tmp_path: Path, family: str) -> None:  # type: ignore[no-untyped-def]
    game = played(family, hands=1, seed="cn")
    w = viewer()
    open_file(qtbot, w, write_record(game, "tilehouse", tmp_path))
    reference = Replayer.from_game(game)
    for _ in range(6):
        QTest.keyClick(w, Qt.Key.Key_Down)
        check_table(w, reference)
    assert not w.act_export_mjai.isEnabled() and w.act_export_mjai.toolTip()
    with qtbot.waitSignal(w.review.reviewed, timeout=WAIT):
        w.review.start(0)
    if w.review.rows:
        w.review.jump(0)
        assert w.record.replayer.position == w.review.rows[0].position


def test_export_from_the_viewer_writes_what_the_engine_reads(
    qtbot, viewer, tmp_path: Path, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtWidgets import QFileDialog

    game = played(seed="viewer export")
    w = viewer()
    open_file(qtbot, w, write_record(game, "mjlog", tmp_path))
    target = tmp_path / "again.json"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(target), ""))
    w.act_export_tenhou6.trigger()
    data = json.loads(target.read_text(encoding="utf-8"))
    assert len(data["log"]) == len(game.results)
    back = load_game(target)
    assert back.same_result and len(back.game.actions) == len(w.record.game.actions)
