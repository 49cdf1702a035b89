"""The contract between engine and table, held over hundreds of simulated hands per family.

* At every decision of the seat the table would give a person (seat 0), what the practice panel and
  the hints claim — shanten, waits, whether a win is possible and what it is worth, the recommended
  discards — agrees with the engine's analysis, its legal actions and what then happens: a win the
  panel values at N is settled at N, a tile offered for a win is among the waits it showed, a legal
  self-draw is a complete hand, a riichi on offer is a ready hand, a recommended discard is legal.
* Every hand's settlement report adds up: each seat's change is the sum of its ledger lines and the
  change of the stored scores, and the final standings are the stored scores.
"""

from __future__ import annotations

import dataclasses
from collections import Counter

import pytest

from desktop import i18n
from desktop.panels import practice_lines
from engine.agents.simple import SimpleAgent
from engine.ai.hints import rank_options
from engine.families.registry import family_names, get_family
from engine.game.actions import Action, ActionType
from engine.game.game import Game
from engine.game.seat_analysis import SeatAnalysis
from engine.rules import default_ruleset
from engine.tiles import kind_of

A = ActionType
FAMILIES = family_names()
PANEL_HANDS = 300
SETTLEMENT_HANDS = 1000
HUMAN = 0
NAMES = ["You", "AI 1", "AI 2", "AI 3"]


def _check_decision(game: Game, seen: Counter[str]) -> tuple[SeatAnalysis, list[Action]]:
    """Check one decision of the human seat; return the analysis and the legal actions."""
    legal = game.legal_actions(HUMAN)
    obs = game.observation(HUMAN)
    a = game.analysis(HUMAN)
    assert obs.legal == tuple(legal) and obs.pending
    assert a.decision == len(game.actions)
    fouls = set(obs.fouls)
    wins = [x for x in legal if x.type in (A.TSUMO, A.RON) and x not in fouls]
    # the recommended discards are legal, one per distinct legal tile face, whenever there is a choice
    discards = [x for x in legal if x.type is A.DISCARD]
    assert all(c.action in legal for c in a.discards)
    kinds = {kind_of(x.tile) for x in discards if x.tile is not None}
    if len(kinds) >= 2:
        assert {c.kind for c in a.discards} == kinds
        seen["choices"] += 1
    else:
        assert a.discards == ()
    # a tile the table refuses is not legal, and every tile that is not legal says why
    playable = {x.tile for x in discards}
    for tile, _why in a.refusals:
        assert tile not in playable
    assert {t for t, _ in a.refusals} == {t for t in obs.me.hand or () if t not in playable}
    # a win on offer is what the panel says; without one, the panel gives no value
    assert (a.win is not None and a.win.legal) == bool(wins)
    if any(x.type is A.TSUMO for x in wins) and a.win is not None and not a.win.limit:
        assert a.shanten == -1, "a self-draw win on offer is a complete hand (but for 杀猪, 花胡: any shape)"
    if any(x.type is A.RIICHI for x in legal):
        assert a.shanten is not None and a.shanten <= 0
    for ron in (x for x in wins if x.type is A.RON):
        assert ron.tile is not None and kind_of(ron.tile) in {w.kind for w in a.waits}, (
            "a discard the engine lets you win on is one of the waits the panel shows"
        )
        seen["ron_offered"] += 1
    # the panel's lines say exactly these numbers
    words = game.family.vocabulary
    lines = " ".join(practice_lines(a, NAMES, vocabulary=words))
    if a.shanten is not None:
        if a.shanten > 0:
            assert (f"{a.shanten}-shanten" if words == "japanese" else f"{a.shanten} from ready") in lines
        for w in a.waits:
            assert f"{i18n.tile_name(w.kind, words)} ×{w.unseen}" in lines
        for c in a.discards[:4]:
            tile = i18n.tile_name(c.kind, words)
            if c.shanten <= 0:
                ready = "tenpai" if words == "japanese" else "ready"
                assert f"{tile}: {ready}, {c.acceptance} winning" in lines
            else:
                far = f"{c.shanten}-shanten" if words == "japanese" else f"{c.shanten} from ready"
                assert f"{tile}: {far}, {c.acceptance} tiles improve" in lines
    # the hints rank legal options only, and state the analysis's shanten and acceptance of a discard
    by_kind = {c.kind: c for c in a.discards}
    for hint in rank_options(obs, legal, rules=game.rules):
        assert hint.option in legal
        if hint.option.type is not A.DISCARD or hint.option.tile is None:
            continue
        choice = by_kind.get(kind_of(hint.option.tile))
        for reason in hint.reasons:
            if reason.key in ("ready", "acceptance") and choice is not None:
                assert (reason.arg("shanten"), reason.arg("acceptance")) == (
                    choice.shanten,
                    choice.acceptance,
                )
                seen["hint_checked"] += 1
    return a, legal


