"""The application's identity: its icon and its desktop entry name, for every window.

A module of its own, set before the main window shows (the icon is in the first frame's title bar),
while :mod:`desktop.first_run` and its welcome dialog are imported after the first frame."""

from __future__ import annotations

from pathlib import Path

from engine.resources import resource_path

DESKTOP_FILE_NAME = "tilehouse"  # installer/linux/tilehouse.desktop


def icon_path() -> Path:
    return resource_path("icons", "tilehouse.png")


def set_identity() -> None:
    """Window icon and desktop file name for every window of the application."""
    from PySide6.QtGui import QGuiApplication, QIcon

    QGuiApplication.setDesktopFileName(DESKTOP_FILE_NAME)
    path = icon_path()
    if path.is_file():
        QGuiApplication.setWindowIcon(QIcon(str(path)))
