"""Translations: Qt's translator with ``resources/i18n/tilehouse_<lang>.qm``, and the game's terms.

Every string a player reads is English source text passed to :func:`tr` (Qt's
``QCoreApplication.translate``), literally, so that Qt's ``pyside6-lupdate`` finds it. Its translations
live in one place, ``resources/i18n/tilehouse_<lang>.ts`` (edit it with Qt Linguist or by hand), which
``python -m desktop.i18n_build`` refreshes from the sources with lupdate and compiles with lrelease.

The game's terms are here too, in each family's own vocabulary (the registry's
``FamilySpec.vocabulary``): riichi keeps its Japanese words (ポン, リーチ, 荣和, han), the Chinese families
theirs (碰, 杠, 胡, 点炮, 番, 台, 子; Pung, Kong, Hu in English). Tiles are named, never written as codes.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QTranslator

from engine.resources import resource_path
from engine.tiles import kind_of, suit_of

CONTEXT = ""  # the context lupdate gives a plain tr() call
LANGUAGES = {"en": "English", "zh_CN": "中文（简体）"}
_translator: QTranslator | None = None
_qt_translator: QTranslator | None = None  # Qt's own words: OK, Cancel, the file dialogs
_language = "en"


def tr(text: str, disambiguation: str | None = None) -> str:
    """``text`` in the interface language; ``disambiguation`` tells apart one English text that needs
    two translations (lupdate records it as the message's comment)."""
    return QCoreApplication.translate(CONTEXT, text, disambiguation)


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
    global _qt_translator
    for old in (_translator, _qt_translator):
        if old is not None and app is not None:
            app.removeTranslator(old)
    _translator = _qt_translator = None
    if lang != "en" and app is not None:
        translator = QTranslator()
        if translator.load(str(resource_path("i18n", f"tilehouse_{lang}.qm"))):
            app.installTranslator(translator)
            _translator = translator
        qt_words = QTranslator()  # shipped with Qt (PySide6's translations folder, bundled by the build)
        if any(qt_words.load(f"qtbase_{lang}", folder) for folder in _qt_translation_folders()):
            app.installTranslator(qt_words)
            _qt_translator = qt_words
    _language = lang
    return lang


def _qt_translation_folders() -> list[str]:
    """Where Qt's own translations are: Qt's configured folder, else PySide6's (a frozen build)."""
    import PySide6

    package = Path(PySide6.__file__).parent
    return [
        QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath),
        str(package / "Qt" / "translations"),
        str(package / "translations"),
    ]


def language() -> str:
    return _language


def is_zh() -> bool:
    return _language.startswith("zh")


# ── game terms ─────────────────────────────────────────────────────────────────────────────────
# Every term is a literal tr() call (lupdate finds it), made when it is shown, so a language switch
# takes effect at once. A vocabulary is "japanese" (riichi) or "chinese" (Sichuan, Lingxi).
WIND_CHARS = "東南西北"  # the glyphs of the seat labels (the same in every language)
_vocabulary = "chinese"


def use_vocabulary(vocabulary: str) -> None:
    """The vocabulary of the game on the table (the default of :func:`tile_name` and the units)."""
    global _vocabulary
    _vocabulary = vocabulary


def current_vocabulary() -> str:
    return _vocabulary


def _japanese_tiles() -> tuple[str, ...]:
    return (
        tr("1-man"), tr("2-man"), tr("3-man"), tr("4-man"), tr("5-man"),
        tr("6-man"), tr("7-man"), tr("8-man"), tr("9-man"),
        tr("1-pin"), tr("2-pin"), tr("3-pin"), tr("4-pin"), tr("5-pin"),
        tr("6-pin"), tr("7-pin"), tr("8-pin"), tr("9-pin"),
        tr("1-sou"), tr("2-sou"), tr("3-sou"), tr("4-sou"), tr("5-sou"),
        tr("6-sou"), tr("7-sou"), tr("8-sou"), tr("9-sou"),
        tr("East"), tr("South"), tr("West"), tr("North"), tr("Haku"), tr("Hatsu"), tr("Chun"),
    )  # fmt: skip


