"""The look shared by the panels over the table (a module of its own: the welcome panel shows in the
first frame, before :mod:`desktop.panels` is imported)."""

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
QPushButton#declare { background: #e0a526; color: #1c2230; }
QScrollBar:vertical { background: transparent; width: 10px; margin: 2px 0 2px 0; }
QScrollBar::handle:vertical { background: rgba(238, 243, 239, 90); border-radius: 4px; min-height: 32px; }
QScrollBar::handle:vertical:hover { background: rgba(246, 231, 184, 160); }
QScrollBar::add-line:vertical, QScrollBar::sub-line:vertical { height: 0; }
QScrollBar::add-page:vertical, QScrollBar::sub-page:vertical { background: transparent; }
"""
