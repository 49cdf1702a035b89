"""Panels over the table: claim options, the settlement, the practice panel and short notices."""

from __future__ import annotations

import functools
import time
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QEvent, QPoint, QRectF, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QIcon, QKeySequence, QPainter, QPixmap
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
    messages,
)
from desktop.i18n import tr
from desktop.style import PANEL_STYLE
from desktop.tileart import TileState, tile_pixmap
from engine.game.actions import Action, ActionType
from engine.tiles import kind_of

if TYPE_CHECKING:  # annotations only: the table's first frame does not wait for the engine's modules
    from engine.families.registry import FamilySpec
    from engine.game.match import Standing
    from engine.game.seat_analysis import SeatAnalysis
    from engine.game.settlement import LedgerLine, SettlementReport, WinningHand

A = ActionType


def tiles_pixmap(
    tiles: Sequence[int],
    w: float,
    h: float,
    *,
    dpr: float = 1.0,
    red_tiles: frozenset[int] = frozenset(),
    marked: Sequence[int] = (),
    wild: Iterable[int] = (),
    gap: float = 1.0,
    breaks: Sequence[int] = (),
) -> QPixmap:
    """A strip of face-up tiles (for buttons and the settlement); a wider gap before each index in
    ``breaks`` (the sets of a grouped hand)."""
    wild_kinds = set(wild)
    extra = w * 0.35
    width = len(tiles) * (w + gap) + extra * len(breaks)
    pm = QPixmap(max(1, int(width * dpr)), max(1, int(h * dpr)))
    pm.setDevicePixelRatio(dpr)
    pm.fill(Qt.GlobalColor.transparent)
    p = QPainter(pm)
    x = 0.0
    for i, t in enumerate(tiles):
        if i in breaks:
            x += extra
        state = TileState.NONE
        if t in marked:
            state |= TileState.MARKED
        if kind_of(t) in wild_kinds:
            state |= TileState.WILD
        tp = tile_pixmap(kind_of(t), t in red_tiles, w, h, state, dpr=dpr)
        p.drawPixmap(QRectF(x, 0, w, h), tp, QRectF(tp.rect()))
        x += w + gap
    p.end()
    return pm


class FittedTileRow(QLabel):
    """A picture of a row of face-up tiles (the settlement's hands and melds), drawn at their natural size
    or smaller when the room is narrower. Not clickable: the calculator's and drills' clickable row is
    :class:`desktop.calculator.TileStrip`."""

    def __init__(
        self,
        tiles: Sequence[int],
        size: tuple[int, int],
        *,
        dpr: float,
        red_tiles: frozenset[int] = frozenset(),
        marked: Sequence[int] = (),
        wild: Iterable[int] = (),
        breaks: Sequence[int] = (),
        full_row: bool = True,
    ) -> None:
        super().__init__()
        self.tiles = list(tiles)
        self.size_ = size
        self.options: dict[str, Any] = {
            "dpr": dpr,
            "red_tiles": red_tiles,
            "marked": list(marked),
            "wild": frozenset(wild),
            "breaks": list(breaks),
        }
        self.full_row = full_row
        self.scale = 0.0

    def minimumSizeHint(self) -> QSize:
        """No minimum width: the strip is refitted to the room it gets (:meth:`fit`), and a row that
        held on to an earlier, wider fit would push the settlement past its width."""
        return QSize(0, super().minimumSizeHint().height())

    def natural_width(self) -> float:
        w = self.size_[0]
        return len(self.tiles) * (w + 1.0) + w * 0.35 * len(self.options["breaks"])

    def fit(self, room: int) -> None:
        """Draw the tiles as large as they are meant to be, or as large as ``room`` allows."""
        scale = max(0.45, min(1.0, room / max(1.0, self.natural_width())))
        if abs(scale - self.scale) < 0.02:
            return
        self.scale = scale
        w, h = self.size_
        self.setPixmap(tiles_pixmap(self.tiles, w * scale, h * scale, **self.options))


