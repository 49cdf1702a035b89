"""Malformed and illegal actions are refused and change nothing, in every family (issue 13).

At random points of random games of every family (the set-up, turns, claim windows, a finished
match; practice games and others) the property test tries malformed actions of every kind:

* built directly with a field of the wrong type or range (floats, bools, strings, None, lists, huge
  and negative integers, seats past 7, tiles past 143, a suit on anything but ``declare_lack`` or a
  missing one there): the constructor raises ``ValueError`` with one line naming the field;
* the same fields forced into an action behind the constructor's back: the game refuses them;
* well-formed but illegal: another seat (not pending, or not at this table), a tile not in the hand,
  another copy of a held kind, a wrong suit, a call of the right type with the wrong tiles, random
  actions, practice tools outside practice games or with wrong fields, anything after the match;
* ``Action.from_json`` of random JSON objects and of legal actions' JSON with one field changed: it
  accepts exactly the objects of the documented exact types and ranges, and the game refuses what it
  builds unless it is legal.

After each refusal every seat's observation (and the spectator's), the action list, the events and
the wall are what they were before.
"""

from __future__ import annotations

import json
import math
import random
from collections import Counter
from typing import Any, TypeVar

import pytest
from hypothesis import HealthCheck, currently_in_test_context, event, given, settings
from hypothesis import strategies as st

from engine.agents.simple import SimpleAgent
from engine.families.registry import family_names, get_family
from engine.game import practice
from engine.game.actions import PRACTICE_TYPES, Action, ActionType, MalformedAction
from engine.game.errors import IllegalAction
from engine.game.flow import Phase
from engine.game.game import Game, _same_call
from engine.messages import Message
from engine.rules import default_ruleset
from engine.rules.schema import Ruleset
from engine.rules.sichuan import SichuanRules
from engine.tiles import kind_of

A = ActionType
T = TypeVar("T")
FAMILIES = family_names()
HUGE = 10**5000  # (too long to print: used in the single cases only)
FIELDS = ("seat", "type", "tile", "tiles", "suit")
TYPE_NAMES = [t.value for t in ActionType]

# ------------------------------------------------------------------------ values of wrong types
# integers of 30 to 4,000 digits, either sign (hypothesis must print what it draws: not 5,000 digits)
HUGE_INTS = st.builds(lambda e, sign: sign * 10**e, st.integers(30, 4000), st.sampled_from([1, -1]))
_WRONG_TYPES = st.one_of(
    st.floats(allow_nan=True, allow_infinity=True),
    st.booleans(),
    st.text(max_size=6),
    st.sampled_from(["0", "zero", "5", "discard", "1.0", ""]),
    st.lists(st.integers(0, 143), max_size=3),
    st.dictionaries(st.text(max_size=2), st.integers(), max_size=2),
    HUGE_INTS,
    st.just(object()),
)
BAD_SEAT = st.one_of(_WRONG_TYPES, st.none(), st.integers(max_value=-1), st.integers(min_value=8))
BAD_TYPE = st.one_of(
    _WRONG_TYPES.filter(lambda v: not (isinstance(v, str) and v in TYPE_NAMES)),
    st.none(),
    st.integers(),
    st.sampled_from(["Discard", "DISCARD", "pong", "kan", " pass", "discard\n"]),
)
BAD_TILE = st.one_of(_WRONG_TYPES, st.integers(max_value=-1), st.integers(min_value=144))
BAD_TILES = st.one_of(
    st.text(max_size=4),
    st.integers(),
    st.none(),
    st.floats(),
    st.frozensets(st.integers(0, 143), max_size=3),
    st.dictionaries(st.integers(0, 143), st.integers(), max_size=2),
    st.tuples(st.lists(st.integers(0, 143), max_size=3), BAD_TILE, st.integers(0, 3)).map(
        lambda parts: [*parts[0][: parts[2]], parts[1], *parts[0][parts[2] :]]  # one bad tile among good
    ),
)
BAD_SUIT_ON_LACK = st.one_of(_WRONG_TYPES, st.none(), st.integers(max_value=-1), st.integers(min_value=3))
ANY_SUIT = st.one_of(_WRONG_TYPES, st.integers())  # never None: every value is wrong off declare_lack
BAD_VALUE = {"seat": BAD_SEAT, "type": BAD_TYPE, "tile": BAD_TILE, "tiles": BAD_TILES}

