"""The settlement panel shows the engine's report and adds nothing: what it prints adds up.

The rows it renders are read back as text: every seat's "after" equals its "before" plus the sum of
the payment lines shown, and the standings equal the payments (the bug this guards against: 血战 wins
and 刮风下雨 paid during the hand were once added again at the end).
"""

from __future__ import annotations

import re

import pytest
from PySide6.QtWidgets import QLabel

from desktop.panels import SettlementPanel
from engine.agents.simple import SimpleAgent
from engine.families.registry import get_family
from engine.game.game import Game
from engine.game.settlement import SettlementReport
from engine.rules import default_ruleset

NAMES = ["You", "AI 1", "AI 2", "AI 3"]
ROW = re.compile(r"<tr[^>]*>(.*?)</tr>")
CELL = re.compile(r"<td[^>]*>(.*?)</td>")
TAG = re.compile(r"<[^>]+>")


def _played(family: str, seed: str, hands: int = 1) -> Game:
    game = Game(default_ruleset(family), seed=seed)
    agents = [SimpleAgent(f"{seed}:{s}") for s in range(4)]
    while len(game.results) < hands and not game.over:
        for s in game.pending():
            if s in game.pending():
                game.apply(agents[s].choose(game.observation(s), game.legal_actions(s)))
    return game


def _tables(panel: SettlementPanel) -> list[list[list[str]]]:
    """Every HTML table the panel shows, as rows of plain-text cells."""
    out = []
    for label in panel.content.findChildren(QLabel):
        html = label.text()
        if "<table" not in html:
            continue
        rows = []
        for row in ROW.findall(html):
            rows.append(
                [TAG.sub("", c).replace("&lt;", "<").replace("&gt;", ">").strip() for c in CELL.findall(row)]
            )
        out.append(rows)
    return out


def _number(text: str) -> int:
    text = text.replace(",", "").replace("±", "").replace("−", "-").split()[0]
    return int(text)


def _show(
    qtbot, report: SettlementReport, family: str, *, final: bool = False, standings=None
) -> SettlementPanel:  # type: ignore[no-untyped-def]
    panel = SettlementPanel()
    qtbot.addWidget(panel)
    panel.show_report(
        report, NAMES, get_family(family), red_tiles=frozenset(), dpr=1.0, final=final, standings=standings
    )
    panel.finish()
    return panel


def _ledger_and_scores(
    panel: SettlementPanel,
) -> tuple[list[tuple[str, str, int]], dict[str, tuple[int, int, int]]]:
    ledger: list[tuple[str, str, int]] = []
    scores: dict[str, tuple[int, int, int]] = {}
    for rows in _tables(panel):
        for cells in rows:
            if len(cells) == 3 and "→" in cells[0]:
                payer, payee = (x.strip() for x in cells[0].split("→"))
                ledger.append((payer, payee, _number(cells[1])))
            elif len(cells) >= 5 and _name(cells[1]) in NAMES:
                scores[_name(cells[1])] = (_number(cells[2]), _number(cells[3]), _number(cells[4]))
    return ledger, scores


def _name(cell: str) -> str:
    """A player's name in the scores table (the dealer is marked)."""
    return cell.replace("(dealer)", "").strip()


def test_a_xuezhan_hand_with_wins_and_kan_payments_adds_up(qtbot) -> None:  # type: ignore[no-untyped-def]
    game = _played("sichuan", "xz5")  # three 血战 wins, 下雨 three times and a 刮风
    report = game.reports[0]
    reasons = [line.reason for line in report.ledger]
    assert len(report.wins) >= 2 and "xia_yu" in reasons and "gua_feng" in reasons
    panel = _show(qtbot, report, "sichuan")
    ledger, scores = _ledger_and_scores(panel)
    assert len(ledger) == len(report.ledger)
    net = dict.fromkeys(NAMES, 0)
    for payer, payee, amount in ledger:
        net[payer] -= amount
        net[payee] += amount
    for seat, name in enumerate(NAMES):
        before, change, after = scores[name]
        assert change == net[name] and after == before + net[name] == game.match.scores[seat]
    # every winner's hand is shown, each before its own payments, in the order of the hand
    heads = [
        label.text()
        for label in panel.content.findChildren(QLabel)
        if "Self-drawn hu" in label.text() or "dealt in" in label.text()
    ]
    assert len(heads) == len(report.wins)
    for w, head in zip(sorted(report.wins, key=lambda w: w.order), heads, strict=True):
        assert NAMES[w.seat] in head
    assert [w.ledger_at for w in report.wins] == sorted(w.ledger_at for w in report.wins)
    for w in report.wins:  # the first payment after a win's hand is the win's
        assert report.ledger[w.ledger_at].payee == w.seat


