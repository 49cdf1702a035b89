"""Shanten and completeness of a concealed hand, for every rule family.

**Definition.** Let the concealed hand be the count vector ``c`` plus ``w`` wilds, and let a
*target* ``H`` be any complete concealed hand of the allowed forms with ``N = 3 * (sets -
exposed) + 2`` tiles. The distance ``d = min_H |H - c|`` (multiset difference: the tiles of ``H``
the concrete tiles do not supply) counts the positions the wilds and future draws must fill, so

    shanten = d - w - 1

(-1 = complete, 0 = tenpai, ...). For a 14-tile hand that is the number of exchanges to a complete
hand minus one; for 13 tiles, one draw plus exchanges, minus one — the classic number. Hands with
fewer tiles (melds called, or simply short) are measured the same way. A hand with more than ``N``
tiles is an error.

Copy limits: a target never holds more than ``max(4, c_k)`` real tiles of a kind. With
``wild_fifth_copy=True`` a wild may stand for a further copy (so wild-filled target tiles are not
limited) and ``exposed_counts`` is ignored; with ``False`` the whole target, wilds included and
``exposed_counts`` (the melds' tiles, a 34-long count vector) added, stays within four of a kind —
which also keeps future draws physically possible.

The standard form is computed from the per-part tables of :mod:`engine.analysis.suit_tables`;
seven pairs and thirteen orphans have closed forms.

>>> from engine.tiles import counts34, parse_kinds
>>> shanten(counts34(parse_kinds("123456789m1234p")))
0
>>> shanten(counts34(parse_kinds("19m19p19s1234567z")))  # thirteen-sided wait
0
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from operator import itemgetter
from typing import Final

from engine import compiled
from engine.analysis import part_tables
from engine.analysis import suit_tables as st
from engine.analysis.suit_tables import (
    CAP_HONOR,
    CAP_SUIT,
    CODE_FIELDS,
    FAST_FINAL,
    FAST_HONOR_RIGHT,
    FAST_SPECIAL,
    FAST_SUIT_LEFT,
    FAST_SUIT_RIGHT,
    FINAL,
    FREE_HONOR,
    FREE_SUIT,
    HALF_LEFT,
    HALF_RIGHT,
    INF,
    MAX_SETS,
    MERGE,
    PAIR_MASK,
)

__all__ = [
    "ALL_FORMS",
    "STANDARD_ONLY",
    "HandForms",
    "is_complete",
    "shanten",
    "shanten_seven_pairs",
    "shanten_standard",
    "shanten_thirteen_orphans",
]


@dataclass(frozen=True)
class HandForms:
    """Which complete-hand forms count.

    Seven pairs and thirteen orphans only ever apply to a fully concealed 4-set hand
    (``sets == 4`` and ``exposed == 0``), whatever this says.

    >>> HandForms(thirteen_orphans=False)
    HandForms(standard=True, seven_pairs=True, thirteen_orphans=False)
    """

    standard: bool = True
    seven_pairs: bool = True
    thirteen_orphans: bool = True


ALL_FORMS: Final = HandForms()
STANDARD_ONLY: Final = HandForms(standard=True, seven_pairs=False, thirteen_orphans=False)

TERMINALS_HONORS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
_TH_GET = itemgetter(*TERMINALS_HONORS)


def _key(counts: Sequence[int]) -> bytes:
    try:
        b = bytes(counts)
    except (ValueError, TypeError) as exc:
        raise ValueError("counts must be 34 ints in 0..255") from exc
    if len(b) != 34:
        raise ValueError(f"counts must have 34 entries, got {len(b)}")
    return b


def _need(sets: int, exposed: int) -> int:
    need = sets - exposed
    if not 0 <= need <= MAX_SETS or exposed < 0:
        raise ValueError(f"sets={sets}, exposed={exposed}: need 0..{MAX_SETS} concealed sets")
    return need


# ---------------------------------------------------------------- standard form distance


# Per-part tables of a distance mode: (suit key -> profile id, honour key -> profile id, and the
# functions that fill a miss of each). Profile ids are shared by both modes, so merges and final
# minima come from the same caches.
_Tables = tuple[dict[bytes, int], dict[bytes, int], Callable[[bytes], int], Callable[[bytes], int]]
_CAPPED: _Tables = (CAP_SUIT, CAP_HONOR, st.cap_suit_id, st.cap_honor_id)
"""Targets within four of a kind (or the count, if higher)."""
_FREE: _Tables = (FREE_SUIT, FREE_HONOR, st.free_suit_id, st.free_honor_id)
"""No copy limit: wilds may be fifth copies."""


def _table_distance(b: bytes, need: int, tables: _Tables) -> int:
    """Distance to ``need`` sets + a pair, from the part tables of one mode (``_CAPPED``, ``_FREE``)."""
    suit, honor, suit_id, honor_id = tables
    k = b[0:9]
    a = suit.get(k)
    if a is None:
        a = suit_id(k)
    k = b[9:18]
    p = suit.get(k)
    if p is None:
        p = suit_id(k)
    k = b[18:27]
    s = suit.get(k)
    if s is None:
        s = suit_id(k)
    k = b[27:34]
    h = honor.get(k)
    if h is None:
        h = honor_id(k)
    ab = MERGE.get((a << 20) | p)
    if ab is None:
        ab = st.merge_ids(a, p)
    cd = MERGE.get((s << 20) | h)
    if cd is None:
        cd = st.merge_ids(s, h)
    return FINAL[(ab << 20) | cd][need]


_PARTS = ((0, 9, True), (9, 18, True), (18, 27, True), (27, 34, False))


def _explicit_distance(b: bytes, need: int, exposed_counts: Sequence[int]) -> int:
    """Distance when wilds may not make a fifth copy counting the exposed melds' tiles too."""
    ids: list[int] = []
    for lo, hi, runs in _PARTS:
        key = b[lo:hi]
        exp = exposed_counts[lo:hi]
        if any(exp):
            caps = bytes(max(4 - e, 0) for e in exp)
            ids.append(st.explicit_cap_id(key, caps, runs))
        elif runs:
            ids.append(st.cap_suit_id(key))
        else:
            ids.append(st.cap_honor_id(key))
    return st.final_cost(st.merge_ids(ids[0], ids[1]), st.merge_ids(ids[2], ids[3]), need)


