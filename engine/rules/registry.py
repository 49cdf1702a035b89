"""The family registry: family name → ruleset model class.

Each family module registers its model when imported (``register_family(RiichiRules)``);
:mod:`engine.rules` imports every family module it ships, so importing :mod:`engine.rules` is enough.
Sichuan and Lingxi add their models the same way.
"""

from __future__ import annotations

from typing import TypeVar

from engine.rules.schema import RulesetBase

R = TypeVar("R", bound=RulesetBase)

_FAMILIES: dict[str, type[RulesetBase]] = {}


def register_family(model_cls: type[R]) -> type[R]:
    """Register a family's ruleset model (usable as a class decorator). Re-registering replaces it."""
    family = model_cls.FAMILY
    if not family:
        raise ValueError(f"{model_cls.__name__} has no FAMILY")
    if not model_cls.DEFAULT_PRESET:
        raise ValueError(f"{model_cls.__name__} has no DEFAULT_PRESET")
    _FAMILIES[family] = model_cls
    return model_cls


def family_names() -> list[str]:
    """Registered family names, sorted."""
    return sorted(_FAMILIES)


def family_model(family: str) -> type[RulesetBase]:
    """The model class of a family; ``KeyError`` naming the known families when it is not registered."""
    try:
        return _FAMILIES[family]
    except KeyError:
        known = ", ".join(family_names()) or "none"
        raise KeyError(f"unknown rule family {family!r} (known: {known})") from None
