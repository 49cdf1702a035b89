"""Screenshots of the replay viewer and the review beside the strong AI (docs/screenshots/).

    QT_QPA_PLATFORM=offscreen .venv/bin/python tools/viewer_shots.py [OUT_DIR]

Makes, at 1440x900: ``viewer.png`` (a riichi game read back from its tenhou.net/6 export, the open
table in the middle of a hand), ``viewer-zh.png`` (the same game in Chinese, a hand's settlement),
``review.png`` (the review of a seat, the viewer at its largest difference) and ``review-zh.png`` (a
Sichuan game reviewed in Chinese: the family's own words). OUT_DIR defaults to docs/screenshots.
The games are played by the engine's simple agents from fixed seeds, so the pictures repeat.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def main() -> int:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "screenshots"
    out.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="tilehouse-viewer-shots-"))
    os.environ.setdefault("TILEHOUSE_DATA_DIR", str(work / "userdata"))

    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication([])
    from desktop import fonts, i18n
    from desktop.record_menu import export_to
    from desktop.viewer import ViewerWindow, read_record
    from engine.agents.simple import SimpleAgent
    from engine.game.game import Game
    from engine.game.log import log_lines
    from engine.game.play import play_match
    from engine.rules import default_ruleset
    from engine.rules.store import load_ruleset

    fonts.load()

    def pump(seconds: float = 0.3) -> None:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            app.processEvents()
            time.sleep(0.01)

    def game_of(family: str, seed: str, hands: int) -> Game:
        rules = load_ruleset("riichi-online") if family == "riichi" else default_ruleset(family)
        game = Game(rules, seed=seed)
        play_match(game, [SimpleAgent(f"{seed}:{s}") for s in range(len(game.match.scores))], max_hands=hands)
        return game

    riichi = game_of("riichi", "viewer shots", 3)
    tenhou = work / "south-4.json"
    export_to(tenhou, riichi, "tenhou6", ["Aki", "Bo", "Chen", "Dai"])
    sichuan = game_of("sichuan", "viewer shots", 2)
    log = work / "xuezhan.log"
    log.write_text("\n".join(log_lines(sichuan)) + "\n", encoding="utf-8")

    def window(path: Path) -> ViewerWindow:
        w = ViewerWindow()
        w.resize(1440, 900)
        w.show()
        w.show_record(read_record(path))
        pump()
        return w

    def review(w: ViewerWindow, seat: int) -> None:
        w.review.start(seat)
        while w.review.result is None:
            pump(0.05)
        w.review.jump(0)
        pump()

    def save(w: ViewerWindow, name: str) -> None:
        if w.settlement.isVisible():
            w.settlement.finish()
        pump()
        w.grab().save(str(out / name))
        print(out / name)
        w.close()

    for lang, suffix in (("en", ""), ("zh_CN", "-zh")):
        i18n.install(lang)
        w = window(tenhou)
        replayer = w.record.replayer
        w.set_open_table(True)
        w.goto(replayer.hands[1].position + 40)
        if suffix:
            w.set_open_table(False)
            ended = [s.index + 1 for s in replayer.steps if s.ends_hand and replayer.reports[s.hand].wins]
            w.goto(ended[0] if ended else replayer.hands[1].position)
        save(w, f"viewer{suffix}.png")
        w = window(tenhou if not suffix else log)
        review(w, 0)
        save(w, f"review{suffix}.png")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
