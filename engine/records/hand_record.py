"""An imported riichi hand, whatever its format, and how it becomes a Tilehouse game again.

The importers (:mod:`~engine.records.tenhou6`, :mod:`~engine.records.mjlog`, :mod:`~engine.records.mjai`)
read their format into :class:`RecordedHand` values: the hand's start (round, honba, sticks, scores),
each seat's dealt tiles, every step in the order it happened (draws, discards, calls, kans, wins) and
the result the log states. Tiles are *faces* (:data:`~engine.records.notation.Face`): the formats do
not say which physical copy a tile was.

Those logs hold no wall, so :func:`build_wall` rebuilds one from what the log shows: the dealt tiles at
their deal positions, every draw at the next position of the live wall (a replacement draw at the next
dead-wall position), the dora and ura indicators where the engine reveals them, and the tiles nobody
saw in the places left. Each face gets a physical id of its own (a red five its red copy), so the
engine deals and draws exactly what the log shows.

:func:`replay_record` then plays the steps through the public :class:`~engine.game.game.Game` API, each
one matched against the engine's legal actions by face (a discard of 5m is the legal discard of a 5m,
the drawn copy when the log says the drawn tile went out); every seat not named by the log passes its
claims, as in the mjx conformance replay. Draws, dora reveals, abortive draws and the end of the wall
are the engine's own doing. The engine's results are compared with the log's: winners, points, han and
fu, each winner's score changes, the kind of draw and its payments, and each hand's starting round,
honba, sticks and scores.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from engine.conformance.mjx import HandReport
from engine.families.riichi.hand import DEAD_WALL_REPLACEMENTS
from engine.game.actions import Action, ActionType
from engine.game.errors import IllegalAction
from engine.game.game import Game
from engine.game.match import MatchState
from engine.game.state import HandResult
from engine.loading import LoadError
from engine.records.notation import Face, face_of, mjai_name
from engine.rules.riichi import RiichiRules

A = ActionType
SEATS = 4
DEAL_SIZE = 13
FIRST_DRAW = 52  # wall position of the first draw after the deal
LIVE_DRAWS = 70  # draws the live wall holds (less one per replacement draw)
DORA_POSITION = 130  # the first dora indicator; kan dora at 128, 126, ...
URA_POSITION = 131  # the first ura indicator; kan ura at 129, 127, ...
DRAW_REASONS = (
    "exhaustive",
    "nagashi_mangan",
    "nine_terminals",
    "four_riichi",
    "triple_ron",
    "four_kans",
    "four_winds",
)


class RecordError(LoadError):
    """A log that cannot be rebuilt as a game: one line naming the file, the hand and the problem."""


# ----------------------------------------------------------------------------------------- steps
@dataclass(frozen=True, slots=True)
class Draw:
    seat: int
    face: Face
    replacement: bool = False  # a replacement draw after a kan


@dataclass(frozen=True, slots=True)
class Discard:
    seat: int
    face: Face
    tsumogiri: bool = False  # the tile just drawn
    riichi: bool = False  # the riichi declaration tile


@dataclass(frozen=True, slots=True)
class Call:
    seat: int
    type: ActionType  # chi, pon or open_kan
    face: Face  # the claimed tile
    own: tuple[Face, ...]  # the caller's own tiles
    from_seat: int


@dataclass(frozen=True, slots=True)
class OwnKan:
    seat: int
    type: ActionType  # closed_kan (``faces``: the four tiles) or added_kan (``faces``: the added tile)
    faces: tuple[Face, ...]


@dataclass(frozen=True, slots=True)
class Win:
    seat: int
    from_seat: int  # the seat itself for a self-draw


@dataclass(frozen=True, slots=True)
class NineTerminals:
    seat: int


Step = Draw | Discard | Call | OwnKan | Win | NineTerminals


@dataclass(frozen=True, slots=True)
class RecordedWin:
    """A win as the log states it; a field the log does not give is None."""

    seat: int
    from_seat: int
    deltas: tuple[int, ...] | None = None  # score changes of this win (honba and sticks included)
    points: int | None = None  # the hand's value before honba and sticks
    han: int | None = None
    fu: int | None = None
    yakuman: bool = False


@dataclass(frozen=True)
class RecordedHand:
    round_index: int  # 0 East 1, 1 East 2, ... 4 South 1 (the first dealer is seat 0)
    honba: int
    pot: int  # riichi sticks on the table at the start
    scores: tuple[int, ...]
    haipai: tuple[tuple[Face, ...], ...]  # each seat's 13 dealt tiles
    steps: tuple[Step, ...]
    dora: tuple[Face, ...] = ()  # every dora indicator revealed, in order
    ura: tuple[Face, ...] = ()
    wins: tuple[RecordedWin, ...] = ()
    draw_reason: str | None = None  # one of DRAW_REASONS when the hand ended without a win
    draw_deltas: tuple[int, ...] | None = None
    where: str = ""  # how the log names the hand, for messages ("log.3")
    finished: bool = True  # False: the log stops during the hand (its steps are checked, no result)

    @property
    def dealer(self) -> int:
        return self.round_index % SEATS


@dataclass
class RecordedGame:
    """What an importer read: the hands, the ruleset they were played under, the players' names."""

    hands: list[RecordedHand]
    rules: RiichiRules
    names: tuple[str, ...] = ()
    source: str = "log"
    format: str = ""


