"""The kiosk's records in SQLite: the running game (autosaved), finished games, events.

One file (:func:`kiosk.paths.database_path`) in WAL mode; every write is its own short
transaction, synced to stable storage before it returns, so an autosave survives the
process being killed and the power being cut. Opening never raises
(:mod:`kiosk.records_file`): a corrupt file is moved aside and a fresh one made; a file
that cannot be written is read into memory. While the file cannot be written (at start or
later: a full disk), the records go on in memory and are written to the file as soon as
it can be (:meth:`Records.maintain`); :attr:`Records.problem` says what happened, in
French and English. After opening, no ``sqlite3`` error reaches the caller: it is logged,
counted in :attr:`Records.failures`, and the kiosk goes on. The figures for the admin
screen are in :mod:`kiosk.records_stats`.
"""

from __future__ import annotations

import json
import logging
import sqlite3
import threading
import time
from collections.abc import Callable, Sequence
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO, TypeVar

from kiosk import paths
from kiosk.records_file import (
    DAMAGED_CODES,
    FULL_MESSAGE,
    MIGRATIONS,
    UNWRITABLE_CODES,
    Damaged,
    code,
    copy_connection,
    memory_database,
    open_records_file,
    open_writable,
    unwritable_message,
)
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
    "bilingual",
    "game_of",
]

log = logging.getLogger(__name__)
T = TypeVar("T")

ABANDON = "abandon"
"""The result of a game left before its end."""
PRUNE_EVERY = 500
EVENTS_KEPT = 10_000
"""Older events are dropped when the database is opened."""
RETRY_EVERY = 10.0
"""Seconds between two tries of a file that could not be written."""
PENDING_EVENTS = 500
"""Events kept in memory for a file that cannot be written (the oldest are dropped)."""


def bilingual(message: tuple[str, str]) -> str:
    """An event's detail in both languages: ``{"fr": …, "en": …}`` (the owners' journal)."""
    return json.dumps({"fr": message[0], "en": message[1]}, ensure_ascii=False)


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
    coached: tuple[int, ...] = ()
    """The seats of the persons the coach helps."""


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


@dataclass(frozen=True)
class _Write:
    """A write to replay on the file once it can be written: its statements, in order.

    ``kind`` is ``"running"`` (an autosave or its clearing: only the last one matters),
    ``"game"`` (a finished game), ``"event"`` (the oldest dropped past
    :data:`PENDING_EVENTS`) or ``"other"``.
    """

    kind: str
    statements: tuple[tuple[str, tuple[object, ...]], ...]


def _event_write(kind: str, detail: str, at: float) -> _Write:
    return _Write(
        "event",
        (("INSERT INTO events (at, kind, detail) VALUES (?, ?, ?)", (float(at), kind, detail)),),
    )


