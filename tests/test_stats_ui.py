"""Statistics and the study menu (pytest-qt, offscreen): a finished hand is recorded from its settlement
report (practice games are not), the statistics window sums it up, and every study tool opens from the
menu of the tool host."""

from __future__ import annotations

from datetime import datetime

import pytest

pytest.importorskip("pytestqt")

from desktop.stats import ScoreChart, StatsWindow, family_order, record_hand
from desktop.storage import Setup
from engine.families.registry import family_names
from engine.game.actions import ActionType
from engine.game.state import HandResult, Win
from engine.rules import default_ruleset
from engine.stats import append_record, load_records, record_from_result

A = ActionType
WAIT = 30000


@pytest.fixture
def window(main_window):  # type: ignore[no-untyped-def]
    return main_window(size=(1200, 800), auto_win=True)


def play_to_settlement(qtbot, w) -> None:  # type: ignore[no-untyped-def]
    """Pass every claim and throw the drawn tile until the hand ends."""
    for _ in range(400):
        qtbot.waitUntil(
            lambda: (
                w.snap is not None
                and w.controller.idle()
                and (bool(w.snap.legal) or w.snap.report is not None)
            ),
            timeout=WAIT,
        )
        if w.snap.report is not None:
            return
        legal = w.snap.legal
        wins = [a for a in legal if a.type in (A.TSUMO, A.RON)]
        drawn = w.snap.obs.seats[w.snap.viewer].drawn
        discard = next((a for a in legal if a.type is A.DISCARD and a.tile == drawn), None)
        choice = (
            wins[0]
            if wins
            else discard
            or next((a for a in legal if a.type is A.PASS), None)
            or next((a for a in legal if a.type is A.DISCARD), legal[0])
        )
        w.send(choice)
    raise AssertionError("the hand did not end")


def test_a_finished_hand_is_recorded(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    window.start_game(default_ruleset("riichi"), Setup(human_seat=0, levels=["simple"] * 4), "stats1")
    with qtbot.waitSignal(window.hand_settled, timeout=WAIT):
        play_to_settlement(qtbot, window)
    records = load_records()
    assert len(records) == 1
    r = records[0]
    report = window.snap.report
    assert (r.family, r.seat, r.hand, r.match) == ("riichi", 0, 1, "riichi:stats1:riichi-online")
    assert r.score_change == report.seats[0].change and r.kind == report.kind
    assert window.tools.recorded == records


def test_practice_games_and_demos_are_left_out(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    window.start_game(default_ruleset("riichi"), Setup(human_seat=0, practice=True), "stats2")
    with qtbot.waitSignal(window.hand_settled, timeout=WAIT):
        play_to_settlement(qtbot, window)
    assert load_records() == []
    assert record_hand(window) is None
    window.demo = True
    window.snap.practice = False
    assert record_hand(window) is None


def test_the_statistics_window(qtbot) -> None:  # type: ignore[no-untyped-def]
    day = datetime(2025, 3, 1, 20, 0)
    for n, (seat, frm, pts, changes) in enumerate(
        [
            (0, 1, 3900, (3900, -3900, 0, 0)),
            (2, 0, 8000, (-8000, 0, 8000, 0)),
            (0, 0, 6000, (6000, -2000, -2000, -2000)),
        ]
    ):
        result = HandResult(
            "win", wins=(Win(seat=seat, from_seat=frm, tile=0, points=pts),), score_changes=changes
        )
        append_record(record_from_result(result, family="riichi", seat=0, match="m1", hand=n + 1, when=day))
    draw = HandResult("exhaustive_draw", score_changes=(0, 0, 0, 0))
    append_record(
        record_from_result(draw, family="lingxi", seat=1, match="m2", hand=1, when=day, match_over=True)
    )
    window = StatsWindow()
    qtbot.addWidget(window)
    window.show()
    assert window.table.rowCount() == 2
    row = [window.table.item(0, c).text() for c in range(7)]
    assert row[1:] == ["3", "1 (0)", "66.7%", "33.3%", "4,950", "+1,900"]
    assert window.table.item(1, 2).text() == "1 (1)"
    assert [v for _t, v in window.chart.points] == [3900, -4100, 1900]
    window.family.setCurrentIndex(1)
    assert [v for _t, v in window.chart.points] == [0]
    assert not window.chart.grab().isNull()
    empty = ScoreChart()
    qtbot.addWidget(empty)
    assert not empty.grab().isNull()


def test_the_statistics_follow_the_registry_order() -> None:
    names = set(family_names()) | {"klondike"}
    assert family_order(names) == [*family_names(), "klondike"]
    assert family_order({family_names()[-1]}) == [family_names()[-1]]


def _tool_classes() -> list[type]:
    from desktop.calculator import Calculator
    from desktop.drills import DrillsWindow
    from desktop.rulebook import RuleBookWindow
    from desktop.rules_editor import RulesEditor
    from desktop.sandbox import SandboxDock

    return [RulesEditor, RuleBookWindow, Calculator, DrillsWindow, SandboxDock, StatsWindow]


def test_the_study_menu_opens_every_tool(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    titles = [a.text() for a in window.menuBar().actions()]
    assert "&Study" in titles
    tools = window.tools
    actions = tools.actions
    assert len(actions) == 6
    for action in actions:
        action.trigger()
    for cls in _tool_classes():
        opened = tools.find(cls)
        assert isinstance(opened, cls) and opened.isVisible(), cls.__name__
    from desktop.drills import DrillsWindow
    from desktop.sandbox import SandboxDock

    qtbot.waitUntil(lambda: not tools.find(DrillsWindow).busy, timeout=WAIT)
    dock = tools.find(SandboxDock)
    for action in actions:  # one window of each kind, reused
        action.trigger()
    assert tools.find(SandboxDock) is dock
    qtbot.waitUntil(lambda: not tools.find(DrillsWindow).busy, timeout=WAIT)
    # rebuilding the menus (a language change) keeps the tool windows and one recorder
    window._build_menus()
    assert window.tools is tools and len(tools.actions) == 6 and tools.actions is not actions
