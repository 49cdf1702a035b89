"""Drills: what to discard (positions from simulated games, answered by the strong AI) and scoring
(a finished hand; enter its han / fu / points, 番 or 台). Both keep a score history in the user data
folder (:mod:`engine.drills.history`).

Positions and hands are made on a background thread (a position plays part of a game with the simple
agents), so the window never stalls; ``DrillsWindow.busy`` says when one is being made.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Collection, Iterable
from typing import Any

from PySide6.QtCore import QSize, Qt, QTimer, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QDialog,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from desktop import i18n
from desktop.calculator import TileStrip, faces_pixmap, result_html
from desktop.i18n import tr
from desktop.panels import shanten_text
from desktop.ruleset_picker import RulesetPicker
from desktop.tileart import TileState
from engine.drills import (
    DiscardGrade,
    DiscardPosition,
    discard_position,
    load_history,
    record_answer,
    summarize,
)
from engine.drills.scoring import ScoringGrade, ScoringQuestion, scoring_question
from engine.families.registry import get_family
from engine.game.actions import ActionType
from engine.game.observation import DiscardView, MeldView
from engine.rules import RulesetError, family_model, load_ruleset
from engine.tiles import TileFace, kind_of, parse

GOOD = "#1d7046"
BAD = "#b8312b"


def zh() -> bool:
    return i18n.is_zh()


def faces_of_tiles(tiles: Iterable[int], red_tiles: Collection[int]) -> list[TileFace]:
    """Faces of physical tiles; a tile in ``red_tiles`` (the family's red tiles under the ruleset) is
    its red face."""
    return [TileFace(kind_of(t), t in red_tiles) for t in tiles]


def position_red_tiles(position: DiscardPosition) -> frozenset[int]:
    """The red tiles of the position's family under its ruleset."""
    try:
        return get_family(position.family).red_tiles(position.rules())
    except (RulesetError, ValueError):
        return frozenset()


def meld_faces(
    melds: Iterable[MeldView], red_tiles: Collection[int], gap: float
) -> tuple[list[TileFace], list[float]]:
    """The tiles of ``melds`` in a row, ``gap`` before each meld but the first."""
    faces: list[TileFace] = []
    gaps: list[float] = []
    for m in melds:
        for j, t in enumerate(m.tiles):
            gaps.append(gap if j == 0 and faces else 0.0)
            faces.append(TileFace(kind_of(t), t in red_tiles))
    return faces, gaps


def history_text(drill: str, family: str) -> str:
    s = summarize(load_history(drill, family))
    if not s.answered:
        return tr("No answers yet.")
    streak = "".join("●" if ok else "○" for ok in s.recent)
    return tr("{n} answered, {c} right ({p:.0%}), average score {a:.0f}.  Recent: {r}").format(
        n=s.answered, c=s.correct, p=s.rate, a=s.average_score, r=streak
    )


class DiscardDrill(QWidget):
    """One position: the table as the seat sees it; click the tile to discard."""

    answered = Signal(object)  # DiscardGrade

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.position: DiscardPosition | None = None
        self.grade: DiscardGrade | None = None
        self.info = QLabel()
        self.info.setWordWrap(True)
        self.opponents = QGridLayout()
        self.opponent_rows: list[tuple[QLabel, TileStrip, TileStrip]] = []
        for _ in range(3):
            label = QLabel()
            melds = TileStrip(tile_w=22, tile_h=30)
            pond = TileStrip(tile_w=22, tile_h=30)
            row = len(self.opponent_rows)
            self.opponents.addWidget(label, row, 0)
            self.opponents.addWidget(melds, row, 1)
            self.opponents.addWidget(pond, row, 2)
            self.opponent_rows.append((label, melds, pond))
        self.opponents.setColumnStretch(2, 1)
        self.own_pond = TileStrip(tile_w=22, tile_h=30)
        self.own_melds = TileStrip(tile_w=30, tile_h=40)
        self.hand = TileStrip(tile_w=42, tile_h=56)
        self.hand.clicked.connect(self.choose_index)
        self.prompt = QLabel()
        self.prompt.setStyleSheet("font-size: 16px; font-weight: bold;")
        self.verdict = QLabel()
        self.verdict.setWordWrap(True)
        self.verdict.setStyleSheet("font-size: 16px; font-weight: bold;")
        self.table = QTableWidget(0, 5)
        self.table.verticalHeader().setVisible(False)
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.setSelectionMode(QTableWidget.SelectionMode.NoSelection)
        self.table.setIconSize(QSize(26, 34))
        self.table.setWordWrap(True)
        self.source = QLabel()
        self.source.setStyleSheet("color: #666;")
        self.source.setWordWrap(True)

        table_box = QGroupBox(tr("The table"))
        tl = QVBoxLayout(table_box)
        tl.addWidget(self.info)
        tl.addLayout(self.opponents)
        own = QHBoxLayout()
        self.own_label = QLabel()
        own.addWidget(self.own_label)
        own.addWidget(self.own_pond, 1)
        tl.addLayout(own)
        hand_row = QHBoxLayout()
        hand_row.addWidget(self.hand)
        hand_row.addSpacing(16)
        hand_row.addWidget(self.own_melds)
        hand_row.addStretch(1)
        box = QVBoxLayout(self)
        box.addWidget(table_box)
        box.addWidget(self.prompt)
        box.addLayout(hand_row)
        box.addWidget(self.verdict)
        box.addWidget(self.table, 1)
        box.addWidget(self.source)
        self.show_position(None)

    # -------------------------------------------------------------- showing
    def show_position(self, position: DiscardPosition | None) -> None:
        self.position = position
        self.grade = None
        self.verdict.setText("")
        self.table.setRowCount(0)
        self.table.hide()
        self.source.setText("")
        if position is None:
            self.prompt.setText(tr("Making a position from a simulated game…"))
            self.hand.set_faces([])
            return
        obs = position.observation
        seat = position.seat
        spec = get_family(position.family)
        red = position_red_tiles(position)
        n = obs.n
        wild = obs.wild_kinds
        facts = [
            i18n.family_name(position.family),
            tr("round {wind}").format(wind=i18n.wind_name(obs.round_wind - 27))
            if spec.rounds_by_wind
            else "",
            tr("you sit {wind}").format(wind=i18n.wind_name(obs.seats[seat].wind - 27)),
            tr("{n} tiles left in the wall").format(n=obs.wall_remaining),
        ]
        if obs.dora_indicators:
            facts.append(
                tr("dora indicators {t}").format(
                    t=i18n.tile_list((kind_of(t) for t in obs.dora_indicators), self.vocabulary)
                )
            )
        if wild:
            facts.append(tr("财神 {t}").format(t=i18n.tile_list(sorted(wild), self.vocabulary)))
        me = obs.seats[seat]
        if me.lacking_suit is not None:
            facts.append(tr("your lacking suit: {s}").format(s=i18n.suit_name(me.lacking_suit)))
        scores = obs.scores
        if scores and any(scores):
            facts.append(tr("scores {s}").format(s=" / ".join(str(x) for x in scores)))
        self.info.setText(" · ".join(f for f in facts if f))
        names = {1: tr("Right"), 2: tr("Across"), 3: tr("Left")}
        declared = i18n.action_word(ActionType.RIICHI, self.vocabulary)
        for offset, (label, melds, pond) in enumerate(self.opponent_rows, start=1):
            s = (seat + offset) % n
            p = obs.seats[s]
            text = f"{names[offset]} ({i18n.wind_name(p.wind - 27)})"
            if p.declared:
                text += " · " + declared
            if p.lacking_suit is not None:
                text += " · " + tr("lacks {s}").format(s=i18n.suit_name(p.lacking_suit))
            label.setText(text)
            faces, gaps = meld_faces(p.melds, red, 6.0)
            melds.set_faces(faces, gaps=gaps)
            self._pond(pond, p.discards, red)
        self.own_label.setText(tr("Your discards"))
        self._pond(self.own_pond, me.discards, red)
        own_faces, own_gaps = meld_faces(me.melds, red, 8.0)
        self.own_melds.set_faces(own_faces, gaps=own_gaps)
        self._draw_hand()
        self.prompt.setText(tr("What do you discard? Click a tile."))

    def _pond(self, strip: TileStrip, discards: Iterable[DiscardView], red: Collection[int]) -> None:
        shown = list(discards)
        faces = faces_of_tiles((d.tile for d in shown), red)
        states = [
            TileState.SHADED
            if d.claimed_by is not None
            else TileState.MARKED
            if d.sideways
            else TileState.NONE
            for d in shown
        ]
        strip.set_faces(faces, states)

    def hand_tiles(self) -> list[int]:
        """The hand as drawn: sorted, the drawn tile last (set apart)."""
        assert self.position is not None
        hand = list(self.position.hand)
        drawn = self.position.drawn
        rest = sorted(t for t in hand if t != drawn)
        return rest + ([drawn] if drawn is not None and drawn in hand else [])

    def _draw_hand(self, chosen: int | None = None) -> None:
        assert self.position is not None
        tiles = self.hand_tiles()
        wild = self.position.observation.wild_kinds
        legal = {a.tile for a in self.position.legal}
        states = []
        best = {(o.kind, o.red) for o in self.grade.best} if self.grade else set()
        for t in tiles:
            state = TileState.NONE
            if kind_of(t) in wild:
                state |= TileState.WILD
            if t not in legal and not any(
                self.position.face_of(t) == self.position.face_of(x) for x in legal if x is not None
            ):
                state |= TileState.DISABLED
            if self.grade is not None and tuple(self.position.face_of(t)) in best:
                state |= TileState.MARKED
            if chosen is not None and t == chosen:
                state |= TileState.SELECTED
            states.append(state)
        drawn = self.position.drawn
        gaps = [
            10.0 if drawn is not None and i == len(tiles) - 1 and tiles[-1] == drawn else 0.0
            for i in range(len(tiles))
        ]
        self.hand.set_faces(faces_of_tiles(tiles, position_red_tiles(self.position)), states, gaps)

    # --------------------------------------------------------------- answer
    def choose_index(self, index: int) -> None:
        if self.position is None or self.grade is not None:
            return
        tiles = self.hand_tiles()
        if 0 <= index < len(tiles):
            self.choose(tiles[index])

    @property
    def vocabulary(self) -> str:
        """The words of the position's family (5-man and Tenpai; 5 Characters and ready)."""
        if self.position is None:
            return i18n.current_vocabulary()
        return get_family(self.position.family).vocabulary

    def choose(self, tile: int) -> DiscardGrade | None:
        """Discard ``tile``: grade it against the AI's ranking, record it and show the answer."""
        position = self.position
        if position is None or self.grade is not None:
            return None
        try:
            grade = position.grade(tile)
        except ValueError:
            self.verdict.setText(tr("That tile cannot be discarded here."))
            self.verdict.setStyleSheet(f"color: {BAD}; font-size: 16px; font-weight: bold;")
            return None
        self.grade = grade
        record_answer(
            "discard",
            position.family,
            correct=grade.correct,
            score=grade.score,
            detail={
                "chosen": grade.chosen.face,
                "best": [o.face for o in grade.best],
                "seed": position.seed,
                "ruleset": position.ruleset.get("name"),
            },
        )
        self._draw_hand(chosen=tile)
        words = self.vocabulary
        best = tr(", ").join(i18n.face_name(o.kind, o.red, words) for o in grade.best)
        chosen = i18n.face_name(grade.chosen.kind, grade.chosen.red, words)
        if grade.correct:
            text = tr("Right: {tile} is the AI's choice too.").format(tile=chosen)
            color = GOOD
        else:
            text = tr("The AI prefers {best}; your {tile} ranks {rank} of {n} (score {s}).").format(
                best=best,
                tile=chosen,
                rank=grade.chosen.rank,
                n=len(position.options()),
                s=grade.score,
            )
            color = BAD
        self.verdict.setText(text)
        self.verdict.setStyleSheet(f"color: {color}; font-size: 16px; font-weight: bold;")
        self._fill_table()
        self.answered.emit(grade)
        return grade

    def _fill_table(self) -> None:
        assert self.position is not None and self.grade is not None
        options = self.position.options()
        self.table.setColumnCount(5)
        self.table.setHorizontalHeaderLabels(
            [tr("Rank"), tr("Discard"), tr("Shanten"), tr("Acceptance"), tr("Why (the strong AI)")]
        )
        self.table.setRowCount(len(options))
        words = self.vocabulary
        for r, o in enumerate(options):
            rank = QTableWidgetItem(str(o.rank))
            tile = QTableWidgetItem(i18n.face_name(o.kind, o.red, words))
            tile.setIcon(faces_pixmap([TileFace(o.kind, o.red)], 26, 34))
            shanten = QTableWidgetItem(shanten_text(o.shanten, words))
            accept = QTableWidgetItem(
                tr("{n} tiles: {kinds}").format(n=o.accept_count, kinds=i18n.tile_list(o.accept_kinds, words))
                if o.accept_count
                else "—"
            )
            reasons = QTableWidgetItem("; ".join(o.reasons_zh if zh() else o.reasons_en))
            row = [rank, tile, shanten, accept, reasons]
            if (o.kind, o.red) == (self.grade.chosen.kind, self.grade.chosen.red):
                for item in row:
                    item.setBackground(QColor("#fff1bf"))
            for c, item in enumerate(row):
                self.table.setItem(r, c, item)
        header = self.table.horizontalHeader()
        for c in range(3):
            header.setSectionResizeMode(c, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(3, QHeaderView.ResizeMode.Interactive)
        header.setSectionResizeMode(4, QHeaderView.ResizeMode.Stretch)
        self.table.setWordWrap(True)
        self.table.show()
        QTimer.singleShot(0, self.table, self._fit_columns)
        self.source.setText(
            tr(
                "Ranked by the strong AI (engine.ai.hints): its expected value of each discard, "
                "with its reasons; acceptance counts the unseen tiles that bring the hand closer. "
                "Position from simulated game {g}."
            ).format(g=self.position.game_seed)
        )

    def _fit_columns(self) -> None:
        """The acceptance column as wide as its longest line but at most a quarter of the table (a long
        list of tiles wraps), so the reasons keep the room and the rows stay a few lines high."""
        self.table.resizeColumnToContents(3)
        cap = max(160, self.table.viewport().width() // 4)
        self.table.setColumnWidth(3, min(self.table.columnWidth(3), cap))
        self.table.resizeRowsToContents()


class ScoringDrill(QWidget):
    """A finished hand: enter its value, then see the breakdown."""

    answered = Signal(object)  # ScoringGrade

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.question: ScoringQuestion | None = None
        self.grade: ScoringGrade | None = None
        self.hand = TileStrip(tile_w=42, tile_h=56)
        self.melds = TileStrip(tile_w=34, tile_h=46)
        self.facts = QLabel()
        self.facts.setWordWrap(True)
        self.facts.setStyleSheet("font-size: 15px;")
        self.form = QFormLayout()
        self.inputs: dict[str, QSpinBox] = {}
        self.check_button = QPushButton(tr("Check"))
        self.check_button.clicked.connect(self.check)
        self.verdict = QLabel()
        self.verdict.setWordWrap(True)
        self.verdict.setStyleSheet("font-size: 16px; font-weight: bold;")
        self.breakdown = QTextBrowser()
        hand_box = QGroupBox(tr("The winning hand"))
        hl = QVBoxLayout(hand_box)
        row = QHBoxLayout()
        row.addWidget(self.hand)
        row.addSpacing(16)
        row.addWidget(self.melds)
        row.addStretch(1)
        hl.addLayout(row)
        hl.addWidget(self.facts)
        answer_box = QGroupBox(tr("Your answer"))
        al = QVBoxLayout(answer_box)
        al.addLayout(self.form)
        al.addWidget(self.check_button)
        al.addStretch(1)
        lower = QHBoxLayout()
        lower.addWidget(answer_box)
        right = QVBoxLayout()
        right.addWidget(self.verdict)
        right.addWidget(self.breakdown, 1)
        lower.addLayout(right, 1)
        box = QVBoxLayout(self)
        box.addWidget(hand_box)
        box.addLayout(lower, 1)
        self.show_question(None)

    def show_question(self, question: ScoringQuestion | None) -> None:
        self.question = question
        self.grade = None
        self.verdict.setText("")
        self.breakdown.clear()
        while self.form.rowCount():
            self.form.removeRow(0)
        self.inputs = {}
        if question is None:
            self.facts.setText(tr("Making a hand…"))
            self.hand.set_faces([])
            self.melds.set_faces([])
            self.check_button.setEnabled(False)
            return
        s = question.situation
        hand = parse(s["hand"])
        win = parse(s["win_tile"])[0] if s.get("win_tile") else None
        wild = {f.kind for f in parse(s.get("wild", ""))}
        faces = [f for f in hand]
        if win is not None and win in faces:
            faces.remove(win)
        faces.sort(key=lambda f: (f.kind, not f.red))
        states = [TileState.WILD if f.kind in wild else TileState.NONE for f in faces]
        gaps = [0.0] * len(faces)
        if win is not None:
            faces.append(win)
            states.append(TileState.MARKED | (TileState.WILD if win.kind in wild else TileState.NONE))
            gaps.append(12.0)
        self.hand.set_faces(faces, states, gaps)
        meld_faces: list[TileFace] = []
        meld_gaps: list[float] = []
        for m in s.get("melds", []):
            tiles = parse(m["tiles"])
            for j, f in enumerate(tiles):
                meld_faces.append(f)
                meld_gaps.append(8.0 if j == 0 and len(meld_faces) > 1 else 0.0)
        self.melds.set_faces(meld_faces, gaps=meld_gaps)
        self.facts.setText(self._facts(question))
        for field in question.fields():
            spin = QSpinBox()
            spin.setRange(0, 1_000_000)
            spin.setSingleStep(100 if field.key == "points" else 1)
            spin.setSpecialValueText(" ")
            spin.setValue(0)
            label = field.title("zh" if zh() else "en")
            if not field.graded:
                label += " " + tr("(not needed at this limit)")
            self.form.addRow(label, spin)
            self.inputs[field.key] = spin
        self.check_button.setEnabled(True)

    def _facts(self, q: ScoringQuestion) -> str:
        s = q.situation
        seat = int(s.get("seat", 0))
        parts = [
            tr("Self-draw (tsumo)") if s["win"] == "tsumo" else tr("On a discard (ron)"),
            tr("seat {wind}").format(wind=i18n.wind_name(seat))
            + (" (" + tr("dealer") + ")" if seat == 0 else ""),
        ]
        if "round_wind" in get_family(q.family).situation_fields:
            parts.append(
                tr("round {wind}").format(wind=i18n.wind_name("ESWN".index(s.get("round_wind", "E"))))
            )
        if s.get("flags"):
            parts.append(tr("flags: {f}").format(f=", ".join(i18n.flag_name(f) for f in s["flags"])))
        if s.get("dora_indicators"):
            parts.append(tr("dora indicators {t}").format(t=s["dora_indicators"]))
        if s.get("ura_indicators"):
            parts.append(tr("ura indicators {t}").format(t=s["ura_indicators"]))
        if s.get("honba"):
            parts.append(tr("{n} honba").format(n=s["honba"]))
        if s.get("riichi_sticks"):
            parts.append(tr("{n} riichi stick(s) on the table").format(n=s["riichi_sticks"]))
        if s.get("wild"):
            parts.append(tr("财神 shown: {t}").format(t=s["wild"]))
        if s.get("flowers"):
            parts.append(tr("flowers {t}").format(t=s["flowers"]))
        ruleset = s.get("ruleset") or family_model(q.family).DEFAULT_PRESET
        parts.append(tr("ruleset {r}").format(r=ruleset))
        return " · ".join(parts)

    def answers(self) -> dict[str, int | None]:
        return {key: (spin.value() if spin.text().strip() else None) for key, spin in self.inputs.items()}

    def set_answers(self, values: dict[str, int]) -> None:
        for key, value in values.items():
            if key in self.inputs:
                self.inputs[key].setValue(int(value))

    def check(self) -> ScoringGrade | None:
        q = self.question
        if q is None or self.grade is not None:
            return None
        grade = q.grade(self.answers())
        self.grade = grade
        record_answer(
            "scoring",
            q.family,
            correct=grade.correct,
            score=grade.score,
            detail={"seed": q.seed, "situation": q.situation, "answers": self.answers()},
        )
        lines = []
        for g in grade.fields:
            mark = "✓" if g.correct else ("×" if g.field.graded else "·")
            given = "—" if g.given is None else str(g.given)
            lines.append(f"{mark} {g.field.title('zh' if zh() else 'en')}: {given} → {g.expected}")
        head = tr("Right!") if grade.correct else tr("Not quite.")
        self.verdict.setText(head + "  " + "   ".join(lines))
        self.verdict.setStyleSheet(
            f"color: {GOOD if grade.correct else BAD}; font-size: 16px; font-weight: bold;"
        )
        self.breakdown.setHtml(result_html(q.result, q.family, q.situation.get("ruleset")))
        self.check_button.setEnabled(False)
        self.answered.emit(grade)
        return grade


class DrillsWindow(QDialog):
    """Both drills, a family and ruleset choice, and the score history of each."""

    _made = Signal(str, object, int)  # kind, position or question (or an error text), request number

    def __init__(self, parent: QWidget | None = None, family: str | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(tr("Drills"))
        self.setWindowFlag(Qt.WindowType.WindowMaximizeButtonHint, True)
        self.resize(1100, 800)
        self.rng = random.Random()
        self.busy = 0
        self._request = 0
        self.picker = RulesetPicker(family)
        top = QHBoxLayout()
        top.addWidget(self.picker)
        top.addStretch(1)
        self.next_button = QPushButton(tr("Next"))
        top.addWidget(self.next_button)
        self.tabs = QTabWidget()
        self.discard = DiscardDrill()
        self.scoring = ScoringDrill()
        self.tabs.addTab(self.discard, tr("What to discard"))
        self.tabs.addTab(self.scoring, tr("Scoring"))
        self.history = QLabel()
        self.history.setStyleSheet("color: #444;")
        box = QVBoxLayout(self)
        box.addLayout(top)
        box.addWidget(self.tabs, 1)
        box.addWidget(self.history)
        self._made.connect(self._on_made)
        self.discard.answered.connect(lambda _g: self._update_history())
        self.scoring.answered.connect(lambda _g: self._update_history())
        self.tabs.currentChanged.connect(lambda _i: self._tab_changed())
        self.picker.family_changed.connect(lambda _family: self._family_changed())
        self.picker.ruleset_changed.connect(lambda _name: self.next())
        self.next_button.clicked.connect(self.next)
        self._family_changed()

    @property
    def family(self) -> str:
        return self.picker.family()

    @property
    def kind(self) -> str:
        return "discard" if self.tabs.currentWidget() is self.discard else "scoring"

    def _family_changed(self) -> None:
        self.discard.show_position(None)
        self.scoring.show_question(None)
        self.next()

    def _tab_changed(self) -> None:
        self._update_history()
        if self.kind == "discard" and self.discard.position is None and not self.busy:
            self.next()
        if self.kind == "scoring" and self.scoring.question is None and not self.busy:
            self.next()

    def _update_history(self) -> None:
        label = tr("What to discard") if self.kind == "discard" else tr("Scoring")
        self.history.setText(
            f"{label} — {i18n.family_name(self.family)}: {history_text(self.kind, self.family)}"
        )

    def next(self, seed: int | str | None = None) -> None:
        """Make the next position or hand of the current drill (on a background thread)."""
        kind, family = self.kind, self.family
        ruleset_name = self.picker.ruleset()
        seed = seed if seed is not None else self.rng.randrange(10**9)
        self._request += 1
        request = self._request
        self.busy += 1
        if kind == "discard":
            self.discard.show_position(None)
        else:
            self.scoring.show_question(None)
        self._update_history()

        def work() -> None:
            try:
                if kind == "discard":
                    rules = load_ruleset(ruleset_name) if ruleset_name else None
                    made: Any = discard_position(family, rules, seed=seed)
                    made.options()  # rank now, off the UI thread
                else:
                    made = scoring_question(family, seed=seed, ruleset=ruleset_name)
            except Exception as exc:  # a broken user ruleset, no position found...
                made = f"{type(exc).__name__}: {exc}"
            self._made.emit(kind, made, request)

        threading.Thread(target=work, name="tilehouse-drill", daemon=True).start()

    def _on_made(self, kind: str, made: object, request: int) -> None:
        self.busy = max(0, self.busy - 1)
        if request != self._request:
            return  # a newer request replaced it
        if isinstance(made, str):
            target = self.discard.prompt if kind == "discard" else self.scoring.facts
            target.setText(tr("No drill could be made: {e}").format(e=made))
            return
        if kind == "discard":
            assert isinstance(made, DiscardPosition)
            self.discard.show_position(made)
        else:
            assert isinstance(made, ScoringQuestion)
            self.scoring.show_question(made)
