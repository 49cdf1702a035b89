"""The AI levels: one planner scores every legal option; the levels differ in what it weighs.

* **beginner** — tile efficiency only (shanten, then acceptance), with human-like slips (now and
  then a plausible but worse discard); declares riichi and calls whenever it can.
* **standard** — expected value of attack: the chance to win from the hand left (a small Markov
  model on shanten and acceptance) times what the hand is worth (the family plug-in's value model:
  yaku plans, dora, the scored value of a ready hand); calls only when that expected value rises
  and the hand can still win.
* **strong** — standard plus defence and judgement: danger of each tile against each threat
  (safe tiles, suji, kabe, one chance, tiles left), push or fold by expected value, riichi or dama
  by expected value, calls weighed with their danger.

Agents see only ``(observation, legal)``: :meth:`LevelAgent.choose` reads the observation into a
:class:`~engine.ai.view.View` and never holds a game. Given the same seed, choices are reproducible
(the only randomness is a seeded RNG for the beginner's slips).
"""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from engine.ai.efficiency import Budget, acceptance, next_acceptance, win_chance
from engine.ai.plugin import (
    DECLARED_THREAT,
    FamilyPlugin,
    Hand,
    Reason,
    Threat,
    Value,
    english_words,
    plugin_for,
    tile_words,
    words,
)
from engine.ai.rollout import draw_orders, rollout_chances
from engine.ai.view import View
from engine.analysis.shape import HandShape
from engine.game.actions import Action, ActionType
from engine.game.observation import Observation
from engine.melds import Meld, MeldType
from engine.tiles import is_red, kind_of

A = ActionType
LEVELS = ("beginner", "standard", "strong")
WIN_SCORE = 1e9
LOOKAHEAD_TOP = 2  # discards the strong level looks one step further for
LOOKAHEAD_CALLS = 1500  # shanten evaluations the look-ahead may spend on one decision
CALL_FASTER_VETO = 0.0  # a faster call is passed only when worth less than this share of passing
CALL_HAZARD = 0.06  # chance a turn that someone else ends the hand, for judging calls
CALL_DEFENCE = 0.02  # share of a typical deal-in a call costs in defence (three fewer tiles to fold with)
HUMAN_DAMA = 5200.0  # human_dama: a hand with a yaku worth this much without riichi stays quiet ...
HUMAN_DAMA_WALL = 30  # ... with this many tiles or fewer left in the wall (earlier, riichi's han pays more)
CHANGE_WAIT_WALL = 30  # change_wait: a poor wait without a yaku stays quiet with this many tiles left or more
FOLD_KEEPS = 0.2  # share of the attack a folded hand keeps (the threat may end; safe tiles may fit)
PUSH_DANGER = 0.045  # danger of each later discard while pushing (the safer of the useful tiles)
EV_PUSH_DANGER = 0.06  # the same for the expected-value defence (riichi danger calibrated, docs/ai.md)
FOLD_BAND = 0.005  # folding tiles this close to the safest in danger count as safe (reason, fold_order)
HAND_GOES_ON = 0.85  # chance a turn that the hand goes on (later discards' danger is discounted by it)
ROLLOUT_TOP = 3  # rollouts: the near-equal discards played out (the best by acceptance x value first)
ROLLOUT_BAND = 0.7  # ... those within this share of the best acceptance x value, at the best shanten
ROLLOUT_DRAWS = 18  # ... over at most this many of the seat's draws
KAN_KEEPS = 0.5  # kan_as_fast: a kan is declared when it keeps at least this share of the best acceptance


@dataclass(frozen=True, slots=True)
class Level:
    name: str
    value: bool  # weigh hands by value (else efficiency only)
    defence: bool  # read threats, push or fold
    judgement: bool  # riichi vs dama, calls by expected value with danger
    slip: float  # chance of a human-like slip on a discard
    calls: str  # "always" or "judged"
    value_power: float = 1.0  # greedy play: acceptance x value ** value_power
    # greedy play: a ready hand's waits weighed by who must throw them (FamilyPlugin.weighted_waits;
    # Sichuan: x (1 + lack_waits x the players still in who lack the wait's suit)); 0: counted alone
    lack_waits: float = 0.0
    lookahead: bool = True  # the one-step look-ahead for the best discards (judgement levels)
    ties_against: str = "all"  # danger breaks ties against every threat ("all") or "serious" ones
    call_danger: bool = True  # calls and kans weighed with their danger
    holding: float = 0.0  # greedy score per point the hand collects without winning (Lingxi base 台)
    ev_defence: bool = False  # danger as a cost in expected points (push or fold), not a tie-break
    call_value: bool = False  # calls also judged by the resulting hand's final wait, value and defence
    weigh_open: float = 0.8  # readiness from which an open hand's danger is weighed (expected-value defence)
    fold_open: float = 0.8  # readiness from which an open hand is a threat worth folding to (> 1: never)
    fold_open_loss: float = 0.0  # ... and shows at least this value (dora, value honours, a flush)
    push_danger: float = EV_PUSH_DANGER  # danger of each later discard while pushing (expected-value defence)
    # ev_defence, where folding is weighed: a pushing hand's later discards counted to the end of the
    # wall ("end") or until it may be ready ("ready"), each turn discounted for the chance the hand
    # has ended (HAND_GOES_ON, as while folding); "" = until it may be ready, undiscounted
    fold_push_model: Literal["", "end", "ready"] = ""
    fold_push_danger: float = EV_PUSH_DANGER
    fold_keeps: float = FOLD_KEEPS  # ev_defence: share of the attack a folded hand keeps
    danger_scale: float = 1.0  # ev_defence: the deal-in costs (chance x the threats' likely loss) x this
    hazard_scale: float = 1.0  # the chance a turn that another player ends the hand, x this under a threat
    # a closed hand calls only as good players do (value honours, ready with a yaku, a big hand)
    human_calls: bool = False
    dama_vs_riichi: bool = False  # human_dama: a hand with a yaku also stays quiet against a riichi
    human_dama: bool = False  # dama as good players do: a hand with a yaku worth enough, a poor or late wait
    # greedy discards weigh the order in which good players let near-equal tiles go (riichi: lone tiles)
    human_discards: bool = False
    # a kan is declared whenever it leaves the hand as fast (the same steps from ready, at least
    # KAN_KEEPS of the acceptance): its payment comes at once (Sichuan 刮风下雨)
    kan_as_fast: bool = False
    # a concealed or added kan is declared even when it leaves the hand one step further from ready:
    # what it adds is worth more than the step (Lingxi: its base 台, collected from every other
    # player whoever wins; measured in the arena: docs/ai.md, issue 17 round 26)
    kan_costs_step: bool = False
    # a closed hand calls a chi or pon only when it brings the hand closer to ready, never for more
    # tiles or value at the same steps: the call takes the place of a draw (Lingxi, measured in the
    # arena: docs/ai.md, issue 17 round 26); open kans are not concerned
    closed_calls_faster: bool = False
    # the value of a hand not yet ready counts the family's plans (Lingxi: flushes, all pungs)
    value_plans: bool = True
    # human_dama / human_calls only where the table may fold: off once the table shows pushers
    read_table: bool = False
    read_vs_riichi: bool = False  # read_table also for the dama against a riichi, where calls show no yaku
    read_calls: bool = False  # read_table also for calls: call_value off at a pushing table
    chase_wait: int = 99  # dama_vs_riichi: a wait of this many tiles or more chases the riichi (declares)
    read_mangan: bool = False  # read_table also for a mangan: declared at a pushing table
    ready_push: int = 99  # ev_defence: a ready hand waiting on this many tiles or more never folds
    always_riichi: bool = False  # never dama (not even a mangan): a variant for fields that never fold
    # ev_defence: when folding, the tiles within FOLD_BAND of the safest go in the order good players
    # throw them (FamilyPlugin.fold_preference) rather than the one that keeps the most attack
    fold_order: bool = False
    # greedy play: the near-equal discards (ROLLOUT_TOP, ROLLOUT_BAND) ordered by their chance to win
    # measured over this many random orders of the unseen tiles (engine.ai.rollout) x value; 0: off
    rollouts: int = 0
    # ... the tile each rollout throws after a draw that brings the hand closer (rollout_chances)
    rollout_keep: Literal["neighbours", "acceptance"] = "neighbours"
    # a call that makes the hand ready without a yaku (formal tenpai: paid at an exhaustive draw) is
    # made once this many tiles or fewer are left in the wall, when passing leaves the hand not ready
    formal_tenpai: int = 0
    # ev_defence where no threat is worth folding to (open hands only): a discard that goes back a step
    # from ready may be chosen for its safety; off: only the discards that keep the hand as fast
    open_step_back: bool = True
    read_step_back: bool = False  # read_table also for that: no step back at a table that does not fold
    # dama_vs_riichi: a ready hand without a yaku on a wait of this many tiles or fewer stays quiet
    # against a riichi (a self-draw still wins, and it stays free to fold); 0: it declares and chases
    quiet_no_yaku: int = 0
    read_no_yaku: bool = False  # read_table also for that: declared at a table that does not fold
    # human_dama, no threat: a hand without a yaku waiting on this many tiles or fewer stays quiet
    # while CHANGE_WAIT_WALL tiles or more are left, to change to a better wait (0: off)
    change_wait: int = 0
    # read_table also for the danger: at a table that does not fold, the family's reading of it
    # (FamilyPlugin.pushing_danger; riichi: a riichi by the calibration on its own arena tables, whose
    # players declare every ready hand, not by the real hands')
    read_danger: bool = False
    # read_table after a riichi: the table is presumed not to fold until a player shows folding
    # (FamilyPlugin.pushing_table's ``presume``)
    presume_push: bool = False
    # read_danger only: the same presumption for the danger read alone (the table read for the calls,
    # the riichi and the steps back stays as it is)
    presume_danger: bool = False
    # a basic defence for a level without ``defence``: against a declared ready hand (riichi), a hand
    # at least this many steps from ready after its best discard folds, its safest tile first (0: never)
    basic_fold: int = 0
    # a basic defence for a level without ``defence`` where there is no declaration to fold to
    # (Sichuan): once this many tiles or fewer are left in the wall, the threats are read to break ties
    # between discards, the safer of the equally fast first, by the family's danger weight; calls are
    # not weighed with danger (0: never)
    basic_ties: int = 0
    # a read of the other players over the match's earlier hands (FamilyPlugin.match_read: folding
    # over not folding, as a log-likelihood ratio): a hand whose read is below this is played as at a
    # table that does not fold (``pushing`` for every read_* switch, and read_danger), with deal-in
    # costs x ``match_danger_scale`` in place of ``danger_scale``; None: off
    read_match: float | None = None
    match_danger_scale: float = 1.0


