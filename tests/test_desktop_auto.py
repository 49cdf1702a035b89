"""The auto options act in the real window, at the AI pace a player uses (pytest-qt, offscreen).

Both were once dead: the table waited for a click after riichi and with the lacking suit in hand,
because the automatic move was only asked for while the AI played at full speed. Now one path
(``desktop.session.automatic_move``) is asked at every decision of the human seat.
"""

from __future__ import annotations

import pytest

pytest.importorskip("pytestqt")

from desktop.session import GameSession, Setup
from engine.game.actions import ActionType
from engine.game.log import log_lines, parse_log, rebuild
from tests.desktop_helpers import find_state

A = ActionType
WAIT = 20000


def _load(qtbot, w, game, tmp_path):  # type: ignore[no-untyped-def]
    path = tmp_path / "state.thsave"
    GameSession(game, Setup(human_seat=0, levels=["simple"] * 4)).save(path)
    w.load_path(path)
    qtbot.waitUntil(lambda: w.snap is not None and w.snap.actions == len(game.actions), timeout=WAIT)


def test_after_riichi_the_drawn_tile_goes_by_itself(qtbot, main_window, tmp_path) -> None:  # type: ignore[no-untyped-def]
    game = find_state(lambda g, legal: any(a.type is A.RIICHI for a in legal))
    w = main_window(ai_pace=0.05, tsumogiri_riichi=True, no_calls=True)
    w.apply_settings()
    _load(qtbot, w, game, tmp_path)
    qtbot.waitUntil(lambda: bool(w.snap.legal), timeout=WAIT)
    riichi = next(a for a in w.snap.legal if a.type is A.RIICHI)
    w.send(riichi)
    qtbot.waitUntil(lambda: w.snap.obs.seats[0].declared, timeout=WAIT)
    start = len(w.snap.obs.seats[0].discards)
    # nobody clicks again: the next turns discard the drawn tile on their own (or the hand ends)
    qtbot.waitUntil(
        lambda: (
            len(w.snap.obs.seats[0].discards) >= start + 2 or w.snap.report is not None or bool(w.snap.legal)
        ),
        timeout=WAIT,
    )
    session = w.controller.worker.session
    assert session is not None
    ours = [i for i in session.auto_indices if session.game.actions[i].type is A.DISCARD]
    if w.snap.report is None and not any(a.type in (A.TSUMO, A.RON) for a in w.snap.legal):
        assert len(ours) >= 2, "the drawn tile was discarded automatically after riichi"
    parsed = parse_log(log_lines(session.game, with_summary=False), "auto")
    for i in ours:  # each was the tile just drawn
        before = rebuild(parsed, upto=i)
        assert before.observation(0).me.drawn == session.game.actions[i].tile


def test_the_lacking_suit_goes_first_by_itself(qtbot, main_window, tmp_path) -> None:  # type: ignore[no-untyped-def]
    def lacking_turn(game, legal) -> bool:  # type: ignore[no-untyped-def]
        me = game.observation(0).me
        lack = me.lacking_suit
        if lack is None or not legal or any(a.type is not A.DISCARD for a in legal):
            return False
        return sum(1 for t in me.hand or () if t // 36 == lack) >= 2

    game = find_state(lacking_turn, family="sichuan")
    lack = game.observation(0).me.lacking_suit
    held = sum(1 for t in game.observation(0).me.hand or () if t // 36 == lack)
    w = main_window(ai_pace=0.05, lacking_first=True, no_calls=True)
    w.apply_settings()
    _load(qtbot, w, game, tmp_path)

    def lacking_left() -> int:
        return sum(1 for t in w.snap.obs.seats[0].hand or () if t // 36 == lack)

    qtbot.waitUntil(lambda: lacking_left() <= held - 2 or w.snap.report is not None, timeout=WAIT)
    session = w.controller.worker.session
    assert session is not None
    auto = [session.game.actions[i] for i in session.auto_indices]
    assert auto and all(a.type is A.DISCARD and a.tile is not None and a.tile // 36 == lack for a in auto)
