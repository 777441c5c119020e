"""YAML data ↔ vocabulary values: :func:`to_data` writes the canonical mapping, :func:`from_data`
reads one back (raising :class:`AbilityDataError` with the path of a bad field).

Canonical form: ``kind`` first, then ``text`` (top-level entries only), then the fields in
their declared order; a field equal to its default is left out; tuples are lists; the Python
names ``from_``/``with_`` are written ``from``/``with``.

>>> from bot.corpus.abilities.vocabulary import Jump, Cell
>>> to_data(Jump(range=3, to=Cell(free=True), text="Прыжок"))
{'kind': 'jump', 'text': 'Прыжок', 'range': 3, 'to': {'free': True}}
>>> from_data({'kind': 'jump', 'range': 3}) == Jump(range=3)
True
"""

from __future__ import annotations

import dataclasses
import types
from collections.abc import Callable
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints

from bot.corpus.abilities import vocabulary as vocab

#: Reads one value; an :class:`AbilityDataError` it raises names the path below the value.
Decoder = Callable[[Any], Any]


class AbilityDataError(ValueError):
    """A mapping that is no vocabulary value; ``path`` names the field (``effects[0].range``)."""

    def __init__(self, path: str, message: str) -> None:
        super().__init__(f"{path or '(entry)'}: {message}")
        self.path = path
        self.message = message

    def under(self, key: str | int) -> AbilityDataError:
        """The same error seen from the value that holds ``key`` (paths are built only when
        an error is raised: reading a card pays for no strings)."""
        return AbilityDataError(_where(key, self.path), self.message)


def data_name(name: str) -> str:
    """The key a field is written under: ``from_`` → ``from``."""
    return name[:-1] if name.endswith("_") else name


def to_data(value: Any) -> Any:
    """The canonical YAML data of a vocabulary value (or of a tuple of them)."""
    if isinstance(value, tuple):
        return [to_data(v) for v in value]
    if not isinstance(value, vocab.Value):
        return value
    out: dict[str, Any] = {}
    if isinstance(value, vocab.Kinded):
        out["kind"] = value.kind
    if isinstance(value, vocab.Entry) and value.text:
        out["text"] = value.text
    for f, default in _fields(type(value)):
        if f.name == "text":
            continue
        item = getattr(value, f.name)
        if default is not dataclasses.MISSING and item == default:
            continue
        out[data_name(f.name)] = to_data(item)
    return out


def from_data(data: Any, of: Any = None) -> Any:
    """The vocabulary value of ``data``: an :data:`~vocabulary.Ability` unless ``of`` names
    another type (``vocab.Condition``, ``vocab.Selector`` …)."""
    return _read_ability(data) if of is None else _decoder(of)(data)


def mentions_kind(data: Any, kind: str) -> bool:
    """Whether one ``abilities:`` entry, as written in the YAML, holds a value of ``kind``
    anywhere (a mapping with ``kind: <kind>``), told without decoding it: every kinded value
    is written with its kind, so False is sure. For ``unparsed`` it is ``not read_in_full``
    of the reading, without walking the typed values (a card's first check asks it of every
    ability; tests/corpus/test_abilities.py checks the two agree on the whole database).

    >>> mentions_kind({"kind": "trigger", "effects": [{"kind": "unparsed", "fragment": "x"}]},
    ...               "unparsed")
    True
    >>> mentions_kind({"kind": "teleport", "text": "Телепортация."}, "unparsed")
    False
    """
    if isinstance(data, dict):
        return data.get("kind") == kind or any(
            mentions_kind(v, kind) for v in data.values() if isinstance(v, dict | list | tuple))
    if isinstance(data, list | tuple):
        return any(mentions_kind(v, kind) for v in data)
    return False