def _budget_distance(b: bytes, need: int, wilds: int) -> int:
    """Exact distance when at most ``wilds`` target tiles may exceed four of a kind."""
    options: list[list[tuple[int, int]]] = []  # per part: (excess used, profile id)
    for lo, hi, runs in _PARTS:
        key = b[lo:hi]
        if max(key) < 4:
            options.append([(0, st.cap_suit_id(key) if runs else st.cap_honor_id(key))])
        else:
            options.append([(e, st.budget_id(key, runs, e)) for e in range(wilds + 1)])
    best = INF
    for combo in itertools.product(*options):
        if sum(e for e, _ in combo) > wilds:
            continue
        ids = [pid for _, pid in combo]
        d = st.final_cost(st.merge_ids(ids[0], ids[1]), st.merge_ids(ids[2], ids[3]), need)
        if d < best:
            best = d
    return best


def _standard_distance(
    b: bytes,
    need: int,
    wilds: int,
    fifth: bool,
    exposed_counts: Sequence[int] | None,
    for_completion: bool,
) -> int:
    if not fifth and exposed_counts is not None and any(exposed_counts):
        return _explicit_distance(b, need, exposed_counts)
    if wilds == 0 or not fifth:
        return _table_distance(b, need, _CAPPED)
    if for_completion or max(b) < 4:
        # completion: every missing tile is a wild, so the copy limit never binds;
        # no four of a kind: free and capped tables agree.
        return _table_distance(b, need, _FREE)
    lo = _table_distance(b, need, _FREE)
    if lo == _table_distance(b, need, _CAPPED):
        return lo
    return _budget_distance(b, need, wilds)


