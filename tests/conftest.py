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


@pytest.fixture
def main_window(qtbot):
    """Builds the table's main window for a test — AI and animations instant, ``settings`` on
    top — and shuts every window it built down afterwards."""
    from desktop import fonts, i18n
    from desktop.settings import Settings
    from desktop.window import MainWindow

    made = []

    def make(size=(1280, 800), show=True, language=None, **settings):
        fonts.load()
        if language:
            i18n.install(language)
        w = MainWindow(Settings(**{"ai_pace": 0.0, "anim_speed": 0.0, **settings}))
        qtbot.addWidget(w)
        if size:
            w.resize(*size)
        if show:
            w.show()
        made.append(w)
        return w

    yield make
    for w in made:
        w.shutdown()
    i18n.install("en")  # a test in Chinese leaves the next one in English
