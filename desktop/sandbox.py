"""The practice sandbox: the Sichuan app's "items" as practice tools, in a dock beside the table.

The dock is as wide as its content (rows of tiles wrap, nothing scrolls sideways) and the table keeps
its size when it opens: the window grows by the dock's width, or the dock floats when the screen has
no room for that.

They work only in a practice game (``Game(..., practice=True)``, see :mod:`engine.game.practice`); the
dock starts one when the current game is not. Each tool is a logged action of the person's seat on
its own turn, so a practice game saves, replays and undoes like any other; a game where a tool was
used is marked (``Game.practice_used``) and left out of the statistics.

* 乾坤大挪移 — swaps that bring the hand near 清一色, 对对胡 or 七对;
* 偷天换日 — swap a hand tile for a chosen tile still in the wall;
* 移花接木 — swap a hand tile for a random tile of the wall;
* 千里眼 — roughly where the wall's copies of a kind lie;
* 顺风耳 — the next tile to be drawn.

Everything that reads the game runs on the engine worker thread (the host's ``run_on_engine``, see
:class:`desktop.tools.ToolHost`); the dock gets plain values back through a queued signal.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QHideEvent, QMouseEvent, QPainter, QPaintEvent, QShowEvent
from PySide6.QtWidgets import (
    QComboBox,
    QDockWidget,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from desktop import i18n
from desktop.i18n import tr
from desktop.ruleset_picker import first_family, playable_families
from desktop.tileart import TileState, tile_pixmap
from engine.game.actions import Action, ActionType
from engine.tiles import TileFace, kind_of

if TYPE_CHECKING:
    from desktop.session import Snapshot
    from desktop.tools import ToolHost
    from desktop.worker import Worker

A = ActionType
PATTERN_NAMES = {
    "flush": ("清一色 (one suit)", "清一色"),
    "pons": ("对对胡 (all pungs)", "对对胡"),
    "pairs": ("七对 (seven pairs)", "七对"),
}


DOCK_WIDTH = 330  # the dock's width: the table beside it keeps the rest
GAP = 2  # between two tiles of a grid


class TileGrid(QWidget):
    """Tiles of one size in rows that wrap at the widget's width (never smaller, never scrolled):
    the hand and the wall's kinds in the dock. ``clicked`` gives the index of a clicked tile."""

    clicked = Signal(int)

    def __init__(self, tile_w: float, tile_h: float, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.tile_w, self.tile_h = tile_w, tile_h
        self.faces: list[TileFace] = []
        self.states: list[TileState] = []
        policy = QSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)

    def set_faces(self, faces: list[TileFace], states: list[TileState] | None = None) -> None:
        self.faces = list(faces)
        self.states = list(states) if states is not None else [TileState.NONE] * len(self.faces)
        self.updateGeometry()
        self.update()

    def per_row(self, width: int) -> int:
        return max(1, int((width + GAP) // (self.tile_w + GAP)))

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        rows = -(-len(self.faces) // self.per_row(width)) if self.faces else 1
        return int(rows * (self.tile_h + GAP))

    def sizeHint(self) -> QSize:
        width = max(self.width(), int(6 * (self.tile_w + GAP)))
        return QSize(width, self.heightForWidth(width))

    def minimumSizeHint(self) -> QSize:
        return QSize(int(self.tile_w * 4), int(self.tile_h + GAP))

    def _rect(self, index: int) -> QRectF:
        n = self.per_row(self.width())
        row, col = divmod(index, n)
        return QRectF(col * (self.tile_w + GAP), row * (self.tile_h + GAP), self.tile_w, self.tile_h)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        pos = event.position()
        for i in range(len(self.faces)):
            if self._rect(i).contains(pos):
                self.clicked.emit(i)
                return

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        dpr = self.devicePixelRatioF()
        for i, face in enumerate(self.faces):
            pm = tile_pixmap(face.kind, face.red, self.tile_w, self.tile_h, self.states[i], dpr=dpr)
            painter.drawPixmap(self._rect(i), pm, QRectF(pm.rect()))
        painter.end()


class _Bridge(QObject):
    """Carries answers from the worker thread to the dock (queued: it lives on the UI thread)."""

    state = Signal(object)  # dict


class SandboxDock(QDockWidget):
    """The practice tools for the person's seat in the host's game."""

    def __init__(self, host: ToolHost) -> None:
        super().__init__(tr("Practice sandbox"), host.tool_parent())
        self.setObjectName("practiceSandbox")
        self.host = host
        self.bridge = _Bridge()
        self.bridge.state.connect(self._on_state)
        self.state: dict[str, Any] = {}
        self.chosen_hand_tile: int | None = None
        self.chosen_wall_kind: int | None = None
        self.last_answer = ""

        body = QWidget()
        box = QVBoxLayout(body)
        self.intro = QLabel(
            tr(
                "Practice tools change the wall or show what is hidden: they work in practice games "
                "only, and a game where one is used is marked and left out of the statistics."
            )
        )
        self.intro.setWordWrap(True)
        self.intro.setStyleSheet("color: #555;")
        box.addWidget(self.intro)
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.status.setStyleSheet("font-weight: bold;")
        box.addWidget(self.status)

        start_box = QGroupBox(tr("Start a practice game"))
        sl = QHBoxLayout(start_box)
        self.family = QComboBox()
        for f in playable_families():
            self.family.addItem(i18n.family_name(f), f)
        self.start_button = QPushButton(tr("Start"))
        self.start_button.clicked.connect(self.start_practice_game)
        sl.addWidget(self.family, 1)
        sl.addWidget(self.start_button)
        box.addWidget(start_box)

        self.tools = QWidget()
        tl = QVBoxLayout(self.tools)
        tl.setContentsMargins(0, 0, 0, 0)
        # 乾坤大挪移
        near = QGroupBox(tr("乾坤大挪移 — bring the hand near a pattern"))
        nl = QHBoxLayout(near)
        self.pattern = QComboBox()
        for key, (en, zh) in PATTERN_NAMES.items():
            self.pattern.addItem(zh if i18n.is_zh() else en, key)
        self.near_button = QPushButton(tr("Swap"))
        self.near_button.clicked.connect(lambda: self.near_pattern(self.pattern.currentData()))
        nl.addWidget(self.pattern, 1)
        nl.addWidget(self.near_button)
        tl.addWidget(near)
        # 偷天换日 / 移花接木
        swap = QGroupBox(tr("偷天换日 / 移花接木 — swap a hand tile"))
        wl = QVBoxLayout(swap)
        step1 = QLabel(tr("1. Click the hand tile to give away:"))
        step1.setWordWrap(True)
        wl.addWidget(step1)
        self.hand_strip = TileGrid(24, 32)
        self.hand_strip.clicked.connect(self._hand_clicked)
        wl.addWidget(self.hand_strip)
        step2 = QLabel(tr("2. Click the tile to take from the wall (only tiles still in it):"))
        step2.setWordWrap(True)
        wl.addWidget(step2)
        self.wall_strip = TileGrid(24, 32)
        self.wall_strip.clicked.connect(self._wall_clicked)
        wl.addWidget(self.wall_strip)
        self.swap_button = QPushButton(tr("Swap for chosen"))
        self.swap_button.setToolTip(tr("Swap for the chosen tile"))
        self.swap_button.clicked.connect(self.swap_chosen)
        self.random_button = QPushButton(tr("Swap for random"))
        self.random_button.setToolTip(tr("Swap for a random tile"))
        self.random_button.clicked.connect(self.swap_random)
        row = QHBoxLayout()
        for b in (self.swap_button, self.random_button):
            b.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
            row.addWidget(b)
        wl.addLayout(row)
        tl.addWidget(swap)
        # 千里眼 / 顺风耳
        see = QGroupBox(tr("千里眼 / 顺风耳 — look into the wall"))
        gl = QHBoxLayout(see)
        self.locate_button = QPushButton(tr("Copies in the wall?"))
        self.locate_button.clicked.connect(self.locate_chosen)
        self.peek_button = QPushButton(tr("Next draw?"))
        self.peek_button.clicked.connect(self.peek)
        self.locate_button.setToolTip(tr("Where are the chosen kind's copies?"))
        self.peek_button.setToolTip(tr("What is the next draw?"))
        for b in (self.locate_button, self.peek_button):
            b.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
            gl.addWidget(b)
        tl.addWidget(see)
        self.answer = QLabel()
        self.answer.setWordWrap(True)
        self.answer.setStyleSheet("font-size: 15px;")
        self.answer_tiles = TileGrid(24, 32)
        tl.addWidget(self.answer)
        tl.addWidget(self.answer_tiles)
        box.addWidget(self.tools)
        box.addStretch(1)
        # the dock is as wide as its content needs, the rows of tiles wrap: no horizontal scroll bar;
        # a window smaller than the smallest the game opens (1024 x 700) may scroll it up and down
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        scroll.setWidget(body)
        self.scroll_area = scroll
        self.setWidget(scroll)
        self.setFixedWidth(DOCK_WIDTH)
        self._grown = 0  # how much wider the window was made for the dock (given back when it closes)
        host.snapshot_signal().connect(self.on_snapshot)
        self._update_enabled()

    # ------------------------------------------------------- beside the table
    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self._make_room()

    def hideEvent(self, event: QHideEvent) -> None:
        super().hideEvent(event)
        window = self.parentWidget()
        if self._grown and window is not None and not (window.isMaximized() or window.isFullScreen()):
            window.resize(window.width() - self._grown, window.height())
        self._grown = 0

    def _make_room(self) -> None:
        """The table keeps its size (and the hand its tiles') when the dock opens: the window grows
        by the dock's width when the screen has room for it, else the dock floats at its right edge."""
        window = self.parentWidget()
        if window is None or self.isFloating() or self._grown:
            return
        if self.screen_room(window) >= DOCK_WIDTH + 6:
            self._grown = DOCK_WIDTH + 6
            window.resize(window.width() + self._grown, window.height())
            return
        self.setFloating(True)
        top_right = window.mapToGlobal(window.rect().topRight())
        self.resize(DOCK_WIDTH, max(400, window.height() - 40))
        self.move(top_right.x() - DOCK_WIDTH - 12, top_right.y() + 30)

    def screen_room(self, window: QWidget) -> int:
        """Pixels of the screen free right of the window (none when it is maximized)."""
        screen = window.screen()
        if screen is None or window.isMaximized() or window.isFullScreen():
            return 0
        return int(screen.availableGeometry().right() - window.frameGeometry().right())

    # ----------------------------------------------------------- the game
    def start_practice_game(self, family: str | None = None, seed: str | None = None) -> None:
        """A new practice game (tools allowed, undo on) of ``family`` with its default ruleset."""
        from desktop.storage import Setup
        from engine.rules import default_ruleset

        family = family or self.family.currentData() or first_family()
        rules = default_ruleset(family)
        setup = Setup(human_seat=0, levels=["simple"] * 4, practice=True)
        auto = self.host.settings.auto_options()

        def job(w: Worker) -> None:
            from desktop.session import GameSession
            from engine.game.game import Game

            game_seed = seed if seed is not None else str(random.SystemRandom().randrange(10**9))
            w.session = GameSession(Game(rules, seed=game_seed, practice=True), setup)
            w.session.auto = auto
            w.do_autosave()
            w.emit_snapshot([])

        self.host.run_on_engine(job, new_game=True)

    def on_snapshot(self, snap: Snapshot) -> None:
        for event in snap.events:
            data = event.to_json()
            if event.type == "practice_peek" and event.seat == snap.viewer and "tile" in data:
                tile = data["tile"]
                red = tile is not None and tile in snap.red_tiles
                if tile is None:
                    self._show_answer(tr("顺风耳: the wall is empty."), [])
                else:
                    face = TileFace(kind_of(tile), red)
                    text = tr("顺风耳: the next draw is {t}.").format(t=i18n.tile_name(face.kind))
                    self._show_answer(text, [face])
            elif event.type == "practice_locate" and event.seat == snap.viewer and "kind" in data:
                kind = int(data["kind"])
                away = list(data.get("draws_away") or [])
                if away:
                    text = tr(
                        "千里眼: {n} × {t} in the wall; the first is {d} draw(s) away (of {live})."
                    ).format(n=len(away), t=i18n.tile_name(kind), d=away[0] + 1, live=data.get("live", "?"))
                else:
                    text = tr("千里眼: no {t} left in the wall.").format(t=i18n.tile_name(kind))
                self._show_answer(text, [TileFace(kind)] * len(away))
            elif event.type == "practice_swap" and event.seat == snap.viewer and "in" in data:
                got = data["in"]
                text = tr("Swapped: {out} went into the wall, {got} came into the hand.").format(
                    out=i18n.tile_name(kind_of(data["out"])),
                    got=i18n.tile_name(kind_of(got)),
                )
                self._show_answer(text, [TileFace(kind_of(got), got in snap.red_tiles)])
        if not self.isVisible():
            return
        if any(a.type is A.DISCARD for a in snap.legal):
            self.refresh()  # the person's turn: the tools may be used
        elif self.state.get("options"):
            self._on_state({**self.state, "options": {}})

    def refresh(self) -> None:
        """Ask the worker for the tools' state (the hand, the wall tiles that may come in)."""
        bridge = self.bridge

        def job(w: Worker) -> None:
            from engine.game import practice

            session = w.session
            if session is None:
                bridge.state.emit({})
                return
            game = session.game
            seat = session.setup.human_seat
            options = practice.options(game, seat) if seat is not None and game.practice else {}
            bridge.state.emit(
                {
                    "practice": bool(game.practice),
                    "used": bool(game.practice_used),
                    "family": game.family.name,
                    "red_tiles": game.family.red_tiles(game.rules),
                    "seat": seat,
                    "options": options,
                    "actions": len(game.actions),
                    "seed": str(game.seed),
                }
            )

        self.host.run_on_engine(job)

    def _on_state(self, state: dict[str, Any]) -> None:
        self.state = state
        options = state.get("options") or {}
        red: frozenset[int] = state.get("red_tiles") or frozenset()
        hand = sorted(options.get("hand") or [])
        if self.chosen_hand_tile not in hand:
            self.chosen_hand_tile = None
        self.hand_strip.set_faces(
            [TileFace(kind_of(t), t in red) for t in hand],
            [TileState.SELECTED if t == self.chosen_hand_tile else TileState.NONE for t in hand],
        )
        kinds = sorted({kind_of(t) for t in options.get("wall") or []})
        if self.chosen_wall_kind not in kinds and self.chosen_wall_kind is not None:
            self.chosen_wall_kind = None
        self.wall_strip.set_faces(
            [TileFace(k) for k in kinds],
            [TileState.SELECTED if k == self.chosen_wall_kind else TileState.NONE for k in kinds],
        )
        self._update_enabled()

    def _update_enabled(self) -> None:
        state = self.state
        practice_game = bool(state.get("practice"))
        my_turn = bool(state.get("options"))
        self.intro.setVisible(not practice_game)  # the status line says the rest
        if not practice_game:
            self.status.setText(tr("This is not a practice game: start one to use the tools."))
        elif state.get("used"):
            self.status.setText(tr("Practice tools used: this game is left out of the statistics."))
        else:
            self.status.setText(tr("Practice game: the tools work on your turn."))
        self.tools.setEnabled(practice_game and my_turn)
        self.swap_button.setEnabled(self.chosen_hand_tile is not None and self.chosen_wall_kind is not None)
        self.random_button.setEnabled(self.chosen_hand_tile is not None)
        self.locate_button.setEnabled(self.chosen_hand_tile is not None or self.chosen_wall_kind is not None)

    def _hand_clicked(self, index: int) -> None:
        hand = sorted((self.state.get("options") or {}).get("hand") or [])
        if 0 <= index < len(hand):
            self.chosen_hand_tile = hand[index]
            self._on_state(self.state)

    def _wall_clicked(self, index: int) -> None:
        kinds = sorted({kind_of(t) for t in (self.state.get("options") or {}).get("wall") or []})
        if 0 <= index < len(kinds):
            self.chosen_wall_kind = kinds[index]
            self._on_state(self.state)

    def _show_answer(self, text: str, faces: list[TileFace]) -> None:
        self.last_answer = text
        self.answer.setText(text)
        self.answer_tiles.set_faces(faces)

    # -------------------------------------------------------------- tools
    def _seat(self) -> int | None:
        seat = self.state.get("seat")
        return int(seat) if seat is not None else None

    def _send(self, action: Action) -> None:
        self.host.send_table_action(action)

    def near_pattern(self, pattern: str) -> None:
        """乾坤大挪移: apply the swaps that bring the hand near ``pattern`` (flush, pons, pairs)."""
        seat = self._seat()
        if seat is None:
            return

        def job(w: Worker) -> None:
            from engine.game import practice

            assert w.session is not None
            events: list[Any] = []
            for action in practice.swaps_toward(w.session.game, seat, pattern):
                events += w.session.apply_human(action)
            w.do_autosave()
            w.emit_snapshot(events)

        self.host.run_on_engine(job)

    def swap_chosen(self) -> None:
        """偷天换日: the chosen hand tile for a wall tile of the chosen kind."""
        seat, out, kind = self._seat(), self.chosen_hand_tile, self.chosen_wall_kind
        wall = [t for t in (self.state.get("options") or {}).get("wall") or [] if kind_of(t) == kind]
        if seat is None or out is None or not wall:
            return
        self._send(Action(seat, A.PRACTICE_SWAP, tile=out, tiles=(wall[0],)))

    def swap_random(self) -> None:
        """移花接木: the chosen hand tile for a random wall tile (random, but the same in a replay)."""
        seat, out = self._seat(), self.chosen_hand_tile
        wall = list((self.state.get("options") or {}).get("wall") or [])
        if seat is None or out is None or not wall:
            return
        rng = random.Random(f"{self.state.get('seed')}:{self.state.get('actions')}:swap")
        self._send(Action(seat, A.PRACTICE_SWAP, tile=out, tiles=(rng.choice(wall),)))

    def locate_chosen(self) -> None:
        """千里眼: roughly where the copies of the chosen kind lie."""
        seat = self._seat()
        kind = self.chosen_wall_kind
        if kind is None and self.chosen_hand_tile is not None:
            kind = kind_of(self.chosen_hand_tile)
        if seat is None or kind is None:
            return
        self._send(Action(seat, A.PRACTICE_LOCATE, tile=kind * 4 if kind < 34 else 136 + kind - 34))

    def peek(self) -> None:
        """顺风耳: the next tile to be drawn."""
        seat = self._seat()
        if seat is not None:
            self._send(Action(seat, A.PRACTICE_PEEK))
