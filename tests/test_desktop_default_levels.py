"""Every game the player starts seats the same AI as the new-game dialog's default (standard): the quick
game and the first practice game too. Saves keep the levels they were played with, old ones included."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("pytestqt")

from desktop import agents, first_run, i18n
from desktop.dialogs import NewGameDialog
from desktop.session import GameSession
from desktop.settings import Settings
from desktop.storage import Setup
from desktop.window import MainWindow
from engine.game.game import Game
from engine.rules import default_ruleset


@pytest.fixture
def window(main_window):  # type: ignore[no-untyped-def]
    return main_window(size=None, show=False, language="en")


@pytest.fixture
def started(window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> list[tuple[Any, Setup]]:
    """The games the window is asked to start (not started: only the choice is checked)."""
    calls: list[tuple[Any, Setup]] = []
    monkeypatch.setattr(window, "start_game", lambda rules, setup, seed=None: calls.append((rules, setup)))
    return calls


def test_the_dialog_default_is_standard(qtbot) -> None:  # type: ignore[no-untyped-def]
    assert agents.DEFAULT_LEVEL == "standard"
    dialog = NewGameDialog(Settings())
    qtbot.addWidget(dialog)
    _, setup, _ = dialog.choice()
    assert setup.levels == [agents.DEFAULT_LEVEL] * 4


def test_the_quick_game_seats_the_default_level(window: MainWindow, started: list[tuple[Any, Setup]]) -> None:
    window.quick_game()
    [(rules, setup)] = started
    assert rules.family == "riichi" and setup.human_seat == 0
    assert setup.levels == [agents.DEFAULT_LEVEL] * 4


@pytest.mark.parametrize("family", ["riichi", "sichuan"])
def test_the_first_practice_game_seats_the_default_level(
    window: MainWindow, started: list[tuple[Any, Setup]], family: str
) -> None:
    dialog = first_run.FirstRunDialog(window)
    dialog.family.setCurrentIndex(dialog.family.findData(family))
    dialog.start_practice()
    [(rules, setup)] = started
    assert rules.family == family and setup.human_seat == 0 and setup.practice
    assert setup.max_hands == first_run.PRACTICE_HANDS
    assert setup.levels == [agents.DEFAULT_LEVEL] * 4


def test_saves_keep_their_levels_and_old_ones_without_levels_play_simple(tmp_path: Path) -> None:
    game = Game(default_ruleset("riichi"), seed="levels")
    path = tmp_path / "old.thsave"
    GameSession(game, Setup(human_seat=0, levels=["simple"] * 4)).save(path)
    assert GameSession.load(path).setup.levels == ["simple"] * 4
    GameSession(game, Setup(human_seat=0, levels=[agents.DEFAULT_LEVEL] * 4)).save(path)
    assert GameSession.load(path).setup.levels == ["standard"] * 4
    # a save written before per-seat levels existed: no "levels" key (the checksum covers the log only)
    meta, *log = path.read_text(encoding="utf-8").splitlines()
    old = meta.replace('"levels": ["standard", "standard", "standard", "standard"], ', "")
    assert old != meta
    path.write_text("\n".join([old, *log]) + "\n", encoding="utf-8")
    assert GameSession.load(path).setup.levels == ["simple"] * 4


def test_the_quick_game_is_the_family_last_played(
    window: MainWindow, started: list[tuple[Any, Setup]]
) -> None:
    """A Sichuan player's quick game is Sichuan; the button's tooltip says which game it starts."""
    window.settings.last_family = "sichuan"
    window._describe_quick_game()
    assert i18n.family_name("sichuan") in window.welcome.quick_button.toolTip()
    window.quick_game()
    [(rules, setup)] = started
    assert rules.family == "sichuan" and setup.levels == [agents.DEFAULT_LEVEL] * 4
