"""The SQLite index: derived from the YAML corpus, cached by content hash, swapped atomically.

``open_index(root, data_dir)`` returns the corpus and the index path. When the stored hash
(table ``meta``) equals :func:`bot.corpus.load.content_hash` of ``root``, the corpus is rebuilt
from the raw dicts stored as JSON, without parsing any YAML. Otherwise the YAML is loaded and
validated (a :class:`~bot.corpus.errors.CorpusError` propagates unchanged), the index is built
into a temp file in ``data_dir`` and moved into place with ``os.replace``: a failed build
leaves the old index untouched.

Tables: ``meta`` (key, value), ``sources``, ``sets``, ``terms``, ``cards`` (raw JSON in
``data``), ``names`` (normalised lookup keys) and ``docs`` with its FTS5 table ``docs_fts``
over stemmed names (``title``) and texts (``body``).

Faults it survives (``tests/faults``): a damaged file (a digest of its pages, kept in the
SQLite header, is checked on every open: a mismatch is logged and the index rebuilt), builds
killed half-way (their ``.index*.tmp`` files are removed by the next build), two processes
building at once (an exclusive lock on ``.index.lock``: the second waits, then uses the first
one's index). A data folder it cannot use raises :class:`IndexUnavailable`, whose message says
what to do.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import os
import sqlite3
import tempfile
from collections.abc import Iterable, Iterator
from dataclasses import asdict
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bot.corpus.errors import CorpusError
from bot.corpus.load import (
    build_corpus,
    card_from_dict,
    content_hash,
    missing_folders,
    read_raw,
    term_from_dict,
)
from bot.corpus.model import Card, CardSet, Corpus, Source, Term
from bot.lookup.normalize import fold, item_keys, stem_key

try:
    import fcntl
except ImportError:  # pragma: no cover - not POSIX: builds are not serialised
    fcntl = None  # type: ignore[assignment]

if TYPE_CHECKING:
    import sqlite_utils

log = logging.getLogger(__name__)

INDEX_FILE = "index.sqlite"
LOCK_FILE = ".index.lock"
#: Bytes of the SQLite header left out of the digest: they hold the digest itself (user
#: version, application id) and counters that SQLite rewrites on every write.
_HEADER = 100
_SQLITE_MAGIC = b"SQLite format 3\x00"  # the first 16 bytes of every SQLite file


class IndexUnavailable(Exception):
    """The index cannot be read or written where it should be; the message (English, for
    operators, one line) says what to do."""


def _code_version() -> str:
    """The table layout and the normalisation are code: an index built by other code (this
    file or ``normalize.py`` changed) is rebuilt, as if the YAML had changed."""
    from bot.lookup import normalize

    digest = hashlib.sha256()
    for module_file in (__file__, normalize.__file__):
        digest.update(Path(module_file).read_bytes())
    return "2-" + digest.hexdigest()[:16]


INDEX_VERSION = _code_version()
FTS_TOKENIZE = "unicode61 remove_diacritics 0"


def index_path(root: Path, data_dir: Path) -> Path:
    """Where the index of ``root`` lives: ``index.sqlite`` in the root's own ``.data``; in any
    other folder (``BERSERK_DATA_DIR``) a name of its own per root, so two corpora never
    overwrite each other's index."""
    if data_dir.resolve() == (root / ".data").resolve():
        return data_dir / INDEX_FILE
    key = hashlib.sha256(str(root.resolve()).encode()).hexdigest()[:12]
    return data_dir / f"index-{key}.sqlite"


def open_index(root: Path, data_dir: Path, force: bool = False) -> tuple[Corpus, Path]:
    """The corpus under ``root`` and the path of its up-to-date index in ``data_dir``.

    ``force`` rebuilds even an up-to-date index. Raises :class:`CorpusError` for a broken
    corpus and :class:`IndexUnavailable` for a data folder that cannot hold the index.
    """
    blockers = missing_folders(root)
    if blockers:  # before anything is written: a mistyped --root creates no folder
        raise CorpusError(blockers)
    db_path = index_path(root, data_dir)
    _check_data_dir(data_dir, db_path)
    digest = content_hash(root)
    if not force and (corpus := read_index(db_path, digest)) is not None:
        return corpus, db_path
    with _build_lock(data_dir):
        # Another process may have built it while this one waited for the lock.
        if not force and (corpus := read_index(db_path, digest, quiet=True)) is not None:
            return corpus, db_path
        remove_stale_temp_files(data_dir)
        corpus, raw = load_with_raw(root)
        try:
            build_index(db_path, corpus, raw, digest)
        except OSError as exc:
            raise IndexUnavailable(f"cannot write the index {db_path}: {_reason(exc)}; "
                                   f"{_WRITABLE_HINT}") from exc
    log.info("index rebuilt: %s (%d terms, %d cards)", db_path, len(corpus.terms),
             len(corpus.cards))
    return corpus, db_path


