"""Ruleset files: loading, validating, listing, saving, comparing and hashing.

* **Presets** ship read-only in ``resources/rulesets/<name>.toml`` (found with
  :func:`engine.resources.resource_path`, also inside a PyInstaller build).
* **User rulesets** live in ``<user data dir>/rulesets/<name>.toml`` (``TILEHOUSE_DATA_DIR`` overrides the
  data dir). A name always means the preset when both exist; a user file cannot be saved under a
  preset's name.

Loading (:func:`load_ruleset`, :func:`from_dict`) reads the file through :mod:`engine.loading` (at most
256 KB, UTF-8, nested at most 16 deep, no infinite or absurdly long numbers), refuses more than
:data:`MAX_KEYS_FACTOR` times the family's number of keys before validating anything, reads the family,
migrates old schema versions, fills keys the file leaves out from its ``base`` preset, then validates
strictly (a TOML string is never taken for a number, nor a number for a boolean). Every problem found is
reported together in one :class:`~engine.rules.errors.RulesetError` (a one-line
:class:`~engine.loading.LoadError`) that names the source, the key and the reason; a model is returned
only when there is none.
"""

from __future__ import annotations

import difflib
import hashlib
import json
import os
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime, time
from pathlib import Path
from typing import Any, Literal, TypeVar, overload

from pydantic import ValidationError

from engine.loading import KINDS, LoadError, loads_toml, read_text
from engine.resources import resource_path, user_data_path
from engine.rules.errors import Problem, RulesetError
from engine.rules.migrations import MigrationError, migrate
from engine.rules.registry import family_model, family_names
from engine.rules.riichi import RiichiRules
from engine.rules.schema import HEADER_KEYS, IncompatibleToggles, RulesetBase, ToggleInfo, toggle_info
from engine.rules.toml_io import format_value, to_toml

R = TypeVar("R", bound=RulesetBase)

SUFFIX = ".toml"
RULESETS_DIR = "rulesets"
_WINDOWS_RESERVED = {"con", "prn", "aux", "nul"} | {f"{p}{i}" for p in ("com", "lpt") for i in range(1, 10)}
_USER_NAME = re.compile(r"\w[\w.\- ]{0,63}")
MAX_KEYS_FACTOR = 4
"""A ruleset may hold at most this many times its family's number of keys (misspelt ones included);
beyond that it is refused before it is validated key by key."""
MAX_KEY_SHOWN = 64  # an unknown key longer than this is cut in messages


# ── Locations ──────────────────────────────────────────────────────────────────────────────────


def presets_dir() -> Path:
    """Folder of the shipped, read-only presets."""
    return resource_path(RULESETS_DIR)


def user_rulesets_dir() -> Path:
    """Folder of the user's rulesets (may not exist yet)."""
    return user_data_path(RULESETS_DIR)


def preset_names(family: str | None = None) -> list[str]:
    """Names of the shipped presets, sorted; only those of ``family`` when given."""
    names = _stems(presets_dir())
    if family is None:
        return names
    return [n for n in names if _peek_family(presets_dir() / f"{n}{SUFFIX}") == family]


def user_ruleset_names() -> list[str]:
    """Names of the user's ruleset files, sorted (including broken ones)."""
    return _stems(user_rulesets_dir())


def is_preset_name(name: str) -> bool:
    return (presets_dir() / f"{name}{SUFFIX}").is_file()


def _stems(folder: Path) -> list[str]:
    if not folder.is_dir():
        return []
    return sorted(p.stem for p in folder.glob(f"*{SUFFIX}") if p.is_file())


def _peek_family(path: Path) -> str | None:
    try:
        family = _read_toml(path).get("family")
    except RulesetError:
        return None
    return family if isinstance(family, str) else None


def _read_toml(path: Path) -> dict[str, Any]:
    """The TOML table of a ruleset file, read through the loading layer's limits."""
    source = str(path)
    kind = KINDS["ruleset"]
    try:
        return loads_toml(read_text(path, kind, source=source), source=source, max_depth=kind.max_depth)
    except LoadError as exc:
        raise RulesetError(source, [Problem(exc.field, exc.problem)]) from None


def _not_a_file(path: Path) -> str:
    if path.is_dir():
        return "is a folder, not a ruleset file"
    if path.exists():
        return "is not a regular file (a pipe or a device cannot be loaded)"
    return "file not found"


