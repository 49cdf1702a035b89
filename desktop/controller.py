"""The controller: drives a game session on the worker thread at the chosen pace.

The UI calls ``new_game``, ``load``, ``human_action``, ``undo``, ``next_hand``...; every engine call runs
as a job on :class:`desktop.worker.Worker`. Each answer is a :class:`~desktop.session.Snapshot`; after one,
the controller waits for the person (a decision, the settlement) or schedules the next AI step after
``pace`` seconds (0: at once, in batches that keep the UI responsive). AI decisions of the engine's
levels and hints are made in the engine process (:mod:`desktop.engine_process`).

When the table plays a set-up animation (the Lingxi dice and the 财神 reveal), the next AI step waits
for it at a pace above 0: the table scene of the parent window says how long (``scene.hold_ms()``).
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, QTimer, Signal

from desktop.storage import AutoOptions, AutosaveSlot, Setup, autosave_path, claim_autosave
from desktop.worker import Worker, WorkerThread, freeze_heap
from engine.game.actions import Action

if TYPE_CHECKING:
    from desktop.session import Snapshot

FRAME_FALLBACK_MS = 40  # when nothing needed painting
BATCH_SECONDS = 0.012


class Controller(QObject):
    snapshot = Signal(object)  # Snapshot
    refused = Signal(str)  # the engine refused an action (state unchanged)
    error = Signal(str)  # an unexpected error, a save that failed...
    saved = Signal(str)  # a save finished (path)
    hints_ready = Signal(object)  # {"decision": actions so far or None, "hints": [HintLine]}
    loaded = Signal()  # a load worked: its snapshot follows (the table is cleared for it)
    load_failed = Signal(str)  # a load was refused (one line); the game on the table is untouched
    autosave_failed = Signal(str, str, bool)  # kind, message, asked by a retry (once per kind)
    autosave_ok = Signal(bool)  # the autosave works again (asked by a retry)

    def __init__(
        self, parent: QObject | None = None, *, autosave: bool = True, slot: AutosaveSlot | None = None
    ) -> None:
        """``slot``: the autosave slot claimed already (the window claims it before its first frame,
        which shows whether another instance runs); else one is claimed here when ``autosave``."""
        super().__init__(parent)
        self.worker_thread = WorkerThread()
        self.worker: Worker = self.worker_thread.worker
        self.worker.autosave = autosave
        # the autosave this instance writes, locked against other running instances (none for the demo)
        if slot is None and autosave:
            slot = claim_autosave()
        self.autosave_slot: AutosaveSlot | None = slot if autosave else None
        if self.autosave_slot is not None:
            self.worker.autosave_path = self.autosave_slot.path
            self.worker.autosave = self.autosave_slot.enabled
        self.worker.snapshot.connect(self._on_snapshot)
        self.worker.refused.connect(self._on_refused)
        self.worker.failed.connect(self._on_failed)
        self.worker.saved.connect(self._on_saved)
        self.worker.done.connect(self._on_done)
        self.worker.hints.connect(self._on_hints)
        self.worker.loaded.connect(self._on_loaded)
        self.worker.autosave_failed.connect(self.autosave_failed)
        self.worker.autosave_ok.connect(self.autosave_ok)
        self.generation = 0
        self._issued = 0  # the last generation handed out (a load takes one it starts only if it works)
        self.loading = 0  # loads in flight: no AI step is scheduled meanwhile
        self.pace = 0.6
        self.auto = AutoOptions()
        self.analysis = False
        self.in_flight = 0
        self.last: Snapshot | None = None
        self.waiting_next = False  # a settlement is shown
        self.paused = False
        self.stopped = False  # the worker was stopped: nothing more is scheduled
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.timeout.connect(self._advance)
        self.has_game = False
        self._await_frame = False
        self._started_background = False
        self._host = weakref.ref(parent) if parent is not None else None

    @property
    def _scene(self) -> Any:
        """The parent window's table scene, asked for when needed (the window may make it after its
        first frame); None without one."""
        host = self._host() if self._host is not None else None
        return getattr(host, "scene", None)

    def hold_ms(self) -> float:
        """How long the table's set-up animation still plays (0 without a scene or an animation)."""
        hold: Callable[[], float] | None = getattr(self._scene, "hold_ms", None)
        return hold() if hold is not None else 0.0

    def start_background(self) -> None:
        """After the table's first frame (the window calls it): import the engine on the worker while
        the welcome panel shows, and paint the tiles of the last family played ahead. Nothing of it is
        needed for the first frame, and doing it earlier made the first frame wait (the worker's
        imports hold the GIL). Once only; a command given earlier needs none of it."""
        if self._started_background:
            return
        self._started_background = True
        self._submit(_preload)
        settings = getattr(self.parent(), "settings", None)
        scene = self._scene
        if scene is not None and hasattr(scene, "warm_up"):

            def warm_up() -> None:
                from engine.families.registry import family_names, get_family
                from engine.rules import default_ruleset

                last = getattr(settings, "last_family", "") or family_names()[0]
                if last not in family_names():
                    last = family_names()[0]
                scene.warm_up(last, bool(get_family(last).red_tiles(default_ruleset(last))))

            QTimer.singleShot(300, scene, warm_up)

    # ------------------------------------------------------------- commands
    def _submit(self, job: Any, *, bump: bool = False) -> None:
        if bump:
            self._issued = max(self._issued, self.generation) + 1
            self.generation = self._issued
            self.timer.stop()
            self.waiting_next = False
        self.in_flight += 1
        auto, analysis = self.auto, self.analysis

        def run(worker: Worker) -> None:
            worker.analysis = analysis
            if worker.session is not None:
                worker.session.auto = auto
            job(worker)

        self.worker.submit(run, self.generation)

    def new_game(self, rules: Any, setup: Setup, seed: int | str | None = None) -> None:
        family = getattr(rules, "family", None)
        if isinstance(family, str) and self._scene is not None and hasattr(self._scene, "warm_up"):
            # the table paints this family's tiles ahead while the worker deals
            from engine.families.registry import get_family

            self._scene.warm_up(family, bool(get_family(family).red_tiles(rules)))

        def job(w: Worker) -> None:
            from desktop.session import GameSession

            if w.session is not None:
                w.session.close()  # its outside programs stop
            w.session = GameSession.new(rules, setup, seed)
            w.session.auto = self.auto
            w.prepare_engine()
            freeze_heap()
            w.do_autosave()
            w.emit_snapshot([])

        self.has_game = True
        self._submit(job, bump=True)

    def load(self, path: Path) -> None:
        """Load a save. Only a save that loads replaces the game: its answers start a new generation
        (``loaded``, then its snapshot). A refused one gives ``load_failed`` with a one-line message and
        the game on the table, the settlement showing, ``has_game`` and the autosave stay as they were."""
        self.timer.stop()
        self.loading += 1
        self._issued = max(self._issued, self.generation) + 1
        target = self._issued
        auto = self.auto

        def job(w: Worker) -> None:
            from desktop.session import GameSession, SaveError

            try:
                session = GameSession.load(path)
            except SaveError as exc:
                w.loaded.emit(target, str(exc) or "the save cannot be loaded")
                return
            except Exception as exc:  # never a game half-believed loaded
                w.loaded.emit(target, f"{path.name}: cannot be loaded ({type(exc).__name__}: {exc})")
                return
            session.auto = auto
            if w.session is not None:
                w.session.close()
            w.session = session
            w.generation = target
            w.loaded.emit(target, "")
            w.prepare_engine()
            w.emit_snapshot([])

        self._submit(job)

    def autosave_file(self) -> Path:
        """The autosave this instance writes and continues."""
        return self.autosave_slot.path if self.autosave_slot is not None else autosave_path()

    def continue_autosave(self) -> bool:
        path = self.autosave_file()
        if not path.is_file():
            return False
        self.load(path)
        return True

    def retry_autosave(self) -> None:
        """Write the autosave now (the player asked after a failure): ``autosave_ok`` or
        ``autosave_failed`` answers."""

        def job(w: Worker) -> None:
            w.do_autosave(retry=True)

        self._submit(job)

    def save(self, path: Path) -> None:
        def job(w: Worker) -> None:
            if w.session is None:
                w.saved.emit("", "no game to save")
                return
            try:
                w.session.save(path)
            except OSError as exc:
                w.saved.emit("", str(exc))
                return
            w.saved.emit(str(path), "")

        self._submit(job)

    def human_action(self, action: Action) -> None:
        self.timer.stop()

        def job(w: Worker) -> None:
            assert w.session is not None
            events = w.session.apply_human(action)
            w.do_autosave()
            w.emit_snapshot(events)

        self._submit(job)

    def undo(self) -> None:
        def job(w: Worker) -> None:
            if w.session is not None and w.session.undo():
                w.do_autosave()
            w.emit_snapshot([])

        self._submit(job, bump=True)

    def next_hand(self) -> None:
        """The settlement was read: play on."""
        self.waiting_next = False
        if self.pace > 0:
            self._schedule(self.hold_ms())
        else:  # the new hand is painted first (see _on_done)
            self._await_frame = True
            self._schedule(FRAME_FALLBACK_MS)

    def request_hints(self) -> None:
        """Rank the human's options (answered by ``hints_ready``)."""

        def job(w: Worker) -> None:
            w.emit_hints()

        self._submit(job)

    def refresh(self) -> None:
        """Ask for a fresh snapshot (after a settings change such as the practice panel)."""

        def job(w: Worker) -> None:
            if w.session is not None:
                w.emit_snapshot([])

        self._submit(job)

    def stop(self) -> None:
        """Stop the worker (nothing more is written) and give the autosave's lock back."""
        self.timer.stop()
        self.stopped = True
        self.generation += 1
        self.worker_thread.stop()
        if self.worker.session is not None:
            self.worker.session.close()  # the outside programs end with the window
        if self.autosave_slot is not None:
            self.autosave_slot.release()

    # -------------------------------------------------------------- flow
    def _schedule(self, ms: float) -> None:
        if self.paused or self.stopped:
            return
        self.timer.start(max(0, int(ms)))

    def _advance(self) -> None:
        self._await_frame = False
        if self.in_flight or self.waiting_next or self.loading:
            return
        batch = self.pace <= 0

        def job(w: Worker) -> None:
            w.advance(batch=batch, budget=BATCH_SECONDS)

        self._submit(job)

    def _on_snapshot(self, snap: Snapshot, generation: int) -> None:
        if generation != self.generation:
            return
        self.last = snap
        if snap.report is not None:
            self.waiting_next = True
        self.snapshot.emit(snap)

    def _on_done(self, generation: int) -> None:
        # The last job in flight decides whether play goes on, whatever generation it ran in: a job
        # queued between a load and its answer (the table's background start, a refresh) runs after
        # the load on the worker but in the old generation, and its answer comes last. ``last`` is
        # always the current game's (``_on_snapshot``), and every job queued before has answered.
        self.in_flight = max(0, self.in_flight - 1)
        snap = self.last
        if self.stopped or self.in_flight or snap is None:
            return
        if self.waiting_next or snap.match_over or snap.waiting_for_human:
            return
        if self.pace > 0:
            self._schedule(max(self.pace * 1000, self.hold_ms()))
        else:
            # At pace 0 the next batch waits for the table to be painted: engine work and painting take
            # turns instead of fighting for the GIL (each Python paint call would wait for the worker).
            self._await_frame = True
            self._schedule(FRAME_FALLBACK_MS)

    def frame_done(self) -> None:
        """The table view painted a frame (connected by the window)."""
        if self._await_frame:
            self._await_frame = False
            if self.timer.isActive():
                self.timer.start(0)

    def _on_hints(self, payload: dict[str, Any], generation: int) -> None:
        if generation == self.generation:
            self.hints_ready.emit(payload)

    def _on_refused(self, reason: str, generation: int) -> None:
        if generation == self.generation:
            self.refused.emit(reason)

    def _on_failed(self, message: str, generation: int) -> None:
        if generation == self.generation:
            self.error.emit(message)

    def _on_loaded(self, target: int, error: str) -> None:
        self.loading = max(0, self.loading - 1)
        if error:
            self.load_failed.emit(error)
            return
        if target <= self.generation:  # a newer game or load was asked for meanwhile
            return
        self.generation = target
        self.waiting_next = False
        self.has_game = True
        self.loaded.emit()

    def _on_saved(self, path: str, error: str) -> None:
        if error:
            self.error.emit(error)
        else:
            self.saved.emit(path)

    def idle(self) -> bool:
        """No job queued and no AI step scheduled (tests wait for this)."""
        return self.in_flight == 0 and not self.timer.isActive()


def _preload(worker: Worker) -> None:
    """Import the engine on the worker thread after start-up (while the welcome panel shows), so that
    neither the first frame nor the first move of a game waits for it: the session, the rules, every
    family (their scoring too) and the engine process's client."""
    import desktop.engine_process
    import desktop.session  # noqa: F401
    import engine.rules  # noqa: F401
    from engine.families.registry import family_names

    family_names()
    freeze_heap()
