"""The optional compiled build (``setup.py``, ``engine/compiled.py``): no compiled module may ever shadow
edited source. An editable install never compiles; a compiled module that does not match the source
beside it (or has no record) is never loaded; and the checkout holds no compiled module at all. The
real compiled wheel is built and checked in tests/test_packaging.py (one module) and in CI (all)."""

from __future__ import annotations

import importlib.machinery
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from engine import compiled

ROOT = Path(__file__).resolve().parent.parent
SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]


def test_the_checkout_holds_no_compiled_module() -> None:
    """A development checkout (an editable install) runs its sources: no extension beside any module of
    the engine, no manifest, no mypyc runtime."""
    assert compiled.installed_extensions(ROOT) == []
    assert not (ROOT / "engine" / compiled.MANIFEST).exists()
    assert not list(ROOT.glob(f"{compiled.SHARED_LIBRARY}*"))
    assert compiled.check(ROOT)[0] == "pure"


def test_the_module_list_names_engine_sources() -> None:
    assert compiled.MODULES and len(set(compiled.MODULES)) == len(compiled.MODULES)
    for module in compiled.MODULES:
        assert module.startswith("engine.") and compiled.source_file(module).is_file(), module
        assert not module.endswith("__init__") and module != "engine.compiled"


def _copy_setup(tmp_path: Path) -> Path:
    src = tmp_path / "src"
    src.mkdir()
    for name in ("pyproject.toml", "setup.py", "README.md", "LICENSE"):
        shutil.copy2(ROOT / name, src / name)
    junk = shutil.ignore_patterns("__pycache__", "*.pyc")
    for name in ("engine", "desktop", "resources"):
        shutil.copytree(ROOT / name, src / name, ignore=junk)
    return src


def test_an_in_place_or_editable_build_compiles_nothing(tmp_path: Path) -> None:
    """``build_ext --inplace`` (what ``pip install -e`` runs: setuptools sets editable_mode, which turns
    inplace on) says it builds pure Python and leaves no extension beside the sources."""
    src = _copy_setup(tmp_path)
    env = {k: v for k, v in os.environ.items() if k not in ("TILEHOUSE_PURE", "TILEHOUSE_COMPILE")}
    code = (
        "import sys; from setuptools.dist import Distribution\n"
        "from distutils.core import run_setup\n"
        "dist = run_setup('setup.py', stop_after='init')\n"
        "for editable in (False, True):\n"
        "    cmd = dist.reinitialize_command('build_ext')\n"
        "    cmd.inplace, cmd.editable_mode = not editable, editable\n"
        "    cmd.ensure_finalized(); cmd.run()\n"
    )
    run = subprocess.run(
        [sys.executable, "-c", code], cwd=src, env=env, capture_output=True, text=True, timeout=120
    )
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-3000:]
    assert run.stderr.count("pure Python build (editable install") == 2, run.stderr[-2000:]
    assert compiled.installed_extensions(src) == []
    assert not list(src.rglob(f"*{SUFFIX}")) and not list(src.rglob("compiled.json"))


def _fake_build(tmp_path: Path, modules: tuple[str, ...]) -> Path:
    """A copy of the engine package with a stand-in 'extension' beside each module (not a loadable
    library: importing one fails, so a test passes only if the guard kept it from loading)."""
    root = tmp_path / "site"
    shutil.copytree(ROOT / "engine", root / "engine", ignore=shutil.ignore_patterns("__pycache__"))
    for module in modules:
        source = compiled.source_file(module, root)
        source.with_name(source.stem + SUFFIX).write_bytes(b"not a shared library")
    return root


def _record(root: Path, modules: tuple[str, ...]) -> None:
    text = json.dumps(compiled.manifest(modules, root))
    (root / "engine" / compiled.MANIFEST).write_text(text, encoding="utf-8")


