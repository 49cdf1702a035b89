"""Lingxi match progression: a dealer who wins keeps the deal (连庄), otherwise it passes to the next
player; the match ends when every player has been dealer ``rounds`` times.

``MatchState.round_index`` counts how often the deal has passed, ``honba`` the dealer's consecutive
wins (shown as 连庄). Scores are chips (子), starting at 0.
"""

from __future__ import annotations

from engine.game.match import MatchState, Standing
from engine.game.state import HandResult
from engine.rules.lingxi import LingxiRules


def new_match(rules: LingxiRules) -> MatchState:
    return MatchState(scores=[0] * rules.players)


def advance(
    rules: LingxiRules, match: MatchState, result: HandResult, scores: list[int], sticks: int
) -> MatchState:
    """The match after a hand: keep the deal after a dealer win, else pass it on; over after the last
    dealership of the last round."""
    nxt = MatchState(
        scores=list(scores),
        round_index=match.round_index,
        honba=match.honba,
        pot=0,
        hand_index=match.hand_index + 1,
        first_dealer=match.first_dealer,
    )
    if result.dealer_continues:
        nxt.honba += 1
    else:
        nxt.round_index += 1
        nxt.honba = 0
    nxt.over = nxt.round_index >= rules.rounds * len(scores)
    return nxt


def ranking(scores: list[int], first_dealer: int = 0) -> list[int]:
    n = len(scores)
    return sorted(range(n), key=lambda s: (-scores[s], (s - first_dealer) % n))


def standings(rules: LingxiRules, match: MatchState) -> list[Standing]:
    """Places by chips won; equal scores share the place."""
    order = ranking(match.scores, match.first_dealer)
    out: list[Standing] = []
    for index, seat in enumerate(order):
        pts = match.scores[seat]
        rank = next(i for i, s in enumerate(order) if match.scores[s] == pts) + 1
        out.append(Standing(seat, rank if rank else index + 1, pts, float(pts)))
    return out
