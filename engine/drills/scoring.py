"""Scoring drill: a finished hand as a ``tilehouse score`` situation; the player finds its value.

:func:`scoring_question` builds a winning hand for a family from a seed (sets and a pair shaped
towards a pattern — a flush, all triplets, seven pairs, value honours... — some of them called,
a winning tile, self-draw or discard, flags, indicators, 财神 and flowers where the family has
them) and scores it with :func:`engine.situation.score_situation`, exactly as ``tilehouse score``
does; hands that are not valid wins (no yaku, say) are skipped. The player answers:

* riichi: han, fu and points (fu is only graded below mangan, where it changes the points);
* Sichuan: the fan (番; points 分 in the additive model) and what each payer pays;
* Lingxi: the 台 and the final 台 (doubled from the ruleset's threshold).

>>> q = scoring_question("riichi", seed=1)
>>> q.result["valid"], [f.key for f in q.fields()]
(True, ['han', 'fu', 'points'])
>>> q.grade(q.expected()).correct
True
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import Any

from engine.situation import score_situation
from engine.tiles import NORTH, TileFace, format_faces

MAX_TRIES = 400
FIVES = (4, 13, 22)
DRAGONS = (31, 32, 33)
WIND_LETTERS = "ESWN"


@dataclass(frozen=True)
class AnswerField:
    """One number the player enters: ``key`` in the score result, its titles, and whether it counts."""

    key: str
    title_en: str
    title_zh: str
    graded: bool = True

    def title(self, lang: str = "en") -> str:
        return self.title_zh if lang.startswith("zh") else self.title_en


@dataclass(frozen=True)
class FieldGrade:
    field: AnswerField
    given: int | None
    expected: int
    correct: bool


@dataclass(frozen=True)
class ScoringGrade:
    fields: tuple[FieldGrade, ...]
    correct: bool
    score: int  # 0..100: the share of graded fields answered right


@dataclass
class ScoringQuestion:
    family: str
    seed: str
    situation: dict[str, Any]
    result: dict[str, Any]

    def fields(self) -> list[AnswerField]:
        if self.family == "riichi":
            below_limit = not self.result.get("limit") and not self.result.get("yakuman")
            return [
                AnswerField("han", "Han", "番"),
                AnswerField("fu", "Fu", "符", graded=below_limit),
                AnswerField("points", "Points (before honba and riichi sticks)", "点数（不含本场与立直棒）"),
            ]
        if self.family == "sichuan":
            if self.result.get("model") == "points":
                first = AnswerField("fan", "Points (分)", "分数")
            else:
                first = AnswerField("fan", "Fan (番)", "番数")
            return [first, AnswerField("value", "Each payer pays", "每家支付")]
        return [AnswerField("tai", "Tai (台)", "台数"), AnswerField("final_tai", "Final tai", "最终台数")]

    def expected(self) -> dict[str, int]:
        return {f.key: int(self.result.get(f.key, 0)) for f in self.fields()}

    def grade(self, answers: dict[str, int | None]) -> ScoringGrade:
        grades: list[FieldGrade] = []
        for f in self.fields():
            want = int(self.result.get(f.key, 0))
            given = answers.get(f.key)
            grades.append(FieldGrade(f, given, want, given is not None and int(given) == want))
        graded = [g for g in grades if g.field.graded]
        right = sum(1 for g in graded if g.correct)
        score = round(100 * right / len(graded)) if graded else 100
        return ScoringGrade(tuple(grades), right == len(graded), score)

    def situation_json(self) -> str:
        """The situation as ``tilehouse score`` reads it (one JSON line)."""
        return json.dumps(self.situation, ensure_ascii=False)

    def to_json(self) -> dict[str, Any]:
        return {"family": self.family, "seed": self.seed, "situation": self.situation, "result": self.result}


def scoring_question(
    family: str = "riichi", *, seed: int | str = 0, ruleset: str | None = None
) -> ScoringQuestion:
    """A valid winning hand of ``family`` with its score; the same seed gives the same question.

    ``ruleset`` names a preset or user ruleset of the family to score under (its name goes into the
    situation, as ``tilehouse score`` reads it); by default the family's default preset."""
    builders = {"riichi": _riichi, "sichuan": _sichuan, "lingxi": _lingxi}
    if family not in builders:
        raise ValueError(f"no scoring drill for {family!r} (known: {', '.join(builders)})")
    red_fives = family == "riichi"
    table = _Table()
    if ruleset is not None:
        from engine.rules import load_ruleset

        rules = load_ruleset(ruleset)
        if rules.family != family:
            raise ValueError(f"{ruleset} is a {rules.family} ruleset, not {family}")
        red_fives = bool(getattr(rules, "red_fives", False))
        two_suits = rules.players < 4 and getattr(rules, "short_table_suits", 3) == 2
        table = _Table(rules.players, two_suits, bool(getattr(rules, "nukidora", False)))
    rng = random.Random(f"scoring-drill:{family}:{seed}")
    for _ in range(MAX_TRIES):
        situation = builders[family](rng, red_fives, table)
        if situation is None:
            continue
        if ruleset is not None:
            situation["ruleset"] = ruleset
        result = score_situation(situation)
        if result.get("valid"):
            return ScoringQuestion(family, str(seed), situation, result)
    raise RuntimeError(f"no valid {family} hand found for seed {seed!r}")


