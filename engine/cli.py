"""The ``tilehouse`` command.

With no subcommand it starts the desktop game (PySide6 is imported only then). Every other
subcommand is headless and never creates a QApplication. A subcommand lives in its own module in
:mod:`engine.commands` and exposes ``register(subparsers)``, which adds a parser whose ``func``
default takes the parsed arguments and returns an exit code.

Bad input is never a traceback: a command reports a file it cannot load in one line on standard
error (``file:line: field: problem``) and exits with status 2. Commands do that themselves; as a last
resort, any :class:`~engine.loading.LoadError` that escapes a command is printed and exits 2 here.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

COMMAND_MODULES = ("simulate", "score", "replay", "conformance", "rules", "arena", "convert", "review")
EXIT_BAD_INPUT = 2


DESKTOP_OPTIONS = """\
With no COMMAND (or options only) the desktop table starts. Its options:
  --demo VARIANT      play one hand with AI seats only (riichi, sichuan, lingxi) and exit
  --players {2,3,4}   with --demo: seats at the table (default 4); 3 and 2 start from the family's
                      ruleset for that many (riichi: sanma, the duel; sichuan: three-player,
                      two-player; lingxi: the house rule)
  --screenshot FILE   with --demo: save the table at the settlement
  --seed S            with --demo: the game seed (default 1)
  --size WxH          window size (default 1440x900)
  --lang en|zh_CN     interface language
  --load FILE         open a saved game
  --version           the version, and whether the engine runs compiled or pure Python
(tilehouse --demo riichi --help lists them too.)"""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tilehouse",
        description="Tilehouse mahjong",
        epilog=DESKTOP_OPTIONS,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMAND_MODULES:
        try:
            module = importlib.import_module(f"engine.commands.{name}")
        except ModuleNotFoundError as exc:
            if exc.name != f"engine.commands.{name}":
                raise
            continue  # a command whose module is not written yet
        module.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    if args_list[:1] == ["--version"]:
        from engine import __version__, compiled

        print(f"tilehouse {__version__}, engine: {compiled.describe()}")
        return 0
    if not args_list or (args_list[0].startswith("-") and args_list[0] not in ("-h", "--help")):
        return _start_desktop(args_list)  # the game and its own options (--demo, --lang, --load, ...)
    parser = build_parser()
    args = parser.parse_args(args_list)
    if args.command is None:
        return _start_desktop([])
    from engine.loading import LoadError

    try:
        code: int = args.func(args)
    except LoadError as exc:
        print(str(exc), file=sys.stderr)
        return EXIT_BAD_INPUT
    return code


def _start_desktop(argv: list[str]) -> int:
    try:
        desktop_main = importlib.import_module("desktop.app").main
    except ModuleNotFoundError as exc:
        if exc.name and exc.name.startswith("desktop"):
            print("The desktop table is not built yet; running a headless riichi simulation instead.")
            return main(["simulate", "--variant", "riichi", "--hands", "8", "--seed", "1"])
        raise
    code: int = desktop_main(argv)
    return code


if __name__ == "__main__":
    raise SystemExit(main())
