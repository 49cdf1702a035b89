"""The start of the game (pytest-qt, offscreen): what the first frame waits for, and what comes after it.

The app builds its window with ``defer_panels``: the first frame is the window with its menu bar, the
felt and the start panel; the menus' entries, the table's scene, the panels over the table and the
first-run welcome are made right after it, and nothing of them shows, so the window must look the same
before and after.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtGui import QImage
from PySide6.QtWidgets import QGraphicsView

from desktop import fonts, i18n
from desktop.settings import Settings
from desktop.window import MainWindow

ROOT = Path(__file__).resolve().parent.parent
WAIT = 15000


@pytest.fixture
def deferred(qtbot):  # type: ignore[no-untyped-def]
    made: list[MainWindow] = []

    def make(language: str = "en") -> MainWindow:
        fonts.load()
        i18n.install(language)
        w = MainWindow(Settings(ai_pace=0.0, anim_speed=0.0), defer_panels=True)
        qtbot.addWidget(w)
        w.resize(1280, 800)
        made.append(w)
        return w

    yield make
    for w in made:
        w.shutdown()
    i18n.install("en")


def largest_difference(a: QImage, b: QImage) -> int:
    """The largest difference of one colour channel between two pictures of one size (0: the same)."""
    a = a.convertToFormat(QImage.Format.Format_RGB32)
    b = b.convertToFormat(QImage.Format.Format_RGB32)
    da, db = bytes(a.constBits()), bytes(b.constBits())
    if da == db:
        return 0
    return max(abs(x - y) for x, y in zip(da, db, strict=True) if x != y)


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_the_first_frame_is_the_window_that_stays(qtbot, deferred, language) -> None:  # type: ignore[no-untyped-def]
    w = deferred(language)
    seen: dict[str, object] = {}

    def at_first_frame() -> None:  # before anything made after the first frame
        seen["scene"] = w._scene
        seen["panels"] = w._panels
        seen["controller"] = w._controller
        seen["entries"] = sum(len(m.actions()) for m in w._menus)
        seen["menus"] = [a.text() for a in w.menuBar().actions()]
        seen["picture"] = w.grab().toImage()

    w.view.first_frame.connect(at_first_frame)
    w.show()
    w.startup()
    qtbot.waitUntil(lambda: "picture" in seen, timeout=WAIT)
    assert seen["scene"] is None and seen["panels"] is None and seen["controller"] is None  # made after...
    assert seen["entries"] == 0  # (the menus' titles show, their entries come after it)
    qtbot.waitUntil(lambda: None not in (w._scene, w._panels, w._controller), timeout=WAIT)
    assert w.view.scene() is w.scene  # ...the table's scene is the view's
    assert w.view.cacheMode() == QGraphicsView.CacheModeFlag.CacheBackground  # (none in the first frame)
    assert w.controller.autosave_slot is w._autosave_slot  # the autosave claimed before the first frame
    game, view, study = (m.actions() for m in w._menus)
    assert len(game) >= 8 and len(view) == 2 and len(study) == 6
    assert not w.act_new.shortcut().isEmpty() and w.act_practice.isCheckable()
    assert seen["menus"] == [a.text() for a in w.menuBar().actions()] and len(seen["menus"]) >= 3
    if language == "zh_CN":
        assert seen["menus"][0] == "游戏(&G)" and w.welcome.new_button.text() == "新对局…"
    first = seen["picture"]
    assert isinstance(first, QImage)
    if os.environ.get("TILEHOUSE_START_SHOTS"):  # to look at: the first frame
        first.save(os.path.join(os.environ["TILEHOUSE_START_SHOTS"], f"first_frame_{language}.png"))
    after = w.grab().toImage()
    # nothing moved, flickered or changed: at most a rounding of the felt's antialiased edge (its pixels
    # blend in the background's cache, made after the first frame, not straight in the window)
    assert first.size() == after.size() and largest_difference(first, after) <= 2


def test_the_view_set_by_names_is_the_view_qt_would_make(qtbot, deferred) -> None:  # type: ignore[no-untyped-def]
    """The view and the start panel set their Qt enums by name (no ``Qt`` namespace before the first
    frame) and fit the table themselves: the same policies, alignment and scale as ``fitInView``."""
    from PySide6.QtCore import QRectF, Qt
    from PySide6.QtWidgets import QGraphicsScene

    from desktop.table.geometry import SCENE_H, SCENE_W

    w = deferred()
    w.show()
    v = w.view
    assert v.horizontalScrollBarPolicy() == Qt.ScrollBarPolicy.ScrollBarAlwaysOff
    assert v.verticalScrollBarPolicy() == Qt.ScrollBarPolicy.ScrollBarAlwaysOff
    assert v.focusPolicy() == Qt.FocusPolicy.StrongFocus
    assert w.welcome.title.alignment() == Qt.AlignmentFlag.AlignCenter
    for size in ((1280, 800), (1111, 777), (1700, 720), (1024, 1000)):
        w.resize(*size)
        qtbot.waitUntil(lambda s=size: (w.width(), w.height()) == s, timeout=WAIT)
        ref_scene = QGraphicsScene(0, 0, SCENE_W, SCENE_H)
        ref = QGraphicsView(ref_scene)
        ref.setFrameShape(v.frameShape())
        ref.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        ref.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        qtbot.addWidget(ref)
        ref.resize(v.size())
        ref.show()
        qtbot.waitUntil(lambda r=ref: r.viewport().size() == v.size(), timeout=WAIT)
        ref.fitInView(QRectF(0, 0, SCENE_W, SCENE_H), Qt.AspectRatioMode.KeepAspectRatio)
        assert abs(v.transform().m11() - ref.transform().m11()) < 1e-9
        assert v.mapFromScene(0, 0) == ref.mapFromScene(0, 0)
        assert v.mapFromScene(SCENE_W, SCENE_H) == ref.mapFromScene(SCENE_W, SCENE_H)


def test_the_scene_asked_for_before_the_first_frame_is_made_at_once(qtbot, deferred) -> None:  # type: ignore[no-untyped-def]
    w = deferred()
    assert w._scene is None
    scene = w.scene
    assert w.view.scene() is scene and w.scene is scene
    assert scene.anim_speed == 0.0  # it took the settings
    w.show()
    qtbot.waitUntil(lambda: w._panels is not None, timeout=WAIT)
    assert w.view.scene() is scene  # not made twice


def test_a_save_loaded_before_the_first_frame_makes_what_it_needs_at_once(qtbot, deferred) -> None:  # type: ignore[no-untyped-def]
    """``tilehouse --load FILE``: the save is asked for right after ``show()``, before the first frame;
    the controller, the scene, the menus and the panels it needs are made for it, once."""
    w = deferred()
    w.show()
    w.load_path(ROOT / "tests" / "data" / "old_riichi.thsave")
    assert w._controller is not None  # made at once for the load
    qtbot.waitUntil(lambda: w.snap is not None, timeout=WAIT)
    qtbot.waitUntil(lambda: w._panels is not None, timeout=WAIT)
    scene = w.scene
    assert w.view.scene() is scene and scene.hand_items  # the loaded game is on the table
    assert w._menus_filled and w.act_undo is not None
    assert not w.welcome.isVisible()
    qtbot.wait(50)  # the steps after the first frame change nothing of it
    assert w.scene is scene and w.view.scene() is scene


PROBE = """
import json, sys
import desktop.window as window
paint = window.TableView.paintEvent
seen = []
def first_paint(self, event):
    if not seen:
        seen.append(sorted(m for m in sys.modules if m.startswith(("desktop", "engine"))))
        seen.append(self.font().family())
    paint(self, event)