def prepare() -> None:
    """Build every decoder now (and :func:`vocabulary.prepare`): a decoder is built from type
    hints on first use, which is slow (about 0.4 ms a class: most of a ``!check`` that meets a
    kind for the first time), so a long-running process builds them all at start."""
    vocab.prepare()
    for cls in vocab.value_classes():
        _decoder(cls)
    _decoder(vocab.Ability)


def read_entries(entries: Any) -> tuple[vocab.Ability, ...]:
    """A card's ``abilities:`` as typed values; an error names ``abilities[i]…``."""
    out = []
    for index, data in enumerate(entries):
        try:
            out.append(from_data(data))
        except AbilityDataError as exc:
            raise exc.under(index).under("abilities") from None
    return tuple(out)


# ---------------------------------------------------------------------------------------------
# Decoders, built once per type


_FIELDS: dict[type, tuple[tuple[dataclasses.Field[Any], Any], ...]] = {}


def _fields(cls: type) -> tuple[tuple[dataclasses.Field[Any], Any], ...]:
    """Each field of a value class and its default (``MISSING`` when required)."""
    if cls in _FIELDS:
        return _FIELDS[cls]
    out = []
    for f in dataclasses.fields(cls):
        if f.default is not dataclasses.MISSING:
            default = f.default
        elif f.default_factory is not dataclasses.MISSING:
            default = f.default_factory()
        else:
            default = dataclasses.MISSING
        out.append((f, default))
    _FIELDS[cls] = tuple(out)
    return _FIELDS[cls]


def _hints(cls: type) -> dict[str, Any]:
    return get_type_hints(cls, vars(vocab))


def _where(key: str | int, below: str = "") -> str:
    """The path of ``below`` seen from the value that holds ``key``."""
    head = f"[{key}]" if isinstance(key, int) else key
    if not below:
        return head
    return head + (below if below.startswith("[") else "." + below)


def _union_members(tp: Any) -> tuple[Any, ...]:
    if get_origin(tp) in (Union, types.UnionType):
        return get_args(tp)
    return (tp,)


_DECODERS: dict[Any, Decoder] = {}


def _decoder(tp: Any) -> Decoder:
    """The decoder of one type hint, built once."""
    if tp not in _DECODERS:
        _DECODERS[tp] = _build_decoder(tp)
    return _DECODERS[tp]


def _lazy(tp: Any) -> Decoder:
    """The decoder of ``tp``, looked up on its first call and kept (a union may contain
    itself, so its members' decoders cannot all be built with it; and looking a typing
    object up in :data:`_DECODERS` on every value costs a hash of the whole type)."""
    found: list[Decoder] = []

    def decode(data: Any) -> Any:
        if not found:
            found.append(_decoder(tp))
        return found[0](data)

    return decode


#: The Ability union's decoder, kept (finding it in :data:`_DECODERS` hashes the whole union).
_read_ability = _lazy(vocab.Ability)


def _build_decoder(tp: Any) -> Decoder:
    members = _union_members(tp)
    if len(members) > 1:
        return _union_decoder(members)
    origin = get_origin(tp)
    if origin is Literal:
        return _literal_decoder(get_args(tp))
    if origin is tuple:
        return _tuple_decoder(get_args(tp))
    if isinstance(tp, type) and issubclass(tp, vocab.Value):
        return _value_decoder(tp)
    if tp is type(None):
        return _exact(lambda v: v is None, "null")
    if tp is bool:
        return _exact(lambda v: isinstance(v, bool), "true or false")
    if tp is int:
        return _exact(lambda v: isinstance(v, int) and not isinstance(v, bool), "an integer")
    if tp is str:
        return _exact(lambda v: isinstance(v, str) and bool(v.strip()), "a non-empty string")
    raise TypeError(f"no decoder for {tp!r}")  # pragma: no cover - a vocabulary bug


def _exact(test: Callable[[Any], bool], expected: str) -> Decoder:
    def decode(data: Any) -> Any:
        if not test(data):
            raise AbilityDataError("", f"expected {expected}, got {data!r}")
        return data

    return decode


