"""Saves written before observations were typed (format 1, Tilehouse 0.1) still load and play on.

The files in ``tests/data/`` were written by commit 7c32fb4 (the last version with the old match
header key ``riichi_sticks``): a practice game of each family one hand in, the riichi one started
with a stick and a honba on the table.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from desktop.session import GameSession
from engine.families.registry import family_names

DATA = Path(__file__).parent / "data"
OLD_SCORES = {
    "riichi": [23900, 23400, 29300, 23400],
    "sichuan": [-2, -2, -2, 6],
    "lingxi": [42, -12, -9, -21],
}


@pytest.mark.parametrize("family", family_names())
def test_an_old_save_loads_and_plays_on(family: str) -> None:
    path = DATA / f"old_{family}.thsave"
    session = GameSession.load(path)
    game = session.game
    assert game.family.name == family
    assert list(game.match.scores) == OLD_SCORES[family]
    assert len(game.results) == 1 and not game.over
    assert session.setup.practice and session.setup.levels == ["standard"] * 4
    seat = game.pending()[0]
    assert game.legal_actions(seat)
    game.apply(game.legal_actions(seat)[0])
    report = game.reports[0]
    report.check()


def test_the_old_stick_key_is_read_and_the_new_one_written() -> None:
    lines = (DATA / "old_riichi.thsave").read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[1])
    assert header["start"]["riichi_sticks"] == 1  # the old key
    session = GameSession.load(DATA / "old_riichi.thsave")
    assert session.game.start is not None and session.game.start.pot == 1
    # the hand began with that stick on the table: its winner collected it, or it is still there
    report = session.game.reports[0]
    assert report.pot_before == 1
    again = json.loads(session.save_text().splitlines()[1])
    assert again["start"]["pot"] == 1 and "riichi_sticks" not in again["start"]
    assert GameSession.from_text(session.save_text()).game.match.scores == session.game.match.scores


@pytest.mark.parametrize("family", family_names())
def test_an_old_log_replays_the_same(family: str, tmp_path: Path) -> None:
    """``tilehouse replay`` of a version 1 log: same hands, scores and actions (exit 0)."""
    from engine.cli import main

    lines = (DATA / f"old_{family}.thsave").read_text(encoding="utf-8").splitlines()[1:]
    assert json.loads(lines[0])["version"] == 1
    log = tmp_path / "old.log"
    log.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert main(["replay", str(log)]) == 0
