"""The real window's layout (pytest-qt, offscreen) at 1024×700, 1440×900 and 1920×1080, for every
family, in the middle of a hand and at the settlement: nothing a player reads covers anything else.
Smaller tables too: three-player riichi (sanma, the side across empty) and two-player Sichuan (the
opponent across), each with one seat label per player and none where nobody sits.

The states come from playing with the engine (``tests/table_states.py``: the richest of a few seeds,
with melds, flowers, a declared riichi, a 血战 win, payments in play) and are drawn with
:meth:`MainWindow.on_snapshot`, the practice panel on and its hint list filled.

What is measured, in view pixels (each tile, label and panel on its own; a rectangle is taken one
pixel in on every side, since tiles side by side share a device pixel):

* **practice panel** and the **hint list** inside it, the **claim buttons** (widgets);
* **seat labels**, **hands**, **melds**, **ponds**, **flowers**, **riichi sticks**, the **walls**
  (Lingxi stacks and the break mark), **dice**, **财神** (the shown tiles, the wild kinds and their
  words), **dora** (indicators and caption) and the **wall counter** (the box's count and the reserve
  line) — the scene's items, by what they show.

**In the middle of a hand** no two of these overlap: not two different things, and not the same
thing of two seats (the hint list lies inside the practice panel by design, and the rows of one
pond overlap by a few pixels by design, as the tiles of one meld do for an added kan).

**At the settlement** the settlement panel is a modal overlay in the middle of the table. It may
cover the ponds, the centre box, the walls and the hands and melds of the seats that did not win —
the panel itself shows every winning hand grouped, the payments and the scores. It never covers a
seat label (the ledger names the seats), the hands and melds of the winners as they lie on the
table, the flowers, nor the dice, 财神 and dora (``desktop.window.SETTLEMENT_KEEPS``). Under the
panel the table follows the rule of the middle of a hand.
"""

from __future__ import annotations

from functools import cache

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtCore import QPoint, QRect

from desktop.session import Snapshot
from desktop.table.scene import ROLE
from desktop.window import MainWindow, settlement_keeps
from engine.families.registry import family_names
from tests import table_states

SIZES = [(1024, 700), (1440, 900), (1920, 1080)]
FAMILIES = family_names()
# (family, players): every family at four, and the smaller tables
TABLES = [(f, 4) for f in FAMILIES] + [("riichi", 3), ("sichuan", 2)]


def _table_id(table: tuple[str, int]) -> str:
    family, players = table
    return family if players == 4 else f"{family}-{players}p"

# the scene's items by what they show → the name of the thing a player reads
THINGS = {
    "label": "seat labels",
    "hand": "hands",
    "meld": "melds",
    "added": "melds",
    "pond": "ponds",
    "flower": "flowers",
    "stick": "riichi sticks",
    "stack": "walls",
    "dice": "dice",
    "wild": "财神",
    "wild_shown": "财神",
    "dora": "dora",
}
CAPTIONS = {"dice": "dice", "wild": "财神", "arrow": "财神", "dora": "dora", "reserve": "wall counter"}

Box = tuple[int, int, int, int]


@cache
def mid_hand(family: str, players: int = 4) -> tuple[Snapshot, dict[str, object]]:
    snap = table_states.mid_hand(family, players=players)
    return snap, table_states.hint_payload(snap)


@cache
def claim(family: str, players: int = 4) -> Snapshot:
    return table_states.claim(family, players=players)


@cache
def settled(family: str, players: int = 4) -> Snapshot:
    return table_states.settlement(family, players=players)


def check_seats(w: MainWindow, snap: Snapshot) -> None:
    """One label per player and each seat's things at its side of the table: three players leave
    the side across empty, two face each other."""
    labels = [item.data(ROLE)[1] for item in w.scene.items() if _role(item) == "label"]
    n = len(snap.obs.seats)
    assert sorted(labels) == list(range(n))
    sides = {s: snap.obs.side_of(s) for s in range(n)}
    # the seats' hands lie toward their sides: below, right of, above or left of the centre box
    box = w.view.mapFromScene(w.scene.backdrop.sceneBoundingRect()).boundingRect()
    for item in w.scene.items():
        if _role(item) != "hand" or not item.isVisible():
            continue
        seat = item.data(ROLE)[1]
        c = w.view.mapFromScene(item.sceneBoundingRect().center())
        where = {0: c.y() > box.bottom(), 1: c.x() > box.right(), 2: c.y() < box.top(), 3: c.x() < box.left()}
        assert where[sides[seat]], (seat, sides[seat], c)
    # nothing of anybody's lies at a side nobody sits at
    empty = set(range(4)) - set(sides.values())
    for item in w.scene.items():
        if _role(item) not in ("hand", "meld", "pond", "label") or not item.isVisible():
            continue
        c = w.view.mapFromScene(item.sceneBoundingRect().center())
        if 2 in empty and item.data(ROLE)[0] != "label":
            assert not (box.left() < c.x() < box.right() and c.y() < box.top()), item.data(ROLE)
        if 1 in empty:
            assert not (c.x() > box.right() and box.top() < c.y() < box.bottom()), item.data(ROLE)


