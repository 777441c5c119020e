"""The ability part of ``bot/corpus/schema.json``, derived from the vocabulary's type hints.

Every vocabulary class becomes a definition ``ability-<kind>`` (``ability-<name>`` for the
parts without a kind: ``ability-selector``, ``ability-when`` …); a union is a mapping with a
``kind`` of the union's kinds, validated against that kind's definition (``if``/``then``), so
a bad field is reported with its own path. ``ability`` is an entry of a card's
``abilities:`` (``text`` required); nested entries have no ``text``.

The definitions are the tail of ``schema.json``'s ``$defs``; regenerate them after changing the
vocabulary: ``.venv/bin/python -m bot.corpus.abilities.schema`` (a test checks they are
current).
"""

from __future__ import annotations

import dataclasses
import json
import math
import re
import sys
import types
from pathlib import Path
from typing import Any, Literal, Union, get_args, get_origin

from bot.corpus.abilities import vocabulary as vocab
from bot.corpus.abilities.codec import _fields, _hints, data_name
from bot.corpus.yamlio import atomic_write_text

SCHEMA_PATH = Path(__file__).parents[1] / "schema.json"
PREFIX = "ability"
#: Named unions: written once as a definition and referred to.
_UNIONS: dict[str, Any] = {
    "ability-target": vocab.Target, "ability-amount": vocab.Amount,
}
#: Unions of kinded values: (definition name, union, nested: no ``text``).
_KINDED_UNIONS: tuple[tuple[str, Any, bool], ...] = (
    ("ability", vocab.Ability, False),
    ("ability-nested", vocab.Ability, True),
    ("ability-effect", vocab.Effect, True),
    ("ability-condition", vocab.Condition, True),
)
#: Constraints beyond field types.
_EXTRA: dict[type, dict[str, Any]] = {
    vocab.Static: {"anyOf": [{"required": ["condition"]}, {"required": ["limit"]},
                             {"required": ["x"]}]},
}


def ability_defs() -> dict[str, Any]:
    """Every ``ability*`` definition of the corpus schema, in a stable order."""
    builder = _Builder()
    defs: dict[str, Any] = {}
    for name, union, nested in _KINDED_UNIONS:
        defs[name] = builder.kinded_union(union, nested)
    for name, union in _UNIONS.items():
        defs[name] = builder.union(_members(union), named=False)
    defs[f"{PREFIX}-dispatch"] = builder.dispatch()
    while builder.pending:
        cls = builder.pending.pop(0)
        defs[_def_name(cls)] = builder.value(cls)
    return defs


def render(schema_text: str) -> str:
    """``schema.json``'s text with its ability definitions regenerated (everything before
    ``"ability": {`` kept byte for byte)."""
    head = re.split(r'\n {4}"ability": \{', schema_text, maxsplit=1)[0].rstrip().rstrip(",")
    body = ",\n".join(f"    {json.dumps(k)}: {_dump(v, 4)}" for k, v in ability_defs().items())
    return f"{head},\n{body}\n  }}\n}}\n"


def _def_name(cls: type) -> str:
    kind = getattr(cls, "kind", None)
    if isinstance(kind, str):
        return f"{PREFIX}-{kind}"
    return f"{PREFIX}-" + re.sub(r"(?<!^)([A-Z])", r"-\1", cls.__name__).lower()


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/$defs/{name}"}


def _members(tp: Any) -> tuple[Any, ...]:
    return get_args(tp) if get_origin(tp) in (Union, types.UnionType) else (tp,)


