"""Fit and check a model of which tile the players of the shared real hands let go, among the discards
that keep the hand as fast (bench/record_human_discards.py records them).

    .venv/bin/python bench/fit_discard_model.py FILE.jsonl [--fit-on even|odd|all]

A conditional logit (one choice among the kinds that keep the lowest shanten, with a shanten of one or
more): the utility of letting kind k go is b * log(acceptance x value of the hand left) plus a weighted
sum of facts about k (its sort and the turn, copies held and seen, the shapes it breaks, dora). Fitted
by Newton's method in plain Python on the even (or odd) hands; reported on both halves. The fitted
weights divided by b are the log factors the engine multiplies acceptance x value by
(``engine.ai.riichi.DISCARD_MODEL``).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Callable
from typing import Any

EARLY = 4
EXTRA = True


def suit_neighbours(counts: list[int], k: int) -> tuple[int, int, int, int]:
    """(tiles at distance 1, at distance 2 of k's suit; left shape, right shape) for a number tile."""
    if k >= 27:
        return 0, 0, 0, 0
    base = k - k % 9
    d1 = sum(counts[j] for j in (k - 1, k + 1) if base <= j < base + 9)
    d2 = sum(counts[j] for j in (k - 2, k + 2) if base <= j < base + 9)
    return d1, d2, 0, 0


def lone_class(rec: dict[str, Any], k: int) -> str | None:
    counts = rec["counts"]
    if counts[k] != 1:
        return None
    if k >= 27:
        return "value" if k in rec["values"] else "guest"
    d1, d2, _, _ = suit_neighbours(counts, k)
    if d1 or d2:
        return None
    r = k % 9
    return "terminal" if r in (0, 8) else ("two_eight" if r in (1, 7) else "middle")


def shapes(counts: list[int], k: int) -> dict[str, float]:
    """What letting one k go breaks (number tiles): a two-sided pair of neighbours, an edge (12/89),
    a closed shape (k and k+-2 without the middle)."""
    out = {"ryanmen": 0.0, "penchan": 0.0, "kanchan": 0.0}
    if k >= 27:
        return out
    r = k % 9
    base = k - r

    def c(j: int) -> int:
        return counts[j] if base <= j < base + 9 else 0

    for j in (k - 1, k + 1):
        if not (base <= j < base + 9) or not counts[j]:
            continue
        lo = min(j, k) - base
        if lo in (0, 7):  # 12 or 89
            out["penchan"] = 1.0
        else:
            out["ryanmen"] = 1.0
    for j in (k - 2, k + 2):
        if base <= j < base + 9 and counts[j] and not c((j + k) // 2):
            out["kanchan"] = 1.0
    return out


def features(rec: dict[str, Any], opt: dict[str, Any]) -> dict[str, float]:
    k = opt["kind"]
    counts = rec["counts"]
    early = rec["turn"] <= EARLY
    f: dict[str, float] = {}
    cls = lone_class(rec, k)
    if cls is not None:
        f[f"lone_{cls}_{'early' if early else 'late'}"] = 1.0
        if cls == "value" and rec["visible"][k] > counts[k]:
            f["lone_value_seen"] = 1.0
    seen = rec["visible"][k] - counts[k]
    if k >= 27:
        f["honour_seen"] = float(seen)
        if counts[k] == 2:
            f["honour_pair"] = 1.0
    else:
        r = k % 9
        if counts[k] == 2:
            f["pair"] = 1.0
        if counts[k] >= 3:
            f["triplet"] = 1.0
        sh = shapes(counts, k)
        for name, v in sh.items():
            if v:
                f[name] = v
        if cls is None and counts[k] == 1 and r in (0, 8):
            f["terminal_in_shape"] = 1.0
        if any(d < 27 and d // 9 == k // 9 and 0 < abs(d - k) <= 2 for d in rec["doras"]):
            f["dora_neighbour"] = 1.0
        f["number_seen"] = float(seen) if cls is None else 0.0
    if k in rec["doras"]:
        f["dora"] = 1.0
    if EXTRA:
        if rec.get("drawn") == k:
            f["drawn"] = 1.0
        g = opt.get("genbutsu_opps", 0)
        if g:
            f["genbutsu_opps"] = float(g)
        if rec.get("last_discard") == k:
            f["last_discard"] = 1.0
        if cls == "value":
            if k == rec.get("seat_wind") == rec.get("round_wind"):
                f["lone_double_wind"] = 1.0
            elif k >= 31:
                f["lone_dragon"] = 1.0
        if opt.get("accept_kinds"):
            f["log_kinds"] = math.log(opt["accept_kinds"])
    return f


def is_candidate_set(rec: dict[str, Any]) -> list[dict[str, Any]] | None:
    """The kinds that keep the lowest shanten (one or more), or None when the decision is not one the
    model orders (the hand becomes ready, or no option)."""
    opts = [o for o in rec["options"] if o["shanten"] < 99]
    if not opts:
        return None
    best = min(o["shanten"] for o in opts)
    if best < 1:
        return None
    return [o for o in opts if o["shanten"] == best]


def logbase(o: dict[str, Any]) -> float:
    return math.log(max(o["base"], 0.01))


class Data:
    def __init__(self, recs: list[dict[str, Any]], names: list[str] | None = None) -> None:
        self.rows: list[tuple[list[list[float]], int, dict[str, Any], list[dict[str, Any]]]] = []
        feats_all: list[tuple[dict[str, Any], list[dict[str, Any]], list[dict[str, float]]]] = []
        seen_names: set[str] = set()
        for rec in recs:
            cands = is_candidate_set(rec)
            if cands is None or len(cands) < 2:
                continue
            fs = [features(rec, o) for o in cands]
            for f in fs:
                seen_names.update(f)
            feats_all.append((rec, cands, fs))
        self.names = names if names is not None else ["logbase", *sorted(seen_names)]
        for rec, cands, fs in feats_all:
            human = next((i for i, o in enumerate(cands) if o["kind"] == rec["human"]), -1)
            xs = [[logbase(o)] + [f.get(n, 0.0) for n in self.names[1:]] for o, f in zip(cands, fs, strict=True)]
            self.rows.append((xs, human, rec, cands))


def fit(data: Data, l2: float = 0.5, iters: int = 25) -> list[float]:
    d = len(data.names)
    w = [0.0] * d
    w[0] = 1.0
    rows = [(xs, h) for xs, h, _, _ in data.rows if h >= 0]
    for it in range(iters):
        grad = [-l2 * wi for wi in w]
        grad[0] += l2 * 0.0
        hess = [[0.0] * d for _ in range(d)]
        for i in range(d):
            hess[i][i] = -l2
        ll = 0.0
        for xs, h in rows:
            us = [sum(wi * xi for wi, xi in zip(w, x, strict=True)) for x in xs]
            m = max(us)
            es = [math.exp(u - m) for u in us]
            z = sum(es)
            ps = [e / z for e in es]
            ll += us[h] - m - math.log(z)
            mean = [sum(p * x[j] for p, x in zip(ps, xs, strict=True)) for j in range(d)]
            xh = xs[h]
            for j in range(d):
                grad[j] += xh[j] - mean[j]
            for p, x in zip(ps, xs, strict=True):
                if p < 1e-9:
                    continue
                dx = [x[j] - mean[j] for j in range(d)]
                for a in range(d):
                    if dx[a] == 0.0:
                        continue
                    pa = p * dx[a]
                    row = hess[a]
                    for b in range(a, d):
                        row[b] -= pa * dx[b]
        for a in range(d):
            for b in range(a):
                hess[a][b] = hess[b][a]
        step = solve([[-v for v in r] for r in hess], grad)
        w = [wi + si for wi, si in zip(w, step, strict=True)]
        size = max(abs(s) for s in step)
        print(f"  iter {it}: log-lik {ll:.1f}, step {size:.4f}", file=sys.stderr)
        if size < 1e-4:
            break
    return w


def solve(m: list[list[float]], v: list[float]) -> list[float]:
    n = len(v)
    a = [row[:] + [v[i]] for i, row in enumerate(m)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(a[r][c]))
        a[c], a[p] = a[p], a[c]
        piv = a[c][c]
        if abs(piv) < 1e-12:
            continue
        for r in range(n):
            if r != c and a[r][c]:
                f = a[r][c] / piv
                for j in range(c, n + 1):
                    a[r][j] -= f * a[c][j]
    return [a[i][n] / a[i][i] if abs(a[i][i]) > 1e-12 else 0.0 for i in range(n)]


def old_bias(rec: dict[str, Any], k: int) -> float:
    """riichi.discard_bias (the engine's tie-break)."""
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


def choose(
    rec: dict[str, Any], cands: list[dict[str, Any]], adj: Callable[[dict[str, Any]], float]
) -> int:
    best = max(
        cands,
        key=lambda o: (
            o["base"] * math.exp(adj(o)) + 1e-6 * o["accept"] + 1e-5 * old_bias(rec, o["kind"])
        ),
    )
    return int(best["kind"])


def agreement(
    recs: list[dict[str, Any]], adj_for: Callable[[dict[str, Any]], Callable[[dict[str, Any]], float]] | None
) -> dict[str, tuple[int, int]]:
    """Agreement on every discard, by half; the model replaces strong's choice only where strong's
    score is the greedy one (no threat weighed) and the hand is not becoming ready."""
    out = {"even": [0, 0], "odd": [0, 0], "ordered_even": [0, 0], "ordered_odd": [0, 0]}
    for rec in recs:
        half = "even" if rec["hand"] % 2 == 0 else "odd"
        pick = rec["ai"] if rec["ai_type"] in ("discard", "riichi") else None
        cands = is_candidate_set(rec)
        ordered = adj_for is not None and cands is not None and rec["threats"] == 0 and len(cands) >= 2
        if ordered and adj_for is not None and cands is not None:
            pick = choose(rec, cands, adj_for(rec))
        ok = int(pick == rec["human"])
        out[half][0] += ok
        out[half][1] += 1
        if cands is not None and rec["threats"] == 0 and len(cands) >= 2:
            out["ordered_" + half][0] += ok
            out["ordered_" + half][1] += 1
    return {k: (v[0], v[1]) for k, v in out.items()}


def wilson(k: int, n: int) -> tuple[float, float]:
    z = 1.96
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return c - h, c + h


def show(label: str, res: dict[str, tuple[int, int]]) -> None:
    e, o = res["even"], res["odd"]
    k, n = e[0] + o[0], e[1] + o[1]
    lo, hi = wilson(k, n)
    oe, oo = res["ordered_even"], res["ordered_odd"]
    print(
        f"{label:48} all {k / n:.2%} [{lo:.1%}, {hi:.1%}]  even {e[0] / e[1]:.2%}  odd {o[0] / o[1]:.2%}"
        f"  (ordered decisions: even {oe[0] / max(1, oe[1]):.2%} odd {oo[0] / max(1, oo[1]):.2%}, n={oe[1] + oo[1]})"
    )


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("data")
    p.add_argument("--fit-on", default="even", choices=("even", "odd", "all"))
    p.add_argument("--l2", type=float, default=0.5)
    p.add_argument("--clamp", type=float, default=0.0, help="clamp the log factor to +-CLAMP (0: none)")
    args = p.parse_args()
    recs = [json.loads(line) for line in open(args.data, encoding="utf-8")]
    show("strong as recorded", agreement(recs, None))
    show("strong replayed offline (lone-tile order)", agreement(recs, lambda rec: lambda o: o["pref"]))
    show("acceptance x value only", agreement(recs, lambda rec: lambda o: 0.0))
    part = {"even": 0, "odd": 1}
    train = [r for r in recs if args.fit_on == "all" or r["hand"] % 2 == part[args.fit_on]]
    data = Data(train)
    print(f"fitting on {args.fit_on}: {sum(1 for r in data.rows if r[1] >= 0)} choices", file=sys.stderr)
    w = fit(data, l2=args.l2)
    b = w[0]
    print(f"b (log acceptance x value) = {b:.3f}")
    for n, wi in zip(data.names[1:], w[1:], strict=True):
        print(f"  {n:28} {wi / b:+.3f}")
    coef = dict(zip(data.names[1:], [wi / b for wi in w[1:]], strict=True))

    def adj_for(rec: dict[str, Any]) -> Callable[[dict[str, Any]], float]:
        def adj(o: dict[str, Any]) -> float:
            f = features(rec, o)
            s = sum(coef.get(n, 0.0) * v for n, v in f.items())
            if args.clamp:
                s = max(-args.clamp, min(args.clamp, s))
            return s

        return adj

    show(f"model fitted on {args.fit_on}", agreement(recs, adj_for))
    print(json.dumps({"b": b, "coef": coef}))


if __name__ == "__main__":
    main()


def prepare(recs: list[dict[str, Any]], names: list[str]) -> list[tuple[list[tuple[float, list[float], float]], int]]:
    """Per ordered decision (no threat weighed, not becoming ready): for each candidate (log acceptance
    x value, feature vector, tie-break), and the index of the human's candidate (-1: not one of them)."""
    out = []
    for rec in recs:
        if rec["threats"]:
            continue
        cands = is_candidate_set(rec)
        if cands is None or len(cands) < 2:
            continue
        human = next((i for i, o in enumerate(cands) if o["kind"] == rec["human"]), -1)
        rows = []
        for o in cands:
            f = features(rec, o)
            tie = 1e-6 * o["accept"] + 1e-5 * old_bias(rec, o["kind"])
            rows.append((logbase(o), [f.get(n, 0.0) for n in names], tie))
        out.append((rows, human))
    return out


def hits(prep: list[tuple[list[tuple[float, list[float], float]], int]], coef: list[float], clamp: float) -> int:
    n = 0
    for rows, human in prep:
        if human < 0:
            continue
        best_i, best_s = -1, -1e300
        for i, (lb, x, tie) in enumerate(rows):
            adj = sum(c * v for c, v in zip(coef, x, strict=True) if v)
            if clamp:
                adj = max(-clamp, min(clamp, adj))
            s = math.exp(lb + adj) + tie
            if s > best_s:
                best_i, best_s = i, s
        n += best_i == human
    return n


def search(train: list[Any], test: list[Any], names: list[str], coef: list[float], clamp: float,
           rounds: int = 3) -> list[float]:
    """Coordinate ascent on the number of agreements in ``train`` (steps of 0.4, 0.2, 0.1, 0.05)."""
    coef = coef[:]
    best = hits(train, coef, clamp)
    print(f"  start: train {best}/{len(train)}, test {hits(test, coef, clamp)}/{len(test)}", file=sys.stderr)
    for step in (0.4, 0.2, 0.1, 0.05)[: rounds + 1]:
        improved = True
        while improved:
            improved = False
            for j in range(len(names)):
                for d in (step, -step):
                    trial = coef[:]
                    trial[j] += d
                    h = hits(train, trial, clamp)
                    if h > best:
                        best, coef, improved = h, trial, True
                        break
        print(f"  step {step}: train {best}, test {hits(test, coef, clamp)}", file=sys.stderr)
    return coef
