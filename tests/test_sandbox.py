"""The practice sandbox (pytest-qt, offscreen): a practice game from the dock, each tool through the UI,
the game marked as practised, and the tools refused in a normal game."""

from __future__ import annotations

import pytest

pytest.importorskip("pytestqt")

from desktop.sandbox import SandboxDock
from desktop.storage import Setup
from engine.game.actions import ActionType
from engine.rules import default_ruleset
from engine.tiles import kind_of

A = ActionType
WAIT = 20000


@pytest.fixture
def window(main_window):  # type: ignore[no-untyped-def]
    return main_window(size=(1400, 850))


def my_turn(qtbot, w) -> None:  # type: ignore[no-untyped-def]
    """Play on (passing claims) until the person must discard, and the dock knows it."""
    for _ in range(200):
        qtbot.waitUntil(
            lambda: w.snap is not None and bool(w.snap.legal) and w.controller.idle(), timeout=WAIT
        )
        if any(a.type is A.DISCARD for a in w.snap.legal):
            break
        w.send(next(a for a in w.snap.legal if a.type is A.PASS))
    dock = w.tools.find(SandboxDock)
    qtbot.waitUntil(lambda: bool(dock.state.get("options")) and w.controller.idle(), timeout=WAIT)


def game(w):  # type: ignore[no-untyped-def]
    return w.controller.worker.session.game


def test_the_tools_in_a_practice_game(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    dock = window.tools.sandbox()
    assert isinstance(dock, SandboxDock) and dock.isVisible()
    assert window.tools.sandbox() is dock
    dock.start_practice_game("riichi", seed="sandbox1")
    my_turn(qtbot, window)
    g = game(window)
    assert g.practice and not g.practice_used
    assert dock.tools.isEnabled() and "practice game" in dock.status.text().lower()

    # 顺风耳: the next draw
    hand = g.hand
    live = hand.wall.live_positions()
    coming = hand.wall.tiles[live[0]]
    dock.peek()
    qtbot.waitUntil(lambda: "next draw" in dock.last_answer, timeout=WAIT)
    assert dock.answer_tiles.faces[0].kind == kind_of(coming)

    # 偷天换日: a chosen hand tile for a chosen wall kind
    my_turn(qtbot, window)
    dock._hand_clicked(0)
    out = dock.chosen_hand_tile
    kinds = sorted({kind_of(t) for t in dock.state["options"]["wall"]})
    dock._wall_clicked(len(kinds) - 1)
    wanted = dock.chosen_wall_kind
    assert dock.swap_button.isEnabled()
    dock.swap_button.click()
    qtbot.waitUntil(lambda: "Swapped" in dock.last_answer, timeout=WAIT)
    my_turn(qtbot, window)
    player = game(window).hand.players[0]
    assert out not in player.hand and any(kind_of(t) == wanted for t in player.hand)
    assert game(window).practice_used
    qtbot.waitUntil(lambda: dock.state.get("used"), timeout=WAIT)
    assert "left out of the statistics" in dock.status.text()

    # 移花接木: a random wall tile
    dock._hand_clicked(1)
    before = list(game(window).hand.players[0].hand)
    dock.random_button.click()
    qtbot.waitUntil(lambda: list(game(window).hand.players[0].hand) != before, timeout=WAIT)

    # 千里眼: where the copies of a kind lie
    my_turn(qtbot, window)
    dock._wall_clicked(0)
    dock.locate_button.click()
    qtbot.waitUntil(lambda: "千里眼" in dock.last_answer, timeout=WAIT)

    # 乾坤大挪移: near seven pairs
    my_turn(qtbot, window)
    swaps = sum(1 for a in game(window).actions if a.type is A.PRACTICE_SWAP)
    dock.near_pattern("pairs")
    qtbot.waitUntil(
        lambda: sum(1 for a in game(window).actions if a.type is A.PRACTICE_SWAP) > swaps, timeout=WAIT
    )
    # every tool is a logged action of the person's seat: the game saves and replays with them
    from desktop.session import GameSession

    text = window.controller.worker.session.save_text()
    again = GameSession.from_text(text)
    assert again.game.practice_used and len(again.game.actions) == len(game(window).actions)


def test_the_tools_are_off_in_a_normal_game(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    dock = window.tools.sandbox()
    window.start_game(default_ruleset("sichuan"), Setup(human_seat=0), "normal1")
    qtbot.waitUntil(lambda: window.snap is not None and window.controller.idle(), timeout=WAIT)
    dock.refresh()
    qtbot.waitUntil(lambda: "family" in dock.state, timeout=WAIT)
    assert not dock.state["practice"] and not dock.tools.isEnabled()
    assert "not a practice game" in dock.status.text()
    from engine.game.actions import Action

    window.controller.human_action(Action(0, A.PRACTICE_PEEK))
    qtbot.waitUntil(lambda: "practice tools are off" in window.last_refusal, timeout=WAIT)
    assert not game(window).practice_used
