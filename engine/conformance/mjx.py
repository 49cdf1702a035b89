"""Replay riichi hands recorded by mjx (Tenhou rules) through the engine and compare the results.

Each line of an mjx file is one hand: the full wall, the starting scores and every event. The
replay turns events into :class:`Action` values and applies them through the public Game API, so
each recorded decision must be legal. Claim windows are answered from the log: a seat that called
or won did so; every other seat with an option passed. At the end the engine's result (winners,
han, fu, points, score changes, riichi sticks, tenpai, whether the match ended) must equal the
record.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.conformance.tenhou_meld import decode_meld
from engine.game.actions import Action, ActionType
from engine.game.errors import IllegalAction
from engine.game.game import Game
from engine.game.match import MatchState
from engine.melds import MeldType
from engine.rules.riichi import RiichiRules

A = ActionType
CLAIM_EVENTS = {"EVENT_TYPE_CHI", "EVENT_TYPE_PON", "EVENT_TYPE_OPEN_KAN", "EVENT_TYPE_RON"}
AUTO_END = {
    "EVENT_TYPE_ABORTIVE_DRAW_FOUR_RIICHIS": "four_riichi",
    "EVENT_TYPE_ABORTIVE_DRAW_THREE_RONS": "triple_ron",
    "EVENT_TYPE_ABORTIVE_DRAW_FOUR_KANS": "four_kans",
    "EVENT_TYPE_ABORTIVE_DRAW_FOUR_WINDS": "four_winds",
    "EVENT_TYPE_EXHAUSTIVE_DRAW_NORMAL": "exhaustive",
    "EVENT_TYPE_EXHAUSTIVE_DRAW_NAGASHI_MANGAN": "nagashi_mangan",
}


@dataclass
class HandReport:
    source: str
    ok: bool
    problems: list[str] = field(default_factory=list)


def _etype(event: dict[str, Any]) -> str:
    return str(event.get("type", "EVENT_TYPE_DISCARD"))


def _event_to_action(event: dict[str, Any], riichi_declared: bool) -> Action | None:
    kind = _etype(event)
    who = int(event.get("who", 0))
    tile = int(event.get("tile", 0))
    if kind in ("EVENT_TYPE_DISCARD", "EVENT_TYPE_TSUMOGIRI"):
        return Action(who, A.RIICHI if riichi_declared else A.DISCARD, tile=tile)
    if kind == "EVENT_TYPE_TSUMO":
        return Action(who, A.TSUMO, tile=tile)
    if kind == "EVENT_TYPE_RON":
        return Action(who, A.RON, tile=tile)
    if kind == "EVENT_TYPE_ABORTIVE_DRAW_NINE_TERMINALS":
        return Action(who, A.NINE_TERMINALS)
    if kind in (
        "EVENT_TYPE_CHI",
        "EVENT_TYPE_PON",
        "EVENT_TYPE_OPEN_KAN",
        "EVENT_TYPE_CLOSED_KAN",
        "EVENT_TYPE_ADDED_KAN",
    ):
        meld = decode_meld(int(event["open"]), who)
        if meld.type is MeldType.CLOSED_KAN:
            return Action(who, A.CLOSED_KAN, tiles=meld.tiles)
        if meld.type is MeldType.ADDED_KAN:
            return Action(who, A.ADDED_KAN, tile=meld.added)
        assert meld.called is not None
        own = tuple(t for t in meld.tiles if t != meld.called)
        atype = {MeldType.CHI: A.CHI, MeldType.PON: A.PON, MeldType.OPEN_KAN: A.OPEN_KAN}[meld.type]
        return Action(who, atype, tile=meld.called, tiles=own)
    return None


def replay_hand(record: dict[str, Any], rules: RiichiRules | None = None, source: str = "") -> HandReport:
    return replay_game(record, rules, source)[1]


def replay_game(
    record: dict[str, Any],
    rules: RiichiRules | None = None,
    source: str = "",
    *,
    check_invariants: bool = True,
    before: Callable[[Game, Action], None] | None = None,
) -> tuple[Game, HandReport]:
    """The hand replayed (the game as far as the record goes) and its report. ``before`` is called
    with the game and each recorded turn action (a discard, a declaration, a kan, a self-draw win)
    just before it is applied (a reader of the decisions made, e.g. the AI's calibration)."""
    rules = rules or RiichiRules()
    report = HandReport(source, True)
    problems = report.problems
    hidden = record["hiddenState"]
    public = record["publicObservation"]
    init = public.get("initScore", {})
    start = MatchState(
        scores=[int(t) for t in init.get("tens", [25000] * 4)],
        round_index=int(init.get("round", 0)),
        honba=int(init.get("honba", 0)),
        pot=int(init.get("riichi", 0)),
    )
    game = Game(rules, walls=[hidden["wall"]], start=start, check_invariants=check_invariants)
    hand = game.hand
    assert hand is not None
    events = public.get("events", [])
    riichi_declared = False
    i = 0
    try:
        while i < len(events):
            event = events[i]
            kind = _etype(event)
            who = int(event.get("who", 0))
            if kind == "EVENT_TYPE_DRAW":
                _pass_all(game, keep=set())
                if game.pending() != [who]:
                    raise IllegalAction(f"log: seat {who} draws, engine waits for {game.pending()}")
                i += 1
                continue
            if kind == "EVENT_TYPE_RIICHI":
                riichi_declared = True
                i += 1
                continue
            if kind == "EVENT_TYPE_RIICHI_SCORE_CHANGE":
                # mjx records the stick before the claims on the declaration tile; the engine takes
                # it once that tile has passed, so check it on the hand's final scores instead.
                i += 1
                continue
            if kind == "EVENT_TYPE_NEW_DORA":
                i += 1
                continue
            if kind in AUTO_END:
                if kind == "EVENT_TYPE_ABORTIVE_DRAW_THREE_RONS" and game.hand is not None:
                    for seat in list(game.pending()):
                        if any(a.type is A.RON for a in game.legal_actions(seat)):
                            game.apply(
                                Action(seat, A.RON, tile=game.hand.window.tile if game.hand.window else 0)
                            )
                _pass_all(game, keep=set())
                if not game.results:
                    raise IllegalAction(f"log: {AUTO_END[kind]} but the engine's hand goes on")
                got = game.results[-1].reason
                if got != AUTO_END[kind]:
                    problems.append(f"event {i}: hand ended as {got!r}, log says {AUTO_END[kind]!r}")
                i += 1
                continue
            if kind in CLAIM_EVENTS:
                group = [event]
                j = i + 1
                while kind == "EVENT_TYPE_RON" and j < len(events) and _etype(events[j]) == "EVENT_TYPE_RON":
                    group.append(events[j])
                    j += 1
                actions = [_event_to_action(e, False) for e in group]
                claimers = {a.seat for a in actions if a is not None}
                for a in actions:
                    assert a is not None
                    game.apply(a)
                _pass_all(game, keep=claimers)
                i = j
                continue
            action = _event_to_action(event, riichi_declared)
            if action is None:
                problems.append(f"event {i}: unknown event type {kind}")
                i += 1
                continue
            _pass_all(game, keep=set())
            if before is not None:
                before(game, action)
            game.apply(action)
            riichi_declared = False
            i += 1
        terminal = record.get("roundTerminal")
        if terminal is None:
            return game, _finish(report)
        _pass_all(game, keep=set())
        _compare_terminal(game, terminal, problems)
    except IllegalAction as exc:
        problems.append(f"event {i} ({_etype(events[i]) if i < len(events) else 'end'}): {exc}")
    except Exception as exc:  # a crash is a conformance failure, reported with its place
        problems.append(f"event {i}: {type(exc).__name__}: {exc}")
    return game, _finish(report)


def _finish(report: HandReport) -> HandReport:
    report.ok = not report.problems
    return report


def _pass_all(game: Game, keep: set[int]) -> None:
    """Every seat still deciding on a claim, other than ``keep``, passes."""
    hand = game.hand
    if hand is None or hand.phase.value not in ("claim", "rob_kan"):
        return
    for seat in list(game.pending()):
        if seat not in keep:
            game.apply(Action(seat, A.PASS))


def _compare_terminal(game: Game, terminal: dict[str, Any], problems: list[str]) -> None:
    if not game.results:
        problems.append("log ends the hand; the engine's hand goes on")
        return
    result = game.results[-1]
    final = terminal.get("finalScore", {})
    want_scores = [int(t) for t in final.get("tens", [])]
    got_scores = list(game.match.scores)
    if want_scores and got_scores != want_scores:
        problems.append(f"scores {got_scores} != log {want_scores}")
    want_sticks = int(final.get("riichi", 0))
    if game.match.pot != want_sticks and not game.match.over:
        problems.append(f"riichi sticks {game.match.pot} != log {want_sticks}")
    if "wins" in terminal:
        wins = terminal["wins"]
        if result.kind != "win":
            problems.append(f"log has wins, engine ended with {result.kind} ({result.reason})")
            return
        if len(wins) != len(result.wins):
            problems.append(f"{len(result.wins)} winners, log has {len(wins)}")
        for want, got in zip(wins, result.wins, strict=False):
            w_who, w_from = int(want.get("who", 0)), int(want.get("fromWho", 0))
            if (got.seat, got.from_seat) != (w_who, w_from):
                problems.append(f"winner {got.seat} from {got.from_seat} != log {w_who} from {w_from}")
            w_han = sum(int(f) for f in want.get("fans", []))
            if want.get("yakumans"):
                w_han = 13 * len(want["yakumans"])
            got_han = got.han
            if (got.fu, got.points) != (int(want.get("fu", 0)), int(want["ten"])) or (
                not want.get("yakumans") and got_han != w_han
            ):
                problems.append(
                    f"seat {got.seat}: han {got_han} fu {got.fu} points {got.points} != log han {w_han} "
                    f"fu {want.get('fu', 0)} points {want['ten']} ({[i.key for i in got.items]})"
                )
    else:
        nw = terminal.get("noWinner", {})
        want_tenpai = sorted(int(t.get("who", 0)) for t in nw.get("tenpais", []))
        if result.kind == "win":
            problems.append("log has no winner, engine has a win")
        elif result.kind == "exhaustive_draw" and sorted(result.tenpai) != want_tenpai:
            problems.append(f"tenpai {sorted(result.tenpai)} != log {want_tenpai}")
    if bool(terminal.get("isGameOver", False)) != game.match.over:
        problems.append(f"match over {game.match.over} != log {bool(terminal.get('isGameOver', False))}")


def replay_file(path: Path, rules: RiichiRules | None = None) -> list[HandReport]:
    reports: list[HandReport] = []
    with path.open(encoding="utf-8") as fh:
        for number, line in enumerate(fh, 1):
            if line.strip():
                reports.append(replay_hand(json.loads(line), rules, f"{path.name}:{number}"))
    return reports


def replay_dir(folder: Path, rules: RiichiRules | None = None) -> list[HandReport]:
    reports: list[HandReport] = []
    for path in sorted(folder.glob("*.json")):
        reports.extend(replay_file(path, rules))
    return reports
