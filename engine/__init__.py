"""Tilehouse rules engine: pure Python, no Qt.

The engine knows tiles and notation (:mod:`engine.tiles`), hand analysis (:mod:`engine.analysis`),
rulesets (:mod:`engine.rules`), the game core (:mod:`engine.game`) and the rule families
(:mod:`engine.families`).
"""

__version__ = "0.1.0"
