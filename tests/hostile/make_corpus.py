"""Generate the hostile-input corpus: files a hostile or careless user could hand the command line.

Nothing here is committed as data; every file is written into a folder given on the command line (or,
in the tests, a temporary one)::

    .venv/bin/python tests/hostile/make_corpus.py /tmp/corpus     # writes the files, lists the cases

Each :class:`Case` is one command line (``argv`` for :func:`engine.cli.main`) and what it must give:
exit code 2 and one line on standard error starting with the file's name (``path:`` — and
``path:LINE:`` in a line-oriented format, when ``line`` is given) and holding ``contains``. The
accepted cases (``expect == 0``) are good input written in an unusual way (a byte order mark, CRLF line
ends) or situations that are results rather than errors: they must not be refused. Every case of issue
#13 is here, for logs, rulesets and situations, with many more.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

__all__ = ["Case", "Corpus", "make_corpus"]

MB = 1024 * 1024
DEEP = 100_000


@dataclass(frozen=True)
class Case:
    name: str
    argv: tuple[str, ...]
    path: Path  # the file the error line must name
    line: int | None = None  # the line it must name (line-oriented formats)
    expect: int = 2
    contains: str = ""  # a fragment the message must hold
    stdin: bytes | None = None  # for ``score -``: what standard input holds (run in a subprocess)


@dataclass
class Corpus:
    folder: Path
    cases: list[Case] = field(default_factory=list)
    accepted: list[Case] = field(default_factory=list)

    def write(self, name: str, content: str | bytes) -> Path:
        path = self.folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, str):
            content = content.encode("utf-8")
        path.write_bytes(content)
        return path

    def add(self, case: Case) -> None:
        assert case.name not in {c.name for c in self.cases + self.accepted}, case.name
        (self.accepted if case.expect == 0 else self.cases).append(case)

    def sparse(self, name: str, size: int) -> Path:
        """A file of ``size`` bytes that takes no room on the disk (for the size limits)."""
        path = self.write(name, b"")
        with path.open("r+b") as fh:
            fh.truncate(size)
        return path


# ── logs ───────────────────────────────────────────────────────────────────────────────────────


def good_log_lines() -> list[str]:
    """A short riichi game's log (one hand), written by the engine."""
    from engine.agents.simple import SimpleAgent
    from engine.game.game import Game
    from engine.game.log import log_lines
    from engine.game.play import play_match
    from engine.rules import default_ruleset

    game = Game(default_ruleset("riichi"), seed="hostile")
    play_match(game, [SimpleAgent(s) for s in range(4)], max_hands=1)
    return log_lines(game)


