"""The new-game and settings dialogs (the families listed are the registry's playable ones).

The new game is for 1, 2 or 3 opponents (the family's ``FamilySpec.seat_counts``): the ruleset list
shows the family's rulesets for that many players and starts on ``FamilySpec.default_rules`` (riichi
with two opponents: sanma; Sichuan: 三人两房); a family without a ruleset of its own for the count
(Lingxi's house rule) lists every ruleset of the family, the number of players following the choice.
The seat and the AI levels are offered for the seats at the table only. Where the engine's mjai bridge
can seat a program (:func:`engine.records.bridge.mjai_refusal` of the chosen rules), an AI seat may also
be "Outside bot (mjai)…" with the command that starts it; the dialog checks that the program is there."""

from __future__ import annotations

from pydantic import ValidationError
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
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
from engine.families.registry import get_family
from engine.rules import RulesetError, list_rulesets, load_ruleset
from engine.rules.errors import Problem
from engine.rules.schema import RulesetBase

MAX_SEATS = 4
BOT = "mjai:"  # the level item of an outside program; its command is typed beside it


def ruleset_players(name: str) -> int | None:
    """How many players a ruleset file is for (None: it does not load)."""
    try:
        return int(load_ruleset(name).players)
    except RulesetError:
        return None


def levels_label(players: int) -> str:
    """The row title of the AI levels, naming the winds of the seats at the table."""
    if players == 2:
        return tr("AI levels (E S)")
    if players == 3:
        return tr("AI levels (E S W)")
    return tr("AI levels (E S W N)")


