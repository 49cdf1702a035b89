"""Ruleset schema machinery shared by every rule family.

"Rules are data": each house rule is a *toggle*, a typed field of a frozen pydantic model that carries
its own documentation (English and Chinese title and description), the editor section it belongs to
and an anchor into the rule book. A family's ruleset derives from :class:`RulesetBase`::

    class SichuanRules(RulesetBase):
        FAMILY = "sichuan"
        SCHEMA_VERSION = 1
        DEFAULT_PRESET = "sichuan-default"
        SECTIONS = {"Scoring": "计分"}

        family: Literal["sichuan"] = "sichuan"
        name: str = "sichuan-default"
        base: str = "sichuan-default"
        schema_version: int = 1

        max_fan: int = toggle(3, ge=1, le=13, title_en=..., title_zh=..., description_en=...,
                              description_zh=..., section="Scoring", rulebook="sichuan.md#scoring")

Allowed toggle types: ``bool``; ``int`` (with ``ge``/``le`` range and optional ``multiple_of`` step);
``Literal[...]`` of strings or ints (choices); fixed-length tuples of ints (item range via
``Annotated[int, Ge(..), Le(..)]``). :func:`describe` turns a model class into a list of
:class:`ToggleInfo` for the ruleset editor, the CLI and the docs.

Checks that involve several toggles go in the family's :meth:`RulesetBase.conflicts`; the loader
reports each conflict under the key it names.
"""

from __future__ import annotations

import functools
import typing
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Literal, Protocol, Self, cast

from annotated_types import Ge, Le, MultipleOf
from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from engine.rules.errors import Problem

HEADER_KEYS: tuple[str, ...] = ("family", "name", "base", "schema_version")
"""Keys every ruleset has that are not toggles: which family, its name, the preset it derives from and
the schema version of the file."""

NAME_MAX_LENGTH = 64
TOGGLE_MARK = "tilehouse_toggle"

ToggleKind = Literal["bool", "int", "choice", "int_tuple", "str"]


