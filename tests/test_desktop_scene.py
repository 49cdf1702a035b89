"""The table scene (desktop.table) with real Qt items, offscreen: it paints without Python, puts every
placement of the layout on an item, reuses items between renders, scales its pictures with the view,
takes the hand's input, flashes call words in the family's vocabulary and animates the set-up dice and
the 财神 reveal at the speed set."""

from __future__ import annotations

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QGraphicsPixmapItem, QGraphicsRectItem, QGraphicsSimpleTextItem, QGraphicsView

from desktop import fonts, i18n, tileart
from desktop.table import (
    CENTER,
    DROP_LINE,
    HAND_Y,
    SCENE_H,
    SCENE_W,
    TableModel,
    TableScene,
    TileItem,
)
from desktop.table import layout as layout_module
from desktop.table.items import Dice, Label
from desktop.table.layout import to_scene
from engine.agents.simple import SimpleAgent
from engine.families.registry import get_family
from engine.game.actions import ActionType
from engine.game.events import Event
from engine.game.game import Game
from engine.game.observation import Observation
from engine.rules import default_ruleset
from engine.tiles import kind_of


def observe(family: str, seed: str = "sc1", steps: int = 0, viewer: int = 0) -> Observation:
    game = Game(default_ruleset(family), seed=seed)
    for i in range(steps):
        seat = game.pending()[0]
        game.apply(SimpleAgent(f"{i}").choose(game.observation(seat), game.legal_actions(seat)))
    return game.observation(viewer)


def model_for(family: str, seed: str = "sc1", steps: int = 0, **kw: object) -> TableModel:
    rules = default_ruleset(family)
    spec = get_family(family)
    kw.setdefault("human", False)
    return TableModel(
        obs=observe(family, seed, steps),
        viewer=0,
        spec=spec,
        red_tiles=spec.red_tiles(rules),
        rules=rules,
        names=["a", "b", "c", "d"],
        **kw,  # type: ignore[arg-type]
    )


def human_model(family: str = "riichi", steps: int = 12, **kw: object) -> TableModel:
    """The bottom seat is a person on its turn; every tile but the first may be discarded."""
    game = Game(default_ruleset(family), seed="sc1")
    agent = SimpleAgent("h")
    for _ in range(steps):
        seat = game.pending()[0]
        game.apply(agent.choose(game.observation(seat), game.legal_actions(seat)))
    while not (game.pending() == [0] and game.observation(0).me.drawn is not None):
        seat = game.pending()[0]
        game.apply(agent.choose(game.observation(seat), game.legal_actions(seat)))
    obs = game.observation(0)
    hand = sorted(obs.me.hand or ())
    kw.setdefault("allowed", {t: i > 0 for i, t in enumerate(hand)})
    kw.setdefault("reasons", {hand[0]: "not this one"})
    spec = get_family(family)
    return TableModel(obs=obs, viewer=0, spec=spec, names=["a", "b", "c", "d"], **kw)  # type: ignore[arg-type]


class View(QGraphicsView):
    """A view that tells the scene when it was resized (as the window's TableView does)."""

    resized = Signal()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.fitInView(QRectF(0, 0, SCENE_W, SCENE_H), Qt.AspectRatioMode.KeepAspectRatio)
        self.resized.emit()


@pytest.fixture
def scene(qapp):  # type: ignore[no-untyped-def]
    fonts.load()
    s = TableScene()
    s.anim_speed = 0.0
    yield s
    s._clear_corner()  # a reveal still playing would turn tiles the clear deletes
    s._anims.stop()
    s.clear()


def table_tiles(scene: TableScene) -> list[TileItem]:
    """The visible tile items of the table (not the corner's)."""
    corner = set(map(id, scene._corner_items))
    return [i for i in scene.items() if isinstance(i, TileItem) and i.isVisible() and id(i) not in corner]


def test_the_package_exports_what_the_window_imports() -> None:
    assert (SCENE_W, SCENE_H) == (1600.0, 1000.0) and QPointF(800, 452) == CENTER
    assert DROP_LINE < HAND_Y


