"""The SQLite index: built from YAML, cached by content hash, swapped atomically."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import bot.lookup.index as index_mod
from bot.corpus.errors import CorpusError
from bot.corpus.load import content_hash, load_corpus
from bot.corpus.model import Corpus
from bot.lookup.index import INDEX_FILE, LOCK_FILE, index_path, open_index
from bot.lookup.lookup import Lookup


def _no_yaml(*args: Any, **kwargs: Any) -> Any:
    raise AssertionError("YAML was read on a warm start")


def test_first_open_builds_the_index(corpus_root: Path, tmp_path: Path) -> None:
    data = tmp_path / "data"
    corpus, db_path = open_index(corpus_root, data)
    assert db_path == index_path(corpus_root, data) and db_path.exists()
    assert corpus.content_hash == content_hash(corpus_root)
    with sqlite3.connect(db_path) as conn:
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        meta = dict(conn.execute("SELECT key, value FROM meta"))
        assert conn.execute("SELECT count(*) FROM terms").fetchone()[0] == len(corpus.terms)
        assert conn.execute("SELECT count(*) FROM cards").fetchone()[0] == len(corpus.cards)
        keys = {r[0] for r in conn.execute("SELECT key FROM names WHERE item_id='teleportatsiya'")}
    assert {"meta", "terms", "cards", "names", "docs", "docs_fts", "sources", "sets"} <= tables
    assert meta["content_hash"] == content_hash(corpus_root)
    assert {"телепортация", "телепортац"} <= keys
    assert sorted(p.name for p in data.iterdir()) == sorted([db_path.name, LOCK_FILE])  # no temp files
    assert db_path.stat().st_mode & 0o777 == 0o644  # readable by a bot running as another user


def test_warm_start_reads_no_yaml_and_equals_the_yaml_corpus(
    corpus_root: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cold, db_path = open_index(corpus_root, tmp_path)
    stat = db_path.stat()
    monkeypatch.setattr(index_mod, "read_raw", _no_yaml)
    monkeypatch.setattr(index_mod, "build_index", _no_yaml)
    warm, again = open_index(corpus_root, tmp_path)
    assert again == db_path
    assert (db_path.stat().st_ino, db_path.stat().st_mtime_ns) == (stat.st_ino, stat.st_mtime_ns)
    expected = load_corpus(corpus_root)
    assert warm == expected == cold
    assert list(warm.terms) == list(expected.terms) and list(warm.cards) == list(expected.cards)
    assert warm.terms["teleportatsiya"].versions == expected.terms["teleportatsiya"].versions
    assert warm.cards["50-168"].abilities == expected.cards["50-168"].abilities


def test_a_yaml_change_rebuilds(corpus_root: Path, tmp_path: Path,
                                make_corpus: Callable[..., Path]) -> None:
    corpus, db_path = open_index(corpus_root, tmp_path)
    assert "novyy" not in corpus.terms
    terms_file = corpus_root / "rules" / "terms.yaml"
    terms_file.write_text(terms_file.read_text(encoding="utf-8")
                          + "- id: novyy\n  name: Новый термин\n", encoding="utf-8")
    corpus2, db_path2 = open_index(corpus_root, tmp_path)
    assert db_path2 == db_path
    assert "novyy" in corpus2.terms
    assert Lookup(corpus2, db_path2).find_term("новый термин").best == corpus2.terms["novyy"]
    assert Lookup(corpus2, db_path2).search("новый")[0].id == "novyy"


def test_a_corpus_error_propagates_and_keeps_the_old_index(corpus_root: Path, tmp_path: Path) -> None:
    data = tmp_path / "data"
    _, db_path = open_index(corpus_root, data)
    before = db_path.read_bytes()
    (corpus_root / "rules" / "terms.yaml").write_text("terms:\n- id: BAD ID\n", encoding="utf-8")
    with pytest.raises(CorpusError) as err:
        open_index(corpus_root, data)
    assert "terms.yaml" in str(err.value)
    assert db_path.read_bytes() == before
    assert sorted(p.name for p in data.iterdir()) == sorted([db_path.name, LOCK_FILE])


def test_a_failed_build_leaves_the_old_index(
    corpus_root: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = tmp_path / "data"
    _, db_path = open_index(corpus_root, data)
    before = db_path.read_bytes()
    (corpus_root / "cards" / "10-voyna-stikhiy.yaml").write_text(
        "set: {id: 10, name: Война стихий, initials: ВС}\ncards: []\n", encoding="utf-8")

    def boom(*args: Any, **kwargs: Any) -> None:
        raise RuntimeError("disk full")

    monkeypatch.setattr(index_mod, "_doc_rows", boom)
    with pytest.raises(RuntimeError, match="disk full"):
        open_index(corpus_root, data)
    assert db_path.read_bytes() == before
    assert sorted(p.name for p in data.iterdir()) == sorted([db_path.name, LOCK_FILE])
    monkeypatch.undo()
    corpus, _ = open_index(corpus_root, data)  # the next start rebuilds
    assert not [c for c in corpus.cards if c.startswith("10-")]


def test_an_unreadable_index_is_rebuilt(corpus_root: Path, tmp_path: Path) -> None:
    _, db_path = open_index(corpus_root, tmp_path)
    db_path.write_bytes(b"not a database at all" * 100)
    corpus, db_path2 = open_index(corpus_root, tmp_path)
    assert "teleportatsiya" in corpus.terms
    with sqlite3.connect(db_path2) as conn:
        assert conn.execute("SELECT count(*) FROM terms").fetchone()[0] == len(corpus.terms)


def test_an_index_of_another_version_is_rebuilt(
    corpus_root: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _, db_path = open_index(corpus_root, tmp_path)
    monkeypatch.setattr(index_mod, "INDEX_VERSION", "next")
    open_index(corpus_root, tmp_path)
    with sqlite3.connect(db_path) as conn:
        assert dict(conn.execute("SELECT key, value FROM meta"))["version"] == "next"


def test_an_index_built_before_digests_is_rebuilt_as_stale_not_damaged(
    corpus_root: Path, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    _, db_path = open_index(corpus_root, tmp_path)
    with sqlite3.connect(db_path) as conn:  # what an index of an older version looks like
        conn.execute("PRAGMA user_version = 0")
        conn.execute("PRAGMA application_id = 0")
    with caplog.at_level("INFO", logger="bot.lookup.index"):
        corpus, _ = open_index(corpus_root, tmp_path)
    assert "teleportatsiya" in corpus.terms
    assert "older version" in caplog.text and "damaged" not in caplog.text
    assert index_mod.pages_intact(db_path.read_bytes())


def test_the_roots_own_data_folder_holds_index_sqlite(corpus_root: Path) -> None:
    _, db_path = open_index(corpus_root, corpus_root / ".data")
    assert db_path == corpus_root / ".data" / INDEX_FILE


def test_each_root_has_its_own_index(corpus_root: Path, tmp_path: Path,
                                     make_corpus: Callable[..., Path]) -> None:
    other = make_corpus(tmp_path / "other")
    (other / "rules" / "terms.yaml").write_text(
        (other / "rules" / "terms.yaml").read_text(encoding="utf-8")
        + "- id: tolko-tut\n  name: Только тут\n", encoding="utf-8")
    data = tmp_path / "shared-data"
    first, path1 = open_index(corpus_root, data)
    second, path2 = open_index(other, data)
    assert path1 != path2 and path1.exists() and path2.exists()
    assert "tolko-tut" in second.terms and "tolko-tut" not in first.terms
    again, _ = open_index(corpus_root, data)
    assert again == first


def test_empty_corpus(tmp_path: Path) -> None:
    root = tmp_path / "empty"
    (root / "rules").mkdir(parents=True)
    (root / "cards").mkdir()
    (root / "rules" / "sources.yaml").write_text("sources: []\n", encoding="utf-8")
    (root / "rules" / "terms.yaml").write_text("terms: []\n", encoding="utf-8")
    corpus, db_path = open_index(root, tmp_path / "data")
    assert not corpus.terms and not corpus.cards
    corpus2, _ = open_index(root, tmp_path / "data")
    assert corpus2 == corpus
    lookup = Lookup(corpus, db_path)
    assert lookup.find_term("телепортация").best is None
    assert lookup.find_card("168").best is None
    assert lookup.search("телепортация") == []
    assert lookup.complete_terms("") == [] and lookup.complete_cards("") == []


def test_warm_lookup_uses_the_stored_keys(
    fixture_index: tuple[Corpus, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    import bot.lookup.normalize as nz

    def no_keys(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("keys were recomputed although the index holds them")

    monkeypatch.setattr(nz, "item_keys", no_keys)
    lookup = Lookup(*fixture_index)
    lookup.warm()
    match = lookup.find_term("телепортацию")
    assert match.best is not None and match.best.id == "teleportatsiya"
    assert lookup.find_card("баалита").best == fixture_index[0].cards["50-168"]


def test_lookup_without_an_index_computes_the_keys(fixture_index: tuple[Corpus, Path],
                                                   tmp_path: Path) -> None:
    lookup = Lookup(fixture_index[0], tmp_path / "none.sqlite")
    assert lookup.find_term("ОвЗ").best == fixture_index[0].terms["opyt-v-zashchite"]
    assert lookup.complete_cards("пх 16") == [fixture_index[0].cards["50-168"]]