class _Builder:
    """Definitions of the value classes reached from the unions, queued as they are met."""

    def __init__(self) -> None:
        self.pending: list[type] = []
        self.seen: set[type] = set()
        self.kinded: dict[str, type] = {}

    def want(self, cls: type) -> dict[str, str]:
        if cls not in self.seen:
            self.seen.add(cls)
            self.pending.append(cls)
        return _ref(_def_name(cls))

    def kinded_union(self, union: Any, nested: bool) -> dict[str, Any]:
        classes = [m for m in _members(union) if issubclass(m, vocab.Kinded)]
        for cls in classes:
            self.kinded[cls.kind] = cls
            self.want(cls)
        out: dict[str, Any] = {"type": "object", "required": ["kind", "text"] if not nested
                               else ["kind"]}
        out["properties"] = {"kind": {"enum": [c.kind for c in classes]}}
        if not nested:
            out["properties"]["text"] = {"type": "string", "minLength": 1}
        else:
            out["not"] = {"required": ["text"]}
        out["allOf"] = [_ref(f"{PREFIX}-dispatch")]
        return out

    def dispatch(self) -> dict[str, Any]:
        """``kind`` → its definition, for every kinded class, in two steps: first the group of
        ~√n kinds the kind is in, then the kind. A validator tries every ``if`` in turn, and a
        failed one costs an exception: 116 kinds in one list cost ~115 per ability, over half
        of a cold build's schema check; grouped, ~22."""
        kinds = list(self.kinded.items())
        size = max(1, math.isqrt(len(kinds)))
        groups = [kinds[i:i + size] for i in range(0, len(kinds), size)]
        return {"allOf": [{"if": {"properties": {"kind": {"enum": [k for k, _ in group]}}},
                           "then": {"allOf": [{"if": {"properties": {"kind": {"const": kind}}},
                                               "then": _ref(_def_name(cls))}
                                              for kind, cls in group]}}
                          for group in groups]}

    def value(self, cls: type) -> dict[str, Any]:
        hints = _hints(cls)
        props: dict[str, Any] = {}
        required: list[str] = []
        if issubclass(cls, vocab.Kinded):
            props["kind"] = {"const": cls.kind}
            required.append("kind")
        for f, default in _fields(cls):
            key = data_name(f.name)
            if f.name == "text":
                props[key] = {"type": "string", "minLength": 1}
                continue
            props[key] = self.type_schema(hints[f.name])
            if default is dataclasses.MISSING:
                required.append(key)
        out: dict[str, Any] = {"type": "object", "additionalProperties": False}
        if required:
            out["required"] = required
        out["properties"] = props
        out.update(_EXTRA.get(cls, {}))
        return out

    def type_schema(self, tp: Any) -> dict[str, Any]:
        members = _members(tp)
        if len(members) > 1:
            return self.union(members, named=True)
        origin = get_origin(tp)
        if origin is Literal:
            values = list(get_args(tp))
            return {"const": values[0]} if len(values) == 1 else {"enum": values}
        if origin is tuple:
            args = get_args(tp)
            if len(args) == 2 and args[1] is Ellipsis:
                return {"type": "array", "items": self.type_schema(args[0])}
            return {"type": "array", "items": self.type_schema(args[0]),
                    "minItems": len(args), "maxItems": len(args)}
        if isinstance(tp, type) and issubclass(tp, vocab.Value):
            if issubclass(tp, vocab.Kinded):
                raise TypeError(f"{tp.__name__} outside a union")  # pragma: no cover
            return self.want(tp)
        simple: dict[Any, dict[str, Any]] = {type(None): {"type": "null"}, bool: {"type": "boolean"},
                  int: {"type": "integer"}, str: {"type": "string", "minLength": 1}}
        return dict(simple[tp])

    def union(self, members: tuple[Any, ...], named: bool) -> dict[str, Any]:
        rest = list(members)
        options: list[dict[str, Any]] = []
        if named:
            for name, union in _UNIONS.items():
                parts = _members(union)
                if all(p in rest for p in parts):
                    options.append(_ref(name))
                    rest = [m for m in rest if m not in parts]
        kinded = [m for m in rest if isinstance(m, type) and issubclass(m, vocab.Kinded)]
        if kinded:
            name = next(n for n, u, nested in _KINDED_UNIONS
                        if nested and set(_members(u)) == set(kinded))
            options.append(_ref(name))
            rest = [m for m in rest if m not in kinded]
        options += [self.type_schema(m) for m in rest]
        return options[0] if len(options) == 1 else {"anyOf": options}


def _dump(value: Any, indent: int, width: int = 100) -> str:
    """JSON with a value on one line when it fits in ``width`` columns, else one item a line."""
    flat = json.dumps(value, ensure_ascii=False)
    if len(flat) + indent <= width or not isinstance(value, dict | list) or not value:
        return flat
    pad = " " * (indent + 2)
    if isinstance(value, list) and not any(isinstance(v, dict | list) for v in value):
        lines: list[str] = []
        line = ""
        for item in (json.dumps(v, ensure_ascii=False) + "," for v in value):
            if line and len(pad) + len(line) + len(item) + 1 > width:
                lines.append(line)
                line = ""
            line += (" " if line else "") + item
        lines.append(line.rstrip(","))
        return "[\n" + "\n".join(pad + ln for ln in lines) + "\n" + " " * indent + "]"
    if isinstance(value, list):
        items = [pad + _dump(v, indent + 2, width) for v in value]
        return "[\n" + ",\n".join(items) + "\n" + " " * indent + "]"
    items = [f"{pad}{json.dumps(k, ensure_ascii=False)}: {_dump(v, indent + 2, width)}"
             for k, v in value.items()]
    return "{\n" + ",\n".join(items) + "\n" + " " * indent + "}"


def main() -> int:
    text = SCHEMA_PATH.read_text(encoding="utf-8")
    new = render(text)
    if new != text:
        atomic_write_text(SCHEMA_PATH, new)
        print(f"{SCHEMA_PATH}: ability definitions regenerated")
    else:
        print(f"{SCHEMA_PATH}: up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main())
