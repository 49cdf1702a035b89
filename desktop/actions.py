"""A menu entry: a ``QAction`` with its text, shortcut and slot, added to a menu (the game window's menus
and the record viewer's). Qt's GUI classes are imported when the first entry is made, so the window's
first frame does not wait for them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from PySide6.QtGui import QAction


def add_action(owner: Any, menu: Any, text: str, key: Any, slot: Any) -> QAction:
    """``text`` in ``menu``, owned by ``owner``; ``key`` a shortcut (a standard key, a string or a
    ``QKeySequence``) or None; ``slot`` called when it is chosen."""
    from PySide6.QtGui import QAction, QKeySequence

    act = QAction(text, owner)
    if key is not None:
        act.setShortcut(QKeySequence(key))
    act.triggered.connect(slot)
    menu.addAction(act)
    return act
