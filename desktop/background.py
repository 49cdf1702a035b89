"""One piece of work off the UI thread: a record read and replayed, a game reviewed.

:class:`Task` runs a plain function on a ``QThread`` of its own and answers on the UI thread with
``done(result)`` or ``failed(one line)``; the UI never waits for it. Nothing here may touch a widget:
the function gets and returns plain values (the engine's objects). Every task lives until its thread
has finished (a module-level set keeps it), and the application waits for the running ones when it
quits, so no thread is destroyed while it runs.
"""

from __future__ import annotations

import logging
import traceback
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QCoreApplication, QThread, Signal

log = logging.getLogger("tilehouse.background")

EXPECTED = (ValueError, OSError, KeyError)  # a bad file: its one line is the message
_RUNNING: set[Task] = set()
_hooked = False


def one_line(exc: BaseException) -> str:
    """An exception as the one line a message box shows."""
    text = " ".join(str(exc).split())
    return text or type(exc).__name__


class Task(QThread):
    """``fn()`` on its own thread; ``done`` with its result or ``failed`` with one line (UI thread)."""

    done = Signal(object)
    failed = Signal(str)

    def __init__(self, fn: Callable[[], Any], name: str = "tilehouse-task") -> None:
        super().__init__()
        self.setObjectName(name)
        self._fn = fn
        self.result: Any = None
        self.error = ""
        self.finished.connect(self._finished)

    def start_work(self) -> Task:
        global _hooked
        _RUNNING.add(self)
        app = QCoreApplication.instance()
        if app is not None and not _hooked:
            app.aboutToQuit.connect(wait_all)
            _hooked = True
        self.start(QThread.Priority.LowPriority)
        return self

    def run(self) -> None:
        try:
            self.result = self._fn()
        except EXPECTED as exc:
            self.error = one_line(exc)
        except Exception as exc:  # never take the window down: say what went wrong
            log.warning("%s", traceback.format_exc())
            self.error = one_line(exc)

    def _finished(self) -> None:
        _RUNNING.discard(self)
        if self.error:
            self.failed.emit(self.error)
        else:
            self.done.emit(self.result)


def wait_all(ms: int = 60_000) -> None:
    """Wait for the running tasks (the application is quitting)."""
    for task in list(_RUNNING):
        task.wait(ms)


def running() -> int:
    return len(_RUNNING)


__all__ = ["Task", "one_line", "running", "wait_all"]