# ------------------------------------------------------------------------ JSON values
JSON_SCALAR = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 150),
    st.integers(),
    HUGE_INTS,
    st.floats(allow_nan=False, allow_infinity=False),
    st.sampled_from([0.0, 1.0, 0.9, -1.0]),
    st.text(max_size=6),
    st.sampled_from(TYPE_NAMES),
)
JSON_VALUE = st.recursive(
    JSON_SCALAR,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=4), inner, max_size=3)
    ),
    max_leaves=6,
)
FIELD_VALUE = {
    "seat": st.one_of(st.integers(-2, 9), JSON_VALUE),
    "type": st.one_of(st.sampled_from(TYPE_NAMES), JSON_VALUE),
    "tile": st.one_of(st.integers(-2, 146), JSON_VALUE),
    "tiles": st.one_of(st.lists(st.integers(-2, 146), max_size=4), JSON_VALUE),
    "suit": st.one_of(st.integers(-1, 3), JSON_VALUE),
}
JSON_KEY = st.one_of(st.sampled_from(FIELDS), st.text(max_size=5))


@st.composite
def json_objects(draw: st.DrawFn) -> Any:
    """A random JSON value, mostly an object with some of an action's fields."""
    if draw(st.integers(0, 9)) == 0:
        return draw(JSON_VALUE)
    keys = draw(st.lists(JSON_KEY, max_size=6, unique=True))
    return {k: draw(FIELD_VALUE.get(k, JSON_VALUE)) for k in keys}


def json_acceptable(data: Any) -> bool:
    """The documented strict form of an action's JSON (an independent statement of the contract)."""
    if type(data) is not dict or set(data) - set(FIELDS) or "seat" not in data or "type" not in data:
        return False
    seat, kind = data["seat"], data["type"]
    tile, tiles, suit = data.get("tile"), data.get("tiles", []), data.get("suit")
    if type(seat) is not int or not 0 <= seat < 8:
        return False
    if type(kind) is not str or kind not in TYPE_NAMES:
        return False
    if tile is not None and (type(tile) is not int or not 0 <= tile < 144):
        return False
    if type(tiles) is not list or any(type(t) is not int or not 0 <= t < 144 for t in tiles):
        return False
    if kind == "declare_lack":
        return type(suit) is int and 0 <= suit <= 2
    return suit is None


# ------------------------------------------------------------------------ the game and its state
def state(game: Game) -> str:
    """Everything a refused action must leave as it was."""
    seats: list[int | None] = [*range(len(game.match.scores)), None]
    hand = game.hand
    return json.dumps(
        {
            "views": [game.observation(s).to_json() for s in seats],
            "actions": [a.to_json() for a in game.actions],
            "events": len(game.events),
            "results": len(game.results),
            "match": game.match.to_json(),
            "wall": None if hand is None else [list(hand.wall.tiles), hand.wall.head, hand.wall.replacements],
            "practice_used": game.practice_used,
        },
        sort_keys=True,
    )


def all_legal(game: Game) -> list[Action]:
    return [a for s in range(len(game.match.scores)) for a in game.legal_actions(s)]


def faces(tiles: tuple[int, ...], red: frozenset[int]) -> list[tuple[int, bool]]:
    return sorted((kind_of(t), t in red) for t in tiles)


def may_be_legal(game: Game, action: Action) -> bool:
    """Whether a well-formed action might be legal: one of the listed ones, or a listed call named with
    other copies of the same faces (then only the game knows whether the seat holds them)."""
    red = game.hand.red_tiles if game.hand is not None else frozenset()
    if action.type in PRACTICE_TYPES and game.practice and game.hand is not None:
        try:  # practice tools are not listed among the legal actions: the game checks them itself
            practice.check(game, action)
        except IllegalAction:
            return False
        return True
    for c in all_legal(game):
        if c == action:
            return True
        same = (c.seat, c.type, c.tile, c.suit) == (action.seat, action.type, action.tile, action.suit)
        if same and c.tiles and faces(c.tiles, red) == faces(action.tiles, red):
            return True
    return False


