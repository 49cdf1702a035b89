"""A misbehaving mjai bot for the bridge tests. Usage: ``faulty_bot.py MODE [MARKER] SEAT``.

Modes: ``garbage`` answers every line with text that is not an action (and now and then an action that
is not legal); ``sleep`` answers ``none`` but sleeps far past any timeout at its third decision;
``exit`` exits at its fifth line the first time it runs (it leaves ``MARKER`` behind, and plays on
with ``none`` and tsumogiri once restarted); ``silent`` never answers at all.
"""

from __future__ import annotations

import json
import os
import sys
import time


def main() -> None:
    mode = sys.argv[1]
    marker = sys.argv[2] if mode == "exit" else None
    first_run = marker is not None and not os.path.exists(marker)
    if marker is not None and first_run:
        open(marker, "w").close()
    seat = int(sys.argv[-1])
    lines = 0
    for line in sys.stdin:
        lines += 1
        events = json.loads(line)
        last = events[-1]
        if mode == "silent":
            continue
        if mode == "garbage":
            if lines % 3 == 0:
                print(
                    json.dumps({"type": "dahai", "actor": seat, "pai": "9z", "tsumogiri": True}), flush=True
                )
            else:
                print("this is not json" if lines % 2 else '{"no": "type"}', flush=True)
            continue
        if mode == "sleep" and lines == 3:
            time.sleep(30)
        if mode == "exit" and first_run and lines == 5:
            sys.exit(3)
        if last["type"] == "tsumo" and last["actor"] == seat:
            answer = {"type": "dahai", "actor": seat, "pai": last["pai"], "tsumogiri": True}
        else:
            answer = {"type": "none"}
        print(json.dumps(answer), flush=True)


if __name__ == "__main__":
    main()
