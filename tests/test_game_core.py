"""The game core: legal actions only, illegal ones refused with the state unchanged, replay."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.agents.simple import RandomAgent, SimpleAgent
from engine.game.actions import Action, ActionType
from engine.game.errors import IllegalAction
from engine.game.game import Game
from engine.game.log import log_lines, parse_log, rebuild, summary
from engine.game.play import play_hand, play_match
from engine.rules.riichi import RiichiRules


def snapshot(game: Game) -> str:
    views = [game.observation(s).to_json() for s in range(4)]
    return json.dumps(
        {"views": views, "match": game.match.to_json(), "n": len(game.actions), "results": len(game.results)},
        sort_keys=True,
    )


def random_action(rng: random.Random) -> Action | None:
    """A random action, often malformed; None when the constructor refused it (it must then raise
    ValueError, and only for a field out of its range or a misplaced suit)."""
    kind = rng.choice(list(ActionType))
    seat = rng.randrange(-1, 9)
    tile = rng.choice([None, rng.randrange(-2, 146)])
    tiles = tuple(rng.randrange(-1, 145) for _ in range(rng.choice([0, 0, 2, 3, 4])))
    suit = rng.choice([None, None, None, rng.randrange(-1, 4)])
    malformed = (
        not 0 <= seat < 8
        or (tile is not None and not 0 <= tile < 144)
        or any(not 0 <= t < 144 for t in tiles)
        or (kind is ActionType.DECLARE_LACK) != (suit is not None)
        or (suit is not None and not 0 <= suit <= 2)
    )
    try:
        action = Action(seat, kind, tile, tiles, suit)
    except ValueError as exc:
        assert malformed, exc
        assert "\n" not in str(exc)
        return None
    assert not malformed, action
    return action


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000))
def test_random_play_refuses_random_illegal_actions(seed: int) -> None:
    rng = random.Random(seed)
    game = Game(RiichiRules(), seed=seed, check_invariants=True)
    agents = [RandomAgent(f"{seed}:{s}") for s in range(4)]
    for _ in range(400):
        if game.over or len(game.results) >= 2:
            break
        for _ in range(3):
            bogus = random_action(rng)
            if bogus is None:
                continue
            if game.why_not(bogus) is None:  # legal: listed, or a listed call naming other copies
                assert bogus in game.legal_actions(bogus.seat) or bogus.tiles
                continue
            before = snapshot(game)
            with pytest.raises(IllegalAction) as refused:
                game.apply(bogus)
            assert "\n" not in str(refused.value)
            assert game.why_not(bogus) is not None
            assert snapshot(game) == before
        seat = game.pending()[0]
        game.apply(agents[seat].choose(game.observation(seat), game.legal_actions(seat)))
    if game.over:  # after the match every action is refused
        with pytest.raises(IllegalAction, match="match is over"):
            game.apply(Action(0, ActionType.PASS))


def test_legal_actions_are_all_accepted_in_turn() -> None:
    game = Game(RiichiRules(), seed=3)
    seat = game.pending()[0]
    legal = game.legal_actions(seat)
    assert any(a.type is ActionType.DISCARD for a in legal)
    assert len({a.tile for a in legal if a.type is ActionType.DISCARD}) == 14
    # every listed action applies on a fresh copy of the game
    for action in legal:
        fresh = Game(RiichiRules(), seed=3)
        fresh.apply(action)


def test_other_seats_cannot_act_out_of_turn() -> None:
    game = Game(RiichiRules(), seed=5)
    dealer = game.pending()[0]
    other = (dealer + 1) % 4
    before = snapshot(game)
    with pytest.raises(IllegalAction, match="no decision now"):
        game.apply(Action(other, ActionType.DISCARD, tile=game.hand.players[other].hand[0]))  # type: ignore[union-attr]
    assert snapshot(game) == before


def test_discard_of_a_tile_not_in_hand_names_it() -> None:
    game = Game(RiichiRules(), seed=5)
    dealer = game.pending()[0]
    absent = next(t for t in range(136) if t not in game.hand.players[dealer].hand)  # type: ignore[union-attr]
    with pytest.raises(IllegalAction, match="not in the hand"):
        game.apply(Action(dealer, ActionType.DISCARD, tile=absent))


def test_same_seed_same_game_and_log_replays() -> None:
    def play(seed: str) -> Game:
        g = Game(RiichiRules(), seed=seed, check_invariants=True)
        play_match(g, [SimpleAgent(f"{seed}:{s}") for s in range(4)], max_hands=3)
        return g

    a, b = play("x"), play("x")
    assert [x.to_json() for x in a.actions] == [x.to_json() for x in b.actions]
    parsed = parse_log(log_lines(a))
    rebuilt = rebuild(parsed, check_invariants=True)
    assert summary(rebuilt) == parsed.summary
    assert snapshot(rebuilt) == snapshot(a)


def test_observation_hides_other_hands() -> None:
    game = Game(RiichiRules(), seed=9)
    obs = game.observation(1)
    assert obs.seats[1].hand is not None
    for s in (0, 2, 3):
        assert obs.seats[s].hand is None
        assert obs.seats[s].drawn is None
        assert obs.seats[s].hand_count in (13, 14)
    text = json.dumps(obs.to_json()).replace("wall_remaining", "").replace('"wall": null', "")
    assert "wall" not in text  # a riichi wall has no public layout to show
    spectator = game.observation(None)
    assert all(p.hand is None for p in spectator.seats)
    assert spectator.legal == () and obs.legal == ()


def test_simple_agents_finish_a_match_with_invariants() -> None:
    game = Game(RiichiRules(game_length="east"), seed="m", check_invariants=True)
    play_match(game, [SimpleAgent(s) for s in range(4)])
    assert game.over
    standings = game.standings()
    assert sorted(s.rank for s in standings) == [1, 2, 3, 4]
    assert sum(s.points for s in standings) == 100_000
    assert abs(sum(s.final for s in standings)) < 1e-6


def test_hand_ends_and_next_hand_starts() -> None:
    game = Game(RiichiRules(), seed=11, check_invariants=True)
    play_hand(game, [SimpleAgent(s) for s in range(4)])
    assert len(game.results) == 1
    assert not game.over
    assert game.hand is not None and game.pending()


@pytest.mark.parametrize("family", ["riichi", "sichuan", "lingxi"])
def test_kept_seat_views_equal_fresh_ones(family: str) -> None:
    """The seat views an observation reuses (flow.seat_view) are the views built afresh, for every
    observer and every seat, at every decision of random play (calls, kans, riichi, wins included)."""
    from engine.rules import default_ruleset

    rules = default_ruleset(family)
    for seed in range(3):
        game = Game(rules, seed=f"views:{seed}")
        agents = [RandomAgent(f"views:{seed}:{s}") for s in range(len(game.match.scores))]
        for _ in range(400):
            hand = game.hand
            if hand is None:
                break
            for viewer in [*range(hand.n), None]:
                seats = game.observation(viewer).seats
                assert seats == tuple(hand.fresh_seat_view(s, viewer) for s in range(hand.n))
            seat = game.pending()[0]
            game.apply(agents[seat].choose(game.observation(seat), game.legal_actions(seat)))


@pytest.mark.parametrize("family", ["riichi", "sichuan", "lingxi"])
def test_kept_counts_and_shanten_bounds_fit_the_hands(family: str) -> None:
    """What a hand carries between decisions (counts added to and taken from, riichi's kept shanten
    and shanten bounds) fits the hands at every decision of random play, and observations made from
    one dict equal the ones the dataclass makes."""
    from engine.game.observation import Observation
    from engine.rules import default_ruleset

    rules = default_ruleset(family)
    for seed in range(3):
        game = Game(rules, seed=f"kept:{seed}")
        agents = [RandomAgent(f"kept:{seed}:{s}") for s in range(len(game.match.scores))]
        for _ in range(400):
            hand = game.hand
            if hand is None:
                break
            assert hand.check_kept() is None
            seat = game.pending()[0]
            obs = game.observation(seat)
            assert obs == Observation(**{f: getattr(obs, f) for f in obs.__dataclass_fields__})
            game.apply(agents[seat].choose(obs, game.legal_actions(seat)))


def test_shanten_bounds_over_a_draw_and_a_discard() -> None:
    """What RiichiHand.shanten_bound carries over: a discard from a hand of 3k+2 tiles never lowers its
    shanten, a draw lowers it by one at most (near-complete hands, melds included)."""
    from engine.analysis import ALL_FORMS, shanten

    rng = random.Random(18)
    checked = 0
    for _ in range(150):
        exposed = rng.choice([0, 0, 1, 2, 3])
        counts = [0] * 34
        for _ in range(4 - exposed):  # a complete hand, then a few tiles swapped
            if rng.random() < 0.5:
                start = 9 * rng.randrange(3) + rng.randrange(7)
                kinds = [start, start + 1, start + 2]
            else:
                kinds = [rng.randrange(34)] * 3
            for k in kinds:
                counts[k] += 1
        counts[rng.randrange(34)] += 2
        if max(counts) > 4:
            continue
        for _ in range(rng.randrange(4)):
            counts[rng.choice([k for k in range(34) if counts[k]])] -= 1
            counts[rng.choice([k for k in range(34) if counts[k] < 4])] += 1
        full = shanten(counts, sets=4, exposed=exposed, forms=ALL_FORMS)
        for out in [k for k in range(34) if counts[k]]:
            counts[out] -= 1
            after_discard = shanten(counts, sets=4, exposed=exposed, forms=ALL_FORMS)
            assert after_discard >= full
            for drawn in [k for k in range(34) if counts[k] < 4]:
                counts[drawn] += 1
                assert shanten(counts, sets=4, exposed=exposed, forms=ALL_FORMS) >= after_discard - 1
                counts[drawn] -= 1
                checked += 1
            counts[out] += 1
    assert checked > 10_000


def test_compiled_draws_are_what_random_draws() -> None:
    """The draws written as compiled code (``wall.random_below`` for the random agent, ``wall.shuffle``
    for the walls) give what ``random.Random.choice`` and ``shuffle`` give from the same generator state
    (fixed-seed games stay what they were); an empty choice is refused."""
    from engine.game.wall import random_below, shuffle

    ours, theirs = random.Random("same"), random.Random("same")
    for n in [1, 2, 3, 4, 5, 7, 8, 9, 13, 16, 17, 31, 33, 64, 100, 1000] * 40:
        assert random_below(ours, n) == theirs.choice(range(n))
    for size in (0, 1, 2, 108, 136, 144):
        mine, reference = list(range(size)), list(range(size))
        shuffle(mine, ours)
        theirs.shuffle(reference)
        assert mine == reference
    with pytest.raises(IndexError):
        random_below(ours, 0)


def test_written_out_constructors_match_their_dataclass_fields() -> None:
    """The dataclasses that carry a hand-written ``__init__`` (so that mypyc compiles it) take their
    fields in field order, with the fields' defaults (None for a field whose default is a factory), and
    build what the fields say."""
    import dataclasses
    import inspect

    from engine.game.events import Event
    from engine.game.flow import ClaimWindow
    from engine.game.observation import DiscardView, MeldView, Observation, SeatView
    from engine.game.state import Discard
    from engine.melds import Meld

    for cls in (Observation, SeatView, MeldView, DiscardView, Meld, Discard, ClaimWindow, Event, Action):
        fields = dataclasses.fields(cls)
        params = list(inspect.signature(cls.__init__).parameters.values())[1:]
        assert [p.name for p in params] == [f.name for f in fields], cls
        for p, f in zip(params, fields, strict=True):
            if f.default is not dataclasses.MISSING:
                assert p.default == f.default, (cls, f.name)
            elif f.default_factory is not dataclasses.MISSING:
                assert p.default is None and getattr(cls(*_required(cls)), f.name) == f.default_factory()
            else:
                assert p.default is inspect.Parameter.empty, (cls, f.name)


def _required(cls: type) -> list[object]:
    """Stand-in values for the fields of ``cls`` without a default (enough to build one)."""
    import dataclasses

    sample = {"seat": 0, "type": ActionType.DISCARD, "tile": 1, "discarder": 0}
    return [
        sample.get(f.name, 0)
        for f in dataclasses.fields(cls)
        if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
    ]