def _chinese_tiles() -> tuple[str, ...]:
    return (
        tr("1 Character"), tr("2 Characters"), tr("3 Characters"), tr("4 Characters"),
        tr("5 Characters"), tr("6 Characters"), tr("7 Characters"), tr("8 Characters"),
        tr("9 Characters"),
        tr("1 Dot"), tr("2 Dots"), tr("3 Dots"), tr("4 Dots"), tr("5 Dots"),
        tr("6 Dots"), tr("7 Dots"), tr("8 Dots"), tr("9 Dots"),
        tr("1 Bamboo"), tr("2 Bamboo"), tr("3 Bamboo"), tr("4 Bamboo"), tr("5 Bamboo"),
        tr("6 Bamboo"), tr("7 Bamboo"), tr("8 Bamboo"), tr("9 Bamboo"),
        tr("East Wind"), tr("South Wind"), tr("West Wind"), tr("North Wind"),
        tr("White Dragon"), tr("Green Dragon"), tr("Red Dragon"),
    )  # fmt: skip


def _flowers() -> tuple[str, ...]:
    return (
        tr("Spring"), tr("Summer"), tr("Autumn"), tr("Winter"),
        tr("Plum"), tr("Orchid"), tr("Chrysanthemum"), tr("Bamboo", "flower"),
    )  # fmt: skip


def tile_name(kind: int, vocabulary: str | None = None) -> str:
    """A tile kind named in running text: 二筒 / 2 Dots, 发 / Hatsu — never a code like ``2p``."""
    if not 0 <= kind < 42:
        return "?"
    if kind >= 34:
        return _flowers()[kind - 34]
    names = _japanese_tiles() if (vocabulary or _vocabulary) == "japanese" else _chinese_tiles()
    return names[kind]


def face_name(kind: int, red: bool, vocabulary: str | None = None) -> str:
    """A tile face named in running text: a red five says so ("Red 5-man"), never a code like ``0m``."""
    plain = tile_name(kind, vocabulary)
    return tr("Red {tile}").format(tile=plain) if red else plain


def tile_list(kinds: Iterable[int], vocabulary: str | None = None) -> str:
    """Several tiles named in a row (一万、二万 / 1 Character, 2 Characters)."""
    return tr(", ").join(tile_name(k, vocabulary) for k in kinds)


def wind_name(index: int) -> str:
    return (tr("East"), tr("South"), tr("West"), tr("North"))[index % 4]


def wind_char(index: int) -> str:
    return WIND_CHARS[index % 4]


def suit_name(suit: int) -> str:
    """A suit by its name: 万 / Characters, 筒 / Dots, 条 / Bamboo."""
    if not 0 <= suit < 3:
        return "?"
    return (tr("Characters"), tr("Dots"), tr("Bamboo"))[suit]


def suit_of_kind(kind: int) -> int:
    return suit_of(kind)


@functools.cache
def _calls_ja() -> dict[str, str]:
    """The words flashed on the table for a riichi call, the same in every language (the engine's
    action names imported when first asked for: not before the table's first frame)."""
    from engine.game.actions import ActionType as A

    return {
        "chi": "チー",
        "pon": "ポン",
        "open_kan": "カン",
        "closed_kan": "カン",
        "added_kan": "カン",
        "kan": "カン",
        "ron": "ロン",
        "tsumo": "ツモ",
        A.RIICHI: "リーチ",
        A.NUKI: "キタ",
    }


def _japanese_words() -> dict[str, str]:
    from engine.game.actions import ActionType as A

    return {
        "chi": tr("Chi"),
        "pon": tr("Pon"),
        "open_kan": tr("Kan"),
        "closed_kan": tr("Closed kan"),
        "added_kan": tr("Added kan"),
        "kan": tr("Kan"),
        "ron": tr("Ron"),
        "tsumo": tr("Tsumo"),
        A.RIICHI: tr("Riichi"),
        "pass": tr("Pass"),
        "nine_terminals": tr("Nine terminals"),
        "win": tr("Win", "japanese"),
        "nukidora": tr("Kita"),
        A.NUKI: tr("Kita"),  # three players: a north set aside (拔北)
    }


