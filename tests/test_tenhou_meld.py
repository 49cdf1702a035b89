"""Tenhou meld codes: decoding, encoding, and the round trip on every call in the mjx oracle."""

from __future__ import annotations

import doctest
import json
from pathlib import Path

import pytest

import engine.conformance.tenhou_meld as tenhou_meld
from engine.conformance.tenhou_meld import TenhouMeldError, closed_kan_marker, decode_meld, encode_meld
from engine.melds import Meld, MeldType

ORACLE = Path(__file__).resolve().parents[2] / "shared" / "oracles" / "riichi-mjx"
CALL_TYPES = {
    "EVENT_TYPE_CHI": MeldType.CHI,
    "EVENT_TYPE_PON": MeldType.PON,
    "EVENT_TYPE_OPEN_KAN": MeldType.OPEN_KAN,
    "EVENT_TYPE_CLOSED_KAN": MeldType.CLOSED_KAN,
    "EVENT_TYPE_ADDED_KAN": MeldType.ADDED_KAN,
}


def round_trip(code: int, caller: int) -> int:
    return encode_meld(decode_meld(code, caller), caller, closed_kan_tile=closed_kan_marker(code))


def test_doctests() -> None:
    failures, tests = doctest.testmod(tenhou_meld)
    assert tests > 0 and failures == 0


def test_chi() -> None:
    # chi 2-3-4 pin by seat 0, the 3p (id 44) taken from seat 3
    meld = decode_meld(25631, caller=0)
    assert meld == Meld(MeldType.CHI, (43, 44, 48), called=44, from_seat=3)
    assert encode_meld(meld, caller=0) == 25631
    # the same chi by seat 2 comes from seat 1
    assert decode_meld(25631, caller=2).from_seat == 1


def test_pon_from_each_direction() -> None:
    meld = decode_meld(47625, caller=3)
    assert meld == Meld(MeldType.PON, (125, 126, 127), called=125, from_seat=0)
    for relative in (1, 2, 3):
        code = (47625 & ~3) | relative
        for caller in range(4):
            decoded = decode_meld(code, caller)
            assert decoded.from_seat == (caller + relative) % 4
            assert encode_meld(decoded, caller) == code


def test_added_kan_keeps_the_pon_and_the_added_tile() -> None:
    pon = Meld(MeldType.PON, (8, 9, 11), called=9, from_seat=2)
    kan = Meld(MeldType.ADDED_KAN, (8, 9, 10, 11), called=9, from_seat=2, added=10)
    pon_code = encode_meld(pon, caller=0)
    kan_code = encode_meld(kan, caller=0)
    assert pon_code & 0x8 and kan_code & 0x10
    assert pon_code >> 9 == kan_code >> 9  # same kind and called position
    assert decode_meld(kan_code, 0) == kan
    assert decode_meld(pon_code, 0) == pon


def test_open_and_closed_kan() -> None:
    open_kan = decode_meld(27139, caller=3)  # 9s claimed from seat 2
    assert open_kan == Meld(MeldType.OPEN_KAN, (104, 105, 106, 107), called=106, from_seat=2)
    closed = decode_meld(4096, caller=1)
    assert closed == Meld(MeldType.CLOSED_KAN, (16, 17, 18, 19))
    assert closed.called is None and closed.from_seat is None
    assert encode_meld(closed, caller=1) == 4096
    # a closed kan code that names another copy round-trips through closed_kan_marker
    assert closed_kan_marker(4608) == 18
    assert decode_meld(4608, 0) == closed
    assert encode_meld(closed, 0, closed_kan_tile=18) == 4608
    assert closed_kan_marker(27139) is None


@pytest.mark.parametrize(
    "code",
    [
        -1,
        0x10000,
        0x20,  # nuki (three-player north)
        (25631 & ~3) | 1,  # chi not from the previous seat
        25631 | 0x200,  # chi with the unused bit
        (63 << 10) | 0x4 | 3,  # chi base 21: no such sequence
        47625 & ~3,  # pon from nobody
        (102 << 9) | 0x8 | 1,  # pon of kind 34
        47625 | 0x80,  # pon with unused bits
        0x18 | 1,  # pon and added-kan bits together
        (136 << 8) | 1,  # kan of tile 136
        4096 | 0x40,  # kan with unused bits
    ],
)
def test_bad_codes_are_refused(code: int) -> None:
    with pytest.raises(TenhouMeldError):
        decode_meld(code, caller=0)


