"""Headless simulation: many hands with built-in agents, every invariant checked."""

from __future__ import annotations

import time
import traceback
from typing import Any

from engine.agents.simple import RandomAgent, SimpleAgent
from engine.game.errors import InvariantError
from engine.game.game import Game
from engine.game.play import Agent, play_hand


def simulate(
    rules: Any, hands: int, seed: int | str, *, agent: str = "simple", checks: bool = True
) -> dict[str, Any]:
    started = time.perf_counter()
    played = wins = draws = 0
    errors: list[dict[str, Any]] = []
    match_no = 0
    while played < hands:
        match_seed = f"{seed}:{match_no}"
        game = Game(rules, seed=match_seed, check_invariants=checks)
        cls = SimpleAgent if agent == "simple" else RandomAgent
        agents: list[Agent] = [cls(f"{match_seed}:{s}") for s in range(len(game.match.scores))]
        while not game.over and played < hands:
            try:
                play_hand(game, agents)
            except (InvariantError, Exception) as exc:  # report, then go on with a new match
                errors.append(
                    {
                        "seed": match_seed,
                        "hand": len(game.results),
                        "actions": len(game.actions),
                        "message": f"{type(exc).__name__}: {exc}",
                        "trace": traceback.format_exc(limit=4),
                    }
                )
                played += 1
                break
            result = game.results[-1]
            played += 1
            if result.kind == "win":
                wins += 1
            else:
                draws += 1
        match_no += 1
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
