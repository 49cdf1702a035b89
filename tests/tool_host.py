"""A stand-in for the main window as the study tools see it (:class:`desktop.tools.ToolHost`): a plain
QMainWindow with the host's signals, a snapshot to hand out and a record of what the tools asked for.
It needs no table, no controller and no engine worker."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Signal, SignalInstance
from PySide6.QtWidgets import QMainWindow

from desktop.settings import Settings
from desktop.tools import ToolWindows


class FakeHost(QMainWindow):
    snapshots = Signal(object)
    settled = Signal()

    def __init__(self, settings: Settings | None = None) -> None:
        super().__init__()
        self.settings = settings or Settings(ai_pace=0.0, anim_speed=0.0)
        self.demo = False
        self.snap: Any = None
        self.tools_used = False
        self.started: list[tuple[Any, Any, Any]] = []
        self.sent: list[Any] = []
        self.jobs: list[tuple[Callable[[Any], None], bool]] = []
        self.calls: list[str] = []
        self.first_frame: list[Callable[[], None]] = []
        self.tools = ToolWindows(self)

    # ToolHost
    def tool_parent(self) -> QMainWindow:
        return self

    def table_family(self) -> str:
        return self.snap.family if self.snap is not None else self.settings.family()

    def table_snapshot(self) -> Any:
        return self.snap

    def snapshot_signal(self) -> SignalInstance:
        return self.snapshots

    def settled_signal(self) -> SignalInstance:
        return self.settled

    def practice_tools_used(self) -> bool:
        return self.tools_used

    def start_table_game(self, rules: Any, setup: Any, seed: int | str | None = None) -> None:
        self.started.append((rules, setup, seed))

    def open_new_game_dialog(self) -> None:
        self.calls.append("new_game_dialog")

    def run_on_engine(self, job: Callable[[Any], None], *, new_game: bool = False) -> None:
        self.jobs.append((job, new_game))

    def send_table_action(self, action: Any) -> None:
        self.sent.append(action)

    def show_practice_panel(self) -> None:
        self.calls.append("practice_panel")
        self.settings.practice_panel = True

    def retranslate_ui(self) -> None:
        self.calls.append("retranslate")

    def when_first_frame(self, callback: Callable[[], None]) -> None:
        self.first_frame.append(callback)
