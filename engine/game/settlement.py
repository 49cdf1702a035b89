"""The settlement of a hand as the table shows it: the engine's one account of what each seat won or lost.

A :class:`SettlementReport` lists every payment of the hand in order as a :class:`LedgerLine` (who paid
whom, how much and why — a 血战 win, 刮风, 下雨, a 杠上炮 transfer, 查花猪, 查大叫, 退税, a riichi deposit,
honba, sticks, tenpai payments, the Lingxi pairwise differences with the dealer doubling), each winning
hand sorted and grouped into the sets it was scored with (:class:`WinningHand`), each seat's score
before and after with its own itemised value (Lingxi non-winners' 台), and the dora and ura-dora
indicators when they count. Its totals are the sum of its ledger and equal the change of the stored
scores; :meth:`SettlementReport.check` says so, and the tests hold every simulated hand to it.

The table renders this value and adds nothing.

>>> from engine.game.game import Game
>>> from engine.game.play import play_hand
>>> from engine.agents.simple import SimpleAgent
>>> from engine.rules import default_ruleset
>>> game = Game(default_ruleset("sichuan"), seed=1)
>>> play_hand(game, [SimpleAgent(s) for s in range(4)])
>>> report = game.reports[-1]
>>> report.check()
>>> [s.after for s in report.seats] == list(game.match.scores)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.analysis.decompose import Decomposition
from engine.game.observation import MeldView
from engine.game.state import HandResult, Payment, ScoreLine, Win
from engine.messages import Message

if TYPE_CHECKING:
    from engine.game.flow import HandFlow


class ReportError(AssertionError):
    """A report whose totals do not add up (a bug in the engine, never in the input)."""


@dataclass(frozen=True, slots=True)
class LedgerLine:
    """One payment. ``payer``/``payee`` None is the table (riichi sticks); ``during_play`` marks payments
    made while the hand went on (刮风下雨, 血战 wins, riichi deposits) rather than at its end."""

    index: int
    payer: int | None
    payee: int | None
    amount: int
    reason: str  # a stable key: ron, tsumo, honba, riichi_deposit, gua_feng, cha_da_jiao, difference...
    details: tuple[tuple[str, int], ...] = ()
    during_play: bool = False

    def detail(self, name: str, default: int | None = None) -> int | None:
        return dict(self.details).get(name, default)

    def to_json(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "payer": self.payer,
            "payee": self.payee,
            "amount": self.amount,
            "reason": self.reason,
            "details": dict(self.details),
            "during_play": self.during_play,
        }


@dataclass(frozen=True, slots=True)
class ScoredGroup:
    """One set of a winning hand as it was scored. ``tiles`` are physical tiles; ``stands_for`` gives,
    tile by tile, the kind a wild tile stands for (None for a tile that is itself)."""

    kind: str  # run, triplet, pair, single (thirteen orphans), kan, or the type of a meld
    tiles: tuple[int, ...]
    stands_for: tuple[int | None, ...]
    concealed: bool
    has_winning_tile: bool

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "tiles": list(self.tiles),
            "stands_for": list(self.stands_for),
            "concealed": self.concealed,
            "has_winning_tile": self.has_winning_tile,
        }


@dataclass(frozen=True, slots=True)
class ReportItem:
    """One scored item: ``key`` (a message key under the family's item prefix), its value and the
    facts its words need (``args``: ``kinds`` it is about, ``count``, ``dealt``)."""

    key: str
    value: int
    count: int = 0  # how many times it counted (e.g. 根, dora), when it says
    name: str = ""  # the scorer's own label, for logs (the table words ``key`` and ``args``)
    args: tuple[tuple[str, int | tuple[int, ...]], ...] = ()

    def arg(self, name: str, default: int | tuple[int, ...] | None = None) -> int | tuple[int, ...] | None:
        return dict(self.args).get(name, default)

    @staticmethod
    def of(line: ScoreLine) -> ReportItem:
        count = line.arg("count", 0)
        return ReportItem(line.key, line.value, count if isinstance(count, int) else 0, line.name, line.args)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"key": self.key, "value": self.value, "count": self.count, "name": self.name}
        if self.args:
            out["args"] = {k: list(v) if isinstance(v, tuple) else v for k, v in self.args}
        return out


@dataclass(frozen=True, slots=True)
class WinningHand:
    seat: int
    from_seat: int
    tile: int  # the winning tile
    concealed: tuple[int, ...]  # sorted, the winning tile last
    melds: tuple[MeldView, ...]
    groups: tuple[ScoredGroup, ...]  # the concealed tiles, grouped as scored
    form: str  # standard, seven_pairs, thirteen_orphans, or the family's special win (杀猪, 花胡)
    items: tuple[ReportItem, ...]
    value: int  # in the report's value unit (han, 番, 台)
    fu: int
    limit: str
    points: int  # what each payer owes before bonuses (riichi: the hand's points)
    order: int  # 血战: the order of the win in the hand
    ledger_at: int = 0  # the index of the ledger line where this win's payments begin

    @property
    def self_drawn(self) -> bool:
        return self.seat == self.from_seat

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "from": self.from_seat,
            "tile": self.tile,
            "concealed": list(self.concealed),
            "melds": [m.to_json() for m in self.melds],
            "groups": [g.to_json() for g in self.groups],
            "form": self.form,
            "items": [i.to_json() for i in self.items],
            "value": self.value,
            "fu": self.fu,
            "limit": self.limit,
            "points": self.points,
            "order": self.order,
            "ledger_at": self.ledger_at,
        }


@dataclass(frozen=True, slots=True)
class SeatScore:
    """A seat's score over the hand, and its own value where the family scores every seat (Lingxi: a
    non-winner's 台 with its items; ``final`` the doubled 台 a winner is paid)."""

    seat: int
    before: int
    change: int
    after: int
    value: int | None = None
    final: int | None = None
    items: tuple[ReportItem, ...] = ()
    by_reason: tuple[tuple[str, int], ...] = ()  # the change itemised: each reason received, paid

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "before": self.before,
            "change": self.change,
            "after": self.after,
            "value": self.value,
            "final": self.final,
            "items": [i.to_json() for i in self.items],
            "by_reason": [list(x) for x in self.by_reason],
        }