def opponents_text(n: int) -> str:
    if n == 1:
        return tr("1 opponent")
    return tr("{n} opponents").format(n=n)


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
        self.opponents = QComboBox()  # data: the number of players (opponents + 1)
        self.ruleset = QComboBox()
        self._players: dict[str, int | None] = {}  # ruleset name -> its players (None: broken)
        self._follows: set[str] = set()  # rulesets listed for another count: the players follow the choice
        form.addRow(tr("Family"), self.family)
        form.addRow(tr("Opponents"), self.opponents)
        form.addRow(tr("Ruleset"), self.ruleset)
        self.seat = QComboBox()
        form.addRow(tr("Your seat"), self.seat)
        self.levels: list[QComboBox] = []
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        for s in range(MAX_SEATS):
            combo = QComboBox()
            for lvl in agents.levels():
                combo.addItem(i18n.level_name(lvl), lvl)
            combo.setCurrentIndex(max(0, combo.findData(agents.DEFAULT_LEVEL)))
            combo.setToolTip(tr("AI level of the {wind} seat").format(wind=i18n.wind_name(s)))
            row.addWidget(combo)
            self.levels.append(combo)
        levels_box = QWidget()
        levels_box.setLayout(row)
        self.levels_title = QLabel(levels_label(MAX_SEATS))
        form.addRow(self.levels_title, levels_box)
        self.bot_commands: list[QLineEdit] = []  # per seat: the command of an outside program
        self.bot_rows: list[QWidget] = []
        bots = QVBoxLayout()
        bots.setContentsMargins(0, 0, 0, 0)
        for s in range(MAX_SEATS):
            edit = QLineEdit(settings.last_bot_command)
            edit.setPlaceholderText(tr("the command that starts the bot, e.g. python3 /path/bot.py"))
            edit.setToolTip(tr("The seat number is added to the command unless it holds {seat}."))
            line = QHBoxLayout()
            line.setContentsMargins(0, 0, 0, 0)
            line.addWidget(QLabel(i18n.wind_name(s)))
            line.addWidget(edit, 1)
            holder = QWidget()
            holder.setLayout(line)
            bots.addWidget(holder)
            self.bot_commands.append(edit)
            self.bot_rows.append(holder)
        self.bots_box = QWidget()
        self.bots_box.setLayout(bots)
        self.bots_title = QLabel(tr("Outside bots"))
        form.addRow(self.bots_title, self.bots_box)
        for combo in self.levels:
            combo.currentIndexChanged.connect(lambda _i: self._show_bot_commands())
        self.seat.currentIndexChanged.connect(self._mark_human_seat)
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
        last = settings.last_ruleset
        self._fill_counts(self._players_of(last) if last else None)
        idx = self.ruleset.findData(last)
        if idx >= 0:
            self.ruleset.setCurrentIndex(idx)
        self.family.currentIndexChanged.connect(lambda _i: self._fill_counts(self.players()))
        self.opponents.currentIndexChanged.connect(lambda _i: self._count_chosen())
        self.ruleset.currentIndexChanged.connect(lambda _i: self._offer_bots())
        self._offer_bots()

    def players(self) -> int:
        """The number of players chosen (the person and the opponents)."""
        data = self.opponents.currentData()
        return int(data) if data is not None else MAX_SEATS

    def set_opponents(self, n: int) -> bool:
        """Choose ``n`` opponents as the player would; False if the family does not offer it."""
        index = self.opponents.findData(n + 1)
        if index >= 0:
            self.opponents.setCurrentIndex(index)
        return index >= 0

    def _players_of(self, name: str) -> int | None:
        if name not in self._players:
            self._players[name] = ruleset_players(name)
        return self._players[name]

    def _fill_counts(self, keep: int | None) -> None:
        """The opponent counts of the chosen family (keeping ``keep`` players when it offers that)."""
        spec = get_family(self.family.currentData())
        counts = sorted(spec.seat_counts, reverse=True)
        players = keep if keep in counts else (MAX_SEATS if MAX_SEATS in counts else counts[0])
        self.opponents.blockSignals(True)
        self.opponents.clear()
        for n in counts:
            self.opponents.addItem(opponents_text(n - 1), n)
        self.opponents.setCurrentIndex(max(0, self.opponents.findData(players)))
        self.opponents.blockSignals(False)
        self._count_chosen()

    def _count_chosen(self) -> None:
        """A family or count chosen: its rulesets (on the one a new game of that count starts from),
        the seats at the table and an AI level for each."""
        players = self.players()
        human = self.seat.currentData()
        self.seat.blockSignals(True)
        self.seat.clear()
        for s in range(players):
            self.seat.addItem(i18n.wind_name(s) + (" " + tr("(first dealer)") if s == 0 else ""), s)
        self.seat.setCurrentIndex(human if isinstance(human, int) and human < players else 0)
        self.seat.blockSignals(False)
        for s, combo in enumerate(self.levels):
            combo.setVisible(s < players)
        self.levels_title.setText(levels_label(players))
        self._mark_human_seat()
        self._fill_rulesets()

    def _mark_human_seat(self) -> None:
        """The person's own seat has no AI level."""
        human = self.seat.currentData()
        for s, combo in enumerate(self.levels):
            combo.setEnabled(s != human)
        self._show_bot_commands()

    # ------------------------------------------------------------ outside programs
    def _chosen_rules(self) -> RulesetBase | None:
        """The chosen ruleset for the chosen number of players (None: it does not load)."""
        name = self.ruleset.currentData()
        if name is None:
            return None
        try:
            rules = load_ruleset(name)
            return rules if rules.players == self.players() else rules.with_changes(players=self.players())
        except (RulesetError, ValidationError):
            return None

    def _offer_bots(self) -> None:
        """Offer "Outside bot (mjai)…" on the AI seats when the engine's bridge can seat a program under
        the chosen rules (four-player riichi with Tenhou's values); otherwise take it away."""
        from engine.records.bridge import mjai_refusal

        rules = self._chosen_rules()
        offered = rules is not None and mjai_refusal(rules) is None
        for combo in self.levels:
            index = combo.findData(BOT)
            if offered and index < 0:
                combo.addItem(tr("Outside bot (mjai)…"), BOT)
            elif not offered and index >= 0:
                if combo.currentIndex() == index:
                    combo.setCurrentIndex(max(0, combo.findData(agents.DEFAULT_LEVEL)))
                combo.removeItem(index)
        self._show_bot_commands()

    def bot_seats(self) -> list[int]:
        """The seats at the table an outside program plays."""
        human = self.seat.currentData()
        players = self.players()
        return [s for s, c in enumerate(self.levels) if s < players and s != human and c.currentData() == BOT]

    def _show_bot_commands(self) -> None:
        seats = self.bot_seats()
        for s, row in enumerate(self.bot_rows):
            row.setVisible(s in seats)
        self.bots_box.setVisible(bool(seats))
        self.bots_title.setVisible(bool(seats))

    def bot_problem(self) -> str | None:
        """Why the outside programs chosen cannot start (an empty command, a program not found), in
        words; None when each is there."""
        from engine.records.bridge import missing_program

        for s in self.bot_seats():
            command = self.bot_commands[s].text().strip()
            wind = i18n.wind_name(s)
            if not command:
                return tr("Type the command that starts the {wind} seat's bot.").format(wind=wind)
            missing = missing_program(command)
            if missing is not None:
                return tr(
                    "The {wind} seat's bot cannot start: {program} was not found. "
                    "Give the full path of the program or script."
                ).format(wind=wind, program=missing or command)
        return None

    def accept(self) -> None:
        problem = self.bot_problem()
        if problem is not None:
            QMessageBox.warning(self, tr("Outside bots"), problem)
            return
        super().accept()

    def _fill_rulesets(self) -> None:
        family = self.family.currentData()
        players = self.players()
        entries = [e for e in list_rulesets(family) if not e.error]
        own = [e for e in entries if self._players_of(e.name) == players]
        # no ruleset of the family is for this many players (a house rule): each one, players following
        self._follows = set() if own else {e.name for e in entries}
        self.ruleset.clear()
        for entry in own or entries:
            label = i18n.ruleset_label(entry.name, entry.family, read_only=entry.read_only)
            if entry.name in self._follows:
                label += "  " + tr("({n} players)").format(n=players)
            self.ruleset.addItem(label, entry.name)
        try:
            start = get_family(family).default_rules(players).name
        except (ValueError, RulesetError):
            start = ""
        self.ruleset.setCurrentIndex(max(0, self.ruleset.findData(start)))

    def choice(self) -> tuple[RulesetBase, Setup, str | None]:
        """The chosen ruleset model, seats and seed (raises RulesetError for a broken ruleset)."""
        name = self.ruleset.currentData()
        if name is None:
            raise RulesetError(tr("New game"), [Problem(None, tr("There is no ruleset to play."))])
        rules = load_ruleset(name)
        players = self.players()
        if rules.players != players:  # a ruleset of four, played by fewer as a house rule
            try:
                rules = rules.with_changes(players=players)
            except ValidationError as exc:
                raise RulesetError(name, [Problem("players", str(exc))]) from None
        human = int(self.seat.currentData())
        levels = [c.currentData() for c in self.levels[:players]]
        for s in self.bot_seats():
            command = self.bot_commands[s].text().strip()
            levels[s] = agents.bot_level(command)
            self.settings.last_bot_command = command
        for s, level in enumerate(levels):
            if level == BOT:  # the person's own seat: its level is not used
                levels[s] = agents.DEFAULT_LEVEL
        setup = Setup(
            human_seat=human,
            levels=levels,
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
