"""Versioned SQLite schemas: a list of migration steps, applied in order, each in one transaction.

Used by the Discord settings database (:mod:`bot.chat.settings`) and by the console's local
rulings store (:mod:`bot.rulings.store`). ``schema_version`` holds the version reached.

>>> import sqlite_utils
>>> db = sqlite_utils.Database(memory=True)
>>> migrate(db, [lambda d: d["t"].create({"id": int}, pk="id")]), schema_version(db)
(0, 1)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import sqlite_utils

Migration = Callable[["sqlite_utils.Database"], None]


class SchemaError(RuntimeError):
    """The database cannot be used (e.g. written by a newer version of the bot)."""


def schema_version(db: sqlite_utils.Database) -> int:
    return int(db.execute("SELECT version FROM schema_version WHERE id = 1").fetchone()[0])


def migrate(db: sqlite_utils.Database, migrations: Sequence[Migration],
            what: str = "database") -> int:
    """Bring ``db`` to ``len(migrations)``; return the version it had before."""
    with db.atomic():
        if "schema_version" not in db.table_names():
            db.table("schema_version").create({"id": int, "version": int}, pk="id")
            db.table("schema_version").insert({"id": 1, "version": 0})
        before = schema_version(db)
    if before > len(migrations):
        raise SchemaError(f"{what} has schema version {before}, newer than this bot's "
                          f"{len(migrations)}; upgrade the bot or restore a backup")
    for version in range(before, len(migrations)):
        with db.atomic():
            migrations[version](db)
            db.execute("UPDATE schema_version SET version = ? WHERE id = 1", [version + 1])
    return before
