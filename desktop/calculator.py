"""The scoring calculator: build a hand by clicking tiles or typing mpsz, add melds, flags, flowers and
财神, pick the family and the ruleset, and see the itemised score.

The calculator builds exactly the situation ``tilehouse score`` reads (``docs/situation.md``) and scores
it with :func:`engine.situation.score_situation`, so the two always agree; the situation is shown as
one JSON line that can be copied into a file for the command line. Scoring runs off the UI thread (the
first riichi score loads the scoring package and its tables: most of a second), one situation at a
time, the latest edit winning.

:class:`TileStrip` (a row of tiles drawn with the game's tile art, clickable) is shared by the drills
and the practice sandbox.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QPoint, QRectF, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QGuiApplication, QMouseEvent, QPainter, QPaintEvent, QPixmap, QShowEvent
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QDialog,
    QFormLayout,
    QFrame,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QRadioButton,
    QScrollArea,
    QSpinBox,
    QTextBrowser,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from desktop import i18n, messages
from desktop.background import Task
from desktop.i18n import tr
from desktop.ruleset_picker import RulesetPicker
from desktop.tileart import TileState, tile_pixmap
from engine.families.registry import FamilySpec, get_family
from engine.messages import Message
from engine.rules import RulesetBase, RulesetError, default_ruleset, load_ruleset
from engine.rules.schema import Ruleset
from engine.situation import score_situation
from engine.tiles import NotationError, TileFace, format_faces, kind_of, parse

TILE_W = 34.0
SCORING_NOTICE_MS = 150  # a score not back by then shows "Scoring…"
TILE_H = 46.0
MELD_TYPES = ("chi", "pon", "open_kan", "closed_kan", "added_kan")
# the optional situation fields (``FamilySpec.situation_fields``) that a palette click can fill
TARGET_FIELDS = {"dora": "dora_indicators", "ura": "ura_indicators", "wild": "wild", "flowers": "flowers"}


def rules_for(family: str, ruleset: str | None = None) -> RulesetBase:
    """The ruleset ``ruleset`` of ``family`` (a preset or user ruleset name), or its default when it is
    not given or does not load."""
    if ruleset:
        try:
            rules = load_ruleset(ruleset)
        except RulesetError:
            pass
        else:
            if rules.family == family:
                return rules
    return default_ruleset(family)


def palette_faces(family: str, rules: Ruleset | None = None) -> list[TileFace]:
    """The tiles a family's hands can hold (its registry entry's kinds), in palette order: each red
    tile's face after the plain one (red fives, when ``rules`` — by default the family's default
    ruleset — have them)."""
    spec = get_family(family)
    rules = rules if rules is not None else default_ruleset(family)
    red_kinds = {kind_of(t) for t in spec.red_tiles(rules)}
    faces: list[TileFace] = []
    for kind in sorted(spec.kinds):
        faces.append(TileFace(kind))
        if kind in red_kinds:
            faces.append(TileFace(kind, True))
    return faces


def palette_group(face: TileFace) -> int:
    """The palette row group of a face: man, pin, sou, honours, flowers."""
    return min(face.kind // 9, 3) if face.kind < 34 else 4


# ── tiles ──────────────────────────────────────────────────────────────────────────────────────
class TileStrip(QWidget):
    """A row of tile faces drawn with the game's tiles; emits the index of a clicked tile."""

    clicked = Signal(int)
    right_clicked = Signal(int)

    def __init__(
        self,
        parent: QWidget | None = None,
        *,
        tile_w: float = TILE_W,
        tile_h: float = TILE_H,
        shrink: bool = False,
    ) -> None:
        super().__init__(parent)
        self.faces: list[TileFace] = []
        self.states: list[TileState] = []
        self.gaps: list[float] = []
        self.tile_w, self.tile_h = tile_w, tile_h
        self.shrink = shrink  # tiles drawn smaller (down to half) when the row is given less room
        self.placeholder = ""
        self.setMouseTracking(True)

    def _scale(self) -> float:
        if not self.shrink or not self.faces:
            return 1.0
        return min(1.0, max(0.5, self.width() / self.sizeHint().width()))

    def set_faces(
        self,
        faces: Sequence[TileFace],
        states: Sequence[TileState] | None = None,
        gaps: Sequence[float] | None = None,
    ) -> None:
        self.faces = list(faces)
        self.states = list(states) if states is not None else [TileState.NONE] * len(self.faces)
        self.gaps = list(gaps) if gaps is not None else [0.0] * len(self.faces)
        self.updateGeometry()
        self.update()

    def _x(self, index: int) -> float:
        scale = self._scale()
        return (
            scale * (sum(self.tile_w + 2 + self.gaps[i] for i in range(index)) + self.gaps[index])
            if self.faces
            else 0.0
        )

    def sizeHint(self) -> QSize:
        width = sum(self.tile_w + 2 + g for g in self.gaps) + 4
        return QSize(int(max(width, self.tile_w * 3)), int(self.tile_h + 4))

    def minimumSizeHint(self) -> QSize:
        hint = self.sizeHint()
        if self.shrink:
            hint.setWidth(int(max(hint.width() * 0.5, self.tile_w * 3)))
        return hint

    def index_at(self, pos: QPoint) -> int | None:
        scale = self._scale()
        for i in range(len(self.faces)):
            x = self._x(i)
            if x <= pos.x() <= x + self.tile_w * scale and 0 <= pos.y() <= self.tile_h * scale + 2:
                return i
        return None

    def mousePressEvent(self, event: QMouseEvent) -> None:
        index = self.index_at(event.position().toPoint())
        if index is None:
            return
        if event.button() == Qt.MouseButton.RightButton:
            self.right_clicked.emit(index)
        else:
            self.clicked.emit(index)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        dpr = self.devicePixelRatioF()
        if not self.faces and self.placeholder:
            painter.setPen(self.palette().placeholderText().color())
            painter.drawText(
                self.rect(), Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft, self.placeholder
            )
        scale = self._scale()
        w, h = self.tile_w * scale, self.tile_h * scale
        for i, face in enumerate(self.faces):
            pm = tile_pixmap(face.kind, face.red, w, h, self.states[i], dpr=dpr)
            painter.drawPixmap(QRectF(self._x(i), 2, w, h), pm, QRectF(pm.rect()))
        painter.end()