def _role(item: object) -> str:
    data = item.data(ROLE)  # type: ignore[attr-defined]
    return str(data[0]) if isinstance(data, tuple) else ""


def _box(r: QRect) -> Box:
    """A rectangle one pixel in on every side (neighbours share a device pixel)."""
    return (r.left() + 1, r.top() + 1, r.right(), r.bottom())


def _overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def things(w: MainWindow) -> list[tuple[str, object, Box]]:
    """Everything measured: (thing, seat or None, rectangle in view pixels)."""
    out: list[tuple[str, object, Box]] = []
    view = w.view
    for item in w.scene.items():
        data = item.data(ROLE)
        if not isinstance(data, tuple) or not item.isVisible() or item.opacity() <= 0:
            continue
        what, seat = data[0], data[1]
        if what == "caption":
            name, seat = CAPTIONS.get(str(seat), ""), None
        else:
            name = THINGS.get(str(what), "")
        if name:
            out.append((name, seat, _box(view.mapFromScene(item.sceneBoundingRect()).boundingRect())))
    wall = w.scene.backdrop.texts["wall"][0]
    out.append(("wall counter", None, _box(view.mapFromScene(wall.sceneBoundingRect()).boundingRect())))
    if w.claim.isVisible():
        out.append(("claim buttons", None, _box(w.claim.geometry())))
    if w.toast.isVisible():
        out.append(("notice", None, _box(w.toast.geometry())))
    if w.practice.isVisible():
        out.append(("practice panel", None, _box(w.practice.geometry())))
        hints = w.practice.hints_label
        if hints.isVisible():
            top_left = hints.mapTo(view, QPoint(0, 0))
            out.append(("hint list", None, _box(QRect(top_left, hints.size()))))
    return out


def clashes(found: list[tuple[str, object, Box]]) -> list[str]:
    """Every pair that overlaps and may not."""
    out = []
    for i, (a, seat_a, ra) in enumerate(found):
        for b, seat_b, rb in found[i + 1 :]:
            if a == b and seat_a == seat_b:
                continue  # one thing of one seat: its own tiles (pond rows, an added kan)
            if {a, b} == {"practice panel", "hint list"}:
                continue  # the hint list is in the panel
            if _overlap(ra, rb):
                out.append(f"{a} ({seat_a}) {ra} × {b} ({seat_b}) {rb}")
    return out


def show(main_window, size: tuple[int, int], snap: Snapshot) -> MainWindow:  # type: ignore[no-untyped-def]
    w: MainWindow = main_window(size=size, practice_panel=True)
    w.on_snapshot(snap)
    return w


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("table", TABLES, ids=_table_id)
def test_nothing_covers_anything_in_the_middle_of_a_hand(main_window, qtbot, table, size) -> None:  # type: ignore[no-untyped-def]
    snap, hints = mid_hand(*table)
    assert len(snap.obs.seats) == table[1]
    w = show(main_window, size, snap)
    w.practice.show_hints(hints)
    w._place_overlays()
    found = things(w)
    names = {name for name, _, _ in found}
    expected = {"practice panel", "hint list", "seat labels", "hands", "ponds", "wall counter"}
    expected |= {"dice"} if snap.obs.dice else set()
    expected |= {"dora"} if snap.obs.dora_indicators else set()
    expected |= {"财神", "walls"} if snap.obs.wild is not None else set()
    expected |= {"riichi sticks"} if any(s.declared for s in snap.obs.seats) else set()
    assert expected <= names, expected - names
    assert w.practice.hints_shown >= 1 and not w.practice.collapsed
    # the hint list the panel fitted shows whole: no reason cut at the panel's edge
    hint_list = w.practice.hints_label
    assert hint_list.height() >= hint_list.heightForWidth(hint_list.width())
    assert clashes(found) == []
    check_seats(w, snap)
    # the panel stays within the window
    geometry = w.practice.geometry()
    assert geometry.left() >= 0 and geometry.right() < w.view.width() and geometry.bottom() < w.view.height()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("table", TABLES, ids=_table_id)
def test_the_claim_buttons_cover_nothing(main_window, qtbot, table, size) -> None:  # type: ignore[no-untyped-def]
    """A call offered on a discard: the buttons stand above the own hand and cover nothing either."""
    snap = claim(*table)
    w = show(main_window, size, snap)
    found = things(w)
    assert "claim buttons" in {name for name, _, _ in found}
    assert clashes(found) == []
    check_seats(w, snap)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("table", TABLES, ids=_table_id)
