"""The review of one seat's play beside the strong AI, in the replay viewer.

The engine reviews (:func:`engine.records.review.review_game`): at every decision of the seat with a
real choice, what the strong AI would have played from the same view, why, and how much the difference
mattered (shanten and acceptance lost, danger taken, value lost, a win let go by). Here it runs off the
UI thread (:class:`desktop.background.Task`) and its differences are listed largest first, with the
engine's verdict and reasons in the interface language and the family's words; a click on a row moves
the viewer to that decision, from the reviewed seat's view.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QEvent, QSize, Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from desktop import i18n
from desktop.background import Task
from desktop.i18n import tr
from desktop.panels import describe_option
from engine.messages import Message

if TYPE_CHECKING:
    from desktop.viewer import OpenedRecord, ViewerWindow
    from engine.ai.plugin import Reason
    from engine.records.review import GameReview, ReviewedDecision

ROWS_SHOWN = 200  # the largest differences listed (a long match has a few hundred decisions)


def verdict_text(verdict: Message, vocabulary: str, score_unit: str) -> str:
    """The engine's verdict on a decision in the interface language and the family's words."""
    japanese = vocabulary == "japanese"
    key = verdict.key
    if key == "review.agree":
        return tr("The same choice as the strong AI")
    if key == "review.missed_win":
        value = i18n.amount_text(int(verdict.arg("points", 0)), score_unit, vocabulary)
        if japanese:
            return tr("A win worth {value} was let go by", "japanese").format(value=value)
        return tr("A win worth {value} was let go by").format(value=value)
    if key == "review.slower":
        n = int(verdict.arg("shanten", 1))
        if japanese:
            return tr("{n} more shanten than after the AI's choice").format(n=n)
        return tr("{n} step(s) further from ready than after the AI's choice").format(n=n)
    if key == "review.narrower":
        return tr("{n} fewer tiles improve the hand than after the AI's choice").format(
            n=int(verdict.arg("tiles", 0))
        )
    if key == "review.riskier":
        n = int(verdict.arg("percent", 0))
        if japanese:
            return tr("About {n}% more likely to deal in than the AI's choice", "japanese").format(n=n)
        return tr("About {n}% more likely to deal in than the AI's choice").format(n=n)
    if key == "review.cheaper":
        value = i18n.amount_text(int(verdict.arg("points", 0)), score_unit, vocabulary)
        if japanese:
            return tr("Worth about {value} less if the hand wins", "japanese").format(value=value)
        return tr("Worth about {value} less if the hand wins").format(value=value)
    return tr("Another choice of about the same worth")


def reason_texts(reasons: tuple[Reason, ...], limit: int = 3) -> str:
    """The AI's reasons (the engine writes each in English and Chinese, in the family's words)."""
    zh = i18n.is_zh()
    words = [r.zh if zh else r.en for r in reasons[:limit] if (r.zh if zh else r.en)]
    return ("；" if zh else "; ").join(words)


def ordered(review: GameReview) -> list[ReviewedDecision]:
    """The decisions where the seat differed from the strong AI, the largest difference first (the
    engine's own measure, :attr:`~engine.records.review.ReviewedDecision.severity`)."""
    differing = [d for d in review.decisions if not d.agrees]
    return sorted(differing, key=lambda d: d.severity, reverse=True)


class ReviewPanel(QWidget):
    """The review box of the viewer's side column: a seat, the Review button, the differences."""

    reviewed = Signal()  # a review's rows are listed (tests)

    def __init__(self, viewer: ViewerWindow) -> None:
        super().__init__()
        self.viewer = viewer
        self.record: OpenedRecord | None = None
        self.result: GameReview | None = None
        self.task: Task | None = None
        self.generation = 0
        self.seat = 0
        self.rows: list[ReviewedDecision] = []
        self.last_error = ""
        box = QVBoxLayout(self)
        box.setContentsMargins(0, 8, 0, 0)
        box.setSpacing(6)
        self.heading = QLabel()
        self.heading.setObjectName("heading")
        box.addWidget(self.heading)
        row = QHBoxLayout()
        self.seat_combo = QComboBox()
        self.seat_combo.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.button = QPushButton()
        self.button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.button.clicked.connect(lambda: self.start(self.seat_combo.currentIndex()))
        row.addWidget(self.seat_combo, 1)
        row.addWidget(self.button)
        box.addLayout(row)
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.status.setObjectName("muted")
        box.addWidget(self.status)
        self.tree = QListWidget()
        self.tree.setWordWrap(True)
        self.tree.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.tree.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.tree.setVerticalScrollMode(QListWidget.ScrollMode.ScrollPerPixel)
        self.tree.setTextElideMode(Qt.TextElideMode.ElideNone)
        self.tree.setResizeMode(QListWidget.ResizeMode.Adjust)  # rows wrap again at a new width
        self.tree.setSpacing(3)
        self.tree.setStyleSheet(
            "QListWidget { background: #10241f; color: #eef3ef; border: 1px solid #2c4a42; }"
            "QListWidget::item { border-bottom: 1px solid #23413a; }"
            "QLabel#row { color: #eef3ef; background: transparent; padding: 4px; }"
            "QListWidget::item:selected { background: #3d6b5e; color: white; }"
        )
        self.tree.viewport().installEventFilter(self)
        self.tree.itemClicked.connect(self._clicked)
        self.tree.currentItemChanged.connect(lambda item, _old: self._show_detail(item))
        box.addWidget(self.tree, 1)
        self.detail = QLabel()
        self.detail.setWordWrap(True)
        self.detail.setTextFormat(Qt.TextFormat.PlainText)
        self.detail.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        box.addWidget(self.detail)
        self.retranslate()

    def retranslate(self) -> None:
        self.heading.setText(tr("Review beside the strong AI"))
        self.button.setText(tr("Review"))
        self.button.setToolTip(tr("Compare every decision of this seat with the strong AI's choice"))
        if self.result is not None:
            self._list(self.result)
        elif self.task is None:
            self.status.setText(tr("Choose a seat and press Review."))

    # ---------------------------------------------------------------- record
    def set_record(self, record: OpenedRecord) -> None:
        """A new record in the viewer: the old review (or one still running) no longer applies."""
        self.record = record
        self.generation += 1
        self.task = None
        self.result = None
        self.rows = []
        self.tree.clear()
        self.detail.clear()
        self.button.setEnabled(True)
        self.status.setText(tr("Choose a seat and press Review."))

    def fill_seats(self, names: list[str], human: int | None) -> None:
        current = self.seat_combo.currentIndex()
        self.seat_combo.clear()
        self.seat_combo.addItems(names)
        if self.result is not None:
            self.seat_combo.setCurrentIndex(self.result.seat)
        elif human is not None and 0 <= human < len(names):
            self.seat_combo.setCurrentIndex(human)
        elif 0 <= current < len(names):
            self.seat_combo.setCurrentIndex(current)

    # ---------------------------------------------------------------- run
    def start(self, seat: int) -> Task | None:
        """Review ``seat``'s play off the UI thread (the rows come with ``reviewed``)."""
        record = self.record
        if record is None or not 0 <= seat < len(record.replayer.final.match.scores):
            return None
        from engine.records.review import review_game

        self.seat = seat
        if self.seat_combo.currentIndex() != seat:
            self.seat_combo.setCurrentIndex(seat)
        self.generation += 1
        generation = self.generation
        game = record.game
        self.result = None
        self.rows = []
        self.tree.clear()
        self.detail.clear()
        self.button.setEnabled(False)
        name = self.seat_combo.itemText(seat)
        self.status.setText(tr("The strong AI is looking at every decision of {name}…").format(name=name))
        task = Task(lambda: review_game(game, seat), "tilehouse-review")
        task.done.connect(lambda review: self._done(review, generation))
        task.failed.connect(lambda text: self._failed(text, generation))
        self.task = task
        return task.start_work()

    def running(self) -> bool:
        return self.task is not None and self.result is None

    def _done(self, review: GameReview, generation: int) -> None:
        if generation != self.generation:
            return  # another record or seat since
        self.task = None
        self.result = review
        self.button.setEnabled(True)
        self._list(review)
        self.reviewed.emit()

    def _failed(self, text: str, generation: int) -> None:
        if generation != self.generation:
            return
        self.task = None
        self.last_error = text
        self.button.setEnabled(True)
        self.status.setText(tr("The review failed: {problem}").format(problem=text))

    # ---------------------------------------------------------------- list
    def _list(self, review: GameReview) -> None:
        from desktop.viewer import hand_title

        record = self.record
        if record is None:
            return
        spec = record.spec
        words = spec.vocabulary
        total = len(review.decisions)
        agreed = sum(1 for d in review.decisions if d.agrees)
        name = self.seat_combo.itemText(review.seat)
        if total == 0:
            self.status.setText(tr("{name} had no decision with a real choice.").format(name=name))
        else:
            self.status.setText(
                tr(
                    "{name} made the strong AI's choice at {agreed} of {total} decisions ({percent}%)."
                ).format(name=name, agreed=agreed, total=total, percent=round(100 * agreed / total))
                + " "
                + tr("The differences, largest first:")
            )
        self.rows = ordered(review)[:ROWS_SHOWN]
        self.tree.clear()
        red = spec.red_tiles(record.replayer.rules)
        for d in self.rows:
            played = describe_option(d.played, words, red)
            best = describe_option(d.suggested, words, red)
            head = tr("{hand} · played: {played} · strong AI: {best}").format(
                hand=hand_title(record, d.hand), played=played, best=best
            )
            text = head + "\n" + verdict_text(d.verdict, words, spec.score_unit)
            item = QListWidgetItem()
            item.setData(Qt.ItemDataRole.UserRole, d.position)
            item.setData(Qt.ItemDataRole.AccessibleTextRole, text)
            item.setToolTip(self._detail_text(d))
            self.tree.addItem(item)
            label = QLabel(text)  # a label wraps where a list row would elide
            label.setWordWrap(True)
            label.setObjectName("row")
            label.setToolTip(item.toolTip())
            label.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
            self.tree.setItemWidget(item, label)
        self._fit_rows()
        self.detail.clear()

    def row_text(self, row: int) -> str:
        item = self.tree.item(row)
        return str(item.data(Qt.ItemDataRole.AccessibleTextRole)) if item is not None else ""

    def _fit_rows(self) -> None:
        """Each row as tall as its wrapped text at the list's width now."""
        width = self.tree.viewport().width() - 2 * self.tree.spacing() - 8
        for row in range(self.tree.count()):
            item = self.tree.item(row)
            label = self.tree.itemWidget(item) if item is not None else None
            if item is None or not isinstance(label, QLabel):
                continue
            height = label.heightForWidth(max(80, width)) + 2
            item.setSizeHint(QSize(max(80, width), height))

    def eventFilter(self, obj: Any, event: Any) -> bool:
        if obj is self.tree.viewport() and event.type() == QEvent.Type.Resize:
            self._fit_rows()
        return super().eventFilter(obj, event)

    def _detail_text(self, d: ReviewedDecision) -> str:
        lines = []
        why = reason_texts(d.reasons)
        if why:
            lines.append(tr("Strong AI: {reasons}").format(reasons=why))
        mine = reason_texts(d.played_reasons)
        if mine:
            lines.append(tr("The choice played: {reasons}").format(reasons=mine))
        return "\n".join(lines)

    def _show_detail(self, item: QListWidgetItem | None) -> None:
        index = self.tree.row(item) if item is not None else -1
        if 0 <= index < len(self.rows):
            self.detail.setText(self._detail_text(self.rows[index]))
        else:
            self.detail.clear()

    def _clicked(self, item: QListWidgetItem) -> None:
        self.jump(self.tree.row(item))

    def jump(self, row: int) -> None:
        """Move the viewer to the decision of ``row``, from the reviewed seat's view."""
        if not 0 <= row < len(self.rows) or self.result is None:
            return
        d = self.rows[row]
        item = self.tree.item(row)
        if item is not None:
            self.tree.setCurrentItem(item)
        self._show_detail(item)
        viewer: Any = self.viewer
        viewer.seat = d.seat
        viewer.seat_combo.setCurrentIndex(d.seat)
        viewer.goto(d.position)
        if d.suggested.tile is not None:  # the strong AI's tile marked in the hand
            viewer.mark(d.position, d.suggested.tile)


__all__ = ["ReviewPanel", "ordered", "reason_texts", "verdict_text"]