def faces_pixmap(
    faces: Sequence[TileFace], tile_w: float, tile_h: float, *, gap: float = 1.0, dpr: float = 2.0
) -> QPixmap:
    """A strip of faces as one pixmap (for icons in lists and tables)."""
    width = max(1.0, len(faces) * (tile_w + gap))
    pm = QPixmap(int(width * dpr), int(tile_h * dpr))
    pm.setDevicePixelRatio(dpr)
    pm.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pm)
    for i, face in enumerate(faces):
        tile = tile_pixmap(face.kind, face.red, tile_w, tile_h, dpr=dpr)
        painter.drawPixmap(QRectF(i * (tile_w + gap), 0, tile_w, tile_h), tile, QRectF(tile.rect()))
    painter.end()
    return pm


def tile_button(face: TileFace, tile_w: float = 28.0, tile_h: float = 38.0) -> QToolButton:
    button = QToolButton()
    button.setAutoRaise(True)
    button.setIcon(tile_pixmap(face.kind, face.red, tile_w, tile_h, dpr=2.0))
    button.setIconSize(QSize(int(tile_w), int(tile_h)))
    name = i18n.face_name(face.kind, face.red)
    # the notation the text fields take, where the language writes tiles so (Chinese names them only)
    button.setToolTip(tr("{tile} (typed {code})").format(tile=name, code=format_faces([face])))
    return button


def faces_of(text: str) -> list[TileFace]:
    """mpsz → faces; raises NotationError."""
    return parse(text)


class TileField(QWidget):
    """Tiles given as drawn tiles (a right-click removes one) over a text field in mpsz notation, which
    is the field's value and is shown only when the calculator shows the notation."""

    def __init__(
        self, example: str, *, tile_w: float = 26.0, tile_h: float = 34.0, sort: bool = False
    ) -> None:
        super().__init__()
        self.sort = sort
        self.edit = QLineEdit()
        self.edit.setPlaceholderText(example)
        self.strip = TileStrip(tile_w=tile_w, tile_h=tile_h)
        self.strip.placeholder = "—"
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addWidget(self.strip)
        layout.addWidget(self.edit)
        self.edit.textChanged.connect(lambda _t: self.refresh())
        self.strip.right_clicked.connect(self._remove)
        self.edit.setVisible(False)

    def faces(self) -> list[TileFace]:
        try:
            return faces_of(self.edit.text())
        except NotationError:
            return []

    def show_notation(self, on: bool) -> None:
        self.edit.setVisible(on)

    def refresh(self) -> None:
        """Draw the tiles the text field holds (also after a change made with its signals blocked)."""
        try:
            faces = faces_of(self.edit.text())
        except NotationError:
            self.strip.placeholder = tr("(not tiles)")
            faces = []
        else:
            self.strip.placeholder = "—"
        self.strip.set_faces(faces)

    def _remove(self, index: int) -> None:
        faces = self.faces()
        if 0 <= index < len(faces):
            del faces[index]
            self.edit.setText(format_faces(faces, sort=self.sort))


