"""Issue 8, acceptance point 1, for every rule family: every preset loads and validates; a file with
each kind of error is refused with a message naming the file, the key and the reason; a changed
ruleset does not change a saved game; ``tilehouse rules diff`` lists exactly the changed keys."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine import resources
from engine.agents.simple import SimpleAgent
from engine.cli import main
from engine.game.game import Game
from engine.game.log import log_lines, parse_log, rebuild, summary
from engine.game.play import play_hand
from engine.rules import (
    RulesetBase,
    RulesetError,
    ToggleInfo,
    default_ruleset,
    describe,
    family_model,
    family_names,
    load_ruleset,
    preset_names,
    ruleset_hash,
    save_user_ruleset,
    to_toml,
)

FAMILIES = ["riichi", "sichuan", "lingxi"]
ALL_PRESETS = preset_names()


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "userdata"
    monkeypatch.setenv(resources.DATA_DIR_ENV, str(folder))
    monkeypatch.delenv(resources.RESOURCES_ENV, raising=False)
    return folder


def changed_value(rules: RulesetBase, info: ToggleInfo) -> Any | None:
    """Another valid value for ``info.key`` (one that keeps the ruleset free of conflicts), or None."""
    current = getattr(rules, info.key)
    candidates: list[Any] = []
    if info.kind == "bool":
        candidates = [not current]
    elif info.kind == "choice":
        candidates = [c for c in info.choices if c != current]
    elif info.kind == "int":
        step = info.step or 1
        candidates = [current + step, current - step]
    elif info.kind == "int_tuple":
        step = info.step or 1
        values = list(current)
        candidates = [
            tuple([*values[:-1], values[-1] + step]),
            tuple([values[0] + step, *values[1:-1], values[-1] - step]),
            tuple([values[0] - step, *values[1:-1], values[-1] + step]),
        ]
    for value in candidates:
        try:
            rules.with_changes(**{info.key: value})
        except ValueError:
            continue
        return value
    return None


# ── every preset of every family ───────────────────────────────────────────────────────────────


def test_every_family_ships_presets() -> None:
    assert set(FAMILIES) <= set(family_names())
    for family in FAMILIES:
        model = family_model(family)
        assert model.DEFAULT_PRESET in preset_names(family), family


@pytest.mark.parametrize("name", ALL_PRESETS)
def test_every_preset_loads_and_validates(
    name: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    rules = load_ruleset(name)
    assert rules.name == name
    assert rules.family in FAMILIES
    assert type(rules) is family_model(rules.family)
    # the CLI agrees, and the preset survives a TOML round trip unchanged
    assert main(["rules", "validate", name]) == 0
    assert f"OK {name}" in capsys.readouterr().out
    copy = tmp_path / f"{name}.toml"
    copy.write_text(to_toml(rules), encoding="utf-8")
    assert ruleset_hash(load_ruleset(copy)) == ruleset_hash(rules)


# ── each kind of error, in each family ────────────────────────────────────────────────────────


def head(family: str) -> str:
    return f'family = "{family}"\nschema_version = {family_model(family).SCHEMA_VERSION}\n'


def first(family: str, kind: str, *, ranged: bool = False) -> ToggleInfo:
    for info in describe(family_model(family)):
        if info.kind == kind and (not ranged or info.maximum is not None):
            return info
    raise AssertionError(f"{family} has no {kind} toggle")


def refused(tmp_path: Path, text: str) -> tuple[Path, RulesetError]:
    path = tmp_path / "broken.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RulesetError) as info:
        load_ruleset(path)
    return path, info.value


def assert_names(path: Path, error: RulesetError, key: str, *fragments: str) -> None:
    message = str(error)
    assert message.startswith(str(path)), message
    assert key in error.keys, message
    reason = next(str(p) for p in error.problems if p.key == key)
    for fragment in fragments:
        assert fragment in reason, reason


@pytest.mark.parametrize("family", FAMILIES)
def test_unknown_key_is_refused_with_did_you_mean(family: str, tmp_path: Path) -> None:
    info = first(family, "bool")
    typo = info.key[:-1] if len(info.key) > 4 else info.key + "x"
    path, error = refused(tmp_path, head(family) + f"{typo} = true\n")
    assert_names(path, error, typo, "unknown key", f'did you mean "{info.key}"')


@pytest.mark.parametrize("family", FAMILIES)
def test_wrong_type_is_refused(family: str, tmp_path: Path) -> None:
    info = first(family, "int")
    path, error = refused(tmp_path, head(family) + f'{info.key} = "{info.default}"\n')
    assert_names(path, error, info.key, "wrong type", "got string")
    flag = first(family, "bool")
    path, error = refused(tmp_path, head(family) + f"{flag.key} = 1\n")
    assert_names(path, error, flag.key, "wrong type", "true or false")


@pytest.mark.parametrize("family", FAMILIES)
def test_out_of_range_is_refused(family: str, tmp_path: Path) -> None:
    info = first(family, "int", ranged=True)
    assert info.maximum is not None
    value = info.maximum + (info.step or 1)
    path, error = refused(tmp_path, head(family) + f"{info.key} = {value}\n")
    assert_names(path, error, info.key, "out of range", str(value))


@pytest.mark.parametrize("family", FAMILIES)
def test_bad_choice_is_refused(family: str, tmp_path: Path) -> None:
    info = next(
        i for i in describe(family_model(family)) if i.kind == "choice" and isinstance(i.default, str)
    )
    path, error = refused(tmp_path, head(family) + f'{info.key} = "nonsense"\n')
    assert_names(path, error, info.key, "not one of the choices", "nonsense")


INCOMPATIBLE = {
    "riichi": ("ura_dora = false\nkan_ura_dora = true\n", "kan_ura_dora", "incompatible"),
    "sichuan": ("bankroll = true\nstart_points = 0\n", "start_points", "bankroll"),
    "lingxi": ("sha_zhu_hu_tai = [30, 20, 10]\n", "sha_zhu_hu_tai", "fewer"),
}


@pytest.mark.parametrize("family", FAMILIES)
def test_incompatible_combination_is_refused(family: str, tmp_path: Path) -> None:
    text, key, fragment = INCOMPATIBLE[family]
    path, error = refused(tmp_path, head(family) + text)
    assert_names(path, error, key, fragment)


@pytest.mark.parametrize("family", FAMILIES)
def test_every_problem_is_reported_together_and_nothing_is_half_loaded(family: str, tmp_path: Path) -> None:
    info = first(family, "int", ranged=True)
    assert info.maximum is not None
    text = head(family) + f"{info.key} = {info.maximum + 1000}\nno_such_key = 1\n"
    _path, error = refused(tmp_path, text)
    assert {info.key, "no_such_key"} <= set(error.keys)
    assert "2 problems" in str(error)
    # the user folder is untouched: a refused file is never saved or cached
    assert not resources.user_data_path("rulesets").exists()


def test_header_errors_name_the_key(tmp_path: Path) -> None:
    path, error = refused(tmp_path, 'family = "sichaun"\nschema_version = 1\n')
    assert_names(path, error, "family", 'did you mean "sichuan"')
    path, error = refused(tmp_path, 'family = "lingxi"\nschema_version = 99\n')
    assert_names(path, error, "schema_version", "newer")
    path, error = refused(tmp_path, 'family = "sichuan"\nschema_version = 1\nbase = "riichi-club"\n')
    assert_names(path, error, "base", "not a sichuan preset")


# ── a changed ruleset does not change a saved game ─────────────────────────────────────────────


@pytest.mark.parametrize("family", FAMILIES)
def test_changing_a_ruleset_does_not_change_a_saved_game(family: str, tmp_path: Path) -> None:
    base = default_ruleset(family)
    info = next(i for i in describe(type(base)) if changed_value(base, i) is not None)
    rules = base.with_changes(**{info.key: changed_value(base, info)})
    save_user_ruleset(rules, "house")
    played = load_ruleset("house")
    game = Game(played, seed="acceptance")
    agents = [SimpleAgent(f"a{s}") for s in range(4)]
    play_hand(game, agents)
    lines = log_lines(game)
    saved = tmp_path / "game.jsonl"
    saved.write_text("\n".join(lines) + "\n", encoding="utf-8")
    before = summary(game)

    # edit the user ruleset afterwards: every toggle that can change does
    edited = played
    for other in describe(type(played)):
        value = changed_value(edited, other)
        if value is not None:
            edited = edited.with_changes(**{other.key: value})
    save_user_ruleset(edited, "house")
    assert ruleset_hash(load_ruleset("house")) != ruleset_hash(played)

    parsed = parse_log(saved.read_text(encoding="utf-8").splitlines(), str(saved))
    assert parsed.header["ruleset_hash"] == ruleset_hash(played)
    assert parsed.header["ruleset"]["name"] == "house"
    replayed = rebuild(parsed)
    assert replayed.rules == played
    assert summary(replayed) == before


# ── rules diff lists exactly the changed keys ──────────────────────────────────────────────────


@pytest.mark.parametrize("family", FAMILIES)
def test_rules_diff_lists_exactly_the_changed_keys(
    family: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    base = load_ruleset(family_model(family).DEFAULT_PRESET)
    infos = describe(type(base))
    changed: dict[str, Any] = {}
    edited = base
    for info in infos[::3]:  # every third toggle
        value = changed_value(edited, info)
        if value is not None:
            edited = edited.with_changes(**{info.key: value})
            changed[info.key] = value
    assert len(changed) >= 3
    path = tmp_path / "edited.toml"
    path.write_text(to_toml(edited), encoding="utf-8")  # same name and base: only toggles differ
    assert main(["rules", "diff", base.name, str(path), "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert [row["key"] for row in rows] == [i.key for i in infos if i.key in changed]
    for row in rows:
        want = changed[row["key"]]
        assert row["b"] == (list(want) if isinstance(want, tuple) else want)
        assert row["a"] == json.loads(json.dumps(getattr(base, row["key"])))
    # the readable form lists the same keys and counts them
    assert main(["rules", "diff", base.name, str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in out[1:-1]] == [row["key"] for row in rows]
    assert out[-1] == f"{len(rows)} differences"
