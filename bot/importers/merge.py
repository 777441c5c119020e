"""Merge an import into rules/sources.yaml, rules/terms.yaml and cards/<set_id>-<slug>.yaml.

Entries are merged by id. Versions from an imported source replace that source's versions of
the same term (a *complete* source, like the glossary page, also loses its versions of terms it
no longer has); names listed by name only accumulate in ``mentioned_in``. Curated data is kept:
the fields an entry lists under ``curated:``, and always a term's aliases, abbreviations and
related terms and a card's name, element, elite flag and aliases. Card abilities come from the
one ability extractor unless ``abilities`` is curated. Everything is computed and validated
before anything is written; each write is atomic and unchanged files are not touched, so a
re-import is byte-identical.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from bot.corpus.abilities import to_data
from bot.corpus.ids import term_id
from bot.corpus.load import SOURCES_FILE, _validator
from bot.corpus.sets import card_set
from bot.corpus.yamlio import dump_yaml, read_yaml, write_yaml
from bot.importers.abilities import extract_abilities
from bot.importers.errors import ImporterError
from bot.importers.headings import kinds_from_text, parse_heading, unique

TERMS_FILE = "terms.yaml"
ALWAYS_KEPT_TERM = ("aliases", "abbreviations", "related")
ALWAYS_KEPT_CARD = ("name", "element", "elite", "aliases")
SOURCE_KEYS = ("id", "title", "date", "rank", "file", "url", "note")
TERM_KEYS = ("id", "name", "aliases", "abbreviations", "kinds", "parameters", "versions",
             "related", "mentioned_in", "curated")
CARD_KEYS = ("id", "number", "name", "element", "cost", "elite", "unique", "type",
             "creature_type", "classes", "lives", "movement", "strike", "icons", "text",
             "flavour", "artist", "rarity", "prints", "rules", "aliases", "abilities", "source",
             "curated")
_NO_RANK = 99

Entry = dict[str, Any]


@dataclass
class ImportBatch:
    """What one importer run brings. Cards carry ``set_id`` (the file they belong in)."""

    sources: list[Entry]
    terms: list[Entry]
    cards: list[Entry]
    complete_sources: frozenset[str] = frozenset()
    #: The batch's cards use exactly the batch's terms (a card page): their ``rules`` are
    #: rebuilt from the terms' final ids, so an id changed by a collision is followed exactly.
    rules_from_terms: bool = False


@dataclass
class MergeResult:
    new_terms: list[str] = field(default_factory=list)
    updated_terms: list[str] = field(default_factory=list)
    new_cards: list[str] = field(default_factory=list)
    updated_cards: list[str] = field(default_factory=list)
    renamed: dict[str, str] = field(default_factory=dict)
    written: list[str] = field(default_factory=list)
    cards: dict[str, Entry] = field(default_factory=dict)  # the merged cards of the batch

    def summary(self) -> str:
        parts = [
            f"terms: {len(self.new_terms)} new, {len(self.updated_terms)} changed",
            f"cards: {len(self.new_cards)} new, {len(self.updated_cards)} changed",
            "written: " + (", ".join(self.written) if self.written else "nothing (no changes)"),
        ]
        parts += [f"id collision: {a!r} imported as {b!r}" for a, b in self.renamed.items()]
        return "; ".join(parts)


def read_source_text(path: Path) -> str:
    """A source document's text; :class:`ImporterError` when unreadable or empty."""
    try:
        text = path.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError as exc:
        raise ImporterError(f"{path}: not UTF-8 text ({exc.reason})") from exc
    except OSError as exc:
        raise ImporterError(f"{path}: cannot read ({exc.strerror})") from exc
    if not text.strip():
        raise ImporterError(f"{path}: file is empty")
    return text


def relative_file(path: Path, root: Path) -> str:
    """``path`` relative to ``root`` when inside it (as stored in sources.yaml), else its name."""
    try:
        return path.resolve().relative_to(root.resolve()).as_posix()
    except ValueError:
        return path.name


# --- reading the current corpus -------------------------------------------------------------


def _read(path: Path, key: str) -> Any:
    if not path.exists():
        return None
    try:
        data = read_yaml(path)
    except (yaml.YAMLError, UnicodeDecodeError) as exc:
        raise ImporterError(f"{path}: cannot merge into a file that is not valid YAML") from exc
    if data is not None and not (isinstance(data, dict) and isinstance(data.get(key), list)):
        raise ImporterError(f"{path}: expected a mapping with a {key!r} list")
    return data


def card_file(root: Path, set_id: int) -> Path:
    """The set's card file: an existing ``cards/<set_id>-*.yaml``, else a new slugged one."""
    from bot.corpus.ids import slugify

    existing = sorted((root / "cards").glob(f"{set_id}-*.yaml"))
    if existing:
        return existing[0]
    return root / "cards" / f"{set_id}-{slugify(card_set(set_id).name)}.yaml"


