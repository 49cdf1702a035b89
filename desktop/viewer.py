"""The replay viewer: a recorded game on the real table, position by position.

:func:`read_record` opens any record the engine reads — a Tilehouse log, tenhou.net/6 JSON, a Tenhou
mjlog, an mjai log — and the window's own saves (``.thsave``), and returns an :class:`OpenedRecord`
holding the engine's :class:`~engine.records.stepper.Replayer`. It runs off the UI thread
(:class:`desktop.background.Task`); a file that cannot be read is one line in a message box.

:class:`ViewerWindow` draws the replayer's observation at its position with the table's own layout and
scene (:mod:`desktop.table`), from one seat's view or with every hand face up (the replayer's open
table), steps by action (←/→), by turn (↑/↓), by hand (PgUp/PgDn), to the start and end (Home/End) or
anywhere with the slider, shows the engine's analysis of the seat at the bottom (shanten, waits, best
discards: :func:`desktop.panels.practice_lines`) and, where a hand ended, its settlement report in the
table's settlement panel. The review of a seat's play (:mod:`desktop.review`) sits beside it; a row
jumps the viewer to its position. Nothing here measures a hand or knows a family: the engine does.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QMessageBox,
    QPushButton,
    QSizePolicy,
    QSlider,
    QSplitter,
    QStyle,
    QVBoxLayout,
    QWidget,
)

from desktop import i18n
from desktop.actions import add_action
from desktop.background import Task
from desktop.i18n import tr
from desktop.panels import SettlementPanel, as_blocks, describe_option, practice_lines, tiles_pixmap
from desktop.table import TableModel, TableScene
from desktop.table.view import FeltView
from engine.families.registry import FamilySpec, get_family
from engine.game.observation import Observation
from engine.records.stepper import Replayer

SAVE_HEADER = re.compile(rb'^\s*\{\s*"format"\s*:\s*"tilehouse-save"')
RECORD_FILTER_SUFFIXES = "*.thsave *.jsonl *.log *.json *.mjson *.mjlog *.xml *.txt"


# ── reading a record (off the UI thread) ─────────────────────────────────────────────────────────
@dataclass
class OpenedRecord:
    """A record ready to step through: the engine's replayer and what the file said of its players."""

    replayer: Replayer
    source: str  # the file's name ("" for the game on the table)
    format: str  # "save", "tilehouse", "tenhou.net/6", "mjlog", "mjai", "table"
    names: tuple[str, ...] = ()  # the players' names the record gives
    human_seat: int | None = None  # the person's seat (a save, the table's game)
    same_result: bool = True  # an imported log's results equal the engine's replay of it

    @property
    def game(self) -> Any:
        """The whole game (the replayer's, after every action): review and export read it."""
        return self.replayer.final

    @property
    def spec(self) -> FamilySpec:
        return get_family(self.replayer.final.family.name)


def _is_save(path: Path) -> bool:
    try:
        with open(path, "rb") as fh:
            head = fh.read(256)
    except OSError:
        return False
    return bool(SAVE_HEADER.match(head.lstrip(b"\xef\xbb\xbf")))


def read_record(path: Path | str) -> OpenedRecord:
    """Any record file as an :class:`OpenedRecord`; ``ValueError`` (one line) when it cannot be read."""
    path = Path(path)
    if _is_save(path):
        from desktop.session import GameSession, SaveError

        try:
            session = GameSession.load(path)
        except SaveError as exc:
            raise ValueError(str(exc)) from None
        replayer = Replayer.from_game(session.game)
        return OpenedRecord(replayer, path.name, "save", (), session.setup.human_seat)
    from engine.records.formats import load_game

    loaded = load_game(path)
    replayer = Replayer.from_game(loaded.game)
    replayer.names = loaded.names
    return OpenedRecord(replayer, path.name, loaded.format, loaded.names, None, loaded.same_result)


def record_of_game(game: Any, human_seat: int | None) -> OpenedRecord:
    """The game on the table as a record (made on the engine worker's thread: the game is read there)."""
    return OpenedRecord(Replayer.from_game(game), "", "table", (), human_seat)