def _logs(c: Corpus) -> None:
    lines = good_log_lines()
    head: dict[str, Any] = json.loads(lines[0])
    actions, final = lines[1:-1], lines[-1]
    mid = 1 + len(actions) // 2  # an index into ``lines``: the middle action

    def log(name: str, text: str | bytes, line: int | None, contains: str = "", expect: int = 2) -> None:
        path = c.write(f"logs/{name}.log", text)
        c.add(Case(f"log-{name}", ("replay", str(path)), path, line, expect, contains))

    def with_header(name: str, contains: str = "", **changes: Any) -> None:
        h = {**head, **changes}
        log(name, "\n".join([json.dumps(h), *lines[1:]]) + "\n", 1, contains)

    def with_line(name: str, index: int, text: str, contains: str = "") -> None:
        spoilt = list(lines)
        spoilt[index] = text
        log(name, "\n".join(spoilt) + "\n", index + 1, contains)

    def with_action(name: str, contains: str = "", **changes: Any) -> None:
        action = json.loads(lines[mid])["action"]
        with_line(name, mid, json.dumps({"action": {**action, **changes}}), contains)

    good = "\n".join(lines) + "\n"
    # reading the file
    log("not-utf8", good.encode()[:200] + b"\xff\xfe" + good.encode()[200:], 1, "UTF-8")
    log("empty", "", None, "empty")
    log("blank-lines", "\n\n  \n", None, "empty")
    path = c.sparse("logs/too-big.log", 17 * MB)
    c.add(Case("log-too-big", ("replay", str(path)), path, None, 2, "at most 16 MB"))
    path = c.folder / "logs/a-folder.log"
    path.mkdir(parents=True, exist_ok=True)
    c.add(Case("log-folder", ("replay", str(path)), path, None, 2, "folder"))
    path = c.folder / "logs/missing.log"
    c.add(Case("log-missing", ("replay", str(path)), path, None, 2, "cannot be read"))
    if hasattr(os, "mkfifo"):
        path = c.folder / "logs/fifo.log"
        os.mkfifo(path)
        c.add(Case("log-fifo", ("replay", str(path)), path, None, 2, "not a regular file"))
    # JSON
    log("deep-json", "[" * DEEP + "]" * DEEP + "\n", 1, "nested")
    deep_seed = json.dumps({**head, "seed": "x"}).replace('"x"', "[" * 40 + "]" * 40)
    log("deep-header-value", deep_seed, 1, "nested")
    long_line = json.dumps({"action": {"seat": 0, "x": "a" * (MB + 10)}})
    log("one-mb-line", "\n".join([lines[0], long_line]), 2, "line")
    truncated = "\n".join(lines[:mid]) + "\n" + lines[mid][: len(lines[mid]) // 2] + "\n"
    log("truncated-line", truncated, mid + 1, "JSON")
    log("not-an-object", "\n".join([*lines[:mid], "[0]", *lines[mid + 1 :]]), mid + 1, "object")
    with_line("nan", mid, '{"action": {"seat": 0, "type": "discard", "tile": NaN}}', "NaN")
    with_line("infinity", mid, '{"action": {"seat": Infinity, "type": "discard", "tile": 5}}', "Infinity")
    with_line("1e999", mid, '{"action": {"seat": 1e999, "type": "discard", "tile": 5}}', "number")
    huge = "9" * 5000
    with_line("huge-tile", mid, '{"action": {"seat": 0, "type": "discard", "tile": ' + huge + "}}", "digits")
    with_line("huge-negative", mid, '{"action": {"seat": -' + huge + ', "type": "pass"}}', "digits")
    with_line("duplicate-keys", mid, '{"action": {"seat": 0, "seat": 1, "type": "pass"}}', "twice")
    with_line("surrogate", mid, '{"action": {"seat": 0, "type": "\\ud800"}}', "surrogate")
    # action fields (Action.from_json)
    with_action("seat-null", "seat", seat=None)
    with_action("seat-float", "seat", seat=0.9)
    with_action("seat-bool", "seat", seat=True)
    with_action("seat-string", "seat", seat="zero")
    with_action("seat-9", "seat", seat=9)
    with_action("tile-string", "tile", tile="5m")
    with_action("tile-999", "tile", tile=999)
    with_action("tiles-not-list", "tiles", tiles=5)
    with_action("suit-wrong", "suit", suit=-1)
    with_action("type-unknown", "type", type="fly")
    with_action("type-number", "type", type=3)
    with_action("unknown-field", "unknown", colour="red")
    with_line("action-not-object", mid, '{"action": [1, 2]}', "object")
    with_line("action-and-more", mid, '{"action": {"seat": 0, "type": "pass"}, "note": 1}', "nothing else")
    with_line("neither", mid, '{"comment": "hello"}', "neither")
    # an action the rebuilt game refuses, in the middle of the log: named by its line
    action = json.loads(lines[mid])["action"]
    wrong_seat = {**action, "seat": (action["seat"] + 1) % 4}
    with_line("illegal-action", mid, json.dumps({"action": wrong_seat}), f"seat {wrong_seat['seat']}")
    # structure
    log("two-headers", "\n".join([lines[0], lines[0], *lines[1:]]), 2, "second header")
    log("summary-first", "\n".join([lines[0], final, *actions]), 3, "after the summary")
    log("two-summaries", "\n".join([*lines, final]), len(lines) + 1, "after the summary")
    log("summary-not-object", "\n".join([*lines[:-1], '{"summary": 5}']), len(lines), "summary")
    bad_summary = '{"summary": {"scores": "x"}}'
    log("summary-scores", "\n".join([*lines[:-1], bad_summary]), len(lines), "summary.scores")
    log("no-header", "\n".join(lines[1:]), 1, "not a Tilehouse log")
    log("header-array", "[1, 2]\n" + "\n".join(lines[1:]), 1, "object")
    # header fields
    with_header("version-3", "version", version=3)
    with_header("version-string", "version", version="2")
    with_header("version-float", "version", version=2.0)
    with_header("family-mismatch", "family", family="sichuan")
    with_header("family-unknown", "family", family="klondike")
    with_header("family-number", "family", family=5)
    with_header("ruleset-not-object", "ruleset", ruleset="riichi-online")
    with_header("ruleset-bad-key", "ruleset", ruleset={**head["ruleset"], "red_five": True})
    with_header("ruleset-bad-value", "ruleset", ruleset={**head["ruleset"], "uma": [1]})
    many = {**head["ruleset"], **{f"k{i}": i for i in range(60_000)}}
    with_header("ruleset-60000-keys", "keys", ruleset=many)
    with_header("ruleset-hash", "ruleset_hash", ruleset_hash="0" * 64)
    with_header("seed-float", "seed", seed=1.5)
    with_header("seed-list", "seed", seed=[1])
    with_header("seed-long", "seed", seed="s" * 40_000)
    with_header("walls-5", "walls", walls=5)
    with_header("walls-short", "walls.0", walls=[[1, 2, 3]])
    with_header("walls-twice", "walls.0", walls=[[0] * 136])
    with_header("walls-strings", "walls", walls=[["1m"] * 136])
    with_header("walls-foreign", "walls.0", walls=[list(range(1, 137))])
    with_header("start-scores-abc", "start.scores", start={"scores": "abc"})
    with_header("start-array", "start", start=[1, 2])
    with_header("start-3-scores", "start.scores", start={"scores": [25000, 25000, 25000]})
    with_header("start-huge-score", "start.scores", start={"scores": [10**11, 0, 0, 0]})
    with_header("start-honba-negative", "start.honba", start={"scores": [25000] * 4, "honba": -1})
    with_header("start-dealer-9", "start.first_dealer", start={"scores": [25000] * 4, "first_dealer": 9})
    with_header("start-over-string", "start.over", start={"scores": [25000] * 4, "over": "no"})
    with_header("start-unknown-key", "start", start={"scores": [25000] * 4, "bonus": 1})
    with_header("practice-string", "practice", practice="yes")
    with_header("unknown-header-key", "unknown key", bogus=1)
    # good files written oddly: they load
    log("bom", "\ufeff" + good, None, expect=0)
    log("crlf", good.replace("\n", "\r\n"), None, expect=0)
    crlf = good.replace("\n", "\r\n").split("\r\n")
    crlf[mid] = '{"action": {"seat": NaN}}'
    log("crlf-bad-line", "\r\n".join(crlf), mid + 1, "NaN")


# ── rulesets ───────────────────────────────────────────────────────────────────────────────────

HEAD = 'family = "riichi"\nschema_version = 1\n'


def _rulesets(c: Corpus) -> None:
    def ruleset(name: str, text: str | bytes, contains: str = "", expect: int = 2) -> Path:
        path = c.write(f"rulesets/{name}.toml", text)
        c.add(Case(f"ruleset-{name}", ("rules", "validate", str(path)), path, None, expect, contains))
        return path

    ruleset("not-utf8", HEAD.encode() + b'name = "caf\xe9"\n', "UTF-8")
    ruleset("empty", "", "family")
    ruleset("deep-array", HEAD + "uma = " + "[" * 50_000 + "]" * 50_000 + "\n", "nested")
    ruleset("deep-inline-tables", HEAD + "a = " + "{b = " * 40 + "1" + "}" * 40 + "\n", "nested")
    ruleset("300000-keys", HEAD + "".join(f"k{i} = {i}\n" for i in range(300_000)), "at most 256 KB")
    ruleset("20000-keys", HEAD + "".join(f"k{i}=1\n" for i in range(20_000)), "keys")
    ruleset("array-of-tables", HEAD + "[[a]]\n" * 30_000, "unknown key")
    ruleset("huge-int", HEAD + "start_points = " + "9" * 5000 + "\n", "number")
    ruleset("huge-negative", HEAD + "start_points = -" + "9" * 4000 + "\n", "number")
    ruleset("huge-hex", HEAD + "start_points = 0x" + "f" * 50_000 + "\n", "number")
    ruleset("1e999", HEAD + "start_points = 1e999\n", "number")
    ruleset("inf", HEAD + "start_points = inf\n", "inf")
    ruleset("nan", HEAD + "start_points = nan\n", "nan")
    ruleset("duplicate-keys", HEAD + "kiriage = true\nkiriage = false\n", "TOML")
    ruleset("truncated", HEAD + "uma = [1, 2\n", "TOML")
    ruleset("surrogate", HEAD + 'name = "\\ud800"\n', "TOML")
    ruleset("unknown-family", 'family = "klondike"\nschema_version = 1\n', "family")
    ruleset("family-number", "family = 5\nschema_version = 1\n", "family")
    ruleset("no-family", "schema_version = 1\n", "family")
    ruleset("schema-too-new", 'family = "riichi"\nschema_version = 99\n', "schema_version")
    ruleset("wrong-types", HEAD + 'start_points = "25000"\nbusting = 1\nkiriage = "yes"\n', "3 problems")
    ruleset("table", HEAD + "[scoring]\nkiriage = true\n", "scoring")
    ruleset("date", HEAD + "when = 1979-05-27\n", "when")
    ruleset("long-key", HEAD + "k" * 200_000 + " = 1\n", "unknown key")
    ruleset("long-name", HEAD + 'name = "' + "n" * 200_000 + '"\n', "name")
    ruleset("long-array", HEAD + "uma = [" + "1, " * 30_000 + "1]\n", "uma")
    ruleset("bom", "\ufeff" + HEAD, expect=0)
    ruleset("crlf", HEAD.replace("\n", "\r\n") + "kiriage = true\r\n", expect=0)
    path = c.folder / "rulesets/a-folder.toml"
    path.mkdir(parents=True, exist_ok=True)
    c.add(Case("ruleset-folder", ("rules", "validate", str(path)), path, None, 2, "folder"))
    missing = c.folder / "rulesets/missing.toml"
    c.add(Case("ruleset-missing", ("rules", "validate", str(missing)), missing, None, 2, "not found"))
    if hasattr(os, "mkfifo"):
        path = c.folder / "rulesets/fifo.toml"
        os.mkfifo(path)
        c.add(Case("ruleset-fifo", ("rules", "validate", str(path)), path, None, 2, "regular file"))
    # the other commands that read a ruleset file
    bad = c.folder / "rulesets/deep-array.toml"
    keys = c.folder / "rulesets/20000-keys.toml"
    wrong = c.folder / "rulesets/wrong-types.toml"
    c.add(Case("rules-show", ("rules", "show", str(bad)), bad, None, 2, "nested"))
    c.add(Case("rules-show-json", ("rules", "show", str(keys), "--json"), keys, None, 2, "keys"))
    c.add(Case("rules-diff-a", ("rules", "diff", str(bad), "riichi-online"), bad, None, 2, "nested"))
    c.add(Case("rules-diff-b", ("rules", "diff", "riichi-online", str(wrong)), wrong, None, 2, "problems"))
    c.add(Case("rules-copy", ("rules", "copy", str(keys), "mine"), keys, None, 2, "keys"))
    c.add(
        Case("simulate-ruleset", ("simulate", "--ruleset", str(bad), "--hands", "1"), bad, None, 2, "nested")
    )
    c.add(
        Case("arena-ruleset", ("arena", "--ruleset", str(wrong), "--hands", "1"), wrong, None, 2, "problems")
    )
    sichuan = c.write("rulesets/sichuan.toml", 'family = "sichuan"\nschema_version = 1\n')
    c.add(Case("simulate-other-family", ("simulate", "--ruleset", str(sichuan)), sichuan, None, 2, "sichuan"))


# ── situations ─────────────────────────────────────────────────────────────────────────────────

RON = {"variant": "riichi", "hand": "234m34588p456678s", "win_tile": "4s", "win": "ron", "seat": 1}


def _situations(c: Corpus) -> None:
    good = json.dumps(RON)

    def score(name: str, text: str | bytes, line: int | None, contains: str = "", expect: int = 2) -> None:
        path = c.write(f"situations/{name}.jsonl", text)
        c.add(Case(f"situation-{name}", ("score", str(path), "--json"), path, line, expect, contains))

    def second_line(name: str, text: str, contains: str = "") -> None:
        score(name, f"{good}\n{text}\n{good}\n", 2, contains)

    def field(**changes: Any) -> str:
        return json.dumps({**RON, **changes})

    score("not-utf8", good.encode() + b"\n" + b'{"hand": "\xff"}\n', 2, "UTF-8")
    score("empty", "", None, "no situation")
    score("blank", "\n \n", None, "no situation")
    path = c.sparse("situations/too-big.jsonl", 17 * MB)
    c.add(Case("situation-too-big", ("score", str(path)), path, None, 2, "at most 16 MB"))
    score("deep", "[" * DEEP + "]" * DEEP, 1, "line")  # the issue's: beyond the line limit already
    score("deep-30000", "[" * 30_000 + "]" * 30_000, 1, "nested")
    second_line("deep-second-line", "[" * 30_000 + "]" * 30_000, "nested")
    second_line("nan", good.replace('"seat": 1', '"seat": NaN'), "NaN")
    second_line("infinity", good.replace('"seat": 1', '"seat": Infinity'), "Infinity")
    second_line("1e999", good.replace('"seat": 1', '"honba": 1e999'), "number")
    second_line("huge-honba", good.replace('"seat": 1', '"honba": ' + "9" * 5000), "digits")
    second_line("huge-seat", good.replace('"seat": 1', '"seat": -' + "9" * 5000), "digits")
    second_line("duplicate-keys", good.replace('"seat": 1', '"seat": 1, "seat": 2'), "twice")
    second_line("truncated", good[: len(good) // 2], "JSON")
    second_line("surrogate", good.replace('"seat": 1', '"id": "\\udc00"'), "surrogate")
    second_line("long-hand", field(hand="1m" * 2000), "hand")
    second_line("one-mb-line", field(hand="1m" * (MB // 2)), "line")
    second_line("melds-1000", field(melds=[{"type": "pon", "tiles": "111m"}] * 1000), "melds")
    second_line("meld-tiles", field(melds=[{"type": "pon", "tiles": "1m" * 500}]), "melds.0")
    second_line("flags-1000", field(flags=["riichi"] * 1000), "flags")
    second_line("long-id", field(id="i" * 10_000), "id")
    second_line("long-dora", field(dora_indicators="1m" * 500), "dora_indicators")
    second_line("ruleset-keys", field(ruleset={f"k{i}": i for i in range(2000)}), "ruleset")
    # the 25-million-tile hand, on standard input: far beyond the size limit
    big = (
        '{"variant": "riichi", "win": "ron", "win_tile": "1m", "hand": "' + "1m" * (9 * MB) + '"}'
    ).encode()
    c.add(Case("situation-stdin-18mb-hand", ("score", "-", "--json"), Path("stdin"), None, 2, "16 MB", big))
    path = c.folder / "situations/a-folder.jsonl"
    path.mkdir(parents=True, exist_ok=True)
    c.add(Case("situation-folder", ("score", str(path)), path, None, 2, "folder"))
    if hasattr(os, "mkfifo"):
        path = c.folder / "situations/fifo.jsonl"
        os.mkfifo(path)
        c.add(Case("situation-fifo", ("score", str(path)), path, None, 2, "regular file"))
    # one document over several lines is not line-oriented: its problem is the file's
    pretty = json.dumps({**RON, "honba": 0}, indent=2).replace('"honba": 0', '"honba": NaN')
    score("pretty-nan", pretty, None, "NaN")
    score("crlf-bad-line", f"{good}\r\n{{NaN}}\r\n{good}\r\n", 2, "JSON")
    # good input written oddly, and wrong situations, which are results in place (docs/situation.md)
    score("bom", "\ufeff" + good + "\n" + good + "\n", None, expect=0)
    score("crlf", f"{good}\r\n{good}\r\n", None, expect=0)
    score("seat-null", field(seat=None) + "\n" + good + "\n", None, expect=0)
    score("array-line", "[0]\n" + good + "\n", None, expect=0)
    score("ruleset-device", field(ruleset="/dev/zero") + "\n", None, expect=0)
    if hasattr(os, "mkfifo"):
        fifo = c.folder / "rulesets/fifo.toml"
        score("ruleset-fifo", field(ruleset=str(fifo)) + "\n", None, expect=0)


# ── conformance folders ────────────────────────────────────────────────────────────────────────


def _conformance(c: Corpus) -> None:
    record = {
        "hiddenState": {"wall": list(range(136))},
        "publicObservation": {"initScore": {"tens": [25000] * 4}, "events": []},
    }

    def folder(name: str, text: str | bytes, line: int | None, contains: str = "") -> None:
        path = c.write(f"conformance/{name}/hands.json", text)
        c.add(Case(f"conformance-{name}", ("conformance", str(path.parent)), path, line, 2, contains))

    folder("not-utf8", b'{"a": "\xff"}\n', 1, "UTF-8")
    folder("deep", "[" * DEEP + "]" * DEEP + "\n", 1, "nested")
    folder("nan", json.dumps(record) + "\n" + '{"a": NaN}\n', 2, "NaN")
    folder("array", "[1]\n", 1, "object")
    folder("empty-object", "{}\n", 1, "hiddenState")
    folder("short-wall", json.dumps({**record, "hiddenState": {"wall": [1, 2, 3]}}) + "\n", 1, "wall")
    bad_score = {**record, "publicObservation": {"initScore": {"tens": ["x"] * 4}}}
    folder("string-score", json.dumps(bad_score) + "\n", 1, "tens")
    path = c.folder / "conformance/not-a-folder"
    c.add(Case("conformance-missing", ("conformance", str(path)), path, None, 2, "folder"))
    inner = c.folder / "conformance/inner-folder/x.json"
    inner.mkdir(parents=True, exist_ok=True)
    c.add(Case("conformance-json-folder", ("conformance", str(inner.parent)), inner, None, 2, "folder"))


MAKERS: tuple[Callable[[Corpus], None], ...] = (_logs, _rulesets, _situations, _conformance)


def make_corpus(folder: Path) -> Corpus:
    """Write every case's files into ``folder`` and return the cases."""
    folder.mkdir(parents=True, exist_ok=True)
    corpus = Corpus(folder)
    for make in MAKERS:
        make(corpus)
    return corpus


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: make_corpus.py FOLDER", file=sys.stderr)
        return 2
    corpus = make_corpus(Path(argv[0]))
    for case in corpus.cases + corpus.accepted:
        print(f"{case.name:32} exit {case.expect}  tilehouse {' '.join(a[:60] for a in case.argv)}")
    print(f"{len(corpus.cases)} refused and {len(corpus.accepted)} accepted cases in {corpus.folder}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
