"""The kiosk's records in SQLite: the running game (autosaved), finished games, events.

One file (:func:`kiosk.paths.database_path`) in WAL mode; every write is its own short
transaction, so an autosave survives the process being killed. Opening never raises: a
corrupt file is moved aside and a fresh one made, an unwritable place gives a database in
memory, and :attr:`Records.problem` says what happened, in French and English. After
opening, no ``sqlite3`` error reaches the caller: it is logged, counted in
:attr:`Records.failures`, and the kiosk goes on. The figures for the admin screen are in
:mod:`kiosk.records_stats`.
"""

from __future__ import annotations

import json
import logging
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO, TypeVar

from kiosk import paths
from kiosk.records_stats import (
    DayCount,
    GameStats,
    HumanVsMachine,
    export_rows,
    human_vs_machine,
    per_day,
)

__all__ = [
    "ABANDON",
    "MIGRATIONS",
    "DayCount",
    "FinishedGame",
    "GameStats",
    "HumanVsMachine",
    "Records",
    "SavedGame",
    "game_of",
]

log = logging.getLogger(__name__)
T = TypeVar("T")

ABANDON = "abandon"
"""The result of a game left before its end."""
PRUNE_EVERY = 500
EVENTS_KEPT = 10_000
"""Older events are dropped when the database is opened."""


def game_of(spec: str) -> str:
    """The game id of an engine spec: ``"moulin:standard,fly_at=4"`` → ``"moulin"``."""
    return spec.split(",")[0].partition(":")[0].strip().lower()


@dataclass(frozen=True)
class SavedGame:
    """The running game, autosaved after every decision."""

    spec: str
    controllers: tuple[str, ...]
    seed: int
    moves: tuple[str, ...]
    started: float  # epoch seconds


@dataclass(frozen=True)
class FinishedGame:
    """A game played to its end, or left (``result == "abandon"``)."""

    id: int
    game: str
    spec: str
    controllers: tuple[str, ...]
    moves: tuple[str, ...]
    result: str
    winner_seats: tuple[int, ...]
    started: float
    ended: float

    @property
    def duration(self) -> float:
        """Seconds from the first position to the end (never negative)."""
        return max(0.0, self.ended - self.started)


# ---------------------------------------------------------------------- opening the file

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
]
"""Schema changes, in order: ``PRAGMA user_version`` is how many were applied.

Append a new tuple of statements to change the schema; never edit an applied one.
"""

_DAMAGED = {sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB}
Opened = tuple[sqlite3.Connection, Path | None, tuple[str, str] | None]


class _Damaged(Exception):
    """The file is not a sound kiosk database (the reason is the message)."""


def _code(error: sqlite3.Error) -> int:
    return int(getattr(error, "sqlite_errorcode", 0) or 0) & 0xFF


def _prepare(db: sqlite3.Connection, in_memory: bool) -> tuple[str, str] | None:
    """Check, tune and migrate ``db``; a problem to show, or ``None``.

    Raises :class:`_Damaged` for a corrupt or foreign file and ``sqlite3.Error``
    when it cannot be written.
    """
    try:
        checks = [row[0] for row in db.execute("PRAGMA quick_check").fetchall()]
    except sqlite3.DatabaseError as error:
        if _code(error) in _DAMAGED:
            raise _Damaged(str(error)) from error
        raise
    if checks != ["ok"]:
        raise _Damaged("; ".join(map(str, checks[:3])))
    version = int(db.execute("PRAGMA user_version").fetchone()[0])
    tables = db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
    if version == 0 and tables:
        raise _Damaged("not a kiosk database")
    if not in_memory:
        mode = db.execute("PRAGMA journal_mode=WAL").fetchone()[0]
        if str(mode).lower() != "wal":
            log.warning("records: journal mode is %s, not wal", mode)
    db.execute("PRAGMA synchronous=NORMAL")
    for number, statements in enumerate(MIGRATIONS[version:], start=version + 1):
        db.execute("BEGIN IMMEDIATE")
        try:
            for statement in statements:
                db.execute(statement)
            db.execute(f"PRAGMA user_version = {number}")
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")
    # A real write, so a read-only file or directory shows now rather than later.
    db.execute("INSERT OR REPLACE INTO meta (key, value) VALUES ('opened', ?)", (time.time(),))
    if version > len(MIGRATIONS):
        return (
            "Le fichier des parties vient d'une version plus récente de la borne"
            f" (schéma {version}).",
            f"The games file comes from a newer kiosk version (schema {version}).",
        )
    return None


