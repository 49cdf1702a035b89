"""The view every table is shown in: the scene fitted to the view on the felt (the game's table in
the main window, the replay viewer's table)."""

from __future__ import annotations

from PySide6.QtCore import QRect, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QPainter, QResizeEvent
from PySide6.QtWidgets import QFrame, QGraphicsScene, QGraphicsView, QWidget

from desktop.table.items import felt
from desktop.table.layout import SCENE_H, SCENE_W

FELT_COLOUR = "#1c4239"


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
