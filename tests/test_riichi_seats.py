"""Riichi with three players (sanma) and two (one against one): the wall, nukidora (the call, its
robbing, its dora, the replacement after it), tsumo loss against split payments, the 1m-9m dora wrap,
the match and the calculator; and the scoring of random sanma hands against the ``mahjong`` package's
own three-player rules."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping, Sequence

import pytest
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules

from engine.families.registry import get_family
from engine.families.riichi.hand import SANMA_TILES, dead_wall, deal_riichi
from engine.families.riichi.match import last_regular_round, standings
from engine.families.riichi.scoring import RiichiWin, score_riichi_win, tsumo_shares
from engine.game.actions import Action, ActionType
from engine.game.game import Game
from engine.game.match import MatchState
from engine.rules import RiichiRules, load_ruleset
from engine.situation import score_situation
from engine.tiles import NORTH, faces_to_tiles, kind_of, parse

A = ActionType
SANMA = RiichiRules(players=3, start_points=35000, return_points=40000, tenpai_payment=2000)


def sanma_wall(
    hands: Mapping[int, str], draws: Sequence[str] = (), rinshan: Sequence[str] = (), dora: str = "7z"
) -> list[int]:
    """A 108-tile wall dealing ``hands`` (dealer 0), then ``draws`` from the front, ``rinshan`` as the
    replacement tiles in order and ``dora`` as the first indicator; the rest filled in tile order."""
    size = len(SANMA_TILES)
    positions: dict[int, list[int]] = {}
    for r in range(3):
        positions[r] = [12 * k + 4 * r + j for k in range(3) for j in range(4)] + [36 + r]
    _, replacements = dead_wall(size, 3)
    indicator = size - 10
    wanted: dict[int, str] = {}
    for seat, text in hands.items():
        for pos, face in zip(positions[seat], _split(text), strict=True):
            wanted[pos] = face
    for i, face in enumerate(draws):
        wanted[39 + i] = face
    for pos, face in zip(replacements, rinshan, strict=False):
        wanted[pos] = face
    wanted[indicator] = dora
    free = list(SANMA_TILES)
    wall = [-1] * size
    for pos, face in wanted.items():
        (tile,) = faces_to_tiles(parse(face), free)
        free.remove(tile)
        wall[pos] = tile
    rest = iter(free)
    return [t if t >= 0 else next(rest) for t in wall]


def _split(text: str) -> list[str]:
    faces = parse(text)
    return [f"{f.kind % 9 + 1}{'mpsz'[f.kind // 9]}" for f in faces]


def play(game: Game, choose: Mapping[int, ActionType] | None = None) -> None:
    """Apply, for each pending seat, the first legal action of the wanted type (else a pass, else the
    first listed), once."""
    for seat in list(game.pending()):
        legal = game.legal_actions(seat)
        want = (choose or {}).get(seat)
        pick = next((a for a in legal if a.type is want), None)
        pick = pick or next((a for a in legal if a.type is A.PASS), legal[0])
        game.apply(pick)


def test_the_sanma_wall_deal_and_dead_wall() -> None:
    spec = get_family("riichi")
    assert len(spec.tiles_for(SANMA)) == 108 == len(SANMA_TILES)
    assert not any(1 <= kind_of(t) <= 7 for t in SANMA_TILES)
    assert len(spec.tiles_for(RiichiRules(players=2))) == 136
    wall, hands = deal_riichi(list(SANMA_TILES), dealer=1, players=3)
    assert [len(h) for h in hands] == [13, 13, 13]
    assert wall.remaining == 108 - 39 - 18
    assert wall.replacements_left == 8
    game = Game(SANMA, seed=3)
    obs = game.observation(0)
    assert obs.n == 3 and len(obs.seats) == 3 and obs.absent_kinds == tuple(range(1, 8))
    assert [obs.side_of(s) for s in range(3)] == [0, 1, 3]  # the opposite side stays empty
    assert [s.wind for s in obs.seats] == [27, 28, 29]
    assert all(u == 0 for u in obs.unseen_counts()[1:8])
    duel = Game(RiichiRules(players=2), seed=3).observation(1)
    assert duel.n == 2 and [duel.side_of(s) for s in range(2)] == [2, 0]


def test_no_chi_with_three_players_and_chi_with_two() -> None:
    # seat 1 holds 23p: with four players it could chi the dealer's 1p
    hands = {
        0: "1p" + "9s" * 3 + "1s" * 3 + "5z" * 3 + "6z" * 3,
        1: "23p" + "4s" * 3 + "7s" * 3 + "2z" * 3 + "1z" * 2,
    }
    wall = sanma_wall(hands, draws=["9p"])
    for chi in (False, True):
        game = Game(SANMA.with_changes(sanma_chi=chi), walls=[wall])
        hand = game.hand
        assert hand is not None
        one_p = next(t for t in hand.players[0].hand if kind_of(t) == 9)
        offered = {a.type for a in hand.claim_options(1, 0, one_p)}
        assert (A.CHI in offered) is chi
    duel_rules = RiichiRules(players=2)
    for chi in (True, False):
        duel = Game(duel_rules.with_changes(two_player_chi=chi), seed=11)
        assert duel.hand is not None and duel.hand.chi_enabled() is chi


def test_nuki_is_a_call_a_dora_and_a_replacement_draw_that_can_win_rinshan() -> None:
    # the dealer holds a north; after setting it aside, the replacement 9p completes 123p456p789s123s99p
    hands = {0: "123p456p789s123s4z"}
    wall = sanma_wall(hands, draws=["9p"], rinshan=["9p"])
    game = Game(SANMA, walls=[wall])
    legal = game.legal_actions(0)
    nuki = [a for a in legal if a.type is A.NUKI]
    assert len(nuki) == 1 and nuki[0].tile is not None and kind_of(nuki[0].tile) == NORTH
    game.apply(nuki[0])
    hand = game.hand
    assert hand is not None
    assert [kind_of(t) for t in hand.players[0].flowers] == [NORTH]
    assert hand.rinshan and not hand.uninterrupted  # no tenhou after a north is set aside
    obs = game.observation(1)
    assert [kind_of(t) for t in obs.seats[0].flowers] == [NORTH]
    assert obs.visible_counts()[NORTH] == 1
    tsumo = next(a for a in game.legal_actions(0) if a.type is A.TSUMO)
    game.apply(tsumo)
    (win,) = game.results[-1].wins
    keys = {i.key: i.value for i in win.items}
    assert "rinshan" in keys and "tenhou" not in keys
    assert keys["kita"] == 1 and "dora" not in keys  # the north set aside: its own item
    report = game.reports[-1]
    report.check()
    # dealer tsumo with tsumo loss: both others pay the four-player share only
    assert game.results[-1].score_changes[1] == game.results[-1].score_changes[2] < 0
    assert sum(game.results[-1].score_changes) == 0


def test_norths_set_aside_are_their_own_item_and_the_total_stays_the_packages() -> None:
    # a sanma riichi tsumo with 2 norths set aside and 1 ordinary dora (indicator 4p: 5p is dora)
    tiles = faces_to_tiles(parse("123p456p789s123s99p"))
    (indicator,) = faces_to_tiles(parse("4p"), [t for t in SANMA_TILES if t not in tiles])
    win = RiichiWin(
        tuple(tiles),
        (),
        tiles[-1],
        tsumo=True,
        seat_wind=28,
        round_wind=27,
        flags=frozenset({"riichi"}),
        dora_indicators=(indicator,),
        players=3,
        nuki=2,
    )
    ours = score_riichi_win(win, SANMA)
    items = {i.key: i.value for i in ours.items}
    assert items["dora"] == 1 and items["kita"] == 2
    assert [i.key for i in ours.items][-2:] == ["dora", "kita"]
    # the package folds the norths into its dora: the same han and points as before the split
    config = HandConfig(
        is_tsumo=True,
        is_riichi=True,
        player_wind=28,
        round_wind=27,
        num_nuki_dora=2,
        options=OptionalRules(has_open_tanyao=True, has_aka_dora=True, is_three_player=True),
    )
    theirs = HandCalculator.estimate_hand_value(tiles, tiles[-1], dora_indicators=[indicator], config=config)
    assert theirs.yaku is not None and theirs.cost is not None
    assert {y.name: y.han_closed for y in theirs.yaku}["Dora"] == 3
    assert ours.han == theirs.han == sum(i.value for i in ours.items) == 5
    assert ours.points == theirs.cost["total"]
    # no norths set aside: no kita item, the dora item as it was
    plain = score_riichi_win(dataclasses.replace(win, nuki=0), SANMA)
    assert "kita" not in {i.key for i in plain.items} and {i.key: i.value for i in plain.items}["dora"] == 1


def test_a_north_set_aside_can_be_robbed_without_the_chankan_yaku() -> None:
    # seat 2 waits on north for seven pairs; seat 1 draws a north and sets it aside
    hands = {
        0: "1p" * 3 + "9p" * 3 + "1s" * 3 + "9s" * 3 + "5z",
        1: "2p" * 2 + "3p" * 3 + "7p" * 3 + "6s" * 3 + "6z" * 2,
        2: "22s33s44p55p66p88s4z",
    }
    wall = sanma_wall(hands, draws=["7z", "4z"])
    for robbing in (True, False):
        game = Game(SANMA.with_changes(nuki_robbing=robbing), walls=[wall])
        seven = next(t for t in game.hand.players[0].hand if kind_of(t) == 33)
        game.apply(Action(0, A.DISCARD, tile=seven))
        while game.pending() != [1]:
            play(game)
        nuki = next(a for a in game.legal_actions(1) if a.type is A.NUKI)
        game.apply(nuki)
        if robbing:
            assert game.pending() == [2] and any(a.type is A.RON for a in game.legal_actions(2))
            play(game, {2: A.RON})
            (win,) = game.results[-1].wins
            assert win.seat == 2 and win.from_seat == 1
            keys = {i.key for i in win.items}
            assert "chiitoitsu" in keys and "chankan" not in keys
            game.reports[-1].check()
        else:
            assert game.pending() == [1] and not game.results  # set aside, the replacement drawn
            assert game.hand is not None and len(game.hand.players[1].flowers) == 1


@pytest.mark.parametrize(("rule", "dealer_pays", "other_pays"), [("loss", 6000, 3000), ("split", 7500, 4500)])
def test_tsumo_loss_and_split(rule: str, dealer_pays: int, other_pays: int) -> None:
    # seat 1 (South) draws 5z to a closed haneman: tsumo, haku, chanta, sanankou (6 han)
    hands = {1: "123p999p111s99s55z"}
    wall = sanma_wall(hands, draws=["7z", "6z", "7z", "6z", "5z"], dora="2z")
    game = Game(SANMA.with_changes(short_table_tsumo=rule), walls=[wall])
    for _ in range(4):  # each seat throws its draw back; nobody can claim it
        (seat,) = game.pending()
        assert game.hand is not None
        game.apply(Action(seat, A.DISCARD, tile=game.hand.players[seat].drawn))
    game.apply(next(a for a in game.legal_actions(1) if a.type is A.TSUMO))
    result = game.results[-1]
    (win,) = result.wins
    assert (win.seat, win.from_seat, win.han) == (1, 1, 6), win.items
    assert result.score_changes == (-dealer_pays, dealer_pays + other_pays, -other_pays)
    game.reports[-1].check()


def test_tsumo_shares_with_every_seat_count() -> None:
    assert tsumo_shares(2600, 1300, False, 4, "loss") == (2600, 1300)
    assert tsumo_shares(2600, 1300, False, 3, "loss") == (2600, 1300)
    assert tsumo_shares(2600, 1300, False, 3, "split") == (3300, 2000)
    assert tsumo_shares(2600, 1300, False, 2, "split") == (5200, 3900)  # the opponent pays 5200
    assert tsumo_shares(2600, 2600, True, 2, "loss") == (0, 2600)


@pytest.mark.parametrize(("indicator", "dora"), [("1m", "9m"), ("9m", "1m"), ("9p", "1p"), ("4z", "1z")])
def test_the_sanma_dora_wrap(indicator: str, dora: str) -> None:
    hand = f"{dora * 3}456p234s789s55z"
    result = score_situation(
        {
            "variant": "riichi",
            "hand": hand,
            "win_tile": "5z",
            "win": "ron",
            "seat": 1,
            "flags": ["riichi"],
            "ruleset": {"players": 3},
            "dora_indicators": indicator,
            "round_wind": "E",
        }
    )
    assert result["valid"], result
    assert {i["key"]: i["value"] for i in result["items"]}["dora"] == 3


def test_situations_take_seats_of_the_table_and_nuki() -> None:
    base = {
        "variant": "riichi",
        "hand": "123p999p111s99s555z",
        "win_tile": "5z",
        "win": "tsumo",
        "ruleset": {"players": 3},
        "dora_indicators": "3z",
    }
    with_nuki = score_situation({**base, "seat": 2, "nuki": 2})
    assert with_nuki["valid"], with_nuki
    items = {i["key"]: i["value"] for i in with_nuki["items"]}
    assert items["kita"] == 2 and items["dora"] == 2  # the norths set aside, which 3z makes dora too
    assert "seat 3" not in str(score_situation({**base, "seat": 2}))
    refused = score_situation({**base, "seat": 3})
    assert not refused["valid"] and refused["reason"].startswith("seat:")
    assert (
        "2m-8m"
        in score_situation({**base, "seat": 1, "hand": "234m999p111s99s555z", "win_tile": "5z"})["reason"]
    )
    four = score_situation({**base, "seat": 1, "ruleset": None, "nuki": 1})
    assert not four["valid"] and four["reason"].startswith("nuki:")


def test_the_match_has_one_hand_per_seat_and_wind_and_three_places() -> None:
    assert last_regular_round(SANMA) == 5 and last_regular_round(SANMA.with_changes(game_length="east")) == 2
    assert last_regular_round(RiichiRules(players=2)) == 3
    assert MatchState(scores=[35000] * 3, round_index=3).round_wind == 28  # South 1
    match = MatchState(scores=[50000, 30000, 25000])
    got = [(s.seat, s.rank, s.final) for s in standings(SANMA, match)]
    assert got == [(0, 1, 10.0 + 15 + 15), (1, 2, -10.0), (2, 3, -15.0 - 15)]
    assert sum(s.final for s in standings(SANMA, match)) == 0
    duel = standings(RiichiRules(players=2), MatchState(scores=[30000, 20000]))
    assert [(s.seat, s.final) for s in duel] == [(0, 0.0 + 10 + 10), (1, -10.0 - 10)]


def test_presets_and_validation() -> None:
    tenhou, online = load_ruleset("riichi-sanma-tenhou"), load_ruleset("riichi-sanma-online")
    assert (tenhou.players, tenhou.start_points, tenhou.return_points) == (3, 35000, 40000)
    assert (tenhou.short_table_tsumo, online.short_table_tsumo) == ("loss", "split")
    assert load_ruleset("riichi-duel").players == 2
    with pytest.raises(ValueError, match="tenpai_payment"):
        RiichiRules(players=4, tenpai_payment=2000)
    with pytest.raises(ValueError, match="uma_three"):
        RiichiRules(uma_three=(10, 0, 0))


@pytest.mark.parametrize("players", [2, 3])
def test_simulated_hands_hold_every_invariant(players: int) -> None:
    from engine.game.simulate import simulate

    rules = RiichiRules(players=players)
    summary = simulate(rules, 25, f"seats:{players}", agent="random")
    assert summary["errors"] == [] and summary["players"] == players
    summary = simulate(rules, 25, f"seats:{players}")
    assert summary["errors"] == [] and summary["wins"] > 0


# ── the mahjong package's three-player scoring, on random sanma hands ─────────────────────────────

_SANMA_KINDS = [k for k in range(34) if not 1 <= k <= 7]


def _random_hand(rng: random.Random) -> list[int] | None:
    counts = [0] * 34
    groups: list[list[int]] = []
    for _ in range(4):
        if rng.random() < 0.5:
            start = rng.choice([k for k in range(9, 27) if k % 9 <= 6])
            groups.append([start, start + 1, start + 2])
        else:
            groups.append([rng.choice(_SANMA_KINDS)] * 3)
    groups.append([rng.choice(_SANMA_KINDS)] * 2)
    kinds = [k for g in groups for k in g]
    for k in kinds:
        counts[k] += 1
    if max(counts) > 4 or counts[NORTH] > 2:
        return None
    return kinds


def test_sanma_scoring_agrees_with_the_package_on_random_hands() -> None:
    rng = random.Random(20261203)
    checked = 0
    while checked < 150:
        kinds = _random_hand(rng)
        if kinds is None:
            continue
        free = list(SANMA_TILES)
        tiles = []
        for k in kinds:
            t = next(x for x in free if kind_of(x) == k)
            free.remove(t)
            tiles.append(t)
        win_tile = rng.choice(tiles)
        indicator = rng.choice([t for t in free])
        tsumo = rng.random() < 0.5
        seat_wind = 27 + rng.randrange(3)
        nuki = rng.randrange(0, 4 - kinds.count(NORTH) + 1) if rng.random() < 0.5 else 0
        win = RiichiWin(
            tuple(tiles),
            (),
            win_tile,
            tsumo=tsumo,
            seat_wind=seat_wind,
            round_wind=27,
            flags=frozenset({"riichi"}),
            dora_indicators=(indicator,),
            players=3,
            nuki=nuki,
        )
        ours = score_riichi_win(win, SANMA)
        config = HandConfig(
            is_tsumo=tsumo,
            is_riichi=True,
            player_wind=seat_wind,
            round_wind=27,
            num_nuki_dora=nuki,
            options=OptionalRules(has_open_tanyao=True, has_aka_dora=True, is_three_player=True),
        )
        theirs = HandCalculator.estimate_hand_value(
            tiles, win_tile, dora_indicators=[indicator], config=config
        )
        assert ours.valid == (theirs.error is None), (kinds, theirs.error, ours.reason)
        if ours.valid:
            assert ours.han == theirs.han, kinds
            assert ours.fu == (0 if ours.yakuman else theirs.fu), kinds
            assert ours.points == theirs.cost["total"], (kinds, tsumo, seat_wind)
            checked += 1