def _connect(target: Path | str) -> sqlite3.Connection:
    return sqlite3.connect(target, timeout=2.0, isolation_level=None, check_same_thread=False)


def _in_memory(target: Path, error: object) -> Opened:
    log.error("records: cannot use %s (%s); keeping the records in memory", target, error)
    db = _connect(":memory:")
    _prepare(db, in_memory=True)
    return (
        db,
        None,
        (
            f"Impossible d'écrire le fichier des parties {target} ({error}) :"
            " les parties ne seront gardées que jusqu'au prochain démarrage.",
            f"Cannot write the games file {target} ({error}):"
            " games will only be kept until the next start.",
        ),
    )


def _move_aside(target: Path) -> Path:
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


def _open_database(target: Path, may_move: bool = True) -> Opened:
    """The connection, the file (``None`` in memory) and the problem to show."""
    db: sqlite3.Connection | None = None
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        db = _connect(target)
        return db, target, _prepare(db, in_memory=False)
    except (_Damaged, OSError, sqlite3.Error) as error:
        if db is not None:
            db.close()
        damaged = isinstance(error, _Damaged) or (
            isinstance(error, sqlite3.Error) and _code(error) in _DAMAGED
        )
        if not damaged or not may_move:
            return _in_memory(target, error)
        reason = error
    log.error("records: %s is damaged (%s); moving it aside", target, reason)
    try:
        aside = _move_aside(target)
    except OSError as error:
        return _in_memory(target, f"{reason}; {error}")
    db, where, problem = _open_database(target, may_move=False)
    return (
        db,
        where,
        problem
        or (
            f"Le fichier des parties était abîmé ({reason}) : il a été mis de côté sous"
            f" le nom {aside} et un nouveau a été créé.",
            f"The games file was damaged ({reason}): it was set aside as {aside}"
            " and a new one was created.",
        ),
    )


