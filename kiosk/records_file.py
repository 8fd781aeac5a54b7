"""Opening the kiosk's SQLite file: checked, tuned, migrated; a damaged file set aside.

:func:`open_records_file` never raises. It gives a connection to the file when the
file can be written; otherwise a connection to a database in memory holding a copy
of whatever of the file could be read (so a saved game on a read-only card is still
resumed), flagged as not the file. Every commit on the file is synced to stable
storage (``synchronous=FULL`` in WAL mode): a power cut loses no decision the
screen showed as played.
"""

from __future__ import annotations

import logging
import sqlite3
import time
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger(__name__)

Message = tuple[str, str]
"""A message for the owners, in French and in English."""

MIGRATIONS: list[tuple[str, ...]] = [
    (
        "CREATE TABLE running (id INTEGER PRIMARY KEY CHECK (id = 1), spec TEXT NOT NULL,"
        " controllers TEXT NOT NULL, seed TEXT NOT NULL, moves TEXT NOT NULL,"
        " started REAL NOT NULL, saved REAL NOT NULL)",
        "CREATE TABLE games (id INTEGER PRIMARY KEY AUTOINCREMENT, game TEXT NOT NULL,"
        " spec TEXT NOT NULL, controllers TEXT NOT NULL, moves TEXT NOT NULL,"
        " result TEXT NOT NULL, winner_seats TEXT NOT NULL, started REAL NOT NULL,"
        " ended REAL NOT NULL)",
        "CREATE INDEX games_by_end ON games (ended)",
        "CREATE TABLE events (id INTEGER PRIMARY KEY AUTOINCREMENT, at REAL NOT NULL,"
        " kind TEXT NOT NULL, detail TEXT NOT NULL)",
        "CREATE INDEX events_by_time ON events (at)",
        "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    ),
    (
        # the persons the coach helps in the running game (none in a game saved before)
        "ALTER TABLE running ADD COLUMN coached TEXT NOT NULL DEFAULT '[]'",
    ),
]
"""Schema changes, in order: ``PRAGMA user_version`` is how many were applied.

Append a new tuple of statements to change the schema; never edit an applied one,
and add the columns the kiosk reads to :data:`COLUMNS`.
"""

COLUMNS: dict[str, frozenset[str]] = {
    "running": frozenset(
        {"id", "spec", "controllers", "seed", "moves", "started", "saved", "coached"}
    ),
    "games": frozenset(
        {"id", "game", "spec", "controllers", "moves", "result", "winner_seats", "started", "ended"}
    ),
    "events": frozenset({"id", "at", "kind", "detail"}),
    "meta": frozenset({"key", "value"}),
}
"""The tables and columns the kiosk reads and writes: a file lacking one is not sound."""

DAMAGED_CODES = frozenset({sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB})
UNWRITABLE_CODES = frozenset(
    {
        sqlite3.SQLITE_PERM,
        sqlite3.SQLITE_BUSY,
        sqlite3.SQLITE_LOCKED,
        sqlite3.SQLITE_READONLY,
        sqlite3.SQLITE_IOERR,
        sqlite3.SQLITE_FULL,
        sqlite3.SQLITE_CANTOPEN,
    }
)
"""Errors that mean "the file cannot be written now": the records wait in memory."""


class Damaged(Exception):
    """The file is not a sound kiosk database (the reason is the message)."""


@dataclass
class Opened:
    """A connection, and what it is."""

    db: sqlite3.Connection
    on_file: bool
    """True when ``db`` writes to the file; False for a database in memory."""
    problem: Message | None


def code(error: object) -> int:
    """SQLite's primary result code of ``error`` (0 when it has none)."""
    return int(getattr(error, "sqlite_errorcode", 0) or 0) & 0xFF


def connect(
    target: Path | str, read_only: bool = False, immutable: bool = False
) -> sqlite3.Connection:
    """A connection in autocommit mode; ``read_only`` (and ``immutable``) through a URI."""
    if read_only:
        uri = Path(target).resolve().as_uri() + ("?immutable=1" if immutable else "?mode=ro")
        return sqlite3.connect(
            uri, uri=True, timeout=2.0, isolation_level=None, check_same_thread=False
        )
    return sqlite3.connect(target, timeout=2.0, isolation_level=None, check_same_thread=False)


def _quick_check(db: sqlite3.Connection) -> None:
    try:
        checks = [row[0] for row in db.execute("PRAGMA quick_check").fetchall()]
    except sqlite3.DatabaseError as error:
        if code(error) in DAMAGED_CODES:
            raise Damaged(str(error)) from error
        raise
    if checks != ["ok"]:
        raise Damaged("; ".join(map(str, checks[:3])))


def check_schema(db: sqlite3.Connection) -> None:
    """Raise :class:`Damaged` when a table or column the kiosk uses is missing."""
    for table, wanted in COLUMNS.items():
        found = {str(row[1]) for row in db.execute(f"PRAGMA table_info({table})")}
        if not found:
            raise Damaged(f"table {table} missing")
        missing = wanted - found
        if missing:
            raise Damaged(f"table {table} lacks {', '.join(sorted(missing))}")


def prepare(db: sqlite3.Connection, in_memory: bool) -> Message | None:
    """Check, tune and migrate ``db``; a problem to show, or ``None``.

    Raises :class:`Damaged` for a corrupt or foreign file and ``sqlite3.Error``
    when it cannot be written.
    """
    _quick_check(db)
    version = int(db.execute("PRAGMA user_version").fetchone()[0])
    tables = db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
    if version == 0 and tables:
        raise Damaged("not a kiosk database")
    if not in_memory:
        mode = db.execute("PRAGMA journal_mode=WAL").fetchone()[0]
        if str(mode).lower() != "wal":
            log.warning("records: journal mode is %s, not wal", mode)
    db.execute("PRAGMA synchronous=FULL")
    for number, statements in enumerate(MIGRATIONS[version:], start=version + 1):
        db.execute("BEGIN IMMEDIATE")
        try:
            for statement in statements:
                db.execute(statement)
            db.execute(f"PRAGMA user_version = {number}")
        except sqlite3.Error as error:
            with suppress(sqlite3.Error):
                db.execute("ROLLBACK")
            if code(error) == sqlite3.SQLITE_ERROR:  # a table already there, half a schema
                raise Damaged(f"schema {version}: {error}") from error
            raise
        db.execute("COMMIT")
    check_schema(db)
    # A real write, so a read-only file or directory shows now rather than later.
    db.execute("INSERT OR REPLACE INTO meta (key, value) VALUES ('opened', ?)", (time.time(),))
    if version > len(MIGRATIONS):
        return (
            "Le fichier des parties vient d'une version plus récente de la borne"
            f" (schéma {version}).",
            f"The games file comes from a newer kiosk version (schema {version}).",
        )
    return None


def memory_database() -> sqlite3.Connection:
    """A fresh, empty kiosk database in memory."""
    db = connect(":memory:")
    prepare(db, in_memory=True)
    return db


def move_aside(target: Path) -> Path:
    """Rename ``target`` (and its WAL files) to ``<name>.corrupt-<stamp>``."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    aside = target.with_name(f"{target.name}.corrupt-{stamp}")
    number = 1
    while aside.exists():
        aside = target.with_name(f"{target.name}.corrupt-{stamp}-{number}")
        number += 1
    target.rename(aside)
    for suffix in ("-wal", "-shm", "-journal"):
        extra = target.with_name(target.name + suffix)
        if extra.exists():
            extra.rename(aside.with_name(aside.name + suffix))
    return aside


def open_writable(target: Path, may_move: bool = True) -> tuple[sqlite3.Connection, Message | None]:
    """The file, checked and migrated, ready to write; a damaged one is set aside first.

    Raises ``OSError`` or ``sqlite3.Error`` when the file cannot be written, and
    :class:`Damaged` when a damaged file cannot be set aside.
    """
    db: sqlite3.Connection | None = None
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        if target.exists() and not (target.is_file() or target.is_dir()):
            raise Damaged("not a regular file")  # a FIFO would block the start for ever
        db = connect(target)
        return db, prepare(db, in_memory=False)
    except (Damaged, sqlite3.Error) as error:
        if db is not None:
            db.close()
        damaged = isinstance(error, Damaged) or code(error) in DAMAGED_CODES
        if not damaged or not may_move:
            raise
        reason = error
    except BaseException:
        if db is not None:
            db.close()
        raise
    log.error("records: %s is damaged (%s); moving it aside", target, reason)
    aside = move_aside(target)
    db, problem = open_writable(target, may_move=False)
    return db, problem or (
        f"Le fichier des parties était abîmé ({reason}) : il a été mis de côté sous"
        f" le nom {aside} et un nouveau a été créé.",
        f"The games file was damaged ({reason}): it was set aside as {aside}"
        " and a new one was created.",
    )


def copy_in_memory(target: Path) -> sqlite3.Connection | None:
    """What can be read of ``target`` (opened read-only), copied into memory; or ``None``.

    A WAL database on a read-only file system opens read-only only while its ``-wal``
    and ``-shm`` files exist (after a power cut); after a clean close they are gone,
    nothing is in a WAL, and the file is read as immutable.
    """
    if not target.is_file():
        return None
    for immutable in (False, True):
        source: sqlite3.Connection | None = None
        try:
            source = connect(target, read_only=True, immutable=immutable)
            _quick_check(source)
            check_schema(source)
            return copy_connection(source)
        except (Damaged, sqlite3.Error, OSError, ValueError) as error:
            log.warning("records: %s cannot be read%s: %s", target,
                        " as immutable" if immutable else "", error)
        finally:
            if source is not None:
                source.close()
    return None


def copy_connection(source: sqlite3.Connection) -> sqlite3.Connection:
    """A database in memory holding a copy of ``source`` (at the latest schema)."""
    copy = connect(":memory:")
    source.backup(copy)
    prepare(copy, in_memory=True)
    return copy


def unwritable_message(target: Path, error: object) -> Message:
    return (
        f"Impossible d'écrire le fichier des parties {target} ({error}) : les parties sont"
        " gardées en mémoire et y seront écrites dès que possible.",
        f"Cannot write the games file {target} ({error}): games are kept in memory"
        " and will be written to it as soon as possible.",
    )


FULL_MESSAGE: Message = (
    "Le disque est plein : les parties sont gardées en mémoire et seront écrites"
    " dès qu'il y aura de la place.",
    "The disk is full: games are kept in memory and will be written as soon as"
    " there is room.",
)


def open_records_file(target: Path) -> Opened:
    """The file to write to, or a copy in memory of what can be read of it; never raises."""
    try:
        db, problem = open_writable(target)
        return Opened(db, True, problem)
    except Exception as error:  # whatever it is, the kiosk starts
        reason = error
    log.error("records: cannot write %s (%s); keeping the records in memory", target, reason)
    copy = copy_in_memory(target)
    if copy is None:
        copy = memory_database()
    full = code(reason) == sqlite3.SQLITE_FULL
    return Opened(copy, False, FULL_MESSAGE if full else unwritable_message(target, reason))
