"""Merge an import into rules/sources.yaml, rules/terms.yaml and cards/<set_id>-<slug>.yaml.

Entries are merged by id. Versions from an imported source replace that source's versions of
the same term (a *complete* source, like the glossary page, also loses its versions of terms it
no longer has); names listed by name only accumulate in ``mentioned_in``. Curated data is kept:
the fields an entry lists under ``curated:``, and always a term's aliases, abbreviations and
related terms. Cards follow the one card policy of :func:`merge_card`, whichever importer brings
them. Everything is computed and validated before anything is written; each write is atomic
and unchanged files are not touched, so a re-import is byte-identical
(:mod:`bot.importers.corpus_files`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from difflib import SequenceMatcher
from pathlib import Path
from typing import Any

from bot.corpus.abilities import to_data
from bot.corpus.icons import ICON_NAMES
from bot.corpus.ids import term_id
from bot.corpus.load import SOURCES_FILE
from bot.importers.abilities import extract_abilities
from bot.importers.corpus_files import (
    TERMS_FILE,
    SetFile,
    card_file,
    read_mapping,
    set_files,
    write_outputs,
)
from bot.importers.errors import ImporterError
from bot.importers.headings import kinds_from_text, parse_heading, unique

__all__ = ["TERMS_FILE", "ImportBatch", "MergeNotes", "MergeResult", "card_file",
           "merge_card", "merge_import", "merge_term"]

ALWAYS_KEPT_TERM = ("aliases", "abbreviations", "related")
#: A card's fields no import changes once the YAML has them: ``aliases`` always; name, element
#: and elite unless the card's own source brings them again (see :func:`merge_card`).
ALWAYS_KEPT_CARD = ("name", "element", "elite", "aliases")
SOURCE_KEYS = ("id", "title", "date", "rank", "file", "url", "sha256", "note")
#: Source fields an import always refreshes: they say which version of the file it read.
SOURCE_VERSION_KEYS = ("sha256",)
TERM_KEYS = ("id", "name", "aliases", "abbreviations", "kinds", "parameters", "versions",
             "related", "mentioned_in", "curated")
CARD_KEYS = ("id", "number", "name", "element", "cost", "elite", "unique", "type",
             "creature_type", "classes", "lives", "movement", "strike", "icons", "text",
             "errata", "flavour", "artist", "rarity", "banned", "banned_prints", "prints",
             "rules", "aliases", "abilities", "source", "curated")
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
    #: Card fields this source is known to lose parts of (the site's card page drops icons
    #: from the text and from «Иконки»): see ``lossy`` in :func:`merge_card`.
    lossy: frozenset[str] = frozenset()


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


# --- merging --------------------------------------------------------------------------------


def merge_import(root: Path, batch: ImportBatch) -> MergeResult:
    """Merge ``batch`` into the corpus under ``root`` (see the module doc)."""
    result = MergeResult()
    sources_path = root / "rules" / SOURCES_FILE
    terms_path = root / "rules" / TERMS_FILE
    sources = merge_sources(root, batch.sources)
    ranks = {s["id"]: s["rank"] for s in sources}
    old_terms = (read_mapping(terms_path, "terms") or {}).get("terms", [])
    terms = _merge_terms(old_terms, batch, ranks, result)
    outputs: dict[Path, Any] = {
        sources_path: {"sources": sources},
        terms_path: {"terms": terms},
    }
    files = set_files(root, {c["set_id"] for c in batch.cards})
    for set_id, set_file in files.items():
        cards = [c for c in batch.cards if c["set_id"] == set_id]
        outputs[set_file.path] = _merge_card_file(set_file, cards, result, batch.lossy)
    result.written = write_outputs(outputs, root)
    return result


def merge_sources(root: Path, new: list[Entry]) -> list[Entry]:
    """rules/sources.yaml with ``new`` merged in (see :func:`_merge_sources`)."""
    old = (read_mapping(root / "rules" / SOURCES_FILE, "sources") or {}).get("sources", [])
    return _merge_sources(old, new)


def _merge_sources(old: list[Entry], new: list[Entry]) -> list[Entry]:
    by_id = {s["id"]: dict(s) for s in old}
    for source in new:
        current = by_id.setdefault(source["id"], {})
        for key, value in source.items():
            if value is not None and (key not in current or key in SOURCE_VERSION_KEYS):
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


def _merge_card_file(set_file: SetFile, cards: list[Entry], result: MergeResult,
                     lossy: frozenset[str]) -> Entry:
    by_id = {c["id"]: c for c in set_file.cards}
    for incoming in cards:
        before = by_id.get(incoming["id"])
        merged = ordered_card(merge_card(before, incoming, set_file.header["name"],
                                         lossy=lossy))
        if before is None:
            result.new_cards.append(incoming["id"])
        elif ordered_card(before) != merged:
            result.updated_cards.append(incoming["id"])
        by_id[incoming["id"]] = result.cards[incoming["id"]] = merged
    cards_out = sorted(by_id.values(), key=card_order)
    return {"set": set_file.header, "cards": cards_out}


def card_order(card: Entry) -> tuple[int, str]:
    """Cards in a file: by number, then id."""
    number = card.get("number")
    return (number if isinstance(number, int) else 10**6, str(card.get("id", "")))


def ordered_card(card: Entry) -> Entry:
    """Keys in schema order; empty values dropped (``false`` is a value)."""
    return _ordered(card, CARD_KEYS)


# --- the card policy ------------------------------------------------------------------------


@dataclass
class MergeNotes:
    """What a merge kept against an import, for its report."""

    conflicts: list[str] = field(default_factory=list)  # «50-194: artist kept 'A' (database: 'B')»
    restored_text: list[str] = field(default_factory=list)  # cards whose lost icons came back


def merge_card(old: Entry | None, new: Entry, set_name: str, *,
               abilities: list[Entry] | None = None, restore: Callable[[str], str] | None = None,
               notes: MergeNotes | None = None, lossy: frozenset[str] = frozenset()) -> Entry:
    """One card: an importer's ``new`` merged into the YAML's ``old`` — the one card policy.

    - Fields listed under ``curated:``, and ``aliases``, are always the YAML's.
    - The source that wrote the card (``source`` equal) refreshes it: its fields replace the
      YAML's; fields it does not bring (what another source filled in) stay. A placeholder
      name («Путь хранителей 168») never replaces a real one, and a card written by hand (no
      ``source``) keeps its name, element and elite flag. A ``lossy`` field (one this source
      is known to lose parts of) keeps the YAML's value when that is the import's value plus
      what another source added (the icons the database put back into a site text).
    - Another source only fills what the card lacks (and a real name over a placeholder),
      gives back the icons its text lost (``restore``), and notes each value it would have
      changed (``notes.conflicts``); a card's list of rules stays its page's.
    - ``abilities`` are what the importer read from its own text: used when the card's text
      is that import's; else the extractor reads the card's (merged) text — unless
      ``abilities`` is curated.
    """
    new = {k: v for k, v in new.items() if k != "set_id"}
    notes = notes if notes is not None else MergeNotes()
    if old is None:
        out, own_text = dict(new), True
    else:
        curated = [c for c in old.get("curated", []) if isinstance(c, str)]
        refresh = old.get("source") == new.get("source")
        out = (_refresh(old, new, set_name, lossy) if refresh
               else _fill(old, new, set_name, restore, notes))
        for key in curated:  # hand-fixed fields win over any import
            if key in old:
                out[key] = old[key]
            else:
                out.pop(key, None)
        if "aliases" in old:
            out["aliases"] = old["aliases"]
        own_text = refresh and "text" not in curated
        if "abilities" in curated:
            return out
    if abilities is not None and own_text:
        out["abilities"] = abilities
    else:
        out["abilities"] = [to_data(a) for a in extract_abilities(
            out.get("text", ""), out.get("icons") or None, name=out.get("name"))]
    return out


def _placeholder(name: Any, set_name: str, number: Any) -> bool:
    return not name or str(name).casefold() == f"{set_name} {number}".casefold()


def _refresh(old: Entry, new: Entry, set_name: str, lossy: frozenset[str]) -> Entry:
    out = dict(old)
    for key, value in new.items():
        if not _keeps(key, old, new, set_name, lossy):
            out[key] = value
    return out


def _keeps(key: str, old: Entry, new: Entry, set_name: str, lossy: frozenset[str]) -> bool:
    """Whether a refresh keeps the YAML's value of ``key`` (see :func:`merge_card`)."""
    if key == "name":
        if _placeholder(old.get("name"), set_name, old.get("number")):
            return False  # a real name (or a placeholder) over a placeholder
        if _placeholder(new["name"], set_name, new.get("number")):
            return True
    if key not in old:
        return False
    if key in ALWAYS_KEPT_CARD and (old.get("source") is None or key == "aliases"):
        return True  # a card written by hand keeps its identity
    return key in lossy and _extends(old[key], new[key])


