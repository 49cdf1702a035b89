"""Light pieces of the desktop's game handling that start-up needs before the engine is loaded: who sits
where, auto options, where saves live, the atomic write (write, flush, fsync, rename, fsync folder; the
temporary file removed on any failure) and the instance lock on the autosave."""

from __future__ import annotations

import contextlib
import errno
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.resources import user_data_path

try:
    import fcntl
except ImportError:  # Windows: the lock file's PID is the lock
    fcntl = None  # type: ignore[assignment,unused-ignore]

SAVE_FORMAT = "tilehouse-save"
SAVE_VERSION = 1
AUTOSAVE_NAME = "autosave.thsave"
SAVE_SUFFIX = ".thsave"


@dataclass
class AutoOptions:
    auto_win: bool = False
    no_calls: bool = False
    tsumogiri_riichi: bool = True
    lacking_first: bool = False


@dataclass
class Setup:
    human_seat: int | None = 0  # None: every seat is an AI (demo)
    # AI level per seat. Games the player starts (new-game dialog, quick game, first practice game)
    # give desktop.agents.DEFAULT_LEVEL ("standard"); the engine's cheap simple agent stays the default
    # here for the headless demo, the sandbox and tests, and saves without levels load as simple.
    levels: list[str] = field(default_factory=lambda: ["simple"] * 4)
    practice: bool = False
    max_hands: int | None = None  # stop the match after this many hands (None: the ruleset decides)

    def to_json(self) -> dict[str, Any]:
        return {
            "human_seat": self.human_seat,
            "levels": list(self.levels),
            "practice": self.practice,
            "max_hands": self.max_hands,
        }


def autosave_path(slot: int = 1) -> Path:
    """The autosave of an instance's slot: ``autosave.thsave`` for the first instance running,
    ``autosave-2.thsave``... for further ones (see :class:`InstanceLock`)."""
    name = AUTOSAVE_NAME if slot <= 1 else f"autosave-{slot}{SAVE_SUFFIX}"
    return user_data_path("saves", name)


def saves_dir() -> Path:
    return user_data_path("saves")


def temp_path(path: Path) -> Path:
    """The temporary file :func:`atomic_write` writes before renaming it over ``path``."""
    return path.with_name(f".{path.name}.{os.getpid()}.tmp")


def atomic_write(path: Path, text: str) -> None:
    """Write, flush, fsync, rename over the target, fsync the folder: a crash leaves old or new.

    On any failure (a full disk, a read-only folder, ``fsync`` or the rename refused) the temporary
    file is removed and the error raised; the target is untouched."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = temp_path(path)
    data = text.encode("utf-8")
    try:
        with open(tmp, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    try:
        fd = os.open(path.parent, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def failure_kind(exc: OSError) -> str:
    """A short name of what went wrong with a write, to warn once per kind and not once per step."""
    code = exc.errno
    if code in (errno.ENOSPC, getattr(errno, "EDQUOT", -1)):
        return "full"
    if code in (errno.EACCES, errno.EPERM, errno.EROFS):
        return "denied"
    return errno.errorcode.get(code or 0, type(exc).__name__)


# ── one instance per autosave ────────────────────────────────────────────────────────────────────
MAX_SLOTS = 9
_HELD: set[str] = set()  # lock files held by this process (two windows of one process are two holders)


class InstanceLock:
    """An exclusive lock on one autosave, held while a window plays, so that two running instances
    never write the same file. ``<autosave>.lock`` holds the holder's PID (for the message only).

    On POSIX the lock is ``fcntl.flock`` on that file: the kernel drops it when the holder ends, even
    by ``kill -9``, so a stale lock is taken over by simply locking it. Elsewhere the file's PID is the
    lock: a file naming a process that no longer runs is stale and taken over."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._fd: int | None = None
        self._key = ""
        self.held = False
        self.error: OSError | None = None

    def acquire(self) -> bool:
        """Take the lock if no other holder has it (never waits). ``error`` is set when the lock
        file cannot be made at all (a read-only or missing folder): nobody holds it then."""
        if self.held:
            return True
        self.error = None
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            key = str(self.path.resolve())
            if key in _HELD:
                return False
            ok = self._lock_flock() if fcntl is not None else self._lock_pidfile()
        except OSError as exc:
            self.error = exc
            return False
        if ok:
            self.held = True
            self._key = key
            _HELD.add(key)
        return ok

    def _lock_flock(self) -> bool:
        assert fcntl is not None
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            return False
        self._fd = fd
        with contextlib.suppress(OSError):  # the PID is informative; a full disk does not stop the lock
            # written over the old one, then cut to its length: truncating the file to nothing first
            # frees its block and takes a journal commit, which can wait tens of ms on a busy disk
            # (this runs before the table's first frame)
            pid = f"{os.getpid()}\n".encode()
            os.pwrite(fd, pid, 0)
            os.ftruncate(fd, len(pid))
        return True

    def _lock_pidfile(self) -> bool:
        for _ in range(2):
            try:
                fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
            except FileExistsError:
                pid = self.holder()
                if pid is not None and pid != os.getpid() and pid_alive(pid):
                    return False
                with contextlib.suppress(OSError):  # stale: its process is gone
                    os.unlink(self.path)
                continue
            with contextlib.suppress(OSError):
                os.write(fd, f"{os.getpid()}\n".encode())
            os.close(fd)
            return True
        return False

    def holder(self) -> int | None:
        """The PID written in the lock file, if any."""
        try:
            text = self.path.read_text(encoding="ascii", errors="replace")[:32].strip()
        except OSError:
            return None
        return int(text) if text.isdigit() else None

    def release(self) -> None:
        if not self.held:
            return
        self.held = False
        _HELD.discard(self._key)
        if self._fd is not None:
            fd, self._fd = self._fd, None
            with contextlib.suppress(OSError):
                os.close(fd)  # closing drops the flock; the file stays (unlinking it would race)
        else:
            with contextlib.suppress(OSError):
                os.unlink(self.path)


