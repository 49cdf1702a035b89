"""Where Tilehouse finds its files: shipped read-only resources and the user's data folder.

* **Resources** (ruleset presets, fonts, translations, icons) are the top-level ``resources/`` folder of
  the repository. It is installed as the package ``tilehouse_resources`` (``pyproject.toml`` maps that
  name to the folder, ``resources/__init__.py`` makes it a package), so :func:`resource_root` is, first
  match wins:

  1. the folder named by the environment variable ``TILEHOUSE_RESOURCES`` (tests, packagers);
  2. in a PyInstaller build, ``resources`` under ``sys._MEIPASS`` (``installer/buildconfig.py`` bundles
     the folder there);
  3. the installed package, found with :mod:`importlib.resources`: ``site-packages/tilehouse_resources``
     after ``pip install .``, the checkout's ``resources/`` after ``pip install -e .``;
  4. a source checkout that is not installed (``engine`` imported through ``PYTHONPATH``): the
     ``resources/`` folder beside ``engine/``.
* **User data** (user rulesets, later saves and logs) lives in ``platformdirs.user_data_dir("Tilehouse")``;
  the environment variable ``TILEHOUSE_DATA_DIR`` overrides it (tests, portable installs).

Neither function creates anything: callers create folders when they first write.
"""

from __future__ import annotations

import functools
import importlib.resources
import os
import sys
from pathlib import Path

import platformdirs

APP_NAME = "Tilehouse"
RESOURCES_ENV = "TILEHOUSE_RESOURCES"
DATA_DIR_ENV = "TILEHOUSE_DATA_DIR"
RESOURCE_PACKAGE = "tilehouse_resources"  # the installed name of the top-level resources/ folder
FROZEN_RESOURCES = "resources"  # its folder under sys._MEIPASS in a PyInstaller build
CHECKOUT_RESOURCES = Path(__file__).resolve().parent.parent / "resources"


@functools.cache
def _installed_root() -> Path | None:
    """The folder of the installed ``tilehouse_resources`` package, or None when it is not importable or
    not a plain folder (the files must be real files: Qt loads fonts and translations by path)."""
    try:
        root = importlib.resources.files(RESOURCE_PACKAGE)
    except ModuleNotFoundError:
        return None
    return root if isinstance(root, Path) and root.is_dir() else None


def resource_root() -> Path:
    """The folder holding the shipped resources (override, PyInstaller bundle, installed package or
    source checkout)."""
    override = os.environ.get(RESOURCES_ENV)
    if override:
        return Path(override)
    frozen_root = getattr(sys, "_MEIPASS", None)
    if frozen_root is not None:
        return Path(frozen_root) / FROZEN_RESOURCES
    return _installed_root() or CHECKOUT_RESOURCES


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
