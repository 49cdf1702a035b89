"""The rule book: pages in English and Chinese, anchors for every toggle, every example hand scored
as drawn, and the viewer (pytest-qt, offscreen)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from desktop.rulebook import (
    PreparedPage,
    TilesBlock,
    expected_items,
    families,
    family_of_page,
    page_path,
    prepare,
    rule_book_dir,
    situation_of,
    slug,
    tile_items,
)
from engine.families.registry import get_family, specs
from engine.resources import resource_path
from engine.rules import describe, family_model, preset_names
from engine.situation import score_situation

FAMILIES = families()
PAGES = [(family, lang) for family in FAMILIES for lang in ("en", "zh")]


def source(family: str, lang: str) -> Path:
    folder = rule_book_dir()
    page = get_family(family).rule_page
    return folder / "zh" / f"{page}.md" if lang == "zh" else folder / f"{page}.md"


def test_the_rule_book_ships_with_the_resources() -> None:
    """The pages are resources (``tilehouse_resources/rulebook`` once installed), one per family of the
    registry, each named by its registry entry."""
    assert rule_book_dir() == resource_path("rulebook")
    assert [spec.name for spec in specs()] == FAMILIES
    for family in FAMILIES:
        assert family_of_page(f"{get_family(family).rule_page}.md") == family
    assert family_of_page("nowhere.md") is None and page_path("klondike") is None


def prepared(family: str, lang: str) -> PreparedPage:
    return prepare(source(family, lang).read_text(encoding="utf-8"))


def anchors(page: PreparedPage) -> set[str]:
    return {a for h in page.headings for a in h.anchors}


def test_slugs_follow_github() -> None:
    assert slug("Setup: exchange and lacking suit") == "setup-exchange-and-lacking-suit"
    assert slug("Set-up") == "set-up"
    assert slug("Yaku and limits") == "yaku-and-limits"
    assert slug("Sichuan mahjong (四川麻将, 血战到底)") == "sichuan-mahjong-四川麻将-血战到底"


@pytest.mark.parametrize(("family", "lang"), PAGES)
def test_every_page_exists(family: str, lang: str) -> None:
    assert source(family, lang).is_file()
    assert page_path(family, lang) == source(family, lang)


@pytest.mark.parametrize(("family", "lang"), PAGES)
def test_every_toggle_links_to_a_section_of_the_page(family: str, lang: str) -> None:
    page = prepared(family, lang)
    found = anchors(page)
    for info in describe(family_model(family)):
        name, _, anchor = info.rulebook.partition("#")
        assert name == f"{get_family(family).rule_page}.md", info.rulebook
        assert anchor in found, f"{lang} {family}: {info.key} links to missing #{anchor}"


@pytest.mark.parametrize(("family", "lang"), PAGES)
def test_links_between_pages_resolve(family: str, lang: str) -> None:
    text = source(family, lang).read_text(encoding="utf-8")
    for link in re.findall(r"\]\(([^)\s]+)\)", text):
        if link.startswith(("http:", "https:", "mailto:")):
            continue
        page, _, anchor = link.partition("#")
        target = family_of_page(page) if page else family
        if target in FAMILIES:
            assert not anchor or anchor in anchors(prepared(target, lang)), f"{family} {lang}: {link}"
        else:
            assert (source(family, lang).parent / page).resolve().exists(), f"{family} {lang}: {link}"


@pytest.mark.parametrize("family", FAMILIES)
def test_the_chinese_page_has_every_english_section(family: str) -> None:
    """Every section of the English page is in the Chinese one under the same anchor, and the Chinese
    page lists every key of the ruleset."""
    english = prepared(family, "en")
    chinese = prepared(family, "zh")
    wanted = {h.anchors[0] for h in english.headings if h.level == 2}
    assert wanted <= anchors(chinese)
    text = source(family, "zh").read_text(encoding="utf-8")
    for info in describe(family_model(family)):
        assert f"`{info.key}`" in text, info.key


# The words of an example hand, besides those ``situation_of`` reads:
#   ``non_winner``          the hand of a player who did not win (Lingxi's base 台: no winning tile);
#   ``rule.<key>=<value>``  the hand is scored with that toggle changed;
#   ``han=8`` ``total=16000`` ``fan=`` ``value=`` ``tai=`` ``final_tai=`` ``from_dealer=`` ...
#                           a figure of the result (or of its payments) the page states;
#   ``with.<key>=<value>``  the alternative a house-rule entry describes: the hand is scored again with
#                           that toggle changed too, and ``then.<figure>=..`` (``then.items=a,b``,
#                           ``then.valid=false``) are what that second scoring must show.
FIGURES = (
    "han", "fu", "yakuman", "points", "total", "fan", "counted", "value", "tai", "final_tai",
    "ron", "tsumo_dealer", "tsumo_each", "from_dealer", "from_each",
)  # fmt: skip


def _value(text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError:
        return text


def example_situation(block: TilesBlock, family: str, *, alternative: bool = False) -> dict[str, Any]:
    """The situation an example hand stands for, with its ``rule.`` toggles (and, for the
    alternative, its ``with.`` toggles) applied."""
    situation = situation_of(block, family)
    options = block.options()
    changed = {k[5:]: _value(v) for k, v in options.items() if k.startswith("rule.")}
    if alternative:
        changed |= {k[5:]: _value(v) for k, v in options.items() if k.startswith("with.")}
    if changed:
        situation["ruleset"] = changed
    if "non_winner" in situation["flags"]:
        situation["flags"].remove("non_winner")
        situation["win"] = None
        situation.pop("win_tile")
    return situation


def check_result(block: TilesBlock, result: dict[str, Any], wanted: dict[str, str]) -> None:
    where = (block.spec, block.words)
    if wanted.get("valid") == "false":
        assert not result["valid"], where
        return
    assert result["valid"], (*where, result.get("reason"))
    keys = [item["key"] for item in result["items"]]
    for item in [i for i in wanted.get("items", "").split(",") if i]:
        assert item in keys, (*where, keys)
    figures = {**result, **result.get("payments", {})}
    for name in FIGURES:
        if name in wanted:
            assert figures[name] == int(wanted[name]), (*where, name, figures[name])


@pytest.mark.parametrize(("family", "lang"), PAGES)
def test_every_example_hand_is_drawn_and_scored_as_described(family: str, lang: str) -> None:
    """Every example is drawn; one that names score items or figures is scored and shows them, and
    the alternative of a house rule it illustrates scores as the page says."""
    page = prepared(family, lang)
    scored = 0
    for block in page.tiles:
        rows = tile_items(block.spec)
        assert rows and all(rows), block.spec
        options = block.options()
        if not expected_items(block) and not set(options) & set(FIGURES):
            assert not any(k.startswith(("with.", "then.")) for k in options), block.words
            continue
        scored += 1
        check_result(block, score_situation(example_situation(block, family)), options)
        then = {k[5:]: v for k, v in options.items() if k.startswith("then.")}
        assert bool(then) == any(k.startswith("with.") for k in options), block.words
        if then:
            check_result(block, score_situation(example_situation(block, family, alternative=True)), then)
    assert scored >= 20, (family, lang, scored)


@pytest.mark.parametrize("family", FAMILIES)
def test_both_languages_show_the_same_examples(family: str) -> None:
    """The English and the Chinese page carry the same example hands, in the same order."""
    english = [(b.spec, b.words) for b in prepared(family, "en").tiles]
    chinese = [(b.spec, b.words) for b in prepared(family, "zh").tiles]
    assert english == chinese


def section_text(family: str, lang: str, anchor: str) -> str:
    """The text of the level-2 section whose anchor is ``anchor``, up to the next level-2 heading."""
    text = source(family, lang).read_text(encoding="utf-8")
    parts = re.split(r"^(?=## )", text, flags=re.M)
    for part in parts:
        heading = part.splitlines()[0] if part.startswith("## ") else ""
        if heading and anchor in prepare(heading + "\n").headings[0].anchors:
            return part
    raise AssertionError(f"{family} {lang}: no section #{anchor}")


@pytest.mark.parametrize(("family", "lang"), PAGES)
def test_every_toggle_is_explained_in_the_house_rules(family: str, lang: str) -> None:
    """Each page has a house-rules section in which every toggle of the family has its own entry
    (a heading of its own) naming its ruleset key; the key is named nowhere else on the page."""
    text = source(family, lang).read_text(encoding="utf-8")
    house = section_text(family, lang, "house-rules")
    entries = re.split(r"^(?=#### )", house, flags=re.M)[1:]
    keyed = {}
    for entry in entries:
        keys = re.findall(r"`([a-z_0-9]+)`", entry)
        named = [k for k in keys if k in {i.key for i in describe(family_model(family))}]
        assert len(named) == 1, (lang, entry.splitlines()[0], named)
        keyed[named[0]] = entry
    for info in describe(family_model(family)):
        assert info.key in keyed, f"{family} {lang}: no house-rule entry for {info.key}"
        assert text.count(f"`{info.key}`") == 1, f"{family} {lang}: {info.key} named outside its entry"
        body = re.sub(r"\s+|`\w+`", "", keyed[info.key].split("\n", 1)[1])
        assert len(body) >= (30 if lang == "zh" else 60), f"{family} {lang}: {info.key} is not explained"


PLAYER_WORDS_ONLY = [
    (r"<!--(?!\s*#[\w\-]+\s*-->\s*$)", "an HTML comment (only heading anchors are allowed)"),
    (r"\b(?:engine|desktop|tests|docs|tools|resources)/", "a path of the source tree"),
    (r"\.py\b|\.toml\b|\btest_\w+", "a file or test name"),
    (r"\b(?:TODO|FIXME|XXX)\b", "a note to developers"),
    (r"\bobservation\b|观察数据", "the observation"),
    (r"tilehouse (?:score|rules|simulate)", "a command line"),
    (r'"[a-z]+_[a-z_]+"|\b[a-z]+_[a-z_]+\s*=', "ruleset file syntax"),
    (r"(?<![\w.])\d+[mpszf](?![\w])", "a tile code in running text"),
]


@pytest.mark.parametrize(("family", "lang"), PAGES)
def test_the_pages_speak_to_players(family: str, lang: str) -> None:
    """No developer jargon in the running text (outside the drawn tiles): no paths, file, test,
    class or field names, no comments or notes to developers, no ruleset file syntax and no tile
    codes. Only toggle keys (once each, in the house rules) and preset names are in backticks."""
    text = source(family, lang).read_text(encoding="utf-8")
    running = re.sub(r"^```tiles.*?^```", "", text, flags=re.M | re.S)
    keys = {i.key for i in describe(family_model(family))}
    for line in running.splitlines():
        for pattern, what in PLAYER_WORDS_ONLY:
            assert not re.search(pattern, line), f"{family} {lang}: {what}: {line!r}"
        for key in keys:
            assert not re.search(rf"\b{key}\s*=", line), f"{family} {lang}: ruleset file syntax: {line!r}"
    allowed = keys | set(preset_names(family))
    for code in re.findall(r"`([^`]*)`", running):
        assert code in allowed, f"{family} {lang}: `{code}` is not a word for players"


def test_the_riichi_page_shows_every_yaku() -> None:
    from engine.families.riichi.scoring import TENHOU_YAKU_KEYS

    for lang in ("en", "zh"):
        shown = {item for block in prepared("riichi", lang).tiles for item in expected_items(block)}
        yakuhai = {k for k in TENHOU_YAKU_KEYS.values() if k.startswith(("seat_wind", "round_wind"))}
        yakuhai |= {"haku", "hatsu", "chun"}
        assert shown & yakuhai, lang  # one example stands for every value honour
        missing = set(TENHOU_YAKU_KEYS.values()) - shown - yakuhai - {"renhou"}
        assert not missing, (lang, sorted(missing))


def test_tiles_blocks_read_melds_kans_and_the_winning_tile() -> None:
    from desktop.tileart import TileState

    (row,) = tile_items("[123m] (5555z) 0p 9s*")
    assert [it.sideways for it in row[:3]] == [True, False, False]
    assert [it.kind for it in row[3:7]] == [None, 31, 31, None]
    assert row[7].red and row[7].kind == 13
    assert row[8].state == TileState.MARKED and row[8].gap_before > row[7].gap_before
    (flowers,) = tile_items("123m 1m* +12f")
    assert [it.kind for it in flowers[-2:]] == [34, 35] and flowers[-2].gap_before > 0
    block = prepare("```tiles tsumo wild=3m7p\n123m 1m* +12f\n```\n").tiles[0]
    assert situation_of(block, "lingxi")["flowers"] == "12f"
    with pytest.raises(ValueError, match="tiles block"):
        tile_items("12x")


# ── the viewer ─────────────────────────────────────────────────────────────────────────────────


@pytest.fixture
def book(qtbot):  # type: ignore[no-untyped-def]
    from desktop import fonts
    from desktop.rulebook import RuleBookWindow

    fonts.load()
    window = RuleBookWindow(language="en")
    qtbot.addWidget(window)
    window.resize(1000, 700)
    window.show()
    return window


def test_the_viewer_opens_every_family_at_an_anchor(book) -> None:  # type: ignore[no-untyped-def]
    for family in FAMILIES:
        view = book.views[family]
        assert view.page is not None and view.document().characterCount() > 1000
        for info in describe(family_model(family))[:3]:
            assert book.show_anchor(info.rulebook)
            assert book.current is view
    assert not book.show_anchor("nowhere.md#x")


def test_the_viewer_draws_example_hands(book) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtCore import QUrl
    from PySide6.QtGui import QImage, QTextDocument

    view = book.views["riichi"]
    assert len(view.images) == len(view.page.tiles) > 30
    image = view.loadResource(int(QTextDocument.ResourceType.ImageResource), QUrl("tiles:0"))
    assert isinstance(image, QImage) and not image.isNull() and image.width() > 200
    assert "tiles:0" in view.document().toHtml()


def test_the_viewer_switches_language_and_keeps_anchors(book) -> None:  # type: ignore[no-untyped-def]
    book.show_anchor("riichi.md#dora")
    book.lang_combo.setCurrentIndex(book.lang_combo.findData("zh"))
    assert book.language == "zh"
    assert book.views["riichi"].path == source("riichi", "zh")
    assert "宝牌" in book.views["riichi"].toPlainText()
    for family in FAMILIES:
        for info in describe(family_model(family)):
            assert book.views[family].go_to(info.rulebook.partition("#")[2]), info.rulebook
    assert book.contents.topLevelItemCount() >= 1


def test_find_and_contents(book) -> None:  # type: ignore[no-untyped-def]
    book.find_box.setText("furiten")
    assert book.find_next()
    book.find_box.setText("no such words at all")
    assert not book.find_next()
    item = book.contents.topLevelItem(0).child(0)
    book._contents_clicked(item)


def test_the_host_keeps_one_rule_book_window(qtbot) -> None:  # type: ignore[no-untyped-def]
    from desktop.rulebook import RuleBookWindow
    from tests.tool_host import FakeHost

    host = FakeHost()
    qtbot.addWidget(host)
    first = host.tools.rule_book("sichuan.md#scoring")
    assert isinstance(first, RuleBookWindow) and first.isVisible() and first.parent() is host
    assert first.current.family == "sichuan"
    assert host.tools.rule_book("lingxi.md#tai") is first
    assert first.current.family == "lingxi"
    assert host.tools.rule_book(family="riichi") is first and first.current.family == "riichi"
    assert host.tools.find(RuleBookWindow) is first
