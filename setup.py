"""Build Tilehouse: pure Python always, plus a mypyc-compiled build of the hot engine modules when it can.

The project's metadata and packages are in pyproject.toml; this file only adds the optional compiled
build. The modules compiled are listed once, in ``engine/compiled.py`` (``MODULES``).

* ``pip install .`` / ``pip wheel .``: the listed modules are compiled with mypyc (``mypy`` at the
  project's pin is a build requirement) into C extensions installed beside their ``.py`` files, with
  mypyc's shared library ``tilehouse__mypyc`` and ``engine/compiled.json`` (the digest of each source
  compiled, which ``engine.compiled`` checks at import). It adds about a minute to an install.
* No C compiler, no Python headers, no mypyc, or any other failure of the compiled build: a warning
  says so and the install goes on with pure Python (same results, slower).
* ``TILEHOUSE_PURE=1``: pure Python on purpose; ``TILEHOUSE_COMPILE=engine.x,engine.y``: only those
  modules of the list (the tests build a small compiled wheel that way).
* ``pip install -e .`` (or ``build_ext --inplace``) never compiles: an extension beside a source file
  that is edited later would shadow it (see ``engine/compiled.py``).
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import sys
import time
from pathlib import Path
from types import ModuleType
from typing import Any

from setuptools import Distribution, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent


def _compiled_module() -> ModuleType:
    """engine/compiled.py, loaded by path (importing the engine package would run its guard)."""
    spec = importlib.util.spec_from_file_location("_tilehouse_compiled", ROOT / "engine" / "compiled.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# mypy's options for the compile: types only (the strict check is CI's job). Installed packages are never
# read (no_site_packages: pydantic's and mahjong's types are Any), so that the compiled code is the same
# whether the build environment is isolated (pip install .: no runtime dependencies in it) or not.
MYPY_CONFIG = """\
[mypy]
python_version = 3.11
ignore_missing_imports = True
follow_imports = silent
no_site_packages = True
"""


class BinaryDistribution(Distribution):
    """build_ext always runs: it decides itself whether to compile (see BuildExt)."""

    def has_ext_modules(self) -> bool:
        return True


class BuildExt(build_ext):
    """Compile engine.compiled.MODULES with mypyc, or say why not and leave pure Python."""

    def run(self) -> None:
        compiled = _compiled_module()
        self._clean(compiled)  # nothing from an earlier build in build/lib may end up in this one
        why = self._pure_reason(compiled)
        if why:
            self._say(f"tilehouse: pure Python build ({why})")
            return
        started = time.perf_counter()
        try:
            self._compile(compiled)
        except (KeyboardInterrupt, SystemExit) as exc:
            if isinstance(exc, KeyboardInterrupt):
                raise
            self._fail(compiled, f"mypyc stopped (exit {exc.code}; its errors are above)")
        except Exception as exc:  # a missing compiler or header, a mypyc error: never fail the install
            self._fail(compiled, f"{type(exc).__name__}: {exc}")
        else:
            self._say(
                f"tilehouse: compiled {len(self._modules(compiled))} modules with mypyc in"
                f" {time.perf_counter() - started:.0f} s"
            )

    def _pure_reason(self, compiled: ModuleType) -> str | None:
        if os.environ.get(compiled.PURE_SWITCH, "").strip() not in ("", "0"):
            return f"{compiled.PURE_SWITCH}=1"
        if self.inplace or getattr(self, "editable_mode", False):
            return "editable install: a compiled module would shadow the edited source"
        if importlib.util.find_spec("mypyc") is None:
            return "mypyc is not installed"
        return None

    def _compile(self, compiled: ModuleType) -> None:
        from mypyc.build import mypycify

        work = Path(self.build_temp) / "mypyc"
        work.mkdir(parents=True, exist_ok=True)
        config = work / "mypy.ini"
        config.write_text(MYPY_CONFIG, encoding="utf-8")
        modules = self._modules(compiled)
        files = [compiled.source_file(m, ROOT).relative_to(ROOT).as_posix() for m in modules]
        self.extensions = mypycify(
            ["--config-file", str(config), *files],
            opt_level="3",
            target_dir=str(work),
            group_name=compiled.SHARED_LIBRARY.removesuffix("__mypyc"),
        )
        self.distribution.ext_modules = self.extensions
        # the extensions arrive after finalize_options: let setuptools prepare them as it would have
        self.check_extensions_list(self.extensions)
        ext: Any
        for ext in self.extensions:
            ext._full_name = self.get_ext_fullname(ext.name)
            self.ext_map[ext._full_name] = ext
            ext._links_to_dynamic = False
            ext._needs_stub = False
            ext._file_name = self.get_ext_filename(ext._full_name)
        super().run()
        target = Path(self.build_lib) / "engine" / compiled.MANIFEST
        target.write_text(json.dumps(compiled.manifest(modules, ROOT), indent=1) + "\n")

    @staticmethod
    def _modules(compiled: ModuleType) -> list[str]:
        """compiled.MODULES, or the subset named by TILEHOUSE_COMPILE (comma-separated; for tests)."""
        chosen = [m.strip() for m in os.environ.get("TILEHOUSE_COMPILE", "").split(",") if m.strip()]
        unknown = sorted(set(chosen) - set(compiled.MODULES))
        if unknown:
            raise ValueError(f"TILEHOUSE_COMPILE: not in engine.compiled.MODULES: {unknown}")
        return chosen or list(compiled.MODULES)

    def _fail(self, compiled: ModuleType, why: str) -> None:
        self._clean(compiled)
        self.extensions = []
        self.distribution.ext_modules = []
        self._say(
            "tilehouse: WARNING: the compiled build failed, installing pure Python instead (same results,"
            f" slower): {why}"
        )

    def _clean(self, compiled: ModuleType) -> None:
        lib = Path(self.build_lib)
        doomed = [lib / "engine" / compiled.MANIFEST, *lib.glob(f"{compiled.SHARED_LIBRARY}*")]
        for module in compiled.installed_extensions(lib):
            doomed += compiled.extension_files(module, lib)
        for path in doomed:
            if path.is_dir():
                shutil.rmtree(path)
            elif path.exists():
                path.unlink()

    def _say(self, text: str) -> None:
        print(text, file=sys.stderr, flush=True)


setup(distclass=BinaryDistribution, cmdclass={"build_ext": BuildExt})
