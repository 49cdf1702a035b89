"""The desktop session without a window: saves, corrupted files, undo, auto options, analysis."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from desktop.session import AutoOptions, GameSession, SaveError, Setup, autosave_path
from engine.game.actions import ActionType
from engine.rules import default_ruleset
from tests.desktop_helpers import chi_choice, find_state

A = ActionType
ROOT = Path(__file__).resolve().parent.parent


def played(n: int = 30, practice: bool = True) -> GameSession:
    session = GameSession.new(default_ruleset("riichi"), Setup(human_seat=0, practice=practice), seed="s1")
    from engine.agents.simple import SimpleAgent

    agent = SimpleAgent(3)
    for _ in range(n):
        if session.human_pending():
            session.apply_human(agent.choose(session.game.observation(0), session.game.legal_actions(0)))
        else:
            session.ai_step()
    return session


def test_save_and_load_in_a_new_process_gives_the_same_state(tmp_path: Path) -> None:
    session = played(40)
    path = tmp_path / "g.thsave"
    session.save(path)
    code = (
        "import json,sys; from desktop.session import GameSession;"
        "s=GameSession.load(__import__('pathlib').Path(sys.argv[1]));"
        "print(json.dumps(s.game.observation(0).to_json(), sort_keys=True))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code, str(path)], capture_output=True, text=True, cwd=ROOT, check=True
    )
    assert json.loads(out.stdout) == json.loads(
        json.dumps(session.game.observation(0).to_json(), sort_keys=True)
    )


@pytest.mark.parametrize(
    "damage",
    [
        lambda text: text.replace('"discard"', '"dsicard"', 1),  # checksum no longer matches
        lambda text: text[: len(text) // 2],  # truncated
        lambda text: "hello, world\n",  # foreign
        lambda text: "",  # empty
    ],
)
def test_a_damaged_save_is_refused_with_a_clear_message(tmp_path: Path, damage) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "bad.thsave"
    path.write_text(damage(played(20).save_text()), encoding="utf-8")
    with pytest.raises(SaveError) as info:
        GameSession.load(path)
    text = str(info.value)
    assert "bad.thsave" in text and ("damaged" in text or "not a Tilehouse save" in text or "empty" in text)


def test_tampered_moves_with_a_fixed_checksum_are_refused(tmp_path: Path) -> None:
    session = played(20)
    lines = session.save_text().splitlines()
    meta = json.loads(lines[0])
    log = lines[1:]
    idx = next(i for i, ln in enumerate(log) if '"discard"' in ln)
    log[idx] = json.dumps({"action": {"seat": 3, "type": "discard", "tile": 135}})
    from desktop.session import _checksum

    meta["checksum"] = _checksum(log)
    path = tmp_path / "t.thsave"
    path.write_text("\n".join([json.dumps(meta), *log]) + "\n", encoding="utf-8")
    with pytest.raises(SaveError, match=r"do not replay|damaged"):
        GameSession.load(path)


def test_autosave_is_atomic_and_in_the_data_folder(tmp_path: Path) -> None:
    session = played(10)
    path = session.autosave()
    assert path == autosave_path() and str(path).startswith(str(tmp_path))
    assert not list(path.parent.glob("*.tmp"))
    assert GameSession.load(path).game.actions == session.game.actions


def test_undo_removes_the_last_human_decision_and_the_ai_moves_after_it() -> None:
    session = played(25)
    before = list(session.game.actions)
    index = session.undo_index()
    assert index is not None and before[index].seat == 0
    assert session.undo()
    assert session.game.actions == before[:index]
    assert session.human_pending()


def test_undo_only_in_practice() -> None:
    session = played(25, practice=False)
    assert not session.undo()


def test_auto_pass_with_no_calls_and_auto_win() -> None:
    game = find_state(chi_choice)
    session = GameSession(game, Setup(human_seat=0))
    assert session.auto_action() is None
    session.auto = AutoOptions(no_calls=True)
    auto = session.auto_action()
    assert auto is not None and auto.type is A.PASS


def test_the_snapshot_carries_the_engine_analysis() -> None:
    session = played(12)
    snap = session.snapshot([], with_analysis=True)
    info = snap.analysis
    assert info is not None and info == session.game.analysis(0)
    assert info.shanten is not None and info.shanten >= -1
    assert info.waits or info.discards or info.decision is None


def test_a_finished_match_loads_at_its_last_settlement(tmp_path: Path) -> None:
    """Continuing a practice game that has ended shows its settlement and the table as the hand
    ended — not a next deal the match will never play (which used to sit there, frozen)."""
    setup = Setup(human_seat=0, practice=True, max_hands=1)
    session = GameSession.new(default_ruleset("lingxi"), setup, seed="s2")
    from engine.agents.simple import SimpleAgent

    agent = SimpleAgent(3)
    while not session.match_over:
        if session.human_pending():
            session.apply_human(agent.choose(session.game.observation(0), session.game.legal_actions(0)))
        else:
            session.ai_step()
    live = session.snapshot([])
    assert live.report is not None and live.report_obs is not None and live.match_over
    path = tmp_path / "over.thsave"
    session.save(path)
    loaded = GameSession.load(path).snapshot([])
    assert loaded.match_over and loaded.report is not None and loaded.report_obs is not None
    assert loaded.report.to_json() == live.report.to_json()
    assert loaded.report_obs.to_json() == live.report_obs.to_json()
    # a match still going loads as it stood, with no settlement to show again
    going = played(40)
    going.save(tmp_path / "going.thsave")
    assert GameSession.load(tmp_path / "going.thsave").snapshot([]).report is None
