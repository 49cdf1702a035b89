"""Benchmark: start to first frame of the table against a minimal PySide6 window, in the same run.

    .venv/bin/python bench/bench_first_frame.py [--runs 7] [--imports 15] [--json]

Each run is a fresh ``python`` process from source (as ``bench/bench_desktop.py`` starts the table:
``desktop.app.main(['--first-frame'])``, which prints when the table view has painted its first frame),
alternating with a fresh process that opens a minimal PySide6 window of the same size (a ``QWidget``
that prints at its first paint). Reported: the median start-to-first-frame time of each and their ratio
(target: the table within 1.5x of the minimal window), and each process's peak resident memory at exit
(``ru_maxrss``). ``--imports N`` also lists the N modules whose import (with what they import) costs
the table's process most (``python -X importtime``), the candidates for trimming the start.

Bytecode: the headline runs are normal Python starts, which read the modules' cached bytecode
(``__pycache__``, written by the uncounted first start of each kind, as by any first start of the game
from source; an installed game has it from pip, the standalone build from PyInstaller), whatever
``PYTHONDONTWRITEBYTECODE`` says in the calling environment. ``--compiled N`` also measures N runs of
each with no cached bytecode at all (``PYTHONPYCACHEPREFIX`` an empty folder, nothing written), where
every module, the standard library's and PySide6's too, is compiled at each start.

Offscreen unless a display is set. The last line is a JSON summary (``bench/report.py`` reads it).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

PEAK = "import atexit, resource; atexit.register(lambda: print('PEAK_KB', resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, flush=True))\n"  # noqa: E501
TABLE = PEAK + "from desktop.app import main; raise SystemExit(main(['--first-frame']))\n"
MINIMAL = (
    PEAK
    + """
from PySide6.QtWidgets import QApplication, QWidget
app = QApplication([])
class Window(QWidget):
    def paintEvent(self, event):
        print("FIRST_FRAME", flush=True)
        app.exit(0)
window = Window()
window.resize(1440, 900)
window.show()
raise SystemExit(app.exec())
"""
)


def _env(data: str, pycache: str | None = None) -> dict[str, str]:
    """The processes' environment: bytecode cached as usual, or (``pycache``: an empty folder) none."""
    env = {**os.environ, "TILEHOUSE_DATA_DIR": data}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env.pop("PYTHONPYCACHEPREFIX", None)
    if pycache is not None:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
        env["PYTHONPYCACHEPREFIX"] = pycache
    if not env.get("DISPLAY"):
        env["QT_QPA_PLATFORM"] = "offscreen"
    return env


def one_run(code: str, env: dict[str, str]) -> tuple[float, int]:
    """(seconds from start to the first frame, peak resident KiB) of a fresh process running ``code``."""
    started = time.perf_counter()
    command = [sys.executable, "-c", code]
    proc = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    frame = -1.0
    peak = -1
    for line in proc.stdout:
        if line.startswith("FIRST_FRAME") and frame < 0:
            frame = time.perf_counter() - started
        elif line.startswith("PEAK_KB"):
            peak = int(line.split()[1])
    proc.wait(timeout=60)
    if frame < 0:
        raise RuntimeError(f"no first frame (exit {proc.returncode})")
    return frame, peak


def top_imports(env: dict[str, str], count: int) -> list[dict[str, Any]]:
    """The modules with the largest cumulative import time in the table's process."""
    run = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", TABLE],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    rows = []
    for line in run.stderr.splitlines():
        m = re.match(r"import time:\s+(\d+) \|\s+(\d+) \|(\s*)(\S+)", line)
        if m:
            depth = len(m.group(3))
            rows.append({"module": m.group(4), "cumulative_ms": int(m.group(2)) / 1000, "depth": depth})
    top = [r for r in rows if r["depth"] <= 3]  # top-level imports and the ones right under them
    top.sort(key=lambda r: -r["cumulative_ms"])
    return top[:count]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--imports", type=int, default=0, help="list the N costliest imports of the table")
    parser.add_argument("--compiled", type=int, default=0, help="also N runs each with no cached bytecode")
    parser.add_argument("--json", action="store_true", help="print only the JSON summary")
    args = parser.parse_args()
    say = (lambda *a: None) if args.json else print
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else -1.0
    table: list[tuple[float, int]] = []
    minimal: list[tuple[float, int]] = []
    with tempfile.TemporaryDirectory() as data:
        env = _env(data)
        one_run(MINIMAL, env)  # the first start of all pays for the disk cache: not counted
        one_run(TABLE, env)
        for _ in range(args.runs):
            minimal.append(one_run(MINIMAL, env))
            table.append(one_run(TABLE, env))
        imports = top_imports(env, args.imports) if args.imports else []
        compiled: dict[str, Any] | None = None
        if args.compiled:
            with tempfile.TemporaryDirectory() as empty:
                cold = _env(data, empty)
                c_table: list[float] = []
                c_minimal: list[float] = []
                for _ in range(args.compiled):
                    c_minimal.append(one_run(MINIMAL, cold)[0])
                    c_table.append(one_run(TABLE, cold)[0])
            ct, cm = statistics.median(c_table), statistics.median(c_minimal)
            compiled = {"runs": args.compiled, "table_s": round(ct, 3), "minimal_s": round(cm, 3)}
            compiled["ratio"] = round(ct / cm, 2)
    t = statistics.median(x for x, _ in table)
    m = statistics.median(x for x, _ in minimal)
    t_peak = max(p for _, p in table) / 1024
    m_peak = max(p for _, p in minimal) / 1024
    say(f"load average {load:.1f}, {args.runs} runs each, offscreen={not os.environ.get('DISPLAY')}")
    say(f"table, start to first frame:          median {t:.3f} s  (peak memory {t_peak:.0f} MiB)")
    say(f"minimal PySide6 window, first frame:  median {m:.3f} s  (peak memory {m_peak:.0f} MiB)")
    say(f"ratio {t / m:.2f} (target <= 1.5); memory ratio {t_peak / m_peak:.2f}")
    if compiled is not None:
        say(
            f"no cached bytecode ({compiled['runs']} runs each): table {compiled['table_s']:.3f} s, minimal"
            f" window {compiled['minimal_s']:.3f} s, ratio {compiled['ratio']:.2f}"
        )
    for row in imports:
        say(f"  import {row['module']:40s} {row['cumulative_ms']:7.1f} ms (depth {row['depth']})")
    print(
        json.dumps(
            {
                "bench": "first_frame",
                "load_average": round(load, 2),
                "runs": args.runs,
                "table_s": round(t, 3),
                "minimal_s": round(m, 3),
                "ratio": round(t / m, 2),
                "table_peak_mib": round(t_peak, 1),
                "minimal_peak_mib": round(m_peak, 1),
                "bytecode": "cached",
                "compiled": compiled,
                "imports": imports,
            }
        )
    )


if __name__ == "__main__":
    main()
