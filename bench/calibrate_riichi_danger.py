"""Calibration of the riichi AI's threat model on real hands: predicted against observed.

    nice .venv/bin/python bench/calibrate_riichi_danger.py [--oracle DIR] [--json FILE]

(``DIR`` defaults to ../shared/oracles/riichi-mjx next to the checkout.)

    nice .venv/bin/python bench/calibrate_riichi_danger.py --arena 250

reads the arena's own games instead (strong and three standard seats, walls of the seed ``calib``):
where ``engine.ai.riichi.ARENA_DANGER_CALIBRATION`` comes from (read with round 10's strong, deal-in
costs x 0.7: the strong seat's own discards shift the table a little with its level).

The shared oracle holds real online hands with their full walls (docs: its README). Each hand is
replayed through the engine (:func:`engine.conformance.mjx.replay_game`); before every recorded
discard the discarding seat's observation is read the way an AI seat reads it, and the strong
level's riichi plug-in is asked what it believes:

* **readiness** — for each opponent, :meth:`RiichiPlugin.threats` gives the chance it is ready
  (0 when the plug-in sees no threat); observed: the opponent's concealed hand (read from the game,
  which the AI never sees) is ready;
* **waits** — for each kind in the discarder's hand and each opponent that is really ready,
  :meth:`RiichiPlugin.danger` gives the chance the opponent waits on it; observed: the kind is one of
  its winning kinds and it is not furiten (none of its waits in its own discards);
* **deal-in** — for each kind in hand, the chance that throwing it deals in,
  ``1 - prod(1 - ready x danger)`` over the threats (what the planner uses); observed: some
  opponent could win on it;
* **what a deal-in costs** — the points paid on recorded ron wins, by what the winner showed (a
  riichi, open melds, neither), next to the plug-in's ``Threat.loss``.

It prints one reliability table per estimate (bins of the prediction: the number of cases, the
mean prediction, the observed rate with a 95% Wilson interval). Nothing is copied from the oracle;
it is read where it lies.
"""

from __future__ import annotations

import argparse
import json
from collections import defaultdict
from pathlib import Path
from typing import Any

from real_hands import ORACLE
from reliability import Table, print_table, print_totals

from engine.ai.riichi import RiichiPlugin
from engine.ai.view import View
from engine.analysis.acceptance import acceptance
from engine.conformance.mjx import replay_game
from engine.game.actions import Action, ActionType
from engine.game.game import Game
from engine.tiles import kind_of

A = ActionType
READY_BINS = (0.0, 0.001, 0.1, 0.2, 0.3, 0.45, 0.6, 0.8, 0.999, 1.001)
DANGER_BINS = (0.0, 0.001, 0.02, 0.04, 0.07, 0.1, 0.15, 0.2, 0.3, 1.0)
RISK_BINS = (0.0, 0.001, 0.01, 0.02, 0.04, 0.07, 0.1, 0.15, 0.25, 1.0)


