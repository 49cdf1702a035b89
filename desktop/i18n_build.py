"""Refresh the translations with Qt's own tools: ``pyside6-lupdate`` → .ts → ``pyside6-lrelease`` → .qm.

``resources/i18n/tilehouse_<lang>.ts`` is the one store of translated text. Every ``tr("...")`` literal in
``desktop/`` (and its sub-packages) is a source string; lupdate adds new ones to the .ts (unfinished),
keeps the translations of those that stay and drops those that are gone; translate the unfinished ones
in Qt Linguist (``pyside6-linguist resources/i18n/tilehouse_zh_CN.ts``) or in any text editor, then run
this again to compile the .qm. After adding Chinese text, run ``tools/make_font_subset.py`` so the
bundled font has every glyph.

    python -m desktop.i18n_build            # update the .ts files and compile them
    python -m desktop.i18n_build --check    # exit 1 if a .ts is out of date or has unfinished entries
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "resources" / "i18n"
LANGUAGES = ("zh_CN",)


def _tool(name: str) -> str:
    """A Qt tool of the PySide6 that runs this (the venv's, also when it is not on PATH)."""
    beside = Path(sys.executable).parent / name
    return str(beside) if beside.exists() else (shutil.which(name) or name)


def ts_path(lang: str) -> Path:
    return OUT / f"tilehouse_{lang}.ts"


def lupdate(ts: Path) -> None:
    """Bring ``ts`` up to date with the ``tr()`` strings of ``desktop/`` (Qt's lupdate)."""
    subprocess.run(
        [
            _tool("pyside6-lupdate"),
            "-extensions",
            "py",
            "-no-obsolete",
            "-locations",
            "none",
            "-source-language",
            "en",
            "-target-language",
            ts.stem.split("_", 1)[1],
            str(ROOT / "desktop"),
            "-ts",
            str(ts),
        ],
        check=True,
        capture_output=True,
    )


def lrelease(ts: Path, qm: Path) -> None:
    subprocess.run([_tool("pyside6-lrelease"), str(ts), "-qm", str(qm)], check=True, capture_output=True)


@dataclass(frozen=True)
class Entry:
    context: str
    source: str
    comment: str
    translation: str
    finished: bool


def entries(ts: Path) -> list[Entry]:
    """The messages of a .ts file."""
    out = []
    for context in ET.parse(ts).getroot().iter("context"):
        name = context.findtext("name") or ""
        for message in context.iter("message"):
            translation = message.find("translation")
            text = (translation.text or "") if translation is not None else ""
            kind = translation.get("type", "") if translation is not None else "unfinished"
            out.append(
                Entry(
                    name,
                    message.findtext("source") or "",
                    message.findtext("comment") or "",
                    text,
                    bool(text) and kind not in ("unfinished", "vanished", "obsolete"),
                )
            )
    return out


def translations(lang: str) -> dict[tuple[str, str], str]:
    """(source, comment) → translation, for the finished entries of a language."""
    return {(e.source, e.comment): e.translation for e in entries(ts_path(lang)) if e.finished}


def check(lang: str) -> list[str]:
    """Problems of a language's .ts: sources lupdate would add or drop, and unfinished entries."""
    ts = ts_path(lang)
    problems = []
    with tempfile.TemporaryDirectory() as tmp:
        fresh = Path(tmp) / ts.name
        shutil.copy(ts, fresh)
        lupdate(fresh)
        now = {(e.source, e.comment) for e in entries(ts)}
        then = {(e.source, e.comment) for e in entries(fresh)}
        problems += [f"{ts.name}: new: {s!r}" + (f" ({c})" if c else "") for s, c in then - now]
        problems += [f"{ts.name}: no longer in the sources: {s!r}" for s, _c in now - then]
        problems += [
            f"{ts.name}: unfinished: {e.source!r}" + (f" ({e.comment})" if e.comment else "")
            for e in entries(fresh)
            if not e.finished
        ]
    return problems


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if "--check" in args:
        problems = [p for lang in LANGUAGES for p in check(lang)]
        for p in problems:
            print(p)
        return 1 if problems else 0
    for lang in LANGUAGES:
        ts = ts_path(lang)
        lupdate(ts)
        lrelease(ts, ts.with_suffix(".qm"))
        all_entries = entries(ts)
        missing = [e for e in all_entries if not e.finished]
        print(f"{ts.name}: {len(all_entries)} strings, {len(missing)} unfinished")
        for e in missing:
            print(f"  unfinished: {e.source!r}" + (f" ({e.comment})" if e.comment else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
