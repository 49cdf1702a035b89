"""The standalone build's configuration, fast: metadata, bundled data found in a frozen layout, Qt plugin
rules, excluded modules, icons, the desktop entry, licences, the entry point, CI. The real PyInstaller
build and its smoke test run in ``.ci/run`` (``installer/build.py --smoke``), not here."""

from __future__ import annotations

import ast
import os
import re
import shutil
import struct
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "installer"))

import buildconfig as cfg  # noqa: E402

PNG = b"\x89PNG\r\n\x1a\n"


def test_name_and_version_come_from_pyproject() -> None:
    meta = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert cfg.version() == meta["version"]
    assert cfg.version_tuple("0.1.0") == (0, 1, 0, 0)
    assert cfg.version_tuple("1.2.3.4.5") == (1, 2, 3, 4)
    assert cfg.EXE_NAME == "tilehouse" and cfg.APP_NAME == "Tilehouse"
    assert cfg.project()["license"]["text"] == "GPL-3.0-or-later"


def test_every_resource_is_bundled_but_no_translation_source() -> None:
    files = cfg.data_files()
    dests = {(Path(src).relative_to(ROOT).as_posix(), dest) for src, dest in files}
    for folder in ("rulesets", "fonts", "i18n", "icons", "rulebook"):
        assert any(dest == f"resources/{folder}" for _, dest in dests), folder
    for src in (ROOT / "resources").rglob("*"):
        if src.is_file() and src.suffix not in (".ts", ".py", ".pyc"):
            rel = src.relative_to(ROOT).as_posix()
            assert (rel, Path(rel).parent.as_posix()) in dests, rel
    assert not any(src.endswith(".ts") for src, _ in files)
    # resources/__init__.py makes the folder the package tilehouse_resources of a pip install; the bundle
    # finds the folder by path (sys._MEIPASS), where engine.resources looks for it
    assert (ROOT / "resources" / "__init__.py").is_file()
    assert not any(src.endswith((".py", ".pyc")) for src, _ in files)
    from engine import resources

    assert cfg.FROZEN_RESOURCES == resources.FROZEN_RESOURCES == "resources"
    assert ("resources/fonts/OFL.txt", "resources/fonts") in dests
    assert ("LICENSE", ".") in dests and ("THIRD_PARTY_NOTICES.md", ".") in dests
    # the rule book pages ship with the resources (resources/rulebook/, translations in zh/): one page
    # per family in each language; nothing of docs/ is bundled
    from engine.families.registry import specs

    pages = sorted((ROOT / "resources" / "rulebook").rglob("*.md"))
    for spec in specs():
        for page in (f"resources/rulebook/{spec.rule_page}.md", f"resources/rulebook/zh/{spec.rule_page}.md"):
            assert (page, Path(page).parent.as_posix()) in dests, page
    assert pages and all(
        (p.relative_to(ROOT).as_posix(), p.parent.relative_to(ROOT).as_posix()) in dests for p in pages
    )
    assert not any(Path(src).relative_to(ROOT).parts[0] == "docs" for src, _ in files)
    # the engine's own data files go next to their modules (engine.analysis finds its tables there)
    assert ("engine/analysis/part_tables.json", "engine/analysis") in dests


