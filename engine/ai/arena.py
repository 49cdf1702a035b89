"""The arena: AI levels measured against each other by duplicate play.

Every wall (deal) is played once per rotation of the seat assignment, so each level plays every
seat of the same tiles and the luck of the deal cancels out. The unit of measurement is the wall:
for each wall we take each level's mean score change per hand over the seats it held, and the
confidence intervals are over walls (normal approximation, 1.96 standard errors). Walls are
spread over worker processes; results do not depend on how many there are.

Each wall is a hand of its own, from a match's start. With ``match_walls`` the walls are played in
matches of that many hands instead: each seating carries the public discards of its match's earlier
hands into the next wall's match state (what the levels that read a match see,
``Level.read_match``), emptied at each match's first wall.

The arena is the referee, not a player: it reads the game's events and results to count wins
and deal-ins, while the agents only ever see their own observations.
"""

from __future__ import annotations

import gc
import math
import multiprocessing
import os
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from engine.ai.agents import LEVELS, make_agent
from engine.game.actions import Action
from engine.game.game import Game
from engine.game.match import EarlierHands
from engine.game.observation import Observation
from engine.game.play import play_hand
from engine.game.simulate import start_pool

# the hands of a match the lone-hero benchmarks play (bench/): about an East-South match, whose earlier
# hands the strong level reads (Level.read_match)
BENCH_MATCH_WALLS = 10
INCIDENT_DETAILS = 20  # an mjai seat's incidents the summary says where and what of (all are counted)


class HandWatcher(Protocol):
    """What a bench adds to the arena's play (bench/): each seat's agent, which it may wrap (it must
    play as the agent it wraps), and each finished hand, which it may read. The arena's records are the
    same with or without it."""

    def seat(self, rotation: int, seat: int, level: str, agent: Any) -> Any: ...

    def hand_over(
        self, wall: int, rotation: int, assignment: Sequence[str], game: Game, start: Sequence[int]
    ) -> None: ...


@dataclass(slots=True)
class SeatRecord:
    level: str
    seat: int
    score: int
    won: bool
    win_value: int
    dealt_in: bool
    faced_riichi: bool
    dealt_in_after_riichi: bool


@dataclass(frozen=True, slots=True)
class SeatIncident:
    """What an mjai seat's program did wrong in one rotation of a wall (:class:`bridge.Incident`)."""

    rotation: int
    seat: int
    kind: str
    detail: str


@dataclass(slots=True)
class WallRecord:
    wall: int
    seats: list[SeatRecord] = field(default_factory=list)
    times: dict[str, list[float]] = field(default_factory=dict)  # CPU seconds per decision
    wall_times: dict[str, list[float]] = field(default_factory=dict)  # elapsed seconds per decision
    incidents: dict[str, list[SeatIncident]] = field(default_factory=dict)  # mjai seats, by level
    answers: dict[str, int] = field(default_factory=dict)  # mjai seats: answers accepted by level


class _Timed:
    """Times an agent's decisions (only those with a real choice), as the CPU time the worker
    process spent and as elapsed time. Passes on exactly what it gets."""

    def __init__(self, agent: Any, cpu: list[float], elapsed: list[float]) -> None:
        self.agent = agent
        self.name = str(agent.name)
        self.cpu = cpu
        self.elapsed = elapsed

    def choose(self, observation: Observation, legal: list[Action]) -> Action:
        if len(legal) < 2:
            action: Action = self.agent.choose(observation, legal)
            return action
        started = time.perf_counter()
        cpu = time.process_time()
        action = self.agent.choose(observation, legal)
        self.cpu.append(time.process_time() - cpu)
        self.elapsed.append(time.perf_counter() - started)
        return action


def rotations(seats: Sequence[str]) -> list[list[str]]:
    """The seat assignments a wall is played with: every cyclic rotation.

    >>> rotations(["strong", "standard", "standard", "standard"])[1]
    ['standard', 'strong', 'standard', 'standard']
    """
    n = len(seats)
    return [[seats[(s - r) % n] for s in range(n)] for r in range(n)]


