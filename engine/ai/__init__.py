"""AI seats with levels, family plug-ins, an arena and hints.

* :func:`make_agent` — an AI seat (beginner, standard or strong) for any family;
* :mod:`engine.ai.hints` — :func:`~engine.ai.hints.rank_options` for the practice panel;
* :mod:`engine.ai.arena` — duplicate-play measurement of the levels (``tilehouse arena``);
* :mod:`engine.ai.plugin` — the interface a family's AI knowledge implements.

See ``docs/ai.md``.
"""

from engine.ai.agents import LEVELS, LevelAgent, make_agent

__all__ = ["LEVELS", "LevelAgent", "make_agent"]