# --- merging --------------------------------------------------------------------------------


def merge_import(root: Path, batch: ImportBatch) -> MergeResult:
    """Merge ``batch`` into the corpus under ``root`` (see the module doc)."""
    result = MergeResult()
    sources_path = root / "rules" / SOURCES_FILE
    terms_path = root / "rules" / TERMS_FILE
    sources = _merge_sources((_read(sources_path, "sources") or {}).get("sources", []),
                             batch.sources)
    ranks = {s["id"]: s["rank"] for s in sources}
    old_terms = (_read(terms_path, "terms") or {}).get("terms", [])
    terms = _merge_terms(old_terms, batch, ranks, result)
    outputs: dict[Path, Any] = {
        sources_path: {"sources": sources},
        terms_path: {"terms": terms},
    }
    for set_id in sorted({c["set_id"] for c in batch.cards}):
        path = card_file(root, set_id)
        cards = [c for c in batch.cards if c["set_id"] == set_id]
        outputs[path] = _merge_card_file(_read(path, "cards"), set_id, cards, result)
    _check(outputs, root)
    _write(outputs, root, result)
    return result


def _merge_sources(old: list[Entry], new: list[Entry]) -> list[Entry]:
    by_id = {s["id"]: dict(s) for s in old}
    for source in new:
        current = by_id.setdefault(source["id"], {})
        for key, value in source.items():
            if key not in current and value is not None:
                current[key] = value
    return sorted((_ordered(s, SOURCE_KEYS) for s in by_id.values()),
                  key=lambda s: (s.get("rank", _NO_RANK), s["id"]))


def _merge_terms(old: list[Entry], batch: ImportBatch, ranks: dict[str, int],
                 result: MergeResult) -> list[Entry]:
    by_id = {t["id"]: dict(t) for t in old}
    before = {t["id"]: _ordered(t, TERM_KEYS) for t in old}
    versioned: dict[str, set[str]] = {}
    final_ids: list[str] = []
    for incoming in batch.terms:
        tid = _resolve_id(incoming, by_id, result)
        final_ids.append(tid)
        by_id[tid] = merge_term(by_id.get(tid), {**incoming, "id": tid}, ranks)
        for version in incoming.get("versions", []):
            versioned.setdefault(version["source"], set()).add(tid)
    for source in batch.complete_sources:
        for tid, term in by_id.items():
            if tid not in versioned.get(source, set()) and _drop_source(term, source):
                by_id[tid] = _finish_term(term, ranks)
    if batch.rules_from_terms:
        for card in batch.cards:
            card["rules"] = list(dict.fromkeys(final_ids))
    else:
        _remap_card_rules(batch.cards, result.renamed)
    terms = [_ordered(by_id[tid], TERM_KEYS) for tid in sorted(by_id)]
    for term in terms:
        if term["id"] not in before:
            result.new_terms.append(term["id"])
        elif before[term["id"]] != term:
            result.updated_terms.append(term["id"])
    return terms


def _resolve_id(incoming: Entry, by_id: dict[str, Entry], result: MergeResult) -> str:
    """The incoming id, or — when a different term with another remark owns it — a longer one."""
    tid: str = incoming["id"]
    existing = by_id.get(tid)
    if existing is None:
        return tid
    mine = parse_heading(incoming["name"]).remarks
    theirs = parse_heading(existing["name"]).remarks
    if mine and theirs and mine != theirs:
        new_id = term_id(incoming["name"], keep_remarks=True)
        result.renamed[tid] = new_id
        return new_id
    return tid


def _remap_card_rules(cards: list[Entry], renamed: dict[str, str]) -> None:
    for card in cards:
        card["rules"] = [renamed.get(r, r) for r in card.get("rules", [])]


def _drop_source(term: Entry, source: str) -> bool:
    versions = term.get("versions", [])
    kept = [v for v in versions if v["source"] != source]
    term["versions"] = kept
    return len(kept) != len(versions)


def _best_rank(versions: Iterable[Entry], ranks: dict[str, int]) -> int:
    return min((ranks.get(v["source"], _NO_RANK) for v in versions), default=_NO_RANK + 1)


def merge_term(old: Entry | None, new: Entry, ranks: dict[str, int]) -> Entry:
    """One term: ``new`` (from the importer) merged into ``old`` (from the YAML)."""
    if old is None:
        return _finish_term(dict(new), ranks)
    out = dict(old)
    curated = set(old.get("curated", []))
    new_versions = new.get("versions", [])
    replaced = {v["source"] for v in new_versions}
    kept = [v for v in old.get("versions", []) if v["source"] not in replaced]
    out["versions"] = kept + list(new_versions)
    other_name = new["name"]
    if "name" not in curated and new_versions and (
        _best_rank(new_versions, ranks) <= _best_rank(kept, ranks)
    ):
        out["name"], other_name = new["name"], old["name"]
    out["aliases"] = [*old.get("aliases", []), *new.get("aliases", []), other_name]
    out["abbreviations"] = [*old.get("abbreviations", []), *new.get("abbreviations", [])]
    if "parameters" not in curated:
        out["parameters"] = [*old.get("parameters", []), *new.get("parameters", [])]
    out["mentioned_in"] = [*old.get("mentioned_in", []), *new.get("mentioned_in", [])]
    return _finish_term(out, ranks)


