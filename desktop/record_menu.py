"""The Game menu's records: open a game record in the viewer, review the play, export for other tools.

:class:`RecordMenu` adds four entries to the main window's Game menu and owns the replay viewer
(:class:`desktop.viewer.ViewerWindow`, one window, made when first opened):

* **Open game record…** — any record the engine reads, and the window's saves;
* **Review my play…** — the game on the table in the viewer, the person's seat reviewed beside the
  strong AI (another seat can be chosen there);
* **Export record as tenhou.net/6 JSON… / as mjai…** — the finished hands of the game on the table.
  Whether a game can be written in those formats is the engine's answer
  (:func:`engine.records.mjai.export_refusal`): for a game they cannot hold the entries are disabled,
  with the reason as their tooltip.

The game on the table lives on the engine worker's thread: it is read there (a job, like every engine
call of the window) and handed to the UI thread as a replayer of its own.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QFileDialog, QMenu, QMessageBox, QWidget

from desktop import i18n
from desktop.i18n import tr
from engine.messages import Message

if TYPE_CHECKING:
    from desktop.tools import ToolHost
    from desktop.viewer import OpenedRecord, ViewerWindow
    from desktop.worker import Worker

FORMATS = ("tenhou6", "mjai")
SUFFIX = {"tenhou6": ".json", "mjai": ".mjson"}


# ── export ───────────────────────────────────────────────────────────────────────────────────────
def refusal_text(problem: Message) -> str:
    """Why tenhou.net/6 and mjai cannot hold a game, in the interface language."""
    key = problem.key
    if key == "export.not_riichi":
        family = i18n.family_name(str(problem.arg("family", "")))
        return tr(
            "A {family} game is saved as a Tilehouse log; tenhou.net/6 and mjai hold four-player "
            "Japanese riichi games only."
        ).format(family=family)
    if key == "export.not_four_players":
        return tr("tenhou.net/6 and mjai hold four-player games only.")
    if key == "export.practice_used":
        return tr("A game where practice tools changed the walls cannot be exported.")
    if key == "export.first_dealer":
        return tr("tenhou.net/6 and mjai need seat 1 as the first dealer.")
    return key


def export_state(game: Any) -> tuple[bool, str]:
    """(whether ``game`` can be exported to tenhou.net/6 and mjai now, why not)."""
    if game is None:
        return False, tr("There is no game to export.")
    from engine.records.mjai import game_export_refusal

    problem = game_export_refusal(game)
    if problem is not None:
        return False, refusal_text(problem)
    if not game.results:
        return False, tr("No hand of this game has finished yet.")
    return True, ""


def export_text(game: Any, fmt: str, names: list[str]) -> str:
    """The game's finished hands as tenhou.net/6 JSON or mjai JSON lines (the engine writes them)."""
    if fmt == "tenhou6":
        from engine.records.tenhou6 import export_tenhou6, tenhou6_text

        return tenhou6_text(export_tenhou6(game, names)) + "\n"
    from engine.records.mjai import export_mjai, mjai_lines

    return "\n".join(mjai_lines(export_mjai(game, names))) + "\n"


def format_name(fmt: str) -> str:
    return "tenhou.net/6 JSON" if fmt == "tenhou6" else "mjai"


def export_to(path: Path, game: Any, fmt: str, names: list[str]) -> None:
    """Write the export to ``path`` (atomically: a failed write leaves the file as it was)."""
    from desktop.storage import atomic_write

    atomic_write(path, export_text(game, fmt, names))


def export_with_dialog(parent: QWidget, game: Any, fmt: str, names: list[str]) -> Path | None:
    """Ask where, then write; a refusal or a failed write is one line in a message box."""
    from desktop.storage import saves_dir

    ok, why = export_state(game)
    if not ok:
        QMessageBox.information(parent, tr("Export record"), why)
        return None
    folder = saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    suffix = SUFFIX[fmt]
    pattern = tr("{format} (*{suffix});;All files (*)").format(format=format_name(fmt), suffix=suffix)
    chosen, _ = QFileDialog.getSaveFileName(
        parent,
        tr("Export record as {format}").format(format=format_name(fmt)),
        str(folder / ("game" + suffix)),
        pattern,
    )
    if not chosen:
        return None
    path = Path(chosen)
    if not path.suffix:
        path = path.with_suffix(suffix)
    try:
        export_to(path, game, fmt, names)
    except (OSError, ValueError) as exc:
        from desktop.background import one_line

        QMessageBox.warning(
            parent,
            tr("Export record"),
            tr("{name} was not written: {problem}").format(name=path.name, problem=one_line(exc)),
        )
        return None
    return path