class Calibration:
    def __init__(self) -> None:
        self.plugin = RiichiPlugin()
        self.ready = Table(READY_BINS)
        self.ready_by: dict[str, Table] = defaultdict(lambda: Table(READY_BINS))
        self.danger = Table(DANGER_BINS)
        self.danger_by: dict[str, Table] = defaultdict(lambda: Table(DANGER_BINS))
        self.risk = Table(RISK_BINS)
        self.decisions = 0
        self.losses: dict[str, list[int]] = defaultdict(list)
        self.model_loss: dict[str, list[float]] = defaultdict(list)

    def truth(self, game: Game, seat: int) -> tuple[bool, set[int]]:
        """Whether ``seat`` is ready and the kinds it could win on (not furiten), from the game."""
        obs = game.observation(seat)
        me = obs.seats[seat]
        shape = obs.shape
        if shape is None or me.hand is None:
            return False, set()
        counts = [0] * 34
        for t in me.hand:
            counts[kind_of(t)] += 1
        if sum(counts) % 3 != 1:
            return False, set()
        exposed = len(me.melds)
        sh, kinds, _ = acceptance(shape, counts, exposed, 0, [4] * 34)
        if sh != 0:
            return False, set()
        own = {kind_of(d.tile) for d in me.discards}
        if own & set(kinds):
            return True, set()  # furiten: it cannot win on a discard
        return True, set(kinds)

    def before(self, game: Game, action: Action) -> None:
        if action.type not in (A.DISCARD, A.RIICHI):
            return
        seat = action.seat
        view = View.from_observation(game.observation(seat))
        threats = {t.seat: t for t in self.plugin.threats(view)}
        self.decisions += 1
        kinds = sorted({kind_of(t) for t in view.hand if kind_of(t) < 34})
        truths = {o.seat: self.truth(game, o.seat) for o in view.opponents}
        turn = view.turn_number()
        for o in view.opponents:
            t = threats.get(o.seat)
            pred = t.ready if t is not None else 0.0
            ready, waits = truths[o.seat]
            if o.in_riichi:
                cat = "riichi"
            elif o.open_melds:
                melds = f"{min(o.open_melds, 3)}{'+' if o.open_melds >= 3 else ''}"
                cat = f"open {melds} melds, turn {_turns(turn)}"
            else:
                cat = f"closed, turn {_turns(turn)}"
            self.ready.add(pred, ready)
            self.ready_by[cat].add(pred, ready)
            if not ready:
                continue
            for k in kinds:
                d = self.plugin.danger(view, o, k)
                self.danger.add(d, k in waits)
                group = "riichi" if o.in_riichi else ("open" if o.open_melds else "closed")
                self.danger_by[group].add(d, k in waits)
        for k in kinds:
            safe = 1.0
            for t in threats.values():
                opp = next(o for o in view.opponents if o.seat == t.seat)
                safe *= 1.0 - t.ready * self.plugin.danger(view, opp, k)
            hit = any(k in truths[s][1] for s in truths)
            self.risk.add(1.0 - safe, hit)

    def record_losses(self, record: dict[str, Any]) -> None:
        events = record["publicObservation"].get("events", [])
        riichi = {int(e.get("who", 0)) for e in events if e.get("type") == "EVENT_TYPE_RIICHI"}
        melds: dict[int, int] = defaultdict(int)
        for e in events:
            if e.get("type") in ("EVENT_TYPE_CHI", "EVENT_TYPE_PON", "EVENT_TYPE_OPEN_KAN"):
                melds[int(e.get("who", 0))] += 1
        dealer = int(record["publicObservation"].get("initScore", {}).get("round", 0)) % 4
        for w in (record.get("roundTerminal") or {}).get("wins", []):
            who, frm = int(w.get("who", 0)), int(w.get("fromWho", 0))
            if who == frm:
                continue
            cat = "riichi" if who in riichi else ("open" if melds[who] else "closed dama")
            cat += ", dealer" if who == dealer else ", non-dealer"
            self.losses[cat].append(int(w.get("ten", 0)))


def _turns(turn: int) -> str:
    return "1-6" if turn <= 6 else ("7-11" if turn <= 11 else "12+")