@pytest.mark.parametrize("family", ["riichi", "sichuan", "lingxi"])
def test_final_standings_are_the_stored_scores(qtbot, family: str) -> None:  # type: ignore[no-untyped-def]
    game = _played(family, "standings", hands=2)
    panel = _show(qtbot, game.reports[-1], family, final=True, standings=game.standings())
    _ledger, scores = _ledger_and_scores(panel)
    for seat, name in enumerate(NAMES):
        before, change, after = scores[name]
        assert after == game.standings()[[s.seat for s in game.standings()].index(seat)].points
        assert before + change == game.reports[-1].seats[seat].after


def test_a_lingxi_settlement_shows_every_seats_tai_and_the_arithmetic(qtbot) -> None:  # type: ignore[no-untyped-def]
    for n in range(60):
        game = _played("lingxi", f"tai{n}")
        report = game.reports[0]
        if report.kind == "win" and report.lines_of("difference"):
            break
    else:  # pragma: no cover
        raise AssertionError("no Lingxi hand with differences found")
    panel = _show(qtbot, report, "lingxi")
    text = " ".join(label.text() for label in panel.content.findChildren(QLabel))
    for s in report.seats:
        assert s.value is not None
    for line in report.lines_of("difference"):
        hi, lo = line.detail("higher"), line.detail("lower")
        assert hi is not None and lo is not None
        assert f"{hi} − {lo} = {hi - lo}" in text
    ledger, _scores = _ledger_and_scores(panel)
    assert len(ledger) == len(report.ledger)


def test_the_sichuan_demo_shows_standings_equal_to_the_payments(qtbot, main_window) -> None:  # type: ignore[no-untyped-def]
    """``tilehouse --demo sichuan --seed 1``: its 血战 win and 刮风 were once counted twice (4 / 2 / −2 / −4
    shown for payments of 2 / 1 / −1 / −2)."""
    from desktop.storage import Setup

    w = main_window()
    w.demo = True
    settled: list[bool] = []
    w.hand_settled.connect(lambda: settled.append(True))
    w.start_game(default_ruleset("sichuan"), Setup(human_seat=None, max_hands=1), "1")
    qtbot.waitUntil(lambda: bool(settled), timeout=30000)
    report = w.snap.report
    assert report is not None
    names = w.names(w.snap)
    ledger, scores = _ledger_and_scores_named(w.settlement, names)
    assert len(ledger) == len(report.ledger) >= 2
    net = dict.fromkeys(names, 0)
    for payer, payee, amount in ledger:
        net[payer] -= amount
        net[payee] += amount
    for name in names:
        before, change, after = scores[name]
        assert change == net[name] and after == before + change
    assert sorted(after for _b, _c, after in scores.values()) == sorted(
        w.controller.worker.session.game.match.scores
    )


def _ledger_and_scores_named(panel: SettlementPanel, names: list[str]):  # type: ignore[no-untyped-def]
    ledger: list[tuple[str, str, int]] = []
    scores: dict[str, tuple[int, int, int]] = {}
    for rows in _tables(panel):
        for cells in rows:
            if len(cells) == 3 and "→" in cells[0]:
                payer, payee = (x.strip() for x in cells[0].split("→"))
                ledger.append((payer, payee, _number(cells[1])))
            elif len(cells) >= 5 and _name(cells[1]) in names:
                scores[_name(cells[1])] = (_number(cells[2]), _number(cells[3]), _number(cells[4]))
    return ledger, scores


@pytest.mark.parametrize(("language", "words"), [("en", {"Ron", "Tsumo"}), ("zh_CN", {"荣和", "自摸"})])
def test_a_riichi_settlement_is_titled_in_the_players_language(qtbot, language: str, words) -> None:  # type: ignore[no-untyped-def]
    """The table flashes ロン / ツモ as the call is made; the settlement reads in the player's language."""
    from desktop import i18n

    game = _played("riichi", "title", hands=6)
    wins = [r for r in game.reports if r.kind == "win" and r.wins]
    assert wins, "no riichi hand was won in six"
    try:
        i18n.install(language)
        for report in wins:
            panel = _show(qtbot, report, "riichi")
            assert set(panel.title.rstrip("!！").split(" / ")) <= words
            assert not set(panel.title) & set("ロンツモ")
            for label in panel.content.findChildren(QLabel):
                assert "ツモ" not in label.text()
    finally:
        i18n.install("en")
