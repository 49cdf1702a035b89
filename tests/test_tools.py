"""The study tools' host (pytest-qt, offscreen): the tools depend on :class:`desktop.tools.ToolHost`, never
on the main window; :class:`desktop.tools.ToolWindows` keeps one window of each kind, builds the Study
menu and records finished hands once; every family fact the tools show comes from the registry.

The tools run here against :class:`tests.tool_host.FakeHost`, a bare QMainWindow — no table, no engine
worker (the sandbox's jobs are run by hand on a stub worker)."""

from __future__ import annotations

import ast
import os
import re
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("pytestqt")

from desktop.settings import Settings
from engine.families.registry import family_names, get_family, specs
from engine.rules import default_ruleset
from engine.tiles import TileFace, kind_of
from tests.tool_host import FakeHost

ROOT = Path(__file__).resolve().parent.parent
# the study tools and dialogs, their host module and what they share
TOOL_MODULES = (
    "calculator",
    "drills",
    "sandbox",
    "rulebook",
    "first_run",
    "stats",
    "rules_editor",
    "dialogs",
    "ruleset_picker",
    "settings",
    "tools",
)
FAMILY_LITERAL = re.compile(r'"(riichi|sichuan|lingxi)"')
WAIT = 20000


@pytest.fixture
def host(qtbot):  # type: ignore[no-untyped-def]
    from desktop import fonts

    fonts.load()
    h = FakeHost()
    qtbot.addWidget(h)
    h.show()
    return h


# ── the rules of the house ─────────────────────────────────────────────────────────────────────
def _imports(path: Path) -> set[str]:
    """Every module ``path`` imports anywhere (functions and ``TYPE_CHECKING`` blocks included)."""
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            out.add(node.module)
            out.update(f"{node.module}.{alias.name}" for alias in node.names)
    return out


@pytest.mark.parametrize("name", TOOL_MODULES)
def test_no_tool_module_imports_the_main_window(name: str) -> None:
    imported = _imports(ROOT / "desktop" / f"{name}.py")
    assert "desktop.window" not in imported and "desktop.window.MainWindow" not in imported, name
    text = (ROOT / "desktop" / f"{name}.py").read_text(encoding="utf-8")
    assert "_tilehouse_" not in text and "study_actions" not in text, name  # no attributes put on a window


@pytest.mark.parametrize("name", TOOL_MODULES)
def test_no_tool_module_names_a_family(name: str) -> None:
    """The desktop never branches on a family's name: ``grep -nE '"(riichi|sichuan|lingxi)"'`` finds
    nothing in the tools (the family facts come from the registry)."""
    lines = (ROOT / "desktop" / f"{name}.py").read_text(encoding="utf-8").splitlines()
    found = [
        f"{name}.py:{n}: {line.strip()}" for n, line in enumerate(lines, 1) if FAMILY_LITERAL.search(line)
    ]
    assert found == []


def test_the_settings_start_on_the_registry_first_family() -> None:
    settings = Settings()
    assert settings.last_family == "" and settings.family() == family_names()[0]
    assert Settings(last_family="klondike").family() == family_names()[0]
    last = family_names()[-1]
    assert Settings(last_family=last).family() == last
    assert Settings.from_dict({"last_family": last}).family() == last


# ── the host and its windows ───────────────────────────────────────────────────────────────────
def test_one_window_of_each_kind_and_the_study_menu(qtbot, host) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtWidgets import QMenuBar

    from desktop.calculator import Calculator
    from desktop.drills import DrillsWindow
    from desktop.rulebook import RuleBookWindow
    from desktop.rules_editor import RulesEditor
    from desktop.sandbox import SandboxDock
    from desktop.stats import StatsWindow
    from desktop.tools import STUDY_ENTRIES

    tools = host.tools
    bar = QMenuBar()
    qtbot.addWidget(bar)
    menu = tools.install_menu(bar)
    assert menu.title() == "&Study" and len(tools.actions) == len(STUDY_ENTRIES) == 6
    assert [a.shortcut().toString() for a in tools.actions] == [key for _kind, key in STUDY_ENTRIES]
    assert all(tools.find(cls) is None for cls in (Calculator, RuleBookWindow, StatsWindow))
    for action in tools.actions:
        action.trigger()
    opened = {
        cls: tools.find(cls)
        for cls in (RulesEditor, RuleBookWindow, Calculator, DrillsWindow, SandboxDock, StatsWindow)
    }
    for cls, window in opened.items():
        assert isinstance(window, cls) and window.isVisible(), cls.__name__
    assert opened[SandboxDock].parent() is host and host.dockWidgetArea(opened[SandboxDock])
    qtbot.waitUntil(lambda: not opened[DrillsWindow].busy, timeout=WAIT)
    for action in tools.actions:
        action.trigger()
    for cls, window in opened.items():
        assert tools.find(cls) is window, cls.__name__
    qtbot.waitUntil(lambda: not opened[DrillsWindow].busy, timeout=WAIT)
    # the tools open at the family on the table (here: the one last chosen)
    other = family_names()[1]
    host.settings.last_family = other
    assert tools.open("calculator") is opened[Calculator] and opened[Calculator].family == other
    assert tools.open("rule_book") is opened[RuleBookWindow]
    assert opened[RuleBookWindow].current.family == other