class Records:
    """The kiosk's database. Build it with :meth:`open`.

    When the file cannot be written (a full disk, a read-only card, a file that went
    bad), the records go on in a copy in memory and every write is also kept in
    :attr:`pending`; :meth:`maintain` tries the file again every
    :data:`RETRY_EVERY` seconds and, once it can be written, writes them there and
    clears :attr:`problem`.
    """

    def __init__(
        self,
        db: sqlite3.Connection,
        path: Path | None,
        problem: tuple[str, str] | None,
        target: Path | None = None,
    ) -> None:
        self._db = db
        self._lock = threading.RLock()
        self.path = path
        """The database file being written; ``None`` while the records are in memory."""
        self.target = target if target is not None else path
        """The file the records belong in (``None``: records kept in memory only)."""
        self.problem = problem
        """What went wrong with the records, (French, English), to show; ``None`` if nothing."""
        self.failures = 0
        """How many operations failed since opening (each one logged)."""
        self.pending: list[_Write] = []
        """Writes made in memory that the file still lacks, oldest first."""
        self._noted = 0
        self._next_try = 0.0

    @classmethod
    def open(cls, path: Path | None = None) -> Records:
        """The database at ``path`` (default :func:`kiosk.paths.database_path`); never raises.

        A corrupt file (or one that is not SQLite, or fails ``PRAGMA quick_check``, or
        lacks a table) is moved aside as ``<name>.corrupt-<YYYYmmdd-HHMMSS>`` and a fresh
        one created; a file that cannot be written is copied into memory (its saved game
        and games still read) and written later. :attr:`problem` then holds the message
        (fr, en) to show.
        """
        target = Path(path) if path is not None else paths.database_path()
        opened = open_records_file(target)
        records = cls(opened.db, target if opened.on_file else None, opened.problem, target)
        if opened.problem is not None:
            records.event("records", bilingual(opened.problem))
        records._prune_events()
        return records

    @classmethod
    def memory(cls) -> Records:
        """Records kept in memory only (tests, the screenshot tour, the soak)."""
        return cls(memory_database(), None, None)

    @property
    def in_memory_until_written(self) -> bool:
        """True while the records wait in memory for their file to be writable."""
        return self.target is not None and self.path is None

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
        if code(error) and self.problem is None:
            self.problem = (
                f"Le registre de la borne a une erreur : {error}",
                f"The kiosk's records have an error: {error}",
            )

    def _transaction(self, write: _Write) -> sqlite3.Cursor | None:
        """One short write transaction on the connection, committed (or rolled back)."""
        db = self._db
        if db.in_transaction:
            db.execute("ROLLBACK")
        db.execute("BEGIN IMMEDIATE")
        try:
            cursor = None
            for sql, parameters in write.statements:
                cursor = db.execute(sql, parameters)
            db.execute("COMMIT")
            return cursor
        except BaseException:
            if db.in_transaction:
                with suppress(sqlite3.Error):
                    db.execute("ROLLBACK")
            raise

    def _write(self, write: _Write, keep: bool = True) -> sqlite3.Cursor | None:
        """``write`` committed; kept for the file too while the records are in memory.

        Raises what the connection raises, except the errors that mean the file cannot
        be written now: then the records go on in memory (:meth:`_fall_back`).
        """
        with self._lock:
            self.maintain()
            if self.path is not None:
                try:
                    return self._transaction(write)
                except sqlite3.Error as error:
                    if code(error) not in UNWRITABLE_CODES | DAMAGED_CODES:
                        raise
                    self._fall_back(error)
            cursor = self._transaction(write)
            if keep and self.target is not None:
                self._keep(write)
            return cursor

    def _keep(self, write: _Write) -> None:
        if write.kind == "running":  # only the last word on the running game matters
            self.pending = [w for w in self.pending if w.kind != "running"]
        self.pending.append(write)
        events = [w for w in self.pending if w.kind == "event"]
        if len(events) > PENDING_EVENTS:
            dropped = set(map(id, events[: len(events) - PENDING_EVENTS]))
            self.pending = [w for w in self.pending if id(w) not in dropped]

    def _fall_back(self, error: sqlite3.Error) -> None:
        """The file cannot be written: go on with a copy of it in memory."""
        log.error("records: %s cannot be written (%s); keeping the records in memory",
                  self.target, error)
        self.failures += 1
        try:
            copy = copy_connection(self._db)
        except (sqlite3.Error, Damaged) as copy_error:
            log.error("records: copying the records into memory failed: %s", copy_error)
            copy = memory_database()
        with suppress(sqlite3.Error):
            self._db.close()
        self._db, self.path = copy, None
        self._next_try = time.monotonic() + RETRY_EVERY
        target = self.target if self.target is not None else Path("?")
        self.problem = (
            FULL_MESSAGE
            if code(error) == sqlite3.SQLITE_FULL
            else unwritable_message(target, error)
        )
        message = bilingual(self.problem)
        self._keep(_event_write("records", message, time.time()))
        self._transaction(_event_write("records", message, time.time()))

    def maintain(self, force: bool = False) -> bool:
        """While in memory, try the file again (at most every :data:`RETRY_EVERY` s).

        Once it can be written, the pending writes go there, the records go back to
        the file and :attr:`problem` is cleared; returns True then.
        """
        with self._lock:
            if not self.in_memory_until_written or self.target is None:
                return False
            now = time.monotonic()
            if not force and now < self._next_try:
                return False
            self._next_try = now + RETRY_EVERY
            try:
                db, problem = open_writable(self.target)
            except Exception as error:  # still not writable: try again later
                log.debug("records: %s still cannot be written: %s", self.target, error)
                return False
            written = len(self.pending)
            done = _event_write("records-ok", str(written), time.time())
            try:
                db.execute("BEGIN IMMEDIATE")
                for write in [*self.pending, done]:
                    for sql, parameters in write.statements:
                        db.execute(sql, parameters)
                db.execute("COMMIT")
            except sqlite3.Error as error:
                log.info("records: %s not writable yet: %s", self.target, error)
                with suppress(sqlite3.Error):
                    db.execute("ROLLBACK")
                db.close()
                return False
            with suppress(sqlite3.Error):
                self._db.close()
            self._db, self.path, self.pending = db, self.target, []
            self.problem = problem
            log.info("records: %s can be written again; %d writes kept in memory written",
                     self.target, written)
            return True

    def _prune_events(self) -> None:
        prune = _Write(
            "other",
            (
                (
                    "DELETE FROM events WHERE id <= (SELECT max(id) FROM events) - ?",
                    (EVENTS_KEPT,),
                ),
            ),
        )
        self._guard("pruning events", None, lambda: self._write(prune, keep=False))

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
        """Remember the running game (one row, overwritten); on stable storage on return."""
        row = (
            saved.spec,
            json.dumps(list(saved.controllers)),
            str(int(saved.seed)),
            json.dumps(list(saved.moves)),
            float(saved.started),
            time.time(),
            json.dumps(sorted(saved.coached)),
        )
        write = _Write(
            "running",
            (
                (
                    "INSERT OR REPLACE INTO running"
                    " (id, spec, controllers, seed, moves, started, saved, coached)"
                    " VALUES (1, ?, ?, ?, ?, ?, ?, ?)",
                    row,
                ),
            ),
        )
        self._guard("autosave", None, lambda: self._write(write))

    def running(self) -> SavedGame | None:
        """The game to resume at start, if one was being played.

        A row that cannot be read is set aside: kept whole in the events
        (``set-aside``) and cleared, so that it is said once and not at every start.
        """

        def read() -> SavedGame | None:
            row = self._db.execute(
                "SELECT spec, controllers, seed, moves, started, coached FROM running"
                " WHERE id = 1"
            ).fetchone()
            if row is None:
                return None
            try:
                controllers = tuple(str(c) for c in json.loads(row[1]))
                moves = tuple(str(m) for m in json.loads(row[3]))
                coached = tuple(int(seat) for seat in json.loads(row[5] or "[]"))
                return SavedGame(str(row[0]), controllers, int(row[2]), moves, float(row[4]),
                                 coached)
            except (ValueError, TypeError) as error:
                self.failures += 1
                log.error("records: the saved game is unreadable: %s", error)
                detail = {
                    "spec": str(row[0]),
                    "moves": 0,
                    "error": f"{type(error).__name__}: {error}",
                    "row": [str(value) for value in row],
                }
                self.event("set-aside", json.dumps(detail, ensure_ascii=False))
                self.clear_running()
                return None

        return self._guard("reading the running game", None, read)

    def clear_running(self) -> None:
        """Forget the running game (it was abandoned or reset)."""
        write = _Write("running", (("DELETE FROM running", ()),))
        self._guard("clearing the running game", None, lambda: self._write(write))

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
            row = (
                game_of(spec),
                spec,
                json.dumps(list(controllers)),
                json.dumps(list(moves)),
                result,
                json.dumps([int(s) for s in winner_seats]),
                float(started),
                float(time.time() if ended is None else ended),
            )
            write = _Write(
                "game",
                (
                    (
                        "INSERT INTO games (game, spec, controllers, moves, result,"
                        " winner_seats, started, ended) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                        row,
                    ),
                    ("DELETE FROM running", ()),
                ),
            )
            self._write(write)
            return int(self._db.execute("SELECT max(id) FROM games").fetchone()[0] or 0)

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
            self._write(_event_write(kind, detail, time.time() if at is None else float(at)))

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
        """Close the database (a WAL checkpoint happens on the way out).

        Records waiting in memory get a last try at their file first.
        """
        with self._lock:
            if self.pending:
                self.maintain(force=True)
            if self.pending:
                log.error("records: %d writes could not reach %s", len(self.pending), self.target)
            try:
                self._db.close()
            except sqlite3.Error as error:
                self._failed("closing", error)

    def __enter__(self) -> Records:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
