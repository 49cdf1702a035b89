#!/usr/bin/env python3
"""Generate ``engine/analysis/part_tables.json``: the distance vector of every suit and honour part.

The hand analysis (:mod:`engine.analysis.suit_tables`) measures a hand part by part: man, pin and sou
(9 counts each, runs allowed) and the honours (7 counts, no runs). For each part it needs the
*distance vector* (tiles missing for ``m`` sets and ``p`` pairs, see that module). This script computes
it for every part whose counts are 0..4 — 5^9 = 1,953,125 suit keys and 5^7 = 78,125 honour keys —
in both copy modes (*capped*: a target holds at most four of a kind; *free*: wilds may make fifth
copies), so a hand seen for the first time costs a table look-up, four of a kind included.

Only 200-odd distinct vectors occur. The file lists them once (``profiles``) and stores each table as
one byte per key (the vector's index in ``profiles``), the key's index being its counts read as a
base-5 number, lowest position first; the bytes are xz-compressed and base64-encoded (about 70 KB in
all; loading a table takes ~15 ms and happens on first use).

How it is computed: a positional DP over the part, split after position 5 (suits) or 4 (honours). The
left half is run forward for each of its 5^5 keys, ending in a state (runs owed to the next position
only, runs owed to the next two) with a vector per state; the right half is run from each such state
for each of its 5^4 keys. A key's vector is the elementwise minimum over the states of the min-plus
merge of the two halves' vectors; merges are cached by the halves' vector ids, so the whole file is
built in a couple of minutes. ``tests/test_part_tables.py`` checks sampled keys of the shipped file
against the engine's independent per-key computations (:func:`~engine.analysis.suit_tables.
exact_part_vector`, ``_relaxed``)::

    .venv/bin/python tools/make_part_tables.py            # --check: only say whether the file is current
"""

from __future__ import annotations

import argparse
import array
import base64
import itertools
import json
import lzma
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

# part_tables reads no table at import (suit_tables does, so it is not imported here)
from engine.analysis.part_tables import FORMAT, TABLE_FILE, TABLES, TableSpec  # noqa: E402

MAX_SETS = 5  # engine.analysis.suit_tables.MAX_SETS; the file records it and loading checks it
INF = 99  # engine.analysis.suit_tables.INF: the value of an impossible entry, recorded likewise
VLEN = 2 * (MAX_SETS + 1)

Vec = tuple[int, ...]
State = tuple[int, int, int, int]  # runs owed to this position only, runs owed to it and the next, sets, pair
FREE_LIMIT = 3 * MAX_SETS + 2  # no target holds more of a kind than five sets and a pair do


def step(states: dict[State, int], have: int, cap: int, runs: bool) -> dict[State, int]:
    """One position of the DP: choose new runs starting here, triplets and a pair; pay the tiles the
    target holds here beyond ``have``."""
    out: dict[State, int] = {}
    for (a, b, m, p), cost in states.items():
        owed = a + b
        if owed > cap:
            continue
        for r in range((cap - owed if runs else 0) + 1):
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
                    if c2 < out.get(k, INF):
                        out[k] = c2
    return out


def left_vectors(key: tuple[int, ...], spec: TableSpec, cap: int) -> dict[tuple[int, int], Vec]:
    """Per end state: the vector of the first ``len(key)`` positions (runs may start anywhere here)."""
    states: dict[State, int] = {(0, 0, 0, 0): 0}
    for have in key:
        states = step(states, have, cap, spec.runs)
    vecs: dict[tuple[int, int], list[int]] = {}
    for (a, b, m, p), cost in states.items():
        vec = vecs.setdefault((a, b), [INF] * VLEN)
        if cost < vec[2 * m + p]:
            vec[2 * m + p] = cost
    return {state: tuple(vec) for state, vec in vecs.items()}


def right_vector(key: tuple[int, ...], start: int, spec: TableSpec, cap: int, state: tuple[int, int]) -> Vec:
    """The vector of positions ``start..`` entered with ``state``; runs may not start in the last two."""
    states: dict[State, int] = {(state[0], state[1], 0, 0): 0}
    for j, have in enumerate(key):
        states = step(states, have, cap, spec.runs and start + j < spec.positions - 2)
    vec = [INF] * VLEN
    for (a, b, m, p), cost in states.items():
        if a == 0 and b == 0 and cost < vec[2 * m + p]:
            vec[2 * m + p] = cost
    return tuple(vec)


def merge(x: Vec, y: Vec) -> Vec:
    """Min-plus merge: sets add up, at most one pair in all."""
    out = [INF] * VLEN
    for i in range(MAX_SETS + 1):
        for pi in (0, 1):
            xv = x[2 * i + pi]
            if xv >= INF:
                continue
            for j in range(MAX_SETS + 1 - i):
                for pj in range(2 - pi):
                    s = xv + y[2 * j + pj]
                    t = 2 * (i + j) + pi + pj
                    if s < out[t]:
                        out[t] = s
    return tuple(min(v, INF) for v in out)