# ── building hands ─────────────────────────────────────────────────────────────────────────────


@dataclass(frozen=True)
class _Table:
    """What the ruleset's table changes in a hand: the seats (2, 3 or 4), Sichuan's two suits
    (三人两房) and three-player riichi's norths set aside."""

    players: int = 4
    two_suits: bool = False
    nukidora: bool = False

    def others(self, seat: int) -> list[int]:
        return [s for s in range(self.players) if s != seat]

    def before(self, seat: int) -> int:
        """The seat a chi is claimed from."""
        return (seat - 1) % self.players


class _Tiles:
    """Copies used so far (at most four of a kind) and the choice of kinds under a style."""

    def __init__(self, rng: random.Random, kinds: list[int]) -> None:
        self.rng = rng
        self.kinds = kinds  # the kinds this hand may use
        self.counts = [0] * 34

    def fits(self, kinds: list[int]) -> bool:
        need: dict[int, int] = {}
        for k in kinds:
            need[k] = need.get(k, 0) + 1
        return all(self.counts[k] + n <= 4 for k, n in need.items())

    def take(self, kinds: list[int]) -> list[int] | None:
        if not self.fits(kinds):
            return None
        for k in kinds:
            self.counts[k] += 1
        return kinds

    def sequence(self) -> list[int] | None:
        usable = set(self.kinds)
        starts = [k for k in self.kinds if k < 27 and k % 9 <= 6 and {k + 1, k + 2} <= usable]
        self.rng.shuffle(starts)
        for k in starts:
            got = self.take([k, k + 1, k + 2])
            if got:
                return got
        return None

    def triplet(self, prefer: list[int] | None = None) -> list[int] | None:
        pool = [k for k in (prefer or []) if k in self.kinds] or list(self.kinds)
        self.rng.shuffle(pool)
        for k in pool:
            got = self.take([k, k, k])
            if got:
                return got
        return None

    def pair(self, avoid: set[int] | None = None) -> list[int] | None:
        pool = [k for k in self.kinds if k not in (avoid or set())]
        self.rng.shuffle(pool)
        for k in pool:
            got = self.take([k, k])
            if got:
                return got
        return None

    def single(self, pool: list[int] | None = None) -> int | None:
        choices = list(pool if pool is not None else range(34))
        self.rng.shuffle(choices)
        for k in choices:
            if self.take([k]):
                return k
        return None


