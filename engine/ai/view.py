"""A read-only reading of one seat's observation: what the AI may know, and nothing more.

Everything here is computed from the observation dict the game hands a seat (its own concealed
tiles, every meld and discard on the table, the indicators, the scores). The AI never receives the
:class:`~engine.game.game.Game`; :class:`View` copies what it needs out of the dict, so later changes
to the dict do not leak into a decision either.

>>> v = View.from_observation({"seat": 0, "family": "riichi", "players": [
...     {"hand": [0, 4, 8], "melds": [], "discards": [{"tile": 12}]},
...     {"hand": None, "melds": [], "discards": []}]})
>>> v.counts[:4], v.unseen[3]
([1, 1, 1, 0], 3)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.tiles import kind_of, tile_counts34


@dataclass(frozen=True, slots=True)
class SeenDiscard:
    kind: int
    tile: int
    tsumogiri: bool
    riichi: bool
    claimed: bool


@dataclass(frozen=True, slots=True)
class SeenMeld:
    type: str
    kinds: tuple[int, ...]
    tiles: tuple[int, ...]
    from_seat: int | None
    called: int | None = None

    @property
    def is_open(self) -> bool:
        return self.type != "closed_kan"

    @property
    def is_kan(self) -> bool:
        return self.type.endswith("kan")


@dataclass(frozen=True, slots=True)
class Opponent:
    seat: int
    discards: tuple[SeenDiscard, ...]
    melds: tuple[SeenMeld, ...]
    riichi_index: int | None  # index in ``discards`` of the riichi declaration tile
    hand_count: int
    won: bool
    lacking_suit: int | None

    @property
    def in_riichi(self) -> bool:
        return self.riichi_index is not None

    @property
    def open_melds(self) -> int:
        return sum(1 for m in self.melds if m.is_open)


@dataclass(slots=True)
class View:
    """What a seat knows. ``counts`` are its concealed kinds (34 entries), ``unseen`` the copies of
    each kind it cannot see anywhere (the wall and the other hands hold them)."""

    seat: int
    family: str
    n: int
    hand: tuple[int, ...]
    drawn: int | None
    counts: list[int]
    melds: tuple[SeenMeld, ...]
    discards: tuple[SeenDiscard, ...]
    opponents: tuple[Opponent, ...]
    visible: list[int]
    unseen: list[int]
    wall_remaining: int
    dealer: int
    round_wind: int
    dora_indicators: tuple[int, ...]
    scores: tuple[int, ...]
    riichi: tuple[bool, ...]
    sets: int
    seven_pairs: bool
    thirteen_orphans: bool
    wild_kinds: frozenset[int]
    lacking_suit: int | None
    phase: str
    last_discard: tuple[int, int] | None  # (seat, tile)
    flowers: tuple[int, ...] = ()  # own shown flowers (Lingxi)
    extras: dict[str, Any] = field(default_factory=dict)
    # discard order approximation: for opponent seat -> kinds discarded by anyone after its riichi
    _after_riichi: dict[int, frozenset[int]] = field(default_factory=dict)

    # ------------------------------------------------------------ building
    @classmethod
    def from_observation(cls, obs: Mapping[str, Any]) -> View:
        seat = int(obs["seat"])
        players = list(obs.get("players") or [])
        n = len(players)
        me = players[seat]
        hand = tuple(int(t) for t in (me.get("hand") or []))
        wild_kinds = frozenset(int(k) for k in obs.get("wild_kinds", []) or [])
        counts = [0] * 34
        for t in hand:
            k = kind_of(t)
            if k < 34 and k not in wild_kinds:
                counts[k] += 1
        visible = [0] * 34
        for t in hand:
            k = kind_of(t)
            if k < 34:
                visible[k] += 1
        opponents: list[Opponent] = []
        own_melds: tuple[SeenMeld, ...] = ()
        own_discards: tuple[SeenDiscard, ...] = ()
        for s, p in enumerate(players):
            melds = tuple(
                SeenMeld(
                    str(m.get("type", "")),
                    tuple(sorted(kind_of(int(t)) for t in m.get("tiles", []))),
                    tuple(int(t) for t in m.get("tiles", [])),
                    m.get("from"),
                    m.get("called"),
                )
                for m in p.get("melds", []) or []
            )
            discards = tuple(
                SeenDiscard(
                    kind_of(int(d["tile"])),
                    int(d["tile"]),
                    bool(d.get("tsumogiri", False)),
                    bool(d.get("riichi", False)),
                    d.get("claimed_by") is not None,
                )
                for d in p.get("discards", []) or []
            )
            for m in melds:
                for k in m.kinds:
                    if k < 34:
                        visible[k] += 1
            for d in discards:
                if not d.claimed and d.kind < 34:
                    visible[d.kind] += 1
            if s == seat:
                own_melds, own_discards = melds, discards
                continue
            riichi_index = next((i for i, d in enumerate(discards) if d.riichi), None)
            riichi_flags = obs.get("riichi")
            if (
                riichi_index is None
                and isinstance(riichi_flags, list)
                and s < len(riichi_flags)
                and riichi_flags[s]
            ):
                riichi_index = max(0, len(discards) - 1)
            opponents.append(
                Opponent(
                    s,
                    discards,
                    melds,
                    riichi_index,
                    int(p.get("hand_count", 13)),
                    bool(p.get("won", False)),
                    p.get("lacking_suit"),
                )
            )
        indicators = tuple(int(t) for t in obs.get("dora_indicators", []) or [])
        for t in indicators:
            k = kind_of(t)
            if k < 34:
                visible[k] += 1
        unseen = [max(0, 4 - v) for v in visible]
        riichi = obs.get("riichi")
        riichi_flags = tuple(bool(x) for x in riichi) if isinstance(riichi, list) else (False,) * n
        scores_raw = obs.get("scores") or (obs.get("match") or {}).get("scores") or [0] * n
        last = obs.get("last_discard")
        forms = obs.get("forms") or {}
        drawn = me.get("drawn")
        known = {
            "family",
            "seat",
            "match",
            "over",
            "phase",
            "sets",
            "forms",
            "wild_kinds",
            "turn",
            "dealer",
            "round_wind",
            "honba",
            "wall_remaining",
            "players",
            "last_discard",
            "pending",
            "dora_indicators",
            "scores",
            "riichi",
        }
        view = cls(
            seat=seat,
            family=str(obs.get("family", "")),
            n=n,
            hand=hand,
            drawn=int(drawn) if drawn is not None else None,
            counts=counts,
            melds=own_melds,
            discards=own_discards,
            opponents=tuple(opponents),
            visible=visible,
            unseen=unseen,
            wall_remaining=int(obs.get("wall_remaining", 70)),
            dealer=int(obs.get("dealer", 0)),
            round_wind=int(obs.get("round_wind", 27)),
            dora_indicators=indicators,
            scores=tuple(int(x) for x in scores_raw),
            riichi=riichi_flags,
            sets=int(obs.get("sets", 4)),
            seven_pairs=bool(forms.get("seven_pairs", True)),
            thirteen_orphans=bool(forms.get("thirteen_orphans", True)),
            wild_kinds=wild_kinds,
            lacking_suit=me.get("lacking_suit"),
            phase=str(obs.get("phase", "")),
            last_discard=(int(last["seat"]), int(last["tile"])) if last else None,
            flowers=tuple(int(t) for t in me.get("flowers", []) or []),
            extras={k: v for k, v in obs.items() if k not in known},
        )
        view._after_riichi = view._compute_after_riichi()
        return view

    def _compute_after_riichi(self) -> dict[int, frozenset[int]]:
        """For each opponent in riichi, the kinds anyone discarded after its declaration.

        The observation gives each seat's pond, not one global order, so the order is approximated
        by turn: seat ``p``'s ``j``-th discard came after the declarer's ``i``-th when ``j > i``, or
        ``j == i`` and ``p`` plays after the declarer counted from the dealer. Calls can shift this
        by a tile; the AI treats the result as "probably safe", not certain."""
        out: dict[int, frozenset[int]] = {}
        ponds: dict[int, tuple[SeenDiscard, ...]] = {self.seat: self.discards}
        for o in self.opponents:
            ponds[o.seat] = o.discards
        for o in self.opponents:
            if o.riichi_index is None:
                continue
            i = o.riichi_index
            r_order = (o.seat - self.dealer) % self.n
            kinds: set[int] = set()
            for s, pond in ponds.items():
                if s == o.seat:
                    continue
                order = (s - self.dealer) % self.n
                start = i + 1 if order < r_order else i
                kinds.update(d.kind for d in pond[start:])
            out[o.seat] = frozenset(kinds)
        return out

    # -------------------------------------------------------------- queries
    @property
    def seat_wind(self) -> int:
        return 27 + (self.seat - self.dealer) % self.n

    @property
    def is_dealer(self) -> bool:
        return self.seat == self.dealer

    @property
    def exposed(self) -> int:
        return len(self.melds)

    @property
    def is_closed(self) -> bool:
        return all(not m.is_open for m in self.melds)

    @property
    def wilds(self) -> int:
        return sum(1 for t in self.hand if kind_of(t) in self.wild_kinds)

    @property
    def unseen_total(self) -> int:
        return max(1, sum(self.unseen))

    def safe_kinds_against(self, seat: int) -> frozenset[int]:
        """Kinds ``seat`` cannot win on: its own discards (furiten), and if it is in riichi, the
        kinds discarded after its declaration that it let pass."""
        opp = next((o for o in self.opponents if o.seat == seat), None)
        if opp is None:
            return frozenset()
        own = {d.kind for d in opp.discards}
        return frozenset(own | self._after_riichi.get(seat, frozenset()))

    def self_counts(self) -> list[int]:
        return list(self.counts)

    def hand_counts_all(self) -> list[int]:
        """Concealed kinds including wild tiles (for families without wilds, same as ``counts``)."""
        return tile_counts34([t for t in self.hand if kind_of(t) < 34])

    def turn_number(self) -> int:
        """About how many discards each seat has made."""
        return max([len(self.discards)] + [len(o.discards) for o in self.opponents])

    def in_hand(self, kind: int) -> list[int]:
        """Own physical tiles of ``kind``."""
        return [t for t in self.hand if kind_of(t) == kind]
