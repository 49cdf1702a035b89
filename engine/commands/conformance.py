"""``tilehouse conformance DIR``: replay every recorded riichi hand and compare results."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any


def register(sub: Any) -> None:
    p = sub.add_parser("conformance", help="replay the mjx riichi hands and check every result")
    p.add_argument("folder", type=Path, help="folder of mjx JSON files (one hand per line)")
    p.add_argument("--verbose", "-v", action="store_true", help="list every non-conforming hand")
    p.add_argument("--json", action="store_true", help="print a JSON summary")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from engine.conformance.mjx import replay_dir

    folder: Path = args.folder
    if not folder.is_dir():
        print(f"conformance: {folder} is not a folder", file=sys.stderr)
        return 2
    reports = replay_dir(folder)
    bad = [r for r in reports if not r.ok]
    if args.json:
        print(
            json.dumps(
                {
                    "hands": len(reports),
                    "conform": len(reports) - len(bad),
                    "failures": [{"hand": r.source, "problems": r.problems} for r in bad],
                }
            )
        )
    else:
        for r in bad if args.verbose else bad[:20]:
            print(f"{r.source}: {'; '.join(r.problems)}")
        print(f"{len(reports) - len(bad)}/{len(reports)} hands conform")
    return 0 if reports and not bad else 1
