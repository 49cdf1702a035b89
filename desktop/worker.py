"""The engine worker: a QThread that owns the game session, so the UI thread never blocks.

The UI sends jobs (callables taking the :class:`Worker`, whose ``session`` is the
:class:`~desktop.session.GameSession`) with :meth:`Worker.submit`; the worker runs them one at a time on
its thread and answers with :class:`~desktop.session.Snapshot` values through queued signals. A
generation number drops answers that a newer game, load or undo has made stale.

The Python work left on this thread is short (applying an action, an observation, the autosave: about
a millisecond a step). The long part, the AI decisions and hints, is made in the engine process
(:mod:`desktop.engine_process`) while this thread waits on a pipe without the GIL, so painting the table
never waits for it.

The other long hold of the GIL was Python's cyclic garbage collector: a full collection walks every
object of the process (the Qt wrappers, the engine's tables) in one C call, 20–40 ms during which the
UI thread cannot run a line of Python. The engine makes no reference cycles, so the long-lived heap is
frozen out of the collector (:func:`freeze_heap`) after start-up and after each hand; collections then
only look at what a hand allocated (about a millisecond).
"""

from __future__ import annotations

import gc
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, QThread, Signal, Slot

from engine.game.errors import IllegalAction

if TYPE_CHECKING:
    from desktop.session import GameSession, Snapshot

Job = Callable[["Worker"], None]


def freeze_heap() -> None:
    """Move every object the collector tracks now to its permanent generation (see the module doc)."""
    gc.freeze()


class Worker(QObject):
    snapshot = Signal(object, int)  # Snapshot, generation
    refused = Signal(str, int)  # an illegal action's reason, generation
    failed = Signal(str, int)  # an unexpected error, generation
    saved = Signal(str, str)  # path, error ("" when saved)
    hints = Signal(object, int)  # {"decision": actions so far, "hints": [HintLine]}, generation
    loaded = Signal(int, str)  # a load finished: the generation it starts, error ("" when loaded)
    autosave_failed = Signal(str, str, bool)  # kind ("full", "denied"...), message, asked by a retry
    autosave_ok = Signal(bool)  # an autosave worked again after failing (asked by a retry)
    done = Signal(int)  # a job finished (generation), after its other signals
    _run = Signal(object, int)

    def __init__(self) -> None:
        super().__init__()
        self.session: GameSession | None = None
        self.autosave = True
        self.autosave_path: Path | None = None  # this instance's autosave (None: the default one)
        self.autosave_failing: set[str] = set()  # the kinds of failure warned about since the last success
        self.generation = 0
        self.analysis = False
        self.busy_since = 0.0
        self._run.connect(self._execute)

    def submit(self, job: Job, generation: int) -> None:
        """Queue ``job`` to run on the worker thread (called from the UI thread)."""
        self._run.emit(job, generation)

    @Slot(object, int)
    def _execute(self, job: Job, generation: int) -> None:
        self.generation = generation
        self.busy_since = time.perf_counter()
        try:
            job(self)
        except IllegalAction as exc:
            self.refused.emit(str(exc), self.generation)
        except Exception:
            text = traceback.format_exc()
            print(text)
            self.failed.emit(text.strip().splitlines()[-1], self.generation)
        finally:
            self.busy_since = 0.0
            self.done.emit(self.generation)  # a load that worked answers in the generation it started

    # ------------------------------------------------------------------ jobs
    def emit_snapshot(self, events: list[Any]) -> None:
        assert self.session is not None
        snap: Snapshot = self.session.snapshot(events, with_analysis=self.analysis)
        self.snapshot.emit(snap, self.generation)

    def do_autosave(self, *, retry: bool = False) -> None:
        """Write the autosave. A failure (a full disk, a read-only folder) is reported once per kind
        until an autosave works again, not at every step; the previous autosave stays as it was (the
        write is atomic and leaves no temporary file). ``retry``: the player asked, answer either way."""
        if not self.autosave or self.session is None:
            return
        from desktop.storage import failure_kind

        try:
            self.session.autosave(self.autosave_path)
        except OSError as exc:
            kind = failure_kind(exc)
            if retry or kind not in self.autosave_failing:
                self.autosave_failing.add(kind)
                self.autosave_failed.emit(kind, exc.strerror or str(exc), retry)
            return
        if self.autosave_failing or retry:
            self.autosave_failing.clear()
            self.autosave_ok.emit(retry)

    def prepare_engine(self) -> None:
        """Start the engine process now when this game's AI seats will need it (not for the simple agent)."""
        from desktop import engine_process

        if self.session is not None and self.session.uses_engine_process():
            engine_process.prestart()

    def emit_hints(self) -> None:
        """Rank the human's options for the practice panel (the strong AI, in the engine process)."""
        from desktop import engine_process

        request = self.session.hint_request() if self.session is not None else None
        if request is None:
            self.hints.emit({"decision": None, "hints": []}, self.generation)
            return
        obs, legal, decision = request
        assert self.session is not None
        lines = engine_process.hints(obs, legal, self.session.game.rules)
        self.hints.emit({"decision": decision, "hints": lines}, self.generation)

    def advance(self, *, batch: bool, budget: float = 0.03) -> None:
        """Let AI seats (and auto options) act: one action, or as many as fit in ``budget`` seconds at
        pace 0, emitting a snapshot after each batch; stops at a human decision or a hand's end."""
        session = self.session
        if session is None:
            return
        events: list[Any] = []
        started = time.perf_counter()
        acted = False
        while not session.match_over:
            if session.human_pending():
                auto = session.auto_action()
                if auto is None:
                    break
                events += session.apply_human(auto, auto=True)
            elif session.ai_pending():
                events += session.ai_step()
            else:
                break
            acted = True
            if session._pending_result is not None:
                freeze_heap()  # what survived the hand lives on
                break
            if not batch:
                break
            if time.perf_counter() - started > budget:
                break
        if acted:
            self.do_autosave()
        self.emit_snapshot(events)


class WorkerThread:
    """A worker and the QThread it lives on."""

    def __init__(self) -> None:
        self.thread = QThread()
        self.thread.setObjectName("tilehouse-engine")
        self.worker = Worker()
        self.worker.moveToThread(self.thread)
        self.thread.start()

    def stop(self) -> None:
        self.thread.quit()
        self.thread.wait(5000)