def _groups(t: _Tiles, count: int, sequence_share: float, prefer: list[int] | None = None) -> list[list[int]]:
    groups: list[list[int]] = []
    if prefer:
        first = t.triplet(prefer)
        if first:
            groups.append(first)
    while len(groups) < count:
        group = t.sequence() if t.rng.random() < sequence_share else t.triplet()
        group = group or t.triplet() or t.sequence()
        if group is None:
            return []
        groups.append(group)
    return groups


def _suits(rng: random.Random, style: str, honours: bool) -> list[int]:
    suit = rng.randrange(3)
    if style == "flush":
        return list(range(suit * 9, suit * 9 + 9))
    if style == "half_flush":
        return list(range(suit * 9, suit * 9 + 9)) + list(range(27, 34))
    if style == "simples":
        return [k for k in range(27) if k % 9 not in (0, 8)]
    return list(range(27)) + (list(range(27, 34)) if honours else [])


def _split_melds(
    rng: random.Random,
    t: _Tiles,
    groups: list[list[int]],
    seat: int,
    *,
    chi: bool,
    open_share: float,
    table: _Table = _Table(),
) -> tuple[list[list[int]], list[dict[str, Any]]]:
    """Turn some groups into called melds or kans; returns the concealed groups and the meld specs."""
    concealed: list[list[int]] = []
    melds: list[dict[str, Any]] = []
    others = table.others(seat)
    calls = rng.choice([0, 0, 1, 1, 2, 3]) if rng.random() < open_share else 0
    for group in groups:
        is_sequence = group[0] != group[1]
        if calls and (chi or not is_sequence) and rng.random() < 0.7:
            calls -= 1
            if is_sequence:
                melds.append({"type": "chi", "kinds": group, "from": table.before(seat)})
            elif rng.random() < 0.2 and t.take([group[0]]):
                kind = rng.choice(["open_kan", "added_kan"])
                melds.append({"type": kind, "kinds": [*group, group[0]], "from": rng.choice(others)})
            else:
                melds.append({"type": "pon", "kinds": group, "from": rng.choice(others)})
        elif not is_sequence and rng.random() < 0.08 and t.take([group[0]]):
            melds.append({"type": "closed_kan", "kinds": [*group, group[0]]})
        else:
            concealed.append(group)
    return concealed, melds


def _render(
    rng: random.Random,
    hand: list[int],
    melds: list[dict[str, Any]],
    extras: list[list[int]],
    *,
    red_fives: bool,
) -> tuple[list[TileFace], list[list[TileFace]], list[list[TileFace]]]:
    """Faces for the hand, the melds and extra tile lists (indicators), with red fives placed: a
    five written four times must have its red copy; otherwise a five is red now and then."""
    hand_faces = [TileFace(k) for k in sorted(hand)]
    meld_faces = [[TileFace(k) for k in m["kinds"]] for m in melds]
    extra_faces = [[TileFace(k) for k in e] for e in extras]
    if not red_fives:
        return hand_faces, meld_faces, extra_faces
    lists = [hand_faces, *meld_faces, *extra_faces]
    for five in FIVES:
        places = [(i, j) for i, faces in enumerate(lists) for j, f in enumerate(faces) if f.kind == five]
        if not places or (len(places) < 4 and rng.random() > 0.35):
            continue
        i, j = rng.choice(places) if len(places) < 4 else places[0]
        lists[i][j] = TileFace(five, True)
    return hand_faces, meld_faces, extra_faces


def _meld_specs(melds: list[dict[str, Any]], faces: list[list[TileFace]]) -> list[dict[str, Any]]:
    out = []
    for meld, tiles in zip(melds, faces, strict=True):
        spec: dict[str, Any] = {"type": meld["type"], "tiles": format_faces(tiles)}
        if meld.get("from") is not None:
            spec["from"] = meld["from"]
        out.append(spec)
    return out