def _looks_like_path(text: str) -> bool:
    return text.endswith(SUFFIX) or "/" in text or os.sep in text or bool(os.altsep and os.altsep in text)


def resolve_ruleset(path_or_name: str | os.PathLike[str]) -> Path:
    """The file meant by a preset name, a user ruleset name or a path (in that order of preference)."""
    if isinstance(path_or_name, os.PathLike) or _looks_like_path(path_or_name):
        path = Path(path_or_name)
        if not path.is_file():
            raise RulesetError(str(path), [Problem(None, _not_a_file(path))])
        return path
    name = path_or_name
    for folder in (presets_dir(), user_rulesets_dir()):
        candidate = folder / f"{name}{SUFFIX}"
        if candidate.is_file():
            return candidate
    if Path(name).is_file():
        return Path(name)
    known = preset_names() + [n for n in user_ruleset_names() if not is_preset_name(n)]
    reason = f"no preset or user ruleset of this name{_did_you_mean(name, known)}"
    if known:
        reason += f" (known: {', '.join(known)})"
    raise RulesetError(name, [Problem(None, reason)])


# ── Loading ────────────────────────────────────────────────────────────────────────────────────


@overload
def load_ruleset(path_or_name: str | os.PathLike[str]) -> RulesetBase: ...
@overload
def load_ruleset(path_or_name: str | os.PathLike[str], *, expect: type[R]) -> R: ...
def load_ruleset(
    path_or_name: str | os.PathLike[str], *, expect: type[RulesetBase] | None = None
) -> RulesetBase:
    """Load a preset, a user ruleset or a file. ``expect`` (e.g. ``RiichiRules``) also checks the family.

    Raises :class:`RulesetError` listing every problem; never returns a partly valid ruleset.
    """
    path = resolve_ruleset(path_or_name)
    rules = _load_file(path, seen=())
    if expect is not None and not isinstance(rules, expect):
        raise RulesetError(str(path), [Problem("family", f"is {rules.family!r}, expected {expect.FAMILY!r}")])
    return rules


def from_dict(data: Mapping[str, Any], *, source: str = "embedded ruleset") -> RulesetBase:
    """Rebuild a ruleset from :func:`to_dict` output (e.g. stored in a game log), with the same checks,
    migrations and base-preset filling as a file."""
    return _parse(data, source=source, default_name=None, seen=())


def to_dict(rules: RulesetBase) -> dict[str, Any]:
    """The full ruleset as plain JSON-compatible data (tuples become lists), for embedding in game logs."""
    return rules.model_dump(mode="json")


def _load_file(path: Path, seen: tuple[str, ...]) -> RulesetBase:
    source = str(path)
    data = _read_toml(path)
    if path.parent.resolve() == presets_dir().resolve() and path.stem not in seen:
        seen = (*seen, path.stem)  # a preset may not derive from itself, directly or not
    return _parse(data, source=source, default_name=path.stem, seen=seen)


def _parse(
    raw: Mapping[str, Any], *, source: str, default_name: str | None, seen: tuple[str, ...]
) -> RulesetBase:
    if not isinstance(raw, Mapping):
        raise RulesetError(source, [Problem(None, "expected a table of keys and values")])
    data = dict(raw)
    families = family_names()
    family = data.get("family")
    if family is None:
        reason = f"missing; name the rule family ({', '.join(families)})"
        raise RulesetError(source, [Problem("family", reason)])
    if not isinstance(family, str) or family not in families:
        hint = _did_you_mean(family, families) if isinstance(family, str) else ""
        reason = f"unknown family {format_value_safe(family)}{hint}; known: {', '.join(families)}"
        raise RulesetError(source, [Problem("family", reason)])
    model_cls = family_model(family)
    most = MAX_KEYS_FACTOR * len(model_cls.model_fields)
    if len(data) > most:
        reason = (
            f"{len(data)} keys; a {family} ruleset has {len(model_cls.model_fields)} "
            f"(a file may hold at most {most})"
        )
        raise RulesetError(source, [Problem(None, reason)])
    if "schema_version" not in data:
        reason = f"missing; the current {family} schema version is {model_cls.SCHEMA_VERSION}"
        raise RulesetError(source, [Problem("schema_version", reason)])
    try:
        data = migrate(family, data, model_cls.SCHEMA_VERSION)
    except MigrationError as exc:
        raise RulesetError(source, exc.problems) from None

    problems: list[Problem] = []
    base = data.setdefault("base", model_cls.DEFAULT_PRESET)
    base_values, base_problems = _base_values(model_cls, base, seen)
    problems.extend(base_problems)
    data.setdefault("name", default_name if default_name is not None else base)
    merged = {**base_values, **data}
    rules: RulesetBase | None = None
    try:
        rules = model_cls.model_validate(_tuplify(merged), strict=True)
    except ValidationError as exc:
        problems.extend(_problems_from(model_cls, exc))
        problems.extend(_partial_conflicts(model_cls, merged, problems))
    if problems or rules is None:
        order = {key: index for index, key in enumerate(raw)}
        ranked = sorted(_unique(problems), key=lambda p: order.get(p.key or "", len(order)))
        raise RulesetError(source, ranked)
    return rules


