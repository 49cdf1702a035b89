"""Headless simulation: many hands with built-in agents, every invariant checked.

Matches are played one after the other, match ``n`` from the seed ``"<seed>:<n>"``, until ``hands`` hands
are played (the last match is cut short). With ``workers > 1`` the matches are played on that many
processes, each match whole on one of them, and their hands are taken in match order, so the summary is
the same as on one process — only ``seconds`` and ``hands_per_second`` differ. The workers share one
warm-up (:func:`warm_for_workers`): the analysis tables are loaded and the family's modules imported
before they are forked.
"""

from __future__ import annotations

import contextlib
import gc
import importlib
import multiprocessing
import os
import time
import traceback
from collections import deque
from collections.abc import Generator
from typing import Any

from engine.agents.simple import RandomAgent, SimpleAgent
from engine.families.registry import get_family
from engine.game.errors import InvariantError
from engine.game.game import Game
from engine.game.play import Agent, play_hand

Outcome = dict[str, Any]
"""One hand of a match: ``{"kind": "win" | "draw"}``, or ``{"error": {...}}`` for a hand that broke
(the match ends there)."""


def simulate_match(rules: Any, match_seed: str, limit: int, agent: str, checks: bool) -> list[Outcome]:
    """The hands of one match, at most ``limit`` of them."""
    game = Game(rules, seed=match_seed, check_invariants=checks)
    cls = SimpleAgent if agent == "simple" else RandomAgent
    agents: list[Agent] = [cls(f"{match_seed}:{s}") for s in range(len(game.match.scores))]
    out: list[Outcome] = []
    while not game.over and len(out) < limit:
        try:
            play_hand(game, agents)
        except (InvariantError, Exception) as exc:  # report, then go on with a new match
            error = {
                "seed": match_seed,
                "hand": len(game.results),
                "actions": len(game.actions),
                "message": f"{type(exc).__name__}: {exc}",
                "trace": traceback.format_exc(limit=4),
            }
            out.append({"error": error})
            break
        out.append({"kind": game.results[-1].kind})
    return out


def simulate(
    rules: Any,
    hands: int,
    seed: int | str,
    *,
    agent: str = "simple",
    checks: bool = True,
    workers: int = 1,
) -> dict[str, Any]:
    started = time.perf_counter()
    played = wins = draws = 0
    errors: list[dict[str, Any]] = []
    match_no = 0
    with contextlib.closing(_matches(rules, hands, seed, agent, checks, workers)) as matches:
        for outcomes in matches:
            for outcome in outcomes:
                if played >= hands:
                    break
                played += 1
                if "error" in outcome:
                    errors.append(outcome["error"])
                elif outcome["kind"] == "win":
                    wins += 1
                else:
                    draws += 1
            match_no += 1
            if played >= hands:
                break
    seconds = time.perf_counter() - started
    return {
        "variant": rules.family,
        "players": rules.players,
        "hands": played,
        "matches": match_no,
        "seconds": round(seconds, 3),
        "hands_per_second": round(played / seconds, 1) if seconds else 0.0,
        "wins": wins,
        "draws": draws,
        "errors": errors,
    }


def warm_for_workers(rules: Any, *, ai: bool = False) -> None:
    """What every worker would otherwise do for itself, done once before the fork: load the shipped
    analysis tables (:func:`engine.analysis.warm_up`) and import the family's modules (a first hand is
    dealt and dropped; with ``ai``, the family's AI plug-in too). Nothing here changes what a game
    plays: the seeds are the matches' own."""
    from engine.analysis import warm_up

    warm_up()
    Game(rules, seed="warm-up")
    if ai:
        importlib.import_module(get_family(rules.family).ai_plugin)


def start_pool(ctx: Any, workers: int, rules: Any, *, ai: bool = False) -> Any:
    """A pool of ``workers`` processes that share one warm-up (:func:`warm_for_workers`). Forked
    workers start with the warmed heap frozen (``gc.freeze``), so their collections never walk it
    (nor touch, and so copy, its pages); the parent unfreezes its own."""
    warm_for_workers(rules, ai=ai)
    gc.freeze()
    try:
        return ctx.Pool(workers)
    finally:
        gc.unfreeze()


def _matches(
    rules: Any, hands: int, seed: int | str, agent: str, checks: bool, workers: int
) -> Generator[list[Outcome], None, None]:
    """The outcomes of match 0, 1, 2, ... in order (the caller stops when it has enough hands)."""
    if workers <= 1 or hands <= 1:
        played = 0
        match_no = 0
        while played < hands:
            outcomes = simulate_match(rules, f"{seed}:{match_no}", hands - played, agent, checks)
            played += len(outcomes)
            match_no += 1
            yield outcomes
        return
    ctx = multiprocessing.get_context("fork" if hasattr(os, "fork") else "spawn")
    pool = start_pool(ctx, workers, rules)
    try:
        pending: deque[Any] = deque()
        match_no = 0
        received = 0  # hands in the matches handed on so far
        while True:
            # keep every worker busy with the next matches (a match may hold every hand still needed),
            # but near the end only as many as the hands still needed are likely to take: a match
            # played ahead of the last one needed is dropped, and on a busy machine it takes CPU
            # from the ones that count (the matches' mean length so far guesses how many)
            done = match_no - len(pending)
            mean = received / done if done else 1.0
            while len(pending) < 2 * workers and (
                not pending or received + len(pending) * mean < hands + mean
            ):
                job = (rules, f"{seed}:{match_no}", hands, agent, checks)
                pending.append(pool.apply_async(simulate_match, job))
                match_no += 1
            outcomes = pending.popleft().get()
            received += len(outcomes)
            yield outcomes
    finally:
        # matches played ahead of the last one needed are waited for and dropped, not terminated:
        # Pool.terminate() with tasks in flight can hang for good joining its handler threads
        # (seen in the test suite on a busy machine)
        pool.close()
        for job in pending:
            job.wait()
        pool.join()