def _settled_snapshot(**changes: Any) -> Any:
    """A snapshot of a hand that just ended, with its settlement report (seat 0 is the person's)."""
    from desktop.session import Snapshot
    from engine.agents.simple import SimpleAgent
    from engine.game.game import Game
    from engine.game.play import play_hand

    rules = default_ruleset(family_names()[0])
    game = Game(rules, seed="tools")
    play_hand(game, [SimpleAgent(f"t{s}") for s in range(4)])
    values: dict[str, Any] = dict(
        obs=game.observation(0),
        legal=[],
        events=[],
        viewer=0,
        human_seat=0,
        family=game.family.name,
        report=game.reports[-1],
        hand_number=1,
        seed="tools",
        ruleset=str(rules.name),
    )
    values.update(changes)
    return Snapshot(**values)


def test_a_settled_hand_is_recorded_once_however_often_the_menu_is_built(qtbot, host) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtWidgets import QMenuBar

    from engine.stats import load_records

    bar = QMenuBar()
    qtbot.addWidget(bar)
    for _ in range(3):  # a language change rebuilds the menus
        host.tools.install_menu(bar)
    host.snap = _settled_snapshot()
    host.settled.emit()
    records = load_records()
    assert len(records) == 1 and host.tools.recorded == records
    r = records[0]
    report = host.snap.report
    assert (r.family, r.seat, r.hand, r.kind) == (report.family, 0, 1, report.kind)
    assert r.score_change == report.seats[0].change
    assert r.match == f"{report.family}:tools:{host.snap.ruleset}"
    # practice games, games where a practice tool was used, demos, spectators: nothing recorded
    for snap, used, demo in (
        (_settled_snapshot(practice=True), False, False),
        (_settled_snapshot(), True, False),
        (_settled_snapshot(), False, True),
        (_settled_snapshot(human_seat=None), False, False),
        (_settled_snapshot(report=None), False, False),
    ):
        host.snap, host.tools_used, host.demo = snap, used, demo
        host.settled.emit()
    assert len(load_records()) == 1


def test_the_rules_editor_starts_on_the_chosen_family(qtbot, host) -> None:  # type: ignore[no-untyped-def]
    editor = host.tools.rules_editor()
    assert editor.family == family_names()[0]  # a fresh start: the registry's first
    editor.close()


# ── the sandbox through the host ───────────────────────────────────────────────────────────────
class StubWorker:
    """The engine worker as a job sees it: the session, autosave and snapshots (sent to the host)."""

    def __init__(self, host: FakeHost) -> None:
        self.host = host
        self.session: Any = None

    def do_autosave(self) -> None:
        pass

    def emit_snapshot(self, events: list[Any]) -> None:
        self.host.snapshots.emit(self.session.snapshot(events))


def run_jobs(host: FakeHost, worker: StubWorker) -> None:
    while host.jobs:
        job, _new = host.jobs.pop(0)
        job(worker)


