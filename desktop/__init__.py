"""The desktop table (PySide6). ``engine/`` never imports Qt; this package is the only place that does.

PySide6 6.12 on CPython 3.11 drops one reference to ``None`` on every call of a C++ method that returns
``void`` (QPainter.setPen, QWidget.update, ...). On 3.12+ ``None`` is immortal and nothing shows, but on
3.11 its count reaches zero after a few thousand paints and the process aborts with "none_dealloc".
Until a fixed PySide6 is pinned, :func:`_pin_none` gives ``None`` a reference count so high that it can
never reach zero (what CPython 3.12 does for every immortal object).
"""

from __future__ import annotations

import ctypes
import sys


def _pin_none() -> None:
    if sys.version_info >= (3, 12) or sys.implementation.name != "cpython":
        return
    refcnt = ctypes.c_ssize_t.from_address(id(None))
    if refcnt.value < 1 << 40:
        refcnt.value += 1 << 42


_pin_none()