def _load_rules(variant: str, ruleset: str | None, players: int | None = None) -> Any:
    from engine.rules import default_ruleset, load_ruleset

    rules = load_ruleset(ruleset) if ruleset else default_ruleset(variant)
    if players is not None and players != rules.players:
        rules = rules.with_changes(players=players)
    return rules


def play_wall(
    variant: str,
    seats: Sequence[str],
    seed: str,
    index: int,
    ruleset: str | None = None,
    mjai_timeout: float | None = None,
    checks: bool = False,
    earlier: list[EarlierHands] | None = None,
    watcher: HandWatcher | None = None,
) -> WallRecord:
    """Play wall ``index`` once per rotation of ``seats`` (one seat per player; an ``mjai:CMD`` seat is an
    outside program behind the bridge, :mod:`engine.records.bridge`). With ``earlier`` (one entry per
    rotation), each rotation's game starts a match whose earlier hands are that entry, and the entry
    becomes the match's hands after this one. ``watcher`` sees each seat's agent and each finished
    hand (:class:`HandWatcher`)."""
    rules = _load_rules(variant, ruleset, len(seats))
    from engine.families.registry import get_family
    from engine.records import bridge

    family = get_family(rules.family)
    wall = family.shuffle_wall(rules, random.Random(f"arena:{seed}:{index}"))
    record = WallRecord(index)
    for r, assignment in enumerate(rotations(seats)):
        start = None
        if earlier is not None:
            start = family.new_match(rules)
            start.earlier = earlier[r]
        game = Game(rules, seed=f"arena:{seed}:{index}", walls=[wall], start=start, check_invariants=checks)
        scores = list(game.match.scores)
        agents = []
        logs: dict[str, bridge.BridgeLog] = {}
        for s, level in enumerate(assignment):
            cpu = record.times.setdefault(level, [])
            elapsed = record.wall_times.setdefault(level, [])
            command = bridge.seat_spec(level)
            agent: Any
            if command is not None:
                log = logs.setdefault(level, bridge.BridgeLog())
                timeout = mjai_timeout if mjai_timeout is not None else bridge.DEFAULT_TIMEOUT
                program = bridge.program_for(command, s)
                agent = bridge.MjaiSeat(program, s, game.events, rules, log, timeout=timeout)
            else:
                agent = make_agent(level, f"{seed}:{index}:{r}:{s}", rules)
            if watcher is not None:
                agent = watcher.seat(r, s, level, agent)
            agents.append(_Timed(agent, cpu, elapsed))
        play_hand(game, agents)
        for timed in agents:
            finish = getattr(timed.agent, "finish", None)
            if finish is not None:
                finish(match_over=game.over)
        if watcher is not None:
            watcher.hand_over(index, r, assignment, game, scores)
        for level, log in logs.items():
            record.incidents.setdefault(level, []).extend(
                SeatIncident(r, i.seat, i.kind, i.detail) for i in log.incidents
            )
            record.answers[level] = record.answers.get(level, 0) + log.accepted
        record.seats.extend(_seat_records(game, assignment, scores))
        if earlier is not None:
            earlier[r] = game.match.earlier
    return record


def play_match(
    variant: str,
    seats: Sequence[str],
    seed: str,
    first: int,
    count: int,
    ruleset: str | None = None,
    mjai_timeout: float | None = None,
    checks: bool = False,
    watcher: HandWatcher | None = None,
) -> list[WallRecord]:
    """Walls ``first .. first+count-1`` in order as the hands of one match per rotation of ``seats``
    (:func:`play_wall` with the earlier hands carried)."""
    earlier: list[EarlierHands] = [() for _ in seats]
    return [
        play_wall(variant, seats, seed, i, ruleset, mjai_timeout, checks, earlier, watcher)
        for i in range(first, first + count)
    ]