def test_a_notice_covers_nothing(main_window, qtbot, table, size) -> None:  # type: ignore[no-untyped-def]
    """A refusal ("discard the lacking suit first", ...) stands above the own hand, clear of the own
    pond, the melds, the labels, the claim buttons and the practice panel. On the smallest table,
    when no such room is left beside the claim buttons, it may lie over a pond for its few seconds,
    never over a button, a label or a hand."""
    snap = claim(*table)
    w = show(main_window, size, snap)
    w.on_refused("That tile cannot be discarded now: the lacking suit goes first, every tile of it.")
    found = things(w)
    assert "notice" in {name for name, _, _ in found}
    bad = clashes(found)
    if size[0] < 1440:
        never = ("claim buttons", "practice panel", "hint list", "seat labels", "hands")
        bad = [c for c in bad if "notice" not in c or any(side.startswith(never) for side in c.split(" × "))]
    assert bad == []


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("table", TABLES, ids=_table_id)
def test_the_settlement_covers_only_what_it_may(main_window, qtbot, table, size) -> None:  # type: ignore[no-untyped-def]
    snap = settled(*table)
    assert snap.report is not None
    w = show(main_window, size, snap)
    w.settlement.finish()
    qtbot.wait(1)
    panel = _box(w.settlement.geometry())
    winners = {win.seat for win in snap.report.wins}
    found = things(w)
    assert not w.practice.isVisible()
    assert clashes(found) == []
    check_seats(w, snap)
    kept = {"seat labels", "flowers", "dice", "财神", "dora"}
    covered = []
    for name, seat, r in found:
        winner_tiles = name in ("hands", "melds") and seat in winners
        if (name in kept or winner_tiles) and _overlap(panel, r):
            covered.append(f"{name} ({seat}) {r}")
    assert covered == [], panel
    # the rule the window places the panel by says the same
    assert all(settlement_keeps(what, None, set()) for what in ("label", "dora", "dice", "wild"))
    assert settlement_keeps("hand", 1, {1}) and not settlement_keeps("hand", 2, {1})
    assert w.settlement.width() >= 360 and w.settlement.height() >= 300


def _mouse(widget, kind, local: QPoint, at: QPoint | None = None) -> None:  # type: ignore[no-untyped-def]
    """A mouse event on ``widget`` at ``local``, the pointer on the screen at ``at`` (default: where
    ``local`` is now)."""
    from PySide6.QtCore import QEvent, QPointF, Qt
    from PySide6.QtGui import QMouseEvent
    from PySide6.QtWidgets import QApplication

    types = {
        "press": QEvent.Type.MouseButtonPress,
        "move": QEvent.Type.MouseMove,
        "release": QEvent.Type.MouseButtonRelease,
        "double": QEvent.Type.MouseButtonDblClick,
    }
    left = Qt.MouseButton.LeftButton
    button = Qt.MouseButton.NoButton if kind == "move" else left
    buttons = Qt.MouseButton.NoButton if kind == "release" else left
    event = QMouseEvent(
        types[kind],
        QPointF(local),
        QPointF(at if at is not None else widget.mapToGlobal(local)),
        button,
        buttons,
        Qt.KeyboardModifier.NoModifier,
    )
    QApplication.sendEvent(widget, event)


