"""What-to-discard drill: positions sampled from simulated games, answered by the strong AI.

A position is the observation of one seat at a turn where it must discard (nothing else is legal:
no win, kan or riichi to declare), taken from a game played by the engine's simple agents. The
position is found again from its ``(family, ruleset, seed)``, so a drill can be replayed and tested.

The answer ranks every distinct discard with :func:`engine.ai.hints.rank_options`: the strong AI's
judgement (expected value, defence, plans) and its reasons in English and Chinese. Options within
1% of the family's unit of value of each other (riichi: 10 points) share a rank (the hints' own,
``engine.ai.hints.TIE``), so a tie-break
between equally good tiles never marks an answer wrong. Every option also carries its shanten and
acceptance (ukeire: the kinds that lower the shanten and how many unseen copies of them remain),
computed from the seat's own view only.

>>> from engine.rules import default_ruleset
>>> position = discard_position("riichi", seed="doc")
>>> options = position.options()
>>> options[0].rank, len(options) >= 3, position.grade(options[0].tile).correct
(1, True, True)
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from engine.agents.simple import SimpleAgent
from engine.ai.hints import Hint, rank_options
from engine.ai.plugin import plugin_for
from engine.ai.view import View
from engine.analysis.acceptance import acceptance, shanten_of
from engine.analysis.shape import HandShape
from engine.game.actions import Action, ActionType
from engine.game.game import Game
from engine.game.observation import Observation
from engine.rules import RulesetBase, default_ruleset, from_dict, to_dict
from engine.tiles import TileFace, format_faces, format_kinds, is_red, kind_of, suit_of

A = ActionType
MIN_CHOICES = 3  # distinct discards a position must offer
TURNS = (3, 12)  # own discards made before the position, sampled in this range
MAX_GAMES = 40


@dataclass(frozen=True)
class DiscardOption:
    """One distinct discard (copies of a face count once), ranked. ``rank`` 1 is the best; options
    with the same score share a rank."""

    tile: int
    kind: int
    red: bool
    rank: int
    score: float
    shanten: int
    accept_kinds: tuple[int, ...]
    accept_count: int
    reasons_en: tuple[str, ...] = ()
    reasons_zh: tuple[str, ...] = ()

    @property
    def face(self) -> str:
        return format_faces([TileFace(self.kind, self.red)])

    def to_json(self) -> dict[str, Any]:
        return {
            "tile": self.tile,
            "face": self.face,
            "rank": self.rank,
            "score": round(self.score, 3),
            "shanten": self.shanten,
            "accept": format_kinds(self.accept_kinds),
            "accept_count": self.accept_count,
            "reasons_en": list(self.reasons_en),
            "reasons_zh": list(self.reasons_zh),
        }


@dataclass(frozen=True)
class DiscardGrade:
    """How a chosen discard compares: ``correct`` when it is (one of) the best; ``score`` 0..100."""

    chosen: DiscardOption
    best: tuple[DiscardOption, ...]
    correct: bool
    score: int


@dataclass
class DiscardPosition:
    family: str
    ruleset: dict[str, Any]
    seed: str
    seat: int
    observation: Observation
    legal: list[Action]
    game_seed: str = ""
    action_index: int = 0  # how many actions of the game had been applied
    _options: list[DiscardOption] | None = field(default=None, repr=False, compare=False)

    # ------------------------------------------------------------ reading
    def rules(self) -> RulesetBase:
        return from_dict(self.ruleset, source="drill position")

    @property
    def red_fives(self) -> bool:
        return bool(self.ruleset.get("red_fives", False))

    @property
    def hand(self) -> list[int]:
        return list(self.observation.seats[self.seat].hand or ())

    @property
    def drawn(self) -> int | None:
        return self.observation.seats[self.seat].drawn

    def face_of(self, tile: int) -> TileFace:
        return TileFace(kind_of(tile), self.red_fives and is_red(tile))

    # ------------------------------------------------------------ answer
    def options(self) -> list[DiscardOption]:
        """Every distinct discard, best first (computed once)."""
        if self._options is None:
            self._options = self._rank()
        return list(self._options)

    def option_for(self, tile: int) -> DiscardOption:
        face = self.face_of(tile)
        for option in self.options():
            if (option.kind, option.red) == face:
                return option
        raise ValueError(f"{format_faces([face])} is not a legal discard here")

    def grade(self, tile: int) -> DiscardGrade:
        options = self.options()
        chosen = self.option_for(tile)
        best = tuple(o for o in options if o.rank == 1)
        top, bottom = options[0].score, options[-1].score
        if chosen.rank == 1 or top - bottom <= 1e-9:
            score = 100
        else:
            score = max(0, min(99, round(100 * (chosen.score - bottom) / (top - bottom))))
        return DiscardGrade(chosen, best, chosen.rank == 1, score)

    def _rank(self) -> list[DiscardOption]:
        discards = [a for a in self.legal if a.type is A.DISCARD and a.tile is not None]
        shapes = self._acceptance(discards)
        scored: list[Hint] = []
        seen_faces: set[TileFace] = set()
        for hint in rank_options(self.observation, discards, rules=self.rules()):
            assert hint.option.tile is not None
            face = self.face_of(hint.option.tile)
            if face in seen_faces:  # the AI tells copy 0 of a five apart even without red fives
                continue
            seen_faces.add(face)
            scored.append(hint)
        out: list[DiscardOption] = []
        rank = 0
        for index, hint in enumerate(scored):
            # the hints' rank (options within hints.TIE of a unit share one), counted over the faces
            if index == 0 or hint.rank != scored[index - 1].rank:
                rank = index + 1
            action, score = hint.option, hint.score
            en, zh = tuple(hint.reasons_en), tuple(hint.reasons_zh)
            assert action.tile is not None
            face = self.face_of(action.tile)
            sh, kinds, count = shapes[face]
            out.append(DiscardOption(action.tile, face.kind, face.red, rank, score, sh, kinds, count, en, zh))
        return out

    def _acceptance(self, discards: list[Action]) -> dict[TileFace, tuple[int, tuple[int, ...], int]]:
        view = View.from_observation(self.observation)
        shape: HandShape = plugin_for(self.family, self.rules()).shape(view)
        counts = list(view.counts)
        out: dict[TileFace, tuple[int, tuple[int, ...], int]] = {}
        for a in discards:
            assert a.tile is not None
            face = self.face_of(a.tile)
            if face in out:
                continue
            k = face.kind
            wilds = view.wilds
            if k < 34 and k not in view.wild_kinds:
                counts[k] -= 1
            else:
                wilds -= 1
            sh, kinds, count = acceptance(shape, counts, view.exposed, max(0, wilds), view.unseen)
            if k < 34 and k not in view.wild_kinds:
                counts[k] += 1
            out[face] = (sh, tuple(kinds), count)
        return out

    # --------------------------------------------------------------- JSON
    def to_json(self) -> dict[str, Any]:
        return {
            "family": self.family,
            "ruleset": self.ruleset,
            "seed": self.seed,
            "seat": self.seat,
            "observation": self.observation.to_json(),
            "legal": [a.to_json() for a in self.legal],
            "game_seed": self.game_seed,
            "action_index": self.action_index,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> DiscardPosition:
        observation = dict(data["observation"])
        if "players" in observation:  # written before observations were typed: find it again
            return discard_position(
                str(data["family"]),
                from_dict(dict(data["ruleset"]), source="drill position"),
                seed=str(data["seed"]),
            )
        return cls(
            family=str(data["family"]),
            ruleset=dict(data["ruleset"]),
            seed=str(data["seed"]),
            seat=int(data["seat"]),
            observation=Observation.from_json(observation),
            legal=[Action.from_json(a) for a in data["legal"]],
            game_seed=str(data.get("game_seed", "")),
            action_index=int(data.get("action_index", 0)),
        )


def _interesting(game: Game, seat: int, legal: list[Action], red_fives: bool) -> bool:
    if not legal or any(a.type is not A.DISCARD for a in legal):
        return False
    faces = {(kind_of(a.tile), red_fives and is_red(a.tile)) for a in legal if a.tile is not None}
    if len(faces) < MIN_CHOICES:
        return False
    obs = game.observation(seat)
    me = obs.me
    lack = me.lacking_suit
    if lack is not None and any(suit_of(kind_of(t)) == lack for t in me.hand or ()):
        return False  # the lacking suit must go first: no real choice
    view = View.from_observation(obs)
    shape = plugin_for(view.family, game.rules).shape(view)
    return shanten_of(shape, view.counts, view.exposed, view.wilds) <= 3


def discard_position(
    family: str = "riichi", rules: RulesetBase | None = None, *, seed: int | str = 0
) -> DiscardPosition:
    """A position from a simulated game, found again from the same family, ruleset and seed."""
    rules = rules if rules is not None else default_ruleset(family)
    if rules.family != family:
        raise ValueError(f"the ruleset is for {rules.family}, not {family}")
    red_fives = bool(getattr(rules, "red_fives", False))
    rng = random.Random(f"discard-drill:{family}:{seed}")
    for attempt in range(MAX_GAMES):
        game_seed = f"drill:{seed}:{attempt}"
        game = Game(rules, seed=game_seed)
        seat = rng.randrange(rules.players)
        target = rng.randint(*TURNS)
        agents = [SimpleAgent(f"{game_seed}:{s}") for s in range(rules.players)]
        own_turns = 0
        while not game.over and not game.results:
            for s in game.pending():
                if s not in game.pending():
                    continue
                legal = game.legal_actions(s)
                obs = game.observation(s)
                if s == seat and legal and all(a.type is A.DISCARD for a in legal):
                    own_turns += 1
                    if own_turns >= target and _interesting(game, s, legal, red_fives):
                        return DiscardPosition(
                            family=family,
                            ruleset=to_dict(rules),
                            seed=str(seed),
                            seat=s,
                            observation=obs,
                            legal=list(legal),
                            game_seed=game_seed,
                            action_index=len(game.actions),
                        )
                game.apply(agents[s].choose(obs, legal))
    raise RuntimeError(f"no {family} discard position found for seed {seed!r}")
