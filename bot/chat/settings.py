"""Per-server settings (custom prefix, allowed channels, judges, inline mentions, default card
set) and the server's recorded rulings, in their own SQLite database.

The file (``<data dir>/discord-settings.db``) is separate from the corpus index, so no corpus
rebuild touches it. The schema is versioned: ``schema_version`` holds the version and
:data:`MIGRATIONS` upgrades older files step by step, each step in one transaction. Every
change is one transaction too (WAL journal), so a crash never leaves half a setting; several
shard processes may share the file (the cache notices their writes via ``PRAGMA data_version``).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import sqlite_utils
from sqlite_utils.db import Table

from bot.dbschema import SchemaError
from bot.dbschema import migrate as migrate_schema
from bot.rulings.store import RulingStore, create_tables

MAX_PREFIX = 10
MAX_CHANNELS = 50


#: The settings database cannot be used (e.g. written by a newer version of the bot).
SettingsError = SchemaError


@dataclass(frozen=True)
class GuildSettings:
    prefix: str | None = None  # None: the default prefix
    channels: frozenset[int] = frozenset()  # empty: every channel
    judge_role: int | None = None  # members with it may note and overturn rulings
    judge_channel: int | None = None  # where the bot posts rulings changed by a corpus update
    mentions_off: frozenset[int] = frozenset()  # channels where [[…]] mentions are not answered
    rechecked: str | None = None  # the corpus version the rulings were last rechecked against
    default_set: int | None = None  # the set a bare card number means; None: the newest set

    def allows(self, channel_id: int, parent_id: int | None = None) -> bool:
        if not self.channels:
            return True
        return channel_id in self.channels or (parent_id is not None and parent_id in self.channels)

    def mentions_on(self, channel_id: int, parent_id: int | None = None) -> bool:
        """Inline mentions are answered everywhere but in the channels turned off (a thread
        follows its parent)."""
        return channel_id not in self.mentions_off and parent_id not in self.mentions_off


def _table(db: sqlite_utils.Database, name: str) -> Table:
    return db.table(name)


def _v1(db: sqlite_utils.Database) -> None:
    _table(db, "guilds").create({"guild_id": int, "prefix": str}, pk="guild_id")
    _table(db, "allowed_channels").create({"guild_id": int, "channel_id": int},
                                  pk=("guild_id", "channel_id"))


def _v2(db: sqlite_utils.Database) -> None:
    # Who changed a server's settings last, and when (for moderators asking "who set this?").
    _table(db, "guilds").add_column("updated_by", int)
    _table(db, "guilds").add_column("updated_at", float)


def _rulings(db: sqlite_utils.Database) -> None:
    # Recorded rulings (bot.rulings.store), the judges' role and channel, the corpus version
    # the rulings were rechecked against, and the channels where [[…]] mentions are off.
    create_tables(db)
    for column, kind in (("judge_role_id", int), ("judge_channel_id", int),
                         ("rechecked_corpus", str)):
        _table(db, "guilds").add_column(column, kind)
    _table(db, "mention_channels_off").create({"guild_id": int, "channel_id": int},
                                              pk=("guild_id", "channel_id"))


def _default_set(db: sqlite_utils.Database) -> None:
    # The set a bare card number means on this server (`!card 168`); NULL: the bot's default.
    _table(db, "guilds").add_column("default_set", int)


#: Migration i+1 upgrades a database of version i. Append only; never edit a shipped step.
MIGRATIONS: list[Callable[[sqlite_utils.Database], None]] = [_v1, _v2, _rulings, _default_set]
SCHEMA_VERSION = len(MIGRATIONS)


def migrate(db: sqlite_utils.Database) -> int:
    """Bring ``db`` to :data:`SCHEMA_VERSION`; return the version it had before."""
    return migrate_schema(db, MIGRATIONS, "settings database")


class SettingsStore:
    """Read-mostly access to per-server settings with a small cache."""

    def __init__(self, path: Path | None):
        if path is None:
            self.db = sqlite_utils.Database(memory=True)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            self.db = sqlite_utils.Database(path)
            self.db.enable_wal()
        self.db.execute("PRAGMA busy_timeout = 5000")
        migrate(self.db)
        # The servers' recorded rulings: the same file, a connection of its own (commands run
        # in worker threads); in memory, a store of their own.
        self.rulings = RulingStore.open(path) if path is not None else RulingStore.in_memory()
        self._cache: dict[int, GuildSettings] = {}
        self._data_version = self._current_data_version()

    @property
    def version(self) -> int:
        return int(self.db.execute("SELECT version FROM schema_version WHERE id = 1").fetchone()[0])

    def _current_data_version(self) -> int:
        return int(self.db.execute("PRAGMA data_version").fetchone()[0])

    def get(self, guild_id: int) -> GuildSettings:
        version = self._current_data_version()
        if version != self._data_version:  # another process wrote: forget what we cached
            self._cache.clear()
            self._data_version = version
        cached = self._cache.get(guild_id)
        if cached is not None:
            return cached
        row = self.db.execute("SELECT prefix, default_set FROM guilds WHERE guild_id = ?",
                              [guild_id]).fetchone()
        channels = frozenset(r[0] for r in self.db.execute(
            "SELECT channel_id FROM allowed_channels WHERE guild_id = ?", [guild_id]))
        settings = GuildSettings(prefix=row[0] if row else None, channels=channels,
                                 default_set=row[1] if row else None, **self._judging(guild_id))
        self._cache[guild_id] = settings
        return settings

    def _judging(self, guild_id: int) -> dict[str, Any]:
        row = self.db.execute("SELECT judge_role_id, judge_channel_id, rechecked_corpus FROM guilds "
                              "WHERE guild_id = ?", [guild_id]).fetchone() or (None, None, None)
        off = frozenset(r[0] for r in self.db.execute(
            "SELECT channel_id FROM mention_channels_off WHERE guild_id = ?", [guild_id]))
        return {"judge_role": row[0], "judge_channel": row[1], "rechecked": row[2],
                "mentions_off": off}

    def _set(self, guild_id: int, by: int | None, **values: Any) -> None:
        with self.db.atomic():
            self._touch(guild_id, by)
            _table(self.db, "guilds").update(guild_id, values)
        self._cache.pop(guild_id, None)

    def set_judge_role(self, guild_id: int, role_id: int | None, by: int | None = None) -> None:
        self._set(guild_id, by, judge_role_id=role_id)

    def set_judge_channel(self, guild_id: int, channel_id: int | None, by: int | None = None) -> None:
        self._set(guild_id, by, judge_channel_id=channel_id)

    def set_rechecked(self, guild_id: int, corpus_version: str) -> None:
        """Remember that this server's rulings were rechecked against ``corpus_version``."""
        self._set(guild_id, None, rechecked_corpus=corpus_version)

    def toggle_mentions(self, guild_id: int, channel_id: int, by: int | None = None) -> bool:
        """Turn [[…]] mentions off in a channel, or back on; returns whether they are on now."""
        with self.db.atomic():
            self._touch(guild_id, by)
            gone = self.db.execute("DELETE FROM mention_channels_off WHERE guild_id = ? AND "
                                   "channel_id = ?", [guild_id, channel_id]).rowcount
            if not gone:
                _table(self.db, "mention_channels_off").insert(
                    {"guild_id": guild_id, "channel_id": channel_id})
        self._cache.pop(guild_id, None)
        return bool(gone)

    def guilds_with_judge_channel(self) -> list[int]:
        return [int(r[0]) for r in self.db.execute(
            "SELECT guild_id FROM guilds WHERE judge_channel_id IS NOT NULL ORDER BY guild_id")]

    def _touch(self, guild_id: int, by: int | None) -> None:
        _table(self.db, "guilds").upsert({"guild_id": guild_id, "updated_by": by,
                                  "updated_at": time.time()}, pk="guild_id")

    def set_prefix(self, guild_id: int, prefix: str | None, by: int | None = None) -> None:
        if prefix is not None and not 1 <= len(prefix) <= MAX_PREFIX:
            raise ValueError(f"prefix must be 1..{MAX_PREFIX} characters")
        with self.db.atomic():
            self._touch(guild_id, by)
            _table(self.db, "guilds").update(guild_id, {"prefix": prefix})
        self._cache.pop(guild_id, None)

    def set_default_set(self, guild_id: int, set_id: int | None, by: int | None = None) -> None:
        """The set a bare card number means on this server; None: the bot's default."""
        self._set(guild_id, by, default_set=set_id)

    def add_channel(self, guild_id: int, channel_id: int, by: int | None = None) -> bool:
        """Allow a channel; False when the list is full."""
        with self.db.atomic():
            count = self.db.execute("SELECT count(*) FROM allowed_channels WHERE guild_id = ?",
                                    [guild_id]).fetchone()[0]
            if count >= MAX_CHANNELS:
                return False
            self._touch(guild_id, by)
            _table(self.db, "allowed_channels").insert({"guild_id": guild_id, "channel_id": channel_id},
                                               ignore=True)
        self._cache.pop(guild_id, None)
        return True

    def remove_channel(self, guild_id: int, channel_id: int, by: int | None = None) -> None:
        with self.db.atomic():
            self._touch(guild_id, by)
            self.db.execute("DELETE FROM allowed_channels WHERE guild_id = ? AND channel_id = ?",
                            [guild_id, channel_id])
        self._cache.pop(guild_id, None)

    def reset(self, guild_id: int) -> None:
        """Back to the defaults; the server's recorded rulings are kept."""
        with self.db.atomic():
            self.db.execute("DELETE FROM allowed_channels WHERE guild_id = ?", [guild_id])
            self.db.execute("DELETE FROM mention_channels_off WHERE guild_id = ?", [guild_id])
            self.db.execute("DELETE FROM guilds WHERE guild_id = ?", [guild_id])
        self._cache.pop(guild_id, None)

    def close(self) -> None:
        self.rulings.close()
        self.db.close()