def _partial_conflicts(
    model_cls: type[RulesetBase], merged: dict[str, Any], problems: list[Problem]
) -> list[Problem]:
    """Combination checks on the keys that did validate (the others take their defaults), so that one
    report lists conflicts too; conflicts named by a key that already has a problem are left out."""
    bad = {p.key for p in problems}
    defaults = model_cls.model_validate({})
    values = defaults.model_dump()
    for key in values:
        if key in merged and key not in bad:
            values[key] = merged[key]
    candidate = model_cls.model_construct(**_tuplify(values))
    return [p for p in candidate.conflicts() if p.key not in bad]


def _base_values(
    model_cls: type[RulesetBase], base: Any, seen: tuple[str, ...]
) -> tuple[dict[str, Any], list[Problem]]:
    defaults = model_cls.model_validate({}).toggles()
    if not isinstance(base, str):
        return defaults, []  # the model reports the wrong type
    if base == model_cls.DEFAULT_PRESET:
        return defaults, []
    if base in seen:
        chain = " → ".join((*seen, base))
        return defaults, [Problem("base", f"presets derive from each other in a circle: {chain}")]
    path = presets_dir() / f"{base}{SUFFIX}"
    presets = preset_names(model_cls.FAMILY)
    if not path.is_file() or base not in presets:
        reason = f'"{base}" is not a {model_cls.FAMILY} preset{_did_you_mean(base, presets)}'
        return defaults, [Problem("base", f"{reason}; presets: {', '.join(presets) or 'none'}")]
    try:
        preset = _load_file(path, (*seen, base))
    except RulesetError as exc:
        inner = "; ".join(str(p) for p in exc.problems)
        return defaults, [Problem("base", f'preset "{base}" cannot be loaded: {inner}')]
    return preset.toggles(), []


def _tuplify(data: dict[str, Any]) -> dict[str, Any]:
    def convert(value: Any) -> Any:
        if isinstance(value, list | tuple):
            return tuple(convert(v) for v in value)
        return value

    return {key: convert(value) for key, value in data.items()}


def _problems_from(model_cls: type[RulesetBase], exc: ValidationError) -> list[Problem]:
    known = list(model_cls.model_fields)
    problems: list[Problem] = []
    for err in exc.errors():
        loc = err["loc"]
        kind = err["type"]
        ctx = err.get("ctx") or {}
        original = ctx.get("error")
        if isinstance(original, IncompatibleToggles):
            problems.extend(original.problems)
            continue
        key = str(loc[0]) if loc else None
        if kind == "extra_forbidden":
            if key is not None and len(key) > MAX_KEY_SHOWN:
                problems.append(Problem(key[: MAX_KEY_SHOWN - 3] + "...", "unknown key"))
                continue
            problems.append(Problem(key, "unknown key" + _did_you_mean(key or "", known)))
            continue
        info = toggle_info(model_cls, key) if key else None
        item = loc[1] if len(loc) > 1 and isinstance(loc[1], int) else None
        problems.append(Problem(key, _reason(kind, err["msg"], err["input"], ctx, info, item)))
    return problems


_TYPE_ERRORS = {
    "int_type",
    "int_parsing",
    "int_from_float",
    "bool_type",
    "bool_parsing",
    "string_type",
    "tuple_type",
    "list_type",
}