# ── the Game menu ───────────────────────────────────────────────────────────────────────────────
class _Relay(QObject):
    """Carries what a job on the engine worker's thread read back to the UI thread."""

    arrived = Signal(object, object)  # the callback, the OpenedRecord (None: no game)


class RecordMenu(QObject):
    """The records entries of a host's Game menu and its replay viewer (see the module text)."""

    def __init__(self, host: ToolHost) -> None:
        super().__init__(host.tool_parent())
        self.host = host
        self.relay = _Relay()
        self.relay.arrived.connect(lambda callback, record: callback(record))
        self._viewer: ViewerWindow | None = None
        self.act_open: QAction | None = None
        self.act_review: QAction | None = None
        self.act_export: dict[str, QAction] = {}
        self.exported: list[Path] = []  # what this session wrote (tests)

    def install_menu(self, menu: QMenu) -> None:
        """Add the entries to ``menu`` (again after a language change: the menus are rebuilt)."""
        parent = self.host.tool_parent()
        menu.setToolTipsVisible(True)
        self.act_open = QAction(tr("Open game &record…"), parent)
        self.act_open.triggered.connect(self.open_dialog)
        self.act_review = QAction(tr("Re&view my play…"), parent)
        self.act_review.triggered.connect(self.review_current)
        menu.addAction(self.act_open)
        menu.addAction(self.act_review)
        self.act_export = {}
        texts = {
            "tenhou6": tr("Export record as &tenhou.net/6 JSON…"),
            "mjai": tr("Export record as m&jai…"),
        }
        for fmt in FORMATS:
            act = QAction(texts[fmt], parent)
            act.triggered.connect(lambda _checked=False, f=fmt: self.export_current(f))
            menu.addAction(act)
            self.act_export[fmt] = act
        menu.aboutToShow.connect(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        """Enable the entries for the game on the table (the reason in the tooltip when not)."""
        snap = self.host.table_snapshot()
        if self.act_review is not None:
            self.act_review.setEnabled(snap is not None)
            self.act_review.setToolTip("" if snap is not None else tr("There is no game on the table."))
        if snap is None:
            ok, why = False, tr("There is no game on the table.")
        else:
            from engine.records.mjai import export_refusal

            problem = export_refusal(
                snap.rules,
                len(snap.obs.seats),
                practice_used=self.host.practice_tools_used(),
                first_dealer=snap.obs.match.first_dealer if snap.obs.seats else 0,
            )
            if problem is not None:
                ok, why = False, refusal_text(problem)
            elif snap.hand_number == 0:
                ok, why = False, tr("No hand of this game has finished yet.")
            else:
                ok, why = True, tr("The finished hands of the game on the table")
        for act in self.act_export.values():
            act.setEnabled(ok)
            act.setToolTip(why)
            act.setStatusTip(why)

    # ---------------------------------------------------------------- viewer
    def viewer(self) -> ViewerWindow:
        """The replay viewer (made when first asked for), shown and raised."""
        from desktop.screen_fit import fit_to_screen
        from desktop.tools import raise_window
        from desktop.viewer import ViewerWindow

        if self._viewer is None:
            self._viewer = ViewerWindow(self.host.tool_parent())
            self._viewer.resize(1440, 900)
            fit_to_screen(self._viewer)  # a 1024×700 screen sees the review beside the table
        raise_window(self._viewer)
        return self._viewer

    def open_dialog(self) -> None:
        from desktop.viewer import ask_record_path

        path = ask_record_path(self.host.tool_parent())
        if path is not None:
            self.open_path(path)

    def open_path(self, path: Path) -> None:
        self.viewer().open_path(path)

    def current_record(self, callback: Any) -> None:
        """Read the game on the table on the engine worker's thread; ``callback(record)`` on the UI
        thread (None when there is no game)."""
        relay = self.relay

        def job(worker: Worker) -> None:
            from desktop.viewer import record_of_game

            session = worker.session
            record = None if session is None else record_of_game(session.game, session.setup.human_seat)
            relay.arrived.emit(callback, record)

        self.host.run_on_engine(job)

    def review_current(self) -> None:
        """The game on the table in the viewer, at its position now, the person's seat reviewed."""

        def show(record: OpenedRecord | None) -> None:
            if record is None:
                return
            viewer = self.viewer()
            viewer.show_record(record, position=len(record.replayer))
            seat = record.human_seat if record.human_seat is not None else 0
            viewer.review.start(seat)

        self.current_record(show)

    def export_current(self, fmt: str) -> None:
        def write(record: OpenedRecord | None) -> None:
            if record is None:
                return
            path = export_with_dialog(self.host.tool_parent(), record.game, fmt, [])
            if path is not None:
                self.exported.append(path)

        self.current_record(write)


__all__ = ["RecordMenu", "export_state", "export_text", "export_to", "export_with_dialog", "refusal_text"]