def _extends(kept: Any, lost: Any) -> bool:
    """Whether ``kept`` is ``lost`` with something added: a text with words inserted, icons
    with the codes a page lost («unknown») known."""
    if isinstance(kept, str) and isinstance(lost, str):
        ops = SequenceMatcher(None, lost, kept, autojunk=False).get_opcodes()
        return kept != lost and all(op in ("equal", "insert") for op, *_ in ops)
    if isinstance(kept, dict) and isinstance(lost, dict):
        return bool(kept) and all(k in ICON_NAMES for k in kept) and any(
            k not in ICON_NAMES for k in lost)
    return False


def _fill(old: Entry, new: Entry, set_name: str, restore: Callable[[str], str] | None,
          notes: MergeNotes) -> Entry:
    """A card another source wrote: keep its values, fill the gaps, note the differences."""
    out = dict(old)
    cid = old.get("id", new.get("id"))

    def conflict(key: str, kept: Any, other: Any) -> None:
        notes.conflicts.append(f"{cid}: {key} kept {kept!r} (database: {other!r})")

    for key, value in new.items():
        current = old.get(key)
        if key in ("id", "source", "text", "abilities"):
            continue
        if key in ("elite", "unique"):
            out[key] = current if isinstance(current, bool) else bool(value)
            if isinstance(current, bool) and current != value:
                conflict(key, current, value)
        elif key == "icons":  # the site loses icon codes: a known code list is kept
            known = isinstance(current, dict) and current and all(k in ICON_NAMES for k in current)
            out[key] = current if known else (value or current)
        elif key == "name":
            if _placeholder(current, set_name, new.get("number")):
                out[key] = value
            elif current != value:
                conflict(key, current, value)
        elif _empty(current):
            out[key] = value
        elif key == "rules":
            continue  # the page's list of rules is complete
        elif key == "prints" and isinstance(current, list):
            out[key] = list(dict.fromkeys([*current, *(value or [])]))
        elif not _empty(value) and current != value:
            conflict(key, current, value)
    site = old.get("text") or ""
    if site:
        text = restore(site) if restore else site
        if text != site:
            notes.restored_text.append(str(cid))
        out["text"] = text
    else:
        out["text"] = new.get("text", "")
    return out


def _empty(value: Any) -> bool:
    return value is None or value == "" or value == [] or value == {}


def _ordered(entry: Entry, keys: tuple[str, ...]) -> Entry:
    """Keys in schema order; empty values (``None``, "", [], {}) dropped."""
    out = {k: entry[k] for k in keys if k in entry and entry[k] not in (None, "", [], {})}
    out.update({k: v for k, v in entry.items() if k not in keys})
    return out
