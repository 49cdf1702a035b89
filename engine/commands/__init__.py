"""Headless subcommands of the tilehouse command, one module each."""