def _chinese_words() -> dict[str, str]:
    return {
        "chi": tr("Chow"),
        "pon": tr("Pung"),
        "open_kan": tr("Kong", "exposed"),
        "closed_kan": tr("Concealed kong"),
        "added_kan": tr("Added kong"),
        "kan": tr("Kong"),
        "ron": tr("Hu"),
        "tsumo": tr("Self-drawn hu"),
        "pass": tr("Pass"),
        "declare_lack": tr("Lacking suit"),
        "exchange": tr("Exchange three"),
        "win": tr("Hu"),
        "flower": tr("Flower"),
    }


def _words(vocabulary: str) -> dict[str, str]:
    return _japanese_words() if vocabulary == "japanese" else _chinese_words()


def call_label(kind: str, vocabulary: str) -> str:
    """The word flashed on the table for a call: ポン with the Japanese vocabulary, 碰 / Pung with the
    Chinese one."""
    if vocabulary == "japanese" and kind in _calls_ja():
        return _calls_ja()[kind]
    return _words(vocabulary).get(kind, kind)


def win_word(kind: str, vocabulary: str) -> str:
    """How a hand was won, in the player's language: Ron / 荣和, Tsumo / 自摸 (riichi); Hu / 胡,
    Self-drawn hu / 自摸 (Chinese families). The flashed call (ロン) stays on the table; the
    settlement speaks the player's language."""
    return _words(vocabulary).get(kind, kind)


def action_word(kind: str, vocabulary: str) -> str:
    """The word on a claim button (localised; with the Japanese name for riichi calls)."""
    base = _words(vocabulary).get(kind, kind)
    if vocabulary == "japanese" and kind in _calls_ja() and kind not in ("closed_kan", "added_kan"):
        return f"{base}  {_calls_ja()[kind]}"
    return base


def dealt_in_by(name: str, vocabulary: str) -> str:
    """Who dealt in: "from Bob" / 「Bob 放铳」 (riichi), 「Bob 点炮」 (Chinese families)."""
    if vocabulary == "japanese":
        return tr("from {name}", "japanese").format(name=name)
    return tr("{name} dealt in").format(name=name)


# ── scored items ──
def _yaku() -> dict[str, Callable[[], str]]:
    return dict(  # keyword arguments: the yaku keys
        menzen_tsumo=lambda: tr("Menzen tsumo"),
        riichi=lambda: tr("Riichi"),
        ippatsu=lambda: tr("Ippatsu"),
        chankan=lambda: tr("Chankan (robbing a kan)"),
        rinshan=lambda: tr("Rinshan kaihou"),
        haitei=lambda: tr("Haitei raoyue"),
        houtei=lambda: tr("Houtei raoyui"),
        pinfu=lambda: tr("Pinfu"),
        tanyao=lambda: tr("Tanyao"),
        iipeikou=lambda: tr("Iipeikou"),
        seat_wind_east=lambda: tr("Seat wind: East"),
        seat_wind_south=lambda: tr("Seat wind: South"),
        seat_wind_west=lambda: tr("Seat wind: West"),
        seat_wind_north=lambda: tr("Seat wind: North"),
        round_wind_east=lambda: tr("Round wind: East"),
        round_wind_south=lambda: tr("Round wind: South"),
        round_wind_west=lambda: tr("Round wind: West"),
        round_wind_north=lambda: tr("Round wind: North"),
        haku=lambda: tr("Yakuhai: haku"),
        hatsu=lambda: tr("Yakuhai: hatsu"),
        chun=lambda: tr("Yakuhai: chun"),
        double_riichi=lambda: tr("Double riichi"),
        chiitoitsu=lambda: tr("Chiitoitsu"),
        chanta=lambda: tr("Chanta"),
        ittsu=lambda: tr("Ittsu"),
        sanshoku=lambda: tr("Sanshoku doujun"),
        sanshoku_doukou=lambda: tr("Sanshoku doukou"),
        sankantsu=lambda: tr("Sankantsu"),
        toitoi=lambda: tr("Toitoi"),
        sanankou=lambda: tr("Sanankou"),
        shousangen=lambda: tr("Shousangen"),
        honroutou=lambda: tr("Honroutou"),
        ryanpeikou=lambda: tr("Ryanpeikou"),
        junchan=lambda: tr("Junchan"),
        honitsu=lambda: tr("Honitsu"),
        chinitsu=lambda: tr("Chinitsu"),
        renhou=lambda: tr("Renhou"),
        tenhou=lambda: tr("Tenhou"),
        chiihou=lambda: tr("Chiihou"),
        daisangen=lambda: tr("Daisangen"),
        suuankou=lambda: tr("Suuankou"),
        suuankou_tanki=lambda: tr("Suuankou tanki"),
        tsuuiisou=lambda: tr("Tsuuiisou"),
        ryuuiisou=lambda: tr("Ryuuiisou"),
        chinroutou=lambda: tr("Chinroutou"),
        chuuren_poutou=lambda: tr("Chuuren poutou"),
        junsei_chuuren_poutou=lambda: tr("Junsei chuuren poutou"),
        kokushi=lambda: tr("Kokushi musou"),
        kokushi_13=lambda: tr("Kokushi musou, 13-sided wait"),
        daisuushii=lambda: tr("Daisuushii"),
        shousuushii=lambda: tr("Shousuushii"),
        suukantsu=lambda: tr("Suukantsu"),
        nagashi_mangan=lambda: tr("Nagashi mangan"),
        dora=lambda: tr("Dora"),
        ura_dora=lambda: tr("Ura dora"),
        aka_dora=lambda: tr("Red fives"),
        kita=lambda: tr("Kita (north dora)"),
    )