def test_the_layout_states_are_the_painters() -> None:
    assert {s.name: s.value for s in layout_module.TileState} == {s.name: s.value for s in tileart.TileState}


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


@pytest.mark.parametrize(
    ("family", "steps"), [("riichi", 40), ("sichuan", 40), ("lingxi", 40), ("riichi", 0)]
)
def test_every_placement_is_an_item_in_its_place(scene, family, steps) -> None:  # type: ignore[no-untyped-def]
    scene.show_model(model_for(family, steps=steps))
    placements = [p for p in scene.table.tiles() if p.role not in ("dora", "wild_shown", "wild")]
    items = table_tiles(scene)
    assert len(items) == len(placements)

    def item_where(i: TileItem) -> tuple[float, float, float, float]:
        r = i.sceneBoundingRect()
        return (r.left(), r.top(), r.right(), r.bottom())

    # a picture is whole device pixels: its rectangle is the placement's within a pixel
    for placed, item in zip(
        sorted(p.scene_bounds() for p in placements), sorted(map(item_where, items)), strict=True
    ):
        assert placed == pytest.approx(item, abs=1.0)
    corner = [i for i in scene._corner_items if isinstance(i, TileItem)]
    assert len(corner) == len(list(scene.table.corner.tiles()))
    assert len([i for i in scene._corner_items if isinstance(i, Dice)]) == len(scene.table.corner.dice)


def test_items_are_reused_between_renders(scene) -> None:  # type: ignore[no-untyped-def]
    model = model_for("riichi", steps=20)
    scene.show_model(model)
    before = {id(i) for i in table_tiles(scene)}
    scene.show_model(model)
    assert {id(i) for i in table_tiles(scene)} == before
    # a new hand: the ponds empty, their items are kept hidden for later
    scene.show_model(model_for("riichi", steps=0))
    assert sum(len(v) for v in scene._spare.values()) > 0
    count = len(scene.items())
    scene.show_model(model_for("riichi", steps=20))
    assert len(scene.items()) <= count + 8  # the spares came back instead of new items


def test_the_labels_and_the_centre_box_have_words(scene) -> None:  # type: ignore[no-untyped-def]
    scene.show_model(model_for("riichi", steps=0))
    labels = [i.text for i in scene.items() if isinstance(i, Label)]
    assert any("Dealer" in t for t in labels) and any(t == "Dora indicators" for t in labels)
    assert "honba" in scene.backdrop.info["sub"] and scene.backdrop.info["wall"].startswith("Wall")
    scene.show_model(model_for("sichuan", steps=0))
    assert scene.backdrop.info["sub"] == i18n.family_name("sichuan")
    assert scene.backdrop.info["round"] == "Hand 1"
    assert any(i.text.startswith("Dealer throws ") for i in scene.items() if isinstance(i, Label))


def test_the_lingxi_ritual_is_in_words(scene) -> None:  # type: ignore[no-untyped-def]
    """Who threw each pair of dice and the totals, where the 财神 stack stood and the reserve, from
    the observation's dice and wall."""
    model = model_for("lingxi", steps=0)
    obs = model.obs
    assert obs.wall is not None
    scene.show_model(model)
    texts = [i.text for i in scene.items() if isinstance(i, Label)]
    first, second = obs.dice
    winds = ("East", "South", "West", "North")
    who = winds[(obs.seats[second.roller].wind - 27) % 4]
    throws = f"Dealer throws {first.total} → {who} throws {second.total}: {first.total + second.total} stacks"
    assert throws in texts, texts
    owner = winds[(obs.seats[obs.wall.break_wall].wind - 27) % 4]
    assert f"财神: {owner}'s wall, stack {obs.wall.break_stack}" in texts
    assert "Reserve: 10 stacks (one more for each kong)" in texts
    # the walls: 72 stacks around the centre box, the 财神 stack among them, a break mark
    stacks = [i for i in scene.items() if i.data(0) is not None and i.data(0)[0] == "stack"]
    assert len(stacks) == 73


def test_pictures_follow_the_view_scale(qtbot, scene) -> None:  # type: ignore[no-untyped-def]
    view = View(scene)
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


