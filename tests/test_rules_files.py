"""Ruleset files: presets, TOML round trip, refusals, migration, hashing, diff, user rulesets."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any, ClassVar, Literal

import pytest

from engine import resources
from engine.rules import (
    HEADER_KEYS,
    RiichiRules,
    RulesetBase,
    RulesetError,
    canonical_json,
    default_ruleset,
    delete_user_ruleset,
    diff_rulesets,
    family_of,
    from_dict,
    list_rulesets,
    load_ruleset,
    migrations,
    preset_names,
    presets_dir,
    registry,
    ruleset_hash,
    save_user_ruleset,
    to_dict,
    to_toml,
    toggle,
    user_rulesets_dir,
)
from engine.rules.migrations import MigrationError, migrate

REPO = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "userdata"
    monkeypatch.setenv(resources.DATA_DIR_ENV, str(folder))
    monkeypatch.delenv(resources.RESOURCES_ENV, raising=False)
    return folder


def write(tmp_path: Path, text: str, name: str = "custom.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


HEAD = 'family = "riichi"\nschema_version = 1\n'


def refused(path: Path) -> RulesetError:
    with pytest.raises(RulesetError) as info:
        load_ruleset(path)
    return info.value


# ── presets ────────────────────────────────────────────────────────────────────────────────────


def test_presets_ship_and_load() -> None:
    names = preset_names()
    riichi = preset_names("riichi")
    assert {"riichi-online", "riichi-club"} <= set(riichi) <= set(names)
    assert presets_dir() == REPO / "resources" / "rulesets"
    for name in names:
        rules = load_ruleset(name)
        assert rules.name == name
        assert rules.family == name.split("-")[0]
        assert isinstance(rules, RiichiRules) == (name in riichi)


def test_online_preset_is_the_default() -> None:
    online = load_ruleset("riichi-online", expect=RiichiRules)
    assert online == default_ruleset("riichi") == RiichiRules()
    assert online.red_fives and online.open_tanyao and online.double_ron and online.busting
    assert online.game_length == "east_south" and online.west_extension
    assert (online.start_points, online.return_points, online.uma) == (25000, 30000, (20, 10, -10, -20))


def test_club_preset_differs_in_a_few_documented_ways() -> None:
    club = load_ruleset("riichi-club", expect=RiichiRules)
    keys = [k for k, _, _ in diff_rulesets(default_ruleset(), club, include_header=False)]
    assert 3 <= len(keys) <= 15
    text = (presets_dir() / "riichi-club.toml").read_text(encoding="utf-8")
    assert "NOT the official" in text  # documented honestly as a house variant
    for key in keys:
        assert key in text


@pytest.mark.parametrize("name", ["riichi-online", "riichi-club", "riichi-online-east"])
def test_preset_files_list_every_key(name: str) -> None:
    data = tomllib.loads((presets_dir() / f"{name}.toml").read_text(encoding="utf-8"))
    assert set(data) == set(RiichiRules.model_fields)
    assert data["name"] == name


# ── round trip ─────────────────────────────────────────────────────────────────────────────────


@pytest.mark.parametrize("name", ["riichi-online", "riichi-club"])
def test_toml_round_trip(tmp_path: Path, name: str) -> None:
    rules = load_ruleset(name)
    text = to_toml(rules)
    assert tomllib.loads(text)["uma"] == list(rules.model_dump()["uma"])
    path = write(tmp_path, text, f"{name}-copy.toml")
    assert load_ruleset(path) == rules


def test_toml_round_trip_of_edited_rules(tmp_path: Path) -> None:
    rules = RiichiRules(name="mine 我的", uma=(30, 10, -10, -30), kazoe_limit="none", double_wind_pair_fu=2)
    again = load_ruleset(write(tmp_path, to_toml(rules, header="my notes\n第二行")))
    assert again == rules


def test_toml_has_a_title_comment_per_key() -> None:
    lines = to_toml(RiichiRules()).splitlines()
    for index, line in enumerate(lines):
        if "=" in line and not line.startswith("#") and line.split("=")[0].strip() not in HEADER_KEYS:
            assert lines[index - 1].startswith("# "), line


def test_missing_keys_take_the_base_preset_value(tmp_path: Path) -> None:
    path = write(tmp_path, HEAD + 'base = "riichi-club"\nred_fives = true\n')
    rules = load_ruleset(path, expect=RiichiRules)
    club = load_ruleset("riichi-club", expect=RiichiRules)
    assert rules.red_fives is True and club.red_fives is False
    assert rules.uma == club.uma and rules.kiriage == club.kiriage
    assert rules.name == "custom"  # no name in the file: the file's stem
    assert rules.base == "riichi-club"


def test_minimal_file_takes_the_default_preset(tmp_path: Path) -> None:
    rules = load_ruleset(write(tmp_path, HEAD + 'name = "tiny"\n'))
    assert rules == RiichiRules(name="tiny")


# ── refusals ───────────────────────────────────────────────────────────────────────────────────


def test_unknown_key_suggests_a_close_one(tmp_path: Path) -> None:
    path = write(tmp_path, HEAD + "red_five = false\n")
    err = refused(path)
    assert err.keys == ["red_five"]
    message = str(err)
    assert str(path) in message and "red_five" in message
    assert "unknown key" in message and 'did you mean "red_fives"' in message


def test_wrong_type(tmp_path: Path) -> None:
    path = write(tmp_path, HEAD + 'start_points = "25000"\nbusting = 1\nkiriage = "yes"\n')
    err = refused(path)
    assert err.keys == ["start_points", "busting", "kiriage"]
    assert all("wrong type" in p.reason for p in err.problems)
    assert "expected true or false, got integer 1" in str(err)
    assert str(path) in str(err)


def test_out_of_range(tmp_path: Path) -> None:
    path = write(
        tmp_path, HEAD + "riichi_min_wall_tiles = 99\numa = [20, 10, -10, -200]\nriichi_stick = 1050\n"
    )
    err = refused(path)
    assert err.keys == ["riichi_min_wall_tiles", "uma", "riichi_stick"]
    assert all("out of range" in p.reason for p in err.problems)
    assert "0..70" in str(err) and "item 4" in str(err) and "multiple of 100" in str(err)


def test_bad_choice(tmp_path: Path) -> None:
    path = write(tmp_path, HEAD + 'game_length = "east_sout"\ndouble_wind_pair_fu = 3\n')
    err = refused(path)
    assert err.keys == ["game_length", "double_wind_pair_fu"]
    assert 'did you mean "east_south"' in str(err)
    assert all("not one of the choices" in p.reason for p in err.problems)


def test_incompatible_combination(tmp_path: Path) -> None:
    path = write(tmp_path, HEAD + "return_points = 20000\nura_dora = false\n")
    err = refused(path)
    assert err.keys == ["return_points", "kan_ura_dora"]
    assert "start_points" in str(err) and "ura_dora = false" in str(err)
    assert str(path) in str(err)


def test_every_problem_is_listed_at_once(tmp_path: Path) -> None:
    text = (
        HEAD + 'red_five = true\nstart_points = "x"\ngame_length = "north"\nura_dora = false\numa = [1, 2]\n'
    )
    err = refused(write(tmp_path, text))
    assert set(err.keys) == {"red_five", "start_points", "game_length", "kan_ura_dora", "uma"}
    assert f"({len(err.problems)} problems)" in str(err)


def test_wrong_tuple_length_and_type(tmp_path: Path) -> None:
    assert "wrong length" in str(refused(write(tmp_path, HEAD + "uma = [10, 5, -5, -5, -5]\n")))
    assert "wrong type" in str(refused(write(tmp_path, HEAD + "uma = 5\n")))


@pytest.mark.parametrize(
    ("text", "key", "fragment"),
    [
        ("schema_version = 1\n", "family", "missing"),
        ('family = "richi"\nschema_version = 1\n', "family", 'did you mean "riichi"'),
        ('family = "riichi"\n', "schema_version", "missing"),
        ('family = "riichi"\nschema_version = 9\n', "schema_version", "newer"),
        ('family = "riichi"\nschema_version = "1"\n', "schema_version", "whole number"),
        (HEAD + 'base = "riichi-clb"\n', "base", 'did you mean "riichi-club"'),
        (HEAD + 'name = ""\n', "name", "empty"),
        (HEAD + "[scoring]\nkiriage = true\n", "scoring", "unknown key"),
    ],
)
def test_header_problems(tmp_path: Path, text: str, key: str, fragment: str) -> None:
    err = refused(write(tmp_path, text))
    assert key in err.keys
    assert fragment in str(err)


def test_syntax_error_and_missing_file(tmp_path: Path) -> None:
    err = refused(write(tmp_path, HEAD + "uma = [1, 2\n"))
    assert "not valid TOML" in str(err)
    with pytest.raises(RulesetError, match="file not found"):
        load_ruleset(tmp_path / "nope.toml")
    with pytest.raises(RulesetError, match='did you mean "riichi-online"'):
        load_ruleset("riichi-onlin")
    path = tmp_path / "latin1.toml"
    path.write_bytes(HEAD.encode() + b'name = "caf\xe9"\n')
    assert "UTF-8" in str(refused(path))


def test_expect_checks_the_family(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    register_toy_family(monkeypatch)
    path = write(tmp_path, 'family = "toy"\nschema_version = 2\n')
    with pytest.raises(RulesetError, match="expected 'riichi'"):
        load_ruleset(path, expect=RiichiRules)


# ── migration ──────────────────────────────────────────────────────────────────────────────────

V0_FILE = """\
family = "riichi"
schema_version = 0
name = "old-draft"
base = "riichi-club"
aka_dora = true
kuitan = false
tobi = true
hanchan = false
uma = [10, 30]
"""


def test_v0_file_migrates(tmp_path: Path) -> None:
    rules = load_ruleset(write(tmp_path, V0_FILE), expect=RiichiRules)
    assert rules.schema_version == RiichiRules.SCHEMA_VERSION == 1
    assert rules.red_fives is True and rules.open_tanyao is False and rules.busting is True
    assert rules.game_length == "east"
    assert rules.uma == (30, 10, -10, -30)
    assert rules.kiriage is True  # from the base preset riichi-club
    assert rules.name == "old-draft"


def test_v0_migration_problems_name_the_key(tmp_path: Path) -> None:
    err = refused(write(tmp_path, V0_FILE.replace("kuitan = false", "kuitan = false\nopen_tanyao = true")))
    assert err.keys == ["kuitan"] and "open_tanyao" in str(err)
    err = refused(write(tmp_path, V0_FILE.replace("hanchan = false", 'hanchan = "yes"')))
    assert err.keys == ["hanchan"]
    # a v0 key in a v1 file is just unknown
    err = refused(write(tmp_path, HEAD + "aka_dora = true\n"))
    assert err.keys == ["aka_dora"]


def test_v0_data_migrates_through_from_dict() -> None:
    rules = from_dict({"family": "riichi", "schema_version": 0, "kuitan": False})
    assert isinstance(rules, RiichiRules) and rules.open_tanyao is False


def test_migration_chain_mechanism(monkeypatch: pytest.MonkeyPatch) -> None:
    def step0(data: dict[str, Any]) -> dict[str, Any]:
        data["a"] = data.pop("x")
        return data

    def step1(data: dict[str, Any]) -> dict[str, Any]:
        data["b"] = data.pop("a") * 2
        return data

    monkeypatch.setitem(migrations._MIGRATIONS, ("chain", 0), step0)
    monkeypatch.setitem(migrations._MIGRATIONS, ("chain", 1), step1)
    source = {"family": "chain", "schema_version": 0, "x": 21}
    assert migrate("chain", source, 2) == {"family": "chain", "schema_version": 2, "b": 42}
    assert source["schema_version"] == 0  # input untouched
    assert migrate("chain", {"schema_version": 1, "a": 1}, 2)["b"] == 2
    with pytest.raises(MigrationError, match="no migration"):
        migrate("chain", {"schema_version": 0, "x": 1}, 3)
    with pytest.raises(MigrationError, match="newer"):
        migrate("chain", {"schema_version": 5}, 2)
    assert migrations.migration_steps("chain") == [0, 1]
    assert migrations.migration_steps("riichi") == [0]


# ── hashing, embedding, diff ───────────────────────────────────────────────────────────────────


def test_hash_is_stable_and_changes_on_edit(tmp_path: Path) -> None:
    rules = RiichiRules()
    digest = ruleset_hash(rules)
    assert len(digest) == 64 and digest == ruleset_hash(RiichiRules())
    assert ruleset_hash(load_ruleset("riichi-online")) == digest
    assert ruleset_hash(from_dict(json.loads(json.dumps(to_dict(rules))))) == digest
    assert ruleset_hash(load_ruleset(write(tmp_path, to_toml(rules)))) == digest
    assert ruleset_hash(rules.with_changes(kiriage=True)) != digest
    assert ruleset_hash(rules.with_changes(uma=(20, 10, -10, -20))) == digest
    assert ruleset_hash(load_ruleset("riichi-club")) != digest
    # key order in the input does not matter
    shuffled = dict(reversed(list(to_dict(rules).items())))
    assert ruleset_hash(from_dict(shuffled)) == digest


def test_hash_is_the_same_in_another_process() -> None:
    code = "from engine.rules import RiichiRules, ruleset_hash; print(ruleset_hash(RiichiRules()))"
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO, env=env, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == ruleset_hash(RiichiRules())


def test_canonical_json_format(monkeypatch: pytest.MonkeyPatch) -> None:
    toy = register_toy_family(monkeypatch)
    rules = toy(pair=(3, 4))
    assert canonical_json(rules) == (
        '{"base":"toy-default","family":"toy","flag":true,"name":"toy-default","pair":[3,4],"schema_version":2}'
    )
    import hashlib

    assert ruleset_hash(rules) == hashlib.sha256(canonical_json(rules).encode()).hexdigest()


def test_to_dict_from_dict_round_trip() -> None:
    club = load_ruleset("riichi-club")
    data = to_dict(club)
    assert data["uma"] == [15, 5, -5, -15]
    json.dumps(data)  # plain JSON
    assert from_dict(data) == club
    with pytest.raises(RulesetError, match="embedded ruleset"):
        from_dict({**data, "uma": [1]})
    with pytest.raises(RulesetError, match="game log"):
        from_dict({**data, "bogus": 1}, source="game log")


def test_diff() -> None:
    online, club = load_ruleset("riichi-online"), load_ruleset("riichi-club")
    rows = diff_rulesets(online, club)
    assert ("name", "riichi-online", "riichi-club") in rows
    assert ("uma", (20, 10, -10, -20), (15, 5, -5, -15)) in rows
    assert ("red_fives", True, False) in rows
    assert all(a != b for _, a, b in rows)
    assert diff_rulesets(online, online) == []
    assert "name" not in [k for k, _, _ in diff_rulesets(online, club, include_header=False)]
    keys = [k for k, _, _ in rows]
    assert keys == [k for k in RiichiRules.model_fields if k in keys]  # field order


def test_diff_across_families(monkeypatch: pytest.MonkeyPatch) -> None:
    toy = register_toy_family(monkeypatch)
    rows = dict((k, (a, b)) for k, a, b in diff_rulesets(RiichiRules(), toy()))
    assert rows["family"] == ("riichi", "toy")
    assert rows["red_fives"] == (True, None) and rows["flag"] == (None, True)


def test_family_of_and_default_ruleset() -> None:
    assert family_of(RiichiRules()) == "riichi"
    assert family_of({"family": "riichi"}) == "riichi"
    with pytest.raises(RulesetError):
        family_of({})
    with pytest.raises(RulesetError, match="unknown rule family"):
        default_ruleset("mahjong-solitaire")


# ── user rulesets ──────────────────────────────────────────────────────────────────────────────


def test_save_list_load_delete_user_ruleset(data_dir: Path) -> None:
    club = load_ruleset("riichi-club", expect=RiichiRules)
    path = save_user_ruleset(club.with_changes(red_fives=True), "my rules")
    assert path == data_dir / "rulesets" / "my rules.toml" == user_rulesets_dir() / "my rules.toml"
    mine = load_ruleset("my rules", expect=RiichiRules)
    assert mine.name == "my rules" and mine.base == "riichi-club" and mine.red_fives
    entries = {e.name: e for e in list_rulesets()}
    assert entries["my rules"].read_only is False and entries["my rules"].error is None
    assert entries["riichi-online"].read_only is True
    assert entries["my rules"].hash == ruleset_hash(mine)
    # saving again overwrites by default, refuses with overwrite=False
    save_user_ruleset(mine.with_changes(kiriage=False), "my rules")
    assert load_ruleset("my rules", expect=RiichiRules).kiriage is False
    with pytest.raises(RulesetError, match="already exists"):
        save_user_ruleset(mine, "my rules", overwrite=False)
    # a copy of a user ruleset keeps the preset it derives from
    save_user_ruleset(mine, "copy-of-mine")
    assert load_ruleset("copy-of-mine").base == "riichi-club"
    delete_user_ruleset("my rules")
    assert "my rules" not in {e.name for e in list_rulesets()}
    with pytest.raises(RulesetError):
        delete_user_ruleset("my rules")


def test_presets_cannot_be_overwritten_or_deleted() -> None:
    with pytest.raises(RulesetError, match="read-only preset"):
        save_user_ruleset(RiichiRules(), "riichi-online")
    with pytest.raises(RulesetError, match="read-only preset"):
        save_user_ruleset(RiichiRules(), "riichi-club.toml")
    with pytest.raises(RulesetError, match="read-only preset"):
        delete_user_ruleset("riichi-online")


@pytest.mark.parametrize("name", ["", " lead", "a/b", "..", "CON", "x" * 80, "tab\there"])
def test_unusable_user_names_are_refused(name: str) -> None:
    with pytest.raises(RulesetError):
        save_user_ruleset(RiichiRules(), name)


def test_broken_and_shadowing_user_files_are_listed(data_dir: Path) -> None:
    folder = data_dir / "rulesets"
    folder.mkdir(parents=True)
    (folder / "broken.toml").write_text(HEAD + "red_five = 1\n", encoding="utf-8")
    (folder / "riichi-online.toml").write_text(HEAD, encoding="utf-8")
    entries = {(e.name, e.read_only): e for e in list_rulesets()}
    broken = entries[("broken", False)]
    assert broken.error is not None and "red_five" in broken.error and broken.family == "riichi"
    assert entries[("riichi-online", False)].error is not None
    assert entries[("riichi-online", True)].error is None
    # a name means the preset first
    assert load_ruleset("riichi-online") == RiichiRules()
    assert [e.name for e in list_rulesets(family="toy")] == []


# ── resources ──────────────────────────────────────────────────────────────────────────────────


def test_resource_path_in_checkout_frozen_and_overridden(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert resources.resource_path("rulesets") == REPO / "resources" / "rulesets"
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert resources.resource_path("rulesets", "a.toml") == tmp_path / "resources" / "rulesets" / "a.toml"
    monkeypatch.setenv(resources.RESOURCES_ENV, str(tmp_path / "elsewhere"))
    assert resources.resource_path("x") == tmp_path / "elsewhere" / "x"


def test_frozen_bundle_presets_are_found(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    bundle = tmp_path / "resources" / "rulesets"
    bundle.mkdir(parents=True)
    (bundle / "riichi-online.toml").write_bytes((presets_dir() / "riichi-online.toml").read_bytes())
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert preset_names() == ["riichi-online"]
    assert load_ruleset("riichi-online") == RiichiRules()


def test_user_data_dir(data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert resources.user_data_path("rulesets") == data_dir / "rulesets"
    monkeypatch.delenv(resources.DATA_DIR_ENV)
    import platformdirs

    assert resources.user_data_root() == Path(platformdirs.user_data_dir("Tilehouse"))


# ── a second family, as Sichuan and Lingxi will add ────────────────────────────────────────────


class ToyRules(RulesetBase):
    """A minimal second family (not registered unless a test asks for it)."""

    FAMILY: ClassVar[str] = "toy"
    SCHEMA_VERSION: ClassVar[int] = 2
    DEFAULT_PRESET: ClassVar[str] = "toy-default"
    SECTIONS: ClassVar[dict[str, str]] = {"Scoring": "计分"}

    family: Literal["toy"] = "toy"
    name: str = "toy-default"
    base: str = "toy-default"
    schema_version: int = 2
    flag: bool = toggle(
        True,
        title_en="Flag",
        title_zh="旗",
        description_en="A flag.",
        description_zh="一个开关。",
        section="Scoring",
        rulebook="toy.md#flag",
    )
    pair: tuple[int, int] = toggle(
        (1, 2),
        title_en="Pair",
        title_zh="对",
        description_en="Two numbers.",
        description_zh="两个数。",
        section="Scoring",
        rulebook="toy.md#pair",
    )


def register_toy_family(monkeypatch: pytest.MonkeyPatch) -> type[ToyRules]:
    monkeypatch.setitem(registry._FAMILIES, "toy", ToyRules)
    return ToyRules


def test_another_family_registers_and_loads(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    toy = register_toy_family(monkeypatch)
    rules = load_ruleset(write(tmp_path, 'family = "toy"\nschema_version = 2\npair = [5, 6]\n'))
    assert isinstance(rules, toy) and family_of(rules) == "toy"
    assert rules.model_dump()["pair"] == (5, 6)
    assert default_ruleset("toy") == toy()
    err = refused(write(tmp_path, 'family = "toy"\nschema_version = 1\n'))
    assert "no migration" in str(err)


def test_docs_list_every_riichi_key() -> None:
    text = (REPO / "docs" / "rulesets.md").read_text(encoding="utf-8")
    for key in RiichiRules.model_fields:
        assert f"`{key}`" in text, key


def test_preset_chains_and_circles(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "res" / "rulesets"
    folder.mkdir(parents=True)
    (folder / "a.toml").write_text(HEAD + 'name = "a"\nbase = "b"\nkiriage = true\n', encoding="utf-8")
    (folder / "b.toml").write_text(HEAD + 'name = "b"\nbase = "a"\n', encoding="utf-8")
    (folder / "c.toml").write_text(
        HEAD + 'name = "c"\nbase = "riichi-online"\nred_fives = false\n', encoding="utf-8"
    )
    (folder / "d.toml").write_text(HEAD + 'name = "d"\nbase = "c"\npao = false\n', encoding="utf-8")
    monkeypatch.setenv(resources.RESOURCES_ENV, str(tmp_path / "res"))
    d = load_ruleset("d", expect=RiichiRules)
    assert (d.red_fives, d.pao, d.base) == (False, False, "c")
    err = refused(folder / "a.toml")
    assert err.keys == ["base"] and "circle" in str(err)
