"""The table's size and the places the first frame needs, in scene units (pure Python, no import).

A module of its own so that the view can paint the felt, and the main window place its start panel,
in the first frame, before :mod:`desktop.table.layout` (which makes many dataclasses) is imported.
:mod:`desktop.table.layout` takes these numbers from here."""

SCENE_W, SCENE_H = 1600.0, 1000.0
CENTER_X, CENTER_Y = 800.0, 452.0
HAND_W, HAND_H = 56.0, 78.0  # the player's own tiles
HAND_Y = SCENE_H - HAND_H - 14  # top of the own hand
