"""The one interface every family's AI knowledge sits behind.

The levels (:mod:`engine.ai.agents`) and the hints (:mod:`engine.ai.hints`) are family-agnostic:
they ask a :class:`FamilyPlugin` how hands are measured (:meth:`~FamilyPlugin.shape`), what a hand
is worth (:meth:`~FamilyPlugin.value`), who threatens and how dangerous a tile is against them
(:meth:`~FamilyPlugin.threats`, :meth:`~FamilyPlugin.danger`), and for the family's own decisions
(set-up choices, riichi, whether a call keeps a winning plan). A family registers its plug-in with
:func:`register`; :func:`plugin_for` finds it by the observation's family name, falling back to a
shape-only plug-in for a family that has none yet.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from engine.ai.defence import safety_words, wait_danger
from engine.ai.view import Opponent, View
from engine.analysis.shape import HandShape
from engine.game.actions import Action, ActionType
from engine.item_names import item_name
from engine.tiles import tile_name


@dataclass(frozen=True, slots=True)
class Reason:
    """One short explanation, in English and Chinese, with a stable ``key`` and the numbers it states
    (``args``: e.g. ``shanten`` and ``acceptance`` of a discard), so that a hint can be checked against
    the engine's analysis."""

    key: str
    en: str
    zh: str
    args: tuple[tuple[str, int], ...] = ()

    def arg(self, name: str) -> int | None:
        return dict(self.args).get(name)


@dataclass(frozen=True, slots=True)
class Value:
    """What a hand is expected to be worth when it wins (``points``, the family's own unit of
    payment to the winner) and why (the plans it keeps)."""

    points: float
    reasons: tuple[Reason, ...] = ()
    has_yaku: bool = True  # False: the hand cannot win as it stands (riichi: open without yaku)


@dataclass(frozen=True, slots=True)
class Threat:
    """An opponent who may be waiting: ``ready`` is the chance it is ready now, ``loss`` what
    dealing into it would cost, ``label`` words for the hint."""

    seat: int
    ready: float
    loss: float
    label: Reason


@dataclass(slots=True)
class Hand:
    """A candidate hand to evaluate: concealed ``counts`` (3k+1 tiles after a discard), physical
    ``tiles``, and the extra exposed melds a call would add (kinds)."""

    counts: list[int]
    tiles: tuple[int, ...]
    exposed: int
    wilds: int = 0
    new_melds: tuple[Any, ...] = ()  # the family's meld objects a call would add
    extra: dict[str, object] = field(default_factory=dict)


DECLARED_THREAT = "declared"  # the label key of a threat that declared itself ready (riichi)


