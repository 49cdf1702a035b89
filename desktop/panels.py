"""Panels over the table: claim options, the settlement, the practice panel and short notices."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QIcon, QKeySequence, QPainter, QPixmap
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from desktop import (
    i18n,
)
from desktop.i18n import tr
from desktop.tileart import TileState, tile_pixmap
from engine.game.actions import Action, ActionType
from engine.tiles import is_red, kind_of

A = ActionType

PANEL_STYLE = """
QFrame#panel { background: rgba(16, 30, 27, 236); border: 1px solid rgba(255,255,255,40);
               border-radius: 14px; }
QLabel { color: #eef3ef; }
QLabel#title { font-size: 22px; font-weight: bold; color: #f6e7b8; }
QLabel#muted { color: #b9cbc3; }
QPushButton { background: #f4efe2; color: #1c2230; border: 1px solid #c9bfa6; border-radius: 9px;
              padding: 6px 14px; font-size: 16px; font-weight: bold; }
QPushButton:hover { background: #fff8e6; border-color: #e0a526; }
QPushButton:focus { border: 2px solid #3d8bfd; }
QPushButton#win { background: #b8312b; color: white; border-color: #8d221e; }
QPushButton#win:hover { background: #cc3b34; }
QPushButton#pass { background: #4c5a56; color: #eef3ef; border-color: #3a4643; }
QPushButton#riichi { background: #e0a526; color: #1c2230; }
"""


def tiles_pixmap(
    tiles: Sequence[int],
    w: float,
    h: float,
    *,
    dpr: float = 1.0,
    red_fives: bool = True,
    marked: Sequence[int] = (),
    wild: Sequence[int] = (),
    gap: float = 1.0,
) -> QPixmap:
    """A strip of face-up tiles (for buttons and the settlement)."""
    width = len(tiles) * (w + gap)
    pm = QPixmap(max(1, int(width * dpr)), max(1, int(h * dpr)))
    pm.setDevicePixelRatio(dpr)
    pm.fill(Qt.GlobalColor.transparent)
    p = QPainter(pm)
    for i, t in enumerate(tiles):
        state = TileState.NONE
        if t in marked:
            state |= TileState.MARKED
        if kind_of(t) in wild:
            state |= TileState.WILD
        tp = tile_pixmap(kind_of(t), red_fives and is_red(t), w, h, state, dpr=dpr)
        p.drawPixmap(QRectF(i * (w + gap), 0, w, h), tp, QRectF(tp.rect()))
    p.end()
    return pm


class ClaimPanel(QFrame):
    """Every legal non-discard option of the human: win, riichi, each chi, pon, each kan, pass..."""

    chosen = Signal(object)  # Action
    mode_requested = Signal(str)  # "riichi" or "exchange"

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("panel")
        self.setStyleSheet(PANEL_STYLE)
        self.row = QHBoxLayout(self)
        self.row.setContentsMargins(12, 10, 12, 10)
        self.row.setSpacing(10)
        self.buttons: list[tuple[QPushButton, Any]] = []
        self.timer = QTimer(self)
        self.timer.setInterval(1000)
        self.timer.timeout.connect(self._tick)
        self.remaining = 0
        self.timer_label = QLabel()
        self.timer_label.setObjectName("muted")
        self.pass_action: Action | None = None
        self.hide()

    def clear(self) -> None:
        self.timer.stop()
        while self.row.count():
            item = self.row.takeAt(0)
            w = item.widget()
            if w is not None and w is not self.timer_label:
                w.deleteLater()
        self.buttons.clear()
        self.pass_action = None
        self.hide()

    def set_options(
        self,
        legal: list[Action],
        family: str,
        *,
        red_fives: bool,
        dpr: float,
        timer_seconds: int = 0,
        cancel_mode: str = "",
    ) -> None:
        self.clear()
        if cancel_mode:
            self._add(tr("Cancel"), "pass", ("cancel", cancel_mode), key="Esc")
            self._finish(0)
            return
        by_type: dict[ActionType, list[Action]] = {}
        for a in legal:
            by_type.setdefault(a.type, []).append(a)
        entries: list[tuple[str, str, Any, list[int]]] = []  # text, style, payload, tiles
        for t in (A.TSUMO, A.RON):
            for a in by_type.get(t, []):
                entries.append(
                    (i18n.action_word(t.value, family), "win", a, [a.tile] if a.tile is not None else [])
                )
        if A.RIICHI in by_type:
            entries.append((i18n.action_word("riichi", family), "riichi", ("mode", "riichi"), []))
        for a in by_type.get(A.CHI, []):
            tiles = sorted([*a.tiles, a.tile], key=kind_of) if a.tile is not None else list(a.tiles)
            entries.append((i18n.action_word("chi", family), "", a, tiles))
        for a in by_type.get(A.PON, []):
            entries.append(
                (
                    i18n.action_word("pon", family),
                    "",
                    a,
                    [*a.tiles, *([a.tile] if a.tile is not None else [])],
                )
            )
        for t in (A.OPEN_KAN, A.CLOSED_KAN, A.ADDED_KAN):
            for a in by_type.get(t, []):
                tiles = list(a.tiles) + ([a.tile] if a.tile is not None and a.tile not in a.tiles else [])
                entries.append(
                    (
                        i18n.action_word(t.value, family),
                        "",
                        a,
                        tiles[:4] if t is not A.ADDED_KAN else tiles[:1],
                    )
                )
        for a in by_type.get(A.NINE_TERMINALS, []):
            entries.append((i18n.action_word("nine_terminals", family), "", a, []))
        for a in by_type.get(A.DECLARE_LACK, []):
            suit = a.suit if a.suit is not None else 0
            entries.append(
                (tr("Lack {suit}").format(suit=i18n.suit_name(suit)), "", a, [suit * 36 + 4 * 4 + 1])
            )
        if A.EXCHANGE in by_type:
            entries.append((i18n.action_word("exchange", family), "riichi", ("mode", "exchange"), []))
        if not entries and A.PASS not in by_type:
            return
        for i, (text, style, payload, tiles) in enumerate(entries):
            self._add(
                text,
                style,
                payload,
                key=str(i + 1) if i < 9 else "",
                tiles=tiles,
                red_fives=red_fives,
                dpr=dpr,
            )
        if A.PASS in by_type:
            self.pass_action = by_type[A.PASS][0]
            self._add(i18n.action_word("pass", family), "pass", self.pass_action, key="Esc")
        self._finish(timer_seconds if A.PASS in by_type else 0)

    def _add(
        self,
        text: str,
        style: str,
        payload: Any,
        *,
        key: str = "",
        tiles: Sequence[int] = (),
        red_fives: bool = True,
        dpr: float = 1.0,
    ) -> None:
        b = QPushButton(f"{text}" + (f"  [{key}]" if key else ""))
        if style:
            b.setObjectName(style)
        if tiles:
            pm = tiles_pixmap(tiles, 26, 36, dpr=dpr, red_fives=red_fives)
            b.setIcon(QIcon(pm))
            b.setIconSize(QSize(int(pm.width() / dpr), int(pm.height() / dpr)))
        if key and key != "Esc":
            b.setShortcut(QKeySequence(key))
        b.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        b.setMinimumHeight(48)
        b.clicked.connect(lambda _=False, p=payload: self._pressed(p))
        self.row.addWidget(b)
        self.buttons.append((b, payload))

    def _finish(self, timer_seconds: int) -> None:
        if timer_seconds > 0:
            self.remaining = timer_seconds
            self.timer_label.setText(f"{self.remaining}s")
            self.row.addWidget(self.timer_label)
            self.timer.start()
        self.adjustSize()
        self.show()
        self.raise_()

    def _tick(self) -> None:
        self.remaining -= 1
        self.timer_label.setText(f"{self.remaining}s")
        if self.remaining <= 0:
            self.timer.stop()
            if self.pass_action is not None:
                self._pressed(self.pass_action)

    def press_escape(self) -> bool:
        for b, payload in self.buttons:
            if b.objectName() == "pass":
                self._pressed(payload)
                return True
        return False

    def _pressed(self, payload: Any) -> None:
        self.timer.stop()
        if isinstance(payload, Action):
            self.chosen.emit(payload)
        elif isinstance(payload, tuple) and payload[0] == "mode":
            self.mode_requested.emit(payload[1])
        elif isinstance(payload, tuple) and payload[0] == "cancel":
            self.mode_requested.emit("")

    def button_texts(self) -> list[str]:
        return [b.text() for b, _ in self.buttons]

    def button_for(self, predicate: Any) -> QPushButton | None:
        for b, payload in self.buttons:
            if predicate(payload):
                return b
        return None


class Toast(QLabel):
    """A short notice near the bottom of the table that fades by itself."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setStyleSheet(
            "QLabel { background: rgba(30, 24, 20, 225); color: #ffe9c2; border-radius: 10px;"
            " padding: 8px 16px; font-size: 16px; }"
        )
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.timeout.connect(self.hide)
        self.hide()

    def show_text(self, text: str, ms: int = 2600) -> None:
        self.setText(text)
        self.adjustSize()
        parent = self.parentWidget()
        if parent is not None:
            self.move((parent.width() - self.width()) // 2, int(parent.height() * 0.62))
        self.show()
        self.raise_()
        self.timer.start(ms)


class SettlementPanel(QFrame):
    """The itemised end of a hand: winning hands, every yaku / 番 with its value, payments, scores.

    The panel is built in steps (the title at once, then each winner, the payments, the scores), each
    step a few milliseconds of widget work between which the event loop runs, so the table never
    stalls while it appears. :meth:`finish` builds the rest at once (the demo's screenshot does)."""

    next_clicked = Signal()
    STEP_BUDGET = 0.006  # seconds of building before the event loop gets a turn

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("panel")
        self.setStyleSheet(PANEL_STYLE)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(22, 16, 22, 16)
        self.scroll = QScrollArea()
        self.scroll.setWidgetResizable(True)
        self.scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll.setStyleSheet(
            "QScrollArea { background: transparent; } QWidget#content { background: transparent; }"
        )
        self.content = QWidget()
        self.content.setObjectName("content")
        self.body = QVBoxLayout(self.content)
        self.body.setContentsMargins(0, 0, 0, 0)
        self.body.setSpacing(4)
        self.scroll.setWidget(self.content)
        outer.addWidget(self.scroll)
        row = QHBoxLayout()
        row.addStretch(1)
        self.next_button = QPushButton(tr("Next hand"))
        self.next_button.setObjectName("win")
        self.next_button.setMinimumHeight(44)
        self.next_button.clicked.connect(self.next_clicked.emit)
        row.addWidget(self.next_button)
        outer.addLayout(row)
        self.title = ""
        self._steps: list[Callable[[], None]] = []
        self._build_timer = QTimer(self)
        self._build_timer.setSingleShot(True)
        self._build_timer.timeout.connect(self._build_some)
        # widgets added to a visible panel are shown by Qt on the next turn of the event loop, and only
        # then count in its size: the panel is placed again after each step
        self._place_timer = QTimer(self)
        self._place_timer.setSingleShot(True)
        self._place_timer.timeout.connect(self._placed)
        self.hide()

    def _clear(self) -> None:
        self._steps = []
        self._build_timer.stop()
        _clear_layout(self.body)

    def building(self) -> bool:
        """Parts of the settlement are still to come."""
        return bool(self._steps)

    def show_result(
        self,
        result: Any,
        before: dict[str, Any],
        names: list[str],
        family: str,
        *,
        red_fives: bool,
        dpr: float,
        final: bool,
        standings: list[dict[str, Any]] | None,
    ) -> None:
        self._clear()
        wins = list(result.wins)
        if result.kind == "win" and wins:
            kinds = {("tsumo" if w.seat == w.from_seat else "ron") for w in wins}
            word = " / ".join(i18n.call_label(k, family) for k in sorted(kinds))
            title = tr("{word}!").format(word=word)
        else:
            title = i18n.draw_name(result.reason or result.kind)
        self.title = title
        t = QLabel(title)
        t.setObjectName("title")
        self.body.addWidget(t)
        wild = list(before.get("wild_kinds") or [])
        steps: list[Callable[[], None]] = []
        for w in wins:
            steps.append(lambda w=w: self._add_win_hand(w, names, red_fives=red_fives, dpr=dpr, wild=wild))
            steps.append(lambda w=w: self._add_win_items(w, family))
        if result.kind != "win" and result.tenpai is not None:
            steps.append(lambda: self._add_tenpai(result, names))
        if result.payments:
            steps.append(lambda: self._add_payments(result, names))
        steps.append(lambda: self._add_scores(result, before, names, final, standings))
        self._steps = steps
        self.next_button.setText(tr("New game") if final else tr("Next hand"))
        if self._synchronous():
            self.finish()
            self.show()
            self.raise_()
            self._placed()
            return
        # shown now, painted from the next turn of the event loop on: the table's own frame (the hands
        # revealed) is painted first, then the panel, each between two heartbeats
        self.setUpdatesEnabled(False)
        self.show()
        self.raise_()
        self._placed()
        self._build_timer.start(0)

    def _synchronous(self) -> bool:
        """The demo takes its screenshot right after the settlement: build it at once there."""
        return bool(getattr(self.window(), "demo", False))

    def finish(self) -> None:
        """Build what is still missing now."""
        self._build_timer.stop()
        self.setUpdatesEnabled(True)
        self._build(until=None)
        self._placed()
        self._place_timer.start(0)

    def _build_some(self) -> None:
        if not self.isVisible():  # closed before it was complete ("Next hand")
            self._steps = []
            self.setUpdatesEnabled(True)
            return
        if not self.updatesEnabled():  # the first turn: the panel appears with its title
            self.setUpdatesEnabled(True)
            self._build_timer.start(0)
            return
        self._build(until=time.perf_counter() + self.STEP_BUDGET)
        self._place_timer.start(0)
        if self._steps:
            self._build_timer.start(0)

    def _build(self, until: float | None) -> None:
        if not self._steps:
            return
        while self._steps and (until is None or time.perf_counter() < until):
            self._steps.pop(0)()
        if not self._steps:
            self.body.addStretch(1)

    def _placed(self) -> None:
        """Size and place the panel in its parent as the window does (it grows while it is built)."""
        parent = self.parentWidget()
        if parent is None or not self.isVisible():
            return
        w, h = parent.width(), parent.height()
        sw = min(760, int(w * 0.64))
        need = self.content.sizeHint().height() + 110
        sh = min(int(h * 0.94), max(360, need))
        self.setGeometry((w - sw) // 2, max(6, (h - sh) // 2 - int(h * 0.03)), sw, sh)

    def _add_tenpai(self, result: Any, names: list[str]) -> None:
        n = len(names)
        ready = [names[s] for s in range(n) if s in result.tenpai]
        text = tr("Tenpai: {who}").format(who=", ".join(ready)) if ready else tr("Nobody was tenpai.")
        self.body.addWidget(QLabel(text))

    def _add_payments(self, result: Any, names: list[str]) -> None:
        head = QLabel(tr("Payments"))
        head.setObjectName("muted")
        self.body.addWidget(head)
        rows = []
        for pay in result.payments:
            payer = names[pay.payer] if pay.payer is not None else tr("the table")
            payee = names[pay.payee] if pay.payee is not None else tr("the table")
            rows.append(
                [
                    _esc(f"{payer}  →  {payee}"),
                    _num(f"{pay.amount:,}"),
                    _muted(i18n.reason_name(pay.reason)),
                ]
            )
        self.body.addWidget(_table(rows))

    def _add_scores(
        self,
        result: Any,
        before: dict[str, Any],
        names: list[str],
        final: bool,
        standings: list[dict[str, Any]] | None,
    ) -> None:
        head = QLabel(tr("Final standings") if final else tr("Scores"))
        head.setObjectName("title" if final else "muted")
        self.body.addWidget(head)
        before_scores = before.get("scores") or before.get("match", {}).get("scores") or []
        ranks = {st["seat"]: st for st in (standings or [])} if final else {}
        order = sorted(range(len(names)), key=lambda s: ranks[s]["rank"]) if ranks else range(len(names))
        rows = []
        for s in order:
            old = before_scores[s] if s < len(before_scores) else 0
            change = result.score_changes[s] if s < len(result.score_changes) else 0
            color = "#8fe39a" if change > 0 else "#ff9b8f" if change < 0 else "#b9cbc3"
            row = [
                f"{ranks[s]['rank']}." if ranks else "",
                _esc(names[s]),
                _num(f"{old:,}"),
                _num(f"<span style='color:{color}'>{change:+,}</span>" if change else "±0"),
                _num(f"<b>{old + change:,}</b>"),
            ]
            if ranks:
                row.append(_num(f"{ranks[s]['final']:+.1f}"))
            rows.append(row)
        self.body.addWidget(_table(rows))

    def _add_win_hand(
        self, w: Any, names: list[str], *, red_fives: bool, dpr: float, wild: list[int]
    ) -> None:
        who = names[w.seat]
        how = tr("self-drawn") if w.seat == w.from_seat else tr("from {name}").format(name=names[w.from_seat])
        line = QLabel(f"<b>{who}</b>  ·  {how}")
        self.body.addWidget(line)
        concealed = [t for t in w.hand if t != w.tile] + [w.tile]
        if w.tile not in w.hand:
            concealed = [*w.hand, w.tile]
        row = QHBoxLayout()
        row.setSpacing(10)
        hand_label = QLabel()
        hand_label.setPixmap(
            tiles_pixmap(concealed, 34, 47, dpr=dpr, red_fives=red_fives, marked=[w.tile], wild=wild)
        )
        row.addWidget(hand_label)
        for m in w.melds:
            ml = QLabel()
            ml.setPixmap(tiles_pixmap(list(m.tiles), 28, 39, dpr=dpr, red_fives=red_fives, wild=wild))
            row.addWidget(ml)
        row.addStretch(1)
        self.body.addLayout(row)

    def _add_win_items(self, w: Any, family: str) -> None:
        unit = {"riichi": tr("han"), "lingxi": tr("tai")}.get(family, tr("fan"))
        cells = [[_esc(i18n.item_name(it.key, it.name)), _muted(f"{it.value} {unit}")] for it in w.items]
        rows = [
            cells[i] + (cells[i + 1] if i + 1 < len(cells) else ["", ""]) for i in range(0, len(cells), 2)
        ]
        if rows:
            self.body.addWidget(_table(rows))
        parts = []
        if w.han:
            parts.append(f"{w.han} {unit}")
        if w.fu:
            parts.append(f"{w.fu} {tr('fu')}")
        if w.limit:
            parts.append(i18n.limit_name(w.limit))
        parts.append(tr("{points} points").format(points=f"{w.points:,}"))
        total = QLabel("  ·  ".join(parts))
        total.setStyleSheet("font-size: 18px; font-weight: bold; color: #f6e7b8;")
        self.body.addWidget(total)


def _esc(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _num(html: str) -> str:
    return f"<td align='right'>{html}</td>"


def _muted(text: str) -> str:
    return f"<span style='color:#b9cbc3'>{_esc(text)}</span>"


def _table(rows: list[list[str]]) -> QLabel:
    """One label with an HTML table: far cheaper to build than a grid of labels."""
    body = []
    pad = "padding-left: 6px; padding-right: 18px;"
    for row in rows:
        cells = "".join(
            c.replace("<td ", f"<td style='{pad}' ", 1)
            if c.startswith("<td")
            else f"<td style='{pad}'>{c}</td>"
            for c in row
        )
        body.append(f"<tr>{cells}</tr>")
    label = QLabel(f"<table cellspacing='0' cellpadding='2' style='margin:0'>{''.join(body)}</table>")
    label.setTextFormat(Qt.TextFormat.RichText)
    label.setStyleSheet("QLabel { padding: 0; } td { padding-right: 22px; }")
    return label


def _right(text: str) -> QLabel:
    label = QLabel(text)
    label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
    return label


def _clear_layout(layout: Any) -> None:
    """Empty a layout; its widgets are hidden at once (showing the panel again must not show, polish
    and lay out the old ones before they are deleted) and deleted later."""
    while layout.count():
        item = layout.takeAt(0)
        if item.widget() is not None:
            item.widget().hide()
            item.widget().deleteLater()
        elif item.layout() is not None:
            _clear_layout(item.layout())


class PracticePanel(QFrame):
    """Shanten, waits with unseen copies, best discards, furiten and 'why can't I win here'; a Hint
    button ranks the options of the pending decision with the strong AI's reasons.

    The ranking is computed off the UI thread (the worker asks the engine process, see
    :meth:`desktop.controller.Controller.request_hints`); the panel finds the controller of its window
    when the button is first pressed."""

    HINTS_SHOWN = 5

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("panel")
        self.setStyleSheet(PANEL_STYLE)
        self.setFixedWidth(300)
        self.layout_ = QVBoxLayout(self)
        self.layout_.setContentsMargins(14, 12, 14, 12)
        self.title = QLabel(tr("Practice"))
        self.title.setObjectName("title")
        self.layout_.addWidget(self.title)
        self.text = QLabel()
        self.text.setWordWrap(True)
        self.text.setTextFormat(Qt.TextFormat.RichText)
        self.layout_.addWidget(self.text)
        self.waits_label = QLabel()
        self.layout_.addWidget(self.waits_label)
        self.hint_button = QPushButton(tr("Hint"))
        self.hint_button.setToolTip(tr("Rank your options with the strong AI's reasons"))
        self.hint_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.hint_button.clicked.connect(self.ask_hint)
        self.layout_.addWidget(self.hint_button)
        self.hints_label = QLabel()
        self.hints_label.setWordWrap(True)
        self.hints_label.setTextFormat(Qt.TextFormat.RichText)
        self.hints_label.hide()
        self.layout_.addWidget(self.hints_label)
        self.layout_.addStretch(1)
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Maximum)
        self.decision: int | None = None  # the pending decision (actions so far), None: nothing to decide
        self.family = ""
        self.asked: int | None = None
        self.hints: list[Any] = []
        self._wired: Any = None
        self.hide()

    def sizeHint(self) -> QSize:
        """Tall enough for the wrapped lines at the panel's fixed width (adjustSize uses this)."""
        hint = super().sizeHint()
        if self.layout_.hasHeightForWidth():
            hint.setHeight(max(hint.height(), self.layout_.totalHeightForWidth(self.width())))
        return hint

    # ----------------------------------------------------------------- hints
    def _controller(self) -> Any:
        window = self.window()
        controller = getattr(window, "controller", None)
        if controller is None or not hasattr(controller, "request_hints"):
            return None
        if self._wired is not controller:
            controller.hints_ready.connect(self.show_hints)
            self._wired = controller
        return controller

    def ask_hint(self) -> None:
        """Ask for the ranking of the pending decision's options (answered by :meth:`show_hints`)."""
        controller = self._controller()
        if controller is None or self.decision is None:
            return
        self.asked = self.decision
        self.hint_button.setEnabled(False)
        self.hints_label.setText(f"<i>{tr('Thinking…')}</i>")
        self.hints_label.show()
        self.adjustSize()
        controller.request_hints()

    def show_hints(self, payload: dict[str, Any]) -> None:
        decision = payload.get("decision")
        if decision is None or decision != self.decision:
            return  # the game moved on
        self.hints = list(payload.get("hints") or [])
        self.hint_button.setEnabled(True)
        if not self.hints:
            self.hints_label.setText(tr("No hint for this decision."))
        else:
            zh = i18n.is_zh()
            lines = []
            for n, h in enumerate(self.hints[: self.HINTS_SHOWN], 1):
                reasons = list(h.reasons_zh if zh else h.reasons_en)[:2]
                what = _esc(describe_option(h.action, self.family))
                head = f"<b>{n}. {what}</b>" if n > 1 else f"<b style='color:#f6e7b8'>★ {what}</b>"
                if reasons:
                    head += "<br>&nbsp;&nbsp;" + _muted(("；" if zh else "; ").join(reasons))
                lines.append(head)
            self.hints_label.setText("<br>".join(lines))
        self.hints_label.show()
        self.adjustSize()
        parent = self.parentWidget()
        if parent is not None:
            self.raise_()

    def _new_decision(self, decision: int | None, family: str) -> None:
        self.family = family or self.family
        if decision != self.decision:
            self.decision = decision
            self.asked = None
            self.hints = []
            self.hints_label.clear()
            self.hints_label.hide()
        self.hint_button.setEnabled(decision is not None and self.asked != decision)

    def update_analysis(self, analysis: dict[str, Any] | None, *, red_fives: bool, dpr: float) -> None:
        self._new_decision(
            (analysis or {}).get("decision"), str((analysis or {}).get("family") or self.family)
        )
        if not analysis or "shanten" not in analysis:
            self.text.setText(tr("Nothing to analyse now."))
            self.waits_label.clear()
            self.adjustSize()
            return
        lines = []
        sh = analysis["shanten"]
        if sh < 0:
            lines.append(f"<b>{tr('Complete hand')}</b>")
        elif sh == 0:
            lines.append(f"<b>{tr('Tenpai')}</b>")
        else:
            lines.append(f"<b>{tr('{n}-shanten').format(n=sh)}</b>")
        waits = analysis.get("waits")
        if waits:
            total = sum(c for _, c in waits)
            lines.append(tr("Waits ({n} unseen):").format(n=total))
            lines.append(", ".join(f"{i18n.tile_name(k)} ×{c}" for k, c in waits))
        discards = analysis.get("discards")
        if discards:
            lines.append(tr("Best discards:"))
            for k, s, accept in discards[:4]:
                lines.append(
                    "&nbsp;&nbsp;"
                    + tr("{tile}: {sh}-shanten, {n} tiles improve").format(
                        tile=i18n.tile_name(k), sh=max(s, 0), n=accept
                    )
                )
        for warn in analysis.get("warnings", []):
            lines.append(f"<span style='color:#ffb49a'>⚠ {WARNINGS.get(warn, warn)}</span>")
        for why in analysis.get("why_not", []):
            lines.append(
                f"<span style='color:#ffd37a'>{tr('Why no win here?')} {WHY_NOT.get(why, why)}</span>"
            )
        self.text.setText("<br>".join(_tr_dynamic(line) for line in lines))
        self.waits_label.clear()
        if waits:
            tiles = [k * 4 + (1 if k in (4, 13, 22) else 0) for k, _ in waits[:9]]
            self.waits_label.setPixmap(tiles_pixmap(tiles, 26, 36, dpr=dpr, red_fives=red_fives))
        self.adjustSize()


def describe_option(action: Action, family: str) -> str:
    """An option of a decision in words: "Discard 5-man", "Pon 5-man", "Riichi, discard 3-pin"."""
    names = ", ".join(i18n.tile_name(kind_of(t)) for t in action.tiles)
    tile = i18n.tile_name(kind_of(action.tile)) if action.tile is not None else ""
    t = action.type
    if t is A.DISCARD:
        return tr("Discard {tile}").format(tile=tile)
    if t is A.RIICHI:
        return tr("{word}, discard {tile}").format(word=i18n.action_word("riichi", family), tile=tile)
    if t is A.DECLARE_LACK:
        return tr("Lack {suit}").format(suit=i18n.suit_name(action.suit if action.suit is not None else 0))
    if t is A.EXCHANGE:
        return tr("{word}: {tiles}").format(word=i18n.action_word("exchange", family), tiles=names)
    word = i18n.action_word(t.value, family)
    shown = ", ".join(x for x in (tile, names) if x)
    return f"{word} {shown}".strip() if t is not A.PASS else word


def _tr_dynamic(text: str) -> str:
    return text


WARNINGS: dict[str, str] = {}
WHY_NOT: dict[str, str] = {}


def refresh_terms() -> None:
    """Fill the warning texts in the current language (after a language change)."""
    WARNINGS.update(
        {
            "furiten": tr("Furiten: you discarded one of your waits, so you may not win on a discard."),
            "open_hand_yaku": tr(
                "Open hand: make sure it has a yaku (yakuhai, tanyao...), or it cannot win."
            ),
        }
    )
    WHY_NOT.update(
        {
            "furiten": tr("You are furiten (a wait is in your own discards)."),
            "no_yaku": tr("The hand would be complete but has no yaku."),
            "lacking_suit": tr("You still hold tiles of your lacking suit."),
            "minimum": tr("The hand does not reach the minimum value of this ruleset."),
        }
    )


def centered(rect: QRectF, size: QSize) -> QPointF:
    return QPointF(rect.center().x() - size.width() / 2, rect.center().y() - size.height() / 2)


__all__ = ["ClaimPanel", "PracticePanel", "SettlementPanel", "Toast", "refresh_terms", "tiles_pixmap"]

_unused = QColor