def test_the_sandbox_starts_a_practice_game_and_reads_it_on_the_engine(qtbot, host) -> None:  # type: ignore[no-untyped-def]
    from desktop.sandbox import SandboxDock

    dock = host.tools.sandbox()
    assert isinstance(dock, SandboxDock) and host.tools.sandbox() is dock
    family_list = [dock.family.itemData(i) for i in range(dock.family.count())]
    assert family_list[0] == family_names()[0] and set(family_list) <= set(family_names())
    worker = StubWorker(host)
    run_jobs(host, worker)  # the refresh on opening: no game yet
    assert dock.state == {} and "not a practice game" in dock.status.text()
    family = family_names()[0]
    dock.start_practice_game(family, seed="tools1")
    assert host.jobs[-1][1] is True  # a new game for the table
    run_jobs(host, worker)
    game = worker.session.game
    assert game.practice and game.family.name == family and worker.session.setup.practice
    dock.refresh()
    assert host.jobs and host.jobs[-1][1] is False
    run_jobs(host, worker)
    assert dock.state["practice"] and dock.state["family"] == family
    assert dock.state["red_tiles"] == get_family(family).red_tiles(game.rules)
    if dock.state["options"]:  # the person's turn: the tools work, their actions go to the table
        dock._hand_clicked(0)
        dock.peek()
        assert host.sent and host.sent[-1].seat == 0


# ── the first start through the host ───────────────────────────────────────────────────────────
def test_the_welcome_through_the_host(qtbot, host, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    from desktop import first_run, i18n
    from desktop.rulebook import RuleBookWindow
    from desktop.ruleset_picker import playable_families

    monkeypatch.setenv(first_run.FIRST_RUN_ENV, "1")
    dialog = first_run.attach(host)
    assert dialog is not None and host.first_frame == [dialog.open_once] and dialog.parent() is host
    assert [dialog.family.itemData(i) for i in range(dialog.family.count())] == playable_families()
    assert dialog.chosen_family() == family_names()[0]
    last = playable_families()[-1]
    dialog.family.setCurrentIndex(dialog.family.findData(last))
    book = dialog.show_rule_book()
    assert host.tools.find(RuleBookWindow) is book and book.current.family == last
    try:
        dialog.language.setCurrentIndex(dialog.language.findData("zh_CN"))
        assert "retranslate" in host.calls
    finally:
        i18n.install("en")
    dialog.start_practice()
    [(rules, setup, _seed)] = host.started
    assert rules.family == last and setup.practice and setup.max_hands == first_run.PRACTICE_HANDS
    assert "practice_panel" in host.calls and host.settings.last_family == last
    assert Settings.path().is_file()  # closing the welcome saves the settings
    os.environ.pop(first_run.FIRST_RUN_ENV, None)


# ── family facts from the registry ─────────────────────────────────────────────────────────────
@pytest.mark.parametrize("family", family_names())
def test_the_calculator_shows_what_the_registry_says(qtbot, host, family: str) -> None:  # type: ignore[no-untyped-def]
    from desktop.calculator import Calculator, palette_faces

    spec = get_family(family)
    calc = host.tools.calculator(family)
    assert isinstance(calc, Calculator) and calc.family == family
    rules = default_ruleset(family)
    red = {kind_of(t) for t in spec.red_tiles(rules)}
    faces = palette_faces(family, rules)
    assert [f for f in faces if not f.red] == [TileFace(k) for k in sorted(spec.kinds)]
    assert {f.kind for f in faces if f.red} == red
    assert list(calc.flag_boxes) == list(spec.situation_flags)
    kinds = [calc.meld_type.itemData(i) for i in range(calc.meld_type.count())]
    assert ("chi" in kinds) == spec.claims_chi
    assert (not calc.win_none.isHidden()) == spec.scores_non_winners
    fields = set(spec.situation_fields)
    for key, widget in (
        ("round_wind", calc.round_wind),
        ("dora_indicators", calc.dora_field),
        ("honba", calc.honba),
        ("riichi_sticks", calc.sticks),
        ("wild", calc.wild_field),
        ("flowers", calc.flowers_field),
    ):
        assert (not widget.isHidden()) == (key in fields), key
    situation = calc.situation()
    assert situation["variant"] == family
    assert set(situation) - {"variant", "ruleset", "hand", "win_tile", "win", "seat"} <= fields


def test_every_family_has_a_rule_book_page() -> None:
    from desktop.first_run import rule_book_pages
    from desktop.rulebook import page_path, rule_book_dir

    pages = rule_book_pages()
    assert list(pages) == [spec.name for spec in specs()]
    for spec in specs():
        assert pages[spec.name] == rule_book_dir() / f"{spec.rule_page}.md" == page_path(spec.name)
        assert page_path(spec.name, "zh") == rule_book_dir() / "zh" / f"{spec.rule_page}.md"
