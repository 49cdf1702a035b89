"""Schema migrations: how a ruleset written by an older Tilehouse becomes a current one.

A family's ``SCHEMA_VERSION`` goes up whenever a key is renamed, removed or changes meaning (adding a
toggle with a default does *not* need a new version: a missing key takes the base preset's value).
For each step the family registers a function turning the raw key/value table of version ``n`` into
version ``n + 1``::

    @register_migration("riichi", 0)
    def _riichi_v0_to_v1(data: dict[str, Any]) -> dict[str, Any]:
        rename_keys(data, {"aka_dora": "red_fives"})
        return data

The loader runs the chain ``v → v+1 → … → current`` on the raw table before validation, so a
migration only ever sees plain TOML/JSON values. A migration that meets a value it cannot convert
raises :class:`MigrationError`; the loader reports it like any other problem. Migrations never touch
the ``schema_version`` key: :func:`migrate` sets it after each step.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.rules.errors import Problem

Migration = Callable[[dict[str, Any]], dict[str, Any]]

_MIGRATIONS: dict[tuple[str, int], Migration] = {}


class MigrationError(Exception):
    """A migration step could not convert the data; ``problems`` name the keys."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = problems
        super().__init__("; ".join(str(p) for p in problems))


def register_migration(family: str, from_version: int) -> Callable[[Migration], Migration]:
    """Decorator: register the step from ``from_version`` to ``from_version + 1`` of ``family``."""

    def decorate(func: Migration) -> Migration:
        key = (family, from_version)
        if key in _MIGRATIONS and _MIGRATIONS[key] is not func:
            raise ValueError(f"a {family} migration from version {from_version} is already registered")
        _MIGRATIONS[key] = func
        return func

    return decorate


def migration_steps(family: str) -> list[int]:
    """The versions a family can migrate *from*, sorted."""
    return sorted(v for f, v in _MIGRATIONS if f == family)


def migrate(family: str, data: dict[str, Any], target_version: int) -> dict[str, Any]:
    """Run the registered steps from ``data["schema_version"]`` up to ``target_version``.

    Returns a new table (the input is not modified). Raises :class:`MigrationError` when a step is
    missing or fails, or when the data is newer than ``target_version``.
    """
    version = data.get("schema_version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise MigrationError([Problem("schema_version", "must be a whole number")])
    if version > target_version:
        raise MigrationError(
            [
                Problem(
                    "schema_version",
                    f"version {version} is newer than this Tilehouse understands ({target_version}); "
                    "update Tilehouse to load this ruleset",
                )
            ]
        )
    if version < 0:
        raise MigrationError([Problem("schema_version", f"version {version} is not a valid version")])
    result = dict(data)
    while version < target_version:
        step = _MIGRATIONS.get((family, version))
        if step is None:
            raise MigrationError(
                [Problem("schema_version", f"no migration from {family} schema version {version}")]
            )
        result = step(dict(result))
        version += 1
        result["schema_version"] = version
    return result


def rename_keys(data: dict[str, Any], renames: dict[str, str]) -> None:
    """Move ``data[old]`` to ``data[new]`` in place for each pair; refuse when both names are present."""
    problems = [
        Problem(old, f"old name of {new!r}, which is also present; keep only {new!r}")
        for old, new in renames.items()
        if old in data and new in data
    ]
    if problems:
        raise MigrationError(problems)
    for old, new in renames.items():
        if old in data:
            data[new] = data.pop(old)
