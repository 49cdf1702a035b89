"""The table through the UI (pytest-qt, offscreen): discards by drag, click and keyboard, refusals, claims,
full hands to the settlement, save and resume, corrupted saves, undo."""

from __future__ import annotations

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtCore import QPointF, Qt

from desktop.dialogs import playable_families
from desktop.session import Setup, autosave_path
from desktop.settings import Settings
from desktop.table import DROP_LINE, HandTile
from desktop.window import MainWindow
from engine.agents.simple import SimpleAgent
from engine.game.actions import ActionType
from engine.rules import default_ruleset
from tests.desktop_helpers import chi_choice, click_item, drag_item, find_state, save_game

A = ActionType
WAIT = 15000


@pytest.fixture
def window(main_window):  # type: ignore[no-untyped-def]
    return main_window()


def wait_human(qtbot, w) -> None:  # type: ignore[no-untyped-def]
    qtbot.waitUntil(lambda: w.snap is not None and bool(w.snap.legal) and w.controller.idle(), timeout=WAIT)


def wait_turn(qtbot, w) -> None:  # type: ignore[no-untyped-def]
    """Play on (passing claims) until the human must discard."""
    for _ in range(200):
        wait_human(qtbot, w)
        if any(a.type is A.DISCARD for a in w.snap.legal):
            return
        w.send(next(a for a in w.snap.legal if a.type is A.PASS))
    raise AssertionError("never the human's turn")


def own_discards(w) -> list[int]:  # type: ignore[no-untyped-def]
    return [d.tile for d in w.snap.obs.seats[0].discards]


def start(w, seed: str = "ui1", family: str = "riichi", **setup) -> None:  # type: ignore[no-untyped-def]
    w.start_game(default_ruleset(family), Setup(human_seat=0, **setup), seed)


