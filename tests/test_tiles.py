"""Tile kinds, physical ids and the mpsz notation."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.tiles import (
    NotationError,
    TileFace,
    faces_to_tiles,
    format_faces,
    format_kinds,
    format_tiles,
    is_red,
    kind_of,
    number_of,
    parse,
    parse_kinds,
    suit_of,
    tile_name,
    tiles_of_kind,
)


def test_every_physical_tile_has_one_kind_and_back() -> None:
    seen: dict[int, int] = {}
    for tile in range(144):
        kind = kind_of(tile)
        assert tile in tiles_of_kind(kind)
        seen[kind] = seen.get(kind, 0) + 1
    assert all(seen[k] == 4 for k in range(34))
    assert all(seen[k] == 1 for k in range(34, 42))


def test_red_fives_are_the_copy_zero_fives() -> None:
    assert [t for t in range(136) if is_red(t)] == [16, 52, 88]
    assert format_tiles([16, 17, 52, 88]) == "05m0p0s"
    assert format_tiles([16], red_fives=False) == "5m"


def test_parse_covers_every_suit_honour_and_flower() -> None:
    assert parse_kinds("19m19p19s1234567z") == [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33]
    assert parse_kinds("12345678f") == list(range(34, 42))
    assert parse("0m5p") == [TileFace(4, True), TileFace(13, False)]
    assert parse_kinds(" 12m 3m ") == [0, 1, 2]


@pytest.mark.parametrize(
    ("text", "position", "reason"),
    [
        ("12", 2, "no suit letter"),
        ("m", 0, "no digits before it"),
        ("123x", 3, "neither a digit nor a suit letter"),
        ("8z", 0, "8z does not exist"),
        ("9f", 0, "9f does not exist"),
        ("0z", 0, "red five"),
        ("11m0f", 3, "red five"),
    ],
)
def test_malformed_notation_names_position_and_reason(text: str, position: int, reason: str) -> None:
    with pytest.raises(NotationError) as info:
        parse(text)
    assert info.value.position == position
    assert reason in info.value.reason
    assert str(position) in str(info.value)


@given(st.lists(st.tuples(st.integers(0, 41), st.booleans()), max_size=20))
def test_format_then_parse_is_the_identity(raw: list[tuple[int, bool]]) -> None:
    faces = [TileFace(k, red and k in (4, 13, 22)) for k, red in raw]
    assert parse(format_faces(faces)) == faces


def test_format_sorts_on_request() -> None:
    assert format_kinds([31, 0, 1, 34], sort=True) == "12m5z1f"


def test_faces_to_tiles_picks_distinct_copies_and_refuses_a_fifth() -> None:
    tiles = faces_to_tiles(parse("5550m"))
    assert sorted(tiles) == [16, 17, 18, 19]
    assert tiles[3] == 16  # the red face took the red copy, in the caller's order
    with pytest.raises(ValueError, match="too many copies"):
        faces_to_tiles(parse("55555m"))


def test_kind_helpers() -> None:
    assert (suit_of(0), suit_of(9), suit_of(18), suit_of(27), suit_of(34)) == (0, 1, 2, 3, 4)
    assert (number_of(8), number_of(33), number_of(41)) == (9, 7, 8)
    assert tile_name(31, "zh") == "白" and tile_name(0) == "1-man" and tile_name(31) == "Haku"
    assert tile_name(31, "zh", "chinese") == "白板" and tile_name(18, "zh", "chinese") == "一条"
    # the Chinese families' English, as their table says it
    assert tile_name(0, vocabulary="chinese") == "1 Character"
    assert tile_name(22, "en", "chinese") == "5 Bamboo" and tile_name(13, vocabulary="chinese") == "5 Dots"
    assert tile_name(33, vocabulary="chinese") == "Red Dragon"


def test_the_engine_names_tiles_as_the_table_does(qapp) -> None:  # type: ignore[no-untyped-def]
    """The hints (engine) and the table (desktop.i18n) name every kind alike, in both languages and
    both vocabularies: one list of names may not drift from the other."""
    from desktop import i18n

    try:
        for lang, engine_lang in (("en", "en"), ("zh_CN", "zh")):
            i18n.install(lang)
            for words in ("japanese", "chinese"):
                table = [i18n.tile_name(k, words) for k in range(42)]
                assert table == [tile_name(k, engine_lang, words) for k in range(42)], (lang, words)
    finally:
        i18n.install("en")