def _seat_records(game: Game, assignment: Sequence[str], start: Sequence[int]) -> list[SeatRecord]:
    """What each seat got from the hand: its score change is read from the match scores (riichi
    sticks paid count; sticks left on the table after a draw are lost to the declarer)."""
    result = game.results[-1]
    final = list(game.match.scores)
    riichi_by: list[int] = []  # seats in the order they declared
    for e in game.events:
        if e.type == "discard" and e.data.get("riichi") and e.seat is not None and e.seat not in riichi_by:
            riichi_by.append(e.seat)
    out = []
    for s, level in enumerate(assignment):
        wins = [w for w in result.wins if w.seat == s]
        dealt = any(w.from_seat == s and w.seat != s for w in result.wins)
        faced = any(r != s for r in riichi_by)
        out.append(
            SeatRecord(
                level=level,
                seat=s,
                score=final[s] - start[s],
                won=bool(wins),
                win_value=final[s] - start[s] if wins else 0,
                dealt_in=dealt,
                faced_riichi=faced,
                dealt_in_after_riichi=dealt and faced,
            )
        )
    return out


_WARM = False


def warm_tables() -> None:
    """Load the shipped analysis tables once per process before anything is timed; without it the
    first decision that needs a table pays for decompressing it (~15 ms). :func:`run_arena` loads
    them before forking its workers, which then share them."""
    global _WARM
    if not _WARM:
        from engine.analysis import warm_up

        warm_up()
        _WARM = True


Job = tuple[str, tuple[str, ...], str, int, int, str | None, bool, float | None, bool]


def _job(args: Job) -> list[WallRecord]:
    """One worker's job: ``(variant, seats, seed, first wall, walls, ruleset, warm, mjai timeout,
    checks)``, the walls played as one match (:func:`play_match`)."""
    if args[6]:
        warm_tables()
    return play_match(*args[:6], mjai_timeout=args[7], checks=args[8])


def match_jobs(
    variant: str,
    seats: Sequence[str],
    seed: str,
    first: int,
    walls: int,
    match_walls: int,
    ruleset: str | None = None,
    warm: bool = True,
    mjai_timeout: float | None = None,
    checks: bool = False,
) -> list[Job]:
    """Walls ``first .. first+walls-1`` cut into jobs: matches of ``match_walls`` hands, each starting
    at a wall whose index is a multiple of ``match_walls`` (so a run of later walls plays the same
    matches as a run from wall 0), or each wall alone (``match_walls`` 0 or 1)."""
    size = max(1, match_walls)
    out: list[Job] = []
    i = first
    while i < first + walls:
        end = min(first + walls, i - i % size + size)
        out.append((variant, tuple(seats), seed, i, end - i, ruleset, warm, mjai_timeout, checks))
        i = end
    return out


def _mean_ci(values: Sequence[float]) -> tuple[float, float, float]:
    n = len(values)
    if n == 0:
        return 0.0, 0.0, 0.0
    mean = sum(values) / n
    if n < 2:
        return mean, mean, mean
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = 1.96 * math.sqrt(var / n)
    return mean, mean - half, mean + half


def _percentile(values: Sequence[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    idx = min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))
    return ordered[idx]


def _per_wall(records: Sequence[WallRecord], level: str, of: Callable[[SeatRecord], float]) -> list[float]:
    """The mean of ``of`` over the seats ``level`` held on each wall (the unit of every interval)."""
    out = []
    for rec in records:
        values = [of(s) for s in rec.seats if s.level == level]
        out.append(sum(values) / len(values))
    return out


def wall_means(records: Sequence[WallRecord], level: str) -> list[float]:
    """``level``'s mean score per hand on each wall, over the seats it held."""
    return _per_wall(records, level, lambda s: float(s.score))


def wall_win_rates(records: Sequence[WallRecord], level: str) -> list[float]:
    """``level``'s share of hands won on each wall, over the seats it held."""
    return _per_wall(records, level, lambda s: float(s.won))


