"""The hostile-input corpus (``tests/hostile/make_corpus.py``) through the real commands.

Every refused case must exit 2 with exactly one line on standard error, naming the file (and the line in
a line-oriented format) — never a traceback — within 2 s and 200 MB; the accepted cases (a byte order
mark, CRLF line ends, wrong situations that are results) exit 0. Every case runs in-process through
:func:`engine.cli.main`, timed; the issue's cases and the largest files also run as real processes, all
at once, to show that nothing but that one line reaches the terminal and to measure each process's CPU
time and peak resident memory (the whole interpreter's, imports included).
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from engine.cli import main
from tests.hostile.make_corpus import Case, Corpus, make_corpus

ROOT = Path(__file__).resolve().parents[1]
SECONDS = 2.0
MEGABYTES = 200


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Corpus:
    return make_corpus(tmp_path_factory.mktemp("hostile"))


def _run(case: Case, capsys: pytest.CaptureFixture[str]) -> tuple[int, list[str], float]:
    capsys.readouterr()
    start = time.perf_counter()
    code = main(list(case.argv))
    seconds = time.perf_counter() - start
    return code, capsys.readouterr().err.splitlines(), seconds


def _problem(case: Case, code: int, err: list[str], seconds: float, megabytes: float = 0) -> str | None:
    """Why ``case`` failed, or None."""
    if seconds > SECONDS or megabytes > MEGABYTES:
        return f"took {seconds:.2f} s and {megabytes:.0f} MB"
    if code != case.expect:
        return f"exit {code}, not {case.expect}: {err}"
    if case.expect == 0:
        return f"printed {err}" if err else None
    if len(err) != 1:
        return f"{len(err)} lines on stderr: {err[:3]}"
    where = f"{case.path}:{case.line}: " if case.line is not None else f"{case.path}: "
    if not err[0].startswith(where):
        return f"{err[0]!r} does not start with {where!r}"
    if case.contains not in err[0]:
        return f"{err[0]!r} does not say {case.contains!r}"
    return None


def _check(cases: list[Case], capsys: pytest.CaptureFixture[str]) -> None:
    failures = []
    for case in cases:
        if case.stdin is not None:
            continue  # standard input: run as a process below
        code, err, seconds = _run(case, capsys)
        problem = _problem(case, code, err, seconds)
        if problem:
            failures.append(f"{case.name}: {problem}")
    assert not failures, "\n".join(failures)


def _kind(corpus: Corpus, prefix: str) -> list[Case]:
    cases = [c for c in corpus.cases if c.name.startswith(prefix)]
    assert cases
    return cases


def test_hostile_logs(corpus: Corpus, capsys: pytest.CaptureFixture[str]) -> None:
    _check(_kind(corpus, "log-"), capsys)


def test_hostile_rulesets(corpus: Corpus, capsys: pytest.CaptureFixture[str]) -> None:
    _check(_kind(corpus, "ruleset-") + _kind(corpus, "rules-") + _kind(corpus, "simulate-"), capsys)
    _check(_kind(corpus, "arena-"), capsys)


def test_hostile_situations(corpus: Corpus, capsys: pytest.CaptureFixture[str]) -> None:
    _check(_kind(corpus, "situation-"), capsys)


def test_hostile_conformance_folders(corpus: Corpus, capsys: pytest.CaptureFixture[str]) -> None:
    _check(_kind(corpus, "conformance-"), capsys)


def test_unusual_but_good_files_load(corpus: Corpus, capsys: pytest.CaptureFixture[str]) -> None:
    assert {c.name for c in corpus.accepted} >= {"log-bom", "log-crlf", "ruleset-bom", "situation-crlf"}
    _check(corpus.accepted, capsys)


def test_every_issue_case_is_in_the_corpus(corpus: Corpus) -> None:
    names = {c.name for c in corpus.cases}
    issue = {
        "log-not-utf8",
        "log-deep-json",
        "log-seat-null",
        "log-not-an-object",
        "log-infinity",
        "log-huge-tile",
        "log-start-scores-abc",
        "log-start-array",
        "log-walls-5",
        "log-walls-short",
        "log-seat-float",
        "log-seat-string",
        "log-family-mismatch",
        "log-illegal-action",
        "ruleset-not-utf8",
        "ruleset-deep-array",
        "ruleset-300000-keys",
        "situation-not-utf8",
        "situation-deep",
        "situation-infinity",
        "situation-huge-honba",
        "situation-stdin-18mb-hand",
    }
    assert issue <= names, issue - names


# ── in real processes ──────────────────────────────────────────────────────────────────────────

IN_PROCESSES = (
    "log-deep-json",
    "log-seat-null",
    "log-start-scores-abc",
    "log-family-mismatch",
    "log-illegal-action",
    "log-ruleset-60000-keys",
    "log-one-mb-line",
    "ruleset-deep-array",
    "ruleset-300000-keys",
    "ruleset-20000-keys",
    "ruleset-long-array",
    "situation-huge-honba",
    "situation-one-mb-line",
    "situation-stdin-18mb-hand",
    "conformance-deep",
)


# ``python -m engine.cli ARGS`` that also writes its peak resident memory (kB) where $HOSTILE_HWM says:
# the kernel's VmHWM is this process's own (ru_maxrss would count the forking parent's memory too)
CHILD = """
import os, sys
from engine.cli import main
try:
    code = main(sys.argv[1:])