# ── input ─────────────────────────────────────────────────────────────────────────────────────
def test_clicks_discard_or_refuse(qtbot, scene) -> None:  # type: ignore[no-untyped-def]
    model = human_model()
    scene.show_model(model)
    assert len(scene.hand_items) == len(model.obs.me.hand or ())
    first, second = scene.hand_items[0], scene.hand_items[1]
    assert not first.allowed and second.allowed
    assert first.state & tileart.TileState.DISABLED
    with qtbot.waitSignal(scene.discard_requested) as got:
        scene.clicked(second)
    assert got.args == [second.tile]
    with qtbot.waitSignal(scene.refused) as why:
        scene.clicked(first)
    assert why.args == ["not this one"]
    scene.double_click_mode = True
    with qtbot.assertNotEmitted(scene.discard_requested):
        scene.clicked(second)
    with qtbot.waitSignal(scene.discard_requested):
        scene.double_clicked(second)
    with qtbot.waitSignal(scene.discard_requested):
        scene.dropped(second)
    with qtbot.waitSignal(scene.refused):
        scene.dropped(first)
    assert first.pos() == first.home


def test_a_real_click_on_a_hand_tile(qtbot, scene) -> None:  # type: ignore[no-untyped-def]
    view = View(scene)
    qtbot.addWidget(view)
    view.resize(1600, 1000)
    view.show()
    qtbot.waitExposed(view)
    scene.show_model(human_model())
    item = scene.hand_items[3]
    at = view.mapFromScene(item.sceneBoundingRect().center())
    with qtbot.waitSignal(scene.discard_requested) as got:
        qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=at)
    assert got.args == [item.tile]


def test_the_keyboard_cursor(qtbot, scene) -> None:  # type: ignore[no-untyped-def]
    scene.show_model(human_model())
    with qtbot.waitSignal(scene.selection_changed):
        scene.move_cursor(1)
    assert scene.cursor == 0
    item = scene.hand_items[0]
    assert item.state & tileart.TileState.SELECTED and item.pos().y() == item.home.y() - 12
    with qtbot.waitSignal(scene.refused):
        scene.activate_cursor()  # the first tile may not be discarded
    scene.move_cursor(-1)
    assert scene.cursor == len(scene.hand_items) - 1
    with qtbot.waitSignal(scene.discard_requested) as got:
        scene.activate_cursor()
    assert got.args == [scene.hand_items[-1].tile]
    assert scene.hand_tile_at(got.args[0]) is scene.hand_items[-1]
    assert scene.hand_tile_at(-5) is None


def test_exchange_mode_chooses_any_tile(qtbot, scene) -> None:  # type: ignore[no-untyped-def]
    obs = observe("sichuan")
    hand = list(obs.me.hand or ())
    model = TableModel(
        obs=obs, viewer=0, spec=get_family("sichuan"), select_mode="exchange", chosen=set(hand[:2])
    )
    scene.show_model(model)
    chosen = [i for i in scene.hand_items if i.tile in model.chosen]
    assert len(chosen) == 2 and all(i.pos().y() == i.home.y() - 14 for i in chosen)
    with qtbot.waitSignal(scene.discard_requested) as got:
        scene.clicked(scene.hand_items[5])
    assert got.args == [scene.hand_items[5].tile]


def test_hand_items_are_kept_while_the_tile_stays(scene) -> None:  # type: ignore[no-untyped-def]
    model = human_model()
    scene.show_model(model)
    before = {i.tile: i for i in scene.hand_items}
    scene.show_model(model)
    assert all(before[i.tile] is i for i in scene.hand_items)


# ── animations ────────────────────────────────────────────────────────────────────────────────
def flash_words(scene: TableScene) -> list[str]:
    return [i.text for i in scene._dynamic if isinstance(i, Label)]