window.TableView.paintEvent = first_paint
from desktop.app import main
code = main(["--first-frame"])
print("MODULES " + json.dumps(seen[0]))
print("FONT " + seen[1])
raise SystemExit(code)
"""


def test_the_first_frame_waits_for_none_of_the_table_modules(qapp, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """The start (``tilehouse``, as the first-frame benchmark starts it) paints its first frame before
    the table's layout, items, animations and scene, the panels, the controller and its worker, the
    first-run welcome, the study tools and the engine's rules are imported (they come right after it).
    The bundled font (Chinese included) is the interface's from the first frame."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "TILEHOUSE_DATA_DIR": str(tmp_path)}
    run = subprocess.run(
        [sys.executable, "-c", PROBE], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )
    assert run.returncode == 0, run.stderr
    line = next(x for x in run.stdout.splitlines() if x.startswith("MODULES "))
    modules = set(json.loads(line.split(" ", 1)[1]))
    assert {"desktop.window", "desktop.table.view", "desktop.i18n", "desktop.settings"} <= modules
    late = {
        "desktop.table.layout",
        "desktop.table.items",
        "desktop.table.animation",
        "desktop.table.scene",
        "desktop.tileart",
        "desktop.panels",
        "desktop.first_run",
        "desktop.controller",
        "desktop.worker",
        "desktop.tools",
        "desktop.record_menu",
        "desktop.session",
        "engine.families.registry",
        "engine.game.actions",
        "engine.rules",
    }
    assert not modules & late, sorted(modules & late)
    font = next(x for x in run.stdout.splitlines() if x.startswith("FONT "))
    assert font == "FONT " + fonts.ui_family()
