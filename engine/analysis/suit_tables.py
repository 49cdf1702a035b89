"""Per-part cost tables: the table-driven core of the hand analysis.

A hand is cut into four *parts*: man, pin, sou (9 counts each, runs allowed) and honours
(7 counts, no runs). For one part with counts ``c`` we need, for every number of sets ``m``
(0..MAX_SETS) and ``p`` in {0, 1} pairs, the **distance**

    cost[m][p] = min over targets t of  sum_k max(t_k - c_k, 0)

where a target ``t`` is any multiset of ``m`` sets (runs or triplets) and ``p`` pairs inside the
part: the number of tiles the part is missing to hold that many groups. Tiles of ``c`` that the
target does not use are simply discarded. The cost of a whole hand is the min-plus convolution of
its four parts, and ``shanten = distance - wilds - 1`` (see :mod:`engine.analysis.shanten`).

Vectors are tuples of ``VLEN = 2 * (MAX_SETS + 1)`` ints, index ``2 * m + p``. Two flavours:

* **free** (unlimited): a target may hold more than four of a kind. Needed when wilds may stand
  for a fifth copy. Computed by :func:`_relaxed`, a recursion on the lowest tile of the part
  that is memoised on the remaining counts (sub-keys are shared between hands, so a new key
  usually costs a handful of new entries).
* **capped**: every target count is at most ``max(cap_k, c_k)`` (cap 4 unless told otherwise).
  For a part without a count of 4 or more the capped and free vectors are equal (no optimal
  target ever needs a fifth copy there; checked exhaustively for every suit key of at most 14
  tiles and every honour key, and by the property tests), so only parts holding four of a kind
  (or given explicit caps) run the exact positional DP :func:`exact_part_vector`.

Every distinct vector gets a small integer *profile id*; the part tables map the packed key
(``bytes`` of the counts) to an id, and merges of two profiles are cached by the pair of ids.
Only a few hundred profiles occur in real play, so after warm-up a whole-hand distance is four
dictionary look-ups, two cached merges and one cached final minimum. The caches only grow with
the distinct keys met (tens of thousands after a long session: a few megabytes).

>>> part_vector(bytes([1, 1, 1, 0, 0, 0, 0, 0, 0]), runs=True)[2]  # 123m is one set: distance 0
0
"""

from __future__ import annotations

import threading
from collections.abc import Sequence

MAX_SETS = 5
VLEN = 2 * (MAX_SETS + 1)
INF = 99

Vec = tuple[int, ...]

BASE: Vec = tuple(3 * (i >> 1) + 2 * (i & 1) for i in range(VLEN))
"""Distance vector of an empty part: every group is bought in full."""


def _shift_set(v: Vec, cost: int) -> list[int]:
    out = [INF, INF]
    out.extend(x + cost for x in v[: VLEN - 2])
    return out


def _shift_pair(v: Vec, cost: int) -> list[int]:
    out = [INF] * VLEN
    for m in range(MAX_SETS + 1):
        out[2 * m + 1] = v[2 * m] + cost
    return out


_RELAXED: tuple[dict[bytes, Vec], dict[bytes, Vec]] = ({}, {})


def _relaxed(key: bytes, runs: bool) -> Vec:
    """Free (no copy limit) distance vector of a part, memoised on the counts.

    The lowest tile of the part is either discarded or kept by one group of the target; that
    group keeps some subset of its positions from the part (positions below the lowest tile are
    empty, so they are always missing). Each choice leaves a smaller key.
    """
    memo = _RELAXED[0 if runs else 1]
    hit = memo.get(key)
    if hit is not None:
        return hit
    n = len(key)
    i = 0
    while i < n and key[i] == 0:
        i += 1
    if i == n:
        memo[key] = BASE
        return BASE
    ci = key[i]
    work = bytearray(key)
    work[i] -= 1
    best = list(_relaxed(bytes(work), runs))  # discard one tile at i

    def take(cand: list[int]) -> None:
        for t in range(VLEN):
            if cand[t] < best[t]:
                best[t] = cand[t]

    # triplet at i keeping 1..3 tiles, pair at i keeping 1..2 tiles
    for s in range(1, min(3, ci) + 1):
        work = bytearray(key)
        work[i] -= s
        sub = _relaxed(bytes(work), runs)
        take(_shift_set(sub, 3 - s))
        if s <= 2:
            take(_shift_pair(sub, 2 - s))
    if runs:
        for start in range(max(0, i - 2), min(i, n - 3) + 1):
            others = [j for j in (start + 1, start + 2) if j > i and key[j] > 0]
            # every subset of the other present positions may be kept along with i
            for mask in range(1 << len(others)):
                work = bytearray(key)
                work[i] -= 1
                kept = 1
                for bit, j in enumerate(others):
                    if mask >> bit & 1:
                        work[j] -= 1
                        kept += 1
                take(_shift_set(_relaxed(bytes(work), runs), 3 - kept))
    result = tuple(best)
    memo[key] = result
    return result