class Checker:
    """Tries actions on one game at one point and checks each refusal changed nothing."""

    def __init__(self, game: Game, kinds: Counter[str]) -> None:
        self.game = game
        self.before = state(game)
        self.actions = list(game.actions)
        self.kinds = kinds

    def refused(self, action: object, kind: str) -> None:
        """``action`` must be refused by ``apply`` (and ``why_not``) with the state unchanged."""
        game = self.game
        with pytest.raises(IllegalAction) as caught:
            game.apply(action)  # type: ignore[arg-type]
        message = str(caught.value)
        assert message and "\n" not in message, message
        assert game.why_not(action) is not None  # type: ignore[arg-type]
        assert game.actions == self.actions
        assert state(game) == self.before, (kind, action)
        self.kinds[kind] += 1
        if currently_in_test_context():
            event(f"refused: {kind}")

    def refused_unless_legal(self, action: Action, kind: str) -> None:
        if not self.game.over and may_be_legal(self.game, action):
            self.kinds[kind + " (legal, skipped)"] += 1
            return
        self.refused(action, kind)

    def malformed(self, fields: dict[str, Any], field: str, kind: str) -> None:
        """Building an action from ``fields`` must raise ValueError naming ``field``; the same fields
        forced into an action are refused by the game."""
        with pytest.raises(ValueError) as caught:
            Action(**fields)
        message = str(caught.value)
        assert "\n" not in message and field in message, (field, message)
        assert isinstance(caught.value, MalformedAction)
        self.kinds["constructor: " + kind] += 1
        forged = Action(0, A.PASS)
        for name in FIELDS:
            object.__setattr__(forged, name, fields[name])
        if any(_equal(forged, c) for c in all_legal(self.game)):
            self.kinds["forged (equal to a legal action, skipped)"] += 1
            return
        self.refused(forged, "forged: " + kind)


def _equal(a: Action, b: Action) -> bool:
    try:
        return bool(a == b)
    except Exception:
        return False


STOPS = ("anywhere", "claim", "turn", "setup", "over")
"""Where a game is stopped to be tried: after its random moves, or from there on at the next claim
window or turn, at the set-up (at once: only Sichuan has one), or at the end of a one-hand match."""


def rules_for(family: str, variant: bool) -> Ruleset:
    """The family's default rules, or a variant with more kinds of actions (Sichuan's 换三张)."""
    if family == "sichuan" and variant:
        return SichuanRules(exchange_three=True)
    return default_ruleset(family)


def play_to_a_point(family: str, seed: int, moves: int, practice: bool, stop: str) -> Game:
    rules = rules_for(family, seed % 2 == 0)
    if stop == "over":  # a one-hand match, played to its end
        wall = get_family(family).shuffle_wall(rules, random.Random(seed))
        game = Game(rules, seed=seed, walls=[wall], practice=practice, check_invariants=True)
        moves = 10_000
    else:
        game = Game(rules, seed=seed, practice=practice, check_invariants=True)
        if stop == "setup":
            moves = moves % 3
    rng = random.Random(seed)
    agents = [SimpleAgent(f"{seed}:{s}") for s in range(len(game.match.scores))]
    played = 0
    while not game.over and played < moves + 400:
        hand = game.hand
        wanted = {"claim": Phase.CLAIM, "turn": Phase.TURN}.get(stop)
        if played >= moves and (wanted is None or (hand is not None and hand.phase is wanted)):
            break
        seat = rng.choice(game.pending())
        legal = game.legal_actions(seat)
        if rng.random() < 0.5:
            game.apply(rng.choice(legal))
        else:
            game.apply(agents[seat].choose(game.observation(seat), legal))
        played += 1
    return game


# ------------------------------------------------------------------------ the property
KINDS: dict[str, Counter[str]] = {f: Counter() for f in FAMILIES}
"""What the property test tried, per family (for the coverage test below)."""
RAN: dict[str, set[tuple[str, bool]]] = {f: set() for f in FAMILIES}
"""The (stop, practice) points each family's property test finished."""
EXAMPLES_PER_POINT = 3
"""Examples for each family, stop and practice flag: 3 families x 10 points x 3, 15 s or less."""


