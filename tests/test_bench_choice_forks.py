"""The choice-forks bench plays any family and splits its categories by the tiles left (issue 17)."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))

import bench_choice_forks as forks


def test_sichuan_forks_are_played_and_read_as_danger_ties(capsys: pytest.CaptureFixture[str]) -> None:
    played = forks.play("standard", "strong", range(1), "2026", 4, "sichuan")
    assert played, "strong and standard choose differently somewhere on a Sichuan wall"
    for f in played:
        assert f["wall"] == 0 and 0 <= f["tiles_left"] <= 108
        assert len(f["hero"]) == 3 and len(f["other"]) == 3
    # Sichuan has no expected-value defence: a discard with danger read is a tie-break, not "no threat"
    categories = {f["category"] for f in played}
    assert "discard: as many steps, danger read" in categories
    assert not any("against a riichi" in c or "no threat" in c for c in categories if c.startswith("discard"))
    forks.report(played, 4)
    out = capsys.readouterr().out
    assert f"{len(played):,} forks" in out and "By the tiles left in the wall:" in out


def test_report_splits_large_categories_by_the_wall(capsys: pytest.CaptureFixture[str]) -> None:
    made = [
        {"category": "pass/ron: wait_self_draw", "tiles_left": left, "hero": [g, 0, 0], "standard": [0, 1, 0]}
        for left, g in [(5, -2), (10, -1)] * 60 + [(30, 2), (33, 1)] * 60
    ]
    forks.report(made, 480)
    rows = capsys.readouterr().out.splitlines()
    assert "| pass/ron: wait_self_draw | 240 | +0.00 |" in rows[3]
    early = next(r for r in rows if "0–14 left" in r)
    late = next(r for r in rows if "25–34 left" in r)
    assert "| 120 | -1.50 |" in early and "| 120 | +1.50 |" in late


def test_runner_up_forks_fork_the_heros_own_second_best_discard(capsys: pytest.CaptureFixture[str]) -> None:
    played = forks.play("standard", "strong", range(1), "2026", 6, "sichuan", "runner-up", 0.5)
    assert played, "a Sichuan hand has discards with a second best of another kind"
    for f in played:
        assert f["category"].startswith(f"discard: {f['steps']} steps from ready")
        assert len(f["hero"]) == 3 and len(f["other"]) == 3 and "standard" not in f
        assert len(f["tiles"]) == 2 and len(f["values"]) == 2
        shape = r"discard: \d steps from ready, (a tie|tiles[<=>] value[<=>] safer[<=>])"
        assert re.fullmatch(shape, f["category"])
    assert len(played) <= 4 * 6  # at most 6 a hand
    forks.report(played, 4, "runner-up")
    out = capsys.readouterr().out
    assert "wins: hero's / the runner-up's" in out


def test_call_runner_up_forks_fork_calls_and_kans_against_another_kind_of_action(
    capsys: pytest.CaptureFixture[str],
) -> None:
    played = forks.play("standard", "strong", range(2), "7", 20, "sichuan", "call-runner-up")
    assert played, "two Sichuan walls offer pons or kans"
    shape = (
        r"(pon|open_kan|closed_kan|added_kan|pass|discard)/(pon|open_kan|closed_kan|added_kan|pass|discard): "
        r"(fewer steps|more steps|as many steps, (more|fewer|as many) tiles)(, ready)?, (closed|open)"
    )
    kinds = set()
    for f in played:
        assert re.fullmatch(shape, f["category"]), f["category"]
        mine, other = f["category"].split(":")[0].split("/")
        assert mine != other and "ron" not in (mine, other) and "tsumo" not in (mine, other)
        kinds |= {mine, other}
        assert len(f["hero"]) == 3 and len(f["other"]) == 3
    assert "pon" in kinds and "pass" in kinds
    forks.report(played, 8, "call-runner-up")
    assert "wins: hero's / the runner-up's" in capsys.readouterr().out


def test_step_back_forks_fork_ready_hands_on_few_tiles_against_one_step_back() -> None:
    played = forks.play("standard", "strong", range(2, 3), "2026", 20, "sichuan", "step-back")
    assert played, "wall 2 of seed 2026 has strong ready on one or two tiles"
    for f in played:
        ready, back = f["tiles"]
        assert 0 <= ready <= forks.STEP_BACK_TILES < back
        assert re.fullmatch(r"ready on \d tiles / one step back on (0–11|12–19|20\+) tiles", f["category"])
        assert f["category"].startswith(f"ready on {ready} tiles")
        assert len(f["hero"]) == 3 and len(f["other"]) == 3


def test_the_fit_recovers_the_weights_of_tiles_and_value() -> None:
    import math

    made = []
    for i in range(60):
        tiles = [8 + i % 5, 4 + i % 3]
        values = [1.0 + (i % 4) * 0.5, 2.0 + (i % 7) * 0.25]
        gain = 0.5 * math.log(tiles[0] / tiles[1]) + 2.0 * math.log(values[0] / values[1]) + 0.1
        made.append({"tiles": tiles, "values": values, "hero": [gain, 0, 0], "other": [0.0, 0, 0]})
    fit = forks.fit_gain(made)
    assert fit is not None
    (t, th), (v, vh), (c, ch) = fit
    assert abs(t - 0.5) < 1e-9 and abs(v - 2.0) < 1e-9 and abs(c - 0.1) < 1e-9
    assert th < 1e-6 and vh < 1e-6 and ch < 1e-6  # an exact fit leaves no spread
    assert forks.fit_gain(made[:5]) is None


def test_lack_forks_fork_each_declaration_against_both_other_suits() -> None:
    """定缺: every hand of the hero forks its suit against each of the two others, once each."""
    played = forks.play("standard", "strong", range(1), "7", 6, "sichuan", "lack")
    assert len(played) == 4 * 2, "one wall, four seatings, two other suits each"
    shape = (
        r"lack against the (second|third): (more steps|fewer steps|as many steps), "
        r"(drops more|drops fewer|drops as many), (more acceptance|less acceptance|as much acceptance)"
    )
    for f in played:
        assert re.fullmatch(shape, f["category"]), f["category"]
        assert len(f["hero"]) == 3 and len(f["other"]) == 3
    by_hand = {(f["wall"], f["rotation"]) for f in played}
    assert len(by_hand) == 4
    for hand in by_hand:
        places = sorted(f["category"].split(":")[0] for f in played if (f["wall"], f["rotation"]) == hand)
        assert places == ["lack against the second", "lack against the third"]