@dataclass(frozen=True)
class SettlementReport:
    family: str
    hand_index: int
    kind: str  # win, exhaustive_draw, abortive_draw
    reason: str  # how it ended (a key): exhaustive, four_riichi, wall, three_won, zha_hu...
    dealer: int
    value_unit: str  # han, fan, tai, points
    score_unit: str  # points, zi
    wins: tuple[WinningHand, ...]
    ledger: tuple[LedgerLine, ...]
    seats: tuple[SeatScore, ...]
    dora_indicators: tuple[int, ...] = ()
    ura_indicators: tuple[int, ...] = ()
    tenpai: tuple[int, ...] = ()  # seats ready at the end (riichi tenpai, Sichuan 有叫)
    pot_before: int = 0  # sticks on the table when the hand began
    pot_after: int = 0  # sticks left on the table for the next hand
    stick_points: int = 0
    notes: tuple[Message, ...] = ()  # e.g. who was 花猪, who was not ready
    wild_kinds: tuple[int, ...] = ()  # the kinds that were wild (Lingxi 财神)

    @property
    def totals(self) -> tuple[int, ...]:
        """Each seat's net from the ledger."""
        out = [0] * len(self.seats)
        for line in self.ledger:
            if line.payer is not None:
                out[line.payer] -= line.amount
            if line.payee is not None:
                out[line.payee] += line.amount
        return tuple(out)

    def lines_of(self, reason: str) -> list[LedgerLine]:
        return [line for line in self.ledger if line.reason == reason]

    def check(self) -> None:
        """Raise :class:`ReportError` unless every seat's change is the sum of its ledger lines and
        its score after is its score before plus that change, and the table's sticks add up."""
        totals = self.totals
        for s in self.seats:
            if s.change != totals[s.seat]:
                raise ReportError(f"seat {s.seat}: change {s.change} != ledger {totals[s.seat]}")
            if s.after != s.before + s.change:
                raise ReportError(f"seat {s.seat}: {s.before} + {s.change} != {s.after}")
            if sum(amount for _, amount in s.by_reason) != s.change:
                raise ReportError(f"seat {s.seat}: itemised {s.by_reason} != change {s.change}")
        for w in self.wins:
            if not 0 <= w.ledger_at <= len(self.ledger):
                raise ReportError(f"win of seat {w.seat}: ledger_at {w.ledger_at} outside the ledger")
        table = sum(line.amount for line in self.ledger if line.payee is None) - sum(
            line.amount for line in self.ledger if line.payer is None
        )
        if self.stick_points and table != (self.pot_after - self.pot_before) * self.stick_points:
            raise ReportError(f"the table gained {table}, sticks went {self.pot_before} -> {self.pot_after}")

    def to_json(self) -> dict[str, Any]:
        return {
            "family": self.family,
            "hand_index": self.hand_index,
            "kind": self.kind,
            "reason": self.reason,
            "dealer": self.dealer,
            "value_unit": self.value_unit,
            "score_unit": self.score_unit,
            "wins": [w.to_json() for w in self.wins],
            "ledger": [line.to_json() for line in self.ledger],
            "seats": [s.to_json() for s in self.seats],
            "dora_indicators": list(self.dora_indicators),
            "ura_indicators": list(self.ura_indicators),
            "tenpai": list(self.tenpai),
            "pot_before": self.pot_before,
            "pot_after": self.pot_after,
            "stick_points": self.stick_points,
            "notes": [m.to_json() for m in self.notes],
            "wild_kinds": list(self.wild_kinds),
        }


