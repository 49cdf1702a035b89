"""Entry point of the standalone build, the ``tilehouse`` executable.

A subcommand (``tilehouse simulate ...``, ``tilehouse rules list``, ``--help``, ``--version``: which
build of the engine runs) goes to the engine's command line; anything else (no arguments, or the
desktop's options such as ``--demo``, ``--lang``, ``--load``)
opens the table directly, without building the command parser first (that imports every command module
and would cost a few hundred milliseconds before the first frame).
"""

import multiprocessing
import sys


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if (args and not args[0].startswith("-")) or args[:1] in (["-h"], ["--help"], ["--version"]):
        from engine.cli import main as cli_main

        return cli_main(args)
    from desktop.app import main as desktop_main

    return desktop_main(args)


if __name__ == "__main__":
    multiprocessing.freeze_support()  # `tilehouse arena` workers on Windows and macOS (spawn)
    sys.exit(main())
