"""Import the berserk-nxt community card database (``resources/data.json``) into ``cards/``.

``berserk-judge import nxt data.json`` runs :func:`import_nxt`, in five steps, one module each:

1. reading (:mod:`~bot.importers.nxt_read`): the whole input is validated against its schema
   and cross-checked; a bad record stops the import naming the record id and the field;
2. mapping (:mod:`~bot.importers.nxt_map`): each record and its alternative prints become a
   card (``cards/<set_id>-<slug>.yaml`` keeps one file per set, sorted by number);
3. merging (:func:`bot.importers.merge.merge_card`, the one card policy): a card this importer
   wrote before is refreshed, a card another importer wrote (the seed card pages) only gets
   what it lacks, curated fields and aliases are never touched, cards the input lacks stay;
4. writing (:mod:`~bot.importers.corpus_files`): every file is built and schema-checked before
   the first atomic write, and only files whose bytes change are written — a re-import of the
   same input is byte-identical. ``rules/sources.yaml`` gets the database as a source, with
   the sha256 of the file read (its version);
5. reporting (:mod:`~bot.importers.nxt_report`).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from functools import partial
from pathlib import Path

import yaml

from bot.corpus.load import SOURCES_FILE
from bot.corpus.sets import card_set
from bot.corpus.yamlio import read_yaml
from bot.importers.corpus_files import SetFile, set_files, write_outputs
from bot.importers.merge import card_order, merge_card, merge_sources, ordered_card, relative_file
from bot.importers.nxt_map import NXT_SOURCE, elements, map_card, print_label, slug
from bot.importers.nxt_read import Record, read_records
from bot.importers.nxt_report import ImportNotes, SetLine, report
from bot.importers.nxt_text import Rendered, restore_icons

__all__ = ["NXT_SOURCE", "ImportResult", "elements", "import_nxt", "print_label",
           "run_import", "slug"]

SOURCE_TITLE = "База карт berserk-nxt"
#: Precedence of the database among the sources: after the rules and the card pages.
SOURCE_RANK = 3


@dataclass(frozen=True)
class ImportResult:
    """What an import did: the report and the numbers tests and tools check."""

    report: str
    cards: int
    alt_prints: int
    sentences: int
    parsed: int
    unknown_placeholders: dict[str, int]
    written: tuple[str, ...]

    @property
    def coverage(self) -> float:
        """Share of ability sentences the extractor parsed (1.0 when there are none)."""
        return self.parsed / self.sentences if self.sentences else 1.0


def import_nxt(path: Path, root: Path) -> str:
    """Import a berserk-nxt ``data.json`` into ``root/cards``; return an English report."""
    return run_import(path, root).report


def run_import(path: Path, root: Path) -> ImportResult:
    """:func:`import_nxt` with the numbers behind the report."""
    records = read_records(path)
    alts: dict[str, list[Record]] = {}
    for r in records:
        if r.altto is not None:
            alts.setdefault(r.altto, []).append(r)
    bases = [r for r in records if r.altto is None]
    notes = ImportNotes(implicit_alts=[r.id for r in records if r.implicit_alt])
    terms = _known_terms(root)
    outputs: dict[Path, dict[str, object]] = {}
    lines: list[SetLine] = []
    for set_id, set_file in set_files(root, {r.set_id for r in bases}).items():
        cards = sorted((r for r in bases if r.set_id == set_id), key=lambda r: (r.number, r.id))
        data, counts = _merge_set(set_file, cards, alts, terms, notes)
        outputs[set_file.path] = data
        lines.append(SetLine(set_id, len(cards), set_file.path.relative_to(root).as_posix(),
                             counts))
    outputs[root / "rules" / SOURCES_FILE] = {"sources": merge_sources(root, [_source(path, root)])}
    written = write_outputs(outputs, root)
    return ImportResult(
        report=report(path.name, len(records), len(bases), lines, notes, written),
        cards=len(bases), alt_prints=len(records) - len(bases), sentences=notes.sentences,
        parsed=notes.parsed, unknown_placeholders=dict(notes.unknown_placeholders),
        written=tuple(written))


def _merge_set(set_file: SetFile, bases: list[Record], alts: dict[str, list[Record]],
               terms: set[str], notes: ImportNotes) -> tuple[dict[str, object], dict[str, int]]:
    """One set's file with the input's cards merged in, and how many were new, updated …"""
    known = card_set(set_file.set_id)
    header = {"id": set_file.set_id, "name": set_file.header.get("name") or known.name,
              "initials": set_file.header.get("initials") or known.initials}
    by_id = {c.get("id"): c for c in set_file.cards}
    counts = {"new": 0, "updated": 0, "unchanged": 0, "kept": 0}
    cards = []
    for base in bases:
        mapped = map_card(base, alts.get(base.id, []), terms, notes)
        old = by_id.pop(base.card_id, None)
        card = ordered_card(merge_card(
            old, mapped.card, str(header["name"]), abilities=mapped.abilities,
            restore=partial(_restore, mapped.rendered), notes=notes))
        if "abilities" in (card.get("curated") or []):
            notes.curated_abilities += 1
        else:
            notes.coverage(card)
        counts["new" if old is None else "unchanged" if old == card else "updated"] += 1
        cards.append(card)
    counts["kept"] = len(by_id)  # cards of the file that the input lacks stay as they are
    cards += by_id.values()
    return {"set": header, "cards": sorted(cards, key=card_order)}, counts


def _restore(rendered: Rendered, site: str) -> str:
    return restore_icons(site, rendered)


def _source(path: Path, root: Path) -> dict[str, object]:
    """The database as a source of rules/sources.yaml: the file and its sha256 (its version)."""
    digest = hashlib.sha256(path.read_bytes()).hexdigest()
    return {"id": NXT_SOURCE, "title": SOURCE_TITLE, "rank": SOURCE_RANK,
            "file": relative_file(path, root), "sha256": digest}


def _known_terms(root: Path) -> set[str]:
    """Term ids of the rules corpus (``rules/*.yaml``), to link icons to; unreadable files
    are the corpus loader's to report."""
    ids: set[str] = set()
    for path in sorted((root / "rules").glob("*.yaml")):
        try:
            data = read_yaml(path)
        except (yaml.YAMLError, UnicodeDecodeError, OSError):
            continue
        if isinstance(data, dict) and isinstance(data.get("terms"), list):
            ids |= {t["id"] for t in data["terms"] if isinstance(t, dict)
                    and isinstance(t.get("id"), str)}
    return ids
