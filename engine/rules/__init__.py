"""Rulesets: one typed, documented pydantic model per family, loaded from TOML files.

"Rules are data": every house rule is a toggle in a ruleset file that users can edit, copy, compare
and share, and the game core reads toggles only from the ruleset. The pieces:

* :mod:`engine.rules.schema` — :class:`RulesetBase`, :func:`toggle`, :func:`describe` (for the editor);
* :mod:`engine.rules.riichi` — :class:`RiichiRules`; Sichuan and Lingxi add their modules alike;
* :mod:`engine.rules.registry` — family name → model class;
* :mod:`engine.rules.migrations` — old schema versions → current;
* :mod:`engine.rules.store` — files, presets, user rulesets, diff, hash, embedding in game logs;
* :mod:`engine.rules.toml_io` — commented TOML output.

The file format is documented in ``docs/rulesets.md``.
"""

from engine.rules.errors import Problem, RulesetError
from engine.rules.migrations import MigrationError, register_migration
from engine.rules.registry import family_model, family_names, register_family
from engine.rules.riichi import RiichiRules
from engine.rules.schema import HEADER_KEYS, RulesetBase, ToggleInfo, describe, toggle, toggle_info
from engine.rules.store import (
    RulesetEntry,
    canonical_json,
    default_ruleset,
    delete_user_ruleset,
    diff_rulesets,
    family_of,
    from_dict,
    is_preset_name,
    list_rulesets,
    load_ruleset,
    preset_names,
    presets_dir,
    resolve_ruleset,
    ruleset_hash,
    save_user_ruleset,
    to_dict,
    user_ruleset_names,
    user_rulesets_dir,
)
from engine.rules.toml_io import to_toml


def _import_other_families() -> None:
    """Families other than riichi register their models when their module exists."""
    import importlib

    for name in ("sichuan", "lingxi"):
        try:
            importlib.import_module(f"engine.rules.{name}")
        except ModuleNotFoundError as exc:
            if exc.name != f"engine.rules.{name}":
                raise


_import_other_families()

__all__ = [
    "HEADER_KEYS",
    "MigrationError",
    "Problem",
    "RiichiRules",
    "RulesetBase",
    "RulesetEntry",
    "RulesetError",
    "ToggleInfo",
    "canonical_json",
    "default_ruleset",
    "delete_user_ruleset",
    "describe",
    "diff_rulesets",
    "family_model",
    "family_names",
    "family_of",
    "from_dict",
    "is_preset_name",
    "list_rulesets",
    "load_ruleset",
    "preset_names",
    "presets_dir",
    "register_family",
    "register_migration",
    "resolve_ruleset",
    "ruleset_hash",
    "save_user_ruleset",
    "to_dict",
    "to_toml",
    "toggle",
    "toggle_info",
    "user_ruleset_names",
    "user_rulesets_dir",
]
