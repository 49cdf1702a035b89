"""What goes into the standalone build, in one place: read by ``installer/tilehouse.spec``, the Qt hooks in
``installer/hooks/``, ``installer/build.py`` and ``tests/test_installer*.py``.

Plain Python without PyInstaller or Qt imports, so the tests can check it in milliseconds.

* **Metadata**: name and version come from ``pyproject.toml``.
* **Data**: everything under ``resources/`` (rulesets, fonts, translations, icons; not the ``.ts``
  translation sources, nor ``__init__.py``, which only makes the folder the package ``tilehouse_resources``
  of a pip install) lands in the bundle as ``resources/``, where ``engine.resources.resource_root()``
  finds it through ``sys._MEIPASS`` (the rule book pages ``resources/rulebook/**/*.md`` among them); the
  package data of ``engine`` and ``desktop`` (the files pyproject's ``package-data`` lists, such as the
  analysis tables ``engine/analysis/part_tables.json``) in their package folders, where the modules find
  them next to themselves; the licence and third-party notices at the top.
* **Python modules**: every module of ``engine`` and ``desktop`` is a hidden import (commands, families,
  rulesets and AI plug-ins are imported by name at run time); development tools and the PySide6 modules the
  game does not import are excluded.
* **The compiled build**: ``installer/build.py`` bundles the mypyc-compiled engine modules of the wheel
  (``tools/build_compiled.py``, ``engine/compiled.py``) unless told ``--pure``: the spec then finds the
  engine first in a copy of the unpacked wheel without the compiled modules' ``.py`` files (so that
  PyInstaller collects their extensions), with mypyc's shared runtime ``tilehouse__mypyc`` as a hidden
  import (the compiled modules import it from C) and ``engine/compiled.json`` as data.
* **System libraries** (Linux): the ones the manylinux policy assumes on every system (libstdc++, libX11,
  GLib, ...; :data:`MANYLINUX_SYSTEM_LIBRARIES`) are not bundled, as the wheels themselves assume.
* **Qt files**: only the plugins the game can use on some platform (see :data:`QT_PLUGINS`); no Qt
  translations (the game ships its own); no software OpenGL.
"""

from __future__ import annotations

import ast
import importlib.metadata as metadata
import re
import shutil
import subprocess
import sys
import sysconfig
import tomllib
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
APP_NAME = "Tilehouse"
EXE_NAME = "tilehouse"
BUNDLE_ID = "org.tilehouse.Tilehouse"
ICONS = ROOT / "resources" / "icons"
DESKTOP_ENTRY = ROOT / "installer" / "linux" / "tilehouse.desktop"
SOURCE_PACKAGES = ("engine", "desktop")
# Not bundled from resources/: the translation sources (the compiled .qm files ship) and the package
# marker __init__.py (pip installs the folder as the package tilehouse_resources; the bundle finds it by
# path, under sys._MEIPASS).
SKIPPED_RESOURCE_SUFFIXES = (".ts", ".py", ".pyc")
FROZEN_RESOURCES = "resources"  # its folder in the bundle, the same as engine.resources.FROZEN_RESOURCES
TOP_LEVEL_FILES = ("LICENSE", "THIRD_PARTY_NOTICES.md")

# Python modules never needed at run time (development and test tools, other Qt bindings, Tk), and
# OpenSSL: the game is offline, and without ``_hashlib`` hashlib uses its built-in SHA-2 (saves 5.5 MB).
# Every importer of these has a fallback; tests/test_installer_modules.py runs the app with them blocked.
OPTIONAL_MODULES = ("ssl", "_ssl", "_hashlib")
EXCLUDED_MODULES = (
    *OPTIONAL_MODULES,
    "tkinter",
    "_tkinter",
    "turtle",
    "turtledemo",
    "idlelib",
    "lib2to3",
    "ensurepip",
    "pydoc_data",
    "setuptools",
    "pkg_resources",
    "pip",
    "wheel",
    "fontTools",
    "pytest",
    "_pytest",
    "pytestqt",
    "hypothesis",
    "mypy",
    "ruff",
    "riichienv",
    "numpy",
    "PIL",
    "IPython",
    "PyQt5",
    "PyQt6",
    "PySide2",
    "shiboken2",
)

