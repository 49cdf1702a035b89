"""The table scene paints without Python, scales its pictures with the view, and animates the Lingxi
dice and the 财神 reveal at the speed set; the settlement is built in steps."""

from __future__ import annotations

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtWidgets import QGraphicsPixmapItem, QGraphicsRectItem, QGraphicsSimpleTextItem, QGraphicsView

from desktop import fonts
from desktop.scene import Dice, TableModel, TableScene, TileItem
from engine.game.game import Game
from engine.rules import default_ruleset
from engine.tiles import kind_of


def model_for(family: str, seed: str = "sc1", steps: int = 0) -> TableModel:
    game = Game(default_ruleset(family), seed=seed)
    from engine.agents.simple import SimpleAgent

    for i in range(steps):
        seat = game.pending()[0]
        game.apply(SimpleAgent(f"{i}").choose(game.observation(seat), game.legal_actions(seat)))
    return TableModel(
        obs=game.observation(0), viewer=0, family=family, human=False, names=["a", "b", "c", "d"]
    )


@pytest.fixture
def scene(qapp):  # type: ignore[no-untyped-def]
    fonts.load()
    s = TableScene()
    s.anim_speed = 0.0
    yield s
    s.clear()


@pytest.mark.parametrize("family", ["riichi", "sichuan", "lingxi"])
def test_no_item_paints_in_python(scene, family) -> None:  # type: ignore[no-untyped-def]
    scene.show_model(model_for(family, steps=30))
    items = scene.items()
    assert len(items) > 60
    for item in items:
        assert isinstance(item, (QGraphicsPixmapItem, QGraphicsRectItem, QGraphicsSimpleTextItem)), type(item)
        for cls in type(item).__mro__:
            if cls.__module__.startswith("desktop"):
                assert "paint" not in vars(cls) and "boundingRect" not in vars(cls), cls


def test_pictures_follow_the_view_scale(qtbot, scene) -> None:  # type: ignore[no-untyped-def]
    from desktop.window import TableView

    view = TableView(scene)
    qtbot.addWidget(view)
    view.resize(800, 500)
    view.show()
    qtbot.waitExposed(view)
    scene.show_model(model_for("riichi", steps=12))
    small = scene.px
    assert small < 0.9
    tiles = [i for i in scene.items() if isinstance(i, TileItem)]

    def drawn_at(t: TileItem, px: float) -> bool:  # a picture of the tile's size in device pixels
        return abs(t.pixmap().width() - t.w * px) <= 1 and abs(t.pixmap().height() - t.h * px) <= 1

    assert all(drawn_at(t, small) for t in tiles)
    view.resize(1600, 1000)
    qtbot.waitUntil(lambda: scene.px > small * 1.5, timeout=2000)
    qtbot.wait(20)
    assert all(drawn_at(t, scene.px) for t in tiles)
    # the picture stays the tile's size in the scene
    t = tiles[0]
    assert abs(t.boundingRect().width() - t.w) < 1.0 and abs(t.boundingRect().height() - t.h) < 1.0


def test_the_lingxi_dice_roll_and_the_caishen_are_revealed(qtbot, scene) -> None:  # type: ignore[no-untyped-def]
    scene.anim_speed = 0.3
    model = model_for("lingxi")
    scene.show_model(model)
    assert scene.reveal_running() and scene.hold_ms() > 0
    dice = [i for i in scene._corner_items if isinstance(i, Dice)]
    shown = [i for i in scene._corner_items if isinstance(i, TileItem) and i.state == 0]
    assert len(dice) == 4 and len(shown) == 2
    assert all(t.kind is None for t in shown)  # face down until they turn over
    scene.show_model(model)  # the game goes on: the reveal is not restarted nor cut
    assert scene.reveal_running()
    qtbot.waitUntil(lambda: not scene.reveal_running(), timeout=5000)
    values = [v for pair in (model.obs["dice"]["first"], model.obs["dice"]["second"]) for v in pair]
    assert [d.value for d in dice] == values and all(d.rotation() == 0 for d in dice)
    assert [t.kind for t in shown] == [kind_of(t.tile) for t in shown]
    assert all(t.kind is not None and t.transform().isIdentity() for t in shown)
    assert scene.hold_ms() == 0


def test_no_reveal_without_animations_nor_in_the_middle_of_a_hand(scene) -> None:  # type: ignore[no-untyped-def]
    scene.show_model(model_for("lingxi"))
    assert not scene.reveal_running() and scene.hold_ms() == 0
    scene.anim_speed = 1.0
    scene._hand_key = None
    scene.show_model(model_for("lingxi", steps=12))  # a loaded game: discards on the table
    assert not scene.reveal_running()


def test_the_settlement_is_built_in_steps(qtbot, qapp) -> None:  # type: ignore[no-untyped-def]
    from desktop.panels import SettlementPanel
    from desktop.session import GameSession
    from desktop.storage import Setup

    session = GameSession.new(default_ruleset("riichi"), Setup(human_seat=None), "st1")
    while session._pending_result is None:
        session.ai_step()
    result, before = session.take_result()  # type: ignore[misc]
    host = QGraphicsView()
    qtbot.addWidget(host)
    host.resize(1200, 800)
    host.show()
    panel = SettlementPanel(host)
    panel.show_result(
        result, before, ["a", "b", "c", "d"], "riichi", red_fives=True, dpr=1.0, final=False, standings=None
    )
    assert panel.isVisible() and panel.title and panel.building()
    qtbot.waitUntil(lambda: not panel.building(), timeout=3000)
    qtbot.wait(30)
    assert panel.height() >= 360
    assert not panel.scroll.verticalScrollBar().isVisible()  # sized for all it shows
    other = SettlementPanel(host)
    other.finish()  # nothing to build: harmless
    other.show_result(
        result, before, ["a", "b", "c", "d"], "riichi", red_fives=True, dpr=1.0, final=False, standings=None
    )
    other.finish()
    assert not other.building() and other.body.count() == panel.body.count() > 3
