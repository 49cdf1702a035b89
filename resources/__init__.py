"""Tilehouse's shipped, read-only files: ruleset presets, fonts, translations, icons.

This folder is installed as the package ``tilehouse_resources`` (``pyproject.toml`` maps that name to
``resources/``); the file only makes it a package, so ``importlib.resources`` can find it. Look files up
with ``engine.resources.resource_path()``, which also knows the PyInstaller bundle and the
``TILEHOUSE_RESOURCES`` override.
"""
