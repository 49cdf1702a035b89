"""The practice sandbox beside the table (pytest-qt, offscreen): its content fits the dock without
scroll bars in both languages, rows of tiles wrap instead of shrinking, and opening it leaves the
table's scale — and the hand's tiles — as they were (the window grows, or the dock floats)."""

from __future__ import annotations

import pytest

pytest.importorskip("pytestqt")

from desktop import i18n
from desktop.sandbox import DOCK_WIDTH, SandboxDock
from engine.game.actions import ActionType

A = ActionType
WAIT = 20000


def _my_turn(qtbot, w, dock) -> None:  # type: ignore[no-untyped-def]
    for _ in range(200):
        qtbot.waitUntil(
            lambda: w.snap is not None and bool(w.snap.legal) and w.controller.idle(), timeout=WAIT
        )
        if any(a.type is A.DISCARD for a in w.snap.legal):
            break
        w.send(next(a for a in w.snap.legal if a.type is A.PASS))
    qtbot.waitUntil(lambda: bool(dock.state.get("options")) and w.controller.idle(), timeout=WAIT)


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_the_dock_fits_and_the_table_keeps_its_size(qtbot, main_window, language, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    w = main_window(size=(1024, 700), language=language)
    try:
        monkeypatch.setattr(SandboxDock, "screen_room", lambda self, window: 0)  # a full screen
        scale = w.view.transform().m11()
        dock = w.tools.sandbox()
        dock.start_practice_game("lingxi", seed="fit1")  # 17 tiles: the widest hand
        _my_turn(qtbot, w, dock)
        assert dock.isFloating() and w.view.transform().m11() == pytest.approx(scale)
        assert all(item.w == w.scene.hand_items[0].w for item in w.scene.hand_items)
        qtbot.wait(50)
        assert dock.width() == DOCK_WIDTH
        assert not dock.scroll_area.verticalScrollBar().isVisible()
        assert not dock.scroll_area.horizontalScrollBar().isVisible()
        hand = dock.hand_strip
        assert len(hand.faces) >= 16 and hand.tile_w == 24  # wrapped, not shrunk
        assert hand.heightForWidth(hand.width()) > hand.tile_h * 1.5
        for widget in (dock.swap_button, dock.random_button, dock.locate_button, dock.peek_button):
            assert widget.fontMetrics().horizontalAdvance(widget.text()) + 16 <= widget.width(), widget.text()
        dock.hide()
    finally:
        i18n.install("en")


def test_with_room_on_the_screen_the_window_grows_by_the_dock(qtbot, main_window, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    w = main_window(size=(1100, 720))
    monkeypatch.setattr(SandboxDock, "screen_room", lambda self, window: 2000)
    width, view = w.width(), w.view.width()
    dock = w.tools.sandbox()
    qtbot.waitUntil(lambda: w.width() > width, timeout=WAIT)
    assert not dock.isFloating() and w.width() == width + DOCK_WIDTH + 6
    qtbot.waitUntil(lambda: abs(w.view.width() - view) <= 8, timeout=WAIT)
    dock.close()
    qtbot.waitUntil(lambda: w.width() == width, timeout=WAIT)