# ------------------------------------------------------------------------------------- building
def build_report(hand: HandFlow, result: HandResult) -> SettlementReport:
    """The report of a finished hand (the family adds its parts through
    :meth:`~engine.game.flow.HandFlow.report_parts`)."""
    n = hand.n
    ended_at = _end_index(hand, result)
    ledger = tuple(
        LedgerLine(i, p.payer, p.payee, p.amount, p.reason, p.details, i < ended_at)
        for i, p in enumerate(result.payments)
    )
    parts = hand.report_parts(result)
    seat_values: Sequence[tuple[int | None, int | None, Sequence[ReportItem]]] = parts.pop(
        "seat_values", [(None, None, ())] * n
    )
    seats = tuple(
        SeatScore(
            seat=s,
            before=hand.ctx.scores[s],
            change=result.score_changes[s],
            after=hand.scores[s],
            value=seat_values[s][0],
            final=seat_values[s][1],
            items=tuple(seat_values[s][2]),
            by_reason=_by_reason(ledger, s),
        )
        for s in range(n)
    )
    wins = tuple(winning_hand(hand, w, order) for order, w in enumerate(result.wins))
    return SettlementReport(
        family=hand.spec.name,
        hand_index=hand.ctx.hand_index,
        kind=result.kind,
        reason=result.reason,
        dealer=hand.ctx.dealer,
        value_unit=hand.spec.value_unit(hand.rules),
        score_unit=hand.spec.score_unit,
        wins=wins,
        ledger=ledger,
        seats=seats,
        tenpai=tuple(result.tenpai),
        pot_before=hand.ctx.pot,
        pot_after=hand.pot,
        stick_points=hand.spec.stick_points(hand.rules),
        wild_kinds=tuple(sorted(hand.current_wild_kinds())),
        **parts,
    )


def _end_index(hand: HandFlow, result: HandResult) -> int:
    """How many of the payments were made before the hand's settlement began."""
    return hand.payments_in_play if hand.payments_in_play is not None else len(result.payments)


