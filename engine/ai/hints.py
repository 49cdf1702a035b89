"""Hints for the human's pending decision: the strong AI ranks the options and says why.

The practice panel and the drills call :func:`rank_options` with the human seat's observation and
legal actions (the same two things an AI seat gets — a hint can never reveal hidden tiles):

>>> from engine.game.game import Game
>>> from engine.rules import default_ruleset
>>> game = Game(default_ruleset("riichi"), seed=3)
>>> seat = game.pending()[0]
>>> hints = rank_options(game.observation(seat), game.legal_actions(seat))
>>> hints[0].score >= hints[-1].score and all(h.option in game.legal_actions(seat) for h in hints)
True
>>> bool(hints[0].reasons_en) and bool(hints[0].reasons_zh)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.ai.agents import Option, Planner, level_for
from engine.ai.plugin import Reason, plugin_for, tile_words, words
from engine.ai.view import View
from engine.game.actions import Action, ActionType
from engine.game.observation import Observation
from engine.tiles import kind_of

# a discard that keeps fewer tiles is said to rank above for its value when its hand is worth at least
# this much more (below it, the order comes from the look-ahead, the danger or the players' order)
WORTH_MORE_BY = 1.05
# options scored within this share of the family's unit of value (riichi: 10 points; Sichuan 0.01 番)
# of the best of their group are as good as each other: they share a rank (the drills grade by it too)
TIE = 0.01


@dataclass(frozen=True, slots=True)
class Hint:
    """One option for the pending decision, its score (the AI's expected points from it, in the
    family's units; only the order and the gaps mean something) and the reasons, best first."""

    option: Action
    score: float
    reasons: tuple[Reason, ...]
    # 1 for the best; options the AI scores alike (within TIE of a unit) share a rank (1, 1, 3: the
    # order within it is the AI's tie-break, such as the family's order of lone tiles, not a value)
    rank: int = 1

    @property
    def reasons_en(self) -> list[str]:
        return [r.en for r in self.reasons]

    @property
    def reasons_zh(self) -> list[str]:
        return [r.zh for r in self.reasons]

    def to_json(self) -> dict[str, Any]:
        return {
            "option": self.option.to_json(),
            "describe": self.option.describe(),
            "score": round(self.score, 3),
            "rank": self.rank,
            "reasons": [{"key": r.key, "en": r.en, "zh": r.zh, "args": dict(r.args)} for r in self.reasons],
        }


def _face_key(a: Action, red: frozenset[int]) -> tuple[Any, ...]:
    """What a player sees of an option: its type and the faces of its tiles (a red five is a face of
    its own only where the ruleset has red fives: ``red``, the family's red tiles)."""
    tile = (kind_of(a.tile), a.tile in red) if a.tile is not None else None
    tiles = tuple(sorted((kind_of(t), t in red) for t in a.tiles))
    return (a.type.value, tile, tiles, a.suit)


def rank_options(
    observation: Observation, legal: Sequence[Action], *, rules: Any = None, level: str = "strong"
) -> list[Hint]:
    """Every distinct legal option (copies of the same tile count once), best first.

    ``rules`` is the table's ruleset (default: the family's default ruleset); ``level`` which AI
    judges (strong by default)."""
    if not legal:
        return []
    view = View.from_observation(observation)
    planner = Planner(level_for(level, view.family), plugin_for(view.family, rules))
    options: list[Option] = planner.options(view, list(legal))
    from engine.families.registry import get_family
    from engine.rules import default_ruleset

    red = get_family(view.family).red_tiles(rules if rules is not None else default_ruleset(view.family))
    best: dict[tuple[Any, ...], Option] = {}
    for o in options:
        if o.action not in legal:
            continue
        key = _face_key(o.action, red)
        if key not in best or o.score > best[key].score:
            best[key] = o
    ranked = sorted(best.values(), key=lambda o: -o.score)
    ranks = _ranks(ranked, planner.plugin.unit(view))
    win_zh = words(view.family)["win"]
    out: list[Hint] = []
    for i, o in enumerate(ranked):
        reasons = list(dict.fromkeys(o.reasons))  # drop repeats, keep order
        # the options it ranks above: not those as good as it (between those only a tie-break decides)
        below = [other for j, other in enumerate(ranked) if ranks[j] > ranks[i]]
        worth = _worth_more(o, below, win_zh)
        if worth is not None:
            reasons.insert(1, worth)  # among the reasons the practice panel shows first
        elif _reaches_more(o, below):
            lacked = next(r for r in reasons if r.key == "lacked_waits")
            reasons.remove(lacked)
            reasons.insert(1, lacked)  # why fewer tiles rank first, where the panel shows it
        tie = _tie(i, ranked, ranks, view.family)
        if tie is not None:
            reasons.insert(1, tie)  # no difference in value between them: said where the panel shows it
        out.append(Hint(o.action, float(o.score), tuple(reasons), ranks[i]))
    return out


def as_good_as(score: float, best: float, unit: float) -> bool:
    """Whether an option scored ``score`` is as good as one scored ``best`` (within :data:`TIE` of the
    family's ``unit``): the one rule of the hints' ranks, the drills' grades and the review's
    agreement."""
    return best - score <= TIE * unit


def _ranks(ranked: Sequence[Option], unit: float) -> list[int]:
    """Each option's rank, best first: an option as good as the best of the group above
    (:func:`as_good_as`) shares its rank (1, 1, 3), as the drills grade answers."""
    out: list[int] = []
    leader: float | None = None
    for i, o in enumerate(ranked):
        if leader is None or not as_good_as(o.score, leader, unit):
            leader = o.score
            out.append(i + 1)
        else:
            out.append(out[-1])
    return out


def _tie(i: int, ranked: Sequence[Option], ranks: Sequence[int], family: str) -> Reason | None:
    """A discard that shares its rank with another (:func:`_ranks`: the same tiles, value and danger,
    or within :data:`TIE` of a unit): "as good as discarding 9 Dots" / 与打九筒一样好, so that the
    order of the two, which is only the AI's tie-break, does not read as a difference in value.
    None when no other discard shares it."""
    option = ranked[i]
    if option.action.type is not ActionType.DISCARD or option.action.tile is None:
        return None
    for j, other in enumerate(ranked):
        if (
            j != i
            and ranks[j] == ranks[i]
            and other.action.type is ActionType.DISCARD
            and other.action.tile is not None
        ):
            en, zh = tile_words(kind_of(other.action.tile), family)
            return Reason(
                "tie",
                f"as good as discarding {en}",
                f"与打{zh}一样好",
                (("tile", kind_of(other.action.tile)),),
            )
    return None


def _worth_more(option: Option, below: Sequence[Option], win_zh: str) -> Reason | None:
    """Why a discard ranks above one that keeps more tiles as many steps from ready: its hand is worth
    more if it wins (the value the AI weighed, in the family's points). None when no such discard
    ranks below it, or when the value is not what sets it above. ``win_zh``: the family's word for a
    win (胡牌, 和牌)."""
    if option.action.type is not ActionType.DISCARD or option.shanten is None:
        return None
    for other in below:
        if (
            other.action.type is ActionType.DISCARD
            and other.shanten == option.shanten
            and other.accept > option.accept
            and other.value > 0.0
            and option.value > other.value * WORTH_MORE_BY
        ):
            mine, theirs = _points(option.value), _points(other.value)
            return Reason(
                "worth_more",
                f"worth more if it wins than the discard that keeps {other.accept} tiles: "
                f"about {mine} against {theirs}",
                f"{win_zh}价值比进张{other.accept}张的打法更高：约{mine}对{theirs}",
                (("accept_other", other.accept),),
            )
    return None


def _reaches_more(option: Option, below: Sequence[Option]) -> bool:
    """Whether a ready discard ranks above a ready one that waits on more tiles because its waits
    are in a suit other players lack (its ``lacked_waits`` reason: ``FamilyPlugin.weighted_waits``)."""
    if option.action.type is not ActionType.DISCARD or option.shanten != 0:
        return False
    if not any(r.key == "lacked_waits" for r in option.reasons):
        return False
    return any(
        other.action.type is ActionType.DISCARD and other.shanten == 0 and other.accept > option.accept
        for other in below
    )


def _points(value: float) -> str:
    return f"{value:,.0f}" if value >= 100 else f"{value:.1f}"
