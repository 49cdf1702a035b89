"""``tilehouse --demo VARIANT --screenshot FILE`` plays one hand with four AI seats and exits 0."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from desktop.dialogs import playable_families

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("family", playable_families())
def test_demo_writes_a_screenshot_and_exits_0(tmp_path: Path, family: str) -> None:
    shot = tmp_path / f"{family}.png"
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "TILEHOUSE_DATA_DIR": str(tmp_path / "data")}
    run = subprocess.run(
        [sys.executable, "-m", "engine.cli", "--demo", family, "--screenshot", str(shot)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert not (tmp_path / "data" / "saves").exists()  # the demo never touches the autosave


def test_demo_of_an_unknown_family_fails_cleanly(tmp_path: Path) -> None:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "TILEHOUSE_DATA_DIR": str(tmp_path)}
    run = subprocess.run(
        [sys.executable, "-m", "engine.cli", "--demo", "nosuch", "--screenshot", str(tmp_path / "x.png")],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 2 and "nosuch" in run.stderr
