"""Load ``rules/`` and ``cards/`` into a :class:`Corpus`, validating everything first.

Every file is checked against one schema (``schema.json``) and then cross-checked
(unknown sources, related terms, card rules, duplicate ids). All problems are collected and
raised together as a :class:`CorpusError` naming file, entry and field.

Layout: ``rules/sources.yaml`` (``sources:``), any other ``rules/*.yaml`` (``terms:``),
``cards/*.yaml`` (``set:`` + ``cards:``).
"""

from __future__ import annotations

import hashlib
import os
import threading
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from bot.corpus.errors import CorpusError, CorpusIssue
from bot.corpus.model import Card, CardSet, Corpus, Source, Term, TermVersion
from bot.corpus.validate import SchemaError, corpus_schema

SOURCES_FILE = "sources.yaml"
#: A ``rules/`` folder without it loses every term (cards' rules then name nothing).
TERMS_FILE = "rules/terms.yaml"
FOLDERS = ("rules", "cards")


def corpus_files(root: Path) -> list[Path]:
    """Every corpus YAML file under ``root`` (rules/ then cards/), in a stable order."""
    files = sorted((root / "rules").glob("*.yaml")) + sorted((root / "cards").glob("*.yaml"))
    return files


def content_hash(root: Path) -> str:
    """A hash of every corpus file's path and bytes: the index is rebuilt when it changes.
    (A file that cannot be read counts as changed: loading it then reports why.)"""
    digest = hashlib.sha256()
    for path in corpus_files(root):
        digest.update(path.relative_to(root).as_posix().encode())
        digest.update(b"\0")
        try:
            digest.update(path.read_bytes())
        except OSError:
            digest.update(os.urandom(16))
        digest.update(b"\0")
    return digest.hexdigest()


def missing_folders(root: Path) -> list[CorpusIssue]:
    """The root itself, ``rules/`` or ``cards/`` missing. The app (``open_index``) refuses such
    a root before writing anything; :func:`load_corpus` reads what there is (importers' tests
    load a ``cards/`` of their own)."""
    hint = "(--root must be the folder holding rules/ and cards/)"
    if not root.is_dir():
        what = "is not a folder" if root.exists() else "does not exist"
        return [CorpusIssue(str(root), "", "", f"the corpus root {what} {hint}", kind="cause")]
    return [CorpusIssue(f"{f}/", "", "", f"folder missing under {root} {hint}", kind="cause")
            for f in FOLDERS if not (root / f).is_dir()]


def _file_kind(root: Path, path: Path) -> str:
    if path.parent.name == "cards":
        return "cardsFile"
    return "sourcesFile" if path.name == SOURCES_FILE else "termsFile"


def _entry_label(kind: str, data: Any, path_parts: Iterable[Any]) -> tuple[str, str]:
    """Split a JSON path into (entry, field): ``terms[3] (id)`` and ``versions[0].source``."""
    parts = list(path_parts)
    if len(parts) >= 2 and isinstance(parts[1], int):
        key, idx = parts[0], parts[1]
        entry = f"{key}[{idx}]"
        try:
            ident = data[key][idx].get("id")
        except (AttributeError, IndexError, KeyError, TypeError):
            ident = None
        if ident:
            entry += f" ({ident})"
        rest = parts[2:]
    else:
        entry, rest = "", parts
    field = ""
    for p in rest:
        field += f"[{p}]" if isinstance(p, int) else (f".{p}" if field else str(p))
    return entry, field


#: Corpus size (bytes of YAML) from which files are parsed by worker processes: libyaml
#: parses about 1.5 MB a second and holds the GIL, so at 5,000 cards a second core halves
#: the wait. Smaller corpora (the shipped one, every test) are read in this process.
PARALLEL_BYTES = 2_000_000


def read_raw(root: Path) -> tuple[dict[Path, Any], list[CorpusIssue]]:
    """Parse and schema-check every file; return the raw data and the issues found."""
    raw: dict[Path, Any] = {}
    if not root.is_dir():
        return raw, missing_folders(root)
    issues: list[CorpusIssue] = []
    files = corpus_files(root)
    for path, (usable, file_issues) in zip(files, _read_files(root, files), strict=True):
        issues += file_issues
        if usable is not None:
            raw[path] = usable
    return raw, issues


def _read_files(root: Path, files: list[Path]) -> list[tuple[Any, list[CorpusIssue]]]:
    """:func:`read_file` for each file, in order; in parallel for a large corpus.

    Worker processes are forked, so only from a process with no other thread running.
    """
    import multiprocessing  # here, not at the top: a warm start never reads YAML
    from concurrent.futures import ProcessPoolExecutor

    workers = min(os.cpu_count() or 1, 4, len(files))
    if (workers < 2 or threading.active_count() > 1
            or "fork" not in multiprocessing.get_all_start_methods()
            or sum(_size(p) for p in files) < PARALLEL_BYTES):
        return [read_file(root, p) for p in files]
    for kind in ("sourcesFile", "termsFile", "cardsFile"):
        corpus_schema(kind).compile()  # compiled once here, inherited by every worker
    context = multiprocessing.get_context("fork")
    with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
        return list(pool.map(read_file, [root] * len(files), files))


