"""The pip package: ``pip install .`` (not editable) must install every module of ``engine`` and ``desktop``
and every file of ``resources/`` (as the package ``tilehouse_resources``, the rule book pages
``rulebook/**/*.md`` among them), and the installed game must find its resources there. The wheel is
built offline from a copy of the sources (``--no-build-isolation``: the test extra brings setuptools), in
a few seconds. The wheel is the compiled build (``setup.py``, ``engine/compiled.py``) with one small module
compiled (``TILEHOUSE_COMPILE``), so that building, installing and the guard against stale compiled
modules are held to the same checks as the full list (which CI builds: ``.ci/run``) at a fraction of
the compile time."""

from __future__ import annotations

import hashlib
import importlib.metadata as metadata
import json
import os
import subprocess
import sys
import sysconfig
import tomllib
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SOURCE_PACKAGES = ("engine", "desktop")
RESOURCE_PACKAGE = "tilehouse_resources"
COMPILED = "engine.analysis.part_tables"  # the one module the test wheel compiles
PIP_WHEEL = [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--no-index", "-q"]
sys.path.insert(0, str(ROOT / "tools"))
from build_compiled import copy_sources  # noqa: E402  (the copy a wheel is built from, as the compiled build's)


def archive_read(wheel: Path, name: str) -> str:
    with zipfile.ZipFile(wheel) as archive:
        return archive.read(name).decode()


def _setuptools() -> dict[str, object]:
    data: dict[str, object] = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"][
        "setuptools"
    ]
    return data


def _source_files(folder: Path) -> list[Path]:
    return sorted(
        p for p in folder.rglob("*") if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc"
    )


def _python_packages() -> set[str]:
    """Every folder of engine/ and desktop/ holding Python files, as a dotted name."""
    return {
        ".".join(p.parent.relative_to(ROOT).parts)
        for package in SOURCE_PACKAGES
        for p in (ROOT / package).rglob("*.py")
        if "__pycache__" not in p.parts
    }


def test_pyproject_lists_every_package_and_maps_the_resources() -> None:
    config = _setuptools()
    listed = set(config["packages"])  # type: ignore[arg-type]
    on_disk = _python_packages()
    missing = sorted(on_disk - listed - {RESOURCE_PACKAGE})
    assert not missing, f"add {missing} to [tool.setuptools] packages in pyproject.toml"
    stale = sorted(listed - on_disk - {RESOURCE_PACKAGE})
    assert not stale, f"pyproject.toml lists packages that are gone: {stale}"
    no_init = sorted(p for p in on_disk if not (ROOT / p.replace(".", "/") / "__init__.py").is_file())
    assert not no_init, f"these folders need an __init__.py: {no_init}"
    assert RESOURCE_PACKAGE in listed
    assert config["package-dir"] == {RESOURCE_PACKAGE: "resources"}
    assert (ROOT / "resources" / "__init__.py").is_file()
    assert config["package-data"][RESOURCE_PACKAGE] == ["**/*"]  # type: ignore[index]


def test_the_editable_or_source_run_uses_the_checkout_resources() -> None:
    """tools/test.sh installs with ``pip install -e``: the package is the checkout's folder itself."""
    import importlib.resources

    from engine import resources

    assert Path(str(importlib.resources.files(RESOURCE_PACKAGE))) == ROOT / "resources"
    assert resources.CHECKOUT_RESOURCES == ROOT / "resources"