_WRITABLE_HINT = "make the folder writable or set BERSERK_DATA_DIR to a writable folder"


def _reason(exc: OSError) -> str:
    return exc.strerror or type(exc).__name__


def _check_data_dir(data_dir: Path, db_path: Path) -> None:
    """Make ``data_dir``, or raise :class:`IndexUnavailable` naming what is in the way."""
    try:
        data_dir.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise IndexUnavailable(f"the data folder {data_dir} is a file, not a folder: move the "
                               f"file away or set BERSERK_DATA_DIR to a folder") from None
    except OSError as exc:
        raise IndexUnavailable(f"cannot create the data folder {data_dir}: {_reason(exc)}; "
                               f"{_WRITABLE_HINT}") from exc
    if db_path.is_dir():
        raise IndexUnavailable(f"the index path {db_path} is a folder: remove it (the index is "
                               f"derived data and is rebuilt)")


@contextlib.contextmanager
def _build_lock(data_dir: Path) -> Iterator[None]:
    """An exclusive lock on ``data_dir/.index.lock`` for one build (released when the process
    dies, so a killed build never leaves it held)."""
    try:
        fd = os.open(data_dir / LOCK_FILE, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError as exc:
        raise IndexUnavailable(f"the index in {data_dir} must be rebuilt but the folder is not "
                               f"writable ({_reason(exc)}): {_WRITABLE_HINT}") from exc
    try:
        if fcntl is not None:
            fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)  # closing the file releases the lock


def remove_stale_temp_files(data_dir: Path) -> list[Path]:
    """Remove what killed builds left (``.index*.sqlite.*.tmp`` and their journals). Called
    with the build lock held: no other build is writing one of them."""
    removed = []
    for path in data_dir.glob(".index*.sqlite.*.tmp*"):
        with contextlib.suppress(FileNotFoundError):
            path.unlink()
            removed.append(path)
    if removed:
        log.warning("removed %d temporary file(s) of an interrupted index build in %s",
                    len(removed), data_dir)
    return removed


# --- loading ------------------------------------------------------------------------------

RawItems = dict[str, Any]  # {"terms": [term dict …], "cards": [(card dict, set dict) …]}


def load_with_raw(root: Path) -> tuple[Corpus, RawItems]:
    """Like :func:`bot.corpus.load.load_corpus`, also returning the raw term and card dicts."""
    raw, issues = read_raw(root)
    corpus = build_corpus(root, raw, issues)
    if issues:
        raise CorpusError(issues)
    terms: list[dict[str, Any]] = []
    cards: list[tuple[dict[str, Any], dict[str, Any]]] = []
    for data in raw.values():
        if "terms" in data:
            terms += data["terms"]
        elif "cards" in data:
            cards += [(c, data["set"]) for c in data["cards"]]
    return corpus, {"terms": terms, "cards": cards}


def read_index(db_path: Path, digest: str, quiet: bool = False) -> Corpus | None:
    """The corpus stored in the index, or None when it is missing, stale or damaged (a damaged
    index is logged, unless ``quiet``)."""
    try:
        data = db_path.read_bytes()
    except FileNotFoundError:
        return None
    except OSError as exc:
        log.warning("index %s unreadable (%s); rebuilding", db_path, _reason(exc))
        return None
    try:
        if unsealed(data):
            log.info("index %s was built by an older version (no digest); rebuilding", db_path)
            return None
        if not pages_intact(data):
            raise ValueError("its pages do not match the digest stored at build time")
        with _connect_ro(db_path) as conn:
            meta = dict(conn.execute("SELECT key, value FROM meta").fetchall())
            if meta.get("content_hash") != digest or meta.get("version") != INDEX_VERSION:
                return None
            return _corpus_from_rows(conn, digest)
    except (sqlite3.Error, ValueError, KeyError, TypeError) as exc:
        if not quiet:
            log.warning("index %s is damaged (%s); rebuilding it", db_path, exc)
        return None


def _pages_digest(data: bytes) -> tuple[int, int]:
    """Two signed 32-bit halves of a digest of everything after the SQLite header."""
    digest = hashlib.sha256(memoryview(data)[_HEADER:]).digest()
    return (int.from_bytes(digest[:4], "big", signed=True),
            int.from_bytes(digest[4:8], "big", signed=True))


def _stored_digest(data: bytes) -> tuple[int, int]:
    return (int.from_bytes(data[60:64], "big", signed=True),
            int.from_bytes(data[68:72], "big", signed=True))