def test_click_to_discard(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    start(window)
    wait_turn(qtbot, window)
    item = next(i for i in window.scene.hand_items if i.allowed)
    before = len(own_discards(window))
    click_item(window.view, item)
    qtbot.waitUntil(lambda: len(own_discards(window)) == before + 1, timeout=WAIT)
    assert own_discards(window)[-1] == item.tile


def test_drag_to_discard_and_a_short_drag_snaps_back(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    window.settings.discard_mode = "double"
    window.apply_settings()
    start(window, "ui2")
    wait_turn(qtbot, window)
    item = next(i for i in window.scene.hand_items if i.allowed)
    home = QPointF(item.home)
    # dropped on the hand row: not discarded, back home (and a single click does nothing in double mode)
    drag_item(window.view, item, item.mapToScene(item.boundingRect().center()) + QPointF(30, 0))
    assert item.pos() == home and window.controller.idle() and not own_discards(window)
    click_item(window.view, item)
    qtbot.wait(50)
    assert not own_discards(window)
    tile = item.tile
    drag_item(window.view, item, QPointF(800, DROP_LINE - 200))
    qtbot.waitUntil(lambda: tile in own_discards(window), timeout=WAIT)


def test_keyboard_discard(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    start(window, "ui3")
    wait_turn(qtbot, window)
    window.view.setFocus()
    # the keys go where a player's keys go: to the focused table view, which must pass them on
    qtbot.keyClick(window.view, Qt.Key.Key_Right)
    qtbot.keyClick(window.view, Qt.Key.Key_Right)
    assert window.scene.cursor == 1
    chosen = window.scene.hand_items[window.scene.cursor].tile
    qtbot.keyClick(window.view, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: chosen in own_discards(window), timeout=WAIT)


def test_choosing_a_specific_chi_option_then_a_refused_kuikae_discard(qtbot, window, tmp_path) -> None:  # type: ignore[no-untyped-def]
    game = find_state(chi_choice)
    chis = [a for a in game.legal_actions(0) if a.type is A.CHI]
    window.load_path(save_game(game, tmp_path / "chi.thsave"))
    wait_human(qtbot, window)
    texts = window.claim.button_texts()
    assert sum("Chi" in t for t in texts) == len(chis) >= 2
    assert any("Pass" in t for t in texts)
    target = chis[-1]
    button = window.claim.button_for(lambda p: p == target)
    assert button is not None and not button.icon().isNull()  # each option shows its tiles
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.snap is not None and bool(window.snap.obs.seats[0].melds), timeout=WAIT)
    wait_human(qtbot, window)
    meld = window.snap.obs.seats[0].melds[-1]
    assert sorted(meld.tiles) == sorted([*target.tiles, target.tile])
    refused = [i for i in window.scene.hand_items if not i.allowed]
    if refused:  # kuikae forbids some tiles: the refusal names the reason and nothing changes
        actions = window.snap.actions
        click_item(window.view, refused[0])
        qtbot.wait(50)
        assert "Kuikae" in window.last_refusal or "kuikae" in window.last_refusal
        assert window.snap.actions == actions and refused[0].tile not in own_discards(window)


def test_a_refused_discard_when_it_is_not_your_turn(qtbot, window, tmp_path) -> None:  # type: ignore[no-untyped-def]
    game = find_state(chi_choice)
    window.load_path(save_game(game, tmp_path / "c.thsave"))
    wait_human(qtbot, window)
    actions = window.snap.actions
    item = window.scene.hand_items[0]
    click_item(window.view, item)
    drag_item(window.view, window.scene.hand_items[1], QPointF(800, 300))
    qtbot.wait(50)
    assert window.last_refusal and window.snap.actions == actions


def play_through(qtbot, w) -> None:  # type: ignore[no-untyped-def]
    """Answer every decision through the UI (tiles clicked, panel buttons pressed) to the settlement."""
    agent = SimpleAgent("ui")
    settled: list[bool] = []
    w.hand_settled.connect(lambda: settled.append(True))
    for _ in range(400):
        qtbot.waitUntil(
            lambda: bool(settled) or (w.snap is not None and bool(w.snap.legal) and w.controller.idle()),
            timeout=WAIT,
        )
        if settled:
            return
        action = agent.choose(w.snap.obs, w.snap.legal)
        if action.type is A.DISCARD:
            item = w.scene.hand_tile_at(action.tile)
            assert isinstance(item, HandTile) and item.allowed
            click_item(w.view, item)
        else:
            button = w.claim.button_for(lambda p, a=action: p == a)
            if button is not None:
                qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
            else:
                w.send(action)  # riichi: the panel opens a mode; send the chosen riichi discard
        qtbot.waitUntil(lambda: w.snap.legal == [] or bool(settled), timeout=WAIT)
    raise AssertionError("the hand did not end")


@pytest.mark.parametrize("family", playable_families())
def test_a_full_hand_to_the_settlement(qtbot, window, family) -> None:  # type: ignore[no-untyped-def]
    start(window, "full", family)
    play_through(qtbot, window)
    assert window.settlement.isVisible()
    assert window.settlement.title
    report = window.snap.report
    assert report is not None
    report.check()
    if report.wins:
        assert window.settlement.title.endswith("!")


def test_save_then_resume_gives_the_same_state(qtbot, window, tmp_path) -> None:  # type: ignore[no-untyped-def]
    start(window, "resume")
    wait_turn(qtbot, window)
    path = tmp_path / "named.thsave"
    window.controller.save(path)
    qtbot.waitUntil(lambda: path.is_file(), timeout=WAIT)
    other = MainWindow(Settings(ai_pace=0.0, anim_speed=0.0))
    qtbot.addWidget(other)
    try:
        other.load_path(path)
        qtbot.waitUntil(lambda: other.snap is not None, timeout=WAIT)
        assert other.snap.obs == window.snap.obs
        assert other.snap.legal == window.snap.legal
    finally:
        other.shutdown()


def test_continue_after_a_kill_resumes_from_the_autosave(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    start(window, "kill")
    wait_turn(qtbot, window)
    assert autosave_path().is_file()
    obs = window.snap.obs
    window.controller.stop()  # as good as killed: nothing more is written
    other = MainWindow(Settings(ai_pace=0.0, anim_speed=0.0))
    qtbot.addWidget(other)
    try:
        other.startup()
        assert other.welcome.continue_button.isVisibleTo(other.welcome)
        other.continue_game()
        qtbot.waitUntil(lambda: other.snap is not None, timeout=WAIT)
        assert other.snap.obs == obs
    finally:
        other.shutdown()


def test_a_corrupted_save_is_refused_and_the_old_game_kept(qtbot, window, tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtWidgets import QMessageBox

    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: shown.append(a[2]))
    start(window, "corrupt")
    wait_turn(qtbot, window)
    saved = autosave_path().read_bytes()
    obs = window.snap.obs
    bad = tmp_path / "bad.thsave"
    bad.write_text(saved.decode()[:-40] + "garbage\n", encoding="utf-8")
    window.load_path(bad)
    qtbot.waitUntil(lambda: bool(shown), timeout=WAIT)
    assert "damaged" in shown[0] and "bad.thsave" in shown[0]
    assert window.snap.obs == obs and autosave_path().read_bytes() == saved
    # the old game goes on
    item = next(i for i in window.scene.hand_items if i.allowed)
    click_item(window.view, item)
    qtbot.waitUntil(lambda: item.tile in own_discards(window), timeout=WAIT)


def test_undo_in_practice(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    start(window, "undo", practice=True)
    wait_turn(qtbot, window)
    hand = sorted(window.snap.obs.seats[0].hand or ())
    item = next(i for i in window.scene.hand_items if i.allowed)
    click_item(window.view, item)
    qtbot.waitUntil(lambda: item.tile in own_discards(window), timeout=WAIT)
    wait_human(qtbot, window)
    assert window.snap.can_undo
    window.undo()
    qtbot.waitUntil(lambda: window.snap is not None and not own_discards(window), timeout=WAIT)
    assert sorted(window.snap.obs.seats[0].hand or ()) == hand


def test_practice_panel_shows_shanten(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    window.settings.practice_panel = True
    window.apply_settings()
    start(window, "practice", practice=True)
    wait_turn(qtbot, window)
    assert window.practice.isVisible()
    assert "shanten" in window.practice.text.text().lower() or "tenpai" in window.practice.text.text().lower()


def test_the_table_scales_with_the_window(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    start(window, "scale")
    wait_turn(qtbot, window)
    window.resize(1024, 700)
    qtbot.wait(20)
    small = window.view.transform().m11()
    window.resize(1900, 1200)
    qtbot.wait(20)
    assert window.view.transform().m11() > small


def test_a_tile_chosen_on_another_seats_turn_says_it_is_not_your_turn(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    start(window, "ui5")
    wait_turn(qtbot, window)
    snap = window.snap
    snap.legal = []  # the same table, waiting for another seat
    window.render_snapshot(snap, [])
    item = window.scene.hand_items[0]
    assert not item.allowed
    refusals: list[str] = []
    window.scene.refused.connect(refusals.append)
    window.scene.refuse(item)
    assert refusals == ["It is not your turn."]
