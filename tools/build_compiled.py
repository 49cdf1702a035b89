"""The compiled build of the working tree, for the benchmarks and the standalone build.

``pip install .`` compiles the modules of ``engine.compiled.MODULES`` with mypyc when it can; the
development venv is an editable install and never does (``engine/compiled.py`` says why). To measure or
bundle the compiled build from a checkout, :func:`compiled_site` builds the wheel of the working tree
(offline, ``--no-build-isolation``: the test extra brings setuptools and mypy) and unpacks it into
``build/compiled/site``, rebuilt whenever any source file changed since (a digest of the sources is
kept beside it). ``bench/builds.py`` runs a benchmark on it; ``installer/build.py`` bundles it.

    .venv/bin/python tools/build_compiled.py      # build (or check) it; prints where and how long
"""

from __future__ import annotations

import hashlib
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUILD_DIR = ROOT / "build" / "compiled"
SITE = BUILD_DIR / "site"
STAMP = BUILD_DIR / "sources.sha256"
BUILD_INPUTS = ("pyproject.toml", "setup.py", "README.md", "LICENSE", "engine", "desktop", "resources")
JUNK = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info", "build", "dist")


def sources_digest() -> str:
    """SHA-256 over every file the wheel is built from (names and contents)."""
    h = hashlib.sha256()
    for name in BUILD_INPUTS:
        path = ROOT / name
        files = [path] if path.is_file() else sorted(p for p in path.rglob("*") if p.is_file())
        for f in files:
            if "__pycache__" in f.parts or f.suffix == ".pyc":
                continue
            h.update(f.relative_to(ROOT).as_posix().encode() + b"\0" + f.read_bytes() + b"\0")
    return h.hexdigest()


def copy_sources(dest: Path) -> Path:
    """A copy of what a wheel is built from (:data:`BUILD_INPUTS`, without caches and build folders) in
    the new folder ``dest``, so that a build writes nothing into the checkout; returns ``dest``."""
    dest.mkdir()
    for name in BUILD_INPUTS:
        path = ROOT / name
        if path.is_dir():
            shutil.copytree(path, dest / name, ignore=JUNK)
        else:
            shutil.copy2(path, dest / name)
    return dest


def compiled_site(*, say: Callable[[str], object] = print) -> Path | None:
    """The unpacked compiled wheel of the working tree (built now if missing or stale), or None when
    the build came out pure (no compiler: the reason is printed)."""
    digest = sources_digest()
    if STAMP.is_file() and STAMP.read_text().strip() == digest and (SITE / "engine").is_dir():
        return SITE if (SITE / "engine" / "compiled.json").is_file() else None
    say("building the compiled wheel of the working tree (about a minute) ...")
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        src = copy_sources(Path(tmp) / "src")
        cmd = [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--no-index", "-v"]
        run = subprocess.run([*cmd, str(src), "-w", str(Path(tmp) / "dist")], capture_output=True, text=True)
        if run.returncode != 0:
            raise SystemExit(f"the wheel build failed:\n{run.stdout[-3000:]}{run.stderr[-3000:]}")
        for line in (run.stdout + run.stderr).splitlines():  # what setup.py says, and mypyc's errors
            if line.strip().startswith("tilehouse:") or ": error:" in line:
                say(line.strip())
        (wheel,) = (Path(tmp) / "dist").glob("tilehouse-*.whl")
        shutil.rmtree(BUILD_DIR, ignore_errors=True)
        SITE.mkdir(parents=True)
        with zipfile.ZipFile(wheel) as archive:
            archive.extractall(SITE)
    STAMP.write_text(digest + "\n")
    say(f"built {SITE.relative_to(ROOT)} in {time.perf_counter() - started:.0f} s")
    return SITE if (SITE / "engine" / "compiled.json").is_file() else None


if __name__ == "__main__":
    started = time.perf_counter()
    site = compiled_site()
    print(f"compiled build: {site}" if site else "the build came out pure Python")
