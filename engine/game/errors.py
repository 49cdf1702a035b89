"""Errors the game core raises."""

from __future__ import annotations


class IllegalAction(ValueError):
    """An action that is not legal now. The game state is unchanged when this is raised."""


class InvariantError(AssertionError):
    """An internal consistency check failed (a bug, never a player's fault)."""
