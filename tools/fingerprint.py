#!/usr/bin/env python3
"""Fingerprint the engine's results, to hold speed work to *identical* results.

For every shipped preset (``tilehouse rules list``) at every seat count it accepts (2, 3, 4 tried,
``--players``), this runs ``tilehouse simulate --json`` for fixed seeds — the simple agent and the
random agent — and records the SHA-256 of the output with its two timing fields taken out. The summary
only counts wins and draws, so it also records, in-process, a digest of the whole game logs (every
action, every hand result, the scores) of the first matches of each seed. Finally it runs
``tilehouse conformance`` on the mjx riichi hands and records the line saying how many conform.

    .venv/bin/python tools/fingerprint.py --record    # write tools/fingerprints.json (the baseline)
    .venv/bin/python tools/fingerprint.py             # compare with it; exit 1 on any difference

Run it with the Python of the environment to check: the development venv runs pure Python; a venv with
a plain ``pip install .`` runs the compiled build (``engine/compiled.py``), which must give the same
fingerprint (the first line printed says which build ran). A full run takes a few minutes on one core;
``--only riichi`` limits it to the presets whose name holds
that word (a partial check, never written with ``--record``).
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.util
import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
BASELINE = Path(__file__).with_name("fingerprints.json")
ORACLE = ROOT.parent / "shared" / "oracles" / "riichi-mjx"
SEAT_COUNTS = (2, 3, 4)
SEED = "fp"
HANDS = {"simple": 300, "random": 100}  # hands per CLI run
LOG_HANDS = 40  # hands per in-process log digest
TIMING_KEYS = ("seconds", "hands_per_second")


def tilehouse() -> list[str]:
    exe = Path(sys.executable).with_name("tilehouse")
    return [str(exe)] if exe.exists() else [sys.executable, "-m", "engine.cli"]


def presets() -> list[tuple[str, str, Path]]:
    out = subprocess.run(
        [*tilehouse(), "rules", "list", "--json"], check=True, capture_output=True, text=True
    )
    rows = json.loads(out.stdout)
    found = []
    for row in rows:
        if not row.get("read_only") or row.get("error"):  # a preset shipped with the game
            continue
        found.append((str(row["name"]), str(row["family"]), Path(row["path"])))
    return sorted(found)


def seat_counts(path: Path) -> list[int]:
    """The seat counts the preset accepts (the same check as ``simulate --players``)."""
    from engine.rules import load_ruleset

    rules = load_ruleset(path)
    counts = []
    for n in SEAT_COUNTS:
        try:
            if n != rules.players:
                rules.with_changes(players=n)
        except ValueError:
            continue
        counts.append(n)
    return counts


def simulate_digest(family: str, path: Path, players: int, agent: str) -> tuple[str, dict[str, Any]]:
    cmd = [
        *tilehouse(),
        "simulate",
        "--variant",
        family,
        "--ruleset",
        str(path),
        "--players",
        str(players),
        "--hands",
        str(HANDS[agent]),
        "--seed",
        SEED,
        "--agent",
        agent,
        "--json",
    ]
    out = subprocess.run(cmd, capture_output=True, text=True)
    if out.returncode not in (0, 1):  # 1: invariants broke, which the fingerprint records too
        raise SystemExit(f"{' '.join(cmd)}: exit {out.returncode}\n{out.stderr}")
    summary = json.loads(out.stdout)
    for key in TIMING_KEYS:
        summary.pop(key, None)
    for err in summary.get("errors", []):
        err.pop("trace", None)  # file paths and line numbers move with any edit
    text = json.dumps(summary, sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest(), summary


def log_digest(path: Path, players: int, agent: str) -> str:
    """SHA-256 of the full logs of the matches that make up the first ``LOG_HANDS`` hands."""
    from engine.agents.simple import RandomAgent, SimpleAgent
    from engine.game.game import Game
    from engine.game.log import log_lines
    from engine.game.play import play_hand
    from engine.rules import load_ruleset

    rules = load_ruleset(path)
    if rules.players != players:
        rules = rules.with_changes(players=players)
    cls = SimpleAgent if agent == "simple" else RandomAgent
    h = hashlib.sha256()
    played = match_no = 0
    while played < LOG_HANDS:
        seed = f"{SEED}:{match_no}"
        game = Game(rules, seed=seed)
        agents = [cls(f"{seed}:{s}") for s in range(len(game.match.scores))]
        while not game.over and played < LOG_HANDS:
            try:
                play_hand(game, agents)
            except Exception as exc:  # recorded: a change in what breaks is a change
                h.update(f"error {type(exc).__name__}: {exc}\n".encode())
                played += 1
                break
            played += 1
        for line in log_lines(game):
            h.update(line.encode())
            h.update(b"\n")
        match_no += 1
    return h.hexdigest()


def conformance() -> str:
    if not ORACLE.is_dir():
        raise SystemExit(f"{ORACLE}: the mjx riichi hands are missing")
    out = subprocess.run([*tilehouse(), "conformance", str(ORACLE)], capture_output=True, text=True)
    lines = [line for line in out.stdout.splitlines() if "conform" in line]
    return f"exit {out.returncode}: " + (lines[-1].strip() if lines else out.stdout.strip()[-200:])


def fingerprint(only: str | None, verbose: bool) -> dict[str, Any]:
    result: dict[str, Any] = {"simulate": {}, "logs": {}}
    for name, family, path in presets():
        if only and only not in name:
            continue
        for players in seat_counts(path):
            for agent in HANDS:
                key = f"{name}/{players}p/{agent}"
                t0 = time.perf_counter()
                digest, summary = simulate_digest(family, path, players, agent)
                result["simulate"][key] = digest
                result["logs"][key] = log_digest(path, players, agent)
                if verbose:
                    print(
                        f"{key:38} {digest[:12]} logs {result['logs'][key][:12]} "
                        f"{summary['wins']}w {summary['draws']}d {len(summary['errors'])}e "
                        f"{time.perf_counter() - t0:.1f} s",
                        flush=True,
                    )
    if not only or "riichi" in only:
        result["conformance"] = conformance()
        if verbose:
            print(f"conformance: {result['conformance']}", flush=True)
    return result


def compare(base: dict[str, Any], now: dict[str, Any]) -> list[str]:
    diffs = []
    for section in ("simulate", "logs"):
        for key, digest in now.get(section, {}).items():
            want = base.get(section, {}).get(key)
            if want != digest:
                diffs.append(f"{section} {key}: {want} -> {digest}")
    if "conformance" in now and now["conformance"] != base.get("conformance"):
        diffs.append(f"conformance: {base.get('conformance')} -> {now['conformance']}")
    return diffs


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    ap.add_argument("--record", action="store_true", help=f"write the baseline ({BASELINE.name})")
    ap.add_argument("--only", help="only the presets whose name holds this word (a partial check)")
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args(argv)
    if args.record and args.only:
        ap.error("--record writes the whole baseline: drop --only")
    if importlib.util.find_spec("engine") is None:  # not installed: the checkout
        sys.path.insert(0, str(ROOT))
    import engine
    from engine import compiled

    # which build is held to the baseline: an installed wheel may run the mypyc-compiled one
    print(f"engine {Path(engine.__file__).parent}: {compiled.describe()}", flush=True)
    started = time.perf_counter()
    now = fingerprint(args.only, not args.quiet)
    elapsed = time.perf_counter() - started
    if args.record:
        BASELINE.write_text(json.dumps(now, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        print(f"recorded {len(now['simulate'])} runs in {elapsed:.0f} s to {BASELINE}")
        return 0
    base = json.loads(BASELINE.read_text(encoding="utf-8"))
    diffs = compare(base, now)
    for line in diffs:
        print("DIFFERENT " + line)
    print(f"{len(now['simulate'])} runs checked in {elapsed:.0f} s: " + ("CHANGED" if diffs else "identical"))
    return 1 if diffs else 0


if __name__ == "__main__":
    sys.exit(main())
