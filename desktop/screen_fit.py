"""Windows sized to the screen they open on: the one place a window's size meets the screen's."""

from __future__ import annotations

from typing import Any


def fit_to_screen(window: Any) -> None:
    """A window no bigger than the screen's free area (a 1024×700 screen gets a table it can see
    whole, not 1440×900 hanging off its edges; the size saved on a bigger screen likewise)."""
    screen = window.screen()
    if screen is None:
        return
    free = screen.availableGeometry()
    frame = window.frameGeometry().size() - window.size()  # the title bar and borders, once shown
    w = min(window.width(), free.width() - max(0, frame.width()))
    h = min(window.height(), free.height() - max(0, frame.height()))
    if (w, h) != (window.width(), window.height()):
        window.resize(max(640, w), max(480, h))