def test_call_words_speak_the_familys_vocabulary(scene) -> None:  # type: ignore[no-untyped-def]
    scene.anim_speed = 1.0
    scene.show_model(model_for("riichi", steps=10), [Event("call", 1, {"meld": {"type": "pon"}})])
    assert flash_words(scene) == [i18n.call_label("pon", "japanese")] and scene.animations_running()
    scene.show_model(model_for("sichuan", steps=10), [Event("call", 2, {"meld": {"type": "pon"}})])
    assert flash_words(scene) == [i18n.call_label("pon", "chinese")]
    win = Event("win", 3, {"wins": [{"seat": 1, "from": 3}, {"seat": 2, "from": 3}]})
    scene.show_model(model_for("sichuan", steps=10), [win])
    assert flash_words(scene) == [i18n.call_label("ron", "chinese")] * 2
    riichi = Event("discard", 0, {"tile": 5, "tsumogiri": False, "riichi": True})
    scene.show_model(model_for("riichi", steps=10), [riichi, Event("riichi", 0, {})])
    assert flash_words(scene) == [i18n.call_label("riichi", "japanese")]
    scene.anim_speed = 0.0
    scene.show_model(model_for("riichi", steps=10), [riichi])
    assert flash_words(scene) == [] and not scene.animations_running()


def test_a_discard_slides_into_its_pond(qtbot, scene) -> None:  # type: ignore[no-untyped-def]
    model = model_for("riichi", steps=9)
    seat, tile = next((s.seat, s.pond[-1].tile) for s in model.obs.seats if s.pond)
    scene.anim_speed = 1.0
    scene.show_model(model, [Event("discard", seat, {"tile": tile, "tsumogiri": False, "riichi": False})])
    item = scene._pond_items[(seat, tile)]
    placed = next(p for p in scene.table.seat(seat).pond if p.tile == tile)
    assert scene.animations_running()
    qtbot.wait(40)
    assert item.pos() != QPointF(placed.x, placed.y)  # on its way from the seat
    qtbot.waitUntil(lambda: not scene.animations_running(), timeout=3000)
    assert item.pos() == QPointF(placed.x, placed.y)


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
    values = [v for roll in model.obs.dice for v in roll.values]
    assert [d.value for d in dice] == values and all(d.rotation() == 0 for d in dice)
    assert [t.kind for t in shown] == [kind_of(t.tile) for t in shown if t.tile is not None]
    assert all(t.kind is not None and t.transform().isIdentity() for t in shown)
    assert scene.hold_ms() == 0


def test_no_reveal_without_animations_nor_in_the_middle_of_a_hand(scene) -> None:  # type: ignore[no-untyped-def]
    scene.show_model(model_for("lingxi"))
    assert not scene.reveal_running() and scene.hold_ms() == 0
    scene.anim_speed = 1.0
    scene._hand_key = None
    scene.show_model(model_for("lingxi", steps=12))  # a loaded game: discards on the table
    assert not scene.reveal_running()


def test_warm_up_paints_the_familys_kinds(scene) -> None:  # type: ignore[no-untyped-def]
    faces = 7  # pictures per face: a back first, then seven sizes and states of each face

    def planned() -> int:
        return (len(scene._warm_plan) - 1) // faces

    scene.warm_up("sichuan", False)
    assert planned() == 27 and scene.warming()
    scene.warm_up("lingxi", False)
    assert planned() == 42
    scene.warm_up("riichi", True)
    assert planned() == 34 + 3  # and the three red fives
    scene.warm_up("riichi", False)
    assert planned() == 34


def test_an_empty_observation_hides_the_table(scene) -> None:  # type: ignore[no-untyped-def]
    scene.show_model(model_for("riichi", steps=5))
    over = Observation.from_json({"family": "riichi", "over": True, "match": {"scores": [1, 2, 3, 4]}})
    scene.show_model(TableModel(obs=over, viewer=0, spec=get_family("riichi")))
    assert scene.backdrop.info == {} and scene._corner_items == [] and scene.hand_items == []


def test_seat_frames_match_the_anchors(scene) -> None:  # type: ignore[no-untyped-def]
    for rel, anchor in enumerate(scene.anchors):
        p = anchor.mapToScene(QPointF(30, 200))
        assert (round(p.x(), 6), round(p.y(), 6)) == tuple(round(v, 6) for v in to_scene(rel, 30, 200))


