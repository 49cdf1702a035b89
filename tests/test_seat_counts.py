"""Every family at every seat count through the shared machinery: logs written and replayed, the
hash of logs written before the seat count existed, the registry's seat counts, the observation's
table sides, and the command line (simulate and arena with --players)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.agents.simple import SimpleAgent
from engine.cli import main
from engine.families.registry import family_names, get_family
from engine.game.game import Game
from engine.game.log import check_header, header, write_log
from engine.game.play import play_hand
from engine.rules import default_ruleset, ruleset_hash, to_dict

CASES = [(family, players) for family in family_names() for players in (2, 3)]


@pytest.mark.parametrize(("family", "players"), CASES)
def test_a_game_of_fewer_players_is_logged_and_replays_the_same(
    family: str, players: int, tmp_path: Path
) -> None:
    rules = default_ruleset(family).with_changes(players=players)
    assert players in get_family(family).seat_counts
    game = Game(rules, seed="log", check_invariants=True)
    agents = [SimpleAgent(f"log:{s}") for s in range(players)]
    play_hand(game, agents)
    assert len(game.match.scores) == players and len(game.results[-1].score_changes) == players
    log = tmp_path / "game.log"
    write_log(game, log)
    assert main(["replay", str(log)]) == 0
    head = json.loads(log.read_text(encoding="utf-8").splitlines()[0])
    assert head["ruleset"]["players"] == players


def test_a_log_from_before_the_seat_count_keeps_its_hash(tmp_path: Path) -> None:
    """The ruleset of an old log has no ``players`` and its hash is of what it stored: it loads as
    four players; the same ruleset edited (another value) is still refused."""
    game = Game(default_ruleset("riichi"), seed=1)
    head = header(game)
    old = {k: v for k, v in to_dict(game.rules).items() if k != "players"}
    head["ruleset"] = old
    from hashlib import sha256

    head["ruleset_hash"] = sha256(json.dumps(old, sort_keys=True, separators=(",", ":")).encode()).hexdigest()
    checked = check_header(head)
    assert checked.rules.players == 4 and ruleset_hash(checked.rules) != head["ruleset_hash"]
    head["ruleset"] = {**old, "kiriage": not old["kiriage"]}
    with pytest.raises(ValueError, match="ruleset_hash"):
        check_header(head)


def test_the_table_sides_of_every_seat_count() -> None:
    for family in family_names():
        for players in (2, 3, 4):
            obs = Game(default_ruleset(family).with_changes(players=players), seed=2).observation(1)
            sides = [obs.side_of(s) for s in range(players)]
            assert sides[1] == 0 and len(set(sides)) == players  # the observer at the bottom
            assert obs.side_of((1 + 1) % players) == (1 if players > 2 else 2)  # the next player
            assert len(obs.seats) == players == obs.n


@pytest.mark.parametrize("family", family_names())
def test_simulate_and_arena_take_the_number_of_players(
    family: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["simulate", "--variant", family, "--players", "3", "--hands", "3", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["players"] == 3 and out["errors"] == []
    assert main(["simulate", "--variant", family, "--players", "5", "--hands", "1"]) == 2
    assert "players" in capsys.readouterr().err
    args = [
        "arena",
        "--variant",
        family,
        "--players",
        "2",
        "--hands",
        "1",
        "--workers",
        "1",
        "--no-warm",
        "--json",
    ]
    assert main(args) == 0
    arena = json.loads(capsys.readouterr().out)
    assert arena["seats"] == ["strong", "standard"] and arena["hands"] == 2
    assert main(["arena", "--variant", family, "--players", "3", "--seats", "strong,standard"]) == 2


@pytest.mark.parametrize("family", family_names())
def test_each_seat_count_has_a_ruleset_to_start_from(family: str) -> None:
    spec = get_family(family)
    for players in spec.seat_counts:
        rules = spec.default_rules(players)
        assert rules.family == family and rules.players == players
    assert spec.default_rules(4) == default_ruleset(family)
    assert dict(spec.seat_presets).get(3, default_ruleset(family).name) == spec.default_rules(3).name
    with pytest.raises(ValueError, match="played by"):
        spec.default_rules(5)
