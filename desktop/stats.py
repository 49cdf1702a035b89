"""Statistics of the person's games.

When a hand ends at a table with a person seated, :func:`record_hand` appends one line to the
statistics file (:mod:`engine.stats`), made from the hand's settlement report; practice games — undo or
the practice tools — and demos are left out. It runs once per hand, after the settlement is shown
(:class:`desktop.tools.ToolWindows` connects it to the host's "hand settled" signal), so it is never in
the hot path. The statistics window sums the records per family, in the registry's order: hands and
matches, win and deal-in rates, the average win, and the running score as a chart.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPaintEvent, QPen
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from desktop import i18n
from desktop.i18n import tr
from engine.families.registry import family_names

if TYPE_CHECKING:
    from desktop.tools import ToolHost
    from engine.stats import FamilyStats, HandRecord


# ── recording ──────────────────────────────────────────────────────────────────────────────────
def record_hand(host: ToolHost) -> HandRecord | None:
    """Append the hand that just ended at ``host``'s table to the statistics (or skip it)."""
    from engine.stats import append_record, record_from_report

    snap = host.table_snapshot()
    if snap is None or snap.report is None or snap.human_seat is None or host.demo:
        return None
    if snap.practice or host.practice_tools_used():
        return None  # undo was allowed, or a practice tool was used: not a real game
    record = record_from_report(
        snap.report,
        seat=snap.human_seat,
        match=f"{snap.family}:{snap.seed}:{snap.ruleset}",
        hand=snap.hand_number,
        ruleset=snap.ruleset,
        match_over=snap.match_over,
    )
    try:
        append_record(record)
    except OSError:
        return None  # statistics are never worth an error at the table
    return record


def family_order(names: set[str]) -> list[str]:
    """``names`` in the registry's order, unknown ones (a family no longer shipped) after, sorted."""
    known = [f for f in family_names() if f in names]
    return known + sorted(names - set(known))


# ── the chart ──────────────────────────────────────────────────────────────────────────────────
class ScoreChart(QWidget):
    """The running score over the hands played (a line), with the zero line and the first/last dates."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.points: list[tuple[str, int]] = []
        self.setMinimumHeight(220)

    def set_points(self, points: list[tuple[str, int]]) -> None:
        self.points = list(points)
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        rect = QRectF(self.rect()).adjusted(56, 14, -16, -30)
        p.fillRect(self.rect(), QColor("#fbfaf6"))
        p.setPen(QPen(QColor("#c9c3b3"), 1))
        p.drawRect(rect)
        if not self.points:
            p.setPen(QColor("#777"))
            p.drawText(rect, Qt.AlignmentFlag.AlignCenter, tr("No hands recorded yet."))
            p.end()
            return
        values = [0] + [v for _t, v in self.points]
        low, high = min(values), max(values)
        if low == high:
            low, high = low - 1, high + 1
        span = high - low

        def at(i: int, v: int) -> QPointF:
            x = rect.left() + rect.width() * i / max(1, len(values) - 1)
            y = rect.bottom() - rect.height() * (v - low) / span
            return QPointF(x, y)

        font = QFont(self.font())
        font.setPixelSize(11)
        p.setFont(font)
        zero = at(0, 0).y()
        p.setPen(QPen(QColor("#8a8a8a"), 1, Qt.PenStyle.DashLine))
        p.drawLine(QPointF(rect.left(), zero), QPointF(rect.right(), zero))
        p.setPen(QColor("#555"))
        for v in (high, 0, low):
            y = at(0, v).y()
            p.drawText(
                QRectF(0, y - 8, 52, 16),
                Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                f"{v:+}",
            )
        path = QPainterPath(at(0, values[0]))
        for i, v in enumerate(values[1:], start=1):
            path.lineTo(at(i, v))
        p.setPen(QPen(QColor("#2e6b5a"), 2))
        p.drawPath(path)
        if len(values) <= 60:
            p.setBrush(QColor("#2e6b5a"))
            for i, v in enumerate(values[1:], start=1):
                p.drawEllipse(at(i, v), 2.5, 2.5)
        p.setPen(QColor("#555"))
        first, last = self.points[0][0][:10], self.points[-1][0][:10]
        p.drawText(QRectF(rect.left(), rect.bottom() + 6, 200, 18), Qt.AlignmentFlag.AlignLeft, first)
        p.drawText(QRectF(rect.right() - 200, rect.bottom() + 6, 200, 18), Qt.AlignmentFlag.AlignRight, last)
        text = tr("{n} hands").format(n=len(self.points))
        p.drawText(
            QRectF(rect.left(), rect.bottom() + 6, rect.width(), 18), Qt.AlignmentFlag.AlignHCenter, text
        )
        p.end()


# ── the window ─────────────────────────────────────────────────────────────────────────────────
class StatsWindow(QDialog):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(tr("Statistics"))
        self.resize(820, 560)
        self.stats: dict[str, FamilyStats] = {}
        self.table = QTableWidget(0, 7)
        self.table.verticalHeader().setVisible(False)
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QTableWidget.SelectionBehavior.SelectRows)
        self.family = QComboBox()
        self.chart = ScoreChart()
        self.note = QLabel(
            tr(
                "Counted: hands played with you at the table. Practice games (undo or practice tools) and "
                "demos are left out. Win values and scores are in each family's own unit."
            )
        )
        self.note.setWordWrap(True)
        self.note.setStyleSheet("color: #666;")
        self.refresh_button = QPushButton(tr("Refresh"))
        self.refresh_button.clicked.connect(self.refresh)
        row = QHBoxLayout()
        row.addWidget(QLabel(tr("Results over time:")))
        row.addWidget(self.family)
        row.addStretch(1)
        row.addWidget(self.refresh_button)
        box = QVBoxLayout(self)
        box.addWidget(self.table)
        box.addLayout(row)
        box.addWidget(self.chart, 1)
        box.addWidget(self.note)
        self.family.currentIndexChanged.connect(lambda _i: self._chart())
        self.refresh()

    def refresh(self) -> None:
        from engine.stats import load_records, summarize

        self.stats = summarize(load_records())
        families = family_order(set(self.stats))
        headers = [
            tr("Family"),
            tr("Hands"),
            tr("Matches (finished)"),
            tr("Win rate"),
            tr("Deal-in rate"),
            tr("Average win"),
            tr("Score, all hands"),
        ]
        self.table.setHorizontalHeaderLabels(headers)
        self.table.setRowCount(len(families))
        for r, family in enumerate(families):
            s = self.stats[family]
            cells = [
                i18n.family_name(family),
                str(s.hands),
                f"{s.matches} ({s.matches_finished})",
                f"{s.win_rate:.1%}",
                f"{s.deal_in_rate:.1%}",
                f"{s.average_win:,.0f}" if s.wins else "—",
                f"{s.score_total:+,}",
            ]
            for c, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if c:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                self.table.setItem(r, c, item)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.table.setFixedHeight(self.table.horizontalHeader().height() + 30 * max(1, len(families)) + 4)
        current = self.family.currentData()
        self.family.blockSignals(True)
        self.family.clear()
        for family in families:
            self.family.addItem(i18n.family_name(family), family)
        self.family.setCurrentIndex(max(0, self.family.findData(current)))
        self.family.blockSignals(False)
        self._chart()

    def _chart(self) -> None:
        family = self.family.currentData()
        stats = self.stats.get(family) if family else None
        self.chart.set_points(stats.timeline if stats else [])


__all__ = ["ScoreChart", "StatsWindow", "family_order", "record_hand"]