def _riichi(rng: random.Random, red_fives: bool = True, table: _Table = _Table()) -> dict[str, Any] | None:
    style = rng.choice(
        ["plain", "plain", "simples", "flush", "half_flush", "triplets", "honours", "pairs", "pairs"]
    )
    seat = rng.randrange(table.players)
    round_wind = rng.choice([0, 0, 1])
    kinds = _suits(rng, style, honours=style in ("plain", "honours", "triplets"))
    if table.players == 3:  # sanma: no 2m-8m
        kinds = [k for k in kinds if not 1 <= k <= 7] or [k for k in range(9, 18)]
    t = _Tiles(rng, kinds)
    if style == "pairs":
        kinds = list(t.kinds)
        rng.shuffle(kinds)
        pairs = [[k, k] for k in kinds[:7]]
        for p in pairs:
            t.take(p)
        groups: list[list[int]] = []
        concealed = pairs
        melds: list[dict[str, Any]] = []
    else:
        share = 0.0 if style == "triplets" else 0.7
        prefer = [*DRAGONS, 27 + seat, 27 + round_wind] if style == "honours" else None
        groups = _groups(t, 4, share, prefer)
        pair = t.pair()
        if not groups or pair is None:
            return None
        chi = table.players != 3
        concealed, melds = _split_melds(rng, t, groups, seat, chi=chi, open_share=0.45, table=table)
        concealed = [*concealed, pair]
    hand = [k for g in concealed for k in g]
    closed = all(m["type"] == "closed_kan" for m in melds)
    flags: list[str] = []
    if closed and rng.random() < 0.55:
        flags.append("riichi")
        if rng.random() < 0.15:
            flags.append("ippatsu")
    win = "tsumo" if rng.random() < 0.45 else "ron"
    kans = sum(1 for m in melds if m["type"].endswith("kan"))
    if win == "tsumo" and kans and rng.random() < 0.3:
        flags.append("rinshan")
    dora = [k for k in (t.single() for _ in range(1 + (kans and rng.random() < 0.5))) if k is not None]
    ura = [k for k in (t.single() for _ in dora) if k is not None] if "riichi" in flags else []
    hand_faces, meld_faces, (dora_faces, ura_faces) = _render(
        rng, hand, melds, [dora, ura], red_fives=red_fives
    )
    situation: dict[str, Any] = {
        "variant": "riichi",
        "hand": format_faces(hand_faces),
        "melds": _meld_specs(melds, meld_faces),
        "win_tile": format_faces([rng.choice(hand_faces)]),
        "win": win,
        "seat": seat,
        "round_wind": WIND_LETTERS[round_wind],
        "flags": flags,
        "dora_indicators": format_faces(dora_faces),
        "ura_indicators": format_faces(ura_faces),
        "honba": rng.choice([0, 0, 0, 1, 2]),
        "riichi_sticks": rng.choice([0, 0, 1]) + (1 if "riichi" in flags else 0),
    }
    if not situation["melds"]:
        del situation["melds"]
    if table.players == 3 and table.nukidora:
        situation["nuki"] = min(rng.choice([0, 0, 1, 2]), 4 - t.counts[NORTH])
    return situation


