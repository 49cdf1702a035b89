"""Drills without Qt: discard positions from simulated games, scoring questions, the score history."""

from __future__ import annotations

import itertools
import json

import pytest

from engine.ai.hints import rank_options
from engine.drills import discard_position, load_history, record_answer, summarize
from engine.drills.history import history_path
from engine.drills.scoring import scoring_question
from engine.game.actions import ActionType
from engine.game.game import Game
from engine.game.log import game_from_header
from engine.rules import load_ruleset, to_dict
from engine.situation import score_situation
from engine.tiles import kind_of

FAMILIES = ["riichi", "sichuan", "lingxi"]


@pytest.mark.parametrize("family", FAMILIES)
def test_discard_position_comes_from_a_real_game_and_is_reproducible(family: str) -> None:
    position = discard_position(family, seed=5)
    again = discard_position(family, seed=5)
    assert position.to_json() == again.to_json()
    # replaying the simulated game up to the position gives the same observation
    game = Game(position.rules(), seed=position.game_seed)
    assert game.rules == position.rules()
    assert all(a.type is ActionType.DISCARD for a in position.legal)
    assert len({kind_of(a.tile) for a in position.legal if a.tile is not None}) >= 3
    me = position.observation.seats[position.seat]
    assert sorted(me.hand or ()) == sorted(position.hand)
    others = [p for p in position.observation.seats if p.seat != position.seat]
    assert all(p.hand is None for p in others), "a position never shows hidden hands"


def test_discard_position_replays_from_its_game_seed() -> None:
    from engine.agents.simple import SimpleAgent

    position = discard_position("riichi", seed=11)
    game = game_from_header(
        {"ruleset": position.ruleset, "seed": position.game_seed, "walls": None, "start": None}
    )
    agents = [SimpleAgent(f"{position.game_seed}:{s}") for s in range(4)]
    while len(game.actions) < position.action_index:
        seat = game.pending()[0]
        game.apply(agents[seat].choose(game.observation(seat), game.legal_actions(seat)))
    assert game.observation(position.seat) == position.observation


@pytest.mark.parametrize("family", FAMILIES)
def test_the_answer_ranks_every_discard_with_acceptance_and_reasons(family: str) -> None:
    position = discard_position(family, seed=2)
    options = position.options()
    faces = [o.face for o in options]
    assert len(faces) == len(set(faces)), "copies of one face count once"
    legal_faces = {position.face_of(a.tile) for a in position.legal if a.tile is not None}
    assert {(o.kind, o.red) for o in options} == legal_faces
    assert options[0].rank == 1
    assert [o.rank for o in options] == sorted(o.rank for o in options)
    assert all(o.score <= options[0].score + 1e-9 for o in options)
    assert all(o.reasons_en and o.reasons_zh for o in options)
    for o in options:
        assert o.shanten >= 0 and o.accept_count >= 0
        assert (o.accept_count > 0) == bool(o.accept_kinds)
    # the drill's ranks are the hints' (one rule for "as good as": engine.ai.hints.TIE), and options
    # sharing a rank say so
    hints = {
        position.face_of(h.option.tile): h
        for h in rank_options(position.observation, position.legal, rules=position.rules())
        if h.option.tile is not None
    }
    for a, b in itertools.pairwise(options):
        assert (a.rank == b.rank) == (hints[(a.kind, a.red)].rank == hints[(b.kind, b.red)].rank)
    for o in options:
        shared = sum(x.rank == o.rank for x in options) > 1
        assert shared == any(r.startswith("as good as discarding") for r in o.reasons_en), o.reasons_en


def test_grading_a_discard() -> None:
    position = discard_position("riichi", seed=1)
    options = position.options()
    best = position.grade(options[0].tile)
    assert best.correct and best.score == 100 and options[0] in best.best
    worst = position.grade(options[-1].tile)
    if options[-1].rank != 1:
        assert not worst.correct and worst.score < 100
    with pytest.raises(ValueError):
        position.option_for(next(t for t in range(136) if kind_of(t) not in {o.kind for o in options}))


def test_position_json_round_trip() -> None:
    position = discard_position("sichuan", seed=3)
    data = json.loads(json.dumps(position.to_json()))
    again = type(position).from_json(data)
    assert again.to_json() == position.to_json()
    assert [o.face for o in again.options()] == [o.face for o in position.options()]


def test_a_preset_ruleset_is_used() -> None:
    rules = load_ruleset("riichi-club")
    position = discard_position("riichi", rules, seed=4)
    assert position.ruleset == to_dict(rules)
    assert not position.red_fives
    with pytest.raises(ValueError):
        discard_position("sichuan", rules, seed=4)


