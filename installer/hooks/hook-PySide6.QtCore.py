"""Tilehouse's hook for this PySide6 module: PyInstaller's own collection, less the Qt plugins and
translations the game does not use (rules: installer/buildconfig.py, put on sys.path by the spec)."""

from buildconfig import filter_hook_files
from PyInstaller.utils.hooks.qt import add_qt6_dependencies

hiddenimports, _binaries, _datas = add_qt6_dependencies(__file__)
binaries = filter_hook_files(_binaries)
datas = filter_hook_files(_datas)