def test_bundled_resources_are_found_in_a_frozen_layout(tmp_path: Path) -> None:
    """Lay the data out as PyInstaller does (destination folders under sys._MEIPASS) and start a fresh
    interpreter that believes it is frozen: rulesets, fonts, translations, icons and the rule book load."""
    bundle = tmp_path / "_internal"
    for src, dest in cfg.data_files():
        (bundle / dest).mkdir(parents=True, exist_ok=True)
        shutil.copy2(src, bundle / dest / Path(src).name)
    code = f"""
import sys
sys._MEIPASS = {str(bundle)!r}
from engine.resources import resource_path, resource_root
assert resource_root() == __import__("pathlib").Path(sys._MEIPASS) / "resources", resource_root()
from engine.rules import list_rulesets, load_ruleset
entries = [e for e in list_rulesets() if e.read_only]
assert entries and not [e.error for e in entries if e.error], entries
for e in entries:
    load_ruleset(e.name)
for name in ("fonts/TilehouseTiles.otf", "fonts/TilehouseUI.otf", "i18n/tilehouse_zh_CN.qm",
             "icons/tilehouse.png"):
    assert resource_path(*name.split("/")).is_file(), name
from desktop import first_run, fonts
assert str(first_run.icon_path()).startswith(sys._MEIPASS)
pages = first_run.rule_book_pages()
assert pages and all(str(p).startswith(sys._MEIPASS) for p in pages.values()), pages
from PySide6.QtCore import QCoreApplication, QTranslator
app = QCoreApplication([])
assert QTranslator().load(str(resource_path("i18n", "tilehouse_zh_CN.qm")))
print("ok", len(entries))
"""
    env = {k: v for k, v in os.environ.items() if k != "TILEHOUSE_RESOURCES"}
    run = subprocess.run(
        [sys.executable, "-c", code], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith("ok")


def test_source_runs_find_the_resources_in_the_checkout(monkeypatch: pytest.MonkeyPatch) -> None:
    """From a checkout (editable install, or not installed at all) the resources are its resources/.
    An installed wheel's are checked in tests/test_packaging.py."""
    from engine.resources import resource_root

    monkeypatch.delenv("TILEHOUSE_RESOURCES", raising=False)
    monkeypatch.delattr(sys, "_MEIPASS", raising=False)
    assert resource_root() == ROOT / "resources"


@pytest.mark.parametrize(
    ("dest", "kept"),
    [
        ("PySide6/Qt/plugins/platforms/libqxcb.so", True),
        ("PySide6/Qt/plugins/platforms/libqwayland.so", True),
        ("PySide6/Qt/plugins/platforms/libqoffscreen.so", True),
        ("PySide6/Qt/plugins/platforms/qwindows.dll", True),
        ("PySide6\\Qt\\plugins\\platforms\\qoffscreen.dll", True),
        ("PySide6/Qt/plugins/platforms/libqcocoa.dylib", True),
        ("PySide6\\plugins\\platforms\\qwindows.dll", True),  # Windows wheels: no Qt/ folder
        ("PySide6\\plugins\\styles\\qmodernwindowsstyle.dll", True),
        ("PySide6\\plugins\\imageformats\\qjpeg.dll", False),
        ("PySide6\\plugins\\platforms\\qdirect2d.dll", False),
        ("PySide6\\translations\\qtbase_de.qm", False),
        ("PySide6/Qt/plugins/platforms/darwin/libqmacstyle.dylib", True),
        ("PySide6/Qt/plugins/platforms/libqeglfs.so", False),
        ("PySide6/Qt/plugins/platforms/libqvnc.so", False),
        ("PySide6/Qt/plugins/platforms/libqlinuxfb.so", False),
        ("PySide6/Qt/plugins/platformthemes/libqgtk3.so", False),
        ("PySide6/Qt/plugins/platformthemes/libqxdgdesktopportal.so", True),
        ("PySide6/Qt/plugins/platforminputcontexts/libqtvirtualkeyboardplugin.so", False),
        ("PySide6/Qt/plugins/platforminputcontexts/libcomposeplatforminputcontextplugin.so", True),
        ("PySide6/Qt/plugins/xcbglintegrations/libqxcb-glx-integration.so", True),
        ("PySide6/Qt/plugins/wayland-shell-integration/libxdg-shell.so", True),
        ("PySide6/Qt/plugins/wayland-shell-integration/libivi-shell.so", False),
        ("PySide6/Qt/plugins/wayland-decoration-client/libadwaita.so", False),
        ("PySide6/Qt/plugins/wayland-graphics-integration-client/libqt-plugin-wayland-egl.so", False),
        ("PySide6/Qt/plugins/styles/qmodernwindowsstyle.dll", True),
        ("PySide6/Qt/plugins/imageformats/libqjpeg.so", False),
        ("PySide6/Qt/plugins/imageformats/libqsvg.so", False),
        ("PySide6/Qt/plugins/iconengines/libqsvgicon.so", False),
        ("PySide6/Qt/plugins/egldeviceintegrations/libqeglfs-kms-integration.so", False),
        ("PySide6/Qt/plugins/generic/libqevdevmouseplugin.so", False),
        ("PySide6/Qt/plugins/sqldrivers/libqsqlite.so", False),
        ("PySide6/Qt/translations/qtbase_zh_CN.qm", True),  # OK, Cancel in Chinese
        ("PySide6/Qt/translations/qt_zh_CN.qm", False),
        ("PySide6\\translations\\qtbase_zh_CN.qm", True),
        ("PySide6/Qt/translations", False),
        ("PySide6/opengl32sw.dll", False),
        ("PySide6/Qt/lib/libQt6Widgets.so.6", True),
        ("PySide6/QtWidgets.abi3.so", True),
        ("resources/i18n/tilehouse_zh_CN.qm", True),
    ],
)
def test_qt_plugin_rules(dest: str, kept: bool) -> None:
    table = cfg.qt_plugins_kept(used={"QtCore", "QtGui", "QtWidgets"})
    assert cfg.keep_qt_file(dest, table) is kept


def test_svg_plugins_come_along_when_the_app_uses_qtsvg() -> None:
    table = cfg.qt_plugins_kept(used={"QtCore", "QtGui", "QtWidgets", "QtSvg"})
    assert cfg.keep_qt_file("PySide6/Qt/plugins/imageformats/libqsvg.so", table)
    assert cfg.keep_qt_file("PySide6/Qt/plugins/iconengines/qsvgicon.dll", table)
    assert not cfg.keep_qt_file("PySide6/Qt/plugins/imageformats/libqjpeg.so", table)


def test_hook_files_are_filtered_by_destination_folder() -> None:
    files = [
        ("/x/libqxcb.so", "PySide6/Qt/plugins/platforms"),
        ("/x/libqvnc.so", "PySide6/Qt/plugins/platforms"),
        ("/x/qtbase_de.qm", "PySide6/Qt/translations"),
    ]
    assert cfg.filter_hook_files(files) == files[:1]


def _imported_top_levels() -> set[str]:
    names: set[str] = set()
    for package in cfg.SOURCE_PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Import):
                    names.update(a.name for a in node.names)
                elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                    names.add(node.module)
    return names