def _fan() -> dict[str, Callable[[], str]]:
    return {
        "ping_hu": lambda: tr("Plain hu"),
        "dui_dui_hu": lambda: tr("All pungs"),
        "qing_yi_se": lambda: tr("Pure one suit"),
        "dai_yao_jiu": lambda: tr("Terminals in every set"),
        "qi_dui": lambda: tr("Seven pairs"),
        "qing_dui": lambda: tr("Pure all pungs"),
        "jiang_dui": lambda: tr("All pungs of 2, 5 and 8"),
        "long_qi_dui": lambda: tr("Dragon seven pairs"),
        "qing_qi_dui": lambda: tr("Pure seven pairs"),
        "qing_yao_jiu": lambda: tr("Pure terminals in every set"),
        "tian_hu": lambda: tr("Heavenly hu"),
        "di_hu": lambda: tr("Earthly hu"),
        "qing_long_qi_dui": lambda: tr("Pure dragon seven pairs"),
        "qiang_gang_hu": lambda: tr("Robbing a kong"),
        "gen": lambda: tr("Gen (four of a kind)"),
        "gang_shang_hua": lambda: tr("Hu on a kong replacement"),
        "gang_shang_pao": lambda: tr("Hu on a discard after a kong"),
        "qiang_gang": lambda: tr("Robbing a kong"),
        "hai_di": lambda: tr("Last tile of the wall"),
        "zi_mo": lambda: tr("Self-drawn"),
    }


def _tai() -> dict[str, Callable[[], str]]:
    return {
        "seat_wind_pon": lambda: tr("Pung of the seat wind"),
        "dragon_pon": lambda: tr("Pung of Red or Green Dragons"),
        "open_kan": lambda: tr("Exposed kong"),
        "concealed_kan": lambda: tr("Concealed kong"),
        "honor_kan": lambda: tr("Kong of an honour of value"),
        "flowers_season": lambda: tr("Seasons"),
        "flowers_plant": lambda: tr("Flowers"),
        "white_dragons": lambda: tr("White Dragons (as flowers)"),
        "caishen": lambda: tr("Caishen (wild)"),
        "caishen_pon": lambda: tr("Caishen making a pung"),
        "zi_mo": lambda: tr("Self-drawn"),
        "gang_kai": lambda: tr("Hu on a kong replacement"),
        "qiang_gang": lambda: tr("Robbing a kong"),
        "hai_di": lambda: tr("Last tile of the wall"),
        "hun_yi_se": lambda: tr("Mixed one suit"),
        "dui_dui_hu": lambda: tr("All pungs"),
        "qing_yi_se": lambda: tr("Pure one suit"),
        "ying_da_ying": lambda: tr("Hard hu (no caishen used)"),
        "caishen_hui": lambda: tr("Caishen gathering"),
        "dan_diao": lambda: tr("Single wait on the pair"),
        "si_feng_qi": lambda: tr("All four winds"),
        "ping_hu": lambda: tr("Plain hu"),
        "tian_hu": lambda: tr("Heavenly hu"),
        "di_hu": lambda: tr("Earthly hu"),
        "sha_zhu_hu": lambda: tr("Pig-killing hu"),
        "eight_flowers": lambda: tr("All eight flowers"),
        "sha_zhu": lambda: tr("Pig killing"),
        "hua_hu": lambda: tr("Flower hu"),
    }


