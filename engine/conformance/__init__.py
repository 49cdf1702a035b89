"""Conformance helpers: reading recorded games (Tenhou meld codes, oracle logs) into engine values."""
