"""Write a Tilehouse riichi game as a Tenhou mjlog, for the importer's tests (Tilehouse itself exports
tenhou.net/6 JSON and mjai; mjlog is only read)."""

from __future__ import annotations

from typing import Any

from engine.conformance.tenhou_meld import encode_meld
from engine.families.riichi.scoring import TENHOU_YAKU_KEYS
from engine.game.game import Game
from engine.melds import Meld, MeldType
from engine.records.mjai import payment_deltas

DRAW_LETTERS = "TUVW"
DISCARD_LETTERS = "DEFG"
DRAW_TYPES = {
    "nine_terminals": "yao9",
    "four_riichi": "reach4",
    "triple_ron": "ron3",
    "four_kans": "kan4",
    "four_winds": "kaze4",
    "nagashi_mangan": "nm",
}
_IDS = {key: tid for tid, key in TENHOU_YAKU_KEYS.items()}


def _meld(data: dict[str, Any]) -> Meld:
    return Meld(MeldType(data["type"]), tuple(data["tiles"]), data["called"], data["from"], data["added"])


def mjlog(game: Game) -> str:
    rules = game.rules
    kind = 0x01 | (0x08 if rules.game_length == "east_south" else 0) | (0 if rules.red_fives else 0x02)
    out = [
        f'<mjloggm ver="2.3"><GO type="{kind}" lobby="0"/>',
        '<UN n0="a" n1="b" n2="c" n3="d"/><TAIKYOKU oya="0"/>',
    ]
    deals: dict[int, list[int]] = {}
    start: dict[str, Any] = {}
    pons: dict[tuple[int, int], Meld] = {}
    hand = 0
    for e in game.events:
        data = {**e.data, **(e.private or {})}
        if e.type == "hand_start":
            start, deals = data, {}
        elif e.type == "deal":
            deals[e.seat] = data["tiles"]
            if len(deals) == 4:
                dealer = start["dealer"]
                number = (start["round_wind"] - 27) * 4 + dealer
                seed = f"{number},{start['honba']},{start['riichi_sticks']},0,0,{start['dora_indicators'][0]}"
                ten = ",".join(str(s // 100) for s in start["scores"])
                hai = " ".join(f'hai{s}="{",".join(map(str, deals[s]))}"' for s in range(4))
                out.append(f'<INIT seed="{seed}" ten="{ten}" oya="{dealer}" {hai}/>')
        elif e.type == "draw":
            out.append(f"<{DRAW_LETTERS[e.seat]}{data['tile']}/>")
        elif e.type == "discard":
            if data["riichi"]:
                out.append(f'<REACH who="{e.seat}" step="1"/>')
            out.append(f"<{DISCARD_LETTERS[e.seat]}{data['tile']}/>")
        elif e.type == "riichi":
            out.append(f'<REACH who="{e.seat}" step="2"/>')
        elif e.type == "call":
            meld = _meld(data["meld"])
            if meld.type is MeldType.PON:
                pons[(e.seat, meld.tiles[0] // 4)] = meld
            out.append(f'<N who="{e.seat}" m="{encode_meld(meld, e.seat)}"/>')
        elif e.type == "kan_declared":
            tiles = data["tiles"]
            if data["type"] == "closed_kan":
                meld = Meld(MeldType.CLOSED_KAN, tuple(sorted(tiles)))
            else:
                pon = pons[(e.seat, tiles[0] // 4)]
                every = tuple(sorted((*pon.tiles, tiles[0])))
                meld = Meld(MeldType.ADDED_KAN, every, pon.called, pon.from_seat, tiles[0])
            out.append(f'<N who="{e.seat}" m="{encode_meld(meld, e.seat)}"/>')
        elif e.type == "dora":
            out.append(f'<DORA hai="{data["indicator"]}"/>')
        elif e.type == "hand_end":
            result = data["result"]
            report = game.reports[hand]
            hand += 1
            if result["kind"] == "win":
                for w in result["wins"]:
                    deltas = payment_deltas(result["payments"], 4, payee=w["seat"])
                    sc = ",".join(f"0,{d // 100}" for d in deltas)
                    yaku = ",".join(f"{_IDS[i['key']]},{i['value']}" for i in w["items"] if i["value"])
                    ura = ",".join(map(str, report.ura_indicators))
                    extra = f' doraHaiUra="{ura}"' if ura else ""
                    out.append(
                        f'<AGARI who="{w["seat"]}" fromWho="{w["from"]}" ten="{w["fu"]},{w["points"]},0" '
                        f'yaku="{yaku}" sc="{sc}"{extra}/>'
                    )
            else:
                sc = ",".join(f"0,{d // 100}" for d in payment_deltas(result["payments"], 4))
                kind_attr = (
                    f' type="{DRAW_TYPES[result["reason"]]}"' if result["reason"] in DRAW_TYPES else ""
                )
                out.append(f'<RYUUKYOKU ba="0,0" sc="{sc}"{kind_attr}/>')
    out.append("</mjloggm>")
    return "".join(out)
