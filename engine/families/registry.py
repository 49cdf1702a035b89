"""The one registry of rule families: every fact about a family that another part of the game needs.

A family is described once, by a :class:`FamilySpec` in its package's ``spec.py``: its tiles and red
tiles, what a complete hand is (:class:`~engine.analysis.shape.HandShape`), its seat counts, the units
its scores and hand values are counted in, the words its players use, its situation flags, its AI
plug-in and its rule-book page, and the few functions the game core calls (the hand machine class, the
start of a match, the step from one hand to the next, the final standings).

Everything that lists families — the rulesets, the command line, the AI, the desktop's menus, pickers
and tables — reads :func:`specs` or :func:`get_family`. Adding a family means writing its package and
adding its name to :data:`BUILTIN_FAMILIES`.

>>> [spec.name for spec in specs()]
['riichi', 'sichuan', 'lingxi']
>>> get_family("sichuan").wall_size, get_family("sichuan").vocabulary
(108, 'chinese')
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.analysis.shape import HandShape
from engine.game.match import MatchState, Standing
from engine.game.state import HandResult

if TYPE_CHECKING:
    from engine.game.flow import HandContext, HandFlow
    from engine.rules.schema import Ruleset

BUILTIN_FAMILIES: tuple[str, ...] = ("riichi", "sichuan", "lingxi")
"""The families this game ships, in the order menus show them. Each is a package under
``engine/families/`` whose ``spec`` module defines ``SPEC``."""


def _no_red(rules: Ruleset) -> frozenset[int]:
    return frozenset()


def _no_sticks(rules: Ruleset) -> int:
    return 0


@dataclass(frozen=True)
class FamilySpec:
    """Everything the rest of the game knows about one family (see the module text).

    Message keys (``value_unit``, ``score_unit``, the items' ``item_prefix``) are translated by the
    desktop; the engine never writes finished sentences."""

    name: str
    tiles: tuple[int, ...]  # the physical tiles of a full four-player wall (every tile the family uses)
    new_hand: Callable[[Ruleset, HandContext, list[int], random.Random], HandFlow]  # the hand machine
    hand_shape: Callable[[Ruleset], HandShape]  # what a complete hand is under these rules
    new_match: Callable[[Ruleset], MatchState]
    advance: Callable[[Ruleset, MatchState, HandResult, list[int], int], MatchState]
    standings: Callable[[Ruleset, MatchState], list[Standing]]
    ai_plugin: str  # module of the family's AI plug-in (engine.ai.plugin)
    rule_page: str  # the rule book page (resources/rulebook/<rule_page>.md, zh/<rule_page>.md)
    value_unit: Callable[[Ruleset], str]  # what a hand's value is counted in: "han", "fan", "tai", "points"
    score_unit: str  # what payments are counted in: "points" or "zi" (子)
    item_prefix: str  # message keys of the scoring items: "<item_prefix>.<key>"
    vocabulary: str  # the words the table uses: "japanese" (pon, ron, tsumo) or "chinese" (碰, 胡)
    situation_flags: tuple[str, ...] = ()  # the flags a scored situation may carry (the calculator)
    red_tiles: Callable[[Ruleset], frozenset[int]] = _no_red  # tiles that are a face of their own
    stick_points: Callable[[Ruleset], int] = _no_sticks  # points of one stick left on the table
    seat_counts: tuple[int, ...] = (4,)  # the numbers of players the family plays (the ``players`` toggle)
    # the tiles of a wall under a ruleset (fewer with fewer players: sanma, 三人两房); None: ``tiles``
    wall_tiles: Callable[[Ruleset], tuple[int, ...]] | None = None
    # the preset to start from for a seat count, where the family ships one (riichi 3: sanma)
    seat_presets: tuple[tuple[int, str], ...] = ()
    claims_chi: bool = True  # whether a run may be called at all under any ruleset of the family
    win_needs_yaku: bool = False  # a complete hand wins only with a yaku (riichi)
    rounds_by_wind: bool = False  # the match is counted in wind rounds (East 1, South 2...) with honba
    # the optional fields of a scored situation (docs/situation.md) the family reads besides the hand,
    # melds, winning tile, win, seat and flags: round_wind, dora_indicators, ura_indicators, honba,
    # riichi_sticks, nuki, wild, flowers (the calculator shows an input for each)
    situation_fields: tuple[str, ...] = ()
    # the situation fields read under a ruleset, where some are read only under some (riichi's nuki: three
    # players with nukidora); None: ``situation_fields`` whatever the ruleset
    ruleset_situation_fields: Callable[[Ruleset], tuple[str, ...]] | None = None
    scores_non_winners: bool = False  # a situation may score a seat that did not win ("win": null)

    @property
    def wall_size(self) -> int:
        return len(self.tiles)

    @property
    def kinds(self) -> frozenset[int]:
        """The tile kinds in play, flowers included."""
        return frozenset(t >> 2 if t < 136 else 34 + t - 136 for t in self.tiles)

    def tiles_for(self, rules: Ruleset) -> tuple[int, ...]:
        """The physical tiles of a wall under ``rules`` (its seat count and toggles)."""
        return self.tiles if self.wall_tiles is None else self.wall_tiles(rules)

    def situation_fields_for(self, rules: Ruleset) -> tuple[str, ...]:
        """The optional situation fields a situation under ``rules`` reads (the calculator's inputs)."""
        if self.ruleset_situation_fields is None:
            return self.situation_fields
        return self.ruleset_situation_fields(rules)

    def players(self, rules: Ruleset) -> int:
        """How many seats a game under ``rules`` has."""
        return int(rules.players)

    def default_rules(self, players: int) -> Ruleset:
        """The ruleset a new game of ``players`` seats starts from: the family's preset for that
        seat count (``seat_presets``), else its default preset with that many players. A seat count
        the family does not play raises ``ValueError``."""
        from engine.rules import default_ruleset, load_ruleset

        if players not in self.seat_counts:
            counts = ", ".join(str(n) for n in self.seat_counts)
            raise ValueError(f"{self.name} is played by {counts} players, not {players}")
        preset = dict(self.seat_presets).get(players)
        rules = load_ruleset(preset) if preset is not None else default_ruleset(self.name)
        return rules if rules.players == players else rules.with_changes(players=players)

    # --------------------------------------------------------------- the core's calls
    def shuffle_wall(self, rules: Ruleset, rng: random.Random) -> list[int]:
        from engine.game.wall import shuffle

        tiles = list(self.tiles_for(rules))
        shuffle(tiles, rng)  # (rng.shuffle's draws, compiled in the compiled build)
        return tiles

    def start_hand(self, rules: Ruleset, ctx: HandContext, wall: list[int], rng: random.Random) -> HandFlow:
        """The hand machine for one hand on ``wall`` (a full wall, each tile once)."""
        tiles = self.tiles_for(rules)
        if len(wall) != len(tiles) or sorted(wall) != sorted(tiles):
            raise ValueError(f"a {self.name} wall must hold each of its {len(tiles)} tiles exactly once")
        return self.new_hand(rules, ctx, wall, rng)


_FAMILIES: dict[str, FamilySpec] = {}


def register(spec: FamilySpec) -> None:
    _FAMILIES[spec.name] = spec


def _load_builtin() -> None:
    """Import each shipped family's ``spec`` module once."""
    for name in BUILTIN_FAMILIES:
        if name in _FAMILIES:
            continue
        module_name = f"engine.families.{name}.spec"
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as exc:
            if exc.name in (module_name, f"engine.families.{name}"):
                continue  # a family not shipped in this build
            raise
        register(module.SPEC)


def get_family(name: str) -> FamilySpec:
    _load_builtin()
    try:
        return _FAMILIES[name]
    except KeyError:
        known = ", ".join(_FAMILIES) or "none"
        raise ValueError(f"unknown rule family {name!r} (known: {known})") from None


def specs() -> list[FamilySpec]:
    """Every family, built-in ones first in menu order."""
    _load_builtin()
    order = {name: i for i, name in enumerate(BUILTIN_FAMILIES)}
    return sorted(_FAMILIES.values(), key=lambda s: (order.get(s.name, len(order)), s.name))


def family_names() -> list[str]:
    return [spec.name for spec in specs()]


__all__ = ["BUILTIN_FAMILIES", "FamilySpec", "family_names", "get_family", "register", "specs"]
