"""The first start: a one-time welcome (and the application's identity, :mod:`desktop.identity`).

:func:`attach` is called by :mod:`desktop.app` right after the table's first frame (this module and its
dialog are not imported before it; the app sets the identity itself before the window shows). It always
sets the window icon and the desktop file name (so Linux desktops match the window to
``tilehouse.desktop``). On the first start it also opens :class:`FirstRunDialog`: choose the language (the
dialog and the window switch at once), then a short welcome pointing to the rule book and to a first
practice game.

"First start" means the settings file does not exist yet; closing the dialog in any way saves the
settings with the chosen language, so it shows once. It never shows in ``--demo`` or ``--first-frame``
runs (``app.py`` passes ``ask=False``), nor under pytest unless asked: ``TILEHOUSE_FIRST_RUN=1`` forces it,
``TILEHOUSE_FIRST_RUN=0`` turns it off.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QPixmap
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
)

from desktop import i18n
from desktop.i18n import tr
from desktop.identity import DESKTOP_FILE_NAME, icon_path, set_identity
from engine.resources import resource_path

if TYPE_CHECKING:
    from desktop.rulebook import RuleBookWindow
    from desktop.tools import ToolHost

FIRST_RUN_ENV = "TILEHOUSE_FIRST_RUN"
PRACTICE_HANDS = 1
__all__ = ["DESKTOP_FILE_NAME", "FirstRunDialog", "attach", "icon_path", "set_identity", "wanted"]


def rule_book_dir() -> Path:
    """``rulebook/`` of the shipped resources (checkout, installed package or standalone build)."""
    return resource_path("rulebook")


def rule_book_pages() -> dict[str, Path]:
    """The (English) rule book page of each family that has one, in the registry's order."""
    from desktop.rulebook import page_path
    from engine.families.registry import family_names

    pages = {f: page_path(f) for f in family_names()}
    return {f: p for f, p in pages.items() if p is not None}


def wanted(settings_file: Path, *, ask: bool = True) -> bool:
    """Whether to show the welcome: asked for, not turned off, not under pytest unless forced, first start."""
    forced = os.environ.get(FIRST_RUN_ENV, "")
    if not ask or forced == "0":
        return False
    if forced == "1":
        return True
    if os.environ.get("PYTEST_CURRENT_TEST"):
        return False
    return not settings_file.exists()


def attach(host: ToolHost, *, ask: bool = True) -> FirstRunDialog | None:
    """Set the application's identity; on the first start, open the welcome after the table's first
    frame (at once when it is painted already). Returns the dialog (not yet shown) when it will open."""
    set_identity()
    if not wanted(host.settings.path(), ask=ask):
        return None
    dialog = FirstRunDialog(host)
    host.when_first_frame(dialog.open_once)
    return dialog


def retranslate_window(host: ToolHost) -> None:
    """What the window does after a language change: its menus and start panel."""
    host.retranslate_ui()


