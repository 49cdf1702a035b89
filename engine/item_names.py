"""What the scoring items are called where a player reads them: each family's items (riichi's yaku,
Sichuan's 番, Lingxi's 台) by key, in English and Chinese, as the table names them.

The scorers' own ``ScoreLine.name`` is the label of logs and the command line; the hints (``engine.ai``)
name items with these words, so that a reason says what the settlement says. The desktop keeps its
own list for Qt's translation tools (``desktop.i18n.item_name``: ``lupdate`` reads literal ``tr()``
strings); a test keeps the two lists alike in both languages."""

from __future__ import annotations

from collections.abc import Mapping

YAKU_NAMES: Mapping[str, tuple[str, str]] = {
    "menzen_tsumo": ("Menzen tsumo", "门前清自摸和"),
    "riichi": ("Riichi", "立直"),
    "ippatsu": ("Ippatsu", "一发"),
    "chankan": ("Chankan (robbing a kan)", "抢杠"),
    "rinshan": ("Rinshan kaihou", "岭上开花"),
    "haitei": ("Haitei raoyue", "海底摸月"),
    "houtei": ("Houtei raoyui", "河底捞鱼"),
    "pinfu": ("Pinfu", "平和"),
    "tanyao": ("Tanyao", "断幺九"),
    "iipeikou": ("Iipeikou", "一杯口"),
    "seat_wind_east": ("Seat wind: East", "自风 东"),
    "seat_wind_south": ("Seat wind: South", "自风 南"),
    "seat_wind_west": ("Seat wind: West", "自风 西"),
    "seat_wind_north": ("Seat wind: North", "自风 北"),
    "round_wind_east": ("Round wind: East", "场风 东"),
    "round_wind_south": ("Round wind: South", "场风 南"),
    "round_wind_west": ("Round wind: West", "场风 西"),
    "round_wind_north": ("Round wind: North", "场风 北"),
    "haku": ("Yakuhai: haku", "役牌 白"),
    "hatsu": ("Yakuhai: hatsu", "役牌 发"),
    "chun": ("Yakuhai: chun", "役牌 中"),
    "double_riichi": ("Double riichi", "两立直"),
    "chiitoitsu": ("Chiitoitsu", "七对子"),
    "chanta": ("Chanta", "混全带幺九"),
    "ittsu": ("Ittsu", "一气通贯"),
    "sanshoku": ("Sanshoku doujun", "三色同顺"),
    "sanshoku_doukou": ("Sanshoku doukou", "三色同刻"),
    "sankantsu": ("Sankantsu", "三杠子"),
    "toitoi": ("Toitoi", "对对和"),
    "sanankou": ("Sanankou", "三暗刻"),
    "shousangen": ("Shousangen", "小三元"),
    "honroutou": ("Honroutou", "混老头"),
    "ryanpeikou": ("Ryanpeikou", "二杯口"),
    "junchan": ("Junchan", "纯全带幺九"),
    "honitsu": ("Honitsu", "混一色"),
    "chinitsu": ("Chinitsu", "清一色"),
    "renhou": ("Renhou", "人和"),
    "tenhou": ("Tenhou", "天和"),
    "chiihou": ("Chiihou", "地和"),
    "daisangen": ("Daisangen", "大三元"),
    "suuankou": ("Suuankou", "四暗刻"),
    "suuankou_tanki": ("Suuankou tanki", "四暗刻单骑"),
    "tsuuiisou": ("Tsuuiisou", "字一色"),
    "ryuuiisou": ("Ryuuiisou", "绿一色"),
    "chinroutou": ("Chinroutou", "清老头"),
    "chuuren_poutou": ("Chuuren poutou", "九莲宝灯"),
    "junsei_chuuren_poutou": ("Junsei chuuren poutou", "纯正九莲宝灯"),
    "kokushi": ("Kokushi musou", "国士无双"),
    "kokushi_13": ("Kokushi musou, 13-sided wait", "国士无双十三面"),
    "daisuushii": ("Daisuushii", "大四喜"),
    "shousuushii": ("Shousuushii", "小四喜"),
    "suukantsu": ("Suukantsu", "四杠子"),
    "nagashi_mangan": ("Nagashi mangan", "流局满贯"),
    "dora": ("Dora", "宝牌"),
    "ura_dora": ("Ura dora", "里宝牌"),
    "aka_dora": ("Red fives", "赤宝牌"),
    "kita": ("Kita (north dora)", "拔北宝牌"),
}
"""Riichi's yaku and dora (prefix ``yaku``)."""