class FamilyPlugin:
    """Shape-only defaults; families override what they know."""

    name = "generic"
    # what a level weighs differently in this family: level name -> the Level fields replaced
    level_settings: ClassVar[dict[str, dict[str, Any]]] = {}

    def configure(self, level: Any) -> None:
        """Read what the level that plays with this instance weighs (``engine.ai.agents.Level``)."""

    # ------------------------------------------------------------ shape
    def shape(self, view: View) -> HandShape:
        """The seat's shape as the engine gave it (the one the table's analysis uses)."""
        if view.shape is not None:
            return view.shape
        from engine.families.registry import get_family
        from engine.rules import default_ruleset

        base = get_family(view.family).hand_shape(default_ruleset(view.family))
        return base.for_seat(exposed=view.exposed, wild_kinds=view.wild_kinds)

    # ------------------------------------------------------------ value
    def value(self, view: View, hand: Hand, shanten: int, waits: Sequence[int]) -> Value:
        """Expected points of winning with ``hand``; ``waits`` are its winning kinds when tenpai."""
        return Value(1000.0)

    def unit(self, view: View) -> float:
        """A typical win's value in this family's points (scales tie-breaks and costs)."""
        return 1000.0

    def hazard(self, view: View, pressure: float) -> float:
        """Chance per turn that the hand ends without this seat (someone else wins); ``pressure``
        is the sum of the threats' readiness."""
        return min(0.25, 0.02 + 0.05 * pressure)

    def prefers_dama(self, view: View, dama: Value) -> bool:
        """Whether a closed ready hand worth ``dama`` without a declaration should stay quiet."""
        return False

    def pushing_table(self, view: View, presume: bool = False) -> bool:
        """Whether this hand's table shows players who do not fold (they keep throwing dangerous
        tiles after a riichi, or open hands with no way to a yaku): there staying quiet to keep
        the others pushing gains nothing. With ``presume``, a table facing a threat is taken not to
        fold until a player shows folding."""
        return False

    def match_read(self, view: View) -> float:
        """How the other players' play in the match's earlier hands (``view.earlier``) reads, as a
        log-likelihood ratio of a table that folds to a declared ready hand over one that does not
        (:mod:`engine.ai.match_read`); 0 where the family has nothing to read. Levels with
        ``read_match`` play a hand whose read is below their threshold as at a table that does not
        fold."""
        return 0.0

    def careless_calls(self, view: View) -> bool:
        """Whether an opponent has called for speed alone (an open hand with no way to a yaku in
        sight): a player who does that does not fold either."""
        return False

    def weighted_waits(self, view: View, kinds: Sequence[int], weight: float) -> float:
        """A ready hand's waits ``kinds`` counted for greedy play (``Level.lack_waits`` = ``weight``):
        the unseen copies, each weighed by how likely it is to reach this hand. Here every copy
        counts once; Sichuan's weigh a suit the other players lack above it (they must throw it)."""
        return float(sum(view.unseen[k] for k in kinds))

    def wait_reasons(self, view: View, kinds: Sequence[int]) -> list[Reason]:
        """Why a ready hand's waits count more than their number (:meth:`weighted_waits`); none here."""
        return []

    def holding_value(self, view: View, hand: Hand) -> float:
        """What the hand collects in the settlement if it does not win (Lingxi: base 台 compared
        between the non-winners), in the family's points; 0 where nothing is paid for it."""
        return 0.0

    def ready_bonus(self, view: View, shanten: int, value: Value) -> float:
        """What being ready is worth if the wall runs out (riichi: noten payments; Sichuan: 查叫)."""
        return 0.0

    def kan_income(self, view: View, action: Action) -> float:
        """Points a kan earns at once (Sichuan 刮风下雨)."""
        return 0.0

    def declaration_cost(self, view: View) -> float:
        """What declaring costs when the hand is not won (riichi: the 1000-point stick)."""
        return 0.0

    def discard_bias(self, view: View, kind: int) -> float:
        """A small preference between discards of equal merit (higher: discard first)."""
        return 0.0

    def discard_preference(self, view: View, kind: int, accept_kinds: int) -> float:
        """The order in which good players let near-equal tiles go, as a log factor on the
        acceptance x value a discard keeps (higher: discard first; riichi: a model fitted on the
        players' choices). ``accept_kinds``: the kinds of tiles that improve the hand left. Used by
        levels with ``human_discards`` among the discards within ``discard_band`` of the best."""
        return 0.0

    def discard_band(self, view: View) -> float:
        """The share of the best acceptance x value within which ``discard_preference`` orders
        discards (1: only exact ties)."""
        return 1.0

    def fold_preference(
        self, view: View, kind: int, shanten_given_up: int, base: float, risk: float, first: bool
    ) -> float:
        """The order in which good players throw near-equally safe tiles when they fold, as a log
        factor (higher: thrown first; riichi: a model fitted on the players' choices). Used by
        levels with ``fold_order``."""
        return 0.0

    # ---------------------------------------------------------- defence
    def threats(self, view: View) -> list[Threat]:
        return []

    def danger(self, view: View, opp: Opponent, kind: int) -> float:
        """Chance that ``opp``, if ready, waits on ``kind``."""
        return wait_danger(view, opp, kind, honours=True)

    def safety_words(self, view: View, opp: Opponent, kind: int) -> tuple[str, str, str]:
        """Why discarding ``kind`` is safe or dangerous against ``opp``: (key, English, Chinese). By
        default the wait shapes with furiten (riichi: the player's discards and what passed its
        riichi are safe)."""
        return safety_words(view, opp, kind)

    def pushing_danger(self, view: View, opp: Opponent, danger: float) -> float:
        """``danger`` (:meth:`danger`) read again at a table that does not fold (``pushing_table``),
        for levels with ``read_danger``: the family's calibration on its own arena tables."""
        return danger

    def fold_loss(self, view: View) -> float:
        """Typical loss of dealing in, for the family (scale of its points)."""
        return 5000.0

    def danger_weight(self, view: View) -> float:
        """Where speed comes first: acceptance points given up per point of expected loss."""
        return 20.0

    def speed_first(self, view: View) -> bool:
        """Whether even the strong level should put shanten first (Sichuan 血战, where three
        players win most hands and the first to finish stops paying) rather than weigh speed
        against value by expected value."""
        return True

    def exit_value(self, view: View) -> float:
        """What winning is worth beyond its payment because the seat leaves play (Sichuan 血战:
        a winner no longer pays later self-draws or 查大叫)."""
        return 0.0

    def may_fold(self, view: View) -> bool:
        """Whether giving up the hand for safety can pay (Sichuan 血战: not ready at the end pays
        查大叫, so the AI keeps playing for a win and only picks the safer of useful tiles)."""
        return True

    # -------------------------------------------------------- decisions
    def setup_choice(self, view: View, legal: list[Action]) -> Action | None:
        """A set-up decision (Sichuan 换三张 / 定缺); None lets the level pick the first."""
        return None

    def setup_ranking(self, view: View, legal: list[Action]) -> list[tuple[Action, list[Reason]]] | None:
        """The options of a set-up decision best first, each with its reasons, where the family
        ranks them all (Sichuan 定缺); None: only :meth:`setup_choice` is known."""
        return None

    def opens_hand(self, view: View, action: Action, shanten: int, value: Value) -> bool:
        """Whether a good player would open a closed hand with ``action`` (a chi, pon or open kan
        leaving a hand ``shanten`` from ready, worth ``value``): the strong level's human-like calls."""
        return True

    def quiet_wait(self, view: View, accept: int) -> bool:
        """Whether good players keep a ready hand with a yaku and ``accept`` winning tiles left quiet
        rather than lock it with a declaration (riichi: a poor wait, or late in the wall)."""
        return False

    def call_keeps_plan(self, view: View, action: Action, after: Hand) -> bool:
        """Whether the hand after a call can still win (riichi: a yaku remains possible)."""
        return True

    def undeclared_value(self, view: View, hand: Hand, waits: Sequence[int]) -> Value | None:
        """Value of a ready closed hand played without a declaration (riichi: dama); None when
        the family has no declaration to make."""
        return None

    def special_action(self, view: View, legal: list[Action], action: Action) -> float | None:
        """Score a family-specific action (riichi: nine terminals). None: not handled."""
        if action.type is ActionType.NINE_TERMINALS:
            return -1.0
        return None

    def must_win(self, view: View) -> bool:
        return True

    def declines_win(self, view: View, legal: list[Action], action: Action) -> Reason | None:
        """The strong level's one reason to let a win go by (Sichuan 血战: a cheap win on a discard
        passed for a self-draw that every player still in pays, worth more); None: take it. The
        other levels always win."""
        return None


