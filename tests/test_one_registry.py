"""A fact lives in one place: the desktop never names a family, every list of families is the
registry's, and the engine has one definition of a hand shape and one of each core step."""

from __future__ import annotations

import re
from pathlib import Path

from engine.families.registry import BUILTIN_FAMILIES, family_names, specs

ROOT = Path(__file__).resolve().parent.parent
FAMILY_LITERAL = re.compile(r'"(riichi|sichuan|lingxi)"')


def _sources(folder: str) -> list[Path]:
    return sorted((ROOT / folder).rglob("*.py"))


def test_the_desktop_never_names_a_family() -> None:
    hits = [
        f"{path.relative_to(ROOT)}:{n}: {line.strip()}"
        for path in _sources("desktop")
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if FAMILY_LITERAL.search(line)
    ]
    assert hits == [], "family names belong in the registry (engine/families/registry.py):\n" + "\n".join(
        hits
    )


BRANCH = re.compile(
    r'(==|!=|\bin)\s*[(\[]?\s*"(riichi|sichuan|lingxi)"|"(riichi|sichuan|lingxi)"\s*(==|!=|,\s*")|'
    r'(get|default)\w*\("(riichi|sichuan|lingxi)"'
)


def test_the_game_core_and_the_agents_never_branch_on_a_family() -> None:
    """The core, the analysis, the agents and the AI's family-agnostic levels compare no family name
    and list no families (the riichi declaration, an action, keeps its name)."""
    hits = []
    paths = [*_sources("engine/game"), *_sources("engine/analysis"), *_sources("engine/agents")]
    paths += [ROOT / "engine" / "ai" / name for name in ("agents.py", "hints.py", "view.py", "plugin.py")]
    for path in paths:
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            code = line.split("#", 1)[0]
            if BRANCH.search(code) and ">>>" not in line and not line.strip().startswith("..."):
                hits.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()}")
    assert hits == []


def test_every_list_of_families_is_the_registry() -> None:
    from engine.rules import family_names as rules_families
    from engine.situation import variants

    assert family_names() == list(BUILTIN_FAMILIES) == [s.name for s in specs()]
    assert set(rules_families()) == set(family_names())
    assert variants() == family_names()


def test_one_definition_of_a_hand_shape_and_of_each_core_step() -> None:
    """``HandShape`` is defined once; the families' twin ``make_win``, ``_shuffle`` and ``_start`` are
    gone (the core's ``HandFlow.make_win`` and ``FamilySpec.shuffle_wall``/``start_hand`` serve all)."""
    engine = _sources("engine")
    text = {p: p.read_text(encoding="utf-8") for p in engine}
    shapes = [p for p, t in text.items() if re.search(r"^class (HandShape|Shape)\b", t, re.M)]
    assert [p.relative_to(ROOT).as_posix() for p in shapes] == ["engine/analysis/shape.py"]
    for name in ("make_win", "_shuffle", "_start"):
        owners = [p.relative_to(ROOT).as_posix() for p, t in text.items() if re.search(rf"def {name}\(", t)]
        assert owners in ([], ["engine/game/flow.py"]), (name, owners)
    for path, t in text.items():
        assert "ClassVar[bool]" not in t or "seven_pairs" not in t, path  # no hand-shape class variables
