"""Riichi match progression: dealer repeat, honba, the end of the match, uma and oka."""

from __future__ import annotations

from engine.game.match import MatchState, Standing
from engine.game.state import HandResult
from engine.rules.riichi import RiichiRules


def new_match(rules: RiichiRules) -> MatchState:
    return MatchState(scores=[rules.start_points] * rules.players)


def last_regular_round(rules: RiichiRules) -> int:
    """The round index of the last scheduled hand: one hand per seat in each wind round."""
    n = rules.players
    return n - 1 if rules.game_length == "east" else 2 * n - 1


def advance(
    rules: RiichiRules, match: MatchState, result: HandResult, scores: list[int], sticks: int
) -> MatchState:
    """The match after a hand: rotate or repeat the dealer, count honba, decide whether it is over."""
    nxt = MatchState(
        scores=list(scores),
        round_index=match.round_index,
        honba=match.honba,
        pot=sticks,
        hand_index=match.hand_index + 1,
        first_dealer=match.first_dealer,
    )
    dealer = match.dealer
    continues = result.dealer_continues
    non_dealer_won = result.kind == "win" and not continues
    if continues:
        nxt.honba += 1
    else:
        nxt.round_index += 1
        nxt.honba = 0 if non_dealer_won else nxt.honba + 1
    nxt.over = is_over(rules, match, nxt, dealer, continues, result.kind)
    if nxt.over and nxt.pot and rules.leftover_riichi_sticks == "first_place":
        top = ranking(nxt.scores, match.first_dealer)[0]
        nxt.scores[top] += nxt.pot * rules.riichi_stick
        nxt.pot = 0
    return nxt


def is_over(
    rules: RiichiRules, before: MatchState, after: MatchState, dealer: int, continues: bool, result_kind: str
) -> bool:
    scores = after.scores
    if rules.busting and min(scores) < 0:
        return True
    last = last_regular_round(rules)
    target = rules.sudden_death_target
    top_score = max(scores)
    dealer_top = ranking(scores, before.first_dealer)[0] == dealer
    in_final_stretch = before.round_index >= last
    if in_final_stretch and continues:
        # the dealer of the last hand repeats: the match ends if they are on top and someone has
        # reached the target, after a dealer win (agari-yame) or dealer tenpai at a draw (tenpai-yame)
        stop_rule = (
            rules.agariyame if result_kind == "win" else rules.tenpaiyame and result_kind == "exhaustive_draw"
        )
        return dealer_top and top_score >= target and stop_rule
    if after.round_index > last:
        if top_score >= target:
            return True
        if not rules.west_extension:
            return True
        # sudden death into the next wind; it ends after its last hand (one per seat) at the latest
        return after.round_index > last + len(scores)
    return False


def ranking(scores: list[int], first_dealer: int = 0) -> list[int]:
    """Seats from first to last; equal scores rank by seat order from the first dealer."""
    n = len(scores)
    return sorted(range(n), key=lambda s: (-scores[s], (s - first_dealer) % n))


def standings(rules: RiichiRules, match: MatchState) -> list[Standing]:
    """Final places with uma and oka, in thousands. Ties rank by seat order, or share the uma and oka
    of the places they cover (``rank_ties = "split"``)."""
    order = ranking(match.scores, match.first_dealer)
    oka = rules.oka / 1000
    bonus = [u + (oka if rank == 0 else 0) for rank, u in enumerate(rules.placement_uma)]
    out: list[Standing] = []
    rank = 0
    while rank < len(order):
        end = rank + 1
        if rules.rank_ties == "split":
            while end < len(order) and match.scores[order[end]] == match.scores[order[rank]]:
                end += 1
        share = sum(bonus[rank:end]) / (end - rank)
        for place in range(rank, end):
            seat = order[place]
            pts = match.scores[seat]
            final = (pts - rules.return_points) / 1000 + share
            out.append(Standing(seat, rank + 1, pts, round(final, 1)))
        rank = end
    return out