class FirstRunDialog(QDialog):
    """Language, then a welcome: the rule book and a first practice game."""

    def __init__(self, host: ToolHost) -> None:
        super().__init__(host.tool_parent())
        self.host = host
        # modeless: the rule book it opens must take the mouse while the welcome waits for the first
        # game (a modal welcome blocked every window of the table's, the book among them)
        self.setModal(False)
        self.setMinimumWidth(560)
        self.started_practice = False
        self.opened = False
        box = QVBoxLayout(self)
        box.setSpacing(12)
        box.setContentsMargins(24, 20, 24, 20)

        head = QHBoxLayout()
        self.logo = QLabel()
        if icon_path().is_file():
            pm = QPixmap(str(icon_path()))
            dpr = self.devicePixelRatioF()
            pm = pm.scaled(
                int(72 * dpr),
                int(72 * dpr),
                Qt.AspectRatioMode.KeepAspectRatio,
                Qt.TransformationMode.SmoothTransformation,
            )
            pm.setDevicePixelRatio(dpr)
            self.logo.setPixmap(pm)
        head.addWidget(self.logo, 0, Qt.AlignmentFlag.AlignTop)
        titles = QVBoxLayout()
        self.title = QLabel()
        self.title.setStyleSheet("font-size: 20px; font-weight: bold;")
        self.intro = QLabel()
        self.intro.setWordWrap(True)
        titles.addWidget(self.title)
        titles.addWidget(self.intro)
        head.addLayout(titles, 1)
        box.addLayout(head)

        row = QHBoxLayout()
        self.language_label = QLabel()
        self.language = QComboBox()
        for code, name in i18n.LANGUAGES.items():
            self.language.addItem(name, code)
        self.language.setCurrentIndex(max(0, self.language.findData(i18n.language())))
        self.language.currentIndexChanged.connect(self._language_changed)
        row.addWidget(self.language_label)
        row.addWidget(self.language, 1)
        box.addLayout(row)
        self.language_hint = QLabel()
        self.language_hint.setWordWrap(True)
        self.language_hint.setStyleSheet("color: palette(dark);")
        box.addWidget(self.language_hint)

        line = QFrame()
        line.setFrameShape(QFrame.Shape.HLine)
        box.addWidget(line)

        self.rules_text = QLabel()
        self.rules_text.setWordWrap(True)
        box.addWidget(self.rules_text)
        row = QHBoxLayout()
        self.family_label = QLabel()
        self.family = QComboBox()
        self.rule_book_button = QPushButton()
        self.rule_book_button.clicked.connect(self.show_rule_book)
        self.rule_book_button.setEnabled(bool(rule_book_pages()))
        row.addWidget(self.family_label)
        row.addWidget(self.family, 1)
        row.addWidget(self.rule_book_button)
        box.addLayout(row)
        self.practice_text = QLabel()
        self.practice_text.setWordWrap(True)
        box.addWidget(self.practice_text)

        buttons = QHBoxLayout()
        buttons.addStretch(1)
        self.later_button = QPushButton()
        self.later_button.clicked.connect(self.reject)
        self.practice_button = QPushButton()
        self.practice_button.setDefault(True)
        self.practice_button.clicked.connect(self.start_practice)
        buttons.addWidget(self.later_button)
        buttons.addWidget(self.practice_button)
        box.addLayout(buttons)
        self.finished.connect(self._remember)
        self.book: RuleBookWindow | None = None
        self.retranslate()

    # ----------------------------------------------------------------- texts
    def retranslate(self) -> None:
        self.setWindowTitle(tr("Welcome to Tilehouse"))
        self.title.setText(tr("Welcome to Tilehouse"))
        self.intro.setText(
            tr(
                "Mahjong against one, two or three computer players, under real regional rules: "
                "Japanese riichi, Sichuan blood battle and Lingxi."
            )
        )
        self.language_label.setText(tr("Language"))
        self.language_hint.setText(tr("You can change the language at any time: View menu, Settings."))
        self.rules_text.setText(
            tr(
                "New to one of these games? Each family has a rule book: how a hand is played, "
                "how it is scored, and every house rule you can change."
            )
        )
        self.family_label.setText(tr("Family"))
        chosen = self.chosen_family()
        self.family.blockSignals(True)
        self.family.clear()
        from desktop.ruleset_picker import playable_families

        for f in playable_families():
            self.family.addItem(i18n.family_name(f), f)
        self.family.setCurrentIndex(max(0, self.family.findData(chosen)))
        self.family.blockSignals(False)
        self.rule_book_button.setText(tr("Open the rule book"))
        self.practice_text.setText(
            tr(
                "Then try a first practice game: one hand in which you may undo your moves, "
                "with the practice panel showing your waits, the most efficient discards and, "
                "when you ask, the AI's hint."
            )
        )
        self.practice_button.setText(tr("Start a practice game"))
        self.later_button.setText(tr("Not now"))

    def _language_changed(self) -> None:
        code = self.language.currentData()
        if code == i18n.language():
            return
        i18n.install(code)
        self.retranslate()
        retranslate_window(self.host)
        if self.book is not None:
            self.book.setWindowTitle(tr("Rule book"))

    # --------------------------------------------------------------- actions
    def chosen_family(self) -> str:
        """The family chosen in the dialog (at first the registry's first)."""
        from engine.families.registry import family_names

        chosen = self.family.currentData()
        return str(chosen) if chosen else family_names()[0]

    def open_once(self) -> None:
        if not self.opened:
            self.opened = True
            self.show()

    def show_rule_book(self) -> RuleBookWindow:
        """The game's rule book (tiles drawn, both languages), open at the chosen family."""
        self.book = self.host.tools.rule_book(family=self.chosen_family())
        return self.book

    def start_practice(self) -> None:
        """A practice game of the chosen family: one hand, undo allowed, the practice panel on."""
        from desktop.agents import DEFAULT_LEVEL
        from desktop.storage import Setup
        from engine.rules import default_ruleset

        family = self.chosen_family()
        host = self.host
        self.started_practice = True
        self.accept()
        host.show_practice_panel()
        host.settings.last_family = family
        setup = Setup(human_seat=0, levels=[DEFAULT_LEVEL] * 4, practice=True, max_hands=PRACTICE_HANDS)
        host.start_table_game(default_ruleset(family), setup)

    def _remember(self) -> None:
        self.host.settings.language = str(self.language.currentData())
        self.host.settings.save()
