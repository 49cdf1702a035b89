"""Build the standalone Tilehouse with PyInstaller: ``python installer/build.py [--onefile] [--smoke]``.

* default, one folder: ``dist/tilehouse/tilehouse`` (``tilehouse.exe`` on Windows; ``dist/Tilehouse.app``
  as well on macOS) with its libraries beside it: starts fastest;
* ``--onefile``: a single self-extracting ``dist/onefile/tilehouse``: easiest to hand around.

On Linux the output folder also gets ``tilehouse.desktop``, ``tilehouse.png`` and
``install-desktop-entry.sh`` (adds Tilehouse to the desktop's application menu for the current user).
By default the engine's hot modules are the mypyc-compiled build of the working tree
(``tools/build_compiled.py``: built, or reused while no source changed); ``--pure`` bundles pure Python,
as does a machine where the compiled build cannot be made (it says so). ``--smoke`` then runs
``tilehouse --demo riichi --screenshot ...`` from the build, offscreen, and fails
unless it exits 0 with a non-empty PNG (CI does this). PyInstaller comes from the ``build`` extra:
``.venv/bin/pip install -e '.[build]'``; when the running Python lacks it and ``.venv`` has it, the script
re-runs itself with ``.venv/bin/python``.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
SPEC = HERE / "tilehouse.spec"
DIST = ROOT / "dist"
WORK = ROOT / "build" / "pyinstaller"
LINUX_FILES = (
    HERE / "linux" / "tilehouse.desktop",
    HERE / "linux" / "install-desktop-entry.sh",
    ROOT / "resources" / "icons" / "tilehouse.png",
)
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
BUNDLED_COMPILED: bool | None = None  # whether the last build() bundled the compiled engine


def exe_suffix() -> str:
    return ".exe" if sys.platform.startswith("win") else ""


def output_dir(onefile: bool) -> Path:
    """Where the build lands: ``dist/tilehouse`` (one folder) or ``dist/onefile``."""
    return DIST / ("onefile" if onefile else "tilehouse")


def executable(onefile: bool) -> Path:
    return output_dir(onefile) / f"tilehouse{exe_suffix()}"


def tree_size(path: Path) -> int:
    """Bytes of a file, or of every file under a folder (symlinks not followed)."""
    if path.is_file():
        return path.stat().st_size
    return sum(p.lstat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


def _ensure_pyinstaller() -> None:
    try:
        import PyInstaller  # noqa: F401
    except ModuleNotFoundError:
        venv_python = ROOT / ".venv" / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
        if venv_python.is_file() and Path(sys.executable).resolve() != venv_python.resolve():
            os.execv(str(venv_python), [str(venv_python), str(Path(__file__).resolve()), *sys.argv[1:]])
        raise SystemExit(
            "PyInstaller is missing: install the build extra with  .venv/bin/pip install -e '.[build]'"
        ) from None


def compiled_engine() -> Path | None:
    """The compiled engine for the spec (a prepared copy of the compiled wheel), or None: pure Python."""
    sys.path.insert(0, str(ROOT / "tools"))
    sys.path.insert(0, str(HERE))
    import buildconfig
    from build_compiled import compiled_site

    site = compiled_site()
    if site is None:
        print("the compiled build could not be made: bundling pure Python")
        return None
    return buildconfig.prepare_compiled_site(site, ROOT / "build" / "compiled" / "frozen-site")


def build(
    onefile: bool = False, *, clean: bool = False, strip: bool = True, quiet: bool = True, pure: bool = False
) -> Path:
    """Run PyInstaller on the spec; returns the executable's path."""
    env = {k: v for k, v in os.environ.items() if k != "TILEHOUSE_COMPILED_SITE"}
    global BUNDLED_COMPILED
    site = None if pure else compiled_engine()
    BUNDLED_COMPILED = site is not None
    if site is not None:
        env["TILEHOUSE_COMPILED_SITE"] = str(site)
    out = output_dir(onefile)
    work = WORK / ("onefile" if onefile else "onedir")
    cmd = [
        sys.executable,
        "-m",
        "PyInstaller",
        "--noconfirm",
        "--distpath",
        str(out.parent if not onefile else out),
        "--workpath",
        str(work),
        "--log-level",
        "WARN" if quiet else "INFO",
    ]
    if clean:
        cmd.append("--clean")
    cmd += [str(SPEC), "--"]
    if onefile:
        cmd.append("--onefile")
    if not strip:
        cmd.append("--no-strip")
    started = time.perf_counter()
    subprocess.run(cmd, cwd=ROOT, check=True, env=env)
    exe = executable(onefile)
    if not exe.is_file():
        raise SystemExit(f"PyInstaller finished but {exe} is missing")
    if sys.platform.startswith("linux"):
        for extra in LINUX_FILES:
            shutil.copy2(extra, out / extra.name)
    print(
        f"built {exe.relative_to(ROOT)} in {time.perf_counter() - started:.0f} s: "
        f"{tree_size(out if not onefile else exe) / 1e6:.1f} MB, engine "
        + ("compiled" if site is not None else "pure Python")
    )
    return exe


