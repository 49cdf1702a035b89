"""Stepping through a recorded game: what a replay viewer drives.

A :class:`Replayer` holds a game record (ruleset, seed or walls, start, actions) and a *position*: how
many of its actions have been applied (0 .. ``len(replayer)``). At any position it gives what the
table draws — :meth:`~Replayer.observation` of any seat, :meth:`~Replayer.open_observation` with every
hand face up, the practice :meth:`~Replayer.analysis` of a seat, the action taken next
(:meth:`~Replayer.step_at`) and, right after a hand's last action, that hand's settlement report
(:meth:`~Replayer.finished_report`). It moves by action (:meth:`~Replayer.forward`,
:meth:`~Replayer.back`), by turn (:meth:`~Replayer.next_turn`, :meth:`~Replayer.previous_turn`: the
positions where a seat acts on its own turn, claims and passes skipped) and by hand
(:meth:`~Replayer.goto_hand`), or to any position (:meth:`~Replayer.goto`, the review's "jump to").

Moving forward applies actions; moving back rebuilds the hand from its start (a game started from the
match state the hand began with), so no position costs more than one hand's actions. The games it
hands out are its own: read them, never apply to them.

>>> from engine.game.game import Game
>>> from engine.agents.simple import SimpleAgent
>>> from engine.game.play import play_hand
>>> from engine.rules import default_ruleset
>>> game = Game(default_ruleset("riichi"), seed=3)
>>> play_hand(game, [SimpleAgent(s) for s in range(4)])
>>> r = Replayer.from_game(game)
>>> r.goto(len(r)); r.finished_report() is not None
True
>>> r.goto(5); r.back(); r.position, r.step_at(4).action == game.actions[4]
(4, True)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.game.actions import CLAIM_TYPES, PRACTICE_TYPES, Action
from engine.game.game import Game
from engine.game.match import MatchState
from engine.game.observation import Observation
from engine.game.seat_analysis import SeatAnalysis
from engine.game.settlement import SettlementReport


@dataclass(frozen=True, slots=True)
class StepInfo:
    """One action of the record: where it stands and what it did."""

    index: int  # its position: the actions applied before it
    hand: int  # the hand it belongs to (0 = the first hand of the record)
    action: Action
    turn: bool  # a seat acting on its own turn (not a claim, a pass or a practice tool)
    ends_hand: bool  # the hand ended with it

    @property
    def seat(self) -> int:
        return self.action.seat


@dataclass(frozen=True)
class HandStart:
    """Where a hand begins: its first position and the match as it stood."""

    position: int
    match: MatchState


class Replayer:
    """A recorded game and a position in it (see the module text)."""

    def __init__(
        self,
        rules: Any,
        actions: Sequence[Action],
        *,
        seed: int | str = 0,
        walls: Sequence[Sequence[int]] | None = None,
        start: MatchState | None = None,
        practice: bool = False,
        names: tuple[str, ...] = (),
    ) -> None:
        self.rules = rules
        self.names = names  # the players' names an imported log gives (empty otherwise)
        self.seed = seed
        self.walls = [list(w) for w in walls] if walls is not None else None
        self.start = start
        self.practice = practice
        self.actions = list(actions)
        full = self._new_game(0, start)
        self.steps: list[StepInfo] = []
        self.hands: list[HandStart] = [HandStart(0, _copy(full.match))]
        for index, action in enumerate(self.actions):
            hand = len(full.results)
            full.apply(action)
            ended = len(full.results) > hand
            turn = action.type not in CLAIM_TYPES and action.type not in PRACTICE_TYPES
            self.steps.append(StepInfo(index, hand, action, turn, ended))
            if ended and full.hand is not None:
                self.hands.append(HandStart(index + 1, _copy(full.match)))
        self.reports: list[SettlementReport] = list(full.reports)
        self.final = full  # the game after every action
        self._game = self._new_game(0, start)
        self._hand = 0
        self.position = 0

    @classmethod
    def from_game(cls, game: Game) -> Replayer:
        """Step through ``game`` (as far as it has been played)."""
        return cls(
            game.rules,
            game.actions,
            seed=game.seed,
            walls=game.walls,
            start=game.start,
            practice=game.practice,
        )

    @classmethod
    def open(cls, path: Path | str, *, rules: Any = None) -> Replayer:
        """Step through any record file ``tilehouse replay`` reads (an imported log on its rebuilt walls);
        :class:`~engine.loading.LoadError` (one line) when it cannot be read."""
        from engine.records.formats import load_game

        loaded = load_game(path, rules=rules)
        replayer = cls.from_game(loaded.game)
        replayer.names = loaded.names
        return replayer

    # ------------------------------------------------------------------ where
    def __len__(self) -> int:
        return len(self.actions)

    @property
    def game(self) -> Game:
        """The game at the position (read only)."""
        return self._game

    @property
    def hand(self) -> int:
        """The hand in play at the position (after a hand's last action: the next one)."""
        return self._hand_of(self.position)

    def turns(self) -> list[int]:
        """Every position where a seat acts on its own turn."""
        return [s.index for s in self.steps if s.turn]

    def step_at(self, position: int) -> StepInfo | None:
        """The action taken at ``position`` (None at the end)."""
        return self.steps[position] if 0 <= position < len(self.steps) else None

    def finished_report(self) -> SettlementReport | None:
        """The report of the hand that the action just before the position ended (None otherwise)."""
        if self.position == 0:
            return None
        last = self.steps[self.position - 1]
        return self.reports[last.hand] if last.ends_hand and last.hand < len(self.reports) else None

    # ------------------------------------------------------------------- move
    def goto(self, position: int) -> None:
        """Move to ``position`` (clamped to 0 .. len)."""
        position = max(0, min(len(self.actions), position))
        hand = self._hand_of(position)
        if hand != self._hand or position < self.position:
            start = self.hands[hand]
            self._game = self._new_game(hand, start.match)
            self._hand = hand
            self.position = start.position
        while self.position < position:
            self._game.apply(self.actions[self.position])
            self.position += 1
        self._hand = self._hand_of(self.position)

    def forward(self) -> None:
        self.goto(self.position + 1)

    def back(self) -> None:
        self.goto(self.position - 1)

    def next_turn(self) -> None:
        """To the next position where a seat acts on its own turn (the end when there is none)."""
        later = [p for p in self.turns() if p > self.position]
        self.goto(later[0] if later else len(self.actions))

    def previous_turn(self) -> None:
        earlier = [p for p in self.turns() if p < self.position]
        self.goto(earlier[-1] if earlier else 0)

    def goto_hand(self, hand: int) -> None:
        """To the start of ``hand`` (its deal; clamped to the hands there are)."""
        hand = max(0, min(len(self.hands) - 1, hand))
        self.goto(self.hands[hand].position)

    # ---------------------------------------------------------------- see
    def observation(self, seat: int | None) -> Observation:
        """What ``seat`` sees at the position (None: a spectator)."""
        return self._game.observation(seat)

    def open_observation(self) -> Observation:
        """The table at the position with every hand face up (seat None, every seat's tiles shown)."""
        table = self._game.observation(None)
        if not table.seats:
            return table
        seats = tuple(self._game.observation(s).seats[s] for s in range(len(table.seats)))
        return dataclasses.replace(table, seats=seats)

    def analysis(self, seat: int) -> SeatAnalysis:
        """The practice analysis of ``seat`` at the position."""
        return self._game.analysis(seat)

    # ---------------------------------------------------------------- inner
    def _hand_of(self, position: int) -> int:
        hand = 0
        for index, start in enumerate(self.hands):
            if start.position <= position:
                hand = index
        return hand

    def _new_game(self, hand: int, match: MatchState | None) -> Game:
        walls = self.walls[hand:] if self.walls is not None else None
        return Game(self.rules, seed=self.seed, walls=walls, start=match, practice=self.practice)


def _copy(match: MatchState) -> MatchState:
    return MatchState.from_json(match.to_json())