@pytest.mark.parametrize("family", FAMILIES)
def test_panel_and_hints_agree_with_the_engine(family: str) -> None:
    rules = default_ruleset(family)
    seen: Counter[str] = Counter()
    hands = 0
    match = 0
    while hands < PANEL_HANDS:
        game = Game(rules, seed=f"contract:{family}:{match}")
        agents = [SimpleAgent(f"{match}:{s}") for s in range(4)]
        while not game.over and hands < PANEL_HANDS:
            done = len(game.results)
            values: dict[int, int] = {}
            while len(game.results) == done and not game.over:
                for seat in game.pending():
                    if seat not in game.pending():
                        continue
                    legal = game.legal_actions(seat)
                    if seat == HUMAN:
                        analysis, legal = _check_decision(game, seen)
                        win = analysis.win
                        if win is not None and win.legal and win.action is not None:
                            values[len(game.reports)] = win.value
                            game.apply(win.action)
                            continue
                    game.apply(agents[seat].choose(game.observation(seat), legal))
            hands += 1
            report = game.reports[-1]
            for index, value in values.items():  # a win the panel valued is settled at that value
                if index == len(game.reports) - 1:
                    own = [w for w in report.wins if w.seat == HUMAN]
                    assert own and own[0].value == value
                    seen["wins_checked"] += 1
        match += 1
    assert seen["choices"] > 20 * PANEL_HANDS // 10
    assert seen["hint_checked"] > PANEL_HANDS
    assert seen["wins_checked"] >= PANEL_HANDS // 30


@pytest.mark.parametrize("family", FAMILIES)
def test_every_settlement_adds_up(family: str) -> None:
    rules = default_ruleset(family)
    reasons: Counter[str] = Counter()
    hands = 0
    match = 0
    while hands < SETTLEMENT_HANDS:
        game = Game(rules, seed=f"ledger:{family}:{match}", check_invariants=True)
        agents = [SimpleAgent(f"{match}:{s}") for s in range(4)]
        while not game.over and hands < SETTLEMENT_HANDS:
            before = list(game.match.scores)
            done = len(game.results)
            while len(game.results) == done and not game.over:
                for seat in game.pending():
                    if seat in game.pending():
                        game.apply(agents[seat].choose(game.observation(seat), game.legal_actions(seat)))
            hands += 1
            report, result = game.reports[-1], game.results[-1]
            report.check()
            assert [s.before for s in report.seats] == before
            assert list(report.totals) == [s.change for s in report.seats] == list(result.score_changes)
            assert [s.after for s in report.seats] == [
                b + c for b, c in zip(before, result.score_changes, strict=True)
            ]
            if not game.over:
                assert [s.after for s in report.seats] == list(game.match.scores)
            reasons.update(line.reason for line in report.ledger)
            for w in report.wins:  # the winning hand is laid out in the sets it was scored with
                tiles = sorted(t for g in w.groups for t in g.tiles)
                assert not w.groups or tiles == sorted(w.concealed)
        if game.over:
            standings = game.standings()
            assert sorted(s.points for s in standings) == sorted(game.match.scores)
            assert {s.seat: s.points for s in standings} == dict(enumerate(game.match.scores))
        match += 1
    expected = {"riichi": {"ron", "tsumo", "riichi_deposit"}, "sichuan": {"gua_feng", "xia_yu", "zi_mo"}}
    assert expected.get(family, {"win", "difference"}) <= set(reasons), reasons


def test_a_report_round_trips_and_a_broken_one_is_caught() -> None:
    game = Game(default_ruleset("sichuan"), seed="broken")
    agents = [SimpleAgent(s) for s in range(4)]
    while not game.results:
        for seat in game.pending():
            if seat in game.pending():
                game.apply(agents[seat].choose(game.observation(seat), game.legal_actions(seat)))
    report = game.reports[-1]
    assert report.to_json()["seats"][0]["after"] == report.seats[0].after
    seats = list(report.seats)
    seats[0] = dataclasses.replace(seats[0], change=seats[0].change + 1, after=seats[0].after + 1)
    with pytest.raises(AssertionError, match="ledger"):
        dataclasses.replace(report, seats=tuple(seats)).check()


def test_every_family_describes_itself_once() -> None:
    for name in FAMILIES:
        spec = get_family(name)
        assert spec.name == name and spec.wall_size == len(set(spec.tiles))
        assert spec.hand_shape(default_ruleset(name)).sets in (4, 5)
        assert spec.vocabulary in ("japanese", "chinese")
