"""Table states found by playing with the engine (no window, no worker thread): the middle of a hand
with the person's seat to discard, and the end of a hand with its settlement report.

The layout test and the screenshot tool (``tools/table_shots.py``) draw these snapshots in a real
window with :meth:`desktop.window.MainWindow.on_snapshot`, so a state costs the engine's moves only.
Each family's state is looked for over a few seeds and the richest one is kept: melds, flowers, a
declared riichi, a 血战 win already made, payments made in play — what the table must find room for.
"""

from __future__ import annotations

from collections.abc import Callable

from desktop.session import GameSession, Snapshot
from desktop.storage import Setup
from engine.agents.simple import SimpleAgent
from engine.families.registry import get_family
from engine.game.actions import ActionType
from engine.game.observation import Observation

A = ActionType
MIN_DISCARDS = 36  # a table in the middle of a hand: ponds of six or more tiles each


def richness(obs: Observation) -> int:
    """How much a table shows that takes room (the state with most is drawn)."""
    score = 0
    for s in obs.seats:
        score += 3 * len(s.melds) + len(s.flowers) + 4 * s.won + 4 * s.declared
        score += min(len(s.pond), 14)
    score += 3 * len(obs.payments) + 4 * len(obs.wins)
    return score


def _session(family: str, seed: str, players: int = 4) -> GameSession:
    """A game of ``family`` for ``players`` seats, from the ruleset a new game of that many starts from."""
    rules = get_family(family).default_rules(players)
    return GameSession.new(rules, Setup(human_seat=0, levels=["simple"] * players), seed)


# taken whenever offered: sticks, kan payments, norths set aside (three-player riichi)
BOLD = (A.RIICHI, A.OPEN_KAN, A.CLOSED_KAN, A.ADDED_KAN, A.NUKI)


def _play(session: GameSession, stop: Callable[[GameSession], bool], limit: int = 400) -> list[object]:
    """Let simple agents play every seat (the person's too) until ``stop`` holds, declaring riichi
    and making kans whenever they may (so that sticks and payments in play show); the events of the
    last move are returned (what the table animates)."""
    agents = [SimpleAgent(f"{session.game.seed}:{s}") for s in range(session.game.rules.players)]
    events: list[object] = []
    for _ in range(limit):
        if stop(session) or session.game.over:
            return events
        seat = session.game.pending()[0]
        legal = session.game.legal_actions(seat)
        bold = [a for a in legal if a.type in BOLD]
        action = bold[0] if bold else agents[seat].choose(session.game.observation(seat), legal)
        events = list(session._apply(action))
    return events


def _mid_hand(session: GameSession) -> bool:
    game = session.game
    obs = game.observation(0)
    if not obs.seats or 0 not in game.pending():
        return False
    discards = sum(len(s.discards) for s in obs.seats)
    legal = game.legal_actions(0)
    return discards >= MIN_DISCARDS * len(obs.seats) // 4 and any(a.type is A.DISCARD for a in legal)


def mid_hand(family: str, seeds: range = range(1, 9), players: int = 4) -> Snapshot:
    """The richest middle of a hand over ``seeds``: the person (seat 0) to discard, with the analysis."""
    best: tuple[int, GameSession] | None = None
    for n in seeds:
        session = _session(family, f"layout{n}", players)
        _play(session, _mid_hand)
        if not _mid_hand(session):
            continue
        value = richness(session.game.observation(0))
        if best is None or value > best[0]:
            best = (value, session)
    assert best is not None, f"no middle of a {players}-player {family} hand found"
    session = best[1]
    session.take_result()  # a hand that ended before is not this table's settlement
    return session.snapshot([], with_analysis=True)


def _claim(session: GameSession) -> bool:
    game = session.game
    if 0 not in game.pending():
        return False
    obs = game.observation(0)
    discards = sum(len(s.discards) for s in obs.seats)
    calls = (A.PON, A.CHI, A.OPEN_KAN, A.RON)
    enough = discards >= (MIN_DISCARDS - 8) * len(obs.seats) // 4
    return enough and any(a.type in calls for a in game.legal_actions(0))


def claim(family: str, seeds: range = range(1, 13), players: int = 4) -> Snapshot:
    """The middle of a hand with the person (seat 0) offered a call on a discard: the claim panel."""
    for n in seeds:
        session = _session(family, f"claim{n}", players)
        _play(session, _claim)
        if _claim(session):
            session.take_result()
            return session.snapshot([], with_analysis=True)
    raise AssertionError(f"no call offered in a {players}-player {family} hand")


def settlement(family: str, seeds: range = range(1, 9), players: int = 4) -> Snapshot:
    """The end of a hand over ``seeds`` with the most to show (wins first), with its report."""
    best: tuple[int, Snapshot] | None = None
    for n in seeds:
        session = _session(family, f"settle{n}", players)
        start = len(session.game.results)
        events = _play(session, lambda s, start=start: len(s.game.results) > start, limit=600)  # type: ignore[misc]
        snap = session.snapshot(list(events))  # type: ignore[arg-type]
        if snap.report is None or snap.report_obs is None:
            continue
        value = 20 * len(snap.report.wins) + richness(snap.report_obs)
        if best is None or value > best[0]:
            best = (value, snap)
    assert best is not None, f"no end of a {players}-player {family} hand found"
    return best[1]


def hint_payload(snap: Snapshot) -> dict[str, object]:
    """The practice panel's hint answer for the snapshot's decision, as the worker sends it."""
    from desktop.engine_process import local_hints

    hints = local_hints(snap.obs, snap.legal, snap.rules)
    return {"decision": snap.analysis.decision if snap.analysis is not None else None, "hints": hints}
