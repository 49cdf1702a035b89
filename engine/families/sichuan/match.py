"""Sichuan match progression: the next dealer, a fixed number of hands or a bankroll, standings."""

from __future__ import annotations

from engine.game.match import MatchState, Standing
from engine.game.state import HandResult
from engine.rules.sichuan import SichuanRules


def new_match(rules: SichuanRules) -> MatchState:
    return MatchState(scores=[rules.start_points] * rules.players)


def advance(
    rules: SichuanRules, match: MatchState, result: HandResult, scores: list[int], sticks: int
) -> MatchState:
    """The match after a hand: the dealer the hand chose (see ``SichuanHandResult.next_dealer``),
    and whether the match is over (the last hand played, or a bankroll empty)."""
    n = len(match.scores)
    dealer = getattr(result, "next_dealer", match.dealer)
    nxt = MatchState(
        scores=list(scores),
        round_index=(dealer - match.first_dealer) % n,
        honba=0,
        pot=0,
        hand_index=match.hand_index + 1,
        first_dealer=match.first_dealer,
    )
    nxt.over = nxt.hand_index >= rules.match_hands or (rules.bankroll and min(scores) <= 0)
    return nxt


def ranking(scores: list[int], first_dealer: int = 0) -> list[int]:
    """Seats from first to last; equal scores rank by seat order from the first dealer."""
    n = len(scores)
    return sorted(range(n), key=lambda s: (-scores[s], (s - first_dealer) % n))


def standings(rules: SichuanRules, match: MatchState) -> list[Standing]:
    """Places by points; ``final`` is the net result (points less the starting points)."""
    out: list[Standing] = []
    for rank, seat in enumerate(ranking(match.scores, match.first_dealer), 1):
        points = match.scores[seat]
        out.append(Standing(seat, rank, points, float(points - rules.start_points)))
    return out
