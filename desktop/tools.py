"""The study tools' host: what the tools need from the main window, and the one owner of their windows.

The study tools — rules editor, rule book, scoring calculator, drills, practice sandbox, statistics —
never import the main window. They depend on :class:`ToolHost`, the few things they ask of it (the
settings, the family on the table, the table's snapshots, starting a game, running a job on the engine
worker...), and the main window provides them in one block at the end of ``MainWindow``
(``desktop/window.py``, "tool host"). A test can stand in for the window with any object that has them.

:class:`ToolWindows` owns the open tool windows, one of each kind, made when first opened and reused
after (so a tool keeps its state while the game runs), builds the Study menu, and records every
finished hand of the person's games in the statistics (connected once to the host's "hand settled"
signal, however often the menus are rebuilt). The main window has one, ``self.tools`` (a
``ToolWindows(self)``), and its menu bar has it fill the Study menu (``self.tools.fill_menu(menu)``).

Tool modules are imported when a tool is first opened, so the table starts without them; they import
this module for the :class:`ToolHost` type (and :func:`raise_window`), never the main window.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol, TypeVar

from PySide6.QtCore import QObject, Qt, SignalInstance
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMenu, QMenuBar, QWidget

from desktop.i18n import tr

if TYPE_CHECKING:
    from desktop.calculator import Calculator
    from desktop.drills import DrillsWindow
    from desktop.rulebook import RuleBookWindow
    from desktop.rules_editor import RulesEditor
    from desktop.sandbox import SandboxDock
    from desktop.session import Snapshot
    from desktop.settings import Settings
    from desktop.stats import StatsWindow
    from desktop.storage import Setup
    from desktop.worker import Worker
    from engine.game.actions import Action
    from engine.rules.schema import Ruleset
    from engine.stats import HandRecord

W = TypeVar("W", bound=QWidget)


class ToolHost(Protocol):
    """What the study tools need from the main window (``MainWindow`` provides it)."""

    @property
    def settings(self) -> Settings:
        """The player's settings (the tools read and set ``last_family``, ``last_ruleset``,
        ``language``, ``practice_panel`` and save them)."""
        ...

    @property
    def demo(self) -> bool:
        """A demo run: nothing is recorded."""
        ...

    @property
    def tools(self) -> ToolWindows:
        """The host's tool windows (a tool opens another through them: the editor's rule book links)."""
        ...

    def tool_parent(self) -> QMainWindow:
        """The parent of the tool windows; the sandbox docks beside the table in it."""
        ...

    def table_family(self) -> str:
        """The family of the game on the table, else the one last chosen, else the registry's first."""
        ...

    def table_snapshot(self) -> Snapshot | None:
        """The table's latest snapshot (None before the first game)."""
        ...

    def snapshot_signal(self) -> SignalInstance:
        """Emits every :class:`~desktop.session.Snapshot` the table receives."""
        ...

    def settled_signal(self) -> SignalInstance:
        """Emits (no arguments) when a hand's settlement is shown."""
        ...

    def practice_tools_used(self) -> bool:
        """A practice tool was used in the game on the table (it is left out of the statistics)."""
        ...

    def start_table_game(self, rules: Ruleset, setup: Setup, seed: int | str | None = None) -> None:
        """Start a game at the table, as the new-game dialog does."""
        ...

    def open_new_game_dialog(self) -> None:
        """The new-game dialog (it starts the game when accepted)."""
        ...

    def run_on_engine(self, job: Callable[[Worker], None], *, new_game: bool = False) -> None:
        """Run ``job`` on the engine worker thread; ``new_game``: the job puts a new game on the table
        (the table is cleared for it and older answers are dropped)."""
        ...

    def send_table_action(self, action: Action) -> None:
        """Play the person's ``action`` as if chosen at the table."""
        ...

    def show_practice_panel(self) -> None:
        """Turn the practice panel on (waits, best discards)."""
        ...

    def retranslate_ui(self) -> None:
        """Redo the window's texts after a language change (menus, start panel)."""
        ...

    def when_first_frame(self, callback: Callable[[], None]) -> None:
        """Call ``callback`` once the table has painted (at once, queued, if it already has)."""
        ...


STUDY_ENTRIES: tuple[tuple[str, str], ...] = (
    ("rules_editor", "Ctrl+E"),
    ("rule_book", "F1"),
    ("calculator", "Ctrl+K"),
    ("drills", "Ctrl+D"),
    ("sandbox", "Ctrl+Shift+P"),
    ("statistics", "Ctrl+T"),
)
"""The Study menu in order: (the tool it opens, its shortcut)."""


def _menu_text(kind: str) -> str:
    # every literal is a tr() source string that desktop.i18n_build finds
    texts = {
        "rules_editor": lambda: tr("&Rules editor…"),
        "rule_book": lambda: tr("Rule &book…"),
        "calculator": lambda: tr("Scoring &calculator…"),
        "drills": lambda: tr("&Drills…"),
        "sandbox": lambda: tr("Practice &sandbox"),
        "statistics": lambda: tr("S&tatistics…"),
    }
    return texts[kind]()