# ---------------------------------------------------------------- special forms


def _seven_pairs_distance(b: bytes, four_as_two: bool) -> int:
    if max(b) <= 4:
        kinds = 34 - b.count(0)
        ones = b.count(1)
        if four_as_two:
            pairs = kinds - ones + b.count(4)
            singles = ones + b.count(3)
        else:
            pairs = kinds - ones
            singles = ones
    else:
        pairs = singles = 0
        limit = 4 if four_as_two else 2
        for c in b:
            c = min(c, limit)
            pairs += c >> 1
            singles += c & 1
    if pairs >= 7:
        return 0
    rest = 7 - pairs - singles
    return 7 - pairs + (rest if rest > 0 else 0)


def _orphans_distance(b: bytes) -> int:
    t: tuple[int, ...] = _TH_GET(b)
    return 14 - (13 - t.count(0)) - (1 if max(t) >= 2 else 0)


# ---------------------------------------------------------------- public API


def shanten(
    counts: Sequence[int],
    *,
    sets: int = 4,
    exposed: int = 0,
    wilds: int = 0,
    forms: HandForms = ALL_FORMS,
    wild_fifth_copy: bool = True,
    four_as_two_pairs: bool = False,
    exposed_counts: Sequence[int] | None = None,
) -> int:
    """Shanten number: the minimum over the allowed forms (-1 complete, 0 tenpai, ...).

    ``counts`` is a 34-long count vector of the concealed concrete tiles; ``wilds`` more wild tiles
    are in the hand. ``sets`` is the number of sets of a complete hand (4, or 5 for 17-tile
    hands), ``exposed`` how many of them are melded. Seven pairs / thirteen orphans apply only
    when ``sets == 4`` and ``exposed == 0``. ``four_as_two_pairs`` lets four of a kind count as two
    of the seven pairs (Sichuan). ``wild_fifth_copy`` / ``exposed_counts``: see the module doc.
    Raises ``ValueError`` for a hand with too many tiles.

    >>> from engine.tiles import counts34, parse_kinds
    >>> shanten(counts34(parse_kinds("11122233344455m")))
    -1
    >>> shanten(counts34(parse_kinds("1122334455667m")), forms=STANDARD_ONLY)  # 7m single wait
    0
    >>> shanten(counts34(parse_kinds("123456789m123789p5s")), sets=5, wilds=1)  # 16 tiles + wild
    -1
    """
    if wilds or sets != 4 or forms is not ALL_FORMS or four_as_two_pairs or exposed_counts is not None:
        b = bytes(counts)
        return _shanten(b, sets, exposed, wilds, forms, wild_fifth_copy, four_as_two_pairs, exposed_counts)
    if _NATIVE and isinstance(counts, list):
        d = _native_shanten(counts, exposed)
        if d != _GENERAL:
            return d
    b = bytes(counts)
    # hot path: a plain riichi-style hand (melds allowed), all three forms. Four part look-ups (each
    # table fills itself), then dense tables only: see the fast codes in suit_tables (CODE_*). A part
    # outside the tables or a cut or long ``counts`` makes too many tiles and takes the general path.
    x = FAST_SUIT_LEFT[b[0:9]] + FAST_SUIT_RIGHT[b[9:18]]
    y = FAST_SUIT_LEFT[b[18:27]] + FAST_HONOR_RIGHT[b[27:]]
    t = (x + y) >> CODE_FIELDS
    if exposed or t & 63 > 14:
        return _shanten_melded(b, exposed, x, y)
    try:
        best = FAST_FINAL[4][HALF_LEFT[x & PAIR_MASK] + HALF_RIGHT[y & PAIR_MASK]]
    except IndexError:
        st.load_fast_tables()
        best = FAST_FINAL[4][HALF_LEFT[x & PAIR_MASK] + HALF_RIGHT[y & PAIR_MASK]]
    special = FAST_SPECIAL[t >> 6]  # seven pairs or thirteen orphans (fields above the tiles' 6 bits)
    return (special if special < best else best) - 1


