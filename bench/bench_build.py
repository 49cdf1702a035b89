"""Standalone build benchmarks (issue 4): the size of both builds and start-to-first-frame of the one-folder
build.

* **size**: every file of ``dist/tilehouse/`` (one folder, symlinks not counted twice) and the single
  ``dist/onefile/tilehouse``; targets at most 120 MB and 60 MB (MB = 10^6 bytes);
* **start**: a fresh process of the one-folder executable with ``--first-frame`` until it prints that the
  table view painted its first frame, median of 5 (target at most 1.2 s); the one-file build's start is
  measured the same way for the record (it unpacks itself first).

    .venv/bin/python bench/bench_build.py [--build] [--runs 5] [--json]

``--build`` (re)builds both with ``installer/build.py`` first; otherwise the existing builds are measured
(a missing one is built). Runs offscreen unless a display is set. Exits 1 when a target is missed.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "installer"))

import build  # noqa: E402  (installer/build.py)

ONEFOLDER_TARGET_MB = 120.0
ONEFILE_TARGET_MB = 60.0
START_TARGET_S = 1.2


def first_frame(exe: Path, runs: int) -> list[float]:
    """Seconds from process start to the FIRST_FRAME line, one fresh process per run."""
    times = []
    with tempfile.TemporaryDirectory() as data:
        env = {**os.environ, "TILEHOUSE_DATA_DIR": data}
        if not env.get("DISPLAY") and not env.get("WAYLAND_DISPLAY"):
            env["QT_QPA_PLATFORM"] = "offscreen"
        for _ in range(runs):
            started = time.perf_counter()
            proc = subprocess.Popen([str(exe), "--first-frame"], env=env, stdout=subprocess.PIPE, text=True)
            assert proc.stdout is not None
            for line in proc.stdout:
                if line.startswith("FIRST_FRAME"):
                    times.append(time.perf_counter() - started)
                    break
            if proc.wait(timeout=60) != 0 or len(times) < _ + 1:
                raise SystemExit(f"{exe} --first-frame failed (exit {proc.returncode})")
    return times


def measure(runs: int, rebuild: bool) -> dict[str, object]:
    built_s: dict[str, float] = {}
    for onefile in (False, True):
        if rebuild or not build.executable(onefile).is_file():
            started = time.perf_counter()
            build.build(onefile)
            built_s["onefile" if onefile else "onefolder"] = round(time.perf_counter() - started, 1)
    folder = build.output_dir(False)
    onefolder_mb = build.tree_size(folder) / 1e6
    onefile_mb = build.tree_size(build.executable(True)) / 1e6
    start = first_frame(build.executable(False), runs)
    start_onefile = first_frame(build.executable(True), runs)
    median = statistics.median(start)
    return {
        "onefolder_mb": round(onefolder_mb, 1),
        "onefile_mb": round(onefile_mb, 1),
        "start_s": round(median, 3),
        "start_runs_s": [round(t, 3) for t in start],
        "start_onefile_s": round(statistics.median(start_onefile), 3),
        "build_s": built_s,
        "ok": {
            "onefolder": onefolder_mb <= ONEFOLDER_TARGET_MB,
            "onefile": onefile_mb <= ONEFILE_TARGET_MB,
            "start": median <= START_TARGET_S,
        },
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Sizes and start time of the standalone builds.")
    parser.add_argument("--build", action="store_true", help="rebuild both builds first")
    parser.add_argument("--runs", type=int, default=5, help="fresh processes per start measurement")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    result = measure(args.runs, args.build)
    ok = result["ok"]
    assert isinstance(ok, dict)
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        mark = {True: "ok", False: "MISSED"}
        folder, single = result["onefolder_mb"], result["onefile_mb"]
        print(f"one-folder build: {folder} MB (target <= {ONEFOLDER_TARGET_MB:.0f}) {mark[ok['onefolder']]}")
        print(f"one-file build:   {single} MB (target <= {ONEFILE_TARGET_MB:.0f}) {mark[ok['onefile']]}")
        print(
            f"start to first frame, one folder: {result['start_s']} s median of {args.runs} "
            f"{result['start_runs_s']} (target <= {START_TARGET_S}) {mark[ok['start']]}"
        )
        print(f"start to first frame, one file (for the record): {result['start_onefile_s']} s median")
    return 0 if all(ok.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