@dataclass
class ReplayedRecord:
    """A record played through the engine: the game (every action the log implies, on rebuilt walls)
    and one report per hand saying whether the engine reached the log's result."""

    game: Game
    reports: list[HandReport] = field(default_factory=list)
    walls: list[list[int]] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return bool(self.reports) and all(r.ok for r in self.reports)


# ------------------------------------------------------------------------------------------ wall
def deal_positions(dealer: int) -> list[list[int]]:
    """The wall positions of each seat's 13 dealt tiles (as :func:`engine.families.riichi.hand.deal_riichi`
    deals them)."""
    out: list[list[int]] = [[] for _ in range(SEATS)]
    for r in range(SEATS):
        seat = (dealer + r) % SEATS
        for k in range(3):
            out[seat].extend(16 * k + 4 * r + j for j in range(4))
        out[seat].append(48 + r)
    return out


def face_pools(red_tiles: frozenset[int]) -> dict[Face, list[int]]:
    """The physical ids of each face, lowest first."""
    pools: dict[Face, list[int]] = {}
    for tile in range(136):
        pools.setdefault(face_of(tile, red_tiles), []).append(tile)
    return pools


def build_wall(hand: RecordedHand, red_tiles: frozenset[int], source: str = "log") -> list[int]:
    """The 136-tile wall in drawing order that deals and draws exactly what ``hand`` shows."""

    def refuse(problem: str) -> RecordError:
        return RecordError(source, f"{hand.where}: {problem}" if hand.where else problem)

    placed: dict[int, Face] = {}
    if len(hand.haipai) != SEATS or any(len(h) != DEAL_SIZE for h in hand.haipai):
        raise refuse("each of the four seats is dealt 13 tiles")
    for seat, positions in enumerate(deal_positions(hand.dealer)):
        for position, face in zip(positions, hand.haipai[seat], strict=True):
            placed[position] = face
    live = FIRST_DRAW
    replacements = 0
    for step in hand.steps:
        if not isinstance(step, Draw):
            continue
        if step.replacement:
            if replacements >= len(DEAD_WALL_REPLACEMENTS):
                raise refuse("more than four replacement draws")
            placed[DEAD_WALL_REPLACEMENTS[replacements]] = step.face
            replacements += 1
        else:
            if live - FIRST_DRAW >= LIVE_DRAWS - replacements:
                raise refuse(f"more draws than a wall holds ({LIVE_DRAWS - replacements} after the kans)")
            placed[live] = step.face
            live += 1
    if len(hand.dora) > 5 or len(hand.ura) > 5:
        raise refuse("at most five dora and five ura indicators")
    for i, face in enumerate(hand.dora):
        placed[DORA_POSITION - 2 * i] = face
    for i, face in enumerate(hand.ura):
        placed[URA_POSITION - 2 * i] = face
    pools = face_pools(red_tiles)
    wall: list[int | None] = [None] * 136
    for position in sorted(placed):
        face = placed[position]
        pool = pools.get(face)
        if pool is None:
            raise refuse(f"{mjai_name(face)}: a red five in a game without red fives")
        if not pool:
            raise refuse(f"more {mjai_name(face)} than the game has")
        wall[position] = pool.pop(0)
    rest = sorted(t for pool in pools.values() for t in pool)
    filled = [t if t is not None else rest.pop(0) for t in wall]
    return filled