def test_the_guard_accepts_only_a_complete_matching_build(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("TILEHOUSE_PURE", raising=False)
    modules = ("engine.analysis.part_tables", "engine.analysis.shanten")
    root = _fake_build(tmp_path, modules)
    build, reason, involved = compiled.check(root)
    assert (build, involved) == ("pure", list(modules)), reason  # extensions without a record
    _record(root, modules)
    assert compiled.check(root) == ("compiled", "2 modules compiled with mypyc", list(modules))
    monkeypatch.setenv("TILEHOUSE_PURE", "1")
    assert compiled.check(root)[:2] == ("pure", "TILEHOUSE_PURE=1")
    monkeypatch.delenv("TILEHOUSE_PURE")
    source = compiled.source_file(modules[1], root)
    source.write_text(source.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    assert compiled.check(root)[0] == "pure"
    assert compiled.check(root, frozen=True)[0] == "compiled"  # a frozen build has no sources to compare
    _record(root, modules)
    assert compiled.check(root)[0] == "compiled"
    extra = compiled.source_file("engine.tiles", root)
    extra.with_name(extra.stem + SUFFIX).write_bytes(b"")  # an extension nobody recorded
    build, _, involved = compiled.check(root)
    assert build == "pure" and "engine.tiles" in involved
    extra.with_name(extra.stem + SUFFIX).unlink()
    compiled.extension_files(modules[0], root)[0].unlink()  # a record without its extension
    assert compiled.check(root)[0] == "pure"


def test_stale_modules_load_from_their_source_and_warn(tmp_path: Path) -> None:
    """In a fresh interpreter: stand-in extensions beside every compiled module whose sources were
    edited after the 'build'; importing the engine must run the sources (importing a stand-in would
    fail), say so, and give the right answers."""
    modules = compiled.MODULES
    root = _fake_build(tmp_path, modules)
    _record(root, modules)
    for module in modules[:1]:
        source = compiled.source_file(module, root)
        source.write_text(source.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    code = (
        "import importlib, engine\n"
        "from engine import compiled\n"
        f"mods = [importlib.import_module(m) for m in {list(modules)!r}]\n"
        "assert all(m.__file__.endswith('.py') for m in mods), [m.__file__ for m in mods]\n"
        "from engine.analysis import shanten\n"
        "assert shanten([1, 1, 1, 0, 2] + [0] * 29, sets=1) == -1\n"
        "print(engine.BUILD, compiled.describe())\n"
    )
    env = {k: v for k, v in os.environ.items() if k not in ("TILEHOUSE_PURE", "PYTHONPATH")}
    run = subprocess.run(
        [sys.executable, "-c", code],
        cwd=tmp_path,
        env={**env, "PYTHONPATH": str(root)},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    assert run.stdout.startswith("pure pure Python"), run.stdout
    assert "RuntimeWarning" in run.stderr and modules[0] in run.stderr


def test_version_says_which_build_runs() -> None:
    from engine.cli import main

    assert compiled.describe().startswith("pure Python")
    assert main(["--version"]) == 0


def test_ci_holds_the_plain_install_to_the_compiled_build_and_its_results() -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    plain = ci.index("pip install -q --disable-pip-version-check '.[gui]'")
    assert ci.index('*"engine: compiled"*', plain) > plain
    assert '"$WHEEL_VENV/bin/tilehouse" conformance' in ci[plain:]
    assert '"$WHEEL_VENV/bin/python" tools/fingerprint.py --only' in ci[plain:]


def test_the_standalone_build_bundles_the_extensions_not_the_sources(tmp_path: Path) -> None:
    sys.path.insert(0, str(ROOT / "installer"))
    try:
        import buildconfig
    finally:
        sys.path.remove(str(ROOT / "installer"))
    modules = ("engine.analysis.part_tables", "engine.analysis.shanten")
    site = _fake_build(tmp_path, modules)
    _record(site, modules)
    (site / f"{compiled.SHARED_LIBRARY}{SUFFIX}").write_bytes(b"")
    hidden, data = buildconfig.compiled_bundle(site)
    assert hidden == [compiled.SHARED_LIBRARY]
    assert data == [(str(site / "engine" / compiled.MANIFEST), "engine")]
    out = buildconfig.prepare_compiled_site(site, tmp_path / "frozen")
    for module in modules:
        assert not compiled.source_file(module, out).exists() and compiled.extension_files(module, out)
    assert compiled.source_file("engine.analysis.waits", out).is_file()
    assert (out / "engine" / compiled.MANIFEST).is_file()
