"""Importing riichi logs: Tenhou mjlog XML, and what every importer refuses (one line naming the file,
the line or hand and the field) — imported files are user input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.agents.simple import SimpleAgent
from engine.cli import main
from engine.game.game import Game
from engine.game.play import play_hand
from engine.loading import LoadError
from engine.records.hand_record import RecordError, replay_problem, replay_record
from engine.records.mjlog import parse_mjlog
from engine.records.tenhou6 import export_tenhou6, parse_tenhou6
from engine.rules import load_ruleset
from tests.mjlog_writer import mjlog


def match(seed: str, hands: int = 3, preset: str = "riichi-online") -> Game:
    game = Game(load_ruleset(preset), seed=seed)
    agents = [SimpleAgent(f"{seed}:{s}") for s in range(4)]
    while len(game.results) < hands and not game.over:
        play_hand(game, agents)
    return game


@pytest.mark.parametrize("seed", ["mjlog a", "mjlog b"])
def test_an_mjlog_replays_to_its_results(seed: str) -> None:
    game = match(seed)
    record = parse_mjlog(mjlog(game), source=f"{seed}.mjlog")
    assert record.rules.red_fives and record.rules.game_length == "east_south"
    assert len(record.hands) == 4 and not record.hands[-1].finished  # the fourth hand has just begun
    replayed = replay_record(record, check_invariants=True)
    assert replayed.ok, replay_problem(replayed)
    assert [r.score_changes for r in replayed.game.results] == [r.score_changes for r in game.results]
    assert replayed.game.match.scores == game.match.scores


def test_mjlog_refuses_entities_three_players_and_broken_elements() -> None:
    with pytest.raises(RecordError, match="entity"):
        parse_mjlog('<!DOCTYPE x [<!ENTITY a "b">]><mjloggm/>', source="x.mjlog")
    with pytest.raises(RecordError, match="three-player"):
        parse_mjlog('<mjloggm ver="2.3"><GO type="17"/></mjloggm>', source="x.mjlog")
    with pytest.raises(RecordError, match=r"x\.mjlog:2: seed"):
        parse_mjlog('<mjloggm ver="2.3">\n<INIT seed="1,2"/></mjloggm>', source="x.mjlog")
    with pytest.raises(RecordError, match="not an mjlog element"):
        parse_mjlog('<mjloggm ver="2.3"><INIT seed="0,0,0,0,0,1" ', source="x.mjlog")


def test_tenhou6_refusals_name_the_field() -> None:
    log = export_tenhou6(match("refusals", hands=1))
    broken = json.loads(json.dumps(log))
    broken["log"][0][4][0] = 99  # out of the codes' range
    with pytest.raises(RecordError, match=r"t\.json: log\.0\.4\.0: Input should be less than or equal to 60"):
        parse_tenhou6(broken, source="t.json")
    broken["log"][0][4][0] = 59  # in range, but no tile
    with pytest.raises(RecordError, match=r"t\.json: log\.0: 59 is not a tile code"):
        parse_tenhou6(broken, source="t.json")
    broken = json.loads(json.dumps(log))
    broken["log"][0][1] = ["25000"] * 4
    with pytest.raises(RecordError, match=r"log\.0\.1\.0"):
        parse_tenhou6(broken, source="t.json")
    broken = json.loads(json.dumps(log))
    broken["log"][0][5] = broken["log"][0][5][:-3]  # seat 0's takes cut short
    with pytest.raises(RecordError, match="do not fit together"):
        parse_tenhou6(broken, source="t.json")
    broken = json.loads(json.dumps(log))
    broken["rule"]["disp"] = "三般東喰赤"
    with pytest.raises(RecordError, match="three-player"):
        parse_tenhou6(broken, source="t.json")


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("name", "text", "expected"),
    [
        (
            "hidden.mjson",
            '{"type":"start_game"}\n{"type":"start_kyoku","bakaze":"E","dora_marker":"?",'
            '"kyoku":1,"honba":0,"kyotaku":0,"oya":0,"scores":[25000,25000,25000,25000],'
            '"tehais":[["?"],["?"],["?"],["?"]]}\n',
            "hidden.mjson:2: dora_marker: a hidden tile",
        ),
        ("unknown.mjson", '{"type":"start_game"}\n{"type":"teleport","actor":0}\n', "unknown.mjson:2: type:"),
        ("actor.mjson", '{"type":"start_game"}\n{"type":"reach","actor":7}\n', "actor.mjson:2: actor:"),
        ("nan.json", '{"log": [], "name": NaN}', "nan.json: NaN"),
        ("deep.json", '{"log": ' + "[" * 60 + "]" * 60 + ', "name": []}', "nested more than"),
        ("tenhou.json", '{"log": [[]], "name": ["a","b","c","d"]}', "tenhou.json: log.0"),
        ("doctype.mjlog", "<!DOCTYPE mjloggm>", "doctype.mjlog:1: a document type"),
    ],
)
def test_a_bad_imported_log_is_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, text: str, expected: str
) -> None:
    path = _write(tmp_path, name, text)
    for command in (
        ["replay", str(path)],
        ["convert", str(path), "--to", "tilehouse"],
        ["review", str(path)],
    ):
        assert main(command) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and expected in err, err


def test_an_imported_log_over_the_size_limit_is_refused_before_reading(tmp_path: Path) -> None:
    path = tmp_path / "huge.json"
    with path.open("wb") as fh:
        fh.write(b'{"log": [], "name": ["a", "b", "c", "d"], "x": "')
        fh.seek(33 * 1024 * 1024)
        fh.write(b'"}')
    from engine.records.tenhou6 import read_tenhou6

    with pytest.raises(LoadError, match="at most 32 MB"):
        read_tenhou6(path)
