from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
import sqlite_utils

from bot.chat.settings import MIGRATIONS, SCHEMA_VERSION, SettingsError, SettingsStore, migrate


def test_migrations_from_scratch_and_from_v1(tmp_path: Path) -> None:
    store = SettingsStore(tmp_path / "s.db")
    assert store.version == SCHEMA_VERSION == 2
    store.close()
    # A database left at version 1 is upgraded in place, keeping its data.
    old = sqlite_utils.Database(tmp_path / "old.db")
    old.table("schema_version").create({"id": int, "version": int}, pk="id")
    old.table("schema_version").insert({"id": 1, "version": 0})
    MIGRATIONS[0](old)
    old.execute("UPDATE schema_version SET version = 1")
    old.execute("INSERT INTO guilds (guild_id, prefix) VALUES (5, '?')")
    old.conn.commit()
    old.close()
    store = SettingsStore(tmp_path / "old.db")
    assert store.version == 2 and store.get(5).prefix == "?"
    assert {"updated_by", "updated_at"} <= set(store.db.table("guilds").columns_dict)
    assert migrate(store.db) == 2  # idempotent


def test_newer_database_is_refused(tmp_path: Path) -> None:
    SettingsStore(tmp_path / "s.db").close()
    conn = sqlite3.connect(tmp_path / "s.db")
    conn.execute("UPDATE schema_version SET version = 99")
    conn.commit()
    conn.close()
    with pytest.raises(SettingsError, match="newer"):
        SettingsStore(tmp_path / "s.db")


def test_prefix_and_channels(tmp_path: Path) -> None:
    store = SettingsStore(tmp_path / "s.db")
    assert store.get(1).prefix is None and store.get(1).allows(10)
    store.set_prefix(1, "?", by=99)
    assert store.get(1).prefix == "?"
    assert store.add_channel(1, 10) and store.add_channel(1, 10)
    assert store.get(1).channels == {10}
    assert store.get(1).allows(10) and not store.get(1).allows(11)
    assert store.get(1).allows(12, parent_id=10)  # a thread in an allowed channel
    assert store.get(2).allows(11)  # other servers are unaffected
    store.remove_channel(1, 10)
    assert store.get(1).channels == frozenset()
    store.set_prefix(1, None)
    assert store.get(1).prefix is None
    with pytest.raises(ValueError):
        store.set_prefix(1, "x" * 11)


def test_other_process_writes_are_seen(tmp_path: Path) -> None:
    a, b = SettingsStore(tmp_path / "s.db"), SettingsStore(tmp_path / "s.db")
    assert a.get(1).prefix is None
    b.set_prefix(1, "%")
    assert a.get(1).prefix == "%"


def test_failed_change_leaves_nothing(tmp_path: Path) -> None:
    store = SettingsStore(tmp_path / "s.db")
    with pytest.raises(RuntimeError), store.db.atomic():
        store.db.execute("INSERT INTO guilds (guild_id, prefix) VALUES (3, '$')")
        raise RuntimeError("crash in the middle")
    assert store.get(3).prefix is None


def test_settings_file_is_separate_from_the_corpus_index(tmp_path: Path) -> None:
    from bot.chat.config import Config

    config = Config(token="", data_dir=tmp_path)
    assert config.settings_db.parent == tmp_path
    assert config.settings_db.name == "discord-settings.db"