def test_no_module_the_game_imports_is_excluded() -> None:
    import PySide6

    excluded = set(cfg.excluded_modules(Path(PySide6.__file__).parent))
    for name in _imported_top_levels():
        parts = name.split(".")
        prefixes = {".".join(parts[: i + 1]) for i in range(len(parts))}
        assert not (prefixes & excluded), f"{name} is imported by the game but excluded from the build"
    used = cfg.qt_modules_used()
    assert {"QtCore", "QtGui", "QtWidgets"} <= used
    assert not {f"PySide6.{m}" for m in used} & excluded
    assert "PySide6.QtNetwork" in excluded or "QtNetwork" not in cfg.installed_qt_modules(
        Path(PySide6.__file__).parent
    )


def test_every_game_module_is_a_hidden_import() -> None:
    modules = set(cfg.source_modules())
    for name in (
        "engine",
        "engine.cli",
        "desktop.app",
        "desktop.first_run",
        "engine.families.registry",
        "engine.families.riichi.spec",
        "engine.families.sichuan.spec",
        "engine.families.lingxi.spec",
        "engine.game.observation",
        "engine.game.seat_analysis",
        "engine.game.settlement",
        "engine.analysis.shape",
        "engine.analysis.acceptance",
        "engine.messages",
        "engine.rules.sichuan",
        "engine.ai.riichi",
    ):
        assert name in modules
    # the registry imports each family's spec module by name, and each spec names its AI plug-in
    from engine.families.registry import BUILTIN_FAMILIES, specs

    for spec in specs():
        assert f"engine.families.{spec.name}.spec" in modules, spec.name
        assert spec.ai_plugin in modules, spec.ai_plugin
        assert f"engine.families.{spec.name}.hand" in modules, spec.name
    assert {spec.name for spec in specs()} == set(BUILTIN_FAMILIES)
    assert not any(m.endswith(".family") for m in modules)  # the old family modules are gone
    commands = ast.literal_eval(
        re.search(r"COMMAND_MODULES = (\(.*?\))", (ROOT / "engine" / "cli.py").read_text()).group(1)  # type: ignore[union-attr]
    )
    assert all(
        f"engine.commands.{c}" in modules for c in commands if (ROOT / f"engine/commands/{c}.py").exists()
    )


