"""Two- and three-player games on the desktop (issue 15): the new-game dialog starts every family with
1, 2 or 3 opponents, the table seats them where ``Observation.side_of`` says, the nuki (拔北) button
and the words of the smaller tables exist in both languages, and the settlement lists the seats at
the table only."""

from __future__ import annotations

import re
from typing import Any

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtWidgets import QDialog

from desktop import i18n, messages
from desktop.dialogs import NewGameDialog
from desktop.session import GameSession, Snapshot
from desktop.settings import Settings
from desktop.storage import Setup
from desktop.table.scene import ROLE
from desktop.window import MainWindow
from engine.agents.simple import SimpleAgent
from engine.families.registry import family_names, get_family
from engine.game.actions import ActionType
from engine.messages import Message
from engine.rules import load_ruleset
from tests import table_states

A = ActionType
WAIT = 20000


@pytest.fixture
def window(main_window):  # type: ignore[no-untyped-def]
    return main_window(size=(1200, 800), language="en")


def _labels(w: MainWindow) -> list[int]:
    out = []
    for item in w.scene.items():
        data = item.data(ROLE)
        if isinstance(data, tuple) and data[0] == "label" and item.isVisible():
            out.append(int(data[1]))
    return sorted(out)


# ── the new-game dialog ─────────────────────────────────────────────────────────────────────────
@pytest.mark.parametrize("family", family_names())
def test_the_new_game_dialog_starts_each_family_with_one_two_or_three_opponents(
    qtbot, window, monkeypatch: pytest.MonkeyPatch, family: str
) -> None:  # type: ignore[no-untyped-def]
    spec = get_family(family)
    for opponents in (1, 2, 3):
        players = opponents + 1
        seen: dict[str, Any] = {}

        def accept(
            dialog: NewGameDialog,
            players: int = players,
            opponents: int = opponents,
            seen: dict[str, Any] = seen,
        ) -> int:
            dialog.family.setCurrentIndex(dialog.family.findData(family))
            assert dialog.set_opponents(opponents)
            offered = [dialog.opponents.itemData(i) - 1 for i in range(dialog.opponents.count())]
            assert sorted(offered) == [1, 2, 3]
            # the seats at the table only: a wind each, an AI level each
            assert dialog.seat.count() == players
            assert [not c.isHidden() for c in dialog.levels] == [s < players for s in range(4)]
            listed = [dialog.ruleset.itemData(i) for i in range(dialog.ruleset.count())]
            seen["listed"] = listed
            # the list starts on the ruleset a new game of this count starts from
            assert dialog.ruleset.currentData() == spec.default_rules(players).name
            dialog.seat.setCurrentIndex(players - 1)  # the last seat, to see it is the person's
            dialog.levels[0].setCurrentIndex(dialog.levels[0].findData("beginner"))
            return QDialog.DialogCode.Accepted

        monkeypatch.setattr(NewGameDialog, "exec", accept)
        window.new_game_dialog()
        qtbot.waitUntil(
            lambda players=players: window.snap is not None
            and window.controller.idle()
            and len(window.snap.obs.seats) == players,
            timeout=WAIT,
        )
        session = window.controller.worker.session
        game = session.game
        assert game.rules.players == players and len(game.match.scores) == players
        assert game.rules.toggles() == spec.default_rules(players).toggles()
        assert session.setup.human_seat == players - 1 and window.snap.viewer == players - 1
        assert len(session.setup.levels) == players and session.setup.levels[0] == "beginner"
        assert _labels(window) == list(range(players))  # no empty or ghost seat
        for name in seen["listed"]:  # every ruleset listed is for that count, or follows it
            stored = load_ruleset(name).players
            assert stored == players or not any(
                load_ruleset(n).players == players for n in seen["listed"]
            )


