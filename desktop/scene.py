"""Compatibility: the table moved to :mod:`desktop.table` (switch imports there; this module goes)."""

from desktop.table import CENTER, DROP_LINE, HAND_Y, SCENE_H, SCENE_W, HandTile, TableModel, TableScene, felt

__all__ = [
    "CENTER",
    "DROP_LINE",
    "HAND_Y",
    "SCENE_H",
    "SCENE_W",
    "HandTile",
    "TableModel",
    "TableScene",
    "felt",
]
