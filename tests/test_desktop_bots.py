"""Outside mjai programs at the desktop table (pytest-qt, offscreen): the new-game dialog offers
"Outside bot (mjai)…" with a command where the engine's bridge can seat one, the seat plays through the
bridge on the worker thread while the window stays live, a faulty program never stalls the table, and a
save keeps the command (a program gone on resume: one notice, the strong AI plays the seat)."""

from __future__ import annotations

import shlex
import sys
import threading
import time
import traceback
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtCore import QTimer

from desktop import agents, i18n
from desktop.dialogs import BOT, NewGameDialog
from desktop.session import GameSession
from desktop.settings import Settings
from desktop.storage import Setup
from engine.records import bridge
from engine.rules import load_ruleset

BOTS = Path(__file__).resolve().parent / "mjai_bots"
PYTHON = shlex.quote(sys.executable)
LEGAL = f"{PYTHON} {shlex.quote(str(BOTS / 'legal_bot.py'))}"
RULES = load_ruleset("riichi-online-east")
WAIT = 60000


def faulty(mode: str, *extra: str) -> str:
    words = [str(BOTS / "faulty_bot.py"), mode, *extra]
    return PYTHON + " " + " ".join(shlex.quote(w) for w in words)


@pytest.fixture
def quick_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    """The bridge's limits shortened, so that a program that sleeps costs a second, not five."""
    monkeypatch.setattr(GameSession, "bot_timeout", 1.0)
    monkeypatch.setattr(GameSession, "bot_start_timeout", 15.0)


def _session(window: Any) -> GameSession:
    session = window.controller.worker.session
    assert isinstance(session, GameSession)
    return session


def _play_one_hand(qtbot: Any, window: Any, levels: list[str], seed: str) -> GameSession:
    settled: list[bool] = []
    window.hand_settled.connect(lambda: settled.append(True))
    window.start_game(RULES, Setup(human_seat=None, levels=levels, max_hands=1), seed)
    qtbot.waitUntil(lambda: bool(settled), timeout=WAIT)
    qtbot.waitUntil(window.controller.idle, timeout=WAIT)
    return _session(window)


# ── the dialog ─────────────────────────────────────────────────────────────────────────────────────
def test_the_dialog_offers_an_outside_bot_where_the_bridge_can_seat_one(qtbot) -> None:  # type: ignore[no-untyped-def]
    settings = Settings(last_family="riichi")
    dlg = NewGameDialog(settings)
    qtbot.addWidget(dlg)
    dlg.show()
    assert dlg.ruleset.currentData() == "riichi-online"
    assert all(c.findData(BOT) == c.count() - 1 for c in dlg.levels)  # after the AI levels
    assert dlg.bots_box.isHidden()
    # three players (sanma) and the Chinese families: the bridge cannot seat a program
    dlg.levels[2].setCurrentIndex(dlg.levels[2].findData(BOT))
    assert not dlg.bots_box.isHidden() and not dlg.bot_rows[2].isHidden()
    assert dlg.bot_rows[1].isHidden()
    assert dlg.set_opponents(2)
    assert all(c.findData(BOT) < 0 for c in dlg.levels) and dlg.bots_box.isHidden()
    assert dlg.levels[2].currentData() == agents.DEFAULT_LEVEL
    dlg.family.setCurrentIndex(dlg.family.findData("sichuan"))
    assert all(c.findData(BOT) < 0 for c in dlg.levels)
    dlg.family.setCurrentIndex(dlg.family.findData("riichi"))
    assert dlg.set_opponents(3) and dlg.ruleset.currentData() == "riichi-online"
    # each ruleset is asked of the engine's bridge
    for name in ("riichi-club", "riichi-online"):
        dlg.ruleset.setCurrentIndex(dlg.ruleset.findData(name))
        assert (dlg.levels[1].findData(BOT) >= 0) == (bridge.mjai_refusal(load_ruleset(name)) is None)
    # a command is asked for, and must name a program that is there
    dlg.levels[3].setCurrentIndex(dlg.levels[3].findData(BOT))
    dlg.bot_commands[3].setText("")
    assert "North" in (dlg.bot_problem() or "")
    dlg.bot_commands[3].setText(f"{PYTHON} /no/such/bot.py")
    assert "/no/such/bot.py" in (dlg.bot_problem() or "")
    dlg.bot_commands[3].setText(LEGAL)
    assert dlg.bot_problem() is None
    rules, setup, _ = dlg.choice()
    assert setup.levels[3] == agents.bot_level(LEGAL) and agents.bot_command(setup.levels[3]) == LEGAL
    assert setup.levels[1] == agents.DEFAULT_LEVEL and bridge.mjai_refusal(rules) is None
    assert settings.last_bot_command == LEGAL
    # the person's own seat never gets a program
    dlg.seat.setCurrentIndex(dlg.seat.findData(3))
    assert dlg.bot_seats() == [] and dlg.bots_box.isHidden()
    _, setup, _ = dlg.choice()
    assert setup.human_seat == 3 and not any(agents.bot_command(lv) for lv in setup.levels)


