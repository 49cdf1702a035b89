"""Tilehouse rules engine: pure Python, no Qt.

The engine knows tiles and notation (:mod:`engine.tiles`), hand analysis (:mod:`engine.analysis`),
rulesets (:mod:`engine.rules`), the game core (:mod:`engine.game`) and the rule families
(:mod:`engine.families`). An installed wheel may also hold a mypyc-compiled build of the hot modules;
:mod:`engine.compiled` decides here, before any of them is imported, whether it may run.
"""

from engine import compiled as _compiled

__version__ = "0.1.0"
BUILD = _compiled.activate()
