"""Helpers shared by the desktop tests: states found by playing, mouse events on the table view."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from desktop.session import GameSession, Setup
from engine.agents.simple import SimpleAgent
from engine.families.registry import get_family
from engine.game.actions import Action, ActionType
from engine.game.game import Game

A = ActionType


def find_state(
    want: Callable[[Game, list[Action]], bool],
    *,
    family: str = "riichi",
    seeds: range = range(1, 200),
    players: int = 4,
) -> Game:
    """Play with simple agents until seat 0 has legal actions satisfying ``want``; return that game
    (of ``players`` seats, from the ruleset a new game of that many starts from)."""
    rules = get_family(family).default_rules(players)
    for seed in seeds:
        game = Game(rules, seed=f"find{seed}")
        agents = [SimpleAgent(f"{seed}:{s}") for s in range(players)]
        start = len(game.results)
        while not game.over and len(game.results) == start:
            for seat in game.pending():
                if seat not in game.pending():
                    continue
                legal = game.legal_actions(seat)
                if seat == 0 and want(game, legal):
                    return game
                game.apply(agents[seat].choose(game.observation(seat), legal))
    raise AssertionError("no state found")


def chi_choice(game: Game, legal: list[Action]) -> bool:
    """Seat 0 may chi with at least two different options."""
    return len([a for a in legal if a.type is A.CHI]) >= 2


def save_game(game: Game, path: Path, *, practice: bool = False) -> Path:
    GameSession(game, Setup(human_seat=0, practice=practice)).save(path)
    return path


def send_mouse(view, kind, scene_pos, buttons) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtCore import QEvent, QPointF, Qt
    from PySide6.QtGui import QMouseEvent
    from PySide6.QtWidgets import QApplication

    local = QPointF(view.mapFromScene(scene_pos))
    global_pos = QPointF(view.viewport().mapToGlobal(local.toPoint()))
    types = {
        "press": QEvent.Type.MouseButtonPress,
        "move": QEvent.Type.MouseMove,
        "release": QEvent.Type.MouseButtonRelease,
        "double": QEvent.Type.MouseButtonDblClick,
    }
    button = Qt.MouseButton.NoButton if kind == "move" else Qt.MouseButton.LeftButton
    event = QMouseEvent(types[kind], local, global_pos, button, buttons, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(view.viewport(), event)


def click_item(view, item) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtCore import Qt

    center = item.mapToScene(item.boundingRect().center())
    send_mouse(view, "press", center, Qt.MouseButton.LeftButton)
    send_mouse(view, "release", center, Qt.MouseButton.NoButton)


def drag_item(view, item, to_scene) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtCore import QPointF, Qt

    start = item.mapToScene(item.boundingRect().center())
    send_mouse(view, "press", start, Qt.MouseButton.LeftButton)
    steps = 6
    for i in range(1, steps + 1):
        p = QPointF(
            start.x() + (to_scene.x() - start.x()) * i / steps,
            start.y() + (to_scene.y() - start.y()) * i / steps,
        )
        send_mouse(view, "move", p, Qt.MouseButton.LeftButton)
    send_mouse(view, "release", to_scene, Qt.MouseButton.NoButton)