def _size(path: Path) -> int:
    try:
        return path.stat().st_size
    except OSError:
        return 0  # read_file reports it


def read_file(root: Path, path: Path) -> tuple[Any, list[CorpusIssue]]:
    """Parse and schema-check one file: its usable data (or None) and its issues."""
    import yaml  # here, not at the top: a warm start (corpus from the index) reads no YAML

    from bot.corpus.yamlio import read_yaml

    rel = path.relative_to(root).as_posix()
    try:
        data = read_yaml(path)
    except OSError as exc:
        return None, [CorpusIssue(rel, "", "", f"cannot read the file: {exc.strerror or exc}",
                                  kind="cause")]
    except UnicodeDecodeError as exc:
        return None, [CorpusIssue(rel, "", "", f"not UTF-8 text (byte {exc.start}: "
                                  f"{exc.object[exc.start:exc.start + 1]!r})", kind="cause")]
    except yaml.reader.ReaderError as exc:  # bytes that are not UTF-8 (or a control character)
        data = path.read_bytes()  # a decoding error counts bytes, a bad character characters
        line = (data[:exc.position].count(b"\n") if exc.encoding
                else data.decode("utf-8", "replace")[:exc.position].count("\n")) + 1
        return None, [CorpusIssue(rel, "", "", f"not UTF-8 text or a control character: "
                                  f"{exc.reason} {_char(exc.character)}", line=line, kind="cause")]
    except yaml.YAMLError as exc:
        return None, [_yaml_issue(rel, exc)]
    kind = _file_kind(root, path)
    errors = corpus_schema(kind).errors(data)
    usable = _without_invalid_entries(data, errors)
    issues = []
    for err in errors:
        entry, field = _entry_label(kind, data, err.path)
        issues.append(CorpusIssue(rel, entry, field, err.message,
                                  kind="entry" if usable is not None else "cause"))
    return usable, issues


def _char(char: int | str) -> str:
    return f"0x{char:02x}" if isinstance(char, int) else f"U+{ord(char):04X}"


def _yaml_issue(rel: str, exc: Exception) -> CorpusIssue:
    """A YAML error as one line with its file:line: «found duplicate key 'name' (first on
    line 3)», «could not find expected ':'»."""
    import yaml

    line = None
    text = str(exc)
    if isinstance(exc, yaml.MarkedYAMLError):
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark is not None else None
        text = "; ".join(p for p in (exc.problem, exc.context) if p) or text
    return CorpusIssue(rel, "", "", "not valid YAML: " + " ".join(text.split()), line=line,
                       kind="cause")


def _without_invalid_entries(data: Any, errors: list[SchemaError]) -> Any:
    """``data`` with each schema-invalid entry replaced by ``None`` (indices kept), so the valid
    entries of a file are still cross-checked; ``None`` when the file as a whole is invalid."""
    if not errors:
        return data
    bad: set[int] = set()
    for err in errors:
        parts = list(err.path)
        if len(parts) < 2 or parts[0] not in ("terms", "cards") or not isinstance(parts[1], int):
            return None
        bad.add(parts[1])
    key = "terms" if "terms" in data else "cards"
    return {**data, key: [None if i in bad else e for i, e in enumerate(data[key])]}


def load_corpus(root: Path) -> Corpus:
    """Load and validate the corpus under ``root``; raise :class:`CorpusError` on any issue."""
    raw, issues = read_raw(root)
    corpus = build_corpus(root, raw, issues)
    if issues:
        raise CorpusError(issues)
    return corpus