def run(oracle: Path) -> dict[str, Any]:
    cal = Calibration()
    hands = 0
    problems = 0
    for path in sorted(oracle.glob("*.json")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if not line.strip():
                continue
            record = json.loads(line)
            _game, report = replay_game(record, source=path.name, check_invariants=False, before=cal.before)
            hands += 1
            problems += 0 if report.ok else 1
            cal.record_losses(record)
    return {
        "hands": hands,
        "hands_with_problems": problems,
        "decisions": cal.decisions,
        "ready": cal.ready.rows(),
        "ready_by": {k: v.rows() for k, v in sorted(cal.ready_by.items())},
        "ready_by_totals": {k: v.totals() for k, v in sorted(cal.ready_by.items())},
        "danger": cal.danger.rows(),
        "danger_by_totals": {k: v.totals() for k, v in sorted(cal.danger_by.items())},
        "risk": cal.risk.rows(),
        "risk_totals": cal.risk.totals(),
        "losses": {k: (len(v), round(sum(v) / len(v))) for k, v in sorted(cal.losses.items()) if v},
    }


def run_arena(lineup: list[str], walls: int, seed: str) -> dict[str, Any]:
    """The same tables on the arena's own games: ``lineup`` seated once on walls ``0 .. walls-1`` of
    ``seed`` (the arena's walls), every seat's discards read as above. A riichi here is declared on
    every ready hand (the standard level's players), not as the real hands' players choose."""
    import random

    from engine.ai.agents import make_agent
    from engine.ai.arena import _load_rules
    from engine.families.registry import get_family
    from engine.game.play import play_hand

    rules = _load_rules("riichi", None, 4)
    family = get_family(rules.family)
    cal = Calibration()

    class Reading:
        """A seat that plays as its level and has each of its actions read before it is applied."""

        def __init__(self, agent: Any, game: Game) -> None:
            self.agent, self.game = agent, game

        def choose(self, obs: Any, legal: list[Action]) -> Action:
            action: Action = self.agent.choose(obs, legal)
            cal.before(self.game, action)
            return action

    for i in range(walls):
        game_seed = f"arena:{seed}:{i}"
        game = Game(rules, seed=game_seed, walls=[family.shuffle_wall(rules, random.Random(game_seed))])
        seats = [Reading(make_agent(level, f"{i}:{s}", rules), game) for s, level in enumerate(lineup)]
        play_hand(game, seats)
    return {
        "hands": walls,
        "decisions": cal.decisions,
        "ready": cal.ready.rows(),
        "danger_riichi": cal.danger_by["riichi"].rows(),
        "danger_by_totals": {k: v.totals() for k, v in sorted(cal.danger_by.items())},
        "risk": cal.risk.rows(),
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--oracle", default=str(ORACLE))
    parser.add_argument("--json", default="")
    parser.add_argument(
        "--arena",
        type=int,
        default=0,
        help="read N of the arena's own walls instead of the oracle (ARENA_DANGER_CALIBRATION: 250)",
    )
    parser.add_argument("--lineup", default="strong,standard,standard,standard")
    parser.add_argument("--seed", default="calib")
    args = parser.parse_args()
    if args.arena:
        out = run_arena(args.lineup.split(","), args.arena, args.seed)
        print(f"{out['hands']} arena hands ({args.lineup}, seed {args.seed}), {out['decisions']} discards")
        print_table("Waits: chance a ready riichi player can win on a kind held", out["danger_riichi"])
        print_totals("ready opponent", out["danger_by_totals"])
        print_table("Deal-in: chance a kind held deals in", out["risk"])
        if args.json:
            Path(args.json).write_text(json.dumps(out, indent=1), encoding="utf-8")
        return
    oracle = Path(args.oracle)
    if not oracle.is_dir():
        raise SystemExit(f"no oracle folder at {oracle}")
    out = run(oracle)
    print(
        f"{out['hands']} hands ({out['hands_with_problems']} not replayed to the end), "
        f"{out['decisions']} discards"
    )
    print_table("Readiness: chance an opponent is ready", out["ready"])
    print_totals("opponent shows", out["ready_by_totals"])
    print_table("Waits: chance a ready opponent can win on a kind held", out["danger"])
    print_totals("ready opponent", out["danger_by_totals"])
    print_table("Deal-in: chance a kind held deals in", out["risk"])
    print("\n| deal-in by | ron wins | mean points |\n| --- | --- | --- |")
    for k, (n, m) in out["losses"].items():
        print(f"| {k} | {n} | {m:,} |")
    if args.json:
        Path(args.json).write_text(json.dumps(out, indent=1), encoding="utf-8")


if __name__ == "__main__":
    main()