# Qt plugins kept, by plugin folder; a folder not listed is left out entirely. ``None`` keeps every
# plugin of the folder. Names are file names without the "lib" prefix and the extension, so one table
# serves Linux (libqxcb.so), Windows (qwindows.dll) and macOS (libqcocoa.dylib).
QT_PLUGINS: dict[str, frozenset[str] | None] = {
    # windowing: X11, Wayland, Windows, macOS, and offscreen for the headless demo and CI
    "platforms": frozenset(
        {"qxcb", "qwayland", "qwayland-generic", "qwayland-egl", "qwindows", "qcocoa", "qoffscreen"}
    ),
    "platforms/darwin": None,  # macOS helpers of the cocoa plugin
    "xcbglintegrations": None,  # small; lets the xcb plugin answer OpenGL queries
    "wayland-shell-integration": frozenset({"xdg-shell"}),
    # title bars under compositors without server-side decorations (GNOME); bradient is Qt's plain one
    # (adwaita would bring QtSvg); no graphics integrations: the table is raster-drawn, not OpenGL
    "wayland-decoration-client": frozenset({"bradient"}),
    # keyboard input (dead keys, and input methods for the seed field)
    "platforminputcontexts": frozenset(
        {"composeplatforminputcontextplugin", "ibusplatforminputcontextplugin"}
    ),
    # native file dialogs through desktop portals; not gtk3 (it would drag GTK into the bundle)
    "platformthemes": frozenset({"qxdgdesktopportal"}),
    "styles": None,  # native widget styles on Windows and macOS
    "accessiblebridge": None,
    # the game's images are PNG (built into QtGui) and drawn with QPainter: no image or icon plugins,
    # unless the app starts using QtSvg (then the SVG ones come along, see qt_plugins_kept())
    "imageformats": frozenset(),
    "iconengines": frozenset(),
}
SVG_PLUGINS = {"imageformats": "qsvg", "iconengines": "qsvgicon"}
# Qt binaries dropped wherever they appear (Windows software OpenGL, ~20 MB; Qt's own translations but
# the base module's in the languages the game speaks: OK, Cancel and the file dialogs in Chinese).
DROPPED_QT_FILES = re.compile(r"(^|[\\/])(opengl32sw\.dll|d3dcompiler_\d+\.dll)$", re.I)
# Qt lives in PySide6/Qt/ on Linux and macOS, directly in PySide6/ on Windows.
QT_TRANSLATIONS = re.compile(r"PySide6[\\/](?:Qt[\\/])?translations([\\/]|$)")
QT_TRANSLATIONS_KEPT = re.compile(r"[\\/]qtbase_zh_CN\.qm$")
QT_PLUGIN_DIR = re.compile(r"PySide6[\\/](?:Qt[\\/])?plugins[\\/](?P<folder>.+?)[\\/](?P<file>[^\\/]+)$")


# ── metadata ────────────────────────────────────────────────────────────────────────────────────
def project() -> dict[str, Any]:
    data: dict[str, Any] = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    return data


def version() -> str:
    return str(project()["version"])


def version_tuple(text: str | None = None) -> tuple[int, int, int, int]:
    """``"0.1.0"`` → ``(0, 1, 0, 0)`` (Windows version resources want four numbers)."""
    numbers = [int(n) for n in re.findall(r"\d+", text or version())[:4]]
    numbers += [0] * (4 - len(numbers))
    return numbers[0], numbers[1], numbers[2], numbers[3]


def icon_for(platform: str = sys.platform) -> Path:
    """The executable icon: .ico on Windows, .icns on macOS, the PNG elsewhere."""
    if platform.startswith("win"):
        return ICONS / "tilehouse.ico"
    if platform == "darwin":
        return ICONS / "tilehouse.icns"
    return ICONS / "tilehouse.png"


# ── data files ──────────────────────────────────────────────────────────────────────────────────
def data_files() -> list[tuple[str, str]]:
    """(source file, destination folder in the bundle) for every bundled data file."""
    out: list[tuple[str, str]] = []
    resources = ROOT / "resources"
    for path in sorted(resources.rglob("*")):
        if not path.is_file() or path.suffix in SKIPPED_RESOURCE_SUFFIXES or "__pycache__" in path.parts:
            continue
        out.append((str(path), (Path(FROZEN_RESOURCES) / path.parent.relative_to(resources)).as_posix()))
    for path in package_data_files():
        out.append((str(path), path.parent.relative_to(ROOT).as_posix()))
    for name in TOP_LEVEL_FILES:
        out.append((str(ROOT / name), "."))
    return out


