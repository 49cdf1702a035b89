"""Play statistics without Qt: records from hand results, the JSON-lines file, per-family sums."""

from __future__ import annotations

import json
from datetime import datetime

from engine.agents.simple import SimpleAgent
from engine.game.game import Game
from engine.game.play import play_hand
from engine.game.state import HandResult, Win
from engine.rules import default_ruleset
from engine.stats import HandRecord, append_record, load_records, record_from_result, stats_path, summarize


def result(*wins: tuple[int, int, int], changes: tuple[int, ...] = (0, 0, 0, 0)) -> HandResult:
    return HandResult(
        "win" if wins else "exhaustive_draw",
        wins=tuple(Win(seat=s, from_seat=f, tile=0, points=p) for s, f, p in wins),
        score_changes=changes,
    )


def test_records_see_the_hand_from_the_person_seat() -> None:
    ron_against = record_from_result(
        result((1, 0, 8000), changes=(-8000, 8000, 0, 0)), family="riichi", seat=0, match="m", hand=2
    )
    assert (ron_against.won, ron_against.dealt_in, ron_against.score_change) == (False, True, -8000)
    tsumo = record_from_result(
        result((0, 0, 3000), changes=(3000, -1000, -1000, -1000)), family="riichi", seat=0, match="m", hand=3
    )
    assert (tsumo.won, tsumo.dealt_in, tsumo.win_value) == (True, False, 3000)
    # Sichuan 血战: a hand with several wins, one by the person and one against them
    bloody = record_from_result(
        result((2, 2, 4), (0, 1, 8), changes=(8, -12, 4, 0)), family="sichuan", seat=0, match="s", hand=1
    )
    assert (bloody.won, bloody.dealt_in, bloody.win_value) == (True, False, 8)
    draw = record_from_result(result(), family="lingxi", seat=3, match="l", hand=1)
    assert (draw.kind, draw.won, draw.dealt_in, draw.score_change) == ("exhaustive_draw", False, False, 0)


def test_records_are_appended_and_summed_per_family(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("TILEHOUSE_DATA_DIR", str(tmp_path / "data"))
    assert load_records() == [] and summarize([]) == {}
    day = datetime(2025, 5, 1, 12, 0)
    rows = [
        ("riichi", "a", (0, 2, 3900), (3900, 0, -3900, 0), False),
        ("riichi", "a", (1, 0, 12000), (-12000, 12000, 0, 0), True),
        ("riichi", "b", None, (1500, -500, -500, -500), False),
        ("sichuan", "c", (0, 0, 8), (24, -8, -8, -8), True),
    ]
    for n, (family, match, win, changes, over) in enumerate(rows):
        hand = result(win, changes=changes) if win else result(changes=changes)
        append_record(
            record_from_result(
                hand, family=family, seat=0, match=match, hand=n + 1, match_over=over, when=day
            )
        )
    with stats_path().open("a", encoding="utf-8") as fh:
        fh.write('garbage\n{"family": 1}\n')
    assert stats_path() == tmp_path / "data" / "stats" / "hands.jsonl"
    records = load_records()
    assert [r.family for r in records] == ["riichi", "riichi", "riichi", "sichuan"]
    assert len(load_records("sichuan")) == 1
    stats = summarize(records)
    r = stats["riichi"]
    assert (r.hands, r.matches, r.matches_finished, r.wins, r.deal_ins) == (3, 2, 1, 1, 1)
    assert abs(r.win_rate - 1 / 3) < 1e-9 and abs(r.deal_in_rate - 1 / 3) < 1e-9
    assert r.average_win == 3900.0
    assert [v for _t, v in r.timeline] == [3900, -8100, -6600]
    s = stats["sichuan"]
    assert (s.hands, s.wins, s.average_win, s.score_total) == (1, 1, 8.0, 24)
    assert HandRecord.from_json(records[0].to_json()) == records[0]


def test_a_real_hand_result_makes_a_record() -> None:
    for family in ("riichi", "sichuan", "lingxi"):
        game = Game(default_ruleset(family), seed="stats")
        play_hand(game, [SimpleAgent(f"s{s}") for s in range(4)])
        rec = record_from_result(game.results[-1], family=family, seat=0, match="x", hand=1)
        assert rec.score_change == game.results[-1].score_changes[0]
        assert rec.kind == game.results[-1].kind


def test_records_know_their_seat_count(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A record keeps the number of players of its match (an old record without it was four), and
    records load by seat count, since rates at two, three and four seats do not compare."""
    monkeypatch.setenv("TILEHOUSE_DATA_DIR", str(tmp_path / "data"))
    three = record_from_result(result(changes=(1000, -500, -500)), family="riichi", seat=0, match="m", hand=1)
    assert three.players == 3
    append_record(three)
    old = {k: v for k, v in three.to_json().items() if k != "players"}
    with stats_path().open("a", encoding="utf-8") as fh:
        fh.write(json.dumps(old) + "\n")
    assert [r.players for r in load_records()] == [3, 4]
    assert len(load_records("riichi", players=3)) == 1 and len(load_records(players=4)) == 1
