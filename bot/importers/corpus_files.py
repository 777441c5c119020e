"""The corpus files an import reads and writes: rules/sources.yaml, rules/terms.yaml and one
``cards/<set_id>-<slug>.yaml`` per set.

Every importer writes the same way: all files are built first, then checked as a whole (the
corpus schema, and the cross-references the import made), and only then written — each one
atomically, and only when its bytes change, so a repeated import is byte-identical and a bad
one writes nothing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from bot.corpus.ids import slugify
from bot.corpus.load import SOURCES_FILE
from bot.corpus.sets import card_set
from bot.corpus.validate import corpus_schema
from bot.corpus.yamlio import atomic_write_text, dump_yaml, read_yaml
from bot.importers.errors import ImporterError

TERMS_FILE = "terms.yaml"
_SET_FILE = re.compile(r"(\d+)-")


@dataclass
class SetFile:
    """A set's card file: where it is (or will be), its ``set:`` header and its cards."""

    set_id: int
    path: Path
    header: dict[str, Any]
    cards: list[dict[str, Any]]

    @classmethod
    def new(cls, root: Path, set_id: int) -> SetFile:
        known = card_set(set_id)
        return cls(set_id, root / "cards" / f"{set_id}-{slugify(known.name) or 'set'}.yaml",
                   {"id": known.id, "name": known.name, "initials": known.initials}, [])


def read_mapping(path: Path, key: str) -> Any:
    """A corpus file with a ``key:`` list, or None when it does not exist."""
    if not path.exists():
        return None
    try:
        data = read_yaml(path)
    except (yaml.YAMLError, UnicodeDecodeError) as exc:
        raise ImporterError(f"{path}: not valid YAML, fix it first: {exc}") from exc
    if data is not None and not (isinstance(data, dict) and isinstance(data.get(key), list)):
        raise ImporterError(f"{path}: expected a mapping with a {key!r} list")
    return data


def set_files(root: Path, set_ids: set[int]) -> dict[int, SetFile]:
    """The card files of these sets, whatever their slug; a set not there gets a new file."""
    found: dict[int, SetFile] = {}
    for path in sorted((root / "cards").glob("*.yaml")):
        m = _SET_FILE.match(path.name)
        if not m or int(m.group(1)) not in set_ids:
            continue
        rel = path.relative_to(root).as_posix()
        data = read_mapping(path, "cards")
        if not isinstance(data, dict) or not isinstance(data.get("set"), dict):
            raise ImporterError(f"{rel}: not a card file (set: + cards:), fix it first")
        sid = data["set"].get("id")
        if sid not in set_ids:
            continue
        if sid in found:
            raise ImporterError(f"{rel}: set {sid} is already in "
                                f"{found[sid].path.relative_to(root)}; keep one file per set")
        cards = [c for c in data["cards"] if isinstance(c, dict)]
        found[sid] = SetFile(sid, path, dict(data["set"]), cards)
    return {sid: found.get(sid) or SetFile.new(root, sid) for sid in sorted(set_ids)}


def card_file(root: Path, set_id: int) -> Path:
    """The set's card file: an existing ``cards/<set_id>-*.yaml``, else a new slugged one."""
    return set_files(root, {set_id})[set_id].path


def _kind(path: Path) -> str:
    if path.parent.name == "cards":
        return "cardsFile"
    return "sourcesFile" if path.name == SOURCES_FILE else "termsFile"


def check_outputs(outputs: dict[Path, Any], root: Path) -> None:
    """Schema-check every file and the cross-references between them; every problem at once."""
    problems: list[str] = []
    for path, data in outputs.items():
        rel = path.relative_to(root).as_posix()
        problems += [f"{rel}: {err.where}: {err.message}"
                     for err in corpus_schema(_kind(path)).errors(data)]
    sources = {s["id"] for d in outputs.values() for s in d.get("sources", [])}
    terms = {t["id"] for d in outputs.values() for t in d.get("terms", [])}
    with_terms = any("terms" in d for d in outputs.values())
    for data in outputs.values():
        for term in data.get("terms", []):
            problems += [f"term {term['id']}: unknown source {v['source']!r}"
                         for v in term.get("versions", []) if v["source"] not in sources]
        for card in data.get("cards", []):
            problems += [f"card {card['id']}: unknown term {r!r}"
                         for r in card.get("rules", []) if with_terms and r not in terms]
    if problems:
        raise ImporterError("import would make an invalid corpus, nothing written:\n  "
                            + "\n  ".join(problems))


def write_outputs(outputs: dict[Path, Any], root: Path) -> list[str]:
    """Check, then write each file whose bytes change (atomically); the files written."""
    check_outputs(outputs, root)
    texts = {path: dump_yaml(data) for path, data in outputs.items()}
    written = []
    for path, text in texts.items():
        if path.exists() and path.read_bytes() == text.encode("utf-8"):
            continue
        atomic_write_text(path, text)
        written.append(path.relative_to(root).as_posix())
    return written
