"""The rules editor: every toggle of a ruleset as a widget made from the schema.

Choose a family and the ruleset to start from (a read-only preset or one of your rulesets); the
toggles follow in the schema's sections, each with its title, description, allowed values and a link
into the rule book. Values that differ from the base preset are marked and can be reset one by one
or all at once; a search box filters by key, title or description (English and Chinese).

Every change is checked at once with the same loader as ruleset files (:func:`engine.rules.from_dict`):
a problem (out of range, off the step, an incompatible combination) is shown in red under the toggle
it names and nothing can be saved, exported or played until it is fixed — so nothing is ever
half-saved. "Save as" writes a user ruleset (:func:`engine.rules.save_user_ruleset`; presets stay
read-only), "Import" copies a ruleset file into your rulesets, "Export" writes the commented TOML
anywhere, "Compare" shows two rulesets side by side (:func:`engine.rules.diff_rulesets`), and "New
game" starts a game with the ruleset through the host's new-game dialog (:class:`desktop.tools.ToolHost`).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFrame,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QInputDialog,
    QLabel,
    QLineEdit,
    QListWidget,
    QMessageBox,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QStyle,
    QTableWidget,
    QTableWidgetItem,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from desktop import i18n
from desktop.i18n import tr
from desktop.ruleset_picker import first_family, playable_families
from engine.rules import (
    HEADER_KEYS,
    RulesetBase,
    RulesetError,
    ToggleInfo,
    describe,
    diff_rulesets,
    family_model,
    from_dict,
    is_preset_name,
    list_rulesets,
    load_ruleset,
    save_user_ruleset,
    to_dict,
    to_toml,
)
from engine.rules.toml_io import format_value

if TYPE_CHECKING:
    from desktop.rulebook import RuleBookWindow
    from desktop.tools import ToolHost

CHANGED_COLOR = "#c77700"
ERROR_COLOR = "#b8312b"
SPIN_LIMIT = 10_000_000


def lang() -> str:
    return "zh" if i18n.is_zh() else "en"


def show_value(info: ToggleInfo | None, value: Any) -> str:
    """A value as a person reads it: choice titles, yes/no, lists."""
    if info is None:
        return format_value(value) if value is not None else "—"
    if info.kind == "bool":
        return tr("on") if value else tr("off")
    if info.kind == "choice":
        return info.choice_title(value, lang())
    if info.kind == "int_tuple":
        return ", ".join(str(v) for v in value)
    return str(value)


class ToggleRow(QFrame):
    """One toggle: title, widget, changed mark, reset, rule-book link, description, error."""

    edited = Signal(str, object)  # key, new value
    reset_requested = Signal(str)
    link_requested = Signal(str)

    def __init__(self, info: ToggleInfo, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.info = info
        self._quiet = False
        self.setObjectName("toggleRow")
        grid = QGridLayout(self)
        grid.setContentsMargins(6, 6, 6, 6)
        grid.setHorizontalSpacing(10)
        grid.setVerticalSpacing(2)
        self.mark = QLabel("●")
        self.mark.setStyleSheet(f"color: {CHANGED_COLOR}; font-size: 14px;")
        self.mark.setFixedWidth(14)
        self.title = QLabel()
        self.title.setStyleSheet("font-weight: bold;")
        self.title.setWordWrap(True)
        self.editor = self._make_editor()
        self.reset = QToolButton()
        self.reset.setIcon(self.style().standardIcon(QStyle.StandardPixmap.SP_BrowserReload))
        self.reset.clicked.connect(lambda: self.reset_requested.emit(self.info.key))
        self.link = QLabel()
        self.link.setTextFormat(Qt.TextFormat.RichText)
        self.link.linkActivated.connect(self.link_requested.emit)
        self.description = QLabel()
        self.description.setWordWrap(True)
        self.description.setStyleSheet("color: #555;")
        self.error = QLabel()
        self.error.setWordWrap(True)
        self.error.setStyleSheet(f"color: {ERROR_COLOR}; font-weight: bold;")
        self.error.hide()
        grid.addWidget(self.mark, 0, 0)
        grid.addWidget(self.title, 0, 1)
        grid.addWidget(self.editor, 0, 2, Qt.AlignmentFlag.AlignRight)
        grid.addWidget(self.reset, 0, 3)
        grid.addWidget(self.description, 1, 1, 1, 2)
        grid.addWidget(self.link, 1, 3, Qt.AlignmentFlag.AlignTop)
        grid.addWidget(self.error, 2, 1, 1, 3)
        grid.setColumnStretch(1, 1)
        self.retranslate()

    # ----------------------------------------------------------------- widgets
    def _make_editor(self) -> QWidget:
        info = self.info
        if info.kind == "bool":
            box = QCheckBox()
            box.toggled.connect(lambda on: self._changed(bool(on)))
            self.check = box
            return box
        if info.kind == "choice":
            combo = QComboBox()
            combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
            for value in info.choices:
                combo.addItem(str(value), value)
            combo.currentIndexChanged.connect(lambda _i: self._changed(combo.currentData()))
            self.combo = combo
            return combo
        if info.kind == "int":
            spin = self._spin(info)
            spin.valueChanged.connect(lambda v: self._changed(int(v)))
            self.spin = spin
            return spin
        if info.kind == "int_tuple":
            holder = QWidget()
            row = QHBoxLayout(holder)
            row.setContentsMargins(0, 0, 0, 0)
            row.setSpacing(4)
            self.spins: list[QSpinBox] = []
            for _ in range(info.length or 0):
                spin = self._spin(info)
                spin.valueChanged.connect(lambda _v: self._changed(tuple(s.value() for s in self.spins)))
                row.addWidget(spin)
                self.spins.append(spin)
            return holder
        line = QLineEdit()
        line.editingFinished.connect(lambda: self._changed(line.text()))
        self.line = line
        return line

    @staticmethod
    def _spin(info: ToggleInfo) -> QSpinBox:
        spin = QSpinBox()
        spin.setRange(
            info.minimum if info.minimum is not None else -SPIN_LIMIT,
            info.maximum if info.maximum is not None else SPIN_LIMIT,
        )
        spin.setSingleStep(info.step or 1)
        spin.setKeyboardTracking(False)
        spin.setMinimumWidth(80)
        return spin

    def _changed(self, value: Any) -> None:
        if not self._quiet:
            self.edited.emit(self.info.key, value)

    # ------------------------------------------------------------------- state
    def set_value(self, value: Any) -> None:
        self._quiet = True
        try:
            info = self.info
            if info.kind == "bool":
                self.check.setChecked(bool(value))
            elif info.kind == "choice":
                self.combo.setCurrentIndex(max(0, self.combo.findData(value)))
            elif info.kind == "int":
                self.spin.setValue(int(value))
            elif info.kind == "int_tuple":
                for spin, item in zip(self.spins, value, strict=False):
                    spin.setValue(int(item))
            else:
                self.line.setText(str(value))
        finally:
            self._quiet = False

    def value(self) -> Any:
        info = self.info
        if info.kind == "bool":
            return self.check.isChecked()
        if info.kind == "choice":
            return self.combo.currentData()
        if info.kind == "int":
            return self.spin.value()
        if info.kind == "int_tuple":
            return tuple(s.value() for s in self.spins)
        return self.line.text()

    def set_changed(self, changed: bool, base_value: Any, base_name: str) -> None:
        self.mark.setText("●" if changed else "")
        self.reset.setEnabled(changed)
        text = tr("{name}: {value}").format(name=base_name, value=show_value(self.info, base_value))
        self.mark.setToolTip(tr("Differs from the base preset") + " — " + text)
        self.reset.setToolTip(tr("Reset to the base preset") + " — " + text)
        self.setStyleSheet("QFrame#toggleRow { background: #fff4e0; border-radius: 6px; }" if changed else "")

    def set_error(self, message: str) -> None:
        self.error.setText(message)
        self.error.setVisible(bool(message))

    def retranslate(self) -> None:
        info = self.info
        language = lang()
        # the key is the toggle's name in the ruleset file (what a player edits or shares)
        self.title.setText(
            f'{info.title(language)} <span style="color:#8a8a8a; font-weight:normal; '
            f'font-size:11px;">{info.key}</span>'
        )
        self.title.setToolTip(tr("In the ruleset file: {key}").format(key=info.key))
        hint = tr("Allowed: {hint}").format(hint=info.hint())
        self.description.setText(info.description(language))
        self.description.setToolTip(f"{info.key} — {hint}")
        self.editor.setToolTip(f"{info.key} — {hint}")
        if info.kind == "choice":
            for i in range(self.combo.count()):
                self.combo.setItemText(i, info.choice_title(self.combo.itemData(i), language))
        book = tr("Rule book")
        self.link.setText(f'<a href="{info.rulebook}">{book} ›</a>')
        self.link.setToolTip(tr("Open this rule in the rule book"))
        self.reset.setToolTip(tr("Reset to the base preset"))

    def matches(self, needle: str) -> bool:
        if not needle:
            return True
        info = self.info
        haystack = " ".join(
            [info.key, info.title_en, info.title_zh, info.description_en, info.description_zh]
        ).lower()
        return all(word in haystack for word in needle.lower().split())


class RulesEditor(QDialog):
    """The editor window (non-modal)."""

    saved = Signal(str)  # a user ruleset was saved (its name)

    def __init__(self, host: ToolHost | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent if parent is not None else host.tool_parent() if host is not None else None)
        self.host = host
        self.book: RuleBookWindow | None = None  # the editor's own rule book, when it has no host
        self.setWindowTitle(tr("Rules editor"))
        self.setWindowFlag(Qt.WindowType.WindowMaximizeButtonHint, True)
        self.resize(980, 760)
        self.family = ""
        self.source = ""  # the ruleset the edit started from
        self.base: RulesetBase | None = None  # the base preset (for the marks)
        self.values: dict[str, Any] = {}
        self.header: dict[str, Any] = {}
        self.rules: RulesetBase | None = None  # the current values, when they are valid
        self.problems: dict[str | None, str] = {}
        self.rows: dict[str, ToggleRow] = {}
        self.sections: list[tuple[QGroupBox, list[ToggleRow]]] = []
        self.dirty = False
        self._loading = False

        top = QHBoxLayout()
        self.family_combo = QComboBox()
        self.ruleset_combo = QComboBox()
        self.ruleset_combo.setMinimumWidth(220)
        self.search = QLineEdit()
        self.search.setClearButtonEnabled(True)
        self.search.textChanged.connect(self._filter)
        self.family_label = QLabel()
        self.ruleset_label = QLabel()
        top.addWidget(self.family_label)
        top.addWidget(self.family_combo)
        top.addWidget(self.ruleset_label)
        top.addWidget(self.ruleset_combo)
        top.addStretch(1)
        top.addWidget(self.search, 1)

        self.base_label = QLabel()
        self.base_label.setStyleSheet("color: #555;")
        self.status = QLabel()
        self.status.setWordWrap(True)

        self.nav = QListWidget()
        self.nav.setMaximumWidth(210)
        self.nav.currentRowChanged.connect(self._jump)
        self.scroll_area = QScrollArea()
        self.scroll_area.setWidgetResizable(True)
        self.body = QWidget()
        self.body_layout = QVBoxLayout(self.body)
        self.body_layout.setSpacing(10)
        self.scroll_area.setWidget(self.body)

        buttons = QHBoxLayout()
        self.reset_all_button = QPushButton()
        self.save_button = QPushButton()
        self.import_button = QPushButton()
        self.export_button = QPushButton()
        self.compare_button = QPushButton()
        self.play_button = QPushButton()
        self.play_button.setDefault(False)
        self.play_button.setAutoDefault(False)
        for b in (
            self.reset_all_button,
            self.save_button,
            self.import_button,
            self.export_button,
            self.compare_button,
        ):
            b.setAutoDefault(False)
            buttons.addWidget(b)
        buttons.addStretch(1)
        buttons.addWidget(self.play_button)
        self.reset_all_button.clicked.connect(self.reset_all)
        self.save_button.clicked.connect(self.save_as_dialog)
        self.import_button.clicked.connect(self.import_dialog)
        self.export_button.clicked.connect(self.export_dialog)
        self.compare_button.clicked.connect(self.compare_dialog)
        self.play_button.clicked.connect(self.start_new_game)

        box = QVBoxLayout(self)
        box.addLayout(top)
        box.addWidget(self.base_label)
        middle = QHBoxLayout()
        middle.addWidget(self.nav)
        middle.addWidget(self.scroll_area, 1)
        box.addLayout(middle, 1)
        box.addWidget(self.status)
        box.addLayout(buttons)

        for family in playable_families():
            self.family_combo.addItem(i18n.family_name(family), family)
        self.family_combo.currentIndexChanged.connect(self._family_chosen)
        self.ruleset_combo.activated.connect(self._ruleset_chosen)
        self.retranslate()
        start = host.settings.family() if host is not None else first_family()
        self.family_combo.setCurrentIndex(max(0, self.family_combo.findData(start)))
        if not self.family:
            self._family_chosen()

    # ---------------------------------------------------------------- texts
    def retranslate(self) -> None:
        self.family_label.setText(tr("Family"))
        self.ruleset_label.setText(tr("Start from"))
        self.search.setPlaceholderText(tr("Search toggles (key, title, description)…"))
        self.reset_all_button.setText(tr("Reset all"))
        self.save_button.setText(tr("Save as…"))
        self.import_button.setText(tr("Import…"))
        self.export_button.setText(tr("Export…"))
        self.compare_button.setText(tr("Compare…"))
        self.play_button.setText(tr("New game with this ruleset…"))
        for row in self.rows.values():
            row.retranslate()
        self._update_state()

    # -------------------------------------------------------------- loading
    def _fill_rulesets(self, select: str | None = None) -> None:
        self.ruleset_combo.blockSignals(True)
        self.ruleset_combo.clear()
        for entry in list_rulesets(self.family):
            if entry.error:
                continue
            label = i18n.ruleset_label(entry.name, entry.family, read_only=entry.read_only)
            if entry.read_only:
                label += "  " + tr("(preset, read-only)")
            self.ruleset_combo.addItem(label, entry.name)
        if select is not None:
            self.ruleset_combo.setCurrentIndex(max(0, self.ruleset_combo.findData(select)))
        self.ruleset_combo.blockSignals(False)

    def _family_chosen(self) -> None:
        family = self.family_combo.currentData()
        if family is None or family == self.family:
            return
        if not self._confirm_discard():
            self.family_combo.blockSignals(True)
            self.family_combo.setCurrentIndex(self.family_combo.findData(self.family))
            self.family_combo.blockSignals(False)
            return
        self.family = family
        self.base = None
        self._build_rows()
        self._fill_rulesets(family_model(family).DEFAULT_PRESET)
        self.open_ruleset(self.ruleset_combo.currentData() or family_model(family).DEFAULT_PRESET)

    def _ruleset_chosen(self) -> None:
        name = self.ruleset_combo.currentData()
        if name is None or name == self.source:
            return
        if not self._confirm_discard():
            self.ruleset_combo.setCurrentIndex(max(0, self.ruleset_combo.findData(self.source)))
            return
        self.open_ruleset(name)

    def _confirm_discard(self) -> bool:
        if not self.dirty:
            return True
        answer = QMessageBox.question(
            self,
            tr("Rules editor"),
            tr("Your changes are not saved. Discard them?"),
            QMessageBox.StandardButton.Discard | QMessageBox.StandardButton.Cancel,
        )
        return answer == QMessageBox.StandardButton.Discard

    def open_ruleset(self, name_or_path: str | Path) -> bool:
        """Load a preset, a user ruleset or a file into the editor; False (and a message) when refused."""
        try:
            rules = load_ruleset(name_or_path)
        except RulesetError as exc:
            self._show_refusal(exc)
            return False
        self.load_rules(rules, source=rules.name if isinstance(name_or_path, str) else str(name_or_path))
        return True

    def load_rules(self, rules: RulesetBase, *, source: str) -> None:
        if rules.family != self.family:
            self.family_combo.blockSignals(True)
            self.family_combo.setCurrentIndex(self.family_combo.findData(rules.family))
            self.family_combo.blockSignals(False)
            self.family = rules.family
            self.base = None
            self._build_rows()
            self._fill_rulesets()
        base_name = rules.name if is_preset_name(rules.name) else rules.base
        try:
            self.base = load_ruleset(base_name) if is_preset_name(base_name) else rules
        except RulesetError:
            self.base = rules
        self.source = source
        self.values = dict(rules.toggles())
        self.header = {k: getattr(rules, k) for k in HEADER_KEYS}
        self._loading = True
        for key, row in self.rows.items():
            row.set_value(self.values[key])
        self._loading = False
        index = self.ruleset_combo.findData(rules.name)
        if index >= 0:
            self.ruleset_combo.setCurrentIndex(index)
        self.dirty = False
        self._validate()

    def _build_rows(self) -> None:
        while self.body_layout.count():
            item = self.body_layout.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.deleteLater()
        self.rows = {}
        self.sections = []
        model = family_model(self.family)
        groups: dict[str, list[ToggleInfo]] = {name: [] for name in model.SECTIONS}
        for info in describe(model):
            groups.setdefault(info.section, []).append(info)
        for infos in groups.values():
            if not infos:
                continue
            group = QGroupBox(infos[0].section_title(lang()))
            group.setStyleSheet("QGroupBox { font-weight: bold; font-size: 15px; }")
            column = QVBoxLayout(group)
            column.setSpacing(2)
            rows = []
            for info in infos:
                row = ToggleRow(info)
                row.edited.connect(self.set_value)
                row.reset_requested.connect(self.reset_one)
                row.link_requested.connect(self.open_rule_book)
                column.addWidget(row)
                self.rows[info.key] = row
                rows.append(row)
            self.body_layout.addWidget(group)
            self.sections.append((group, rows))
        self.body_layout.addStretch(1)
        self._filter()
        self._fill_nav()

    def _fill_nav(self) -> None:
        self.nav.blockSignals(True)
        current = self.nav.currentRow()
        self.nav.clear()
        changed = set(self.changed_keys())
        for group, rows in self.sections:
            title = rows[0].info.section_title(lang())
            n = sum(1 for r in rows if r.info.key in changed)
            bad = any(r.info.key in self.problems for r in rows)
            text = title + (f"  ● {n}" if n else "") + ("  ⚠" if bad else "")
            self.nav.addItem(text)
            self.nav.item(self.nav.count() - 1).setHidden(not group.isVisible() and bool(self.search.text()))
        self.nav.setCurrentRow(current)
        self.nav.blockSignals(False)

    def _jump(self, index: int) -> None:
        if 0 <= index < len(self.sections):
            self.scroll_area.ensureWidgetVisible(self.sections[index][0], 0, 0)
            bar = self.scroll_area.verticalScrollBar()
            bar.setValue(min(bar.maximum(), self.sections[index][0].y()))

    # --------------------------------------------------------------- editing
    def set_value(self, key: str, value: Any) -> None:
        """Change one toggle (what a widget does); the ruleset is checked at once."""
        if key not in self.rows:
            raise KeyError(key)
        self.values[key] = value
        if self.rows[key].value() != value:
            self.rows[key].set_value(value)
        if not self._loading:
            self.dirty = True
            self._validate()

    def reset_one(self, key: str) -> None:
        if self.base is not None:
            self.set_value(key, getattr(self.base, key))

    def reset_all(self) -> None:
        if self.base is None:
            return
        self._loading = True
        for key, row in self.rows.items():
            self.values[key] = getattr(self.base, key)
            row.set_value(self.values[key])
        self._loading = False
        self.dirty = True
        self._validate()

    def _candidate(self) -> dict[str, Any]:
        data = {**self.header, **self.values}
        return {k: list(v) if isinstance(v, tuple) else v for k, v in data.items()}

    def _validate(self) -> None:
        self.problems = {}
        try:
            self.rules = from_dict(self._candidate(), source=tr("this ruleset"))
        except RulesetError as exc:
            self.rules = None
            for problem in exc.problems:
                key = problem.key if problem.key in self.rows else None
                text = problem.reason if key else str(problem)
                self.problems[key] = (self.problems.get(key, "") + "\n" + text).strip()
        for key, row in self.rows.items():
            row.set_error(self.problems.get(key, ""))
        self._update_state()

    def changed_keys(self) -> list[str]:
        """Keys whose value differs from the base preset, in schema order."""
        if self.base is None or self.base.family != self.family:
            return []
        return [k for k in self.rows if self.values.get(k) != getattr(self.base, k)]

    def _update_state(self) -> None:
        if self.base is None or self.base.family != self.family:
            return
        changed = set(self.changed_keys())
        base_name = self.base.name
        for key, row in self.rows.items():
            row.set_changed(key in changed, getattr(self.base, key), base_name)
        source = self.source
        read_only = is_preset_name(source)
        kind = tr("preset, read-only") if read_only else tr("your ruleset")
        self.base_label.setText(
            tr("Editing {source} ({kind}); base preset {base}: {n} value(s) differ.").format(
                source=Path(source).name, kind=kind, base=base_name, n=len(changed)
            )
        )
        if self.problems:
            first = self.problems.get(None)
            count = len(self.problems)
            text = tr("{n} problem(s): fix the values marked in red before saving.").format(n=count)
            self.status.setText(text + (f"\n{first}" if first else ""))
            self.status.setStyleSheet(f"color: {ERROR_COLOR};")
        else:
            self.status.setText(tr("Unsaved changes.") if self.dirty else "")
            self.status.setStyleSheet("")
        self._fill_nav()
        valid = self.rules is not None
        for button in (self.save_button, self.export_button, self.play_button):
            button.setEnabled(valid)

    def _filter(self) -> None:
        needle = self.search.text().strip()
        for group, rows in self.sections:
            shown = 0
            for row in rows:
                visible = row.matches(needle)
                row.setVisible(visible)
                shown += visible
            group.setVisible(shown > 0)
        if self.sections:
            self._fill_nav()

    # ------------------------------------------------------------ save etc.
    def _show_refusal(self, exc: RulesetError) -> None:
        QMessageBox.warning(self, tr("Ruleset refused"), str(exc))

    def suggested_name(self) -> str:
        source = Path(self.source).stem if self.source else self.family
        return source if not is_preset_name(source) else f"{source}-mine"

    def save_as(self, name: str, *, overwrite: bool = True) -> Path | None:
        """Save the current values as the user ruleset ``name``; None (nothing written) when refused."""
        if self.rules is None:
            return None
        try:
            path = save_user_ruleset(self.rules, name, overwrite=overwrite)
        except RulesetError as exc:
            self._show_refusal(exc)
            return None
        saved = load_ruleset(path.stem)
        self._fill_rulesets(saved.name)
        self.load_rules(saved, source=saved.name)
        self.saved.emit(saved.name)
        return path

    def save_as_dialog(self) -> None:
        if self.rules is None:
            return
        name, ok = QInputDialog.getText(
            self, tr("Save ruleset"), tr("Name of your ruleset:"), text=self.suggested_name()
        )
        name = name.strip()
        if not ok or not name:
            return
        exists = name in {e.name for e in list_rulesets() if not e.read_only}
        if exists and not is_preset_name(name):
            answer = QMessageBox.question(
                self, tr("Save ruleset"), tr("{name} exists. Replace it?").format(name=name)
            )
            if answer != QMessageBox.StandardButton.Yes:
                return
        if self.save_as(name) is not None:
            self.status.setText(tr("Saved as {name}.").format(name=name))

    def import_file(self, path: Path, name: str | None = None) -> str | None:
        """Copy a ruleset file into your rulesets (checked first) and open it; returns its name."""
        try:
            rules = load_ruleset(path)
        except RulesetError as exc:
            self._show_refusal(exc)
            return None
        target = name or path.stem
        try:
            saved = save_user_ruleset(rules, target, overwrite=False)
        except RulesetError as exc:
            self._show_refusal(exc)
            return None
        loaded = load_ruleset(saved.stem)
        self.load_rules(loaded, source=loaded.name)
        self._fill_rulesets(loaded.name)
        return loaded.name

    def import_dialog(self) -> None:
        if not self._confirm_discard():
            return
        path, _ = QFileDialog.getOpenFileName(
            self, tr("Import a ruleset"), str(Path.home()), tr("Rulesets (*.toml);;All files (*)")
        )
        if not path:
            return
        name = Path(path).stem
        if is_preset_name(name) or name in {e.name for e in list_rulesets()}:
            name, ok = QInputDialog.getText(
                self, tr("Import a ruleset"), tr("Name of your ruleset:"), text=f"{name}-imported"
            )
            if not ok or not name.strip():
                return
        if self.import_file(Path(path), name.strip()):
            self.status.setText(tr("Imported as {name}.").format(name=name.strip()))

    def export_file(self, path: Path) -> bool:
        if self.rules is None:
            return False
        tmp = path.with_name(path.name + ".tmp")
        tmp.write_text(to_toml(self.rules), encoding="utf-8", newline="\n")
        tmp.replace(path)
        return True

    def export_dialog(self) -> None:
        if self.rules is None:
            return
        path, _ = QFileDialog.getSaveFileName(
            self,
            tr("Export the ruleset"),
            str(Path.home() / f"{self.suggested_name()}.toml"),
            tr("Rulesets (*.toml)"),
        )
        if path:
            target = Path(path if path.endswith(".toml") else path + ".toml")
            if self.export_file(target):
                self.status.setText(tr("Exported to {path}.").format(path=target))

    def compare_dialog(self) -> CompareDialog:
        dialog = CompareDialog(self)
        dialog.show()
        return dialog

    # ------------------------------------------------------------- new game
    def start_new_game(self) -> bool:
        """Start a game with this ruleset through the host's new-game dialog. Unsaved edits are saved
        first (the game keeps its own copy of the ruleset either way)."""
        host = self.host
        if host is None or self.rules is None:
            return False
        if self.dirty or not self.source:
            self.save_as_dialog()
            if self.dirty or self.rules is None:
                return False
        host.settings.last_family = self.family
        host.settings.last_ruleset = self.rules.name
        host.open_new_game_dialog()
        return True

    def open_rule_book(self, anchor: str) -> RuleBookWindow:
        """The rule book at ``anchor`` (``riichi.md#calls``): the host's, or the editor's own."""
        if self.host is not None:
            return self.host.tools.rule_book(anchor)
        from desktop.rulebook import RuleBookWindow
        from desktop.tools import raise_window

        if self.book is None:
            self.book = RuleBookWindow(self)
        raise_window(self.book)
        self.book.show_anchor(anchor)
        return self.book


class CompareDialog(QDialog):
    """Two rulesets side by side: every key that differs (or every key), with its title."""

    EDITED = "__edited__"

    def __init__(self, editor: RulesEditor) -> None:
        super().__init__(editor)
        self.editor = editor
        self.setWindowTitle(tr("Compare rulesets"))
        self.resize(860, 560)
        self.left = QComboBox()
        self.right = QComboBox()
        self.all_keys = QCheckBox(tr("Show every key"))
        for combo in (self.left, self.right):
            combo.addItem(tr("(the ruleset being edited)"), self.EDITED)
            for entry in list_rulesets(editor.family):
                if not entry.error:
                    combo.addItem(
                        i18n.ruleset_label(entry.name, entry.family, read_only=entry.read_only), entry.name
                    )
        base = editor.base.name if editor.base is not None else None
        self.left.setCurrentIndex(max(0, self.left.findData(base)))
        self.right.setCurrentIndex(0)
        self.table = QTableWidget(0, 4)
        self.table.setHorizontalHeaderLabels([tr("Key"), tr("Toggle"), "A", "B"])
        self.table.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        self.table.verticalHeader().setVisible(False)
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.summary = QLabel()
        row = QHBoxLayout()
        row.addWidget(QLabel("A"))
        row.addWidget(self.left, 1)
        row.addWidget(QLabel("B"))
        row.addWidget(self.right, 1)
        row.addWidget(self.all_keys)
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close.rejected.connect(self.reject)
        box = QVBoxLayout(self)
        box.addLayout(row)
        box.addWidget(self.table, 1)
        box.addWidget(self.summary)
        box.addWidget(close)
        for widget in (self.left, self.right):
            widget.currentIndexChanged.connect(self.refresh)
        self.all_keys.toggled.connect(self.refresh)
        self.refresh()

    def _rules(self, combo: QComboBox) -> RulesetBase | None:
        data = combo.currentData()
        if data == self.EDITED:
            return self.editor.rules
        try:
            return load_ruleset(data)
        except RulesetError:
            return None

    def rows(self) -> list[tuple[str, Any, Any]]:
        a, b = self._rules(self.left), self._rules(self.right)
        if a is None or b is None:
            return []
        if self.all_keys.isChecked():
            return [(k, getattr(a, k, None), getattr(b, k, None)) for k in to_dict(a) if k not in HEADER_KEYS]
        return [row for row in diff_rulesets(a, b) if row[0] not in ("name", "base")]

    def refresh(self) -> None:
        infos = {i.key: i for i in describe(family_model(self.editor.family))}
        a, b = self._rules(self.left), self._rules(self.right)
        rows = self.rows()
        self.table.setRowCount(len(rows))
        for r, (key, va, vb) in enumerate(rows):
            info = infos.get(key)
            cells = [key, info.title(lang()) if info else key, show_value(info, va), show_value(info, vb)]
            for c, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if c >= 2 and va != vb:
                    item.setForeground(Qt.GlobalColor.darkRed)
                self.table.setItem(r, c, item)
        self.table.resizeColumnsToContents()
        self.table.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        if a is None or b is None:
            self.summary.setText(tr("The ruleset being edited has problems: fix them to compare."))
        else:
            diffs = len([row for row in diff_rulesets(a, b) if row[0] not in ("name", "base")])
            self.summary.setText(tr("{n} difference(s).").format(n=diffs))
