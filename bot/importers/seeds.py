"""Regenerate the corpus from its sources: ``python -m bot.importers.seeds [ROOT]``.

Imports every ``rules/sources/*.txt`` under ROOT (default: the checkout) in name order — the
glossary page with the glossary importer, the others as card pages — and then the card
database ``cards/sources/berserk-nxt-data.json``, merging into rules/ and cards/ and keeping
curated fields. Run it after changing an importer or the ability extractor; the drift tests
(tests/importers/test_seed_drift.py) fail until the shipped corpus matches.
"""

from __future__ import annotations

import sys
from pathlib import Path

from bot import PROJECT_ROOT
from bot.importers.card_page import import_card_page
from bot.importers.errors import ImporterError
from bot.importers.glossary import import_glossary
from bot.importers.merge import read_source_text
from bot.importers.nxt import import_nxt

#: The card database, imported after the seed pages (whose cards it only fills in).
CARD_DATABASE = Path("cards") / "sources" / "berserk-nxt-data.json"


def seed_files(root: Path) -> list[Path]:
    return sorted((root / "rules" / "sources").glob("*.txt"))


def is_glossary(path: Path) -> bool:
    """A glossary page starts with a breadcrumb («Главная » Правила » …»)."""
    first = read_source_text(path).lstrip().split("\n", 1)[0]
    return "»" in first


def import_seeds(root: Path) -> list[str]:
    """Import every seed page under ``root``; return the importers' reports."""
    reports = []
    for path in seed_files(root):
        importer = import_glossary if is_glossary(path) else import_card_page
        reports.append(importer(path, root))
    return reports


def import_all(root: Path) -> list[str]:
    """The seed pages, then the card database when ``root`` has it; the importers' reports."""
    reports = import_seeds(root)
    if (root / CARD_DATABASE).is_file():
        reports.append(import_nxt(root / CARD_DATABASE, root))
    return reports


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    root = Path(args[0]) if args else PROJECT_ROOT
    try:
        for report in import_all(root):
            print(report)
    except ImporterError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
