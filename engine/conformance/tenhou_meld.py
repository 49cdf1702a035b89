"""Tenhou meld codes: the 16-bit integers Tenhou logs (and mjx) use for calls, both ways.

A code names the meld's tiles, the claimed tile and the seat it came from *relative to the caller*
(1 = the next seat, 2 = across, 3 = the previous seat; 0 for a closed kan). Bit layout, low bit first:

* chi (bit 2 set): bits 0-1 from (always 3), bits 3-4 / 5-6 / 7-8 the copies (0..3) of the low,
  middle and high tile, bits 10-15 ``base * 3 + called_index`` where ``base`` numbers the 21
  possible low tiles (``suit * 7 + number - 1``);
* pon (bit 3 set) and added kan (bit 4 set): bits 0-1 from, bits 5-6 the copy *not* in the pon
  (for an added kan: the copy that was added), bits 9-15 ``kind * 3 + called_index`` where
  ``called_index`` is the claimed tile's position among the pon's three tiles;
* kan (bits 2-5 clear): bits 0-1 from (0 = closed kan), bits 8-15 a physical tile id: the claimed
  tile for an open kan; for a closed kan usually the kind's copy 0 (:func:`closed_kan_marker`).

Bit 5 marks a three-player north extraction, which riichi for four does not have.

>>> m = decode_meld(47625, caller=3)  # a pon of red dragons claimed from the next seat, seat 0
>>> m.type.value, m.tiles, m.called, m.from_seat
('pon', (125, 126, 127), 125, 0)
>>> encode_meld(m, caller=3)
47625
"""

from __future__ import annotations

from engine.melds import Meld, MeldType
from engine.tiles import Tile, kind_of, tiles_of_kind

__all__ = ["TenhouMeldError", "closed_kan_marker", "decode_meld", "encode_meld"]

_CHI_FLAG = 0x4
_PON_FLAG = 0x8
_ADDED_KAN_FLAG = 0x10
_NUKI_FLAG = 0x20


class TenhouMeldError(ValueError):
    """A meld code (or a meld to encode) that Tenhou's encoding cannot express."""


def _check_seat(seat: int, what: str) -> None:
    if not 0 <= seat <= 3:
        raise TenhouMeldError(f"{what} must be a seat 0..3, not {seat}")


def decode_meld(code: int, caller: int) -> Meld:
    """Decode a Tenhou meld code called by absolute seat ``caller`` into a :class:`Meld`.

    ``from_seat`` comes back absolute: ``(caller + relative) % 4``.

    >>> m = decode_meld(25631, caller=0)  # chi 2-3-4 pin, the 3p claimed from seat 3
    >>> m.type.value, m.tiles, m.called, m.from_seat
    ('chi', (43, 44, 48), 44, 3)
    """
    _check_seat(caller, "caller")
    if not 0 <= code <= 0xFFFF:
        raise TenhouMeldError(f"meld code {code} is not a 16-bit value")
    relative = code & 3
    if code & _CHI_FLAG:
        return _decode_chi(code, caller, relative)
    if code & _PON_FLAG:
        if code & _ADDED_KAN_FLAG:
            raise TenhouMeldError(f"meld code {code} sets both the pon and the added-kan bit")
        return _decode_pon(code, caller, relative, MeldType.PON)
    if code & _ADDED_KAN_FLAG:
        return _decode_pon(code, caller, relative, MeldType.ADDED_KAN)
    if code & _NUKI_FLAG:
        raise TenhouMeldError(f"meld code {code} is a three-player north extraction (nuki)")
    return _decode_kan(code, caller, relative)