def test_the_dialog_lists_the_rulesets_of_the_count(qtbot) -> None:  # type: ignore[no-untyped-def]
    dialog = NewGameDialog(Settings(last_family="riichi", last_ruleset="riichi-sanma-online"))
    qtbot.addWidget(dialog)
    # the last ruleset played was a sanma one: two opponents, that ruleset
    assert dialog.players() == 3 and dialog.ruleset.currentData() == "riichi-sanma-online"
    listed = {dialog.ruleset.itemData(i) for i in range(dialog.ruleset.count())}
    assert listed == {"riichi-sanma-online", "riichi-sanma-tenhou"}
    assert dialog.levels_title.text() == "AI levels (E S W)"
    dialog.set_opponents(1)
    assert [dialog.ruleset.itemData(i) for i in range(dialog.ruleset.count())] == ["riichi-duel"]
    assert dialog.levels_title.text() == "AI levels (E S)"
    dialog.set_opponents(3)
    four = {dialog.ruleset.itemData(i) for i in range(dialog.ruleset.count())}
    assert "riichi-duel" not in four and all(load_ruleset(n).players == 4 for n in four)
    # Lingxi has no ruleset of its own for three: each of its rulesets, the players following
    dialog.family.setCurrentIndex(dialog.family.findData("lingxi"))
    dialog.set_opponents(2)
    texts = [dialog.ruleset.itemText(i) for i in range(dialog.ruleset.count())]
    assert texts and all(t.endswith("(3 players)") for t in texts)
    rules, setup, _ = dialog.choice()
    assert rules.family == "lingxi" and rules.players == 3 and len(setup.levels) == 3
    assert rules.name == load_ruleset(dialog.ruleset.currentData()).name


def test_the_demo_takes_a_seat_count(capsys) -> None:  # type: ignore[no-untyped-def]
    from desktop.app import build_parser, main

    args = build_parser().parse_args(["--demo", "sichuan", "--players", "2"])
    assert args.players == 2
    with pytest.raises(SystemExit):
        main(["--players", "3"])  # without --demo: a clear error
    assert "--players goes with --demo" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        build_parser().parse_args(["--demo", "riichi", "--players", "5"])


def test_tilehouse_help_names_the_players_option(capsys) -> None:  # type: ignore[no-untyped-def]
    from engine.cli import main

    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    assert "--players" in out and "--demo" in out


# ── nuki: the button, the flash, the words ─────────────────────────────────────────────────────
def _nuki_offered() -> Snapshot:
    """A three-player riichi hand where the person (seat 0) may set a north aside."""
    for n in range(1, 30):
        session = GameSession.new(get_family("riichi").default_rules(3), Setup(0, ["simple"] * 3), f"nuki{n}")
        game = session.game
        agents = [SimpleAgent(f"nuki{n}:{s}") for s in range(3)]
        for _ in range(300):
            if game.results or game.over:
                break
            seat = game.pending()[0]
            legal = game.legal_actions(seat)
            if seat == 0 and any(a.type is A.NUKI for a in legal):
                return session.snapshot([], with_analysis=True)
            session._apply(agents[seat].choose(game.observation(seat), legal))
    raise AssertionError("no north to set aside in 30 hands")


@pytest.mark.parametrize(("language", "word"), [("en", "Kita"), ("zh_CN", "拔北")])
def test_the_nuki_option_is_a_button_with_its_north(main_window, qtbot, language: str, word: str) -> None:  # type: ignore[no-untyped-def]
    snap = _nuki_offered()
    w = main_window(size=(1440, 900), language=language)
    w.on_snapshot(snap)
    assert w.claim.isVisible()
    nuki = [(b, p) for b, p in w.claim.buttons if getattr(p, "type", None) is A.NUKI]
    assert nuki, w.claim.button_texts()
    button, action = nuki[0]
    assert word in button.text() and not button.icon().isNull()  # the north drawn on it
    assert action.tile is not None and action.tile // 4 == 30  # a north
    i18n.install("en")


