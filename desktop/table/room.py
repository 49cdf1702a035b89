"""Where a panel over the table finds room: free rectangles among the things drawn on it.

Pure Python on rectangles ``(left, top, right, bottom)`` in view pixels (the window measures the
table's items and calls these). :func:`column_room` finds the tallest free stretch of a column (the
practice panel keeps to a side of the table); :func:`room_around` grows the largest free rectangle
around a point (the settlement panel stays in the middle of the table).

>>> column_room((0, 0, 100, 100), 60, 100, [(0, 40, 70, 50)])
(50, 50)
>>> room_around((0, 0, 100, 100), (50, 50), [(0, 0, 100, 10), (90, 0, 100, 100)])
(0, 10, 90, 100)
"""

from __future__ import annotations

from collections.abc import Sequence

Rect = tuple[float, float, float, float]


def overlaps(a: Rect, b: Rect) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def column_room(bounds: Rect, left: float, right: float, obstacles: Sequence[Rect]) -> tuple[float, float]:
    """The tallest free stretch ``(top, height)`` of the column from ``left`` to ``right`` within
    ``bounds``: between two obstacles that reach into the column, or an obstacle and an edge."""
    blocked = sorted((o[1], o[3]) for o in obstacles if o[0] < right and left < o[2])
    best = (bounds[1], 0.0)
    top = bounds[1]
    for o_top, o_bottom in [*blocked, (bounds[3], bounds[3])]:
        if o_top > top and o_top - top > best[1]:
            best = (top, min(o_top, bounds[3]) - top)
        top = max(top, o_bottom)
    return best


def room_around(
    bounds: Rect,
    point: tuple[float, float],
    obstacles: Sequence[Rect],
    want: tuple[float, float] | None = None,
) -> Rect:
    """The free rectangle around ``point`` within ``bounds`` that holds the most of a panel of size
    ``want`` (default: the largest free rectangle). Each pair of a left edge (the bounds' or an
    obstacle's right edge left of the point) and a right edge is tried, each as tall as the
    obstacles in that column let it be; an obstacle over the point itself is left out."""
    px, py = point
    clear = [o for o in obstacles if overlaps(o, bounds) and not (o[0] <= px <= o[2] and o[1] <= py <= o[3])]
    lefts = sorted({bounds[0], *(o[2] for o in clear if o[2] <= px)})
    rights = sorted({bounds[2], *(o[0] for o in clear if o[0] >= px)})
    best: tuple[float, Rect] | None = None
    for left in lefts:
        for right in rights:
            top, bottom = bounds[1], bounds[3]
            blocked = False
            for o in clear:
                if not (o[0] < right and left < o[2]):
                    continue
                if o[3] <= py:
                    top = max(top, o[3])
                elif o[1] >= py:
                    bottom = min(bottom, o[1])
                else:
                    blocked = True
                    break
            if blocked:
                continue
            w, h = right - left, bottom - top
            score = min(w, want[0]) * min(h, want[1]) if want is not None else w * h
            if best is None or score > best[0]:
                best = (score, (left, top, right, bottom))
    return best[1] if best is not None else bounds


__all__ = ["Rect", "column_room", "overlaps", "room_around"]