def test_the_practice_panel_folds_moves_and_remembers(main_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    """The ▼ button folds the panel to its title bar; dragging the title bar moves it, and the window
    keeps it there (a share of the table's size, in the settings) through a resize and the next
    game; a double-click on the title bar puts it back in its own place."""
    from PySide6.QtCore import Qt

    from desktop.settings import Settings

    snap, hints = mid_hand(FAMILIES[0])
    w = show(main_window, (1440, 900), snap)
    p = w.practice
    p.show_hints(hints)
    w._place_overlays()
    home = p.pos()
    tall = p.height()
    qtbot.mouseClick(p.fold_button, Qt.MouseButton.LeftButton)
    assert p.collapsed and p.height() < 70 < tall and not p.hints_label.isVisible()
    assert w.settings.practice_collapsed and Settings.load().practice_collapsed
    qtbot.mouseClick(p.fold_button, Qt.MouseButton.LeftButton)
    assert not p.collapsed and p.height() > 200 and not Settings.load().practice_collapsed
    # drag the title bar 400 px left and 150 px down
    start = p.bar.rect().center()
    screen = p.bar.mapToGlobal(start)
    _mouse(p.bar, "press", start)
    _mouse(p.bar, "move", start, screen + QPoint(-200, 80))
    _mouse(p.bar, "move", start, screen + QPoint(-400, 150))
    _mouse(p.bar, "release", start, screen + QPoint(-400, 150))
    moved = home + QPoint(-400, 150)
    assert p.pos() == moved
    saved = Settings.load().practice_pos
    assert saved is not None and w.settings.practice_pos == saved
    w.on_snapshot(snap)  # the next render keeps it where it was put
    assert abs(p.x() - moved.x()) <= 2 and abs(p.y() - moved.y()) <= 2
    w.resize(1920, 1080)
    qtbot.wait(1)
    assert abs(p.x() - saved[0] * w.view.width()) <= 2 and abs(p.y() - saved[1] * w.view.height()) <= 2
    # a new window (the next start) puts it there too
    again = MainWindow(Settings.load(), demo=True)
    qtbot.addWidget(again)
    again.resize(1920, 1080)
    again.show()
    again.on_snapshot(snap)
    assert again.settings.practice_pos == saved and abs(again.practice.x() - p.x()) <= 2
    again.shutdown()
    _mouse(p.bar, "double", p.bar.rect().center())
    assert w.settings.practice_pos is None and Settings.load().practice_pos is None
    w.resize(1440, 900)
    qtbot.wait(1)
    assert p.pos() == home


@pytest.mark.parametrize("family", FAMILIES)
def test_after_the_last_settlement_the_table_shows_the_final_scores(main_window, qtbot, family) -> None:  # type: ignore[no-untyped-def]
    """The settlement is drawn over the table as the hand ended (before its payments); once the
    player closes the last one of a match, the table shows the scores after it, the winners' hands
    still open (it kept the scores from before the last payments)."""
    snap = settled(family)
    assert snap.report is not None and snap.report_obs is not None
    snap.match_over = True
    w = show(main_window, (1440, 900), snap)
    assert w.scene.model is not None and w.scene.model.obs is snap.report_obs
    hand_ended = snap.report_obs
    w.demo = True  # no new-game dialog to answer
    w.on_next()
    model = w.scene.model
    assert model is not None
    assert [s.score for s in model.obs.seats] == [s.after for s in snap.report.seats]
    assert [s.hand for s in model.obs.seats] == [s.hand for s in hand_ended.seats]  # not a next deal
    assert {win.seat for win in snap.report.wins} <= set(model.revealed)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("table", TABLES, ids=_table_id)
def test_the_settlement_never_scrolls_sideways(main_window, qtbot, table, size) -> None:  # type: ignore[no-untyped-def]
    """Every row of tiles in the settlement fits its width, the vertical scroll bar's room included
    (a 17-tile Lingxi hand with melds used to stick out under it at 1024×700)."""
    snap = settled(*table)
    w = show(main_window, size, snap)
    w.settlement.finish()
    qtbot.wait(1)
    area = w.settlement.scroll_area
    width = area.viewport().width()
    assert w.settlement.content.width() <= width
    for strip in w.settlement.strips:
        assert strip.pixmap().width() / strip.pixmap().devicePixelRatio() <= width, strip.tiles


def test_a_listed_line_wraps_under_its_own_start() -> None:
    """The practice panel's best discards and the hints' reasons are indented as blocks: a long line
    wraps under its own first word, not back at the panel's edge."""
    from desktop.panels import INDENT, as_blocks

    html = as_blocks(["Most efficient discards:", INDENT + "8 Dots: 1 from ready, 7 tiles improve"])
    assert html == (
        "<div>Most efficient discards:</div>"
        "<div style='margin-left:12px'>8 Dots: 1 from ready, 7 tiles improve</div>"
    )


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_third_reason_shows_only_in_room_left_over(main_window, qtbot, size) -> None:  # type: ignore[no-untyped-def]
    """Where a value decided, a hint's danger comes third: the panel shows it where every option and
    two reasons each still fit, and never at the cost of an option or of a second reason."""
    snap, hints = mid_hand("sichuan")
    w = show(main_window, size, snap)
    p = w.practice
    p.show_hints(hints)
    w._place_overlays()
    assert any(len(h.reasons_en) >= 3 for h in p.hints), "the state has an option with three reasons"
    if p.reasons_shown == 3:
        assert p.hints_shown == p.HINTS_SHOWN
    # with room to spare every option shows three reasons: the best one's third among them
    p.fit(p.width(), 5000)
    assert (p.hints_shown, p.reasons_shown) == (p.HINTS_SHOWN, 3)
    best = p.hints[0]
    text = p.hints_label.text()
    assert all(r.replace("&", "&amp;") in text or r in text for r in best.reasons_en[:3])
    # and with little room the third reason goes first, as before the list shortens
    p.fit(p.width(), p.needed_height(p.width()))
    assert p.reasons_shown <= 2 and p.hints_shown == p.HINTS_SHOWN