def _items(prefix: str) -> dict[str, Callable[[], str]]:
    return {"yaku": _yaku, "fan": _fan, "tai": _tai}.get(prefix, dict)()


def item_name(
    prefix: str,
    key: str,
    name: str = "",
    args: Mapping[str, object] | Iterable[tuple[str, object]] = (),
    *,
    vocabulary: str | None = None,
) -> str:
    """A scored item in words: ``prefix`` is the family's item prefix (``FamilySpec.item_prefix``: yaku,
    fan, tai), ``key`` the item's key and ``args`` its facts (``kinds``: the tiles it is about,
    ``count``: how many, ``dealt``). ``name`` (the engine's label for logs) is never shown."""
    facts = dict(args.items() if isinstance(args, Mapping) else args)
    make = _items(prefix).get(key)
    text = make() if make is not None else key.replace("_", " ")
    kinds = facts.get("kinds")
    if isinstance(kinds, (list, tuple)) and kinds:
        # the tiles an item is about after its name ("Pung of the seat wind: South Wind"; 中发刻 发财)
        text = tr("{item}: {tiles}").format(item=text, tiles=tile_list((int(k) for k in kinds), vocabulary))
    if facts.get("dealt"):
        text = tr("{item}, dealt all four").format(item=text)
    else:
        count = facts.get("count")
        if isinstance(count, int) and count > 1:
            text = f"{text} ×{count}"
    return text


def fu_name(key: str) -> str:
    """A riichi fu component in words."""
    names = {
        "base": lambda: tr("Base fu (fuutei)"),
        "penchan": lambda: tr("Edge wait"),
        "kanchan": lambda: tr("Closed wait"),
        "valued_pair": lambda: tr("Pair of value tiles"),
        "double_valued_pair": lambda: tr("Pair of double value tiles"),
        "pair_wait": lambda: tr("Pair wait"),
        "tsumo": lambda: tr("Tsumo"),
        "hand_without_fu": lambda: tr("Open pinfu shape"),
        "closed_pon": lambda: tr("Concealed triplet of simples"),
        "open_pon": lambda: tr("Open triplet of simples"),
        "closed_terminal_pon": lambda: tr("Concealed triplet of terminals or honours"),
        "open_terminal_pon": lambda: tr("Open triplet of terminals or honours"),
        "closed_kan": lambda: tr("Concealed kan of simples"),
        "open_kan": lambda: tr("Open kan of simples"),
        "closed_terminal_kan": lambda: tr("Concealed kan of terminals or honours"),
        "open_terminal_kan": lambda: tr("Open kan of terminals or honours"),
        "menzen_ron": lambda: tr("Closed ron"),
        "chiitoitsu": lambda: tr("Seven pairs"),
    }
    make = names.get(key)
    return make() if make is not None else key.replace("_", " ")


