"""The rulings store: numbers per server, pages, notes and overturns, files and schema."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
import sqlite_utils

from bot.dbschema import SchemaError, migrate, schema_version
from bot.rulings.model import CitedRule, Note
from bot.rulings.store import LOCAL_MIGRATIONS, RulingStore, example, open_local


def test_numbers_count_per_server_and_records_read_back_whole() -> None:
    store = RulingStore.in_memory()
    cited = (CitedRule("dalnost", "Дальность Х", "РП 4.1-2 от 09.11.2024", "abc123"),
             CitedRule("simbiot", "Симбиот", None, ""))
    a = store.record(replace(example(), scope=111, citations=cited, picture={"x": [1]}))
    b = store.record(replace(example(), scope=222))
    c = store.record(replace(example(), scope=111, asked_by="Судья Аня", asked_by_id=5))
    assert (a.number, b.number, c.number) == (1, 1, 2)
    back = store.get(111, 1)
    assert back is not None and back == a and back.citations == cited and back.picture == {"x": [1]}
    assert store.get(111, 2).asked_by == "Судья Аня"  # type: ignore[union-attr]
    assert store.get(111, 3) is None and store.get(333, 1) is None
    assert store.scopes() == [111, 222]


def test_pages_are_newest_first_with_the_total() -> None:
    store = RulingStore.in_memory()
    for i in range(23):
        store.record(replace(example(), question=f"q{i}"))
    first, total = store.page(0, 1, size=10)
    assert total == 23 and [r.number for r in first] == list(range(23, 13, -1))
    last, _ = store.page(0, 3, size=10)
    assert [r.number for r in last] == [3, 2, 1]
    assert store.page(0, 4, size=10)[0] == []
    assert [r.number for r in store.all()] == list(range(1, 24))


def test_notes_and_overturn() -> None:
    store = RulingStore.in_memory()
    store.record(example())
    noted = store.add_note(0, 1, Note("note", "Уточнили у ГС.", "Аня", 5, 1.0))
    assert noted is not None and noted.status == "действует" and noted.notes[0].text == "Уточнили у ГС."
    overturned = store.add_note(0, 1, Note("overturn", "Баалит летает? Нет: ошибка позиции.",
                                           "Аня", 5, 2.0))
    assert overturned is not None and overturned.status == "отменено"
    assert overturned.overturn is not None and overturned.overturn.by == "Аня"
    assert store.add_note(0, 99, Note("note", "x", "Аня", 5, 1.0)) is None


def test_two_processes_sharing_a_file_never_share_a_number(tmp_path: Path) -> None:
    one, two = open_local(tmp_path), open_local(tmp_path)
    numbers = [s.record(example()).number for s in (one, two, one, two, two)]
    assert numbers == [1, 2, 3, 4, 5]
    assert (tmp_path / ".data" / "rulings.db").is_file()


def test_the_local_file_is_made_only_when_used(tmp_path: Path) -> None:
    store = open_local(tmp_path)
    assert not (tmp_path / ".data").exists()
    assert store.page(0) == ([], 0)
    assert (tmp_path / ".data" / "rulings.db").is_file()
    store.close()


def test_a_newer_schema_is_refused(tmp_path: Path) -> None:
    store = open_local(tmp_path)
    store.scopes()
    store.close()
    db = sqlite_utils.Database(tmp_path / ".data" / "rulings.db")
    assert schema_version(db) == len(LOCAL_MIGRATIONS)
    db.execute("UPDATE schema_version SET version = 99 WHERE id = 1")
    db.conn.commit()
    with pytest.raises(SchemaError, match="newer than this bot"):
        migrate(db, LOCAL_MIGRATIONS)