def unsealed(data: bytes) -> bool:
    """Whether a whole header carries no digest: an index built before digests were stored has
    zeros there and is rebuilt as stale, not reported as damaged. A header without SQLite's
    magic string is no such index: its zeros are damage (a zeroed first block)."""
    return (len(data) >= _HEADER and data.startswith(_SQLITE_MAGIC)
            and _stored_digest(data) == (0, 0))


def pages_intact(data: bytes) -> bool:
    """Whether an index file's bytes match the digest stored in its header at build time
    (user version at offset 60, application id at 68, both big-endian: SQLite's file format).
    """
    return len(data) >= _HEADER and _stored_digest(data) == _pages_digest(data)


def _seal(path: Path) -> None:
    """Store the digest of the finished file in its header (SQLite rewrites only the header
    when these two values change)."""
    user_version, application_id = _pages_digest(path.read_bytes())
    conn = sqlite3.connect(path)
    try:
        conn.execute("PRAGMA journal_mode = OFF")
        conn.execute(f"PRAGMA user_version = {user_version:d}")
        conn.execute(f"PRAGMA application_id = {application_id:d}")
    finally:
        conn.close()


@contextlib.contextmanager
def _connect_ro(db_path: Path) -> Iterator[sqlite3.Connection]:
    conn = sqlite3.connect(f"file:{db_path}?mode=ro", uri=True)
    try:
        yield conn
    finally:
        conn.close()


def _corpus_from_rows(conn: sqlite3.Connection, digest: str) -> Corpus:
    """The corpus from the raw dicts stored in ``bundle`` (one JSON text per table, so a warm
    start parses four JSON documents instead of one per row)."""
    bundle = {name: json.loads(text) for name, text in conn.execute("SELECT name, data FROM bundle")}
    sources = {s["id"]: Source(**s) for s in bundle["sources"]}
    sets = {s["id"]: CardSet(**s) for s in bundle["sets"]}
    terms: dict[str, Term] = {}
    for t in bundle["terms"]:
        terms[t["id"]] = term_from_dict(t, sources)
    set_dicts = bundle["card_sets"]  # each card file's `set:`, referred to by index
    cards: dict[str, Card] = {}
    for c, set_index in bundle["cards"]:
        cards[c["id"]] = card_from_dict(c, set_dicts[set_index])
    return Corpus(sources=sources, terms=terms, cards=cards, sets=sets, content_hash=digest)


def read_names(db_path: Path, digest: str, kind: str) -> dict[str, list[tuple[str, str]]] | None:
    """The stored lookup keys of one kind (``term`` or ``card``), ``{id: [(key, how), …]}`` in
    :func:`~bot.lookup.normalize.item_keys` order; None when the index does not hold the corpus
    with hash ``digest`` (then the caller computes them)."""
    if not digest or not db_path.exists():
        return None
    out: dict[str, list[tuple[str, str]]] = {}
    try:
        with _connect_ro(db_path) as conn:
            meta = dict(conn.execute("SELECT key, value FROM meta").fetchall())
            if meta.get("content_hash") != digest or meta.get("version") != INDEX_VERSION:
                return None
            for item_id, key, how in conn.execute(
                    "SELECT item_id, key, how FROM names WHERE kind = ? ORDER BY rowid", (kind,)):
                out.setdefault(item_id, []).append((key, how))
    except sqlite3.Error as exc:
        log.warning("index %s: names unreadable (%s)", db_path, exc)
        return None
    return out


# --- building -----------------------------------------------------------------------------


