"""Rulesets: one typed, documented pydantic model per family, loaded from TOML files."""