def _sichuan(rng: random.Random, red_fives: bool = False, table: _Table = _Table()) -> dict[str, Any] | None:
    style = rng.choice(["plain", "plain", "flush", "triplets", "pairs", "flush_pairs"])
    seat = rng.randrange(table.players)
    lacking = rng.randrange(3) if not table.two_suits else 0  # 三人两房: no characters
    kinds = [k for k in range(27) if k // 9 != lacking]
    if style.startswith("flush"):
        suit = rng.choice([s for s in range(3) if s != lacking])
        kinds = [k for k in kinds if k // 9 == suit]
    t = _Tiles(rng, kinds)
    melds: list[dict[str, Any]] = []
    if style.endswith("pairs"):
        pool = list(kinds)
        rng.shuffle(pool)
        concealed = [[k, k] for k in pool[:7]]
        for p in concealed:
            t.take(p)
    else:
        groups = _groups(t, 4, 0.0 if style == "triplets" else 0.6)
        pair = t.pair()
        if not groups or pair is None:
            return None
        concealed, melds = _split_melds(rng, t, groups, seat, chi=False, open_share=0.5, table=table)
        concealed = [*concealed, pair]
    hand = [k for g in concealed for k in g]
    win = "tsumo" if rng.random() < 0.5 else "ron"
    flags: list[str] = []
    if win == "tsumo" and any(m["type"].endswith("kan") for m in melds) and rng.random() < 0.3:
        flags.append("gang_shang_hua")
    elif win == "tsumo" and rng.random() < 0.08:
        flags.append("hai_di")
    hand_faces, meld_faces, _ = _render(rng, hand, melds, [], red_fives=False)
    situation: dict[str, Any] = {
        "variant": "sichuan",
        "hand": format_faces(hand_faces),
        "melds": _meld_specs(melds, meld_faces),
        "win_tile": format_faces([rng.choice(hand_faces)]),
        "win": win,
        "seat": seat,
        "flags": flags,
    }
    if not situation["melds"]:
        del situation["melds"]
    return situation


def _lingxi(rng: random.Random, red_fives: bool = False, table: _Table = _Table()) -> dict[str, Any] | None:
    style = rng.choice(["plain", "plain", "half_flush", "flush", "triplets", "winds"])
    seat = rng.randrange(table.players)
    usable = [k for k in range(34) if k != 31]  # 白板 is a bonus tile, not part of a hand
    t = _Tiles(rng, usable)
    shown_first = t.single(usable)
    same = rng.random() < 0.1 and shown_first is not None and t.take([shown_first]) is not None
    shown_second = shown_first if same else t.single(usable)
    if shown_first is None or shown_second is None:
        return None
    wild_kinds = {shown_first, shown_second}
    t.kinds = [k for k in _suits(rng, style, honours=True) if k != 31 and k not in wild_kinds]
    prefer = [27, 28, 29, 30] if style == "winds" else [27 + seat, 32, 33] if rng.random() < 0.3 else None
    groups = _groups(t, 5, 0.0 if style == "triplets" else 0.6, prefer)
    pair = t.pair()
    if not groups or pair is None:
        return None
    concealed, melds = _split_melds(rng, t, groups, seat, chi=True, open_share=0.5, table=table)
    hand = [k for g in [*concealed, pair] for k in g]
    # up to two tiles of the hand become 财神 (a 财神 stands for any tile)
    wilds = rng.choice([0, 0, 1, 1, 2])
    for _ in range(wilds):
        wild = rng.choice(sorted(wild_kinds))
        if t.counts[wild] < 4 and len(hand) > 2:
            index = rng.randrange(len(hand))
            t.counts[hand[index]] -= 1
            t.counts[wild] += 1
            hand[index] = wild
    flowers = sorted(rng.sample(range(1, 9), rng.choice([0, 0, 1, 1, 2, 3])))
    win = "tsumo" if rng.random() < 0.45 else "ron"
    hand_faces, meld_faces, _ = _render(rng, hand, melds, [], red_fives=False)
    non_wild = [f for f in hand_faces if f.kind not in wild_kinds] or hand_faces
    situation: dict[str, Any] = {
        "variant": "lingxi",
        "hand": format_faces(hand_faces),
        "melds": _meld_specs(melds, meld_faces),
        "win_tile": format_faces([rng.choice(non_wild)]),
        "win": win,
        "seat": seat,
        "wild": format_faces([TileFace(shown_first), TileFace(shown_second)]),
        "flowers": "".join(f"{n}f" for n in flowers),
    }
    if not situation["melds"]:
        del situation["melds"]
    if not flowers:
        del situation["flowers"]
    return situation
