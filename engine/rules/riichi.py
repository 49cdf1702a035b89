"""Riichi ruleset (seed version; the rules package adds metadata, loading and presets)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict


class RiichiRules(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    family: Literal["riichi"] = "riichi"
    name: str = "riichi-online"
    base: str = "riichi-online"
    schema_version: int = 1

    start_points: int = 25000
    return_points: int = 30000
    uma: tuple[int, int, int, int] = (20, 10, -10, -20)  # thousands, by final rank
    game_length: Literal["east", "east_south"] = "east_south"
    west_extension: bool = True
    busting: bool = True
    agariyame: bool = True
    tenpaiyame: bool = False
    red_fives: bool = True
    open_tanyao: bool = True
    double_ron: bool = True
    abort_triple_ron: bool = True
    abort_nine_terminals: bool = True
    abort_four_winds: bool = True
    abort_four_riichi: bool = True
    abort_four_kans: bool = True
    nagashi_mangan: bool = True
    kuikae_forbidden: bool = True
    kokushi_robs_closed_kan: bool = True
    kiriage: bool = False
    double_yakuman: bool = False
    kazoe_limit: Literal["yakuman", "sanbaiman", "none"] = "yakuman"
    renhou: Literal["none", "mangan", "yakuman"] = "none"
    riichi_min_points: int = 1000
    riichi_min_wall_tiles: int = 4
    riichi_stick: int = 1000
    honba_points: int = 300
    tenpai_payment: int = 3000
    dealer_repeat_on_tenpai: bool = True
    closed_kan_after_riichi: Literal["wait_unchanged", "never"] = "wait_unchanged"
    kan_dora: bool = True
    ura_dora: bool = True
    kan_ura_dora: bool = True
    kan_dora_timing: Literal["closed_now_open_after_discard", "always_now", "always_after_discard"] = (
        "closed_now_open_after_discard"
    )
    pao: bool = True
