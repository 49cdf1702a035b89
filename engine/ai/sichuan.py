"""Sichuan (四川麻将, 血战到底) knowledge for the AI.

* **Shape**: the lacking suit (定缺, or the suit the AI plans to drop when the ruleset has no
  declaration) is dead weight; seven pairs count, four of a kind as two pairs.
* **Value (番)**: a ready hand is scored with :func:`~engine.families.sichuan.scoring.score_sichuan_win`
  on each wait (a discard pays once, a self-draw once per player still in); a hand not yet ready is
  valued by its plans: 清一色 (one suit), 对对胡 (pairs and triplets), 七对 (from four or five pairs),
  根 (four of a kind), and the kans' 刮风下雨 income.
* **Defence**: a player cannot win on its lacking suit, nor while it still holds that suit (its last
  discard was of that suit from its hand, not the tile it drew); threats grow with the turn and with
  pons. There is no furiten: a tile's chance of being a ready player's wait is a model fitted on the
  arena's hands (``FITTED_WAITS``): a kind that player threw before is rarely its wait, nor is a
  suit it keeps throwing; seen tiles are safer (打熟扣生).
* **Set-up**: 定缺 drops the suit that leaves the best shape (fewest tiles on a tie); 换三张 passes
  three tiles of the weakest suit, middle tiles first.
* **Late wall**: being ready when the wall ends avoids 查大叫 and collects it, so a ready hand is
  worth more as the wall runs down.

Strategy follows the classic advice: drop the useless suit's middle tiles first, keep 3s and 7s
when short of sets, go for 七对 from four or five pairs, value 根, and discard seen tiles late.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from engine.ai.efficiency import acceptance, shanten_of
from engine.ai.plugin import (
    FamilyPlugin,
    Hand,
    Reason,
    Threat,
    Value,
    item_words,
    items_words,
    plan_reason,
    register,
    tile_words,
    words,
)
from engine.ai.view import Opponent, View
from engine.analysis.shape import HandShape
from engine.families.sichuan.spec import SHAPE as SICHUAN_SHAPE
from engine.game.actions import Action, ActionType
from engine.game.observation import table_sides
from engine.melds import Meld, MeldType
from engine.tiles import kind_of

A = ActionType
_SUIT_EN = ("characters", "dots", "bamboo")  # as the table names the suits
_SUIT_ONE_EN = ("character", "dot", "bamboo")
_SUIT_ZH = ("万", "筒", "条")
# a win on a discard let go by for the self-draw (strong, 血战): what a round still in the hand costs for
# each other player still in (the self-draws it pays, the danger of the drawn tile thrown), in base
# points; the chance of a win on a discard in a round as a share of the self-draw chance (three
# players still in); the share of the players still in that pay 查大叫 when the wall ends; how much
# more waiting must be worth than the win on the table
PASS_STAY_COST = 0.06  # fitted in the arena: 0.03, 0.06 and 0.12 measured (docs/ai.md)
PASS_RON = 0.9
PASS_END = 0.3
PASS_MARGIN = 1.2
# ... with this many tiles or fewer left in the wall, only when waiting is worth PASS_LATE_MARGIN times
# the win: forking the game at each win strong let go by showed the passes on the wall's last 15 tiles
# losing 0.8 a pass and those from 15 to 24 nothing, while the earlier ones gain; late, only the passes
# estimated at more than 2.2 times the win did not lose (bench_choice_forks.py; docs/ai.md, issue 17
# round 24: lines at 16 and 22 tiles measured, and this margin against taking every late win)
PASS_LATE_WALL = 22
PASS_LATE_MARGIN = 2.2
PASS_LAST_WALL = 8  # never with this many tiles or fewer left
# standard's basic defence (Level.basic_ties): over the wall's last this many tiles, the safer of the
# equally fast discards (issue 17, round 21: from the last 20 it loses nothing against standard without
# it, and strong's edge over standard keeps its target; from the last 40, strong's drops to +0.21)
BASIC_TIES = 20
# the chance a ready opponent can win on a suited kind outside its lacking suit, fitted on the arena's
# own hands (bench/fit_sichuan_waits.py: four standard seats, 67,867 kinds held x ready opponents over
# 400 walls; docs/ai.md): the average, times one factor per thing seen (WAIT_FEATURES, each factor
# matching the observed rate given the others)
FITTED_BASE = 0.1189
FITTED_WAITS: dict[str, tuple[float, ...]] = {
    # the kind's number, 1..9
    "rank": (0.637, 0.912, 1.2, 0.937, 1.01, 1.15, 1.25, 0.99, 0.81),
    # copies the discarder cannot see, 0..4
    "unseen": (0.843, 0.882, 1.02, 1.17, 1.17),
    # the opponent threw this kind earlier: there is no furiten, but players rarely wait on it
    "thrown": (1.13, 0.105),
    # the share of the opponent's discards of its kept suits in this suit, in quarters; no such discard
    "share": (0.982, 1.24, 1.1, 0.743, 0.545, 0.489),
    # the opponent's melds of this suit (0, 1, 2+) x of its other kept suit (0, 1, 2+)
    "melds": (0.932, 1.03, 1.32, 0.924, 1.01, 1.12, 0.919, 0.675, 0.00603),
    # unseen copies of the kinds within two of it, halved (0..7+)
    "near": (0.708, 0.723, 0.897, 0.992, 1.05, 1.05, 1.05, 1.22),
}
WAIT_FEATURES = tuple(FITTED_WAITS)


def _suit_counts(counts: Sequence[int]) -> list[int]:
    return [sum(counts[s * 9 : s * 9 + 9]) for s in range(3)]


@dataclasses.dataclass(frozen=True, slots=True)
class LackChoice:
    """A suit to declare lacking (定缺), with what it leaves: the tiles of it held, and the rest's
    steps from ready, acceptance and value (a dealer's 14 tiles after their best discard)."""

    suit: int
    held: int
    shanten: int
    accept: int
    value: Value


class SichuanPlugin(FamilyPlugin):
    name = "sichuan"
    # strong: danger is read against every threat (no riichi to wait for), the look-ahead and the
    # danger of the discard after a pon pay their way; danger stays a tie-break growing late in the
    # wall, and pons are not judged again by the hand they leave (as a cost in expected points, and
    # with calls judged again, strong gave away wins: measured in the arena, docs/ai.md); a kan that
    # leaves the hand as fast is declared for its 刮风下雨, paid at once (measured better, docs/ai.md);
    # a hand's value weighs a little more than its tiles (acceptance x value ** 1.25: value ** 0.7
    # lost, 1.25 gained on four seeds; docs/ai.md, round 27); a ready hand's waits in a suit others
    # lack count more, since they must throw them (lack_waits 0.3; docs/ai.md, round 28).
    # standard: the basic defence late in the wall (BASIC_TIES)
    level_settings: ClassVar[dict[str, dict[str, Any]]] = {
        "standard": {"basic_ties": BASIC_TIES},
        "strong": {
            "ties_against": "all",
            "lookahead": True,
            "call_danger": True,
            "ev_defence": False,
            "call_value": False,
            "kan_as_fast": True,
            "value_power": 1.25,
            "lack_waits": 0.3,
        },
    }

    def __init__(self, rules: Any = None) -> None:
        if rules is None:
            from engine.rules import default_ruleset

            rules = default_ruleset("sichuan")
        self.rules = rules

    # ---------------------------------------------------------------- shape
    def planned_lack(self, view: View) -> int:
        """The declared lacking suit, or the one the hand should drop."""
        if view.lacking_suit is not None:
            return int(view.lacking_suit)
        return self.choose_lack(view.counts, view)

    def choose_lack(self, counts: Sequence[int], view: View | None = None) -> int:
        suits = _suit_counts(counts)
        if view is not None:
            for m in view.melds:
                suits[m.kinds[0] // 9] += 10  # a melded suit stays
        best = min(
            range(3),
            key=lambda s: (self._shanten_without(counts, s, view), suits[s], s),
        )
        return best

    def rank_lacks(self, view: View) -> list[LackChoice]:
        """The three suits to declare lacking (定缺), best first, each with what it leaves: by speed
        and value, the suit whose loss leaves the lowest shanten, then the most acceptance weighted
        by what the hand is worth (清一色, 七对, 根 plans), then the fewest tiles dropped; a dealer's
        14 tiles are measured after their best discard."""
        counts = list(view.counts)
        unit = self.unit(view)
        ranked: list[tuple[tuple[float, ...], LackChoice]] = []
        for s in range(3):
            shape = self._shape_for(s, view)
            if sum(counts) % 3 == 2:
                dead = [k for k in range(s * 9, s * 9 + 9) if counts[k]]
                outs = dead[:1] or [k for k in range(27) if counts[k]]
            else:
                outs = [-1]
            best: tuple[tuple[float, ...], LackChoice] | None = None
            for out in outs:
                if out >= 0:
                    counts[out] -= 1
                sh, _kinds, acc = acceptance(shape, counts, view.exposed, 0, view.unseen)
                hand = Hand(list(counts), (), view.exposed, 0, ())
                value = self._estimate(view, hand, (), lack=s)
                if out >= 0:
                    counts[out] += 1
                key = (float(sh), -acc * value.points / unit)
                if best is None or key < best[0]:
                    best = (key, LackChoice(s, _suit_counts(counts)[s], sh, acc, value))
            assert best is not None
            ranked.append(((*best[0], float(_suit_counts(counts)[s]), float(s)), best[1]))
        return [choice for _key, choice in sorted(ranked, key=lambda kc: kc[0])]

    def lack_reasons(self, choice: LackChoice) -> list[Reason]:
        """Why a suit is declared lacking, in the hint's words: the tiles it drops, and the steps
        from ready and acceptance the rest keeps; the plans its value counts."""
        plural, zh_suit = _SUIT_EN[choice.suit], _SUIT_ZH[choice.suit]
        if choice.held:
            one = _SUIT_ONE_EN[choice.suit]
            drops_en = f"drops {choice.held} {plural if choice.held > 1 else one}"
            drops_zh = f"去掉{choice.held}张{zh_suit}"
        else:
            drops_en, drops_zh = f"holds no {plural}", f"没有{zh_suit}"
        rest_zh = words(self.name)["acceptance"].format(accept=choice.accept, shanten=choice.shanten)
        reasons = [
            Reason(
                "lack_shape",
                f"{drops_en}; the rest keeps {choice.accept} tiles of acceptance, "
                f"{choice.shanten} from ready",
                f"{drops_zh}；其余{rest_zh}",
                (("held", choice.held), ("accept", choice.accept), ("shanten", choice.shanten)),
            )
        ]
        reasons.extend(choice.value.reasons[:1])
        return reasons

    def _shanten_without(self, counts: Sequence[int], suit: int, view: View | None) -> int:
        shape = self._shape_for(suit, view)
        exposed = view.exposed if view is not None else 0
        return shanten_of(shape, counts, exposed)

    def _shape_for(self, lack: int, view: View | None) -> HandShape:
        """The seat's shape with ``lack`` as its lacking suit (declared, or planned)."""
        base = view.shape if view is not None and view.shape is not None else SICHUAN_SHAPE
        if view is None:
            base = base.for_seat(exposed=0)
        return dataclasses.replace(base, dead_kinds=frozenset(range(lack * 9, lack * 9 + 9)))

    def shape(self, view: View) -> HandShape:
        return self._shape_for(self.planned_lack(view), view)

    # ---------------------------------------------------------------- value
    def unit(self, view: View) -> float:
        return float(getattr(self.rules, "base_points", 1))

    def _payers(self, view: View) -> int:
        return max(1, sum(1 for o in view.opponents if not o.won))

    def _fan_value(self, fan: float) -> float:
        base = float(getattr(self.rules, "base_points", 1))
        if getattr(self.rules, "scoring_model", "fan") == "points":
            return base * fan
        cap = int(getattr(self.rules, "fan_cap", 0) or 0)
        if cap:
            fan = min(fan, float(cap))
        return float(base * 2 ** (max(fan, 1.0) - 1.0))

    def _melds(self, view: View, hand: Hand) -> tuple[Meld, ...]:
        melds = [Meld(MeldType(m.type), tuple(sorted(m.tiles)), m.called, m.from_seat) for m in view.melds]
        melds.extend(m for m in hand.new_melds if isinstance(m, Meld))
        return tuple(melds)

    def value(self, view: View, hand: Hand, shanten: int, waits: Sequence[int]) -> Value:
        melds = self._melds(view, hand)
        if shanten == 0 and waits:
            exact = self._ready_value(view, hand, melds, waits)
            if exact is not None:
                return exact
        return self._estimate(view, hand, melds)

    def _ready_value(
        self, view: View, hand: Hand, melds: tuple[Meld, ...], waits: Sequence[int]
    ) -> Value | None:
        from engine.families.sichuan.scoring import SichuanWin, score_sichuan_win

        used = set(hand.tiles) | {t for m in melds for t in m.tiles}
        payers = self._payers(view)
        total = 0.0
        weight = 0.0
        best: Any = None
        lack = view.lacking_suit
        for w in waits:
            tile = next((w * 4 + c for c in range(4) if w * 4 + c not in used), None)
            if tile is None:
                continue
            concealed = tuple(sorted((*hand.tiles, tile)))
            ron = score_sichuan_win(SichuanWin(concealed, melds, tile, False, frozenset(), lack), self.rules)
            tsumo = score_sichuan_win(SichuanWin(concealed, melds, tile, True, frozenset(), lack), self.rules)
            if not ron.valid and not tsumo.valid:
                continue
            v = 0.55 * (ron.value if ron.valid else 0) + 0.45 * payers * (tsumo.value if tsumo.valid else 0)
            n = max(view.unseen[w], 0.25)
            total += v * n
            weight += n
            if best is None or ron.fan > best.fan:
                best = ron
        if not weight:
            return None
        points = total / weight
        reasons: list[Reason] = []
        if best is not None and best.valid:
            en, zh = items_words(self.name, best.items, limit=len(best.items))
            reasons.append(
                Reason(
                    "ready_value",
                    f"ready: {best.fan} fan ({', '.join(en)})",
                    f"听牌：{best.fan}番（{'、'.join(zh)}）",
                )
            )
        return Value(points, tuple(reasons))

    def _estimate(self, view: View, hand: Hand, melds: tuple[Meld, ...], lack: int | None = None) -> Value:
        counts = hand.counts
        if lack is None:
            lack = self.planned_lack(view)
        live = [0 if k // 9 == lack or k >= 27 else counts[k] for k in range(34)]
        meld_kinds = [k for m in melds for k in m.kinds]
        suits = _suit_counts(live)
        for k in meld_kinds:
            if k < 27:
                suits[k // 9] += 1
        total = max(1, sum(suits))
        main = max(range(3), key=lambda s: suits[s])
        fan = 1.0
        reasons: list[Reason] = []
        share = suits[main] / total
        if share >= 0.8 and suits[main] >= 9:
            gain = 2.0 * min(1.0, (share - 0.7) / 0.3)
            fan += gain
            reasons.append(plan_reason(self.name, "flush", "qing_yi_se"))
        pairs = sum(1 for k in range(27) if live[k] >= 2)
        trips = sum(1 for k in range(27) if live[k] >= 3)
        closed = all(not m.is_open for m in melds)
        if closed and not melds and pairs >= 4 and view.seven_pairs:
            fan += 2.0 * min(1.0, (pairs - 3) / 3)
            reasons.append(plan_reason(self.name, "seven_pairs", "qi_dui"))
        pons = sum(1 for m in melds if len(set(m.kinds)) == 1)
        if pons + trips >= 2 and pons + pairs >= 4 and len(melds) == pons:
            fan += 0.7
            reasons.append(plan_reason(self.name, "all_pungs", "dui_dui_hu"))
        held = list(live)
        for k in meld_kinds:
            held[k] += 1
        gen = sum(1 for k in range(27) if held[k] == 4)
        near_gen = sum(1 for m in melds if m.type == MeldType.PON and live[m.kinds[0]] == 0) * 0.15
        if gen:
            fan += gen
            en, zh = item_words(self.name, "gen", gen)
            reasons.append(Reason("gen", f"keeps {en}", f"保留{zh}"))
        fan += near_gen
        payers = self._payers(view)
        points = self._fan_value(fan) * (0.55 + 0.45 * payers)
        return Value(points, tuple(reasons))

    def hazard(self, view: View, pressure: float) -> float:
        """血战: the hand goes on after others win; it ends for this seat only with the wall or
        when three have won."""
        if not getattr(self.rules, "xuezhan", True):
            return min(0.25, 0.02 + 0.04 * pressure)
        won = sum(1 for o in view.opponents if o.won)
        return 0.004 + 0.01 * won + 0.01 * pressure

    def _lacking(self, view: View) -> list[int]:
        """For each suit, how many players still in the hand have declared it lacking."""
        return [sum(1 for o in view.opponents if not o.won and o.lacking_suit == s) for s in range(3)]

    def weighted_waits(self, view: View, kinds: Sequence[int], weight: float) -> float:
        """A wait in a suit others lack reaches this hand more often: a player lacking the suit
        throws every copy it draws (it may keep none), and holds none, so more of the unseen copies
        are in the wall. Each copy counts 1 + ``weight`` x the players still in who lack its suit
        (measured in the arena, docs/ai.md: round 28)."""
        lacking = self._lacking(view)
        return sum(view.unseen[k] * (1.0 + weight * lacking[k // 9]) for k in kinds if k < 27)

    def wait_reasons(self, view: View, kinds: Sequence[int]) -> list[Reason]:
        lacking = self._lacking(view)
        suits = sorted({k // 9 for k in kinds if k < 27 and view.unseen[k] > 0 and lacking[k // 9]})
        if not suits:
            return []
        players = max(lacking[s] for s in suits)
        names_en = " and ".join(_SUIT_EN[s] for s in suits)
        names_zh = "、".join(_SUIT_ZH[s] for s in suits)
        who = "a player still in lacks" if players == 1 else f"{players} players still in lack"
        return [
            Reason(
                "lacked_waits",
                f"waits on {names_en}, which {who}: they must throw every one they draw",
                f"听的{names_zh}有{players}家缺：摸到必须打出",
                (("players", players),),
            )
        ]

    def ready_bonus(self, view: View, shanten: int, value: Value) -> float:
        """查大叫: a hand ready when the wall ends collects from (and does not pay) those not ready."""
        if not getattr(self.rules, "xuezhan", True) and view.wall_remaining > 30:
            return 0.0
        if view.wall_remaining > 30:
            return 0.0
        late = 1.0 - view.wall_remaining / 30.0
        if shanten == 0:
            return late * 1.5 * max(value.points, self.unit(view))
        return -late * 0.5 * self.unit(view) * shanten

    def kan_income(self, view: View, action: Action) -> float:
        if not getattr(self.rules, "kan_payments", True):
            return 0.0
        base = float(getattr(self.rules, "base_points", 1))
        payers = self._payers(view)
        if action.type is A.CLOSED_KAN:
            return 2.0 * base * payers
        if action.type is A.ADDED_KAN:
            return 1.0 * base * payers
        if action.type is A.OPEN_KAN:
            return float(getattr(self.rules, "open_kan_payment", 2)) * base
        return 0.0

    def discard_bias(self, view: View, kind: int) -> float:
        if kind >= 27:
            return 1.0
        n = kind % 9
        lack = self.planned_lack(view)
        if kind // 9 == lack:
            # a dead suit: middle tiles first, they are the ones others can use
            return 1.0 + (0.4 - abs(n - 4) * 0.1)
        bias = 0.0
        if n in (2, 6):  # keep 3s and 7s: they connect with most of the suit
            bias -= 0.2
        if view.unseen[kind] == 0:
            bias += 0.2
        return bias

    # -------------------------------------------------------------- defence
    def _not_ready(self, view: View, opp: Opponent) -> bool:
        """A player whose last discard was a tile of its lacking suit from its hand (not the tile it
        just drew) held that suit, so it is not ready (缺一门). One that throws the drawn tile of its
        lacking suit shows nothing: a ready hand must throw it too (measured in the arena: from the
        hand about 1% of such players are ready, the drawn tile thrown about as many as the others)."""
        if opp.lacking_suit is None:
            return False
        recent = [d for d in opp.discards[-2:] if not d.claimed]
        return bool(recent) and recent[-1].kind // 9 == opp.lacking_suit and not recent[-1].tsumogiri

    def threats(self, view: View) -> list[Threat]:
        out: list[Threat] = []
        turn = view.turn_number()
        for o in view.opponents:
            if o.won or self._not_ready(view, o):
                continue
            pons = o.open_melds
            ready = min(0.9, max(0.0, (turn - 4) * 0.055) + 0.12 * pons)
            if ready <= 0.0:
                continue
            meld_suits = {m.kinds[0] // 9 for m in o.melds}
            fan = 1.5 + 0.5 * pons + (1.5 if len(meld_suits) == 1 and pons >= 2 else 0.0)
            loss = self._fan_value(fan)
            if getattr(self.rules, "xuezhan", True):
                loss *= 0.5  # a ready player left alone wins by self-draw later, which costs too
            en_seat, zh_seat = _seat(view, o.seat)
            lack = o.lacking_suit
            lack_en = f", lacking {_SUIT_EN[lack]}" if lack is not None else ""
            lack_zh = f"（缺{_SUIT_ZH[lack]}）" if lack is not None else ""
            out.append(
                Threat(
                    o.seat,
                    ready,
                    loss,
                    Reason("threat", f"{en_seat} may be ready{lack_en}", f"{zh_seat}可能已听牌{lack_zh}"),
                )
            )
        return out

    def danger(self, view: View, opp: Opponent, kind: int) -> float:
        if _out_of_reach(opp, kind):
            return 0.0
        return wait_chance(wait_features(view, opp, kind))

    def safety_words(self, view: View, opp: Opponent, kind: int) -> tuple[str, str, str]:
        """What the fitted wait model reads (no furiten here: a player's discards are not safe for
        certain, and suji say nothing)."""
        if _out_of_reach(opp, kind):
            return ("lacking_suit", "safe: that player lacks this suit", "安全：对方缺这门")
        features = wait_features(view, opp, kind)
        levels = dict(zip(WAIT_FEATURES, features, strict=True))
        if levels["thrown"]:
            return (
                "thrown",
                "that player threw this kind before: players rarely wait on it",
                "对方打过这张：很少再听它",
            )
        if levels["share"] == 4:
            return ("suit_thrown", "that player keeps throwing this suit", "对方一直在打这门")
        if levels["rank"] in (0, 8):
            return ("terminal", "a terminal: fewer waits use it", "幺九牌：用到它的听牌较少")
        if wait_chance(features) >= FITTED_BASE * 1.25:
            return (
                "dangerous",
                "dangerous: many of that player's waits could use it",
                "危险：对方很多听牌形都可能用到",
            )
        return ("no_sign", "no sign that it is safe", "看不出安全")

    def speed_first(self, view: View) -> bool:
        return bool(getattr(self.rules, "xuezhan", True))

    def exit_value(self, view: View) -> float:
        if not getattr(self.rules, "xuezhan", True):
            return 0.0
        left = sum(1 for o in view.opponents if not o.won)
        return 0.6 * self.unit(view) * max(0, left - 1)

    def danger_weight(self, view: View) -> float:
        """Without furiten, danger in Sichuan is hard to read and a deal-in costs one payment: early
        on it only breaks ties between equally fast tiles. Over the last 40 tiles of the wall, when
        most players are ready, the weight grows elevenfold (打熟扣生: seen tiles late)."""
        late = max(0.0, 1.0 - view.wall_remaining / 40.0)
        return 2.0 * (1.0 + 10.0 * late)

    def may_fold(self, view: View) -> bool:
        return not getattr(self.rules, "xuezhan", True)

    def fold_loss(self, view: View) -> float:
        return self._fan_value(2.0)

    # ------------------------------------------------------------ decisions
    def setup_ranking(self, view: View, legal: list[Action]) -> list[tuple[Action, list[Reason]]] | None:
        """定缺: every suit offered, best first, with why (:meth:`rank_lacks`)."""
        lacks = {a.suit: a for a in legal if a.type is A.DECLARE_LACK and a.suit is not None}
        if not lacks:
            return None
        ranked = [c for c in self.rank_lacks(view) if c.suit in lacks]
        return [(lacks[c.suit], self.lack_reasons(c)) for c in ranked]

    def setup_choice(self, view: View, legal: list[Action]) -> Action | None:
        """换三张 (定缺 is ranked whole: :meth:`setup_ranking`)."""
        exchanges = [a for a in legal if a.type is A.EXCHANGE]
        if not exchanges:
            return None
        by_suit: dict[int, list[Action]] = {}
        for a in exchanges:
            by_suit.setdefault(kind_of(a.tiles[0]) // 9, []).append(a)
        # the suit to give: the one whose loss hurts the shape least
        suit = min(
            by_suit,
            key=lambda s: (self._shanten_without(view.counts, s, None), _suit_counts(view.counts)[s], s),
        )

        def middle_first(a: Action) -> tuple[float, tuple[int, ...]]:
            kinds = tuple(sorted(kind_of(t) for t in a.tiles))
            return (sum(abs(k % 9 - 4) for k in kinds), kinds)

        return min(by_suit[suit], key=middle_first)

    def special_action(self, view: View, legal: list[Action], action: Action) -> float | None:
        return None

    # ------------------------------------------------------ a win let go by
    def declines_win(self, view: View, legal: list[Action], action: Action) -> Reason | None:
        """血战: a win on a discard is paid by the discarder alone, a self-draw by every player still
        in and one fan more (自摸加番), and after another's win the hand plays on. A cheap win on a
        discard is passed (过手胡 locks wins on discards until the next draw) when waiting for the
        self-draw is expected to bring more: each own draw wins with the wait's share of the unseen
        tiles, each round after the first a discard may also win, and each round still in costs the
        others' self-draws and the danger of the drawn tile thrown (``PASS_STAY_COST`` a player still
        in); ready when the wall ends, 查大叫 is collected. Waiting must be worth ``PASS_MARGIN`` times
        the win on the table, ``PASS_LATE_MARGIN`` times late in the wall (as forks of the game
        measured)."""
        if action.type is not A.RON or action.tile is None or not any(a.type is A.PASS for a in legal):
            return None
        rules = self.rules
        if not getattr(rules, "xuezhan", True) or getattr(rules, "scoring_model", "fan") != "fan":
            return None
        if getattr(rules, "self_draw_bonus", "fan") != "fan":
            return None
        left = sum(1 for o in view.opponents if not o.won)
        if left < 2 or view.wall_remaining <= PASS_LAST_WALL:
            return None
        from engine.families.sichuan.scoring import SichuanWin, score_sichuan_win

        hand = Hand(list(view.counts), tuple(view.hand), view.exposed)
        melds = self._melds(view, hand)
        lack = view.lacking_suit
        now = score_sichuan_win(
            SichuanWin(
                tuple(sorted((*view.hand, action.tile))), melds, action.tile, False, frozenset(), lack
            ),
            rules,
        )
        if not now.valid:
            return None
        sh, kinds, _acc = acceptance(self.shape(view), list(view.counts), view.exposed, 0, view.unseen)
        if sh != 0 or not kinds:
            return None
        used = set(view.hand) | {t for m in melds for t in m.tiles} | {action.tile}
        u = 0
        tsumo = 0.0
        ron = 0.0
        for w in kinds:
            n = view.unseen[w]
            tile = next((w * 4 + c for c in range(4) if w * 4 + c not in used), None)
            if n <= 0 or tile is None:
                continue
            concealed = tuple(sorted((*view.hand, tile)))
            t = score_sichuan_win(SichuanWin(concealed, melds, tile, True, frozenset(), lack), rules)
            r = score_sichuan_win(SichuanWin(concealed, melds, tile, False, frozenset(), lack), rules)
            tsumo += n * (t.value if t.valid else 0)
            ron += n * (r.value if r.valid else 0)
            u += n
        if not u:
            return None
        tsumo /= u
        ron /= u
        p = u / max(sum(view.unseen[:27]), 1)  # no honours in Sichuan
        draws = view.wall_remaining // (left + 1)
        stay = PASS_STAY_COST * left * self.unit(view)
        alive = 1.0
        expected = 0.0
        for i in range(draws):
            r_chance = min(0.5, PASS_RON * p * left / 3.0) if i else 0.0
            expected += alive * (p * tsumo * left + r_chance * ron - stay)
            alive *= max(0.0, 1.0 - p - r_chance)
        expected += alive * PASS_END * left * ron
        margin = PASS_LATE_MARGIN if view.wall_remaining <= PASS_LATE_WALL else PASS_MARGIN
        if expected <= margin * now.value:
            return None
        en, zh = tile_words(kind_of(action.tile), view.family)
        return Reason(
            "wait_self_draw",
            f"let {en} go: a self-draw, paid by every player still in, is worth more "
            f"(about {expected:.1f} against {now.value})",
            f"不胡{zh}：等自摸，每家都付，更值（约{expected:.1f}对{now.value}）",
        )


def wait_features(view: View, opp: Opponent, kind: int) -> tuple[int, ...]:
    """What ``view`` shows about ``opp`` and a suited ``kind``, one level per ``WAIT_FEATURES``."""
    suit, n = divmod(kind, 9)
    kinds = [d.kind for d in opp.discards]
    kept = [k for k in kinds if k < 27 and k // 9 != opp.lacking_suit]
    share = round(min(sum(1 for k in kept if k // 9 == suit) / len(kept), 0.99) * 4) if kept else 5
    here = sum(1 for m in opp.melds if m.kinds[0] // 9 == suit)
    other = len(opp.melds) - here
    near = sum(view.unseen[kind + i] for i in (-2, -1, 1, 2) if 0 <= n + i <= 8)
    return (
        n,
        min(view.unseen[kind], 4),
        int(kind in kinds),
        share,
        3 * min(here, 2) + min(other, 2),
        min(near // 2, 7),
    )


def wait_chance(
    levels: Sequence[int],
    base: float = FITTED_BASE,
    factors: Mapping[str, Sequence[float]] = FITTED_WAITS,
) -> float:
    """The chance that a ready opponent can win on a suited kind outside its lacking suit, from
    :func:`wait_features`' ``levels``: ``base`` times each level's factor (the fitted ones by default)."""
    p = base
    for name, level in zip(WAIT_FEATURES, levels, strict=True):
        p *= factors[name][level]
    return min(p, 0.9)


def _out_of_reach(opp: Opponent, kind: int) -> bool:
    """No Sichuan player can win on an honour (none are in play) nor on its lacking suit."""
    return kind >= 27 or (opp.lacking_suit is not None and kind // 9 == opp.lacking_suit)


def _seat(view: View, seat: int) -> tuple[str, str]:
    rel = table_sides(max(view.n, 1))[(seat - view.seat) % max(view.n, 1)]
    return (
        {1: "the player on your right", 2: "the player opposite", 3: "the player on your left"}.get(rel, "?"),
        {1: "下家", 2: "对家", 3: "上家"}.get(rel, "?"),
    )


register("sichuan", SichuanPlugin)