class IncompatibleToggles(ValueError):
    """Raised by a model validator when toggles contradict each other; carries one problem per key."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = problems
        super().__init__("; ".join(str(p) for p in problems))


def toggle(
    default: Any,
    *,
    title_en: str,
    title_zh: str,
    description_en: str,
    description_zh: str,
    section: str,
    rulebook: str,
    ge: int | None = None,
    le: int | None = None,
    multiple_of: int | None = None,
    choice_titles: Mapping[str | int, tuple[str, str]] | None = None,
) -> Any:
    """A documented ruleset field. ``choice_titles`` maps each choice of a ``Literal`` to (en, zh) labels."""
    extra: dict[str, Any] = {
        TOGGLE_MARK: True,
        "title_en": title_en,
        "title_zh": title_zh,
        "description_en": description_en,
        "description_zh": description_zh,
        "section": section,
        "rulebook": rulebook,
    }
    if choice_titles:
        extra["choice_titles"] = [[value, en, zh] for value, (en, zh) in choice_titles.items()]
    return Field(
        default,
        ge=ge,
        le=le,
        multiple_of=multiple_of,
        title=title_en,
        description=description_en,
        json_schema_extra=extra,
    )


@dataclass(frozen=True)
class ToggleInfo:
    """Everything an editor needs to show and edit one toggle."""

    key: str
    kind: ToggleKind
    default: Any
    title_en: str
    title_zh: str
    description_en: str
    description_zh: str
    section: str
    section_zh: str
    rulebook: str
    choices: tuple[Any, ...] = ()
    choice_titles: tuple[tuple[Any, str, str], ...] = ()
    minimum: int | None = None  # for int_tuple: the range of each item
    maximum: int | None = None
    step: int | None = None
    length: int | None = None  # int_tuple only

    def title(self, lang: str = "en") -> str:
        return self.title_zh if lang.startswith("zh") else self.title_en

    def description(self, lang: str = "en") -> str:
        return self.description_zh if lang.startswith("zh") else self.description_en

    def section_title(self, lang: str = "en") -> str:
        return self.section_zh if lang.startswith("zh") else self.section

    def choice_title(self, value: Any, lang: str = "en") -> str:
        for choice, en, zh in self.choice_titles:
            if choice == value:
                return zh if lang.startswith("zh") else en
        return str(value)

    def range_text(self) -> str:
        if self.minimum is None and self.maximum is None:
            text = "any"
        else:
            low = "" if self.minimum is None else str(self.minimum)
            high = "" if self.maximum is None else str(self.maximum)
            text = f"{low}..{high}"
        return f"{text}, step {self.step}" if self.step else text

    def hint(self) -> str:
        """Short allowed-values text, e.g. ``east | east_south`` or ``1000..200000, step 100``."""
        if self.kind == "bool":
            return "true | false"
        if self.kind == "choice":
            return " | ".join(_plain(c) for c in self.choices)
        if self.kind == "int":
            return self.range_text()
        if self.kind == "int_tuple":
            return f"{self.length} whole numbers, each {self.range_text()}"
        return "text"

    def expected(self) -> str:
        """What a valid value looks like, phrased for an error message."""
        if self.kind == "bool":
            return "true or false"
        if self.kind == "choice":
            return "one of " + ", ".join(_quoted(c) for c in self.choices)
        if self.kind == "int":
            return f"a whole number ({self.range_text()})"
        if self.kind == "int_tuple":
            return f"a list of {self.length} whole numbers (each {self.range_text()})"
        return "a text string"


def _plain(value: Any) -> str:
    return str(value)


def _quoted(value: Any) -> str:
    return f'"{value}"' if isinstance(value, str) else str(value)


class Ruleset(Protocol):
    """What the game core knows of a ruleset: its family and its name. Each family's hand machine reads
    its own toggles from its own model (:class:`RulesetBase` subclasses satisfy this)."""

    @property
    def family(self) -> str: ...

    @property
    def name(self) -> str: ...

    @property
    def players(self) -> int: ...


class RulesetBase(BaseModel):
    """Base of every family's ruleset: frozen, no unknown keys, four header fields plus toggles.

    Subclasses set the class constants, narrow ``family`` to a ``Literal`` and give every header field
    a default (the family's default preset), then declare toggles with :func:`toggle`.
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    FAMILY: ClassVar[str] = ""
    SCHEMA_VERSION: ClassVar[int] = 1
    DEFAULT_PRESET: ClassVar[str] = ""
    TITLE_EN: ClassVar[str] = ""
    TITLE_ZH: ClassVar[str] = ""
    PRESET_TITLES: ClassVar[Mapping[str, tuple[str, str]]] = {}
    """The shipped presets' titles, English and Chinese (a preset's file name is its identifier)."""
    SECTIONS: ClassVar[Mapping[str, str]] = {}
    """Editor sections in display order: English name → Chinese name."""

    family: str
    name: str
    base: str
    schema_version: int
    if typing.TYPE_CHECKING:
        players: int  # each family declares it as a toggle (:func:`players_toggle`)

    @field_validator("name", "base")
    @classmethod
    def _check_name(cls, value: str) -> str:
        if not value.strip():
            raise ValueError("must not be empty")
        if len(value) > NAME_MAX_LENGTH:
            raise ValueError(f"must be at most {NAME_MAX_LENGTH} characters")
        if any(ch in value for ch in "\n\r\t/\\"):
            raise ValueError("must not contain line breaks, tabs or slashes")
        return value

    @model_validator(mode="after")
    def _check_combinations(self) -> Self:
        problems: list[Problem] = []
        current = type(self).SCHEMA_VERSION
        if self.schema_version != current:
            problems.append(
                Problem(
                    "schema_version",
                    f"must be {current} in a loaded ruleset (older files are migrated by the loader)",
                )
            )
        problems.extend(self.conflicts())
        if problems:
            raise IncompatibleToggles(problems)
        return self

    def conflicts(self) -> list[Problem]:
        """Combinations of toggles that cannot go together; each problem names the key to fix."""
        return []

    def with_changes(self, **changes: Any) -> Self:
        """A validated copy with some values changed (``model_copy`` would skip validation)."""
        data = self.model_dump()
        data.update(changes)
        return type(self).model_validate(data)

    def toggles(self) -> dict[str, Any]:
        """The toggle values only (no header keys), in field order."""
        return {k: v for k, v in self.model_dump().items() if k not in HEADER_KEYS}


def describe(model_cls: type[RulesetBase]) -> list[ToggleInfo]:
    """The toggles of a ruleset model, in field order, with types, ranges, choices and documentation."""
    return list(_describe(model_cls))


def toggle_info(model_cls: type[RulesetBase], key: str) -> ToggleInfo | None:
    """The :class:`ToggleInfo` of one key, or ``None`` when the key is not a toggle."""
    return {info.key: info for info in _describe(model_cls)}.get(key)


@functools.cache
def _describe(model_cls: type[RulesetBase]) -> tuple[ToggleInfo, ...]:
    infos: list[ToggleInfo] = []
    for key, field in model_cls.model_fields.items():
        extra = field.json_schema_extra
        if not isinstance(extra, dict) or not extra.get(TOGGLE_MARK):
            if key not in HEADER_KEYS:
                raise TypeError(f"{model_cls.__name__}.{key} is not declared with toggle(...)")
            continue
        kind, choices, length, item_meta = _classify(model_cls, key, field.annotation)
        meta = list(field.metadata) + item_meta
        section = str(extra["section"])
        raw_choice_titles = extra.get("choice_titles") or []
        choice_titles = tuple(
            (entry[0], str(entry[1]), str(entry[2])) for entry in cast(list[list[Any]], raw_choice_titles)
        )
        infos.append(
            ToggleInfo(
                key=key,
                kind=kind,
                default=field.default,
                title_en=str(extra["title_en"]),
                title_zh=str(extra["title_zh"]),
                description_en=str(extra["description_en"]),
                description_zh=str(extra["description_zh"]),
                section=section,
                section_zh=model_cls.SECTIONS.get(section, section),
                rulebook=str(extra["rulebook"]),
                choices=choices,
                choice_titles=choice_titles,
                minimum=_bound(meta, "ge"),
                maximum=_bound(meta, "le"),
                step=_bound(meta, "multiple_of"),
                length=length,
            )
        )
    return tuple(infos)


def _bound(meta: list[Any], attr: str) -> int | None:
    for item in meta:
        if isinstance(item, Ge | Le | MultipleOf) and hasattr(item, attr):
            return int(getattr(item, attr))
    return None


def _classify(
    model_cls: type[RulesetBase], key: str, annotation: Any
) -> tuple[ToggleKind, tuple[Any, ...], int | None, list[Any]]:
    if annotation is bool:
        return "bool", (), None, []
    if annotation is int:
        return "int", (), None, []
    if annotation is str:
        return "str", (), None, []
    origin = typing.get_origin(annotation)
    if origin is Literal:
        return "choice", typing.get_args(annotation), None, []
    if origin is tuple:
        items = typing.get_args(annotation)
        item_meta: list[Any] = []
        ok = bool(items) and Ellipsis not in items
        for item in items:
            if typing.get_origin(item) is typing.Annotated:
                base, *metadata = typing.get_args(item)
                ok = ok and base is int
                if not item_meta:
                    item_meta = list(metadata)
            else:
                ok = ok and item is int
        if ok:
            return "int_tuple", (), len(items), item_meta
    raise TypeError(f"{model_cls.__name__}.{key}: unsupported toggle type {annotation!r}")


SeatCount = Literal[2, 3, 4]
"""How many players sit at the table: the computer takes every seat but one (1, 2 or 3 opponents)."""


def players_toggle(rulebook: str, *, description_en: str, description_zh: str, section: str = "Match") -> Any:
    """The seat count of a family's ruleset (2, 3 or 4 players), documented by the family."""
    return toggle(
        4,
        title_en="Players",
        title_zh="人数",
        description_en=description_en,
        description_zh=description_zh,
        section=section,
        rulebook=rulebook,
        choice_titles={
            2: ("Two players (one opponent)", "二人（一个对手）"),
            3: ("Three players (two opponents)", "三人（两个对手）"),
            4: ("Four players (three opponents)", "四人（三个对手）"),
        },
    )


def seats_problem(players: int, played: tuple[int, ...]) -> list[Problem]:
    """A problem when the family does not play ``players`` seats (``played``: the counts it does)."""
    if players in played:
        return []
    counts = ", ".join(str(n) for n in played)
    return [Problem("players", f"{players} players are not played in this family (it plays {counts})")]
