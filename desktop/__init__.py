"""The desktop table (PySide6). ``engine/`` never imports Qt; this package is the only place that does."""
