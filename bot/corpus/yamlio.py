"""YAML reading (``safe_load`` only) and atomic writing of corpus files."""

from __future__ import annotations

import os
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


def read_yaml(path: Path) -> Any:
    """Parse one YAML document safely."""
    with path.open("rb") as fh:
        return yaml.load(fh, Loader=_Loader)  # noqa: S506 - CSafeLoader is the safe loader


class _CorpusDumper(_Dumper):
    """Multi-line strings (rule texts with paragraphs) as readable ``|`` literal blocks."""


def _represent_str(dumper: _CorpusDumper, value: str) -> yaml.Node:
    style = "|" if "\n" in value else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)


_CorpusDumper.add_representer(str, _represent_str)


def dump_yaml(data: Any) -> str:
    return yaml.dump(data, Dumper=_CorpusDumper, allow_unicode=True, sort_keys=False, width=100)


def atomic_write_text(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` via a temp file in the same folder and ``os.replace``.

    A crash mid-write leaves the old file intact, never a half-written one.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
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
