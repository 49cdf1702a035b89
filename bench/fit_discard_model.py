"""Fit and check the riichi discard model (``engine.ai.riichi.DISCARD_MODEL``): which of the near-equal
discards the players of the shared real hands let go (``bench/record_human_discards.py`` records them).

    nice .venv/bin/python bench/record_human_discards.py --out FILE.jsonl       # about a minute
    .venv/bin/python bench/fit_discard_model.py FILE.jsonl [--fit] [--fit-on even|odd] [--band 0.8]

Without ``--fit`` it reports the engine's constants; with it, it fits them again. The model orders the
kinds that keep the lowest shanten (one or more) and at least ``band`` of the best acceptance x value
(per 1,000 points of value): each is ranked by log(acceptance x value) + sum of weight x fact (the facts
of ``RiichiPlugin.discard_features`` and log of the kinds of acceptance). The fit, in plain Python, on
one half of the hands: a conditional logit by Newton's method (the choice among those kinds, the
coefficient of log acceptance x value free; the weights divided by it), then coordinate ascent on the
number of agreements within the band (steps 0.4, 0.2, 0.1), rounded to two decimals. Agreement is
reported on both halves: the one not fitted on is held out.

Agreement here is offline: the recorded strong choice is replaced only at discards with no threat
weighed (elsewhere danger enters the score); ``bench/bench_human_agreement.py`` measures the level.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from typing import Any

from real_hands import wilson

Decision = tuple[list[tuple[float, dict[str, float], float]], int, dict[str, Any]]


def candidates(rec: dict[str, Any]) -> list[dict[str, Any]] | None:
    """The kinds that keep the lowest shanten, when it is one or more (else the model does not apply)."""
    opts = [o for o in rec["options"] if o["shanten"] < 99]
    if not opts:
        return None
    best = min(o["shanten"] for o in opts)
    if best < 1:
        return None
    return [o for o in opts if o["shanten"] == best and o["base"] > 0]


def facts(o: dict[str, Any]) -> dict[str, float]:
    f = dict(o["features"])
    if o["accept_kinds"] > 0:
        f["log_kinds"] = math.log(o["accept_kinds"])
    return f


def old_bias(rec: dict[str, Any], k: int) -> float:
    """riichi.discard_bias (the engine's last tie-break)."""
    b = 0.0
    if k >= 27:
        b += 0.3 if k not in rec["values"] else 0.1
        if 4 - rec["visible"][k] <= 1:
            b += 0.2
    elif k % 9 in (0, 8):
        b += 0.15
    if k in rec["doras"]:
        b -= 0.5
    return b


def decisions(recs: list[dict[str, Any]]) -> list[Decision]:
    """The decisions the model orders offline: no threat weighed, two candidates or more."""
    out: list[Decision] = []
    for rec in recs:
        cands = candidates(rec)
        if rec["threats"] or cands is None or len(cands) < 2:
            continue
        human = next((i for i, o in enumerate(cands) if o["kind"] == rec["human"]), -1)
        rows = [
            (math.log(o["base"]), facts(o), 1e-6 * o["accept"] + 1e-5 * old_bias(rec, o["kind"]))
            for o in cands
        ]
        out.append((rows, human, rec))
    return out


def pick(rows: list[tuple[float, dict[str, float], float]], w: dict[str, float], band: float) -> int:
    top = max(lb for lb, _, _ in rows)
    floor = top + math.log(band)
    best_i, best_s = -1, -math.inf
    for i, (lb, f, tie) in enumerate(rows):
        if lb < floor - 1e-12:
            continue
        s = lb + sum(w.get(n, 0.0) * v for n, v in f.items()) + 1e-3 * tie
        if s > best_s:
            best_i, best_s = i, s
    return best_i


def hits(data: list[Decision], w: dict[str, float], band: float) -> int:
    return sum(1 for rows, human, _ in data if human >= 0 and pick(rows, w, band) == human)


def fit_logit(data: list[Decision], names: list[str], l2: float = 0.5, iters: int = 30) -> dict[str, float]:
    """Conditional logit by Newton's method (a small ridge keeps rare facts finite); returns the weights
    divided by the coefficient of log acceptance x value."""
    d = len(names) + 1
    w = [1.0] + [0.0] * (d - 1)
    rows = [
        ([[lb] + [f.get(n, 0.0) for n in names] for lb, f, _ in r], h) for r, h, _ in data if h >= 0
    ]
    for _ in range(iters):
        grad = [-l2 * x for x in w]
        hess = [[-l2 if a == b else 0.0 for b in range(d)] for a in range(d)]
        for xs, h in rows:
            us = [sum(a * b for a, b in zip(w, x, strict=True)) for x in xs]
            m = max(us)
            es = [math.exp(u - m) for u in us]
            z = sum(es)
            ps = [e / z for e in es]
            mean = [sum(p * x[j] for p, x in zip(ps, xs, strict=True)) for j in range(d)]
            for j in range(d):
                grad[j] += xs[h][j] - mean[j]
            for p, x in zip(ps, xs, strict=True):
                dx = [x[j] - mean[j] for j in range(d)]
                for a in range(d):
                    if dx[a]:
                        for b in range(d):
                            hess[a][b] -= p * dx[a] * dx[b]
        step = solve([[-v for v in r] for r in hess], grad)
        w = [a + b for a, b in zip(w, step, strict=True)]
        if max(abs(s) for s in step) < 1e-5:
            break
    return {n: w[i + 1] / w[0] for i, n in enumerate(names)}


def solve(m: list[list[float]], v: list[float]) -> list[float]:
    """Gauss-Jordan elimination with partial pivoting."""
    n = len(v)
    a = [[*row, v[i]] for i, row in enumerate(m)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(a[r][c]))
        a[c], a[p] = a[p], a[c]
        if abs(a[c][c]) < 1e-12:
            continue
        for r in range(n):
            if r != c and a[r][c]:
                f = a[r][c] / a[c][c]
                for j in range(c, n + 1):
                    a[r][j] -= f * a[c][j]
    return [a[i][n] / a[i][i] if abs(a[i][i]) > 1e-12 else 0.0 for i in range(n)]


def ascend(data: list[Decision], w: dict[str, float], band: float) -> dict[str, float]:
    """Coordinate ascent on the agreements within the band."""
    w = dict(w)
    best = hits(data, w, band)
    for step in (0.4, 0.2, 0.1):
        improved = True
        while improved:
            improved = False
            for n in sorted(w):
                for d in (step, -step):
                    trial = {**w, n: w[n] + d}
                    h = hits(data, trial, band)
                    if h > best:
                        best, w, improved = h, trial, True
                        break
    return {n: round(v, 2) for n, v in w.items()}


def report(recs: list[dict[str, Any]], w: dict[str, float] | None, band: float, label: str) -> None:
    """Agreement over all discards (strong's recorded choice, replaced by the model's where it
    applies offline), by half."""
    ok = {0: 0, 1: 0}
    n = {0: 0, 1: 0}
    for rec in recs:
        half = rec["hand"] % 2
        choice = rec["ai"] if rec["ai_type"] in ("discard", "riichi") else None
        cands = candidates(rec)
        if w is not None and not rec["threats"] and cands is not None and len(cands) >= 2:
            rows = [
                (math.log(o["base"]), facts(o), 1e-6 * o["accept"] + 1e-5 * old_bias(rec, o["kind"]))
                for o in cands
            ]
            choice = cands[pick(rows, w, band)]["kind"]
        ok[half] += int(choice == rec["human"])
        n[half] += 1
    k, total = ok[0] + ok[1], n[0] + n[1]
    lo, hi = wilson(k, total)
    print(
        f"{label:44} all {k / total:.1%} [{lo:.1%}, {hi:.1%}] ({k:,}/{total:,}); "
        f"even {ok[0] / n[0]:.1%}, odd {ok[1] / n[1]:.1%}"
    )


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("data")
    p.add_argument("--fit", action="store_true", help="fit the weights again (else report the engine's)")
    p.add_argument("--fit-on", default="even", choices=("even", "odd"))
    p.add_argument("--band", type=float, default=None, help="default: the engine's DISCARD_BAND")
    args = p.parse_args()
    from engine.ai.riichi import DISCARD_BAND, DISCARD_MODEL

    band = DISCARD_BAND if args.band is None else args.band
    with open(args.data, encoding="utf-8") as fh:
        recs = [json.loads(line) for line in fh]
    report(recs, None, band, "strong as recorded")
    report(recs, {}, band, "acceptance x value only (within the band)")
    report(recs, dict(DISCARD_MODEL), band, "the engine's DISCARD_MODEL")
    if not args.fit:
        return
    half = 0 if args.fit_on == "even" else 1
    train = decisions([r for r in recs if r["hand"] % 2 == half])
    names = sorted({n for rows, _, _ in train for _, f, _ in rows for n in f})
    print(f"fitting on the {args.fit_on} hands: {len(train):,} decisions", file=sys.stderr)
    logit = fit_logit(train, names)
    report(recs, logit, band, f"conditional logit ({args.fit_on})")
    w = ascend(train, logit, band)
    report(recs, w, band, f"+ coordinate ascent ({args.fit_on})")
    print(json.dumps(w, indent=1, sort_keys=True))


if __name__ == "__main__":
    main()
