import os
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

SHARED = Path(__file__).resolve().parents[2] / "shared"
MJX = SHARED / "oracles" / "riichi-mjx"


@pytest.fixture(autouse=True)
def _isolated_user_data(tmp_path, monkeypatch):
    """Never read or write the real user data folder from tests."""
    monkeypatch.setenv("TILEHOUSE_DATA_DIR", str(tmp_path / "userdata"))
