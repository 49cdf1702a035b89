"""The game: a ruleset, a seed (or explicit walls) and the list of actions applied so far.

In the spirit of python-chess's ``Board``: ask whose decision is pending, list the legal actions,
apply one. Anything not listed is refused with :class:`IllegalAction` and the state is unchanged.
Replays, saves, undo and conformance tests all rebuild a game by applying the same actions again.

>>> from engine.rules.riichi import RiichiRules
>>> g = Game(RiichiRules(), seed=7)
>>> seat = g.pending()[0]
>>> action = g.legal_actions(seat)[0]
>>> _ = g.apply(action)
>>> len(g.actions)
1
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from engine.families.registry import FamilySpec, get_family
from engine.game import practice
from engine.game.actions import CLAIM_TYPES, PRACTICE_TYPES, Action, ActionType
from engine.game.errors import IllegalAction, InvariantError
from engine.game.events import Event
from engine.game.flow import HandContext, HandFlow, Phase, meld_view
from engine.game.match import MatchState, Standing, public_discards
from engine.game.observation import DiscardView, MatchView, Observation
from engine.game.seat_analysis import SeatAnalysis, analyse
from engine.game.settlement import SettlementReport, build_report
from engine.game.state import HandResult
from engine.messages import Message, plain
from engine.rules.schema import Ruleset
from engine.tiles import kind_of


class Game:
    def __init__(
        self,
        rules: Ruleset,
        *,
        seed: int | str = 0,
        walls: Sequence[Sequence[int]] | None = None,
        start: MatchState | None = None,
        check_invariants: bool = False,
        practice: bool = False,
    ) -> None:
        self.rules = rules
        self.family: FamilySpec = get_family(rules.family)
        self.seed = seed
        self.walls = [list(w) for w in walls] if walls is not None else None
        self.start = MatchState.from_json(start.to_json()) if start is not None else None
        self.match: MatchState = start if start is not None else self.family.new_match(rules)
        if start is not None:
            self.match = MatchState.from_json(start.to_json())
        self.check_invariants = check_invariants
        self.practice = practice  # practice tools allowed (engine/game/practice.py)
        self.actions: list[Action] = []
        self.events: list[Event] = []
        self.results: list[HandResult] = []
        self.reports: list[SettlementReport] = []  # one per finished hand, for the table
        self.hand: HandFlow | None = None
        self._hands_started = 0
        self._event_cursor = 0
        self._points_total = 0
        self._legal_cache: dict[int, list[Action]] = {}
        self._match_view: tuple[tuple[Any, ...], MatchView] | None = None
        self._start_hand()

    # ----------------------------------------------------------------- queries
    @property
    def over(self) -> bool:
        return self.hand is None

    def pending(self) -> list[int]:
        """Seats whose decision the game is waiting for (several during a claim window)."""
        return [] if self.hand is None else self.hand.pending_seats()

    def legal_actions(self, seat: int) -> list[Action]:
        """Every action ``seat`` may take now (empty when it has no decision)."""
        if self.hand is None:
            return []
        return list(self._legal(self.hand, seat))

    def _legal(self, hand: HandFlow, seat: int) -> list[Action]:
        """The cached legal actions of ``seat`` (not to be changed by the caller)."""
        if seat.__class__ is not int:  # (True would find seat 1's actions in the cache)
            return []
        cached = self._legal_cache.get(seat)
        if cached is None:
            if not 0 <= seat < hand.n:
                return []
            cached = hand.legal_actions(seat)
            self._legal_cache[seat] = cached
        return cached

    def all_legal_actions(self) -> dict[int, list[Action]]:
        return {s: self.legal_actions(s) for s in self.pending()}

    @property
    def practice_used(self) -> bool:
        """Whether a practice tool was used (such games stay out of statistics)."""
        return any(a.type in PRACTICE_TYPES for a in self.actions)

    def standings(self) -> list[Standing]:
        return self.family.standings(self.rules, self.match)

    # ------------------------------------------------------------------ apply
    def apply(self, action: Action) -> list[Event]:
        """Apply ``action`` if it is legal now and return the events it caused.

        Raises :class:`IllegalAction` (state unchanged) otherwise: everything is checked before
        anything changes (:meth:`_accept`), and only an action equal to a legal one, or one built
        again from checked fields, is applied."""
        hand = self.hand
        if hand is None:
            raise IllegalAction("the match is over: no action is legal")
        accepted = self._accept(hand, action)
        self._legal_cache.clear()
        if accepted.type in PRACTICE_TYPES:
            practice.apply(self, accepted)
            self.actions.append(accepted)
            new = hand.events[self._event_cursor :]
            self._event_cursor = len(hand.events)
            self.events.extend(new)
            if self.check_invariants:
                self.verify()
            return new
        hand.apply(accepted)
        self.actions.append(accepted)
        new_events = hand.events[self._event_cursor :]
        self._event_cursor = len(hand.events)
        self.events.extend(new_events)
        if hand.result is not None:
            self._finish_hand(hand)
            if self.hand is not None:  # the next hand's set-up events (deal, flowers, first draw)
                new_events = [*new_events, *self.hand.events[: self._event_cursor]]
        elif self.check_invariants:
            self.verify()
        return new_events

    def _accept(self, hand: HandFlow, action: Action) -> Action:
        """The action to apply for ``action``, or IllegalAction; changes nothing but the legal cache.

        The common case, an action equal to a listed one, returns the engine's own listed action.
        Anything else is first built again from its fields (so an object whose fields were changed
        behind the constructor's back is refused as malformed), then matched field by field against
        the legal actions (a call may name other physical copies of the same faces)."""
        if not isinstance(action, Action):
            raise IllegalAction(f"not an action: {_shown(action)}")
        listed = self._listed(hand, action)
        if listed is not None:
            return listed
        checked = _checked(action)
        if checked.seat >= hand.n:
            no_seat = Message.of("refusal.no_seat", seat=str(checked.seat))
            raise IllegalAction(f"{checked.describe()}: {plain(no_seat)}")
        if checked.type in PRACTICE_TYPES:
            practice.check(self, checked)
            return checked
        legal = self._legal(hand, checked.seat)
        if _matching(hand, checked, legal):
            return checked
        raise IllegalAction(self._why_illegal(hand, checked, legal))

    def _listed(self, hand: HandFlow, action: Action) -> Action | None:
        """The listed legal action equal to ``action``, if there is one."""
        seat = action.seat
        if seat.__class__ is int and 0 <= seat < hand.n:
            legal = self._legal(hand, seat)
            for listed in legal:  # (an agent most often gives back one of the listed objects)
                if listed is action:
                    return listed
            try:
                return legal[legal.index(action)]
            except Exception:  # not listed (ValueError), or a forced field that cannot be compared
                return None
        return None

    def _why_illegal(self, hand: HandFlow, action: Action, legal: list[Action]) -> str:
        why = self.why_not(action)
        if why is None:  # pragma: no cover - only refused actions get here
            why = Message.of("refusal.not_offered")
        text = plain(why)
        if why.key in ("refusal.not_offered", "refusal.not_possible"):
            same = [a for a in legal if a.type is action.type]
            if same:
                text += " (" + "; ".join(a.describe() for a in same[:8]) + ")"
            elif legal:
                text += "; seat {} may {}".format(
                    action.seat, ", ".join(sorted({a.type.value for a in legal}))
                )
        return f"{action.describe()}: {text}"

    def why_not(self, action: Action) -> Message | None:
        """Why ``action`` is refused now, as a message key with its arguments; None when it is legal.

        Discards of tiles the seat holds are explained by the family's rules (riichi's locked hand,
        the Sichuan lacking suit, Lingxi's 财神, kuikae...)."""
        hand = self.hand
        if hand is None:
            return Message.of("refusal.match_over")
        if not isinstance(action, Action):
            return Message.of("refusal.not_offered")
        if self._listed(hand, action) is not None:
            return None
        try:
            action = _checked(action)
        except IllegalAction:
            return Message.of("refusal.not_offered")
        seat = action.seat
        if seat >= hand.n:
            return Message.of("refusal.no_seat", seat=str(seat))
        if action.type in PRACTICE_TYPES:
            try:
                practice.check(self, action)
            except IllegalAction:
                return Message.of("refusal.not_possible")
            return None
        legal = self._legal(hand, seat)
        if _matching(hand, action, legal):
            return None
        if not legal:
            waiting = ", ".join(str(s) for s in hand.pending_seats()) or "nobody"
            return Message.of("refusal.not_your_turn", waiting=waiting)
        types = {a.type for a in legal}
        if action.type in (ActionType.DISCARD, ActionType.RIICHI):
            if action.tile is None or action.tile not in hand.players[seat].hand:
                return Message.of("refusal.not_in_hand")
            if action.type is ActionType.DISCARD and ActionType.DISCARD not in types:
                if types & CLAIM_TYPES:
                    return Message.of("refusal.answer_claim")
                return Message.of("refusal.not_possible")
            if action.type is ActionType.RIICHI:
                if ActionType.RIICHI in types:
                    return Message.of("refusal.riichi_breaks_tenpai")
                return Message.of("refusal.not_possible")
            why = hand.discard_refusal(seat, action.tile)
            return why if why is not None else Message.of("refusal.not_offered")
        if action.type not in types:
            return Message.of("refusal.not_possible")
        return Message.of("refusal.not_offered")

    def analysis(self, seat: int) -> SeatAnalysis:
        """The engine's analysis of ``seat``'s position (:mod:`engine.game.seat_analysis`)."""
        return analyse(self, seat)

    def _finish_hand(self, hand: HandFlow) -> None:
        assert hand.result is not None
        self.results.append(hand.result)
        report = build_report(hand, hand.result)
        self.reports.append(report)
        if self.check_invariants:
            report.check()
            self.verify()
        earlier = self.match.earlier
        self.match = self.family.advance(self.rules, self.match, hand.result, list(hand.scores), hand.pot)
        self.match.earlier = earlier
        self.match.with_hand(public_discards(hand.events))
        self.hand = None
        if not self.match.over:
            self._start_hand()

    def _start_hand(self) -> None:
        index = self._hands_started
        if self.walls is not None and index >= len(self.walls):
            self.hand = None
            return
        rng = random.Random(f"tilehouse:{self.seed}:{self.match.hand_index}")
        wall = self.walls[index] if self.walls is not None else self.family.shuffle_wall(self.rules, rng)
        m = self.match
        ctx = HandContext(
            dealer=m.dealer,
            round_wind=m.round_wind,
            honba=m.honba,
            pot=m.pot,
            scores=list(m.scores),
            hand_index=m.hand_index,
            players=len(m.scores),
        )
        self._points_total = sum(m.scores) + m.pot * self.family.stick_points(self.rules)
        self.hand = self.family.start_hand(self.rules, ctx, wall, rng)
        self._hands_started += 1
        self._event_cursor = len(self.hand.events)
        self.events.extend(self.hand.events)  # set-up events of every hand, the first one included
        if self.check_invariants:
            self.verify()

    # ------------------------------------------------------------ observation
    def observation(self, seat: int | None) -> Observation:
        """What ``seat`` can see (None: a spectator who sees no concealed tile). Other hands and the
        wall are hidden; only counts are shown."""
        m = self.match
        fields = (
            tuple(m.scores),
            m.round_index,
            m.honba,
            m.pot,
            m.hand_index,
            m.over,
            m.first_dealer,
            m.earlier,
        )
        kept = self._match_view
        if kept is None or kept[0] != fields:  # made again only when the match moved on
            kept = self._match_view = (fields, MatchView(*fields))
        match = kept[1]
        hand = self.hand
        if hand is None:
            return Observation(family=self.family.name, seat=seat, match=match, over=True)
        legal = self._legal(hand, seat) if seat is not None else []  # (observe copies what it keeps)
        return hand.observe(seat, match, legal, over=False)

    # -------------------------------------------------------------- invariants
    def verify(self) -> None:
        """Check that every physical tile is in exactly one place and points are conserved."""
        hand = self.hand
        if hand is None:
            return
        places: list[int] = list(hand.wall.undrawn())
        for p in hand.players:
            places.extend(p.hand)
            places.extend(p.flowers)
            for m in hand.players[hand.players.index(p)].melds:
                places.extend(m.tiles)
            places.extend(d.tile for d in p.discards if d.claimed_by is None)
        expected = sorted(hand.wall.tiles)
        if sorted(places) != expected:
            seen: dict[int, int] = {}
            for t in places:
                seen[t] = seen.get(t, 0) + 1
            dup = sorted(t for t, c in seen.items() if c > 1)
            missing = sorted(set(expected) - set(seen))
            raise InvariantError(f"tiles out of place: duplicated {dup}, missing {missing}")
        total = sum(hand.scores) + hand.pot * self.family.stick_points(self.rules)
        if total != self._points_total:
            raise InvariantError(f"points not conserved: {total} != {self._points_total}")
        for s, p in enumerate(hand.players):  # the views the observations keep (flow.pond_views)
            fresh = tuple(DiscardView(d.tile, d.tsumogiri, d.sideways, d.claimed_by) for d in p.discards)
            if hand.pond_views(s) != fresh or hand.meld_views(s) != tuple(meld_view(m) for m in p.melds):
                raise InvariantError(f"seat {s}: the observed pond or melds differ from the hand's")
            for viewer in (s, None):  # the seat views the observations keep (flow.seat_view)
                if hand.seat_view(s, viewer) != hand.fresh_seat_view(s, viewer):
                    raise InvariantError(f"seat {s}: the observed seat differs from the hand's")
        problem = hand.check_kept()
        if problem is not None:
            raise InvariantError(problem)
        if hand.phase is not Phase.OVER:
            for p in hand.players:
                sets = hand.shape.sets
                if not p.won and len(p.hand) + 3 * len(p.melds) not in (3 * sets + 1, 3 * sets + 2):
                    raise InvariantError(f"a hand holds {len(p.hand)} tiles with {len(p.melds)} melds")


def _checked(action: Action) -> Action:
    """``action`` built again from its fields (each checked by the constructor), or IllegalAction."""
    try:
        return Action(action.seat, action.type, action.tile, action.tiles, action.suit)
    except (ValueError, TypeError, AttributeError) as exc:
        raise IllegalAction(f"malformed action: {_one_line(str(exc))}") from None


def _matching(hand: HandFlow, action: Action, legal: list[Action]) -> bool:
    """Whether checked ``action`` is one of ``legal``, or a call among them naming other physical
    copies of the same faces that the seat holds."""
    if action in legal:
        return True
    return any(_same_call(c, action, hand.red_tiles) for c in legal) and _tiles_in_hand(hand, action)


def _same_call(legal: Action, action: Action, red: frozenset[int]) -> bool:
    """Whether ``action`` is ``legal`` naming other physical copies of the same faces: every other
    field (seat, type, the claimed tile, the suit) is the same."""
    if (
        legal.type is not action.type
        or legal.seat != action.seat
        or legal.tile != action.tile
        or legal.suit != action.suit
    ):
        return False
    if len(legal.tiles) != len(action.tiles) or not legal.tiles:
        return False

    def faces(tiles: tuple[int, ...]) -> list[tuple[int, bool]]:
        return sorted((kind_of(t), t in red) for t in tiles)

    return faces(legal.tiles) == faces(action.tiles)


def _tiles_in_hand(hand: HandFlow, action: Action) -> bool:
    own = list(hand.players[action.seat].hand)
    for t in action.tiles:
        if t not in own:
            return False
        own.remove(t)
    return True


def _one_line(text: str, limit: int = 200) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _shown(value: object) -> str:
    """A short one-line picture of something that is not an action."""
    try:
        text = repr(value)
    except Exception:  # a hostile __repr__, or an integer too long to print
        text = f"a {type(value).__name__}"
    return _one_line(text, 80)