def test_a_source_checkout_without_install_falls_back_to_the_folder(tmp_path: Path) -> None:
    code = (
        "import sys; sys.modules['tilehouse_resources'] = None\n"  # as if nothing were installed
        "from engine.resources import resource_root; print(resource_root())"
    )
    env = {k: v for k, v in os.environ.items() if k != "TILEHOUSE_RESOURCES"}
    run = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60
    )
    assert run.returncode == 0, run.stderr
    assert Path(run.stdout.strip()) == ROOT / "resources"


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel ``pip wheel .`` makes of the working tree (built from a copy, so no build/ folder or
    egg-info is written into the checkout and no stale build/lib can leak into it)."""
    try:
        version = metadata.version("setuptools")
    except metadata.PackageNotFoundError:
        version = "0"
    assert tuple(int(n) for n in version.split(".")[:2]) >= (70, 1), (
        f"setuptools {version}: the offline wheel build needs setuptools 70.1 or newer (the test extra's pin:"
        " .venv/bin/pip install -e '.[test]')"
    )
    work = tmp_path_factory.mktemp("wheel")
    src = copy_sources(work / "src")
    out = work / "dist"
    env = {k: v for k, v in os.environ.items() if k != "TILEHOUSE_PURE"}
    run = subprocess.run(
        [*PIP_WHEEL, "-v", str(src), "-w", str(out)],
        capture_output=True,
        text=True,
        timeout=240,
        env={**env, "TILEHOUSE_COMPILE": COMPILED},
    )
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    wheels = list(out.glob("tilehouse-*.whl"))
    assert len(wheels) == 1, wheels
    return wheels[0]


def test_the_wheel_holds_every_module_and_every_resource_file(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        info = next(n.split("/")[0] for n in names if n.split("/")[0].endswith(".dist-info"))
        entry_points = archive.read(f"{info}/entry_points.txt").decode()
    for package in SOURCE_PACKAGES:
        modules = [p for p in _source_files(ROOT / package) if p.suffix == ".py"]
        assert modules
        missing = [rel for rel in (p.relative_to(ROOT).as_posix() for p in modules) if rel not in names]
        assert not missing, f"not in the wheel: {missing}"
        # and every data file of the package (package-data in pyproject.toml), such as the analysis tables
        data = [p.relative_to(ROOT).as_posix() for p in _source_files(ROOT / package) if p.suffix != ".py"]
        missing = [rel for rel in data if rel not in names]
        assert not missing, f"data files not in the wheel (list them in package-data): {missing}"
    assert "engine/analysis/part_tables.json" in names
    resources = _source_files(ROOT / "resources")
    for folder in ("rulesets", "fonts", "i18n", "icons", "rulebook"):
        assert any(folder in p.relative_to(ROOT / "resources").parts[:1] for p in resources), folder
    expected = {f"{RESOURCE_PACKAGE}/{p.relative_to(ROOT / 'resources').as_posix()}" for p in resources}
    assert {
        f"{RESOURCE_PACKAGE}/fonts/OFL.txt",
        f"{RESOURCE_PACKAGE}/i18n/tilehouse_zh_CN.qm",
        f"{RESOURCE_PACKAGE}/i18n/tilehouse_zh_CN.ts",
        f"{RESOURCE_PACKAGE}/rulesets/riichi-online.toml",
        f"{RESOURCE_PACKAGE}/icons/tilehouse.png",
        f"{RESOURCE_PACKAGE}/rulebook/riichi.md",
        f"{RESOURCE_PACKAGE}/rulebook/zh/riichi.md",
    } <= expected
    assert sorted(expected - names) == [], "resource files missing from the wheel"
    assert not [n for n in names if n.endswith(".pyc") or "__pycache__" in n]
    # only the game's packages at the top of site-packages: no bare "resources", tests or tools; and
    # the compiled build: its module beside the source, mypyc's runtime if it made one, the manifest
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    tops = {n.split("/")[0] for n in names}
    runtime = {t for t in tops if t.startswith("tilehouse__mypyc.")}
    assert tops - runtime == {*SOURCE_PACKAGES, RESOURCE_PACKAGE, info}
    compiled_files = sorted(n for n in names if n.endswith(suffix))
    assert COMPILED.replace(".", "/") + suffix in compiled_files, compiled_files
    assert all(n.startswith("tilehouse__mypyc.") or n.startswith("engine/") for n in compiled_files)
    record = json.loads(archive_read(wheel, "engine/compiled.json"))
    assert list(record["modules"]) == [COMPILED]
    source = (ROOT / "engine" / "analysis" / "part_tables.py").read_bytes()
    assert record["modules"][COMPILED] == hashlib.sha256(source).hexdigest()
    assert "tilehouse = engine.cli:main" in entry_points


INSTALLED_RUN = """
import sys
from pathlib import Path
site = Path(sys.argv[1])
import engine, tilehouse_resources
assert Path(engine.__file__).is_relative_to(site), engine.__file__
assert Path(tilehouse_resources.__file__).is_relative_to(site), tilehouse_resources.__file__
from engine import compiled
assert engine.BUILD == "compiled", compiled.REASON
assert compiled.compiled_modules() == ["engine.analysis.part_tables"], compiled.describe()
from engine.analysis import part_tables, shanten, warm_up
assert part_tables.TABLE_FILE.is_relative_to(site), part_tables.TABLE_FILE
assert warm_up() > 0 and shanten([1, 1, 1, 0, 2] + [0] * 29, sets=1) == -1  # the shipped tables answer
from engine.resources import resource_path, resource_root
assert resource_root() == site / "tilehouse_resources", resource_root()
from engine.rules import list_rulesets, load_ruleset
entries = [e for e in list_rulesets() if e.read_only]
assert len(entries) == len(list((site / "tilehouse_resources" / "rulesets").glob("*.toml"))), entries
assert not [e.error for e in entries if e.error], entries
for e in entries:
    assert Path(e.path).is_relative_to(site), e.path
    load_ruleset(e.name)
