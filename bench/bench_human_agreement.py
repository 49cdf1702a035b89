"""How often the AI levels decide as the humans of the shared real hands did.

    nice .venv/bin/python bench/bench_human_agreement.py [--oracle DIR] [--levels beginner,standard,strong]
                                                         [--limit N] [--json FILE]

(``DIR`` defaults to ../shared/oracles/riichi-mjx next to the checkout: 468 hands of four-player
riichi, mostly real online games, with their full walls; read where it lies, nothing is copied.)

Each hand is replayed through the engine by the conformance replay
(:func:`engine.conformance.mjx.replay_game`). At every decision of a seat — its turn (a discard, a
riichi declaration, a kan, a self-draw win) and each claim window it is offered — the seat's
observation is built by the engine (``game.observation(seat)``) with the engine's legal actions,
and each level (:func:`engine.ai.agents.make_agent`, seeded by the hand and the seat) is asked what
it would do. Its answer is compared with the human's recorded action:

* **discards** — turns where the human discarded (with or without a declaration) and at least two
  kinds could be discarded: the same tile kind (a red five and a plain five count as the same kind;
  an AI answer that is not a discard — a kan, say — disagrees);
* **riichi** — turns where a declaration was legal: declared or not;
* **calls** — claim windows offering a chi, pon or open kan (and no ron): called or passed (which
  call is not compared), next to the rate of always passing (how often the human passed). A seat the
  log shows passing may have lost a chi to another seat's pon: the log cannot tell, so it counts as
  a pass;
* **kans** — turns offering a closed or added kan, and claim windows offering an open kan: made it or
  not.

It prints one table per level (cases, agreement, 95% Wilson interval) and one JSON line.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from real_hands import ORACLE, wilson

from engine.ai.agents import LEVELS, LevelAgent, make_agent
from engine.conformance.mjx import replay_game
from engine.game.actions import Action, ActionType
from engine.game.game import Game
from engine.tiles import kind_of

A = ActionType
CALLS = (A.CHI, A.PON, A.OPEN_KAN)
KANS = (A.CLOSED_KAN, A.ADDED_KAN)
DISCARDS = (A.DISCARD, A.RIICHI)
CATEGORIES = ("discard", "riichi", "call", "kan")



class Tally:
    """Agreement counts per level and category, and what the humans did."""

    def __init__(self, levels: list[str]) -> None:
        self.levels = levels
        self.n = {c: 0 for c in CATEGORIES}
        self.human_yes = {c: 0 for c in CATEGORIES}  # declared / called / made the kan
        self.agree = {lv: {c: 0 for c in CATEGORIES} for lv in levels}
        self.ai_yes = {lv: {c: 0 for c in CATEGORIES} for lv in levels}

    def add(
        self, category: str, human: bool, answers: dict[str, bool], yes: dict[str, bool] | None = None
    ) -> None:
        """``answers``: per level, whether it agreed; ``yes``: per level, whether it said yes
        (declared, called, made the kan); ``human`` whether the human did."""
        self.n[category] += 1
        self.human_yes[category] += int(human)
        for lv, ok in answers.items():
            self.agree[lv][category] += int(ok)
            if yes is not None:
                self.ai_yes[lv][category] += int(yes[lv])

    def summary(self) -> dict[str, Any]:
        out: dict[str, Any] = {"cases": dict(self.n), "human_yes": {}, "levels": {}}
        for c in ("riichi", "call", "kan"):
            out["human_yes"][c] = round(self.human_yes[c] / self.n[c], 4) if self.n[c] else 0.0
        n_call = self.n["call"]
        out["always_pass_call"] = round((n_call - self.human_yes["call"]) / n_call, 4) if n_call else 0.0
        out["always_riichi"] = (
            round(self.human_yes["riichi"] / self.n["riichi"], 4) if self.n["riichi"] else 0.0
        )
        for lv in self.levels:
            row: dict[str, Any] = {}
            for c in CATEGORIES:
                k, n = self.agree[lv][c], self.n[c]
                lo, hi = wilson(k, n)
                row[c] = {
                    "agree": round(k / n, 4) if n else 0.0,
                    "agreed": k,
                    "ci95": [round(lo, 4), round(hi, 4)],
                }
                if c != "discard":
                    row[c]["says_yes"] = round(self.ai_yes[lv][c] / n, 4) if n else 0.0
            out["levels"][lv] = row
        return out


class Asker:
    """Asks each level at every decision of the replayed hand and tallies the answers."""

    def __init__(self, tally: Tally, levels: list[str], source: str) -> None:
        self.tally = tally
        self.agents: dict[tuple[str, int], LevelAgent] = {
            (lv, seat): make_agent(lv, f"human:{source}:{seat}") for lv in levels for seat in range(4)
        }
        self.levels = levels
        self.installed = False

    def answers(self, game: Game, seat: int) -> tuple[list[Action], dict[str, Action]] | None:
        legal = game.legal_actions(seat)
        if len(legal) < 2:
            return None
        obs = game.observation(seat)
        return legal, {lv: self.agents[(lv, seat)].choose(obs, legal) for lv in self.levels}

    def turn(self, game: Game, human: Action) -> None:
        """Before a recorded turn action (the replay's ``before`` hook); the first call also starts
        watching the claim windows (none comes before the first discard)."""
        if not self.installed:
            self.watch_claims(game)
        got = self.answers(game, human.seat)
        if got is None:
            return
        legal, ai = got
        if any(a.type is A.RIICHI for a in legal):
            said = {lv: a.type is A.RIICHI for lv, a in ai.items()}
            h = human.type is A.RIICHI
            self.tally.add("riichi", h, {lv: s == h for lv, s in said.items()}, said)
        if any(a.type in KANS for a in legal):
            said = {lv: a.type in KANS for lv, a in ai.items()}
            h = human.type in KANS
            self.tally.add("kan", h, {lv: s == h for lv, s in said.items()}, said)
        kinds = {kind_of(a.tile) for a in legal if a.type is A.DISCARD and a.tile is not None}
        if human.type in DISCARDS and human.tile is not None and len(kinds) >= 2:
            k = kind_of(human.tile)
            ok = {
                lv: a.type in DISCARDS and a.tile is not None and kind_of(a.tile) == k for lv, a in ai.items()
            }
            self.tally.add("discard", False, ok)

    def watch_claims(self, game: Game) -> None:
        """Ask before every answer to a claim window the replay applies (each waiting seat answers
        once: its recorded call or win, or a pass)."""
        self.installed = True
        apply: Callable[[Action], Any] = game.apply

        def asking_apply(action: Action) -> Any:
            hand = game.hand
            if hand is not None and hand.phase.value == "claim":
                self.claim(game, action)
            return apply(action)

        game.apply = asking_apply  # type: ignore[method-assign]

    def claim(self, game: Game, human: Action) -> None:
        legal = game.legal_actions(human.seat)
        offered = [a for a in legal if a.type in CALLS]
        if not offered or any(a.type is A.RON for a in legal):
            return
        got = self.answers(game, human.seat)
        if got is None:
            return
        _, ai = got
        said = {lv: a.type in CALLS for lv, a in ai.items()}
        h = human.type in CALLS
        self.tally.add("call", h, {lv: s == h for lv, s in said.items()}, said)
        if any(a.type is A.OPEN_KAN for a in offered):
            kan = {lv: a.type is A.OPEN_KAN for lv, a in ai.items()}
            hk = human.type is A.OPEN_KAN
            self.tally.add("kan", hk, {lv: s == hk for lv, s in kan.items()}, kan)


def measure(oracle: Path, levels: list[str], limit: int | None = None) -> tuple[dict[str, Any], int, int]:
    """(summary, hands replayed, hands whose replay reported a problem)."""
    tally = Tally(levels)
    hands = problems = 0
    for path in sorted(oracle.glob("*.json")):
        with path.open(encoding="utf-8") as fh:
            for number, line in enumerate(fh, 1):
                if not line.strip():
                    continue
                if limit is not None and hands >= limit:
                    return tally.summary(), hands, problems
                source = f"{path.name}:{number}"
                asker = Asker(tally, levels, source)
                _, report = replay_game(
                    json.loads(line), source=source, check_invariants=False, before=asker.turn
                )
                hands += 1
                problems += int(not report.ok)
    return tally.summary(), hands, problems


def table(summary: dict[str, Any]) -> str:
    cases = summary["cases"]
    lines = [
        "| level | discards | riichi or not | call or pass | kan or not |",
        "| --- | --- | --- | --- | --- |",
    ]

    def cell(row: dict[str, Any]) -> str:
        lo, hi = row["ci95"]
        return f"{row['agree']:.1%} [{lo:.1%}, {hi:.1%}]"

    for lv, row in summary["levels"].items():
        extra = {c: f" (says yes {row[c]['says_yes']:.0%})" for c in ("riichi", "call", "kan")}
        lines.append(
            f"| {lv} | {cell(row['discard'])} | {cell(row['riichi'])}{extra['riichi']} | "
            f"{cell(row['call'])}{extra['call']} | {cell(row['kan'])}{extra['kan']} |"
        )
    hy = summary["human_yes"]
    lines.append(
        f"| cases | {cases['discard']:,} | {cases['riichi']:,} (humans declared {hy['riichi']:.0%}) | "
        f"{cases['call']:,} (always passing {summary['always_pass_call']:.1%}) | "
        f"{cases['kan']:,} (humans made {hy['kan']:.0%}) |"
    )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--oracle", default=str(ORACLE))
    parser.add_argument("--levels", default=",".join(LEVELS))
    parser.add_argument("--limit", type=int, default=None, help="replay only the first N hands")
    parser.add_argument("--json", default="", help="also write the summary to this file")
    args = parser.parse_args()
    oracle = Path(args.oracle)
    if not oracle.is_dir():
        raise SystemExit(f"no oracle folder at {oracle} (pass --oracle DIR)")
    levels = [lv.strip() for lv in args.levels.split(",") if lv.strip()]
    started = time.perf_counter()
    summary, hands, problems = measure(oracle, levels, args.limit)
    summary["hands"] = hands
    summary["replay_problems"] = problems
    summary["seconds"] = round(time.perf_counter() - started, 1)
    print(f"{hands} hands replayed ({problems} with a replay problem), {summary['seconds']} s")
    print(table(summary))
    strong = summary["levels"].get("strong")
    if strong:
        checks = [
            ("strong discards >= 65%", strong["discard"]["agree"] >= 0.65),
            ("strong riichi decisions >= 70%", strong["riichi"]["agree"] >= 0.70),
            (
                "strong call-or-pass >= always passing + 3 points",
                strong["call"]["agree"] >= summary["always_pass_call"] + 0.03,
            ),
        ]
        for text, ok in checks:
            print(f"{text}: {'PASS' if ok else 'FAIL'}")
    print(json.dumps(summary, separators=(",", ":")))
    if args.json:
        Path(args.json).write_text(json.dumps(summary, indent=1), encoding="utf-8")


if __name__ == "__main__":
    main()