def summarize(records: Sequence[WallRecord], seats: Sequence[str]) -> dict[str, Any]:
    """Per-level statistics and pairwise differences, with 95% intervals over walls."""
    levels = [lv for lv in dict.fromkeys(seats)]
    per_wall = {lv: wall_means(records, lv) for lv in levels}
    out_levels: dict[str, Any] = {}
    for lv in levels:
        rows = [s for rec in records for s in rec.seats if s.level == lv]
        mean, lo, hi = _mean_ci(per_wall[lv])
        wins = [s for s in rows if s.won]
        faced = [s for s in rows if s.faced_riichi]
        times = [t for rec in records for t in rec.times.get(lv, [])]
        elapsed = [t for rec in records for t in rec.wall_times.get(lv, [])]
        out_levels[lv] = {
            "hands": len(rows),
            "mean_score": round(mean, 3),
            "ci95": [round(lo, 3), round(hi, 3)],
            "win_rate": round(len(wins) / len(rows), 4) if rows else 0.0,
            "deal_in_rate": round(sum(1 for s in rows if s.dealt_in) / len(rows), 4) if rows else 0.0,
            "mean_win_value": round(sum(s.win_value for s in wins) / len(wins), 1) if wins else 0.0,
            "riichi_deal_in": {
                "hands": len(faced),
                "deal_ins": sum(1 for s in faced if s.dealt_in_after_riichi),
                "rate": round(sum(1 for s in faced if s.dealt_in_after_riichi) / len(faced), 4)
                if faced
                else 0.0,
            },
            "decision_ms": {
                "decisions": len(times),
                "p50": round(_percentile(times, 0.5) * 1000, 2),
                "p99": round(_percentile(times, 0.99) * 1000, 2),
                "max": round(max(times) * 1000, 2) if times else 0.0,
                "clock": "cpu",
            },
            "decision_ms_elapsed": {
                "p50": round(_percentile(elapsed, 0.5) * 1000, 2),
                "p99": round(_percentile(elapsed, 0.99) * 1000, 2),
                "max": round(max(elapsed) * 1000, 2) if elapsed else 0.0,
            },
        }
        if any(lv in rec.answers for rec in records):
            found = [(rec.wall, i) for rec in records for i in rec.incidents.get(lv, [])]
            kinds = [i.kind for _, i in found]
            out_levels[lv]["mjai"] = {
                "answers": sum(rec.answers.get(lv, 0) for rec in records),
                "incidents": {k: kinds.count(k) for k in sorted(set(kinds))},
                # where and what, for the first INCIDENT_DETAILS of them
                "incident_details": [
                    f"wall {w}, rotation {i.rotation}, seat {i.seat}: {i.kind}: {i.detail}"
                    for w, i in found[:INCIDENT_DETAILS]
                ],
            }
    pairs = []
    for i, a in enumerate(levels):
        for b in levels[i + 1 :]:
            diffs = [x - y for x, y in zip(per_wall[a], per_wall[b], strict=True)]
            mean, lo, hi = _mean_ci(diffs)
            pairs.append(
                {
                    "a": a,
                    "b": b,
                    "diff": round(mean, 3),
                    "ci95": [round(lo, 3), round(hi, 3)],
                    "excludes_zero": lo > 0 or hi < 0,
                }
            )
    return {"levels": out_levels, "pairs": pairs}