# ── words ────────────────────────────────────────────────────────────────────────────────────────
def seat_names(record: OpenedRecord) -> list[str]:
    """The players as the viewer names them: the record's names, else You / AI n, else Seat n."""
    n = len(record.replayer.final.match.scores)
    if record.names and len(record.names) == n and all(x.strip() for x in record.names):
        return [x.strip() for x in record.names]
    human = record.human_seat
    if human is not None and 0 <= human < n:
        return [tr("You") if s == human else tr("AI {n}").format(n=(s - human) % n) for s in range(n)]
    return [tr("Seat {n}").format(n=s + 1) for s in range(n)]


def hand_title(record: OpenedRecord, hand: int) -> str:
    """A hand named as the table names it: "East 2, 1 honba" where rounds go by wind, else "Hand 3"."""
    replayer = record.replayer
    spec = record.spec
    match = replayer.hands[max(0, min(hand, len(replayer.hands) - 1))].match
    if spec.rounds_by_wind:
        n = len(match.scores)
        wind = (match.round_wind - 27) % 4
        if i18n.is_zh():
            text = f"{i18n.wind_char(wind)}{match.round_index % n + 1}局"
        else:
            text = f"{i18n.wind_name(wind)} {match.round_index % n + 1}"
        if match.honba:
            text += " · " + tr("{n} honba").format(n=match.honba)
        return text
    return tr("Hand {n}").format(n=match.hand_index + 1)


# ── the view ────────────────────────────────────────────────────────────────────────────────────
class ReplayView(FeltView):
    """The table scene, fitted to the view (the main window's table view, without its input)."""

    def __init__(self, scene: TableScene, parent: QWidget | None = None) -> None:
        super().__init__(scene, parent)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)


MOVE_KEYS = ("start", "hand_back", "turn_back", "back", "forward", "turn_forward", "hand_forward", "end")
MOVE_SLOTS = {
    "start": "to_start",
    "hand_back": "previous_hand",
    "turn_back": "previous_turn",
    "back": "back",
    "forward": "forward",
    "turn_forward": "next_turn",
    "hand_forward": "next_hand",
    "end": "to_end",
}

SIDE_STYLE = """
QWidget#side { background: #16302a; }
QWidget#side QLabel { color: #eef3ef; }
QWidget#side QLabel#heading { color: #f6e7b8; font-weight: bold; font-size: 15px; }
QWidget#side QLabel#muted { color: #b9cbc3; }
QWidget#side QCheckBox { color: #eef3ef; }
"""


