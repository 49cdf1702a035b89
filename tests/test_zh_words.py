"""Every string a player reads in zh_CN, in each family's table, settlement, dialogs and study tools.

The real window is built in Chinese for each family, played to the middle of a hand (practice panel
and hints open), then to a win and its settlement; the new-game and settings dialogs and every study
tool are opened. Every text a widget or the table scene shows is walked, and the test fails on:

* tile codes (``6z×2``, ``34689m``, ``5f``): tiles are drawn, or named (發, 二筒);
* English left untranslated (any Latin word but a few names — AI, Tilehouse, the Esc key — and the
  identifiers a player types into a ruleset file: toggle keys, their values, preset names);
* in the Chinese families, Japanese terms (kana, 立直, 荣和, 振听, 宝牌, 役...) or 和 for a win (their
  word is 胡).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtWidgets import (
    QAbstractButton,
    QComboBox,
    QGraphicsSimpleTextItem,
    QGraphicsTextItem,
    QGroupBox,
    QLabel,
    QLineEdit,
    QListWidget,
    QMenu,
    QPlainTextEdit,
    QTableWidget,
    QTabWidget,
    QTextEdit,
    QTreeWidget,
    QWidget,
)

from desktop.session import GameSession, Setup
from engine.families.registry import family_names, get_family
from engine.game.actions import ActionType
from tests.desktop_helpers import find_state

A = ActionType
WAIT = 30000

TILE_CODE = re.compile(r"(?<![A-Za-z0-9])[0-9]+[mpszf](?![A-Za-z])")
LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z'’]+")
# names: of the game, keys, a language, an app, the record formats other tools read (tenhou.net/6, mjai, JSON)
ALLOWED_LATIN = {"AI", "Tilehouse", "Esc", "Home", "End", "PgUp", "PgDn", "English", "JJ"}
ALLOWED_LATIN |= {"tenhou", "net", "mjai", "JSON"}
KANA = re.compile(r"[\u3040-\u30ff]")
JAPANESE_TERMS = (
    "立直",
    "荣和",
    "和了",
    "振听",
    "宝牌",
    "一发",
    "本场",
    "供托",
    "放铳",
    "鸣牌",
    "役",
    "向听",
    "和牌",
    "已和",
    "副露",
)
HTML_TAG = re.compile(r"<[^>]+>")


def _plain(text: str) -> str:
    text = HTML_TAG.sub(" ", text)
    for entity, char in (("&nbsp;", " "), ("&lt;", "<"), ("&gt;", ">"), ("&amp;", "&")):
        text = text.replace(entity, char)
    return text.replace("&", "")  # mnemonic markers


def widget_texts(root: QWidget) -> list[tuple[str, str]]:
    """(where, text) of every visible text of ``root`` and its children."""
    out: list[tuple[str, str]] = []
    widgets = [root, *root.findChildren(QWidget)]
    for w in widgets:
        if not w.isVisibleTo(root) and w is not root:
            continue
        where = f"{type(w).__name__}({w.objectName()})"
        texts: list[str] = [w.toolTip(), w.windowTitle() if w.isWindow() else ""]
        if isinstance(w, (QLabel, QAbstractButton)):
            texts.append(w.text())
        elif isinstance(w, QGroupBox):
            texts.append(w.title())
        elif isinstance(w, QComboBox):
            texts += [w.itemText(i) for i in range(w.count())]
        elif isinstance(w, QTabWidget):
            texts += [w.tabText(i) for i in range(w.count())]
        elif isinstance(w, QTableWidget):
            texts += [
                w.item(r, c).text()
                for r in range(w.rowCount())
                for c in range(w.columnCount())
                if w.item(r, c) is not None
            ]
            texts += [
                w.horizontalHeaderItem(c).text()
                for c in range(w.columnCount())
                if w.horizontalHeaderItem(c) is not None
            ]
        elif isinstance(w, QTreeWidget):
            texts += [w.headerItem().text(c) for c in range(w.columnCount())]
            stack = [w.topLevelItem(i) for i in range(w.topLevelItemCount())]
            while stack:
                item = stack.pop()
                texts += [item.text(c) for c in range(w.columnCount())]
                stack += [item.child(i) for i in range(item.childCount())]
        elif isinstance(w, QListWidget):
            texts += [w.item(i).text() for i in range(w.count())]
        elif isinstance(w, (QTextEdit, QPlainTextEdit)) and w.isReadOnly():
            texts.append(w.toPlainText())
        elif isinstance(w, QMenu):
            texts.append(w.title())
            texts += [a.text() for a in w.actions()]
        elif isinstance(w, QLineEdit):
            texts.append(w.placeholderText())  # what is typed is the player's input
        for action in w.actions():
            texts.append(action.text())
            if action.menu() is not None:
                texts.append(action.menu().title())
                texts += [a.text() for a in action.menu().actions()]
        out += [(where, _plain(t)) for t in texts if t and t.strip()]
    return out


def scene_texts(scene) -> list[tuple[str, str]]:  # type: ignore[no-untyped-def]
    out = []
    for item in scene.items():
        if not item.isVisible():
            continue
        if isinstance(item, QGraphicsSimpleTextItem):
            out.append(("scene", item.text()))
        elif isinstance(item, QGraphicsTextItem):
            out.append(("scene", item.toPlainText()))
    return out


def file_identifiers() -> set[str]:
    """The words of the ruleset files: toggle keys and their values, preset names, rule-book pages."""
    from engine.rules import family_model
    from engine.rules.schema import describe
    from engine.rules.store import list_rulesets

    words: set[str] = set()
    for name in family_names():
        model = family_model(name)
        for key in model.model_fields:
            words.add(key)
        for info in describe(model):
            words.update(str(c) for c, _en, _zh in info.choice_titles)
            words.update(info.hint().replace("|", " ").split())
        words.add(get_family(name).rule_page)
    for entry in list_rulesets():
        words.add(entry.name)
    parts = {part for word in words for part in re.split(r"[^A-Za-z]+", word) if part}
    return parts | {"true", "false", "md"}


def _family_titles() -> list[str]:
    from desktop import i18n

    return [i18n.family_name(name) for name in family_names()]


def problems(
    texts: Iterable[tuple[str, str]], *, chinese_family: bool, identifiers: set[str] = frozenset()
) -> list[str]:
    found = set()
    titles = _family_titles()
    for where, text in texts:
        for code in TILE_CODE.findall(text):
            found.add(f"{where}: tile code {code!r} in {text[:80]!r}")
        for word in LATIN_WORD.findall(text):
            if word not in ALLOWED_LATIN and word not in identifiers:
                found.add(f"{where}: English {word!r} in {text[:80]!r}")
                break
        for title in titles:  # a family's own name, in a family picker
            text = text.replace(title, "")
        if chinese_family:
            if KANA.search(text):
                found.add(f"{where}: kana in {text[:80]!r}")
            for term in JAPANESE_TERMS:
                if term in text:
                    found.add(f"{where}: Japanese term {term} in {text[:80]!r}")
    return sorted(found)


def _discard_decision(game, legal) -> bool:  # type: ignore[no-untyped-def]
    """The middle of a hand: seat 0 discards, with several discards on the table already."""
    discards = [a for a in legal if a.type is A.DISCARD]
    return bool(discards) and len(discards) == len(legal) and len(game.observation(0).me.discards) >= 5


def _win_on_offer(game, legal) -> bool:  # type: ignore[no-untyped-def]
    return any(a.type in (A.TSUMO, A.RON) for a in legal) and not game.observation(0).fouls


def _load(qtbot, w, game, tmp_path, name: str):  # type: ignore[no-untyped-def]
    path = tmp_path / f"{name}.thsave"
    seats = len(game.match.scores)
    GameSession(game, Setup(human_seat=0, levels=["standard"] * seats, practice=True)).save(path)
    w.load_path(path)
    qtbot.waitUntil(lambda: w.snap is not None and w.snap.actions == len(game.actions), timeout=WAIT)


@pytest.mark.parametrize(
    ("family", "players"),
    [*((f, 4) for f in family_names()), ("riichi", 3), ("sichuan", 2), ("lingxi", 3)],
    ids=lambda v: str(v),
)
def test_every_string_of_the_table_and_settlement_is_chinese(
    qtbot, main_window, tmp_path, family: str, players: int
) -> None:  # type: ignore[no-untyped-def]
    chinese = get_family(family).vocabulary != "japanese"
    w = main_window(size=(1440, 900), language="zh_CN", practice_panel=True)
    seen: list[tuple[str, str]] = []
    # the middle of a hand, with the practice panel and the hints
    game = find_state(_discard_decision, family=family, players=players)
    _load(qtbot, w, game, tmp_path, "middle")
    qtbot.waitUntil(lambda: bool(w.snap.legal), timeout=WAIT)
    w.show_practice_panel()
    w.practice.ask_hint()
    qtbot.waitUntil(lambda: bool(w.practice.hints) or "…" not in w.practice.hints_label.text(), timeout=WAIT)
    seen += widget_texts(w) + scene_texts(w.scene)
    # a win and its settlement
    game = find_state(_win_on_offer, family=family, players=players)
    _load(qtbot, w, game, tmp_path, "win")
    qtbot.waitUntil(lambda: bool(w.snap.legal), timeout=WAIT)
    seen += widget_texts(w)  # the claim buttons
    win = next(a for a in w.snap.legal if a.type in (A.TSUMO, A.RON))
    w.send(win)
    qtbot.waitUntil(lambda: w.snap.report is not None and not w.settlement.building(), timeout=WAIT)
    seen += widget_texts(w) + scene_texts(w.scene)
    assert len(seen) > 40
    assert problems(seen, chinese_family=chinese) == []


@pytest.mark.parametrize("family", family_names())
def test_every_string_of_the_dialogs_and_study_tools_is_chinese(qtbot, main_window, family: str) -> None:  # type: ignore[no-untyped-def]
    """The family's own tools (calculator, drills) speak its words; the dialogs and tools every family
    shares (new game, settings, rules editor, statistics, sandbox, menus) are translated throughout."""
    from desktop.dialogs import NewGameDialog, SettingsDialog

    chinese = get_family(family).vocabulary != "japanese"
    identifiers = file_identifiers()
    w = main_window(size=(1440, 900), language="zh_CN", last_family=family)
    shared: list[tuple[str, str]] = []
    own: list[tuple[str, str]] = []
    for dialog in (NewGameDialog(w.settings, w), SettingsDialog(w.settings, w)):
        qtbot.addWidget(dialog)
        dialog.show()
        shared += widget_texts(dialog)
        dialog.close()
    for kind in ("calculator", "drills", "rule_book", "rules_editor", "statistics", "sandbox"):
        tool = w.tools.open(kind)
        qtbot.waitUntil(tool.isVisible, timeout=WAIT)
        texts = [(f"{kind}:{where}", text) for where, text in widget_texts(tool)]
        (own if kind in ("calculator", "drills", "rule_book") else shared).extend(texts)
    shared += widget_texts(w)  # menus
    assert len(shared) > 40 and len(own) > 20
    assert problems(own, chinese_family=chinese, identifiers=identifiers) == []
    assert problems(shared, chinese_family=False, identifiers=identifiers) == []


@pytest.mark.parametrize("family", family_names())
def test_every_string_of_the_replay_viewer_and_review_is_chinese(
    qtbot, main_window, tmp_path, family: str
) -> None:  # type: ignore[no-untyped-def]
    """Game ▸ Open game record and the review beside the strong AI: the viewer's bar, side column,
    analysis, review rows and their reasons, the table and the settlement under it."""
    from engine.agents.simple import SimpleAgent
    from engine.game.game import Game
    from engine.game.play import play_hand
    from engine.rules import default_ruleset

    chinese = get_family(family).vocabulary != "japanese"
    w = main_window(size=(1440, 900), language="zh_CN", last_family=family)
    game = Game(default_ruleset(family), seed="zh viewer")
    agents = [SimpleAgent(f"zh:{s}") for s in range(len(game.match.scores))]
    while len(game.results) < 2 and not game.over:
        play_hand(game, agents)
    path = tmp_path / "record.thsave"
    GameSession(game, Setup(human_seat=0, levels=["standard"] * 4)).save(path)
    viewer = w.records.viewer()
    with qtbot.waitSignal(viewer.opened, timeout=WAIT):
        viewer.open_path(path)
    seen: list[tuple[str, str]] = []
    with qtbot.waitSignal(viewer.review.reviewed, timeout=WAIT):
        viewer.review.start(0)
    assert viewer.review.rows
    viewer.review.jump(0)  # the middle of a hand, the strong AI's reasons shown
    seen += widget_texts(viewer) + scene_texts(viewer.scene)
    seen += [("review", viewer.review.tree.item(i).toolTip()) for i in range(viewer.review.tree.count())]
    viewer.goto(viewer.record.replayer.hands[1].position)  # the first hand's settlement
    qtbot.waitUntil(lambda: viewer.settled and not viewer.settlement.building(), timeout=WAIT)
    seen += widget_texts(viewer) + scene_texts(viewer.scene)
    viewer.set_open_table(True)
    viewer.next_turn()
    seen += widget_texts(viewer) + scene_texts(viewer.scene)
    assert len(seen) > 40
    seen = [(where, text.replace(path.name, "")) for where, text in seen]  # the file's name is the player's
    assert problems(seen, chinese_family=chinese) == []
