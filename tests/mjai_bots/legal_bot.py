"""A small mjai bot for the bridge tests: it plays whole riichi matches and never answers illegally.

It follows the mjai.app protocol (a JSON array of events a line in, one action a line out) and keeps
its own hand from the events. It wins whenever the hand is complete and certainly has a yaku (a closed
hand's self-draw, riichi, a dragon pon), declares riichi on a closed ready hand, pons dragons, declares
closed and added kans, and otherwise discards the tile that keeps its shanten lowest. It measures
hands with Tilehouse's own analysis (a bot may use any library). Usage: ``legal_bot.py SEAT``.
"""

from __future__ import annotations

import json
import sys

from engine.analysis import HandForms, shanten, waits

FORMS = HandForms(standard=True, seven_pairs=True, thirteen_orphans=True)
HONOURS = "ESWNPFC"
DRAGONS = ("P", "F", "C")


def kind(name: str) -> int:
    if name in HONOURS:
        return 27 + HONOURS.index(name)
    return 9 * "mps".index(name[1]) + int(name[0]) - 1


def counts(names: list[str]) -> list[int]:
    out = [0] * 34
    for n in names:
        out[kind(n)] += 1
    return out


class Bot:
    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.hand: list[str] = []
        self.melds: list[list[str]] = []  # own melds' tiles (kans included)
        self.pons: list[int] = []  # kinds ponned
        self.open = False
        self.riichi = False
        self.score = 25000
        self.left = 70
        self.kans = 0
        self.plan: str | None = None  # the riichi discard chosen

    def shanten(self, names: list[str]) -> int:
        return shanten(counts(names), sets=4, exposed=len(self.melds), forms=FORMS)

    def see(self, e: dict) -> None:
        t, me = e["type"], e.get("actor") == self.seat
        if t == "start_game":
            self.seat = e.get("id", self.seat)
        elif t == "start_kyoku":
            self.__init__(self.seat)  # type: ignore[misc]
            self.hand = list(e["tehais"][self.seat])
            self.score = e["scores"][self.seat]
        elif t == "tsumo":
            self.left -= 1
            if me:
                self.hand.append(e["pai"])
        elif t == "dahai" and me:
            self.hand.remove(e["pai"])
        elif t in ("chi", "pon", "daiminkan", "ankan", "kakan"):
            if t in ("daiminkan", "ankan", "kakan"):
                self.kans += 1
            if me:
                for n in e["consumed"] if t != "kakan" else [e["pai"]]:
                    self.hand.remove(n)
                if t == "kakan":
                    return
                self.melds.append(list(e["consumed"]))
                self.open = self.open or t != "ankan"
                if t == "pon":
                    self.pons.append(kind(e["pai"]))
        elif t == "reach_accepted" and me:
            self.riichi = True
            self.score -= 1000

    def decide(self, last: dict) -> dict:
        t, me = last["type"], last.get("actor") == self.seat
        if t == "tsumo" and me:
            return self.turn(last["pai"])
        if t in ("pon", "chi") and me:
            called = kind(last["pai"])
            return self.discard([n for n in self.hand if kind(n) != called] or self.hand)
        if t == "reach" and me:
            assert self.plan is not None
            return self.dahai(self.plan)
        if t in ("dahai", "kakan") and not me:
            if self.riichi:  # in riichi the only question asked is a win
                return {"type": "hora", "actor": self.seat, "target": last["actor"], "pai": last["pai"]}
            pai = last["pai"]
            if t == "dahai" and pai in DRAGONS and self.hand.count(pai) >= 2 and self.left > 0:
                return {
                    "type": "pon",
                    "actor": self.seat,
                    "target": last["actor"],
                    "pai": pai,
                    "consumed": [pai, pai],
                }
        return {"type": "none"}

    def turn(self, drawn: str) -> dict:
        if self.shanten(self.hand) == -1 and (not self.open or self.pons):
            return {"type": "hora", "actor": self.seat, "target": self.seat, "pai": drawn}
        if self.riichi:
            return self.dahai(drawn)
        c = counts(self.hand)
        if self.kans < 4 and self.left > 0:
            for k in range(34):
                if c[k] == 4:
                    same = [n for n in self.hand if kind(n) == k]
                    return {"type": "ankan", "actor": self.seat, "consumed": same}
                if c[k] and k in self.pons:
                    pai = next(n for n in self.hand if kind(n) == k)
                    return {"type": "kakan", "actor": self.seat, "pai": pai, "consumed": [pai] * 3}
        if not self.open and self.score >= 1000 and self.left >= 4:
            held = counts(self.hand + [n for m in self.melds for n in m])
            for n in sorted(set(self.hand)):
                rest = list(self.hand)
                rest.remove(n)
                if self.shanten(rest) == 0:
                    found = waits(counts(rest), sets=4, exposed=len(self.melds), forms=FORMS).kinds
                    held_after = list(held)
                    held_after[kind(n)] -= 1
                    if any(held_after[w] < 4 for w in found):
                        self.plan = n
                        return {"type": "reach", "actor": self.seat}
        return self.discard(self.hand)

    def discard(self, choices: list[str]) -> dict:
        best = min(sorted(set(choices)), key=lambda n: self.shanten(_without(self.hand, n)))
        return self.dahai(best)

    def dahai(self, name: str) -> dict:
        return {"type": "dahai", "actor": self.seat, "pai": name, "tsumogiri": False}


def _without(hand: list[str], name: str) -> list[str]:
    rest = list(hand)
    rest.remove(name)
    return rest


def main() -> None:
    bot = Bot(int(sys.argv[1]) if len(sys.argv) > 1 else 0)
    for line in sys.stdin:
        events = json.loads(line)
        for e in events:
            bot.see(e)
        sys.stdout.write(json.dumps(bot.decide(events[-1])) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