FAN_NAMES: Mapping[str, tuple[str, str]] = {
    "ping_hu": ("Plain hu", "平胡"),
    "dui_dui_hu": ("All pungs", "对对胡"),
    "qing_yi_se": ("Pure one suit", "清一色"),
    "dai_yao_jiu": ("Terminals in every set", "带幺九"),
    "qi_dui": ("Seven pairs", "七对"),
    "qing_dui": ("Pure all pungs", "清对"),
    "jiang_dui": ("All pungs of 2, 5 and 8", "将对"),
    "long_qi_dui": ("Dragon seven pairs", "龙七对"),
    "qing_qi_dui": ("Pure seven pairs", "清七对"),
    "qing_yao_jiu": ("Pure terminals in every set", "清幺九"),
    "tian_hu": ("Heavenly hu", "天胡"),
    "di_hu": ("Earthly hu", "地胡"),
    "qing_long_qi_dui": ("Pure dragon seven pairs", "清龙七对"),
    "qiang_gang_hu": ("Robbing a kong", "抢杠胡"),
    "gen": ("Gen (four of a kind)", "根"),
    "gang_shang_hua": ("Hu on a kong replacement", "杠上开花"),
    "gang_shang_pao": ("Hu on a discard after a kong", "杠上炮"),
    "qiang_gang": ("Robbing a kong", "抢杠胡"),
    "hai_di": ("Last tile of the wall", "海底捞月"),
    "zi_mo": ("Self-drawn", "自摸"),
}
"""Sichuan's 番 items (prefix ``fan``)."""

TAI_NAMES: Mapping[str, tuple[str, str]] = {
    "seat_wind_pon": ("Pung of the seat wind", "自风刻"),
    "dragon_pon": ("Pung of Red or Green Dragons", "中发刻"),
    "open_kan": ("Exposed kong", "明杠"),
    "concealed_kan": ("Concealed kong", "暗杠"),
    "honor_kan": ("Kong of an honour of value", "风字杠"),
    "flowers_season": ("Seasons", "春夏秋冬"),
    "flowers_plant": ("Flowers", "梅兰菊竹"),
    "white_dragons": ("White Dragons (as flowers)", "白板"),
    "caishen": ("Caishen (wild)", "财神"),
    "caishen_pon": ("Caishen making a pung", "财神成刻"),
    "zi_mo": ("Self-drawn", "自摸"),
    "gang_kai": ("Hu on a kong replacement", "杠上开花"),
    "qiang_gang": ("Robbing a kong", "抢杠胡"),
    "hai_di": ("Last tile of the wall", "海底捞月"),
    "hun_yi_se": ("Mixed one suit", "混一色"),
    "dui_dui_hu": ("All pungs", "对对胡"),
    "qing_yi_se": ("Pure one suit", "清一色"),
    "ying_da_ying": ("Hard hu (no caishen used)", "硬打硬"),
    "caishen_hui": ("Caishen gathering", "财神汇"),
    "dan_diao": ("Single wait on the pair", "单钓将"),
    "si_feng_qi": ("All four winds", "四风齐"),
    "ping_hu": ("Plain hu", "平胡"),
    "tian_hu": ("Heavenly hu", "天胡"),
    "di_hu": ("Earthly hu", "地胡"),
    "sha_zhu_hu": ("Pig-killing hu", "杀猪胡"),
    "eight_flowers": ("All eight flowers", "八花齐"),
    "sha_zhu": ("Pig killing", "杀猪"),
    "hua_hu": ("Flower hu", "花胡"),
}
"""Lingxi's 台 items (prefix ``tai``)."""

ITEM_NAMES: Mapping[str, Mapping[str, tuple[str, str]]] = {
    "yaku": YAKU_NAMES,
    "fan": FAN_NAMES,
    "tai": TAI_NAMES,
}
"""The lists by the families' item prefix (``FamilySpec.item_prefix``)."""


def item_name(prefix: str, key: str, lang: str = "en") -> str:
    """A scoring item's name in English or Chinese (``"zh"``) as the table says it; an item the list
    does not hold is named by its key ("some_item" -> "some item")."""
    pair = ITEM_NAMES.get(prefix, {}).get(key)
    if pair is None:
        return key.replace("_", " ")
    return pair[1] if lang == "zh" else pair[0]