# ---------------------------------------------------------------------------------------- replay
class _Mismatch(Exception):
    """The log and the engine part ways (a step the engine does not allow, or a different result)."""


def start_of(hand: RecordedHand) -> MatchState:
    return MatchState(scores=list(hand.scores), round_index=hand.round_index, honba=hand.honba, pot=hand.pot)


def replay_record(
    record: RecordedGame, *, rules: RiichiRules | None = None, check_invariants: bool = True
) -> ReplayedRecord:
    """Play ``record`` through the engine (under ``rules``, by default the record's own) and compare every
    hand's result with the log. A log whose walls cannot be built raises :class:`RecordError`; a step the
    engine refuses or a different result is a problem of that hand's report (the replay stops there)."""
    rules = rules or record.rules
    if not record.hands:
        raise RecordError(record.source, "the log holds no hand")
    from engine.families.registry import get_family

    red = get_family("riichi").red_tiles(rules)
    walls = [build_wall(hand, red, record.source) for hand in record.hands]
    game = Game(rules, walls=walls, start=start_of(record.hands[0]), check_invariants=check_invariants)
    out = ReplayedRecord(game, walls=walls)
    for index, hand in enumerate(record.hands):
        if not hand.finished and index != len(record.hands) - 1:
            raise RecordError(record.source, f"{hand.where}: only the last hand of a log may be unfinished")
        where = f"{record.source}:{hand.where or index}"
        report = HandReport(where, True)
        out.reports.append(report)
        try:
            _check_start(game, hand)
            _play_hand(game, hand, red)
            if hand.finished:
                _check_result(game, hand, len(game.results) - 1, report.problems)
        except _Mismatch as exc:
            report.problems.append(str(exc))
        except IllegalAction as exc:
            report.problems.append(" ".join(str(exc).split()))
        report.ok = not report.problems
        if not report.ok:
            break
    return out


def _check_start(game: Game, hand: RecordedHand) -> None:
    m = game.match
    if game.over or game.hand is None:
        raise _Mismatch("the engine's match is over before this hand")
    got = (m.round_index, m.honba, m.pot, tuple(m.scores))
    want = (hand.round_index, hand.honba, hand.pot, tuple(hand.scores))
    if got != want:
        raise _Mismatch(
            f"the hand starts at round {want[0]} honba {want[1]} sticks {want[2]} scores {list(want[3])}; "
            f"the engine is at round {got[0]} honba {got[1]} sticks {got[2]} scores {list(got[3])}"
        )


