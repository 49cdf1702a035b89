"""Where Tilehouse finds its files: shipped read-only resources and the user's data folder.

* **Resources** (rule presets, later images and sounds) live in the top-level ``resources/`` folder of
  a source checkout. A PyInstaller build must bundle that folder as ``resources`` (``datas=[("resources",
  "resources")]``); at run time it is then found under ``sys._MEIPASS``. The environment variable
  ``TILEHOUSE_RESOURCES`` overrides both (tests, packagers).
* **User data** (user rulesets, later saves and logs) lives in ``platformdirs.user_data_dir("Tilehouse")``;
  the environment variable ``TILEHOUSE_DATA_DIR`` overrides it (tests, portable installs).

Neither function creates anything: callers create folders when they first write.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import platformdirs

APP_NAME = "Tilehouse"
RESOURCES_ENV = "TILEHOUSE_RESOURCES"
DATA_DIR_ENV = "TILEHOUSE_DATA_DIR"


def resource_root() -> Path:
    """The folder holding the shipped resources (source checkout, PyInstaller bundle or override)."""
    override = os.environ.get(RESOURCES_ENV)
    if override:
        return Path(override)
    frozen_root = getattr(sys, "_MEIPASS", None)
    if frozen_root is not None:
        return Path(frozen_root) / "resources"
    return Path(__file__).resolve().parent.parent / "resources"


def resource_path(*parts: str) -> Path:
    """Path of a shipped, read-only resource, e.g. ``resource_path("rulesets", "riichi-online.toml")``."""
    return resource_root().joinpath(*parts)


def user_data_root() -> Path:
    """The user's writable Tilehouse folder (``TILEHOUSE_DATA_DIR`` if set)."""
    override = os.environ.get(DATA_DIR_ENV)
    if override:
        return Path(override)
    return Path(platformdirs.user_data_dir(APP_NAME))


def user_data_path(*parts: str) -> Path:
    """Path inside the user's Tilehouse folder, e.g. ``user_data_path("rulesets")``."""
    return user_data_root().joinpath(*parts)
