"""Review: one seat's play beside the strong AI's, decision by decision, in every family.

:func:`review_game` replays a record and, at each decision of the reviewed seat that had a real choice
(more than one legal action), asks the strong level what it would play from the same observation and
legal actions — exactly what the seat saw — and measures how much the difference mattered:

* ``shanten_lost`` and ``acceptance_lost``: the engine's practice analysis of the two discards
  (:class:`~engine.game.seat_analysis.SeatAnalysis`: shanten after each, and the unseen tiles that would
  improve the hand), for discard decisions;
* ``danger_taken``: the strong AI's reading of the chance to deal in with the tile played, less with
  its own (threats, safe tiles, suji...);
* ``value_lost``: what the hand would be worth if it wins after the AI's choice less after the one
  played, in the family's points, by the family plug-in's value model (yaku plans, dora, 番, 台);
* ``missed_win``: a legal win the seat did not take (its value from the analysis).

Each decision carries a :class:`~engine.messages.Message` verdict (``review.agree``,
``review.missed_win``, ``review.slower``, ``review.narrower``, ``review.riskier``, ``review.cheaper``,
``review.differs``) and the AI's reasons (:class:`~engine.ai.plugin.Reason`: keys and the numbers they
state); ``position`` is where a viewer jumps to (:meth:`engine.records.stepper.Replayer.goto`). Each hand
lists its largest differences first.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.ai.agents import WIN_SCORE, Option, Planner, level_for
from engine.ai.hints import as_good_as
from engine.ai.plugin import Reason, plugin_for
from engine.ai.view import View
from engine.game.actions import PRACTICE_TYPES, Action, ActionType
from engine.game.game import Game
from engine.game.seat_analysis import SeatAnalysis
from engine.messages import Message
from engine.tiles import is_red, kind_of

A = ActionType
DISCARDS = (A.DISCARD, A.RIICHI)
RISK_NOTICED = 0.02  # a deal-in chance this much higher is called riskier


@dataclass(frozen=True, slots=True)
class ReviewedDecision:
    position: int  # the actions before this decision: where a viewer jumps to
    hand: int
    seat: int
    played: Action
    suggested: Action  # the strong AI's choice
    agrees: bool  # the same choice (copies of a tile count as one)
    verdict: Message
    reasons: tuple[Reason, ...]  # why the AI prefers its choice
    played_reasons: tuple[Reason, ...]  # what the AI says of the choice played
    shanten_lost: int | None = None
    acceptance_lost: int | None = None
    danger_taken: float = 0.0
    value_lost: float | None = None
    missed_win: bool = False

    @property
    def severity(self) -> tuple[float, ...]:
        """Sort key of the largest differences: a missed win, then shanten, value, acceptance, danger."""
        return (
            float(self.missed_win),
            float(self.shanten_lost or 0),
            max(self.value_lost or 0.0, 0.0),
            float(self.acceptance_lost or 0),
            self.danger_taken,
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "position": self.position,
            "hand": self.hand,
            "seat": self.seat,
            "played": self.played.to_json(),
            "played_text": self.played.describe(),
            "suggested": self.suggested.to_json(),
            "suggested_text": self.suggested.describe(),
            "agrees": self.agrees,
            "verdict": self.verdict.to_json(),
            "reasons": [_reason_json(r) for r in self.reasons],
            "played_reasons": [_reason_json(r) for r in self.played_reasons],
            "shanten_lost": self.shanten_lost,
            "acceptance_lost": self.acceptance_lost,
            "danger_taken": round(self.danger_taken, 4),
            "value_lost": None if self.value_lost is None else round(self.value_lost, 1),
            "missed_win": self.missed_win,
        }


@dataclass(frozen=True)
class HandReview:
    hand: int
    round_wind: int
    dealer: int
    honba: int
    decisions: tuple[ReviewedDecision, ...]
    largest: tuple[ReviewedDecision, ...]  # the differences that mattered most, largest first

    @property
    def agreements(self) -> int:
        return sum(1 for d in self.decisions if d.agrees)

    def to_json(self) -> dict[str, Any]:
        return {
            "hand": self.hand,
            "round_wind": self.round_wind,
            "dealer": self.dealer,
            "honba": self.honba,
            "decisions": len(self.decisions),
            "agreements": self.agreements,
            "largest": [d.position for d in self.largest],
            "reviewed": [d.to_json() for d in self.decisions],
        }


@dataclass(frozen=True)
class GameReview:
    family: str
    seat: int
    level: str
    hands: tuple[HandReview, ...]

    @property
    def decisions(self) -> tuple[ReviewedDecision, ...]:
        return tuple(d for h in self.hands for d in h.decisions)

    @property
    def agreement(self) -> float:
        all_ = self.decisions
        return sum(1 for d in all_ if d.agrees) / len(all_) if all_ else 1.0

    def to_json(self) -> dict[str, Any]:
        return {
            "family": self.family,
            "seat": self.seat,
            "level": self.level,
            "decisions": len(self.decisions),
            "agreement": round(self.agreement, 4),
            "hands": [h.to_json() for h in self.hands],
        }


def _reason_json(r: Reason) -> dict[str, Any]:
    return {"key": r.key, "en": r.en, "zh": r.zh, "args": dict(r.args)}


def _face(a: Action) -> tuple[Any, ...]:
    tile = (kind_of(a.tile), is_red(a.tile)) if a.tile is not None else None
    return (a.type.value, tile, tuple(sorted((kind_of(t), is_red(t)) for t in a.tiles)), a.suit)


def review_game(game: Game, seat: int, *, level: str = "strong", top: int = 3) -> GameReview:
    """Review ``seat``'s decisions in ``game`` (replayed from its start; ``game`` is not changed)."""
    replay = Game(game.rules, seed=game.seed, walls=game.walls, start=game.start, practice=game.practice)
    planner = Planner(level_for(level, game.family.name), plugin_for(game.family.name, game.rules))
    by_hand: dict[int, list[ReviewedDecision]] = {}
    starts: dict[int, tuple[int, int, int]] = {}
    for position, action in enumerate(game.actions):
        hand = len(replay.results)
        if hand not in starts:
            obs = replay.observation(None)
            starts[hand] = (obs.round_wind, obs.dealer, obs.honba)
        if action.seat == seat and action.type not in PRACTICE_TYPES:
            legal = replay.legal_actions(seat)
            if len(legal) > 1:
                found = _review(replay, planner, position, hand, action, legal)
                if found is not None:
                    by_hand.setdefault(hand, []).append(found)
        replay.apply(action)
    hands = []
    for hand in sorted(starts):
        decisions = tuple(by_hand.get(hand, ()))
        differing = sorted((d for d in decisions if not d.agrees), key=lambda d: d.severity, reverse=True)
        wind, dealer, honba = starts[hand]
        hands.append(HandReview(hand, wind, dealer, honba, decisions, tuple(differing[:top])))
    return GameReview(game.family.name, seat, level, tuple(hands))


