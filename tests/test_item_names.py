"""The scoring items' names: the engine's (hints) and the table's (desktop.i18n) say the same."""

from __future__ import annotations

import pytest

from engine.families.lingxi.scoring import NAMES as LINGXI_KEYS
from engine.families.registry import get_family
from engine.families.riichi.scoring import TENHOU_YAKU_KEYS
from engine.families.sichuan.scoring import NAMES as SICHUAN_KEYS
from engine.item_names import ITEM_NAMES, item_name


def test_every_item_a_scorer_makes_has_a_name() -> None:
    """Each family's scorer keys are named in its list (found by the family's item prefix)."""
    keys = {
        "riichi": set(TENHOU_YAKU_KEYS.values()) | {"kita", "nagashi_mangan"},
        "sichuan": set(SICHUAN_KEYS),
        "lingxi": set(LINGXI_KEYS),
    }
    for family, made in keys.items():
        named = ITEM_NAMES[get_family(family).item_prefix]
        assert made <= set(named), (family, made - set(named))


def test_an_unknown_item_is_named_by_its_key() -> None:
    assert item_name("fan", "some_new_item") == "some new item"
    assert item_name("nope", "ping_hu", "zh") == "ping hu"


@pytest.mark.parametrize("prefix", sorted(ITEM_NAMES))
def test_the_engine_names_items_as_the_table_does(qapp, prefix: str) -> None:  # type: ignore[no-untyped-def]
    """The hints (engine.item_names) and the settlement (desktop.i18n.item_name) name every item alike
    in both languages: one list may not drift from the other."""
    from desktop import i18n

    try:
        for lang, engine_lang in (("en", "en"), ("zh_CN", "zh")):
            i18n.install(lang)
            table = {key: i18n.item_name(prefix, key) for key in i18n._items(prefix)}
            engine = {key: item_name(prefix, key, engine_lang) for key in ITEM_NAMES[prefix]}
            assert table == engine, (lang, prefix)
    finally:
        i18n.install("en")


def test_an_item_names_its_tiles_after_its_name(qapp) -> None:  # type: ignore[no-untyped-def]
    """The settlement's items with tiles read as a name and its tiles ("Pung of Red or Green Dragons:
    Green Dragon"; 中发刻 发财), not as one run of words."""
    from desktop import i18n

    try:
        i18n.install("en")
        assert i18n.item_name("tai", "dragon_pon", args={"kinds": [32]}, vocabulary="chinese") == (
            "Pung of Red or Green Dragons: Green Dragon"
        )
        caishen = i18n.item_name("tai", "caishen", args={"kinds": [3], "count": 2}, vocabulary="chinese")
        assert caishen == "Caishen (wild): 4 Characters ×2"
        i18n.install("zh_CN")
        dragons = i18n.item_name("tai", "dragon_pon", args={"kinds": [32]}, vocabulary="chinese")
        assert dragons == "中发刻 发财"
    finally:
        i18n.install("en")