def table_vectors(spec: TableSpec) -> list[Vec]:
    """The vector of every key of the table, in key-index order."""
    cap = 4 if spec.capped else FREE_LIMIT
    split = spec.split
    lefts = [left_vectors(k, spec, cap) for k in _keys(split)]
    states = sorted({s for vecs in lefts for s in vecs})
    ids: dict[Vec, int] = {}

    def vid(vec: Vec) -> int:
        return ids.setdefault(vec, len(ids))

    left_ids = [{s: vid(v) for s, v in vecs.items()} for vecs in lefts]
    rights = [
        {s: vid(right_vector(k, split, spec, cap, s)) for s in states} for k in _keys(spec.positions - split)
    ]
    by_id = list(ids)
    merged: dict[tuple[int, int], Vec] = {}
    left_size = 5**split
    out: list[Vec] = [()] * (5**spec.positions)
    for ri, rvecs in enumerate(rights):
        for li, lvecs in enumerate(left_ids):
            best: list[Vec] = []
            for s, lv in lvecs.items():
                pair = (lv, rvecs[s])
                m = merged.get(pair)
                if m is None:
                    m = merged[pair] = merge(by_id[lv], by_id[pair[1]])
                best.append(m)
            out[li + left_size * ri] = tuple(map(min, *best)) if len(best) > 1 else best[0]
    return out


def _keys(n: int) -> list[tuple[int, ...]]:
    """Every key of ``n`` positions in index order (base 5, lowest position first)."""
    return [tuple(reversed(k)) for k in itertools.product(range(5), repeat=n)]


def build() -> dict[str, object]:
    vectors: dict[str, list[Vec]] = {}
    for spec in TABLES:
        started = time.perf_counter()
        vectors[spec.name] = table_vectors(spec)
        print(f"{spec.name}: {len(vectors[spec.name])} keys in {time.perf_counter() - started:.1f} s")
    _check_capped_equals_free_without_four(vectors)
    part_profiles = sorted({v for vecs in vectors.values() for v in vecs})
    assert len(part_profiles) <= 256, "the part tables' profile ids must fit a byte"
    profiles = part_profiles + merge_closure(part_profiles)
    assert all(max(v) < INF for v in profiles), "every distance is finite"
    index = {v: i for i, v in enumerate(profiles)}
    tables: dict[str, object] = {}
    for spec in TABLES:
        tables[spec.name] = _packed(bytes(index[v] for v in vectors[spec.name]))
    started = time.perf_counter()
    merges = array.array("H", (index[merge(x, y)] for x in profiles for y in profiles))
    if sys.byteorder == "big":
        merges.byteswap()
    tables["merges"] = _packed(merges.tobytes())
    print(f"merges: {len(profiles)}^2 in {time.perf_counter() - started:.1f} s")
    return {
        "format": FORMAT,
        "max_sets": MAX_SETS,
        "inf": INF,
        "generated_by": "tools/make_part_tables.py",
        "part_profiles": len(part_profiles),
        "profiles": [list(v) for v in profiles],
        "tables": tables,
    }


def merge_closure(start: list[Vec]) -> list[Vec]:
    """The vectors that merging the given ones, again and again, makes (sorted; the given ones left
    out): a whole hand's merges never leave the shipped profiles."""
    known = set(start)
    order = list(start)
    frontier = list(start)
    while frontier:
        new: list[Vec] = []
        for x in list(order):
            for y in frontier:
                v = merge(x, y)
                if v not in known:
                    known.add(v)
                    order.append(v)
                    new.append(v)
        frontier = new
    return sorted(known - set(start))


def _packed(raw: bytes) -> dict[str, object]:
    packed = lzma.compress(raw, check=lzma.CHECK_CRC32, preset=9 | lzma.PRESET_EXTREME)
    return {"bytes": len(raw), "xz_base64": base64.b64encode(packed).decode("ascii")}


def _check_capped_equals_free_without_four(vectors: dict[str, list[Vec]]) -> None:
    """A part holding no four of a kind has the same vector in both modes (no optimal target needs a
    fifth copy there): the analysis relied on it before these tables existed, checked here for every key."""
    for capped, free in (("suit_capped", "suit_free"), ("honor_capped", "honor_free")):
        n = 9 if capped.startswith("suit") else 7
        for rank, key in enumerate(_keys(n)):
            if max(key) < 4:
                assert vectors[capped][rank] == vectors[free][rank], (capped, key)


def render(data: dict[str, object]) -> str:
    """JSON with one profile a line and one table a line."""
    lines = ["{"]
    for name in ("format", "max_sets", "inf", "generated_by", "part_profiles"):
        lines.append(f" {json.dumps(name)}: {json.dumps(data[name])},")
    profiles = data["profiles"]
    assert isinstance(profiles, list)
    lines.append(' "profiles": [')
    lines.extend(f"  {json.dumps(v)}," for v in profiles[:-1])
    lines.append(f"  {json.dumps(profiles[-1])}")
    lines.append(" ],")
    tables = data["tables"]
    assert isinstance(tables, dict)
    lines.append(' "tables": {')
    items = [f"  {json.dumps(name)}: {json.dumps(entry)}" for name, entry in tables.items()]
    lines.append(",\n".join(items))
    lines.append(" }")
    lines.append("}")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--check", action="store_true", help="exit 1 if the shipped file differs")
    args = parser.parse_args(argv)
    text = render(build())
    if args.check:
        current = TABLE_FILE.read_text(encoding="utf-8") if TABLE_FILE.is_file() else ""
        print("current" if current == text else f"{TABLE_FILE} is out of date")
        return 0 if current == text else 1
    TABLE_FILE.write_text(text, encoding="utf-8")
    print(f"wrote {TABLE_FILE.relative_to(ROOT)} ({len(text)} bytes)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