_PLUGINS: dict[str, Callable[[Any], FamilyPlugin]] = {}


def register(name: str, factory: Callable[[Any], FamilyPlugin]) -> None:
    """Register a family's plug-in; ``factory(rules)`` builds it (``rules`` may be None: use the
    family's default ruleset)."""
    _PLUGINS[name] = factory


def plugin_for(family: str, rules: Any = None) -> FamilyPlugin:
    _load_builtin()
    factory = _PLUGINS.get(family)
    return factory(rules) if factory is not None else FamilyPlugin()


def _load_builtin() -> None:
    """Import each registered family's AI plug-in module (``FamilySpec.ai_plugin``) once."""
    import importlib

    from engine.families.registry import specs

    for spec in specs():
        if spec.name in _PLUGINS:
            continue
        module_name = spec.ai_plugin
        try:
            importlib.import_module(module_name)
        except ModuleNotFoundError as exc:
            if exc.name != module_name:
                raise


@functools.cache
def _words_of(family: str) -> tuple[str, str]:
    """``family``'s vocabulary and item prefix (``FamilySpec``; an unknown family: "japanese", none)."""
    from engine.families.registry import get_family

    try:
        spec = get_family(family)
    except ValueError:
        return "japanese", ""
    return spec.vocabulary, spec.item_prefix


def vocabulary(family: str) -> str:
    """The words ``family``'s table uses: "japanese" or "chinese" (an unknown family: "japanese")."""
    return _words_of(family)[0]


