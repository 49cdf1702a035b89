"""The table's layout without Qt: every tile of a real observation has one placement, hands do not
overlap, the riichi tile's sideways turn passes to the next discard when it is called away, added kans
show the added tile, the last discard is marked, and each part of the corner appears exactly when the
observation has it (no family name is asked)."""

from __future__ import annotations

import dataclasses
import re
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest

from desktop.table.layout import (
    CENTER_X,
    CENTER_Y,
    HAND_W,
    OPP_MELD_W,
    POND_H,
    POND_W,
    SCENE_H,
    SCENE_W,
    TableLayout,
    TableModel,
    TilePlacement,
    TileState,
    estimate_label_size,
    layout,
    meld_order,
    seat_point,
    to_scene,
)
from engine.agents.simple import SimpleAgent
from engine.families.registry import get_family
from engine.game.actions import ActionType as A
from engine.game.game import Game
from engine.game.observation import DiscardView, MeldView, Observation
from engine.melds import MeldType
from engine.rules import default_ruleset
from engine.rules.schema import Ruleset

ROOT = Path(__file__).resolve().parent.parent
FAMILIES = ("riichi", "sichuan", "lingxi")


def _greedy_caller(agent: SimpleAgent, obs: Observation, legal: list) -> object:  # type: ignore[type-arg]
    """Calls a riichi declaration tile whenever it can (so that one gets called away)."""
    if obs.last_discard is not None and obs.seats[obs.last_discard[0]].discards[-1].sideways:
        for a in legal:
            if a.type in (A.PON, A.CHI, A.OPEN_KAN):
                return a
    return agent.choose(obs, legal)


@cache
def played(family: str, seed: str, steps: int, caller: bool = False, players: int = 4) -> Game:
    game = Game(get_family(family).default_rules(players), seed=seed)
    agents = [SimpleAgent(f"{seed}-{i}") for i in range(players)]
    for _ in range(steps):
        if game.over:
            break
        seat = game.pending()[0]
        obs, legal = game.observation(seat), game.legal_actions(seat)
        game.apply(_greedy_caller(agents[seat], obs, legal) if caller else agents[seat].choose(obs, legal))  # type: ignore[arg-type]
    return game


_DEFAULT = object()


def model(obs: Observation, viewer: int = 0, rules: object = _DEFAULT, **kw: object) -> TableModel:
    """The table of ``obs`` as the window fills it (``rules=None``: no ruleset at hand)."""
    ruleset: Ruleset | None = default_ruleset(obs.family) if rules is _DEFAULT else rules  # type: ignore[assignment]
    spec = get_family(obs.family)
    kw.setdefault("red_tiles", spec.red_tiles(ruleset or default_ruleset(obs.family)))
    kw.setdefault("names", ["Ann", "Bo", "Cy", "Di"])
    return TableModel(obs=obs, viewer=viewer, spec=spec, rules=ruleset, **kw)  # type: ignore[arg-type]


def overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    eps = 1e-6
    return a[0] < b[2] - eps and b[0] < a[2] - eps and a[1] < b[3] - eps and b[1] < a[3] - eps


GAMES = [(f, steps) for f in FAMILIES for steps in (0, 40, 120)]


