"""Reliability tables for the AI's calibration benches: predictions binned, with the observed outcome
and a 95% (Wilson) interval per bin (`calibrate_riichi_danger.py` on the real hands,
`calibrate_chinese_danger.py` on the arena's hands; docs/ai.md shows their curves)."""

from __future__ import annotations

from typing import Any

from real_hands import wilson


class Table:
    """Predictions binned by ``bins`` (ascending edges; the last bin takes everything above), with the
    observed outcome per bin."""

    def __init__(self, bins: tuple[float, ...]) -> None:
        self.bins = bins
        self.n = [0] * (len(bins) - 1)
        self.hits = [0] * (len(bins) - 1)
        self.pred = [0.0] * (len(bins) - 1)

    def add(self, p: float, hit: bool) -> None:
        last = len(self.bins) - 2
        i = next(i for i in range(last + 1) if p < self.bins[i + 1] or i == last)
        self.n[i] += 1
        self.hits[i] += int(hit)
        self.pred[i] += p

    def rows(self) -> list[dict[str, Any]]:
        out = []
        for i, n in enumerate(self.n):
            if n:
                lo, hi = wilson(self.hits[i], n)
                out.append(
                    {
                        "bin": [self.bins[i], self.bins[i + 1]],
                        "n": n,
                        "predicted": round(self.pred[i] / n, 4),
                        "observed": round(self.hits[i] / n, 4),
                        "ci95": [round(lo, 4), round(hi, 4)],
                    }
                )
        return out

    def totals(self) -> tuple[int, float, float]:
        """Cases, mean prediction and observed rate over every bin."""
        n = sum(self.n)
        return n, sum(self.pred) / max(1, n), sum(self.hits) / max(1, n)


def print_table(title: str, rows: list[dict[str, Any]]) -> None:
    """``rows`` (:meth:`Table.rows`) as a Markdown table under ``title``."""
    print(f"\n{title}\n| predicted bin | cases | mean predicted | observed | 95% interval |")
    print("| --- | --- | --- | --- | --- |")
    for r in rows:
        lo, hi = r["bin"]
        print(
            f"| {lo:.3f}–{hi:.3f} | {r['n']:,} | {r['predicted']:.3f} | {r['observed']:.3f} "
            f"| [{r['ci95'][0]:.3f}, {r['ci95'][1]:.3f}] |"
        )


def print_totals(first_column: str, totals: dict[str, Any]) -> None:
    """Per-group totals (group → (cases, mean predicted, observed)) as a Markdown table."""
    print(f"\n| {first_column} | cases | mean predicted | observed |\n| --- | --- | --- | --- |")
    for k, (n, p, o) in totals.items():
        print(f"| {k} | {n:,} | {p:.3f} | {o:.3f} |")
