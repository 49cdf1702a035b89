"""The shipped part tables (engine/analysis/part_tables.json, made by tools/make_part_tables.py) hold
what the engine's own per-key computations give: every honour key, and a sample of suit keys in both
copy modes, four of a kind included."""

from __future__ import annotations

import importlib.util
import itertools
import random
import sys
from pathlib import Path
from types import ModuleType

from engine.analysis import part_tables
from engine.analysis import suit_tables as st

ROOT = Path(__file__).resolve().parents[1]


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_part_tables", ROOT / "tools" / "make_part_tables.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["make_part_tables"] = module
    spec.loader.exec_module(module)
    return module


def _shipped(name: str, key: bytes) -> tuple[int, ...]:
    index = part_tables.table_index(key)
    assert index is not None
    return st.PROFILES[part_tables.table(name)[index]]


def test_the_shipped_profiles_are_the_first_profile_ids() -> None:
    shipped = part_tables.load_profiles(st.MAX_SETS, st.INF)
    assert st.PROFILES[: len(shipped)] == shipped
    assert len(shipped) == st.SHIPPED_PROFILES
    assert max(max(part_tables.table(spec.name)) for spec in part_tables.TABLES) < 256


def test_the_merge_table_is_every_merge_and_the_profiles_are_closed_under_merging() -> None:
    n = st.SHIPPED_PROFILES
    merges = part_tables.merge_table()
    assert len(merges) == n * n
    for i in range(n):
        for j in range(n):
            assert st.PROFILES[merges[i * n + j]] == st.merge_vectors(st.PROFILES[i], st.PROFILES[j]), (i, j)


def test_key_index_is_base_five_lowest_position_first() -> None:
    assert part_tables.table_index(bytes(9)) == 0
    assert part_tables.table_index(bytes([4] * 9)) == 5**9 - 1
    assert part_tables.table_index(bytes([0, 0, 0, 0, 0, 0, 3])) == 3 * 5**6
    assert part_tables.table_index(bytes([0, 5, 0, 0, 0, 0, 0, 0, 0])) is None
    assert part_tables.table_index(bytes(8)) is None


def test_suit_keys_sampled_against_the_exact_computations() -> None:
    rng = random.Random(20261203)
    keys = [bytes(rng.choice((0, 0, 1, 1, 2, 3, 4)) for _ in range(9)) for _ in range(150)]
    keys += [bytes(rng.randint(0, 4) for _ in range(9)) for _ in range(50)]
    keys += [bytes(9), bytes([4] * 9), bytes([4, 0, 0, 0, 4, 0, 0, 0, 4]), bytes([1, 1, 4, 1, 1, 0, 0, 0, 0])]
    for key in keys:
        capped = st.exact_part_vector(key, [4] * 9, True)
        free = st._relaxed(key, True)
        assert _shipped("suit_capped", key) == capped, key
        assert _shipped("suit_free", key) == free, key
        if max(key) < 4:
            assert capped == free, key


def test_every_honour_key_against_the_exact_computations() -> None:
    for counts in itertools.product(range(5), repeat=7):
        key = bytes(counts)
        if sorted(key) != list(key):  # honours have no order: one key per multiset is enough
            continue
        assert _shipped("honor_capped", key) == st.exact_part_vector(key, [4] * 7, False), key
        assert _shipped("honor_free", key) == st._relaxed(key, False), key


def test_the_generator_remakes_the_shipped_honour_tables() -> None:
    """The tool's split DP, run on the honour tables (a fraction of a second), gives the shipped bytes."""
    tool = _tool()
    for spec in part_tables.TABLES:
        if spec.runs:
            continue
        vectors = tool.table_vectors(spec)
        shipped = part_tables.table(spec.name)
        assert [st.PROFILES[i] for i in shipped] == vectors, spec.name
