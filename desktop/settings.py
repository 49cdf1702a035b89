"""Player settings, kept as JSON in the user data folder (``TILEHOUSE_DATA_DIR`` overrides it)."""

from __future__ import annotations

import contextlib
import json
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

from desktop.storage import AutoOptions, atomic_write
from engine.resources import user_data_path

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
    last_family: str = ""  # the family last played or chosen; "" the registry's first
    last_ruleset: str = ""
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
        try:
            data = json.loads(cls.path().read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return cls()
        return cls.from_dict(data if isinstance(data, dict) else {})

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Settings:
        out = cls()
        for f in fields(cls):
            if f.name not in data:
                continue
            value = data[f.name]
            default = getattr(out, f.name)
            if (
                default is None
                or isinstance(value, type(default))
                or (isinstance(default, float) and isinstance(value, int) and not isinstance(value, bool))
            ):
                setattr(out, f.name, float(value) if isinstance(default, float) else value)
        if out.discard_mode not in ("click", "double"):
            out.discard_mode = "click"
        out.ai_pace = min(max(out.ai_pace, 0.0), 5.0)
        out.anim_speed = min(max(out.anim_speed, 0.0), 3.0)
        return out

    def save(self) -> None:
        with contextlib.suppress(OSError):
            atomic_write(self.path(), json.dumps(asdict(self), indent=2, ensure_ascii=False) + "\n")