class Records:
    """The kiosk's database. Build it with :meth:`open`."""

    def __init__(
        self, db: sqlite3.Connection, path: Path | None, problem: tuple[str, str] | None
    ) -> None:
        self._db = db
        self._lock = threading.RLock()
        self.path = path
        """The database file; ``None`` when the records are only in memory."""
        self.problem = problem
        """What went wrong with the records, (French, English), to show; ``None`` if nothing."""
        self.failures = 0
        self._noted = 0
        """How many operations failed since opening (each one logged)."""

    @classmethod
    def open(cls, path: Path | None = None) -> Records:
        """The database at ``path`` (default :func:`kiosk.paths.database_path`); never raises.

        A corrupt file (or one that is not SQLite, or fails ``PRAGMA quick_check``) is
        moved aside as ``<name>.corrupt-<YYYYmmdd-HHMMSS>`` and a fresh one created; an
        unwritable directory or file gives an in-memory database. :attr:`problem` then
        holds the message (fr, en) to show.
        """
        target = path if path is not None else paths.database_path()
        db, where, problem = _open_database(target)
        records = cls(db, where, problem)
        records._prune_events()
        return records

    @classmethod
    def memory(cls) -> Records:
        """Records kept in memory only (tests, the screenshot tour, the soak)."""
        db = _connect(":memory:")
        _prepare(db, in_memory=True)
        return cls(db, None, None)

    # ------------------------------------------------------------------ plumbing

    def _guard(self, what: str, default: T, action: Callable[[], T]) -> T:
        """``action()``, or ``default`` once its error is logged and counted.

        Besides ``sqlite3`` errors, values SQLite cannot store (text that is not valid
        Unicode, integers past 64 bits) fail here too rather than in the kiosk.
        """
        with self._lock:
            try:
                return action()
            except (sqlite3.Error, ValueError, TypeError, OverflowError) as error:
                self._failed(what, error)
                return default

    def _failed(self, what: str, error: Exception) -> None:
        self.failures += 1
        log.error("records: %s failed: %s", what, error)
        code = _code(error) if isinstance(error, sqlite3.Error) else 0
        if code == sqlite3.SQLITE_FULL:
            self.problem = (
                "Le disque est plein : les parties ne sont plus enregistrées.",
                "The disk is full: games are no longer recorded.",
            )
        elif code and self.problem is None:
            self.problem = (
                f"Le registre de la borne a une erreur : {error}",
                f"The kiosk's records have an error: {error}",
            )

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """One short write transaction, committed at the end (or rolled back)."""
        if self._db.in_transaction:
            self._db.execute("ROLLBACK")
        self._db.execute("BEGIN IMMEDIATE")
        try:
            yield self._db
            self._db.execute("COMMIT")
        except BaseException:
            if self._db.in_transaction:
                with suppress(sqlite3.Error):
                    self._db.execute("ROLLBACK")
            raise

    def _prune_events(self) -> None:
        def prune() -> None:
            with self._write() as db:
                db.execute(
                    "DELETE FROM events WHERE id <= (SELECT max(id) FROM events) - ?",
                    (EVENTS_KEPT,),
                )

        self._guard("pruning events", None, prune)

    @property
    def schema_version(self) -> int:
        """``PRAGMA user_version``: how many of the migrations this database has had."""
        return self._guard(
            "reading the schema version",
            0,
            lambda: int(self._db.execute("PRAGMA user_version").fetchone()[0]),
        )

    latest_version = len(MIGRATIONS)

    # ------------------------------------------------------------------ the running game

    def autosave(self, saved: SavedGame) -> None:
        """Remember the running game (one row, overwritten); committed before returning."""

        def save() -> None:
            with self._write() as db:
                db.execute(
                    "INSERT OR REPLACE INTO running"
                    " (id, spec, controllers, seed, moves, started, saved)"
                    " VALUES (1, ?, ?, ?, ?, ?, ?)",
                    (
                        saved.spec,
                        json.dumps(list(saved.controllers)),
                        str(int(saved.seed)),
                        json.dumps(list(saved.moves)),
                        float(saved.started),
                        time.time(),
                    ),
                )

        self._guard("autosave", None, save)

    def running(self) -> SavedGame | None:
        """The game to resume at start, if one was being played."""

        def read() -> SavedGame | None:
            row = self._db.execute(
                "SELECT spec, controllers, seed, moves, started FROM running WHERE id = 1"
            ).fetchone()
            if row is None:
                return None
            try:
                controllers = tuple(str(c) for c in json.loads(row[1]))
                moves = tuple(str(m) for m in json.loads(row[3]))
                return SavedGame(str(row[0]), controllers, int(row[2]), moves, float(row[4]))
            except (ValueError, TypeError) as error:
                self.failures += 1
                log.error("records: the saved game is unreadable: %s", error)
                return None

        return self._guard("reading the running game", None, read)

    def clear_running(self) -> None:
        """Forget the running game (it was abandoned or reset)."""

        def clear() -> None:
            with self._write() as db:
                db.execute("DELETE FROM running")

        self._guard("clearing the running game", None, clear)

    # ------------------------------------------------------------------ finished games

    def finish(
        self,
        spec: str,
        controllers: Sequence[str],
        moves: Sequence[str],
        result: str,
        winner_seats: Sequence[int],
        started: float,
        ended: float | None = None,
    ) -> int:
        """Record a finished game (and forget the running one); its id, 0 if not recorded.

        ``result`` is the engine's words (``"noir gagne"``, ``"nulle"``…) or ``"abandon"``;
        ``winner_seats`` is empty for a draw or an abandon; ``ended`` defaults to now.
        """

        def insert() -> int:
            with self._write() as db:
                cursor = db.execute(
                    "INSERT INTO games"
                    " (game, spec, controllers, moves, result, winner_seats, started, ended)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        game_of(spec),
                        spec,
                        json.dumps(list(controllers)),
                        json.dumps(list(moves)),
                        result,
                        json.dumps([int(s) for s in winner_seats]),
                        float(started),
                        float(time.time() if ended is None else ended),
                    ),
                )
                db.execute("DELETE FROM running")
                return int(cursor.lastrowid or 0)

        return self._guard("recording a finished game", 0, insert)

    def games(self, limit: int | None = None) -> list[FinishedGame]:
        """Finished games, the latest first (all of them when ``limit`` is ``None``)."""

        def read() -> list[FinishedGame]:
            rows = self._db.execute(
                "SELECT id, game, spec, controllers, moves, result, winner_seats, started, ended"
                " FROM games ORDER BY ended DESC, id DESC LIMIT ?",
                (-1 if limit is None else max(0, limit),),
            ).fetchall()
            return [game for game in map(self._finished_game, rows) if game is not None]

        return self._guard("reading the games", [], read)

    def _finished_game(self, row: Sequence[object]) -> FinishedGame | None:
        try:
            return FinishedGame(
                id=int(str(row[0])),
                game=str(row[1]),
                spec=str(row[2]),
                controllers=tuple(str(c) for c in json.loads(str(row[3]))),
                moves=tuple(str(m) for m in json.loads(str(row[4]))),
                result=str(row[5]),
                winner_seats=tuple(int(s) for s in json.loads(str(row[6]))),
                started=float(str(row[7])),
                ended=float(str(row[8])),
            )
        except (ValueError, TypeError) as error:
            self.failures += 1
            log.error("records: game %s is unreadable: %s", row[0], error)
            return None

    # ------------------------------------------------------------------ events

    def event(self, kind: str, detail: str = "", at: float | None = None) -> None:
        """Note a kiosk event: ``start``, ``crash``, ``error``, ``attract``, ``config``…"""

        def insert() -> None:
            with self._write() as db:
                db.execute(
                    "INSERT INTO events (at, kind, detail) VALUES (?, ?, ?)",
                    (time.time() if at is None else float(at), kind, detail),
                )

        self._guard(f"noting the event {kind!r}", None, insert)
        self._noted += 1
        if self._noted % PRUNE_EVERY == 0:
            self._prune_events()  # an error storm in a long run stays bounded

    def events(self, limit: int = 100) -> list[tuple[float, str, str]]:
        """The latest events, the latest first: ``(at, kind, detail)``."""

        def read() -> list[tuple[float, str, str]]:
            rows = self._db.execute(
                "SELECT at, kind, detail FROM events ORDER BY at DESC, id DESC LIMIT ?",
                (max(0, limit),),
            ).fetchall()
            return [(float(at), str(kind), str(detail)) for at, kind, detail in rows]

        return self._guard("reading the events", [], read)

    # ------------------------------------------------------------------ figures

    def games_per_day(self, days: int = 14, now: float | None = None) -> list[DayCount]:
        """Games ended on each of the last ``days`` local days, oldest first, zeros included."""
        moment = time.time() if now is None else now
        window = per_day([], days, moment)
        since = time.mktime(time.strptime(window[0].day, "%Y-%m-%d")) if window else moment

        def read() -> list[DayCount]:
            rows = self._db.execute("SELECT ended FROM games WHERE ended >= ?", (since,))
            return per_day([float(ended) for (ended,) in rows], days, moment)

        return self._guard("counting games per day", window, read)

    def per_game(self) -> list[GameStats]:
        """For each game: how many were recorded and their average duration, most played first."""

        def read() -> list[GameStats]:
            rows = self._db.execute(
                "SELECT game, count(*), avg(max(ended - started, 0)) FROM games"
                " GROUP BY game ORDER BY count(*) DESC, game"
            ).fetchall()
            return [GameStats(str(game), int(n), float(average)) for game, n, average in rows]

        return self._guard("counting games per game", [], read)

    def human_vs_machine(self) -> list[HumanVsMachine]:
        """People against machines of one level, per level (abandons left out)."""

        def read() -> list[HumanVsMachine]:
            rows = self._db.execute(
                "SELECT controllers, winner_seats FROM games WHERE result != ?", (ABANDON,)
            ).fetchall()
            return human_vs_machine(
                (tuple(json.loads(controllers)), tuple(json.loads(winners)))
                for controllers, winners in rows
            )

        return self._guard("counting people against machines", [], read)

    def export_csv(self, out: TextIO) -> int:
        """Every finished game as a CSV row (header first, oldest first); the rows written.

        Errors writing to ``out`` (a full USB stick) are the caller's and do propagate.
        """
        games = list(reversed(self.games()))
        return export_rows(games, out)

    # ------------------------------------------------------------------ closing

    def close(self) -> None:
        """Close the database (a WAL checkpoint happens on the way out)."""
        with self._lock:
            try:
                self._db.close()
            except sqlite3.Error as error:
                self._failed("closing", error)

    def __enter__(self) -> Records:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
