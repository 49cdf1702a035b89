"""Screenshots of the real window in the states the layout test draws (tests/table_states.py): each
family in the middle of a hand (practice panel and hints shown) and at the settlement, at the sizes
and in the languages asked for.

    QT_QPA_PLATFORM=offscreen .venv/bin/python tools/table_shots.py OUT_DIR \
        [--sizes 1024x700,1440x900,1920x1080] [--langs en,zh_CN] [--families riichi,sichuan,lingxi] \
        [--players 4]

Files are named ``FAMILY-STATE-WxH-LANG.png`` (STATE ``table`` or ``settlement``). With ``--docs`` the
pictures of ``docs/screenshots/`` are made instead: 1440x900, ``FAMILY-STATE.png`` in English and
``FAMILY-STATE-zh.png`` in Chinese.

``--players 2`` or ``3`` draws games of that many seats, from the ruleset a new game of that count
starts from (``FamilySpec.default_rules``: riichi 3 is sanma, Sichuan 3 三人两房); the file names then
carry the family's name for it: ``riichi-sanma``, ``riichi-duel``, ``sichuan-three``, ``sichuan-two``,
``lingxi-three``, ``lingxi-two`` (so ``--docs --players 3 --families riichi`` makes
``docs/screenshots/riichi-sanma-table.png``)."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

SEAT_NAMES = {
    ("riichi", 3): "riichi-sanma",
    ("riichi", 2): "riichi-duel",
}
COUNT_WORDS = {2: "two", 3: "three"}


def shot_name(family: str, players: int) -> str:
    """The name a family's pictures go by for a seat count (the family's own for four)."""
    if players == 4:
        return family
    return SEAT_NAMES.get((family, players), f"{family}-{COUNT_WORDS[players]}")



def main() -> int:
    p = argparse.ArgumentParser()
    p.add_argument("out")
    p.add_argument("--sizes", default="1024x700,1440x900,1920x1080")
    p.add_argument("--langs", default="en,zh_CN")
    p.add_argument("--families", default="")
    p.add_argument("--states", default="table,settlement")
    p.add_argument("--players", type=int, choices=(2, 3, 4), default=4, help="seats at the table (default 4)")
    p.add_argument("--docs", action="store_true", help="docs/screenshots names, 1440x900, both languages")
    args = p.parse_args()
    if args.docs:
        args.sizes, args.langs = "1440x900", "en,zh_CN"
    os.environ.setdefault("TILEHOUSE_DATA_DIR", str(Path(args.out) / ".userdata"))

    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication([])
    from desktop import fonts, i18n
    from desktop.settings import Settings
    from desktop.window import MainWindow
    from engine.families.registry import family_names
    from tests import table_states

    fonts.load()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    families = [f for f in args.families.split(",") if f] or family_names()
    states = args.states.split(",")
    for family in families:
        snaps = {}
        name = shot_name(family, args.players)
        if "table" in states:
            snaps["table"] = table_states.mid_hand(family, players=args.players)
        if "settlement" in states:
            snaps["settlement"] = table_states.settlement(family, players=args.players)
        for lang in args.langs.split(","):
            i18n.install(lang)
            for size in args.sizes.split(","):
                w, h = (int(x) for x in size.split("x"))
                for state, snap in snaps.items():
                    window = MainWindow(Settings(ai_pace=0.0, anim_speed=0.0, practice_panel=True), demo=True)
                    window.resize(w, h)
                    window.show()
                    app.processEvents()
                    window.on_snapshot(snap)
                    if state == "table":
                        window.practice.show_hints(table_states.hint_payload(snap))
                    if window.settlement.isVisible():
                        window.settlement.finish()
                    for _ in range(5):
                        app.processEvents()
                    window._place_overlays()
                    app.processEvents()
                    if args.docs:
                        path = out / f"{name}-{state}{'-zh' if lang.startswith('zh') else ''}.png"
                    else:
                        path = out / f"{name}-{state}-{w}x{h}-{lang}.png"
                    window.grab().save(str(path))
                    print(path)
                    window.shutdown()
                    window.close()
                    window.deleteLater()
                    app.processEvents()
    return 0


if __name__ == "__main__":
    sys.exit(main())
