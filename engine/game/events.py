"""Events: what happened, for the table to draw, logs to read and observers to follow.

An event is public unless it has a ``private`` part; :meth:`Event.seen_by` gives the version a
given seat may see (a drawn tile is shown only to the seat that drew it).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(init=False, frozen=True)
class Event:
    type: str
    seat: int | None = None
    data: dict[str, Any] = field(default_factory=dict)
    private: dict[str, Any] | None = None  # shown only to ``seat``

    def __init__(
        self,
        type: str,
        seat: int | None = None,
        data: dict[str, Any] | None = None,
        private: dict[str, Any] | None = None,
    ) -> None:
        # (written out, not the dataclass's: compiled with mypyc, the generated one stays Python code;
        # mypyc makes each object.__setattr__ of a field a native write)
        object.__setattr__(self, "type", type)
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "data", {} if data is None else data)
        object.__setattr__(self, "private", private)

    @classmethod
    def made(cls, type: str, seat: int | None, data: dict[str, Any], private: dict[str, Any] | None) -> Event:
        """``Event(type, seat, data, private)``, made the quick way of the build that runs: interpreted,
        without the frozen class's one call per field (a game makes a few for every action), its fields
        in the instance dict (why the class has no slots); compiled (:mod:`engine.compiled`), by the
        native constructor."""
        if not _INSTANCE_DICTS:
            return cls(type, seat, data, private)
        event = _new(cls)
        _set(event, "__dict__", {"type": type, "seat": seat, "data": data, "private": private})
        return event

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


_new = object.__new__
_set = object.__setattr__
_INSTANCE_DICTS = "__dict__" in vars(Event)  # (not compiled with mypyc, see Event.made)