from desktop import first_run, fonts
for path in (fonts.font_path(fonts.TILES_FILE), fonts.font_path(fonts.UI_FILE), first_run.icon_path(),
             resource_path("i18n", "tilehouse_zh_CN.qm"), resource_path("fonts", "OFL.txt")):
    assert path.is_file() and path.is_relative_to(site), path
from engine.families.registry import family_names
pages = first_run.rule_book_pages()  # the rule book ships in the package: a page for every family
assert list(pages) == family_names(), pages
assert all(p.is_relative_to(site / "tilehouse_resources" / "rulebook") for p in pages.values()), pages
from desktop.rulebook import page_path
assert all(page_path(f, "zh").parent.name == "zh" for f in pages), pages
try:
    from PySide6.QtCore import QCoreApplication, QTranslator
except ModuleNotFoundError:
    pass
else:
    app = QCoreApplication([])
    assert QTranslator().load(str(resource_path("i18n", "tilehouse_zh_CN.qm")))
print("ok", len(entries))
"""


def test_an_installed_wheel_finds_its_resources_in_the_package(wheel: Path, tmp_path: Path) -> None:
    """Unpack the wheel as pip installs it (a pure wheel is its site-packages tree), put it first on the
    path of a fresh interpreter started outside the checkout: rulesets, fonts, icon and translations come
    from the installed tilehouse_resources."""
    site = tmp_path / "site-packages"
    with zipfile.ZipFile(wheel) as archive:
        archive.extractall(site)
    env = {k: v for k, v in os.environ.items() if k not in ("TILEHOUSE_RESOURCES", "PYTHONPATH")}
    env["PYTHONPATH"] = str(site)
    env["TILEHOUSE_DATA_DIR"] = str(tmp_path / "data")
    env["QT_QPA_PLATFORM"] = "offscreen"
    run = subprocess.run(
        [sys.executable, "-c", INSTALLED_RUN, str(site)],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-4000:]
    assert run.stdout.startswith("ok")


STALE_RUN = """
import sys, warnings
warnings.simplefilter("always")
import engine
from engine import compiled
import importlib
module = importlib.import_module("engine.analysis.part_tables")
from engine.analysis import shanten, warm_up
assert warm_up() > 0 and shanten([1, 1, 1, 0, 2] + [0] * 29, sets=1) == -1
print(engine.BUILD, module.__file__.rsplit("/", 1)[-1], compiled.describe())
"""


def _run_installed(site: Path, tmp_path: Path, **env_extra: str) -> subprocess.CompletedProcess[str]:
    dropped = ("TILEHOUSE_RESOURCES", "PYTHONPATH", "TILEHOUSE_PURE")
    env = {k: v for k, v in os.environ.items() if k not in dropped}
    env.update(PYTHONPATH=str(site), TILEHOUSE_DATA_DIR=str(tmp_path / "data"), **env_extra)
    return subprocess.run(
        [sys.executable, "-c", STALE_RUN], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60
    )


def test_an_edited_source_is_never_shadowed_by_its_compiled_module(wheel: Path, tmp_path: Path) -> None:
    """The installed compiled build runs compiled; TILEHOUSE_PURE=1 runs its sources; and once a compiled
    module's source is edited in place, the engine runs the edited source (all of it pure) and warns."""
    site = tmp_path / "site-packages"
    with zipfile.ZipFile(wheel) as archive:
        archive.extractall(site)
    run = _run_installed(site, tmp_path)
    assert run.returncode == 0, run.stderr[-3000:]
    assert run.stdout.split()[:2] == ["compiled", "part_tables" + sysconfig.get_config_var("EXT_SUFFIX")]
    assert "RuntimeWarning" not in run.stderr

    run = _run_installed(site, tmp_path, TILEHOUSE_PURE="1")
    assert run.returncode == 0, run.stderr[-3000:]
    assert run.stdout.split()[:2] == ["pure", "part_tables.py"], run.stdout
    assert "RuntimeWarning" not in run.stderr

    source = site / "engine" / "analysis" / "part_tables.py"
    edited = source.read_text(encoding="utf-8") + "\nEDITED_AFTER_THE_BUILD = True\n"
    source.write_text(edited, encoding="utf-8")
    run = _run_installed(site, tmp_path)
    assert run.returncode == 0, run.stderr[-3000:]
    assert run.stdout.split()[:2] == ["pure", "part_tables.py"], run.stdout
    assert "do not match the source" in run.stderr and "engine.analysis.part_tables" in run.stderr