def raise_window(widget: QWidget) -> None:
    widget.show()
    widget.raise_()
    widget.activateWindow()


class ToolWindows(QObject):
    """The open tool windows of one host (one of each kind, reused), its Study menu and the recorder."""

    def __init__(self, host: ToolHost) -> None:
        super().__init__(host.tool_parent())
        self.host = host
        self.actions: list[QAction] = []
        self.recorded: list[HandRecord] = []  # what this session recorded (tests, the demo)
        self._open: dict[type[QWidget], QWidget] = {}
        host.settled_signal().connect(self.record_hand)

    # ---------------------------------------------------------------- the menu
    def install_menu(self, bar: QMenuBar) -> QMenu:
        """Add the Study menu to ``bar`` (again after a language change: the menus are rebuilt)."""
        menu = bar.addMenu(tr("&Study"))
        self.fill_menu(menu)
        return menu

    def fill_menu(self, menu: QMenu) -> None:
        """The entries of the Study menu (the main window shows the menu's title in its first frame
        and adds the entries right after it)."""
        parent = self.host.tool_parent()
        self.actions = []
        for kind, key in STUDY_ENTRIES:
            action = QAction(_menu_text(kind), parent)
            action.setShortcut(QKeySequence(key))
            action.triggered.connect(lambda _checked=False, k=kind: self.open(k))
            menu.addAction(action)
            self.actions.append(action)

    def open(self, kind: str) -> QWidget:
        """Open the tool ``kind`` (the first word of each :data:`STUDY_ENTRIES` row)."""
        openers: dict[str, Callable[[], QWidget]] = {
            "rules_editor": self.rules_editor,
            "rule_book": lambda: self.rule_book(family=self.host.table_family()),
            "calculator": lambda: self.calculator(self.host.table_family()),
            "drills": lambda: self.drills(self.host.table_family()),
            "sandbox": self.sandbox,
            "statistics": self.statistics,
        }
        return openers[kind]()

    # ----------------------------------------------------------------- windows
    def find(self, kind: type[W]) -> W | None:
        """The open window of class ``kind``, if it was made."""
        window = self._open.get(kind)
        return window if isinstance(window, kind) else None

    def _get(self, kind: type[W], make: Callable[[], W]) -> tuple[W, bool]:
        window = self.find(kind)
        if window is not None:
            return window, False
        from desktop.screen_fit import fit_to_screen

        made = make()
        fit_to_screen(made)  # a 1024×700 screen sees the whole window, not its right-hand side cut off
        self._open[kind] = made
        return made, True

    def rules_editor(self) -> RulesEditor:
        from desktop.rules_editor import RulesEditor

        editor, _new = self._get(RulesEditor, lambda: RulesEditor(self.host))
        raise_window(editor)
        return editor

    def rule_book(self, anchor: str | None = None, *, family: str | None = None) -> RuleBookWindow:
        """The rule book, at ``family``'s page or at ``anchor`` (``riichi.md#match``)."""
        from desktop.rulebook import RuleBookWindow

        book, _new = self._get(RuleBookWindow, lambda: RuleBookWindow(self.host.tool_parent()))
        raise_window(book)
        if family:
            book.select(family)
        if anchor:
            book.show_anchor(anchor)
        return book

    def calculator(self, family: str | None = None) -> Calculator:
        from desktop.calculator import Calculator

        calc, new = self._get(Calculator, lambda: Calculator(self.host.tool_parent(), family))
        if family and not new:
            calc.picker.set_family(family)
        raise_window(calc)
        return calc

    def drills(self, family: str | None = None) -> DrillsWindow:
        from desktop.drills import DrillsWindow

        drills, _new = self._get(DrillsWindow, lambda: DrillsWindow(self.host.tool_parent(), family))
        raise_window(drills)
        return drills

    def sandbox(self) -> SandboxDock:
        from desktop.sandbox import SandboxDock

        dock, new = self._get(SandboxDock, lambda: SandboxDock(self.host))
        if new:
            self.host.tool_parent().addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
        dock.show()
        dock.raise_()
        dock.refresh()
        return dock

    def statistics(self) -> StatsWindow:
        from desktop.stats import StatsWindow

        stats, new = self._get(StatsWindow, lambda: StatsWindow(self.host.tool_parent()))
        if not new:
            stats.refresh()
        raise_window(stats)
        return stats

    # --------------------------------------------------------------- recording
    def record_hand(self) -> HandRecord | None:
        """Record the hand that just ended at the host's table (or skip it: see :mod:`desktop.stats`)."""
        from desktop.stats import record_hand

        record = record_hand(self.host)
        if record is not None:
            self.recorded.append(record)
        return record


__all__ = ["STUDY_ENTRIES", "ToolHost", "ToolWindows", "raise_window"]