def test_a_scene_that_played_a_hand_looks_like_a_fresh_one(scene) -> None:  # type: ignore[no-untyped-def]
    """Reused and spare items take their placement's position, turn, state and stacking (tiles side by
    side share a device pixel, so the stacking shows)."""
    game = Game(default_ruleset("lingxi"), seed="q1")
    agent = SimpleAgent("q")
    spec = get_family("lingxi")
    for _ in range(150):
        seat = game.pending()[0]
        game.apply(agent.choose(game.observation(seat), game.legal_actions(seat)))
        if game.over:
            break
        scene.show_model(TableModel(obs=game.observation(0), viewer=0, spec=spec, human=False))
    fresh = TableScene()
    fresh.anim_speed = 0.0
    assert scene.model is not None
    fresh.show_model(scene.model)

    def look(s: TableScene) -> list[tuple[object, ...]]:
        return sorted(
            (
                s.anchors.index(i.parentItem()) if i.parentItem() is not None else -1,  # type: ignore[arg-type]
                round(i.zValue(), 4),
                round(i.x(), 3),
                round(i.y(), 3),
                i.rotation(),
                i.kind if i.kind is not None else -1,
                int(i.state),
            )
            for i in table_tiles(s)
        )

    assert look(scene) == look(fresh)
    fresh.clear()


def _until(family: str, seeds: list[str], want, limit: int = 600, late: int = 999):  # type: ignore[no-untyped-def]
    """Play (taking every kan offered) until ``want(before, after)`` holds for the observations of
    seat 0 before and after a move; returns them."""
    for seed in seeds:
        found = _play_until(family, seed, want, limit, late)
        if found is not None:
            return found
    raise AssertionError("not found")


def _play_until(family: str, seed: str, want, limit: int, late: int = 999):  # type: ignore[no-untyped-def]
    """(Observations are compared only once ``late`` or fewer tiles are left; then nobody wins.)"""
    game = Game(default_ruleset(family), seed=seed)
    agent = SimpleAgent("k")
    kans = (ActionType.OPEN_KAN, ActionType.CLOSED_KAN, ActionType.ADDED_KAN)
    wins = (ActionType.TSUMO, ActionType.RON)
    for _ in range(limit):
        if game.over:
            return None
        if game.hand is None or game.hand.wall.remaining > late:
            seat = game.pending()[0]
            legal = game.legal_actions(seat)
            if late < 999:
                legal = [a for a in legal if a.type not in wins] or legal
            game.apply(agent.choose(game.observation(seat), legal))
            continue
        before = game.observation(0)
        seat = game.pending()[0]
        legal = game.legal_actions(seat)
        kan = [a for a in legal if a.type in kans]
        game.apply(kan[0] if kan else agent.choose(game.observation(seat), legal))
        after = game.observation(0)
        if after.seats and before.seats and want(before, after):
            return before, after
    return None


def test_kan_payments_are_announced_with_amounts_and_payers(scene) -> None:  # type: ignore[no-untyped-def]
    """刮风 / 下雨: the payee's label says why and how much it received, each payer's what it paid;
    only new payments are announced, and they go by themselves."""
    spec = get_family("sichuan")

    def kan_paid(before: Observation, after: Observation) -> bool:
        new = after.payments[len(before.payments) :]
        return any(p.reason in ("gua_feng", "xia_yu") for p in new)

    before, after = _until("sichuan", [f"kan{i}" for i in range(10)], kan_paid)
    scene.show_model(TableModel(obs=before, viewer=0, spec=spec, names=["a", "b", "c", "d"]))
    assert scene.announcements() == []
    scene.show_model(TableModel(obs=after, viewer=0, spec=spec, names=["a", "b", "c", "d"]))
    new = after.payments[len(before.payments) :]
    words = scene.announcements()
    for pay in new:
        assert f"−{pay.amount}" in words or any(w.startswith("−") for w in words)
    payee = new[0].payee
    total = sum(p.amount for p in new if p.payee == payee and p.reason == new[0].reason)
    assert f"{i18n.reason_name(new[0].reason)}  +{total}" in words
    assert len([w for w in words if w.startswith("−")]) == len({p.payer for p in new})
    roles = [i.data(0) for i in scene.items() if i.data(0) is not None and i.data(0)[0] == "announce"]
    assert {r[2] for r in roles} == {payee, *(p.payer for p in new)}
    scene.show_model(TableModel(obs=after, viewer=0, spec=spec, names=["a", "b", "c", "d"]))
    assert len(scene.announcements()) == len(words)  # nothing new: nothing more
    scene._announced = [(item, 0.0) for item, _ in scene._announced]
    scene._expire_announcements()
    assert scene.announcements() == []
    # a scene cleared while announcements stand keeps no timer on deleted items
    scene.show_model(TableModel(obs=before, viewer=0, spec=spec, names=["a", "b", "c", "d"]))
    scene.show_model(TableModel(obs=after, viewer=0, spec=spec, names=["a", "b", "c", "d"]))
    assert scene.announcements() and scene._announce_timer.isActive()
    scene.clear()
    assert scene.announcements() == [] and not scene._announce_timer.isActive()


