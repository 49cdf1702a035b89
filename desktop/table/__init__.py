"""The table: :mod:`~desktop.table.layout` (pure Python: where every tile, label and number goes),
:mod:`~desktop.table.items` (the Qt graphics items), :mod:`~desktop.table.animation` and
:mod:`~desktop.table.scene` (the ``QGraphicsScene`` that applies a layout and takes the hand's input).

The names below are loaded when first asked for, so that ``import desktop.table.layout`` loads no Qt
module (the layout is tested without a display). :func:`desktop.table.layout.layout` itself is imported
from its module: here ``layout`` names the module."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from desktop.table.items import CENTER, HandTile, TileItem, felt
    from desktop.table.layout import DROP_LINE, HAND_Y, SCENE_H, SCENE_W, TableLayout, TableModel
    from desktop.table.scene import TableScene

_WHERE = {
    "CENTER": "items",
    "HandTile": "items",
    "TileItem": "items",
    "felt": "items",
    "DROP_LINE": "layout",
    "HAND_Y": "layout",
    "SCENE_H": "layout",
    "SCENE_W": "layout",
    "TableLayout": "layout",
    "TableModel": "layout",
    "TableScene": "scene",
}

__all__ = [
    "CENTER",
    "DROP_LINE",
    "HAND_Y",
    "SCENE_H",
    "SCENE_W",
    "HandTile",
    "TableLayout",
    "TableModel",
    "TableScene",
    "TileItem",
    "felt",
]


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"desktop.table.{module}"), name)