def _decode_chi(code: int, caller: int, relative: int) -> Meld:
    if relative != 3:
        raise TenhouMeldError(f"chi code {code} is claimed from relative seat {relative}, not 3")
    if code & 0x200:
        raise TenhouMeldError(f"chi code {code} sets the unused bit 9")
    packed = code >> 10
    base, called_index = divmod(packed, 3)
    if base >= 21:
        raise TenhouMeldError(f"chi code {code} names no sequence (base {base})")
    low_kind = (base // 7) * 9 + base % 7
    copies = ((code >> 3) & 3, (code >> 5) & 3, (code >> 7) & 3)
    tiles = tuple((low_kind + i) * 4 + copies[i] for i in range(3))
    return Meld(MeldType.CHI, tiles, called=tiles[called_index], from_seat=(caller + 3) % 4)


def _decode_pon(code: int, caller: int, relative: int, meld_type: MeldType) -> Meld:
    if relative == 0:
        raise TenhouMeldError(f"{meld_type.value} code {code} has no seat it was claimed from")
    if code & 0x180:
        raise TenhouMeldError(f"{meld_type.value} code {code} sets the unused bits 7-8")
    packed = code >> 9
    kind, called_index = divmod(packed, 3)
    if kind >= 34:
        raise TenhouMeldError(f"{meld_type.value} code {code} names no tile kind ({kind})")
    other = kind * 4 + ((code >> 5) & 3)
    pon_tiles = tuple(t for t in tiles_of_kind(kind) if t != other)
    called = pon_tiles[called_index]
    from_seat = (caller + relative) % 4
    if meld_type is MeldType.PON:
        return Meld(MeldType.PON, pon_tiles, called=called, from_seat=from_seat)
    return Meld(MeldType.ADDED_KAN, tiles_of_kind(kind), called=called, from_seat=from_seat, added=other)


def _decode_kan(code: int, caller: int, relative: int) -> Meld:
    if code & 0xFC:
        raise TenhouMeldError(f"kan code {code} sets the unused bits 2-7")
    marker = code >> 8
    if marker >= 136:
        raise TenhouMeldError(f"kan code {code} names no tile ({marker})")
    tiles = tiles_of_kind(kind_of(marker))
    if relative == 0:
        return Meld(MeldType.CLOSED_KAN, tiles)
    return Meld(MeldType.OPEN_KAN, tiles, called=marker, from_seat=(caller + relative) % 4)


def closed_kan_marker(code: int) -> Tile | None:
    """The tile id a closed-kan code names (Tenhou writes copy 0; other logs may name another copy).

    :class:`Meld` keeps no claimed tile for a closed kan, so pass this to :func:`encode_meld` as
    ``closed_kan_tile`` to reproduce such a code exactly. None when ``code`` is not a closed kan.

    >>> closed_kan_marker(4608), closed_kan_marker(4096), closed_kan_marker(47625)
    (18, 16, None)
    """
    if code & (_CHI_FLAG | _PON_FLAG | _ADDED_KAN_FLAG | _NUKI_FLAG) or code & 3:
        return None
    return code >> 8


def _relative(meld: Meld, caller: int) -> int:
    if meld.from_seat is None:
        raise TenhouMeldError(f"{meld.type.value} needs the seat it was claimed from")
    _check_seat(meld.from_seat, "from_seat")
    relative = (meld.from_seat - caller) % 4
    if relative == 0:
        raise TenhouMeldError(f"{meld.type.value} cannot be claimed from the caller's own seat")
    return relative


def _same_kind(meld: Meld, count: int) -> int:
    kinds = {kind_of(t) for t in meld.tiles}
    if len(meld.tiles) != count or len(set(meld.tiles)) != count or len(kinds) != 1:
        raise TenhouMeldError(f"{meld.type.value} needs {count} different copies of one kind: {meld.tiles}")
    kind = kinds.pop()
    if kind >= 34:
        raise TenhouMeldError(f"{meld.type.value} of flowers cannot be encoded")
    return kind


def encode_meld(meld: Meld, caller: int, *, closed_kan_tile: Tile | None = None) -> int:
    """Encode ``meld`` called by absolute seat ``caller`` as a Tenhou meld code.

    ``closed_kan_tile`` picks the tile a closed-kan code names (default: the kind's copy 0).

    >>> encode_meld(Meld(MeldType.CLOSED_KAN, (16, 17, 18, 19)), caller=0)
    4096
    """
    _check_seat(caller, "caller")
    if meld.type is MeldType.CHI:
        return _encode_chi(meld, caller)
    if meld.type in (MeldType.PON, MeldType.ADDED_KAN):
        return _encode_pon(meld, caller)
    kind = _same_kind(meld, 4)
    if meld.type is MeldType.CLOSED_KAN:
        marker = kind * 4 if closed_kan_tile is None else closed_kan_tile
        if kind_of(marker) != kind:
            raise TenhouMeldError(f"closed_kan_tile {marker} is not a tile of the kan {meld.tiles}")
        return marker << 8
    relative = _relative(meld, caller)
    if meld.called is None or meld.called not in meld.tiles:
        raise TenhouMeldError(f"open kan needs its claimed tile among its tiles: {meld}")
    return (meld.called << 8) | relative


def _encode_chi(meld: Meld, caller: int) -> int:
    tiles = tuple(sorted(meld.tiles))
    kinds = [kind_of(t) for t in tiles]
    if len(tiles) != 3 or kinds[0] >= 27 or kinds != [kinds[0], kinds[0] + 1, kinds[0] + 2]:
        raise TenhouMeldError(f"chi needs three consecutive suited tiles: {meld.tiles}")
    if kinds[0] % 9 > 6:
        raise TenhouMeldError(f"chi does not stay in one suit: {meld.tiles}")
    if _relative(meld, caller) != 3:
        raise TenhouMeldError("chi can only be claimed from the previous seat")
    if meld.called not in tiles:
        raise TenhouMeldError(f"chi needs its claimed tile among its tiles: {meld}")
    base = (kinds[0] // 9) * 7 + kinds[0] % 9
    packed = base * 3 + tiles.index(meld.called)
    copies = (tiles[0] & 3) << 3 | (tiles[1] & 3) << 5 | (tiles[2] & 3) << 7
    return packed << 10 | copies | _CHI_FLAG | 3


def _encode_pon(meld: Meld, caller: int) -> int:
    relative = _relative(meld, caller)
    if meld.type is MeldType.PON:
        kind = _same_kind(meld, 3)
        pon_tiles = tuple(sorted(meld.tiles))
        (other,) = set(tiles_of_kind(kind)) - set(pon_tiles)
        flag = _PON_FLAG
    else:
        kind = _same_kind(meld, 4)
        if meld.added is None or meld.added not in meld.tiles:
            raise TenhouMeldError(f"added kan needs its added tile among its tiles: {meld}")
        other = meld.added
        pon_tiles = tuple(sorted(t for t in meld.tiles if t != other))
        flag = _ADDED_KAN_FLAG
    if meld.called not in pon_tiles:
        raise TenhouMeldError(f"{meld.type.value} needs its claimed tile among its pon tiles: {meld}")
    packed = kind * 3 + pon_tiles.index(meld.called)
    return packed << 9 | (other & 3) << 5 | flag | relative
