"""Scenario tests of the riichi rules, each on a constructed wall, through the public Game API.

Every test deals chosen hands and draws with :func:`riichi_walls.build_wall`, then drives the game
with :meth:`Game.legal_actions` / :meth:`Game.apply` only, and checks the exact legal actions at
the interesting moment and the exact outcome (payments, match state). Refused moves raise
:class:`IllegalAction` and leave the state unchanged.

Seat 0 deals unless a test says otherwise, so draws go to seats 0, 1, 2, 3, 0, ... until a call.
The rules are the common online (Tenhou-style) ones, :class:`RiichiRules` defaults.

Stock hands used below (each far from tenpai, no pairs, no two tiles that could make a chi):
``147m258p369s1234z``, ``258m369p147s4567z``, ``369m147p258s1567z``.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

import pytest
from riichi_walls import WallError, build_wall

from engine.game.actions import Action, ActionType
from engine.game.errors import IllegalAction
from engine.game.game import Game
from engine.game.match import MatchState
from engine.game.observation import Observation
from engine.game.state import HandResult, Win
from engine.melds import MeldType
from engine.rules.riichi import RiichiRules
from engine.tiles import format_faces, format_tiles, is_red, is_terminal_or_honor, kind_of, parse

A = ActionType
JA = "147m258p369s1234z"
JB = "258m369p147s4567z"
JC = "369m147p258s1567z"


# ── helpers ───────────────────────────────────────────────────────────────────────────────────


def new_game(
    hands: dict[int, str],
    draws: Sequence[str] = (),
    dora: str | None = None,
    *,
    rules: RiichiRules | None = None,
    scores: Sequence[int] = (25000, 25000, 25000, 25000),
    round_index: int = 0,
    honba: int = 0,
    sticks: int = 0,
    rinshan: Sequence[str] = (),
    kan_dora: Sequence[str] = (),
    ura: Sequence[str] = (),
) -> Game:
    dealer = round_index % 4
    wall = build_wall(hands, draws, dora, rinshan, dealer, kan_dora=kan_dora, ura=ura)
    start = MatchState(scores=list(scores), round_index=round_index, honba=honba, pot=sticks)
    return Game(rules or RiichiRules(), walls=[wall], start=start, check_invariants=True)


def same_face(tile: int, text: str) -> bool:
    (face,) = parse(text)
    return kind_of(tile) == face.kind and is_red(tile) == face.red


def faces(tiles: Sequence[int]) -> str:
    return format_tiles(sorted(tiles))


def show(action: Action) -> str:
    """An action as text, independent of which physical copy it names: ``chi 4m 35m``."""
    parts = [action.type.value]
    if action.tile is not None:
        parts.append(format_tiles([action.tile]))
    if action.tiles:
        parts.append(faces(action.tiles))
    return " ".join(parts)


def legal(g: Game, seat: int) -> list[str]:
    return sorted(show(a) for a in g.legal_actions(seat))


def types(g: Game, seat: int) -> set[ActionType]:
    return {a.type for a in g.legal_actions(seat)}


def find(g: Game, seat: int, kind: ActionType, tile: str | None = None, own: str | None = None) -> Action:
    """The legal action of ``seat`` with this type, tile face and own tiles (the first if several
    physical copies qualify); fails the test when there is none."""
    for a in g.legal_actions(seat):
        if a.type is not kind:
            continue
        if tile is not None and (a.tile is None or not same_face(a.tile, tile)):
            continue
        if own is not None and faces(a.tiles) != format_faces(parse(own), sort=True):
            continue
        return a
    raise AssertionError(f"seat {seat} may not {kind.value} {tile or ''} {own or ''}: {legal(g, seat)}")


def do(g: Game, seat: int, kind: ActionType, tile: str | None = None, own: str | None = None) -> None:
    g.apply(find(g, seat, kind, tile, own))


def pass_claims(g: Game) -> None:
    """Every seat asked about a discard or a kan passes."""
    while True:
        asked = [s for s in g.pending() if any(a.type is A.PASS for a in g.legal_actions(s))]
        if not asked:
            return
        g.apply(Action(asked[0], A.PASS))


def discard(g: Game, seat: int, tile: str, *, claims: bool = True) -> None:
    """``seat`` discards ``tile``; then everybody passes on it unless ``claims`` is False."""
    do(g, seat, A.DISCARD, tile)
    if claims:
        pass_claims(g)


def riichi(g: Game, seat: int, tile: str, *, claims: bool = True) -> None:
    do(g, seat, A.RIICHI, tile)
    if claims:
        pass_claims(g)


def drawn(g: Game, seat: int) -> int | None:
    return g.observation(seat).seats[seat].drawn


def tsumogiri(g: Game, seat: int | None = None) -> None:
    """The seat on turn discards the tile it drew (or, after a call, its first legal discard)."""
    if seat is None:
        seat = on_turn(g)
    tile = drawn(g, seat)
    action = Action(seat, A.DISCARD, tile=tile) if tile is not None else g.legal_actions(seat)[0]
    g.apply(action)
    pass_claims(g)


def on_turn(g: Game) -> int:
    (seat,) = g.pending()
    assert A.PASS not in types(g, seat), "a claim is pending"
    return seat


def play_until(g: Game, stop: Callable[[Game], bool], limit: int = 200) -> None:
    """Tsumogiri and pass until ``stop(g)`` (checked at each turn) or the hand ends."""
    hands = len(g.results)
    for _ in range(limit):
        pass_claims(g)
        if len(g.results) > hands or stop(g):
            return
        tsumogiri(g)
    raise AssertionError("play_until: no end")


def play_out(g: Game) -> HandResult:
    """Tsumogiri and pass until the hand ends; its result."""
    hands = len(g.results)
    play_until(g, lambda _g: False)
    assert len(g.results) == hands + 1
    return g.results[-1]


def remaining(g: Game) -> int:
    return g.observation(None).wall_remaining


def table(g: Game) -> Observation:
    return g.observation(None)


def indicators(g: Game) -> list[str]:
    return [format_tiles([t]) for t in table(g).dora_indicators]


def result(g: Game) -> HandResult:
    assert g.results, "the hand has not ended"
    return g.results[-1]


def keys(win: Win) -> set[str]:
    return {item.key for item in win.items}


def item_value(win: Win, key: str) -> int:
    return sum(item.value for item in win.items if item.key == key)


def snapshot(g: Game) -> str:
    views = [g.observation(s).to_json() for s in range(4)]
    return json.dumps(
        {"views": views, "match": g.match.to_json(), "n": len(g.actions), "results": len(g.results)},
        sort_keys=True,
    )


def refused(g: Game, action: Action) -> None:
    """``action`` is not legal: applying it raises IllegalAction and changes nothing."""
    assert action not in g.legal_actions(action.seat)
    before = snapshot(g)
    with pytest.raises(IllegalAction):
        g.apply(action)
    assert snapshot(g) == before


def tile_in_hand(g: Game, seat: int, tile: str) -> int:
    hand = g.observation(seat).seats[seat].hand
    return next(t for t in hand if same_face(t, tile))


# ── the wall builder ──────────────────────────────────────────────────────────────────────────


def test_wall_builder_places_hands_draws_and_dead_wall() -> None:
    wall = build_wall(
        {0: JA, 1: JB, 2: JC, 3: "123m456p789s234s0m"},
        ["5z", "?", "0p"],
        "1s",
        ["7z"],
        kan_dora=["2s"],
        ura=["3s"],
    )
    assert sorted(wall) == list(range(136))
    g = Game(RiichiRules(), walls=[wall], start=MatchState(scores=[25000] * 4))
    assert faces(g.observation(3).seats[3].hand) == "1230m456p234789s"
    assert format_tiles([wall[52], wall[54], wall[130], wall[134], wall[128], wall[131]]) == "5z0p1s7z23s"
    assert g.observation(0).seats[0].drawn == wall[52]
    # the dealer's seat is dealt first: with seat 2 dealing, seat 2 gets positions 0..3
    wall2 = build_wall({2: JA}, dealer=2)
    assert format_tiles(wall2[0:4]) == "147m2p"


def test_wall_builder_refuses_impossible_walls() -> None:
    with pytest.raises(WallError, match=r"too many copies of 1m: 5 asked for \(seat 0 hand: 4, draws: 1\)"):
        build_wall({0: "1111m456p789s123z"}, ["1m"])
    with pytest.raises(WallError, match="too many copies of 0p"):
        build_wall({0: "0p0p3m456p789s1234z"})
    with pytest.raises(WallError, match="12 tiles, not 13"):
        build_wall({0: "123m456p789s123z"})
    with pytest.raises(WallError, match="more than 70 draws"):
        build_wall({}, ["?"] * 71)


# ── riichi ────────────────────────────────────────────────────────────────────────────────────

TANKI_1Z = "123m456p789s234s1z"  # tenpai on a single 1z (East)


def test_riichi_is_offered_only_with_discards_that_keep_tenpai() -> None:
    g = new_game({0: TANKI_1Z, 1: JA, 2: JB, 3: JC}, ["7z"])
    assert sorted(show(a) for a in g.legal_actions(0) if a.type is A.RIICHI) == ["riichi 1z", "riichi 7z"]
    assert len([a for a in g.legal_actions(0) if a.type is A.DISCARD]) == 14
    refused(g, Action(0, A.RIICHI, tile=tile_in_hand(g, 0, "2s")))


def test_riichi_is_not_offered_when_not_tenpai() -> None:
    g = new_game({0: "123m456p789s1234z", 1: JA, 2: JB, 3: JC}, ["5z"])
    assert A.RIICHI not in types(g, 0)


@pytest.mark.parametrize(("points", "offered"), [(900, False), (1000, True)])
def test_riichi_needs_1000_points(points: int, offered: bool) -> None:
    g = new_game({0: TANKI_1Z, 1: JA, 2: JB, 3: JC}, ["7z"], scores=[points, 25000, 25000, 50000 - points])
    assert (A.RIICHI in types(g, 0)) is offered


def test_riichi_is_not_offered_with_an_open_hand() -> None:
    # seat 0 pons 9s and is tenpai on 6s-9s, but open
    g = new_game({0: "123m456p78s99s115z", 1: JA, 2: JB, 3: JC}, ["6z", "9s", "?", "?", "?", "4z"])
    discard(g, 0, "6z")
    discard(g, 1, "9s", claims=False)
    do(g, 0, A.PON, "9s", "99s")
    discard(g, 0, "5z")
    for seat in (1, 2, 3):
        tsumogiri(g, seat)
    assert on_turn(g) == 0 and same_face(drawn(g, 0), "4z")
    assert types(g, 0) == {A.DISCARD}
    refused(g, Action(0, A.RIICHI, tile=drawn(g, 0)))


def test_riichi_needs_four_tiles_left_in_the_wall() -> None:
    # seats 1 and 2 stay tenpai; everybody discards what they draw
    g = new_game({0: JA, 1: "456m123p345s678s2z", 2: "789m234p567s456m3z", 3: JC})
    play_until(g, lambda g: remaining(g) == 4)
    assert on_turn(g) == 1
    assert A.RIICHI in types(g, 1)
    tsumogiri(g, 1)
    assert on_turn(g) == 2 and remaining(g) == 3
    assert A.RIICHI not in types(g, 2)
    refused(g, Action(2, A.RIICHI, tile=drawn(g, 2)))


def test_after_riichi_only_the_drawn_tile_may_be_discarded() -> None:
    # (an added kan can never come up in riichi: riichi needs a closed hand, so there is no pon)
    g = new_game({0: TANKI_1Z, 1: JA, 2: JB, 3: JC}, ["7z", "8m", "8p", "2s", "9p"])
    riichi(g, 0, "7z")
    for seat in (1, 2, 3):
        tsumogiri(g, seat)
    assert legal(g, 0) == ["discard 9p"]
    refused(g, Action(0, A.DISCARD, tile=tile_in_hand(g, 0, "1m")))
    refused(g, Action(0, A.RIICHI, tile=drawn(g, 0)))


RIICHI_KAN_HANDS = {1: "47m258p369s34567z", 2: JB, 3: JC}


def test_closed_kan_after_riichi_when_the_wait_stays() -> None:
    # 111m456p789s1122z waits on 1z/2z; a kan of the drawn 1m leaves the same waits
    hands = {0: "111m456p789s1122z", **RIICHI_KAN_HANDS}
    g = new_game(hands, ["7z", "8m", "8p", "2s", "1m"], "3z", rinshan=["9p"], kan_dora=["6s"])
    riichi(g, 0, "7z")
    for seat in (1, 2, 3):
        tsumogiri(g, seat)
    assert legal(g, 0) == ["closed_kan 1111m", "discard 1m"]
    do(g, 0, A.CLOSED_KAN)
    assert legal(g, 0) == ["discard 9p"]
    assert indicators(g) == ["3z", "6s"]  # a closed kan turns the kan dora over at once


def test_closed_kan_after_riichi_refused_when_the_wait_changes() -> None:
    # 1112m456p789s123s waits on 2m/3m; a kan of 1m would leave only 2m
    hands = {0: "1112m456p789s123s", **RIICHI_KAN_HANDS}
    g = new_game(hands, ["7z", "8m", "8p", "2s", "1m"])
    riichi(g, 0, "7z")
    for seat in (1, 2, 3):
        tsumogiri(g, seat)
    assert legal(g, 0) == ["discard 1m"]
    ones = tuple(t for t in range(4))
    refused(g, Action(0, A.CLOSED_KAN, tiles=ones))


def test_closed_kan_after_riichi_never_with_the_toggle() -> None:
    hands = {0: "111m456p789s1122z", **RIICHI_KAN_HANDS}
    g = new_game(hands, ["7z", "8m", "8p", "2s", "1m"], rules=RiichiRules(closed_kan_after_riichi="never"))
    riichi(g, 0, "7z")
    for seat in (1, 2, 3):
        tsumogiri(g, seat)
    assert legal(g, 0) == ["discard 1m"]


def test_riichi_stick_is_paid_only_once_the_declaration_tile_passes() -> None:
    g = new_game({0: TANKI_1Z, 1: JA, 2: "258m369p147s4577z", 3: JC}, ["7z"])
    riichi(g, 0, "7z", claims=False)
    assert g.pending() == [2]  # seat 2 could pon the 7z
    view = table(g)
    assert (view.scores[0], view.pot, view.seats[0].declared) == (25000, 0, False)
    g.apply(Action(2, A.PASS))
    view = table(g)
    assert (view.scores[0], view.pot, view.seats[0].declared) == (24000, 1, True)
    assert [e.data["double"] for e in g.events if e.type == "riichi"] == [True]


def test_a_ronned_riichi_declaration_tile_pays_no_stick() -> None:
    # seat 1 (South) waits on 2z/7p: ron on 2z is seat wind, 1 han 40 fu = 1300
    g = new_game({0: TANKI_1Z, 1: "234m345p456s22z77p", 2: JB, 3: JC}, ["2z"], "9p")
    riichi(g, 0, "2z", claims=False)
    assert legal(g, 1) == ["pass", "pon 2z 22z", "ron 2z"]
    do(g, 1, A.RON)
    res = result(g)
    assert res.kind == "win" and [(w.seat, w.from_seat, w.points) for w in res.wins] == [(1, 0, 1300)]
    assert res.score_changes == (-1300, 1300, 0, 0)
    assert g.match.scores == [23700, 26300, 25000, 25000] and g.match.pot == 0


def test_double_riichi_ippatsu_tsumo_with_honba() -> None:
    # dealer: double riichi, ippatsu, tsumo = 4 han, 30 fu (double-wind pair, tanki) = 3900 all;
    # two honba add 200 from each; the own riichi stick comes back (its deposit is in the ledger)
    g = new_game(
        {0: TANKI_1Z, 1: JA, 2: JB, 3: JC}, ["7z", "8m", "8p", "2s", "1z"], "5z", ura=["6z"], honba=2
    )
    riichi(g, 0, "7z")
    assert table(g).scores[0] == 24000
    for seat in (1, 2, 3):
        tsumogiri(g, seat)
    assert legal(g, 0) == ["discard 1z", "tsumo 1z"]
    do(g, 0, A.TSUMO)
    res = result(g)
    (win,) = res.wins
    assert keys(win) == {"double_riichi", "ippatsu", "menzen_tsumo"}
    assert (win.han, win.fu, win.points) == (4, 30, 11700)
    assert [(p.payer, p.payee, p.amount, p.reason) for p in res.payments] == [
        (0, None, 1000, "riichi_deposit"),
        (1, 0, 3900, "tsumo"),
        (2, 0, 3900, "tsumo"),
        (3, 0, 3900, "tsumo"),
        (1, 0, 200, "honba"),
        (2, 0, 200, "honba"),
        (3, 0, 200, "honba"),
        (None, 0, 1000, "riichi_sticks"),
    ]
    assert res.score_changes == (-1000 + 11700 + 600 + 1000, -4100, -4100, -4100)
    assert g.match.scores == [37300, 20900, 20900, 20900]
    assert (g.match.round_index, g.match.honba, g.match.pot) == (0, 3, 0)


def test_ippatsu_is_broken_by_a_call() -> None:
    g = new_game(
        {0: TANKI_1Z, 1: JA, 2: "258m369p88p147s45z", 3: JC}, ["7z", "8p", "2s", "1z"], "5z", ura=["6z"]
    )
    riichi(g, 0, "7z")
    discard(g, 1, "8p", claims=False)
    do(g, 2, A.PON, "8p", "88p")
    discard(g, 2, "4z")
    tsumogiri(g, 3)
    do(g, 0, A.TSUMO)
    assert keys(result(g).wins[0]) == {"double_riichi", "menzen_tsumo"}


def test_ippatsu_ends_with_the_own_next_discard() -> None:
    draws = ["7z", "8m", "8p", "2s", "9p", "9m", "7p", "3s", "1z"]
    g = new_game({0: TANKI_1Z, 1: JA, 2: JB, 3: JC}, draws, "5z", ura=["6z"])
    riichi(g, 0, "7z")
    play_until(g, lambda g: A.TSUMO in types(g, on_turn(g)))
    assert on_turn(g) == 0 and same_face(drawn(g, 0), "1z")
    do(g, 0, A.TSUMO)
    assert keys(result(g).wins[0]) == {"double_riichi", "menzen_tsumo"}


def test_riichi_after_a_call_is_not_double() -> None:
    # seat 3 pons the dealer's first discard; seat 1's first-turn riichi is then a plain riichi
    g = new_game({0: JA, 1: "456m123p345s678s2z", 2: JB, 3: "3699m147p258s157z"}, ["9m", "8s", "7z"])
    discard(g, 0, "9m", claims=False)
    assert g.pending() == [3]
    do(g, 3, A.PON, "9m", "99m")
    discard(g, 3, "1z")
    tsumogiri(g, 0)
    riichi(g, 1, "7z")
    assert [e.data["double"] for e in g.events if e.type == "riichi"] == [False]


# ── furiten ───────────────────────────────────────────────────────────────────────────────────

TANYAO_58S = "234m345p88p456s67s"  # all simples, waits on 5s/8s (2000 as a ron: tanyao pinfu)
NO_5S = "369m147p147s1567z"  # a stock hand without 5s, so the three plain 5s stay free


def test_furiten_from_own_discards_blocks_ron_not_tsumo() -> None:
    g = new_game({0: JA, 1: TANYAO_58S, 2: JB, 3: NO_5S}, ["9m", "8s", "5s", "1p", "2p", "5s"])
    tsumogiri(g, 0)
    assert A.TSUMO in types(g, 1)
    discard(g, 1, "8s")  # lets its own winning tile go: furiten
    assert g.observation(1).furiten is True
    five = drawn(g, 2)
    discard(g, 2, "5s", claims=False)
    assert g.pending() == [3]  # no ron for seat 1, and nobody else wants the 5s
    refused(g, Action(1, A.RON, tile=five))
    tsumogiri(g, 3)
    tsumogiri(g, 0)
    assert legal(g, 1).count("tsumo 5s") == 1
    do(g, 1, A.TSUMO)
    assert result(g).wins[0].seat == 1


@pytest.mark.parametrize("next_draw", ["9m", "8s"])
def test_same_turn_furiten_after_passing_a_win(next_draw: str) -> None:
    g = new_game({0: JA, 1: JB, 2: NO_5S, 3: TANYAO_58S}, ["5s", "8s", "5s", next_draw, "8s"], "1z")
    discard(g, 0, "5s", claims=False)
    assert legal(g, 3) == ["pass", "ron 5s"]
    g.apply(Action(3, A.PASS))
    assert g.observation(3).furiten is True
    discard(g, 1, "8s", claims=False)
    assert g.pending() == [2]  # seat 3 may not ron the 8s: it passed a win this go-around
    discard(g, 2, "5s", claims=False)
    assert legal(g, 3) == ["chi 5s 46s", "chi 5s 67s", "pass"]  # a chi, but still no ron
    g.apply(Action(3, A.PASS))
    if next_draw == "8s":  # tsumo is allowed in furiten
        assert legal(g, 3).count("tsumo 8s") == 1
        return
    tsumogiri(g, 3)  # the own discard ends the temporary furiten
    assert g.observation(3).furiten is False
    discard(g, 0, "8s", claims=False)
    assert legal(g, 3) == ["pass", "ron 8s"]
    do(g, 3, A.RON)
    assert result(g).score_changes == (-2000, 0, 0, 2000)


def test_riichi_furiten_after_passing_a_win_is_permanent() -> None:
    draws = ["9s", "2z", "3z", "9m", "5s", "3z", "7p", "9p", "8s", "2z", "7z", "8s"]
    g = new_game({0: JA, 1: JB, 2: NO_5S, 3: TANYAO_58S}, draws, "1z")
    for seat in (0, 1, 2):
        tsumogiri(g, seat)
    riichi(g, 3, "9m")
    discard(g, 0, "5s", claims=False)
    assert legal(g, 3) == ["pass", "ron 5s"]
    g.apply(Action(3, A.PASS))
    for seat in (1, 2, 3):
        tsumogiri(g, seat)
    assert g.observation(3).furiten is True  # its own discard does not end it in riichi
    discard(g, 0, "8s", claims=False)
    assert 3 not in g.pending()
    tsumogiri(g, 1)
    tsumogiri(g, 2)
    assert legal(g, 3) == ["discard 8s", "tsumo 8s"]


# ── calls ─────────────────────────────────────────────────────────────────────────────────────


@pytest.mark.parametrize(
    ("hand", "claimed", "own", "forbidden"),
    [
        ("2345m258p369s123z", "2m", "34m", {"2m", "5m"}),  # low end: the tile above the run too
        ("2345m258p369s123z", "5m", "34m", {"5m", "2m"}),  # high end: the tile below the run too
        ("13457m258p369s12z", "4m", "35m", {"4m"}),  # middle: only the called kind
    ],
)
def test_kuikae_after_chi(hand: str, claimed: str, own: str, forbidden: set[str]) -> None:
    g = new_game({0: "19m147p147s14567z", 1: hand, 2: JB, 3: JC}, [claimed])
    discard(g, 0, claimed, claims=False)
    do(g, 1, A.CHI, claimed, own)
    held = g.observation(1).seats[1].hand
    allowed = {t for t in held if format_tiles([t]) not in forbidden}
    assert {a.tile for a in g.legal_actions(1)} == allowed
    assert {a.type for a in g.legal_actions(1)} == {A.DISCARD}
    for t in held:
        if t not in allowed:
            refused(g, Action(1, A.DISCARD, tile=t))


def test_kuikae_after_pon() -> None:
    g = new_game({0: "19m147p147s14567z", 1: JA, 2: "999p147m258s1567z", 3: JC}, ["9p"])
    discard(g, 0, "9p", claims=False)
    assert legal(g, 2) == ["open_kan 9p 999p", "pass", "pon 9p 99p"]
    do(g, 2, A.PON, "9p")
    held = g.observation(2).seats[2].hand
    refused(g, Action(2, A.DISCARD, tile=tile_in_hand(g, 2, "9p")))
    assert sorted(a.tile for a in g.legal_actions(2)) == sorted(t for t in held if not same_face(t, "9p"))


def test_kuikae_toggle_off_allows_swap_calling() -> None:
    rules = RiichiRules(kuikae_forbidden=False)
    g = new_game({0: "19m147p147s14567z", 1: "2345m258p369s123z", 2: JB, 3: JC}, ["2m"], rules=rules)
    discard(g, 0, "2m", claims=False)
    do(g, 1, A.CHI, "2m", "34m")
    held = g.observation(1).seats[1].hand
    assert sorted(a.tile for a in g.legal_actions(1)) == sorted(held)


@pytest.mark.parametrize(("kuikae", "offered"), [(True, False), (False, True)])
def test_a_call_leaving_only_forbidden_discards_is_not_offered(kuikae: bool, offered: bool) -> None:
    # seat 1 pons 9p, 9s and 4z (no yaku) and keeps 2345m; a chi of 2m with 34m would leave only
    # 2m and 5m, both swap-calls
    hands = {0: "236m479p147s1235z", 1: "2345m199p799s446z", 2: "158m258p369s4567z", 3: "147m36p258s12367z"}
    g = new_game(hands, ["8m"], rules=RiichiRules(kuikae_forbidden=kuikae))
    discard(g, 0, "9p", claims=False)
    do(g, 1, A.PON, "9p")
    discard(g, 1, "1p")
    discard(g, 2, "9s", claims=False)
    do(g, 1, A.PON, "9s")
    discard(g, 1, "7s")
    discard(g, 2, "4z", claims=False)
    do(g, 1, A.PON, "4z")
    discard(g, 1, "6z")
    assert faces(g.observation(1).seats[1].hand) == "2345m"
    tsumogiri(g, 2)
    tsumogiri(g, 3)
    discard(g, 0, "2m", claims=False)
    if offered:
        assert legal(g, 1) == ["chi 2m 34m", "pass"]
    else:
        assert on_turn(g) == 1  # no claim window: seat 1 simply draws


CHI_HANDS = {0: "19m147p147s14567z", 2: "19m369p258s23467z", 3: "35m147p147s14567z"}


@pytest.mark.parametrize(
    ("hand", "options"),
    [
        ("23456m258p369s12z", ["chi 4m 23m", "chi 4m 35m", "chi 4m 56m"]),
        ("3405m6m258p369s12z", ["chi 4m 06m", "chi 4m 30m", "chi 4m 35m", "chi 4m 56m"]),
    ],
)
def test_chi_only_from_the_previous_seat_with_every_option(hand: str, options: list[str]) -> None:
    g = new_game({**CHI_HANDS, 1: hand}, ["4m"])
    discard(g, 0, "4m", claims=False)
    assert g.pending() == [1]  # seat 3 holds 35m too, but the discard is not from its left
    assert legal(g, 1) == [*options, "pass"]
    three, five = tile_in_hand(g, 3, "3m"), tile_in_hand(g, 3, "5m")
    refused(g, Action(3, A.CHI, tile=g.observation(None).last_discard[1], tiles=(three, five)))
    do(g, 1, A.CHI, "4m", "35m")
    (meld,) = g.observation(1).seats[1].melds
    assert meld.type is MeldType.CHI and meld.from_seat == 0 and faces(meld.tiles) == "345m"


@pytest.mark.parametrize("order", ["chi_first", "pon_first"])
@pytest.mark.parametrize(("holder", "call"), [("44m", A.PON), ("444m", A.OPEN_KAN)])
def test_pon_and_kan_take_priority_over_chi(order: str, holder: str, call: ActionType) -> None:
    caller = 3 if call is A.PON else 2
    hands = {0: "19m147p147s14567z", 1: "35m258p369s12356z", 2: "19m369p258s23467z", 3: JC}
    hands[caller] = holder + {"44m": "47p258s123567z", "444m": "47p258s12367z"}[holder]
    g = new_game(hands, ["4m"], rinshan=["9s"])
    discard(g, 0, "4m", claims=False)
    assert sorted(g.pending()) == [1, caller]
    answers = [find(g, 1, A.CHI), find(g, caller, call)]
    for action in answers if order == "chi_first" else reversed(answers):
        g.apply(action)
    players = g.observation(None).seats
    assert players[1].melds == ()
    assert [m.type.value for m in players[caller].melds] == [call.value]
    assert on_turn(g) == caller


# ── several rons ─────────────────────────────────────────────────────────────────────────────

# The dealer discards 6p. Seat 2: tanyao pinfu on 6p/9p (2000). Seat 3: tanyao kanchan 6p (1300).
# Seat 1 either waits on 3p/6p with tanyao pinfu (2000) or holds a hand that wants nothing.
RON_HANDS = {0: "1199m1199s12345z", 2: "234m678m345s66p78p", 3: "345m456s678s22p57p"}
SEAT1_TENPAI = "234m88m45p345s678s"
SEAT1_IDLE = "2277m3399p44567z"


def ron_game(seat1: str, rules: RiichiRules | None = None) -> Game:
    g = new_game(
        {**RON_HANDS, 1: seat1},
        ["6p"],
        "4z",
        rules=rules,
        honba=1,
        sticks=1,
        scores=[25000, 25000, 25000, 24000],
    )
    discard(g, 0, "6p", claims=False)
    return g


def ron_all(g: Game) -> None:
    for seat in list(g.pending()):
        do(g, seat, A.RON)


def test_double_ron_both_win_honba_and_sticks_to_the_first_in_turn_order() -> None:
    g = ron_game(SEAT1_IDLE)
    assert g.pending() == [2, 3]
    assert legal(g, 2) == ["pass", "pon 6p 66p", "ron 6p"]
    ron_all(g)
    res = result(g)
    assert [(w.seat, w.points) for w in res.wins] == [(2, 2000), (3, 1300)]
    assert res.score_changes == (-3600, 0, 3300, 1300)
    assert (g.match.round_index, g.match.honba, g.match.pot) == (1, 0, 0)


def test_double_ron_with_the_dealer_among_the_winners_keeps_the_deal() -> None:
    # seat 1 discards 6p; seat 2 (tanyao kanchan, 1300) and the dealer (tanyao pinfu, 2900) ron
    hands = {0: "234m678m345s66p78p", 1: "1199m1199s12345z", 2: "345m456s678s22p57p", 3: SEAT1_IDLE}
    g = new_game(hands, ["5z", "6p"], "4z")
    tsumogiri(g, 0)
    discard(g, 1, "6p", claims=False)
    assert g.pending() == [0, 2]
    ron_all(g)
    res = result(g)
    assert [(w.seat, w.points) for w in res.wins] == [(2, 1300), (0, 2900)]
    assert res.score_changes == (2900, -4200, 1300, 0)
    assert (g.match.round_index, g.match.honba) == (0, 1)


@pytest.mark.parametrize("order", [(2, 3), (3, 2)])
def test_head_bump_when_double_ron_is_off(order: tuple[int, int]) -> None:
    g = ron_game(SEAT1_IDLE, RiichiRules(double_ron=False))
    for seat in order:
        do(g, seat, A.RON)
    res = result(g)
    assert [w.seat for w in res.wins] == [2]
    assert res.score_changes == (-2300, 0, 3300, 0)


def test_triple_ron_is_an_abortive_draw() -> None:
    g = ron_game(SEAT1_TENPAI)
    assert g.pending() == [1, 2, 3]
    assert legal(g, 1) == ["chi 6p 45p", "pass", "ron 6p"]
    ron_all(g)
    res = result(g)
    assert (res.kind, res.reason, res.score_changes) == ("abortive_draw", "triple_ron", (0, 0, 0, 0))
    assert (g.match.round_index, g.match.honba, g.match.pot) == (0, 2, 1)


def test_triple_ron_all_win_with_the_toggle_off() -> None:
    g = ron_game(SEAT1_TENPAI, RiichiRules(abort_triple_ron=False))
    ron_all(g)
    res = result(g)
    assert [(w.seat, w.points) for w in res.wins] == [(1, 2000), (2, 2000), (3, 1300)]
    assert res.score_changes == (-5600, 3300, 2000, 1300)


# ── robbing a kan ─────────────────────────────────────────────────────────────────────────────


def chankan_game(**kwargs: Any) -> Game:
    # seat 1 pons the dealer's 7s and later adds the fourth; seat 2 is then tenpai on 7s (tanyao)
    hands = {0: "258m369p17s12345z", 1: "77s147m258p9s1234z", 2: "234m456p33p345s6s7z", 3: JC}
    g = new_game(hands, ["6z", "8s", "1p", "8m", "7s"], "4z", **kwargs)
    discard(g, 0, "7s", claims=False)
    do(g, 1, A.PON, "7s")
    discard(g, 1, "1z")
    discard(g, 2, "7z")
    tsumogiri(g, 3)
    tsumogiri(g, 0)
    assert "added_kan 7s" in legal(g, 1)
    do(g, 1, A.ADDED_KAN)
    return g


def test_chankan_robs_an_added_kan() -> None:
    g = chankan_game()
    assert g.pending() == [2] and legal(g, 2) == ["pass", "ron 7s"]
    do(g, 2, A.RON)
    res = result(g)
    (win,) = res.wins
    assert keys(win) == {"chankan", "tanyao"} and (win.han, win.fu, win.points) == (2, 40, 2600)
    assert res.score_changes == (0, -2600, 2600, 0)


def test_passing_a_chankan_completes_the_kan_and_makes_furiten() -> None:
    g = chankan_game()
    g.apply(Action(2, A.PASS))
    assert on_turn(g) == 1
    assert [m.type for m in g.observation(1).seats[1].melds] == [MeldType.ADDED_KAN]
    assert g.observation(2).furiten is True


KOKUSHI_HANDS = {
    0: "369m258p258s1367z",
    1: "999p258m147s2345z",
    2: "119m1p19s1234567z",  # thirteen orphans waiting on 9p
    3: "22234m78p345s456s",  # an ordinary hand waiting on 6p/9p
}


@pytest.mark.parametrize("robs", [True, False])
def test_thirteen_orphans_robs_a_closed_kan(robs: bool) -> None:
    rules = RiichiRules(kokushi_robs_closed_kan=robs)
    g = new_game(KOKUSHI_HANDS, ["4p", "9p"], "1p", rules=rules, rinshan=["5z"])
    tsumogiri(g, 0)
    do(g, 1, A.CLOSED_KAN, own="9999p")
    if not robs:
        assert on_turn(g) == 1  # the kan went through: seat 1 draws its replacement tile
        return
    assert g.pending() == [2]  # the ordinary hand waiting on 9p may not rob a closed kan
    assert legal(g, 2) == ["pass", "ron 9p"]
    do(g, 2, A.RON)
    res = result(g)
    assert "kokushi" in keys(res.wins[0])
    assert res.score_changes == (0, -32000, 32000, 0)


# ── kans: dora timing, rinshan, four kans ────────────────────────────────────────────────────


def test_closed_kan_dora_at_once_and_it_counts_for_rinshan_kaihou() -> None:
    # 1111s234m567p88p99s: kan of 1s, the replacement 8p wins; the kan dora indicator 7p makes
    # the three 8p dora
    hands = {0: "1111s234m567p88p9s", 1: JA, 2: "258m369p47s14567z", 3: JC}
    g = new_game(hands, ["9s"], "1z", rinshan=["8p"], kan_dora=["7p"])
    assert A.CLOSED_KAN in types(g, 0)
    do(g, 0, A.CLOSED_KAN)
    assert indicators(g) == ["1z", "7p"]
    assert legal(g, 0).count("tsumo 8p") == 1
    do(g, 0, A.TSUMO)
    (win,) = result(g).wins
    assert keys(win) >= {"rinshan", "menzen_tsumo", "dora"} and item_value(win, "dora") == 3


def test_open_kan_dora_after_the_discard_and_not_for_its_rinshan_kaihou() -> None:
    hands = {0: "19m149p147s14567z", 1: "777p234m567s88p99s", 2: JB, 3: "369m14p258s14567z"}
    g = new_game(hands, ["7p"], "1z", rinshan=["8p"], kan_dora=["8s"])
    discard(g, 0, "7p", claims=False)
    do(g, 1, A.OPEN_KAN)
    assert indicators(g) == ["1z"]
    do(g, 1, A.TSUMO)  # rinshan kaihou; the kan dora (9s) is not turned over yet
    (win,) = result(g).wins
    assert keys(win) == {"rinshan"}


@pytest.mark.parametrize("kan", [A.OPEN_KAN, A.ADDED_KAN])
def test_open_and_added_kan_dora_come_after_the_kan_players_discard(kan: ActionType) -> None:
    holder = "777p" if kan is A.OPEN_KAN else "77p9p"
    hands = {0: "19m149p147s14567z", 1: holder + "258m369s1234z", 2: JB, 3: "369m14p258s14567z"}
    draws = ["7p"] if kan is A.OPEN_KAN else ["7p", "6z", "9m", "1s", "7p"]
    g = new_game(hands, draws, "1z", rinshan=["2p"], kan_dora=["3z"])
    discard(g, 0, "7p", claims=False)
    if kan is A.OPEN_KAN:
        do(g, 1, A.OPEN_KAN)
    else:
        do(g, 1, A.PON, "7p")
        discard(g, 1, "9p")
        for seat in (2, 3, 0):
            tsumogiri(g, seat)
        do(g, 1, A.ADDED_KAN)
    assert on_turn(g) == 1 and same_face(drawn(g, 1), "2p")
    assert indicators(g) == ["1z"]
    discard(g, 1, "2p")
    assert indicators(g) == ["1z", "3z"]


FOUR_KAN_DRAWS = ["6z", "6p", "2s", "9m"]


def test_four_kans_by_two_players_abort_after_the_next_discard() -> None:
    hands = {0: "111122223333m5z", 1: "666p47m258s13567z", 2: "589m39p147s34567z", 3: "9m47p258s369s1457z"}
    g = new_game(hands, FOUR_KAN_DRAWS, "1z", rinshan=["1p", "9p", "1s", "9s"])
    for kind in ("1111m", "2222m", "3333m"):
        do(g, 0, A.CLOSED_KAN, own=kind)
    assert len(indicators(g)) == 4
    discard(g, 0, "5z")
    do(g, 1, A.CLOSED_KAN, own="6666p")
    assert on_turn(g) == 1 and not g.results  # the replacement tile may still win
    discard(g, 1, "9s")
    res = result(g)
    assert (res.kind, res.reason, res.score_changes) == ("abortive_draw", "four_kans", (0, 0, 0, 0))
    assert (g.match.round_index, g.match.honba) == (0, 1)


def test_four_kans_by_one_player_play_on_and_no_fifth_kan() -> None:
    hands = {0: "111122223333m4z", 1: "666p7p47m258s1356z", 2: "777p456m258s1235z", 3: "69m149p258s13567z"}
    g = new_game(hands, ["4z", "6p"], "1z", rinshan=["4z", "4z", "1p", "9p"])
    for kind in ("1111m", "2222m", "3333m", "4444z"):
        do(g, 0, A.CLOSED_KAN, own=kind)
    assert len(indicators(g)) == 5
    # still a closed hand (riichi is possible), but there is no fifth kan
    assert legal(g, 0) == ["discard 1p", "discard 9p", "riichi 1p", "riichi 9p"]
    discard(g, 0, "1p")
    assert on_turn(g) == 1 and not g.results
    assert A.CLOSED_KAN not in types(g, 1)  # seat 1 holds four 6p
    discard(g, 1, "7p", claims=False)
    assert legal(g, 2) == ["pass", "pon 7p 77p"]  # three 7p, but no open kan


# ── last tiles ────────────────────────────────────────────────────────────────────────────────


def last_draw_game(hands: dict[int, str], last: str) -> Game:
    g = new_game(hands, ["?"] * 69 + [last], "1z")
    play_until(g, lambda g: remaining(g) == 0)
    assert on_turn(g) == 1 and same_face(drawn(g, 1), last)
    return g


def test_haitei_on_the_last_draw() -> None:
    # seat 1 waits on 2p only; the other three 2p are dealt to the other seats
    hands = {
        0: "2p147m58p369s1567z",
        1: "13p456m789s234s55z",
        2: "2p258m369p147s467z",
        3: "2p369m47p258s2367z",
    }
    g = last_draw_game(hands, "2p")
    do(g, 1, A.TSUMO)
    assert keys(result(g).wins[0]) == {"haitei", "menzen_tsumo"}


def test_houtei_on_the_last_discard_and_no_calls_on_it() -> None:
    # seat 2 waits on 6s only (tanyao); seat 3 holds a pair of 6s but may not pon the last discard
    hands = {0: "6s147m258p39s1567z", 1: JB, 2: "234m456p88p345s57s", 3: "66s369m147p2s1567z"}
    g = last_draw_game(hands, "6s")
    discard(g, 1, "6s", claims=False)
    assert g.pending() == [2]
    assert legal(g, 2) == ["pass", "ron 6s"]
    do(g, 2, A.RON)
    assert keys(result(g).wins[0]) == {"houtei", "tanyao"}


# ── abortive draws ───────────────────────────────────────────────────────────────────────────

WIND_HANDS = {0: JA, 1: "258m369p147s1567z", 2: "369m147p258s1567z", 3: "147m258p369s1257z"}


@pytest.mark.parametrize("last", ["1z", "2z"])
def test_four_winds(last: str) -> None:
    g = new_game(WIND_HANDS, ["9m", "9p", "9s", "8m", "8p"])
    for seat in (0, 1, 2):
        discard(g, seat, "1z")
    discard(g, 3, last)
    if last == "2z":
        assert on_turn(g) == 0 and not g.results
        return
    res = result(g)
    assert (res.kind, res.reason, res.score_changes) == ("abortive_draw", "four_winds", (0, 0, 0, 0))
    assert (g.match.round_index, g.match.honba) == (0, 1)


def test_four_riichi() -> None:
    hands = {0: TANKI_1Z, 1: "456m123p345s678s2z", 2: "789m234p567s456m3z", 3: "123m678p789s345p4z"}
    g = new_game(hands, ["7z", "6z", "5z", "6z"])
    for seat, tile in enumerate(["7z", "6z", "5z"]):
        riichi(g, seat, tile)
    assert not g.results
    riichi(g, 3, "6z")
    res = result(g)
    assert (res.kind, res.reason) == ("abortive_draw", "four_riichi")
    assert g.match.scores == [24000] * 4
    assert (g.match.round_index, g.match.honba, g.match.pot) == (0, 1, 4)


NINE_KINDS = "12349m159p19s123z"  # 1m 9m 1p 9p 1s 9s E S W: nine kinds


def test_nine_terminals_on_the_first_turn() -> None:
    g = new_game({0: NINE_KINDS, 1: JB, 2: JC, 3: "147m258p369s4567z"}, ["5s"])
    assert "nine_terminals" in legal(g, 0)
    do(g, 0, A.NINE_TERMINALS)
    res = result(g)
    assert (res.kind, res.reason, res.score_changes) == ("abortive_draw", "nine_terminals", (0, 0, 0, 0))
    assert (g.match.round_index, g.match.honba) == (0, 1)


def test_nine_terminals_needs_nine_kinds() -> None:
    g = new_game({0: "12349m159p169s12z", 1: JB, 2: JC, 3: "147m258p369s4567z"}, ["5s"])
    assert A.NINE_TERMINALS not in types(g, 0)


def test_nine_terminals_not_on_a_later_turn() -> None:
    g = new_game({0: NINE_KINDS, 1: JB, 2: JC, 3: "147m258p369s4567z"}, ["5s", "8m", "8p", "8s", "7m"])
    discard(g, 0, "5s")
    for seat in (1, 2, 3):
        tsumogiri(g, seat)
    assert A.NINE_TERMINALS not in types(g, 0)
    refused(g, Action(0, A.NINE_TERMINALS))


def test_nine_terminals_not_after_a_call() -> None:
    # seat 3 pons the dealer's first discard, so seat 1's first turn is interrupted
    hands = {0: "8m147p258s123567z", 1: NINE_KINDS, 2: JC, 3: "88m369p147s14567z"}
    g = new_game(hands, ["9p", "2s", "6s"])
    discard(g, 0, "8m", claims=False)
    do(g, 3, A.PON, "8m")
    discard(g, 3, "1z")
    tsumogiri(g, 0)
    assert on_turn(g) == 1
    assert A.NINE_TERMINALS not in types(g, 1)


# ── exhaustive draw ───────────────────────────────────────────────────────────────────────────

TENPAI = ["123m456p789s234s1z", "456m123p345s678s2z", "789m234p567s456m3z", "123m678p789s345p4z"]
NOTEN = ["179m179p19s13567z", "258m28p19s234567z", "369m69p12s134567z", "78m78p126s124567z"]


def draw_hands(tenpai: Sequence[int]) -> dict[int, str]:
    return {s: TENPAI[s] if s in tenpai else NOTEN[s] for s in range(4)}


@pytest.mark.parametrize(
    ("tenpai", "changes", "next_round", "next_honba"),
    [
        ((), (0, 0, 0, 0), 1, 1),
        ((0,), (3000, -1000, -1000, -1000), 0, 1),
        ((2,), (-1000, -1000, 3000, -1000), 1, 1),
        ((0, 1), (1500, 1500, -1500, -1500), 0, 1),
        ((1, 2, 3), (-3000, 1000, 1000, 1000), 1, 1),
        ((0, 1, 2, 3), (0, 0, 0, 0), 0, 1),
    ],
)
def test_exhaustive_draw_tenpai_payments_and_dealer_repeat(
    tenpai: tuple[int, ...], changes: tuple[int, ...], next_round: int, next_honba: int
) -> None:
    g = new_game(draw_hands(tenpai), dora="1z", sticks=1, scores=[25000, 25000, 25000, 24000])
    res = play_out(g)
    assert (res.kind, res.reason, res.tenpai) == ("exhaustive_draw", "exhaustive", tenpai)
    assert res.score_changes == changes
    assert (g.match.round_index, g.match.honba, g.match.pot) == (next_round, next_honba, 1)


def test_karaten_is_noten() -> None:
    # seat 1 waits only on 2z and holds all four: no tenpai at the draw
    hands = {0: TENPAI[0], 1: "123m456p789s2222z", 2: NOTEN[2], 3: TENPAI[3]}
    res = play_out(new_game(hands, dora="1z"))
    assert res.tenpai == (0, 3)
    assert res.score_changes == (1500, -1500, -1500, 1500)


NAGASHI_TILES = "111m99m111p999p99s11z22z4z"  # 18 terminals and honours


@pytest.mark.parametrize(
    ("seat", "changes", "next_round"),
    [(1, (-4000, 8000, -2000, -2000), 1), (0, (12000, -4000, -4000, -4000), 1)],
)
def test_nagashi_mangan(seat: int, changes: tuple[int, ...], next_round: int) -> None:
    # ``seat`` discards only the 18 terminals and honours it draws, none called; seat 2 is tenpai,
    # but beside the nagashi mangan no noten payment is made
    tiles = iter(parse(NAGASHI_TILES))
    draws = ["?"] * 70
    for i in range(seat, 70, 4):
        draws[i] = format_faces([next(tiles)])
    g = new_game({0: NOTEN[0], 1: NOTEN[1], 2: TENPAI[2], 3: NOTEN[3]}, draws)
    res = play_out(g)
    assert (res.kind, res.reason, res.tenpai) == ("exhaustive_draw", "nagashi_mangan", (2,))
    assert res.score_changes == changes
    assert (g.match.round_index, g.match.honba) == (next_round, 1)  # a draw with the dealer noten


def test_no_nagashi_mangan_when_a_discard_was_called() -> None:
    # seat 1 discards only terminals and honours, but seat 2 pons its 9p near the end
    tiles = iter(parse("111m99m111p99s1z22z3z4z5z7z"))
    draws = ["?"] * 70
    for i in [*range(1, 62, 4), 68]:
        draws[i] = format_faces([next(tiles)])
    draws[65] = "9p"
    g = new_game({0: NOTEN[0], 1: NOTEN[1], 2: "369m699p128s1346z", 3: NOTEN[3]}, draws)
    play_until(g, lambda g: on_turn(g) == 1 and same_face(drawn(g, 1), "9p"))
    discard(g, 1, "9p", claims=False)
    do(g, 2, A.PON, "9p")
    res = play_out(g)
    discards = [d for d in g.events if d.type == "discard" and d.seat == 1]
    assert len(discards) == 18 and all(is_terminal_or_honor(kind_of(d.data["tile"])) for d in discards)
    assert (res.reason, res.score_changes) == ("exhaustive", (0, 0, 0, 0))


# ── liability (pao) and honba ────────────────────────────────────────────────────────────────

PAO_HANDS = {0: "147m258p369s1235z", 1: "123m19p48s556677z", 2: JB, 3: "369m147p258s1234z"}


def pao_game(seat3_draw: str, **kwargs: Any) -> Game:
    # seat 1 pons 5z from the dealer, then 6z and 7z from seat 2 (who is liable) and waits on 9p
    g = new_game(PAO_HANDS, ["9m", "8m", "8p", "2s", seat3_draw, "9s", "9p"], "3z", **kwargs)
    discard(g, 0, "5z", claims=False)
    do(g, 1, A.PON, "5z")
    discard(g, 1, "1p")
    discard(g, 2, "6z", claims=False)
    do(g, 1, A.PON, "6z")
    discard(g, 1, "4s")
    discard(g, 2, "7z", claims=False)
    do(g, 1, A.PON, "7z")
    discard(g, 1, "8s")
    tsumogiri(g, 2)
    return g


@pytest.mark.parametrize(
    ("pao", "changes"), [(True, (0, 32300, -32300, 0)), (False, (-16100, 32300, -8100, -8100))]
)
def test_pao_big_three_dragons_tsumo_liable_pays_all(pao: bool, changes: tuple[int, ...]) -> None:
    # with one honba, which the liable player pays too
    g = pao_game("2p", rules=RiichiRules(pao=pao), honba=1)
    tsumogiri(g, 3)
    tsumogiri(g, 0)
    do(g, 1, A.TSUMO)
    res = result(g)
    assert "daisangen" in keys(res.wins[0])
    assert res.score_changes == changes


def test_pao_big_three_dragons_ron_by_another_is_split() -> None:
    g = pao_game("9p")
    discard(g, 3, "9p", claims=False)
    do(g, 1, A.RON)
    res = result(g)
    assert res.score_changes == (0, 32000, -16000, -16000)


def test_honba_on_a_ron() -> None:
    g = new_game({0: TANKI_1Z, 1: "234m345p456s22z77p", 2: JB, 3: JC}, ["2z"], "9p", honba=2)
    discard(g, 0, "2z", claims=False)
    do(g, 1, A.RON)
    assert result(g).score_changes == (-1300 - 600, 1300 + 600, 0, 0)
    # the honba is a line of its own next to the hand's points
    assert [(p.payer, p.payee, p.amount, p.reason) for p in result(g).payments] == [
        (0, 1, 1300, "ron"),
        (0, 1, 600, "honba"),
    ]
    assert (g.match.round_index, g.match.honba) == (1, 0)


# ── the match ─────────────────────────────────────────────────────────────────────────────────

# seat 1 (South) rons the dealer's 2z: 1 han (seat wind; in South or West rounds as round wind
# too, for whoever) 40 fu = 1300
RON_2Z = {0: TANKI_1Z, 1: "234m345p456s22z77p", 2: JB, 3: JC}


def ron_2z_by_seat_1(g: Game) -> None:
    discard(g, 0, "2z", claims=False)
    do(g, 1, A.RON)


@pytest.mark.parametrize(("points", "over"), [(1000, True), (1300, False)])
def test_busting_ends_the_match_below_zero_only(points: int, over: bool) -> None:
    g = new_game(RON_2Z, ["2z"], "9p", scores=[points, 25000, 75000 - points, 25000])
    ron_2z_by_seat_1(g)
    assert g.match.scores[0] == points - 1300
    assert g.match.over is over


def test_final_standings_with_uma_and_oka() -> None:
    g = new_game(RON_2Z, ["2z"], "9p", scores=[1000, 25000, 49000, 25000])
    ron_2z_by_seat_1(g)
    assert g.match.over
    standings = [(s.seat, s.rank, s.points, s.final) for s in g.standings()]
    assert standings == [(2, 1, 49000, 59.0), (1, 2, 26300, 6.3), (3, 3, 25000, -15.0), (0, 4, -300, -50.3)]


ALL_LAST_DEALER_RON = {0: JA, 1: JB, 2: JC, 3: "234m345p456s22z77p"}  # seat 3 deals South 4


@pytest.mark.parametrize("agariyame", [True, False])
def test_agari_yame(agariyame: bool) -> None:
    rules = RiichiRules(agariyame=agariyame)
    g = new_game(
        ALL_LAST_DEALER_RON,
        ["9m", "2z"],
        "9p",
        rules=rules,
        round_index=7,
        scores=[20000, 25000, 25000, 30000],
    )
    tsumogiri(g, 3)
    discard(g, 0, "2z", claims=False)
    do(g, 3, A.RON)
    assert result(g).score_changes == (-2000, 0, 0, 2000)
    assert g.match.over is agariyame
    if not agariyame:
        assert (g.match.round_index, g.match.honba) == (7, 1)


def all_last_draw(dealer_tenpai: bool, rules: RiichiRules | None = None) -> Game:
    """South 4 (seat 3 deals) ends in an exhaustive draw with one riichi stick on the table: either
    the dealer is tenpai (and first), or seat 0 is (and first)."""
    if dealer_tenpai:
        tenpai, scores = (3,), [25000, 25000, 20000, 29000]
    else:
        tenpai, scores = (0,), [30000, 25000, 25000, 19000]
    g = new_game(draw_hands(tenpai), dora="1z", rules=rules, round_index=7, sticks=1, scores=scores)
    play_out(g)
    return g


def test_all_last_draw_with_the_dealer_noten_ends_and_first_place_takes_the_sticks() -> None:
    g = all_last_draw(dealer_tenpai=False)
    assert g.match.over
    assert g.match.scores == [34000, 24000, 24000, 18000] and g.match.pot == 0
    standings = [(s.seat, s.rank, s.final) for s in g.standings()]
    assert standings == [(0, 1, 44.0), (1, 2, 4.0), (2, 3, -16.0), (3, 4, -32.0)]  # ties: seat order


def test_tenpai_yame_ends_the_match_when_switched_on() -> None:
    g = all_last_draw(dealer_tenpai=True, rules=RiichiRules(tenpaiyame=True))
    assert g.match.over
    assert g.match.scores == [24000, 24000, 19000, 32000 + 1000]  # the dealer takes the stick too


def test_no_tenpai_yame_by_default_the_dealer_repeats() -> None:
    g = all_last_draw(dealer_tenpai=True)
    assert g.match.scores == [24000, 24000, 19000, 32000]
    assert not g.match.over
    assert (g.match.round_index, g.match.honba, g.match.pot) == (7, 1, 1)


def test_an_abortive_draw_in_the_final_hand_does_not_end_the_match() -> None:
    hands = {0: WIND_HANDS[1], 1: WIND_HANDS[2], 2: WIND_HANDS[3], 3: WIND_HANDS[0]}
    g = new_game(hands, ["9m", "9p", "9s", "8m"], round_index=7, scores=[25000, 25000, 20000, 30000])
    for seat in (3, 0, 1, 2):
        discard(g, seat, "1z")
    assert result(g).reason == "four_winds"
    assert not g.match.over
    assert (g.match.round_index, g.match.honba) == (7, 1)


SOUTH_4_RON = {0: JA, 1: "234m345p456s22z77p", 2: JB, 3: JC}  # seat 0 deals in with the 2z of JA


@pytest.mark.parametrize("west", [True, False])
def test_west_extension_when_nobody_reaches_30000(west: bool) -> None:
    rules = RiichiRules(west_extension=west)
    g = new_game(SOUTH_4_RON, ["9m", "8m"], "9p", rules=rules, round_index=7)
    tsumogiri(g, 3)
    discard(g, 0, "2z", claims=False)
    do(g, 1, A.RON)  # South is the round wind: 1 han 40 fu
    res = result(g)
    assert res.score_changes == (-1300, 1300, 0, 0)
    assert g.match.over is not west
    if west:
        assert (g.match.round_index, g.match.honba, g.match.round_wind) == (8, 0, 29)


@pytest.mark.parametrize(("seat1_points", "over"), [(29000, True), (28000, False)])
def test_west_round_is_sudden_death_at_30000(seat1_points: int, over: bool) -> None:
    # West 1, seat 0 deals; seat 1 rons 1300 (South is its seat wind)
    scores = [25000, seat1_points, 25000, 50000 - seat1_points]
    g = new_game(RON_2Z, ["2z"], "9p", round_index=8, scores=scores)
    ron_2z_by_seat_1(g)
    assert g.match.scores[1] == seat1_points + 1300
    assert g.match.over is over


def test_the_west_round_ends_after_its_fourth_hand() -> None:
    # West 4, seat 3 deals; seat 1 (West, in the West round) rons seat 0's 3z for 2600
    hands = {0: JA, 1: "234m345p456s33z77p", 2: JB, 3: JC}
    g = new_game(hands, ["9m", "8m"], "9p", round_index=11)
    tsumogiri(g, 3)
    discard(g, 0, "3z", claims=False)
    do(g, 1, A.RON)
    assert result(g).score_changes == (-2600, 2600, 0, 0)
    assert max(g.match.scores) < 30000 and g.match.over


# ── more timing cases ─────────────────────────────────────────────────────────────────────────


def test_open_kan_dora_counts_for_a_ron_on_the_kan_players_discard() -> None:
    # seat 1 open-kans 7p and discards its replacement 7s; seat 2 (tanyao, waits on 7s) rons, and
    # the kan dora indicator 2p turned over with that discard makes its two 3p dora
    hands = {0: "19m149p147s14567z", 1: "777p258m369s1234z", 2: "234m456p33p345s68s", 3: "369m14p258s14567z"}
    g = new_game(hands, ["7p"], "1z", rinshan=["7s"], kan_dora=["2p"])
    discard(g, 0, "7p", claims=False)
    do(g, 1, A.OPEN_KAN)
    discard(g, 1, "7s", claims=False)
    assert indicators(g) == ["1z", "2p"]
    do(g, 2, A.RON)
    (win,) = result(g).wins
    assert item_value(win, "dora") == 2 and (win.han, win.fu, win.points) == (3, 40, 5200)


def test_ippatsu_is_broken_by_another_players_closed_kan() -> None:
    hands = {0: TANKI_1Z, 1: "111s258m369p4567z", 2: "258m369p47s14567z", 3: JC}
    g = new_game(
        hands, ["7z", "1s", "8m", "8p", "1z"], "5z", rinshan=["9m"], kan_dora=["9p"], ura=["6z", "9p"]
    )
    riichi(g, 0, "7z")
    do(g, 1, A.CLOSED_KAN)
    discard(g, 1, "9m")
    tsumogiri(g, 2)
    tsumogiri(g, 3)
    do(g, 0, A.TSUMO)
    assert "ippatsu" not in keys(result(g).wins[0])


def test_riichi_after_an_own_closed_kan_is_not_double() -> None:
    hands = {0: "1111s234m567p78p5z", 1: JA, 2: "258m369p47s14567z", 3: JC}
    g = new_game(hands, ["5z"], rinshan=["9m"])
    do(g, 0, A.CLOSED_KAN)
    riichi(g, 0, "9m")
    assert [e.data["double"] for e in g.events if e.type == "riichi"] == [False]


def test_a_ronned_fourth_riichi_is_a_win_not_an_abort() -> None:
    # seat 3 declares the fourth riichi with 1z, which the dealer (double riichi, ippatsu, waiting
    # on 1z) rons: 3 han 40 fu = 7700, plus the three accepted sticks; seat 3 pays no stick (the
    # hand's score changes include the three deposits)
    hands = {0: TANKI_1Z, 1: "456m123p345s678s2z", 2: "789m234p567s456m3z", 3: "123m678p789s345p4z"}
    g = new_game(hands, ["7z", "6z", "5z", "1z"], "8m", ura=["8m"])
    for seat, tile in enumerate(["7z", "6z", "5z"]):
        riichi(g, seat, tile)
    riichi(g, 3, "1z", claims=False)
    do(g, 0, A.RON)
    res = result(g)
    assert res.kind == "win" and res.wins[0].points == 7700
    assert [(p.payer, p.payee, p.amount, p.reason) for p in res.payments] == [
        (0, None, 1000, "riichi_deposit"),
        (1, None, 1000, "riichi_deposit"),
        (2, None, 1000, "riichi_deposit"),
        (3, 0, 7700, "ron"),
        (None, 0, 3000, "riichi_sticks"),
    ]
    assert res.score_changes == (-1000 + 7700 + 3000, -1000, -1000, -7700)
    assert g.match.scores == [34700, 24000, 24000, 17300] and g.match.pot == 0


def test_no_kan_and_no_riichi_on_the_last_tile() -> None:
    hands = {0: "147m258p36s14567z", 1: "999s147m258p1235z", 2: JB, 3: "369m147p258s1234z"}
    g = last_draw_game(hands, "9s")
    assert types(g, 1) == {A.DISCARD}


# ── more furiten ──────────────────────────────────────────────────────────────────────────────


def test_letting_a_yakuless_winning_tile_go_is_same_turn_furiten() -> None:
    # seat 3 chis 5m and waits on 1s (no yaku) or 4s (open tanyao); the 1s goes by unclaimed, so it
    # may not ron the 4s in the same go-around, but may after its own discard
    hands = {0: JA, 1: "369m147p258s1567z", 2: "5m147m258p369s567z", 3: "34m234p678s55p23s9m"}
    g = new_game(hands, ["8m", "9p", "2z", "6z", "1s", "4s", "3z", "1z", "4s"])
    tsumogiri(g, 0)
    tsumogiri(g, 1)
    discard(g, 2, "5m", claims=False)
    do(g, 3, A.CHI, "5m", "34m")
    discard(g, 3, "9m")
    tsumogiri(g, 0)  # 6z
    discard(g, 1, "1s", claims=False)  # completes seat 3's shape, without a yaku: no ron offered
    assert 3 not in g.pending()
    pass_claims(g)
    assert g.observation(3).furiten is True
    discard(g, 2, "4s", claims=False)
    assert "ron 4s" not in legal(g, 3)
    pass_claims(g)
    tsumogiri(g, 3)  # 3z
    tsumogiri(g, 0)  # 1z
    discard(g, 1, "4s", claims=False)
    assert "ron 4s" in legal(g, 3)


# ── more toggles ─────────────────────────────────────────────────────────────────────────────


def test_multi_ron_bonus_each_winner() -> None:
    g = ron_game(SEAT1_IDLE, RiichiRules(multi_ron_bonus="each_winner"))
    ron_all(g)
    assert result(g).score_changes == (-3900, 0, 3300, 1600)


def test_dealer_passes_the_deal_on_at_a_draw_with_the_toggle_off() -> None:
    g = new_game(draw_hands((0,)), dora="1z", rules=RiichiRules(dealer_repeat_on_tenpai=False))
    res = play_out(g)
    assert res.score_changes == (3000, -1000, -1000, -1000)
    assert (g.match.round_index, g.match.honba) == (1, 1)


def test_leftover_sticks_lost_and_tied_places_sharing_uma() -> None:
    rules = RiichiRules(leftover_riichi_sticks="lost", rank_ties="split")
    g = all_last_draw(dealer_tenpai=False, rules=rules)
    assert g.match.over and g.match.scores == [33000, 24000, 24000, 18000]
    standings = [(s.seat, s.rank, s.final) for s in g.standings()]
    assert standings == [(0, 1, 43.0), (1, 2, -6.0), (2, 2, -6.0), (3, 4, -32.0)]


@pytest.mark.parametrize(
    ("timing", "at_once"),
    [("closed_now_open_after_discard", True), ("always_now", True), ("always_after_discard", False)],
)
def test_kan_dora_timing_of_a_closed_kan(timing: str, at_once: bool) -> None:
    hands = {0: "1111s234m567p88p9s", 1: JA, 2: "258m369p47s14567z", 3: JC}
    rules = RiichiRules(kan_dora_timing=timing)
    g = new_game(hands, ["9s"], "1z", rules=rules, rinshan=["8p"], kan_dora=["7p"])
    do(g, 0, A.CLOSED_KAN)
    assert indicators(g) == (["1z", "7p"] if at_once else ["1z"])
    do(g, 0, A.TSUMO)
    assert item_value(result(g).wins[0], "dora") == (3 if at_once else 0)


@pytest.mark.parametrize(
    ("timing", "at_once"),
    [("closed_now_open_after_discard", False), ("always_now", True), ("always_after_discard", False)],
)
def test_kan_dora_timing_of_an_open_kan(timing: str, at_once: bool) -> None:
    hands = {0: "19m149p147s14567z", 1: "777p258m369s1234z", 2: JB, 3: "369m14p258s14567z"}
    g = new_game(
        hands, ["7p"], "1z", rules=RiichiRules(kan_dora_timing=timing), rinshan=["2p"], kan_dora=["3z"]
    )
    discard(g, 0, "7p", claims=False)
    do(g, 1, A.OPEN_KAN)
    assert indicators(g) == (["1z", "3z"] if at_once else ["1z"])
    discard(g, 1, "2p")
    assert indicators(g) == ["1z", "3z"]


def test_no_kan_dora_with_the_toggle_off() -> None:
    hands = {0: "1111s234m567p88p9s", 1: JA, 2: "258m369p47s14567z", 3: JC}
    g = new_game(
        hands,
        ["9s"],
        "1z",
        rules=RiichiRules(kan_dora=False, kan_ura_dora=False),
        rinshan=["8p"],
        kan_dora=["7p"],
    )
    do(g, 0, A.CLOSED_KAN)
    assert indicators(g) == ["1z"]


# ── abortive draws switched off ──────────────────────────────────────────────────────────────


def test_four_winds_play_on_with_the_toggle_off() -> None:
    g = new_game(WIND_HANDS, ["9m", "9p", "9s", "8m", "8p"], rules=RiichiRules(abort_four_winds=False))
    for seat in range(4):
        discard(g, seat, "1z")
    assert on_turn(g) == 0 and not g.results


def test_four_riichi_play_on_with_the_toggle_off() -> None:
    hands = {0: TANKI_1Z, 1: "456m123p345s678s2z", 2: "789m234p567s456m3z", 3: "123m678p789s345p4z"}
    g = new_game(hands, ["7z", "6z", "5z", "6z", "9m"], rules=RiichiRules(abort_four_riichi=False))
    for seat, tile in enumerate(["7z", "6z", "5z", "6z"]):
        riichi(g, seat, tile)
    assert on_turn(g) == 0 and not g.results and table(g).pot == 4


def test_four_kans_by_two_players_play_on_with_the_toggle_off() -> None:
    hands = {0: "111122223333m5z", 1: "666p47m258s13567z", 2: "589m39p147s34567z", 3: "9m47p258s369s1457z"}
    rules = RiichiRules(abort_four_kans=False)
    g = new_game(hands, FOUR_KAN_DRAWS, "1z", rules=rules, rinshan=["1p", "9p", "1s", "9s"])
    for kind in ("1111m", "2222m", "3333m"):
        do(g, 0, A.CLOSED_KAN, own=kind)
    discard(g, 0, "5z")
    do(g, 1, A.CLOSED_KAN, own="6666p")
    discard(g, 1, "9s")
    assert on_turn(g) == 2 and not g.results


def test_nine_terminals_not_offered_with_the_toggle_off() -> None:
    rules = RiichiRules(abort_nine_terminals=False)
    g = new_game({0: NINE_KINDS, 1: JB, 2: JC, 3: "147m258p369s4567z"}, ["5s"], rules=rules)
    assert A.NINE_TERMINALS not in types(g, 0)


def test_no_nagashi_mangan_with_the_toggle_off() -> None:
    tiles = iter(parse(NAGASHI_TILES))
    draws = ["?"] * 70
    for i in range(1, 70, 4):
        draws[i] = format_faces([next(tiles)])
    hands = {0: NOTEN[0], 1: NOTEN[1], 2: TENPAI[2], 3: NOTEN[3]}
    res = play_out(new_game(hands, draws, rules=RiichiRules(nagashi_mangan=False)))
    assert (res.reason, res.score_changes) == ("exhaustive", (-1000, -1000, 3000, -1000))
