"""Reading berserk-nxt ``data.json``: every record validated before anything else happens.

Each record is checked against ``nxt.schema.json`` (types, ranges, required fields), then the
records against each other: ids are unique, an ``altto`` names a card record of the same set
and number, and two records of one set and number are one card and its alternative print. The
first problem stops the import with an :class:`ImporterError` naming the record and the field:

    data.json: record '10014' (#6): field 'life': missing
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.corpus.validate import Schema, SchemaError
from bot.importers.errors import ImporterError

SCHEMA = Schema.from_file(Path(__file__).with_name("nxt.schema.json"), "records")


@dataclass
class Record:
    """One validated input record (a card, or an alternative print of one)."""

    index: int
    id: str
    set_id: int
    number: int
    name: str
    rarity: int | None
    cost: int | None
    elite: bool
    uniq: bool
    color: int
    classes: list[str]
    type: int
    life: int | None
    move: int | None
    hit: list[int] | None
    icons: dict[str, int]
    art: str
    text: str | None
    prints: dict[str, str]
    alts: list[str]
    alt: str
    altto: str | None
    ban: bool = False
    implicit_alt: bool = False  # an alternative print by its id only (no altto)

    @property
    def card_id(self) -> str:
        return f"{self.set_id}-{self.number}"

    @property
    def where(self) -> str:
        return f"record {self.id!r} (#{self.index + 1})"


def _record(raw: dict[str, Any], index: int) -> Record:
    return Record(
        index=index, id=raw["id"], set_id=raw["set_id"], number=raw["number"],
        name=raw["name"].strip(), rarity=raw["rarity"], cost=raw["cost"], elite=raw["elite"],
        uniq=raw["uniq"], color=raw["color"],
        classes=[s.strip() for s in raw["class"] if s.strip()], type=raw["type"],
        life=raw["life"], move=raw["move"], hit=raw["hit"], icons=dict(raw["icons"]),
        art=(raw["art"] or "").strip(), text=raw["text"], prints=dict(raw.get("prints") or {}),
        alts=list(raw.get("alts") or []), alt=raw.get("alt") or "", altto=raw.get("altto"),
        ban=bool(raw.get("ban", False)),
    )


def read_records(path: Path) -> list[Record]:
    """Every record of ``path``, validated singly and together (see the module doc)."""
    source = path.name
    data = _load(path)
    errors = SCHEMA.errors(data)
    if errors:
        raise ImporterError(_describe(source, data, errors[0]))
    records = [_record(raw, i) for i, raw in enumerate(data)]
    _check_ids(source, records)
    _check_prints(source, records)
    return records


def _load(path: Path) -> list[Any]:
    source = path.name
    try:
        data = json.loads(path.read_text(encoding="utf-8-sig"))
    except UnicodeDecodeError as exc:
        raise ImporterError(f"{source}: not UTF-8 text: {exc}") from exc
    except json.JSONDecodeError as exc:
        raise ImporterError(f"{source}: not valid JSON: {exc}") from exc
    except OSError as exc:
        raise ImporterError(f"{source}: cannot read: {exc}") from exc
    if not isinstance(data, list):
        raise ImporterError(f"{source}: expected a JSON array of cards, "
                            f"got {type(data).__name__}")
    return data


def _describe(source: str, data: list[Any], err: SchemaError) -> str:
    """«data.json: record '10014' (#6): field 'life': missing» for a schema error."""
    index, *rest = err.path
    assert isinstance(index, int)
    raw = data[index]
    rid = raw.get("id") if isinstance(raw, dict) else None
    label = (f"record {rid!r} (#{index + 1})" if isinstance(rid, str) and rid.strip()
             else f"record #{index + 1}")
    if not rest and err.missing is None:  # the record itself: not an object
        return f"{source}: {label}: {err.message}"
    keys: list[str] = []
    for part in rest:  # «hit» for hit[1]: the item is in the message
        if isinstance(part, int):
            break
        keys.append(part)
    if err.missing is not None and len(keys) == len(rest):
        keys.append(err.missing)
    field = ".".join(keys)
    problem = "missing" if err.missing is not None else err.message
    return f"{source}: {label}: field {field!r}: {problem}"


def _check_ids(source: str, records: list[Record]) -> None:
    seen: dict[str, Record] = {}
    for r in records:
        if r.id in seen:
            raise ImporterError(f"{source}: {r.where}: field 'id': duplicate id "
                                f"(first at #{seen[r.id].index + 1})")
        seen[r.id] = r
    for r in records:
        if r.altto is None:
            continue
        base = seen.get(r.altto)
        where = f"{source}: {r.where}: field 'altto'"
        if base is None:
            raise ImporterError(f"{where}: no record with id {r.altto!r} in the input")
        if base.altto is not None:
            raise ImporterError(f"{where}: {r.altto!r} is itself an alternative print")
        if (base.set_id, base.number) != (r.set_id, r.number):
            raise ImporterError(
                f"{where}: {r.altto!r} is set {base.set_id} number {base.number}, "
                f"this print is set {r.set_id} number {r.number}")


def _check_prints(source: str, records: list[Record]) -> None:
    """Two card records of one set and number: an alternative print when one id extends the
    other («10007pf» beside «10007»), else an error."""
    by_card: dict[str, Record] = {}
    for r in sorted(records, key=lambda r: (r.card_id, len(r.id), r.index)):
        if r.altto is not None:
            continue
        other = by_card.get(r.card_id)
        if other is not None and r.id.startswith(other.id):
            r.altto, r.alt, r.implicit_alt = other.id, r.alt or r.id[len(other.id):], True
            continue
        if other is not None:
            raise ImporterError(
                f"{source}: {r.where}: field 'number': set {r.set_id} number {r.number} is "
                f"already record {other.id!r}; mark one of them as an alternative print (altto)")
        by_card[r.card_id] = r