def _finish_term(term: Entry, ranks: dict[str, int]) -> Entry:
    """Sort and de-duplicate a term's lists; derive its kinds from its current version."""
    term["versions"] = sorted(term.get("versions", []),
                              key=lambda v: (ranks.get(v["source"], _NO_RANK), v["source"]))
    name = term["name"].casefold()
    term["aliases"] = unique([a for a in term.get("aliases", []) if a.casefold() != name], True)
    term["abbreviations"] = unique(term.get("abbreviations", []), False)
    term["parameters"] = unique(term.get("parameters", []), False)
    term["mentioned_in"] = sorted(set(term.get("mentioned_in", [])))
    if "kinds" not in term.get("curated", []):
        term["kinds"] = next((k for v in term["versions"]
                              if (k := kinds_from_text(v["text"], v.get("heading")))), [])
    return term


def _merge_card_file(old: Any, set_id: int, cards: list[Entry], result: MergeResult) -> Entry:
    known = card_set(set_id)
    data = old or {"set": {"id": known.id, "name": known.name, "initials": known.initials},
                   "cards": []}
    by_id = {c["id"]: c for c in data["cards"]}
    for incoming in cards:
        before = by_id.get(incoming["id"])
        merged = _ordered(merge_card(before, incoming, data["set"]["name"]), CARD_KEYS)
        if before is None:
            result.new_cards.append(incoming["id"])
        elif _ordered(before, CARD_KEYS) != merged:
            result.updated_cards.append(incoming["id"])
        by_id[incoming["id"]] = result.cards[incoming["id"]] = merged
    cards_out = sorted(by_id.values(), key=lambda c: (c["number"], c["id"]))
    return {"set": data["set"], "cards": cards_out}


def merge_card(old: Entry | None, new: Entry, set_name: str) -> Entry:
    """One card: importer data over the YAML, keeping curated and always-kept fields."""
    out = dict(old or {})
    curated = set(out.get("curated", []))
    placeholder = f"{set_name} {new['number']}"
    for key, value in new.items():
        if key == "set_id" or key in curated:
            continue
        if key in ALWAYS_KEPT_CARD and key in out and not (
            key == "name" and out[key] == placeholder
        ):
            continue
        out[key] = value
    if "abilities" not in curated:
        out["abilities"] = [to_data(a) for a in extract_abilities(
            out.get("text", ""), out.get("icons") or None, name=out.get("name"))]
    return out


# --- checking and writing -------------------------------------------------------------------


def _check(outputs: dict[Path, Any], root: Path) -> None:
    """Schema-check every file and the cross-references the import created."""
    problems: list[str] = []
    for path, data in outputs.items():
        kind = ("cardsFile" if path.parent.name == "cards"
                else "sourcesFile" if path.name == SOURCES_FILE else "termsFile")
        for err in _validator(kind).iter_errors(data):
            where = "/".join(str(p) for p in err.absolute_path)
            problems.append(f"{path.relative_to(root).as_posix()}: {where}: {err.message}")
    sources = {s["id"] for d in outputs.values() for s in d.get("sources", [])}
    terms = {t["id"] for d in outputs.values() for t in d.get("terms", [])}
    for data in outputs.values():
        for term in data.get("terms", []):
            problems += [f"term {term['id']}: unknown source {v['source']!r}"
                         for v in term.get("versions", []) if v["source"] not in sources]
        for card in data.get("cards", []):
            problems += [f"card {card['id']}: unknown term {r!r}"
                         for r in card.get("rules", []) if r not in terms]
    if problems:
        raise ImporterError("import would make an invalid corpus, nothing written:\n  "
                            + "\n  ".join(problems))


def _write(outputs: dict[Path, Any], root: Path, result: MergeResult) -> None:
    for path, data in outputs.items():
        text = dump_yaml(data)
        if path.exists() and path.read_text(encoding="utf-8") == text:
            continue
        write_yaml(path, data)
        result.written.append(path.relative_to(root).as_posix())


def _ordered(entry: Entry, keys: tuple[str, ...]) -> Entry:
    """Keys in schema order; empty values (``None``, "", [], {}) dropped."""
    out = {k: entry[k] for k in keys if k in entry and entry[k] not in (None, "", [], {})}
    out.update({k: v for k, v in entry.items() if k not in keys})
    return out
