"""The desktop table (PySide6). ``engine/`` never imports Qt; this package is the only place that does.

See :mod:`desktop.qtfix` for a PySide6 6.12 / CPython 3.11 work-around every Qt module imports first.
"""

from desktop import qtfix as _qtfix  # noqa: F401
