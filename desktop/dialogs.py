"""The new-game and settings dialogs (the families listed are the registry's playable ones)."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QHBoxLayout,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from desktop import (
    agents,
    i18n,
)
from desktop.i18n import tr
from desktop.ruleset_picker import playable_families
from desktop.settings import Settings
from desktop.storage import Setup
from engine.rules import list_rulesets, load_ruleset
from engine.rules.schema import RulesetBase


class NewGameDialog(QDialog):
    def __init__(self, settings: Settings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(tr("New game"))
        self.settings = settings
        form = QFormLayout()
        self.family = QComboBox()
        for f in playable_families():
            self.family.addItem(i18n.family_name(f), f)
        idx = self.family.findData(settings.family())
        self.family.setCurrentIndex(max(0, idx))
        self.ruleset = QComboBox()
        self.family.currentIndexChanged.connect(self._fill_rulesets)
        form.addRow(tr("Family"), self.family)
        form.addRow(tr("Ruleset"), self.ruleset)
        self.seat = QComboBox()
        for s in range(4):
            self.seat.addItem(i18n.wind_name(s) + (" " + tr("(first dealer)") if s == 0 else ""), s)
        form.addRow(tr("Your seat"), self.seat)
        self.levels: list[QComboBox] = []
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        for s in range(4):
            combo = QComboBox()
            for lvl in agents.levels():
                combo.addItem(i18n.level_name(lvl), lvl)
            combo.setCurrentIndex(max(0, combo.findData(agents.DEFAULT_LEVEL)))
            combo.setToolTip(tr("AI level of the {wind} seat").format(wind=i18n.wind_name(s)))
            row.addWidget(combo)
            self.levels.append(combo)
        levels_box = QWidget()
        levels_box.setLayout(row)
        form.addRow(tr("AI levels (E S W N)"), levels_box)
        self.seat.currentIndexChanged.connect(self._mark_human_seat)
        self._mark_human_seat()
        self.length = QComboBox()
        self.length.addItem(tr("As the ruleset says"), None)
        for n in (1, 4, 8):
            self.length.addItem(tr("{n} hand(s)").format(n=n), n)
        form.addRow(tr("Match length"), self.length)
        self.practice = QCheckBox(tr("Practice (undo, practice panel)"))
        form.addRow("", self.practice)
        self.seed = QLineEdit()
        self.seed.setPlaceholderText(tr("random"))
        form.addRow(tr("Seed"), self.seed)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        box = QVBoxLayout(self)
        box.addLayout(form)
        box.addWidget(buttons)
        self._fill_rulesets()
        idx = self.ruleset.findData(settings.last_ruleset)
        if idx >= 0:
            self.ruleset.setCurrentIndex(idx)

    def _mark_human_seat(self) -> None:
        """The person's own seat has no AI level."""
        human = self.seat.currentData()
        for s, combo in enumerate(self.levels):
            combo.setEnabled(s != human)

    def _fill_rulesets(self) -> None:
        family = self.family.currentData()
        self.ruleset.clear()
        for entry in list_rulesets(family):
            if entry.error:
                continue
            label = entry.name + ("" if entry.read_only else "  " + tr("(yours)"))
            self.ruleset.addItem(label, entry.name)

    def choice(self) -> tuple[RulesetBase, Setup, str | None]:
        """The chosen ruleset model, seats and seed (raises RulesetError for a broken ruleset)."""
        name = self.ruleset.currentData()
        rules = load_ruleset(name)
        human = int(self.seat.currentData())
        setup = Setup(
            human_seat=human,
            levels=[c.currentData() for c in self.levels],
            practice=self.practice.isChecked(),
            max_hands=self.length.currentData(),
        )
        self.settings.last_family = self.family.currentData()
        self.settings.last_ruleset = name
        seed = self.seed.text().strip() or None
        return rules, setup, seed


class SettingsDialog(QDialog):
    def __init__(self, settings: Settings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(tr("Settings"))
        self.settings = settings
        form = QFormLayout()
        self.language = QComboBox()
        self.language.addItem(tr("System language"), "system")
        for code, name in i18n.LANGUAGES.items():
            self.language.addItem(name, code)
        self.language.setCurrentIndex(max(0, self.language.findData(settings.language)))
        form.addRow(tr("Language"), self.language)
        self.discard = QComboBox()
        self.discard.addItem(tr("Single click"), "click")
        self.discard.addItem(tr("Double click"), "double")
        self.discard.setCurrentIndex(max(0, self.discard.findData(settings.discard_mode)))
        form.addRow(tr("Discard with"), self.discard)
        self.anim = QComboBox()
        for label, value in ((tr("Off"), 0.0), (tr("Fast"), 0.5), (tr("Normal"), 1.0), (tr("Slow"), 1.6)):
            self.anim.addItem(label, value)
        self.anim.setCurrentIndex(
            min(range(4), key=lambda i: abs(self.anim.itemData(i) - settings.anim_speed))
        )
        form.addRow(tr("Animations"), self.anim)
        self.pace = QDoubleSpinBox()
        self.pace.setRange(0.0, 3.0)
        self.pace.setSingleStep(0.1)
        self.pace.setSuffix(" s")
        self.pace.setValue(settings.ai_pace)
        form.addRow(tr("AI pace (0 = instant)"), self.pace)
        self.timer = QSpinBox()
        self.timer.setRange(0, 60)
        self.timer.setSuffix(" s")
        self.timer.setSpecialValueText(tr("off"))
        self.timer.setValue(settings.claim_timer)
        form.addRow(tr("Claim timer"), self.timer)
        self.checks: dict[str, QCheckBox] = {}
        for key, text in (
            ("auto_sort", tr("Sort my hand")),
            ("auto_win", tr("Win automatically")),
            ("no_calls", tr("No calls (pass on chi, pon, kan)")),
            ("tsumogiri_riichi", tr("Discard the drawn tile after riichi")),
            ("lacking_first", tr("Discard the lacking suit first (Sichuan)")),
            ("practice_panel", tr("Show the practice panel")),
        ):
            check = QCheckBox(text)
            check.setChecked(bool(getattr(settings, key)))
            form.addRow("", check)
            self.checks[key] = check
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        box = QVBoxLayout(self)
        box.addLayout(form)
        box.addWidget(buttons)

    def apply(self) -> None:
        s = self.settings
        s.language = self.language.currentData()
        s.discard_mode = self.discard.currentData()
        s.anim_speed = float(self.anim.currentData())
        s.ai_pace = float(self.pace.value())
        s.claim_timer = int(self.timer.value())
        for key, box in self.checks.items():
            setattr(s, key, box.isChecked())
        s.save()
