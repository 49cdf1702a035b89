"""The optional compiled build: which modules mypyc compiles, and the guard that no stale one ever runs.

The engine is pure Python; the source is the only source. A wheel built by ``pip install .`` (and the
PyInstaller build) also holds a mypyc-compiled extension of each module in :data:`MODULES`, beside its
``.py`` file, and the shared library of their runtime (``tilehouse__mypyc``): ``setup.py`` builds them
when a C compiler and the Python headers are there, and installs pure Python otherwise (or with
``TILEHOUSE_PURE=1`` at build time). Both builds give the same results (``tools/fingerprint.py``).

**No stale compiled module may shadow edited source.** Python imports an extension before a ``.py`` of
the same name, so a compiled module left beside a source file that was edited since would silently run
the old code. Two things prevent it:

* ``setup.py`` never compiles in an editable install (``pip install -e``) or ``build_ext --inplace``:
  a developer checkout has no extension beside its sources;
* the build writes ``engine/compiled.json`` beside the compiled modules, with the SHA-256 of the source
  each was compiled from. :func:`activate` (run by ``import engine``, before any compiled module can be
  imported) checks every module's source against it; on any difference, on extensions with no record
  (e.g. left by a manual ``build_ext --inplace``), or when ``TILEHOUSE_PURE=1`` is set at run time, it
  puts a finder first on ``sys.meta_path`` that loads those modules from their ``.py`` files, so the
  whole engine runs pure Python, and (except for ``TILEHOUSE_PURE``) warns which modules were stale.
  All or nothing: compiled modules call each other natively, so one stale module makes the set stale.

A frozen build (PyInstaller) holds no ``.py`` files to compare with; it is built from the wheel in one
go and trusted as built.

Which build runs: :data:`BUILD` (``"compiled"`` or ``"pure"``), :data:`REASON`, :func:`describe`
(``tilehouse --version`` prints it) and ``engine.analysis.COMPILED``.
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import json
import os
import sys
import warnings
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType

# The modules compiled by mypyc, the one list (setup.py, the PyInstaller build and the tests read it).
# Compiled unchanged: no module of the engine is written for mypyc.
MODULES: tuple[str, ...] = (
    "engine.analysis.part_tables",
    "engine.analysis.suit_tables",
    "engine.analysis.shanten",
    "engine.analysis.waits",
    "engine.tiles",
    "engine.melds",
    "engine.game.actions",
    "engine.game.state",
    "engine.game.wall",
    "engine.game.observation",
    "engine.game.flow",
    "engine.game.game",
    "engine.game.play",
    "engine.families.riichi.hand",
    "engine.families.sichuan.hand",
    "engine.families.lingxi.hand",
    "engine.families.lingxi.wall",
    "engine.agents.simple",
)
SHARED_LIBRARY = "tilehouse__mypyc"  # mypyc's runtime and the compiled code, a top-level module
MANIFEST = "compiled.json"  # written by setup.py into the built engine package, never into a checkout
PURE_SWITCH = "TILEHOUSE_PURE"  # "1": build pure (setup.py), or run pure (here)
NOT_INSTALLED = "no compiled modules installed"

ENGINE_DIR = Path(__file__).resolve().parent
ROOT = ENGINE_DIR.parent


def source_file(module: str, root: Path = ROOT) -> Path:
    return root.joinpath(*module.split(".")).with_suffix(".py")


def extension_files(module: str, root: Path = ROOT) -> list[Path]:
    """The compiled extensions of ``module`` that an import would find beside its source."""
    source = source_file(module, root)
    return [
        source.with_name(source.stem + suffix)
        for suffix in importlib.machinery.EXTENSION_SUFFIXES
        if source.with_name(source.stem + suffix).is_file()
    ]


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def manifest(modules: Sequence[str] = MODULES, root: Path = ROOT) -> dict[str, object]:
    """What setup.py records beside a compiled build: each module's source digest."""
    return {"modules": {m: digest(source_file(m, root)) for m in modules}, "shared": SHARED_LIBRARY}


def pure_requested() -> bool:
    return os.environ.get(PURE_SWITCH, "").strip() not in ("", "0")


def check(root: Path = ROOT, *, frozen: bool = False) -> tuple[str, str, list[str]]:
    """(build, reason, stale modules): whether the compiled modules under ``root`` may run.

    ``build`` is ``"compiled"`` only when every module of :data:`MODULES` has an extension, the
    manifest records every one of them, and (unless ``frozen``) every source matches its digest."""
    present = [m for m in MODULES if extension_files(m, root)]
    if not present:
        return "pure", NOT_INSTALLED, []
    if pure_requested():
        return "pure", f"{PURE_SWITCH}=1", []
    path = root / "engine" / MANIFEST
    try:
        recorded = json.loads(path.read_text(encoding="utf-8"))["modules"]
    except (OSError, ValueError, KeyError, TypeError):
        return "pure", f"compiled modules without a valid {path.name}: ignored", present
    stale = sorted(
        m
        for m in MODULES
        if m not in recorded
        or not extension_files(m, root)
        or (not frozen and _differs(m, recorded[m], root))
    )
    if stale:
        return "pure", "compiled from other sources than those beside them (or incomplete): ignored", stale
    return "compiled", f"{len(MODULES)} modules compiled with mypyc", []


def _differs(module: str, recorded: object, root: Path) -> bool:
    source = source_file(module, root)
    return not source.is_file() or digest(source) != recorded


class SourceFirst:
    """A meta path finder that loads the given modules from their ``.py`` files, never an extension."""

    def __init__(self, modules: Sequence[str], root: Path) -> None:
        self.modules = frozenset(modules)
        self.root = root

    def find_spec(
        self, fullname: str, path: Sequence[str] | None = None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        if fullname not in self.modules:
            return None
        source = source_file(fullname, self.root)
        return importlib.util.spec_from_file_location(fullname, source) if source.is_file() else None


BUILD = "pure"
REASON = "not checked"


def activate(root: Path = ROOT) -> str:
    """Decide which build runs (see the module's docstring); returns :data:`BUILD`."""
    global BUILD, REASON
    frozen = bool(getattr(sys, "frozen", False))
    BUILD, REASON, stale = check(root, frozen=frozen)
    if BUILD == "pure" and REASON != NOT_INSTALLED:  # extensions are there: keep them from loading
        if not any(isinstance(f, SourceFirst) for f in sys.meta_path):
            sys.meta_path.insert(0, SourceFirst(MODULES, root))
        if stale:
            warnings.warn(
                f"tilehouse: {REASON}: {', '.join(stale)}; running pure Python (reinstall to compile)",
                RuntimeWarning,
                stacklevel=2,
            )
    return BUILD


def is_compiled(module: ModuleType) -> bool:
    """Whether ``module`` was loaded from a compiled extension."""
    return str(getattr(module, "__file__", "")).endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


def describe() -> str:
    """One line: which build runs and why (``tilehouse --version``)."""
    running = compiled_modules()
    if len(running) == len(MODULES):
        return f"compiled ({REASON})"
    if running:  # cannot happen through activate(): all or nothing
        return f"partly compiled: {', '.join(running)} ({REASON})"
    return f"pure Python ({REASON})"


def compiled_modules() -> list[str]:
    """The modules of :data:`MODULES` that run compiled now (imports them)."""
    import importlib

    # the module, not the package's attribute (engine.analysis.shanten is also the function's name)
    return [m for m in MODULES if is_compiled(importlib.import_module(m))]