def pid_alive(pid: int) -> bool:
    if pid <= 0:
        return False
    if sys.platform == "win32":
        import ctypes

        kernel32 = ctypes.windll.kernel32  # type: ignore[attr-defined,unused-ignore]
        handle = kernel32.OpenProcess(0x1000, False, pid)  # PROCESS_QUERY_LIMITED_INFORMATION
        if not handle:
            return False
        try:
            code = ctypes.c_ulong()
            kernel32.GetExitCodeProcess(handle, ctypes.byref(code))
            return bool(code.value == 259)  # STILL_ACTIVE
        finally:
            kernel32.CloseHandle(handle)
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


@dataclass
class AutosaveSlot:
    """The autosave this instance writes, and the lock that makes it its own."""

    slot: int  # 1, 2...; 0: every slot is taken, this instance does not autosave
    path: Path
    lock: InstanceLock | None  # None: not locked (no free slot, or a folder where no lock can be made)

    @property
    def enabled(self) -> bool:
        return self.slot > 0

    @property
    def shared(self) -> bool:
        """Another instance runs (this one has a slot other than the first, or none)."""
        return self.slot != 1

    def release(self) -> None:
        if self.lock is not None:
            self.lock.release()


def _remove_stale_temps(path: Path) -> None:
    """Temporary files of ``path`` left by a holder that was killed mid-write (``kill -9``, a power
    cut): the lock is ours now, so no one else is writing them."""
    mine = temp_path(path).name
    with contextlib.suppress(OSError):
        for old in path.parent.glob(f".{path.name}.*.tmp"):
            if old.name != mine:
                with contextlib.suppress(OSError):
                    old.unlink()


def claim_autosave() -> AutosaveSlot:
    """Lock the first free autosave slot: the first instance running writes ``autosave.thsave``, a
    second one ``autosave-2.thsave`` and so on (at most :data:`MAX_SLOTS`; then none). When no lock
    file can be made at all (a read-only folder), the first slot is used unlocked: its autosave fails
    too, and says so."""
    for slot in range(1, MAX_SLOTS + 1):
        path = autosave_path(slot)
        lock = InstanceLock(path.with_name(path.name + ".lock"))
        if lock.acquire():
            _remove_stale_temps(path)
            return AutosaveSlot(slot, path, lock)
        if lock.error is not None:
            return AutosaveSlot(1, autosave_path(1), None)
    return AutosaveSlot(0, autosave_path(1), None)
