"""The arena: duplicate play over seat rotations, statistics, and the command line."""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Sequence
from typing import Any

import pytest

from engine.ai.arena import play_wall, rotations, run_arena, seed_list, summarize, walls_text
from engine.cli import main
from engine.game.game import Game


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


def test_arena_text_report_speaks_the_familys_units(capsys: pytest.CaptureFixture[str]) -> None:
    """Sichuan has no riichi to deal in after, and a win there is worth a few units: the text report
    leaves the riichi column out and gives the mean win to a tenth; riichi keeps both."""
    args = ["--seats", "strong,standard,standard,standard", "--hands", "2", "--seed", "3", "--workers", "1"]
    assert main(["arena", "--variant", "sichuan", *args]) == 0
    out = capsys.readouterr().out
    assert "after riichi" not in out
    values = re.findall(r"win value (\S+)", out)
    assert len(values) == 2 and all("." in v for v in values)
    assert main(["arena", "--variant", "riichi", *args]) == 0
    out = capsys.readouterr().out
    assert out.count("deal-in after riichi") == 2
    assert all("." not in v for v in re.findall(r"win value (\S+)", out))


def test_lone_hero_over_several_seeds_pools_the_walls_and_keeps_each_seeds_own_figures() -> None:
    from engine.ai.arena import lone_hero

    def figures(summary: dict[str, Any]) -> dict[str, Any]:  # without the decision times
        keys = ("hands", "mean_score", "win_rate", "deal_in_rate", "riichi_deal_in")
        return {lv: {k: st[k] for k in keys} for lv, st in summary.items()}

    heroes = ["standard", "beginner"]
    both = lone_hero("riichi", heroes, "beginner", 2, ["3", "4"], workers=1)
    alone = {sd: lone_hero("riichi", heroes, "beginner", 2, sd, workers=1) for sd in ("3", "4")}
    assert both["seeds"] == ["3", "4"] and both["seed"] == "3,4"
    for sd, one in alone.items():
        assert "per_seed" not in one
        mine = both["per_seed"][sd]
        assert mine["pairs"] == one["pairs"]
        for hero in heroes:
            assert figures(mine["heroes"][hero]) == figures(one["heroes"][hero])
    for hero in heroes:
        pooled = both["heroes"][hero][hero]
        parts = [alone[sd]["heroes"][hero][hero] for sd in ("3", "4")]
        assert pooled["hands"] == sum(p["hands"] for p in parts) > 0
        wins = sum(round(p["win_rate"] * p["hands"]) for p in parts)
        assert pooled["win_rate"] == round(wins / pooled["hands"], 4)
    # the same number of walls from each seed: the pooled difference is the mean of the two
    (pair,) = both["pairs"]
    assert pair["diff"] == pytest.approx(sum(a["pairs"][0]["diff"] for a in alone.values()) / 2, abs=1e-3)
    # the win rates' paired difference: every hero holds every seat of every wall, so it is the
    # difference of the two rates, inside its own interval over walls
    first, other = (both["heroes"][h][h] for h in heroes)
    lo, hi = pair["win_rate_ci95"]
    assert pair["win_rate_diff"] == pytest.approx(first["win_rate"] - other["win_rate"], abs=1e-4)
    assert lo <= pair["win_rate_diff"] <= hi


def test_arena_over_several_seeds_pools_the_walls_and_keeps_each_seeds_own_summary(
    capsys: pytest.CaptureFixture[str],
) -> None:
    seats = ["standard", "beginner", "beginner", "beginner"]
    both = run_arena("sichuan", seats, 2, ["3", "4"], workers=1, warm=False)
    alone = {sd: run_arena("sichuan", seats, 2, sd, workers=1, warm=False) for sd in ("3", "4")}
    assert both["seeds"] == ["3", "4"] and both["seed"] == "3,4" and both["hands"] == 16
    for sd, one in alone.items():
        assert "per_seed" not in one and one["seed"] == sd
        assert both["per_seed"][sd]["pairs"] == one["pairs"]
        assert (
            both["per_seed"][sd]["levels"]["standard"]["mean_score"]
            == one["levels"]["standard"]["mean_score"]
        )
    (pair,) = both["pairs"]
    assert pair["diff"] == pytest.approx(sum(a["pairs"][0]["diff"] for a in alone.values()) / 2, abs=1e-3)
    assert both["levels"]["standard"]["hands"] == sum(
        a["levels"]["standard"]["hands"] for a in alone.values()
    )
    # the command line takes the seeds comma-separated and reports each seed's difference too
    code = main(
        [
            "arena",
            "--variant",
            "sichuan",
            "--seats",
            ",".join(seats),
            "--hands",
            "2",
            "--seed",
            "3,4",
            "--workers",
            "1",
            "--no-warm",
        ]
    )
    text = capsys.readouterr().out
    assert code == 0
    assert "2 walls of each of seeds 3, 4 x 4 rotations = 16 hands" in text
    for sd, one in alone.items():
        (mine,) = one["pairs"]
        assert f"seed {sd}: standard - beginner: {mine['diff']:+.2f}" in text
    assert main(["arena", "--variant", "sichuan", "--hands", "1", "--seed", " , "]) == 2
    assert "arena: no seed named" in capsys.readouterr().err
    # one reading of the seeds for the arena, the command line and the benches
    assert seed_list("3, 4") == seed_list(["3", 4]) == ["3", "4"] and seed_list(7) == ["7"]
    assert walls_text(600, ["7"]) == "600 walls of seed 7"


class _Counting:
    """A watcher that wraps each strong seat in a pass-through that counts its decisions, and reads
    each finished hand's winners."""

    def __init__(self) -> None:
        self.decisions = 0
        self.hands: list[tuple[int, tuple[str, ...], int]] = []

    def seat(self, rotation: int, seat: int, level: str, agent: Any) -> Any:
        if level != "strong":
            return agent
        watcher = self

        class Wrapped:
            name = agent.name

            def choose(self, obs: Any, legal: Any) -> Any:
                watcher.decisions += 1
                return agent.choose(obs, legal)

        return Wrapped()

    def hand_over(
        self, wall: int, rotation: int, assignment: Sequence[str], game: Game, start: Sequence[int]
    ) -> None:
        assert wall == 3
        self.hands.append((rotation, tuple(assignment), len(game.results[-1].wins)))


def test_a_watcher_sees_every_seat_and_hand_and_changes_nothing() -> None:
    """A bench's watcher (``HandWatcher``) wraps the seats it wants and reads every finished hand, and the
    wall plays exactly as without it."""
    seats = ["strong", "standard", "standard", "standard"]
    plain = play_wall("riichi", seats, "watch", 3)
    watcher = _Counting()
    watched = play_wall("riichi", seats, "watch", 3, watcher=watcher)
    assert [dataclasses.astuple(s) for s in watched.seats] == [dataclasses.astuple(s) for s in plain.seats]
    assert [r for r, _, _ in watcher.hands] == [0, 1, 2, 3]
    assert [a.index("strong") for _, a, _ in watcher.hands] == [0, 1, 2, 3]
    assert sum(s.won for s in watched.seats) == sum(n for _, _, n in watcher.hands)
    assert watcher.decisions == len(watched.times["strong"]) > 0
