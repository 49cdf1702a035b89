"""Run the speed benchmarks and write their numbers into docs/performance.md.

    .venv/bin/python bench/report.py            # --quick: smaller runs; --only analysis,simulate,first_frame

Runs ``bench_analysis.py``, ``bench_simulate.py`` and ``bench_first_frame.py`` (each with ``--json``, each
in a fresh process), keeps their JSON summaries in ``bench/results.json`` and rewrites the part of
``docs/performance.md`` between the ``<!-- bench:begin -->`` and ``<!-- bench:end -->`` markers from them
(the rest of the page is written by hand). ``--render`` only rewrites the page from ``bench/results.json``.
The analysis and simulation benchmarks measure the pure and the compiled build (``bench/builds.py``).
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "performance.md"
RESULTS = ROOT / "bench" / "results.json"
BEGIN = "<!-- bench:begin -->"
END = "<!-- bench:end -->"
BENCHES = {
    "analysis": (["bench/bench_analysis.py", "--json"], ["--quick"]),
    "simulate": (["bench/bench_simulate.py", "--json"], ["--hands", "150", "--scaling-hands", "300"]),
    "first_frame": (
        ["bench/bench_first_frame.py", "--json", "--imports", "12", "--compiled", "5"],
        ["--runs", "3", "--compiled", "3"],
    ),
}


def run(name: str, quick: bool) -> dict[str, Any]:
    command, smaller = BENCHES[name]
    args = [sys.executable, *command, *(smaller if quick else [])]
    print("running", " ".join(args[1:]), flush=True)
    out = subprocess.run(args, cwd=ROOT, capture_output=True, text=True, check=True).stdout
    result: dict[str, Any] = json.loads(out.strip().splitlines()[-1])
    return result


def _ok(flag: object) -> str:
    return "met" if flag is True else ("not met" if flag is False else "not measured")


def render(results: dict[str, Any]) -> str:
    meta = results["meta"]
    lines = [
        f"Measured {meta['date']} on {meta['machine']} (Python {meta['python']}), load average at the"
        f" start of each benchmark shown with it: the machine is shared, so the ratios (both sides"
        f" measured in the same run) are the figures that count. Regenerate with"
        " `.venv/bin/python bench/report.py`.",
        "",
    ]
    a = results.get("analysis")
    if a:
        sh = a["shanten"]
        libs = sh["libraries"]
        lines += [
            f"### Shanten (`bench/bench_analysis.py`, load {a['load_average']})",
            "",
            f"{sh['hands']:,} random 14-tile hands; CPU µs per call; ratio = theirs ÷ ours (above 1: we are"
            " faster). *First sight*: hands this process never saw, after a warm-up on other hands, in ten"
            " sets of fresh hands, the libraries in a rotated order in each, the median set per library;"
            " *repeated*: the same hands again, best of 5 rounds.",
            "",
            "| implementation | first sight | ratio | repeated | ratio | mismatches |",
            "| --- | ---: | ---: | ---: | ---: | ---: |",
        ]
        build = a.get("build", "pure")
        names = {
            "tilehouse": f"`engine.analysis.shanten` ({build})",
            "mahjong": "`mahjong` 2.1.0 (Python)",
            "xiangting": "`xiangting` (Rust)",
            "riichienv": "riichienv `calculate_shanten` (Rust)",
        }
        for name in sorted(libs, key=lambda n: list(names).index(n) if n in names else len(names)):
            row = libs[name]
            lines.append(
                f"| {names.get(name, name)} | {row['first_sight_us']:.2f} | {row['first_sight_ratio']:.2f}× |"
                f" {row['repeated_us']:.2f} | {row['repeated_ratio']:.2f}× | {row['mismatches']} |"
            )
        t = a["targets"]
        lines += [
            "",
            f"Targets, judged on the {build} build (what `pip install .` and the standalone build ship):"
            f" first sight ≥ 10× `mahjong`: **{_ok(t['first_sight_vs_mahjong'])}**; within 1.5× of"
            f" `xiangting`: **{_ok(t['first_sight_within_1_5_of_xiangting'])}**.",
            "",
        ]
        builds = a.get("builds", {})
        if len(builds) > 1:
            lines += [
                "Both builds, each measured in its own process in the same run (`xiangting` measured again in"
                " each; ratio = its time ÷ ours, of the medians, and *per set*: the median over the ten sets"
                " of the ratio within a set, timed close together, steadier when the load moves):",
                "",
                "| build | first sight | ÷ `xiangting` | per set | repeated | wildcard mean, 0 / 6 wilds"
                " | six 财神 median |",
                "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
            ]
            for name, row in builds.items():
                sh_row, xt = row["shanten"], row.get("xiangting")
                ratio_x = f"{xt['first_sight_us'] / sh_row['first_sight_us']:.2f}×" if xt else "—"
                per_set = f"{xt['first_sight_ratio_per_set']:.2f}×" if xt else "—"
                wild = row["wildcard_mean_us"]
                lines.append(
                    f"| {name} (load {row['load_average']}) | {sh_row['first_sight_us']:.2f} µs | {ratio_x} |"
                    f" {per_set} |"
                    f" {sh_row['repeated_us']:.2f} µs | {wild['0']:.1f} / {wild['6']:.1f} µs |"
                    f" {row['six_caishen']['median_ms']} ms |"
                )
            lines.append("")
        lines += [
            f"### Wildcard (财神) win check (load {a['load_average']})",
            "",
            "Near-complete 17-tile hands (five sets and a pair, the wilds taken out, one hand in two with a"
            " tile changed), each seen for the first time, `is_complete(sets=5, wilds=w)` against a plain"
            " exhaustive search without tables; thread CPU µs per call.",
            "",
            "| wilds | ours mean | ours p99 | ours worst | exhaustive mean | exhaustive p99 | agree |",
            "| ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
        ]
        for wilds, row in a["wildcards"].items():
            o, e = row["tilehouse"], row["exhaustive"]
            lines.append(
                f"| {wilds} | {o['mean_us']:.1f} | {o['p99_us']:.1f} | {o['max_us']:.1f} |"
                f" {e['mean_us']:.1f} | {e['p99_us']:.1f} | {row['agree']}/{row['hands']} |"
            )
        six = a["six_caishen"]
        lines += [
            "",
            f"Target p99 ≤ 50 µs at every number of wilds: **{_ok(t['wildcard_p99_50us'])}** (worst p99"
            f" {a['wildcard_p99_worst_us']:.1f} µs).",
            "",
            f"First scoring of a hand holding six 财神 (Lingxi `score_win`, {six['hands']} hands, the"
            f" scorer's caches cleared before each, CPU time): median **{six['median_ms']} ms**, worst"
            f" **{six['max_ms']} ms** (up to {six['readings_max']} readings, {six.get('scored_max', '?')} of"
            f" them scored: the first of each combination of the facts 台 depends on). Target ≤ 50 ms:"
            f" **{_ok(t['six_caishen_50ms'])}**.",
            "",
        ]
    s = results.get("simulate")
    if s:
        sc = s["scaling"]
        ratio = f"**{s['ratio']:.3f}**" if s["ratio"] else "riichienv not installed"
        lines += [
            f"### Simulation (`bench/bench_simulate.py`, load {s['load_average']}, {s['cores']} cores)",
            "",
            "| what | result | aim |",
            "| --- | ---: | ---: |",
            f"| riichi hands/s with random agents, tilehouse ({s.get('build', 'pure')}) vs riichienv (Rust) |"
            f" {s['tilehouse_hps']} vs {s['riichienv_hps']}: {ratio} | ≥ 0.6 |",
        ]
        for name, row in s.get("builds", {}).items():
            if name != s.get("build"):
                lines.append(
                    f"| the same, tilehouse {name} (its own process, load {row['load_average']}) |"
                    f" {row['tilehouse_hps']} vs {row['riichienv_hps']}: {row['ratio']:.3f} | |"
                )
        lines += [
            f"| `simulate` {sc['hands']:,} riichi hands (simple agents, invariants checked), 1 vs 2"
            f" workers | {sc['one_worker_s']:.1f} s vs {sc['two_workers_s']:.1f} s:"
            f" **{sc['speedup']:.2f}×** | ≥ 1.7× |",
            f"| CPU seconds of those two runs (all processes) | {sc['one_worker_cpu_s']} vs"
            f" {sc['two_workers_cpu_s']} | equal |",
            f"| the two summaries equal (apart from times) | {sc['same_summary']} | True |",
            "",
        ]
    f = results.get("first_frame")
    if f:
        lines += [
            f"### Start to first frame (`bench/bench_first_frame.py`, load {f['load_average']})",
            "",
            f"Median of {f['runs']} fresh processes each, from source, offscreen, alternating, the modules'"
            " bytecode cached as after a first start (or as installed):",
            "",
            "| process | first frame | peak memory |",
            "| --- | ---: | ---: |",
            f"| the table (`desktop.app`, `--first-frame`) | {f['table_s']:.3f} s |"
            f" {f['table_peak_mib']:.0f} MiB |",
            f"| a minimal PySide6 window (a `QWidget`, same size) | {f['minimal_s']:.3f} s |"
            f" {f['minimal_peak_mib']:.0f} MiB |",
            f"| ratio | **{f['ratio']:.2f}×** (target ≤ 1.5×) |"
            f" {f['table_peak_mib'] / f['minimal_peak_mib']:.2f}× |",
            "",
        ]
        c = f.get("compiled")
        if c:
            lines += [
                f"With no cached bytecode at all (every module compiled at each start, the standard library's"
                f" and PySide6's too; median of {c['runs']}): the table {c['table_s']:.3f} s, the minimal"
                f" window {c['minimal_s']:.3f} s, **{c['ratio']:.2f}×**.",
                "",
            ]
        lines += [
            "The costliest imports before the first frame (`python -X importtime`, cumulative, one run):",
            "",
            "| module | ms |",
            "| --- | ---: |",
        ]
        lines += [f"| `{row['module']}` | {row['cumulative_ms']:.0f} |" for row in f["imports"]]
        lines.append("")
    return "\n".join(lines)


def write_page(results: dict[str, Any]) -> None:
    text = PAGE.read_text(encoding="utf-8")
    start = text.index(BEGIN) + len(BEGIN)
    end = text.index(END)
    PAGE.write_text(text[:start] + "\n" + render(results) + "\n" + text[end:], encoding="utf-8")


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="smaller runs")
    parser.add_argument("--only", default=",".join(BENCHES), help="benchmarks to run (comma-separated)")
    parser.add_argument("--render", action="store_true", help="only rewrite the page from bench/results.json")
    args = parser.parse_args()
    results: dict[str, Any] = json.loads(RESULTS.read_text(encoding="utf-8")) if RESULTS.is_file() else {}
    if not args.render:
        for name in args.only.split(","):
            results[name.strip()] = run(name.strip(), args.quick)
        results["meta"] = {
            "date": datetime.date.today().isoformat(),
            "python": platform.python_version(),
            "machine": f"{os.cpu_count()} cores, {platform.machine()}, {platform.system()}",
        }
        RESULTS.write_text(json.dumps(results, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    write_page(results)
    print(f"wrote {PAGE.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