class ViewerWindow(QMainWindow):
    """A recorded game on the table, stepped through (see the module text)."""

    rendered = Signal()  # the table shows the position (tests)
    opened = Signal()  # a record was put in the viewer
    open_failed = Signal(str)  # one line

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowFlag(Qt.WindowType.Window, True)
        self.setMinimumSize(960, 640)
        self.demo = False  # the settlement panel builds in steps (as at the table)
        self.record: OpenedRecord | None = None
        self.seat = 0  # the seat at the bottom (its view, its analysis)
        self.open_table = False  # every hand face up
        self.settled = False  # a hand's settlement is showing
        self.dismissed = -1  # the position whose settlement was put away ("Next hand")
        self.last_error = ""
        self.marked: tuple[int, int] | None = None  # (position, tile): a tile marked in the hand there
        self.loading: Task | None = None
        self.scene = TableScene(self)
        self.scene.anim_speed = 0.0
        self.view = ReplayView(self.scene)
        self.settlement = SettlementPanel(self.view)
        self.settlement.next_clicked.connect(self.next_hand_from_settlement)
        self._build()
        from desktop.review import ReviewPanel

        self.review = ReviewPanel(self)
        self.side_box.addWidget(self.review, 1)
        self._build_menus()
        self.retranslate()
        self.view.resized.connect(self._place_settlement)

    # ------------------------------------------------------------------ build
    def _build(self) -> None:
        central = QWidget()
        outer = QVBoxLayout(central)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.setSpacing(0)
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(self.view)
        side = QWidget()
        side.setObjectName("side")
        side.setStyleSheet(SIDE_STYLE)
        side.setMinimumWidth(300)
        side.setMaximumWidth(560)
        box = QVBoxLayout(side)
        box.setContentsMargins(12, 10, 12, 10)
        box.setSpacing(6)
        self.side_box = box
        self.title_label = QLabel()
        self.title_label.setObjectName("heading")
        self.title_label.setWordWrap(True)
        box.addWidget(self.title_label)
        self.where_label = QLabel()
        self.where_label.setWordWrap(True)
        box.addWidget(self.where_label)
        self.step_label = QLabel()
        self.step_label.setObjectName("muted")
        self.step_label.setWordWrap(True)
        box.addWidget(self.step_label)
        row = QHBoxLayout()
        self.seat_caption = QLabel()
        self.seat_combo = QComboBox()
        self.seat_combo.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.seat_combo.activated.connect(lambda i: self.set_seat(i))
        row.addWidget(self.seat_caption)
        row.addWidget(self.seat_combo, 1)
        box.addLayout(row)
        self.open_check = QCheckBox()
        self.open_check.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.open_check.toggled.connect(self.set_open_table)
        box.addWidget(self.open_check)
        self.analysis_heading = QLabel()
        self.analysis_heading.setObjectName("heading")
        box.addWidget(self.analysis_heading)
        self.analysis_label = QLabel()
        self.analysis_label.setWordWrap(True)
        self.analysis_label.setTextFormat(Qt.TextFormat.RichText)
        self.analysis_label.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        box.addWidget(self.analysis_label)
        self.waits_label = QLabel()
        box.addWidget(self.waits_label)
        split.addWidget(side)
        split.setStretchFactor(0, 1)
        split.setStretchFactor(1, 0)
        split.setCollapsible(0, False)
        split.setSizes([1000, 440])
        self.side = side
        outer.addWidget(split, 1)
        outer.addWidget(self._build_bar())
        self.setCentralWidget(central)

    def _build_bar(self) -> QWidget:
        bar = QWidget()
        bar.setObjectName("side")
        bar.setStyleSheet(SIDE_STYLE)
        row = QHBoxLayout(bar)
        row.setContentsMargins(10, 6, 10, 6)
        self.buttons: dict[str, QPushButton] = {}
        for key in MOVE_KEYS:
            b = QPushButton()
            b.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            b.setMinimumWidth(44)
            b.clicked.connect(getattr(self, MOVE_SLOTS[key]))
            row.addWidget(b)
            self.buttons[key] = b
        style = self.style()
        self.buttons["start"].setIcon(style.standardIcon(QStyle.StandardPixmap.SP_MediaSkipBackward))
        self.buttons["end"].setIcon(style.standardIcon(QStyle.StandardPixmap.SP_MediaSkipForward))
        self.slider = QSlider(Qt.Orientation.Horizontal)
        self.slider.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.slider.setMinimum(0)
        self.slider.setMaximum(0)
        self.slider.valueChanged.connect(self._slid)
        row.addWidget(self.slider, 1)
        self.hand_combo = QComboBox()
        self.hand_combo.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.hand_combo.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        self.hand_combo.activated.connect(self.goto_hand)
        row.addWidget(self.hand_combo)
        self.position_label = QLabel()
        self.position_label.setMinimumWidth(90)
        row.addWidget(self.position_label)
        return bar

    def _build_menus(self) -> None:
        bar = self.menuBar()
        bar.clear()
        menu = bar.addMenu(tr("&Record"))
        self.act_open = add_action(
            self, menu, tr("&Open game record…"), QKeySequence.StandardKey.Open, self.open_dialog
        )
        menu.addSeparator()
        menu.setToolTipsVisible(True)
        self.act_export_tenhou6 = add_action(
            self, menu, tr("Export as &tenhou.net/6 JSON…"), None, lambda: self.export_dialog("tenhou6")
        )
        self.act_export_mjai = add_action(
            self, menu, tr("Export as &mjai…"), None, lambda: self.export_dialog("mjai")
        )
        menu.addSeparator()
        add_action(self, menu, tr("&Close"), QKeySequence.StandardKey.Close, self.close)
        moves = bar.addMenu(tr("&Move"))
        keys = (
            (tr("Next action"), "Right", self.forward),
            (tr("Previous action"), "Left", self.back),
            (tr("Next turn"), "Down", self.next_turn),
            (tr("Previous turn"), "Up", self.previous_turn),
            (tr("Next hand"), "PgDown", self.next_hand),
            (tr("Previous hand"), "PgUp", self.previous_hand),
            (tr("Start of the game"), "Home", self.to_start),
            (tr("End of the game"), "End", self.to_end),
        )
        for text, key, slot in keys:
            act = add_action(self, moves, text, QKeySequence(key), slot)
            act.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        self._update_export_actions()

    def retranslate(self) -> None:
        self.setWindowTitle(tr("Game record"))
        self.seat_caption.setText(tr("Seat at the bottom:"))
        self.open_check.setText(tr("Open table (every hand face up)"))
        self.analysis_heading.setText(tr("Analysis"))
        tips = {
            "start": tr("Start of the game (Home)"),
            "hand_back": tr("Previous hand (PgUp)"),
            "turn_back": tr("Previous turn (↑)"),
            "back": tr("Previous action (←)"),
            "forward": tr("Next action (→)"),
            "turn_forward": tr("Next turn (↓)"),
            "hand_forward": tr("Next hand (PgDn)"),
            "end": tr("End of the game (End)"),
        }
        for key, tip in tips.items():
            self.buttons[key].setToolTip(tip)
        texts = {
            "hand_back": tr("◀ Hand"),
            "turn_back": tr("◀ Turn"),
            "back": "◀",
            "forward": "▶",
            "turn_forward": tr("Turn ▶"),
            "hand_forward": tr("Hand ▶"),
        }
        for key, text in texts.items():
            self.buttons[key].setText(text)
        self.slider.setToolTip(tr("Any position of the game"))
        self.review.retranslate()
        if self.record is not None:
            self._fill_combos()
            self.redraw()
        else:
            self.title_label.setText(tr("No game record is open."))

    # ------------------------------------------------------------------ open
    def open_dialog(self) -> None:
        path = ask_record_path(self)
        if path is not None:
            self.open_path(path)

    def open_path(self, path: Path) -> Task:
        """Read ``path`` off the UI thread; the viewer changes only when it has been read."""
        task = Task(lambda: read_record(path), "tilehouse-record")
        task.done.connect(self.show_record)
        task.failed.connect(lambda text: self._open_failed(path, text))
        self.loading = task
        self.statusBar().showMessage(tr("Reading {name}…").format(name=path.name))
        return task.start_work()

    def _open_failed(self, path: Path, text: str) -> None:
        self.statusBar().clearMessage()
        self.last_error = text
        self.open_failed.emit(text)
        self.warn(
            tr("Open game record"),
            tr("{name} cannot be opened: {problem}").format(name=path.name, problem=text),
        )

    def warn(self, title: str, text: str) -> None:
        """A message box (tests replace it)."""
        QMessageBox.warning(self, title, text)

    def show_record(self, record: OpenedRecord, *, position: int = 0, seat: int | None = None) -> None:
        """Put ``record`` in the viewer at ``position``, from ``seat``'s view (default: the person's)."""
        self.statusBar().clearMessage()
        self.record = record
        n = len(record.replayer.final.match.scores)
        self.seat = seat if seat is not None else (record.human_seat if record.human_seat is not None else 0)
        self.seat = max(0, min(n - 1, self.seat))
        self.dismissed = -1
        self.slider.blockSignals(True)
        self.slider.setMaximum(len(record.replayer))
        self.slider.blockSignals(False)
        self._fill_combos()
        self.review.set_record(record)
        self._update_export_actions()
        self.goto(position)
        self.opened.emit()
        if not record.same_result:
            self.statusBar().showMessage(
                tr("The engine's replay of this file differs from the results it states."), 15000
            )

    def _fill_combos(self) -> None:
        record = self.record
        if record is None:
            return
        names = seat_names(record)
        self.seat_combo.clear()
        self.seat_combo.addItems(names)
        self.seat_combo.setCurrentIndex(self.seat)
        self.hand_combo.clear()
        self.hand_combo.addItems([hand_title(record, h) for h in range(len(record.replayer.hands))])
        self.review.fill_seats(names, record.human_seat)

    # ------------------------------------------------------------------ move
    def goto(self, position: int) -> None:
        if self.record is None:
            return
        self.record.replayer.goto(position)
        self.redraw()

    def mark(self, position: int, tile: int) -> None:
        """Mark ``tile`` in the bottom hand while the viewer stays at ``position`` (the review's choice)."""
        self.marked = (position, tile)
        self.redraw()

    def forward(self) -> None:
        if self.record is not None:
            self.goto(self.record.replayer.position + 1)

    def back(self) -> None:
        if self.record is not None:  # from a settlement too: the table before the hand's last action
            self.goto(self.record.replayer.position - 1)

    def next_turn(self) -> None:
        if self.record is not None:
            self.record.replayer.next_turn()
            self.redraw()

    def previous_turn(self) -> None:
        if self.record is not None:
            self.record.replayer.previous_turn()
            self.redraw()

    def goto_hand(self, hand: int) -> None:
        """To the deal of ``hand`` (the settlement before it stays put away)."""
        if self.record is None:
            return
        replayer = self.record.replayer
        replayer.goto_hand(hand)
        self.dismissed = replayer.position
        self.redraw()

    def next_hand(self) -> None:
        if self.record is None:
            return
        replayer = self.record.replayer
        later = [h for h, s in enumerate(replayer.hands) if s.position > replayer.position]
        if self.settled and replayer.position in [s.position for s in replayer.hands]:
            later = [replayer.hand, *later]  # the deal under the settlement first
        if later:
            self.goto_hand(later[0])
        else:
            self.to_end()

    def previous_hand(self) -> None:
        if self.record is None:
            return
        replayer = self.record.replayer
        hand = replayer.hand
        start = replayer.hands[hand].position
        self.goto_hand(hand if replayer.position > start and not self.settled else hand - 1)

    def to_start(self) -> None:
        self.goto(0)

    def to_end(self) -> None:
        if self.record is not None:
            self.goto(len(self.record.replayer))

    def next_hand_from_settlement(self) -> None:
        """The settlement's button: put it away and show the next hand's deal."""
        if self.record is None:
            return
        self.dismissed = self.record.replayer.position
        self.redraw()

    def _slid(self, value: int) -> None:
        if self.record is not None and value != self.record.replayer.position:
            self.goto(value)

    def set_seat(self, seat: int) -> None:
        if self.record is None or not 0 <= seat < len(self.record.replayer.final.match.scores):
            return
        self.seat = seat
        if self.seat_combo.currentIndex() != seat:
            self.seat_combo.setCurrentIndex(seat)
        self.redraw()

    def set_open_table(self, on: bool) -> None:
        self.open_table = bool(on)
        if self.open_check.isChecked() != self.open_table:
            self.open_check.setChecked(self.open_table)
        self.redraw()

    # ------------------------------------------------------------------ draw
    def observation(self) -> Observation:
        """What the table shows now (the replayer's observation of the bottom seat, or its open table)."""
        assert self.record is not None
        replayer = self.record.replayer
        return replayer.open_observation() if self.open_table else replayer.observation(self.seat)

    def redraw(self) -> None:
        record = self.record
        if record is None:
            return
        replayer = record.replayer
        spec = record.spec
        i18n.use_vocabulary(spec.vocabulary)
        names = seat_names(record)
        position = replayer.position
        report = replayer.finished_report()
        self.settled = report is not None and self.dismissed != position
        if self.settled:
            replayer.goto(position - 1)  # the table as the hand ended (under the settlement)
            obs = self.observation()
            replayer.goto(position)
        else:
            obs = self.observation()
        rules = replayer.rules
        model = TableModel(
            obs=obs,
            viewer=self.seat,
            spec=spec,
            human=False,
            red_tiles=spec.red_tiles(rules),
            names=names,
            rules=rules,
        )
        if self.marked is not None and self.marked[0] == position and not self.settled:
            model.hint = self.marked[1]
        if self.open_table:
            for s, sv in enumerate(obs.seats):
                if s != self.seat and sv.hand:
                    model.revealed[s] = list(sv.hand)
        if self.settled and report is not None:
            for w in report.wins:
                model.revealed[w.seat] = list(w.concealed)
                model.winning[w.seat] = w.tile
        self.scene.show_model(model, [])
        self._show_texts(record, names, obs)
        self._show_analysis(record, names)
        if self.settled and report is not None:
            final = not any(h.position == position for h in replayer.hands[1:])
            game = replayer.final
            self.settlement.show_report(
                report,
                names,
                spec,
                red_tiles=spec.red_tiles(rules),
                dpr=self.devicePixelRatioF(),
                final=final and game.over,
                standings=game.standings() if final and game.over else None,
            )
            self.settlement.next_button.setText(tr("Next hand"))
            self.settlement.next_button.setVisible(not final)
            self._place_settlement()
        else:
            self.settlement.hide()
        self.slider.blockSignals(True)
        self.slider.setValue(position)
        self.slider.blockSignals(False)
        self.hand_combo.setCurrentIndex(self.shown_hand())
        self.position_label.setText(tr("{n} / {total}").format(n=position, total=len(replayer)))
        for key in ("start", "back", "turn_back", "hand_back"):
            self.buttons[key].setEnabled(position > 0 or self.settled)
        for key in ("forward", "turn_forward", "hand_forward", "end"):
            self.buttons[key].setEnabled(position < len(replayer) or self.settled)
        self.rendered.emit()

    def shown_hand(self) -> int:
        """The hand on the table: under a settlement, the hand that ended."""
        assert self.record is not None
        replayer = self.record.replayer
        last = replayer.step_at(replayer.position - 1)
        return last.hand if self.settled and last is not None else replayer.hand

    def _show_texts(self, record: OpenedRecord, names: list[str], obs: Observation) -> None:
        replayer = record.replayer
        spec = record.spec
        source = record.source or tr("The game on the table")
        self.title_label.setText(f"{source} · {i18n.family_name(spec.name)}")
        self.setWindowTitle(tr("Game record") + " — " + source)
        where = hand_title(record, self.shown_hand())
        self.where_label.setText(
            tr("{hand} · action {n} of {total}").format(hand=where, n=replayer.position, total=len(replayer))
        )
        last = replayer.step_at(replayer.position - 1)
        if last is None:
            self.step_label.setText(tr("The start of the game."))
        else:
            what = describe_option(last.action, spec.vocabulary, spec.red_tiles(replayer.rules))
            self.step_label.setText(tr("Last: {seat} — {action}").format(seat=names[last.seat], action=what))
        if self.settled:
            self.step_label.setText(self.step_label.text() + "\n" + tr("The hand is over."))

    def _show_analysis(self, record: OpenedRecord, names: list[str]) -> None:
        """The engine's analysis of the bottom seat at the position (nothing measured here)."""
        spec = record.spec
        replayer = record.replayer
        analysis = None
        if not self.settled and replayer.game.hand is not None:
            try:
                analysis = replayer.analysis(self.seat)
            except (ValueError, IndexError, KeyError):
                analysis = None
        if analysis is None or analysis.shanten is None:
            self.analysis_label.setText(tr("Nothing to analyse now."))
            self.waits_label.clear()
            return
        lines = practice_lines(analysis, names, 4, spec.vocabulary)
        self.analysis_label.setText(as_blocks(lines))
        waits = [w.kind * 4 + 1 for w in analysis.waits[:9]]
        self.waits_label.clear()
        if waits:
            self.waits_label.setPixmap(
                tiles_pixmap(
                    waits,
                    24,
                    24 * 36 / 26,
                    dpr=self.devicePixelRatioF(),
                    red_tiles=spec.red_tiles(replayer.rules),
                )
            )

    def _place_settlement(self) -> None:
        s = self.settlement
        if not s.isVisible():
            return
        v = self.view
        w, h = v.width(), v.height()
        sw = min(720, int(w * 0.72))
        need = s.content.sizeHint().height() + 110
        sh = min(int(h * 0.9), max(320, need))
        s.setGeometry((w - sw) // 2, max(6, (h - sh) // 2 - int(h * 0.04)), sw, sh)

    # ------------------------------------------------------------------ export
    def _update_export_actions(self) -> None:
        from desktop.record_menu import export_state

        game = self.record.game if self.record is not None else None
        for act in (self.act_export_tenhou6, self.act_export_mjai):
            ok, why = export_state(game)
            act.setEnabled(ok)
            act.setToolTip(why)
            act.setStatusTip(why)

    def export_dialog(self, fmt: str) -> None:
        from desktop.record_menu import export_with_dialog

        if self.record is not None:
            export_with_dialog(self, self.record.game, fmt, seat_names_for_export(self.record))

    def closeEvent(self, event: Any) -> None:
        self.settlement.hide()
        super().closeEvent(event)


def seat_names_for_export(record: OpenedRecord) -> list[str]:
    """The names an export writes: the record's own, else none (the engine's "seat N")."""
    return list(record.names) if len(record.names) == len(record.replayer.final.match.scores) else []


__all__ = ["OpenedRecord", "ViewerWindow", "hand_title", "read_record", "record_of_game", "seat_names"]


def ask_record_path(parent: QWidget | None) -> Path | None:
    """The file dialog for a game record (every format the viewer reads), from the saves folder."""
    from desktop.storage import saves_dir

    path, _ = QFileDialog.getOpenFileName(
        parent,
        tr("Open game record"),
        str(saves_dir()),
        tr("Game records ({patterns});;All files (*)").format(patterns=RECORD_FILTER_SUFFIXES),
    )
    return Path(path) if path else None