def _literal_decoder(values: tuple[Any, ...]) -> Decoder:
    allowed = set(values)
    # written once: a union tries its members in turn, so a miss here is a common path
    expected = str(sorted(map(str, values)))

    def decode(data: Any) -> Any:
        if isinstance(data, bool) or not isinstance(data, str | int) or data not in allowed:
            raise AbilityDataError("", f"{data!r} is not one of {expected}")
        return data

    return decode


def _tuple_decoder(args: tuple[Any, ...]) -> Decoder:
    variable = len(args) == 2 and args[1] is Ellipsis
    # a value class looked up lazily: it may hold a tuple of itself («кроме …»: Selector's
    # ``excluding``), whose decoder is being built
    items = [_lazy(a) if isinstance(a, type) and issubclass(a, vocab.Value) else _decoder(a)
             for a in (args[:1] if variable else args)]

    def decode(data: Any) -> Any:
        if not isinstance(data, list):
            raise AbilityDataError("", f"expected a list, got {data!r}")
        if not variable and len(data) != len(items):
            raise AbilityDataError("", f"expected {len(items)} items, got {len(data)}")
        out = []
        for i, v in enumerate(data):
            try:
                out.append((items[0] if variable else items[i])(v))
            except AbilityDataError as exc:
                raise exc.under(i) from None
        return tuple(out)

    return decode


def _union_decoder(members: tuple[Any, ...]) -> Decoder:
    """Pick the member by the data's shape: a mapping's ``kind`` (or the one plain value
    class), else the members that accept a string, a number, a list or null."""
    kinded = {m.kind: _lazy(m) for m in members
              if isinstance(m, type) and issubclass(m, vocab.Kinded)}
    plain = [_lazy(m) for m in members if isinstance(m, type) and issubclass(m, vocab.Value)
             and not issubclass(m, vocab.Kinded)]
    others = [_lazy(m) for m in members if not (isinstance(m, type) and issubclass(m, vocab.Value))]

    def decode(data: Any) -> Any:
        if isinstance(data, dict):
            if kinded and "kind" in data:
                kind = data["kind"]
                read = kinded.get(kind) if isinstance(kind, str) else None
                if read is None:
                    raise AbilityDataError("kind", f"{kind!r} is not one of {sorted(kinded)}")
                return read(data)
            if len(plain) == 1:
                return plain[0](data)
            raise AbilityDataError("", "a mapping needs a kind")
        errors = []
        for read in others:
            try:
                return read(data)
            except AbilityDataError as exc:
                errors.append(exc.message)
        raise AbilityDataError("", f"unexpected value {data!r}" if not errors
                               else " or ".join(errors))

    return decode


def _value_decoder(cls: type[vocab.Value]) -> Decoder:
    hints = _hints(cls)
    kinded = issubclass(cls, vocab.Kinded)
    fields = [(f.name, data_name(f.name), _decoder(hints[f.name]), default)
              for f, default in _fields(cls)]
    known = {key for _, key, _, _ in fields} | ({"kind"} if kinded else set())

    def decode(data: Any) -> Any:
        if not isinstance(data, dict):
            raise AbilityDataError("", f"expected a mapping, got {data!r}")
        if not known.issuperset(data):
            unknown = sorted(set(data) - known)
            raise AbilityDataError(unknown[0], f"unknown field of {_label(cls)}")
        kwargs = {}
        for name, key, decode_field, default in fields:
            if key in data:
                try:
                    kwargs[name] = decode_field(data[key])
                except AbilityDataError as exc:
                    raise exc.under(key) from None
            elif default is dataclasses.MISSING:
                raise AbilityDataError(key, f"required by {_label(cls)}")
        try:
            return cls(**kwargs)
        except ValueError as exc:
            raise AbilityDataError("", str(exc)) from None

    return decode


def _label(cls: type) -> str:
    kind = getattr(cls, "kind", None)
    return f"kind {kind!r}" if isinstance(kind, str) else cls.__name__