def build_index(db_path: Path, corpus: Corpus, raw: RawItems, digest: str) -> None:
    """Write a fresh index to a temp file beside ``db_path``, then replace it atomically."""
    import sqlite_utils  # imported here: a warm start never builds, and this import is slow

    fd, tmp_name = tempfile.mkstemp(prefix=f".{db_path.name}.", suffix=".tmp", dir=db_path.parent)
    os.close(fd)
    tmp = Path(tmp_name)
    try:
        db = sqlite_utils.Database(tmp)
        try:
            # A temp file, swapped in only when complete: no journal or syncs needed while writing.
            db.conn.execute("PRAGMA journal_mode = OFF")
            db.conn.execute("PRAGMA synchronous = OFF")
            with db.conn:
                _write_tables(db, corpus, raw, digest)
        finally:
            db.close()
        _seal(tmp)
        os.chmod(tmp, 0o644)  # mkstemp makes 0600: a bot running as another user reads it
        with tmp.open("rb+") as fh:
            os.fsync(fh.fileno())
        os.replace(tmp, db_path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def _dumps(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


_TABLES: dict[str, tuple[dict[str, type], str | None]] = {
    "meta": ({"key": str, "value": str}, "key"),
    "sources": ({"id": str, "pos": int, "data": str}, "id"),
    "sets": ({"id": int, "pos": int, "data": str}, "id"),
    "terms": ({"id": str, "pos": int, "name": str, "data": str}, "id"),
    "cards": ({"id": str, "pos": int, "set_id": int, "number": int, "name": str, "data": str,
               "set_data": str}, "id"),
    "names": ({"kind": str, "item_id": str, "key": str, "how": str}, None),  # in item_keys order
    "docs": ({"kind": str, "item_id": str, "title": str, "body": str}, None),
    "bundle": ({"name": str, "data": str}, "name"),  # the raw dicts of a table as one JSON text
}


def _write_tables(db: sqlite_utils.Database, corpus: Corpus, raw: RawItems, digest: str) -> None:
    for name, (columns, pk) in _TABLES.items():
        db.table(name).create(columns, pk=pk)
    terms = [_dumps(t) for t in raw["terms"]]
    cards = [(_dumps(c), _dumps(s)) for c, s in raw["cards"]]
    sources = [_dumps(asdict(s)) for s in corpus.sources.values()]
    sets = [_dumps(asdict(s)) for s in corpus.sets.values()]
    _insert(db, "meta", [("content_hash", digest), ("version", INDEX_VERSION)])
    _insert(db, "sources", ((s.id, i, d) for i, (s, d)
                            in enumerate(zip(corpus.sources.values(), sources, strict=True))))
    _insert(db, "sets", ((s.id, i, d) for i, (s, d)
                         in enumerate(zip(corpus.sets.values(), sets, strict=True))))
    _insert(db, "terms", ((t["id"], i, t["name"], d) for i, (t, d)
                          in enumerate(zip(raw["terms"], terms, strict=True))))
    _insert(db, "cards", ((c["id"], i, s["id"], c["number"], c["name"], d, sd) for i, ((c, s), (d, sd))
                          in enumerate(zip(raw["cards"], cards, strict=True))))
    db.table("cards").create_index(["set_id", "number"])
    _insert(db, "bundle", _bundle_rows(sources, sets, terms, cards))
    _insert(db, "names", _name_rows(corpus))
    db.table("names").create_index(["kind", "key"])
    _insert(db, "docs", _doc_rows(corpus))
    db.table("docs").enable_fts(["title", "body"], tokenize=FTS_TOKENIZE)


def _insert(db: sqlite_utils.Database, table: str, rows: Iterable[tuple[Any, ...]]) -> None:
    """Bulk insert of tuples in the column order of ``_TABLES`` (sqlite-utils' per-row dict
    handling costs more than the whole write for thousands of rows)."""
    columns = list(_TABLES[table][0])
    marks = ", ".join("?" for _ in columns)
    db.conn.executemany(f"INSERT INTO [{table}] ({', '.join(columns)}) VALUES ({marks})", rows)


def _bundle_rows(sources: list[str], sets: list[str], terms: list[str],
                 cards: list[tuple[str, str]]) -> Iterator[tuple[str, str]]:
    """The already encoded rows glued into one JSON text per table (cards refer to their
    file's `set:` by index into ``card_sets``)."""
    card_sets: list[str] = []
    card_rows: list[str] = []
    for data, set_data in cards:
        if not card_sets or card_sets[-1] != set_data:
            card_sets.append(set_data)
        card_rows.append(f"[{data},{len(card_sets) - 1}]")
    for name, items in (("sources", sources), ("sets", sets), ("terms", terms),
                        ("card_sets", card_sets), ("cards", card_rows)):
        yield name, "[" + ",".join(items) + "]"


def _name_rows(corpus: Corpus) -> Iterator[tuple[str, str, str, str]]:
    for t in corpus.terms.values():
        for key, how in item_keys(t.name, t.aliases, t.abbreviations, t.id):
            yield "term", t.id, key, how
    for c in corpus.cards.values():
        for key, how in item_keys(c.name, c.aliases):
            yield "card", c.id, key, how


def term_document(term: Term) -> tuple[str, str]:
    """(title, body) of a term for full-text search: stemmed names and every version's text."""
    title = " ".join([term.name, *term.aliases, *term.abbreviations])
    body = " ".join([*term.kinds, *(v.text for v in term.versions)])
    return stem_key(fold(title)), stem_key(fold(body))


def card_document(card: Card) -> tuple[str, str]:
    """(title, body) of a card: stemmed name and aliases; text, classes, element, set, number."""
    title = " ".join([card.name, *card.aliases])
    body = " ".join([card.text, *card.classes, card.element or "", card.type, card.set_name,
                     str(card.number), card.flavour])
    return stem_key(fold(title)), stem_key(fold(body))


def _doc_rows(corpus: Corpus) -> Iterator[tuple[str, str, str, str]]:
    for t in corpus.terms.values():
        yield "term", t.id, *term_document(t)
    for c in corpus.cards.values():
        yield "card", c.id, *card_document(c)
