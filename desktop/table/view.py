"""The view every table is shown in: the scene fitted to the view on the felt (the game's table in
the main window, the replay viewer's table).

It imports nothing of the table but its size (:mod:`desktop.table.geometry`): the main window's first
frame is this view painting the felt, before the table's items and layout are imported. Nor does it use
the ``Qt`` namespace's enums: PySide makes all of them (93 Python enums, about 20 ms) when the namespace
is first touched, and the main window's first frame does without it. The scroll bar policies are set
by their names (Qt converts them) and the fit is computed here as ``fitInView`` does it."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRect, QRectF, Signal
from PySide6.QtGui import (
    QBrush,
    QColor,
    QPainter,
    QPainterPath,
    QPalette,
    QPixmap,
    QRadialGradient,
    QResizeEvent,
    QTransform,
)
from PySide6.QtWidgets import QFrame, QGraphicsScene, QGraphicsView, QWidget

from desktop.table.geometry import CENTER_X, CENTER_Y, SCENE_H, SCENE_W

FELT_COLOUR = "#1c4239"
FELT_TOP = "#2b5c50"
FELT_BOTTOM = "#1f4a3f"
FIT_MARGIN = 2  # pixels left around the fitted table, as QGraphicsView.fitInView leaves them
_FELT: list[QPixmap] = []
_EDGE: list[QBrush] = []


def felt_edge() -> QBrush:
    """The flat felt colour around the table (where the window's shape is not the table's), as a solid
    brush made without the ``Qt`` namespace (``QBrush(QColor)`` takes a ``Qt.BrushStyle``)."""
    if not _EDGE:
        palette = QPalette()
        palette.setColor(QPalette.ColorRole.Window, QColor(FELT_COLOUR))
        _EDGE.append(palette.brush(QPalette.ColorRole.Window))
    return _EDGE[0]


def fill(painter: QPainter, rect: QRectF, brush: QBrush) -> None:
    """``painter.fillRect(rect, brush)``, as a path: PySide's choice among the overloads of ``fillRect``
    (some take a ``Qt.GlobalColor`` or a ``Qt.BrushStyle``) makes it build the ``Qt`` namespace's enums,
    and the felt is painted in the first frame."""
    path = QPainterPath()
    path.addRect(rect)
    painter.fillPath(path, brush)


def felt() -> QPixmap:
    """The felt gradient, painted once at a quarter size (a smooth gradient scales without loss)."""
    if not _FELT:
        pm = QPixmap(400, 250)
        p = QPainter(pm)
        grad = QRadialGradient(QPointF(CENTER_X / 4, CENTER_Y / 4), SCENE_W * 0.62 / 4)
        grad.setColorAt(0, QColor(FELT_TOP))
        grad.setColorAt(1, QColor(FELT_BOTTOM))
        fill(p, QRectF(0, 0, 400, 250), QBrush(grad))
        p.end()
        _FELT.append(pm)
    return _FELT[0]


class FeltView(QGraphicsView):
    """The table scene on the felt, kept whole in the view (fitted, no scroll bars) at any size."""

    resized = Signal()

    def __init__(self, scene: QGraphicsScene, parent: QWidget | None = None) -> None:
        super().__init__(scene, parent)
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.SmoothPixmapTransform)
        # Qt.ScrollBarPolicy.ScrollBarAlwaysOff, by name (see the module's docstring)
        self.setProperty("horizontalScrollBarPolicy", "ScrollBarAlwaysOff")
        self.setProperty("verticalScrollBarPolicy", "ScrollBarAlwaysOff")
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setBackgroundBrush(felt_edge())
        self.setCacheMode(QGraphicsView.CacheModeFlag.CacheBackground)

    def drawBackground(self, painter: QPainter, rect: QRectF | QRect) -> None:
        fill(painter, QRectF(rect), felt_edge())
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
        painter.drawPixmap(QRectF(0, 0, SCENE_W, SCENE_H), felt(), QRectF(0, 0, 400, 250))

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.fit()
        self.resized.emit()

    def fit(self) -> None:
        """The whole table in the view, its aspect kept and centred: ``fitInView(the scene's rect,
        Qt.AspectRatioMode.KeepAspectRatio)``, the same scale (the view has no frame and no scroll bars:
        its viewport is all of it)."""
        width, height = self.width() - 2 * FIT_MARGIN, self.height() - 2 * FIT_MARGIN
        if width <= 0 or height <= 0:
            return
        ratio = min(width / SCENE_W, height / SCENE_H)
        self.setTransform(QTransform.fromScale(ratio, ratio))
        self.centerOn(QPointF(SCENE_W / 2, SCENE_H / 2))