finally:
    try:
        with open("/proc/self/status") as status:
            hwm = next(line.split()[1] for line in status if line.startswith("VmHWM"))
    except (OSError, StopIteration):
        import resource
        hwm = str(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
    with open(os.environ["HOSTILE_HWM"], "w") as out:
        out.write(hwm)
raise SystemExit(code)
"""


def _limit_cpu() -> None:  # in the child: a runaway is stopped, not the machine
    resource.setrlimit(resource.RLIMIT_CPU, (20, 20))


@pytest.fixture(scope="module")
def processes(corpus: Corpus) -> Iterator[dict[str, tuple[Case, int, str, float, float]]]:
    """Every case of :data:`IN_PROCESSES` run as ``python -m engine.cli``, all at once: the exit code,
    standard error, CPU seconds and peak resident memory (MB) of each process."""
    cases = {c.name: c for c in corpus.cases}
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    with tempfile.TemporaryDirectory() as folder:
        running = []
        for name in IN_PROCESSES:
            case = cases[name]
            stdin = Path(folder, f"{name}.in")
            stdin.write_bytes(case.stdin or b"")
            err = Path(folder, f"{name}.err")
            hwm = Path(folder, f"{name}.hwm")
            with stdin.open("rb") as fin, err.open("wb") as ferr:
                proc = subprocess.Popen(
                    [sys.executable, "-c", CHILD, *case.argv],
                    stdin=fin,
                    stdout=subprocess.DEVNULL,
                    stderr=ferr,
                    env={**env, "HOSTILE_HWM": str(hwm)},
                    cwd=folder,
                    preexec_fn=_limit_cpu,
                )
            watchdog = threading.Timer(60, proc.kill)
            watchdog.start()
            running.append((case, proc, err, hwm, watchdog))
        results = {}
        for case, proc, err, hwm, watchdog in running:
            _, status, usage = os.wait4(proc.pid, 0)  # this child's own CPU time
            watchdog.cancel()
            proc.returncode = os.waitstatus_to_exitcode(status)
            kilobytes = int(hwm.read_text()) if hwm.exists() else 0
            if sys.platform == "darwin":  # ru_maxrss in bytes there
                kilobytes //= 1024
            results[case.name] = (
                case,
                proc.returncode,
                err.read_text(encoding="utf-8", errors="replace"),
                usage.ru_utime + usage.ru_stime,
                kilobytes / 1024,
            )
        yield results


@pytest.mark.skipif(sys.platform == "win32", reason="os.wait4 and resource are POSIX")
def test_in_real_processes_one_line_reaches_the_terminal(
    processes: dict[str, tuple[Case, int, str, float, float]],
) -> None:
    failures = []
    for name, (case, code, err, seconds, megabytes) in processes.items():
        lines = err.splitlines()
        problem = _problem(case, code, lines, seconds, megabytes)
        if not megabytes:
            problem = "the process did not report its memory"
        if "Traceback" in err:
            problem = f"a traceback: {err[-500:]}"
        if problem:
            failures.append(f"{name}: {problem}")
    assert not failures, "\n".join(failures)
