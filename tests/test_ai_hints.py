"""Hints for the practice panel: ranked options with reasons in English and Chinese."""

from __future__ import annotations

import copy
import math

import pytest
from hint_positions import seat0_discard_turn
from test_ai_scenarios import _riichi_situation, discards, observation

from engine.ai.agents import make_agent
from engine.ai.hints import TIE, Hint, rank_options
from engine.ai.plugin import plugin_for, tile_words
from engine.ai.view import View
from engine.game.actions import Action, ActionType
from engine.game.game import Game
from engine.rules import default_ruleset
from engine.tiles import kind_of

A = ActionType


def test_hints_rank_every_distinct_legal_option() -> None:
    game = Game(default_ruleset("riichi"), seed=11)
    seat = game.pending()[0]
    obs = game.observation(seat)
    legal = game.legal_actions(seat)
    before = copy.deepcopy(obs)
    hints = rank_options(obs, legal)
    assert obs == before
    assert all(isinstance(h, Hint) and h.option in legal for h in hints)
    assert [h.score for h in hints] == sorted((h.score for h in hints), reverse=True)
    faces = {(a.type, kind_of(a.tile or 0)) for a in legal}
    assert len(hints) >= len(faces)  # red fives count apart from plain ones
    for h in hints:
        assert h.reasons_en and h.reasons_zh and len(h.reasons_en) == len(h.reasons_zh)
        assert h.to_json()["option"] == h.option.to_json()


def test_hint_says_a_safe_tile_is_safe() -> None:
    obs = _riichi_situation()
    hints = rank_options(obs, discards(obs))
    best = hints[0]
    safe = {kind_of(d.tile) for d in obs.seats[1].discards}
    assert best.option.tile is not None and kind_of(best.option.tile) in safe
    text = " ".join(best.reasons_en)
    assert "safe" in text and "riichi" in text
    assert any("现物" in r for r in best.reasons_zh)


def test_hint_mentions_acceptance_and_plans() -> None:
    obs = observation("234m456p67s2288p9s1z")
    hints = rank_options(obs, discards(obs))
    assert hints[0].option.tile is not None and kind_of(hints[0].option.tile) in (26, 27)  # 9s or East
    assert any("tiles of acceptance" in r for r in hints[0].reasons_en)
    assert any("进张" in r for r in hints[0].reasons_zh)
    assert any(r.key == "tanyao" for r in hints[0].reasons)


def test_hint_for_a_win_and_for_a_claim() -> None:
    obs = observation("123m456p789s11z234m")
    legal = [Action(0, A.TSUMO, tile=obs.seats[0].drawn), *discards(obs)]
    assert rank_options(obs, legal)[0].option.type is A.TSUMO
    obs = observation("55z567p78s99s1p", phase="claim", last_discard=(3, "5z"), melds={0: [("chi", "234m")]})
    own = tuple(t for t in (obs.seats[0].hand or ()) if kind_of(t) == 31)
    hints = rank_options(obs, [Action(0, A.PON, tile=obs.last_discard[1], tiles=own), Action(0, A.PASS)])
    assert hints[0].option.type is A.PON
    # riichi's words, as the practice panel says them (tenpai, shanten), in both languages
    assert "calling Haku brings the hand closer to tenpai (shanten 1 → 0)" in hints[0].reasons_en
    assert any("向听" in r for r in hints[0].reasons_zh)
    assert not any("ready" in r for h in hints for r in h.reasons_en), [h.reasons_en for h in hints]


def test_hints_speak_each_familys_words_in_english() -> None:
    """The English reasons follow the family's vocabulary as the practice panel does: riichi says
    tenpai and shanten ("keeps 12 tiles of acceptance, 1-shanten"; "tenpai, waiting on ..."), the
    Chinese families ready and steps from ready."""
    obs = observation("123m456p789s11z24m9p", wall=50)  # 9p goes: tenpai on 3m; 4m or 2m: 1-shanten
    riichi = rank_options(obs, discards(obs))
    ready = next(h for h in riichi if h.reasons[0].key == "ready")
    assert ready.reasons_en[0].startswith("tenpai, waiting on "), ready.reasons_en
    far = next(h for h in riichi if h.reasons[0].key == "acceptance")
    assert far.reasons_en[0].endswith("-shanten"), far.reasons_en
    obs = observation("123m456p789p11p24m9p", family="sichuan", lacking=[2, None, None, None], wall=50)
    sichuan = rank_options(obs, discards(obs))
    ready = next(h for h in sichuan if h.reasons[0].key == "ready")
    assert ready.reasons_en[0].startswith("ready, waiting on "), ready.reasons_en
    far = next(h for h in sichuan if h.reasons[0].key == "acceptance")
    assert far.reasons_en[0].endswith("from ready"), far.reasons_en


def test_no_legal_options_no_hints() -> None:
    assert rank_options(observation("123m456p789s1122z"), []) == []