class ClaimPanel(QFrame):
    """Every legal non-discard option of the human: win, riichi, each chi, pon, each kan, pass..."""

    chosen = Signal(object)  # Action
    mode_requested = Signal(str)  # "declare" (choose the riichi discard) or "exchange"

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
        self.red_tiles: frozenset[int] = frozenset()
        self.hide()

    def clear(self) -> None:
        self.timer.stop()
        while self.row.count():
            item = self.row.takeAt(0)
            w = item.widget() if item is not None else None
            if w is not None and w is not self.timer_label:
                w.deleteLater()
        self.buttons.clear()
        self.pass_action = None
        self.hide()

    def set_options(
        self,
        legal: list[Action],
        spec: FamilySpec,
        *,
        red_tiles: frozenset[int],
        dpr: float,
        timer_seconds: int = 0,
        cancel_mode: str = "",
    ) -> None:
        """A button for every legal option but the plain discards, in the family's own words."""
        self.clear()
        self.red_tiles = red_tiles
        if cancel_mode:
            self._add(tr("Cancel"), "pass", ("cancel", cancel_mode), key="Esc")
            self._finish(0)
            return
        words = spec.vocabulary
        by_type: dict[ActionType, list[Action]] = {}
        for a in legal:
            by_type.setdefault(a.type, []).append(a)
        entries: list[tuple[str, str, Any, list[int]]] = []  # text, style, payload, tiles
        for t in (A.TSUMO, A.RON):
            for a in by_type.get(t, []):
                entries.append(
                    (i18n.action_word(t.value, words), "win", a, [a.tile] if a.tile is not None else [])
                )
        if A.RIICHI in by_type:
            entries.append((i18n.action_word(A.RIICHI.value, words), "declare", ("mode", "declare"), []))
        for a in by_type.get(A.CHI, []):
            tiles = sorted([*a.tiles, a.tile], key=kind_of) if a.tile is not None else list(a.tiles)
            entries.append((i18n.action_word(A.CHI.value, words), "", a, tiles))
        for a in by_type.get(A.PON, []):
            own = [*a.tiles, *([a.tile] if a.tile is not None else [])]
            entries.append((i18n.action_word(A.PON.value, words), "", a, own))
        for t in (A.OPEN_KAN, A.CLOSED_KAN, A.ADDED_KAN):
            for a in by_type.get(t, []):
                tiles = list(a.tiles) + ([a.tile] if a.tile is not None and a.tile not in a.tiles else [])
                shown = tiles[:4] if t is not A.ADDED_KAN else tiles[:1]
                entries.append((i18n.action_word(t.value, words), "", a, shown))
        for a in by_type.get(A.NUKI, []):  # three-player riichi: set the north aside (拔北)
            north = [a.tile] if a.tile is not None else []
            entries.append((i18n.action_word(A.NUKI.value, words), "", a, north))
        for a in by_type.get(A.NINE_TERMINALS, []):
            entries.append((i18n.action_word(A.NINE_TERMINALS.value, words), "", a, []))
        for a in sorted(by_type.get(A.DECLARE_LACK, []), key=lambda x: x.suit if x.suit is not None else 0):
            suit = a.suit if a.suit is not None else 0
            entries.append(
                (tr("Lack {suit}").format(suit=i18n.suit_name(suit)), "", a, [suit * 36 + 4 * 4 + 1])
            )
        if A.EXCHANGE in by_type:
            entries.append((i18n.action_word(A.EXCHANGE.value, words), "declare", ("mode", "exchange"), []))
        if not entries and A.PASS not in by_type:
            return
        for i, (text, style, payload, tiles) in enumerate(entries):
            self._add(text, style, payload, key=str(i + 1) if i < 9 else "", tiles=tiles, dpr=dpr)
        if A.PASS in by_type:
            self.pass_action = by_type[A.PASS][0]
            self._add(i18n.action_word(A.PASS.value, words), "pass", self.pass_action, key="Esc")
        self._finish(timer_seconds if A.PASS in by_type else 0)

    def _add(
        self,
        text: str,
        style: str,
        payload: Any,
        *,
        key: str = "",
        tiles: Sequence[int] = (),
        dpr: float = 1.0,
    ) -> None:
        b = QPushButton(f"{text}" + (f"  [{key}]" if key else ""))
        if style:
            b.setObjectName(style)
        if tiles:
            pm = tiles_pixmap(tiles, 26, 36, dpr=dpr, red_tiles=self.red_tiles)
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

    place: Callable[[], None] | None = None  # the window's placement (else the middle, low on the table)

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

    def fit_width(self, most: int) -> None:
        """At most ``most`` pixels wide, the text wrapped onto more lines when it needs them."""
        if self.width() > most:
            self.setWordWrap(True)
            self.resize(most, self.heightForWidth(most))

    def show_text(self, text: str, ms: int = 2600) -> None:
        self.setText(text)
        self.setWordWrap(False)
        self.adjustSize()
        parent = self.parentWidget()
        if self.place is not None:
            self.place()
        elif parent is not None:
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
    place: Callable[[], None] | None = None  # the window's placement of the panel

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("panel")
        self.setStyleSheet(PANEL_STYLE)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(22, 16, 22, 16)
        self.scroll_area = QScrollArea()
        self.scroll_area.setWidgetResizable(True)
        self.scroll_area.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)  # rows fit
        self.scroll_area.setStyleSheet(
            "QScrollArea { background: transparent; } QWidget#content { background: transparent; }"
        )
        self.content = QWidget()
        self.content.setObjectName("content")
        self.body = QVBoxLayout(self.content)
        self.body.setContentsMargins(0, 0, 0, 0)
        self.body.setSpacing(4)
        self.scroll_area.setWidget(self.content)
        outer.addWidget(self.scroll_area)
        row = QHBoxLayout()
        row.addStretch(1)
        self.next_button = QPushButton(tr("Next hand"))
        self.next_button.setObjectName("win")
        self.next_button.setMinimumHeight(44)
        self.next_button.clicked.connect(self.next_clicked.emit)
        row.addWidget(self.next_button)
        outer.addLayout(row)
        self.title = ""
        self.strips: list[FittedTileRow] = []
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
        self.strips = []
        _clear_layout(self.body)

    def _strip_room(self) -> int:
        """The width a row of tiles may take: the scroll area's, less a margin and the room of the
        vertical scroll bar whether it shows yet or not (it comes when the later parts are added, and
        the rows fitted before it would then stick out under it)."""
        bar = self.scroll_area.verticalScrollBar()
        reserve = 0 if bar.isVisible() else bar.sizeHint().width()
        return max(120, self.scroll_area.viewport().width() - reserve - 12)

    def resizeEvent(self, event: Any) -> None:
        """Rows of tiles shrink to the width the panel is given (it is narrower when winners' hands
        lie on both sides of the table), so the settlement never scrolls sideways."""
        super().resizeEvent(event)
        room = self._strip_room()
        for strip in self.strips:
            strip.fit(room if strip.full_row else room // 2)

    def building(self) -> bool:
        """Parts of the settlement are still to come."""
        return bool(self._steps)

    def show_report(
        self,
        report: SettlementReport,
        names: list[str],
        spec: FamilySpec,
        *,
        red_tiles: frozenset[int],
        dpr: float,
        final: bool,
        standings: list[Standing] | None,
    ) -> None:
        """Show the engine's settlement report of a hand: it is drawn as it is, nothing is added up here.

        The hand is told in the order it happened: payments made during play (riichi sticks, 刮风,
        下雨), each win with the winner's hand and its items where its payments begin (a 血战 hand shows
        every winner), every seat's own value (Lingxi's 台), the payments at the end (查花猪, 查大叫,
        退税, the pairwise differences), then every seat's score itemised."""
        self._clear()
        self.report = report
        words = spec.vocabulary
        if report.kind == "win" and report.wins:
            kinds = sorted({"tsumo" if w.self_drawn else "ron" for w in report.wins})
            title = tr("{word}!").format(word=" / ".join(i18n.win_word(k, words) for k in kinds))
        else:
            title = i18n.draw_name(report.reason or report.kind)
        self.title = title
        t = QLabel(title)
        t.setObjectName("title")
        self.body.addWidget(t)
        ended = i18n.end_name(report.reason) if report.kind == "win" else ""
        if ended:  # 血战: the winners left one player, or the wall ran out after some won
            how = QLabel(ended)
            how.setObjectName("muted")
            self.body.addWidget(how)
        wild = frozenset(report.wild_kinds)
        steps: list[Callable[[], None]] = []
        if report.dora_indicators or report.ura_indicators:
            steps.append(lambda: self._add_indicators(report, red_tiles=red_tiles, dpr=dpr))
        if report.kind != "win" and report.tenpai:
            steps.append(lambda: self._add_tenpai(report, names))
        seat_values = any(s.value is not None for s in report.seats)
        both_phases = any(x.during_play for x in report.ledger) and any(
            not x.during_play for x in report.ledger
        )
        wins_at: dict[int, list[WinningHand]] = {}
        for w in report.wins:
            wins_at.setdefault(min(w.ledger_at, len(report.ledger)), []).append(w)
        last_win_at = max(wins_at) if wins_at else -1
        run: list[LedgerLine] = []

        def flush() -> None:
            if run:
                rows = list(run)
                steps.append(lambda: self._add_ledger_rows(rows, report, names, words))
                run.clear()

        phase: bool | None = None
        for i in range(len(report.ledger) + 1):
            if i in wins_at:
                flush()
                for w in wins_at[i]:
                    steps.append(
                        functools.partial(
                            self._add_win_hand, w, names, words, red_tiles=red_tiles, dpr=dpr, wild=wild
                        )
                    )
                    steps.append(functools.partial(self._add_win_items, w, spec, report))
                if i == last_win_at and seat_values:
                    steps.append(lambda: self._add_seat_values(report, names, spec))
            if i == len(report.ledger):
                break
            line = report.ledger[i]
            if both_phases and line.during_play != phase:
                flush()
                phase = line.during_play
                head = tr("During the hand") if phase else tr("At the end of the hand")
                steps.append(functools.partial(self._add_heading, head))
            run.append(line)
        flush()
        if seat_values and not wins_at:
            steps.append(lambda: self._add_seat_values(report, names, spec))
        if report.notes:
            steps.append(lambda: self._add_notes(report, names))
        steps.append(lambda: self._add_scores(report, names, final, standings, words))
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
        """Size and place the panel in its parent as the window does (it grows while it is built):
        by the window's ``place`` when it has one (it knows what the panel must not cover)."""
        parent = self.parentWidget()
        if parent is None or not self.isVisible():
            return
        if self.place is not None:
            self.place()
            return
        w, h = parent.width(), parent.height()
        sw = min(760, int(w * 0.64))
        need = self.content.sizeHint().height() + 110
        sh = min(int(h * 0.94), max(360, need))
        self.setGeometry((w - sw) // 2, max(6, (h - sh) // 2 - int(h * 0.03)), sw, sh)

    def _add_heading(self, text: str) -> None:
        head = QLabel(text)
        head.setObjectName("muted")
        self.body.addWidget(head)

    def _add_tenpai(self, report: SettlementReport, names: list[str]) -> None:
        ready = [names[s] for s in report.tenpai if s < len(names)]
        text = tr("Tenpai: {who}").format(who=", ".join(ready)) if ready else tr("Nobody was tenpai.")
        self.body.addWidget(QLabel(text))

    def _add_notes(self, report: SettlementReport, names: list[str]) -> None:
        for note in report.notes:
            label = QLabel(messages.text(note, names, report.score_unit))
            label.setObjectName("muted")
            label.setWordWrap(True)
            self.body.addWidget(label)

    def _add_indicators(self, report: SettlementReport, *, red_tiles: frozenset[int], dpr: float) -> None:
        row = QHBoxLayout()
        row.setSpacing(8)
        for text, tiles in (
            (tr("Dora indicators"), report.dora_indicators),
            (tr("Ura dora indicators"), report.ura_indicators),
        ):
            if not tiles:
                continue
            head = QLabel(text)
            head.setObjectName("muted")
            row.addWidget(head)
            strip = FittedTileRow(list(tiles), (24, 33), dpr=dpr, red_tiles=red_tiles, full_row=False)
            self.strips.append(strip)
            row.addWidget(strip)
            strip.fit(self._strip_room() // 2)
        row.addStretch(1)
        self.body.addLayout(row)

    def _add_seat_values(self, report: SettlementReport, names: list[str], spec: FamilySpec) -> None:
        """Every seat's own value (Lingxi: each non-winner's 台 with its items, the winner's 台 and the
        doubled 台 the dealer pays or is paid)."""
        unit = report.value_unit
        head = QLabel(tr("Every seat's {unit}").format(unit=i18n.unit_name(unit, 2)))
        head.setObjectName("muted")
        self.body.addWidget(head)
        rows = []
        for s in report.seats:
            if s.value is None:
                continue
            words = spec.vocabulary
            items = tr(", ").join(
                # each item with its unit ("White Dragons ×2 3 tai"): a bare number after a count read
                # as one more count
                f"{i18n.item_name(spec.item_prefix, i.key, args=i.args, vocabulary=words)} "
                f"{i18n.amount_text(i.value, unit)}"
                for i in s.items
            )
            value = f"{s.value} {i18n.unit_name(unit, s.value)}"
            if s.final is not None and s.final != s.value:
                value = tr("{value} (final: {final})").format(value=value, final=s.final)
            rows.append([_esc(names[s.seat]), _num(f"<b>{_esc(value)}</b>"), _muted(items or "—")])
        self.body.addWidget(_table(rows))

    def _add_ledger_rows(
        self, lines: Sequence[LedgerLine], report: SettlementReport, names: list[str], vocabulary: str
    ) -> None:
        """Payments, one row each: payer → payee, the amount, why and the numbers behind it."""
        rows = []
        unit = report.score_unit
        for line in lines:
            payer = names[line.payer] if line.payer is not None else tr("the table")
            payee = names[line.payee] if line.payee is not None else tr("the table")
            why = i18n.reason_name(line.reason)
            detail = ledger_detail(line, report.dealer, vocabulary)
            if detail:
                why = f"{why}  ({detail})"
            rows.append(
                [
                    _esc(f"{payer}  →  {payee}"),
                    _num(_esc(i18n.amount_text(line.amount, unit, vocabulary))),
                    _muted(why),
                ]
            )
        self.body.addWidget(_table(rows))

    def _add_scores(
        self,
        report: SettlementReport,
        names: list[str],
        final: bool,
        standings: list[Standing] | None,
        vocabulary: str,
    ) -> None:
        unit = i18n.unit_name(report.score_unit, 2, vocabulary)
        head = QLabel(
            tr("Final standings ({unit})").format(unit=unit)
            if final
            else tr("Scores ({unit})").format(unit=unit)
        )
        head.setObjectName("title" if final else "muted")
        self.body.addWidget(head)
        ranks = {st.seat: st for st in (standings or [])} if final else {}
        order = (
            sorted(range(len(report.seats)), key=lambda s: ranks[s].rank)
            if ranks
            else range(len(report.seats))
        )
        # the final result column only when it says more than the points (riichi: with uma and oka)
        show_final = bool(ranks) and any(float(st.final) != float(st.points) for st in ranks.values())
        rows = [
            [
                _muted(tr("Rank")) if ranks else "",
                _muted(tr("Player")),
                _num(_muted(tr("Before"))),
                _num(_muted(tr("This hand"))),
                _num(_muted(tr("After"))),
                *([_num(_muted(tr("Result")))] if show_final else []),
                _muted(tr("From")),
            ]
        ]
        for s in order:
            seat = report.seats[s]
            color = "#8fe39a" if seat.change > 0 else "#ff9b8f" if seat.change < 0 else "#b9cbc3"
            change = f"<span style='color:{color}'>{seat.change:+,}</span>" if seat.change else "±0"
            how = "<br>".join(_esc(f"{i18n.reason_name(r)} {amount:+,}") for r, amount in seat.by_reason)
            row = [
                f"{ranks[s].rank}." if ranks else "",
                _esc(names[s])
                + (
                    " <span style='color:#f6e7b8'>" + _esc(tr("(dealer)")) + "</span>"
                    if s == report.dealer
                    else ""
                ),
                _num(f"{seat.before:,}"),
                _num(change),
                _num(f"<b>{ranks[s].points if ranks else seat.after:,}</b>"),
            ]
            if show_final:
                row.append(_num(f"{ranks[s].final:+.1f}"))
            row.append(f"<span style='color:#b9cbc3'>{how or '—'}</span>")
            rows.append(row)
        self.body.addWidget(_table(rows))

    def _add_win_hand(
        self,
        w: WinningHand,
        names: list[str],
        vocabulary: str,
        *,
        red_tiles: frozenset[int],
        dpr: float,
        wild: frozenset[int],
    ) -> None:
        who = names[w.seat]
        how = (
            i18n.win_word("tsumo", vocabulary)
            if w.self_drawn
            else i18n.dealt_in_by(names[w.from_seat], vocabulary)
        )
        line = QLabel(f"<b>{_esc(who)}</b>  ·  {_esc(how)}")
        self.body.addWidget(line)
        row = QHBoxLayout()
        row.setSpacing(10)
        if w.groups:  # the concealed tiles as the sets they were scored with
            tiles = [t for g in w.groups for t in g.tiles]
            breaks, at = [], 0
            for g in w.groups[:-1]:
                at += len(g.tiles)
                breaks.append(at)
        else:
            tiles, breaks = list(w.concealed), [len(w.concealed) - 1]
        at = len(tiles)
        for m in w.melds:  # the melds after the concealed sets, each apart
            breaks.append(at)
            tiles += list(m.tiles)
            at += len(m.tiles)
        strip = FittedTileRow(
            tiles, (34, 47), dpr=dpr, red_tiles=red_tiles, marked=[w.tile], wild=wild, breaks=breaks
        )
        self.strips.append(strip)
        row.addWidget(strip)
        row.addStretch(1)
        self.body.addLayout(row)
        strip.fit(self._strip_room())

    def _add_win_items(self, w: WinningHand, spec: FamilySpec, report: SettlementReport) -> None:
        unit = report.value_unit
        words = spec.vocabulary
        cells = [
            [
                _esc(i18n.item_name(spec.item_prefix, it.key, args=it.args, vocabulary=words)),
                _muted(f"{it.value} {i18n.unit_name(unit, it.value, words)}"),
            ]
            for it in w.items
        ]
        rows = [
            cells[i] + (cells[i + 1] if i + 1 < len(cells) else ["", ""]) for i in range(0, len(cells), 2)
        ]
        if rows:
            self.body.addWidget(_table(rows))
        parts = []
        if w.value:
            parts.append(f"{w.value} {i18n.unit_name(unit, w.value, words)}")
        if w.fu:
            parts.append(f"{w.fu} {i18n.unit_name('fu', w.fu, words)}")
        if w.limit:
            parts.append(i18n.limit_name(w.limit))
        parts.append(i18n.amount_text(w.points, report.score_unit, words))
        total = QLabel("  ·  ".join(_esc(p) for p in parts))
        total.setStyleSheet("font-size: 18px; font-weight: bold; color: #f6e7b8;")
        self.body.addWidget(total)


def ledger_detail(line: LedgerLine, dealer: int, vocabulary: str) -> str:
    """The numbers behind a payment, as the engine gave them: Lingxi's pairwise difference with the
    dealer doubling (16 − 7 = 9 ×2 dealer), a winner's 台 doubled for the dealer, a kong's tile."""
    d = dict(line.details)
    factor = d.get("factor", 1)
    times = ""
    if factor != 1:
        times = (
            " " + tr("×{n} dealer").format(n=factor) if dealer in (line.payer, line.payee) else f" ×{factor}"
        )
    if "higher" in d and "lower" in d:
        return f"{d['higher']} − {d['lower']} = {d['higher'] - d['lower']}{times}"
    if "tai" in d:
        return f"{d['tai']} {i18n.unit_name('tai', d['tai'])}{times}"
    if "penalty" in d:
        return f"{d['penalty']}{times}"
    if "kind" in d:
        return i18n.tile_name(d["kind"], vocabulary)
    return times.strip()


def _esc(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _num(html: str) -> str:
    return f"<td align='right'>{html}</td>"


def _muted(text: str) -> str:
    return f"<span style='color:#b9cbc3'>{_esc(text)}</span>"


def _table(rows: list[list[str]]) -> QLabel:
    """One label with an HTML table: far cheaper to build than a grid of labels."""
    body = []
    pad = "padding-left: 6px; padding-right: 12px;"
    for row in rows:
        cells = "".join(
            c.replace("<td ", f"<td style='{pad}' ", 1)
            if c.startswith("<td")
            else f"<td style='{pad}'>{c}</td>"
            for c in row
        )
        body.append(f"<tr valign='top'>{cells}</tr>")
    label = QLabel(f"<table cellspacing='0' cellpadding='2' style='margin:0'>{''.join(body)}</table>")
    label.setTextFormat(Qt.TextFormat.RichText)
    label.setWordWrap(True)  # a narrow panel wraps the cells' words instead of scrolling sideways
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
    when the button is first pressed.

    The panel is a small window over the table: the ▼ button of its title bar folds it to the bar,
    dragging the bar moves it and a double-click on the bar puts it back in its place (``moved``
    tells where it was put, ``collapsed_changed`` whether it is folded; the window remembers both in
    the settings). :meth:`fit` gives it a width and the height
    it may take: the hint list then shows as many options, with as many reasons, as fit."""

    HINTS_SHOWN = 5
    # the reasons an option shows at most: the third (the danger, where a value decided) only where
    # every option and two reasons each leave room for it
    REASONS_SHOWN = 3
    DISCARDS_SHOWN = 4
    WIDTH = 300

    moved = Signal(QPoint)  # the top-left corner the player dragged it to (in the parent)
    collapsed_changed = Signal(bool)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("panel")
        self.setStyleSheet(
            PANEL_STYLE
            + "QPushButton#fold { background: transparent; color: #f6e7b8; border: none; padding: 0 4px;"
            " font-size: 18px; }"
        )
        self.setFixedWidth(self.WIDTH)
        self.collapsed = False
        self.layout_ = QVBoxLayout(self)
        self.layout_.setContentsMargins(14, 8, 10, 12)
        self.layout_.setSpacing(6)
        self.bar = QWidget()
        bar = QHBoxLayout(self.bar)
        bar.setContentsMargins(0, 0, 0, 0)
        self.title = QLabel(tr("Practice"))
        self.title.setObjectName("title")
        self.fold_button = QPushButton("▼")
        self.fold_button.setObjectName("fold")
        self.fold_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.fold_button.clicked.connect(lambda: self.set_collapsed(not self.collapsed))
        bar.addWidget(self.title, 1)
        bar.addWidget(self.fold_button)
        self.bar.setCursor(Qt.CursorShape.OpenHandCursor)
        self.layout_.addWidget(self.bar)
        self.body = QWidget()
        body = QVBoxLayout(self.body)
        body.setContentsMargins(0, 0, 4, 0)
        body.setSpacing(6)
        self.text = QLabel()
        self.text.setWordWrap(True)
        self.text.setTextFormat(Qt.TextFormat.RichText)
        body.addWidget(self.text)
        self.waits_label = QLabel()
        body.addWidget(self.waits_label)
        self.hint_button = QPushButton(tr("Hint"))
        self.hint_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.hint_button.clicked.connect(self.ask_hint)
        body.addWidget(self.hint_button)
        self.hints_label = QLabel()
        self.hints_label.setWordWrap(True)
        self.hints_label.setTextFormat(Qt.TextFormat.RichText)
        self.hints_label.hide()
        body.addWidget(self.hints_label)
        self.layout_.addWidget(self.body)
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Maximum)
        self.decision: int | None = None  # the pending decision (actions so far), None: nothing to decide
        self.vocabulary = ""
        self.red_tiles: frozenset[int] = frozenset()  # the ruleset's red fives (named apart in the hints)
        self.asked: int | None = None
        self.hints: list[Any] = []
        self.hints_shown = self.HINTS_SHOWN  # how many options the hint list shows (fit)
        self.reasons_shown = 2
        self.max_height = 0  # the height the window gives the panel (0: any)
        self._waits: tuple[list[int], frozenset[int], float] = ([], frozenset(), 1.0)
        self._heights: dict[tuple[object, ...], int] = {}
        self._wired: Any = None
        self._drag: QPoint | None = None
        self._dragged = False
        self.bar.installEventFilter(self)
        self.title.installEventFilter(self)
        self.retranslate()
        self.hide()

    def retranslate(self) -> None:
        """The panel's own words in the language now (a live language switch)."""
        self.title.setText(tr("Practice"))
        self.hint_button.setText(tr("Hint"))
        self.hint_button.setToolTip(tr("Rank your options with the strong AI's reasons"))
        self.bar.setToolTip(tr("Drag to move; double-click to put the panel back in its place"))
        self.fold_button.setToolTip(tr("Fold the panel") if not self.collapsed else tr("Unfold the panel"))

    def sizeHint(self) -> QSize:
        """Tall enough for the wrapped lines at the panel's fixed width (adjustSize uses this)."""
        hint = super().sizeHint()
        hint.setHeight(self._height_for(self.width()))
        return hint

    # --------------------------------------------------------- fold, move, fit
    def set_collapsed(self, collapsed: bool) -> None:
        """Fold the panel to its title bar (or unfold it)."""
        if collapsed == self.collapsed:
            return
        self.collapsed = collapsed
        self.body.setVisible(not collapsed)
        self.fold_button.setText("▶" if collapsed else "▼")
        self.retranslate()
        self.adjustSize()
        self.collapsed_changed.emit(collapsed)

    def needed_height(self, width: int) -> int:
        """The height the panel takes at ``width`` with everything it needs shown (two reasons an
        option: a third shows only in room left over)."""
        shown, reasons = self.hints_shown, self.reasons_shown
        self._render_hints(self.HINTS_SHOWN, 2)
        height = self._height_for(width)
        self._render_hints(shown, reasons)
        return height

    def _height_for(self, width: int) -> int:
        """The panel's height at ``width`` for what it shows now, added up from its parts (Qt's own
        height-for-width of nested layouts keeps old answers until the next event loop turn);
        remembered for what it showed (measuring rich text costs a millisecond)."""
        key = (
            width,
            self.collapsed,
            self.text.text(),
            self.hints_label.text() if not self.hints_label.isHidden() else None,
            self.waits_label.pixmap().cacheKey(),
            self.hint_button.isHidden(),
        )
        known = self._heights.get(key)
        if known is not None:
            return known
        height = self._measure(width)
        if len(self._heights) > 64:
            self._heights.clear()
        self._heights[key] = height
        return height

    def _measure(self, width: int) -> int:
        m = self.layout_.contentsMargins()
        height = m.top() + m.bottom() + self.bar.sizeHint().height()
        if self.body.isVisibleTo(self) or not self.collapsed:
            inner = width - m.left() - m.right() - 2 * self.frameWidth()  # the frame's edges too
            body = self.body.layout()
            assert body is not None
            bm = body.contentsMargins()
            inner -= bm.left() + bm.right()
            parts = [self.text, self.waits_label, self.hint_button, self.hints_label]
            shown = [w for w in parts if not w.isHidden()]
            for w in shown:
                height += w.heightForWidth(inner) if w.hasHeightForWidth() else w.sizeHint().height()
            height += self.layout_.spacing() + body.spacing() * max(0, len(shown) - 1) + 2
        return height

    def fit(self, width: int, max_height: int) -> None:
        """Take ``width`` and at most ``max_height``: the hint list drops the options' third reasons,
        then its last options and reasons, until the panel fits (the best option always stays)."""
        if width != self.width():
            self.setFixedWidth(width)
            self._draw_waits()
        self.max_height = max_height
        self.hints_shown, self.reasons_shown = self.HINTS_SHOWN, self.REASONS_SHOWN
        self._render_hints(self.hints_shown, self.reasons_shown)
        while self._height_for(width) > max_height and self.hints_label.isVisible():
            # a third reason first; then the second, once the list is down to three options
            if self.reasons_shown > 2 or (self.reasons_shown > 1 and self.hints_shown <= 3):
                self.reasons_shown -= 1
            elif self.hints_shown > 1:
                self.hints_shown -= 1
            elif self.reasons_shown > 0:
                self.reasons_shown -= 1
            else:
                break
            self._render_hints(self.hints_shown, self.reasons_shown)
        self.adjustSize()

    def eventFilter(self, obj: Any, event: Any) -> bool:
        """The title bar drags the panel; a double-click puts it back in its place."""
        kind = event.type()
        if kind == QEvent.Type.MouseButtonDblClick:
            self._drag = None
            self.moved.emit(QPoint(-1, -1))
            return True
        if kind == QEvent.Type.MouseButtonPress and event.button() == Qt.MouseButton.LeftButton:
            self._drag = event.globalPosition().toPoint() - self.pos()
            self._dragged = False
            self.bar.setCursor(Qt.CursorShape.ClosedHandCursor)
            return True
        if kind == QEvent.Type.MouseMove and self._drag is not None:
            self.move(self._clamped(event.globalPosition().toPoint() - self._drag))
            self._dragged = True
            return True
        if kind == QEvent.Type.MouseButtonRelease and self._drag is not None:
            self._drag = None
            self.bar.setCursor(Qt.CursorShape.OpenHandCursor)
            if self._dragged:
                self.moved.emit(self.pos())
            return True
        return super().eventFilter(obj, event)

    def _clamped(self, pos: QPoint) -> QPoint:
        parent = self.parentWidget()
        if parent is None:
            return pos
        x = max(0, min(pos.x(), parent.width() - self.width()))
        y = max(0, min(pos.y(), parent.height() - self.bar.height() - 20))
        return QPoint(x, y)

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
        self.hints_label.setText("<i>" + tr("Thinking…") + "</i>")
        self.hints_label.show()
        self.adjustSize()
        controller.request_hints()

    def show_hints(self, payload: dict[str, Any]) -> None:
        decision = payload.get("decision")
        if decision is None or decision != self.decision:
            return  # the game moved on
        self.hints = list(payload.get("hints") or [])
        self.hint_button.setEnabled(True)
        self.hints_label.show()
        if not self.hints:
            self.hints_label.setText(tr("No hint for this decision."))
        if self.max_height:
            self.fit(self.width(), self.max_height)
        else:
            self._render_hints(self.hints_shown, self.reasons_shown)
            self.adjustSize()
        self.raise_()

    def _render_hints(self, count: int, reasons_shown: int) -> None:
        """The hint list: the first ``count`` options with ``reasons_shown`` reasons each."""
        if not self.hints:
            return
        zh = i18n.is_zh()
        lines = []
        for h in self.hints[: max(1, count)]:
            reasons = list(h.reasons_zh if zh else h.reasons_en)[:reasons_shown]
            what = _esc(describe_option(h.action, self.vocabulary, self.red_tiles))
            # the engine's rank: options it scores alike share one (★ ★ 3.), whatever is cut below
            n = h.rank
            head = f"<b>{n}. {what}</b>" if n > 1 else f"<b style='color:#f6e7b8'>★ {what}</b>"
            lines.append(head)
            if reasons:
                lines.append(INDENT + _muted(("；" if zh else "; ").join(reasons)))
        self.hints_label.setText(as_blocks(lines))

    def _new_decision(self, decision: int | None, vocabulary: str) -> None:
        self.vocabulary = vocabulary or self.vocabulary
        if decision != self.decision:
            self.decision = decision
            self.asked = None
            self.hints = []
            self.hints_label.clear()
            self.hints_label.hide()
        self.hint_button.setEnabled(decision is not None and self.asked != decision)

    def update_analysis(
        self,
        analysis: SeatAnalysis | None,
        spec: FamilySpec,
        names: list[str],
        *,
        red_tiles: frozenset[int],
        dpr: float,
    ) -> None:
        """Show the engine's analysis of the human seat as it is (shanten, waits, discards, win check)."""
        self.red_tiles = red_tiles
        self._new_decision(analysis.decision if analysis is not None else None, spec.vocabulary)
        if analysis is None or analysis.shanten is None:
            self.text.setText(tr("Nothing to analyse now."))
            self.waits_label.clear()
            self.adjustSize()
            return
        lines = practice_lines(analysis, names, self.DISCARDS_SHOWN, spec.vocabulary)
        self.text.setText(as_blocks(lines))
        # plain copies of the waits, never a red five
        self._waits = ([w.kind * 4 + 1 for w in analysis.waits[:9]], red_tiles, dpr)
        self._draw_waits()
        self.adjustSize()

    def _draw_waits(self) -> None:
        """The waits as tiles, as large as the panel's width lets them be (26 px at most)."""
        tiles, red_tiles, dpr = self._waits
        self.waits_label.clear()
        if tiles:
            w = max(14.0, min(26.0, (self.width() - 36) / len(tiles) - 1))
            self.waits_label.setPixmap(tiles_pixmap(tiles, w, w * 36 / 26, dpr=dpr, red_tiles=red_tiles))


INDENT = "&nbsp;&nbsp;"  # a line of a list under the line before it (as_blocks indents its wrapped lines too)


def as_blocks(lines: Sequence[str]) -> str:
    """Rich text lines as blocks: a line that starts with :data:`INDENT` is indented as a whole, so a
    long one wraps under its own start, not under the panel's left edge."""
    out = []
    for line in lines:
        if line.startswith(INDENT):
            out.append(f"<div style='margin-left:12px'>{line[len(INDENT):]}</div>")
        else:
            out.append(f"<div>{line}</div>")
    return "".join(out)


def practice_lines(
    analysis: SeatAnalysis, names: Sequence[str], discards_shown: int = 4, vocabulary: str | None = None
) -> list[str]:
    """The practice panel's lines (rich text) for the engine's analysis: its shanten, waits with unseen
    copies, best legal discards, the win on offer or why there is none, and its warnings, in the words
    of the family's ``vocabulary`` (tenpai and shanten for riichi; ready for the Chinese families).
    Everything shown comes from ``analysis``; nothing is measured here."""
    words = vocabulary or i18n.current_vocabulary()
    lines = []
    sh = analysis.shanten
    if sh is None:
        return [tr("Nothing to analyse now.")]
    lines.append(f"<b>{_esc(shanten_text(sh, words))}</b>")
    if analysis.waits:
        lines.append(tr("Waits ({n} unseen):").format(n=analysis.waits_unseen))
        lines.append(
            _esc(tr(", ").join(f"{i18n.tile_name(w.kind, words)} ×{w.unseen}" for w in analysis.waits))
        )
    if analysis.discards:
        lines.append(tr("Most efficient discards:"))
        for c in analysis.discards[:discards_shown]:
            text = discard_text(i18n.tile_name(c.kind, words), c.shanten, c.acceptance, words)
            lines.append(INDENT + _esc(text))
    win = analysis.win
    if win is not None and win.legal:
        value = f"{win.value} {i18n.unit_name(analysis.value_unit, win.value, words)}"
        if words == "japanese":
            text = tr("A win is possible now: {value}", "japanese").format(value=value)
        else:
            text = tr("A win is possible now: {value}").format(value=value)
        lines.append(f"<span style='color:#8fe39a'>{_esc(text)}</span>")
    elif win is not None and win.refusal is not None:
        why = messages.text(win.refusal, names)
        why_not = tr("Why no win here?")
        lines.append(f"<span style='color:#ffd37a'>{_esc(why_not)} {_esc(why)}</span>")
    for warn in analysis.warnings:
        lines.append(f"<span style='color:#ffb49a'>⚠ {_esc(messages.text(warn, names))}</span>")
    return lines


def shanten_text(shanten: int, vocabulary: str) -> str:
    """How far a hand is from complete: 'Tenpai', '2-shanten' (riichi); 'Ready', '2 from ready' (the
    Chinese families)."""
    if shanten < 0:
        return tr("Complete hand") if vocabulary == "japanese" else tr("Complete hand", "chinese")
    if vocabulary == "japanese":
        return tr("Tenpai") if shanten == 0 else tr("{n}-shanten").format(n=shanten)
    return tr("Ready") if shanten == 0 else tr("{n} from ready").format(n=shanten)


def discard_text(tile: str, shanten: int, acceptance: int, vocabulary: str) -> str:
    """A candidate discard: the shanten it keeps and how many unseen tiles then help (win, at ready)."""
    if shanten <= 0:
        if vocabulary == "japanese":
            return tr("{tile}: tenpai, {n} winning tiles").format(tile=tile, n=acceptance)
        return tr("{tile}: ready, {n} winning tiles").format(tile=tile, n=acceptance)
    if vocabulary == "japanese":
        return tr("{tile}: {sh}-shanten, {n} tiles improve").format(tile=tile, sh=shanten, n=acceptance)
    return tr("{tile}: {sh} from ready, {n} tiles improve").format(tile=tile, sh=shanten, n=acceptance)


def describe_option(action: Action, vocabulary: str, red_tiles: frozenset[int] = frozenset()) -> str:
    """An option of a decision in words: "Discard 5-man", "Pon 5-man", "Chi 3-man, 4-man, 5-man",
    "Riichi, discard 3-pin". A red five (one of ``red_tiles``, where the ruleset has them) is named so:
    two pons that differ only by the red five read apart ("Pon 5-man, 5-man, Red 5-man")."""

    def name(tile: int) -> str:
        return i18n.face_name(kind_of(tile), tile in red_tiles, vocabulary)

    names = tr(", ").join(name(t) for t in action.tiles)
    tile = name(action.tile) if action.tile is not None else ""
    t = action.type
    if t is A.DISCARD:
        return tr("Discard {tile}").format(tile=tile)
    if t is A.RIICHI:
        return tr("{word}, discard {tile}").format(
            word=i18n.action_word(A.RIICHI.value, vocabulary), tile=tile
        )
    if t is A.DECLARE_LACK:
        return tr("Lack {suit}").format(suit=i18n.suit_name(action.suit if action.suit is not None else 0))
    if t is A.EXCHANGE:
        return tr("{word}: {tiles}").format(word=i18n.action_word(A.EXCHANGE.value, vocabulary), tiles=names)
    word = i18n.action_word(t.value, vocabulary)
    if t is A.PASS:
        return word
    # a pung or kong names its kind once ("Pung 2 Dots"), unless a red five is among its tiles; a chow
    # its three tiles in order
    held = sorted(((action.tile,) if action.tile is not None else ()) + tuple(action.tiles), key=kind_of)
    same = len({kind_of(x) for x in held}) == 1 and not any(x in red_tiles for x in held)
    shown = tr(", ").join(name(x) for x in (held[:1] if same else held))
    return f"{word} {shown}".strip()


__all__ = ["ClaimPanel", "PracticePanel", "SettlementPanel", "Toast", "describe_option", "tiles_pixmap"]