def package_data_files() -> list[Path]:
    """The data files of the source packages, by the patterns of pyproject's package-data for every
    package (``"*"``): what the wheel ships next to the modules."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    patterns = config["package-data"]["*"]
    return sorted(
        path
        for package in SOURCE_PACKAGES
        for pattern in patterns
        for path in (ROOT / package).rglob(pattern)
        if path.is_file() and "__pycache__" not in path.parts
    )


# ── licences ────────────────────────────────────────────────────────────────────────────────────
GUI_DISTRIBUTION = "PySide6-Essentials"
LICENCE_FILE = re.compile(r"(^|/)(LICEN[CS]E|COPYING|NOTICE)[^/]*$", re.I)


def _canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def runtime_distributions() -> dict[str, str]:
    """Every Python distribution the game runs on (pyproject dependencies, PySide6 and what they
    require, extras aside), as {canonical name: version}; needs them installed."""
    roots = [*project()["dependencies"], GUI_DISTRIBUTION]
    seen: dict[str, str] = {}
    todo = [re.match(r"[A-Za-z0-9_.\-]+", r).group(0) for r in roots]  # type: ignore[union-attr]
    while todo:
        name = todo.pop()
        if _canonical(name) in seen:
            continue
        try:
            dist = metadata.distribution(name)
        except metadata.PackageNotFoundError:
            continue
        seen[_canonical(name)] = dist.version
        for req in dist.requires or []:
            if "extra ==" not in req:
                todo.append(re.match(r"[A-Za-z0-9_.\-]+", req).group(0))  # type: ignore[union-attr]
    return dict(sorted(seen.items()))


def licence_files() -> list[tuple[str, str]]:
    """(licence text, destination folder): each Python distribution's licence files from its metadata,
    the Python licence, and the LGPL for Qt / PySide6 (whose wheels ship no licence file)."""
    out: list[tuple[str, str]] = []
    for name in runtime_distributions():
        dist = metadata.distribution(name)
        for file in dist.files or []:
            if ".dist-info/" in file.as_posix() and LICENCE_FILE.search(file.as_posix()):
                out.append((str(dist.locate_file(file)), f"licenses/{name}"))
    stdlib = Path(sysconfig.get_paths()["stdlib"])
    for candidate in (stdlib / "LICENSE.txt", Path(sys.base_prefix) / "LICENSE.txt"):
        if candidate.is_file():
            out.append((str(candidate), "licenses/python"))
            break
    for text in sorted((ROOT / "installer" / "licenses").glob("*.txt")):
        out.append((str(text), "licenses/qt-pyside6"))
    return out


def debian_copyrights(binaries: list[str]) -> list[tuple[str, str]]:
    """On Debian-like systems: the copyright files of the packages that own bundled system libraries,
    as ``licenses/system/<package>``. Elsewhere (or without dpkg-query) nothing."""
    dpkg = shutil.which("dpkg-query")
    skip = re.compile(
        r"(PySide6|shiboken6|site-packages|cpython-|libpython)"
    )  # not from Debian packages here
    names = sorted({Path(b).name for b in binaries if not skip.search(b)})
    if dpkg is None or not names:
        return []
    run = subprocess.run([dpkg, "-S", *(f"*/{n}" for n in names)], capture_output=True, text=True)
    packages = {line.split(":")[0] for line in run.stdout.splitlines() if ": " in line}
    out = []
    for package in sorted(packages):
        copyright_file = Path("/usr/share/doc") / package / "copyright"
        if copyright_file.is_file():
            out.append((str(copyright_file), f"licenses/system/{package}"))
    return out


# ── Python modules ──────────────────────────────────────────────────────────────────────────────
def source_modules() -> list[str]:
    """Every module of the game's packages (dotted names), found on disk without importing them."""
    names: list[str] = []
    for package in SOURCE_PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            if "__pycache__" in path.parts:
                continue
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            names.append(".".join(parts))
    return names


COMPILED_SITE_ENV = "TILEHOUSE_COMPILED_SITE"  # installer/build.py -> the spec: where the compiled engine is


def compiled_bundle(site: Path) -> tuple[list[str], list[tuple[str, str]]]:
    """(hidden imports, data files) that a compiled engine under ``site`` adds to the bundle."""
    runtime = sorted({p.name.split(".", 1)[0] for p in site.glob("tilehouse__mypyc.*")})
    return runtime, [(str(site / "engine" / "compiled.json"), "engine")]


def prepare_compiled_site(site: Path, out: Path) -> Path:
    """A copy of the unpacked compiled wheel ``site`` with the ``.py`` of every compiled module left out
    (PyInstaller would otherwise bundle the source and not the extension); returns ``out``."""
    import json

    recorded = json.loads((site / "engine" / "compiled.json").read_text(encoding="utf-8"))["modules"]
    left_out = {Path(*m.split(".")).with_suffix(".py") for m in recorded}
    shutil.rmtree(out, ignore_errors=True)
    shutil.copytree(
        site,
        out,
        ignore=lambda folder, names: [n for n in names if Path(folder, n).relative_to(site) in left_out],
    )
    return out


