"""The two builds a benchmark measures: pure Python (the checkout) and the compiled build players get.

``pip install .`` and the standalone build ship the mypyc-compiled build (``engine/compiled.py``); the
development venv is an editable install and runs pure Python. :func:`run_builds` runs a benchmark once
per build, each in a fresh process: ``--build pure`` (``TILEHOUSE_PURE=1``, the checkout) and ``--build
compiled`` (the wheel of the working tree, built and unpacked by ``tools/build_compiled.py`` when missing
or stale, first on the path).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

from build_compiled import compiled_site  # noqa: E402

BUILDS = ("pure", "compiled")


def use_build(build: str) -> None:
    """In a benchmark's own process (``--build``), before the engine is imported: put the build first
    on the path, and check that the engine then runs as that build."""
    if build == "compiled":
        site = compiled_site(say=lambda text: print(text, file=sys.stderr))
        if site is None:
            raise SystemExit("the compiled build is not available: the wheel built pure Python")
        sys.path.insert(0, str(site))
    else:
        os.environ["TILEHOUSE_PURE"] = "1"
        sys.path.insert(0, str(ROOT))
    import engine

    if build != engine.BUILD:
        from engine import compiled

        raise SystemExit(f"asked for the {build} build, the engine runs {compiled.describe()}")


def run_builds(
    script: str, args: Sequence[str], *, say: Callable[[str], object] = print, only: str | None = None
) -> dict[str, Any]:
    """Run ``script`` once per build (``--build B --json``; ``only``: that build), each in a fresh
    process; returns {build: its JSON summary}. The compiled build is left out (and said so) when it
    cannot be built."""
    out: dict[str, Any] = {}
    site = compiled_site(say=say)
    for build in [only] if only else BUILDS:
        if build == "compiled" and site is None:
            say("compiled build: not available (the wheel built pure Python; see the reason above)")
            continue
        env = {k: v for k, v in os.environ.items() if k != "TILEHOUSE_PURE"}
        run = subprocess.run(
            [sys.executable, script, *args, "--build", build, "--json"],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
        )
        if run.returncode != 0:
            raise SystemExit(f"{script} --build {build} failed:\n{run.stdout[-2000:]}{run.stderr[-4000:]}")
        out[build] = json.loads(run.stdout.strip().splitlines()[-1])
    return out