def tile_words(kind: int, family: str) -> tuple[str, str]:
    """A kind's name in English and Chinese, in ``family``'s vocabulary as the table says it."""
    words = vocabulary(family)
    return tile_name(kind, "en", words), tile_name(kind, "zh", words)


def item_words(family: str, key: str, count: int = 0) -> tuple[str, str]:
    """A scoring item's name in English and Chinese as the table's settlement says it
    (:mod:`engine.item_names`, by ``family``'s item prefix), "×count" added for more than one."""
    prefix = _words_of(family)[1]
    times = f" ×{count}" if count > 1 else ""
    return item_name(prefix, key, "en") + times, item_name(prefix, key, "zh") + times


def items_words(family: str, items: Sequence[Any], limit: int = 4) -> tuple[list[str], list[str]]:
    """The names of scored ``items`` (their ``key``, and ``count`` where the item has ``args``) in
    English and Chinese, as :func:`item_words`: each name once, at most ``limit``."""
    en: list[str] = []
    zh: list[str] = []
    for i in items:
        count = dict(getattr(i, "args", ())).get("count", 0)
        e, z = item_words(family, i.key, count if isinstance(count, int) else 0)
        if e not in en and len(en) < limit:
            en.append(e)
            zh.append(z)
    return en, zh


def plan_reason(family: str, key: str, item: str) -> Reason:
    """A hand not yet ready kept toward scoring ``item``: "keeps the path to Pure one suit" /
    保留清一色路线, the item named as the settlement names it (:func:`item_words`); ``key`` is the
    reason's key."""
    en, zh = item_words(family, item)
    return Reason(key, f"keeps the path to {en}", f"保留{zh}路线")


_JAPANESE_WORDS = {
    "win": "和牌",
    "faster": "叫{call}让手牌更快（向听 {a} → {b}）",
    "as_fast": "叫{call}向听数不变，进张更多（{a} → {b}张）",
    "as_fast_worth": "叫{call}向听数不变，价值更高",
    "acceptance": "进张{accept}张，{shanten}向听",
    "danger": "{what}（放铳约{pct}%；{threat}）",
}
_CHINESE_WORDS = {  # the Chinese families' own words: 胡, 离听牌几步, 点炮 (never 向听, 放铳)
    "win": "胡牌",
    "faster": "叫{call}让手牌更快（离听牌 {a} → {b} 步）",
    "as_fast": "叫{call}离听牌一样近，进张更多（{a} → {b}张）",
    "as_fast_worth": "叫{call}离听牌一样近，价值更高",
    "acceptance": "进张{accept}张，离听牌差{shanten}步",
    "danger": "{what}（点炮约{pct}%；{threat}）",
}


# the same reasons in English, in the words the practice panel uses for the family: tenpai and shanten
# for riichi, ready and steps from ready for the Chinese families
_JAPANESE_WORDS_EN = {
    "ready": "tenpai",
    "faster": "calling {call} brings the hand closer to tenpai (shanten {a} → {b})",
    "as_fast": "calling {call} keeps the shanten, on more tiles that improve it ({a} → {b})",
    "as_fast_worth": "calling {call} keeps the shanten, and the hand is worth more",
    "acceptance": "keeps {accept} tiles of acceptance, {shanten}-shanten",
}
_CHINESE_WORDS_EN = {
    "ready": "ready",
    "faster": "calling {call} brings the hand closer to ready ({a} → {b} away)",
    "as_fast": "calling {call} keeps the hand as close to ready, on more tiles that improve it ({a} → {b})",
    "as_fast_worth": "calling {call} keeps the hand as close to ready, and worth more",
    "acceptance": "keeps {accept} tiles of acceptance, {shanten} from ready",
}


@functools.cache
def words(family: str) -> dict[str, str]:
    """The Chinese words of the reasons shared by every family, in ``family``'s vocabulary."""
    return _JAPANESE_WORDS if vocabulary(family) == "japanese" else _CHINESE_WORDS


@functools.cache
def english_words(family: str) -> dict[str, str]:
    """The English words of the same reasons, in ``family``'s vocabulary (as the practice panel's
    "3-shanten" / "3 from ready")."""
    return _JAPANESE_WORDS_EN if vocabulary(family) == "japanese" else _CHINESE_WORDS_EN
