"""Translations: Qt's translator with ``resources/i18n/tilehouse_<lang>.qm``, and the game's terms.

Interface strings go through :func:`tr` (Qt's ``QCoreApplication.translate`` in the ``tilehouse``
context). The .ts sources are made by ``python -m desktop.i18n_build`` from the strings found in
``desktop/`` and the Chinese catalogue in :mod:`desktop.i18n_zh`, then compiled with Qt's lrelease.
Each family speaks its own vocabulary (the registry's ``FamilySpec.vocabulary``): :func:`call_label`
and :func:`action_word` give ポン / リーチ for the Japanese one and 碰 / 胡 (Pung / Hu) for the Chinese one.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QLocale, QTranslator

from engine.game.actions import ActionType as A
from engine.resources import resource_path
from engine.tiles import KIND_NAMES_EN, KIND_NAMES_ZH

CONTEXT = "tilehouse"
LANGUAGES = {"en": "English", "zh_CN": "中文（简体）"}
_translator: QTranslator | None = None
_language = "en"


def tr(text: str) -> str:
    return QCoreApplication.translate(CONTEXT, text)


def system_language() -> str:
    name = QLocale.system().name()
    return "zh_CN" if name.startswith("zh") else "en"


def install(language: str | None) -> str:
    """Install the translator for ``language`` ("en", "zh_CN"; None or "system": the system's)."""
    global _translator, _language
    app = QCoreApplication.instance()
    lang = system_language() if language in (None, "", "system") else str(language)
    if lang not in LANGUAGES:
        lang = "en"
    if _translator is not None and app is not None:
        app.removeTranslator(_translator)
        _translator = None
    if lang != "en" and app is not None:
        translator = QTranslator()
        if translator.load(str(resource_path("i18n", f"tilehouse_{lang}.qm"))):
            app.installTranslator(translator)
            _translator = translator
    _language = lang
    return lang


def language() -> str:
    return _language


def is_zh() -> bool:
    return _language.startswith("zh")


# ── game terms ─────────────────────────────────────────────────────────────────────────────────
WIND_ZH = "東南西北"
WIND_EN = ("East", "South", "West", "North")
SUIT_ZH = ("万", "筒", "条")
SUIT_EN = ("Characters", "Dots", "Bamboo")

# Words of the table by vocabulary (the registry's ``FamilySpec.vocabulary``): riichi players expect
# the Japanese call names (ポン, リーチ); the Chinese families use their own words (碰, 杠, 胡) in both
# languages, never Japanese ones.
_CALLS_JA = {
    "chi": "チー",
    "pon": "ポン",
    "open_kan": "カン",
    "closed_kan": "カン",
    "added_kan": "カン",
    "kan": "カン",
    "ron": "ロン",
    "tsumo": "ツモ",
    A.RIICHI: "リーチ",
}
_WORDS: dict[tuple[str, str], dict[str, str]] = {
    ("japanese", "zh"): {
        "chi": "吃",
        "pon": "碰",
        "open_kan": "杠",
        "closed_kan": "暗杠",
        "added_kan": "加杠",
        "kan": "杠",
        "ron": "荣和",
        "tsumo": "自摸",
        A.RIICHI: "立直",
        "pass": "过",
        "nine_terminals": "九种九牌",
        "win": "和牌",
    },
    ("japanese", "en"): {
        "chi": "Chi",
        "pon": "Pon",
        "open_kan": "Kan",
        "closed_kan": "Closed kan",
        "added_kan": "Added kan",
        "kan": "Kan",
        "ron": "Ron",
        "tsumo": "Tsumo",
        A.RIICHI: "Riichi",
        "pass": "Pass",
        "nine_terminals": "Nine terminals",
        "win": "Win",
    },
    ("chinese", "zh"): {
        "chi": "吃",
        "pon": "碰",
        "open_kan": "明杠",
        "closed_kan": "暗杠",
        "added_kan": "补杠",
        "kan": "杠",
        "ron": "胡",
        "tsumo": "自摸",
        "pass": "过",
        "declare_lack": "定缺",
        "exchange": "换三张",
        "win": "胡",
        "flower": "花",
    },
    ("chinese", "en"): {
        "chi": "Chow",
        "pon": "Pung",
        "open_kan": "Kong",
        "closed_kan": "Concealed kong",
        "added_kan": "Added kong",
        "kan": "Kong",
        "ron": "Hu",
        "tsumo": "Self-drawn hu",
        "pass": "Pass",
        "declare_lack": "Lacking suit",
        "exchange": "Exchange three",
        "win": "Hu",
        "flower": "Flower",
    },
}


def _words(vocabulary: str) -> dict[str, str]:
    return _WORDS.get((vocabulary, "zh" if is_zh() else "en"), _WORDS[("chinese", "en")])


def call_label(kind: str, vocabulary: str) -> str:
    """The word flashed on the table for a call: ポン with the Japanese vocabulary, 碰 / Pung with the
    Chinese one."""
    if vocabulary == "japanese" and kind in _CALLS_JA:
        return _CALLS_JA[kind]
    return _words(vocabulary).get(kind, kind)


def action_word(kind: str, vocabulary: str) -> str:
    """The word on a claim button (localised; with the Japanese name for riichi calls)."""
    base = _words(vocabulary).get(kind, kind)
    if vocabulary == "japanese" and kind in _CALLS_JA and kind not in ("closed_kan", "added_kan"):
        return f"{base}  {_CALLS_JA[kind]}"
    return base


def tile_name(kind: int) -> str:
    return (KIND_NAMES_ZH if is_zh() else KIND_NAMES_EN)[kind]


def wind_name(index: int) -> str:
    return WIND_ZH[index % 4] if is_zh() else WIND_EN[index % 4]


def wind_char(index: int) -> str:
    return WIND_ZH[index % 4]


def suit_name(suit: int) -> str:
    return SUIT_ZH[suit] if is_zh() else SUIT_EN[suit]


ITEMS_ZH = {
    "yaku.menzen_tsumo": "门前清自摸和",
    "yaku.riichi": "立直",
    "yaku.ippatsu": "一发",
    "yaku.chankan": "抢杠",
    "yaku.rinshan": "岭上开花",
    "yaku.haitei": "海底摸月",
    "yaku.houtei": "河底捞鱼",
    "yaku.pinfu": "平和",
    "yaku.tanyao": "断幺九",
    "yaku.iipeikou": "一杯口",
    "yaku.seat_wind_east": "自风 东",
    "yaku.seat_wind_south": "自风 南",
    "yaku.seat_wind_west": "自风 西",
    "yaku.seat_wind_north": "自风 北",
    "yaku.round_wind_east": "场风 东",
    "yaku.round_wind_south": "场风 南",
    "yaku.round_wind_west": "场风 西",
    "yaku.round_wind_north": "场风 北",
    "yaku.haku": "役牌 白",
    "yaku.hatsu": "役牌 发",
    "yaku.chun": "役牌 中",
    "yaku.double_riichi": "两立直",
    "yaku.chiitoitsu": "七对子",
    "yaku.chanta": "混全带幺九",
    "yaku.ittsu": "一气通贯",
    "yaku.sanshoku": "三色同顺",
    "yaku.sanshoku_doukou": "三色同刻",
    "yaku.sankantsu": "三杠子",
    "yaku.toitoi": "对对和",
    "yaku.sanankou": "三暗刻",
    "yaku.shousangen": "小三元",
    "yaku.honroutou": "混老头",
    "yaku.ryanpeikou": "二杯口",
    "yaku.junchan": "纯全带幺九",
    "yaku.honitsu": "混一色",
    "yaku.chinitsu": "清一色",
    "yaku.renhou": "人和",
    "yaku.tenhou": "天和",
    "yaku.chiihou": "地和",
    "yaku.daisangen": "大三元",
    "yaku.suuankou": "四暗刻",
    "yaku.suuankou_tanki": "四暗刻单骑",
    "yaku.tsuuiisou": "字一色",
    "yaku.ryuuiisou": "绿一色",
    "yaku.chinroutou": "清老头",
    "yaku.chuuren_poutou": "九莲宝灯",
    "yaku.junsei_chuuren_poutou": "纯正九莲宝灯",
    "yaku.kokushi": "国士无双",
    "yaku.kokushi_13": "国士无双十三面",
    "yaku.daisuushii": "大四喜",
    "yaku.shousuushii": "小四喜",
    "yaku.suukantsu": "四杠子",
    "yaku.dora": "宝牌",
    "yaku.ura_dora": "里宝牌",
    "yaku.aka_dora": "赤宝牌",
}

REASONS_ZH = {
    "riichi_deposit": "立直供托",
    "ron": "荣和",
    "tsumo": "自摸",
    "riichi_sticks": "供托（立直棒）",
    "pao": "包牌（包赔）",
    "nagashi_mangan": "流局满贯",
    "noten": "不听罚符",
    "honba": "本场",
    "gang": "刮风下雨",
    "wind": "刮风",
    "rain": "下雨",
    "chajiao": "查叫",
    "huazhu": "查花猪",
    "transfer": "呼叫转移",
    "baopei": "包赔",
    "kan": "杠",
    "flower": "花",
}
REASONS_EN = {
    "riichi_deposit": "Riichi stick put down",
    "ron": "Ron",
    "tsumo": "Tsumo",
    "riichi_sticks": "Riichi sticks",
    "pao": "Pao (liability)",
    "nagashi_mangan": "Nagashi mangan",
    "noten": "Noten penalty",
    "honba": "Honba",
    "gang": "Kan payments",
    "wind": "Wind (exposed kan)",
    "rain": "Rain (concealed kan)",
    "chajiao": "Not ready (查叫)",
    "huazhu": "Flower pig (花猪)",
    "transfer": "Kan payment transferred",
    "baopei": "Liability (包赔)",
    "kan": "Kan",
    "flower": "Flower",
}

DRAW_EXTRA = {"chou_zhuang": ("臭庄", "No winner (臭庄)"), "huang_zhuang": ("荒庄", "Wall exhausted (荒庄)")}

REASONS_ZH.update(
    {
        "win": "和牌",
        "difference": "差额结算",
        "dian_pao": "点炮",
        "zi_mo": "自摸",
        "cha_da_jiao": "查大叫",
        "cha_jiao": "查叫",
        "gua_feng": "刮风",
        "xia_yu": "下雨",
        "hua_zhu": "查花猪",
        "tui_shui": "退税",
        "qiang_gang": "抢杠",
        "qiang_gang_hu": "抢杠胡",
        "gang_shang_hua": "杠上花",
        "gang_shang_pao": "杠上炮",
        "bao_pei": "包赔",
        "zha_hu": "诈胡",
    }
)
REASONS_EN.update(
    {
        "win": "Win",
        "difference": "Difference (between the others)",
        "dian_pao": "Dealt in (点炮)",
        "zi_mo": "Self-drawn (自摸)",
        "cha_da_jiao": "Not ready, max value (查大叫)",
        "cha_jiao": "Not ready (查叫)",
        "gua_feng": "Wind: exposed kan (刮风)",
        "xia_yu": "Rain: concealed kan (下雨)",
        "hua_zhu": "Flower pig (花猪)",
        "tui_shui": "Kan money returned (退税)",
        "qiang_gang": "Robbing a kan",
        "qiang_gang_hu": "Robbing a kan",
        "gang_shang_hua": "Win after a kan (杠上花)",
        "gang_shang_pao": "Deal-in after a kan (杠上炮)",
        "bao_pei": "Liability (包赔)",
        "zha_hu": "False win (诈胡)",
    }
)

DRAWS_ZH = {
    "exhaustive_draw": "荒牌流局",
    "exhaustive": "荒牌流局",
    "abortive_draw": "途中流局",
    "nine_terminals": "九种九牌",
    "four_riichi": "四家立直",
    "four_winds": "四风连打",
    "four_kans": "四杠散了",
    "triple_ron": "三家和",
    "nagashi_mangan": "流局满贯",
}
DRAWS_EN = {
    "exhaustive_draw": "Exhaustive draw",
    "exhaustive": "Exhaustive draw",
    "abortive_draw": "Abortive draw",
    "nine_terminals": "Nine terminals",
    "four_riichi": "Four riichi",
    "four_winds": "Four winds",
    "four_kans": "Four kans",
    "triple_ron": "Triple ron",
    "nagashi_mangan": "Nagashi mangan",
}
LIMITS_ZH = {
    "mangan": "满贯",
    "haneman": "跳满",
    "baiman": "倍满",
    "sanbaiman": "三倍满",
    "yakuman": "役满",
    "kazoe_yakuman": "累计役满",
    "double_yakuman": "双倍役满",
}


def item_name(prefix: str, key: str, name: str = "") -> str:
    """A scored item's name: ``prefix`` is the family's item prefix (``FamilySpec.item_prefix``: yaku,
    fan, tai), ``name`` the engine's English name."""
    if is_zh():
        return ITEMS_ZH.get(f"{prefix}.{key}", name or key)
    return name or key.replace("_", " ")


def reason_name(reason: str) -> str:
    table = REASONS_ZH if is_zh() else REASONS_EN
    return table.get(reason, reason.replace("_", " "))


def draw_name(key: str) -> str:
    if key in DRAW_EXTRA:
        return DRAW_EXTRA[key][0 if is_zh() else 1]
    table = DRAWS_ZH if is_zh() else DRAWS_EN
    return table.get(key, key.replace("_", " "))


def limit_name(key: str) -> str:
    if not key:
        return ""
    if is_zh():
        return LIMITS_ZH.get(key, key)
    return key.replace("_", " ").title()


def family_name(name: str) -> str:
    """A family's title in the current language (the ruleset model's ``TITLE_EN`` / ``TITLE_ZH``)."""
    from engine.rules import family_model

    try:
        model = family_model(name)
    except KeyError:
        return name
    return (model.TITLE_ZH if is_zh() else model.TITLE_EN) or name