# ---------------------------------------------------------------- the compiled build's hot path

_NATIVE: Final = __name__ in compiled.ACTIVE
"""Whether this module runs compiled (mypyc): :func:`shanten` then takes :func:`_native_shanten` for a
plain hand given as a list. Interpreted, the bytes slices and dictionary hits below it are faster."""

_GENERAL: Final = -9
"""What :func:`_native_shanten` returns for a hand it leaves to the general path."""


class _NativeTables:
    """The tables :func:`_native_shanten` reads, as plain bytes indexed by ints (filled on first use)."""

    def __init__(self) -> None:
        self.ready = False
        self.suit = b""
        """Suit key index (counts read as a base-5 number, lowest position first) -> part profile id."""
        self.honor = b""
        """Honour key index -> part profile id."""
        self.half = b""
        """``2 * (left * width + right)`` (two part profile ids) -> their merge's profile id (2 bytes,
        low byte first)."""
        self.width = 0
        """The number of part profiles."""
        self.profiles = 0
        """The number of shipped profiles: a row of ``finals``."""
        self.finals: list[bytes] = []
        """Per number of concealed sets (0..4): ``left * profiles + right`` (two merged halves) -> the
        hand's distance (``suit_tables.FAST_FINAL``)."""

    def load(self) -> None:
        st.load_fast_tables()
        width = st.PART_PROFILES
        half = bytearray()
        for merged in st.HALF_RIGHT:
            half.append(merged & 255)
            half.append(merged >> 8)
        # two threads may both fill it, with the same values
        self.suit = part_tables.table("suit_capped")
        self.honor = part_tables.table("honor_capped")
        self.half = bytes(half)
        self.width = width
        self.profiles = st.SHIPPED_PROFILES
        self.finals = list(st.FAST_FINAL)
        self.ready = True  # last: the hot path reads it as the sign that everything is there


_TABLES: Final = _NativeTables()


def warm_native() -> None:
    """Fill :func:`_native_shanten`'s tables now (compiled build only): :func:`engine.analysis.warm_up`
    calls it, so processes forked after the warm-up share them rather than each building its own."""
    if _NATIVE and not _TABLES.ready:
        _TABLES.load()