def _reason(
    kind: str, msg: str, value: Any, ctx: Mapping[str, Any], info: ToggleInfo | None, item: int | None
) -> str:
    if item is not None and info is not None and info.kind == "int_tuple":
        if kind == "missing" or kind == "too_long":
            return f"wrong length: expected {info.expected()}"
        prefix = f"item {item + 1}: "
        expected = f"a whole number ({info.range_text()})"
    else:
        prefix = ""
        expected = info.expected() if info is not None else "a whole number" if "int" in kind else "text"
    if kind == "too_long" or kind == "too_short":
        return f"wrong length: expected {expected}"
    if kind in _TYPE_ERRORS:
        return f"{prefix}wrong type: expected {expected}, got {_toml_type(value)} {format_value_safe(value)}"
    if kind == "literal_error" and info is not None:
        hint = _did_you_mean(value, [str(c) for c in info.choices]) if isinstance(value, str) else ""
        return f"not one of the choices: {format_value_safe(value)}{hint}; expected {expected}"
    if kind in ("greater_than_equal", "less_than_equal", "greater_than", "less_than"):
        allowed = info.range_text() if info is not None else str(ctx)
        return f"{prefix}out of range: {format_value_safe(value)} is outside {allowed}"
    if kind == "multiple_of":
        step = ctx.get("multiple_of")
        return f"{prefix}out of range: {format_value_safe(value)} is not a multiple of {step}"
    if kind == "value_error" and ctx.get("error") is not None:
        return str(ctx["error"])
    if kind == "missing":
        return "missing"
    return f"{prefix}{msg}"


def _toml_type(value: Any) -> str:
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "float"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list | tuple):
        return "array"
    if isinstance(value, Mapping):
        return "table"
    if isinstance(value, datetime | date | time):
        return "date/time"
    return type(value).__name__


def format_value_safe(value: Any, limit: int = 60) -> str:
    """A TOML-looking rendering of any value, for messages (cut to ``limit`` characters)."""
    if isinstance(value, str) and len(value) > limit:
        value = value[:limit]
    elif isinstance(value, list | tuple | Mapping) and len(value) > limit:
        return f"{'a table' if isinstance(value, Mapping) else 'an array'} of {len(value)} items"
    try:
        text = format_value(value)
    except (TypeError, ValueError, RecursionError):
        text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _did_you_mean(word: Any, candidates: Sequence[str]) -> str:
    if not isinstance(word, str) or not candidates:
        return ""
    lowered = {c.lower(): c for c in candidates}
    matches = difflib.get_close_matches(word.lower(), list(lowered), n=1, cutoff=0.6)
    return f' (did you mean "{lowered[matches[0]]}"?)' if matches else ""


def _unique(problems: list[Problem]) -> list[Problem]:
    seen: set[Problem] = set()
    result = []
    for problem in problems:
        if problem not in seen:
            seen.add(problem)
            result.append(problem)
    return result


# ── Listing, saving, deleting ──────────────────────────────────────────────────────────────────


@dataclass(frozen=True)
class RulesetEntry:
    """One ruleset file as shown in a list: ``name`` is what :func:`load_ruleset` accepts."""

    name: str
    path: Path
    read_only: bool
    family: str | None = None
    title: str | None = None  # the ``name`` written inside the file
    hash: str | None = None
    error: str | None = None  # why the file does not load, or None


def list_rulesets(family: str | None = None) -> list[RulesetEntry]:
    """Presets (read-only) then user rulesets, each sorted by name; broken files are listed with
    their error instead of being skipped. A user file with a preset's name is listed as shadowed."""
    entries: list[RulesetEntry] = []
    for folder, read_only in ((presets_dir(), True), (user_rulesets_dir(), False)):
        for name in _stems(folder):
            path = folder / f"{name}{SUFFIX}"
            if not read_only and is_preset_name(name):
                hidden = "hidden by the preset of the same name; rename the file"
                entries.append(RulesetEntry(name, path, False, _peek_family(path), error=hidden))
                continue
            try:
                rules = _load_file(path, seen=())
            except RulesetError as exc:
                entries.append(RulesetEntry(name, path, read_only, _peek_family(path), error=str(exc)))
                continue
            entries.append(RulesetEntry(name, path, read_only, rules.family, rules.name, ruleset_hash(rules)))
    if family is not None:
        entries = [e for e in entries if e.family == family]
    return entries