def test_the_spec_uses_the_shared_configuration() -> None:
    spec = (ROOT / "installer" / "tilehouse.spec").read_text(encoding="utf-8")
    ast.parse(spec)
    for needle in (
        "cfg.data_files()",
        "cfg.licence_files()",
        "cfg.source_modules()",
        "cfg.excluded_modules(",
        "cfg.keep_qt_file(",
        "hookspath=",
        "--onefile",
        "upx=False",
        "strip=STRIP",
        "BUNDLE(",
        "cfg.icon_for()",
        "version=version_info",
    ):
        assert needle in spec, needle
    for hook in ("QtCore", "QtGui", "QtWidgets"):
        text = (ROOT / "installer" / "hooks" / f"hook-PySide6.{hook}.py").read_text(encoding="utf-8")
        assert "filter_hook_files" in text


def test_icons_exist_for_every_platform() -> None:
    png = (cfg.ICONS / "tilehouse.png").read_bytes()
    assert png.startswith(PNG)
    width, height = struct.unpack(">II", png[16:24])
    assert (width, height) == (256, 256)
    ico = (cfg.ICONS / "tilehouse.ico").read_bytes()
    reserved, kind, count = struct.unpack("<HHH", ico[:6])
    assert (reserved, kind) == (0, 1) and count >= 4
    sizes = set()
    for i in range(count):
        w, _h, _c, _r, _p, _bpp, size, offset = struct.unpack("<BBBBHHII", ico[6 + 16 * i : 22 + 16 * i])
        assert ico[offset : offset + 8] == PNG and offset + size <= len(ico)
        sizes.add(w or 256)
    assert {16, 32, 48, 256} <= sizes
    icns = (cfg.ICONS / "tilehouse.icns").read_bytes()
    assert icns[:4] == b"icns" and struct.unpack(">I", icns[4:8])[0] == len(icns)
    assert b"ic08" in icns and b"ic09" in icns
    assert cfg.icon_for("win32").suffix == ".ico" and cfg.icon_for("darwin").suffix == ".icns"
    assert cfg.icon_for("linux").suffix == ".png"
    assert sum(p.stat().st_size for p in cfg.ICONS.iterdir()) < 100_000  # small enough to commit


def test_the_linux_desktop_entry() -> None:
    text = cfg.DESKTOP_ENTRY.read_text(encoding="utf-8")
    assert text.startswith("[Desktop Entry]\n")
    keys = dict(line.split("=", 1) for line in text.splitlines()[1:] if "=" in line)
    assert keys["Type"] == "Application" and keys["Name"] == "Tilehouse"
    assert keys["Exec"] == "tilehouse" and keys["Icon"] == "tilehouse" and keys["Terminal"] == "false"
    assert "Game" in keys["Categories"].split(";")
    validate = shutil.which("desktop-file-validate")
    if validate:
        run = subprocess.run([validate, str(cfg.DESKTOP_ENTRY)], capture_output=True, text=True)
        assert run.returncode == 0, run.stdout + run.stderr
    script = (ROOT / "installer" / "linux" / "install-desktop-entry.sh").read_text(encoding="utf-8")
    assert "applications/tilehouse.desktop" in script and "hicolor/256x256/apps" in script


def test_install_desktop_entry_writes_the_full_path(tmp_path: Path) -> None:
    if shutil.which("bash") is None or sys.platform.startswith("win"):
        pytest.skip("needs bash")
    folder = tmp_path / "dist"
    folder.mkdir()
    for src in (
        cfg.DESKTOP_ENTRY,
        ROOT / "installer/linux/install-desktop-entry.sh",
        cfg.ICONS / "tilehouse.png",
    ):
        shutil.copy2(src, folder / src.name)
    exe = folder / "tilehouse"
    exe.write_text("#!/bin/sh\n")
    exe.chmod(0o755)
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "share")}
    subprocess.run(
        ["bash", str(folder / "install-desktop-entry.sh")], env=env, check=True, capture_output=True
    )
    entry = (tmp_path / "share/applications/tilehouse.desktop").read_text(encoding="utf-8")
    assert f'Exec="{exe}"' in entry
    assert (tmp_path / "share/icons/hicolor/256x256/apps/tilehouse.png").read_bytes().startswith(PNG)


