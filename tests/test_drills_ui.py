"""The drills window (pytest-qt, offscreen): one round of each drill, graded and kept in the history."""

from __future__ import annotations

import pytest

pytest.importorskip("pytestqt")

from desktop import fonts
from desktop.drills import DrillsWindow
from engine.drills import load_history

WAIT = 20000


@pytest.fixture
def drills(qtbot):  # type: ignore[no-untyped-def]
    fonts.load()
    window = DrillsWindow(family="riichi")
    qtbot.addWidget(window)
    window.show()
    qtbot.waitUntil(lambda: not window.busy, timeout=WAIT)
    return window


def made(qtbot, window, seed) -> None:  # type: ignore[no-untyped-def]
    window.next(seed)
    qtbot.waitUntil(lambda: not window.busy, timeout=WAIT)


def test_one_round_of_the_discard_drill(qtbot, drills) -> None:  # type: ignore[no-untyped-def]
    made(qtbot, drills, 3)
    position = drills.discard.position
    assert position is not None and position.seed == "3"
    tiles = drills.discard.hand_tiles()
    assert sorted(tiles) == sorted(position.hand) and len(drills.discard.hand.faces) == len(tiles)
    assert "Click a tile" in drills.discard.prompt.text()
    best = position.options()[0]
    drills.discard.choose_index(tiles.index(best.tile) if best.tile in tiles else 0)
    grade = drills.discard.grade
    assert grade is not None and grade.correct
    assert drills.discard.table.rowCount() == len(position.options())
    assert "Right" in drills.discard.verdict.text()
    # the answer names tiles in the family's words, never by a code ("3z", "0m")
    from desktop import i18n

    named = i18n.face_name(best.kind, best.red, "japanese")
    assert named in drills.discard.verdict.text() and best.face not in drills.discard.verdict.text()
    table = drills.discard.table
    row = next(r for r in range(table.rowCount()) if table.item(r, 1).text() == named)
    assert table.item(row, 2).text() in ("Tenpai", f"{best.shanten}-shanten")
    accept = table.item(row, 3).text()
    assert accept == "—" or any(w in accept for w in ("-man", "-pin", "-sou")) or any(
        i18n.tile_name(k, "japanese") in accept for k in range(27, 34)
    )
    assert not any(w in accept for w in ("Characters", "Dots", "Bamboo"))
    history = load_history("discard", "riichi")
    assert len(history) == 1 and history[0]["correct"] and history[0]["detail"]["seed"] == "3"
    assert "1 answered, 1 right" in drills.history.text()
    drills.discard.choose_index(0)  # one answer per position
    assert len(load_history("discard")) == 1
    # the next position; a wrong answer is graded and recorded too
    made(qtbot, drills, 4)
    options = drills.discard.position.options()
    worst = options[-1]
    drills.discard.choose(worst.tile)
    assert drills.discard.grade.correct == (worst.rank == 1)
    assert len(load_history("discard")) == 2


def test_one_round_of_the_scoring_drill(qtbot, drills) -> None:  # type: ignore[no-untyped-def]
    drills.tabs.setCurrentWidget(drills.scoring)
    qtbot.waitUntil(lambda: not drills.busy, timeout=WAIT)
    made(qtbot, drills, 5)
    question = drills.scoring.question
    assert question is not None and question.seed == "5"
    assert list(drills.scoring.inputs) == ["han", "fu", "points"]
    assert len(drills.scoring.hand.faces) + len(drills.scoring.melds.faces) >= 14
    drills.scoring.set_answers(question.expected())
    drills.scoring.check_button.click()
    assert drills.scoring.grade is not None and drills.scoring.grade.correct
    assert "Right" in drills.scoring.verdict.text()
    assert str(question.result["points"]) in drills.scoring.breakdown.toPlainText()
    made(qtbot, drills, 6)
    wrong = {k: v + 1 for k, v in drills.scoring.question.expected().items()}
    drills.scoring.set_answers(wrong)
    grade = drills.scoring.check()
    assert grade is not None and not grade.correct
    history = load_history("scoring", "riichi")
    assert [r["correct"] for r in history] == [True, False]


@pytest.mark.parametrize("family", ["sichuan", "lingxi"])
def test_other_families(qtbot, drills, family: str) -> None:  # type: ignore[no-untyped-def]
    drills.picker.set_family(family)
    qtbot.waitUntil(lambda: not drills.busy and drills.discard.position is not None, timeout=WAIT)
    assert drills.discard.position.family == family
    drills.discard.choose(drills.discard.position.options()[0].tile)
    assert drills.discard.grade.correct
    drills.tabs.setCurrentWidget(drills.scoring)
    qtbot.waitUntil(lambda: not drills.busy and drills.scoring.question is not None, timeout=WAIT)
    keys = {"sichuan": ["fan", "value"], "lingxi": ["tai", "final_tai"]}[family]
    assert list(drills.scoring.inputs) == keys
    drills.scoring.set_answers(drills.scoring.question.expected())
    assert drills.scoring.check().correct


def test_the_winds_shown_are_the_engine_s(qtbot, drills) -> None:  # type: ignore[no-untyped-def]
    """The position's seat winds are read from the observation (``SeatView.wind``), not worked out
    from the dealer: a position whose observation gives other winds shows those."""
    import dataclasses

    from engine.game.observation import Observation

    made(qtbot, drills, 3)
    position = drills.discard.position
    data = position.observation.to_json()
    dealer = data["dealer"]
    for s, seat in enumerate(data["seats"]):  # one seat on from what the dealer's place would give
        seat["wind"] = 27 + (s - dealer + 1) % 4
    drills.discard.show_position(dataclasses.replace(position, observation=Observation.from_json(data)))
    names = ("East", "South", "West", "North")
    me = (position.seat - dealer + 1) % 4
    assert f"you sit {names[me]}" in drills.discard.info.text()
    labels = [row[0].text() for row in drills.discard.opponent_rows]
    for offset, label in enumerate(labels, start=1):
        side = ("Right", "Across", "Left")[offset - 1]
        assert label.startswith(f"{side} ({names[(me + offset) % 4]})"), label