def build_corpus(root: Path, raw: dict[Path, Any], issues: list[CorpusIssue]) -> Corpus:
    """Turn schema-valid raw data into a Corpus, appending cross-reference issues."""
    from bot.corpus.abilities.codec import AbilityDataError  # not on a warm start

    sources: dict[str, Source] = {}
    term_rows: list[tuple[str, int, dict[str, Any]]] = []
    card_rows: list[tuple[str, int, dict[str, Any], dict[str, Any]]] = []
    for path, data in raw.items():
        rel = path.relative_to(root).as_posix()
        if "sources" in data:
            for s in data["sources"]:
                sources[s["id"]] = Source(
                    id=s["id"], title=s["title"], date=s.get("date"), rank=s["rank"],
                    file=s.get("file"), url=s.get("url"), sha256=s.get("sha256"),
                )
        elif "terms" in data:  # entries that failed the schema are None: skipped
            term_rows += [(rel, i, t) for i, t in enumerate(data["terms"]) if t is not None]
        else:
            card_rows += [(rel, i, c, data["set"]) for i, c in enumerate(data["cards"])
                          if c is not None]

    issues += _missing_files(root, term_rows, card_rows)
    terms: dict[str, Term] = {}
    for rel, i, t in term_rows:
        where = f"terms[{i}] ({t['id']})"
        if t["id"] in terms:
            issues.append(CorpusIssue(rel, where, "id", "duplicate term id"))
            continue
        for j, v in enumerate(t.get("versions", [])):
            if v["source"] not in sources:
                issues.append(CorpusIssue(rel, where, f"versions[{j}].source",
                                          f"unknown source {v['source']!r}", kind="reference"))
        terms[t["id"]] = term_from_dict(t, sources)
    for rel, i, t in term_rows:
        for field in ("related",):
            for ref in t.get(field, []):
                if ref not in terms:
                    issues.append(CorpusIssue(rel, f"terms[{i}] ({t['id']})", field,
                                              f"unknown term {ref!r}", kind="reference"))
        for ref in t.get("mentioned_in", []):
            if ref not in sources:
                issues.append(CorpusIssue(rel, f"terms[{i}] ({t['id']})", "mentioned_in",
                                          f"unknown source {ref!r}", kind="reference"))

    cards: dict[str, Card] = {}
    sets: dict[int, CardSet] = {}
    for rel, i, c, s in card_rows:
        where = f"cards[{i}] ({c['id']})"
        sets.setdefault(s["id"], CardSet(id=s["id"], name=s["name"], initials=s["initials"]))
        if c["id"] in cards:
            issues.append(CorpusIssue(rel, where, "id", "duplicate card id"))
            continue
        for ref in c.get("rules", []):
            if ref not in terms:
                issues.append(CorpusIssue(rel, where, "rules", f"unknown term {ref!r}",
                                          kind="reference"))
        card = cards[c["id"]] = card_from_dict(c, s)
        try:
            card.abilities  # noqa: B018 - read now, so every bad ability is reported at load
        except AbilityDataError as exc:
            issues.append(CorpusIssue(rel, where, exc.path, exc.message))
    return Corpus(sources=sources, terms=terms, cards=cards, sets=sets,
                  content_hash=content_hash(root))


def _missing_files(root: Path, term_rows: list[tuple[str, int, dict[str, Any]]],
                   card_rows: list[tuple[str, int, dict[str, Any], dict[str, Any]]],
                   ) -> list[CorpusIssue]:
    """The file a missing reference points at, named first (the unknown ids that follow from
    it are counted, not listed): ``rules/terms.yaml`` when cards or terms name terms,
    ``rules/sources.yaml`` when terms cite sources. A corpus that needs neither may lack them
    (an importer's cards-only folder)."""
    causes = []
    if not (root / TERMS_FILE).is_file() and (
            any(c.get("rules") for _, _, c, _ in card_rows)
            or any(t.get("related") for _, _, t in term_rows)):
        causes.append(CorpusIssue(TERMS_FILE, "", "", "file missing: it defines the terms that "
                                  "cards and terms refer to", kind="cause"))
    if not (root / "rules" / SOURCES_FILE).is_file() and any(
            t.get("versions") or t.get("mentioned_in") for _, _, t in term_rows):
        causes.append(CorpusIssue(f"rules/{SOURCES_FILE}", "", "", "file missing: the terms cite "
                                  "the sources it defines", kind="cause"))
    return causes


def term_from_dict(t: dict[str, Any], sources: dict[str, Source] | None = None) -> Term:
    versions = [TermVersion(source=v["source"], text=v["text"]) for v in t.get("versions", [])]
    if sources:  # current version first: the lowest source rank wins (РП 4.1-2 over glossary)
        versions.sort(key=lambda v: sources[v.source].rank if v.source in sources else 99)
    return Term(
        id=t["id"], name=t["name"],
        aliases=tuple(t.get("aliases", ())), abbreviations=tuple(t.get("abbreviations", ())),
        kinds=tuple(t.get("kinds", ())), parameters=tuple(t.get("parameters", ())),
        versions=tuple(versions), related=tuple(t.get("related", ())),
        mentioned_in=tuple(t.get("mentioned_in", ())),
    )


def card_from_dict(c: dict[str, Any], s: dict[str, Any]) -> Card:
    strike = c.get("strike")
    return Card(
        id=c["id"], set_id=s["id"], set_name=s["name"], number=c["number"], name=c["name"],
        element=c.get("element"), cost=c.get("cost"), elite=c.get("elite", False),
        unique=c.get("unique", False), type=c.get("type", "Существо"),
        creature_type=c.get("creature_type"), classes=tuple(c.get("classes", ())),
        lives=c.get("lives"), movement=c.get("movement"),
        strike=(strike[0], strike[1], strike[2]) if strike else None,
        icons=tuple((c.get("icons") or {}).items()), text=c.get("text", ""),
        flavour=c.get("flavour", ""), artist=c.get("artist", ""), rarity=c.get("rarity"),
        errata=c.get("errata"), banned=c.get("banned", False),
        banned_prints=tuple(c.get("banned_prints", ())), prints=tuple(c.get("prints", ())),
        rules=tuple(c.get("rules", ())), aliases=tuple(c.get("aliases", ())),
        source=c.get("source"), ability_data=tuple(c.get("abilities", ())),
    )
