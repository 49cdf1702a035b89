"""Start the desktop game: ``tilehouse`` (no subcommand) or ``tilehouse --demo VARIANT --screenshot FILE``.

The demo opens the real table, lets AI seats play one hand at full speed (four, or ``--players 2|3``:
the ruleset a new game of that many starts from, ``FamilySpec.default_rules``), saves a screenshot of the
table at the settlement and exits 0 (packaging uses it as a smoke test; the docs use its pictures).
Without a display it renders offscreen.
"""

from __future__ import annotations

import argparse
import gc
import os
import sys
import time
from pathlib import Path

_STARTED = time.perf_counter()


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="tilehouse", description="Tilehouse mahjong: the desktop table")
    p.add_argument(
        "--demo", metavar="VARIANT", help="play one hand with AI seats only (riichi, sichuan, lingxi)"
    )
    p.add_argument(
        "--players",
        type=int,
        choices=(2, 3, 4),
        default=None,
        help="with --demo: seats at the table (default 4); 3 and 2 start from the family's ruleset for that "
        "many (riichi: sanma, the duel; sichuan: three-player, two-player; lingxi: the house rule)",
    )
    p.add_argument("--screenshot", metavar="FILE", help="with --demo: save the table at the settlement here")
    p.add_argument("--seed", default=None, help="with --demo: the game seed (default 1)")
    p.add_argument("--size", default="1440x900", help="window size WxH (default 1440x900)")
    p.add_argument("--lang", default=None, help="interface language: en, zh_CN (default: settings/system)")
    p.add_argument("--load", metavar="FILE", help="open a saved game")
    p.add_argument("--first-frame", action="store_true", help=argparse.SUPPRESS)  # bench: exit at first frame
    p.add_argument("--timeout", type=float, default=120.0, help=argparse.SUPPRESS)
    return p


def main(argv: list[str] | None = None) -> int:
    # The start makes many long-lived objects (modules, classes, PySide's enums) and next to no
    # garbage: the cyclic collector's passes over them cost the first frame 10-20 ms. It is off until
    # the first frame, then on again with the start's objects frozen out of it (as the worker does
    # after every hand: desktop.worker.freeze_heap), else its first pass would scan them all at once;
    # and on again however this ends.
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _main(argv, collecting)
    finally:
        if collecting:
            gc.enable()


def _collect_again() -> None:
    if not gc.isenabled():
        gc.freeze()
        gc.enable()


def _main(argv: list[str] | None, collecting: bool) -> int:
    parser = build_parser()
    args = parser.parse_args(list(sys.argv[1:] if argv is None else argv))
    if args.players is not None and not args.demo:
        parser.error("--players goes with --demo (a new game asks for its opponents)")
    headless = (
        not os.environ.get("DISPLAY")
        and not os.environ.get("WAYLAND_DISPLAY")
        and sys.platform.startswith("linux")
    )
    if (args.demo or args.first_frame) and headless:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    # The pure-Python part of the start comes before PySide6 is imported: the settings (plain JSON)
    # and the resources' folder. PySide's import hook reads the source of every module imported after
    # it (looking for ``from __feature__ import``): a few milliseconds less before the first frame.
    from desktop import fonts, identity
    from desktop.settings import Settings
    from engine.resources import resource_root

    settings = Settings.load()
    resource_root()  # found once (importlib.resources), then remembered
    from PySide6.QtCore import QTimer
    from PySide6.QtGui import QFont
    from PySide6.QtWidgets import QApplication

    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else QApplication([sys.argv[0]])
    app.setApplicationName("Tilehouse")
    from desktop import i18n
    from desktop.window import MainWindow

    identity.set_identity()  # the icon is in the first frame's title bar
    fonts.load()
    ui = QFont(fonts.ui_family())
    ui.setPointSizeF(10.5)
    app.setFont(ui)
    i18n.install(args.lang or settings.language)
    try:
        w, h = (int(x) for x in args.size.lower().split("x"))
    except ValueError:
        print(f"--size {args.size!r}: expected WIDTHxHEIGHT", file=sys.stderr)
        return 2
    window = MainWindow(settings, demo=bool(args.demo), defer_panels=not args.demo)
    window.resize(w, h)
    if collecting:
        window.when_first_frame(_collect_again)
        QTimer.singleShot(2000, window, _collect_again)  # (a window that paints nothing: minimized)
    if not (args.demo or args.first_frame):  # (never in those: the identity is set already)

        def welcome() -> None:  # the first start's welcome: imported and made after the first frame
            from desktop import first_run

            first_run.attach(window)

        window.when_first_frame(lambda: QTimer.singleShot(0, welcome))
    code = 0
    if args.first_frame:

        def report() -> None:
            print(f"FIRST_FRAME {time.perf_counter() - _STARTED:.4f}", flush=True)
            app.exit(0)

        window.view.first_frame.connect(report)
        window.show()
        window.startup()
        code = app.exec()
    elif args.demo:
        code = run_demo(
            app, window, args.demo, args.screenshot, args.seed or "1", args.timeout, args.players or 4
        )
    else:
        from desktop.screen_fit import fit_to_screen

        if settings.window and not argv:
            window.resize(*settings.window[:2])
        fit_to_screen(window)
        window.show()
        if args.load:
            window.load_path(Path(args.load))
        else:
            window.startup()
        code = app.exec()
    window.shutdown()
    window.deleteLater()
    app.processEvents()
    return code


def run_demo(
    app: object,
    window: object,
    variant: str,
    screenshot: str | None,
    seed: str,
    timeout: float,
    players: int = 4,
) -> int:
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from desktop.storage import Setup
    from desktop.window import MainWindow
    from engine.families.registry import get_family

    assert isinstance(window, MainWindow)
    qapp = QApplication.instance()
    assert qapp is not None
    try:
        rules = get_family(variant).default_rules(players)
    except (ValueError, KeyError) as exc:
        print(f"--demo {variant} --players {players}: {exc}", file=sys.stderr)
        return 2
    outcome = {"code": 1}

    def settled() -> None:
        def shoot() -> None:
            if window.settlement.building():  # the settlement is still being laid out: wait for all of it
                QTimer.singleShot(50, shoot)
                return
            if screenshot:
                path = Path(screenshot)
                path.parent.mkdir(parents=True, exist_ok=True)
                if not window.grab().save(str(path)):
                    print(f"could not write {path}", file=sys.stderr)
                    qapp.exit(1)
                    return
                print(f"screenshot: {path}")
            outcome["code"] = 0
            qapp.exit(0)

        QTimer.singleShot(50, shoot)

    def too_long() -> None:
        print(f"demo: no settlement within {timeout:.0f} s", file=sys.stderr)
        qapp.exit(1)

    window.hand_settled.connect(settled)
    QTimer.singleShot(int(timeout * 1000), too_long)
    window.show()
    window.start_game(rules, Setup(human_seat=None, levels=["simple"] * rules.players, max_hands=1), seed)
    code = qapp.exec()
    return code if code else outcome["code"]


if __name__ == "__main__":
    sys.exit(main())