LEVEL_CONFIGS = {
    "beginner": Level("beginner", value=False, defence=False, judgement=False, slip=0.15, calls="always"),
    "standard": Level("standard", value=True, defence=False, judgement=False, slip=0.0, calls="judged"),
    "strong": Level(
        "strong",
        value=True,
        defence=True,
        judgement=True,
        slip=0.0,
        calls="judged",
        lookahead=False,
        ties_against="serious",
        call_danger=False,
        holding=300.0,
        ev_defence=True,
        call_value=True,
    ),
}

DECLARE = ActionType.RIICHI.value  # the reason key of a ready declaration (riichi)
MATCH_PUSH_REASON = Reason(
    "match_push",
    "push: in this match's earlier hands the others kept throwing dangerous tiles after a riichi",
    "进攻：本场前几局里其他人在立直后仍打危险牌",
)


@functools.lru_cache(maxsize=64)
def level_for(level: str, family: str) -> Level:
    """The settings ``level`` plays ``family`` with: the level's fields, with what the family's plug-in
    weighs differently (``FamilyPlugin.level_settings``, measured in the arena, docs/ai.md)."""
    base = LEVEL_CONFIGS[level]
    changes = plugin_for(family).level_settings.get(level)
    return replace(base, **changes) if changes else base


@dataclass(slots=True)
class Option:
    """One legal choice with its score (higher is better) and the reasons behind it."""

    action: Action
    score: float
    reasons: list[Reason] = field(default_factory=list)
    shanten: int | None = None
    accept: int = 0
    accept_kinds: tuple[int, ...] = ()
    value: float = 0.0
    chance: float = 0.0
    risk: float = 0.0
    fold: bool = False
    # the expected-value defence's estimates for a discard it weighed (points, else None): attacking
    # on from the hand it leaves, and folding from there (only where folding was weighed)
    push_ev: float | None = None
    fold_ev: float | None = None


@dataclass(slots=True)
class _Eval:
    shanten: int
    accept: int
    kinds: tuple[int, ...]
    value: Value
    chance: float
    ev: float
    counts: tuple[int, ...] = ()
    exposed: int = 0
    wilds: int = 0
    ron: float = 0.0
    refined: bool = False
    speed: float = -1.0  # greedy play's acceptance as the rollouts measured it (-1: not measured)
    hold: float = 0.0  # the part of ``ev`` the hand collects without winning (greedy play)


class Planner:
    """Scores options for one level with one family plug-in."""

    def __init__(self, level: Level, plugin: FamilyPlugin) -> None:
        self.level = level
        self.plugin = plugin
        plugin.configure(level)
        # how the level plays a hand that the match's earlier hands read as a table that does not fold
        self.pushing_level = replace(level, read_danger=True, danger_scale=level.match_danger_scale)

    def reads_pushing(self, view: View) -> bool:
        """With ``read_match``: whether the match's earlier hands read as a table that does not fold."""
        below = self.level.read_match
        return below is not None and self.plugin.match_read(view) < below

    # ----------------------------------------------------------------- entry
    def options(self, view: View, legal: Sequence[Action]) -> list[Option]:
        by_type: dict[ActionType, list[Action]] = {}
        for a in legal:
            by_type.setdefault(a.type, []).append(a)
        if A.DECLARE_LACK in by_type or A.EXCHANGE in by_type:
            return self._setup(view, list(legal))
        ctx = _Context(self, view)
        out: list[Option] = []
        for win in (A.TSUMO, A.RON):
            for a in by_type.get(win, []):
                declined = self.plugin.declines_win(view, list(legal), a) if self.level.judgement else None
                if declined is not None:  # passed for a better win later (below passing)
                    out.append(Option(a, -WIN_SCORE / 2, [declined]))
                    continue
                out.append(Option(a, WIN_SCORE, [Reason("win", "wins the hand", words(view.family)["win"])]))
        if A.PASS in by_type and view.phase not in ("turn", "setup"):
            out.extend(self._claims(ctx, by_type))
        else:
            out.extend(self._turn(ctx, by_type))
            for p in by_type.get(A.PASS, []):  # a turn that may be passed (Lingxi's last four)
                out.append(Option(p, 0.0, [Reason("pass", "pass", "过")]))
        for a in legal:
            if not any(o.action == a for o in out) and not _grouped(a, out):
                special = self.plugin.special_action(view, list(legal), a)
                out.append(Option(a, -WIN_SCORE / 2 + (special or 0.0), []))
        return out

    # ---------------------------------------------------------------- setup
    def _setup(self, view: View, legal: list[Action]) -> list[Option]:
        # 定缺 / 换三张 by the shape they leave is the strong level's judgement; the others take
        # the engine's first listed choice (the suit held least)
        ranking = self.plugin.setup_ranking(view, legal) if self.level.judgement else None
        if ranking:
            # the family ranks every option with its reasons (Sichuan 定缺): best first
            ranked = [Option(a, -float(i), reasons) for i, (a, reasons) in enumerate(ranking)]
            listed = [o.action for o in ranked]
            return ranked + [Option(a, -float(len(ranked)), []) for a in legal if a not in listed]
        choice = self.plugin.setup_choice(view, legal) if self.level.judgement else None
        out = []
        for a in legal:
            out.append(Option(a, 1.0 if a == choice else 0.0, []))
        if choice is None and out:
            out[0].score = 1.0
        return out

    # ----------------------------------------------------------------- turns
    def _turn(self, ctx: _Context, by_type: dict[ActionType, list[Action]]) -> list[Option]:
        out: list[Option] = []
        discards = by_type.get(A.DISCARD, [])
        riichis = by_type.get(A.RIICHI, [])
        evals = ctx.discard_evals([a.tile for a in discards + riichis if a.tile is not None])
        if self.level.judgement and self.level.lookahead:
            # equally good discards are looked at in the order the family lets them go (discard_bias)
            kinds = {id(e): kind_of(t) for t, e in evals.items() if kind_of(t) < 34}
            bias = {i: self.plugin.discard_bias(ctx.view, k) for i, k in kinds.items()}
            ctx.refine(list({id(e): e for e in evals.values()}.values()), bias)
        if self.level.rollouts and ctx.greedy:
            ctx.roll_out(list({id(e): e for e in evals.values()}.values()))
        for a in discards:
            assert a.tile is not None
            out.append(ctx.discard_option(a, evals[a.tile], declared=False))
        for a in riichis:
            assert a.tile is not None
            out.append(ctx.discard_option(a, evals[a.tile], declared=True))
        if self.level.human_discards and ctx.greedy:
            ctx.players_order(out, evals)
        for a in by_type.get(A.CLOSED_KAN, []) + by_type.get(A.ADDED_KAN, []):
            out.append(ctx.kan_option(a, evals))
        if self.level.judgement and ctx.greedy:
            ctx.judge_turn(out, evals)
        elif self.level.basic_fold and not self.level.defence:
            ctx.basic_fold(out, evals)
        return out

    # ---------------------------------------------------------------- claims
    def _claims(self, ctx: _Context, by_type: dict[ActionType, list[Action]]) -> list[Option]:
        out: list[Option] = []
        pass_eval = ctx.hold_eval()
        calls = by_type.get(A.PON, []) + by_type.get(A.CHI, []) + by_type.get(A.OPEN_KAN, [])
        for p in by_type.get(A.PASS, []):
            reasons = [Reason("pass", "passing keeps the hand as it is", "不叫，保持手牌")]
            score = pass_eval.ev
            if self.level.calls == "always" and calls:
                score = -1.0
            out.append(
                Option(
                    p,
                    score,
                    reasons,
                    pass_eval.shanten,
                    pass_eval.accept,
                    pass_eval.kinds,
                    pass_eval.value.points,
                    pass_eval.chance,
                )
            )
        for a in calls:
            out.append(ctx.call_option(a, pass_eval))
        # a call passed for the draw it takes the place of (closed_calls_faster): the pass gives its reason
        why = next((r for o in out for r in o.reasons if r.key == "keep_draw"), None)
        if why is not None:
            for o in out:
                if o.action.type is A.PASS:
                    o.reasons.insert(0, why)
        return out


