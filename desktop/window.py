"""The main window: the table view with its overlays, menus, keyboard, and the glue to the controller."""

from __future__ import annotations

import time
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QPointF, QTimer, Signal
from PySide6.QtWidgets import (
    QFrame,
    QGraphicsScene,
    QGraphicsView,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from desktop import i18n
from desktop.actions import add_action
from desktop.i18n import tr
from desktop.settings import Settings
from desktop.storage import SAVE_SUFFIX, AutosaveSlot, Setup, autosave_path, claim_autosave, saves_dir
from desktop.style import PANEL_STYLE
from desktop.table.geometry import HAND_Y, SCENE_H, SCENE_W
from desktop.table.room import Rect, column_room, overlaps, room_around
from desktop.table.view import FeltView

if TYPE_CHECKING:

    from desktop.controller import Controller
    from desktop.panels import ClaimPanel, PracticePanel, SettlementPanel, Toast
    from desktop.session import Snapshot
    from desktop.table import TableModel, TableScene
    from engine.families.registry import FamilySpec
    from engine.game.actions import Action
    from engine.rules.schema import Ruleset


class TableView(FeltView):
    """The game's table: takes the keyboard, and says when its first frame is painted."""

    first_frame = Signal()
    painted = Signal()

    def __init__(self, scene: QGraphicsScene, parent: QWidget | None = None) -> None:
        super().__init__(scene, parent)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.MinimalViewportUpdate)
        self.setProperty("focusPolicy", "StrongFocus")  # by name: no Qt namespace (desktop/table/view.py)
        # The first frame paints the felt straight into the window: making the background's cache (a
        # window-sized picture, then copied) first cost it about 5 ms. The cache comes right after.
        self.setCacheMode(QGraphicsView.CacheModeFlag.CacheNone)
        self._first = True

    def keyPressEvent(self, event: Any) -> None:
        """The keys the window plays with (arrows, Enter, Escape) go up to it: as a scroll area the
        view would eat the arrows. (Qt's namespace only here, long after the first frame.)"""
        from PySide6.QtCore import Qt

        key = Qt.Key
        if event.key() in (key.Key_Left, key.Key_Right, key.Key_Return, key.Key_Enter, key.Key_Escape):
            event.ignore()  # to the window's keyPressEvent
            return
        super().keyPressEvent(event)

    def paintEvent(self, event: Any) -> None:
        """A paint of the viewport (a scroll area's paintEvent is its viewport's). The first one is
        told here, not by an event filter on the viewport: asking for ``viewport()`` before the first
        frame made PySide resolve every QWidget class it knows (about 10 ms)."""
        super().paintEvent(event)
        self.painted.emit()
        if self._first:
            self._first = False
            QTimer.singleShot(0, self, self.first_frame.emit)  # dropped if the view is gone
            QTimer.singleShot(0, self, self._cache_background)

    def _cache_background(self) -> None:
        self.setCacheMode(QGraphicsView.CacheModeFlag.CacheBackground)  # (the same picture, repainted)


