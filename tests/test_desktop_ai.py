"""AI levels at the table: offered per seat in the new-game dialog (standard by default), played through
the engine process, and the practice panel's Hint button."""

from __future__ import annotations

import time

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtCore import Qt

from desktop import agents, engine_process, i18n
from desktop.panels import describe_option
from desktop.settings import Settings
from desktop.storage import Setup
from engine.game.actions import Action, ActionType
from engine.game.game import Game
from engine.rules import default_ruleset

A = ActionType
WAIT = 20000


@pytest.fixture
def window(main_window):  # type: ignore[no-untyped-def]
    return main_window(practice_panel=True)


def test_the_levels_and_their_factories() -> None:
    assert agents.levels() == ["beginner", "standard", "strong"]
    assert agents.DEFAULT_LEVEL == "standard"
    game = Game(default_ruleset("riichi"), seed="lv")
    seat = game.pending()[0]
    obs, legal = game.observation(seat), game.legal_actions(seat)
    for level in agents.levels():
        assert agents.decide(level, "s", obs, legal) in legal
    assert agents.decide("nosuch", "s", obs, legal) == agents.decide("simple", "s", obs, legal)
    seen: list[object] = []

    class Picky:
        def choose(self, observation, legal):  # type: ignore[no-untyped-def]
            return legal[-1]

    try:
        agents.register_level("one-arg", lambda seed: Picky())
        agents.register_level("two-args", lambda seed, rules: seen.append(rules) or Picky())
        assert agents.decide("one-arg", "s", obs, legal) == legal[-1]
        rules = default_ruleset("riichi")
        assert agents.decide("two-args", "s", obs, legal, rules) == legal[-1] and seen == [rules]
        assert not agents.runs_in_process("two-args")  # the engine process would not know it
    finally:
        for name in ("one-arg", "two-args"):
            agents._LEVELS.pop(name, None)


def test_the_new_game_dialog_offers_a_level_per_seat(qtbot) -> None:  # type: ignore[no-untyped-def]
    from desktop.dialogs import NewGameDialog

    dlg = NewGameDialog(Settings())
    qtbot.addWidget(dlg)
    assert [c.currentData() for c in dlg.levels] == ["standard"] * 4
    # the AI levels, then (four-player riichi with Tenhou's values) an outside mjai program
    assert [dlg.levels[0].itemData(i) for i in range(dlg.levels[0].count())] == [*agents.levels(), "mjai:"]
    assert not dlg.levels[0].isEnabled() and dlg.levels[1].isEnabled()  # seat 0 is the person's
    dlg.seat.setCurrentIndex(2)
    assert dlg.levels[0].isEnabled() and not dlg.levels[2].isEnabled()
    dlg.levels[1].setCurrentIndex(dlg.levels[1].findData("strong"))
    dlg.levels[3].setCurrentIndex(dlg.levels[3].findData("beginner"))
    _, setup, _ = dlg.choice()
    assert setup.human_seat == 2 and setup.levels[1] == "strong" and setup.levels[3] == "beginner"


def test_a_hand_of_ai_levels_is_played_in_the_engine_process(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    client = engine_process.shared()
    before = client.requests
    settled: list[bool] = []
    window.hand_settled.connect(lambda: settled.append(True))
    setup = Setup(human_seat=None, levels=["beginner", "standard", "beginner", "beginner"], max_hands=1)
    window.start_game(default_ruleset("sichuan"), setup, "p1")
    qtbot.waitUntil(lambda: bool(settled), timeout=60000)
    assert client.requests > before + 10 and client.alive()


def test_the_hint_button_ranks_the_options_with_reasons(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    window.start_game(default_ruleset("riichi"), Setup(human_seat=0, practice=True), "hint1")
    qtbot.waitUntil(
        lambda: (
            window.snap is not None
            and any(a.type is A.DISCARD for a in window.snap.legal)
            and window.controller.idle()
        ),
        timeout=WAIT,
    )
    panel = window.practice
    assert panel.isVisible() and panel.hint_button.isEnabled()
    assert panel.decision == window.snap.actions
    qtbot.mouseClick(panel.hint_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: bool(panel.hints), timeout=WAIT)
    assert all(h.action in window.snap.legal for h in panel.hints)
    text = panel.hints_label.text()
    assert "★" in text and "Discard" in text and panel.hints[0].reasons_en[0] in text
    # an answer for an older decision is not shown
    old = panel.hints
    panel.show_hints({"decision": panel.decision - 1, "hints": []})
    assert panel.hints == old
    # the game moves on: the hints go
    best = panel.hints[0].action
    window.send(best)
    qtbot.waitUntil(lambda: panel.decision != best and not panel.hints, timeout=WAIT)


def test_options_the_engine_ranks_alike_share_their_rank_on_the_panel(qapp) -> None:  # type: ignore[no-untyped-def]
    """Two discards the AI scores alike are both starred, the next is third (the engine's rank, drawn
    as it is), so a tie reads as a tie even where the panel has no room for the reasons."""
    from desktop.engine_process import HintLine
    from desktop.panels import PracticePanel

    panel = PracticePanel()

    def line(tile: int, score: float, rank: int) -> HintLine:
        reasons = (("keeps tiles",), ("进张",), ("acceptance",))
        return HintLine(Action(0, A.DISCARD, tile=tile), score, *reasons, rank=rank)

    panel.hints = [line(108, 5.0, 1), line(112, 5.0, 1), line(4, 3.0, 3)]
    panel._render_hints(3, 0)
    text = panel.hints_label.text()
    assert text.count("★") == 2 and "3. " in text and "2. " not in text


def test_options_are_described_in_the_players_language(qapp) -> None:  # type: ignore[no-untyped-def]
    discard = Action(0, A.DISCARD, tile=16)
    pon = Action(0, A.PON, tile=17, tiles=(16, 18))
    try:
        assert describe_option(discard, "japanese").startswith("Discard ")
        assert describe_option(Action(0, A.PASS), "chinese") == "Pass"
        assert describe_option(pon, "japanese").startswith(i18n.action_word("pon", "japanese"))
        assert describe_option(pon, "japanese").endswith("ポン 5-man")  # the kind once, not three times
        chi = Action(0, A.CHI, tile=16, tiles=(20, 12))
        assert describe_option(chi, "japanese").endswith("4-man, 5-man, 6-man")  # in order
        # two pons that differ only by the red five (tile 16, where the ruleset has red fives) read apart
        plain, red = Action(0, A.PON, tile=17, tiles=(18, 19)), Action(0, A.PON, tile=17, tiles=(16, 18))
        reds = frozenset({16, 52, 88})
        assert describe_option(plain, "japanese", reds).endswith("ポン 5-man")
        assert describe_option(red, "japanese", reds).endswith("ポン 5-man, Red 5-man, 5-man")
        assert describe_option(Action(0, A.DISCARD, tile=16), "japanese", reds) == "Discard Red 5-man"
        assert describe_option(pon, "chinese").startswith("Pung")
        i18n.install("zh_CN")
        assert describe_option(discard, "chinese").startswith("打")
        assert describe_option(pon, "chinese").startswith("碰")
    finally:
        i18n.install("en")


def test_the_controller_waits_for_the_reveal_at_a_set_pace(window) -> None:  # type: ignore[no-untyped-def]
    c = window.controller
    assert c.hold_ms() == 0
    window.scene._hold_until = time.monotonic() + 1.0
    assert 900 < c.hold_ms() <= 1000
    c.pace = 0.6
    c.last = None
    c.next_hand()
    assert c.timer.remainingTime() > 700
    c.timer.stop()
    window.scene._hold_until = 0.0