def winning_hand(hand: HandFlow, w: Win, order: int) -> WinningHand:
    concealed = list(w.hand)
    if w.tile in concealed:
        concealed.remove(w.tile)
    concealed.sort()
    concealed.append(w.tile)
    reading = w.reading if w.reading is not None else hand.reading_of(w)
    groups = group_tiles(reading, tuple(concealed), w.tile, hand.current_wild_kinds())
    return WinningHand(
        seat=w.seat,
        from_seat=w.from_seat,
        tile=w.tile,
        concealed=tuple(concealed),
        melds=tuple(MeldView(m.type, tuple(m.tiles), m.called, m.from_seat, m.added) for m in w.melds),
        groups=groups,
        form=reading.form if reading is not None else (w.limit or "special"),
        items=tuple(ReportItem.of(i) for i in w.items),
        value=w.han,
        fu=w.fu,
        limit=w.limit,
        points=w.points,
        order=order,
        ledger_at=hand.win_ledger_starts[order] if order < len(hand.win_ledger_starts) else 0,
    )


def _by_reason(ledger: Sequence[LedgerLine], seat: int) -> tuple[tuple[str, int], ...]:
    """A seat's change itemised: for each reason of the ledger what the seat received and what it
    paid, apart, in the order they first came. Never netted: a seat that won on a discard and dealt
    in to another winner in the same 血战 hand shows both, where the net of the two was nothing and
    hid the win."""
    totals: dict[tuple[str, int], int] = {}
    for line in ledger:
        if seat in (line.payer, line.payee):
            sign = 1 if line.payee == seat else -1
            key = (line.reason, sign)
            totals[key] = totals.get(key, 0) + sign * line.amount
    return tuple((reason, amount) for (reason, _sign), amount in totals.items() if amount)


def group_tiles(
    reading: Decomposition | None, tiles: tuple[int, ...], win_tile: int, wild_kinds: frozenset[int]
) -> tuple[ScoredGroup, ...]:
    """The physical ``tiles`` laid out as the groups of ``reading`` (wild tiles where it puts wilds)."""
    if reading is None:
        return ()
    pool = list(tiles)
    wilds = [t for t in pool if _kind(t) in wild_kinds]
    plain = [t for t in pool if _kind(t) not in wild_kinds]
    win_used = False
    out: list[ScoredGroup] = []
    for g in reading.groups:
        wild_left = list(g.wilds)
        chosen: list[int] = []
        stands: list[int | None] = []
        for k in g.tiles:
            if k in wild_left:
                wild_left.remove(k)
                t = _take_wild(wilds, win_tile, win_used)
                stands.append(k)
            else:
                t = _take_kind(plain, k, win_tile, win_used)
                stands.append(None)
            if t == win_tile:
                win_used = True
            chosen.append(t)
        out.append(ScoredGroup(g.kind, tuple(chosen), tuple(stands), True, win_tile in chosen))
    return tuple(out)


def _kind(t: int) -> int:
    return t >> 2 if t < 136 else 34 + t - 136


def _take_kind(pool: list[int], kind: int, win_tile: int, win_used: bool) -> int:
    """A tile of ``kind`` from ``pool``: the winning tile last, so it lands in the group that needs it."""
    matches = [t for t in pool if _kind(t) == kind]
    if not matches:
        raise ValueError(f"no tile of kind {kind} left")
    others = [t for t in matches if t != win_tile]
    t = others[0] if others else matches[0]
    pool.remove(t)
    return t


def _take_wild(pool: list[int], win_tile: int, win_used: bool) -> int:
    others = [t for t in pool if t != win_tile]
    t = others[0] if others else pool[0]
    pool.remove(t)
    return t


def payments_json(payments: Sequence[Payment]) -> list[dict[str, Any]]:
    return [p.to_json() for p in payments]