class Welcome(QFrame):
    """The start panel: continue the autosaved game, start a new one, load a save."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("panel")
        self.setStyleSheet(PANEL_STYLE)
        box = QVBoxLayout(self)
        box.setContentsMargins(30, 24, 30, 24)
        box.setSpacing(12)
        self.title = QLabel("Tilehouse")
        self.title.setObjectName("title")
        self.title.setProperty("alignment", "AlignCenter")  # by name: no Qt namespace before the first frame
        box.addWidget(self.title)
        self.continue_button = QPushButton()
        self.quick_button = QPushButton()
        self.new_button = QPushButton()
        self.load_button = QPushButton()
        self.continue_button.setObjectName("win")
        for b in (self.continue_button, self.quick_button, self.new_button, self.load_button):
            b.setMinimumHeight(44)
            box.addWidget(b)
        self.retranslate()

    def retranslate(self) -> None:
        self.continue_button.setText(tr("Continue"))
        self.quick_button.setText(tr("Quick game"))
        self.new_button.setText(tr("New game…"))
        self.load_button.setText(tr("Load…"))


class SaveBanner(QFrame):
    """A notice across the top of the table that stays until it is answered: the autosave failing
    (with Retry and Save as…), or another running instance. One banner, updated in place: a failure
    that repeats at every step never shows twice."""

    retry_clicked = Signal()
    save_as_clicked = Signal()

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("panel")
        self.setStyleSheet(
            PANEL_STYLE
            + "QFrame#panel { background: rgba(92, 38, 24, 240); border-color: #e0a526; }"
            + 'QFrame#panel[info="true"] { background: rgba(16, 30, 27, 236); }'
        )
        row = QHBoxLayout(self)
        row.setContentsMargins(14, 8, 8, 8)
        row.setSpacing(10)
        self.text = QLabel()
        self.text.setWordWrap(True)
        row.addWidget(self.text, 1)
        self.retry = QPushButton()
        self.save_as = QPushButton()
        self.close_button = QPushButton("×")
        self.close_button.setObjectName("pass")
        for b in (self.retry, self.save_as, self.close_button):
            row.addWidget(b)
        self.retry.clicked.connect(self.retry_clicked)
        self.save_as.clicked.connect(self.save_as_clicked)
        self.close_button.clicked.connect(self.hide)
        self.kind = ""  # "autosave" (a failure, with Retry) or "instance" (a notice)
        self.shown = 0  # how many times a new notice was raised (tests: once per kind of failure)
        self.retranslate()
        self.hide()

    def retranslate(self) -> None:
        self.retry.setText(tr("Retry"))
        self.save_as.setText(tr("Save as…"))
        self.close_button.setToolTip(tr("Hide"))

    def show_notice(self, kind: str, text: str, *, new: bool = True) -> None:
        self.kind = kind
        self.text.setText(text)
        actions = kind == "autosave"
        self.retry.setVisible(actions)
        self.save_as.setVisible(actions)
        self.setProperty("info", not actions)
        self.style().unpolish(self)
        self.style().polish(self)
        if new:
            self.shown += 1
        self.show()
        self.raise_()

    def clear(self, kind: str) -> None:
        if self.kind == kind:
            self.kind = ""
            self.hide()


class MainWindow(QMainWindow):
    hand_settled = Signal()  # a settlement panel is showing (tests, demo)

    def __init__(
        self, settings: Settings | None = None, *, demo: bool = False, defer_panels: bool = False
    ) -> None:
        """``defer_panels`` (the app's start): make the controller and its worker (:attr:`controller`),
        the menus' entries (:meth:`_fill_menus`), the table's scene (:attr:`scene`) and the panels over
        the table (:meth:`build_panels`) right after the first frame, not before it: the first frame is
        the window with its menu bar, the felt and the start panel, and none of those needs them. Until
        then the view shows the felt on an empty scene of the table's size. Each is made at once if
        it is asked for before (a save given on the command line)."""
        super().__init__()
        self.settings = settings or Settings.load()
        self.demo = demo
        self.setWindowTitle("Tilehouse")
        self.setMinimumSize(1024, 700)
        self._scene: TableScene | None = None
        self._felt_only: QGraphicsScene | None = None  # the view's scene until the table's is made
        if defer_panels:
            self._felt_only = QGraphicsScene(0, 0, SCENE_W, SCENE_H, self)
            self.view = TableView(self._felt_only, self)
        else:
            self.view = TableView(self._make_scene(), self)
        self.setCentralWidget(self.view)
        # the autosave this window writes, claimed now: the first frame says if another window runs
        self._autosave_slot: AutosaveSlot | None = None if demo else claim_autosave()
        self._controller: Controller | None = None
        self._shut_down = False
        self._panels: tuple[ClaimPanel, SettlementPanel, PracticePanel, Toast] | None = None
        self.welcome = Welcome(self.view)
        self.welcome.hide()
        self.banner = SaveBanner(self.view)
        self.snap: Snapshot | None = None
        self.mode = ""  # "", "declare" (choose the riichi discard), "exchange" (choose three)
        self.chosen: set[int] = set()
        self.hand_order: list[int] = []
        self.last_refusal = ""
        self.bot_notice = ""  # the last notice about outside programs
        self.frames = 0
        self.render_ms: list[float] = []
        if defer_panels:
            self.view.first_frame.connect(self._after_first_frame)
        else:
            self._make_controller()
            self.build_panels()
        self._wire()
        self._autosave_failure = ""  # the kind shown in the banner ("" none); the menus read it
        self._build_menus(fill=not defer_panels)
        self.apply_settings()
        self.view.resized.connect(self._place_overlays)
        # the engine's imports and the tiles painted ahead wait for the first frame
        self.view.first_frame.connect(lambda: self._soon(self._start_background))
        self._show_instance_notice()

    def _after_first_frame(self) -> None:
        """What the first frame did not wait for (``defer_panels``), one step per turn of the event
        loop: the controller, the menus' entries, the table's scene, the panels."""
        for step in (
            self._make_controller,
            self._fill_menus,
            self._set_table_scene,
            self.build_panels,
            self._describe_quick_game,
        ):
            self._soon(step)

    def _soon(self, step: Any) -> None:
        """``step()`` at the next turn of the event loop, unless the window is shut down by then."""
        QTimer.singleShot(0, self, lambda: None if self._shut_down else step())

    def _start_background(self) -> None:
        self.controller.start_background()

    # ------------------------------------------------------------- wiring
    @property
    def controller(self) -> Controller:
        """The game's controller (and its worker thread): made with the window, or right after its
        first frame (``defer_panels``) — at once if it is asked for before."""
        if self._controller is None:
            self._make_controller()
        assert self._controller is not None
        return self._controller

    def _make_controller(self) -> None:
        if self._controller is not None:
            return
        from desktop.controller import Controller

        c = Controller(self, autosave=not self.demo, slot=self._autosave_slot)
        self._controller = c
        self.view.painted.connect(c.frame_done)
        c.snapshot.connect(self.on_snapshot)
        c.refused.connect(self.on_refused)
        c.error.connect(self.on_error)
        c.saved.connect(lambda path: self.toast.show_text(tr("Saved: {name}").format(name=Path(path).name)))
        c.loaded.connect(self.on_loaded)
        c.load_failed.connect(self.on_load_failed)
        c.autosave_failed.connect(self.on_autosave_failed)
        c.autosave_ok.connect(self.on_autosave_ok)
        # the hint list came: the panel may take other room (after it has shown the hints)
        c.hints_ready.connect(lambda _: QTimer.singleShot(0, self._place_overlays))
        self._apply_controller_settings(c)

    def _wire(self) -> None:
        self.banner.retry_clicked.connect(self.retry_autosave)
        self.banner.save_as_clicked.connect(self.save_dialog)
        self.welcome.continue_button.clicked.connect(self.continue_game)
        self.welcome.quick_button.clicked.connect(self.quick_game)
        self.welcome.new_button.clicked.connect(self.new_game_dialog)
        self.welcome.load_button.clicked.connect(self.load_dialog)

    # -------------------------------------------------------------- scene
    @property
    def scene(self) -> TableScene:
        """The table's scene: made with the window, or right after its first frame (``defer_panels``)
        — at once if it is asked for before."""
        if self._scene is None:
            self._set_table_scene()
        assert self._scene is not None
        return self._scene

    def _make_scene(self) -> TableScene:
        from desktop.table.scene import TableScene

        scene = TableScene(self)
        self._scene = scene
        scene.discard_requested.connect(self.on_tile_chosen)
        scene.refused.connect(self.on_refused)
        self._apply_scene_settings(scene)
        return scene

    def _set_table_scene(self) -> None:
        """The table's scene in the view, in place of the empty one of the first frame (the same felt
        is painted: nothing shows the change)."""
        if self._scene is not None:
            return
        scene = self._make_scene()
        self.view.setScene(scene)
        if self._felt_only is not None:
            self._felt_only.deleteLater()
            self._felt_only = None

    # ------------------------------------------------------------- panels
    def build_panels(self) -> None:
        """The panels over the table (claim options, the settlement, the practice panel, notices), made
        once: with the window, or after its first frame (``defer_panels``) — at once if one is asked
        for before. They stack under the welcome panel and the banner, as they always did."""
        if self._panels is not None:
            return
        from desktop.panels import ClaimPanel, PracticePanel, SettlementPanel, Toast

        claim, settlement = ClaimPanel(self.view), SettlementPanel(self.view)
        practice, toast = PracticePanel(self.view), Toast(self.view)
        self._panels = (claim, settlement, practice, toast)
        settlement.place = self._place_settlement
        toast.place = self._place_toast
        self.welcome.raise_()
        self.banner.raise_()
        claim.chosen.connect(self.on_claim)
        claim.mode_requested.connect(self.set_mode)
        settlement.next_clicked.connect(self.on_next)
        practice.set_collapsed(self.settings.practice_collapsed)
        practice.moved.connect(self.on_practice_moved)
        practice.collapsed_changed.connect(self.on_practice_folded)

    def _panel_set(self) -> tuple[ClaimPanel, SettlementPanel, PracticePanel, Toast]:
        if self._panels is None:
            self.build_panels()
        assert self._panels is not None
        return self._panels

    @property
    def claim(self) -> ClaimPanel:
        return self._panel_set()[0]

    @property
    def settlement(self) -> SettlementPanel:
        return self._panel_set()[1]

    @property
    def practice(self) -> PracticePanel:
        return self._panel_set()[2]

    @property
    def toast(self) -> Toast:
        return self._panel_set()[3]

    def _build_menus(self, *, fill: bool = True) -> None:
        """The menu bar: Game, View and the study tools' Study menu. ``fill=False`` (the start, with
        ``defer_panels``): the titles only, all a first frame shows of the menus; the entries and their
        shortcuts are added right after it (:meth:`_fill_menus`), before a game can start."""
        bar = self.menuBar()
        bar.clear()
        self._menus = (bar.addMenu(tr("&Game")), bar.addMenu(tr("&View")), bar.addMenu(tr("&Study")))
        self._menus_filled = False
        if fill:
            self._fill_menus()

    def _fill_menus(self) -> None:
        if self._menus_filled:
            return
        self._menus_filled = True
        from PySide6.QtGui import QKeySequence  # (with QAction: made for the entries, not the titles)

        game, view, study = self._menus
        self.act_new = add_action(
            self, game, tr("&New game…"), QKeySequence.StandardKey.New, self.new_game_dialog
        )
        add_action(self, game, tr("&Continue"), None, self.continue_game)
        add_action(self, game, tr("&Save…"), QKeySequence.StandardKey.Save, self.save_dialog)
        add_action(self, game, tr("&Load…"), QKeySequence.StandardKey.Open, self.load_dialog)
        game.addSeparator()
        self.records.install_menu(game)  # game records: viewer, review, export (desktop/record_menu.py)
        game.addSeparator()
        self.act_retry_autosave = add_action(self, game, tr("&Retry autosave"), None, self.retry_autosave)
        self._enable_retry()  # only while an autosave is failing
        game.addSeparator()
        self.act_undo = add_action(
            self, game, tr("&Undo (practice)"), QKeySequence.StandardKey.Undo, self.undo
        )
        game.addSeparator()
        add_action(self, game, tr("&Quit"), QKeySequence.StandardKey.Quit, self.close)
        self.act_practice = add_action(
            self, view, tr("&Practice panel"), QKeySequence("Ctrl+P"), self.toggle_practice
        )
        self.act_practice.setCheckable(True)
        self.act_practice.setChecked(self.settings.practice_panel)
        add_action(self, view, tr("&Settings…"), QKeySequence("Ctrl+,"), self.settings_dialog)
        # the study tools (rules editor, rule book, calculator, drills, sandbox, statistics): desktop/tools.py
        self.tools.fill_menu(study)

    def apply_settings(self) -> None:
        # (the scene and the controller take them when they are made)
        if self._scene is not None:
            self._apply_scene_settings(self._scene)
        if self._controller is not None:
            self._apply_controller_settings(self._controller)

    def _apply_controller_settings(self, c: Controller) -> None:
        s = self.settings
        c.pace = 0.0 if self.demo else s.ai_pace
        c.auto = s.auto_options()
        c.analysis = s.practice_panel

    def _apply_scene_settings(self, scene: TableScene) -> None:
        s = self.settings
        scene.double_click_mode = s.discard_mode == "double"
        scene.anim_speed = 0.0 if self.demo else s.anim_speed

    # ------------------------------------------------------------ startup
    def startup(self) -> None:
        self.welcome.continue_button.setVisible(self.autosave_file().is_file())
        self.welcome.show()
        self._place_overlays()

    def quick_game(self) -> None:
        """The welcome panel's quick game: the family last played or chosen (else the registry's first)
        with its default rules, against the default AI level."""
        from desktop.agents import DEFAULT_LEVEL
        from engine.rules import default_ruleset

        family = self.settings.family()
        self.start_game(default_ruleset(family), Setup(human_seat=0, levels=[DEFAULT_LEVEL] * 4))

    def _describe_quick_game(self) -> None:
        """Which game the quick-game button starts, as its tooltip (set after the first frame: naming
        the family reads the engine's registry)."""
        from desktop.agents import DEFAULT_LEVEL

        self.welcome.quick_button.setToolTip(
            tr("{family} with its default rules, against three {level} AI seats").format(
                family=i18n.family_name(self.settings.family()), level=i18n.level_name(DEFAULT_LEVEL)
            )
        )

    def start_game(self, rules: Ruleset, setup: Setup, seed: int | str | None = None) -> None:
        self.welcome.hide()
        self._describe_quick_game()  # (the family last played may have changed)
        self.settlement.hide()
        self.claim.clear()
        self.hand_order = []
        self.set_mode("", refresh=False)
        self.controller.new_game(rules, setup, seed)

    def continue_game(self) -> None:
        if not self.controller.continue_autosave():  # the table is cleared when it has loaded
            self.toast.show_text(tr("There is no autosaved game."))

    def new_game_dialog(self) -> None:
        from desktop.dialogs import NewGameDialog
        from engine.rules import RulesetError

        dlg = NewGameDialog(self.settings, self)
        if dlg.exec() != NewGameDialog.DialogCode.Accepted:
            return
        try:
            rules, setup, seed = dlg.choice()
        except RulesetError as exc:
            from PySide6.QtWidgets import QMessageBox

            QMessageBox.warning(self, tr("Ruleset"), str(exc))
            return
        self.settings.save()
        self.start_game(rules, setup, seed)

    def save_dialog(self) -> None:
        from PySide6.QtWidgets import QFileDialog

        if self.snap is None:
            return
        folder = saves_dir()
        folder.mkdir(parents=True, exist_ok=True)
        path, _ = QFileDialog.getSaveFileName(
            self, tr("Save game"), str(folder / ("game" + SAVE_SUFFIX)), tr("Tilehouse saves (*.thsave)")
        )
        if path:
            if not path.endswith(SAVE_SUFFIX):
                path += SAVE_SUFFIX
            self.controller.save(Path(path))

    def load_dialog(self) -> None:
        from PySide6.QtWidgets import QFileDialog

        folder = saves_dir()
        path, _ = QFileDialog.getOpenFileName(
            self,
            tr("Load game"),
            str(folder),
            tr("Tilehouse saves (*.thsave);;Game logs (*.jsonl *.log);;All files (*)"),
        )
        if path:
            self.load_path(Path(path))

    def load_path(self, path: Path) -> None:
        """Load a save: the table changes only when it has loaded (``on_loaded``); a refused file
        gives a message and leaves the game on the table as it was (``on_load_failed``)."""
        self.controller.load(path)

    def on_loaded(self) -> None:
        """A save loaded: clear the table for its snapshot (which follows)."""
        self.welcome.hide()
        self.settlement.hide()
        self.claim.clear()
        self.hand_order = []
        self.set_mode("", refresh=False)

    def on_load_failed(self, message: str) -> None:
        self.last_refusal = message
        if self.demo:
            print(f"error: {message}")
            return
        from PySide6.QtWidgets import QMessageBox

        QMessageBox.warning(
            self, tr("Load game"), tr("This file cannot be loaded; nothing was changed.") + "\n\n" + message
        )
        if self.snap is None:
            self.startup()

    # -------------------------------------------------------- autosave and instances
    def autosave_file(self) -> Path:
        """The autosave this window writes and continues (the controller's)."""
        slot = self._autosave_slot
        return slot.path if slot is not None else autosave_path()

    def _show_instance_notice(self) -> None:
        slot = self._autosave_slot
        if slot is None or not slot.shared:
            return
        if slot.enabled:
            text = tr(
                "Another Tilehouse window is running. This one autosaves to {name}, "
                "so neither overwrites the other's game."
            ).format(name=slot.path.name)
        else:
            text = tr("Too many Tilehouse windows are running: this one does not autosave.")
        self.banner.show_notice("instance", text)
        self._place_overlays()

    def on_autosave_failed(self, kind: str, message: str, retry: bool) -> None:
        """Shown once per kind of failure (the worker does not repeat one until an autosave works)."""
        if kind == "full":
            what = tr("Autosave failed: the disk is full.")
        elif kind == "denied":
            what = tr("Autosave failed: the saves folder cannot be written.")
        else:
            what = tr("Autosave failed: {error}").format(error=message)
        text = what + " " + tr("The game goes on and the last autosave is kept; it is retried at every move.")
        if retry:
            text = tr("Still failing.") + " " + text
        new = kind != self._autosave_failure or not self.banner.isVisible()
        self._autosave_failure = kind
        self._enable_retry()
        if self.demo:
            print(f"error: {text}")
            return
        self.banner.show_notice("autosave", text, new=new and not retry)
        self._place_overlays()

    def on_autosave_ok(self, retry: bool) -> None:
        """An autosave worked again (at a move, or asked by Retry): the warning goes."""
        was_failing, self._autosave_failure = self._autosave_failure, ""
        self._enable_retry()
        self.banner.clear("autosave")
        if retry or was_failing:
            self.toast.show_text(tr("Autosaved."))

    def _enable_retry(self) -> None:
        """The Game menu's Retry autosave is there while an autosave is failing (the menus may not be
        built yet: they come right after the first frame)."""
        action = getattr(self, "act_retry_autosave", None)
        if action is not None:
            action.setEnabled(bool(self._autosave_failure))

    def retry_autosave(self) -> None:
        if self.controller.has_game:
            self.controller.retry_autosave()

    def undo(self) -> None:
        if self.snap is not None and self.snap.can_undo:
            self.settlement.hide()
            self.set_mode("", refresh=False)
            self.controller.undo()
        else:
            self.toast.show_text(tr("Undo is for practice games, after one of your own moves."))

    def toggle_practice(self) -> None:
        self.settings.practice_panel = self.act_practice.isChecked()
        self.settings.save()
        self.controller.analysis = self.settings.practice_panel
        self.practice.setVisible(self.settings.practice_panel and self.snap is not None)
        if self.controller.has_game:
            self.controller.refresh()

    def settings_dialog(self) -> None:
        from desktop.dialogs import SettingsDialog

        dlg = SettingsDialog(self.settings, self)
        if dlg.exec() != SettingsDialog.DialogCode.Accepted:
            return
        old_lang = i18n.language()
        dlg.apply()
        new_lang = i18n.install(self.settings.language)
        if new_lang != old_lang:
            self._build_menus()
            self.welcome.retranslate()
            self._describe_quick_game()
            self.banner.retranslate()
            self.practice.retranslate()
        self.act_practice.setChecked(self.settings.practice_panel)
        self.apply_settings()
        if self.snap is not None:
            self.render_snapshot(self.snap, [])

    # ------------------------------------------------------------ snapshots
    def names(self, snap: Snapshot) -> list[str]:
        n = snap.obs.n
        out = []
        for s in range(n):
            if snap.human_seat is not None and s == snap.human_seat:
                out.append(tr("You"))
            elif s in snap.outside:  # an outside program (mjai) plays it
                out.append(tr("Bot {n}").format(n=(s - (snap.human_seat or 0)) % n))
            else:
                out.append(tr("AI {n}").format(n=(s - (snap.human_seat or 0)) % n))
        return out

    def on_snapshot(self, snap: Snapshot) -> None:
        self._fill_menus()  # (a save given on the command line may load before they are filled)
        self.snap = snap
        i18n.use_vocabulary(_family(snap.family).vocabulary)  # tiles and units in the family's words
        self.welcome.hide()
        if not snap.legal:
            self.set_mode("", refresh=False)
        self.render_snapshot(snap, snap.events)
        if snap.report is not None:
            self.claim.clear()
            self.settlement.show_report(
                snap.report,
                self.names(snap),
                _family(snap.family),
                red_tiles=snap.red_tiles,
                dpr=self.devicePixelRatioF(),
                final=snap.match_over,
                standings=snap.standings,
            )
            self._place_overlays()
            self.hand_settled.emit()
        elif snap.match_over:
            self.claim.clear()
        self.act_undo.setEnabled(snap.can_undo)
        if snap.notices:  # outside programs: not there (the strong AI plays), failing
            from desktop import messages

            self.bot_notice = " ".join(messages.text(m, self.names(snap)) for m in snap.notices)
            self.banner.show_notice("bots", self.bot_notice)
            self._place_overlays()

    def render_snapshot(self, snap: Snapshot, events: list[Any]) -> None:
        started = time.perf_counter()
        settling = snap.report is not None
        obs = snap.report_obs if settling and snap.report_obs is not None else snap.obs
        names = self.names(snap)
        from desktop.table.layout import TableModel

        model = TableModel(
            obs=obs,
            viewer=snap.viewer,
            spec=_family(snap.family),
            human=snap.human_seat is not None,
            red_tiles=snap.red_tiles,
            names=names,
            select_mode=self.mode,
            chosen=set(self.chosen),
            rules=snap.rules,
        )
        if snap.report is not None:
            for w in snap.report.wins:
                model.revealed[w.seat] = list(w.concealed)
                model.winning[w.seat] = w.tile
        else:
            self._fill_allowed(model, snap, names)
        if obs.seats and snap.viewer < len(obs.seats):
            me = obs.seats[snap.viewer]
            hand = list(me.hand or ())
            if not self.settings.auto_sort and hand:
                self.hand_order = [t for t in self.hand_order if t in hand] + [
                    t for t in hand if t not in self.hand_order
                ]
                if me.drawn in self.hand_order:
                    self.hand_order.remove(me.drawn)
                model.hand_order = list(self.hand_order)
        self.scene.show_model(model, [] if settling else events)
        self._update_claims(snap)
        if self.settings.practice_panel and snap.human_seat is not None and not settling:
            self.practice.update_analysis(
                snap.analysis,
                _family(snap.family),
                names,
                red_tiles=snap.red_tiles,
                dpr=self.devicePixelRatioF(),
            )
            self.practice.show()
        else:
            self.practice.hide()
        self._place_overlays()
        self.frames += 1
        self.render_ms.append((time.perf_counter() - started) * 1000)

    def _fill_allowed(self, model: TableModel, snap: Snapshot, names: list[str]) -> None:
        """Which own tiles may be played now and why the others may not: the engine's legal actions
        and its refusal of each other tile (:meth:`engine.game.game.Game.why_not`)."""
        from desktop import messages
        from engine.game.actions import ActionType as A

        if snap.human_seat is None:
            return
        hand = list(snap.obs.me.hand or ())
        if not snap.legal:  # another seat's turn: a tile clicked or chosen with the keys says so
            for t in hand:
                model.reasons[t] = tr("It is not your turn.")
            return
        if self.mode == "exchange":
            model.allowed = {t: True for t in hand}
            return
        declare = self.mode == "declare"
        kind = A.RIICHI if declare else A.DISCARD
        ok = {a.tile for a in snap.legal if a.type is kind}
        refusals = snap.declare_refusals if declare else snap.refusals
        for t in hand:
            model.allowed[t] = t in ok
            if t not in ok:
                why = refusals.get(t)
                model.reasons[t] = (
                    messages.text(why, names) if why is not None else tr("That tile cannot be discarded now.")
                )

    def _update_claims(self, snap: Snapshot) -> None:
        from engine.game.actions import ActionType as A

        if snap.report is not None or not snap.legal:
            self.claim.clear()
            return
        spec = _family(snap.family)
        if self.mode:
            self.claim.set_options(
                [], spec, red_tiles=snap.red_tiles, dpr=self.devicePixelRatioF(), cancel_mode=self.mode
            )
        else:
            others = [a for a in snap.legal if a.type is not A.DISCARD]
            if others:
                if self._panels is not None and not self.claim.isVisible():
                    self.toast.hide()  # a new question: an older notice would stand beside its buttons
                self.claim.set_options(
                    others,
                    spec,
                    red_tiles=snap.red_tiles,
                    dpr=self.devicePixelRatioF(),
                    timer_seconds=self.settings.claim_timer,
                )
            else:
                self.claim.clear()

    # --------------------------------------------------------------- input
    def set_mode(self, mode: str, *, refresh: bool = True) -> None:
        self.mode = mode
        self.chosen = set()
        if refresh and self.snap is not None:
            self.render_snapshot(self.snap, [])
            if mode == "declare":
                self.toast.show_text(tr("Choose the tile to discard with riichi."))
            elif mode == "exchange":
                self.toast.show_text(tr("Choose three tiles of one suit to pass on."))

    def on_tile_chosen(self, tile: int) -> None:
        from engine.game.actions import ActionType as A

        snap = self.snap
        if snap is None or snap.human_seat is None:
            return
        if not snap.legal:
            self.on_refused(tr("It is not your turn."))
            return
        if self.mode == "exchange":
            self._toggle_exchange(tile)
            return
        kind = A.RIICHI if self.mode == "declare" else A.DISCARD
        match = next((a for a in snap.legal if a.type is kind and a.tile == tile), None)
        if match is None:
            item = self.scene.hand_tile_at(tile)
            self.on_refused(
                item.reason if item is not None and item.reason else tr("That tile cannot be discarded now.")
            )
            return
        self.send(match)

    def _toggle_exchange(self, tile: int) -> None:
        from engine.game.actions import ActionType as A

        assert self.snap is not None
        if tile in self.chosen:
            self.chosen.discard(tile)
        elif len(self.chosen) < 3:
            self.chosen.add(tile)
        if len(self.chosen) == 3:
            match = next(
                (a for a in self.snap.legal if a.type is A.EXCHANGE and set(a.tiles) == self.chosen), None
            )
            if match is not None:
                self.send(match)
                return
            self.toast.show_text(tr("Those three tiles cannot be passed on together."))
        chosen = set(self.chosen)
        self.render_snapshot(self.snap, [])
        self.chosen = chosen

    def on_claim(self, action: Action) -> None:
        self.send(action)

    def send(self, action: Action) -> None:
        self.claim.clear()
        self.mode = ""
        self.chosen = set()
        if self.snap is not None:
            self.snap.legal = []  # no second decision until the answer
        self.controller.human_action(action)

    def on_refused(self, reason: str) -> None:
        self.last_refusal = reason
        self.toast.show_text(reason)

    def on_error(self, message: str) -> None:
        self.last_refusal = message
        if self.demo:
            print(f"error: {message}")
            return
        from PySide6.QtWidgets import QMessageBox

        QMessageBox.warning(self, tr("Tilehouse"), message)
        if self.snap is None:
            self.startup()

    def on_next(self) -> None:
        self.settlement.hide()
        snap = self.snap
        if snap is not None and snap.match_over:
            # the table as the last hand ended, its winners' hands open, with the scores after its
            # settlement (the engine may have dealt a next hand the match will not play)
            if snap.report is not None and snap.report_obs is not None:
                after = {s.seat: s.after for s in snap.report.seats}
                obs = snap.report_obs
                seats = tuple(replace(v, score=after.get(i, v.score)) for i, v in enumerate(obs.seats))
                snap.report_obs = replace(obs, seats=seats)
                self.render_snapshot(snap, [])
            self.new_game_dialog() if not self.demo else None
            return
        if snap is not None:
            snap.report = None
            self.render_snapshot(snap, [])
        self.controller.next_hand()

    def keyPressEvent(self, event: Any) -> None:
        from PySide6.QtCore import Qt

        key = event.key()
        if key in (Qt.Key.Key_Left, Qt.Key.Key_Right):
            self.scene.move_cursor(-1 if key == Qt.Key.Key_Left else 1)
        elif key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            if self.settlement.isVisible():
                self.on_next()
            else:
                self.scene.activate_cursor()
        elif key == Qt.Key.Key_Escape:
            if self.mode:
                self.set_mode("")
            else:
                self.claim.press_escape()
        else:
            super().keyPressEvent(event)

    # ------------------------------------------------------------ layout
    # Panels over the table keep clear of what a player reads on it. The practice panel keeps to the
    # side of the table with the most free room (the right of the right seat's hand, else the left of
    # the left seat's), as wide and tall as the room lets it be; the hint list then shows what fits.
    # Once the player drags it, it stays where it was put (a share of the table's size, remembered in
    # the settings) until a double-click on its title bar. The settlement panel stays in the middle of
    # the table, in the room left by the seat labels, the hands and melds of the winners and the
    # corner (dora, dice, 财神): it covers the ponds, the centre box and the other hands.
    PANEL_MARGIN = 8
    PRACTICE_WIDTHS = (320, 300, 280, 260, 240, 220, 200)
    HINT_ROOM = 280  # pixels kept for the hint list while it is still empty

    def table_rects(self, keep: Any = None) -> list[tuple[str, object, Rect]]:
        """What is drawn on the table now, as (what, seat or key, rectangle in view pixels): every
        item the scene tagged (tiles, labels, sticks, stacks, the corner) and the centre box.
        ``keep(what, seat)`` chooses (default: all but announcements, which come and go)."""
        from desktop.table.scene import ROLE

        v = self.view
        to_view = v.viewportTransform()
        out: list[tuple[str, object, Rect]] = []
        for item in self.scene.items():
            if not item.isVisible():
                continue
            data = item.data(ROLE)
            if not isinstance(data, tuple):
                continue
            what, seat = str(data[0]), data[1]
            if what == "announce" or (keep is not None and not keep(what, seat)):
                continue
            r = to_view.mapRect(item.sceneBoundingRect()).toAlignedRect()
            out.append((what, seat, (r.left(), r.top(), r.right() + 1, r.bottom() + 1)))
        box = self.scene.backdrop
        if box.isVisible() and self.scene.backdrop.info and (keep is None or keep("box", None)):
            r = v.mapFromScene(box.mapRectToScene(box.box_rect)).boundingRect()
            out.append(("box", None, (r.left(), r.top(), r.right() + 1, r.bottom() + 1)))
        return out

    def _place_practice(self) -> None:
        p = self.practice
        v = self.view
        w, h = v.width(), v.height()
        m = self.PANEL_MARGIN
        pos = self.settings.practice_pos
        if pos is not None:  # where the player put it
            width = min(self.practice.WIDTH, w - 2 * m)
            x = min(max(0, round(pos[0] * w)), max(0, w - width))
            y = min(max(0, round(pos[1] * h)), max(0, h - 40))
            p.fit(width, max(120, h - y - m))
            p.move(x, y)
            return
        obstacles = [_grow(r, 6) for _, _, r in self.table_rects()]
        bounds: Rect = (m, m, w - m, h - m)
        best: tuple[float, int, int, int, int] | None = None  # (score, x, top, height, width)
        for width in self.PRACTICE_WIDTHS:
            if width > w - 2 * m:
                continue
            if p.collapsed:
                need = p.bar.sizeHint().height() + 24
            else:  # room for the hint list too, before it is asked for
                need = p.needed_height(width) + (0 if p.hints else self.HINT_ROOM)
            for x in (w - m - width, m):  # the right side first
                top, height = column_room(bounds, x, x + width, obstacles)
                score = min(height, need) + width / 1000  # tall enough first, then wide
                if best is None or score > best[0]:
                    best = (score, x, int(top), int(height), width)
            if best is not None and best[3] >= need:
                break
        if best is None:
            return
        _, x, top, height, width = best
        p.fit(width, height)
        p.move(x, top)

    def _place_settlement(self) -> None:
        s = self.settlement
        v = self.view
        w, h = v.width(), v.height()
        m = self.PANEL_MARGIN
        winners = {win.seat for win in s.report.wins} if getattr(s, "report", None) is not None else set()

        def keep(what: str, seat: object) -> bool:
            return settlement_keeps(what, seat, winners)

        groups: dict[tuple[str, object], Rect] = {}  # a hand, a seat's melds, a label: one block each
        for what, seat, r in self.table_rects(keep):
            key = ("meld" if what == "added" else what, seat)
            g = groups.get(key)
            groups[key] = (
                r if g is None else (min(g[0], r[0]), min(g[1], r[1]), max(g[2], r[2]), max(g[3], r[3]))
            )
        obstacles = [_grow(r, 4) for r in groups.values()]
        centre = v.mapFromScene(QPointF(SCENE_W / 2, SCENE_H * 0.45))
        sw = min(760, int(w * 0.64))
        need = self.settlement.content.sizeHint().height() + 110
        sh = min(int(h * 0.94), max(360, need))
        room = room_around((m, m, w - m, h - m), (centre.x(), centre.y()), obstacles, (sw, sh))
        sw = min(sw, int(room[2] - room[0]))
        sh = min(sh, int(room[3] - room[1]))
        x = int(min(max(room[0], centre.x() - sw / 2), room[2] - sw))
        y = int(min(max(room[1], (h - sh) / 2 - h * 0.03), room[3] - sh))
        s.setGeometry(x, y, sw, sh)

    def _place_claim(self, hand_top: int) -> None:
        """The claim buttons stand just above the own hand, right of the middle, moved sideways to
        the nearest place where they cover nothing (a pond, a label, a meld, the practice panel)."""
        c = self.claim
        w = self.view.width()
        cw, ch = c.width(), c.height()
        y = max(8, hand_top - ch - 6)
        viewer = self.snap.viewer if self.snap is not None else 0
        obstacles = [
            _grow(r, 4) for what, seat, r in self.table_rects() if not (what == "hand" and seat == viewer)
        ]
        if self.practice.isVisible():
            g = self.practice.geometry()
            obstacles.append((g.left(), g.top(), g.right() + 1, g.bottom() + 1))
        default = max(8, (w - cw) // 2 + int(w * 0.1))
        x = self._free_x(cw, ch, y, default, obstacles)
        c.move(default if x is None else x, y)

    def _free_x(self, cw: int, ch: int, y: int, default: int, obstacles: list[Rect]) -> int | None:
        """The x nearest ``default`` where a ``cw``×``ch`` box at height ``y`` covers no obstacle (None
        when there is none)."""
        for x in sorted(range(8, max(9, self.view.width() - cw - 7), 8), key=lambda x: abs(x - default)):
            if not any(overlaps((x, y, x + cw, y + ch), o) for o in obstacles):
                return x
        return None

    def _place_toast(self) -> None:
        """A notice stands just above the own hand, near the middle, clear of the ponds, melds, labels,
        the claim buttons and the practice panel (it used to lie over the player's own discards)."""
        t, v = self.toast, self.view
        hand_top = v.mapFromScene(QPointF(0, HAND_Y - 10)).y()
        t.fit_width(max(260, int(v.width() * 0.45)))  # a long notice wraps rather than cross the table
        tw, th = t.width(), t.height()
        y = max(8, min(hand_top, v.height()) - th - 8)
        panels = []
        for panel in (self.claim, self.practice):
            if panel.isVisible():
                g = panel.geometry()
                panels.append((g.left(), g.top(), g.right() + 1, g.bottom() + 1))
        drawn = [(what, _grow(r, 4)) for what, _seat, r in self.table_rects() if what != "hand"]
        table = [r for _what, r in drawn]
        labels = [r for what, r in drawn if what == "label"]
        default = (v.width() - tw) // 2
        # clear of everything; on a crowded small table, clear of the buttons and the labels (a pond
        # may lie under the notice for the seconds it shows)
        for obstacles in (table + panels, labels + panels):
            for top in range(y, max(8, y - v.height() // 3), -8):  # higher up when the row is taken
                x = self._free_x(tw, th, top, default, obstacles)
                if x is not None:
                    t.move(x, top)
                    return
        t.move(default, y)

    def _place_overlays(self) -> None:
        v = self.view
        w, h = v.width(), v.height()
        hand_top = v.mapFromScene(QPointF(0, HAND_Y - 10)).y()
        if self._panels is not None:  # (not made yet: none of them shows)
            if self.claim.isVisible():
                self.claim.adjustSize()
                self._place_claim(hand_top)
            if self.settlement.isVisible():
                self._place_settlement()
            if self.practice.isVisible():
                self._place_practice()
        if self.banner.isVisible():
            bw = min(900, w - 24)
            self.banner.setFixedWidth(bw)
            self.banner.adjustSize()
            self.banner.move((w - bw) // 2, 8)
        if self.welcome.isVisible():
            self.welcome.adjustSize()
            self.welcome.resize(max(320, self.welcome.width()), self.welcome.height())
            self.welcome.move((w - self.welcome.width()) // 2, (h - self.welcome.height()) // 2)

    def on_practice_moved(self, pos: Any) -> None:
        """The player dragged the practice panel (a point off the table: back to its own place)."""
        v = self.view
        if pos.x() < 0:
            self.settings.practice_pos = None
        else:
            self.settings.practice_pos = [
                round(max(0.0, min(1.0, pos.x() / max(1, v.width()))), 5),
                round(max(0.0, min(1.0, pos.y() / max(1, v.height()))), 5),
            ]
        self.settings.save()
        self._place_overlays()

    def on_practice_folded(self, collapsed: bool) -> None:
        self.settings.practice_collapsed = collapsed
        self.settings.save()
        self._place_overlays()

    def closeEvent(self, event: Any) -> None:
        self.shutdown()
        super().closeEvent(event)

    def shutdown(self) -> None:
        self._shut_down = True
        c = self._controller
        if c is not None:
            if c.worker_thread.thread.isRunning():
                c.stop()  # (it gives the autosave's lock back)
        elif self._autosave_slot is not None:
            self._autosave_slot.release()
        if not self.demo:
            self.settings.window = [self.width(), self.height()]
            self.settings.save()

    # ---------------------------------------------------------- tool host (desktop/tools.py)
    # What the study tools ask of the window (desktop.tools.ToolHost); they never import this module.
    @property
    def tools(self) -> Any:
        """The study tools' windows (a desktop.tools.ToolWindows), made at the first use: the menus."""
        if "_tool_windows" not in self.__dict__:
            from desktop.tools import ToolWindows

            self.__dict__["_tool_windows"] = ToolWindows(self)
        return self.__dict__["_tool_windows"]

    @tools.setter
    def tools(self, windows: Any) -> None:
        self.__dict__["_tool_windows"] = windows

    @property
    def records(self) -> Any:
        """The Game menu's records entries and the replay viewer (a desktop.record_menu.RecordMenu)."""
        if "_record_menu" not in self.__dict__:
            from desktop.record_menu import RecordMenu

            self.__dict__["_record_menu"] = RecordMenu(self)
        return self.__dict__["_record_menu"]

    def tool_parent(self) -> QMainWindow:
        return self

    def table_family(self) -> str:
        return self.snap.family if self.snap is not None else self.settings.family()

    def table_snapshot(self) -> Snapshot | None:
        return self.snap

    def snapshot_signal(self) -> Any:  # a SignalInstance carrying each Snapshot
        return self.controller.snapshot

    def settled_signal(self) -> Any:  # a SignalInstance: a settlement is showing
        return self.hand_settled

    def practice_tools_used(self) -> bool:
        session = self.controller.worker.session
        return session is not None and bool(session.game.practice_used)

    def start_table_game(self, rules: Any, setup: Setup, seed: int | str | None = None) -> None:
        self.start_game(rules, setup, seed)

    def open_new_game_dialog(self) -> None:
        self.new_game_dialog()

    def run_on_engine(self, job: Any, *, new_game: bool = False) -> None:
        if new_game:  # the job deals a game of its own: clear the table as start_game does
            self.welcome.hide()
            self.settlement.hide()
            self.claim.clear()
            self.hand_order = []
            self.set_mode("", refresh=False)
            self.controller.has_game = True
        self.controller._submit(job, bump=new_game)

    def send_table_action(self, action: Action) -> None:
        self.send(action)

    def show_practice_panel(self) -> None:
        if not self.act_practice.isChecked():
            self.act_practice.setChecked(True)
            self.toggle_practice()

    def retranslate_ui(self) -> None:
        self._build_menus()
        self.welcome.retranslate()
        self._describe_quick_game()
        self.banner.retranslate()
        self.practice.retranslate()

    def when_first_frame(self, callback: Any) -> None:
        if self.isVisible():  # shown already: the first frame may be gone
            QTimer.singleShot(0, callback)
        else:
            self.view.first_frame.connect(callback)


SETTLEMENT_KEEPS = ("label", "flower", "dora", "dice", "wild", "wild_shown", "caption")
"""What the settlement panel never covers, besides the hands and melds of the winners: the seat
labels, the flowers and the corner (dora indicators, the dice, the 财神 and their captions)."""


def settlement_keeps(what: str, seat: object, winners: set[int]) -> bool:
    """Whether the settlement panel must keep clear of an item (see :data:`SETTLEMENT_KEEPS`)."""
    if what in SETTLEMENT_KEEPS:
        return True
    return what in ("hand", "meld", "added") and seat in winners


def _family(name: str) -> FamilySpec:
    """The registry's family (imported when a game first shows, not before the first frame)."""
    from engine.families.registry import get_family

    return get_family(name)


def _grow(r: Rect, by: float) -> Rect:
    return (r[0] - by, r[1] - by, r[2] + by, r[3] + by)


__all__ = ["MainWindow", "QHBoxLayout", "settlement_keeps"]
