"""The build leaves modules out (``installer/buildconfig.py``): the game must run without them. A fresh
interpreter makes every excluded module unimportable, as in the frozen build, then imports every module of
the game and plays the riichi demo to its screenshot."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "installer"))

import buildconfig as cfg  # noqa: E402

BLOCKED_RUN = """
import importlib, importlib.abc, sys
blocked = set(sys.argv[1].split(","))
class Block(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name in blocked or any(name.startswith(b + ".") for b in blocked):
            raise ModuleNotFoundError(f"No module named {name!r} (left out of the build)", name=name)
        return None
loaded = sorted(b for b in blocked if b in sys.modules)
assert not loaded, loaded
sys.meta_path.insert(0, Block())
for name in sys.argv[2].split(","):
    importlib.import_module(name)
import hashlib
assert hashlib.sha256(b"tilehouse").hexdigest().startswith("9d0705a8")  # built-in SHA-256, no OpenSSL
from desktop.app import main
code = main(["--demo", "riichi", "--screenshot", sys.argv[3]])
leaked = sorted(b for b in blocked if b in sys.modules)
assert not leaked, leaked
raise SystemExit(code)
"""


def test_the_game_runs_with_every_excluded_module_blocked(tmp_path: Path) -> None:
    pytest.importorskip("PySide6")
    import PySide6

    blocked = cfg.excluded_modules(Path(PySide6.__file__).parent)
    assert "_hashlib" in blocked and "PySide6.QtNetwork" in blocked
    shot = tmp_path / "riichi.png"
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "TILEHOUSE_DATA_DIR": str(tmp_path / "data")}
    run = subprocess.run(
        [sys.executable, "-c", BLOCKED_RUN, ",".join(blocked), ",".join(cfg.source_modules()), str(shot)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-4000:]
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