def _play_hand(game: Game, hand: RecordedHand, red: frozenset[int]) -> None:
    hands_before = len(game.results)
    for number, step in enumerate(hand.steps):
        if len(game.results) > hands_before:
            raise _Mismatch(f"step {number}: the engine's hand has already ended ({_result_text(game)})")
        if isinstance(step, Draw):
            _pass_all(game, keep=())
            if game.pending() != [step.seat]:
                raise _Mismatch(
                    f"step {number}: seat {step.seat} draws; the engine waits for {game.pending()}"
                )
            continue
        claim = isinstance(step, Call) or (isinstance(step, Win) and step.seat != step.from_seat)
        if not claim:  # a claim comes first: the other seats' answers follow it
            _pass_all(game, keep=())
        action = _action_for(game, step, red)
        if action is None:
            raise _Mismatch(f"step {number}: {_describe(step)} is not legal here ({_why(game, step)})")
        game.apply(action)
        if isinstance(step, Call):
            _pass_all(game, keep=())
    if not hand.finished:
        return
    if hand.draw_reason == "triple_ron" and len(game.results) == hands_before:
        for seat in list(game.pending()):  # three seats declared a win on the tile: the hand is void
            rons = [a for a in game.legal_actions(seat) if a.type is A.RON]
            if rons and seat in game.pending():
                game.apply(rons[0])
    if len(game.results) == hands_before:
        _pass_all(game, keep=())
    if len(game.results) == hands_before:
        raise _Mismatch("the log ends the hand; the engine's hand goes on")


def _action_for(game: Game, step: Step, red: frozenset[int]) -> Action | None:
    """The legal action of the engine that is ``step`` (matched by faces), or None."""

    def face(tile: int | None) -> Face:
        return face_of(tile, red) if tile is not None else (-1, False)

    def legal_of(seat: int, kinds: Sequence[ActionType]) -> list[Action]:
        return [a for a in game.legal_actions(seat) if a.type in kinds]

    hand = game.hand
    assert hand is not None
    if isinstance(step, Discard):
        kind = A.RIICHI if step.riichi else A.DISCARD
        options = [a for a in legal_of(step.seat, (kind,)) if face(a.tile) == step.face]
        drawn = hand.players[step.seat].drawn
        preferred = [a for a in options if (a.tile == drawn) == step.tsumogiri]
        chosen = preferred or options
        return chosen[0] if chosen else None
    if isinstance(step, Call):
        want = sorted(step.own)
        for a in legal_of(step.seat, (step.type,)):
            if face(a.tile) == step.face and sorted(face(t) for t in a.tiles) == want:
                return a
        return None
    if isinstance(step, OwnKan):
        want = sorted(step.faces)
        for a in legal_of(step.seat, (step.type,)):
            faces = sorted(face(t) for t in a.tiles) if step.type is A.CLOSED_KAN else [face(a.tile)]
            if faces == want:
                return a
        return None
    if isinstance(step, Win):
        kind = A.TSUMO if step.seat == step.from_seat else A.RON
        found = legal_of(step.seat, (kind,))
        return found[0] if found else None
    if isinstance(step, NineTerminals):
        found = legal_of(step.seat, (A.NINE_TERMINALS,))
        return found[0] if found else None
    return None


def _pass_all(game: Game, keep: Sequence[int]) -> None:
    """Every seat still answering a claim window, other than ``keep``, passes."""
    hand = game.hand
    if hand is None or hand.phase.value not in ("claim", "rob_kan"):
        return
    for seat in list(game.pending()):
        if seat not in keep:
            game.apply(Action(seat, A.PASS))


def _describe(step: Step) -> str:
    if isinstance(step, Discard):
        what = "riichi with" if step.riichi else "discards"
        return f"seat {step.seat} {what} {mjai_name(step.face)}" + (" (tsumogiri)" if step.tsumogiri else "")
    if isinstance(step, Call):
        own = "".join(mjai_name(f) for f in step.own)
        return f"seat {step.seat} {step.type.value} {mjai_name(step.face)} with {own}"
    if isinstance(step, OwnKan):
        return f"seat {step.seat} {step.type.value} {''.join(mjai_name(f) for f in step.faces)}"
    if isinstance(step, Win):
        return f"seat {step.seat} " + (
            "tsumo" if step.seat == step.from_seat else f"ron on seat {step.from_seat}"
        )
    if isinstance(step, NineTerminals):
        return f"seat {step.seat} nine terminals"
    return f"seat {step.seat} draws {mjai_name(step.face)}"


