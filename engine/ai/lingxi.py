"""Lingxi (灵溪麻将) knowledge for the AI.

* **Shape**: five sets and a pair; the 财神 (wild) tiles held fill any gap; flowers and 白板 are
  shown and replaced by the engine, never part of the shape.
* **Value (台)**: a ready hand is scored with :func:`~engine.families.lingxi.scoring.score_win` on
  each wait (the winner collects the final 台 from each other player); a hand not yet ready is
  valued by its plans: 对对胡, 混一色 / 清一色, 财神 kept (each is worth 台 and a wild), pons of the
  own wind or 中/发; 杀猪 (three identical 财神 and another) is kept in sight.
* **Defence**: readiness grows with melds and the turn; a player with pons of three winds makes
  the fourth wind a 包赔 risk (四风齐: the feeder pays for everyone), so that tile is avoided.
* **截胡**: only the first winner after the discarder wins on a discard, so a win is always taken.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from engine.ai.defence import safety_words, wait_danger
from engine.ai.plugin import FamilyPlugin, Hand, Reason, Threat, Value, items_words, plan_reason, register
from engine.ai.view import Opponent, View
from engine.game.observation import table_sides
from engine.melds import Meld
from engine.tiles import WINDS, kind_of

_SEATS_EN = {1: "the player on your right", 2: "the player opposite", 3: "the player on your left"}
_SEATS_ZH = {1: "下家", 2: "对家", 3: "上家"}


def _melds_en(melds: int) -> str:
    """The open melds a player shows, in words: "no open meld", "1 open meld", "3 open melds"."""
    if not melds:
        return "no open meld"
    return f"{melds} open meld{'s' if melds > 1 else ''}"


def _melds_zh(melds: int) -> str:
    return f"吃碰杠{melds}组" if melds else "门清"


class LingxiPlugin(FamilyPlugin):
    name = "lingxi"
    # strong: danger stays a tie-break against serious threats and calls are not judged again by the
    # hand they leave (neither was measurably better here: docs/ai.md); a hand not yet ready is
    # valued without the plans (issue 17, round 5). It does not look one step further: over three
    # seeds' 6,000 walls the look-ahead gained nothing and tripled the decision time (round 22). A
    # closed hand chis and pons only to come closer to ready: a call at the same steps, for more
    # tiles, gives up the draw it replaces (round 26: +0.23 台 a hand, paired over 6,000 walls).
    level_settings: ClassVar[dict[str, dict[str, Any]]] = {
        "strong": {
            "ev_defence": False,
            "call_value": False,
            "value_plans": False,
            "closed_calls_faster": True,
            "kan_costs_step": True,
        }
    }

    def __init__(self, rules: Any = None) -> None:
        if rules is None:
            from engine.rules import default_ruleset

            rules = default_ruleset("lingxi")
        self.rules = rules
        self._spec_cache: dict[tuple[int, int], Any] = {}
        self._plans = True  # the 混一色/清一色 and 对对胡 plans count in a hand not yet ready

    def configure(self, level: Any) -> None:
        self._plans = bool(getattr(level, "value_plans", True))

    # ---------------------------------------------------------------- shape

    def _bonus(self, view: View, kind: int) -> bool:
        return kind >= 34 or (kind == 31 and 31 not in view.wild_kinds)

    def _spec(self, view: View) -> Any:
        shown = view.wild_shown
        if len(shown) != 2:
            return None
        key = (int(shown[0]), int(shown[1]))
        spec = self._spec_cache.get(key)
        if spec is None:
            from engine.families.lingxi.wilds import wild_spec

            spec = wild_spec(key[0], key[1], getattr(self.rules, "flower_wild", "group"))
            self._spec_cache[key] = spec
        return spec

    # ---------------------------------------------------------------- value
    def unit(self, view: View) -> float:
        return 13.0

    def value(self, view: View, hand: Hand, shanten: int, waits: Sequence[int]) -> Value:
        if shanten == 0 and waits:
            exact = self._ready_value(view, hand, waits)
            if exact is not None:
                return exact
        return self._estimate(view, hand)

    def _melds(self, view: View, hand: Hand) -> list[tuple[str, tuple[int, ...]]]:
        out = [(m.type, m.kinds) for m in view.melds]
        out.extend((m.type.value, m.kinds) for m in hand.new_melds if isinstance(m, Meld))
        return out

    def _ready_value(self, view: View, hand: Hand, waits: Sequence[int]) -> Value | None:
        from engine.families.lingxi.scoring import MeldKinds, TaiHand, WinContext, score_win
        from engine.melds import MeldType

        spec = self._spec(view)
        if spec is None:
            return None
        flowers = tuple(kind_of(t) for t in view.flowers)
        concealed = tuple(kind_of(t) for t in hand.tiles)
        melds = tuple(MeldKinds(MeldType(t), kinds) for t, kinds in self._melds(view, hand))
        total = 0.0
        weight = 0.0
        best: Any = None
        for w in list(waits)[:12]:
            th = TaiHand((*concealed, w), melds, flowers, view.seat_wind, spec)
            ron = score_win(th, WinContext(win_kind=w, self_drawn=False), self.rules)
            tsumo = score_win(th, WinContext(win_kind=w, self_drawn=True), self.rules)
            if ron is None and tsumo is None:
                continue
            v = 0.5 * (ron.final if ron else 0) + 0.5 * (tsumo.final if tsumo else 0)
            n = max(view.unseen[w], 0.25)
            total += 3.0 * v * n
            weight += n
            if ron is not None and (best is None or ron.final > best.final):
                best = ron
        if not weight:
            return None
        reasons: list[Reason] = []
        if best is not None:
            # the items as the settlement names them, without the tile codes of the log's detail
            en, zh = items_words(self.name, best.items)
            reasons.append(
                Reason(
                    "ready_value",
                    f"ready for {best.final} tai ({', '.join(en)})",
                    f"听牌：{best.final}台（{'、'.join(zh)}）",
                )
            )
        return Value(total / weight, tuple(reasons))

    def _estimate(self, view: View, hand: Hand) -> Value:
        counts = hand.counts
        melds = self._melds(view, hand)
        reasons: list[Reason] = []
        tai = 0.0
        meld_kinds = [k for _, kinds in melds for k in kinds if k < 34]
        all_kinds = [k for k in range(34) for _ in range(counts[k])] + meld_kinds
        suits = [0, 0, 0, 0]
        for k in all_kinds:
            suits[k // 9 if k < 27 else 3] += 1
        total = max(1, len(all_kinds))
        main = max(range(3), key=lambda s: suits[s])
        share = (suits[main] + suits[3]) / total
        if self._plans and share >= 0.8 and suits[main] >= 8:
            pure = suits[3] == 0
            tai += (13.0 if pure else 7.0) * min(1.0, (share - 0.7) / 0.3)
            reasons.append(plan_reason(self.name, "flush", "qing_yi_se" if pure else "hun_yi_se"))
        pairs = sum(1 for k in range(34) if counts[k] >= 2)
        trips = sum(1 for k in range(34) if counts[k] >= 3)
        chis = sum(1 for t, kinds in melds if t == "chi")
        if self._plans and chis == 0 and trips + pairs + len(melds) >= 5 and trips + len(melds) >= 2:
            tai += 7.0 * min(1.0, (trips + len(melds)) / 4)
            reasons.append(plan_reason(self.name, "all_pungs", "dui_dui_hu"))
        wilds = hand.wilds
        if wilds:
            reasons.append(Reason("caishen", f"keeps {wilds} 财神", f"保留{wilds}张财神"))
        base = self._base_tai(view, hand)
        if base is None:  # no 财神 reveal known: a rough count
            base = 2.5 * wilds
        # 平胡 needs no 财神, flower, pung or kong (without the plans: no call at all, as measured)
        plain = not wilds and not view.flowers and (self._plans or not melds)
        tai += base + 0.5  # a self-draw adds 1 about half the time
        if plain and tai < 13.0:
            tai = 13.0  # 平胡 counts 13 flat without 财神 or flowers
        double_from = int(getattr(self.rules, "double_from", 0) or 0)
        if double_from and tai >= double_from:
            tai *= 2
        return Value(3.0 * tai, tuple(reasons))

    def _base_tai(self, view: View, hand: Hand) -> float | None:
        """The hand's base 台 (kept on the hand: the value and the holding value both read it)."""
        if "base_tai" in hand.extra:
            return hand.extra["base_tai"]  # type: ignore[return-value]
        hand.extra["base_tai"] = base = self._score_base(view, hand)
        return base

    def _score_base(self, view: View, hand: Hand) -> float | None:
        from engine.families.lingxi.scoring import MeldKinds, TaiHand, score_base
        from engine.melds import MeldType

        spec = self._spec(view)
        if spec is None:
            return None
        concealed = tuple(kind_of(t) for t in hand.tiles)
        melds = tuple(MeldKinds(MeldType(t), kinds) for t, kinds in self._melds(view, hand))
        flowers = tuple(kind_of(t) for t in view.flowers)
        return float(score_base(TaiHand(concealed, melds, flowers, view.seat_wind, spec)).tai)

    def holding_value(self, view: View, hand: Hand) -> float:
        """Every player counts base 台 and the non-winners settle the differences pairwise, so a
        base 台 kept (a pon or concealed triplet of the own wind or 中/发, a kan, a 财神 that would
        complete such a pon) is worth about one payment from each of the two other non-winners
        when someone else wins; payments to or from the dealer are doubled."""
        base = self._base_tai(view, hand)
        if base is None:
            return 0.0
        dealer = 2.0 if view.is_dealer else 4.0 / 3.0
        return 2.0 * dealer * base

    def discard_bias(self, view: View, kind: int) -> float:
        bias = 0.0
        if kind >= 27:
            bias += 0.3 if kind not in (view.seat_wind, 32, 33) else 0.05
        elif kind % 9 in (0, 8):
            bias += 0.1
        return bias

    # -------------------------------------------------------------- defence
    def _wind_pons(self, opp: Opponent) -> int:
        return len(
            {m.kinds[0] for m in opp.melds if m.kinds and m.kinds[0] in WINDS and len(set(m.kinds)) == 1}
        )

    def threats(self, view: View) -> list[Threat]:
        out: list[Threat] = []
        turn = view.turn_number()
        for o in view.opponents:
            melds = o.open_melds
            ready = min(0.9, max(0.0, (turn - 5) * 0.04) + 0.15 * melds)
            if ready <= 0.0:
                continue
            tai = 13.0 + (7.0 if melds >= 3 else 0.0)
            if self._wind_pons(o) >= 3:
                tai += 13.0
            rel = table_sides(max(view.n, 1))[(o.seat - view.seat) % max(view.n, 1)]
            out.append(
                Threat(
                    o.seat,
                    ready,
                    3.0 * tai,
                    Reason(
                        "threat",
                        f"{_SEATS_EN.get(rel, 'seat')} may be ready ({_melds_en(melds)})",
                        f"{_SEATS_ZH.get(rel, '对手')}可能已听牌（{_melds_zh(melds)}）",
                    ),
                )
            )
        return out

    def danger(self, view: View, opp: Opponent, kind: int) -> float:
        if kind in view.wild_kinds or self._bonus(view, kind):
            return 0.0
        d = wait_danger(view, opp, kind, honours=True, safe=frozenset())
        if any(x.kind == kind for x in opp.discards):
            d *= 0.6
        if kind in WINDS and self._wind_pons(opp) >= 3:
            d = max(d, 0.5)  # 四风齐: feeding the fourth wind makes this seat pay for everyone
        return d

    def safety_words(self, view: View, opp: Opponent, kind: int) -> tuple[str, str, str]:
        """The wait shapes without furiten: a player's discards are not safe for certain, and suji
        say nothing."""
        return safety_words(view, opp, kind, safe=frozenset())

    def fold_loss(self, view: View) -> float:
        return 39.0

    def may_fold(self, view: View) -> bool:
        """The winner collects the same from every player (包赔 aside), so a deal-in costs no more
        than the winner's self-draw would: folding only gives up the own chance."""
        return False

    def danger_weight(self, view: View) -> float:
        return 2.0

    def speed_first(self, view: View) -> bool:
        """Every win pays at least 13 台 (平胡) and 财神 make most hands fast: the first to finish
        takes the hand, so shanten comes first here too."""
        return True


register("lingxi", LingxiPlugin)
