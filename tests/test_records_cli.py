"""The record commands: convert, replay and conformance of imported logs, review, and the arena with
mjai seats."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from engine.agents.simple import SimpleAgent
from engine.ai.arena import INCIDENT_DETAILS, play_wall, summarize
from engine.cli import main
from engine.game.game import Game
from engine.game.log import write_log
from engine.game.play import play_hand
from engine.rules import default_ruleset, load_ruleset
from tests.mjlog_writer import mjlog

BOT = Path(__file__).resolve().parent / "mjai_bots" / "legal_bot.py"


def saved(tmp_path: Path, family: str = "riichi", hands: int = 2) -> Path:
    rules = load_ruleset("riichi-online") if family == "riichi" else default_ruleset(family)
    game = Game(rules, seed=f"cli {family}")
    agents = [SimpleAgent(s) for s in range(len(game.match.scores))]
    while len(game.results) < hands:
        play_hand(game, agents)
    path = tmp_path / f"{family}.log"
    write_log(game, path)
    return path


def test_convert_to_tenhou6_and_mjai_then_replay_and_back_to_a_tilehouse_log(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = saved(tmp_path)
    t6, mj, back = tmp_path / "g.json", tmp_path / "g.mjson", tmp_path / "back.log"
    assert main(["convert", str(log), "--to", "tenhou6", "-o", str(t6), "--names", "A,B,C,D"]) == 0
    assert json.loads(t6.read_text(encoding="utf-8"))["name"] == ["A", "B", "C", "D"]
    assert main(["convert", str(log), "--to", "mjai", "-o", str(mj)]) == 0
    capsys.readouterr()
    for path in (t6, mj):
        assert main(["replay", str(path), "--json"]) == 0
        out = json.loads(capsys.readouterr().out)
        assert out["same_result"] and out["hands"] == 2 and out["format"] in ("tenhou.net/6", "mjai")
    assert main(["convert", str(t6), "--to", "tilehouse", "-o", str(back)]) == 0
    assert main(["replay", str(back)]) == 0  # the imported game as a Tilehouse log, its walls rebuilt
    assert "rebuilds the same result" in capsys.readouterr().out


def test_a_sichuan_game_is_not_a_riichi_format_but_converts_to_json_lines(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = saved(tmp_path, "sichuan", hands=1)
    assert main(["convert", str(log), "--to", "tenhou6"]) == 2
    assert "sichuan game is exported as the project's JSON lines log" in capsys.readouterr().err
    assert main(["convert", str(log), "--to", "tilehouse"]) == 0
    assert json.loads(capsys.readouterr().out.splitlines()[0])["family"] == "sichuan"


def test_a_log_that_differs_from_its_results_says_where(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = saved(tmp_path)
    t6 = tmp_path / "g.json"
    assert main(["convert", str(log), "--to", "tenhou6", "-o", str(t6)]) == 0
    data = json.loads(t6.read_text(encoding="utf-8"))
    result = data["log"][0][16]
    result[1] = [d + (100 if i == 0 else -100 if i == 1 else 0) for i, d in enumerate(result[1])]
    t6.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    capsys.readouterr()
    assert main(["replay", str(t6)]) == 1
    out = capsys.readouterr().out
    assert "DIFFERS" in out and "log.0" in out


def test_conformance_reads_tenhou6_mjai_and_mjlog_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = saved(tmp_path)
    folder = tmp_path / "oracle"
    folder.mkdir()
    assert main(["convert", str(log), "--to", "tenhou6", "-o", str(folder / "a.json")]) == 0
    assert main(["convert", str(log), "--to", "mjai", "-o", str(folder / "b.mjson")]) == 0
    game = Game(load_ruleset("riichi-online"), seed="cli mjlog")
    play_hand(game, [SimpleAgent(s) for s in range(4)])
    (folder / "c.mjlog").write_text(mjlog(game), encoding="utf-8")
    capsys.readouterr()
    assert main(["conformance", str(folder)]) == 0
    assert "6/6 hands conform" in capsys.readouterr().out  # the mjlog ends as its second hand is dealt


def test_review_prints_the_largest_differences_and_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = saved(tmp_path, hands=1)
    assert main(["review", str(log), "--seat", "1", "--top", "2"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"{log}: seat 1,") and "hand 1 (E, dealer seat 0, honba 0)" in out
    assert main(["review", str(log), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["seat"] == 0 and data["hands"][0]["reviewed"]
    assert all("verdict" in d and "position" in d for d in data["hands"][0]["reviewed"])
    assert main(["review", str(log), "--seat", "7"]) == 2


def test_the_arena_seats_an_mjai_program_and_counts_its_answers(capsys: pytest.CaptureFixture[str]) -> None:
    bot = f"mjai:{sys.executable} {BOT}"
    code = main(
        [
            "arena",
            "--seats",
            f"strong,{bot},standard,{bot}",
            "--hands",
            "1",
            "--workers",
            "1",
            "--no-warm",
            "--json",
        ]
    )
    assert code == 0
    summary = json.loads(capsys.readouterr().out)
    mjai = summary["levels"][bot.strip()]["mjai"]
    assert mjai["answers"] > 20 and mjai["incidents"] == {}
    assert summary["levels"][bot.strip()]["hands"] == 8
    assert (
        main(["arena", "--variant", "sichuan", "--seats", f"strong,{bot},strong,strong", "--hands", "1"]) == 2
    )
    assert "plays riichi only" in capsys.readouterr().err


def test_the_arena_says_where_an_mjai_program_went_wrong_and_what_it_sent() -> None:
    faulty = f"mjai:{sys.executable} {BOT.parent / 'faulty_bot.py'} garbage"
    seats = ["beginner", faulty, "beginner", "beginner"]
    record = play_wall("riichi", seats, "incidents", 0, mjai_timeout=2.0)
    found = record.incidents[faulty]
    assert found and {i.rotation for i in found} == {0, 1, 2, 3}  # the bot sat in every seat
    assert {i.kind for i in found} >= {"garbage", "illegal"} and all(i.detail for i in found)
    mjai = summarize([record], seats)["levels"][faulty]["mjai"]
    assert sum(mjai["incidents"].values()) == len(found)
    details = mjai["incident_details"]
    assert len(details) == min(len(found), INCIDENT_DETAILS)
    first = found[0]
    assert details[0] == f"wall 0, rotation {first.rotation}, seat {first.seat}: {first.kind}: {first.detail}"
