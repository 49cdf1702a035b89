"""Headless subcommands: simulate, replay, conformance — and none of them loads Qt."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from engine.agents.simple import SimpleAgent
from engine.cli import main
from engine.game.game import Game
from engine.game.log import write_log
from engine.game.play import play_match
from engine.rules import default_ruleset

MJX = Path(__file__).resolve().parents[2] / "shared" / "oracles" / "riichi-mjx"


def test_simulate_json_reports_hands_and_no_errors(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--variant", "riichi", "--hands", "12", "--seed", "3", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["hands"] == 12
    assert out["errors"] == []
    assert out["wins"] + out["draws"] == 12
    assert out["seconds"] > 0


def _summary(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, object]:
    main(["simulate", *args, "--json"])
    out: dict[str, object] = json.loads(capsys.readouterr().out)
    del out["seconds"], out["hands_per_second"]
    return out


def test_simulate_on_two_workers_gives_the_same_summary(capsys: pytest.CaptureFixture[str]) -> None:
    """Matches are spread over the workers and their hands taken in match order: the same hands are
    counted, the last match cut at the same hand."""
    args = ("--variant", "sichuan", "--hands", "23", "--seed", "w", "--agent", "random", "--no-checks")
    one = _summary(capsys, *args)
    assert _summary(capsys, *args, "--workers", "2") == one
    assert one["hands"] == 23 and int(one["matches"]) >= 2  # type: ignore[call-overload]


@pytest.mark.skipif(not hasattr(os, "fork"), reason="the broken hand is patched in; workers must be forked")
def test_simulate_workers_report_a_broken_match_as_one_worker_does(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from engine.game import simulate

    real = simulate.play_hand

    def breaks_in_match_one(game: Game, agents: object) -> None:
        if game.seed == "b:1" and len(game.results) == 1:
            raise RuntimeError("boom")
        real(game, agents)  # type: ignore[arg-type]

    monkeypatch.setattr(simulate, "play_hand", breaks_in_match_one)
    args = ("--variant", "riichi", "--hands", "20", "--seed", "b", "--agent", "random", "--no-checks")
    one = _summary(capsys, *args)
    errors = one["errors"]
    assert isinstance(errors, list) and [e["seed"] for e in errors] == ["b:1"]
    assert _summary(capsys, *args, "--workers", "2") == one


def test_simulate_refuses_an_unknown_variant(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--variant", "klondike", "--hands", "1"]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and "klondike" in err[0]


def _logged_game(tmp_path: Path) -> Path:
    game = Game(default_ruleset("riichi"), seed="cli")
    play_match(game, [SimpleAgent(s) for s in range(4)], max_hands=2)
    path = tmp_path / "game.log"
    write_log(game, path)
    return path


def test_replay_rebuilds_the_same_result(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _logged_game(tmp_path)
    assert main(["replay", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["same_result"] is True and out["hands"] == 2


def test_replay_notices_a_changed_result(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _logged_game(tmp_path)
    lines = path.read_text().splitlines()
    summary = json.loads(lines[-1])
    summary["summary"]["scores"][0] += 1000
    lines[-1] = json.dumps(summary)
    path.write_text("\n".join(lines) + "\n")
    assert main(["replay", str(path)]) == 1
    assert "DIFFERS" in capsys.readouterr().out


def test_replay_refuses_a_broken_log_by_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _logged_game(tmp_path)
    lines = path.read_text().splitlines()
    lines[3] = '{"action": {"seat": 9, "type": "fly"}}'
    path.write_text("\n".join(lines) + "\n")
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and err[0].startswith(f"{path}:4: ")


def test_replay_refuses_an_illegal_logged_action(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _logged_game(tmp_path)
    lines = path.read_text().splitlines()
    first = json.loads(lines[1])
    first["action"]["tile"] = 999
    lines[1] = json.dumps(first)
    path.write_text("\n".join(lines) + "\n")
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and err[0].startswith(f"{path}:2: ")


@pytest.mark.skipif(not MJX.is_dir(), reason="the shared riichi-mjx oracle is not beside the project")
def test_conformance_on_a_sample_of_the_oracle(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for name in ("double-ron.json", "pao-tsumo.json", "encdec-rinshan-fu.json", "upd-aft-ron3.json"):
        (tmp_path / name).symlink_to(MJX / name)
    assert main(["conformance", str(tmp_path)]) == 0
    assert capsys.readouterr().out.strip().endswith("hands conform")


def test_conformance_fails_on_a_wrong_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    if not MJX.is_dir():
        pytest.skip("the shared riichi-mjx oracle is not beside the project")
    line = (MJX / "double-ron.json").read_text().splitlines()[0]
    record = json.loads(line)
    record["roundTerminal"]["finalScore"]["tens"][0] += 100
    (tmp_path / "bad.json").write_text(json.dumps(record) + "\n")
    assert main(["conformance", str(tmp_path)]) == 1
    assert "0/1 hands conform" in capsys.readouterr().out


def test_headless_commands_never_load_qt() -> None:
    code = (
        "import sys; from engine.cli import main; "
        "main(['simulate', '--hands', '2', '--json']); "
        "main(['rules', 'list']); "
        "print('QT' if any(m.startswith('PySide6') for m in sys.modules) else 'NO-QT')"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip().endswith("NO-QT")
