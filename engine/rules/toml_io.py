"""Writing rulesets as TOML: header keys first, then one block per editor section, each key preceded
by a comment with its English and Chinese title and its allowed values.

Values are formatted with ``tomli_w``; arrays of numbers are kept on one line. Reading is
:func:`tomllib.loads`, in :mod:`engine.rules.store`.
"""

from __future__ import annotations

from typing import Any

import tomli_w

from engine.rules.schema import HEADER_KEYS, RulesetBase, ToggleInfo, describe

SECTION_RULE = "─" * 3


def format_value(value: Any) -> str:
    """A TOML literal for a ruleset value (string, integer, boolean or a flat array of those)."""
    if isinstance(value, list | tuple):
        return "[" + ", ".join(format_value(item) for item in value) + "]"
    line = tomli_w.dumps({"v": value})
    return line.removeprefix("v = ").rstrip("\n")


def to_toml(rules: RulesetBase, *, header: str | None = None) -> str:
    """The ruleset as commented TOML; ``header`` (may span lines) goes at the top as comments."""
    model_cls = type(rules)
    values = rules.model_dump()
    lines: list[str] = []
    title = f"{model_cls.TITLE_EN} / {model_cls.TITLE_ZH}" if model_cls.TITLE_EN else model_cls.FAMILY
    lines.append(f"# Tilehouse ruleset: {title}")
    if header:
        lines.extend(f"# {line}".rstrip() for line in header.strip().splitlines())
    lines.append("# A key left out takes its value from the base preset. Format: docs/rulesets.md")
    for key in HEADER_KEYS:
        lines.append(f"{key} = {format_value(values[key])}")
    for section, infos in _by_section(model_cls).items():
        section_zh = infos[0].section_zh
        heading = f"{section} / {section_zh}" if section_zh != section else section
        lines.append("")
        lines.append(f"# {SECTION_RULE} {heading} {SECTION_RULE}")
        for info in infos:
            lines.append(f"# {info.title_en} / {info.title_zh}  [{info.hint()}]")
            lines.append(f"{info.key} = {format_value(values[info.key])}")
    return "\n".join(lines) + "\n"


def _by_section(model_cls: type[RulesetBase]) -> dict[str, list[ToggleInfo]]:
    groups: dict[str, list[ToggleInfo]] = {section: [] for section in model_cls.SECTIONS}
    for info in describe(model_cls):
        groups.setdefault(info.section, []).append(info)
    return {section: infos for section, infos in groups.items() if infos}
