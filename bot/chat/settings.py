"""Per-server settings (custom prefix, allowed channels) in their own SQLite database.

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

import sqlite_utils
from sqlite_utils.db import Table

MAX_PREFIX = 10
MAX_CHANNELS = 50


class SettingsError(RuntimeError):
    """The settings database cannot be used (e.g. written by a newer version of the bot)."""


@dataclass(frozen=True)
class GuildSettings:
    prefix: str | None = None  # None: the default prefix
    channels: frozenset[int] = frozenset()  # empty: every channel

    def allows(self, channel_id: int, parent_id: int | None = None) -> bool:
        if not self.channels:
            return True
        return channel_id in self.channels or (parent_id is not None and parent_id in self.channels)


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


#: Migration i+1 upgrades a database of version i. Append only; never edit a shipped step.
MIGRATIONS: list[Callable[[sqlite_utils.Database], None]] = [_v1, _v2]
SCHEMA_VERSION = len(MIGRATIONS)


def migrate(db: sqlite_utils.Database) -> int:
    """Bring ``db`` to :data:`SCHEMA_VERSION`; return the version it had before."""
    with db.atomic():
        if "schema_version" not in db.table_names():
            _table(db, "schema_version").create({"id": int, "version": int}, pk="id")
            _table(db, "schema_version").insert({"id": 1, "version": 0})
        before = int(db.execute("SELECT version FROM schema_version WHERE id = 1").fetchone()[0])
    if before > SCHEMA_VERSION:
        raise SettingsError(f"settings database has schema version {before}, newer than this "
                            f"bot's {SCHEMA_VERSION}; upgrade the bot or restore a backup")
    for version in range(before, SCHEMA_VERSION):
        with db.atomic():
            MIGRATIONS[version](db)
            db.execute("UPDATE schema_version SET version = ? WHERE id = 1", [version + 1])
    return before


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
        row = self.db.execute("SELECT prefix FROM guilds WHERE guild_id = ?", [guild_id]).fetchone()
        channels = frozenset(r[0] for r in self.db.execute(
            "SELECT channel_id FROM allowed_channels WHERE guild_id = ?", [guild_id]))
        settings = GuildSettings(prefix=row[0] if row else None, channels=channels)
        self._cache[guild_id] = settings
        return settings

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
        with self.db.atomic():
            self.db.execute("DELETE FROM allowed_channels WHERE guild_id = ?", [guild_id])
            self.db.execute("DELETE FROM guilds WHERE guild_id = ?", [guild_id])
        self._cache.pop(guild_id, None)

    def close(self) -> None:
        self.db.close()
