"""Reading danger from what is visible: the chance that a ready opponent waits on a tile.

The model counts the waits that could include the tile — two-sided (ryanmen), edge (penchan),
closed (kanchan), pair-and-pair (shanpon) and single (tanki) — weighted by how many copies of the
tiles each wait needs are still unseen. What the classic rules of thumb say falls out of it:

* **safe tiles** (genbutsu): a kind the opponent discarded (furiten) or, after its riichi, let pass;
* **suji**: with 4 safe, the two-sided waits 23-14 and 56-47 are gone, so 1 and 7 are safer;
* **kabe / no chance**: with every 2 visible, no two-sided wait 23 can exist for 1 or 4;
* **one chance**: with three 2s visible those waits are unlikely;
* **tiles left**: a kind with no unseen copies can only be a single wait on the last one.

Numbers are scaled so a middle tile with nothing known is about 12% (the usual figure against a
riichi); a suji terminal comes out near 1.5%.

>>> from engine.ai.view import View
>>> from engine.game.observation import Observation
>>> v = View.from_observation(Observation.from_json({"seat": 0, "seats": [{"hand": []},
...     {"discards": [{"tile": 12, "sideways": True}]}]}))
>>> opp = v.opponents[0]
>>> wait_danger(v, opp, 3, honours=True), wait_danger(v, opp, 0, honours=True) < 0.03
(0.0, True)
>>> round(wait_danger(v, opp, 4, honours=True), 3) > round(wait_danger(v, opp, 0, honours=True), 3)
True
"""

from __future__ import annotations

from engine.ai.view import Opponent, View

SCALE = 0.0046
W_RYANMEN = 1.0
W_PENCHAN = 0.45
W_KANCHAN = 0.4
W_SHANPON = 0.6
W_TANKI = 0.3
W_HONOUR_SHANPON = 0.9
W_HONOUR_TANKI = 0.55


def _pair_combos(u: int) -> int:
    return u * (u - 1) // 2


def wait_components(
    view: View, opp: Opponent, kind: int, safe: frozenset[int] | None = None
) -> dict[str, float]:
    """The weighted wait combinations that include ``kind`` (before scaling). ``safe`` are the
    kinds the opponent cannot win on (default: its furiten kinds, riichi rules)."""
    if safe is None:
        safe = view.safe_kinds_against(opp.seat)
    u = view.unseen
    out = {"ryanmen": 0.0, "penchan": 0.0, "kanchan": 0.0, "shanpon": 0.0, "tanki": 0.0}
    if kind in safe:
        return out
    if kind >= 27:
        out["shanpon"] = W_HONOUR_SHANPON * _pair_combos(u[kind])
        out["tanki"] = W_HONOUR_TANKI * u[kind]
        return out
    base = kind - kind % 9
    n = kind % 9

    def k(i: int) -> int:
        return base + i

    # two-sided: held (n+1, n+2) waiting n / n+3, or (n-2, n-1) waiting n-3 / n
    if n + 3 <= 8 and k(n + 3) not in safe:
        out["ryanmen"] += W_RYANMEN * u[k(n + 1)] * u[k(n + 2)]
    if n - 3 >= 0 and k(n - 3) not in safe:
        out["ryanmen"] += W_RYANMEN * u[k(n - 2)] * u[k(n - 1)]
    if n == 2:
        out["penchan"] += W_PENCHAN * u[k(0)] * u[k(1)]
    if n == 6:
        out["penchan"] += W_PENCHAN * u[k(7)] * u[k(8)]
    if 1 <= n <= 7:
        out["kanchan"] += W_KANCHAN * u[k(n - 1)] * u[k(n + 1)]
    out["shanpon"] = W_SHANPON * _pair_combos(u[kind])
    out["tanki"] = W_TANKI * u[kind]
    return out


def wait_danger(
    view: View, opp: Opponent, kind: int, *, honours: bool = True, safe: frozenset[int] | None = None
) -> float:
    """Chance (0..1) that ``opp``, when ready, can win on ``kind``."""
    if kind >= 34 or (kind >= 27 and not honours):
        return 0.0
    return min(0.6, SCALE * sum(wait_components(view, opp, kind, safe).values()))


def safety_words(
    view: View, opp: Opponent, kind: int, safe: frozenset[int] | None = None
) -> tuple[str, str, str]:
    """Why a tile is safe or dangerous against ``opp``: (key, English, Chinese). ``safe`` as in
    :func:`wait_components` (pass an empty set for a family without furiten)."""
    if opp.lacking_suit is not None and kind < 27 and kind // 9 == opp.lacking_suit:
        return ("lacking_suit", "safe: that player lacks this suit", "安全：对方缺这门")
    furiten = safe is None
    if safe is None:
        safe = view.safe_kinds_against(opp.seat)
    own = {d.kind for d in opp.discards}
    if furiten and kind in own:
        return ("genbutsu", "safe: in that player's discards", "安全：对方的现物")
    if furiten and kind in safe:
        return ("after_riichi", "safe: discarded after the riichi", "安全：立直后通过的牌")
    u = view.unseen
    if kind >= 27:
        seen = 4 - u[kind]
        if seen >= 3:
            return ("honour_last", "safe: the last copy of an honour", "安全：字牌只剩一张")
        return (
            f"honour_{seen}",
            f"honour with {seen} seen: only a pair or single wait",
            f"字牌已见{seen}张：只怕单骑或对碰",
        )
    comps = wait_components(view, opp, kind, safe)
    n = kind % 9
    if comps["ryanmen"] == 0.0:
        suji = [kind + 3] if n + 3 <= 8 else []
        suji += [kind - 3] if n - 3 >= 0 else []
        if suji and all(s in safe for s in suji):
            return ("suji", "suji: no two-sided wait is possible", "筋牌：两面听牌不可能")
        return (
            "no_chance",
            "no chance: the tiles for a two-sided wait are gone",
            "壁：两面搭子所需的牌已见光",
        )
    if comps["ryanmen"] <= W_RYANMEN * 2:
        return ("one_chance", "one chance: a two-sided wait is unlikely", "一枚壁：两面听牌可能性小")
    if n in (0, 8):
        return ("terminal", "a terminal: fewer waits use it", "幺九牌：用到它的听牌较少")
    if u[kind] <= 1:
        return ("seen", "mostly seen already: few waits left on it", "熟张：已见多张")
    return ("dangerous", "dangerous: many waits could use it", "危险：很多听牌形都可能")
