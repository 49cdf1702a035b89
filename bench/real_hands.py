"""What the benchmarks on the shared real riichi hands have in common: where the hands are, and the
Wilson interval their agreement and calibration rates are reported with.

Used by ``bench/bench_human_agreement.py`` and ``bench/calibrate_riichi_danger.py`` (run as scripts
from the checkout: ``bench/`` is on their import path)."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

ORACLE = Path(__file__).resolve().parents[2] / "shared" / "oracles" / "riichi-mjx"
"""The 468 real hands with their walls (``../shared/oracles/riichi-mjx``, beside the checkout)."""


def wilson(k: int, n: int) -> tuple[float, float]:
    """95% Wilson score interval of ``k`` successes in ``n`` trials ((0, 0) when ``n`` is 0)."""
    if n == 0:
        return 0.0, 0.0
    z = 1.96
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return max(0.0, c - h), min(1.0, c + h)


def decision_fields(hand: int, seat: int, view: Any) -> dict[str, Any]:
    """The facts every recorded decision starts with: which hand and seat, when, and the seat's state."""
    return {
        "hand": hand,
        "seat": seat,
        "turn": view.turn_number(),
        "wall": view.wall_remaining,
        "dealer": view.is_dealer,
        "closed": view.is_closed,
    }
