from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
import sqlite_utils

from bot.chat.settings import MIGRATIONS, SCHEMA_VERSION, SettingsError, SettingsStore, migrate


def test_migrations_from_scratch_and_from_v1(tmp_path: Path) -> None:
    store = SettingsStore(tmp_path / "s.db")
    assert store.version == SCHEMA_VERSION == len(MIGRATIONS)
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
    assert store.version == SCHEMA_VERSION and store.get(5).prefix == "?"
    assert {"updated_by", "updated_at"} <= set(store.db.table("guilds").columns_dict)
    assert store.get(5).default_set is None
    assert migrate(store.db) == SCHEMA_VERSION  # idempotent


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


def test_default_set(tmp_path: Path) -> None:
    store = SettingsStore(tmp_path / "s.db")
    assert store.get(1).default_set is None
    store.set_default_set(1, 10, by=99)
    assert store.get(1).default_set == 10 and store.get(2).default_set is None
    store.set_prefix(1, "?")
    assert store.get(1) == store.get(1) and store.get(1).default_set == 10
    store.set_default_set(1, None)
    assert store.get(1).default_set is None and store.get(1).prefix == "?"
    store.close()
    assert SettingsStore(tmp_path / "s.db").get(1).prefix == "?"


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


def test_judges_mentions_and_rulings_survive_an_upgrade_and_a_reset(tmp_path: Path) -> None:
    from dataclasses import replace

    from bot.rulings.store import example

    # A version-2 database with a server's prefix is upgraded: its data stays.
    old = sqlite_utils.Database(tmp_path / "v2.db")
    old.table("schema_version").create({"id": int, "version": int}, pk="id")
    old.table("schema_version").insert({"id": 1, "version": 0})
    for step in MIGRATIONS[:2]:
        step(old)
    old.execute("UPDATE schema_version SET version = 2")
    old.execute("INSERT INTO guilds (guild_id, prefix) VALUES (7, '?')")
    old.conn.commit()
    old.close()
    store = SettingsStore(tmp_path / "v2.db")
    assert store.get(7).prefix == "?" and store.get(7).judge_role is None
    assert store.get(7).mentions_on(10) and store.get(7).rechecked is None

    store.set_judge_role(7, 555, by=1)
    store.set_judge_channel(7, 66)
    assert (store.get(7).judge_role, store.get(7).judge_channel) == (555, 66)
    assert store.guilds_with_judge_channel() == [7]
    assert store.toggle_mentions(7, 10) is False and not store.get(7).mentions_on(10)
    assert not store.get(7).mentions_on(11, parent_id=10)  # a thread follows its channel
    assert store.get(8).mentions_on(10)  # other servers are unaffected
    assert store.toggle_mentions(7, 10) is True and store.get(7).mentions_on(10)
    store.set_rechecked(7, "abc")
    assert store.get(7).rechecked == "abc"

    ruling = store.rulings.record(replace(example(), scope=7))
    store.toggle_mentions(7, 10)
    store.reset(7)
    assert store.get(7).judge_role is None and store.get(7).mentions_on(10)
    assert store.rulings.get(7, ruling.number) == ruling  # a reset keeps the rulings
