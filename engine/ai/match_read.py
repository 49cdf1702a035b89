"""A read of the other players over a match's earlier hands: do they fold to a declared ready hand?

Within one hand a table that never folds (players who keep throwing what they please after a riichi)
and one that folds look alike for most of the riichi (docs/ai.md, issue 17, rounds 14–16). Over a
match they do not: the earlier hands' discards are public (:attr:`MatchState.earlier
<engine.game.match.MatchState.earlier>`), and how each other player discarded after another's riichi
shows their habit. This module scores that record as a naive-Bayes log-likelihood ratio, folding
table against pushing table, from three signs per player and hand:

* each discard made after another player's riichi, while not in riichi itself: safe against every
  such riichi when thrown (a kind the riichi player threw, or anyone threw after its declaration), or
  not;
* three such discards or more, at most one of them not safe (a hand folded through), or not;
* two or more, among them a kind thrown twice running (a pair let go, as folding players do), or not.

The rates are the family's data (:class:`FoldRates`: riichi's were measured on the arena, round 16 of
docs/ai.md). Below zero the record reads as players who do not fold.

>>> from engine.game.match import PublicDiscard as D
>>> hand = (D(0, 40, True, False), D(1, 41, False, False), D(2, 60, False, True))  # 2p riichi; 2p, 6p
>>> hand_signs(hand)  # seat 1 threw a safe tile after the riichi, seat 2 one that was not
{1: (1, 0, False), 2: (1, 1, False)}
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from engine.game.match import EarlierHands, PublicDiscard
from engine.tiles import kind_of


@dataclass(frozen=True, slots=True)
class FoldRates:
    """How often each sign is seen at a table whose players fold (``*_folding``) and at one whose
    players do not (``*_pushing``), per discard (``safe``) or per hand (``kept_safe``: of the hands
    with three or more such discards; ``pair``: of those with two or more)."""

    safe_folding: float
    safe_pushing: float
    kept_safe_folding: float
    kept_safe_pushing: float
    pair_folding: float
    pair_pushing: float


@dataclass(frozen=True, slots=True)
class SeatSigns:
    """One player's signs over the earlier hands (see the module text)."""

    after_riichi: int = 0  # discards made after another's riichi, not in riichi itself
    not_safe: int = 0  # ... of them, not safe against every riichi when thrown
    hands_three: int = 0  # hands with three such discards or more
    hands_three_safe: int = 0  # ... at most one of them not safe
    hands_two: int = 0  # hands with two or more
    hands_pair: int = 0  # ... a kind thrown twice running among them


def hand_signs(discards: Sequence[PublicDiscard]) -> dict[int, tuple[int, int, bool]]:
    """Per seat, in one hand: (discards after another's riichi while not in riichi, how many of them
    were not safe against every such riichi when thrown, whether a kind went twice running)."""
    declared: list[int] = []  # seats in riichi, in the order they declared
    safe_against: dict[int, set[int]] = {}  # riichi seat -> kinds it threw, or anyone threw after
    thrown_by: dict[int, set[int]] = {}  # kinds each seat threw
    out: dict[int, list[int]] = {}
    last_kind: dict[int, int] = {}
    for d in discards:
        s, k = d.seat, kind_of(d.tile)
        if d.riichi and s not in declared:
            declared.append(s)
            safe_against[s] = set(thrown_by.get(s, ()))
        elif declared and s not in declared:  # after another's riichi, not in riichi itself
            signs = out.setdefault(s, [0, 0, 0])
            signs[0] += 1
            signs[1] += not all(k in safe_against[r] for r in declared)
            if last_kind.get(s) == k:
                signs[2] = 1
            last_kind[s] = k
        thrown_by.setdefault(s, set()).add(k)
        for r in declared:
            safe_against[r].add(k)
    return {s: (v[0], v[1], bool(v[2])) for s, v in out.items()}


def fold_signs(earlier: EarlierHands) -> dict[int, SeatSigns]:
    """Every seat's signs summed over the earlier hands (seats with none are left out)."""
    totals: dict[int, list[int]] = {}
    for hand in earlier:
        for s, (n, unsafe, pair) in hand_signs(hand).items():
            t = totals.setdefault(s, [0] * 6)
            t[0] += n
            t[1] += unsafe
            if n >= 3:
                t[2] += 1
                t[3] += unsafe <= 1
            if n >= 2:
                t[4] += 1
                t[5] += pair
    return {s: SeatSigns(*t) for s, t in sorted(totals.items())}


def _lr(folding: float, pushing: float, yes: int, no: int) -> float:
    return yes * math.log(folding / pushing) + no * math.log((1.0 - folding) / (1.0 - pushing))


def fold_score(signs: SeatSigns, rates: FoldRates) -> float:
    """The log-likelihood ratio, folding over pushing, of one player's signs."""
    safe = signs.after_riichi - signs.not_safe
    x = _lr(rates.safe_folding, rates.safe_pushing, safe, signs.not_safe)
    x += _lr(
        rates.kept_safe_folding,
        rates.kept_safe_pushing,
        signs.hands_three_safe,
        signs.hands_three - signs.hands_three_safe,
    )
    x += _lr(rates.pair_folding, rates.pair_pushing, signs.hands_pair, signs.hands_two - signs.hands_pair)
    return x


def table_fold_score(earlier: EarlierHands, seat: int, rates: FoldRates) -> float:
    """The sum of :func:`fold_score` over the players other than ``seat``: below zero, the match so far
    reads as a table whose players do not fold."""
    return sum(fold_score(signs, rates) for s, signs in fold_signs(earlier).items() if s != seat)
