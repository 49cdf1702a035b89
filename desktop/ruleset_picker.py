"""The family and ruleset picker row of the scoring calculator and the drills, and the one list of the
families a person can play (:func:`playable_families`), which every family menu of the desktop shows."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QWidget

from desktop import i18n
from desktop.i18n import tr
from engine.families.registry import family_names
from engine.rules import family_model, list_rulesets
from engine.rules import family_names as model_families


def playable_families() -> list[str]:
    """The registry's families that have a ruleset model, in the registry's (menu) order."""
    models = set(model_families())
    return [name for name in family_names() if name in models]


def first_family() -> str:
    """The family a fresh start shows: the registry's first playable one."""
    families = playable_families()
    return families[0] if families else family_names()[0]


class RulesetPicker(QWidget):
    """The row "Family [...] Ruleset [...]": a rule family and one of its rulesets (the presets and the
    player's own; files that do not load are left out).

    Choosing a family lists its rulesets, selects its default preset and emits :attr:`family_changed`
    (not :attr:`ruleset_changed`); choosing another ruleset of the family emits :attr:`ruleset_changed`
    with its name. The picker starts on ``family`` (the registry's first when unknown) without emitting
    anything.
    """

    family_changed = Signal(str)
    ruleset_changed = Signal(str)

    def __init__(self, family: str | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.family_combo = QComboBox()
        for name in playable_families():
            self.family_combo.addItem(i18n.family_name(name), name)
        self.ruleset_combo = QComboBox()
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(QLabel(tr("Family")))
        row.addWidget(self.family_combo)
        row.addWidget(QLabel(tr("Ruleset")))
        row.addWidget(self.ruleset_combo)
        start = family if family in playable_families() else first_family()
        self.family_combo.setCurrentIndex(max(0, self.family_combo.findData(start)))
        self._fill_rulesets()
        self.family_combo.currentIndexChanged.connect(lambda _i: self._family_chosen())
        self.ruleset_combo.currentIndexChanged.connect(
            lambda _i: self.ruleset_changed.emit(self.ruleset() or "")
        )

    def family(self) -> str:
        return str(self.family_combo.currentData())

    def ruleset(self) -> str | None:
        """The chosen ruleset's name (None when the family has no loadable ruleset)."""
        name = self.ruleset_combo.currentData()
        return None if name is None else str(name)

    def set_family(self, family: str) -> None:
        """Choose ``family`` as the player would (an unknown name is ignored)."""
        index = self.family_combo.findData(family)
        if index >= 0:
            self.family_combo.setCurrentIndex(index)

    def set_ruleset(self, name: str) -> bool:
        """Choose the ruleset ``name`` of the current family as the player would; False if not listed."""
        index = self.ruleset_combo.findData(name)
        if index >= 0:
            self.ruleset_combo.setCurrentIndex(index)
        return index >= 0

    def _family_chosen(self) -> None:
        self._fill_rulesets()
        self.family_changed.emit(self.family())

    def _fill_rulesets(self) -> None:
        family = self.family()
        self.ruleset_combo.blockSignals(True)
        self.ruleset_combo.clear()
        for entry in list_rulesets(family):
            if not entry.error:
                label = i18n.ruleset_label(entry.name, entry.family, read_only=entry.read_only)
                self.ruleset_combo.addItem(label, entry.name)
        default = family_model(family).DEFAULT_PRESET
        self.ruleset_combo.setCurrentIndex(max(0, self.ruleset_combo.findData(default)))
        self.ruleset_combo.blockSignals(False)
