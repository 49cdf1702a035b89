"""Events: what happened, for the table to draw, logs to read and observers to follow.

An event is public unless it has a ``private`` part; :meth:`Event.seen_by` gives the version a
given seat may see (a drawn tile is shown only to the seat that drew it).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Event:
    type: str
    seat: int | None = None
    data: dict[str, Any] = field(default_factory=dict)
    private: dict[str, Any] | None = None  # shown only to ``seat``

    def seen_by(self, seat: int | None) -> Event:
        """This event as ``seat`` sees it (None = a spectator who sees only public parts)."""
        if self.private is None or seat == self.seat:
            return self
        return Event(self.type, self.seat, self.data, None)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.type}
        if self.seat is not None:
            out["seat"] = self.seat
        out.update(self.data)
        if self.private:
            out.update(self.private)
        return out