# ── payments, draws, limits and units ──
def _reasons() -> dict[str, Callable[[], str]]:
    return {
        # riichi
        "riichi_deposit": lambda: tr("Riichi stick put down"),
        "riichi_sticks": lambda: tr("Riichi sticks"),
        "ron": lambda: tr("Ron"),
        "tsumo": lambda: tr("Tsumo"),
        "pao": lambda: tr("Pao (liability)"),
        "nagashi_mangan": lambda: tr("Nagashi mangan"),
        "noten": lambda: tr("Noten penalty"),
        "honba": lambda: tr("Honba"),
        # the Chinese families
        "win": lambda: tr("Hu"),
        "difference": lambda: tr("Difference between non-winners"),
        "dian_pao": lambda: tr("Hu on a discard"),
        "zi_mo": lambda: tr("Self-drawn"),
        "cha_da_jiao": lambda: tr("Not ready: pays the best ready hand"),
        "cha_jiao": lambda: tr("Not ready"),
        "gua_feng": lambda: tr("Wind: exposed kong"),
        "xia_yu": lambda: tr("Rain: concealed kong"),
        "hua_zhu": lambda: tr("Flower pig"),
        "tui_shui": lambda: tr("Kong money returned"),
        "qiang_gang": lambda: tr("Robbing a kong"),
        "qiang_gang_hu": lambda: tr("Robbing a kong"),
        "gang_shang_hua": lambda: tr("Hu on a kong replacement"),
        "gang_shang_pao": lambda: tr("Kong money passed on (hu after a kong)"),
        "bao_pei": lambda: tr("Liability"),
        "zha_hu": lambda: tr("False hu"),
        "flower": lambda: tr("Flower"),
    }


def reason_name(reason: str) -> str:
    make = _reasons().get(reason)
    return make() if make is not None else reason.replace("_", " ")


def end_name(key: str) -> str:
    """How a 血战 hand that had winners ended ("" for any other end): the winners left one player
    (three of four, or all but one at a smaller table), or the wall ran out."""
    names = {
        "three_won": lambda: tr("Three players have won: the hand is over."),
        "all_but_one_won": lambda: tr("Every player but one has won: the hand is over."),
        "wall": lambda: tr("The wall ran out."),
    }
    make = names.get(key)
    return make() if make is not None else ""


def set_aside_tip(tile: int, vocabulary: str) -> str:
    """What a tile set aside beside a seat's label is: a north of three-player riichi (kita, one dora
    each), a flower (or Lingxi's 白板) replaced from the wall."""
    name = tile_name(kind_of(tile), vocabulary)
    if vocabulary == "japanese":
        return tr("{tile} set aside (kita): one dora each").format(tile=name)
    return tr("{tile} set aside and replaced (补花)").format(tile=name)


def draw_name(key: str) -> str:
    """How a hand without a winner ended."""
    names = {
        "wall": lambda: tr("Exhaustive draw"),  # Sichuan: the wall ran out (查叫)
        "exhaustive_draw": lambda: tr("Exhaustive draw"),
        "exhaustive": lambda: tr("Exhaustive draw"),
        "abortive_draw": lambda: tr("Abortive draw"),
        "nine_terminals": lambda: tr("Nine terminals"),
        "four_riichi": lambda: tr("Four riichi"),
        "four_winds": lambda: tr("Four winds"),
        "four_kans": lambda: tr("Four kans"),
        "triple_ron": lambda: tr("Triple ron"),
        "nagashi_mangan": lambda: tr("Nagashi mangan"),
        "chou_zhuang": lambda: tr("No winner (chou zhuang)"),
        "huang_zhuang": lambda: tr("Wall exhausted (huang zhuang)"),
    }
    make = names.get(key)
    return make() if make is not None else key.replace("_", " ")


def limit_name(key: str) -> str:
    names = {
        "mangan": lambda: tr("Mangan"),
        "haneman": lambda: tr("Haneman"),
        "baiman": lambda: tr("Baiman"),
        "sanbaiman": lambda: tr("Sanbaiman"),
        "yakuman": lambda: tr("Yakuman"),
        "kazoe_yakuman": lambda: tr("Kazoe yakuman"),
        "double_yakuman": lambda: tr("Double yakuman"),
        "triple_yakuman": lambda: tr("Triple yakuman"),
        "capped": lambda: tr("Capped"),
        "sha_zhu": lambda: tr("Pig killing"),
        "hua_hu": lambda: tr("Flower hu"),
    }
    if not key:
        return ""
    make = names.get(key)
    return make() if make is not None else key.replace("_", " ")


