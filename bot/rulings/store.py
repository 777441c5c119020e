"""Rulings in SQLite: numbered per scope (a Discord server, or 0 for the local store).

On Discord the tables live in the settings database, created by one of its migrations
(:func:`create_tables`); the console and ``ask`` keep a local file, ``<root>/.data/rulings.db``,
with the same tables (:func:`open_local`). Every write is one transaction; a number is taken
and its row written in one statement, so two shard processes never give out the same number.

>>> store = RulingStore.in_memory()
>>> first = store.record(example())
>>> second = store.record(example())
>>> (first.number, second.number), store.get(0, 2).check
((1, 2), '? a1, враг ? c6 | дальность a1 c6 4')
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bot.dbschema import Migration, migrate
from bot.rulings.model import LOCAL_SCOPE, CitedRule, Note, Ruling

if TYPE_CHECKING:  # imported when a database is opened: `ask "!term …"` never loads it
    import sqlite_utils

PAGE_SIZE = 10
LOCAL_FILE = "rulings.db"
MAX_NOTE = 1000  # characters of a note or an overturn reason

_COLUMNS = ("scope", "number", "check_text", "question", "position", "verdict", "value",
            "summary", "citations", "corpus_version", "asked_by", "asked_by_id", "channel",
            "channel_id", "created_at", "picture")


def create_tables(db: sqlite_utils.Database) -> None:
    """The rulings tables (a migration step of the settings and of the local database)."""
    db.table("rulings").create({
        "scope": int, "number": int, "check_text": str, "question": str, "position": str,
        "verdict": str, "value": int, "summary": str, "citations": str, "corpus_version": str,
        "asked_by": str, "asked_by_id": int, "channel": str, "channel_id": int,
        "created_at": float, "picture": str,
    }, pk=("scope", "number"))
    db.table("ruling_notes").create({
        "id": int, "scope": int, "number": int, "kind": str, "text": str, "by_name": str,
        "by_id": int, "at": float,
    }, pk="id")
    db.table("ruling_notes").create_index(["scope", "number"])


#: The local store's own schema; the settings database appends :func:`create_tables` to its.
LOCAL_MIGRATIONS = [create_tables]


def open_local(root: Path) -> RulingStore:
    """The console's and ``ask``'s store under ``<root>/.data/``; the file is opened (and made)
    only when a ruling command first uses it."""
    path = root / ".data" / LOCAL_FILE
    return RulingStore(lambda: _connect(path, LOCAL_MIGRATIONS))


def _connect(path: Path, migrations: Sequence[Migration] = ()) -> sqlite_utils.Database:
    import sqlite_utils

    path.parent.mkdir(parents=True, exist_ok=True)
    db = sqlite_utils.Database(sqlite3.connect(path, check_same_thread=False))
    db.enable_wal()
    db.execute("PRAGMA busy_timeout = 5000")
    if migrations:
        migrate(db, migrations, f"rulings store {path}")
    return db


class RulingStore:
    """Record, read, note and overturn rulings in a database that has the tables (or that a
    function opens on first use).

    Commands run in worker threads (Discord), so the store has a connection of its own that
    any thread may use, one call at a time.
    """

    def __init__(self, db: sqlite_utils.Database | Callable[[], sqlite_utils.Database]):
        opener = callable(db)  # a database is not callable; a function that opens one is
        self._db: sqlite_utils.Database | None = None if opener else db  # type: ignore[assignment]
        self._open: Callable[[], sqlite_utils.Database] | None = db if opener else None  # type: ignore[assignment]
        self._lock = threading.RLock()

    @property
    def db(self) -> sqlite_utils.Database:
        with self._lock:
            if self._db is None:
                assert self._open is not None
                self._db = self._open()
            return self._db

    @classmethod
    def open(cls, path: Path, migrations: Sequence[Migration] = ()) -> RulingStore:
        """A store on the file ``path``; with ``migrations``, the schema is brought up to date
        (the settings database migrates itself before)."""
        return cls(_connect(path, migrations))

    @classmethod
    def in_memory(cls) -> RulingStore:
        import sqlite_utils

        db = sqlite_utils.Database(sqlite3.connect(":memory:", check_same_thread=False))
        migrate(db, LOCAL_MIGRATIONS)
        return cls(db)

    def record(self, ruling: Ruling) -> Ruling:
        """Store a new ruling under the next number of its scope; the stored one is returned."""
        row = _row(ruling)
        columns = [c for c in _COLUMNS if c != "number"]
        with self._lock, self.db.atomic():
            cursor = self.db.execute(
                f"INSERT INTO rulings (number, {', '.join(columns)}) "
                f"SELECT COALESCE(MAX(number), 0) + 1, {', '.join('?' for _ in columns)} "
                "FROM rulings WHERE scope = ?",
                [*(row[c] for c in columns), ruling.scope])
            number = self.db.execute("SELECT number FROM rulings WHERE rowid = ?",
                                     [cursor.lastrowid]).fetchone()[0]
        return replace(ruling, number=int(number), notes=())

    def get(self, scope: int, number: int) -> Ruling | None:
        with self._lock:
            rows = self._select("WHERE scope = ? AND number = ?", [scope, number])
        return rows[0] if rows else None

    def page(self, scope: int, page: int = 1, size: int = PAGE_SIZE) -> tuple[list[Ruling], int]:
        """Newest first: the rulings of page ``page`` (from 1) and how many there are in all."""
        with self._lock:
            total = int(self.db.execute("SELECT count(*) FROM rulings WHERE scope = ?",
                                        [scope]).fetchone()[0])
            rows = self._select("WHERE scope = ? ORDER BY number DESC LIMIT ? OFFSET ?",
                                [scope, size, (max(page, 1) - 1) * size])
        return rows, total

    def all(self, scope: int | None = None) -> Iterator[Ruling]:
        """Every ruling (of one scope), oldest first."""
        with self._lock:
            if scope is None:
                rows = self._select("ORDER BY scope, number", [])
            else:
                rows = self._select("WHERE scope = ? ORDER BY number", [scope])
        yield from rows

    def scopes(self) -> list[int]:
        with self._lock:
            return [int(r[0]) for r in self.db.execute(
                "SELECT DISTINCT scope FROM rulings ORDER BY scope")]

    def add_note(self, scope: int, number: int, note: Note) -> Ruling | None:
        """Attach a note or an overturn; None when there is no such ruling."""
        with self._lock, self.db.atomic():
            if self.get(scope, number) is None:
                return None
            self.db.table("ruling_notes").insert({
                "scope": scope, "number": number, "kind": note.kind,
                "text": note.text[:MAX_NOTE], "by_name": note.by, "by_id": note.by_id,
                "at": note.at or time.time()})
        return self.get(scope, number)

    def close(self) -> None:
        with self._lock:
            if self._db is not None:
                self._db.close()

    # -- rows ----------------------------------------------------------------------------------
    def _select(self, where: str, params: list[Any]) -> list[Ruling]:
        cursor = self.db.execute(f"SELECT {', '.join(_COLUMNS)} FROM rulings {where}", params)
        rows = [dict(zip(_COLUMNS, r, strict=True)) for r in cursor.fetchall()]
        return [_ruling(r, self._notes(r["scope"], r["number"])) for r in rows]

    def _notes(self, scope: int, number: int) -> tuple[Note, ...]:
        return tuple(Note(kind=k, text=t, by=b, by_id=i, at=a) for k, t, b, i, a in self.db.execute(
            "SELECT kind, text, by_name, by_id, at FROM ruling_notes WHERE scope = ? AND number = ? "
            "ORDER BY id", [scope, number]))


def _row(r: Ruling) -> dict[str, Any]:
    return {
        "scope": r.scope, "number": r.number, "check_text": r.check, "question": r.question,
        "position": r.position, "verdict": r.verdict, "value": r.value, "summary": r.summary,
        "citations": json.dumps([[c.term, c.name, c.source, c.digest] for c in r.citations],
                                ensure_ascii=False),
        "corpus_version": r.corpus_version, "asked_by": r.asked_by, "asked_by_id": r.asked_by_id,
        "channel": r.channel, "channel_id": r.channel_id, "created_at": r.created_at,
        "picture": json.dumps(r.picture, ensure_ascii=False) if r.picture else None,
    }


def _ruling(row: dict[str, Any], notes: tuple[Note, ...]) -> Ruling:
    return Ruling(
        scope=row["scope"], number=row["number"], check=row["check_text"],
        question=row["question"], position=row["position"], verdict=row["verdict"],
        value=row["value"], summary=row["summary"],
        citations=tuple(CitedRule(*c) for c in json.loads(row["citations"] or "[]")),
        corpus_version=row["corpus_version"], asked_by=row["asked_by"],
        asked_by_id=row["asked_by_id"], channel=row["channel"], channel_id=row["channel_id"],
        created_at=row["created_at"], notes=notes,
        picture=json.loads(row["picture"]) if row["picture"] else None,
    )


def example() -> Ruling:
    """A ruling for examples and tests."""
    return Ruling(scope=LOCAL_SCOPE, number=0, check="? a1, враг ? c6 | дальность a1 c6 4",
                  question="дальность a1 c6 4", position="", verdict="no", value=7,
                  summary="Нельзя (дальность: 7).", citations=(), corpus_version="test",
                  asked_by="консоль", asked_by_id=None, channel="консоль", channel_id=None)
