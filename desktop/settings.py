"""Player settings, kept as JSON in the user data folder (``TILEHOUSE_DATA_DIR`` overrides it).

The file is read through the loading layer (:mod:`engine.loading`: at most 256 KB, UTF-8, nested at
most 8 deep, no NaN/Infinity). A file that cannot be read gives the defaults; a field of the wrong
type or out of range gives that field's default and keeps the others. Neither stops the game nor
prints a traceback (one line on the ``tilehouse.settings`` logger says why).
"""

from __future__ import annotations

import contextlib
import json
import logging
import math
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

from desktop.storage import AutoOptions, atomic_write
from engine.loading import KINDS, LoadError, loads_json, read_text
from engine.resources import user_data_path

log = logging.getLogger("tilehouse.settings")
MAX_TEXT = 200  # characters of a text setting (a ruleset or family name)

SETTINGS_NAME = "settings.json"


@dataclass
class Settings:
    language: str = "system"  # "system", "en", "zh_CN"
    discard_mode: str = "click"  # "click" or "double"
    anim_speed: float = 1.0  # 0 (off), 0.5 (fast), 1 (normal), 1.6 (slow)
    ai_pace: float = 0.6  # seconds between AI actions; 0 = as fast as possible
    claim_timer: int = 0  # seconds to answer a claim before passing; 0 = off
    auto_sort: bool = True
    auto_win: bool = False
    no_calls: bool = False
    tsumogiri_riichi: bool = True
    lacking_first: bool = False
    practice_panel: bool = False
    practice_collapsed: bool = False  # the practice panel folded to its title bar
    practice_pos: list[float] | None = None  # where the player dragged it (share of the table's size)
    last_family: str = ""  # the family last played or chosen; "" the registry's first
    last_ruleset: str = ""
    last_bot_command: str = ""  # the command of the outside (mjai) program last seated
    window: list[int] | None = None

    def auto_options(self) -> AutoOptions:
        return AutoOptions(
            auto_win=self.auto_win,
            no_calls=self.no_calls,
            tsumogiri_riichi=self.tsumogiri_riichi,
            lacking_first=self.lacking_first,
        )

    def family(self) -> str:
        """The family to show first: the last one chosen while the registry has it, else its first."""
        from engine.families.registry import family_names

        names = family_names()
        return self.last_family if self.last_family in names else names[0]

    @classmethod
    def path(cls) -> Path:
        return user_data_path(SETTINGS_NAME)

    @classmethod
    def load(cls) -> Settings:
        path = cls.path()
        if not path.is_file():
            return cls()
        try:
            text = read_text(path, "settings", source=path.name)
            data = loads_json(text, source=path.name, max_depth=KINDS["settings"].max_depth)
        except LoadError as exc:
            log.warning("%s; the default settings are used", exc)
            return cls()
        if not isinstance(data, dict):
            log.warning("%s: not a JSON object; the default settings are used", path.name)
            return cls()
        return cls.from_dict(data)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Settings:
        """Settings from a JSON object: each field of its type and range, else its default."""
        out = cls()
        for f in fields(cls):
            if f.name not in data:
                continue
            value = _checked(f.name, data[f.name], getattr(out, f.name))
            if value is not None or f.name in ("window", "practice_pos"):
                setattr(out, f.name, value)
        if out.discard_mode not in ("click", "double"):
            out.discard_mode = "click"
        out.ai_pace = min(max(out.ai_pace, 0.0), 5.0)
        out.anim_speed = min(max(out.anim_speed, 0.0), 3.0)
        out.claim_timer = min(max(out.claim_timer, 0), 120)
        return out

    def save(self) -> None:
        with contextlib.suppress(OSError):
            atomic_write(self.path(), json.dumps(asdict(self), indent=2, ensure_ascii=False) + "\n")


def _checked(name: str, value: Any, default: Any) -> Any:
    """``value`` when it fits the setting whose default is ``default`` (None: keep the default)."""
    if name == "window":  # [width, height] of the window, in pixels
        ok = (
            isinstance(value, list)
            and len(value) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) and 100 <= v <= 20000 for v in value)
        )
        return list(value) if ok else None
    if name == "practice_pos":  # [x, y] of the practice panel, shares of the table's width and height
        ok = (
            isinstance(value, list)
            and len(value) == 2
            and all(isinstance(v, int | float) and not isinstance(v, bool) and 0 <= v <= 1 for v in value)
        )
        return [float(v) for v in value] if ok else None
    if isinstance(default, bool):
        return value if isinstance(value, bool) else None
    if isinstance(default, float):
        if isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value):
            return float(value)
        return None
    if isinstance(default, int):
        return value if isinstance(value, int) and not isinstance(value, bool) else None
    if isinstance(default, str):
        return value if isinstance(value, str) and len(value) <= MAX_TEXT else None
    return None