@pytest.mark.parametrize("practice", [False, True], ids=["plain", "practice"])
@pytest.mark.parametrize("stop", STOPS)
@pytest.mark.parametrize("family", FAMILIES)
@settings(
    max_examples=EXAMPLES_PER_POINT,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(
    seed=st.integers(0, 100_000),
    moves=st.integers(0, 160),
    data=st.data(),
)
def test_malformed_actions_are_refused_and_change_nothing(
    family: str, seed: int, moves: int, practice: bool, stop: str, data: st.DataObject
) -> None:
    game = play_to_a_point(family, seed, moves, practice, stop)
    phase = "over" if game.hand is None else game.hand.phase.value
    event(f"{family} at {phase}{' (practice)' if practice else ''}")
    kinds = KINDS[family]
    RAN[family].add((stop, practice))
    check = Checker(game, kinds)
    n = len(game.match.scores)
    hand = game.hand
    pending = game.pending()
    legal = all_legal(game)
    wall_tiles = sorted(get_family(family).tiles)

    def draw(strategy: st.SearchStrategy[T], label: str | None = None) -> T:
        return data.draw(strategy, label=label)

    def base() -> Action:
        """A well-formed action to spoil: a legal one when there is one."""
        if draw(st.booleans()) and legal:
            return draw(st.sampled_from(legal))
        return Action(draw(st.integers(0, n - 1)), A.DISCARD, tile=draw(st.sampled_from(wall_tiles)))

    def fields_of(a: Action) -> dict[str, Any]:
        return {"seat": a.seat, "type": a.type, "tile": a.tile, "tiles": a.tiles, "suit": a.suit}

    # 1. a field of the wrong type or range, built directly (and forced in behind the constructor)
    for field in ("seat", "type", "tile", "tiles"):
        for _ in range(2):
            fields = fields_of(base())
            fields[field] = draw(BAD_VALUE[field], label=field)
            if field == "type" and fields["suit"] is not None:
                fields["suit"] = None  # (the suit rule is tried below)
            check.malformed(fields, field, f"bad {field}")
    for _ in range(2):  # a suit off declare_lack, or a bad or missing one on it
        fields = fields_of(base())
        if fields["type"] is A.DECLARE_LACK:
            fields["suit"] = draw(BAD_SUIT_ON_LACK, label="suit")
        elif draw(st.booleans()):
            fields["suit"] = draw(ANY_SUIT, label="suit")
        else:
            fields.update(type=A.DECLARE_LACK, suit=draw(BAD_SUIT_ON_LACK, label="suit"))
        check.malformed(fields, "suit", "bad suit")
    # seats of this table's range (0..7) that the table does not have
    if n < 8:
        kind = draw(st.sampled_from([t for t in A if t is not A.DECLARE_LACK]))
        check.refused(Action(draw(st.integers(n, 7)), kind), "seat not at the table")

    # 2. not an action at all
    check.refused(draw(st.one_of(st.none(), st.integers(), st.text(max_size=5), JSON_VALUE)), "not an action")
    if legal:
        check.refused(draw(st.sampled_from(legal)).to_json(), "an action's JSON, not an action")

    # 3. well-formed but illegal
    if legal:
        a = draw(st.sampled_from(legal))
        others = [s for s in range(n) if s not in pending]
        if others:
            check.refused(
                Action(draw(st.sampled_from(others)), a.type, a.tile, a.tiles, a.suit), "out of turn"
            )
    if hand is not None:
        seat = draw(st.integers(0, n - 1))
        own = list(hand.players[seat].hand)
        absent = [t for t in wall_tiles if t not in own]
        kind = draw(st.sampled_from([A.DISCARD, A.RIICHI, A.ADDED_KAN, A.TSUMO, A.RON]))
        tile = draw(st.sampled_from(absent + [t for t in range(144) if t not in wall_tiles]))
        check.refused_unless_legal(Action(seat, kind, tile=tile), "tile not in the hand")
        copies = [t for t in absent if own and kind_of(t) in {kind_of(x) for x in own}]
        if copies:
            kind = draw(st.sampled_from([A.DISCARD, A.RIICHI]))
            check.refused(Action(seat, kind, tile=draw(st.sampled_from(copies))), "another copy")
        # a suit at the wrong moment, by the wrong seat
        lack = Action(draw(st.integers(0, n - 1)), A.DECLARE_LACK, suit=draw(st.integers(0, 2)))
        check.refused_unless_legal(lack, "declare_lack out of place")
        # calls of the right type with the wrong tiles
        calls = [c for c in legal if c.type in (A.CHI, A.PON, A.OPEN_KAN, A.CLOSED_KAN, A.EXCHANGE)]
        call = draw(st.sampled_from(calls)) if calls else None
        if call is None and hand.window is not None:
            seat = draw(st.sampled_from(sorted(hand.window.options) or [0]))
            call = Action(seat, draw(st.sampled_from([A.CHI, A.PON, A.OPEN_KAN])), tile=hand.window.tile)
        if call is not None:
            own = list(hand.players[call.seat].hand)
            absent = [t for t in wall_tiles if t not in own]
            how = draw(st.sampled_from(["replace", "duplicate", "drop", "extra", "claimed tile"]))
            tiles = list(call.tiles) or [draw(st.sampled_from(absent))]
            if how == "replace":
                tiles[draw(st.integers(0, len(tiles) - 1))] = draw(st.sampled_from(absent))
            elif how == "duplicate" and len(tiles) > 1:
                tiles[1] = tiles[0]
            elif how == "drop":
                tiles.pop()
            elif how == "extra":
                tiles.append(draw(st.sampled_from(own or absent)))
            claimed = call.tile
            if how == "claimed tile" and claimed is not None:
                claimed = draw(st.sampled_from([t for t in wall_tiles if t != claimed]))
            check.refused_unless_legal(
                Action(call.seat, call.type, claimed, tuple(tiles)),
                f"{call.type.value} with wrong tiles ({how})",
            )
    for _ in range(3):  # random well-formed actions
        any_type = draw(st.sampled_from(list(A)))
        random_action = Action(
            draw(st.integers(0, 7)),
            any_type,
            draw(st.none() | st.integers(0, 143)),
            tuple(draw(st.lists(st.integers(0, 143), max_size=4))),
            draw(st.integers(0, 2)) if any_type is A.DECLARE_LACK else None,
        )
        if random_action.type in PRACTICE_TYPES and game.practice:
            continue  # practice tools have their own cases below
        check.refused_unless_legal(random_action, "random")

    # 4. practice tools: anywhere outside practice games; with wrong fields or off turn in them
    seat = draw(st.integers(0, n - 1))
    tool = draw(st.sampled_from(sorted(PRACTICE_TYPES)))
    tool_tile = draw(st.none() | st.sampled_from(wall_tiles))
    if not game.practice:
        tool_tiles = tuple(draw(st.lists(st.sampled_from(wall_tiles), max_size=2)))
        check.refused(Action(seat, tool, tool_tile, tool_tiles), "practice tool in a non-practice game")
    elif hand is not None:
        on_turn = hand.turn if hand.phase is Phase.TURN else None
        off_turn = [s for s in range(n) if s != on_turn]
        live = {hand.wall.tiles[p] for p in hand.wall.live_positions()}
        seat = draw(st.sampled_from(off_turn))
        check.refused(
            Action(seat, tool, tool_tile, tuple(hand.players[seat].hand[:1])), "practice tool off turn"
        )
        if on_turn is not None:
            seat = on_turn
            own = list(hand.players[seat].hand)
            not_live = [t for t in wall_tiles if t not in live]
            not_held = [t for t in wall_tiles if t not in own]
            wrong = [
                Action(seat, A.PRACTICE_PEEK, tile=draw(st.sampled_from(wall_tiles))),
                Action(seat, A.PRACTICE_PEEK, tiles=(draw(st.sampled_from(wall_tiles)),)),
                Action(seat, A.PRACTICE_LOCATE),
                Action(seat, A.PRACTICE_LOCATE, tile=own[0], tiles=(own[0],)),
                Action(seat, A.PRACTICE_SWAP, tile=draw(st.sampled_from(not_held))),
                Action(seat, A.PRACTICE_SWAP, tile=own[0], tiles=(draw(st.sampled_from(not_live)),)),
                Action(seat, A.PRACTICE_SWAP, tile=own[0]),
            ]
            if len(live) >= 2:
                wrong.append(Action(seat, A.PRACTICE_SWAP, tile=own[0], tiles=tuple(sorted(live)[:2])))
            if [t for t in range(144) if t not in wall_tiles]:
                outside = draw(st.sampled_from([t for t in range(144) if t not in wall_tiles]))
                wrong.append(Action(seat, A.PRACTICE_LOCATE, tile=outside))
            for a in wrong:
                check.refused(a, "practice tool with wrong fields")

    # 5. after the match: every action, even one that was legal a moment before
    if game.over:
        for a in [Action(0, A.PASS), Action(n - 1, A.DISCARD, tile=wall_tiles[0]), *game.actions[-3:]]:
            check.refused(a, "after the match")

    # 6. Action.from_json of random JSON objects and of legal actions' JSON with one field changed
    for _ in range(6):
        if draw(st.booleans()) and legal:
            obj: Any = draw(st.sampled_from(legal)).to_json()
            how = draw(st.sampled_from(["change", "drop", "extra"]))
            if how == "change":
                key = draw(st.sampled_from(FIELDS))
                obj[key] = draw(FIELD_VALUE[key])
            elif how == "drop":
                obj.pop(draw(st.sampled_from(sorted(obj))))
            else:
                obj[draw(st.text(min_size=1, max_size=4).filter(lambda k: k not in FIELDS))] = 1
        else:
            obj = draw(json_objects())
        try:
            action = Action.from_json(obj)
        except ValueError as exc:
            message = str(exc)
            assert "\n" not in message and len(message) < 200, message
            assert not json_acceptable(obj), (obj, message)
            assert state(game) == check.before
            kinds["from_json refused"] += 1
            continue
        assert json_acceptable(obj), obj
        assert Action.from_json(action.to_json()) == action
        check.refused_unless_legal(action, "from_json, then illegal")


def test_every_kind_of_malformed_action_was_tried() -> None:
    """The property test above reached every kind of malformed action in every family whose points it
    all ran in this session (run alone, this test has nothing to look at)."""
    points = {(stop, practice) for stop in STOPS for practice in (False, True)}
    families = [f for f in FAMILIES if RAN[f] == points]
    if not families:
        pytest.skip("the property test did not run in this session")
    expected = [
        "constructor: bad seat",
        "constructor: bad type",
        "constructor: bad tile",
        "constructor: bad tiles",
        "constructor: bad suit",
        "forged: bad seat",
        "forged: bad type",
        "forged: bad tile",
        "forged: bad tiles",
        "forged: bad suit",
        "seat not at the table",
        "not an action",
        "an action's JSON, not an action",
        "out of turn",
        "tile not in the hand",
        "another copy",
        "declare_lack out of place",
        "random",
        "practice tool in a non-practice game",
        "practice tool off turn",
        "practice tool with wrong fields",
        "after the match",
        "from_json refused",
        "from_json, then illegal",
    ]
    for family in families:
        kinds = KINDS[family]
        missing = [k for k in expected if not kinds[k]]
        assert not missing, (family, missing, kinds)
        assert any("with wrong tiles" in k for k in kinds), (family, kinds)
    tried = Counter[str]()
    for family in families:
        tried.update(KINDS[family])
    assert any(k.endswith("with wrong tiles (replace)") for k in tried), tried


# ------------------------------------------------------------------------ single cases from issue 13
def _claim_point(family: str, want: ActionType) -> tuple[Game, Action]:
    for seed in range(200):
        game = Game(default_ruleset(family), seed=seed)
        rng = random.Random(seed)
        for _ in range(300):
            if game.over:
                break
            for a in all_legal(game):
                if a.type is want:
                    return game, a
            seat = rng.choice(game.pending())
            game.apply(rng.choice(game.legal_actions(seat)))
    raise AssertionError(f"no {want} found")


def test_a_chi_with_a_suit_is_malformed_and_a_forced_one_refused() -> None:
    game, chi = _claim_point("riichi", A.CHI)
    with pytest.raises(MalformedAction, match="'suit' belongs to declare_lack only"):
        Action(chi.seat, A.CHI, chi.tile, chi.tiles, suit=-1)
    check = Checker(game, Counter())
    for suit in (-1, 0, 2):
        forged = Action(chi.seat, A.CHI, chi.tile, chi.tiles)
        object.__setattr__(forged, "suit", suit)
        check.refused(forged, "forced suit")
        assert not _same_call(chi, forged, frozenset())  # the suit is compared on calls too
    game.apply(chi)
    assert game.actions[-1] == chi and game.actions[-1].suit is None


def test_a_float_tile_is_malformed_and_the_hand_keeps_its_tiles() -> None:
    game = Game(default_ruleset("riichi"), seed=4)
    seat = game.pending()[0]
    hand = game.hand
    assert hand is not None
    tile = hand.players[seat].hand[0]
    with pytest.raises(MalformedAction, match="'tile' must be a tile id"):
        Action(seat, A.DISCARD, tile=float(tile))  # type: ignore[arg-type]
    assert len(hand.players[seat].hand) == 14 and not game.actions
    # forced in: refused (not a listed action) or, when equal to one, the engine's own action is applied
    forged = Action(seat, A.DISCARD, tile=tile)
    object.__setattr__(forged, "tile", float(tile) + 0.5)
    Checker(game, Counter()).refused(forged, "forced float")
    object.__setattr__(forged, "tile", float(tile))
    assert game.why_not(forged) is None  # equal to a listed action: why_not agrees with apply
    game.apply(forged)
    assert type(game.actions[-1].tile) is int and game.actions[-1] is not forged
    assert len(hand.players[seat].hand) == 13


def test_a_type_given_as_a_string_is_converted() -> None:
    game = Game(default_ruleset("riichi"), seed=4)
    seat = game.pending()[0]
    hand = game.hand
    assert hand is not None
    action = Action(seat, "discard", tile=hand.players[seat].hand[0])
    assert action.type is A.DISCARD
    game.apply(action)
    assert game.actions[-1].type is A.DISCARD
    with pytest.raises(MalformedAction, match="unknown action type 'DISCARD'"):
        Action(seat, "DISCARD", tile=1)


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"seat": 0.9, "type": "discard", "tile": 5}, "seat"),
        ({"seat": True, "type": "discard", "tile": 5}, "seat"),
        ({"seat": "zero", "type": "discard", "tile": 5}, "seat"),
        ({"seat": None, "type": "discard", "tile": 5}, "seat"),
        ({"seat": [0], "type": "discard", "tile": 5}, "seat"),
        ({"seat": 0, "type": "discard", "tile": HUGE}, "tile"),
        ({"seat": 0, "type": "discard", "tile": 5.0}, "tile"),
        ({"seat": 0, "type": "discard", "tile": math.inf}, "tile"),
        ({"seat": 0, "type": "chi", "tile": 5, "tiles": [6, 7], "suit": -1}, "suit"),
        ({"seat": 0, "type": "chi", "tile": 5, "tiles": [6, 7], "suit": 0}, "suit"),
        ({"seat": 0, "type": "declare_lack"}, "suit"),
        ({"seat": 0, "type": "declare_lack", "suit": True}, "suit"),
        ({"seat": 0, "type": "pon", "tile": 5, "tiles": (6, 7)}, "tiles"),
        ({"seat": 0, "type": "pon", "tile": 5, "tiles": [6, "7"]}, "tiles"),
        ({"seat": 0, "type": 3}, "type"),
        ({"seat": 0, "type": "Discard"}, "type"),
        ({"seat": 0, "type": "pass", "who": 1}, "who"),
        ({"type": "pass"}, "seat"),
    ],
)
def test_from_json_is_strict_and_names_the_field(data: dict[str, Any], field: str) -> None:
    with pytest.raises(ValueError, match=field) as caught:
        Action.from_json(data)
    assert "\n" not in str(caught.value) and len(str(caught.value)) < 120


