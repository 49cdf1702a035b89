"""Riichi scoring against real results: every win in the mjx oracle (../shared/oracles/riichi-mjx).

For each win the hand, melds (Tenhou meld codes), winning tile, winds, dora and ura indicators and
the situational flags (read from the Tenhou yaku ids the log lists) become a :class:`RiichiWin`;
our han, fu, yaku, points and the payers' payments must equal the recorded ones.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine.conformance.tenhou_meld import decode_meld
from engine.families.riichi.scoring import TENHOU_YAKU_KEYS, RiichiWin, score_riichi_win
from engine.rules.riichi import RiichiRules

ORACLE = Path(__file__).resolve().parents[2] / "shared" / "oracles" / "riichi-mjx"
RULES = RiichiRules()

# Tenhou yaku ids that are situations rather than shapes -> our flags
FLAG_OF_TENHOU_ID = {
    1: "riichi",
    2: "ippatsu",
    3: "chankan",
    4: "rinshan",
    5: "haitei",
    6: "houtei",
    21: "double_riichi",
    36: "renhou",
    37: "tenhou",
    38: "chiihou",
}
# yakuman whose payments pao (liability) may shift onto one player: payments are the flow's business
PAO_YAKUMAN = {39, 49}


def _wins() -> list[Any]:
    if not ORACLE.is_dir():
        return [pytest.param(None, id="absent", marks=pytest.mark.skip(reason=f"no mjx oracle at {ORACLE}"))]
    cases = []
    for path in sorted(ORACLE.glob("*.json")):
        for line_number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if not line.strip():
                continue
            record = json.loads(line)
            wins = record.get("roundTerminal", {}).get("wins", [])
            for index, win in enumerate(wins):
                case = {"record": record, "win": win, "index": index, "wins": len(wins)}
                cases.append(pytest.param(case, id=f"{path.stem}:{line_number}:{index}"))
    return cases


WINS = _wins()


def build_win(record: dict[str, Any], win: dict[str, Any]) -> RiichiWin:
    public = record["publicObservation"]
    init = public.get("initScore", {})
    round_index = init.get("round", 0)
    dealer = round_index % 4
    who = win.get("who", 0)
    ids = win.get("yakus", []) + win.get("yakumans", [])
    return RiichiWin(
        concealed=tuple(win["hand"]["closedTiles"]),
        melds=tuple(decode_meld(code, who) for code in win["hand"].get("opens", [])),
        win_tile=win["winTile"],
        tsumo=who == win.get("fromWho", 0),
        seat_wind=27 + (who - dealer) % 4,
        round_wind=27 + round_index // 4,
        flags=frozenset(FLAG_OF_TENHOU_ID[i] for i in ids if i in FLAG_OF_TENHOU_ID),
        dora_indicators=tuple(public.get("doraIndicators", [])),
        ura_indicators=tuple(win.get("uraDoraIndicators", [])),
        honba=init.get("honba", 0),
        riichi_sticks=init.get("riichi", 0),
    )


def test_the_oracle_has_all_its_wins() -> None:
    if not ORACLE.is_dir():
        pytest.skip(f"no mjx oracle at {ORACLE} (../shared is absent)")
    assert len(WINS) == 333


@pytest.mark.parametrize("case", WINS)
def test_oracle_win(case: dict[str, Any]) -> None:
    record, win = case["record"], case["win"]
    riichi_win = build_win(record, win)
    score = score_riichi_win(riichi_win, RULES)
    assert score.valid, score.reason
    assert score.points == win["ten"]

    # yaku: the same keys with the same han (Tenhou lists ura dora with 0 han when none)
    listed = zip(win.get("yakus", []), win.get("fans", []), strict=True)
    expected = {TENHOU_YAKU_KEYS[y]: fan for y, fan in listed if fan}
    if "yakumans" in win:
        assert score.yakuman == len(win["yakumans"])
        assert score.limit == ("yakuman" if len(win["yakumans"]) == 1 else "double yakuman")
        expected = {TENHOU_YAKU_KEYS[y]: 13 for y in win["yakumans"]}
    else:
        assert score.han == sum(win["fans"])
        assert score.fu == win["fu"]
        assert score.yakuman == 0
    assert {item.key: item.value for item in score.items} == expected

    # payments: the discarder, or each other seat on a tsumo (honba: first winner only)
    if PAO_YAKUMAN & set(win.get("yakumans", [])):
        return
    honba = riichi_win.honba
    changes = win["tenChanges"]
    who, from_who = win.get("who", 0), win.get("fromWho", 0)
    dealer = record["publicObservation"].get("initScore", {}).get("round", 0) % 4
    if riichi_win.tsumo:
        for seat in range(4):
            if seat != who:
                paid = score.tsumo_dealer_payment if seat == dealer else score.tsumo_payment
                assert changes[seat] == -(paid + 100 * honba)
    else:
        assert changes[from_who] == -(score.ron_payment + (300 * honba if case["index"] == 0 else 0))