def exact_part_vector(
    counts: Sequence[int],
    caps: Sequence[int],
    runs: bool,
) -> Vec:
    """Exact capped distance vector of one part by a positional DP.

    ``caps[k]`` bounds the target count of position ``k``. State after a position: runs still
    owed to the next position (``a``) and to the next two (``b``), sets so far, pair so far.

    >>> exact_part_vector([0, 0, 0, 0, 0, 0, 0, 0, 4], [4] * 9, True)[3]  # 9999m: set + pair
    2
    """
    n = len(counts)
    states: dict[tuple[int, int, int, int], int] = {(0, 0, 0, 0): 0}
    for i in range(n):
        cap = caps[i]
        have = counts[i]
        max_r = 0 if (not runs or i > n - 3) else cap
        nxt: dict[tuple[int, int, int, int], int] = {}
        for (a, b, m, p), cost in states.items():
            owed = a + b
            if owed > cap:
                continue
            for r in range(max_r + 1):
                if owed + r > cap:
                    break
                for trip in range((cap - owed - r) // 3 + 1):
                    mm = m + r + trip
                    if mm > MAX_SETS:
                        break
                    for q in range(2 - p):
                        t = owed + r + 3 * trip + 2 * q
                        if t > cap:
                            break
                        c2 = cost + (t - have if t > have else 0)
                        k = (b, r, mm, p + q)
                        old = nxt.get(k)
                        if old is None or c2 < old:
                            nxt[k] = c2
        states = nxt
    out = [INF] * VLEN
    for (a, b, m, p), cost in states.items():
        if a == 0 and b == 0 and cost < out[2 * m + p]:
            out[2 * m + p] = cost
    return tuple(out)


def budget_part_vector(counts: Sequence[int], runs: bool, budget: int) -> Vec:
    """Distance vector when at most ``budget`` target tiles may exceed ``max(4, count)``.

    Used for wild hands that may fill a fifth copy: excess tiles can only be wilds.
    """
    n = len(counts)
    soft = [max(4, c) for c in counts]
    states: dict[tuple[int, int, int, int, int], int] = {(0, 0, 0, 0, 0): 0}
    for i in range(n):
        have = counts[i]
        lim = soft[i]
        max_r = 0 if (not runs or i > n - 3) else lim + budget
        nxt: dict[tuple[int, int, int, int, int], int] = {}
        for (a, b, m, p, e), cost in states.items():
            owed = a + b
            room = lim + budget - e
            if owed > room:
                continue
            for r in range(max_r + 1):
                if owed + r > room:
                    break
                for trip in range((room - owed - r) // 3 + 1):
                    mm = m + r + trip
                    if mm > MAX_SETS:
                        break
                    for q in range(2 - p):
                        t = owed + r + 3 * trip + 2 * q
                        if t > room:
                            break
                        ee = e + (t - lim if t > lim else 0)
                        c2 = cost + (t - have if t > have else 0)
                        k = (b, r, mm, p + q, ee)
                        old = nxt.get(k)
                        if old is None or c2 < old:
                            nxt[k] = c2
        states = nxt
    out = [INF] * VLEN
    for (a, b, m, p, _e), cost in states.items():
        if a == 0 and b == 0 and cost < out[2 * m + p]:
            out[2 * m + p] = cost
    return tuple(out)


# ---------------------------------------------------------------- profiles and part tables

PROFILES: list[Vec] = []
"""Every distinct distance vector seen so far; a profile id indexes this list."""
PROFILE_EVEN: list[Vec] = []
"""Per profile: the p=0 entries, index m."""
PROFILE_ODD: list[Vec] = []
"""Per profile: the p=1 entries, index m."""
_PROFILE_ID: dict[Vec, int] = {}


_REGISTER = threading.Lock()


def profile_id(vec: Vec) -> int:
    """The id of a distance vector, registering it on first sight (thread-safe).

    The other caches map keys to ids; a racing thread at worst computes an entry twice.
    """
    pid = _PROFILE_ID.get(vec)
    if pid is None:
        with _REGISTER:
            pid = _PROFILE_ID.get(vec)
            if pid is None:
                pid = len(PROFILES)
                PROFILE_EVEN.append(vec[0::2])
                PROFILE_ODD.append(vec[1::2])
                PROFILES.append(vec)
                _PROFILE_ID[vec] = pid
    return pid


CAP_SUIT: dict[bytes, int] = {}
"""Suit key (9 count bytes) -> profile id of its capped vector (cap 4, or the count if higher)."""
CAP_HONOR: dict[bytes, int] = {}
FREE_SUIT: dict[bytes, int] = {}
"""Suit key -> profile id of its free (fifth copies allowed) vector."""
FREE_HONOR: dict[bytes, int] = {}


def part_vector(key: bytes, runs: bool, free: bool = False) -> Vec:
    """The distance vector of a part (no caching of the id)."""
    if free or max(key) < 4:
        return _relaxed(key, runs)
    return exact_part_vector(key, [max(4, c) for c in key], runs)


def cap_suit_id(key: bytes) -> int:
    """Profile id of a suit key in capped mode, computed on a miss."""
    pid = CAP_SUIT.get(key)
    if pid is None:
        pid = CAP_SUIT[key] = profile_id(part_vector(key, True))
    return pid


def cap_honor_id(key: bytes) -> int:
    pid = CAP_HONOR.get(key)
    if pid is None:
        pid = CAP_HONOR[key] = profile_id(part_vector(key, False))
    return pid


def free_suit_id(key: bytes) -> int:
    pid = FREE_SUIT.get(key)
    if pid is None:
        pid = FREE_SUIT[key] = profile_id(_relaxed(key, True))
    return pid


def free_honor_id(key: bytes) -> int:
    pid = FREE_HONOR.get(key)
    if pid is None:
        pid = FREE_HONOR[key] = profile_id(_relaxed(key, False))
    return pid


_EXPLICIT: dict[tuple[bytes, bytes, bool], int] = {}


def explicit_cap_id(key: bytes, caps: bytes, runs: bool) -> int:
    """Profile id of a part whose target counts are bounded by ``max(caps[k], key[k])``."""
    ck = (key, caps, runs)
    pid = _EXPLICIT.get(ck)
    if pid is None:
        limits = [max(c, k) for c, k in zip(caps, key, strict=True)]
        pid = _EXPLICIT[ck] = profile_id(exact_part_vector(key, limits, runs))
    return pid


_BUDGET: dict[tuple[bytes, bool, int], int] = {}


def budget_id(key: bytes, runs: bool, budget: int) -> int:
    ck = (key, runs, budget)
    pid = _BUDGET.get(ck)
    if pid is None:
        pid = _BUDGET[ck] = profile_id(budget_part_vector(key, runs, budget))
    return pid


_SHARED_INTS: dict[int, int] = {}
_SHARED_VECS: dict[Vec, Vec] = {}


def _shared_int(value: int) -> int:
    """One int object per value, so table values stay few and cache-hot."""
    return _SHARED_INTS.setdefault(value, value)


# Layout of a *fast code*: per-part facts packed next to the profile id so that the hot shanten
# path learns the hand size, the seven-pairs counts and the thirteen-orphans counts by adding
# two codes. Field widths leave room for the sum of all four parts without carries.
CODE_TILES = 0  # tiles in the part(s), clamped to 31 per part (7 bits)
CODE_PAIRS = 7  # kinds held twice or more (6 bits)
CODE_ONES = 13  # kinds held once (6 bits)
CODE_ORPHANS = 19  # terminals/honours present (4 bits)
CODE_ORPHAN_PAIR = 23  # one terminal/honour held twice or more (1 bit, OR-ed, never summed)
CODE_PROFILE = 24  # profile id above


def _fast_code(pid: int, key: bytes, orphan_kinds: bytes) -> int:
    zeros = key.count(0)
    ones = key.count(1)
    tiles = min(sum(key), 31)
    present = len(orphan_kinds) - orphan_kinds.count(0)
    doubled = 1 if present - orphan_kinds.count(1) > 0 else 0
    return _shared_int(
        (pid << CODE_PROFILE)
        | (doubled << CODE_ORPHAN_PAIR)
        | (present << CODE_ORPHANS)
        | (ones << CODE_ONES)
        | ((len(key) - zeros - ones) << CODE_PAIRS)
        | (tiles << CODE_TILES)
    )


_FIELDS = (1 << CODE_ORPHAN_PAIR) - 1


class _FastSuit(dict[bytes, int]):
    """Suit key -> fast code of its capped vector (see ``CODE_*``), for the hot shanten path.

    A miss fills the entry (``__missing__``), so the hot path is a plain subscript.
    """

    def __missing__(self, key: bytes) -> int:
        code = self[key] = _fast_code(cap_suit_id(key), key, bytes((key[0], key[8])))
        return code


class _FastHonor(dict[bytes, int]):
    """Honour key -> fast code (every honour is an orphan)."""

    def __missing__(self, key: bytes) -> int:
        code = self[key] = _fast_code(cap_honor_id(key), key, key)
        return code


class _FastMerge(dict[int, int]):
    """``(code_a << 40) | code_b`` -> fast code of the two parts together (fields summed)."""

    def __missing__(self, key: int) -> int:
        a = key >> 40
        b = key & ((1 << 40) - 1)
        pid = merge_ids(a >> CODE_PROFILE, b >> CODE_PROFILE)
        doubled = ((a | b) >> CODE_ORPHAN_PAIR) & 1
        code = self[key] = _shared_int(
            (pid << CODE_PROFILE) | (doubled << CODE_ORPHAN_PAIR) | ((a & _FIELDS) + (b & _FIELDS))
        )
        return code


FAST_SUIT = _FastSuit()
FAST_HONOR = _FastHonor()
FAST_MERGE = _FastMerge()


# ---------------------------------------------------------------- merging

MERGE: dict[int, int] = {}
"""``(id_a << 20) | id_b`` -> profile id of the min-plus merge of the two profiles."""


def merge_vectors(x: Vec, y: Vec) -> Vec:
    """Min-plus convolution of two distance vectors (sets add up, at most one pair in total)."""
    out = [INF] * VLEN
    for i in range(MAX_SETS + 1):
        x0 = x[2 * i]
        x1 = x[2 * i + 1]
        for j in range(MAX_SETS + 1 - i):
            y0 = y[2 * j]
            y1 = y[2 * j + 1]
            t = 2 * (i + j)
            s = x0 + y0
            if s < out[t]:
                out[t] = s
            s = x1 + y0
            s2 = x0 + y1
            if s2 < s:
                s = s2
            if s < out[t + 1]:
                out[t + 1] = s
    return tuple(v if v < INF else INF for v in out)


def merge_ids(a: int, b: int) -> int:
    """Profile id of the merge of profiles ``a`` and ``b`` (cached)."""
    k = (a << 20) | b
    pid = MERGE.get(k)
    if pid is None:
        pid = MERGE[k] = profile_id(merge_vectors(PROFILES[a], PROFILES[b]))
    return pid


class _Final(dict[int, Vec]):
    """``(id_ab << 20) | id_cd`` -> distances of 0..MAX_SETS sets plus a pair for the whole hand."""

    def __missing__(self, key: int) -> Vec:
        x0 = PROFILE_EVEN[key >> 20]
        x1 = PROFILE_ODD[key >> 20]
        y0 = PROFILE_EVEN[key & 0xFFFFF]
        y1 = PROFILE_ODD[key & 0xFFFFF]
        out = [INF] * (MAX_SETS + 1)
        for i in range(MAX_SETS + 1):
            a0 = x0[i]
            a1 = x1[i]
            for j in range(MAX_SETS + 1 - i):
                s = a0 + y1[j]
                s2 = a1 + y0[j]
                if s2 < s:
                    s = s2
                if s < out[i + j]:
                    out[i + j] = s
        vec = tuple(out)
        hit = self[key] = _SHARED_VECS.setdefault(vec, vec)
        return hit


FINAL = _Final()


def final_costs(ab: int, cd: int) -> Vec:
    """Distances of 0..MAX_SETS sets and one pair from two merged halves (cached)."""
    return FINAL[(ab << 20) | cd]


def final_cost(ab: int, cd: int, sets: int) -> int:
    """Distance of ``sets`` sets and one pair from two merged halves."""
    x0 = PROFILE_EVEN[ab]
    x1 = PROFILE_ODD[ab]
    y0 = PROFILE_EVEN[cd]
    y1 = PROFILE_ODD[cd]
    best = INF
    for m in range(sets + 1):
        s = x0[m] + y1[sets - m]
        if s < best:
            best = s
        s = x1[m] + y0[sets - m]
        if s < best:
            best = s
    return best


def table_sizes() -> dict[str, int]:
    """Sizes of the lazily built caches (for the benchmark and curiosity)."""
    return {
        "profiles": len(PROFILES),
        "suit_keys": len(CAP_SUIT),
        "honor_keys": len(CAP_HONOR),
        "free_suit_keys": len(FREE_SUIT),
        "merges": len(MERGE),
        "fast_merges": len(FAST_MERGE),
        "finals": len(FINAL),
        "relaxed_memo": len(_RELAXED[0]) + len(_RELAXED[1]),
    }


def warm_up(max_tiles: int = 5) -> int:
    """Fill the capped suit and honour tables for every key with at most ``max_tiles`` tiles.

    Optional: the tables fill themselves lazily. Returns the number of keys visited.

    >>> warm_up(1) >= 10
    True
    """
    visited = 0

    def rec(prefix: list[int], length: int, left: int, fill: dict[bytes, int], runs: bool) -> None:
        nonlocal visited
        if len(prefix) == length:
            key = bytes(prefix)
            if key not in fill:
                fill[key] = profile_id(part_vector(key, runs))
            visited += 1
            return
        for c in range(min(4, left) + 1):
            prefix.append(c)
            rec(prefix, length, left - c, fill, runs)
            prefix.pop()

    rec([], 9, max_tiles, CAP_SUIT, True)
    rec([], 7, max_tiles, CAP_HONOR, False)
    return visited