def qt_modules_used() -> set[str]:
    """The PySide6 modules imported anywhere in the game's sources (``{"QtCore", "QtGui", ...}``)."""
    used: set[str] = set()
    for package in SOURCE_PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if isinstance(node, ast.ImportFrom) and node.module:
                    names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
                elif isinstance(node, ast.Import):
                    names = [a.name for a in node.names]
                else:
                    continue
                for name in names:
                    parts = name.split(".")
                    if parts[0] == "PySide6" and len(parts) > 1 and parts[1].startswith("Qt"):
                        used.add(parts[1])
    return used


def installed_qt_modules(pyside_dir: Path) -> set[str]:
    """The PySide6 extension modules present in an installation (``QtCore.abi3.so`` → ``QtCore``)."""
    return {
        p.name.split(".")[0]
        for p in pyside_dir.iterdir()
        if p.name.startswith("Qt") and p.suffix in (".so", ".pyd")
    }


def excluded_modules(pyside_dir: Path | None = None) -> list[str]:
    """Module names for the spec's ``excludes``: tools, other bindings and unused PySide6 modules."""
    out = list(EXCLUDED_MODULES)
    if pyside_dir is not None:
        used = qt_modules_used()
        out += [f"PySide6.{m}" for m in sorted(installed_qt_modules(pyside_dir) - used)]
    return out


# ── Qt files ────────────────────────────────────────────────────────────────────────────────────
def plugin_name(filename: str) -> str:
    """``libqxcb.so`` / ``qwindows.dll`` / ``libqcocoa.dylib`` → ``qxcb`` / ``qwindows`` / ``qcocoa``."""
    stem = filename.split(".")[0]
    return stem[3:] if stem.startswith("lib") else stem


def qt_plugins_kept(used: set[str] | None = None) -> dict[str, frozenset[str] | None]:
    table = dict(QT_PLUGINS)
    if "QtSvg" in (qt_modules_used() if used is None else used):
        for folder, name in SVG_PLUGINS.items():
            kept = table.get(folder)
            table[folder] = None if kept is None else kept | {name}
    return table


# Linux: the libraries the manylinux policy (PEP 599/600) assumes on every Linux system are left to the
# system, as the wheels the game is built from (PySide6, pydantic-core) already assume: a
# manylinux_2_28 wheel links libstdc++, libX11 and GLib from the system and never carries them. PyInstaller
# would bundle the build machine's copies (libstdc++ 2.2 MB, libX11 1.3 MB, GLib 1.3 MB, ...), which the
# bundle's own Qt never needs newer than the system's. ``keep_binary`` drops them from the one-folder and
# one-file builds; every other library PyInstaller finds is bundled as before.
MANYLINUX_SYSTEM_LIBRARIES = frozenset(
    {
        "libgcc_s.so.1",
        "libstdc++.so.6",
        "libm.so.6",
        "libdl.so.2",
        "librt.so.1",
        "libc.so.6",
        "libnsl.so.1",
        "libutil.so.1",
        "libpthread.so.0",
        "libresolv.so.2",
        "libX11.so.6",
        "libXext.so.6",
        "libXrender.so.1",
        "libICE.so.6",
        "libSM.so.6",
        "libGL.so.1",
        "libgobject-2.0.so.0",
        "libgthread-2.0.so.0",
        "libglib-2.0.so.0",
    }
)


def keep_binary(dest: str, platform: str = sys.platform) -> bool:
    """Whether a binary bound for ``dest`` stays in the bundle: not a manylinux system library on Linux,
    and kept by the Qt rules (:func:`keep_qt_file`)."""
    name = dest.replace("\\", "/").rsplit("/", 1)[-1]
    if platform.startswith("linux") and name in MANYLINUX_SYSTEM_LIBRARIES:
        return False
    return keep_qt_file(dest)


def keep_qt_file(dest: str, kept: dict[str, frozenset[str] | None] | None = None) -> bool:
    """Whether a file bound for ``dest`` (a path inside the bundle, folder or full name) stays."""
    dest = dest.replace("\\", "/")
    if QT_TRANSLATIONS.search(dest):
        return bool(QT_TRANSLATIONS_KEPT.search(dest))
    if DROPPED_QT_FILES.search(dest):
        return False
    match = QT_PLUGIN_DIR.search(dest)
    if match is None:
        return True
    table = qt_plugins_kept() if kept is None else kept
    folder = match["folder"]
    if folder not in table:
        return False
    names = table[folder]
    return names is None or plugin_name(match["file"]) in names


def filter_hook_files(
    files: list[tuple[str, str]], kept: dict[str, frozenset[str] | None] | None = None
) -> list[tuple[str, str]]:
    """Filter a hook's (source, destination folder) list with :func:`keep_qt_file`."""
    table = qt_plugins_kept() if kept is None else kept
    return [(src, dest) for src, dest in files if keep_qt_file(f"{dest}/{Path(src).name}", table)]