def play_walls(
    variant: str,
    seats: Sequence[str],
    hands: int,
    seed: str | int = 1,
    *,
    workers: int | None = None,
    ruleset: str | None = None,
    warm: bool = True,
    mjai_timeout: float | None = None,
    checks: bool = False,
    match_walls: int = 0,
) -> list[WallRecord]:
    """Walls ``0 .. hands-1`` of ``seed``, each played once per rotation of ``seats``, in wall order
    (the same walls for any ``seats``: two line-ups can be compared wall by wall); with
    ``match_walls``, in matches of that many hands (:func:`match_jobs`)."""
    jobs = match_jobs(variant, seats, str(seed), 0, hands, match_walls, ruleset, warm, mjai_timeout, checks)
    workers = workers or os.cpu_count() or 1
    if workers <= 1 or hands <= 1:
        from engine.records.bridge import stop_programs

        if warm:  # as the forked workers start (engine.game.simulate.start_pool): the warmed heap
            warm_tables()  # frozen, so no full collection inside a timed decision walks it
            gc.freeze()
        try:
            records = [r for j in jobs for r in _job(j)]
        finally:
            stop_programs()
            if warm:
                gc.unfreeze()
    else:
        ctx = multiprocessing.get_context("fork" if hasattr(os, "fork") else "spawn")
        if warm:  # once, before the fork: the workers share the loaded tables and imported modules
            warm_tables()
            pool = start_pool(ctx, workers, _load_rules(variant, ruleset, len(seats)), ai=True)
        else:
            pool = ctx.Pool(workers)
        try:
            chunk = max(1, min(8, len(jobs) // (workers * 8) or 1))
            records = [r for block in pool.imap(_job, jobs, chunksize=chunk) for r in block]
        finally:  # close and join, never terminate (it can hang joining its threads: engine.game.simulate)
            pool.close()
            pool.join()
    records.sort(key=lambda r: r.wall)
    return records


def seed_list(seed: str | int | Sequence[str | int]) -> list[str]:
    """One seed or several, as the list of seed strings :func:`run_arena` and :func:`lone_hero` play:
    a sequence, or a string of seeds separated by commas (as the command line and the benches take
    them, and as the reports write them back)."""
    if isinstance(seed, int):
        return [str(seed)]
    parts = seed.split(",") if isinstance(seed, str) else [str(s) for s in seed]
    seeds = [sd.strip() for sd in parts if sd.strip()]
    if not seeds:
        raise ValueError("no seed named")
    return seeds


def walls_text(walls: int, seeds: Sequence[str]) -> str:
    """The walls played, in words: "600 walls of seed A", or "600 walls of each of seeds A, B"."""
    if len(seeds) == 1:
        return f"{walls} walls of seed {seeds[0]}"
    return f"{walls} walls of each of seeds {', '.join(seeds)}"


def lone_hero(
    variant: str,
    heroes: Sequence[str],
    field_level: str,
    hands: int,
    seed: str | int | Sequence[str | int] = 1,
    *,
    workers: int | None = None,
    ruleset: str | None = None,
    players: int = 4,
    match_walls: int = 0,
) -> dict[str, Any]:
    """Each of ``heroes`` seated alone against ``players - 1`` seats of ``field_level`` on the same
    walls (every rotation; a hero of the field's own level scores the mean of all seats, about zero
    less the riichi sticks left on the table): each hero's summary, and the per-wall difference of
    the heroes' mean scores (first minus each other) with its 95% interval, and of their win rates
    (``win_rate_diff``, a fraction, with ``win_rate_ci95``: the same walls, so the pair is tighter
    than the two rates' own intervals). With ``match_walls``, the
    walls are played in matches of that many hands (:func:`match_jobs`).

    ``seed`` may be several seeds: walls ``0 .. hands-1`` of each are played, the summaries and the
    differences are over all of them (``hands`` walls per seed), and ``per_seed`` holds each seed's
    own summaries and differences (one seed's walls can move a rate by a point: docs/ai.md)."""
    seeds = seed_list(seed)
    per_seed: dict[str, dict[str, list[WallRecord]]] = {s: {} for s in seeds}

    def seats_of(hero: str) -> list[str]:  # a hero of the field's level: its mean over all seats
        return [hero] + [field_level] * (players - 1)

    for sd in seeds:
        for hero in heroes:
            per_seed[sd][hero] = play_walls(
                variant, seats_of(hero), hands, sd, workers=workers, ruleset=ruleset, match_walls=match_walls
            )

    def report(records: dict[str, list[WallRecord]]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        summaries = {hero: summarize(records[hero], seats_of(hero))["levels"] for hero in heroes}

        first = wall_means(records[heroes[0]], heroes[0])
        first_wins = wall_win_rates(records[heroes[0]], heroes[0])
        pairs = []
        for other in heroes[1:]:
            diffs = [a - b for a, b in zip(first, wall_means(records[other], other), strict=True)]
            mean, lo, hi = _mean_ci(diffs)
            other_wins = wall_win_rates(records[other], other)
            win_diffs = [a - b for a, b in zip(first_wins, other_wins, strict=True)]
            win, win_lo, win_hi = _mean_ci(win_diffs)
            pairs.append(
                {
                    "a": heroes[0],
                    "b": other,
                    "diff": round(mean, 3),
                    "ci95": [round(lo, 3), round(hi, 3)],
                    "win_rate_diff": round(win, 5),
                    "win_rate_ci95": [round(win_lo, 5), round(win_hi, 5)],
                }
            )
        return summaries, pairs

    pooled = {hero: [r for sd in seeds for r in per_seed[sd][hero]] for hero in heroes}
    summaries, pairs = report(pooled)
    out: dict[str, Any] = {
        "variant": variant,
        "field": field_level,
        "walls": hands,
        "seed": seeds[0] if len(seeds) == 1 else ",".join(seeds),
        "match_walls": match_walls,
        "heroes": summaries,
        "pairs": pairs,
    }
    if len(seeds) > 1:
        out["seeds"] = seeds
        out["per_seed"] = {}
        for sd in seeds:
            sd_summaries, sd_pairs = report(per_seed[sd])
            out["per_seed"][sd] = {"heroes": sd_summaries, "pairs": sd_pairs}
    return out


def run_arena(
    variant: str,
    seats: Sequence[str],
    hands: int,
    seed: str | int | Sequence[str | int] = 1,
    *,
    workers: int | None = None,
    ruleset: str | None = None,
    warm: bool = True,
    mjai_timeout: float | None = None,
    checks: bool = False,
    match_walls: int = 0,
) -> dict[str, Any]:
    """Play ``hands`` walls, each once per rotation of ``seats``, on ``workers`` processes (all
    cores by default) and summarise; with ``match_walls``, in matches of that many hands
    (:func:`match_jobs`). ``warm`` fills the analysis tables in each worker first, so
    decision times are those of a warmed-up program.

    ``seed`` may be several seeds, as in :func:`lone_hero`: walls ``0 .. hands-1`` of each are played,
    the summary is over all of them, and ``per_seed`` holds each seed's own."""
    seeds = seed_list(seed)
    from engine.records.bridge import mjai_refusal, seat_spec

    for lv in seats:
        command = seat_spec(lv)
        if command is None and lv not in LEVELS:
            raise ValueError(f"unknown level {lv!r} (known: {', '.join(LEVELS)}, or mjai:COMMAND)")
        if command is not None:
            if not command:
                raise ValueError("mjai: needs the program's command (mjai:COMMAND)")
            refusal = mjai_refusal(_load_rules(variant, ruleset, len(seats)))
            if refusal is not None:
                from engine.messages import plain

                raise ValueError(plain(refusal))
    if len(set(seats)) < 1:
        raise ValueError("no seats")
    rules = _load_rules(variant, ruleset)
    if len(seats) != rules.players:
        from engine.families.registry import get_family

        played = get_family(rules.family).seat_counts
        if len(seats) not in played:
            counts = ", ".join(str(n) for n in played)
            raise ValueError(f"{len(seats)} seats: {rules.family} is played by {counts} players")
        _load_rules(variant, ruleset, len(seats))  # the ruleset takes that seat count (or says why not)
    started = time.perf_counter()
    workers = workers or os.cpu_count() or 1
    per_seed = {
        sd: play_walls(
            variant,
            seats,
            hands,
            sd,
            workers=workers,
            ruleset=ruleset,
            warm=warm,
            mjai_timeout=mjai_timeout,
            checks=checks,
            match_walls=match_walls,
        )
        for sd in seeds
    }
    summary = summarize([r for sd in seeds for r in per_seed[sd]], seats)
    seconds = time.perf_counter() - started
    out: dict[str, Any] = {
        "variant": variant,
        "seats": list(seats),
        "walls": hands,
        "hands": hands * len(seats) * len(seeds),
        "seed": ",".join(seeds),
        "match_walls": match_walls,
        "workers": workers,
        "seconds": round(seconds, 1),
        **summary,
    }
    if len(seeds) > 1:
        out["seeds"] = seeds
        out["per_seed"] = {sd: summarize(per_seed[sd], seats) for sd in seeds}
    return out
