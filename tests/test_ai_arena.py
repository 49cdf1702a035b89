"""The arena: duplicate play over seat rotations, statistics, and the command line."""

from __future__ import annotations

import json

import pytest

from engine.ai.arena import rotations, run_arena, summarize
from engine.cli import main


def test_rotations_put_each_level_in_each_seat() -> None:
    rots = rotations(["strong", "beginner", "beginner", "beginner"])
    assert [r.index("strong") for r in rots] == [0, 1, 2, 3]


def test_arena_reports_per_level_and_pairs() -> None:
    out = run_arena(
        "riichi", ["strong", "beginner", "beginner", "beginner"], 2, seed=5, workers=1, warm=False
    )
    assert out["hands"] == 8 and out["walls"] == 2
    strong = out["levels"]["strong"]
    assert strong["hands"] == 8 and len(strong["ci95"]) == 2
    assert strong["decision_ms"]["decisions"] > 0
    assert out["levels"]["beginner"]["hands"] == 24
    (pair,) = out["pairs"]
    assert (pair["a"], pair["b"]) == ("strong", "beginner")
    # every wall's points add up over its four rotations (sticks left on the table aside)
    assert out["levels"]["strong"]["mean_score"] + 3 * out["levels"]["beginner"]["mean_score"] <= 1


def test_arena_is_reproducible() -> None:
    a = run_arena(
        "riichi", ["standard", "beginner", "beginner", "beginner"], 1, seed=9, workers=1, warm=False
    )
    b = run_arena(
        "riichi", ["standard", "beginner", "beginner", "beginner"], 1, seed=9, workers=1, warm=False
    )
    assert a["levels"]["standard"]["mean_score"] == b["levels"]["standard"]["mean_score"]


def test_arena_rejects_unknown_levels() -> None:
    with pytest.raises(ValueError, match="unknown level"):
        run_arena("riichi", ["wizard", "beginner", "beginner", "beginner"], 1, workers=1, warm=False)


def test_summary_intervals() -> None:
    assert summarize([], ["strong"])["levels"]["strong"]["hands"] == 0


def test_arena_command_json(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(
        [
            "arena",
            "--variant",
            "riichi",
            "--seats",
            "strong,standard,standard,standard",
            "--hands",
            "1",
            "--seed",
            "3",
            "--workers",
            "1",
            "--json",
        ]
    )
    assert code == 0
    out = json.loads(capsys.readouterr().out)
    assert out["variant"] == "riichi" and set(out["levels"]) == {"strong", "standard"}
    assert code == 0
