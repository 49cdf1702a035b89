"""The table's animations: a discard sliding into its pond, a drawn tile dropping into the hand, the
words flashed for calls and wins, and the set-up reveal (the dice roll, the tiles shown to choose the
财神 turn over, the wild kinds fade in).

Durations are in milliseconds at speed 1 and scale with the player's animation speed (0: none). The
scene owns an :class:`Animations` for the short ones (stopped by the next render) and keeps the reveal
apart (it plays on while the game goes on).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QEasingCurve, QObject, QPointF, QVariantAnimation
from PySide6.QtGui import QTransform
from PySide6.QtWidgets import QGraphicsItem

from desktop.table.items import Dice, TileItem
from engine.game.actions import ActionType

RIICHI = ActionType.RIICHI  # the word flashed for a declared riichi (and the engine's event type)

SLIDE_MS = 220  # a discard slides from its seat into the pond
DROP_MS = 180  # a drawn tile drops into the own hand
DROP_HEIGHT = 36.0
FLASH_MS = 900  # a call word shows, then fades over the last 30 %
ROLL_MS = 620  # one pair of dice tumbles
GAP_MS = 140  # between two rolls, and before the wild kinds fade in
FLIP_MS = 360  # a shown tile turns over
STAGGER_MS = 220  # between two shown tiles
FADE_MS = 320  # the wild kinds fade in
DEAL_MS = 70  # between two handfuls of the deal
DEAL_HANDFUL = 4  # tiles a seat takes at a time (two stacks)


def duration(ms: float, speed: float) -> int:
    return max(1, int(ms * speed))


def call_flashes(events: Sequence[Any]) -> tuple[list[tuple[int, str]], tuple[int, int] | None]:
    """The words to flash for ``events`` (engine :class:`~engine.game.events.Event` values seen by the
    viewer), as (seat, word) with a word for :func:`desktop.i18n.call_label` (the last two, one per
    seat), and the last discard (seat, tile) that should slide into its pond."""
    flashes: list[tuple[int, str]] = []
    last_discard: tuple[int, int] | None = None
    for e in events:
        et = getattr(e, "type", "")
        seat = getattr(e, "seat", None)
        data = getattr(e, "data", None) or {}
        if et == "discard" and seat is not None:
            if isinstance(data.get("tile"), int):
                last_discard = (seat, data["tile"])
            if data.get(RIICHI):
                flashes.append((seat, RIICHI))
        elif et == RIICHI and seat is not None:
            if (seat, RIICHI) not in flashes:
                flashes.append((seat, RIICHI))
        elif et == "call" and seat is not None:
            flashes.append((seat, str((data.get("meld") or {}).get("type", "pon"))))
        elif et in ("kan", "kan_declared") and seat is not None:
            flashes.append((seat, "kan"))
        elif et == "nuki_declared" and seat is not None:  # a north set aside (three-player riichi)
            flashes.append((seat, "nuki"))
        elif et in ("win", "hu"):
            wins = data.get("wins")
            if isinstance(wins, list) and wins:  # one event for every seat that won on a tile
                for w in wins:
                    if isinstance(w, dict) and isinstance(w.get("seat"), int):
                        word = "tsumo" if w.get("from") in (None, w["seat"]) else "ron"
                        flashes.append((w["seat"], word))
            elif seat is not None:
                flashes.append((seat, "ron" if data.get("from") not in (None, seat) else "tsumo"))
    out: list[tuple[int, str]] = []
    for seat, word in flashes[-2:]:
        if all(seat != s for s, _ in out):
            out.append((seat, word))
    return out, last_discard


class Animations:
    """The short animations of one render: all stopped when the next render begins."""

    def __init__(self, owner: QObject) -> None:
        self.owner = owner
        self.running_anims: list[QVariantAnimation] = []

    def _start(self, anim: QVariantAnimation) -> None:
        anim.start()
        self.running_anims.append(anim)

    def stop(self) -> None:
        for a in self.running_anims:
            a.stop()
        self.running_anims.clear()

    def running(self) -> bool:
        return any(a.state() == QVariantAnimation.State.Running for a in self.running_anims)

    def slide(self, item: QGraphicsItem, start: QPointF, speed: float) -> None:
        """``item`` glides from ``start`` (its parent's coordinates) to where it lies now."""
        end = item.pos()
        anim = QVariantAnimation(self.owner)
        anim.setStartValue(start)
        anim.setEndValue(end)
        anim.setDuration(duration(SLIDE_MS, speed))
        anim.setEasingCurve(QEasingCurve.Type.OutCubic)
        anim.valueChanged.connect(item.setPos)
        self._start(anim)

    def drop_in(self, item: QGraphicsItem, speed: float) -> None:
        """``item`` drops into its place from a little above."""
        end = item.pos()
        anim = QVariantAnimation(self.owner)
        anim.setStartValue(end - QPointF(0, DROP_HEIGHT))
        anim.setEndValue(end)
        anim.setDuration(duration(DROP_MS, speed))
        anim.setEasingCurve(QEasingCurve.Type.OutCubic)
        anim.valueChanged.connect(item.setPos)
        self._start(anim)

    def flash(self, item: QGraphicsItem, speed: float) -> None:
        """``item`` (a call word) shows, then fades out."""
        anim = QVariantAnimation(self.owner)
        anim.setStartValue(1.0)
        anim.setKeyValueAt(0.7, 1.0)
        anim.setEndValue(0.0)
        anim.setDuration(duration(FLASH_MS, speed))
        anim.valueChanged.connect(item.setOpacity)
        self._start(anim)


def play_reveal(
    owner: QObject,
    dice_items: Sequence[Dice],
    values: Sequence[int],
    shown_items: Sequence[TileItem],
    wild_items: Sequence[QGraphicsItem],
    speed: float,
) -> tuple[QVariantAnimation, float]:
    """The first pair of dice rolls, then the next; then the shown tiles turn over one after the
    other, and the wild kinds they name fade in. Returns the running animation and the time
    (``time.monotonic``) it ends."""
    roll, gap = duration(ROLL_MS, speed), duration(GAP_MS, speed)
    flip, stagger, fade = duration(FLIP_MS, speed), duration(STAGGER_MS, speed), duration(FADE_MS, speed)
    pairs = (len(dice_items) + 1) // 2
    flip_at = pairs * (roll + gap)
    fade_at = flip_at + max(0, len(shown_items) - 1) * stagger + flip + (gap if shown_items else 0)
    total = fade_at + (fade if wild_items else 0)
    faces = [(item, item.kind, item.red) for item in shown_items]

    def tick(value: Any) -> None:
        ms = float(value)
        for i, die in enumerate(dice_items):
            start = (i // 2) * (roll + gap)
            if ms < start:
                die.setOpacity(0.25)
            elif ms < start + roll:
                left = 1 - (ms - start) / roll
                step = int((ms - start) / 70)
                die.setOpacity(1.0)
                die.show_value(1 + (step * 5 + i * 3 + values[i]) % 6)
                die.setRotation((1 if i % 2 else -1) * 300 * left * left)
            else:
                die.setOpacity(1.0)
                die.show_value(values[i])
                die.setRotation(0)
        for j, (item, kind, red) in enumerate(faces):
            start = flip_at + j * stagger
            f = min(1.0, max(0.0, (ms - start) / flip))
            item.set_face(kind if f >= 0.5 else None, red if f >= 0.5 else False)
            sx = max(0.04, abs(1 - 2 * f)) if 0 < f < 1 else 1.0
            w = item.w
            item.setTransform(QTransform().translate(w / 2, 0).scale(sx, 1).translate(-w / 2, 0))
        for wild in wild_items:
            wild.setOpacity(min(1.0, max(0.0, (ms - fade_at) / fade)))

    anim = QVariantAnimation(owner)
    anim.setStartValue(0.0)
    anim.setEndValue(float(total))
    anim.setDuration(max(1, int(total)))
    anim.valueChanged.connect(tick)
    tick(0.0)
    anim.start()
    return anim, time.monotonic() + total / 1000


def play_deal(
    owner: QObject, hands: Sequence[Sequence[QGraphicsItem]], start: float, speed: float
) -> tuple[QVariantAnimation, float]:
    """The deal after the set-up reveal: the hands (in the order the seats are served, the dealer
    first) are hidden until ``start`` (``time.monotonic``), then appear a handful at a time, seat
    after seat, as the tiles are dealt. Returns the running animation and the time it ends."""
    step = duration(DEAL_MS, speed)
    handfuls: list[list[QGraphicsItem]] = []
    rounds = max((len(h) + DEAL_HANDFUL - 1) // DEAL_HANDFUL for h in hands) if hands else 0
    for r in range(rounds):
        for hand in hands:
            part = list(hand[r * DEAL_HANDFUL : (r + 1) * DEAL_HANDFUL])
            if part:
                handfuls.append(part)
    wait = max(0.0, (start - time.monotonic()) * 1000)
    total = wait + len(handfuls) * step + step
    for part in handfuls:
        for item in part:
            item.setOpacity(0.0)

    def tick(value: Any) -> None:
        ms = float(value)
        shown = int((ms - wait) // step) + 1 if ms >= wait else 0
        for i, part in enumerate(handfuls):
            for item in part:
                item.setOpacity(1.0 if i < shown else 0.0)

    anim = QVariantAnimation(owner)
    anim.setStartValue(0.0)
    anim.setEndValue(float(total))
    anim.setDuration(max(1, int(total)))
    anim.valueChanged.connect(tick)
    anim.finished.connect(lambda: tick(float(total) + step * len(handfuls)))
    anim.start()
    return anim, time.monotonic() + total / 1000
