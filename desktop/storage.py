"""Light pieces of the desktop's game handling that start-up needs before the engine is loaded: who sits
where, auto options, where saves live and the atomic write (write, flush, fsync, rename, fsync folder)."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.resources import user_data_path

SAVE_FORMAT = "tilehouse-save"
SAVE_VERSION = 1
AUTOSAVE_NAME = "autosave.thsave"
SAVE_SUFFIX = ".thsave"


@dataclass
class AutoOptions:
    auto_win: bool = False
    no_calls: bool = False
    tsumogiri_riichi: bool = True
    lacking_first: bool = False


@dataclass
class Setup:
    human_seat: int | None = 0  # None: every seat is an AI (demo)
    # AI level per seat. Games the player starts (new-game dialog, quick game, first practice game)
    # give desktop.agents.DEFAULT_LEVEL ("standard"); the engine's cheap simple agent stays the default
    # here for the headless demo, the sandbox and tests, and saves without levels load as simple.
    levels: list[str] = field(default_factory=lambda: ["simple"] * 4)
    practice: bool = False
    max_hands: int | None = None  # stop the match after this many hands (None: the ruleset decides)

    def to_json(self) -> dict[str, Any]:
        return {
            "human_seat": self.human_seat,
            "levels": list(self.levels),
            "practice": self.practice,
            "max_hands": self.max_hands,
        }


def autosave_path() -> Path:
    return user_data_path("saves", AUTOSAVE_NAME)


def saves_dir() -> Path:
    return user_data_path("saves")


def atomic_write(path: Path, text: str) -> None:
    """Write, flush, fsync, rename over the target, fsync the folder: a crash leaves old or new."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    with open(tmp, "w", encoding="utf-8") as fh:
        fh.write(text)
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(tmp, path)
    try:
        fd = os.open(path.parent, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
