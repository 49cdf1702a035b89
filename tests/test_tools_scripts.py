"""The set-up scripts share one table of Qt's system libraries (``tools/qt-deps.sh``)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TOOLS = ROOT / "tools"


@pytest.mark.parametrize("script", ["play.sh", "test.sh"])
def test_scripts_source_the_shared_table_and_keep_no_copy(script: str) -> None:
    text = (TOOLS / script).read_text(encoding="utf-8")
    assert ". tools/qt-deps.sh" in text
    assert "qt_system_libs" in text
    assert "libxcb-cursor" not in text and "libegl1" not in text  # no second copy of the table


@pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")
def test_debian_package_names() -> None:
    libs = ["libEGL.so.1", "libxcb-cursor.so.0", "libxcb-sync.so.1", "libgthread-2.0.so.0", "libnope.so.1"]
    loop = '; do echo "$lib=$(qt_deb_package $lib)"; done'
    script = ". tools/qt-deps.sh; for lib in " + " ".join(libs) + loop
    out = subprocess.run(["bash", "-c", script], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    assert out.split() == [
        "libEGL.so.1=libegl1",
        "libxcb-cursor.so.0=libxcb-cursor0",
        "libxcb-sync.so.1=libxcb-sync1",
        "libgthread-2.0.so.0=libglib2.0-0",
        "libnope.so.1=",
    ]