def _native_shanten(counts: list[int], exposed: int) -> int:
    """:func:`shanten` of a plain hand (all three forms, ``exposed`` melds, no wilds) written for mypyc:
    the four parts' table indices and the special forms' facts are summed from the counts as ints, then
    five look-ups in bytes. Returns ``_GENERAL`` for a hand the general path must take (a count outside
    0..4 or not an int, not 34 counts, too many tiles, ``exposed`` outside 0..4)."""
    t = _TABLES
    if not t.ready:
        t.load()
    if len(counts) != 34 or exposed < 0 or exposed > 4:
        return _GENERAL
    tiles = 0
    pairs = 0  # kinds held twice or more
    ones = 0  # kinds held once
    man = 0
    pin = 0
    sou = 0
    hon = 0
    try:
        for k in range(8, -1, -1):
            c = counts[k]
            if c < 0 or c > 4:
                return _GENERAL
            man = man * 5 + c
            tiles += c
            if c == 1:
                ones += 1
            elif c > 1:
                pairs += 1
        for k in range(17, 8, -1):
            c = counts[k]
            if c < 0 or c > 4:
                return _GENERAL
            pin = pin * 5 + c
            tiles += c
            if c == 1:
                ones += 1
            elif c > 1:
                pairs += 1
        for k in range(26, 17, -1):
            c = counts[k]
            if c < 0 or c > 4:
                return _GENERAL
            sou = sou * 5 + c
            tiles += c
            if c == 1:
                ones += 1
            elif c > 1:
                pairs += 1
        orphans = 0  # terminals and honours held
        doubled = 0  # 1 if one of them is held twice or more
        for k in range(33, 26, -1):
            c = counts[k]
            if c < 0 or c > 4:
                return _GENERAL
            hon = hon * 5 + c
            tiles += c
            if c == 1:
                ones += 1
                orphans += 1
            elif c > 1:
                pairs += 1
                orphans += 1
                doubled = 1
    except TypeError:  # a count that is not an int: the general path raises what bytes() raises
        return _GENERAL
    if tiles > 14 - 3 * exposed:
        return _GENERAL
    width = t.width
    half = t.half
    suit = t.suit
    i = 2 * (suit[man] * width + suit[pin])
    j = 2 * (suit[sou] * width + t.honor[hon])
    best = t.finals[4 - exposed][(half[i] | half[i + 1] << 8) * t.profiles + (half[j] | half[j + 1] << 8)]
    if exposed:
        return best - 1
    for end in range(6):  # the suits' ones and nines, 0 8 9 17 18 26 (a range loop: no tuple per call)
        c = counts[(end >> 1) * 9 + (end & 1) * 8]
        if c:
            orphans += 1
            if c > 1:
                doubled = 1
    # seven pairs: kinds held twice or more are pairs, single tiles half pairs; thirteen orphans: the
    # distinct terminals and honours held, one more if one of them is doubled
    special = 7 - pairs if pairs + ones >= 7 else 14 - 2 * pairs - ones
    orphan = 14 - orphans - doubled
    if orphan < special:
        special = orphan
    if special < best:
        best = special if special > 0 else 0
    return best - 1


def _shanten_melded(b: bytes, exposed: int, x: int, y: int) -> int:
    """The hot path's hand with melds (standard form only), or with too many tiles (the general path
    says so); ``x``, ``y``: the summed fast codes of its halves."""
    if not 0 <= exposed <= 4 or ((x + y) >> CODE_FIELDS) & 63 > 14 - 3 * exposed:
        return _shanten(b, 4, exposed, 0, ALL_FORMS, True, False, None)
    st.load_fast_tables()
    return FAST_FINAL[4 - exposed][HALF_LEFT[x & PAIR_MASK] + HALF_RIGHT[y & PAIR_MASK]] - 1


if (st.CODE_TILES, st.CODE_PAIRS) != (0, 6):
    raise RuntimeError("the hot path reads the tiles as the fields' low 6 bits")


def _shanten(
    b: bytes,
    sets: int,
    exposed: int,
    wilds: int,
    forms: HandForms,
    wild_fifth_copy: bool,
    four_as_two_pairs: bool,
    exposed_counts: Sequence[int] | None,
) -> int:
    if len(b) != 34:
        raise ValueError(f"counts must have 34 entries, got {len(b)}")
    need = _need(sets, exposed)
    full = 3 * need + 2
    n = sum(b) + wilds
    if n > full or wilds < 0:
        raise ValueError(f"a hand of {n} tiles is too big for {need} concealed sets and a pair")
    best = INF
    if forms.standard:
        best = _standard_distance(b, need, wilds, wild_fifth_copy, exposed_counts, False)
    if sets == 4 and exposed == 0:
        if forms.seven_pairs:
            d = _seven_pairs_distance(b, four_as_two_pairs)
            if d < best:
                best = d
        if forms.thirteen_orphans:
            d = _orphans_distance(b)
            if d < best:
                best = d
    if best >= INF:
        raise ValueError("no hand form applies")
    return best - wilds - 1


