"""Fault injection helpers: a copy of the shipped corpus, and folders made read-only.

The suite runs as root in some containers, where file modes do not stop writes; there the
read-only fault is also injected at the system calls the index makes (``os.open``,
``os.mkdir``, ``tempfile.mkstemp``, ``os.replace``), raising ``EROFS`` as a read-only mount
would.
"""

from __future__ import annotations

import errno
import os
import shutil
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from bot import PROJECT_ROOT

#: The card file the fault tests keep: the seed cards' set (all 1,054 cards would make every
#: index build of the suite take seconds, and no fault here depends on their number).
CARDS = "cards/50-put-khraniteley.yaml"


def small_corpus(root: Path) -> Path:
    """A writable copy of the shipped rules/ and the seed cards' set file under ``root``."""
    shutil.copytree(PROJECT_ROOT / "rules", root / "rules", ignore=shutil.ignore_patterns("sources"))
    (root / "cards").mkdir(parents=True)
    shutil.copy(PROJECT_ROOT / CARDS, root / CARDS)
    return root


@pytest.fixture
def corpus(tmp_path: Path) -> Path:
    return small_corpus(tmp_path / "corpus")


def _inside(path: Any, folder: Path) -> bool:
    try:
        return Path(os.fsdecode(path)).resolve().is_relative_to(folder.resolve())
    except (TypeError, ValueError):
        return False


@pytest.fixture
def make_read_only(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[Path], None]]:
    """``make_read_only(folder)``: the folder and what is in it cannot be written."""
    folders: list[Path] = []

    def refuse(name: str, real: Callable[..., Any], path_arg: Callable[..., Any]) -> None:
        def guarded(*args: Any, **kwargs: Any) -> Any:
            target = path_arg(*args, **kwargs)
            if target is not None and any(_inside(target, f) for f in folders):
                raise OSError(errno.EROFS, os.strerror(errno.EROFS), os.fsdecode(target))
            return real(*args, **kwargs)
        monkeypatch.setattr(name, guarded)

    def writes(path: Any, flags: int, *args: Any, **kwargs: Any) -> Any:
        return path if flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT) else None

    def make(folder: Path) -> None:
        folders.append(folder)
        for p in [folder, *folder.rglob("*")]:
            p.chmod(0o555 if p.is_dir() else 0o444)
        if os.geteuid() == 0 and len(folders) == 1:
            refuse("os.open", os.open, writes)
            # mkdir of an existing folder fails with EEXIST first, as on a read-only mount
            refuse("os.mkdir", os.mkdir, lambda path, *a, **k: None if os.path.exists(path) else path)
            refuse("os.replace", os.replace, lambda src, dst, *a, **k: dst)
            refuse("tempfile.mkstemp", tempfile.mkstemp, lambda *a, dir=None, **k: dir)

    yield make
    for folder in folders:
        for p in [folder, *folder.rglob("*")]:
            p.chmod(0o755 if p.is_dir() else 0o644)
