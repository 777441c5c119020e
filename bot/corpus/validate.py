"""JSON Schema validation, the public API: the corpus schema (``schema.json``) and any other.

The corpus loader, the importers and their input formats all validate the same way:

>>> schema = corpus_schema("source")
>>> schema.is_valid({"id": "glossary", "title": "Глоссарий", "rank": 1})
True
>>> [(e.where, e.message) for e in schema.errors({"id": "glossary", "rank": "1"})]
[('', "'title' is a required property"), ('rank', "'1' is not of type 'integer'")]
>>> schema.errors({"id": "glossary", "rank": 1})[0].missing
'title'


:meth:`Schema.is_valid` is a compiled yes/no check (fastjsonschema, ~15x faster than
interpreting the schema); :meth:`Schema.errors` interprets it with jsonschema to name every
error with its path, so only invalid data pays for that. (The schemas use nothing beyond
draft 7, so both libraries read them the same way.)
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import jsonschema

CORPUS_SCHEMA = Path(__file__).with_name("schema.json")


@dataclass(frozen=True)
class SchemaError:
    """One schema error: where (a path of keys and indices) and what, in English.

    ``missing`` names the property a ``required`` error is about.
    """

    path: tuple[str | int, ...]
    message: str
    missing: str | None = None

    @property
    def where(self) -> str:
        """The path as text: ``cards[3].strike``."""
        out = ""
        for part in self.path:
            out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
        return out


class Schema:
    """One definition (``$defs/<kind>``) of a JSON Schema document."""

    def __init__(self, document: dict[str, Any], kind: str):
        self.kind = kind
        self._sub = {"$schema": "http://json-schema.org/draft-07/schema#",
                     "$ref": f"#/$defs/{kind}", "$defs": document["$defs"]}

    @classmethod
    def from_file(cls, path: Path, kind: str) -> Schema:
        return cls(_document(path), kind)

    @cached_property
    def _fast(self) -> Callable[[Any], Any] | None:
        try:
            import fastjsonschema
        except ImportError:  # pragma: no cover - a declared dependency; jsonschema still works
            return None
        return fastjsonschema.compile(self._sub)

    @cached_property
    def _validator(self) -> jsonschema.protocols.Validator:
        import jsonschema  # only needed when data fails the fast check

        return jsonschema.validators.Draft7Validator(self._sub)

    def compile(self) -> None:
        """Compile the fast check now (e.g. before forking workers that inherit it)."""
        _ = self._fast

    def is_valid(self, data: Any) -> bool:
        if self._fast is None:  # pragma: no cover
            return bool(self._validator.is_valid(data))
        import fastjsonschema

        try:
            self._fast(data)
        except fastjsonschema.JsonSchemaException:
            return False
        return True

    def errors(self, data: Any) -> list[SchemaError]:
        """Every error, ordered by path; [] for valid data (checked fast first)."""
        if self.is_valid(data):
            return []
        found = [_error(e) for e in self._validator.iter_errors(data)]
        return sorted(found, key=lambda e: [(isinstance(p, str), p) for p in e.path])


def _error(err: jsonschema.ValidationError) -> SchemaError:
    path = tuple(err.absolute_path)
    required = err.validator_value
    if err.validator == "required" and isinstance(err.instance, dict) \
            and isinstance(required, list):
        missing = [p for p in required if p not in err.instance]
        if missing:
            return SchemaError(path, err.message, missing[0])
    return SchemaError(path, err.message)


@cache
def _document(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


@cache
def corpus_schema(kind: str) -> Schema:
    """The corpus schema's definition ``kind``: ``sourcesFile``, ``termsFile``, ``cardsFile``,
    or an entry (``source``, ``term``, ``card``, ``ability``)."""
    return Schema.from_file(CORPUS_SCHEMA, kind)