def test_sichuan_hints_speak_of_the_plan() -> None:
    obs = observation("1112345678999m5p", family="sichuan", lacking=[2, None, None, None])
    hints = rank_options(obs, discards(obs))
    assert kind_of(hints[0].option.tile or 0) == 13  # the lone 5p: keep the 清一色
    assert any("清一色" in r for r in hints[0].reasons_zh)


def test_a_family_without_red_fives_lists_each_discard_once() -> None:
    """Copies of a kind are one option where the ruleset has no red fives (Sichuan): the riichi
    numbering's red copies are plain fives there (this two-player state holds both kinds of 5-sou)."""
    from engine.families.registry import get_family
    from tests.table_states import mid_hand

    snap = mid_hand("sichuan", players=2)
    assert not get_family("sichuan").red_tiles(snap.rules)
    hints = rank_options(snap.obs, list(snap.legal), rules=snap.rules)
    kinds = [kind_of(h.option.tile or 0) for h in hints if h.option.type is A.DISCARD]
    assert len(kinds) == len(set(kinds)) and len(kinds) >= 5


def test_a_discard_ranked_above_one_that_keeps_more_tiles_says_it_is_worth_more() -> None:
    """The practice panel shows an option's first two reasons: where a discard keeping fewer tiles ranks
    first for its value (here the flush it keeps), that reason is second, with both values (seen on the
    Sichuan table's screenshot: 17 tiles ranked above 20, with nothing shown to say why)."""
    from table_states import mid_hand

    snap = mid_hand("sichuan")
    hints = rank_options(snap.obs, snap.legal, rules=snap.rules)
    best = hints[0]
    assert best.reasons[1].key == "worth_more"
    more = dict(best.reasons[1].args)["accept_other"]
    assert f"keeps {more} tiles" in best.reasons_en[1] and f"进张{more}张" in best.reasons_zh[1]
    assert "about" in best.reasons_en[1] and "约" in best.reasons_zh[1]
    # said only of a discard that keeps fewer tiles than one ranked below it
    for i, h in enumerate(hints):
        if any(r.key == "worth_more" for r in h.reasons):
            accept = dict(h.reasons[0].args)["acceptance"]
            assert any(dict(o.reasons[0].args).get("acceptance", 0) > accept for o in hints[i + 1 :])
    widest = max(hints, key=lambda h: dict(h.reasons[0].args).get("acceptance", -1))
    assert all(r.key != "worth_more" for r in widest.reasons)


def test_worth_more_speaks_each_familys_words() -> None:
    """A riichi hint says 和牌 where a Chinese family's says 胡牌 (the families' own vocabulary)."""

    game = Game(default_ruleset("riichi"), seed=1)
    agents = [make_agent("standard", s) for s in range(4)]
    said: list[str] = []
    for _ in range(60):
        seat = game.pending()[0]
        obs, legal = game.observation(seat), game.legal_actions(seat)
        said += [r.zh for h in rank_options(obs, legal) for r in h.reasons if r.key == "worth_more"]
        if said:
            break
        game.apply(agents[seat].choose(obs, legal))
    assert said and all(s.startswith("和牌价值") for s in said)


def test_the_lacking_suit_hint_ranks_every_suit_and_says_why() -> None:
    """定缺: the three suits best first, as strong declares, each with the tiles it drops and what the
    rest keeps (before, the two others were listed as ranked with no reason at all)."""
    from engine.ai.plugin import plugin_for
    from engine.ai.view import View

    obs = observation("1234566m23457p9s", family="sichuan", phase="setup")
    legal = [Action(0, A.DECLARE_LACK, suit=s) for s in (0, 1, 2)]
    hints = rank_options(obs, legal)
    assert hints[0].option.suit == make_agent("strong", 1).choose(obs, legal).suit == 2
    assert len(hints) == 3 and hints[0].score > hints[1].score > hints[2].score
    ranked = plugin_for("sichuan").rank_lacks(View.from_observation(obs))
    assert [h.option.suit for h in hints] == [c.suit for c in ranked]
    # bamboos: one tile held
    assert hints[0].reasons_en[0].startswith("drops 1 bamboo; the rest keeps")
    assert hints[0].reasons_zh[0].startswith("去掉1张条；其余进张")
    for h, c in zip(hints, ranked, strict=True):
        assert h.reasons[0].key == "lack_shape"
        assert f"{c.accept} tiles of acceptance, {c.shanten} from ready" in h.reasons_en[0]
        assert f"进张{c.accept}张，离听牌差{c.shanten}步" in h.reasons_zh[0]
    second = hints[1]
    assert second.reasons_en[0].startswith("drops 5 dots;") and second.reasons_zh[0].startswith("去掉5张筒")
    # the faster the rest, the better: no suit ranks above one that leaves the hand nearer ready
    assert [c.shanten for c in ranked] == sorted(c.shanten for c in ranked)