def check_user_ruleset_name(name: str) -> list[Problem]:
    """Problems with ``name`` as a user ruleset file name (empty list when it is fine)."""
    problems: list[Problem] = []
    if not _USER_NAME.fullmatch(name) or name != name.strip() or name.endswith("."):
        problems.append(
            Problem(
                "name",
                f"{name!r} is not a usable file name: use letters, digits, spaces, '.', '-' or '_' "
                "(at most 64 characters, not starting with a dot or space)",
            )
        )
    elif name.split(".")[0].lower() in _WINDOWS_RESERVED:
        problems.append(Problem("name", f"{name!r} is reserved by Windows; choose another name"))
    elif is_preset_name(name):
        problems.append(Problem("name", f"{name!r} is a read-only preset; save under another name"))
    return problems


def save_user_ruleset(rules: RulesetBase, name: str, *, overwrite: bool = True) -> Path:
    """Write ``rules`` as the user ruleset ``name`` (full copy, commented TOML) and return its path.

    The saved ruleset is renamed to ``name``. When ``rules`` is itself a preset (its name is a preset's
    name), the copy records that preset as its ``base``. Refuses preset names, unusable file names
    and, with ``overwrite=False``, existing files.
    """
    name = name.removesuffix(SUFFIX)
    problems = check_user_ruleset_name(name)
    if problems:
        raise RulesetError(name, problems)
    base = rules.base
    if rules.name != name and rules.name in preset_names(rules.family):
        base = rules.name
    final = rules.with_changes(name=name, base=base)
    path = user_rulesets_dir() / f"{name}{SUFFIX}"
    if path.exists() and not overwrite:
        raise RulesetError(str(path), [Problem("name", f"a user ruleset named {name!r} already exists")])
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.tmp")
    temporary.write_text(to_toml(final), encoding="utf-8", newline="\n")
    os.replace(temporary, path)
    return path


def delete_user_ruleset(name: str) -> None:
    """Remove a user ruleset file; presets cannot be deleted."""
    if is_preset_name(name):
        raise RulesetError(name, [Problem("name", f"{name!r} is a read-only preset")])
    path = user_rulesets_dir() / f"{name.removesuffix(SUFFIX)}{SUFFIX}"
    if not path.is_file():
        raise RulesetError(str(path), [Problem(None, "no user ruleset of this name")])
    path.unlink()


# ── Comparing, defaults, hashing ───────────────────────────────────────────────────────────────


def diff_rulesets(
    a: RulesetBase, b: RulesetBase, *, include_header: bool = True
) -> list[tuple[str, Any, Any]]:
    """``(key, a_value, b_value)`` for every key whose values differ, in field order. A key only one
    side has (different families) shows ``None`` on the other side."""
    da, db = a.model_dump(), b.model_dump()
    keys = list(da) + [k for k in db if k not in da]
    if not include_header:
        keys = [k for k in keys if k not in HEADER_KEYS]
    missing = object()
    return [(key, da.get(key), db.get(key)) for key in keys if da.get(key, missing) != db.get(key, missing)]


@overload
def default_ruleset(family: Literal["riichi"] = "riichi") -> RiichiRules: ...
@overload
def default_ruleset(family: str) -> RulesetBase: ...
def default_ruleset(family: str = "riichi") -> RulesetBase:
    """The family's default ruleset (its model defaults, equal to its default preset)."""
    try:
        model_cls = family_model(family)
    except KeyError as exc:
        raise RulesetError(family, [Problem("family", str(exc.args[0]))]) from None
    return model_cls.model_validate({})


def family_of(rules: RulesetBase | Mapping[str, Any]) -> str:
    """The family name of a ruleset model or of raw ruleset data."""
    if isinstance(rules, RulesetBase):
        return rules.family
    family = rules.get("family")
    if not isinstance(family, str):
        raise RulesetError("ruleset data", [Problem("family", "missing or not text")])
    return family


def canonical_json(rules: RulesetBase) -> str:
    """The full ruleset as canonical JSON: sorted keys, no spaces, UTF-8 text, tuples as arrays."""
    return json.dumps(to_dict(rules), sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def ruleset_hash(rules: RulesetBase, keys: Iterable[str] | None = None) -> str:
    """SHA-256 (hex) of :func:`canonical_json`: equal rulesets, equal hashes; any edit, a new hash.

    ``keys``: hash only these keys, as a file written before the other toggles existed did (a log
    of an older Tilehouse stores the ruleset it knew and that ruleset's hash)."""
    text = canonical_json(rules)
    if keys is not None:
        wanted = set(keys)
        data = {k: v for k, v in to_dict(rules).items() if k in wanted}
        text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()
