"""``tilehouse score``: one situation, JSON Lines, readable output and exit codes."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from engine.cli import main

RON = {
    "variant": "riichi",
    "id": "ron",
    "hand": "234m34588p456678s",
    "win_tile": "4s",
    "win": "ron",
    "seat": 1,
    "flags": ["riichi"],
    "dora_indicators": "1m",
    "honba": 1,
}
TSUMO = {
    "variant": "riichi",
    "id": "tsumo",
    "hand": "234m456p44p",
    "melds": [
        {"type": "pon", "tiles": "777z", "from": 2},
        {"type": "closed_kan", "tiles": "6666s"},
    ],
    "win_tile": "4p",
    "win": "tsumo",
    "seat": 0,
    "flags": [],
}
NO_YAKU = {"variant": "riichi", "hand": "123m456p789s23488s", "win_tile": "3s", "win": "ron", "seat": 1}


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, list[str], str]:
    code = main(["score", *args])
    captured = capsys.readouterr()
    return code, captured.out.splitlines(), captured.err


def write(tmp_path: Path, text: str, name: str = "in.jsonl") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_one_situation(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, lines, err = run(capsys, write(tmp_path, json.dumps(RON, indent=2), "one.json"), "--json")
    assert code == 0 and err == ""
    assert len(lines) == 1
    result = json.loads(lines[0])
    assert result["id"] == "ron" and result["valid"] is True
    assert (result["han"], result["fu"], result["points"], result["total"]) == (4, 30, 7700, 8000)
    assert result["payments"] == {"ron": 7700, "tsumo_dealer": 0, "tsumo_each": 0}


def test_json_lines_keep_their_order(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = "\n".join(json.dumps(s) for s in (RON, NO_YAKU, TSUMO)) + "\n\n"
    code, lines, _ = run(capsys, write(tmp_path, text), "--json")
    assert code == 0  # every line parsed, even though one hand has no yaku
    results = [json.loads(line) for line in lines]
    assert [r.get("id") for r in results] == ["ron", None, "tsumo"]
    assert [r["valid"] for r in results] == [True, False, True]
    assert results[1]["reason"] == "no yaku (dora alone is not a yaku)"
    assert results[2]["payments"] == {"ron": 0, "tsumo_dealer": 0, "tsumo_each": 800}


def test_a_bad_line_is_reported_in_place(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = json.dumps(RON) + "\n{not json\n" + json.dumps(TSUMO) + "\n"
    code, lines, err = run(capsys, write(tmp_path, text), "--json")
    assert code == 2
    assert "not JSON" in err
    results = [json.loads(line) for line in lines]
    assert [r["valid"] for r in results] == [True, False, True]
    assert results[1]["reason"].startswith("line 2: not JSON")


def test_bad_situations_are_results_not_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lines_in = [json.dumps({**RON, "hand": "12x"}), json.dumps([1, 2]), json.dumps({**RON, "extra": 1})]
    code, lines, _ = run(capsys, write(tmp_path, "\n".join(lines_in)), "--json")
    assert code == 0
    reasons = [json.loads(line)["reason"] for line in lines]
    assert reasons[0].startswith("hand: bad tile notation '12x' at position 2")
    assert reasons[1] == "a situation must be a JSON object, not an array"
    assert reasons[2] == "extra: unknown key"


def test_a_json_array_is_a_batch(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, lines, _ = run(capsys, write(tmp_path, json.dumps([RON, TSUMO])), "--json")
    assert code == 0 and len(lines) == 2


def test_unreadable_input(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, lines, err = run(capsys, str(tmp_path / "missing.json"), "--json")
    assert code == 2 and lines == [] and "cannot be read" in err and len(err.splitlines()) == 1
    code, lines, err = run(capsys, write(tmp_path, "  \n"), "--json")
    assert code == 2 and "no situation" in err
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\xff\xfe\x00")
    assert run(capsys, str(binary))[0] == 2


def test_stdin(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(RON) + "\n" + json.dumps(TSUMO) + "\n"))
    code, lines, _ = run(capsys, "-", "--json")
    assert code == 0 and len(lines) == 2
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(RON)))
    code, lines, _ = run(capsys, "--json")  # FILE defaults to stdin
    assert code == 0 and json.loads(lines[0])["points"] == 7700


def test_readable_breakdown(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, lines, _ = run(capsys, write(tmp_path, json.dumps(RON), "one.json"))
    assert code == 0
    text = "\n".join(lines)
    assert lines[0] == "ron"
    assert "Riichi" in text and "Tanyao (all simples)" in text
    assert "= 4 han 30 fu: 7700 points" in text
    assert "the discarder pays 7700" in text
    assert "+ honba 300 + riichi sticks 0 = 8000 in all" in text
    assert "fu: Base 30" in text

    text_in = "\n".join(json.dumps(s) for s in (TSUMO, NO_YAKU))
    code, lines, _ = run(capsys, write(tmp_path, text_in))
    text = "\n".join(lines)
    assert code == 0
    assert lines[0] == "#1 tsumo"
    assert "tsumo: each player pays 800" in text
    assert "#2" in lines and "  not a valid win: no yaku (dora alone is not a yaku)" in lines


def test_thousands_in_one_run(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    situations: list[dict[str, Any]] = []
    hands = ["234m34588p456678s", "234m34088p456678s", "234m34588p456067s"]
    for i in range(3000):
        situations.append(
            {
                **RON,
                "id": i,
                "hand": hands[i % 3],
                "seat": i % 4,
                "win": "tsumo" if i % 2 else "ron",
                "honba": i % 5,
                "dora_indicators": "1m2p3s4z"[(i % 4) * 2 : (i % 4) * 2 + 2],
            }
        )
    text = "\n".join(json.dumps(s) for s in situations)
    code, lines, _ = run(capsys, write(tmp_path, text), "--json")
    assert code == 0 and len(lines) == 3000
    results = [json.loads(line) for line in lines]
    assert [r["id"] for r in results] == list(range(3000))
    assert all(r["valid"] for r in results)