def _why(game: Game, step: Step) -> str:
    seat = step.seat
    legal = game.legal_actions(seat)
    if not legal:
        return f"the engine waits for {game.pending() or 'nobody'}"
    return (
        "the engine offers "
        + "; ".join(a.describe() for a in legal[:6])
        + ("; ..." if len(legal) > 6 else "")
    )


def _result_text(game: Game) -> str:
    r = game.results[-1]
    if r.kind == "win":
        return "won by " + ", ".join(f"seat {w.seat}" for w in r.wins)
    return f"{r.kind} ({r.reason})"


# ---------------------------------------------------------------------------------------- result
def win_deltas(result: HandResult, seat: int, players: int = SEATS) -> tuple[int, ...]:
    """The score changes one winner's win made: every payment to ``seat`` at the settlement (the hand,
    pao, honba, the sticks on the table), riichi deposits made during the hand left out."""
    deltas = [0] * players
    for p in result.payments:
        if p.reason == "riichi_deposit" or p.payee != seat:
            continue
        deltas[seat] += p.amount
        if p.payer is not None:
            deltas[p.payer] -= p.amount
    return tuple(deltas)


def settlement_deltas(result: HandResult, players: int = SEATS) -> tuple[int, ...]:
    """The score changes of the hand's settlement (riichi deposits made during the hand left out)."""
    deltas = [0] * players
    for p in result.payments:
        if p.reason == "riichi_deposit":
            continue
        if p.payee is not None:
            deltas[p.payee] += p.amount
        if p.payer is not None:
            deltas[p.payer] -= p.amount
    return tuple(deltas)


def _check_result(game: Game, hand: RecordedHand, index: int, problems: list[str]) -> None:
    result = game.results[index]
    if hand.wins:
        if result.kind != "win":
            problems.append(f"the log has a win; the engine ended with {result.kind} ({result.reason})")
            return
        got = [(w.seat, w.from_seat) for w in result.wins]
        want = [(w.seat, w.from_seat) for w in hand.wins]
        if sorted(got) != sorted(want):
            problems.append(f"winners (seat, from) {got} != log {want}")
            return
        for rec in hand.wins:
            win = next(w for w in result.wins if w.seat == rec.seat)
            if rec.points is not None and rec.points != win.points:
                problems.append(f"seat {rec.seat}: {win.points} points != log {rec.points}")
            fu = win.fu if rec.fu is not None else None  # a limit hand's text gives no fu
            if not rec.yakuman and rec.han is not None and (rec.han, rec.fu) != (win.han, fu):
                problems.append(
                    f"seat {rec.seat}: han {win.han} fu {win.fu} != log han {rec.han} fu {rec.fu}"
                )
            deltas = win_deltas(result, rec.seat)
            if rec.deltas is not None and deltas != rec.deltas:
                problems.append(f"seat {rec.seat}: score changes {list(deltas)} != log {list(rec.deltas)}")
        return
    if result.kind == "win":
        problems.append("the log has no win; the engine has " + _result_text(game))
        return
    if hand.draw_reason is not None and result.reason != hand.draw_reason:
        problems.append(f"the hand ended as {result.reason!r}; the log says {hand.draw_reason!r}")
    if hand.draw_deltas is not None and settlement_deltas(result) != hand.draw_deltas:
        problems.append(f"score changes {list(settlement_deltas(result))} != log {list(hand.draw_deltas)}")


def replay_problem(replayed: ReplayedRecord) -> str | None:
    """The first problem of a replayed record, as one line (None when every hand conforms)."""
    for report in replayed.reports:
        if not report.ok:
            return f"{report.source}: {'; '.join(report.problems)}"
    return None
