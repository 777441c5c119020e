"""Fault injection on the index: damaged, missing, read-only and concurrently built; builds
killed half-way; a data folder in the way. Each fault is detected, logged or answered in one
line, and never served as a quiet wrong answer."""

from __future__ import annotations

import logging
import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path

import pytest

from bot.commands.judge import Judge
from bot.lookup.index import LOCK_FILE, IndexUnavailable, index_path, open_index, pages_intact

DAMAGE = [0.5, 0.25, 0.9]  # where in the file the bytes are overwritten


def _damage(path: Path, where: float, size: int = 64) -> None:
    data = bytearray(path.read_bytes())
    at = int(len(data) * where)
    data[at:at + size] = bytes((b ^ 0x5A) or 1 for b in data[at:at + size])
    path.write_bytes(bytes(data))


def _search_finds_teleport(judge: Judge) -> bool:
    answer = judge.ask("!search телепорт")
    return answer.ok and any(r["id"] == "teleportatsiya" for r in answer.results or [])


@pytest.mark.parametrize("where", DAMAGE)
def test_a_damaged_index_is_detected_logged_and_rebuilt(
        corpus: Path, tmp_path: Path, caplog: pytest.LogCaptureFixture, where: float) -> None:
    data = tmp_path / "data"
    _, db_path = open_index(corpus, data)
    _damage(db_path, where)
    assert not pages_intact(db_path.read_bytes())
    with caplog.at_level(logging.WARNING):
        judge = Judge.open(corpus, data)
    assert any("is damaged" in r.getMessage() for r in caplog.records)
    assert pages_intact(db_path.read_bytes())
    assert _search_finds_teleport(judge)