def flag_name(flag: str) -> str:
    """A scored situation's flag (``FamilySpec.situation_flags``: how or when the hand was won) in words."""
    names: dict[str, Callable[[], str]] = dict(  # keywords: the flags are names, not family names
        riichi=lambda: tr("Riichi", "flag"),
        double_riichi=lambda: tr("Double riichi", "flag"),
        ippatsu=lambda: tr("Ippatsu", "flag"),
        rinshan=lambda: tr("After a kan (rinshan)", "flag"),
        chankan=lambda: tr("Robbing a kan (chankan)", "flag"),
        haitei=lambda: tr("Last draw (haitei)", "flag"),
        houtei=lambda: tr("Last discard (houtei)", "flag"),
        tenhou=lambda: tr("Tenhou", "flag"),
        chiihou=lambda: tr("Chiihou", "flag"),
        renhou=lambda: tr("Renhou", "flag"),
        gang_shang_hua=lambda: tr("Win on a kong replacement (杠上花)", "flag"),
        gang_shang_pao=lambda: tr("Discard after a kong (杠上炮)", "flag"),
        qiang_gang=lambda: tr("Robbing a kong (抢杠)", "flag"),
        hai_di=lambda: tr("Last tile (海底)", "flag"),
        tian_hu=lambda: tr("Heavenly win (天胡)", "flag"),
        di_hu=lambda: tr("Earthly win (地胡)", "flag"),
        zi_mo=lambda: tr("Self-drawn (自摸)", "flag"),
        gang_kai=lambda: tr("Win on a kong replacement (杠上开花)", "flag"),
        dealt_flower_kan=lambda: tr("The four flowers were dealt", "flag"),
    )
    make = names.get(flag)
    return make() if make is not None else flag.replace("_", " ")


def unit_name(unit: str, n: int, vocabulary: str | None = None) -> str:
    """A value or score unit with the right number ("1 point", "2 han", "3 tai", "1 stick")."""
    one = abs(n) == 1
    chinese = (vocabulary or _vocabulary) != "japanese"
    if unit == "han":
        return tr("han")
    if unit == "fan":
        return tr("fan")
    if unit == "tai":
        return tr("tai")
    if unit == "zi":
        return tr("zi")
    if unit == "fu":
        return tr("fu")
    if unit == "sticks":
        return tr("stick") if one else tr("sticks")
    if unit == "points":
        if chinese:
            return tr("point", "chinese") if one else tr("points", "chinese")
        return tr("point") if one else tr("points")
    return unit


def amount_text(amount: int, unit: str, vocabulary: str | None = None) -> str:
    """An amount with its unit: "1,000 points", "1 point", "28 子"."""
    return f"{amount:,} {unit_name(unit, amount, vocabulary)}"


def family_name(name: str) -> str:
    """A family's title in the current language (the ruleset model's ``TITLE_EN`` / ``TITLE_ZH``: the
    family's own name, kept with its rules like the rule book pages)."""
    from engine.rules import family_model

    try:
        model = family_model(name)
    except KeyError:
        return name
    return (model.TITLE_ZH if is_zh() else model.TITLE_EN) or name


def ruleset_label(name: str, family: str | None, *, read_only: bool) -> str:
    """A ruleset as a list shows it: a shipped preset by its title with its file name ("Online rules ·
    riichi-online"; the titles are kept with the family's rules model), a player's own ruleset by its
    name, marked as theirs."""
    from engine.rules import family_model

    if not read_only:
        return name + "  " + tr("(yours)")
    try:
        titles = family_model(family or "").PRESET_TITLES
    except KeyError:
        return name
    title = titles.get(name)
    if title is None:
        return name
    return f"{title[1] if is_zh() else title[0]} · {name}"


def level_name(level: str) -> str:
    """An AI level in words."""
    names = {
        "beginner": lambda: tr("Beginner"),
        "standard": lambda: tr("Standard"),
        "strong": lambda: tr("Strong"),
        "simple": lambda: tr("Simple"),
    }
    make = names.get(level)
    return make() if make is not None else level
