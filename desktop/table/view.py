"""The view every table is shown in: the scene fitted to the view on the felt (the game's table in
the main window, the replay viewer's table).

It imports nothing of the table but its size (:mod:`desktop.table.geometry`): the main window's first
frame is this view painting the felt, before the table's items and layout are imported."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRect, QRectF, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QPainter, QPixmap, QRadialGradient, QResizeEvent
from PySide6.QtWidgets import QFrame, QGraphicsScene, QGraphicsView, QWidget

from desktop.table.geometry import CENTER_X, CENTER_Y, SCENE_H, SCENE_W

FELT_COLOUR = "#1c4239"
FELT_TOP = "#2b5c50"
FELT_BOTTOM = "#1f4a3f"
_FELT: list[QPixmap] = []


def felt() -> QPixmap:
    """The felt gradient, painted once at a quarter size (a smooth gradient scales without loss)."""
    if not _FELT:
        pm = QPixmap(400, 250)
        p = QPainter(pm)
        grad = QRadialGradient(QPointF(CENTER_X / 4, CENTER_Y / 4), SCENE_W * 0.62 / 4)
        grad.setColorAt(0, QColor(FELT_TOP))
        grad.setColorAt(1, QColor(FELT_BOTTOM))
        p.fillRect(QRectF(0, 0, 400, 250), QBrush(grad))
        p.end()
        _FELT.append(pm)
    return _FELT[0]


class FeltView(QGraphicsView):
    """The table scene on the felt, kept whole in the view (fitted, no scroll bars) at any size."""

    resized = Signal()

    def __init__(self, scene: QGraphicsScene, parent: QWidget | None = None) -> None:
        super().__init__(scene, parent)
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.SmoothPixmapTransform)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setBackgroundBrush(QColor(FELT_COLOUR))
        self.setCacheMode(QGraphicsView.CacheModeFlag.CacheBackground)

    def drawBackground(self, painter: QPainter, rect: QRectF | QRect) -> None:
        painter.fillRect(rect, QColor(FELT_COLOUR))
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
        painter.drawPixmap(QRectF(0, 0, SCENE_W, SCENE_H), felt(), QRectF(0, 0, 400, 250))

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.fitInView(QRectF(0, 0, SCENE_W, SCENE_H), Qt.AspectRatioMode.KeepAspectRatio)
        self.resized.emit()