def test_a_zeroed_header_is_reported_as_damage_not_as_an_older_index(
        corpus: Path, tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """Zeros over the first block also zero the digest's place: that was taken for an index
    built before digests were stored and rebuilt at info level, with no warning."""
    data = tmp_path / "data"
    _, db_path = open_index(corpus, data)
    raw = bytearray(db_path.read_bytes())
    raw[:4096] = bytes(4096)
    db_path.write_bytes(bytes(raw))
    with caplog.at_level(logging.WARNING):
        judge = Judge.open(corpus, data)
    assert any("is damaged" in r.getMessage() for r in caplog.records)
    assert _search_finds_teleport(judge)


def test_a_fresh_index_passes_its_own_check(corpus: Path, tmp_path: Path) -> None:
    _, db_path = open_index(corpus, tmp_path / "data")
    assert pages_intact(db_path.read_bytes())
    with sqlite3.connect(f"file:{db_path}?mode=ro", uri=True) as conn:
        assert conn.execute("PRAGMA quick_check").fetchone() == ("ok",)


@pytest.mark.parametrize("content", [b"", b"SQLite format 3\0", b"\0" * 4096])
def test_a_truncated_or_empty_index_is_rebuilt(corpus: Path, tmp_path: Path,
                                               content: bytes) -> None:
    _, db_path = open_index(corpus, tmp_path / "data")
    db_path.write_bytes(content)
    assert _search_finds_teleport(Judge.open(corpus, tmp_path / "data"))


def test_an_index_damaged_while_running_is_an_error_not_nothing_found(
        corpus: Path, tmp_path: Path) -> None:
    judge = Judge.open(corpus, tmp_path / "data")
    judge.lookup.db_path.unlink()  # removed under the running bot
    answer = judge.ask("!search телепорт")
    assert not answer.ok and "Поиск сейчас не работает" in (answer.error or "")
    assert judge.ask("!term телепортация").ok  # the rest answers from memory


def test_a_missing_index_is_rebuilt(corpus: Path, tmp_path: Path) -> None:
    _, db_path = open_index(corpus, tmp_path / "data")
    db_path.unlink()
    assert _search_finds_teleport(Judge.open(corpus, tmp_path / "data"))


def test_a_read_only_folder_serves_a_fresh_index(
        corpus: Path, tmp_path: Path, make_read_only: Callable[[Path], None]) -> None:
    data = tmp_path / "data"
    open_index(corpus, data)
    make_read_only(data)
    assert _search_finds_teleport(Judge.open(corpus, data))


def test_a_read_only_folder_that_needs_a_build_is_one_line(
        corpus: Path, tmp_path: Path, make_read_only: Callable[[Path], None]) -> None:
    data = tmp_path / "data"
    data.mkdir()
    make_read_only(data)
    with pytest.raises(IndexUnavailable) as info:
        open_index(corpus, data)
    message = str(info.value)
    assert "\n" not in message and str(data) in message
    assert "BERSERK_DATA_DIR" in message and "writable" in message


def test_a_read_only_parent_is_one_line(corpus: Path, tmp_path: Path,
                                        make_read_only: Callable[[Path], None]) -> None:
    parent = tmp_path / "ro"
    parent.mkdir()
    make_read_only(parent)
    with pytest.raises(IndexUnavailable, match="cannot create the data folder"):
        open_index(corpus, parent / "data")


def test_a_data_folder_that_is_a_file(corpus: Path, tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.write_text("not a folder")
    with pytest.raises(IndexUnavailable, match="is a file, not a folder"):
        open_index(corpus, data)
    assert data.read_text() == "not a folder"


def test_an_index_path_that_is_a_folder(corpus: Path, tmp_path: Path) -> None:
    data = tmp_path / "data"
    index_path(corpus, data).mkdir(parents=True)
    with pytest.raises(IndexUnavailable, match="is a folder: remove it"):
        open_index(corpus, data)


CHILD = textwrap.dedent("""
    import logging, os, signal, sys
    from pathlib import Path
    import bot.lookup.index as index
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    mode, root, data = sys.argv[1], Path(sys.argv[2]), Path(sys.argv[3])
    if mode == "kill-mid-build":  # the process dies while writing the temp file
        def die(*args, **kwargs):
            os.kill(os.getpid(), signal.SIGKILL)
        index._doc_rows = die
    elif mode == "kill-before-swap":  # dies with a complete temp file, before os.replace
        index._seal = lambda path: os.kill(os.getpid(), signal.SIGKILL)
    corpus, path = index.open_index(root, data)
    print(len(corpus.terms), corpus.content_hash, flush=True)
""")


def _child(mode: str, root: Path, data: Path) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-c", CHILD, mode, str(root), str(data)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


@pytest.mark.parametrize("mode", ["kill-mid-build", "kill-before-swap"])
def test_a_killed_build_leaves_nothing_behind_after_the_next(
        corpus: Path, tmp_path: Path, mode: str, caplog: pytest.LogCaptureFixture) -> None:
    data = tmp_path / "data"
    child = _child(mode, corpus, data)
    child.wait(60)
    assert child.returncode == -signal.SIGKILL
    leftovers = list(data.glob(".index*.tmp*"))
    assert leftovers, "the killed build should have left its temp file"
    with caplog.at_level(logging.WARNING):
        corpus_obj, db_path = open_index(corpus, data)  # the lock died with the child
    assert not list(data.glob(".index*.tmp*"))
    assert sorted(p.name for p in data.iterdir()) == sorted([db_path.name, LOCK_FILE])
    assert any("interrupted index build" in r.getMessage() for r in caplog.records)
    assert "teleportatsiya" in corpus_obj.terms


def test_concurrent_builds_build_once_and_agree(corpus: Path, tmp_path: Path) -> None:
    data = tmp_path / "data"
    children = [_child("plain", corpus, data) for _ in range(3)]
    outputs = [c.communicate(timeout=120) for c in children]
    assert [c.returncode for c in children] == [0, 0, 0], [err for _, err in outputs]
    assert len({out for out, _ in outputs}) == 1  # the same corpus everywhere
    assert sum(err.count("index rebuilt") for _, err in outputs) == 1
    assert not list(data.glob(".index*.tmp*"))
    assert pages_intact(index_path(corpus, data).read_bytes())


def test_a_corpus_change_while_another_process_holds_the_lock(corpus: Path,
                                                              tmp_path: Path) -> None:
    """A process that waited for the lock re-checks: it builds only if still needed."""
    data = tmp_path / "data"
    open_index(corpus, data)
    terms = corpus / "rules" / "terms.yaml"
    terms.write_text(terms.read_text(encoding="utf-8") + "- id: novyy\n  name: Новый\n",
                     encoding="utf-8")
    children = [_child("plain", corpus, data) for _ in range(2)]
    outputs = [c.communicate(timeout=120) for c in children]
    assert sum(err.count("index rebuilt") for _, err in outputs) == 1
    corpus_obj, _ = open_index(corpus, data)
    assert "novyy" in corpus_obj.terms


def test_index_file_mode_is_0644_even_under_a_strict_umask(corpus: Path, tmp_path: Path) -> None:
    old = os.umask(0o077)
    try:
        _, db_path = open_index(corpus, tmp_path / "data")
    finally:
        os.umask(old)
    assert db_path.stat().st_mode & 0o777 == 0o644
