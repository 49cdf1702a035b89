"""Work around PySide6 6.12 on CPython 3.11: every call of a C++ method that returns ``void``
(QPainter.setPen, QWidget.update, ...) drops one reference to ``None``. On 3.12+ ``None`` is immortal and
nothing shows; on 3.11 its count reaches zero after a few thousand paints and the process aborts with
"none_dealloc". Importing this module gives ``None`` a reference count so high that it never reaches
zero (what CPython 3.12 does for immortal objects). Every desktop module that calls Qt imports it first,
so it holds however the package is imported. Remove it once a fixed PySide6 is pinned.
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