# ── the window ─────────────────────────────────────────────────────────────────────────────────
class Calculator(QDialog):
    """The scoring calculator (non-modal)."""

    scored = Signal(dict)

    TARGETS = ("hand", "meld", "dora", "ura", "wild", "flowers")

    def __init__(self, parent: QWidget | None = None, family: str | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(tr("Scoring calculator"))
        self.setWindowFlag(Qt.WindowType.WindowMaximizeButtonHint, True)
        self.resize(1280, 800)
        self.family = ""
        self.melds: list[dict[str, Any]] = []
        self.score: dict[str, Any] = {}
        self._quiet = False
        # scoring off the UI thread: the running task, the situation waiting for it, and the number of
        # the latest request (an answer to an older one is not shown)
        self._task: Task | None = None
        self._task_request = 0
        self._waiting: dict[str, Any] | None = None
        self._request = 0
        self._shown = 0

        # family, ruleset
        self.picker = RulesetPicker(family)
        top = QHBoxLayout()
        top.addWidget(self.picker)
        top.addStretch(1)
        self.clear_button = QPushButton(tr("Clear"))
        top.addWidget(self.clear_button)

        # palette and click target
        self.palette_box = QGroupBox(tr("Click a tile to add it to:"))
        self.palette_grid = QGridLayout()
        self.palette_grid.setSpacing(1)
        self.palette_grid.setAlignment(Qt.AlignmentFlag.AlignLeft)
        self.target_group = QButtonGroup(self)
        targets = QHBoxLayout()
        self.target_buttons: dict[str, QRadioButton] = {}
        labels = {
            "hand": tr("Hand"),
            "meld": tr("New meld"),
            "dora": tr("Dora indicators"),
            "ura": tr("Ura indicators"),
            "wild": tr("财神 (shown tiles)"),
            "flowers": tr("Flowers"),
        }
        for key in self.TARGETS:
            radio = QRadioButton(labels[key])
            self.target_group.addButton(radio)
            self.target_buttons[key] = radio
            targets.addWidget(radio)
        targets.addStretch(1)
        self.target_buttons["hand"].setChecked(True)
        palette_layout = QVBoxLayout(self.palette_box)
        palette_layout.addLayout(targets)
        palette_layout.addLayout(self.palette_grid)

        # the hand
        self.hand_edit = QLineEdit()
        self.hand_edit.setPlaceholderText("123m456p789s11z…")
        self.hand_strip = TileStrip(shrink=True)  # 17 Lingxi tiles fit a small screen's column
        self.hand_strip.placeholder = tr("Click the tiles above")
        self.win_field = TileField("1m", tile_w=TILE_W, tile_h=TILE_H)
        self.win_edit = self.win_field.edit
        self.win_edit.setMaximumWidth(70)
        self.win_field.strip.right_clicked.disconnect()
        self.backspace = QPushButton("←")
        self.backspace.setToolTip(tr("Remove the last tile"))
        hand_box = self.hand_box = QGroupBox()
        hand_layout = QGridLayout(hand_box)
        hand_layout.addWidget(self.hand_strip, 0, 0, 1, 4)
        self.notation_label = QLabel("mpsz")
        hand_layout.addWidget(self.notation_label, 1, 0)
        hand_layout.addWidget(self.hand_edit, 1, 1)
        hand_layout.addWidget(self.backspace, 1, 2)
        win_row = QHBoxLayout()
        self.win_label = QLabel()
        win_row.addWidget(self.win_label)
        win_row.addWidget(self.win_field)
        self.win_hint = QLabel()
        self.win_hint.setStyleSheet("color: #666;")
        self.win_hint.setWordWrap(True)
        win_row.addWidget(self.win_hint, 1)
        hand_layout.addLayout(win_row, 2, 0, 1, 4)
        hand_layout.setColumnStretch(1, 1)

        # melds
        self.meld_type = QComboBox()
        self.meld_field = TileField("555z")
        self.meld_edit = self.meld_field.edit
        self.meld_edit.setMinimumWidth(80)
        self.meld_from = QComboBox()
        self.add_meld_button = QPushButton(tr("Add meld"))
        self.meld_list = QListWidget()
        self.meld_list.setMaximumHeight(120)
        self.meld_list.setIconSize(QSize(150, 40))
        self.remove_meld_button = QPushButton(tr("Remove meld"))
        meld_box = self.meld_box = QGroupBox()
        meld_layout = QGridLayout(meld_box)
        meld_layout.addWidget(self.meld_type, 0, 0)
        meld_layout.addWidget(self.meld_field, 0, 1)
        meld_layout.addWidget(QLabel(tr("from")), 0, 2)
        meld_layout.addWidget(self.meld_from, 0, 3)
        meld_layout.addWidget(self.add_meld_button, 0, 4)
        meld_layout.addWidget(self.meld_list, 1, 0, 1, 4)
        meld_layout.addWidget(self.remove_meld_button, 1, 4, Qt.AlignmentFlag.AlignTop)
        meld_layout.setColumnStretch(1, 1)

        # how it was won
        self.win_ron = QRadioButton()
        self.win_tsumo = QRadioButton()
        self.win_none = QRadioButton(tr("Not a winner (base 台)"))
        self.win_ron.setChecked(True)
        self.seat = QComboBox()
        for s in range(4):
            self.seat.addItem(i18n.wind_name(s) + (" (" + tr("dealer") + ")" if s == 0 else ""), s)
        self.round_wind = QComboBox()
        for s, letter in enumerate("ESWN"):
            self.round_wind.addItem(i18n.wind_name(s), letter)
        self.dora_field = TileField("5z")
        self.ura_field = TileField("3p")
        self.wild_field = TileField("3m7p")
        self.flowers_field = TileField("1f5f", sort=True)
        self.dora_edit = self.dora_field.edit
        self.ura_edit = self.ura_field.edit
        self.wild_edit = self.wild_field.edit
        self.flowers_edit = self.flowers_field.edit
        self.honba = QSpinBox()
        self.honba.setRange(0, 99)
        self.sticks = QSpinBox()
        self.sticks.setRange(0, 99)
        self.nuki = QSpinBox()
        self.nuki.setRange(0, 4)
        self.nuki.setToolTip(tr("The norths the winner has set aside (three players): one dora each"))
        self.flag_boxes: dict[str, QCheckBox] = {}
        self.flags_box = QGroupBox(tr("Flags"))
        self.flags_layout = QGridLayout(self.flags_box)
        win_box = self.win_box = QGroupBox()
        win_box.setMaximumWidth(330)
        self.flags_box.setMaximumWidth(330)
        self.win_form = QFormLayout(win_box)
        ways = QVBoxLayout()
        for w in (self.win_ron, self.win_tsumo, self.win_none):
            ways.addWidget(w)
        self.win_form.addRow(ways)
        self.win_form.addRow(tr("Seat"), self.seat)
        self.win_form.addRow(tr("Round wind"), self.round_wind)
        self.win_form.addRow(tr("Dora indicators"), self.dora_field)
        self.win_form.addRow(tr("Ura indicators"), self.ura_field)
        self.win_form.addRow(tr("Honba"), self.honba)
        self.win_form.addRow(tr("Riichi sticks"), self.sticks)
        self.win_form.addRow(tr("Norths set aside"), self.nuki)
        self.win_form.addRow(tr("财神 (shown tiles)"), self.wild_field)
        self.win_form.addRow(tr("Flowers"), self.flowers_field)

        # result
        self.result_view = QTextBrowser()
        self.result_view.setMinimumWidth(260)
        self.result_view.setMaximumWidth(330)
        self.json_line = QLineEdit()
        self.json_line.setReadOnly(True)
        self.copy_button = QPushButton(tr("Copy"))
        self.copy_button.setToolTip(tr("Copy the situation for `tilehouse score`"))
        self.notation_box = QCheckBox(tr("Show the tiles as text"))
        self.notation_box.setToolTip(
            tr("Type hands in mpsz notation and copy the situation for the tilehouse score command")
        )
        self.json_row = QWidget()
        json_row = QHBoxLayout(self.json_row)
        json_row.setContentsMargins(0, 0, 0, 0)
        json_row.addWidget(QLabel("tilehouse score:"))
        json_row.addWidget(self.json_line, 1)
        json_row.addWidget(self.copy_button)
        bottom = QHBoxLayout()
        bottom.addWidget(self.notation_box)
        bottom.addWidget(self.json_row, 1)

        left = QVBoxLayout()
        left.setContentsMargins(0, 0, 0, 0)
        left.addWidget(self.palette_box)
        left.addWidget(hand_box)
        left.addWidget(meld_box, 1)
        middle = QVBoxLayout()
        middle.setContentsMargins(0, 0, 0, 0)
        middle.addWidget(win_box)
        middle.addWidget(self.flags_box)
        middle.addStretch(1)
        columns = QHBoxLayout()
        columns.setContentsMargins(0, 0, 0, 0)
        columns.addLayout(left, 1)
        columns.addLayout(middle)
        right = QVBoxLayout()
        right.addWidget(QLabel("<b>" + tr("Score") + "</b>"))
        right.addWidget(self.result_view, 1)
        # the inputs scroll up and down on a screen too low for them (1024×700); the score stays in view
        self.form = QWidget()
        self.form.setLayout(columns)
        self.form_scroll = QScrollArea()
        self.form_scroll.setWidgetResizable(True)
        self.form_scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.form_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.form_scroll.setWidget(self.form)
        body = QHBoxLayout()
        body.addWidget(self.form_scroll, 1)
        body.addLayout(right)
        box = QVBoxLayout(self)
        box.addLayout(top)
        box.addLayout(body, 1)
        box.addLayout(bottom)

        # wiring
        self.picker.family_changed.connect(self.set_family)
        self.picker.ruleset_changed.connect(lambda _name: self._ruleset_changed())
        self.hand_edit.textChanged.connect(self._hand_typed)
        self.win_edit.textChanged.connect(lambda _t: self.recompute())
        self.hand_strip.clicked.connect(self._choose_win_tile)
        self.hand_strip.right_clicked.connect(self._remove_hand_tile)
        self.backspace.clicked.connect(self._backspace)
        self.add_meld_button.clicked.connect(self.add_meld_from_fields)
        self.remove_meld_button.clicked.connect(self._remove_meld)
        self.meld_type.currentIndexChanged.connect(lambda _i: self._fill_from_seats())
        self.clear_button.clicked.connect(self.clear)
        self.copy_button.clicked.connect(lambda: QGuiApplication.clipboard().setText(self.json_line.text()))
        for widget in (self.win_ron, self.win_tsumo, self.win_none):
            widget.toggled.connect(lambda _on: self.recompute())
        for combo in (self.seat, self.round_wind):
            combo.currentIndexChanged.connect(lambda _i: self._seat_changed())
        for edit in (self.dora_edit, self.ura_edit, self.wild_edit, self.flowers_edit):
            edit.textChanged.connect(lambda _t: self.recompute())
        self.notation_box.toggled.connect(self.show_notation)
        self.show_notation(False)
        for spin in (self.honba, self.sticks, self.nuki):
            spin.valueChanged.connect(lambda _v: self.recompute())

        self.set_family(self.picker.family())

    def show_notation(self, on: bool) -> None:
        """Show or hide the mpsz text fields and the situation line for ``tilehouse score`` (tiles are
        clicked and drawn either way)."""
        if self.notation_box.isChecked() != on:
            self.notation_box.setChecked(on)
            return
        for widget in (self.hand_edit, self.notation_label, self.json_row):
            widget.setVisible(on)
        for field in (
            self.win_field,
            self.meld_field,
            self.dora_field,
            self.ura_field,
            self.wild_field,
            self.flowers_field,
        ):
            field.show_notation(on)

    # ------------------------------------------------------------- family
    @property
    def spec(self) -> FamilySpec:
        return get_family(self.family)

    def rules(self) -> RulesetBase:
        """The ruleset chosen in the picker (the family's default when it does not load)."""
        return rules_for(self.family, self.picker.ruleset())

    def set_family(self, family: str) -> None:
        """Show the inputs of ``family`` (the picker has chosen it and listed its rulesets): the fields
        its situations read, its flags, its palette, its melds."""
        if family == self.family:
            return
        self.family = family
        spec = self.spec
        fields = set(spec.situation_fields)
        self._quiet = True
        self._fill_palette()
        self._fill_flags()
        self._name_inputs(spec.vocabulary != "japanese", spec.claims_chi)
        self._show_fields()
        self.win_none.setVisible(spec.scores_non_winners)
        if not spec.scores_non_winners and self.win_none.isChecked():
            self.win_ron.setChecked(True)
        for key, field in TARGET_FIELDS.items():
            self.target_buttons[key].setVisible(field in fields)
        checked = self.target_group.checkedButton()
        if checked is None or not checked.isVisible():
            self.target_buttons["hand"].setChecked(True)
        self.meld_type.blockSignals(True)
        self.meld_type.clear()
        for kind in MELD_TYPES:
            if kind == "chi" and not spec.claims_chi:
                continue
            self.meld_type.addItem(i18n.action_word(kind, spec.vocabulary), kind)
        self.meld_type.blockSignals(False)
        self._fill_from_seats()
        self._quiet = False
        self._refit()
        self.clear()

    def _refit(self) -> None:
        """Fit the inputs' column once Qt has laid out what just changed (a hidden widget's old size
        stays in its layout's hints until then)."""
        QTimer.singleShot(0, self, self._fit_form)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self._refit()

    def _fit_form(self) -> None:
        """The inputs never scroll sideways: their column is as wide as the family's inputs need (they
        change with the family and the ruleset), with room for the vertical scroll bar."""
        room = self.form_scroll.verticalScrollBar().sizeHint().width()
        self.form_scroll.setMinimumWidth(self.form.minimumSizeHint().width() + room)

    def _name_inputs(self, chinese: bool, chi: bool) -> None:
        """The words of the win and meld inputs in the family's vocabulary (胡 and 点炮, or 荣和)."""
        if chinese:
            self.hand_box.setTitle(tr("Hand (concealed tiles, the winning tile included)", "chinese"))
            self.win_label.setText(tr("Winning tile", "chinese"))
            self.win_hint.setText(
                tr("(click a hand tile to choose it; right-click removes a tile)", "chinese")
            )
            self.meld_box.setTitle(
                tr("Melds (chows, pungs and kongs)") if chi else tr("Melds (pungs and kongs)")
            )
            self.win_ron.setText(tr("Hu on a discard"))
            self.win_tsumo.setText(tr("Self-drawn (自摸)"))
            self.win_box.setTitle(tr("The win", "chinese"))
        else:
            self.hand_box.setTitle(tr("Hand (concealed tiles, the winning tile included)"))
            self.win_label.setText(tr("Winning tile"))
            self.win_hint.setText(tr("(click a hand tile to choose it; right-click removes a tile)"))
            self.meld_box.setTitle(tr("Melds (called sets and kans)"))
            self.win_ron.setText(tr("Ron (a discard)"))
            self.win_tsumo.setText(tr("Tsumo (self-draw)"))
            self.win_box.setTitle(tr("The win"))

    def _show_fields(self) -> None:
        """Show an input for each optional field a situation under the chosen ruleset reads."""
        fields = set(self.spec.situation_fields_for(self.rules()))
        widgets: tuple[tuple[QWidget, str], ...] = (
            (self.round_wind, "round_wind"),
            (self.dora_field, "dora_indicators"),
            (self.ura_field, "ura_indicators"),
            (self.honba, "honba"),
            (self.sticks, "riichi_sticks"),
            (self.nuki, "nuki"),
            (self.wild_field, "wild"),
            (self.flowers_field, "flowers"),
        )
        for widget, key in widgets:
            shown = key in fields
            widget.setVisible(shown)
            label = self.win_form.labelForField(widget)
            if label is not None:
                label.setVisible(shown)

    def _ruleset_changed(self) -> None:
        self._fill_palette()  # red fives come and go with the ruleset
        self._show_fields()  # the norths set aside come and go with three players and nukidora
        self._refit()
        self.recompute()

    def _fill_palette(self) -> None:
        while self.palette_grid.count():
            got = self.palette_grid.takeAt(0)
            widget = got.widget() if got is not None else None
            if widget is not None:
                widget.setParent(None)  # gone at once (a ruleset change refills the palette)
                widget.deleteLater()
        faces = palette_faces(self.family, self.rules())
        groups = [palette_group(f) for f in faces]
        per_row = max(groups.count(g) for g in set(groups)) if faces else 9
        row = col = 0
        previous_group = None
        for face, group in zip(faces, groups, strict=True):
            if previous_group is not None and (group != previous_group or col >= per_row):
                row, col = row + 1, 0
            previous_group = group
            button = tile_button(face)
            button.clicked.connect(lambda _c=False, f=face: self.add_face(f))
            self.palette_grid.addWidget(button, row, col)
            col += 1
        self.palette_grid.setColumnStretch(per_row + 1, 1)

    def _fill_flags(self) -> None:
        while self.flags_layout.count():
            got = self.flags_layout.takeAt(0)
            widget = got.widget() if got is not None else None
            if widget is not None:
                widget.setParent(None)  # gone at once: the inputs' width is measured right after
                widget.deleteLater()
        self.flag_boxes = {}
        for i, flag in enumerate(self.spec.situation_flags):
            box = QCheckBox(i18n.flag_name(flag))
            box.toggled.connect(lambda _on: self.recompute())
            self.flags_layout.addWidget(box, i, 0)
            self.flag_boxes[flag] = box

    def _fill_from_seats(self) -> None:
        seat = int(self.seat.currentData() or 0)
        self.meld_from.clear()
        if self.meld_type.currentData() == "closed_kan":
            self.meld_from.addItem("—", None)
            return
        others = (
            [(seat + 3) % 4] if self.meld_type.currentData() == "chi" else [(seat + d) % 4 for d in (3, 2, 1)]
        )
        for s in others:
            self.meld_from.addItem(i18n.wind_name(s), s)

    def _seat_changed(self) -> None:
        self._fill_from_seats()
        self.recompute()

    # -------------------------------------------------------------- tiles
    def target(self) -> str:
        for key, radio in self.target_buttons.items():
            if radio.isChecked():
                return key
        return "hand"

    def add_face(self, face: TileFace) -> None:
        """What clicking a palette tile does: add it to the chosen target."""
        text = format_faces([face])
        edits = {
            "hand": self.hand_edit,
            "meld": self.meld_edit,
            "dora": self.dora_edit,
            "ura": self.ura_edit,
            "wild": self.wild_edit,
            "flowers": self.flowers_edit,
        }
        edit = edits[self.target()]
        try:
            faces = [*faces_of(edit.text()), face]
        except NotationError:
            faces = [face]
        edit.setText(format_faces(faces, sort=self.target() == "flowers"))
        if self.target() == "hand":
            self.win_edit.setText(text)

    def hand_faces(self) -> list[TileFace]:
        try:
            return faces_of(self.hand_edit.text())
        except NotationError:
            return []

    def _hand_typed(self) -> None:
        faces = self.hand_faces()
        if faces and not self.win_edit.text().strip():
            self.win_edit.blockSignals(True)
            self.win_edit.setText(format_faces([faces[-1]]))
            self.win_edit.blockSignals(False)
        self.recompute()

    def _choose_win_tile(self, index: int) -> None:
        faces = self.hand_faces()
        if 0 <= index < len(faces):
            self.win_edit.setText(format_faces([faces[index]]))

    def _remove_hand_tile(self, index: int) -> None:
        faces = self.hand_faces()
        if 0 <= index < len(faces):
            del faces[index]
            self.hand_edit.setText(format_faces(faces))

    def _backspace(self) -> None:
        faces = self.hand_faces()
        if faces:
            self.hand_edit.setText(format_faces(faces[:-1]))

    def _refresh_hand_strip(self) -> None:
        faces = self.hand_faces()
        try:
            win = faces_of(self.win_edit.text())
        except NotationError:
            win = []
        states = [TileState.NONE] * len(faces)
        if len(win) == 1 and win[0] in faces:
            index = len(faces) - 1 - faces[::-1].index(win[0])
            states[index] = TileState.MARKED
        wild = self._wild_kinds()
        for i, face in enumerate(faces):
            if face.kind in wild:
                states[i] |= TileState.WILD
        self.hand_strip.set_faces(faces, states)
        self.win_field.refresh()

    def _wild_kinds(self) -> set[int]:
        if "wild" not in self.spec.situation_fields:
            return set()
        try:
            return {f.kind for f in faces_of(self.wild_edit.text())}
        except NotationError:
            return set()

    # -------------------------------------------------------------- melds
    def add_meld(self, kind: str, tiles: str, from_seat: int | None = None) -> None:
        meld: dict[str, Any] = {"type": kind, "tiles": tiles}
        if from_seat is not None and kind != "closed_kan":
            meld["from"] = from_seat
        self.melds.append(meld)
        self._refresh_melds()
        self.recompute()

    def add_meld_from_fields(self) -> None:
        tiles = self.meld_edit.text().strip()
        if not tiles:
            return
        self.add_meld(self.meld_type.currentData(), tiles, self.meld_from.currentData())
        self.meld_edit.clear()

    def _remove_meld(self) -> None:
        row = self.meld_list.currentRow()
        if row < 0:
            row = len(self.melds) - 1
        if 0 <= row < len(self.melds):
            del self.melds[row]
            self._refresh_melds()
            self.recompute()

    def _refresh_melds(self) -> None:
        self.meld_list.clear()
        for meld in self.melds:
            try:
                faces = faces_of(meld["tiles"])
            except NotationError:
                faces = []
            icon = faces_pixmap(faces, 24, 32)
            who = "" if meld.get("from") is None else "  ← " + i18n.wind_name(int(meld["from"]))
            item = QListWidgetItem(i18n.action_word(meld["type"], self.spec.vocabulary) + who)
            item.setIcon(icon)
            self.meld_list.addItem(item)

    # ------------------------------------------------------------- score
    def clear(self) -> None:
        self._quiet = True
        for edit in (
            self.hand_edit,
            self.win_edit,
            self.meld_edit,
            self.dora_edit,
            self.ura_edit,
            self.flowers_edit,
        ):
            edit.clear()
        self.wild_edit.setText("")
        self.melds = []
        self._refresh_melds()
        for box in self.flag_boxes.values():
            box.setChecked(False)
        self.honba.setValue(0)
        self.sticks.setValue(0)
        self.nuki.setValue(0)
        self._quiet = False
        self.recompute()

    def situation(self) -> dict[str, Any]:
        """The situation, exactly as ``tilehouse score`` reads it (with the optional fields the family's
        situations read: ``FamilySpec.situation_fields``)."""
        spec = self.spec
        situation: dict[str, Any] = {"variant": self.family, "ruleset": self.picker.ruleset()}
        situation["hand"] = self.hand_edit.text().strip()
        if self.melds:
            situation["melds"] = [dict(m) for m in self.melds]
        if self.win_none.isChecked() and spec.scores_non_winners:
            situation["win"] = None
        else:
            situation["win_tile"] = self.win_edit.text().strip()
            situation["win"] = "tsumo" if self.win_tsumo.isChecked() else "ron"
        situation["seat"] = int(self.seat.currentData() or 0)
        flags = [flag for flag, box in self.flag_boxes.items() if box.isChecked()]
        if flags:
            situation["flags"] = flags
        texts = {
            "dora_indicators": self.dora_edit,
            "ura_indicators": self.ura_edit,
            "wild": self.wild_edit,
            "flowers": self.flowers_edit,
        }
        numbers = {"honba": self.honba, "riichi_sticks": self.sticks, "nuki": self.nuki}
        for key in spec.situation_fields_for(self.rules()):
            if key == "round_wind":
                situation[key] = self.round_wind.currentData()
            elif key == "wild":  # the shown tiles are always given (none: no 财神)
                situation[key] = self.wild_edit.text().strip()
            elif key in texts and texts[key].text().strip():
                situation[key] = texts[key].text().strip()
            elif key in numbers and numbers[key].value():
                situation[key] = numbers[key].value()
        return situation

    def recompute(self) -> None:
        """Score the situation as it now stands. The score comes back on the UI thread (``scored``);
        ``busy`` is true until the shown score is the current situation's."""
        if self._quiet:
            return
        self._refresh_hand_strip()
        situation = self.situation()
        self.json_line.setText(json.dumps(situation, ensure_ascii=False))
        self.json_line.setCursorPosition(0)
        self._request += 1
        if not situation["hand"]:
            self._waiting = None
            self._shown = self._request
            self.score = {}
            self.result_view.setHtml(
                "<p style='color:#666'>" + tr("Build a hand: click the tiles on the left.") + "</p>"
            )
            return
        self._waiting = situation
        request = self._request
        QTimer.singleShot(SCORING_NOTICE_MS, self, lambda: self._notice_scoring(request))
        self._start_scoring()

    @property
    def busy(self) -> bool:
        """Whether a score is still on its way for the situation as it now stands."""
        return self._shown != self._request

    def _start_scoring(self) -> None:
        if self._task is not None or self._waiting is None:
            return  # one at a time: what is waiting starts when the running one answers
        situation, self._waiting = self._waiting, None
        self._task_request = self._request
        task = Task(lambda: score_situation(situation), "tilehouse-score")
        task.done.connect(self._on_scored)
        task.failed.connect(self._on_score_failed)
        self._task = task.start_work()

    def _notice_scoring(self, request: int) -> None:
        """A score that takes a while (the first one loads the tables) says so, rather than showing the
        previous hand's score under the new hand."""
        if request == self._request and self.busy:
            self.result_view.setHtml("<p style='color:#666'>" + tr("Scoring…") + "</p>")

    def _on_scored(self, result: object) -> None:
        request, self._task = self._task_request, None
        if request == self._request and isinstance(result, dict):
            self._shown = request
            self.score = result
            self.result_view.setHtml(result_html(result, self.family, self.picker.ruleset()))
            self.scored.emit(result)
        self._start_scoring()

    def _on_score_failed(self, line: str) -> None:
        request, self._task = self._task_request, None
        if request == self._request:
            self._shown = request
            self.score = {}
            text = tr("Could not score this hand: {e}").format(e=line)
            self.result_view.setHtml("<p style='color:#b8312b'>" + _escape(text) + "</p>")
        self._start_scoring()


# ── the breakdown ──────────────────────────────────────────────────────────────────────────────
def item_label(item: dict[str, Any], family: str) -> str:
    spec = get_family(family)
    raw = item.get("args")
    args: dict[str, object] = raw if isinstance(raw, dict) else {}
    return i18n.item_name(spec.item_prefix, str(item.get("key", "")), args=args, vocabulary=spec.vocabulary)


def result_html(result: dict[str, Any], family: str, ruleset: str | None = None) -> str:
    """The itemised score as HTML (the same numbers ``tilehouse score`` prints). The items are counted
    in the family's value unit under ``ruleset``; the totals follow what the family's scorer returned:
    han and fu with points, fan (or points) with what each payer pays, or 台 with the final 台."""
    spec = get_family(family)
    if not result.get("valid"):
        heading = tr("Not a valid win", "chinese") if spec.vocabulary != "japanese" else tr("Not a valid win")
        return (
            "<p style='color:#b8312b; font-weight:bold'>" + heading + "</p>"
            f"<p>{_escape(invalid_reason(result))}</p>"
        )
    unit = i18n.unit_name(spec.value_unit(rules_for(family, ruleset)), 2, spec.vocabulary)
    rows = "".join(
        f"<tr><td>{_escape(item_label(item, family))}</td>"
        f"<td align='right'>&nbsp;&nbsp;{item['value']} {unit}</td></tr>"
        for item in result.get("items", [])
    )
    parts = [f"<table width='100%'>{rows}</table><hr>"]
    if "han" in result:  # han and fu
        if result.get("yakuman"):
            head = i18n.limit_name(str(result.get("limit", "")).replace(" ", "_"))
        else:
            fu_word = tr("fu")
            head = f"{result['han']} {unit} {result['fu']} {fu_word}"
            if result.get("limit"):
                head += ", " + i18n.limit_name(str(result["limit"]).replace(" ", "_"))
        points_word = tr("points")
        parts.append(f"<p style='font-size:17px'><b>{head}: {result['points']} {points_word}</b></p>")
        pay = result.get("payments", {})
        if pay.get("ron"):
            parts.append("<p>" + tr("The discarder pays {n}.").format(n=pay["ron"]) + "</p>")
        elif pay.get("tsumo_dealer"):
            text = tr("Tsumo: the dealer pays {d}, each other player {e}.")
            parts.append(f"<p>{text.format(d=pay['tsumo_dealer'], e=pay['tsumo_each'])}</p>")
        else:
            parts.append(
                "<p>" + tr("Tsumo: each player pays {e}.").format(e=pay.get("tsumo_each", 0)) + "</p>"
            )
        bonus = result.get("honba_bonus", 0) + result.get("riichi_sticks_bonus", 0)
        if bonus:
            text = tr("+ honba {h} + riichi sticks {s} = {t} in all")
            parts.append(
                "<p>"
                + text.format(h=result["honba_bonus"], s=result["riichi_sticks_bonus"], t=result["total"])
                + "</p>"
            )
        if result.get("fu_items"):
            fu = tr(", ").join(
                f"{_escape(i18n.fu_name(str(i['key'])))} {i['value']}" for i in result["fu_items"]
            )
            parts.append("<p style='color:#555'>" + _escape(tr("fu")) + f": {fu}</p>")
    elif "fan" in result:  # fan, or points in an additive model
        model_points = result.get("model") == "points"
        total_label = tr("Points (分)") if model_points else tr("Fan (番)")
        parts.append(f"<p style='font-size:17px'><b>{total_label}: {result.get('fan')}</b></p>")
        if result.get("capped"):
            parts.append("<p>" + tr("Capped: paid as {n} fan").format(n=result.get("counted")) + "</p>")
        parts.append("<p><b>" + tr("Each payer pays {n}.").format(n=result.get("value")) + "</b></p>")
        pay = result.get("payments", {})
        if pay.get("ron"):
            pays = (
                tr("The discarder pays {n}.", "chinese")
                if spec.vocabulary != "japanese"
                else tr("The discarder pays {n}.")
            )
            parts.append("<p>" + pays.format(n=pay["ron"]) + "</p>")
        elif pay.get("tsumo_each"):
            parts.append("<p>" + tr("Tsumo: each player pays {e}.").format(e=pay["tsumo_each"]) + "</p>")
    else:  # 台
        parts.append(f"<p style='font-size:17px'><b>{result.get('tai')} {unit}</b></p>")
        if result.get("doubled"):
            parts.append("<p><b>" + tr("Doubled: {n} 台").format(n=result.get("final_tai")) + "</b></p>")
        else:
            parts.append("<p>" + tr("Final: {n} 台").format(n=result.get("final_tai")) + "</p>")
        pay = result.get("payments") or {}
        if pay.get("from_dealer"):
            text = tr("The dealer pays {d}, each other player {e}.")
            parts.append(f"<p>{text.format(d=pay['from_dealer'], e=pay.get('from_each', 0))}</p>")
        elif pay.get("from_each"):
            parts.append("<p>" + tr("Each player pays {e}.").format(e=pay["from_each"]) + "</p>")
    return "".join(parts)


def invalid_reason(result: dict[str, Any]) -> str:
    """Why a situation is not a win, in the player's language: the engine's ``reason_key`` in words;
    a rarer reason (a malformed situation: the calculator's text fields) in the engine's English, which
    names the field, or, in another language, a sentence that says where to look."""
    key = result.get("reason_key")
    raw = result.get("reason_args")
    if isinstance(key, str) and key:
        args = tuple(sorted(raw.items())) if isinstance(raw, dict) else ()
        return messages.text(Message("situation." + key, args))
    if i18n.language() == "en":
        return str(result.get("reason", ""))
    return tr("The situation cannot be scored as given: check the tiles, melds and flags.")


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