# ── purity ────────────────────────────────────────────────────────────────────────────────────
def test_the_layout_module_imports_no_qt() -> None:
    code = (
        "import sys, desktop.table.layout\n"
        "qt = sorted(m for m in sys.modules if m.startswith(('PySide', 'shiboken')))\n"
        "assert not qt, qt\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)


def test_no_family_name_is_written_in_the_table_package() -> None:
    for path in sorted((ROOT / "desktop" / "table").rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"[\"'](riichi|sichuan|lingxi)[\"']", text), path


# ── counts and overlaps in real games ─────────────────────────────────────────────────────────
@pytest.mark.parametrize(("family", "steps"), GAMES)
def test_every_tile_has_one_placement(family: str, steps: int) -> None:
    obs = played(family, "sc1", steps).observation(0)
    table = layout(model(obs))
    assert [s.seat for s in table.seats] == [0, 1, 2, 3] and [s.rel for s in table.seats] == [0, 1, 2, 3]
    wins = {w.seat: w for w in obs.wins}
    for sl in table.seats:
        sv = obs.seats[sl.seat]
        if sv.won:  # a 血战 winner left play and shows the hand it won with
            assert sorted(p.tile for p in sl.hand) == sorted(wins[sl.seat].hand)  # type: ignore[type-var]
            assert all(p.face_up for p in sl.hand)
        elif sl.rel == 0:
            assert sorted(p.tile for p in sl.hand) == sorted(sv.hand or ())  # type: ignore[type-var]
            assert all(p.face_up for p in sl.hand)
        else:
            assert len(sl.hand) == sv.hand_count and all(p.tile is None and not p.face_up for p in sl.hand)
        assert [p.tile for p in sl.pond] == [d.tile for d in sv.pond]
        assert len(sl.melds) == len(sv.melds)
        for meld, m in zip(sl.melds, sv.melds, strict=True):
            assert sorted(p.tile for p in meld) == sorted(m.tiles)  # type: ignore[type-var]
        assert [p.tile for p in sl.flowers] == list(sv.flowers)


@pytest.mark.parametrize(("family", "steps"), GAMES)
def test_tiles_do_not_overlap_and_stay_on_the_table(family: str, steps: int) -> None:
    obs = played(family, "sc1", steps).observation(0)
    table = layout(model(obs))
    for sl in table.seats:
        hand = [p.bounds() for p in sl.hand]
        assert not any(overlap(a, b) for i, a in enumerate(hand) for b in hand[i + 1 :]), sl.seat
        melds = [p.bounds() for meld in sl.melds for p in meld]
        assert not any(overlap(a, b) for i, a in enumerate(melds) for b in melds[i + 1 :]), sl.seat
        if sl.rel == 0:  # the own melds stand right of the hand
            assert not any(overlap(a, b) for a in hand for b in melds)
        for z in {p.z for p in sl.pond}:  # a row of the pond
            row = [p.bounds() for p in sl.pond if p.z == z]
            assert not any(overlap(a, b) for i, a in enumerate(row) for b in row[i + 1 :])
    for p in table.tiles():
        left, top, right, bottom = p.scene_bounds()
        assert left >= -0.01 and right <= SCENE_W + 0.01 and top >= -0.01 and bottom <= SCENE_H + 0.01, p


@pytest.mark.parametrize(
    ("family", "seed", "steps"),
    [*((f, "sc1", n) for f, n in GAMES), ("lingxi", "o0", 0), ("sichuan", "k0", 50)],
)
def test_no_tile_covers_another_across_the_table(family: str, seed: str, steps: int) -> None:
    """Scene-wide: only the rows of a pond overlap (a row hides the thickness of the row before).
    (lingxi o0: the left seat holds 17 tiles and three flowers.)"""
    obs = played(family, seed, steps).observation(0)
    tiles = list(layout(model(obs)).tiles())
    bounds = [p.scene_bounds() for p in tiles]
    for i, a in enumerate(tiles):
        for j in range(i + 1, len(tiles)):
            b = tiles[j]
            if a.role == b.role == "pond" and a.seat == b.seat and int(a.z) != int(b.z):
                continue
            assert not overlap(bounds[i], bounds[j]), (a, b)


def test_a_bloody_battle_winner_shows_its_hand_until_the_end() -> None:
    """血战: a seat that won and left play shows the hand it won with, the winning tile set apart and
    marked, for the rest of the hand (the own seat too, with no input); no tile beside the label."""
    obs = played("sichuan", "sc1", 40).observation(0)
    winner = obs.wins[0]
    table = layout(model(obs))
    shown = table.seat(winner.seat)
    assert [p.tile for p in shown.hand][-1] == winner.tile and shown.hand[-1].state & TileState.MARKED
    assert sorted(p.tile for p in shown.hand) == sorted(winner.hand)  # type: ignore[type-var]
    assert shown.won is None
    game = Game(default_ruleset("sichuan"), seed="sc1")
    agents = [SimpleAgent(f"sc1-{i}") for i in range(4)]
    seen = 0
    while not game.results:  # to the end of the hand: the hand stays shown
        seat = game.pending()[0]
        game.apply(agents[seat].choose(game.observation(seat), game.legal_actions(seat)))
        later = game.observation(0)
        if later.seats and any(w.seat == winner.seat for w in later.wins):
            seen += 1
            assert all(p.face_up for p in layout(model(later)).seat(winner.seat).hand)
    assert seen > 20
    # the own seat won: its hand is shown, takes no input and stays right of a long label
    me = dataclasses.replace(obs.seats[0], won=True)
    own_win = dataclasses.replace(winner, seat=0, tile=obs.me.hand[-1], hand=obs.me.hand)  # type: ignore[index,arg-type]
    crafted = dataclasses.replace(obs, seats=(me, *obs.seats[1:]), wins=(*obs.wins, own_win))
    table = layout(model(crafted, names=["A very long name indeed", "b", "c", "d"]))
    own = table.seat(0)
    assert not table.interactive and own.label.label.won and own.won is None
    assert own.hand[-1].tile == own_win.tile and own.hand[-1].state & TileState.MARKED
    label = (own.label.x, own.label.y, own.label.x + own.label.w, own.label.y + own.label.h)
    assert not any(overlap(label, p.bounds()) for p in own.hand)


def test_the_hand_of_another_viewer_is_at_the_bottom() -> None:
    obs = played("lingxi", "sc1", 60).observation(2)
    table = layout(model(obs, viewer=2))
    assert [s.seat for s in table.seats] == [2, 3, 0, 1]
    assert sorted(p.tile for p in table.seats[0].hand) == sorted(obs.seats[2].hand or ())  # type: ignore[type-var]
    assert all(p.frame is None for p in table.seats[0].hand)
    assert all(p.frame == 1 for p in table.seats[1].hand)


def test_a_spectator_sees_backs_at_the_bottom() -> None:
    obs = played("riichi", "sc1", 5).observation(None)
    table = layout(model(obs, human=False))
    bottom = table.seats[0].hand
    assert len(bottom) == obs.seats[0].hand_count and all(not p.face_up for p in bottom)


def test_no_hand_no_layout() -> None:
    obs = Observation.from_json({"family": "riichi", "over": True, "match": {"scores": [1, 2, 3, 4]}})
    table = layout(model(obs))
    assert table == TableLayout() and list(table.tiles()) == []


# ── the own hand ──────────────────────────────────────────────────────────────────────────────
def own_turn(family: str, seed: str) -> Observation:
    """Seat 0 with a tile just drawn, some turns into a hand."""
    game = played(family, seed, 20)
    agent = SimpleAgent("own")
    while True:
        obs = game.observation(0)
        if obs.phase == "turn" and obs.me.drawn is not None:
            return obs
        seat = game.pending()[0]
        game.apply(agent.choose(game.observation(seat), game.legal_actions(seat)))


def test_the_own_hand_says_what_each_tile_may_do() -> None:
    obs = own_turn("riichi", "sc2")
    hand = sorted(obs.me.hand or ())
    drawn = obs.me.drawn
    allowed = {t: i % 3 != 0 for i, t in enumerate(hand)}
    reasons = {t: "no" for t, ok in allowed.items() if not ok}
    table = layout(model(obs, allowed=allowed, reasons=reasons, hint=hand[1]))
    assert table.interactive
    by_tile = {p.tile: p for p in table.seats[0].hand}
    for t, ok in allowed.items():
        p = by_tile[t]
        assert p.allowed is ok and p.reason == ("" if ok else "no")
        assert bool(p.state & TileState.DISABLED) is (not ok)
    assert by_tile[hand[1]].state & TileState.MARKED
    # the drawn tile comes last, set apart
    placed = table.seats[0].hand
    assert drawn is not None and placed[-1].tile == drawn
    assert placed[-1].x - placed[-2].x == pytest.approx(placed[-2].w * 1.35)
    # not a person at the bottom (the demo): no input
    demo = layout(model(obs, human=False, allowed=allowed))
    assert not demo.interactive and all(p.allowed is None for p in demo.seats[0].hand)


def test_exchange_choice_and_hand_order() -> None:
    obs = played("sichuan", "sc1", 0).observation(0)
    hand = list(obs.me.hand or ())
    drawn = obs.me.drawn
    chosen = set(hand[:3])
    order = list(reversed([t for t in hand if t != drawn]))
    table = layout(model(obs, select_mode="exchange", chosen=chosen, hand_order=order))
    placed = table.seats[0].hand
    assert [p.tile for p in placed if p.tile != drawn] == order
    for p in placed:
        assert (p.lift == 14) is (p.tile in chosen)
        assert bool(p.state & TileState.SELECTED) is (p.tile in chosen)
    assert placed[0].w == HAND_W


def test_wild_and_red_tiles_are_marked() -> None:
    obs = played("lingxi", "sc1", 40).observation(0)
    table = layout(model(obs))
    wild = obs.wild_kinds
    assert wild
    for p in table.tiles():
        if p.role in ("hand", "pond", "meld") and p.kind is not None:
            assert bool(p.state & TileState.WILD) is (p.kind in wild)
    riichi = played("riichi", "sc1", 40).observation(0)
    red = get_family("riichi").red_tiles(default_ruleset("riichi"))
    for p in layout(model(riichi)).tiles():
        assert p.red is (p.tile in red and p.face_up)
    plain = layout(model(riichi, red_tiles=frozenset()))
    assert not any(p.red for p in plain.tiles())


def test_settlement_reveals_and_marks_the_winning_tile() -> None:
    obs = played("riichi", "sc1", 30).observation(0)
    shown = [40, 44, 48, 52, 56, 60, 64, 68, 72, 76, 80, 84, 88]
    own = list(obs.me.hand or ())
    table = layout(model(obs, revealed={1: shown, 0: own}, winning={1: 44, 0: own[0]}))
    assert not table.interactive
    right = table.seats[1].hand
    assert [p.tile for p in right] == [t for t in sorted(shown) if t != 44] + [44]
    assert [bool(p.state & TileState.MARKED) for p in right] == [False] * 12 + [True]
    assert right[-1].x - right[-2].x == pytest.approx(right[-2].w * 1.3)
    bottom = table.seats[0].hand
    assert bottom[-1].tile == own[0] and bottom[-1].state & TileState.MARKED
    assert all(p.allowed is None for p in bottom)


# ── ponds ─────────────────────────────────────────────────────────────────────────────────────
def test_the_riichi_tile_called_away_turns_the_next_discard() -> None:
    """A real game: seat 0 declares riichi, seat 1 calls the declaration tile, seat 0's next discard
    lies sideways instead."""
    obs = played("riichi", "r0", 27, caller=True).observation(0)
    discards = obs.seats[0].discards
    declared = next(i for i, d in enumerate(discards) if d.sideways)
    assert discards[declared].claimed_by is not None and len(discards) > declared + 1
    pond = layout(model(obs)).seat(0).pond
    turned = [p.tile for p in pond if p.sideways]
    assert turned == [discards[declared + 1].tile]
    # it takes the room of a sideways tile: the tile after it starts a tile's height further
    i = next(i for i, p in enumerate(pond) if p.sideways)
    if i + 1 < len(pond) and pond[i + 1].z == pond[i].z:
        assert pond[i + 1].x - pond[i].x == pytest.approx(POND_H)


def _with_discards(obs: Observation, seat: int, discards: list[DiscardView]) -> Observation:
    seats = list(obs.seats)
    seats[seat] = dataclasses.replace(seats[seat], discards=tuple(discards))
    return dataclasses.replace(obs, seats=tuple(seats))


def test_the_sideways_turn_waits_for_a_discard_that_stays() -> None:
    base = played("riichi", "sc1", 0).observation(0)
    d = DiscardView
    cases = {
        "in the pond": ([d(100), d(101, sideways=True), d(102), d(103)], [101]),
        "called": ([d(100), d(101, sideways=True, claimed_by=2), d(102), d(103)], [102]),
        "next called too": (
            [d(101, sideways=True, claimed_by=2), d(102, claimed_by=3), d(103), d(104)],
            [103],
        ),
        "last": ([d(100), d(101, sideways=True, claimed_by=2)], []),
    }
    for name, (discards, turned) in cases.items():
        pond = layout(model(_with_discards(base, 1, discards))).seat(1).pond
        assert [p.tile for p in pond if p.sideways] == turned, name
        assert [p.tile for p in pond] == [x.tile for x in discards if x.claimed_by is None], name


def test_ponds_in_rows_of_six_with_tsumogiri_and_the_last_discard() -> None:
    base = played("riichi", "sc1", 0).observation(0)
    discards = [DiscardView(t, tsumogiri=t % 2 == 0) for t in range(40, 66)]
    obs = dataclasses.replace(_with_discards(base, 2, discards), last_discard=(2, 65))
    pond = layout(model(obs)).seat(2).pond
    assert [int(p.z) for p in pond] == [0] * 6 + [1] * 6 + [2] * 6 + [3] * 8  # the fourth row grows
    assert [p.z for p in pond] == sorted(p.z for p in pond)  # later tiles over earlier ones
    assert all(p.frame == 2 for p in pond)
    assert [p.x for p in pond[:6]] == [-3 * POND_W + i * POND_W for i in range(6)]
    for p in pond:
        assert bool(p.state & TileState.SHADED) is (p.tile is not None and p.tile % 2 == 0)
        assert bool(p.state & TileState.LAST) is (p.tile == 65)
    unmarked = layout(model(_with_discards(base, 2, discards))).seat(2).pond
    assert not any(p.state & TileState.LAST for p in unmarked)


def test_a_real_discard_on_the_table_is_marked() -> None:
    game = Game(default_ruleset("sichuan"), seed="sc1")
    agent = SimpleAgent("x")
    for _ in range(300):
        obs = game.observation(0)
        if obs.phase == "claim" and obs.last_discard is not None:
            break
        seat = game.pending()[0]
        game.apply(agent.choose(game.observation(seat), game.legal_actions(seat)))
    assert obs.last_discard is not None
    marked = [p for p in layout(model(obs)).tiles() if p.state & TileState.LAST]
    assert [(p.seat, p.tile) for p in marked] == [obs.last_discard]


# ── melds ─────────────────────────────────────────────────────────────────────────────────────
def test_an_added_kan_shows_the_added_tile_on_the_turned_one() -> None:
    obs = played("sichuan", "k0", 50).observation(0)
    kan = next(m for m in obs.me.melds if m.type is MeldType.ADDED_KAN)
    table = layout(model(obs))
    meld = table.seat(0).melds[list(obs.me.melds).index(kan)]
    assert sorted(p.tile for p in meld) == sorted(kan.tiles)  # type: ignore[type-var]
    added = [p for p in meld if p.role == "added"]
    turned = [p for p in meld if p.role == "meld" and p.sideways]
    assert [p.tile for p in added] == [kan.added] and [p.tile for p in turned] == [kan.called]
    a, t = added[0].bounds(), turned[0].bounds()
    assert a[0] == t[0] and a[2] == t[2] and a[3] == pytest.approx(t[1])  # stacked on it
    assert sum(p.sideways for p in meld) == 2


def test_the_called_tile_turns_toward_its_giver() -> None:
    def meld(kind: MeldType, giver: int, seat: int = 0) -> MeldView:
        return MeldView(kind, (40, 41, 42), called=41, from_seat=giver)

    assert meld_order(meld(MeldType.PON, 3), 0, 4) == ([41, 40, 42], 0, None)  # the seat before: left
    assert meld_order(meld(MeldType.PON, 2), 0, 4) == ([40, 41, 42], 1, None)  # across: second
    assert meld_order(meld(MeldType.PON, 1), 0, 4) == ([40, 42, 41], 2, None)  # the seat after: right
    assert meld_order(meld(MeldType.PON, 0), 1, 4) == ([41, 40, 42], 0, None)  # seen from seat 1
    assert meld_order(meld(MeldType.CHI, 3), 0, 4) == ([41, 40, 42], 0, None)
    # three players: the seat before sits on the left, the seat after on the right
    assert meld_order(meld(MeldType.PON, 2), 0, 3) == ([41, 40, 42], 0, None)
    assert meld_order(meld(MeldType.PON, 1), 0, 3) == ([40, 42, 41], 2, None)
    # two players: the other one sits across
    assert meld_order(meld(MeldType.PON, 1), 0, 2) == ([40, 41, 42], 1, None)
    assert meld_order(meld(MeldType.PON, 0), 1, 2) == ([40, 41, 42], 1, None)
    closed = MeldView(MeldType.CLOSED_KAN, (40, 41, 42, 43))
    assert meld_order(closed, 0, 4) == ([40, 41, 42, 43], None, None)
    base = played("riichi", "sc1", 0).observation(0)
    seats = list(base.seats)
    seats[1] = dataclasses.replace(seats[1], melds=(closed, meld(MeldType.PON, 0)))  # from the seat before
    table = layout(model(dataclasses.replace(base, seats=tuple(seats))))
    first, second = table.seat(1).melds
    assert [p.face_up for p in first] == [False, True, True, False]
    assert first[-1].bounds()[2] + 6 == pytest.approx(second[0].x)
    assert [p.sideways for p in second] == [True, False, False]
    assert all(p.w == OPP_MELD_W for p in (*first, *second))


# ── labels, flowers, won tiles, the centre ────────────────────────────────────────────────────
def test_seat_labels_and_flowers() -> None:
    obs = played("sichuan", "sc1", 40).observation(0)
    table = layout(model(obs))
    assert obs.wins
    for sl in table.seats:
        sv = obs.seats[sl.seat]
        label = sl.label.label
        assert label.name == ["Ann", "Bo", "Cy", "Di"][sl.seat]
        assert label.wind == sv.wind - 27 and label.dealer is (sl.seat == obs.dealer)
        assert label.lacking_suit == sv.lacking_suit and label.won is sv.won
        assert sl.won is None  # the winner's hand is shown instead
    lingxi = played("lingxi", "sc1", 40).observation(0)
    for sl in layout(model(lingxi)).seats:
        for i, p in enumerate(sl.flowers):
            assert p.x == sl.label.x + i * 25
            above = sl.label.y - 40 if sl.rel == 0 else sl.label.y - p.h - 4
            assert p.y == (above if sl.rel in (0, 3) else sl.label.y + sl.label.h + 4)


def test_labels_are_measured_by_the_scene() -> None:
    obs = played("riichi", "sc1", 0).observation(0)
    table = layout(model(obs), measure=lambda label: (100.0, 40.0))
    left = table.seats[3].label
    assert (left.w, left.h) == (100.0, 40.0)
    assert left.x + left.w == CENTER_X - 352 + 42 and left.y + left.h == CENTER_Y - 232
    assert estimate_label_size(table.seats[0].label.label)[0] > 0


def test_declared_riichi_is_a_tag() -> None:
    obs = played("riichi", "r0", 27, caller=True).observation(0)
    table = layout(model(obs))
    assert table.seat(0).label.label.declared and not table.seat(2).label.label.declared


def test_the_centre_box_comes_from_the_spec_and_the_observation() -> None:
    riichi = played("riichi", "sc1", 40).observation(0)
    centre = layout(model(riichi)).centre
    assert centre is not None
    assert centre.round_wind == 0 and centre.hand_in_round == riichi.match.round_index % 4 + 1
    assert centre.sticks == (riichi.honba, riichi.pot) and centre.wall == riichi.wall_remaining
    assert [s.score for s in centre.seats] == list(riichi.scores)
    assert [s.active for s in centre.seats] == [s == riichi.turn for s in range(4)]
    # without rules the stick value comes from the observation
    assert layout(model(riichi, rules=None)).centre == centre
    sichuan = played("sichuan", "sc1", 40).observation(0)
    other = layout(model(sichuan)).centre
    assert other is not None
    assert other.round_wind is None and other.sticks is None and other.family == "sichuan"
    assert other.hand_number == sichuan.match.hand_index + 1
    # sticks on the table are shown whatever the family
    with_pot = layout(model(dataclasses.replace(sichuan, pot=2))).centre
    assert with_pot is not None and with_pot.sticks == (sichuan.honba, 2)
    claim = layout(model(dataclasses.replace(sichuan, phase="claim"))).centre
    assert claim is not None and not any(s.active for s in claim.seats)


# ── the corner ────────────────────────────────────────────────────────────────────────────────
@pytest.mark.parametrize("family", FAMILIES)
def test_the_corner_shows_what_the_observation_has(family: str) -> None:
    obs = played(family, "sc1", 0).observation(0)
    corner = layout(model(obs)).corner
    keys = [c.key for c in corner.captions]
    assert ("dora" in keys) is bool(obs.dora_indicators)
    assert ("dice" in keys) is bool(obs.dice)
    assert ("wild" in keys) is (obs.wild is not None)
    if obs.dora_indicators:
        assert len(corner.dora) == 5
        assert [p.tile for p in corner.dora if p.face_up] == list(obs.dora_indicators)
    assert [d.value for d in corner.dice] == [v for roll in obs.dice for v in roll.values]
    assert [d.roll for d in corner.dice] == [i for i, roll in enumerate(obs.dice) for _ in roll.values]
    if obs.wild is not None:
        assert [p.tile for p in corner.wild_shown] == list(obs.wild.shown)
        assert [p.kind for p in corner.wild] == list(obs.wild.kinds)
        assert all(p.state & TileState.WILD for p in corner.wild)
        assert "arrow" in keys
    # parts do not overlap, top to bottom
    tops = [c.y for c in corner.captions if c.key != "arrow"]
    assert tops == sorted(tops) and len(set(tops)) == len(tops)


def test_the_dora_row_appears_exactly_when_indicators_exist() -> None:
    riichi = played("riichi", "sc1", 0).observation(0)
    assert layout(model(riichi)).corner.dora
    assert not layout(model(dataclasses.replace(riichi, dora_indicators=()))).corner.dora
    sichuan = played("sichuan", "sc1", 0).observation(0)
    assert not layout(model(sichuan)).corner.dora
    shown = layout(model(dataclasses.replace(sichuan, dora_indicators=(5, 9)))).corner
    assert [p.tile for p in shown.dora if p.face_up] == [5, 9] and shown.captions[0].key == "dora"
    many = layout(model(dataclasses.replace(riichi, dora_indicators=(1, 2, 3, 4, 5, 6)))).corner
    assert len(many.dora) == 6 and all(p.face_up for p in many.dora)


def test_the_hand_start_and_key() -> None:
    start = layout(model(played("lingxi", "sc1", 0).observation(0)))
    later = layout(model(played("lingxi", "sc1", 12).observation(0)))
    assert start.hand_start and not later.hand_start
    assert start.hand_key == later.hand_key
    obs = played("riichi", "sc1", 0).observation(0)
    following = dataclasses.replace(obs, match=dataclasses.replace(obs.match, hand_index=1, round_index=1))
    assert layout(model(following)).hand_key != layout(model(obs)).hand_key


# ── coordinates ───────────────────────────────────────────────────────────────────────────────
def test_seat_frames_turn_toward_their_seats() -> None:
    assert to_scene(None, 3, 4) == (3, 4)
    assert seat_point(0, 100) == (CENTER_X, CENTER_Y + 100)  # the viewer, below
    assert seat_point(1, 100) == (CENTER_X + 100, CENTER_Y)  # the next seat, on the right
    assert seat_point(2, 100) == (CENTER_X, CENTER_Y - 100)
    assert seat_point(3, 100) == (CENTER_X - 100, CENTER_Y)
    p = TilePlacement("pond", 0, 1, 10, 20, 36, 48, frame=1, rotation=-90)
    assert p.bounds() == (10, 20 - 36, 10 + 48, 20)
    left, top, right, bottom = p.scene_bounds()
    assert (right - left, bottom - top) == (36, 48)  # turned twice: upright in the scene


def test_the_last_discard_stays_marked_after_the_next_draw() -> None:
    """The last discard still in a pond is marked (a frame and a marker above it on the screen)
    after the claim window closed and the next seat drew; a discard called away is not."""
    game = Game(default_ruleset("riichi"), seed="sc1")
    agent = SimpleAgent("m")
    checked = called = 0
    for _ in range(200):
        seat = game.pending()[0]
        game.apply(agent.choose(game.observation(seat), game.legal_actions(seat)))
        obs = game.observation(0)
        if not obs.seats or game.results:
            break
        table = layout(model(obs))
        marked = [(p.seat, p.tile) for p in table.tiles() if p.state & TileState.LAST]
        latest = obs.latest_discard
        if latest is None:
            assert marked == [] and table.marker is None
            called += any(s.discards and s.discards[-1].claimed_by is not None for s in obs.seats)
            continue
        assert marked == [latest]
        assert table.marker is not None and (table.marker.seat, table.marker.tile) == latest
        tile = next(p for p in table.seat(latest[0]).pond if p.tile == latest[1])
        left, top, right, _ = tile.scene_bounds()
        m = table.marker
        assert m.y + m.size * 0.8 <= top + 0.01 and left <= m.x + m.size / 2 <= right  # above the tile
        if obs.phase == "turn" and obs.last_discard is None:
            checked += 1
    assert checked > 10 and called


def test_a_riichi_stick_lies_in_front_of_the_seat_that_declared() -> None:
    obs = played("riichi", "r0", 27, caller=True).observation(0)
    table = layout(model(obs))
    for sl in table.seats:
        assert (sl.stick is not None) is obs.seats[sl.seat].declared
        if sl.stick is not None:
            left, top, right, bottom = sl.stick.scene_bounds()
            assert sl.stick.frame == sl.rel
            box = (CENTER_X - 128, CENTER_Y - 128, CENTER_X + 128, CENTER_Y + 128)
            assert not overlap((left, top, right, bottom), box)
            assert not any(overlap((left, top, right, bottom), p.scene_bounds()) for p in table.tiles())
            cx, cy = (left + right) / 2, (top + bottom) / 2
            assert seat_point(sl.rel, 140) == pytest.approx((cx, cy), abs=5)  # toward its seat


def test_the_walls_are_drawn_from_the_observation() -> None:
    """Lingxi: the 72 stacks in a ring round the centre box, each seat's wall in front of it with its
    stack 1 at its owner's right; the 财神 stack, the reserve, the next draws and the break come from
    the observation's wall; no family without a wall draws one."""
    obs = played("lingxi", "sc1", 30).observation(0)
    wall = obs.wall
    assert wall is not None
    table = layout(model(obs))
    stacks = table.wall.stacks
    assert len(stacks) == len(wall.left) == 72
    assert [s.tiles for s in stacks] == list(wall.left)
    assert [i for i, s in enumerate(stacks) if s.wild] == [wall.wild_stack]
    assert [i for i, s in enumerate(stacks) if s.reserve] == list(wall.reserve)
    assert [i for i, s in enumerate(stacks) if s.front] == [wall.next_stack]
    for s in stacks:
        assert s.frame == (s.owner - 0) % 4 and s.y == pytest.approx(128 + 4)
    own = [s for s in stacks if s.owner == 0]
    assert [s.number for s in own] == list(range(1, 19))
    assert [s.x for s in own] == sorted((s.x for s in own), reverse=True)  # stack 1 on its owner's right
    wild = stacks[wall.wild_stack]
    assert (wild.owner, wild.number) == (wall.break_wall, wall.break_stack)
    assert table.wall.break_frame == wild.frame and table.wall.break_x == wild.x
    box = (CENTER_X - 128, CENTER_Y - 128, CENTER_X + 128, CENTER_Y + 128)
    tiles = [p.scene_bounds() for p in table.tiles()]
    for s in stacks:
        assert not overlap(s.scene_bounds(), box)
        assert not any(overlap(s.scene_bounds(), t) for t in tiles)
    for family in ("riichi", "sichuan"):
        assert layout(model(played(family, "sc1", 30).observation(0))).wall.stacks == ()


# ── smaller tables ────────────────────────────────────────────────────────────────────────────
SMALL = [(f, n, steps) for f in FAMILIES for n in (3, 2) for steps in (0, 60)]


@pytest.mark.parametrize(("family", "players", "steps"), SMALL)
def test_a_smaller_table_seats_each_player_at_its_side(family: str, players: int, steps: int) -> None:
    """Three players leave the side across empty, two face each other (``Observation.side_of``):
    every seat's tiles, label and edge of the centre box at its side, nothing at an empty side, no
    tile over another, the walls (Lingxi) in front of the players only."""
    game = played(family, "small1", steps, players=players)
    obs = game.observation(0)
    assert len(obs.seats) == players
    table = layout(model(obs))
    sides = {3: [0, 1, 3], 2: [0, 2]}[players]
    assert [s.seat for s in table.seats] == list(range(players))
    assert [s.rel for s in table.seats] == sides == [obs.side_of(s) for s in range(players)]
    assert table.centre is not None and [c.rel for c in table.centre.seats] == sides
    for sl in table.seats:
        sv = obs.seats[sl.seat]
        assert [p.tile for p in sl.pond] == [d.tile for d in sv.pond]
        assert [p.tile for p in sl.flowers] == list(sv.flowers)
        framed = [p for p in (*sl.pond, *(p for m in sl.melds for p in m)) if p.frame is not None]
        assert all(p.frame == sl.rel for p in framed)
        if sl.rel:
            assert all(p.frame == sl.rel for p in sl.hand)
    assert {st.frame for st in table.wall.stacks} <= set(sides)
    if obs.wall is not None:
        assert {st.frame for st in table.wall.stacks} == set(sides)
    tiles = list(table.tiles())
    bounds = [p.scene_bounds() for p in tiles]
    for i, a in enumerate(tiles):
        left, top, right, bottom = bounds[i]
        assert left >= -0.01 and right <= SCENE_W + 0.01 and top >= -0.01 and bottom <= SCENE_H + 0.01, a
        for j in range(i + 1, len(tiles)):
            b = tiles[j]
            if a.role == b.role == "pond" and a.seat == b.seat and int(a.z) != int(b.z):
                continue
            assert not overlap(bounds[i], bounds[j]), (a, b)


def test_two_players_lay_their_ponds_in_rows_of_twelve() -> None:
    """Nobody beside the ponds: rows of twelve (a duel lasts twice as many turns); with a seat
    beside, rows of six."""
    base = played("riichi", "small1", 0, players=2).observation(0)
    discards = tuple(DiscardView(t, False, False, None) for t in range(0, 4 * 30, 4))
    seats = tuple(dataclasses.replace(s, discards=discards) for s in base.seats)
    table = layout(model(dataclasses.replace(base, seats=seats)))
    for sl in table.seats:
        rows = sorted({int(p.z) for p in sl.pond})
        assert [sum(1 for p in sl.pond if int(p.z) == r) for r in rows] == [12, 12, 6]
    three = played("riichi", "small1", 0, players=3).observation(0)
    seats = tuple(dataclasses.replace(s, discards=discards[:13]) for s in three.seats)
    table = layout(model(dataclasses.replace(three, seats=seats)))
    assert [sum(1 for p in table.seats[0].pond if int(p.z) == r) for r in (0, 1, 2)] == [6, 6, 1]