def test_bad_caller_and_bad_melds_are_refused() -> None:
    with pytest.raises(TenhouMeldError):
        decode_meld(4096, caller=4)
    bad = [
        Meld(MeldType.CHI, (0, 4, 12), called=0, from_seat=3),  # not consecutive
        Meld(MeldType.CHI, (28, 32, 36), called=28, from_seat=3),  # 8-9-1 across suits
        Meld(MeldType.CHI, (0, 4, 8), called=0, from_seat=2),  # not from the previous seat
        Meld(MeldType.CHI, (0, 4, 8), called=12, from_seat=3),  # called tile not in the chi
        Meld(MeldType.PON, (0, 1, 4), called=0, from_seat=1),  # two kinds
        Meld(MeldType.PON, (0, 1, 2), called=0, from_seat=0),  # from the caller
        Meld(MeldType.PON, (0, 1, 2), called=0, from_seat=None),  # from nobody
        Meld(MeldType.ADDED_KAN, (0, 1, 2, 3), called=0, from_seat=1, added=None),
        Meld(MeldType.ADDED_KAN, (0, 1, 2, 3), called=0, from_seat=1, added=0),  # added is the called
        Meld(MeldType.OPEN_KAN, (0, 1, 2, 3), called=None, from_seat=1),
        Meld(MeldType.OPEN_KAN, (0, 1, 2, 4), called=0, from_seat=1),
    ]
    for meld in bad:
        with pytest.raises(TenhouMeldError):
            encode_meld(meld, caller=0)
    with pytest.raises(TenhouMeldError):
        encode_meld(Meld(MeldType.CLOSED_KAN, (0, 1, 2, 3)), 0, closed_kan_tile=4)


def test_every_sixteen_bit_code_decodes_and_round_trips_or_is_refused() -> None:
    decoded = 0
    for code in range(1 << 16):
        try:
            meld = decode_meld(code, caller=code % 4)
        except TenhouMeldError:
            continue
        decoded += 1
        assert encode_meld(meld, code % 4, closed_kan_tile=closed_kan_marker(code)) == code
        assert len(meld.tiles) == (3 if meld.type in (MeldType.CHI, MeldType.PON) else 4)
    # chi 21*3*64, pon and added kan 34*3*4*3 each, kan 136*4
    assert decoded == 21 * 3 * 64 + 2 * 34 * 3 * 4 * 3 + 136 * 4


def test_every_meld_encodes_and_decodes() -> None:
    melds: list[tuple[Meld, int]] = []
    for caller in range(4):
        left = (caller + 3) % 4
        for suit in range(3):
            for low in range(7):
                kind = suit * 9 + low
                for copies in range(64):
                    tiles = tuple((kind + i) * 4 + (copies >> (2 * i) & 3) for i in range(3))
                    for called in tiles:
                        melds.append((Meld(MeldType.CHI, tiles, called=called, from_seat=left), caller))
        for kind in range(34):
            every = tuple(range(kind * 4, kind * 4 + 4))
            for other in every:
                pon = tuple(t for t in every if t != other)
                for called in pon:
                    for relative in (1, 2, 3):
                        seat = (caller + relative) % 4
                        melds.append((Meld(MeldType.PON, pon, called=called, from_seat=seat), caller))
                        kan = Meld(MeldType.ADDED_KAN, every, called=called, from_seat=seat, added=other)
                        melds.append((kan, caller))
                for relative in (1, 2, 3):
                    kan = Meld(MeldType.OPEN_KAN, every, called=other, from_seat=(caller + relative) % 4)
                    melds.append((kan, caller))
            melds.append((Meld(MeldType.CLOSED_KAN, every), caller))
    for meld, caller in melds:
        assert decode_meld(encode_meld(meld, caller), caller) == meld


def _oracle_calls() -> list[tuple[str, int, int]]:
    calls = []
    for path in sorted(ORACLE.glob("*.json")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if not line.strip():
                continue
            for event in json.loads(line)["publicObservation"].get("events", []):
                if "open" in event:
                    calls.append((event["type"], event.get("who", 0), event["open"]))
    return calls


@pytest.mark.skipif(not ORACLE.is_dir(), reason=f"the mjx oracle is not at {ORACLE} (../shared is absent)")
def test_round_trip_on_every_oracle_call() -> None:
    calls = _oracle_calls()
    assert len(calls) > 900
    seen = set()
    for event_type, who, code in calls:
        meld = decode_meld(code, who)
        assert meld.type is CALL_TYPES[event_type], (event_type, code)
        assert round_trip(code, who) == code
        if meld.type is not MeldType.CLOSED_KAN:
            assert meld.from_seat is not None and meld.from_seat != who
        seen.add(meld.type)
    assert seen == set(MeldType)
