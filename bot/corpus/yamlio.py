"""YAML reading (``safe_load`` semantics, duplicate keys rejected) and atomic writing of
corpus files."""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path
from typing import Any

import yaml

try:  # the C loader is ~10x faster; fall back to pure Python where libyaml is missing
    from yaml import CSafeDumper as _Dumper
    from yaml import CSafeLoader as _Loader
except ImportError:  # pragma: no cover
    from yaml import SafeDumper as _Dumper  # type: ignore[assignment]
    from yaml import SafeLoader as _Loader  # type: ignore[assignment]


class UniqueKeyLoader(_Loader):
    """The safe loader, except that a key given twice in one mapping is an error.

    PyYAML silently keeps the last value (``name:`` twice in a term), which hides a mistake:

    >>> yaml.load("a: 1\\nb: 2\\na: 3\\n", Loader=UniqueKeyLoader)
    Traceback (most recent call last):
    ...
    yaml.constructor.ConstructorError: while constructing a mapping
    ...
    found duplicate key 'a' (first on line 1)
    ...
    """

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
        seen: dict[Any, int] = {}
        for key_node, _ in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                continue  # `<<:` merges are allowed to override
            key = self.construct_object(key_node, deep=deep)  # cached: built once
            try:
                first = seen.setdefault(key, key_node.start_mark.line + 1)
            except TypeError:
                continue  # an unhashable key: the base constructor reports it
            if first != key_node.start_mark.line + 1:
                raise yaml.constructor.ConstructorError(
                    "while constructing a mapping", node.start_mark,
                    f"found duplicate key {key!r} (first on line {first})", key_node.start_mark)
        return super().construct_mapping(node, deep=deep)


def read_yaml(path: Path) -> Any:
    """Parse one YAML document safely; a key repeated in a mapping is an error."""
    with path.open("rb") as fh:
        return yaml.load(fh, Loader=UniqueKeyLoader)  # noqa: S506 - a SafeLoader subclass


class _CorpusDumper(_Dumper):
    """Multi-line strings (rule texts with paragraphs) as readable ``|`` literal blocks."""


def _represent_str(dumper: _CorpusDumper, value: str) -> yaml.Node:
    style = "|" if "\n" in value else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)


_CorpusDumper.add_representer(str, _represent_str)


def dump_yaml(data: Any) -> str:
    return yaml.dump(data, Dumper=_CorpusDumper, allow_unicode=True, sort_keys=False, width=100)


#: The mode of a new corpus file: readable by a bot that runs as another user.
NEW_FILE_MODE = 0o644


def atomic_write_text(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` via a temp file in the same folder and ``os.replace``.

    A crash mid-write leaves the old file intact, never a half-written one. The file keeps
    its old mode (a new one gets 0644, not mkstemp's 0600).
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        mode = stat.S_IMODE(path.stat().st_mode)
    except FileNotFoundError:
        mode = NEW_FILE_MODE
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        os.fchmod(fd, mode)
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def write_yaml(path: Path, data: Any) -> None:
    atomic_write_text(path, dump_yaml(data))
