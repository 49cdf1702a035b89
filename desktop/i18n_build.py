"""Make ``resources/i18n/tilehouse_zh_CN.ts`` and compile it to ``.qm`` with Qt's lrelease.

Every ``tr("...")`` literal in ``desktop/`` and its sub-packages (``desktop/table/``) is a source
string; its Chinese is looked up in :data:`desktop.i18n_zh.ZH`. Run ``python -m desktop.i18n_build``
after changing strings (``--check`` only reports untranslated ones), then ``tools/make_font_subset.py``
so the bundled font has every glyph.
"""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
from pathlib import Path
from xml.sax.saxutils import escape

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "resources" / "i18n"


def source_strings() -> dict[str, list[tuple[str, int]]]:
    """Each ``tr()`` literal of ``desktop/**/*.py`` and where it is (path under ``desktop/``, line)."""
    found: dict[str, list[tuple[str, int]]] = {}
    desktop = ROOT / "desktop"
    for path in sorted(desktop.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "tr"
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)
            ):
                where = path.relative_to(desktop).as_posix()
                found.setdefault(node.args[0].value, []).append((where, node.lineno))
    return found


def write_ts(lang: str, catalogue: dict[str, str], strings: dict[str, list[tuple[str, int]]]) -> Path:
    lines = [
        '<?xml version="1.0" encoding="utf-8"?>',
        "<!DOCTYPE TS>",
        f'<TS version="2.1" language="{lang}" sourcelanguage="en">',
        "<context>",
        "    <name>tilehouse</name>",
    ]
    for text in sorted(strings):
        for file, line in strings[text][:1]:
            lines.append("    <message>")
            lines.append(f'        <location filename="../../desktop/{file}" line="{line}"/>')
            lines.append(f"        <source>{escape(text)}</source>")
            value = catalogue.get(text)
            if value is None:
                lines.append('        <translation type="unfinished"></translation>')
            else:
                lines.append(f"        <translation>{escape(value)}</translation>")
            lines.append("    </message>")
    lines += ["</context>", "</TS>", ""]
    path = OUT / f"tilehouse_{lang}.ts"
    path.write_text("\n".join(lines), encoding="utf-8")
    return path


def lrelease() -> str:
    exe = shutil.which("pyside6-lrelease") or str(Path(sys.executable).parent / "pyside6-lrelease")
    return exe


def main(argv: list[str] | None = None) -> int:
    from desktop.i18n_zh import ZH

    args = list(sys.argv[1:] if argv is None else argv)
    strings = source_strings()
    for extra in ZH:  # strings passed to tr() as variables (AI level names)
        strings.setdefault(extra, [("agents.py", 1)])
    missing = sorted(s for s in strings if s not in ZH)
    if "--check" in args:
        for s in missing:
            print(f"untranslated: {s!r}")
        return 1 if missing else 0
    OUT.mkdir(parents=True, exist_ok=True)
    ts = write_ts("zh_CN", ZH, strings)
    subprocess.run([lrelease(), str(ts), "-qm", str(ts.with_suffix(".qm"))], check=True)
    print(f"{len(strings)} strings, {len(missing)} untranslated")
    return 0


if __name__ == "__main__":
    sys.exit(main())
