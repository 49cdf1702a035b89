"""The first start (pytest-qt, offscreen): the welcome asks for the language, points to the rule book and
starts a first practice game; it is remembered in the settings, and skipped in demos and tests."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtGui import QGuiApplication

from desktop import first_run, i18n
from desktop.settings import Settings

ROOT = Path(__file__).resolve().parent.parent
WAIT = 15000


@pytest.fixture
def window(main_window):  # type: ignore[no-untyped-def]
    w = main_window(show=False, language="en")
    yield w
    i18n.install("en")
    first_run.retranslate_window(w)


@pytest.fixture
def asked(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(first_run.FIRST_RUN_ENV, "1")


def test_when_the_welcome_shows(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    settings_file = tmp_path / "settings.json"
    monkeypatch.delenv(first_run.FIRST_RUN_ENV, raising=False)
    assert not first_run.wanted(settings_file)  # under pytest: only when asked
    monkeypatch.delenv("PYTEST_CURRENT_TEST")
    assert first_run.wanted(settings_file)  # a first start: no settings yet
    assert not first_run.wanted(settings_file, ask=False)  # --demo, --first-frame
    settings_file.write_text("{}")
    assert not first_run.wanted(settings_file)  # shown once
    monkeypatch.setenv(first_run.FIRST_RUN_ENV, "1")
    assert first_run.wanted(settings_file)
    assert not first_run.wanted(settings_file, ask=False)
    monkeypatch.setenv(first_run.FIRST_RUN_ENV, "0")
    settings_file.unlink()
    assert not first_run.wanted(settings_file)


def test_attach_sets_the_icon_and_desktop_name_and_skips_the_welcome_in_tests(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    assert first_run.attach(window) is None
    assert first_run.attach(window, ask=False) is None
    assert not QGuiApplication.windowIcon().isNull()
    assert QGuiApplication.desktopFileName() == "tilehouse"


def test_the_welcome_opens_after_the_first_frame(qtbot, window, asked) -> None:  # type: ignore[no-untyped-def]
    dialog = first_run.attach(window)
    assert dialog is not None and not dialog.isVisible()
    window.show()
    window.startup()
    qtbot.waitUntil(dialog.isVisible, timeout=WAIT)
    assert not dialog.isModal() and dialog.parent() is window  # the book it opens takes the mouse
    assert dialog.language.currentData() == "en"
    assert dialog.title.text() == "Welcome to Tilehouse"
    assert dialog.rule_book_button.isEnabled()
    dialog.reject()
    assert not Settings.path().is_file() or Settings.load().language == "en"


def test_choosing_chinese_switches_the_dialog_and_the_window_and_is_remembered(qtbot, window, asked) -> None:  # type: ignore[no-untyped-def]
    assert not Settings.path().exists()
    window.show()
    dialog = first_run.attach(window)
    assert dialog is not None
    qtbot.waitUntil(dialog.isVisible, timeout=WAIT)
    dialog.language.setCurrentIndex(dialog.language.findData("zh_CN"))
    assert i18n.language() == "zh_CN"
    assert dialog.title.text() == "欢迎来到麻将馆 Tilehouse"
    assert dialog.practice_button.text() == "开始练习对局"
    assert dialog.family.currentText() == i18n.family_name("riichi")
    assert window.menuBar().actions()[0].text() == "游戏(&G)"
    assert window.welcome.quick_button.text() == "快速开局"
    dialog.later_button.click()
    assert not dialog.isVisible()
    assert Settings.path().is_file()
    assert Settings.load().language == "zh_CN"
    os.environ.pop(first_run.FIRST_RUN_ENV)
    assert not first_run.wanted(Settings.path())  # once


def test_the_rule_book_shows_each_family_page(qtbot, window, asked) -> None:  # type: ignore[no-untyped-def]
    window.show()
    dialog = first_run.attach(window)
    assert dialog is not None
    qtbot.waitUntil(dialog.isVisible, timeout=WAIT)
    pages = first_run.rule_book_pages()
    assert pages, "resources/rulebook has no page"
    family = list(pages)[-1]
    dialog.family.setCurrentIndex(dialog.family.findData(family))
    dialog.rule_book_button.click()
    book = dialog.book  # the game's own rule book window, opened at the chosen family
    assert book is not None and book.isVisible()
    assert book.tabs.count() == len(pages)
    assert book.tabs.currentWidget() is book.views[family]
    assert book.views[family].toPlainText().strip()
    book.close()
    dialog.reject()


def test_the_rule_book_opened_from_the_welcome_takes_the_mouse(qtbot, window, asked) -> None:  # type: ignore[no-untyped-def]
    """The welcome invites the player to read the rule book before a first game: the book it opens must
    not be blocked by the welcome (seen under Xvfb: a modal welcome left the book unclickable)."""
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    window.show()
    dialog = first_run.attach(window)
    assert dialog is not None
    qtbot.waitUntil(dialog.isVisible, timeout=WAIT)
    dialog.rule_book_button.click()
    book = dialog.book
    assert book is not None
    qtbot.waitUntil(book.isVisible, timeout=WAIT)
    bar = book.tabs.tabBar()
    other = (book.tabs.currentIndex() + 1) % book.tabs.count()
    # through the book's window, as the window system delivers a click (a blocked window drops it)
    at = bar.mapTo(book, bar.tabRect(other).center())
    handle = book.windowHandle()
    assert handle is not None
    QTest.mouseClick(handle, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, at)
    qtbot.waitUntil(lambda: book.tabs.currentIndex() == other, timeout=WAIT)
    assert dialog.isVisible()  # the welcome stays for the first game after reading
    book.close()
    dialog.reject()


def test_a_first_practice_game_starts_from_the_welcome(qtbot, window, asked) -> None:  # type: ignore[no-untyped-def]
    window.show()
    window.startup()
    dialog = first_run.attach(window)
    assert dialog is not None
    qtbot.waitUntil(dialog.isVisible, timeout=WAIT)
    dialog.family.setCurrentIndex(dialog.family.findData("sichuan"))
    dialog.practice_button.click()
    assert not dialog.isVisible() and dialog.started_practice
    qtbot.waitUntil(lambda: window.snap is not None, timeout=WAIT)
    assert window.snap is not None
    assert window.snap.family == "sichuan" and window.snap.practice and window.snap.human_seat == 0
    assert window.settings.practice_panel and window.act_practice.isChecked()
    assert not window.welcome.isVisible()
    assert Settings.path().is_file()


def test_demo_and_benchmark_runs_never_show_it(tmp_path: Path) -> None:
    """Forced on, a --first-frame run still exits by itself at the first frame: no welcome blocks it."""
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "TILEHOUSE_DATA_DIR": str(tmp_path / "data"),
        first_run.FIRST_RUN_ENV: "1",
    }
    env.pop("PYTEST_CURRENT_TEST", None)
    code = "from desktop.app import main; raise SystemExit(main(['--first-frame']))"
    run = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60
    )
    assert run.returncode == 0, run.stderr
    assert "FIRST_FRAME" in run.stdout


def test_the_window_fits_a_small_screen(qtbot) -> None:  # type: ignore[no-untyped-def]
    """Started at the default 1440×900 (or a size saved on a bigger screen), the window shrinks to
    the screen's free area rather than hang off its edges; a window that fits keeps its size."""
    from PySide6.QtWidgets import QMainWindow

    from desktop.screen_fit import fit_to_screen

    w = QMainWindow()
    qtbot.addWidget(w)
    free = w.screen().availableGeometry()
    w.resize(free.width() + 600, free.height() + 400)
    fit_to_screen(w)
    assert w.width() <= max(640, free.width()) and w.height() <= max(480, free.height())
    w.resize(640, 480)
    fit_to_screen(w)
    assert (w.width(), w.height()) == (640, 480)