def test_the_last_four_tiles_are_announced_and_stay_in_the_box(scene) -> None:  # type: ignore[no-untyped-def]
    spec = get_family("lingxi")
    before, after = _until(
        "lingxi", [f"l4-{i}" for i in range(10)], lambda b, a: bool(a.notices) and not b.notices, 2000, 6
    )
    scene.show_model(TableModel(obs=before, viewer=0, spec=spec, names=["a", "b", "c", "d"]))
    assert not scene.backdrop.info["notice"]
    scene.show_model(TableModel(obs=after, viewer=0, spec=spec, names=["a", "b", "c", "d"]))
    assert scene.backdrop.info["notice"] == "Last four tiles"
    assert "The last four tiles: every player only draws." in scene.announcements()


def test_the_deal_comes_after_the_dice_and_the_caishen(qtbot, scene) -> None:  # type: ignore[no-untyped-def]
    """At the start of a hand the hands stay hidden while the dice roll and the 财神 turn over, then
    appear a handful at a time from the dealer; the AI waits for all of it (hold_ms)."""
    scene.anim_speed = 0.3
    model = model_for("lingxi")
    scene.show_model(model)
    hands = [i for items in scene._hands_drawn.values() for i in items]
    assert len(hands) == sum(len(s.hand) for s in scene.table.seats)
    assert all(i.opacity() == 0 for i in hands)
    reveal_end = max(a.duration() for a in scene._corner_anims[:1])
    assert scene.hold_ms() > reveal_end * 0.9
    qtbot.waitUntil(lambda: not scene.reveal_running(), timeout=8000)
    assert all(i.opacity() == 1 for i in hands) and scene.hold_ms() == 0


def test_seat_labels_speak_the_players_language(scene) -> None:  # type: ignore[no-untyped-def]
    """A riichi declaration is 立直 / Riichi on the label (the flash says リーチ); a 血战 winner's label
    says it won in the family's word."""
    from desktop.table.layout import SeatLabel
    from desktop.table.scene import seat_label_text

    label = SeatLabel(seat=0, wind=0, name="You", dealer=True, declared=True)
    assert seat_label_text(label, "japanese") == "東  You\nDealer · Riichi"
    won = SeatLabel(seat=1, wind=1, name="AI 1", lacking_suit=0, won=True)
    assert seat_label_text(won, "chinese").endswith("Won (Hu)")
    try:
        i18n.install("zh_CN")
        assert seat_label_text(label, "japanese").endswith("庄家 · 立直")
        assert seat_label_text(won, "chinese").endswith("已胡")
    finally:
        i18n.install("en")


def test_the_stacks_say_what_they_are(scene) -> None:  # type: ignore[no-untyped-def]
    scene.show_model(model_for("lingxi", steps=20))
    wall = scene.table.wall
    tips = {
        (st.wild, st.front, st.reserve): item.toolTip()
        for item in scene.items()
        if item.data(0) is not None and item.data(0)[0] == "stack"
        for st in wall.stacks
        if item.parentItem() is scene.anchors[st.frame] and item.pos().x() == st.x
    }
    assert any("财神" in tip for (wild, _, _), tip in tips.items() if wild)
    assert any("next draw" in tip for (_, front, _), tip in tips.items() if front)
    assert any("Reserve" in tip for (_, _, reserve), tip in tips.items() if reserve)