def test_a_north_set_aside_flashes_and_says_what_it_is(main_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    from desktop.table.animation import call_flashes
    from engine.game.events import Event

    flashes, _ = call_flashes([Event("nuki_declared", 1, {"tile": 120})])
    assert flashes == [(1, "nuki")]
    assert i18n.call_label("nuki", "japanese") == "キタ"
    assert i18n.set_aside_tip(120, "japanese").startswith("North")
    # the norths lie beside the label of the seat that set them aside, with a tooltip
    snap = table_states.mid_hand("riichi", players=3)
    w = main_window(size=(1440, 900), language="en")
    w.on_snapshot(snap)
    norths = {s.seat: len(s.flowers) for s in snap.obs.seats}
    shown: dict[int, int] = {}
    for item in w.scene.items():
        data = item.data(ROLE)
        if isinstance(data, tuple) and data[0] == "flower" and item.isVisible():
            shown[data[1]] = shown.get(data[1], 0) + 1
            assert "kita" in item.toolTip()
    assert shown == {s: k for s, k in norths.items() if k}
    assert sum(norths.values()) >= 1  # the state shows some (the layout test draws it too)


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_the_words_of_the_smaller_tables_exist(qtbot, language: str) -> None:  # type: ignore[no-untyped-def]
    i18n.install(language)
    try:
        words = [
            i18n.action_word("nuki", "japanese"),
            i18n.end_name("all_but_one_won"),
            i18n.end_name("three_won"),
            i18n.draw_name("wall"),
            messages.text(Message.of("notice.last_four", tiles=3)),
            messages.text(Message.of("notice.last_four", tiles=2)),
            messages.text(Message.of("refusal.last_four_draw_only", tiles=3)),
            messages.last_tiles_title(3),
            messages.last_tiles_title(2),
        ]
        for text in words:
            assert text and "_" not in text and "nuki" not in text
        if language == "zh_CN":
            assert words[0].startswith("拔北") and "三张" in words[4] and "两张" in words[5]
            assert messages.last_tiles_title(3) == "最后三张"
        else:
            assert "three" in words[4] and "two" in words[5]
        # four players: the words as before (the message carries 4, or nothing in old observations)
        assert messages.text(Message.of("notice.last_four", tiles=4)) == messages.text(
            Message.of("notice.last_four")
        )
    finally:
        i18n.install("en")


# ── the settlement of a smaller table ─────────────────────────────────────────────────────────────
def _score_rows(w: MainWindow) -> list[str]:
    """The rows of the settlement's scores table (after its header)."""
    from PySide6.QtWidgets import QLabel

    tables = [lb.text() for lb in w.settlement.findChildren(QLabel) if "<table" in lb.text()]
    scores = [t for t in tables if "Before" in t]
    assert scores, tables
    return scores[-1].split("<tr")[2:]


@pytest.mark.parametrize(("family", "players"), [("riichi", 3), ("sichuan", 2), ("lingxi", 3)])
def test_the_settlement_lists_the_seats_at_the_table(main_window, qtbot, family: str, players: int) -> None:  # type: ignore[no-untyped-def]
    """The last hand of a one-hand match: the scores and final standings have a row per player, in
    the order of the ranks, and the ranks go 1..players."""
    rules = get_family(family).default_rules(players)
    session = GameSession.new(rules, Setup(0, ["simple"] * players, max_hands=1), "seats1")
    events = table_states._play(session, lambda s: bool(s.game.results), limit=800)
    snap = session.snapshot(list(events))  # type: ignore[arg-type]
    assert snap.report is not None and len(snap.report.seats) == players
    assert snap.standings is not None and len(snap.standings) == players
    w = main_window(size=(1440, 900), language="en")
    w.on_snapshot(snap)
    w.settlement.finish()
    rows = _score_rows(w)
    assert len(rows) == players
    ranks = [int(r.split("</td>")[0].rsplit(">", 1)[-1].rstrip(".")) for r in rows]
    assert ranks == list(range(1, players + 1))
    order = sorted(snap.standings, key=lambda st: st.rank)
    for row, st in zip(rows, order, strict=True):
        assert f"{st.points:,}" in row


@pytest.mark.parametrize(("language", "word"), [("en", "Kita (north dora)"), ("zh_CN", "拔北宝牌")])
def test_the_settlement_shows_a_north_set_aside_as_its_own_item(qtbot, language: str, word: str) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtWidgets import QLabel

    from desktop.panels import SettlementPanel
    from engine.game.game import Game
    from tests.test_riichi_seats import SANMA, sanma_wall

    # the dealer sets a north aside and wins on the replacement tile (no ordinary dora: 7z shows 5z)
    game = Game(SANMA, walls=[sanma_wall({0: "123p456p789s123s4z"}, draws=["9p"], rinshan=["9p"])])
    game.apply(next(a for a in game.legal_actions(0) if a.type is A.NUKI))
    game.apply(next(a for a in game.legal_actions(0) if a.type is A.TSUMO))
    report = game.reports[-1]
    (win,) = report.wins
    assert {i.key: i.value for i in win.items}.get("kita") == 1
    i18n.install(language)
    try:
        panel = SettlementPanel()
        qtbot.addWidget(panel)
        spec = get_family("riichi")
        panel.show_report(
            report, ["You", "AI 1", "AI 2"], spec, red_tiles=frozenset(), dpr=1.0, final=False, standings=None
        )
        panel.finish()
        cells = [
            re.sub(r"<[^>]+>", "", cell).strip()
            for label in panel.content.findChildren(QLabel)
            for cell in re.findall(r"<td[^>]*>(.*?)</td>", label.text())
        ]
        dora = i18n.item_name("yaku", "dora")
    finally:
        i18n.install("en")
    assert word in cells and dora not in cells  # the north is its own item, beside no dora item
    assert cells[cells.index(word) + 1].startswith("1 ")