def test_from_json_accepts_the_documented_form() -> None:
    assert Action.from_json({"seat": 1, "type": "pon", "tile": 5, "tiles": [6, 7]}) == Action(
        1, A.PON, 5, (6, 7)
    )
    assert Action.from_json({"seat": 1, "type": "discard", "tile": 5, "suit": None}) == Action(
        1, A.DISCARD, tile=5
    )
    assert Action.from_json({"seat": 2, "type": "declare_lack", "suit": 2}).suit == 2
    for t in ActionType:
        if t is not A.DECLARE_LACK:
            assert Action.from_json({"seat": 7, "type": t.value}) == Action(7, t)


def test_seats_outside_the_table_and_non_actions_are_refused() -> None:
    for family in FAMILIES:
        game = Game(default_ruleset(family), seed=3)
        check = Checker(game, Counter())
        n = len(game.match.scores)
        for seat in range(n, 8):
            check.refused(Action(seat, A.PASS), "seat not at the table")
        for thing in (None, "discard", 5, {"seat": 0, "type": "pass"}, [Action(0, A.PASS)]):
            check.refused(thing, "not an action")


@pytest.mark.parametrize("family", FAMILIES)
def test_after_the_match_every_action_is_refused(family: str) -> None:
    game = play_to_a_point(family, 11, 0, True, "over")
    assert game.over
    check = Checker(game, Counter())
    for action in {*game.actions, Action(0, A.PASS), Action(1, A.PRACTICE_PEEK)}:
        check.refused(action, "after the match")
    assert game.why_not(Action(0, A.PASS)) == Message.of("refusal.match_over")