def _grouped(a: Action, out: list[Option]) -> bool:
    return False


class _Context:
    """Per-decision computations shared by the options of one decision."""

    def __init__(self, planner: Planner, view: View) -> None:
        self.p = planner
        self.plugin = planner.plugin
        self.view = view
        # the hand read as at a table that does not fold, from the match's earlier hands (read_match)
        self.match_pushing = planner.reads_pushing(view)
        self.level = planner.pushing_level if self.match_pushing else planner.level
        self.shape: HandShape = self.plugin.shape(view)
        # basic_ties: a level without defence reads the threats late in the wall, to break ties
        basic = self.level.basic_ties > 0 and view.wall_remaining <= self.level.basic_ties
        self.threats: list[Threat] = self.plugin.threats(view) if self.level.defence or basic else []
        # calls and kans are weighed with their danger by the levels with a defence (not basic_ties)
        self.call_danger = self.level.call_danger and self.level.defence
        if self.level.ev_defence and self.level.ties_against == "serious":
            # the expected-value defence weighs the threats worth folding to (measured: weighing
            # the weaker ones too gave away more wins than it saved deal-ins)
            self.threats = [
                t for t in self.threats if t.label.key == DECLARED_THREAT or t.ready >= self.level.weigh_open
            ]
        self.draws = max(0, view.wall_remaining // max(1, view.n))
        pressure = sum(t.ready for t in self.threats)
        self.hazard = self.plugin.hazard(view, pressure)
        if pressure > 0.0 and self.level.hazard_scale != 1.0:
            self.hazard = min(0.25, self.hazard * self.level.hazard_scale)
        self.ron = 0.9
        self.unit = self.plugin.unit(view)
        self.exit = self.plugin.exit_value(view) if self.level.judgement else 0.0
        self.greedy = not self.level.judgement or self.plugin.speed_first(view)
        self._risk_cache: dict[int, float] = {}
        self._declared_cache: dict[tuple[int, bool, bool], _Eval] = {}
        self._pushing: bool | None = None
        self._danger_read: bool | None = None

    # ------------------------------------------------------------ basics
    def _eval(
        self,
        counts: list[int],
        tiles: tuple[int, ...],
        exposed: int,
        wilds: int,
        new_melds: tuple[Any, ...] = (),
        *,
        declared: bool | None = None,
        expected: bool = False,
    ) -> _Eval:
        """Evaluate a hand one tile short of a turn: greedy (shanten first, acceptance x value) or,
        with ``expected`` (or at a level that judges by expected value), chance to win x value."""
        view = self.view
        sh, kinds, acc = acceptance(self.shape, counts, exposed, wilds, view.unseen)
        if not self.level.value:
            return _Eval(sh, acc, tuple(kinds), Value(0.0), 0.0, -sh * 1000.0 + acc)
        hand = Hand(list(counts), tiles, exposed, wilds, new_melds)
        waits = kinds if sh == 0 else []
        value = self.plugin.value(view, hand, sh, waits)
        if self.greedy and not expected:
            # standard (and strong where speed comes first): greedy on shanten, then acceptance
            # weighted by value
            has = value.has_yaku or sh > 0
            vf = (value.points / self.unit) ** self.level.value_power if has else 0.0
            reach = float(acc)
            if sh == 0 and kinds and self.level.lack_waits:
                reach = self.plugin.weighted_waits(view, kinds, self.level.lack_waits)
            ev = self.unit * (reach * vf - 10000.0 * sh)
            # what the hand collects without a win (a constant weight: scaling it by the chance of
            # not winning was measured to reward slower discards)
            hold = self.level.holding * self.plugin.holding_value(view, hand) if self.level.holding else 0.0
            return _Eval(
                sh,
                acc,
                tuple(kinds),
                value,
                0.0,
                ev + hold,
                tuple(counts),
                exposed,
                wilds,
                self.ron,
                hold=hold,
            )
        ron = self.ron
        if declared is False and sh == 0 and self.level.judgement:
            dama = self.plugin.undeclared_value(view, hand, waits)
            if dama is not None:
                value = dama
                ron = self.ron if dama.has_yaku else 0.0
        elif declared:
            ron = self.ron * 0.7  # a declared hand gets fewer discards to win on
        if not value.has_yaku and sh <= 0:
            ron = 0.0
        chance = win_chance(sh, acc, self.draws, view.unseen_total, self.hazard, ron)
        if self.level.judgement and value.points > 0:
            value = Value(value.points + self.exit, value.reasons, value.has_yaku)
        ev = chance * value.points
        if self.level.judgement:
            ev += (1.0 - chance) * self.plugin.ready_bonus(view, sh, value)
        return _Eval(sh, acc, tuple(kinds), value, chance, ev, tuple(counts), exposed, wilds, ron)

    def refine(self, evals: list[_Eval], bias: dict[int, float] | None = None) -> None:
        """Look one step further for the best few discards: replace the typical acceptance of the
        next step by the measured one (shape quality: a two-sided wait later beats a closed one).
        Bounded by a count of shanten evaluations, so it never depends on the machine's speed.
        ``bias`` (by ``id`` of each eval): of equally good discards, those the family lets go first
        are looked at (Sichuan: a dead suit's middle tiles), not the first ones in the hand."""
        view = self.view
        budget = Budget(LOOKAHEAD_CALLS)
        ready = [e for e in evals if e.shanten >= 1 and e.kinds and not e.refined]
        if not ready:
            return
        best_sh = min(e.shanten for e in ready)
        first = bias or {}
        fastest = (e for e in ready if e.shanten == best_sh)
        top = sorted(fastest, key=lambda e: (-e.ev, -first.get(id(e), 0.0)))[:LOOKAHEAD_TOP]
        measured: list[tuple[_Eval, float]] = []
        for e in top:
            counts = list(e.counts)
            nxt = next_acceptance(self.shape, counts, e.exposed, e.wilds, view.unseen, e.kinds, budget)
            if nxt is None:
                return  # all or nothing: a look-ahead for only some discards would favour them
            measured.append((e, nxt))
        for e, nxt in measured:
            if self.greedy:
                vf = (
                    (e.value.points / self.unit) ** self.level.value_power
                    if (e.value.has_yaku or e.shanten > 0)
                    else 0.0
                )
                e.ev = self.unit * ((e.accept + 0.5 * nxt) * vf - 10000.0 * e.shanten) + e.hold
                e.refined = True
                continue
            e.chance = win_chance(e.shanten, e.accept, self.draws, view.unseen_total, self.hazard, e.ron, nxt)
            e.ev = e.chance * e.value.points
            e.ev += (1.0 - e.chance) * self.plugin.ready_bonus(view, e.shanten, e.value)
            e.refined = True

    def roll_out(self, evals: list[_Eval]) -> None:
        """Greedy play's near-equal discards ordered by the rollouts (:mod:`engine.ai.rollout`): the
        discards within ROLLOUT_BAND of the best acceptance x value, at the best shanten (one step or
        more from ready), are played out over the same random orders of the unseen tiles; each one's
        acceptance is replaced by the best one's scaled by its measured chance to win x value against
        the best measured (``speed``), so the one the rollouts favour ranks first and the others stay
        in proportion."""
        view = self.view
        pool = [e for e in evals if 1 <= e.shanten < 99 and e.kinds and (e.value.has_yaku or e.shanten > 0)]
        if len(pool) < 2 or self.draws < 2:
            return
        fastest = min(e.shanten for e in pool)
        factor = {id(e): (e.value.points / self.unit) ** self.level.value_power for e in pool}
        bases = {id(e): e.accept * factor[id(e)] for e in pool if e.shanten == fastest}
        best = max(bases.values(), default=0.0)
        if best <= 0.0:
            return
        near = sorted(
            (e for e in pool if bases.get(id(e), 0.0) >= ROLLOUT_BAND * best), key=lambda e: -bases[id(e)]
        )
        near = near[:ROLLOUT_TOP]
        if len(near) < 2:
            return
        seed = hash((tuple(view.counts), view.wilds, view.wall_remaining, view.seat)) & 0xFFFFFFFF
        orders = draw_orders(view.unseen, min(self.draws, ROLLOUT_DRAWS), self.level.rollouts, seed)
        chances = rollout_chances(
            self.shape,
            [(e.counts, e.wilds) for e in near],
            near[0].exposed,
            view.unseen,
            orders,
            self.hazard,
            self.ron,
            self.level.rollout_keep,
        )
        measured = [c * factor[id(e)] for e, c in zip(near, chances, strict=True)]
        top = max(measured)
        if top <= 0.0:
            return
        for e, m in zip(near, measured, strict=True):
            vf = factor[id(e)]
            e.speed = best * (m / top) / vf if vf > 0 else 0.0
            e.ev = self.unit * (e.speed * vf - 10000.0 * e.shanten) + e.hold

    def hold_eval(self) -> _Eval:
        """The hand as it is (between turns: 3k+1 tiles)."""
        v = self.view
        return self._eval(list(v.counts), v.hand, v.exposed, v.wilds)

    def discard_evals(self, tiles: list[int]) -> dict[int, _Eval]:
        v = self.view
        counts = list(v.counts)
        out: dict[int, _Eval] = {}
        by_face: dict[tuple[int, bool, bool], _Eval] = {}
        for t in tiles:
            k = kind_of(t)
            key = (k, is_red(t), False)
            if key in by_face:
                out[t] = by_face[key]
                continue
            rest = list(v.hand)
            rest.remove(t)
            wilds = v.wilds
            if k in v.wild_kinds:
                wilds -= 1
            elif k < 34:
                counts[k] -= 1
            if k >= 34:
                ev = _Eval(99, 0, (), Value(0.0), 0.0, -WIN_SCORE / 4)
            else:
                ev = self._eval(counts, tuple(rest), v.exposed, wilds)
            if k < 34 and k not in v.wild_kinds:
                counts[k] += 1
            by_face[key] = ev
            out[t] = ev
        return out

    # ------------------------------------------------------------ danger
    def risk(self, kind: int) -> float:
        """Chance that discarding ``kind`` deals in now."""
        if not self.threats or kind >= 34:
            return 0.0
        cached = self._risk_cache.get(kind)
        if cached is None:
            read = self.level.read_danger and self.danger_read()
            cached = self._risk_cache[kind] = self.deal_in_chance(self.threats, kind, read)
        return cached

    def deal_in_chance(self, threats: list[Threat], kind: int, read: bool = False) -> float:
        """Chance that discarding ``kind`` deals into one of ``threats`` (each its readiness x the
        family's danger; ``read``: the danger as at a table that does not fold)."""
        safe = 1.0
        for t in threats:
            opp = next(o for o in self.view.opponents if o.seat == t.seat)
            danger = self.plugin.danger(self.view, opp, kind)
            if read:
                danger = self.plugin.pushing_danger(self.view, opp, danger)
            safe *= 1.0 - t.ready * danger
        return 1.0 - safe

    def loss(self) -> float:
        if not self.threats:
            return 0.0
        w = sum(t.ready for t in self.threats)
        return sum(t.ready * t.loss for t in self.threats) / w if w else 0.0

    def push_risk(
        self,
        shanten: int,
        chance: float,
        locked: bool = False,
        per: float = PUSH_DANGER,
        model: Literal["", "end", "ready"] = "",
    ) -> float:
        """Chance of dealing in on later discards while pushing towards a win (``per``: the danger of
        each later discard against a ready threat): the turns until the hand may be ready, or with
        ``model`` "end" every turn left in the wall; with a ``model`` ("end", "ready") each turn is
        discounted for the chance the hand has ended by then (HAND_GOES_ON)."""
        if not self.threats:
            return 0.0
        per_turn = 1.0
        for t in self.threats:
            per_turn *= 1.0 - t.ready * per
        per_turn = 1.0 - per_turn
        n = self.draws if locked or model == "end" else min(self.draws, 3 + 3 * max(shanten, 0))
        if not model:
            return 1.0 - (1.0 - per_turn) ** n
        dealt, alive = 0.0, 1.0
        for _ in range(n):
            dealt += alive * per_turn
            alive *= HAND_GOES_ON * (1.0 - per_turn)
        return dealt

    def fold_risk(self, after: list[int]) -> float:
        """Chance of dealing in later while folding: the tiles left are thrown safest first, each
        turn discounted for the chance the hand has ended by then."""
        if not self.threats:
            return 0.0
        risks = sorted(self.risk(kind_of(t)) for t in after)
        k = min(self.draws, 6)
        return sum(r * HAND_GOES_ON ** (i + 1) for i, r in enumerate(risks[:k]))

    # ------------------------------------------------------------ options
    def discard_option(self, a: Action, ev: _Eval, *, declared: bool) -> Option:
        assert a.tile is not None
        view = self.view
        k = kind_of(a.tile)
        if self.level.judgement and not self.greedy and (declared or (ev.shanten == 0 and view.is_closed)):
            key = (k, is_red(a.tile), declared)
            cached = self._declared_cache.get(key)
            if cached is None:
                rest = list(view.hand)
                rest.remove(a.tile)
                counts = list(view.counts)
                if k < 34 and k not in view.wild_kinds:
                    counts[k] -= 1
                cached = self._eval(counts, tuple(rest), view.exposed, view.wilds, declared=declared)
                self._declared_cache[key] = cached
            ev = cached
        bias = self.plugin.discard_bias(view, k) if k < 34 else 0.0
        reasons = self._shape_reasons(ev)
        score = ev.ev
        risk = 0.0
        fold = False
        if self.level.value:
            score += self.unit * (1e-6 * ev.accept + 1e-5 * bias)
            if self.threats and self.greedy:
                risk = self.risk(k)
                if not self.level.ev_defence and (self.level.ties_against == "all" or self.serious_threat()):
                    score -= self.plugin.danger_weight(view) * risk * self.loss()
                reasons.extend(self._safety_reasons(k, risk))
            elif self.threats:
                risk = self.risk(k)
                loss = self.loss()
                rest = list(view.hand)
                rest.remove(a.tile)
                f = self.push_risk(ev.shanten, ev.chance, locked=declared)
                attack = (1.0 - risk) * (ev.chance * ev.value.points - f * loss) - risk * loss
                folding = -risk * loss - self.fold_risk(rest) * loss
                if folding > attack and self.plugin.may_fold(view):
                    fold = True
                    score = folding + 1e-4 * attack
                else:
                    score = attack
                reasons.extend(self._safety_reasons(k, risk))
            reasons.extend(ev.value.reasons[:2])
            if ev.shanten == 0 and self.level.lack_waits:
                reasons.extend(self.plugin.wait_reasons(view, ev.kinds))
        else:
            score += 0.01 * bias  # beginner: efficiency units
        if declared:
            if self.level.judgement and not self.greedy:
                score -= self.plugin.declaration_cost(self.view) * (1.0 - ev.chance)
                reasons.insert(
                    0,
                    Reason(
                        DECLARE,
                        "declare riichi: more value, but the hand is locked",
                        "立直：价值更高，但不能改牌",
                    ),
                )
            else:
                score += 1.0
                reasons.insert(0, Reason(DECLARE, "declare riichi", "立直"))
        elif (
            self.level.judgement
            and not self.greedy
            and ev.shanten == 0
            and view.is_closed
            and ev.value.has_yaku
        ):
            reasons.insert(
                0, Reason("dama", "stay quiet (dama): the hand already has a yaku", "默听：已经有役")
            )
        if fold:
            reasons.insert(
                0, Reason("fold", "defend: give up on winning and play safe", "防守：弃和打安全牌")
            )
        return Option(
            a, score, reasons, ev.shanten, ev.accept, ev.kinds, ev.value.points, ev.chance, risk, fold
        )

    def players_order(self, out: list[Option], evals: dict[int, _Eval]) -> None:
        """Among the discards that keep the hand as fast (a shanten of one or more) and within the
        plug-in's band of the best acceptance x value, the order good players let tiles go
        (``FamilyPlugin.discard_preference``): each is ranked by log(acceptance x value) plus its
        preference, and its score moved within the band (the best keeps the best greedy score, the
        others stay above every discard outside the band), so greedy play still decides between
        tiles that differ by more."""
        view = self.view
        pool = [
            o
            for o in out
            if o.action.type is A.DISCARD
            and o.action.tile is not None
            and kind_of(o.action.tile) < 34
            and o.shanten is not None
            and 1 <= o.shanten < 99
        ]
        if len(pool) < 2:
            return
        fastest = min(o.shanten for o in pool if o.shanten is not None)
        bases: dict[int, float] = {}
        for o in pool:
            ev = evals[o.action.tile or 0]
            if o.shanten == fastest and (ev.value.has_yaku or ev.shanten > 0):
                speed = ev.speed if ev.speed >= 0.0 else ev.accept
                bases[id(o)] = speed * (ev.value.points / self.unit) ** self.level.value_power
        best = max(bases.values(), default=0.0)
        if best <= 0.0:
            return
        band = self.plugin.discard_band(view)
        near = [o for o in pool if bases.get(id(o), 0.0) >= band * best > 0.0]
        if len(near) < 2:
            return
        prefs: dict[int, float] = {}
        for o in near:
            ev = evals[o.action.tile or 0]
            k = kind_of(o.action.tile or 0)
            prefs[id(o)] = math.log(bases[id(o)]) + self.plugin.discard_preference(view, k, len(ev.kinds))
        top = max(prefs.values())
        greedy_first = max(near, key=lambda o: o.score)
        for o in near:
            new = best * (band + (1.0 - band) * math.exp(prefs[id(o)] - top))
            o.score += self.unit * (new - bases[id(o)])
        chosen = max(near, key=lambda o: o.score)
        if chosen is not greedy_first:
            chosen.reasons.append(
                Reason(
                    "players_order",
                    "close to the most efficient discard: the one good players let go first "
                    "(a lone tile, shapes and dora kept)",
                    "与最有效率的打法相差不大：强手通常先打这张（孤张先打，留搭子和宝牌）",
                )
            )

    def kan_option(self, a: Action, evals: dict[int, _Eval]) -> Option:
        view = self.view
        if a.type is A.CLOSED_KAN:
            tiles = list(a.tiles)
            meld = Meld(MeldType.CLOSED_KAN, tuple(sorted(tiles)))
            exposed = view.exposed + 1
        else:
            assert a.tile is not None
            tiles = [a.tile]
            meld = None
            exposed = view.exposed
        counts = list(view.counts)
        rest = list(view.hand)
        for t in tiles:
            rest.remove(t)
            if kind_of(t) < 34:
                counts[kind_of(t)] -= 1
        ev = self._eval(counts, tuple(rest), exposed, view.wilds, (meld,) if meld else ())
        best = max((e.ev for e in evals.values()), default=0.0)
        best_sh = min((e.shanten for e in evals.values()), default=99)
        step_back = self.level.kan_costs_step and ev.shanten == best_sh + 1
        if self.level.calls == "always":
            score = WIN_SCORE / 8
        elif step_back:
            score = best + self.unit + self.plugin.kan_income(view, a)
        elif ev.shanten > best_sh:
            score = -WIN_SCORE / 8
        else:
            tie = 1e-6 * self.unit if ev.ev >= best else 0.0
            score = ev.ev + 0.05 * abs(ev.ev) + self.plugin.kan_income(view, a) + tie
            if self.threats and self.call_danger and not self.view.riichi[self.view.seat]:
                score -= 0.2 * self.loss()
            if self.level.kan_as_fast:
                best_acc = max((e.accept for e in evals.values() if e.shanten == best_sh), default=0)
                if ev.shanten <= best_sh and ev.accept >= KAN_KEEPS * best_acc:
                    score = max(score, best + self.unit + self.plugin.kan_income(view, a))
        if step_back and self.level.calls != "always":
            reasons = [
                Reason(
                    "kan_step",
                    "the kan costs a step from ready, but what it scores is worth more",
                    "开杠会离听牌远一步，但杠的得分更值",
                )
            ]
        else:
            reasons = [
                Reason(
                    "kan",
                    "a kan keeps the same shape and draws a replacement tile",
                    "杠牌不改变牌型，还多摸一张",
                )
            ]
        return Option(a, score, reasons, ev.shanten, ev.accept, ev.kinds, ev.value.points, ev.chance)

    def call_option(self, a: Action, pass_eval: _Eval) -> Option:
        view = self.view
        assert a.tile is not None
        counts = list(view.counts)
        rest = list(view.hand)
        for t in a.tiles:
            rest.remove(t)
            if kind_of(t) < 34:
                counts[kind_of(t)] -= 1
        mtype = {A.PON: MeldType.PON, A.CHI: MeldType.CHI, A.OPEN_KAN: MeldType.OPEN_KAN}[a.type]
        meld = Meld(
            mtype,
            tuple(sorted((*a.tiles, a.tile))),
            a.tile,
            view.last_discard[0] if view.last_discard else None,
        )
        exposed = view.exposed + 1
        en, zh = tile_words(kind_of(a.tile), view.family)
        if self.level.calls == "always":
            order = {A.PON: 3.0, A.OPEN_KAN: 2.0, A.CHI: 1.0}[a.type]
            return Option(a, order, [Reason("call", f"calls {en}", f"叫{zh}")])
        if a.type is A.OPEN_KAN:
            ev = self._eval(counts, tuple(rest), exposed, view.wilds, (meld,))
            best = ev
            best_risk = 0.0
        else:
            forbidden = {kind_of(a.tile)}
            best = None
            best_risk = 0.0
            best_score = -1e18
            done: set[int] = set()
            for t in rest:
                k = kind_of(t)
                if k in forbidden or k in done or k >= 34 or k in view.wild_kinds:
                    continue
                done.add(k)
                left = list(rest)
                left.remove(t)
                if k not in view.wild_kinds:
                    counts[k] -= 1
                ev = self._eval(counts, tuple(left), exposed, view.wilds, (meld,))
                if k not in view.wild_kinds:
                    counts[k] += 1
                r = self.risk(k) if self.call_danger else 0.0
                s = ev.ev * (1 - r) - r * self.loss()
                if s > best_score:
                    best, best_score, best_risk = ev, s, r
            if best is None:
                return Option(a, -WIN_SCORE / 8, [])
        assert best is not None
        score = best.ev * (1 - best_risk) - best_risk * self.loss() + self.plugin.kan_income(view, a)
        if self.threats and self.call_danger:
            score -= self.push_risk(best.shanten, best.chance) * self.loss() * 0.5
        reasons: list[Reason] = []
        formal = (
            best.shanten == 0
            and best.accept > 0
            and pass_eval.shanten > 0
            and 0 < view.wall_remaining <= self.level.formal_tenpai
            and self.plugin.ready_bonus(view, 0, best.value) > 0.0
        )
        if formal and not best.value.has_yaku:
            ready = english_words(view.family)["ready"]
            reasons.append(
                Reason(
                    "formal_tenpai",
                    f"calling {en} makes the hand {ready} without a yaku: it cannot win, "
                    f"but a {ready} hand is paid if the wall runs out",
                    f"叫{zh}后听牌但无役：不能和牌，但流局时听牌可收罚符",
                )
            )
        elif not best.value.has_yaku:
            score = -WIN_SCORE / 16
            reasons.append(Reason("no_yaku", "the hand would have no yaku after the call", "叫了之后没有役"))
        threshold = pass_eval.ev + (0.05 * abs(pass_eval.ev) if view.is_closed else 0.0)
        if score <= threshold:
            score = min(score, threshold - 1e-6)
        if (
            self.level.closed_calls_faster
            and a.type is not A.OPEN_KAN
            and view.is_closed
            and best.shanten >= pass_eval.shanten
        ):
            # the call takes the place of a draw that could bring the hand closer (Lingxi, measured)
            score = min(score, threshold - 1e-6, pass_eval.ev - 1e-6)
            reasons.append(
                Reason(
                    "keep_draw",
                    f"calling {en} does not bring the closed hand closer to ready: keep the draw",
                    f"叫{zh}不能让门清手更接近听牌：不如自己摸牌",
                )
            )
        pushing = self.level.read_calls and self.pushing()
        if self.level.call_value and not pushing and score > pass_eval.ev and best.value.has_yaku:
            judged = self.judge_call(a, best, best_risk, pass_eval)
            if judged is not None:
                score = min(threshold, pass_eval.ev) - 1e-6
                reasons.append(judged)
        if (
            self.level.human_calls
            and score > pass_eval.ev
            and not formal
            and not self.plugin.opens_hand(view, a, best.shanten, best.value)
        ):
            score = min(threshold, pass_eval.ev) - 1e-6
            reasons.append(
                Reason(
                    "keep_closed",
                    f"calling {en} would open a cheap, slow hand: keep it closed",
                    f"叫{zh}后手牌慢且价值低：保持门清",
                )
            )
        if best.shanten < pass_eval.shanten:
            reasons.append(
                Reason(
                    "faster",
                    english_words(view.family)["faster"].format(call=en, a=pass_eval.shanten, b=best.shanten),
                    words(view.family)["faster"].format(call=zh, a=pass_eval.shanten, b=best.shanten),
                )
            )
        elif any(r.key == "keep_draw" for r in reasons):  # keep_draw says it already
            pass
        elif best.shanten == pass_eval.shanten and best.accept > pass_eval.accept:
            # as close to ready on more tiles: why a call at the same steps may rank first
            reasons.append(
                Reason(
                    "as_fast_wider",
                    english_words(view.family)["as_fast"].format(call=en, a=pass_eval.accept, b=best.accept),
                    words(view.family)["as_fast"].format(call=zh, a=pass_eval.accept, b=best.accept),
                    (("shanten", best.shanten), ("acceptance", best.accept)),
                )
            )
        elif best.shanten == pass_eval.shanten and best.value.points > pass_eval.value.points:
            reasons.append(
                Reason(
                    "as_fast_worth",
                    english_words(view.family)["as_fast_worth"].format(call=en),
                    words(view.family)["as_fast_worth"].format(call=zh),
                )
            )
        else:
            reasons.append(
                Reason("not_faster", f"calling {en} does not bring the hand closer", f"叫{zh}不会加快手牌")
            )
        reasons.extend(best.value.reasons[:2])
        if (
            self.level.kan_as_fast
            and a.type is A.OPEN_KAN
            and best.shanten <= pass_eval.shanten
            and best.accept >= KAN_KEEPS * pass_eval.accept
        ):
            score = max(score, pass_eval.ev + self.unit + self.plugin.kan_income(view, a))
        return Option(
            a,
            score,
            reasons,
            best.shanten,
            best.accept,
            best.kinds,
            best.value.points,
            best.chance,
            best_risk,
        )

    # ------------------------------------------------------------ judgement
    def final_chance(self, ev: _Eval) -> float:
        """Chance to win from a hand one tile short, with the next step's acceptance measured (the
        waits the hand can reach: a hand whose ready form is a single wait gets a low one)."""
        view = self.view
        nxt = None
        if ev.shanten >= 1 and ev.kinds:
            counts = list(ev.counts)
            nxt = next_acceptance(
                self.shape, counts, ev.exposed, ev.wilds, view.unseen, ev.kinds, Budget(LOOKAHEAD_CALLS)
            )
        ron = self.ron if (ev.value.has_yaku or ev.shanten > 0) else 0.0
        # the others finish hands too, threat or not: a slower hand is worth less than the small
        # hazard of a quiet table says (at least CALL_HAZARD a turn)
        hazard = max(self.hazard, CALL_HAZARD)
        return win_chance(ev.shanten, ev.accept, self.draws, view.unseen_total, hazard, ron, nxt)

    def judge_call(self, a: Action, after: _Eval, risk: float, passed: _Eval) -> Reason | None:
        """The strong level's second look at a call greedy play would make: the expected points of
        the hand after it (chance to win with the final wait it can reach x value, less the danger
        of the discard after the call and the defence lost: three fewer tiles to fold with) against
        those of passing (a closed hand keeps its riichi). A reason to pass, or None to call."""
        view = self.view
        loss = self.loss() if self.threats else self.plugin.fold_loss(view)
        call = self.final_chance(after) * after.value.points
        call = (1.0 - risk) * call - risk * self.loss()
        call -= CALL_DEFENCE * loss * min(1.0, self.draws / 8.0)
        keep = (
            self.final_chance(passed) * passed.value.points
            if passed.value.has_yaku or passed.shanten > 0
            else 0.0
        )
        # a call that brings the hand closer to ready is passed only when clearly worse (the greedy
        # rule that makes it is sound on speed); one that does not must be worth more than passing
        if call > keep * (CALL_FASTER_VETO if after.shanten < passed.shanten else 1.0):
            return None
        en, zh = tile_words(kind_of(a.tile or 0), view.family)
        return Reason(
            "call_worse",
            f"calling {en} leaves a worse final wait or less value (about {int(call)} against {int(keep)})",
            f"叫{zh}后听牌形更差或价值更低（约{int(call)}对{int(keep)}）",
        )

    def _rest_eval(self, tile: int, declared: bool | None) -> _Eval:
        view = self.view
        k = kind_of(tile)
        rest = list(view.hand)
        rest.remove(tile)
        counts = list(view.counts)
        wilds = view.wilds
        if k in view.wild_kinds:
            wilds -= 1
        elif k < 34:
            counts[k] -= 1
        return self._eval(counts, tuple(rest), view.exposed, wilds, declared=declared, expected=True)

    def pushing(self) -> bool:
        """With ``read_table``: whether this hand's table shows players who never fold (or, with
        ``read_match``, the match's earlier hands showed them)."""
        if self.match_pushing:
            return True
        if not self.level.read_table:
            return False
        if self._pushing is None:
            self._pushing = self.plugin.pushing_table(self.view, presume=self.level.presume_push)
        return self._pushing

    def danger_read(self) -> bool:
        """With ``read_danger``: whether the threats' danger is read as at a table that does not fold."""
        if self._danger_read is None:
            view = self.view
            read = self.pushing() or (
                self.level.presume_danger and self.plugin.pushing_table(view, presume=True)
            )
            self._danger_read = read
        return self._danger_read

    def serious_threat(self) -> bool:
        """A declared riichi, or an open hand almost surely ready: the only threats worth folding to."""
        return any(_serious(t, self.level) for t in self.threats)

    def attack_value(self, ev: _Eval) -> tuple[float, float]:
        """(chance to win, expected points of winning) of a hand after a discard, from its greedy
        evaluation: the Markov chance of :func:`win_chance` times the value (plus what a win is
        worth beyond its payment and being ready at the end)."""
        if ev.shanten >= 99:
            return 0.0, 0.0
        ron = self.ron if (ev.value.has_yaku or ev.shanten > 0) else 0.0
        chance = win_chance(ev.shanten, ev.accept, self.draws, self.view.unseen_total, self.hazard, ron)
        if not ev.value.has_yaku and ev.shanten <= 0:
            chance = 0.0
        value = ev.value.points + (self.exit if ev.value.points > 0 else 0.0)
        attack = chance * value + (1.0 - chance) * self.plugin.ready_bonus(self.view, ev.shanten, ev.value)
        return chance, attack

    def ev_defence(self, pool: list[Option], out: list[Option], evals: dict[int, _Eval]) -> bool:
        """Danger as a cost: each discard is worth what attacking from the hand it leaves is
        expected to bring (chance to win x value, less the chance of dealing in on later discards x
        the threats' likely loss), after the chance of dealing in with this tile x that loss; or,
        where folding can pay, what folding from there costs (this tile's risk, then the safest
        tiles left). A discard that greedy play ranks lower is never credited with more attack than
        greedy play's choice (the greedy order is the better judge of attack, measured in the
        arena): it can only win by being safer. Returns whether the best option folds."""
        view = self.view
        loss = self.loss() * self.level.danger_scale
        # folding is weighed against a declared riichi or an open hand almost surely ready; against
        # weaker threats a discard only pays for its own danger (folding to them was measured to
        # give away far more wins than deal-ins)
        may_fold = self.plugin.may_fold(view) and self.serious_threat()
        greedy = max(pool, key=lambda o: o.score)
        assert greedy.action.tile is not None
        _, a_greedy = self.attack_value(evals[greedy.action.tile])
        totals: dict[int, tuple[float, bool]] = {}
        for o in pool:
            t = o.action.tile
            assert t is not None
            ev = evals[t]
            chance, attack = self.attack_value(ev)
            if o.score < greedy.score:
                attack = min(attack, a_greedy)
            r = self.risk(kind_of(t))
            if may_fold and self.level.fold_push_model:
                f = self.push_risk(
                    ev.shanten, chance, per=self.level.fold_push_danger, model=self.level.fold_push_model
                )
            else:
                f = self.push_risk(ev.shanten, chance, per=self.level.push_danger)
            push = (1.0 - r) * (attack - f * loss) - r * loss
            fold = False
            total = push
            o.push_ev = push
            if may_fold and not (ev.shanten == 0 and ev.accept >= self.level.ready_push):
                rest = list(view.hand)
                rest.remove(t)
                folding = -r * loss - self.fold_risk(rest) * loss + self.level.fold_keeps * max(0.0, attack)
                o.fold_ev = folding
                if folding > push:
                    total, fold = folding, True
            totals[id(o)] = (total, fold)
        step_back = self.level.open_step_back and not (self.level.read_step_back and self.pushing())
        if not may_fold and not step_back:
            fastest = min(evals[o.action.tile or 0].shanten for o in pool)
            for o in pool:
                if evals[o.action.tile or 0].shanten > fastest:
                    totals[id(o)] = (totals[id(o)][0] - WIN_SCORE / 64, False)
                    o.reasons.insert(
                        0,
                        Reason(
                            "no_step_back",
                            "the table does not fold: against open hands keep the hand as fast, "
                            "do not step back for a safer tile",
                            "这桌人不弃和：面对副露者保持速度，不为更安全的牌倒退向听",
                        ),
                    )
        base = greedy.score
        best_total = max(v[0] for v in totals.values())
        safest = min(self.risk(kind_of(o.action.tile or 0)) for o in pool)
        folded = False
        for o in pool:
            total, fold = totals[id(o)]
            o.score = base + (total - best_total) + 1e-9 * (o.score - base)
            if fold:
                o.fold = True
                if total == best_total:
                    folded = True
                if self.risk(kind_of(o.action.tile or 0)) > safest + FOLD_BAND:
                    continue
                o.reasons.insert(
                    0, Reason("fold", "defend: give up on winning and play safe", "防守：弃和打安全牌")
                )
        if folded and self.level.fold_order:
            self.fold_order(pool, evals, safest)
        if may_fold and self.match_pushing and not folded:  # a push the match's earlier hands allow
            for o in pool:
                if not o.fold and self.risk(kind_of(o.action.tile or 0)) > safest + FOLD_BAND:
                    o.reasons.insert(0, MATCH_PUSH_REASON)
        return folded

    def fold_order(self, pool: list[Option], evals: dict[int, _Eval], safest: float) -> None:
        """When folding: the folding tiles within FOLD_BAND of the safest (and the planner's own
        first, the one that keeps the most attack) are put first, in the order good players throw
        them (``FamilyPlugin.fold_preference``)."""
        view = self.view
        first = max(pool, key=lambda o: o.score)
        first_kind = kind_of(first.action.tile or 0)
        near = [o for o in pool if o.fold and self.risk(kind_of(o.action.tile or 0)) <= safest + FOLD_BAND]
        if first not in near:
            near.append(first)
        if len(near) < 2:
            return
        best_sh = min(evals[o.action.tile or 0].shanten for o in near)
        prefs: dict[int, float] = {}
        for o in near:
            ev = evals[o.action.tile or 0]
            k = kind_of(o.action.tile or 0)
            vf = ev.value.points / self.unit if (ev.value.has_yaku or ev.shanten > 0) else 0.0
            prefs[id(o)] = self.plugin.fold_preference(
                view, k, ev.shanten - best_sh, ev.accept * vf, self.risk(k), k == first_kind
            )
        top_pref = max(prefs.values())
        top = first.score
        for o in near:  # above every other option, in the players' order
            o.score = top + 0.5 + 0.01 * max(prefs[id(o)] - top_pref, -40.0)

    def basic_fold(self, out: list[Option], evals: dict[int, _Eval]) -> None:
        """A basic defence (``Level.basic_fold``): against a declared ready hand, a hand that is
        ``basic_fold`` steps or more from ready whatever it throws gives up, throwing its safest tile
        (each declared threat's danger, as the defence reads it); nearer to ready it attacks as ever."""
        view = self.view
        discards = [o for o in out if o.action.type is A.DISCARD and o.action.tile is not None]
        if not discards or view.riichi[view.seat]:
            return
        if min(evals[o.action.tile or 0].shanten for o in discards) < self.level.basic_fold:
            return
        declared = [t for t in self.plugin.threats(view) if t.label.key == DECLARED_THREAT]
        if not declared:
            return
        top = max(o.score for o in out) + 1.0
        for o in discards:  # above every other option, safest first, then as attack ranks them
            k = kind_of(o.action.tile or 0)
            o.fold = True
            risk = self.deal_in_chance(declared, k) if k < 34 else 0.0
            o.score = top + 1.0 - risk + 1e-9 * (o.score - top)
            o.reasons.insert(
                0, Reason("fold", "defend: give up on winning and play safe", "防守：弃和打安全牌")
            )

    def judge_turn(self, out: list[Option], evals: dict[int, _Eval] | None = None) -> None:
        """The strong level on top of greedy play: danger weighed in expected points against
        the threats (push or fold per discard, :meth:`ev_defence`), or, without it, fold against a
        serious threat when attacking is worth less than playing safe; and riichi or dama."""
        view = self.view
        discards = [o for o in out if o.action.type is A.DISCARD and o.action.tile is not None]
        riichis = [o for o in out if o.action.type is A.RIICHI and o.action.tile is not None]
        if not discards and not riichis:
            return
        pool = discards or riichis
        if self.threats and self.level.ev_defence and evals is not None:
            kans = [o for o in out if o.action.type in (A.CLOSED_KAN, A.ADDED_KAN)]
            greedy_best = max(o.score for o in pool)
            kan_first = [o for o in kans if o.score > greedy_best]
            if self.ev_defence(pool, out, evals):
                for o in riichis:
                    o.score = -WIN_SCORE / 4
                for o in kans:
                    o.score = -WIN_SCORE / 4
                return
            top = max(o.score for o in pool)
            for o in kan_first:
                o.score = top + 1.0
        elif self.threats and self.serious_threat() and self.plugin.may_fold(view):
            best = max(pool, key=lambda o: o.score)
            assert best.action.tile is not None
            ev = self._rest_eval(best.action.tile, declared=False if view.is_closed else None)
            loss = self.loss()
            r = self.risk(kind_of(best.action.tile))
            f = self.push_risk(ev.shanten, ev.chance)
            attack = (1.0 - r) * (ev.chance * ev.value.points - f * loss) - r * loss
            safest = min(pool, key=lambda o: (self.risk(kind_of(o.action.tile or 0)), -o.score))
            assert safest.action.tile is not None
            rest = list(view.hand)
            rest.remove(safest.action.tile)
            rs = self.risk(kind_of(safest.action.tile))
            folding = -rs * loss - self.fold_risk(rest) * loss
            if folding > attack:
                top = max(o.score for o in out) + 1.0
                for o in pool:
                    o.fold = True
                    risk = self.risk(kind_of(o.action.tile or 0))
                    o.score = top - 1e6 * risk + 1e-9 * o.score
                    o.reasons.insert(
                        0, Reason("fold", "defend: give up on winning and play safe", "防守：弃和打安全牌")
                    )
                for o in riichis:
                    o.score = -WIN_SCORE / 4
                return
        undeclared = {o.action.tile: o for o in discards}
        facing_riichi = any(t.label.key == DECLARED_THREAT for t in self.threats)
        # at a table that does not fold, staying quiet keeps no one pushing: the human dama without
        # a riichi on the table is off there (against a riichi the hand stays quiet to stay free to fold)
        table_dama = self.level.human_dama and not self.pushing()
        riichi_dama = self.level.human_dama and not (
            self.level.read_vs_riichi and self.pushing() and self.plugin.careless_calls(view)
        )
        for o in riichis:
            assert o.action.tile is not None
            twin = undeclared.get(o.action.tile)
            if twin is None:
                continue
            dama = self._rest_eval(o.action.tile, declared=False)
            quiet = self.plugin.prefers_dama(view, dama.value) and not (
                self.level.always_riichi or (self.level.read_mangan and self.pushing())
            )
            why = Reason("dama", "stay quiet (dama): already a mangan without riichi", "默听：不立直已有满贯")
            if self.level.human_dama and not quiet and dama.value.has_yaku:
                # good players also stay quiet with a yaku and a poor wait late (no lock, no stick),
                # or with a hand a declaration adds little to
                if (
                    table_dama
                    and dama.value.points >= HUMAN_DAMA * (1.5 if view.is_dealer else 1.0)
                    and view.wall_remaining <= HUMAN_DAMA_WALL
                ):
                    quiet = True
                    why = Reason(
                        "dama",
                        "stay quiet (dama): with its yaku the hand is worth 5,200 (the dealer 7,800) "
                        "already, and the wall is short",
                        "默听：有役，不立直也有5200点以上（庄家7800），牌山已不多",
                    )
                elif (
                    riichi_dama
                    and self.level.dama_vs_riichi
                    and facing_riichi
                    and dama.accept < self.level.chase_wait
                ):
                    quiet = True
                    why = Reason(
                        "dama",
                        "stay quiet (dama) against the riichi: the hand has its yaku and may still fold",
                        "默听：对手已立直，手牌有役，仍可弃和",
                    )
                elif table_dama and self.plugin.quiet_wait(view, dama.accept):
                    quiet = True
                    why = Reason(
                        "dama",
                        "stay quiet (dama): a poor wait this late, keep the hand free",
                        "默听：剩牌不多且听牌差",
                    )
            elif (
                riichi_dama
                and self.level.dama_vs_riichi
                and not quiet
                and not dama.value.has_yaku
                and dama.accept <= self.level.quiet_no_yaku
                and facing_riichi
                and not (self.level.read_no_yaku and self.pushing())
            ):
                # no yaku and a poor wait against a riichi: the players keep it quiet (a self-draw
                # still wins) and stay free to fold
                quiet = True
                why = Reason(
                    "dama",
                    "stay quiet (dama) against the riichi: a poor wait, keep the hand free to fold",
                    "默听：对手已立直，听牌差，保留弃和的余地",
                )
            elif (
                table_dama
                and not quiet
                and not dama.value.has_yaku
                and dama.accept <= self.level.change_wait
                and view.wall_remaining >= CHANGE_WAIT_WALL
                and not self.threats
            ):
                # no yaku on a wait of a tile or two early in the wall: the players keep the hand
                # quiet and change to a better wait before they declare
                quiet = True
                why = Reason(
                    "dama",
                    "stay quiet (dama): the wait is poor and the wall is long, change to a better wait first",
                    "默听：听牌差且牌山还长，先换成更好的听牌再立直",
                )
            if quiet:
                o.score = twin.score - 1.0
                twin.reasons.insert(0, why)
            else:
                o.score = twin.score + 1.0
                o.reasons.insert(
                    0, Reason(DECLARE, "declare riichi: the hand needs its value", "立直：需要立直的价值")
                )

    # ------------------------------------------------------------ words
    def _shape_reasons(self, ev: _Eval) -> list[Reason]:
        if ev.shanten >= 99:
            return []
        if ev.shanten == 0:
            kinds = ev.kinds or self._dead_waits(ev)
            names = [tile_words(k, self.view.family) for k in kinds[:5]]
            waits = ", ".join(en for en, _zh in names)
            waits_zh = "、".join(zh for _en, zh in names)
            ready = english_words(self.view.family)["ready"]
            if not ev.kinds and names:  # every copy of the waits is already in sight
                en = f"{ready}, waiting on {waits}, but none is left"
                zh = f"听牌：听{waits_zh}，但已无牌可胡"
            else:
                en = f"{ready}, waiting on {waits or 'nothing left'} ({ev.accept} tiles left)"
                zh = f"听牌：听{waits_zh or '（已无牌）'}，还剩{ev.accept}张"
            return [Reason("ready", en, zh, (("shanten", 0), ("acceptance", ev.accept)))]
        return [
            Reason(
                "acceptance",
                english_words(self.view.family)["acceptance"].format(accept=ev.accept, shanten=ev.shanten),
                words(self.view.family)["acceptance"].format(accept=ev.accept, shanten=ev.shanten),
                (("shanten", ev.shanten), ("acceptance", ev.accept)),
            )
        ]

    def _dead_waits(self, ev: _Eval) -> tuple[int, ...]:
        """The kinds a ready hand waits on when none of them is left to draw (acceptance counts only the
        kinds with unseen copies): named, so a hint says what the hand waits on and that it is dead."""
        if len(ev.counts) != 34:
            return ()
        try:
            found = self.shape.waits(list(ev.counts), ev.wilds, exposed=ev.exposed)
        except ValueError:
            return ()
        return tuple(sorted(found.kinds))

    def _safety_reasons(self, kind: int, risk: float) -> list[Reason]:
        """What makes ``kind`` safe or dangerous, said of the threat it is most likely to deal into
        (the likeliest to hurt most when it is safe against every one)."""
        if not self.threats:
            return []
        view = self.view
        opps = {o.seat: o for o in view.opponents}

        def part(t: Threat) -> tuple[float, float]:
            share = t.ready * self.plugin.danger(view, opps[t.seat], kind) if kind < 34 else 0.0
            return share, t.ready * t.loss

        main = max(self.threats, key=part)
        opp = opps[main.seat]
        key, en, zh = self.plugin.safety_words(self.view, opp, kind)
        pct = round(risk * 100)
        return [
            Reason(
                key,
                f"{en} (about {pct}% to deal in; {main.label.en})",
                words(self.view.family)["danger"].format(what=zh, pct=pct, threat=main.label.zh),
            )
        ]


def _serious(t: Threat, level: Level) -> bool:
    """A threat worth folding to: a declared riichi, or an open hand almost surely ready that shows
    enough value."""
    return t.label.key == DECLARED_THREAT or (t.ready >= level.fold_open and t.loss >= level.fold_open_loss)


class LevelAgent:
    """An AI seat of one level. It receives only the observation and the legal actions."""

    def __init__(self, level: str = "standard", seed: int | str = 0, rules: Any = None) -> None:
        if level not in LEVEL_CONFIGS:
            raise ValueError(f"unknown AI level {level!r} (known: {', '.join(LEVELS)})")
        self.level = LEVEL_CONFIGS[level]
        self.name = level
        self._rules = rules
        self._rng = random.Random(f"tilehouse-ai:{level}:{seed}")
        self._planners: dict[str, Planner] = {}

    def planner(self, family: str) -> Planner:
        p = self._planners.get(family)
        if p is None:
            p = self._planners[family] = Planner(
                level_for(self.name, family), plugin_for(family, self._rules)
            )
        return p

    def choose(self, observation: Observation, legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        view = View.from_observation(observation)
        try:
            options = self.planner(view.family).options(view, legal)
        except ValueError:  # a hand shape the analysis cannot measure: play safe, never illegal
            return _fallback(legal)
        options = [o for o in options if o.action in legal]
        if not options:
            return legal[0]
        best = max(options, key=lambda o: o.score)
        if self.level.slip > 0.0 and best.action.type is A.DISCARD and self._rng.random() < self.level.slip:
            discards = sorted((o for o in options if o.action.type is A.DISCARD), key=lambda o: -o.score)
            kinds: list[Option] = []
            for o in discards:
                if o.action.tile is not None and all(
                    kind_of(o.action.tile) != kind_of(x.action.tile or 0) for x in kinds
                ):
                    kinds.append(o)
            pool = [
                o
                for o in kinds[:4]
                if o.shanten is not None and best.shanten is not None and o.shanten <= best.shanten + 1
            ]
            if pool:
                return self._rng.choice(pool).action
        return best.action


def _fallback(legal: list[Action]) -> Action:
    for kind in (A.TSUMO, A.RON, A.PASS, A.DISCARD):
        for a in legal:
            if a.type is kind:
                return a
    return legal[0]


def make_agent(level: str, seed: int | str = 0, rules: Any = None) -> LevelAgent:
    """An AI seat: ``level`` is beginner, standard or strong; ``seed`` should combine the game seed
    and the seat so choices are reproducible."""
    return LevelAgent(level, seed, rules)
