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
  imported) finds every extension in the engine package and checks each recorded module's source
  against its digest; on any difference, on an extension with no record (e.g. left by a manual
  ``mypyc`` or ``build_ext --inplace``), on a record with no extension, or when ``TILEHOUSE_PURE=1``
  is set at run time, it puts a finder first on ``sys.meta_path`` that loads all those modules from
  their ``.py`` files, so the whole engine runs pure Python, and (except for ``TILEHOUSE_PURE``) warns.
  All or nothing: compiled modules call each other natively, so one stale module makes the set stale.

A frozen build (PyInstaller) holds no ``.py`` files to compare with; it is built from the wheel in one
go and trusted as built.

Which build runs: :data:`BUILD` (``"compiled"`` or ``"pure"``), :data:`REASON`, :func:`describe`
(``tilehouse --version`` prints it) and ``engine.analysis.COMPILED``.
"""

from __future__ import annotations

import importlib.machinery
import os
import sys
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType

# hashlib, json, warnings and importlib.util are imported only when compiled modules are installed: a
# checkout pays one walk of the package's folders at ``import engine`` (the desktop's first frame waits)

# The modules compiled by mypyc, the one list (setup.py reads it; TILEHOUSE_COMPILE=a,b at build time
# compiles only those, for tests). Compiled as they are (one edit for mypyc: LingxiHand.lingxi_wall),
# except shanten's hot path, which is written for mypyc (engine.analysis.shanten._native_shanten).
MODULES: tuple[str, ...] = (
    "engine.analysis.part_tables",
    "engine.analysis.suit_tables",
    "engine.analysis.shanten",
    "engine.analysis.waits",
    "engine.tiles",
    "engine.melds",
    "engine.game.actions",
    "engine.game.events",
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


def installed_extensions(root: Path = ROOT) -> list[str]:
    """Every module of the engine package under ``root`` that has a compiled extension (one walk of
    the package's folders: well under a millisecond)."""
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    found = []
    for folder, dirs, files in os.walk(root / "engine"):
        dirs[:] = [d for d in dirs if d != "__pycache__"]
        for name in files:
            if name.endswith(suffixes):
                stem = name.split(".", 1)[0]
                found.append(".".join((*Path(folder).relative_to(root).parts, stem)))
    return sorted(set(found))


def digest(path: Path) -> str:
    import hashlib

    return hashlib.sha256(path.read_bytes()).hexdigest()


def manifest(modules: Sequence[str] = MODULES, root: Path = ROOT) -> dict[str, object]:
    """What setup.py records beside a compiled build: each module's source digest."""
    return {"modules": {m: digest(source_file(m, root)) for m in modules}, "shared": SHARED_LIBRARY}


def pure_requested() -> bool:
    return os.environ.get(PURE_SWITCH, "").strip() not in ("", "0")


def check(root: Path = ROOT, *, frozen: bool = False) -> tuple[str, str, list[str]]:
    """(build, reason, modules to keep from loading): whether the compiled modules under ``root`` may
    run. ``"compiled"`` only when every extension in the engine package is recorded in the manifest,
    every recorded module has its extension, and (unless ``frozen``) every recorded module's source
    matches its digest; otherwise ``"pure"``, with every module that has an extension or a record."""
    present = installed_extensions(root)
    path = root / "engine" / MANIFEST
    recorded: dict[str, object] = {}
    if path.is_file():
        import json

        try:
            recorded = dict(json.loads(path.read_text(encoding="utf-8"))["modules"])
        except (OSError, ValueError, KeyError, TypeError):
            return "pure", f"compiled modules with an unreadable {MANIFEST}: ignored", present
    if not present and not recorded:
        return "pure", NOT_INSTALLED, []
    involved = sorted(set(present) | set(recorded))
    if pure_requested():
        return "pure", f"{PURE_SWITCH}=1", involved
    stale = [
        m
        for m in involved
        if m not in recorded or m not in present or (not frozen and _differs(m, recorded[m], root))
    ]
    if stale:
        return "pure", "compiled modules that do not match the source beside them: ignored", involved
    return "compiled", f"{len(recorded)} modules compiled with mypyc", involved


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
        import importlib.util

        source = source_file(fullname, self.root)
        return importlib.util.spec_from_file_location(fullname, source) if source.is_file() else None


BUILD = "pure"
REASON = "not checked"
ACTIVE: tuple[str, ...] = ()  # the modules that run compiled


def activate(root: Path = ROOT) -> str:
    """Decide which build runs (see the module's docstring); returns :data:`BUILD`."""
    global BUILD, REASON, ACTIVE
    frozen = bool(getattr(sys, "frozen", False))
    BUILD, REASON, involved = check(root, frozen=frozen)
    ACTIVE = tuple(involved) if BUILD == "compiled" else ()
    if BUILD == "pure" and involved:  # extensions are there: keep every one of them from loading
        if not any(isinstance(f, SourceFirst) for f in sys.meta_path):
            sys.meta_path.insert(0, SourceFirst(involved, root))
        if not pure_requested():
            import warnings

            warnings.warn(
                f"tilehouse: {REASON} ({', '.join(involved)}); running pure Python (reinstall to compile)",
                RuntimeWarning,
                stacklevel=2,
            )
    return BUILD


def is_compiled(module: ModuleType) -> bool:
    """Whether ``module`` was loaded from a compiled extension."""
    return str(getattr(module, "__file__", "")).endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


def compiled_modules() -> list[str]:
    """The modules that run compiled now (imports them)."""
    import importlib

    # the module, not the package's attribute (engine.analysis.shanten is also the function's name)
    return [m for m in ACTIVE if is_compiled(importlib.import_module(m))]


def describe() -> str:
    """One line: which build runs and why (``tilehouse --version``)."""
    running = compiled_modules()
    if running and len(running) == len(ACTIVE):
        return f"compiled ({REASON})"
    if running:  # cannot happen through activate(): all or nothing
        return f"partly compiled: {', '.join(running)} ({REASON})"
    return f"pure Python ({REASON})"
