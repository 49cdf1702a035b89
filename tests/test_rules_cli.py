"""``tilehouse rules`` through :func:`engine.cli.main`."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest

from engine import resources
from engine.cli import main
from engine.rules import HEADER_KEYS, RiichiRules, load_ruleset, ruleset_hash


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "userdata"
    monkeypatch.setenv(resources.DATA_DIR_ENV, str(folder))
    monkeypatch.delenv(resources.RESOURCES_ENV, raising=False)
    return folder


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["rules", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_list(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "list")
    assert code == 0
    lines = out.splitlines()
    online = next(line for line in lines if line.startswith("riichi-online "))
    assert "preset" in online and "riichi" in online
    code, out, _ = run(capsys, "list", "--json")
    rows = json.loads(out)
    assert {"riichi-online", "riichi-club"} <= {r["name"] for r in rows}
    assert all(r["read_only"] for r in rows)


def test_show_prints_commented_toml(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = run(capsys, "show", "riichi-club")
    assert code == 0
    data = tomllib.loads(out)
    assert data["name"] == "riichi-club" and data["red_fives"] is False
    assert "# Red fives / 赤宝牌（赤五）" in out
    assert ruleset_hash(load_ruleset("riichi-club")) in out
    # the output is itself a valid ruleset file
    path = tmp_path / "shown.toml"
    path.write_text(out, encoding="utf-8")
    assert load_ruleset(path) == load_ruleset("riichi-club")


def test_show_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "show", "riichi-online", "--json")
    assert code == 0
    assert json.loads(out) == RiichiRules().model_dump(mode="json")


def test_show_unknown_name(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "show", "riichi-onlin")
    assert code == 2 and 'did you mean "riichi-online"' in err


def test_validate_good_and_bad(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    good = tmp_path / "good.toml"
    good.write_text('family = "riichi"\nschema_version = 1\nkiriage = true\n', encoding="utf-8")
    code, out, _ = run(capsys, "validate", str(good))
    assert code == 0 and out.startswith("OK ")
    bad = tmp_path / "bad.toml"
    bad.write_text('family = "riichi"\nschema_version = 1\nred_five = true\n', encoding="utf-8")
    code, out, err = run(capsys, "validate", str(good), str(bad))
    assert code == 2 and len(err.splitlines()) == 1
    assert str(bad) in err and "red_five" in err and 'did you mean "red_fives"' in err
    assert "OK" in out


def test_diff(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "diff", "riichi-online", "riichi-club")
    assert code == 0
    assert any(line.split()[:3] == ["red_fives", "true", "false"] for line in out.splitlines())
    assert out.rstrip().endswith("differences")
    code, out, _ = run(capsys, "diff", "riichi-online", "riichi-online")
    assert code == 0 and "identical" in out
    code, out, _ = run(capsys, "diff", "riichi-online", "riichi-club", "--json")
    rows = {row["key"]: (row["a"], row["b"]) for row in json.loads(out)}
    assert rows["uma"] == ([20, 10, -10, -20], [15, 5, -5, -15])


def test_diff_with_a_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "x.toml"
    path.write_text('family = "riichi"\nschema_version = 1\nname = "x"\nkiriage = true\n', encoding="utf-8")
    code, out, _ = run(capsys, "diff", "riichi-online", str(path), "--json")
    assert code == 0
    assert [row["key"] for row in json.loads(out)] == ["name", "kiriage"]


def test_copy(capsys: pytest.CaptureFixture[str], data_dir: Path) -> None:
    code, out, _ = run(capsys, "copy", "riichi-club", "house")
    assert code == 0 and str(data_dir / "rulesets" / "house.toml") in out
    assert load_ruleset("house").base == "riichi-club"
    code, _, err = run(capsys, "copy", "riichi-club", "house")
    assert code == 2 and "already exists" in err
    assert run(capsys, "copy", "riichi-club", "house", "--force")[0] == 0
    code, _, err = run(capsys, "copy", "riichi-club", "riichi-online")
    assert code == 2 and "read-only preset" in err
    code, out, _ = run(capsys, "list")
    assert any(line.startswith("house ") and " user " in line for line in out.splitlines())


def test_keys(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "keys")
    assert code == 0 and "red_fives = true" in out and "[Abortive draws]" in out
    code, out, _ = run(capsys, "keys", "riichi", "--lang", "zh", "--json")
    rows = json.loads(out)
    assert {r["key"] for r in rows} == set(RiichiRules.model_fields) - set(HEADER_KEYS)
    assert next(r for r in rows if r["key"] == "red_fives")["title"] == "赤宝牌（赤五）"


def test_rules_without_action_prints_usage(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys)
    assert code == 2 and "validate" in out
