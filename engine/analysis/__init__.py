"""Hand-shape analysis shared by every rule family and the AI: no rules, no scoring.

Hands are 34-long count vectors of the concealed concrete tiles (:func:`engine.tiles.counts34`),
plus a number of wild tiles (Lingxi 财神) that may stand for any kind 0..33. ``sets`` is the number
of sets of a complete hand (4 for 13/14-tile hands, 5 for Lingxi's 16/17-tile hands) and
``exposed`` how many of them are already melded (a kan is one set).

* :func:`shanten` (and the per-form variants), :func:`is_complete` — table-driven, fast;
* :func:`waits` — which kinds complete a hand one tile short;
* :func:`decompositions` — every way a complete hand splits into groups.

>>> from engine.tiles import counts34, parse_kinds
>>> shanten(counts34(parse_kinds("123m456p789s1122z")))
0
>>> sorted(waits(counts34(parse_kinds("123m456p789s1122z"))).kinds)
[27, 28]
"""

from engine.analysis.decompose import Decomposition, Group, GroupKind, HandForm, decompositions
from engine.analysis.shanten import (
    ALL_FORMS,
    STANDARD_ONLY,
    HandForms,
    is_complete,
    shanten,
    shanten_seven_pairs,
    shanten_standard,
    shanten_thirteen_orphans,
    standard_distance,
    warm_native,
)
from engine.analysis.suit_tables import MAX_SETS, table_sizes
from engine.analysis.suit_tables import warm_up as _load_tables
from engine.analysis.waits import Waits, waits


def warm_up() -> int:
    """Load every shipped analysis table now, and the compiled hot path's own (see
    :func:`engine.analysis.suit_tables.warm_up`). Returns the number of table entries loaded."""
    loaded = _load_tables()
    warm_native()
    return loaded


__all__ = [
    "ALL_FORMS",
    "MAX_SETS",
    "STANDARD_ONLY",
    "Decomposition",
    "Group",
    "GroupKind",
    "HandForm",
    "HandForms",
    "Waits",
    "decompositions",
    "is_complete",
    "shanten",
    "shanten_seven_pairs",
    "shanten_standard",
    "shanten_thirteen_orphans",
    "standard_distance",
    "table_sizes",
    "waits",
    "warm_up",
]
