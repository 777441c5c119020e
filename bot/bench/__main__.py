"""``python -m bot.bench [--quick] [--cards N] [--terms N] [--out bench-results.json]``."""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import replace
from pathlib import Path

from bot.bench.harness import Options, missing_keys, run, verdicts
from bot.bench.report import table


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.bench", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer queries (ends within 60 s)")
    parser.add_argument("--cards", type=int, help="synthetic cards (default 5000)")
    parser.add_argument("--terms", type=int, help="synthetic terms (default 1000)")
    parser.add_argument("--queries", type=int, help="queries per kind")
    parser.add_argument("--seed", type=int, help="generator seed")
    parser.add_argument("--no-real", action="store_true", help="leave out the shipped corpus")
    parser.add_argument("--keep", type=Path, help="keep the generated corpus and index here")
    parser.add_argument("--out", type=Path, default=Path("bench-results.json"))
    args = parser.parse_args(argv)
    opts = Options.quick() if args.quick else Options()
    changes = {k: v for k, v in (("cards", args.cards), ("terms", args.terms),
                                 ("queries", args.queries), ("seed", args.seed),
                                 ("keep", args.keep)) if v is not None}
    if args.no_real:
        changes["real_root"] = None
    opts = replace(opts, **changes)
    results = run(opts)
    results["quick"] = args.quick
    args.out.write_text(json.dumps(results, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    print(table(results))
    print(f"\nresults: {args.out}")
    missing = missing_keys(results)
    if missing:
        print(f"missing keys: {', '.join(missing)}", file=sys.stderr)
        return 1
    failed = [k for k, ok in verdicts(results).items() if not ok]
    if failed:
        print(f"targets missed: {', '.join(failed)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
