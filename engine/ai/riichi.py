"""Riichi knowledge for the AI: what a hand is worth (yaku plans, dora, the real score of a ready
hand through :func:`~engine.families.riichi.scoring.score_riichi_win`), who threatens (riichi,
open hands), what dealing in costs, and nine terminals."""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from typing import Any, ClassVar

from engine.ai.agents import WIN_SCORE
from engine.ai.defence import wait_danger
from engine.ai.match_read import FoldRates, table_fold_score
from engine.ai.plugin import (
    DECLARED_THREAT,
    FamilyPlugin,
    Hand,
    Reason,
    Threat,
    Value,
    items_words,
    plan_reason,
    register,
)
from engine.ai.view import Opponent, View
from engine.analysis import shanten_seven_pairs, shanten_standard, shanten_thirteen_orphans
from engine.families.riichi.scoring import RiichiWin, score_riichi_win
from engine.game.actions import Action, ActionType
from engine.game.match import EarlierHands
from engine.game.observation import table_sides
from engine.melds import Meld, MeldType
from engine.tiles import NORTH, RED_FIVE_TILES, is_red, kind_of

_NON_DEALER = (
    (0.0, 0.0),
    (1.0, 1300.0),
    (2.0, 2600.0),
    (3.0, 5200.0),
    (4.0, 7700.0),
    (5.0, 8000.0),
    (6.0, 12000.0),
    (8.0, 16000.0),
    (11.0, 24000.0),
    (13.0, 32000.0),
)
_SUIT_OF = [k // 9 if k < 27 else 3 for k in range(34)]
_TERM_HONOUR = frozenset({0, 8, 9, 17, 18, 26, *range(27, 34)})
_SEATS_EN = {1: "the player on your right", 2: "the player opposite", 3: "the player on your left"}
_SEATS_ZH = {1: "下家", 2: "对家", 3: "上家"}


def han_points(han: float, dealer: bool) -> float:
    """Typical points of a win of ``han`` han (interpolated; dealer x1.5)."""
    pts = _NON_DEALER[-1][1]
    for (h0, p0), (h1, p1) in itertools.pairwise(_NON_DEALER):
        if han <= h1:
            pts = p0 + (p1 - p0) * (han - h0) / (h1 - h0)
            break
    return pts * (1.5 if dealer else 1.0)


# (raw wait-model danger, observed chance a ready opponent waits on the kind), from the real hands
# of the shared oracle (bench/calibrate_riichi_danger.py, docs/ai.md); beyond the last point the
# slope is that of the last segment
DANGER_CALIBRATION = (
    (0.0, 0.0),
    (0.010, 0.029),
    (0.029, 0.062),
    (0.054, 0.109),
    (0.083, 0.142),
    (0.118, 0.160),
    (0.164, 0.223),
)


OPEN_BIG = 7700.0  # a call from a closed hand is worth it when the open hand is a mangan (dealer x1.5)
CHASE_WAIT = 6  # a ready hand with a yaku waiting on this many tiles or more chases a riichi (declares)
CHANGE_WAIT = 2  # a ready hand without a yaku waiting on this many tiles or fewer stays quiet early
# strong's deal-in costs are weighed at this share. Against players who never fold the fold forks
# found a fold worth less than the expected-value defence estimates (about a thousand points at 1,
# 700 at 0.7, 560 at 0.5: rounds 7, 10 and 11); against standard seats that fold when far from ready
# (Level.basic_fold, round 13) 0.7 scores as well as 0.5 and keeps the deal-in after a riichi under
# 10%, which 0.5 and 0.6 do not (docs/ai.md)
DANGER_SCALE = 0.7
POOR_WAIT = 2  # a ready hand with a yaku and at most this many winning tiles left ...
LATE_WALL = 20  # ... with this many tiles or fewer left in the wall stays dama
NO_VISIBLE_YAKU = 0.6  # readiness kept for an open hand that shows no way to a yaku
# which of the near-equal discards the players of the real hands let go (docs/ai.md, "Issue 17, riichi:
# a discard model fitted on the players' choices"): log factors on acceptance x value, a conditional
# logit fitted on the even-numbered hands of the shared oracle (bench/record_human_discards.py; a
# likelihood fit, then coordinate ascent on agreement, rounded, then ascent again within the band;
# checked on the odd hands). Positive: let go sooner. (bench/fit_discard_model.py --fit's own weights
# matched the players better but played worse: not kept.) Applied only among the discards that
# keep the lowest shanten (one or more) and DISCARD_BAND of the best acceptance x value, so the greedy
# order stays the judge.
DISCARD_MODEL = {
    # a lone tile (one copy, no tile of its suit within two), by sort, in the first four turns / later
    "lone_guest_early": 3.22,  # a wind that is neither the round's nor the seat's
    "lone_guest_late": 0.55,
    "lone_terminal_early": 2.50,
    "lone_terminal_late": 1.09,
    "lone_value_early": 1.20,  # a dragon, the round's or the seat's wind: its pon is a yaku
    "lone_value_late": -0.12,
    "lone_two_eight_early": 1.14,
    "lone_two_eight_late": 1.13,
    "lone_middle_early": 0.32,
    "lone_middle_late": 0.74,
    "lone_value_seen": 0.19,  # ... a lone value honour with a copy out (its pon is less likely)
    "lone_double_wind": -1.07,  # ... the round's and the seat's wind at once (two han)
    "honour_seen": 0.07,  # per copy of an honour seen outside the hand
    "honour_pair": 0.98,  # one of a pair of honours
    "triplet": -0.55,  # one of three or four copies of a number tile
    "ryanmen": -0.31,  # a number tile beside another (two-sided, not 12 / 89)
    "penchan": -0.14,  # ... an edge 12 / 89
    "kanchan": 0.07,  # ... a closed shape (k and k +- 2 without the middle)
    "terminal_in_shape": 0.68,  # a single terminal in a shape (its acceptance counts the shape's)
    "dora_neighbour": -0.45,  # a number tile within two of a dora of its suit
    "drawn": 0.71,  # the tile just drawn (the players threw it more often among near-equal tiles)
    "genbutsu_opps": 0.11,  # per opponent that has thrown this kind (safe against that player)
    "own_thrown": 0.80,  # a kind this seat has thrown before
    "log_kinds": 2.09,  # per log of the kinds of tiles that improve the hand left (not only the tiles)
}
# which of the near-equally safe tiles the players of the real hands throw when they fold against a
# declared riichi (docs/ai.md, "Issue 17, riichi: the order of safe tiles when folding"): a
# conditional logit fitted on the even-numbered hands of the shared oracle among the folding discards
# within agents.FOLD_BAND of the safest risk (bench/record_human_discards.py), checked on the odd hands.
# Positive: thrown sooner. Used by levels with ``fold_order``.
FOLD_MODEL = {
    "planner_first": 0.27,  # the tile the planner's own fold order throws first (the least attack lost)
    "shanten_given_up": -1.96,  # per step of shanten the hand gives up against the best of the tiles
    "log_base": 0.56,  # per log of the acceptance x value (per 1,000 points) the hand keeps
    "genbutsu": 0.86,  # thrown by every declared riichi (safe for certain)
    "risk_pct": -0.19,  # per point of chance of dealing in now
    "honour": -0.29,
    "honour_value": 0.21,  # ... a value honour (dragon, the round's or the seat's wind)
    "seen": 0.22,  # per copy of the kind seen outside the hand
    "drawn": 0.25,  # the tile just drawn
    "own_thrown": 0.11,  # a kind this seat has thrown before
    "lone": -0.59,  # a lone tile (one copy, no tile of its suit within two): kept as a later safe tile
    "dora": -0.46,
    "in_shape": -0.93,  # a number tile beside or one apart from another of its suit
}
VALUE_SEEN = 0.25  # ... and a lone value honour goes sooner once a copy of it is out (its pon is less likely)
PUSHED_TILES = 2  # pushing_table: dangerous tiles thrown after a riichi by players not in riichi
FOLD_SHOWN = 2  # pushing_table, presumed: safe tiles in a row since a riichi that show a player folding
# the read over a match's earlier hands (engine.ai.match_read): how often each sign is seen at a table
# of standard seats, who fold two steps or more from ready, and at one of mjai RulebaseBots, who never
# fold (round 16 of issue 17 in docs/ai.md: 150 walls against standard seats, 80 against the bots)
FOLD_RATES = FoldRates(
    safe_folding=0.5094,  # a discard after another's riichi, safe against it when thrown
    safe_pushing=0.3657,
    kept_safe_folding=0.2318,  # a hand with three such discards or more, at most one not safe
    kept_safe_pushing=0.0760,
    pair_folding=0.2563,  # a hand with two or more, a kind among them thrown twice running
    pair_pushing=0.0845,
)
# strong plays a hand as at a table that does not fold when the read of the match's earlier hands is
# below this (the sum over the other players: the naive-Bayes log-likelihood ratio, folding over not)
MATCH_READ_BELOW = -1.0
# ... and weighs a deal-in at this share of its loss in that hand (strong otherwise: DANGER_SCALE)
MATCH_DANGER_SCALE = 0.5
# standard's basic defence (Level.basic_fold): against a riichi, a hand this many steps from ready folds
BASIC_FOLD = 2
FORMAL_TENPAI = 8  # strong: a call that makes the hand ready without a yaku, with 8 tiles or fewer left
DISCARD_BAND = 0.8  # the model orders the discards within this share of the best acceptance x value
EARLY_TURNS = 4  # "early": each seat has discarded at most this many tiles
# a riichi's likely value: riichi, ura dora, ippatsu or self-draw and the yaku a closed ready hand
# usually has (pinfu, tanyao), in han, plus the dora and red fives it is likely to hold (its share of
# those still unseen); about 6,400 on average, as the riichi wins of the real hands (docs/ai.md)
RIICHI_HAN = 2.6
# an open hand's han before what its melds show (visible dora, value honours, a flush): its hidden
# dora and yaku add about a han and a half (an open hand's ron averaged about 4,200 points in the
# oracle; at the arena's tables strong's estimate is about twice what open hands win, docs/ai.md)
OPEN_HAN = 2.5


# (calibrated danger, observed chance a ready riichi player waits on the kind) at the arena's own
# tables of players who declare every ready hand and never fold (strong alone against three
# standard seats, 250 walls of their own seed, 25,656 cases; bench/calibrate_riichi_danger.py's
# reliability table on arena games, docs/ai.md): such a riichi waits on a poor shape as often as a
# good one, so the tiles the real hands' players rarely declare on are more dangerous and the
# middle tiles less (adjacent bins pooled where they crossed); beyond the last bin it stays level
ARENA_DANGER_CALIBRATION = (
    (0.0, 0.0013),
    (0.0105, 0.0162),
    (0.0311, 0.0506),
    (0.0544, 0.0755),
    (0.0846, 0.0951),
    (0.1268, 0.0997),
    (0.1629, 0.0997),
    (0.2206, 0.1357),
    (1.0, 0.1357),
)


def calibrated_danger(raw: float, pts: tuple[tuple[float, float], ...] = DANGER_CALIBRATION) -> float:
    """Piecewise-linear map of the wait model's danger onto observed rates (``pts``)."""
    for (x0, y0), (x1, y1) in itertools.pairwise(pts):
        if raw <= x1:
            return y0 + (y1 - y0) * (raw - x0) / (x1 - x0)
    (x0, y0), (x1, y1) = pts[-2], pts[-1]
    return min(0.8, y1 + (y1 - y0) / (x1 - x0) * (raw - x1))


def open_readiness(melds: int, turn: int) -> float:
    """Chance an opponent with ``melds`` open melds is ready at ``turn`` (fitted on the oracle)."""
    if melds >= 4:
        return 0.95
    if melds == 3:
        return 0.9 if turn >= 6 else 0.6
    if melds == 2:
        return min(0.75, max(0.1, 0.22 + 0.042 * (turn - 5)))
    return min(0.4, max(0.02, 0.04 * (turn - 2.5)))


def dora_kind(indicator_kind: int, players: int = 4) -> int:
    """The dora an indicator points to; with three players 1m points to 9m and 9m to 1m."""
    if players == 3 and indicator_kind in (0, 8):
        return 8 - indicator_kind
    if indicator_kind < 27:
        return indicator_kind - indicator_kind % 9 + (indicator_kind % 9 + 1) % 9
    if indicator_kind < 31:
        return 27 + (indicator_kind - 27 + 1) % 4
    return 31 + (indicator_kind - 31 + 1) % 3


def seat_words(view: View, seat: int) -> tuple[str, str]:
    rel = table_sides(max(view.n, 1))[(seat - view.seat) % max(view.n, 1)]
    return _SEATS_EN.get(rel, f"seat {seat}"), _SEATS_ZH.get(rel, f"{seat}号位")


class RiichiPlugin(FamilyPlugin):
    name = "riichi"
    # the strong level folds only to a riichi (an open hand's danger is paid for, but folding to open
    # hands lost against beginners, who call everything), calls and stays quiet as the players of
    # the real hands do and lets lone tiles go in their order; at a table that shows it does not
    # fold the human dama is off, a mangan is declared and no step from ready is given up for safety
    # against open hands alone; a wide wait, or any wait without a yaku, chases a riichi, a wait of a
    # tile or two without a yaku stays quiet early to change (docs/ai.md, issue 17)
    level_settings: ClassVar[dict[str, dict[str, Any]]] = {
        "standard": {"basic_fold": BASIC_FOLD},
        "strong": {
            "fold_open": 1.1,
            "human_calls": True,
            "human_dama": True,
            "dama_vs_riichi": True,
            "human_discards": True,
            "fold_order": True,
            "read_table": True,
            "read_vs_riichi": True,
            "read_calls": True,
            "read_mangan": True,
            "read_step_back": True,
            "formal_tenpai": FORMAL_TENPAI,
            "chase_wait": CHASE_WAIT,
            "change_wait": CHANGE_WAIT,
            "danger_scale": DANGER_SCALE,
            "read_match": MATCH_READ_BELOW,
            "match_danger_scale": MATCH_DANGER_SCALE,
        },
    }

    def __init__(self, rules: Any = None) -> None:
        if rules is None:
            from engine.rules import default_ruleset

            rules = default_ruleset("riichi")
        self.rules = rules
        self._match_read: tuple[EarlierHands, int, float] | None = None

    # ---------------------------------------------------------------- value
    def dora_kinds(self, view: View) -> list[int]:
        return [dora_kind(kind_of(t), view.n) for t in view.dora_indicators]

    def value_kinds(self, view: View) -> dict[int, int]:
        """Honour kinds whose triplet is a yaku, with their han."""
        out = {31: 1, 32: 1, 33: 1}
        out[view.round_wind] = out.get(view.round_wind, 0) + 1
        out[view.seat_wind] = out.get(view.seat_wind, 0) + 1
        return out

    def _melds(self, view: View, hand: Hand) -> tuple[Meld, ...]:
        melds = [Meld(MeldType(m.type), tuple(sorted(m.tiles)), m.called, m.from_seat) for m in view.melds]
        for m in hand.new_melds:
            if isinstance(m, Meld):
                melds.append(m)
        return tuple(melds)

    def value(self, view: View, hand: Hand, shanten: int, waits: Sequence[int]) -> Value:
        melds = self._melds(view, hand)
        closed = all(not m.is_open for m in melds)
        if shanten == 0 and waits:
            exact = self.ready_value(view, hand, melds, waits, riichi=closed)
            if exact is not None:
                return exact
        return self.estimate(view, hand, melds, closed)

    def ready_value(
        self, view: View, hand: Hand, melds: tuple[Meld, ...], waits: Sequence[int], *, riichi: bool
    ) -> Value | None:
        """The scored value of a ready hand, averaged over its waits (ron and self-draw)."""
        used = set(hand.tiles) | {t for m in melds for t in m.tiles} | set(view.dora_indicators)
        total = 0.0
        weight = 0
        ron_ok = False
        best: Any = None
        for w in waits:
            tile = next((w * 4 + c for c in (3, 2, 1, 0) if w * 4 + c not in used), None)
            if tile is None:
                continue
            n = max(view.unseen[w], 0)
            ron = self._score(view, (*hand.tiles, tile), melds, tile, tsumo=False, riichi=riichi)
            tsumo = self._score(view, (*hand.tiles, tile), melds, tile, tsumo=True, riichi=riichi)
            pr = ron.points if ron.valid else 0
            pt = tsumo.points if tsumo.valid else 0
            ron_ok = ron_ok or ron.valid
            if best is None or (tsumo.valid and tsumo.points > best.points):
                best = tsumo if tsumo.valid else best
            avg = 0.6 * pr + 0.4 * pt
            total += avg * max(n, 0.25)
            weight += max(n, 1)
        if not weight:
            return None
        points = total / weight
        if riichi:
            points *= 1.15  # ura dora, ippatsu
        reasons: list[Reason] = []
        if best is not None:
            en, zh = items_words(self.name, [i for i in best.items if i.key != "menzen_tsumo"])
            if en:
                reasons.append(
                    Reason(
                        "ready_value",
                        f"tenpai for about {int(points)}: {', '.join(en)}",
                        f"听牌约{int(points)}点（{'、'.join(zh)}）",
                    )
                )
        return Value(points, tuple(reasons), has_yaku=ron_ok or riichi)

    def _score(
        self,
        view: View,
        concealed: tuple[int, ...],
        melds: tuple[Meld, ...],
        tile: int,
        *,
        tsumo: bool,
        riichi: bool,
    ) -> Any:
        win = RiichiWin(
            tuple(sorted(concealed)),
            melds,
            tile,
            tsumo=tsumo,
            seat_wind=view.seat_wind,
            round_wind=view.round_wind,
            flags=frozenset({"riichi"}) if riichi else frozenset(),
            dora_indicators=view.dora_indicators,
        )
        return score_riichi_win(win, self.rules)

    def estimate(self, view: View, hand: Hand, melds: tuple[Meld, ...], closed: bool) -> Value:
        """A rough value of a hand that is not ready: the yaku it is heading for and its dora."""
        counts = hand.counts
        reasons: list[Reason] = []
        meld_kinds = [kind_of(t) for m in melds for t in m.tiles]
        all_kinds = [k for k in range(34) for _ in range(counts[k])] + meld_kinds
        dora = 0
        for d in self.dora_kinds(view):
            dora += sum(1 for k in all_kinds if k == d)
        reds = sum(1 for t in hand.tiles if is_red(t)) + sum(1 for m in melds for t in m.tiles if is_red(t))
        if getattr(self.rules, "red_fives", True):
            dora += reds
        yaku = 0.0
        values = self.value_kinds(view)
        for k, k_han in values.items():
            held = counts[k] + sum(
                1 for m in melds if kind_of(m.tiles[0]) == k and len(set(kind_of(t) for t in m.tiles)) == 1
            )
            if held >= 3 or any(kind_of(m.tiles[0]) == k and kind_of(m.tiles[-1]) == k for m in melds):
                yaku += k_han
                reasons.append(Reason("yakuhai", "keeps a value honour triplet", "保留役牌刻子"))
            elif counts[k] == 2:
                yaku += 0.35 * k_han if closed else 0.5 * k_han
        term = sum(counts[k] for k in _TERM_HONOUR)
        meld_term = any(kind_of(t) in _TERM_HONOUR for m in melds for t in m.tiles)
        tanyao_ok = closed or getattr(self.rules, "open_tanyao", True)
        if tanyao_ok and not meld_term and term <= 2:
            yaku += 1.0 if term == 0 else (0.7 if term == 1 else 0.35)
            if term <= 1:
                reasons.append(plan_reason(self.name, "tanyao", "tanyao"))
        suits = [0, 0, 0, 0]
        for k in all_kinds:
            suits[_SUIT_OF[k]] += 1
        main = max(range(3), key=lambda s: suits[s])
        total = max(1, len(all_kinds))
        flush_share = (suits[main] + suits[3]) / total
        if flush_share >= 0.85 and suits[main] >= 7:
            pure = suits[3] == 0
            gain = (6.0 if pure else 3.0) if closed else (5.0 if pure else 2.0)
            gain *= min(1.0, (flush_share - 0.7) / 0.3)
            yaku += gain
            reasons.append(plan_reason(self.name, "flush", "chinitsu" if pure else "honitsu"))
        elif not closed:
            off = [s for s in range(3) if s != main and suits[s] > 0]
            if not off and suits[3] > 0:
                yaku += 1.0
        if not closed:
            pons = sum(1 for m in melds if m.is_open and len({kind_of(t) for t in m.tiles}) == 1)
            chis = sum(1 for m in melds if m.is_open and len({kind_of(t) for t in m.tiles}) > 1)
            pairs = sum(1 for k in range(34) if counts[k] >= 2)
            if chis == 0 and pons + pairs >= 4:
                yaku += 1.5
                reasons.append(plan_reason(self.name, "toitoi", "toitoi"))
        if closed:
            yaku += 1.0  # riichi
            yaku += 0.4  # self-draw, ura, ippatsu
            if sum(counts) >= 13 and shanten_seven_pairs(counts) <= shanten_standard(counts):
                yaku += 1.0
                reasons.append(plan_reason(self.name, "chiitoitsu", "chiitoitsu"))
        has_yaku = closed or yaku >= 0.9
        han = yaku + dora if has_yaku else 0.2 * (yaku + dora)
        if dora >= 2:
            reasons.append(Reason("dora", f"keeps {dora} dora", f"保留{dora}张宝牌"))
        points = han_points(han, view.is_dealer)
        if not has_yaku:
            reasons.append(Reason("no_yaku", "open hand with no yaku in sight", "副露后没有役"))
        return Value(max(points, 300.0), tuple(reasons), has_yaku=has_yaku)

    def discard_bias(self, view: View, kind: int) -> float:
        bias = 0.0
        if kind >= 27:
            values = self.value_kinds(view)
            bias += 0.3 if kind not in values else 0.1
            if view.unseen[kind] <= 1:
                bias += 0.2
        elif kind % 9 in (0, 8):
            bias += 0.15
        if kind in self.dora_kinds(view):
            bias -= 0.5
        return bias

    def lone_class(self, view: View, kind: int) -> str | None:
        """Which lone tile ``kind`` is in the hand (one copy, no tile of its suit within two), or None."""
        counts = view.counts
        if kind >= 34 or counts[kind] != 1:
            return None
        if kind >= 27:
            return "value" if kind in self.value_kinds(view) else "guest"
        base = kind - kind % 9
        if any(counts[j] for j in range(max(base, kind - 2), min(base + 9, kind + 3)) if j != kind):
            return None
        rank = kind % 9
        return "terminal" if rank in (0, 8) else ("two_eight" if rank in (1, 7) else "middle")

    def discard_features(self, view: View, kind: int) -> dict[str, float]:
        """The facts about letting ``kind`` go that ``DISCARD_MODEL`` weighs (all but the kinds of
        acceptance, which the planner measures)."""
        counts = view.counts
        early = view.turn_number() <= EARLY_TURNS
        out: dict[str, float] = {}
        cls = self.lone_class(view, kind)
        if cls is not None:
            out[f"lone_{cls}_{'early' if early else 'late'}"] = 1.0
            if cls == "value":
                if view.visible[kind] > counts[kind]:
                    out["lone_value_seen"] = 1.0
                if kind == view.seat_wind == view.round_wind:
                    out["lone_double_wind"] = 1.0
        if kind >= 27:
            out["honour_seen"] = float(view.visible[kind] - counts[kind])
            if counts[kind] == 2:
                out["honour_pair"] = 1.0
        else:
            rank = kind % 9
            base = kind - rank
            if counts[kind] >= 3:
                out["triplet"] = 1.0
            for j in (kind - 1, kind + 1):
                if base <= j < base + 9 and counts[j]:
                    out["penchan" if min(j, kind) - base in (0, 7) else "ryanmen"] = 1.0
            for j in (kind - 2, kind + 2):
                if base <= j < base + 9 and counts[j] and not counts[(j + kind) // 2]:
                    out["kanchan"] = 1.0
            if cls is None and counts[kind] == 1 and rank in (0, 8):
                out["terminal_in_shape"] = 1.0
            if any(d < 27 and d // 9 == kind // 9 and 0 < abs(d - kind) <= 2 for d in self.dora_kinds(view)):
                out["dora_neighbour"] = 1.0
        if any(d.kind == kind for d in view.discards):
            out["own_thrown"] = 1.0
        if view.drawn is not None and kind_of(view.drawn) == kind:
            out["drawn"] = 1.0
        thrown = sum(1 for o in view.opponents if any(d.kind == kind for d in o.discards))
        if thrown:
            out["genbutsu_opps"] = float(thrown)
        return out

    def discard_preference(self, view: View, kind: int, accept_kinds: int) -> float:
        """How much sooner the players of the real hands let ``kind`` go than acceptance x value
        says, as a log factor (``DISCARD_MODEL``): lone guest winds and terminals early, lone value
        honours kept later, tiles in two-sided shapes and dora kept, the tile just drawn and tiles
        others have thrown sooner, and a hand left with more kinds of useful tiles (not only more
        tiles) preferred. ``accept_kinds``: the kinds of tiles that improve the hand left."""
        feats = self.discard_features(view, kind)
        pref = sum(DISCARD_MODEL[name] * v for name, v in feats.items())
        if accept_kinds > 0:
            pref += DISCARD_MODEL["log_kinds"] * math.log(accept_kinds)
        return pref

    def discard_band(self, view: View) -> float:
        return DISCARD_BAND

    def fold_preference(
        self, view: View, kind: int, shanten_given_up: int, base: float, risk: float, first: bool
    ) -> float:
        """How much sooner the players of the real hands throw ``kind`` among near-equally safe tiles
        when they fold (``FOLD_MODEL``, a log factor): genbutsu, seen kinds and the tile just drawn
        sooner; the hand kept (shanten, acceptance x value ``base`` per 1,000 points), lone tiles,
        shapes and dora later. ``first``: the planner's own fold order throws it first."""
        feats = self.discard_features(view, kind)
        riichis = [o.seat for o in view.opponents if o.in_riichi]
        m = FOLD_MODEL
        pref = m["planner_first"] * first + m["shanten_given_up"] * shanten_given_up
        pref += m["log_base"] * math.log(max(base, 0.01)) + m["risk_pct"] * 100.0 * risk
        if riichis and all(kind in view.safe_kinds_against(s) for s in riichis):
            pref += m["genbutsu"]
        if kind >= 27:
            pref += m["honour"] + (m["honour_value"] if kind in self.value_kinds(view) else 0.0)
        pref += m["seen"] * (view.visible[kind] - view.counts[kind])
        pref += m["drawn"] * feats.get("drawn", 0.0) + m["own_thrown"] * feats.get("own_thrown", 0.0)
        if self.lone_class(view, kind) is not None:
            pref += m["lone"]
        if kind in self.dora_kinds(view):
            pref += m["dora"]
        if feats.get("ryanmen") or feats.get("penchan") or feats.get("kanchan"):
            pref += m["in_shape"]
        return pref

    # -------------------------------------------------------------- defence
    def threats(self, view: View) -> list[Threat]:
        """Who may be ready and what dealing in would cost. The chances are calibrated on the real
        hands of the shared oracle (``bench/calibrate_riichi_danger.py``; the table in docs/ai.md):
        a riichi is ready; an open hand by its melds and the turn (one meld: about 10% at turn 5,
        35-40% from turn 11; two: 20% at turn 5, 50% at turn 12, up to 75%; three or more: 90%); a
        closed hand without riichi rarely is (about 1% at turn 6, 4% at turn 12, under 10% late)."""
        out: list[Threat] = []
        turn = view.turn_number()
        doras = self.dora_kinds(view)
        for o in view.opponents:
            dealer = o.seat == view.dealer
            en, zh = seat_words(view, o.seat)
            if o.in_riichi:
                loss = self.riichi_value(view, o)
                out.append(
                    Threat(o.seat, 1.0, loss, Reason(DECLARED_THREAT, f"{en} declared riichi", f"{zh}立直"))
                )
                continue
            opened = o.open_melds
            if opened:
                ready = open_readiness(opened, turn)
                if not self.visible_yaku(view, o):
                    ready *= NO_VISIBLE_YAKU
                meld_kinds = [k for m in o.melds for k in m.kinds]
                dora = sum(1 for k in meld_kinds if k in doras)
                dora += sum(1 for m in o.melds for t in m.tiles if is_red(t))
                yakuhai = sum(
                    1
                    for m in o.melds
                    if m.kinds[0] >= 31
                    or m.kinds[0] in (view.round_wind, 27 + (o.seat - view.dealer) % view.n)
                )
                suits = {_SUIT_OF[k] for k in meld_kinds if k < 27}
                flush = len(suits) <= 1 and opened >= 2
                han = OPEN_HAN + dora + 0.5 * yakuhai + (2.0 if flush else 0.0)
                loss = han_points(han, dealer)
                label = Reason(
                    "open_threat",
                    f"{en} has {opened} open meld{'s' if opened > 1 else ''}",
                    f"{zh}已副露{opened}组",
                )
                out.append(Threat(o.seat, ready, loss, label))
            elif turn >= 5:
                ready = min(0.1, (turn - 4) * 0.0055)
                out.append(
                    Threat(
                        o.seat,
                        ready,
                        4000.0 * (1.5 if dealer else 1.0),
                        Reason("late_dama", f"{en} may be tenpai without riichi (dama)", f"{zh}可能默听"),
                    )
                )
        return out

    def riichi_value(self, view: View, opp: Opponent) -> float:
        """What dealing into ``opp``'s riichi is likely to cost: a typical riichi hand
        (``RIICHI_HAN``) plus the dora it is likely to hold — its 13 tiles' share of the dora and
        red fives this seat cannot see. Dora held or seen elsewhere make the riichi cheaper."""
        share = min(1.0, 13.0 / view.unseen_total)
        dora = sum(max(view.unseen[d], 0) for d in self.dora_kinds(view))
        if getattr(self.rules, "red_fives", True):
            seen = {t for t in view.hand} | {t for m in view.melds for t in m.tiles}
            seen |= {d.tile for d in view.discards} | set(view.dora_indicators)
            for o in view.opponents:
                seen |= {t for m in o.melds for t in m.tiles} | {d.tile for d in o.discards}
            dora += sum(1 for t in RED_FIVE_TILES if t not in seen)
        return han_points(RIICHI_HAN + share * dora, opp.seat == view.dealer)

    def pushing_table(self, view: View, presume: bool = False) -> bool:
        """Whether the table shows players who do not fold: an open hand whose melds show no way to
        a yaku (called for speed alone, as a beginner calls everything), or, after a riichi, other
        players throwing tiles that were dangerous against it (``PUSHED_TILES`` or more middle tiles,
        neither thrown by the riichi player nor its suji). With ``presume``, a table with a riichi
        is taken not to fold until another player shows folding (``FOLD_SHOWN`` discards since the
        riichi, every one safe against it when thrown)."""
        if self.careless_calls(view):
            return True
        pushed = 0
        folding = False
        riichis = [r for r in view.opponents if r.riichi_index is not None]
        for r in riichis:
            assert r.riichi_index is not None
            safe = {d.kind for d in r.discards}
            declared = view.discard_time(r.seat, r.riichi_index)
            for o in view.opponents:
                if o is r or o.in_riichi:
                    continue
                for i, d in enumerate(o.discards):
                    k = d.kind
                    if view.discard_time(o.seat, i) <= declared:
                        continue
                    if k < 27 and 2 <= k % 9 <= 6 and k not in safe and not _suji_safe(k, safe):
                        pushed += 1
                folding = folding or (presume and _shows_folding(view, r, o))
        if pushed >= PUSHED_TILES:
            return True
        return presume and bool(riichis) and not folding

    def match_read(self, view: View) -> float:
        """The other players' discards after a riichi in the match's earlier hands, read with
        ``FOLD_RATES`` (:func:`engine.ai.match_read.table_fold_score`). The same for every decision of
        a hand, so it is worked out once a hand (an observation read from JSON, as the desktop's
        engine process reads it, brings an equal record, not the same one)."""
        kept = self._match_read
        if kept is None or kept[1] != view.seat or kept[0] != view.earlier:
            score = table_fold_score(view.earlier, view.seat, FOLD_RATES)
            kept = self._match_read = (view.earlier, view.seat, score)
        return kept[2]

    def careless_calls(self, view: View) -> bool:
        return any(o.open_melds and not self.visible_yaku(view, o) for o in view.opponents)

    def visible_yaku(self, view: View, opp: Opponent) -> bool:
        """Whether an open hand shows a way to its yaku: a pon of a value honour, melds of simples
        only (open tanyao), one suit (a flush), or pons only (all triplets). Without one, its yaku
        must be hidden (a value pair, outside hands, straights), or it has none and cannot win."""
        values = {31, 32, 33, view.round_wind, 27 + (opp.seat - view.dealer) % max(view.n, 1)}
        kinds = [k for m in opp.melds for k in m.kinds]
        if any(len(set(m.kinds)) == 1 and m.kinds[0] in values for m in opp.melds):
            return True
        if getattr(self.rules, "open_tanyao", True) and all(k < 27 and 1 <= k % 9 <= 7 for k in kinds):
            return True
        if len({k // 9 for k in kinds if k < 27}) <= 1:
            return True
        return all(len(set(m.kinds)) == 1 for m in opp.melds)

    def danger(self, view: View, opp: Opponent, kind: int) -> float:
        """The wait-combination model of :mod:`engine.ai.defence`, mapped onto the rates observed
        on the oracle's real hands (its raw numbers are about half the observed ones in the middle
        of the range: ``calibrated_danger``)."""
        return calibrated_danger(wait_danger(view, opp, kind, honours=True))

    def pushing_danger(self, view: View, opp: Opponent, danger: float) -> float:
        """A riichi at a table that does not fold: its players declare every ready hand, so the
        arena's own calibration (``ARENA_DANGER_CALIBRATION``) replaces the real hands'."""
        if opp.riichi_index is None:
            return danger
        return calibrated_danger(danger, ARENA_DANGER_CALIBRATION)

    def fold_loss(self, view: View) -> float:
        return 6400.0

    def unit(self, view: View) -> float:
        return 1000.0

    def danger_weight(self, view: View) -> float:
        return 5.0

    def declaration_cost(self, view: View) -> float:
        return float(getattr(self.rules, "riichi_stick", 1000))

    def ready_bonus(self, view: View, shanten: int, value: Value) -> float:
        """Noten payments at an exhaustive draw: being ready late in the wall is worth about half
        the tenpai payment (more when few others are ready)."""
        if shanten != 0 or view.wall_remaining > 24:
            return 0.0
        late = 1.0 - view.wall_remaining / 24.0
        return 0.5 * float(getattr(self.rules, "tenpai_payment", 3000)) * late

    def prefers_dama(self, view: View, dama: Value) -> bool:
        """Dama once the hand is a mangan without riichi (7,700, the dealer 11,600): riichi adds
        little to it and costs the wait's flexibility and a stick (measured in docs/ai.md)."""
        big = 7700.0 * (1.5 if view.is_dealer else 1.0)
        return dama.has_yaku and dama.points >= big

    def opens_hand(self, view: View, action: Action, shanten: int, value: Value) -> bool:
        """Good players keep a closed hand closed (its riichi, pinfu, ura dora) unless the call is a
        pon of a value honour, makes the hand ready with a yaku, or leaves a big hand (a flush,
        several dora: a mangan in sight). An open hand calls on by speed."""
        if not view.is_closed or not value.has_yaku:
            return value.has_yaku
        k = kind_of(action.tile or 0)
        if action.type in (ActionType.PON, ActionType.OPEN_KAN) and k in self.value_kinds(view):
            return True
        big = OPEN_BIG * (1.5 if view.is_dealer else 1.0)
        return shanten <= 0 or (shanten <= 2 and value.points >= big)

    def quiet_wait(self, view: View, accept: int) -> bool:
        """A poor wait (at most two winning tiles left) late in the wall (20 tiles or fewer): no
        lock, no stick. (Staying quiet on any wait of four tiles or fewer, or on any wait from 30
        tiles left, as the players of the real hands often do, matched them hardly better and lost
        points in the arena: docs/ai.md.)"""
        return accept <= POOR_WAIT and view.wall_remaining <= LATE_WALL

    def undeclared_value(self, view: View, hand: Hand, waits: Sequence[int]) -> Value | None:
        melds = self._melds(view, hand)
        if any(m.is_open for m in melds):
            return None
        return self.ready_value(view, hand, melds, waits, riichi=False)

    # ------------------------------------------------------------ decisions
    def call_keeps_plan(self, view: View, action: Action, after: Hand) -> bool:
        return True

    def special_action(self, view: View, legal: list[Action], action: Action) -> float | None:
        if action.type is ActionType.NINE_TERMINALS:
            # keep playing when thirteen orphans is close; otherwise take the abortive draw
            return 1.0 if shanten_thirteen_orphans(view.counts) >= 3 else -1.0
        if action.type is ActionType.NUKI:
            # a north set aside is a dora and a free draw: take it unless the hand needs that north
            without = list(view.counts)
            without[NORTH] -= 1
            exposed = len(view.melds)
            keeps = _best_shanten(without, exposed) <= _best_shanten(list(view.counts), exposed)
            return WIN_SCORE if keeps else -1.0
        return None


def _shows_folding(view: View, r: Opponent, o: Opponent) -> bool:
    """Whether ``o`` has thrown ``FOLD_SHOWN`` or more tiles since ``r``'s riichi, each one safe
    against it when thrown: thrown by the riichi player, or let go by it since the riichi (by any
    seat, this one too, in the order of ``View.discard_time``), or a middle tile covered by suji of
    those. Safe *when thrown*, unlike ``View.safe_kinds_against`` (every kind let pass by now),
    where each tile ``o`` threw would count as safe once the riichi player had let it pass."""
    assert r.riichi_index is not None
    when = view.discard_time
    declared = when(r.seat, r.riichi_index)
    ponds = [(view.seat, view.discards)] + [(x.seat, x.discards) for x in view.opponents if x is not r]
    passed = [(when(seat, i), d.kind) for seat, pond in ponds for i, d in enumerate(pond)]
    own = {d.kind for d in r.discards}
    thrown = 0
    for i, d in enumerate(o.discards):
        t = when(o.seat, i)
        if t <= declared:
            continue
        safe = own | {k for w, k in passed if declared < w < t}
        if d.kind not in safe and not (d.kind < 27 and 2 <= d.kind % 9 <= 6 and _suji_safe(d.kind, safe)):
            return False
        thrown += 1
    return thrown >= FOLD_SHOWN


def _suji_safe(kind: int, safe: set[int]) -> bool:
    """Whether a middle tile (3 to 7) is covered by suji of the tiles in ``safe`` (both sides for 4-6)."""
    rank = kind % 9
    low = rank < 3 or (kind - 3) in safe
    high = rank > 5 or (kind + 3) in safe
    return low and high


def _best_shanten(counts: list[int], exposed: int) -> int:
    """Shanten of standard hands, seven pairs and thirteen orphans (seven pairs and orphans closed)."""
    best = shanten_standard(counts, exposed=exposed)
    if exposed == 0:
        best = min(best, shanten_seven_pairs(counts), shanten_thirteen_orphans(counts))
    return best


register("riichi", RiichiPlugin)