def shanten_standard(
    counts: Sequence[int],
    *,
    sets: int = 4,
    exposed: int = 0,
    wilds: int = 0,
    wild_fifth_copy: bool = True,
    exposed_counts: Sequence[int] | None = None,
) -> int:
    """Shanten of the standard form only (``sets`` sets and a pair).

    >>> from engine.tiles import counts34, parse_kinds
    >>> shanten_standard(counts34(parse_kinds("1133557799m1133p")))  # seven pairs shape
    3
    """
    return shanten(
        counts,
        sets=sets,
        exposed=exposed,
        wilds=wilds,
        forms=STANDARD_ONLY,
        wild_fifth_copy=wild_fifth_copy,
        exposed_counts=exposed_counts,
    )


def shanten_seven_pairs(counts: Sequence[int], *, wilds: int = 0, four_as_two_pairs: bool = False) -> int:
    """Shanten of the seven-pairs form (13 or 14 tiles, fully concealed).

    >>> from engine.tiles import counts34, parse_kinds
    >>> shanten_seven_pairs(counts34(parse_kinds("11223344556677m")))
    -1
    >>> shanten_seven_pairs(counts34(parse_kinds("1111223344556m")))  # 1111 is one pair
    2
    >>> shanten_seven_pairs(counts34(parse_kinds("1111223344556m")), four_as_two_pairs=True)
    0
    """
    b = _key(counts)
    if sum(b) + wilds > 14 or wilds < 0:
        raise ValueError("seven pairs needs at most 14 tiles")
    return _seven_pairs_distance(b, four_as_two_pairs) - wilds - 1


def shanten_thirteen_orphans(counts: Sequence[int], *, wilds: int = 0) -> int:
    """Shanten of the thirteen-orphans form.

    >>> from engine.tiles import counts34, parse_kinds
    >>> shanten_thirteen_orphans(counts34(parse_kinds("19m19p19s1234567z")))
    0
    """
    b = _key(counts)
    if sum(b) + wilds > 14 or wilds < 0:
        raise ValueError("thirteen orphans needs at most 14 tiles")
    return _orphans_distance(b) - wilds - 1


def is_complete(
    counts: Sequence[int],
    *,
    sets: int = 4,
    exposed: int = 0,
    wilds: int = 0,
    forms: HandForms = ALL_FORMS,
    wild_fifth_copy: bool = True,
    four_as_two_pairs: bool = False,
    exposed_counts: Sequence[int] | None = None,
) -> bool:
    """Whether the concealed hand (``3 * (sets - exposed) + 2`` tiles with wilds) is complete.

    A hand of any other size is simply not complete.

    >>> from engine.tiles import counts34, parse_kinds
    >>> is_complete(counts34(parse_kinds("1112345678999m5m")))
    True
    >>> is_complete(counts34(parse_kinds("1111m")), sets=1, wilds=1)  # wild as the fifth 1m
    True
    >>> is_complete(counts34(parse_kinds("1111m")), sets=1, wilds=1, wild_fifth_copy=False)
    False
    """
    b = _key(counts)
    need = _need(sets, exposed)
    if sum(b) + wilds != 3 * need + 2 or wilds < 0:
        return False
    if forms.standard and _standard_distance(b, need, wilds, wild_fifth_copy, exposed_counts, True) <= wilds:
        return True
    if sets == 4 and exposed == 0:
        if forms.seven_pairs and _seven_pairs_distance(b, four_as_two_pairs) <= wilds:
            return True
        if forms.thirteen_orphans and _orphans_distance(b) <= wilds:
            return True
    return False


def standard_distance(
    counts: Sequence[int],
    *,
    sets: int = 4,
    exposed: int = 0,
    wilds: int = 0,
    wild_fifth_copy: bool = True,
    exposed_counts: Sequence[int] | None = None,
) -> int:
    """Tiles the concrete ``counts`` miss to be ``sets - exposed`` sets and a pair (before wilds).

    >>> from engine.tiles import counts34, parse_kinds
    >>> standard_distance(counts34(parse_kinds("13m")), sets=1)
    3
    """
    b = _key(counts)
    return _standard_distance(b, _need(sets, exposed), wilds, wild_fifth_copy, exposed_counts, False)