def test_a_dead_suits_tiles_are_ranked_middle_first() -> None:
    """The lacking suit's tiles keep the rest alike: the hint (and strong) let its middle tiles go
    first, as the family's advice says (before, the look-ahead looked at the first two in the hand
    and ranked them above the others: 3 and 9 bamboos above 4 and 8)."""
    obs = observation("12569m13689p3489s", family="sichuan", lacking=[2, None, None, None], wall=55)
    for legal in (discards(obs), discards(obs)[::-1]):  # whatever order the engine lists them in
        hints = [h for h in rank_options(obs, legal) if h.option.tile is not None]
        assert [kind_of(h.option.tile or 0) for h in hints[:4]] == [21, 20, 25, 26]  # 4, 3, 8, 9 bamboos


def test_a_call_ranked_first_at_the_same_steps_says_it_widens_the_hand() -> None:
    """A pung the hint ranks first although it leaves the hand as many steps from ready says why: more
    tiles that improve it, or a hand worth more (never "does not bring the hand closer" on the option
    it recommends)."""
    from table_states import _claim, _play, _session

    checked = 0
    for n in range(1, 40):
        session = _session("sichuan", f"claim{n}")
        _play(session, _claim)
        if not _claim(session):
            continue
        obs, legal = session.game.observation(0), session.game.legal_actions(0)
        best = rank_options(obs, legal, rules=session.game.rules)[0]
        if best.option.type is not ActionType.PON:
            continue
        keys = [r.key for r in best.reasons]
        assert "not_faster" not in keys, best.reasons_en
        wider = next((r for r in best.reasons if r.key == "as_fast_wider"), None)
        if wider is not None:
            assert "on more tiles that improve it" in wider.en and "进张更多" in wider.zh
            checked += 1
    assert checked, "a Sichuan table offers a pung at the same steps for more tiles"


def test_discards_the_ai_scores_alike_say_so() -> None:
    """Two discards the AI scores alike (Lingxi, seed 2: the first turn of seat 0's whose two best
    discards tie, as two lone honours do) were listed one after the other, the first reading as the
    better. They share their rank (1, 1, 3: within ``hints.TIE`` of a unit of the best of the group,
    the rule the drills grade by), and each says it is as good as the other ("as good as discarding
    Green Dragon" / 与打发财一样好), second, where the practice panel shows it. A discard alone at its
    rank says nothing of the kind."""
    rules = default_ruleset("lingxi")
    _game, obs, _legal, hints = seat0_discard_turn(
        "lingxi", "2", lambda hs: math.isclose(hs[0].score, hs[1].score, rel_tol=1e-9)
    )
    first, second = hints[0], hints[1]
    assert first.rank == second.rank == 1 and first.to_json()["rank"] == 1
    tolerance = TIE * plugin_for("lingxi", rules).unit(View.from_observation(obs))
    leader = hints[0].score
    for i, h in enumerate(hints[1:], 1):
        if leader - h.score > tolerance:
            assert h.rank == i + 1
            leader = h.score
        else:
            assert h.rank == hints[i - 1].rank
    assert first.reasons[1].key == second.reasons[1].key == "tie"
    en, zh = tile_words(kind_of(second.option.tile or 0), "lingxi")
    assert first.reasons[1].en == f"as good as discarding {en}" and first.reasons[1].zh == f"与打{zh}一样好"
    other = tile_words(kind_of(first.option.tile or 0), "lingxi")[0]
    assert second.reasons[1].en == f"as good as discarding {other}"
    alone = [h for h in hints if h.option.type is A.DISCARD and [x.rank for x in hints].count(h.rank) == 1]
    assert alone and all(r.key != "tie" for h in alone for r in h.reasons)


def test_a_discard_is_not_said_to_rank_above_one_as_good_as_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """"Worth more if it wins than the discard that keeps 14 tiles" explains why a discard ranks above
    one that keeps more tiles; said of a discard the AI scores as good as it (the two share their
    rank and each says "as good as discarding ..."), it would contradict the tie. Said only of the
    discards it ranks above."""
    from engine.ai import hints as hints_module
    from engine.ai.agents import Option

    rules = default_ruleset("riichi")
    game = Game(rules, seed="5")
    seat = game.pending()[0]
    obs, legal = game.observation(seat), game.legal_actions(seat)
    kinds: dict[int, Action] = {}
    for a in legal:
        if a.type is A.DISCARD and a.tile is not None:
            kinds.setdefault(kind_of(a.tile), a)
    first, tied, lower = list(kinds.values())[:3]
    crafted = [  # the first worth more than both and keeping fewer tiles; the second as good as it
        Option(first, 100.0, shanten=1, accept=10, value=2000.0),
        Option(tied, 100.0 - TIE * 5, shanten=1, accept=14, value=1000.0),
        Option(lower, 50.0, shanten=1, accept=12, value=500.0),
    ]
    monkeypatch.setattr(hints_module.Planner, "options", lambda self, view, legal: crafted)
    ranked = rank_options(obs, legal, rules=rules)
    assert [h.rank for h in ranked] == [1, 1, 3]
    keys = [r.key for r in ranked[0].reasons]
    assert "tie" in keys
    worth = [r for r in ranked[0].reasons if r.key == "worth_more"]
    assert [dict(r.args)["accept_other"] for r in worth] == [12]  # the discard below it, not the tied one