def _review(
    game: Game, planner: Planner, position: int, hand: int, played: Action, legal: Sequence[Action]
) -> ReviewedDecision | None:
    seat = played.seat
    obs = game.observation(seat)
    view = View.from_observation(obs)
    try:
        options = [o for o in planner.options(view, list(legal)) if o.action in legal]
    except ValueError:  # a hand the analysis cannot measure
        return None
    if not options:
        return None
    best = max(options, key=lambda o: o.score)
    mine = _matching(options, played)
    if mine is None:
        return None
    # the same choice, or one the AI scores as good (hints.as_good_as: the rule of the hints' ranks)
    unit = planner.plugin.unit(view)
    agrees = _face(best.action) == _face(played) or as_good_as(mine.score, best.score, unit)
    analysis = game.analysis(seat)
    missed_win = best.action.type in (A.TSUMO, A.RON) and played.type not in (A.TSUMO, A.RON)
    shanten_lost, acceptance_lost = _acceptance(analysis, best.action, played)
    value_lost = _value_lost(best, mine, analysis, missed_win)
    danger = mine.risk - best.risk if not agrees else 0.0
    verdict = _verdict(agrees, missed_win, shanten_lost, acceptance_lost, danger, value_lost, analysis)
    return ReviewedDecision(
        position,
        hand,
        seat,
        played,
        best.action,
        agrees,
        verdict,
        tuple(dict.fromkeys(best.reasons)),
        tuple(dict.fromkeys(mine.reasons)),
        shanten_lost,
        acceptance_lost,
        danger,
        value_lost,
        missed_win,
    )


def _matching(options: list[Option], played: Action) -> Option | None:
    exact = [o for o in options if o.action == played]
    if exact:
        return exact[0]
    same = [o for o in options if _face(o.action) == _face(played)]
    return max(same, key=lambda o: o.score) if same else None


def _acceptance(analysis: SeatAnalysis, best: Action, played: Action) -> tuple[int | None, int | None]:
    """Shanten and acceptance lost between two discards, from the engine's analysis."""
    if best.type not in DISCARDS or played.type not in DISCARDS or best.tile is None or played.tile is None:
        return None, None
    choices = {(c.kind, is_red(c.tile)): c for c in analysis.discards}
    a = choices.get((kind_of(best.tile), is_red(best.tile))) or _by_kind(analysis, best.tile)
    b = choices.get((kind_of(played.tile), is_red(played.tile))) or _by_kind(analysis, played.tile)
    if a is None or b is None:
        return None, None
    shanten_lost = b.shanten - a.shanten
    acceptance_lost = a.acceptance - b.acceptance if shanten_lost == 0 else None
    return shanten_lost, acceptance_lost


def _by_kind(analysis: SeatAnalysis, tile: int) -> Any:
    return next((c for c in analysis.discards if c.kind == kind_of(tile)), None)


def _value_lost(best: Option, mine: Option, analysis: SeatAnalysis, missed_win: bool) -> float | None:
    if missed_win:
        return float(analysis.win.points) if analysis.win is not None and analysis.win.legal else None
    if abs(best.score) >= WIN_SCORE / 4 or abs(mine.score) >= WIN_SCORE / 4:
        return None  # a win or a family's special action: no hand value to compare
    return best.value - mine.value


def _verdict(
    agrees: bool,
    missed_win: bool,
    shanten_lost: int | None,
    acceptance_lost: int | None,
    danger: float,
    value_lost: float | None,
    analysis: SeatAnalysis,
) -> Message:
    if agrees:
        return Message.of("review.agree")
    if missed_win:
        points = analysis.win.points if analysis.win is not None else 0
        return Message.of("review.missed_win", points=points)
    if shanten_lost is not None and shanten_lost > 0:
        return Message.of("review.slower", shanten=shanten_lost)
    if acceptance_lost is not None and acceptance_lost > 0:
        return Message.of("review.narrower", tiles=acceptance_lost)
    if danger >= RISK_NOTICED:
        return Message.of("review.riskier", percent=round(100 * danger))
    if value_lost is not None and value_lost > 0:
        return Message.of("review.cheaper", points=round(value_lost))
    return Message.of("review.differs")