def engine_build(exe: Path) -> str:
    """What ``tilehouse --version`` of the build says of its engine ("compiled (...)" or "pure Python")."""
    run = subprocess.run([str(exe), "--version"], capture_output=True, text=True, timeout=60)
    if run.returncode != 0:
        raise SystemExit(f"{exe} --version exited {run.returncode}: {run.stderr[-2000:]}")
    return run.stdout.strip().split("engine: ", 1)[-1]


def smoke(
    exe: Path,
    shot: Path | None = None,
    *,
    variant: str = "riichi",
    timeout: float = 180,
    compiled: bool | None = None,
) -> int:
    """Run the built game's demo offscreen; raises SystemExit unless it exits 0 with a non-empty PNG
    (and, when ``compiled`` is given, unless ``--version`` says the engine runs compiled or pure as
    expected). Returns the PNG's size in bytes."""
    if compiled is not None:
        said = engine_build(exe)
        print(f"the build's engine: {said}")
        if said.startswith("compiled") != compiled:
            want = "compiled" if compiled else "pure"
            raise SystemExit(f"smoke test: expected a {want} engine, got {said}")
    with tempfile.TemporaryDirectory() as data:
        target = shot or Path(data) / "smoke.png"
        env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "TILEHOUSE_DATA_DIR": str(Path(data) / "user")}
        env.pop("TILEHOUSE_RESOURCES", None)  # the build must find its own resources
        run = subprocess.run(
            [str(exe), "--demo", variant, "--screenshot", str(target)],
            env=env,
            capture_output=True,
            text=True,
            timeout=timeout,
        )
        sys.stdout.write(run.stdout)
        sys.stderr.write(run.stderr)
        if run.returncode != 0:
            raise SystemExit(f"smoke test: {exe} --demo {variant} exited {run.returncode}")
        data_bytes = target.read_bytes() if target.is_file() else b""
        if len(data_bytes) <= len(PNG_MAGIC) or not data_bytes.startswith(PNG_MAGIC):
            raise SystemExit(f"smoke test: {target} is missing, empty or not a PNG")
        print(f"smoke test passed: {exe.name} --demo {variant} wrote {len(data_bytes)} bytes")
        return len(data_bytes)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build the standalone Tilehouse with PyInstaller.")
    parser.add_argument("--onefile", action="store_true", help="one self-extracting file instead of a folder")
    parser.add_argument("--clean", action="store_true", help="empty PyInstaller's cache first")
    parser.add_argument("--no-strip", action="store_true", help="keep symbols in the bundled libraries")
    parser.add_argument("--smoke", action="store_true", help="then run the riichi demo from the build")
    parser.add_argument("--screenshot", type=Path, help="with --smoke: keep the screenshot here")
    parser.add_argument("--verbose", action="store_true", help="PyInstaller's INFO log")
    parser.add_argument("--pure", action="store_true", help="bundle the pure-Python engine, not the compiled")
    args = parser.parse_args(argv)
    _ensure_pyinstaller()
    exe = build(
        args.onefile, clean=args.clean, strip=not args.no_strip, quiet=not args.verbose, pure=args.pure
    )
    if args.smoke:
        smoke(exe, args.screenshot, compiled=BUNDLED_COMPILED)
    return 0


if __name__ == "__main__":
    sys.exit(main())