@pytest.mark.parametrize(("language", "word"), [("en", "Outside bot (mjai)"), ("zh_CN", "外部")])
def test_the_outside_bot_is_worded_in_the_players_language(qtbot, language: str, word: str) -> None:  # type: ignore[no-untyped-def]
    i18n.install(language)
    try:
        dlg = NewGameDialog(Settings(last_family="riichi"))
        qtbot.addWidget(dlg)
        combo = dlg.levels[1]
        assert word in combo.itemText(combo.findData(BOT))
        combo.setCurrentIndex(combo.findData(BOT))
        dlg.bot_commands[1].setText("")
        problem = dlg.bot_problem() or ""
        assert problem and (language == "en") == problem.isascii()
        assert dlg.bots_title.text() and (language == "en") == dlg.bots_title.text().isascii()
    finally:
        i18n.install("en")


# ── at the table ───────────────────────────────────────────────────────────────────────────────────
def test_an_mjai_seat_plays_a_hand_in_the_window_off_the_ui_thread(qtbot, main_window, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    threads: list[threading.Thread] = []
    ticks_while_asked: list[int] = []
    ticks = [0]
    choose = bridge.MjaiSeat.choose

    def watched(self: bridge.MjaiSeat, observation: Any, legal: Any) -> Any:
        threads.append(threading.current_thread())
        before = ticks[0]
        answer = choose(self, observation, legal)
        ticks_while_asked.append(ticks[0] - before)
        return answer

    monkeypatch.setattr(bridge.MjaiSeat, "choose", watched)
    window = main_window(size=(1280, 800))
    timer = QTimer(window)
    timer.timeout.connect(lambda: ticks.__setitem__(0, ticks[0] + 1))
    timer.start(1)
    session = _play_one_hand(
        qtbot, window, ["standard", agents.bot_level(LEGAL), "standard", "standard"], "bot-hand"
    )
    timer.stop()
    assert session.match_over and len(session.game.results) == 1
    assert session.bot_log.incidents == [] and session.bot_log.accepted > 5
    assert threads and threading.main_thread() not in threads  # asked on the worker thread
    # the first question starts the program (a Python start-up): the UI thread ran meanwhile
    assert ticks_while_asked[0] > 0
    assert window.settlement.isVisible() and window.bot_notice == ""
    assert window.names(window.snap)[1] == "Bot 1" and window.names(window.snap)[2] == "AI 2"


@pytest.mark.parametrize("mode", ["garbage", "sleep", "exit"])
def test_a_faulty_bot_never_stalls_the_table(qtbot, main_window, quick_bots, tmp_path, mode) -> None:  # type: ignore[no-untyped-def]
    command = faulty(mode, str(tmp_path / "ran-once")) if mode == "exit" else faulty(mode)
    window = main_window(size=(1280, 800))
    session = _play_one_hand(qtbot, window, ["strong", agents.bot_level(command), "strong", "strong"], mode)
    assert session.match_over and len(session.game.results) == 1
    kinds = {i.kind for i in session.bot_log.incidents}
    expected = {"garbage": {"garbage"}, "sleep": {"timeout"}, "exit": {"died"}}[mode]
    assert expected <= kinds, session.bot_log.incidents
    assert window.bot_notice and "Bot 1" in window.bot_notice  # said once, at the table
    assert window.banner.isVisible()


# ── saves ──────────────────────────────────────────────────────────────────────────────────────────
def _stall_report(window: Any) -> str:
    """Where a game that stopped moving stood: the controller's flow, the session, the shared engine
    process (its lock, starts, failures, pause) and what every thread was doing."""
    from desktop import engine_process

    c = window.controller
    s = c.worker.session
    flow = {
        "in_flight": c.in_flight,
        "loading": c.loading,
        "waiting_next": c.waiting_next,
        "paused": c.paused,
        "timer": c.timer.isActive(),
        "generation": (c.generation, c.worker.generation),
        "snapshot actions": None if window.snap is None else window.snap.actions,
    }
    if s is not None:
        flow |= {"actions": len(s.game.actions), "ai": s.ai_pending(), "human": s.human_pending()}
    ep = engine_process.shared()
    free = ep._lock.acquire(timeout=0.1)
    if free:
        ep._lock.release()
    flow |= {
        "engine lock free": free,
        "engine": (ep.starts, ep.requests, ep.failures, ep.in_a_row, ep.paused_until > time.monotonic()),
    }
    stacks = "".join(
        f"\n-- thread {tid}\n" + "".join(traceback.format_stack(frame)[-12:])
        for tid, frame in sys._current_frames().items()
    )
    return f"the resumed game stopped: {flow}{stacks}"


def _save_mid_hand(tmp_path: Path, command: str) -> Path:
    levels = ["standard", agents.bot_level(command), "standard", "standard"]
    session = GameSession.new(RULES, Setup(human_seat=None, levels=levels), "bot-save")
    try:
        for _ in range(20):
            session.ai_step()
    finally:
        session.close()
    path = tmp_path / "bot.thsave"
    session.save(path)
    return path


def test_a_save_keeps_the_command_and_the_program_joins_the_hand_in_play(tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = _save_mid_hand(tmp_path, LEGAL)
    assert agents.bot_level(LEGAL) in path.read_text(encoding="utf-8").splitlines()[0]
    loaded = GameSession.load(path)
    try:
        assert loaded.notices == [] and loaded.level_of(1) == agents.bot_level(LEGAL)
        while not loaded.game.results:
            loaded.ai_step()
    finally:
        loaded.close()
    assert loaded.bot_log.incidents == [] and loaded.bot_log.accepted > 0


@pytest.mark.parametrize(("language", "word"), [("en", "not found"), ("zh_CN", "找不到")])
def test_a_program_gone_on_resume_is_one_notice_and_the_strong_ai_plays(  # type: ignore[no-untyped-def]
    qtbot, main_window, tmp_path, language, word
) -> None:
    script = tmp_path / "my_bot.py"
    script.write_text((BOTS / "legal_bot.py").read_text(encoding="utf-8"), encoding="utf-8")
    command = f"{PYTHON} {shlex.quote(str(script))}"
    path = _save_mid_hand(tmp_path, command)
    script.unlink()
    session = GameSession.load(path)
    assert [m.key for m in session.notices] == ["mjai.missing"]
    assert session.level_of(1) == "strong" and session.setup.levels[1] == agents.bot_level(command)
    assert agents.bot_level(command) in session.save_text().splitlines()[0]  # the save still has it
    window = main_window(size=(1280, 800), language=language)
    window.load_path(path)
    qtbot.waitUntil(lambda: bool(window.bot_notice), timeout=WAIT)
    assert word in window.bot_notice and str(script) in window.bot_notice
    assert window.bot_notice.count("\n") == 0 and window.banner.isVisible()
    try:
        qtbot.waitUntil(lambda: window.snap is not None and window.snap.actions > 20, timeout=WAIT)
    except qtbot.TimeoutError as exc:  # say where it stood (the stall seen here: test_desktop_robust)
        raise AssertionError(_stall_report(window)) from exc
    played = _session(window)
    assert played.bot_log.incidents == [] and 1 in played._fallback


def test_after_an_undo_the_program_joins_the_rebuilt_game(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from engine.game.actions import ActionType

    levels = ["standard", agents.bot_level(LEGAL), "standard", "standard"]
    session = GameSession.new(RULES, Setup(human_seat=0, levels=levels, practice=True), "bot-undo")
    try:
        moves = 0
        while moves < 6 and not session.game.results:
            if session.human_pending():
                legal = session.game.legal_actions(0)
                discard = [a for a in legal if a.type is ActionType.DISCARD]
                session.apply_human(discard[-1] if discard else legal[0])
                moves += 1
            else:
                session.ai_step()
        first = session._bots[1]
        assert session.undo() and session._bots == {} and not first.program.alive
        while not session.game.results:
            if session.human_pending():
                legal = session.game.legal_actions(0)
                session.apply_human(next((a for a in legal if a.type is ActionType.PASS), legal[-1]))
            else:
                session.ai_step()
        assert session._bots[1] is not first and session._bots[1].program.alive
    finally:
        session.close()
    assert session.bot_log.incidents == [] and session.bot_log.accepted > 3


def test_rules_the_bridge_cannot_carry_leave_the_seat_to_the_strong_ai() -> None:
    from engine.rules import default_ruleset

    levels = ["standard", agents.bot_level(LEGAL), "standard", "standard"]
    session = GameSession.new(default_ruleset("sichuan"), Setup(human_seat=0, levels=levels), "refused")
    assert [m.key for m in session.notices] == ["mjai.refused"]
    assert session.level_of(1) == "strong" and session.uses_engine_process()
    assert 1 in session.ai_pending()
    while 1 in session.ai_pending():  # the seat decides as the strong AI: no program is started
        session.ai_step()
    assert session._bots == {} and any(a.seat == 1 for a in session.game.actions)
    assert session.snapshot([]).notices[0].arg("seat") == 1 and session.notices == []