@pytest.mark.parametrize("family", FAMILIES)
def test_scoring_questions_are_valid_wins_scored_like_tilehouse_score(family: str) -> None:
    for seed in range(12):
        q = scoring_question(family, seed=seed)
        assert q.result == score_situation(json.loads(q.situation_json()))
        assert q.result["valid"]
        assert q.grade(q.expected()).correct
        assert q == scoring_question(family, seed=seed)


def test_scoring_grades_each_field() -> None:
    q = next(q for q in (scoring_question("riichi", seed=s) for s in range(60)) if not q.result["limit"])
    fields = {f.key: f for f in q.fields()}
    assert fields["fu"].graded
    want = q.expected()
    wrong = {**want, "points": want["points"] + 100}
    grade = q.grade(wrong)
    assert not grade.correct and grade.score == 67
    assert [g.correct for g in grade.fields] == [True, True, False]
    assert q.grade({}).score == 0
    limit = next(q for q in (scoring_question("riichi", seed=s) for s in range(60)) if q.result["limit"])
    graded = {f.key: f.graded for f in limit.fields()}
    assert graded == {"han": True, "fu": False, "points": True}
    answers = {**limit.expected(), "fu": 0}
    assert limit.grade(answers).correct


def test_scoring_under_a_chosen_ruleset() -> None:
    club = [scoring_question("riichi", seed=s, ruleset="riichi-club") for s in range(15)]
    assert all(q.situation["ruleset"] == "riichi-club" for q in club)
    assert all("0" not in q.situation["hand"] for q in club)  # riichi-club has no red fives
    assert all(q.result == score_situation(q.situation) for q in club)
    chengdu = scoring_question("sichuan", seed=2, ruleset="sichuan-chengdu")
    assert chengdu.result["model"] == "points" and chengdu.fields()[0].title_en == "Points (分)"
    with pytest.raises(ValueError):
        scoring_question("sichuan", seed=1, ruleset="riichi-club")


def test_fields_per_family() -> None:
    assert [f.key for f in scoring_question("sichuan", seed=0).fields()] == ["fan", "value"]
    assert [f.key for f in scoring_question("lingxi", seed=0).fields()] == ["tai", "final_tai"]
    with pytest.raises(ValueError):
        scoring_question("mahjong-soul")


def test_history_is_kept_in_the_user_data_folder(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("TILEHOUSE_DATA_DIR", str(tmp_path / "data"))
    assert load_history() == []
    record_answer("discard", "riichi", correct=True, score=100, detail={"chosen": "7z"})
    record_answer("scoring", "lingxi", correct=False, score=50)
    path = history_path()
    assert path == tmp_path / "data" / "drills" / "history.jsonl"
    with path.open("a", encoding="utf-8") as fh:
        fh.write("{not json\n\n")
    record_answer("discard", "riichi", correct=False, score=40)
    assert [r["drill"] for r in load_history()] == ["discard", "scoring", "discard"]
    discard = summarize(load_history("discard"))
    assert (discard.answered, discard.correct, discard.average_score) == (2, 1, 70.0)
    assert discard.recent == (True, False) and discard.rate == 0.5
    assert summarize(load_history("scoring", "riichi")).answered == 0


@pytest.mark.parametrize(
    ("family", "ruleset", "players"),
    [
        ("riichi", "riichi-sanma-tenhou", 3),
        ("riichi", "riichi-duel", 2),
        ("sichuan", "sichuan-three", 3),
        ("sichuan", "sichuan-two", 2),
    ],
)
def test_scoring_drills_at_every_seat_count(family: str, ruleset: str, players: int) -> None:
    """Questions under a ruleset of two or three players use only its seats (and its tiles)."""
    from engine.rules import load_ruleset
    from engine.tiles import parse

    seats = set()
    for seed in range(20):
        q = scoring_question(family, seed=seed, ruleset=ruleset)
        assert q.result["valid"], q.situation
        seats.add(q.situation["seat"])
        kinds = {f.kind for f in parse(q.situation["hand"])}
        if ruleset == "riichi-sanma-tenhou":
            assert not any(1 <= k <= 7 for k in kinds)
            assert all(m["type"] != "chi" for m in q.situation.get("melds", []))
        if family == "sichuan" and players < 4:
            assert all(k >= 9 for k in kinds)
        for meld in q.situation.get("melds", []):
            assert meld.get("from", 0) < players
    assert seats <= set(range(players)) and len(seats) > 1
    position = discard_position(family, load_ruleset(ruleset), seed=1)
    assert position.seat < players and position.observation.n == players