def test_licence_and_third_party_notices() -> None:
    licence = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert "GNU GENERAL PUBLIC LICENSE" in licence and "Version 3, 29 June 2007" in licence
    notices = (ROOT / "THIRD_PARTY_NOTICES.md").read_text(encoding="utf-8")
    assert "GPL-3.0-or-later" in notices
    for needle in ("LGPL-3.0", "PySide6", "Qt 6", "SIL Open Font License 1.1", "OFL.txt", "PSF-2.0", "MIT"):
        assert needle in notices, needle
    for name, version in cfg.runtime_distributions().items():
        assert re.search(re.escape(name).replace(r"\-", "[-_]"), notices, re.I), name
        assert version in notices, (name, version)
    lgpl = (ROOT / "installer" / "licenses" / "LGPL-3.0.txt").read_text(encoding="utf-8")
    assert "GNU LESSER GENERAL PUBLIC LICENSE" in lgpl


def test_every_runtime_distribution_brings_its_licence_text() -> None:
    files = cfg.licence_files()
    folders = {dest for _, dest in files}
    for name in cfg.runtime_distributions():
        if name in ("pyside6-essentials", "shiboken6"):  # the wheels ship none: the LGPL text is ours
            continue
        assert f"licenses/{name}" in folders, name
    assert "licenses/qt-pyside6" in folders
    assert all(Path(src).is_file() for src, _ in files)


def test_the_entry_point_sends_subcommands_to_the_cli_and_the_rest_to_the_table(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import desktop.app

    sys.path.insert(0, str(ROOT / "installer"))
    import launch

    calls: list[list[str]] = []
    monkeypatch.setattr(desktop.app, "main", lambda argv: calls.append(argv) or 7)
    assert launch.main(["--demo", "riichi", "--screenshot", "x.png"]) == 7
    assert launch.main([]) == 7
    assert launch.main(["--lang", "zh_CN"]) == 7
    assert calls == [["--demo", "riichi", "--screenshot", "x.png"], [], ["--lang", "zh_CN"]]
    assert launch.main(["rules", "list"]) == 0
    assert "riichi-online" in capsys.readouterr().out


def test_the_build_script_layout() -> None:
    sys.path.insert(0, str(ROOT / "installer"))
    import build

    assert build.output_dir(False) == ROOT / "dist" / "tilehouse"
    assert build.output_dir(True) == ROOT / "dist" / "onefile"
    assert build.executable(False).name.startswith("tilehouse")
    assert all(p.is_file() for p in build.LINUX_FILES)
    assert build.tree_size(ROOT / "installer" / "linux") > 0


def test_ci_builds_and_smoke_tests_the_one_folder_executable() -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "bash tools/test.sh" in ci and "conformance" in ci
    assert "installer/build.py" in ci and "--smoke" in ci
    assert ci.index("bash tools/test.sh") < ci.index("installer/build.py")


def test_manylinux_system_libraries_are_left_to_the_system_on_linux_only() -> None:
    for dest in ("libstdc++.so.6", "_internal/libX11.so.6", "libglib-2.0.so.0"):
        assert not cfg.keep_binary(dest, "linux")
        assert cfg.keep_binary(dest, "win32")  # no such rule elsewhere (these names are Linux's anyway)
    for dest in ("PySide6/Qt/lib/libQt6Core.so.6", "libdbus-1.so.3", "libxcb-cursor.so.0", "libz.so.1"):
        assert cfg.keep_binary(dest, "linux")  # what the manylinux policy does not promise stays bundled
    # the Qt rules still apply
    assert not cfg.keep_binary("PySide6/Qt/plugins/imageformats/libqjpeg.so", "linux")
