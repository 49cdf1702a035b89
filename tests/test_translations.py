"""Translations go through Qt's own workflow, and the .ts file is their one store.

* Every ``tr()`` in ``desktop/`` is given a literal string (so ``pyside6-lupdate`` finds it).
* ``resources/i18n/tilehouse_zh_CN.ts`` is what lupdate makes of the sources: no string missing, none
  left over, none unfinished; the shipped ``.qm`` is what lrelease compiles from it.
* No Python module keeps a second catalogue of translated text.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

from desktop import i18n_build

ROOT = Path(__file__).resolve().parent.parent


def _tr_calls() -> list[tuple[Path, ast.Call]]:
    out = []
    for path in sorted((ROOT / "desktop").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "tr":
                out.append((path, node))
    return out


def test_every_tr_call_has_a_literal_text_lupdate_can_read() -> None:
    calls = _tr_calls()
    assert len(calls) > 300
    bad = [
        f"{path.relative_to(ROOT)}:{node.lineno}"
        for path, node in calls
        if not node.args
        or not isinstance(node.args[0], ast.Constant)
        or not isinstance(node.args[0].value, str)
        or any(not (isinstance(a, ast.Constant) and isinstance(a.value, str)) for a in node.args[1:2])
    ]
    assert bad == []


def test_no_tr_call_hides_inside_an_f_string() -> None:
    """lupdate does not look inside f-strings: a tr() there is never translated."""
    hidden = []
    for path in sorted((ROOT / "desktop").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.JoinedStr):
                for inner in ast.walk(node):
                    if (
                        isinstance(inner, ast.Call)
                        and isinstance(inner.func, ast.Name)
                        and inner.func.id == "tr"
                    ):
                        hidden.append(f"{path.relative_to(ROOT)}:{inner.lineno}")
    assert hidden == []


def test_every_tr_text_is_in_the_store() -> None:
    store = {(e.source, e.comment) for e in i18n_build.entries(i18n_build.ts_path("zh_CN"))}
    texts = set()
    for _path, node in _tr_calls():
        if node.args and isinstance(node.args[0], ast.Constant):
            comment = (
                node.args[1].value if len(node.args) > 1 and isinstance(node.args[1], ast.Constant) else ""
            )
            texts.add((node.args[0].value, comment or ""))
    assert sorted(texts - store) == []


@pytest.mark.parametrize("lang", i18n_build.LANGUAGES)
def test_the_ts_file_is_what_lupdate_makes_of_the_sources_and_is_finished(lang: str) -> None:
    assert i18n_build.check(lang) == []


@pytest.mark.parametrize("lang", i18n_build.LANGUAGES)
def test_the_shipped_qm_is_the_compiled_ts(lang: str, tmp_path: Path) -> None:
    ts = i18n_build.ts_path(lang)
    qm = tmp_path / "fresh.qm"
    i18n_build.lrelease(ts, qm)
    assert qm.read_bytes() == ts.with_suffix(".qm").read_bytes(), "run python -m desktop.i18n_build"


def test_the_table_strings_are_in_the_store() -> None:
    found = i18n_build.translations("zh_CN")
    for text in ("Dora indicators", "Lacks {suit}", "Pung", "Hu", "1 Character", "Riichi"):
        assert any(source == text for source, _comment in found), text
    assert found[("Win", "japanese")] != found[("Hu", "")]  # 和了 for riichi, 胡 for the Chinese families


def test_no_python_catalogue_of_translations() -> None:
    """The .ts is the one store: no module maps English to Chinese text by itself."""
    for path in (ROOT / "desktop").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Dict) and len(node.values) >= 8:
                chinese = sum(
                    1
                    for v in node.values
                    if isinstance(v, ast.Constant)
                    and isinstance(v.value, str)
                    and any("\u4e00" <= c <= "\u9fff" for c in v.value)
                )
                assert chinese < 5, f"{path.relative_to(ROOT)}:{node.lineno} looks like a catalogue"


def test_the_build_command_checks(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "desktop.i18n_build", "--check"], cwd=ROOT, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stdout + done.stderr
