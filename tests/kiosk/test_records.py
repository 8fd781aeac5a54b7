"""The kiosk's records: real SQLite files, a real process killed mid-game, damaged files."""

from __future__ import annotations

import csv
import io
import os
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kiosk.records import (
    MIGRATIONS,
    DayCount,
    FinishedGame,
    GameStats,
    HumanVsMachine,
    Records,
    SavedGame,
    game_of,
)
from kiosk.records_stats import CSV_COLUMNS
from kiosk.table import HUMAN

ROOT = Path(__file__).resolve().parents[2]
SAVED = SavedGame("moulin:standard", (HUMAN, "expert"), 7, ("a1", "b2", "c3"), 1_700_000_000.0)


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "ludokiosk.sqlite3"


@pytest.fixture
def records(db_path: Path):
    opened = Records.open(db_path)
    yield opened
    opened.close()


def local(year: int, month: int, day: int, hour: int = 12, minute: int = 0) -> float:
    return time.mktime((year, month, day, hour, minute, 0, 0, 0, -1))


@pytest.fixture
def paris(monkeypatch: pytest.MonkeyPatch):
    """Local time an hour or two off UTC, so a day cut at UTC midnight would show."""
    monkeypatch.setenv("TZ", "Europe/Paris")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


# ---------------------------------------------------------------- round trips


def test_a_fresh_file_is_made_in_wal_mode_at_the_latest_schema(db_path: Path) -> None:
    records = Records.open(db_path)
    assert records.problem is None and records.path == db_path
    assert records.schema_version == len(MIGRATIONS) == records.latest_version
    records.autosave(SAVED)
    assert (db_path.parent / (db_path.name + "-wal")).exists()
    records.close()
    with sqlite3.connect(db_path) as raw:
        assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert raw.execute("PRAGMA user_version").fetchone()[0] == len(MIGRATIONS)
    again = Records.open(db_path)
    assert again.schema_version == len(MIGRATIONS) and again.problem is None
    again.close()


def test_the_running_game_round_trips_and_survives_closing(db_path: Path) -> None:
    with Records.open(db_path) as records:
        assert records.running() is None
        records.autosave(SAVED)
        assert records.running() == SAVED
    with Records.open(db_path) as records:
        assert records.running() == SAVED
        records.clear_running()
        assert records.running() is None
    with Records.open(db_path) as records:
        assert records.running() is None
        assert records.failures == 0


def test_autosave_overwrites_its_one_row(records: Records, db_path: Path) -> None:
    records.autosave(SAVED)
    later = SavedGame(
        SAVED.spec, SAVED.controllers, SAVED.seed, (*SAVED.moves, "d4"), SAVED.started
    )
    records.autosave(later)
    assert records.running() == later
    with sqlite3.connect(db_path) as raw:
        assert raw.execute("SELECT count(*) FROM running").fetchone()[0] == 1


def test_moves_with_spaces_and_big_seeds_come_back_whole(records: Records) -> None:
    saved = SavedGame("backgammon", ("expert", HUMAN), 2**70, ("6-1: 13/7 8/7", "é ü"), 5.5)
    records.autosave(saved)
    assert records.running() == saved


def test_a_finished_game_round_trips_and_clears_the_running_one(db_path: Path) -> None:
    with Records.open(db_path) as records:
        records.autosave(SAVED)
        game_id = records.finish(
            "moulin:standard,fly_at=4",
            [HUMAN, "expert"],
            ["a1", "b2"],
            "noir gagne",
            [1],
            started=100.0,
            ended=160.5,
        )
        assert game_id > 0
        assert records.running() is None
    with Records.open(db_path) as records:
        (game,) = records.games()
    assert game == FinishedGame(
        id=game_id,
        game="moulin",
        spec="moulin:standard,fly_at=4",
        controllers=(HUMAN, "expert"),
        moves=("a1", "b2"),
        result="noir gagne",
        winner_seats=(1,),
        started=100.0,
        ended=160.5,
    )
    assert game.duration == 60.5


def test_games_come_latest_first_and_limited(records: Records) -> None:
    ids = [
        records.finish("reversi", [HUMAN, HUMAN], [], "nulle", [], 0.0, float(i)) for i in (3, 1, 2)
    ]
    assert [g.id for g in records.games()] == [ids[0], ids[2], ids[1]]
    assert [g.id for g in records.games(limit=2)] == [ids[0], ids[2]]
    assert records.games(limit=0) == []


def test_events_latest_first_and_limited(records: Records) -> None:
    records.event("start", at=10.0)
    records.event("crash", "ZeroDivisionError in play", at=30.0)
    records.event("attract", at=20.0)
    before = time.time()
    records.event("config", "kiosk.toml: [ecran] luminosite")
    events = records.events()
    assert [kind for _, kind, _ in events] == ["config", "crash", "attract", "start"]
    assert events[0][0] >= before and events[0][2] == "kiosk.toml: [ecran] luminosite"
    assert events[1] == (30.0, "crash", "ZeroDivisionError in play")
    assert records.events(limit=2) == events[:2]


def test_old_events_are_dropped_when_opening(db_path: Path, monkeypatch) -> None:
    monkeypatch.setattr("kiosk.records.EVENTS_KEPT", 3)
    with Records.open(db_path) as records:
        for at in range(6):
            records.event("attract", str(at), at=float(at))
        assert len(records.events()) == 6
    with Records.open(db_path) as records:
        assert [detail for _, _, detail in records.events()] == ["5", "4", "3"]


def test_game_of_reads_the_game_id_from_a_spec() -> None:
    assert game_of("Moulin:standard,fly_at=4") == "moulin"
    assert game_of("shut-the-box") == "shut-the-box"


# ---------------------------------------------------------------- kill -9

CHILD = """
import sys, time
from pathlib import Path
from kiosk.records import Records, SavedGame
records = Records.open(Path(sys.argv[1]))
count = int(sys.argv[2])
for n in range(count if count else 10**9):
    moves = tuple(str(k) for k in range(n + 1))
    records.autosave(SavedGame("reversi", ("humain", "expert"), 1, moves, 42.0))
    if not count:
        print(n + 1, flush=True)
print("ready", flush=True)
time.sleep(60)
"""


def _child(db_path: Path, count: int) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-c", CHILD, str(db_path), str(count)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )


def test_the_last_autosave_survives_sigkill(db_path: Path) -> None:
    child = _child(db_path, 25)
    try:
        assert child.stdout is not None and child.stdout.readline().strip() == "ready"
        os.kill(child.pid, signal.SIGKILL)
    finally:
        child.wait(timeout=10)
    assert child.returncode == -signal.SIGKILL
    with Records.open(db_path) as records:
        assert records.problem is None
        saved = records.running()
    assert saved is not None and saved.moves == tuple(str(k) for k in range(25))


def test_sigkill_in_the_middle_of_autosaving_leaves_a_whole_save(db_path: Path) -> None:
    child = _child(db_path, 0)
    try:
        assert child.stdout is not None
        done = 0
        while done < 30:
            done = int(child.stdout.readline())
        os.kill(child.pid, signal.SIGKILL)
    finally:
        child.wait(timeout=10)
    with Records.open(db_path) as records:
        assert records.problem is None
        saved = records.running()
    assert saved is not None and len(saved.moves) >= done
    assert saved.moves == tuple(str(k) for k in range(len(saved.moves)))


# ---------------------------------------------------------------- damaged and unwritable


def _aside(db_path: Path) -> list[Path]:
    return sorted(db_path.parent.glob(db_path.name + ".corrupt-*"))


def _usable(records: Records) -> None:
    records.autosave(SAVED)
    assert records.running() == SAVED
    assert records.finish("tablut", [HUMAN, "joueur"], [], "abandon", [], 1.0, 2.0) > 0
    assert records.failures == 0


def test_a_file_of_garbage_is_moved_aside(db_path: Path) -> None:
    garbage = os.urandom(3000) + b"not a database"
    db_path.write_bytes(garbage)
    with Records.open(db_path) as records:
        (aside,) = _aside(db_path)
        assert aside.read_bytes() == garbage
        assert aside.name.startswith("ludokiosk.sqlite3.corrupt-20")
        assert records.path == db_path and records.problem is not None
        assert str(aside) in records.problem[0] and str(aside) in records.problem[1]
        _usable(records)


def test_a_truncated_database_is_moved_aside_with_its_wal(db_path: Path) -> None:
    with Records.open(db_path) as records:
        for i in range(200):
            records.finish("moulin", [HUMAN, "expert"], ["a1"] * 40, "blanc gagne", [0], i, i + 1)
    size = db_path.stat().st_size
    with open(db_path, "r+b") as handle:
        handle.truncate(size // 2)
    wal = db_path.with_name(db_path.name + "-wal")
    wal.write_bytes(b"left over")
    with Records.open(db_path) as records:
        aside = _aside(db_path)[0]
        assert aside.stat().st_size == size // 2
        assert not wal.exists() or wal.read_bytes() != b"left over"
        assert records.problem is not None and aside.name in records.problem[1]
        assert records.games() == []
        _usable(records)


def test_an_sqlite_file_of_something_else_is_moved_aside(db_path: Path) -> None:
    with sqlite3.connect(db_path) as raw:
        raw.execute("CREATE TABLE recipes (name TEXT)")
        raw.execute("INSERT INTO recipes VALUES ('tarte')")
    raw.close()
    with Records.open(db_path) as records:
        (aside,) = _aside(db_path)
        assert records.problem is not None
        _usable(records)
    with sqlite3.connect(aside) as raw:
        assert raw.execute("SELECT name FROM recipes").fetchall() == [("tarte",)]
    raw.close()


def test_a_file_from_a_newer_kiosk_is_kept_and_said(db_path: Path) -> None:
    with Records.open(db_path) as records:
        records.finish("reversi", [HUMAN, HUMAN], [], "nulle", [], 1.0, 2.0)
    with sqlite3.connect(db_path) as raw:
        raw.execute(f"PRAGMA user_version = {len(MIGRATIONS) + 1}")
    raw.close()
    with Records.open(db_path) as records:
        assert records.path == db_path and _aside(db_path) == []
        assert records.problem is not None and "newer" in records.problem[1]
        assert len(records.games()) == 1


def _in_memory(records: Records, where: Path) -> None:
    assert records.path is None
    assert records.problem is not None and str(where) in records.problem[0]
    _usable(records)


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes anywhere")
def test_an_unwritable_directory_gives_records_in_memory(tmp_path: Path) -> None:
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    try:
        with Records.open(locked / "db.sqlite3") as records:
            _in_memory(records, locked / "db.sqlite3")
        assert list(locked.iterdir()) == []
    finally:
        locked.chmod(0o700)


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes anywhere")
def test_a_read_only_file_gives_records_in_memory_and_is_left_alone(db_path: Path) -> None:
    with Records.open(db_path) as records:
        records.finish("reversi", [HUMAN, HUMAN], [], "nulle", [], 1.0, 2.0)
    before = db_path.read_bytes()
    db_path.chmod(0o400)
    try:
        with Records.open(db_path) as records:
            _in_memory(records, db_path)
        assert db_path.read_bytes() == before and _aside(db_path) == []
    finally:
        db_path.chmod(0o600)


def test_a_path_under_a_file_gives_records_in_memory(tmp_path: Path) -> None:
    (tmp_path / "file.txt").write_text("not a directory")
    target = tmp_path / "file.txt" / "db.sqlite3"
    with Records.open(target) as records:
        _in_memory(records, target)
    assert (tmp_path / "file.txt").read_text() == "not a directory"


def test_a_directory_in_place_of_the_file_gives_records_in_memory(tmp_path: Path) -> None:
    with Records.open(tmp_path) as records:
        _in_memory(records, tmp_path)


def test_the_default_path_is_the_data_directory(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("LUDOKIOSK_DATA", str(tmp_path / "data"))
    with Records.open() as records:
        assert records.path == tmp_path / "data" / "ludokiosk.sqlite3"
        assert records.path.exists()


def _rows(db_path: Path, query: str) -> list[tuple]:
    raw = sqlite3.connect(db_path)
    try:
        return raw.execute(query).fetchall()
    finally:
        raw.close()


def test_a_full_disk_keeps_the_games_in_memory_and_writes_them_later(
    records: Records, db_path: Path
) -> None:
    records.autosave(SAVED)
    pages = records._db.execute("PRAGMA page_count").fetchone()[0]
    records._db.execute(f"PRAGMA max_page_count = {pages}")  # this connection's disk is full
    assert records.finish("moulin", [HUMAN, "expert"], ["x" * 500] * 100, "nulle", [], 1, 2) > 0
    assert records.problem is not None and "plein" in records.problem[0]
    assert "full" in records.problem[1]
    assert records.path is None and records.in_memory_until_written
    assert [game.spec for game in records.games()] == ["moulin"], "kept in memory"
    assert records.running() is None
    assert _rows(db_path, "SELECT count(*) FROM games") == [(0,)], "not on the file yet"
    assert _rows(db_path, "SELECT count(*) FROM running") == [(1,)]
    records.autosave(SAVED)
    records.event("start")
    assert records.maintain(force=True), "a new connection has room"
    assert records.problem is None and records.path == db_path and records.pending == []
    assert _rows(db_path, "SELECT spec FROM games") == [("moulin",)]
    assert records.running() == SAVED
    kinds = [kind for _, kind, _ in records.events()]
    assert kinds[:3] == ["records-ok", "start", "records"]
    # the problem, the game, the autosave, the start
    assert _rows(db_path, "SELECT detail FROM events WHERE kind = 'records-ok'") == [("4",)]


def test_after_open_no_error_escapes(records: Records) -> None:
    records._db.close()  # every call now meets an sqlite3.ProgrammingError
    records.autosave(SAVED)
    records.clear_running()
    records.event("start")
    assert records.running() is None
    assert records.finish("reversi", [HUMAN, HUMAN], [], "nulle", [], 1, 2) == 0
    assert records.games() == [] and records.events() == []
    assert records.per_game() == [] and records.human_vs_machine() == []
    assert [d.games for d in records.games_per_day(3)] == [0, 0, 0]
    out = io.StringIO()
    assert records.export_csv(out) == 0
    assert records.failures == 11


def test_a_value_sqlite_cannot_store_is_counted_not_raised(records: Records) -> None:
    records.event("error", "bad \udc80 text")
    records.autosave(SavedGame("reversi", (HUMAN,), 2**70, (), 1.0))
    assert records.failures == 1 and records.problem is None
    assert records.running() is not None


# ---------------------------------------------------------------- figures


def test_games_per_day_counts_local_days_with_zeros(records: Records, paris: None) -> None:
    ends = [
        local(2026, 11, 22, 0, 30),  # 23:30 UTC the day before: still the 22nd here
        local(2026, 11, 22, 23, 30),
        local(2026, 11, 20, 9),
        local(2026, 11, 16, 0, 0),  # the first day of the window
        local(2026, 11, 15, 23, 59),  # one day too old
    ]
    for ended in ends:
        records.finish("reversi", [HUMAN, HUMAN], [], "nulle", [], ended - 60, ended)
    days = records.games_per_day(days=7, now=local(2026, 11, 22, 23, 45))
    assert days == [
        DayCount("2026-11-16", 1),
        DayCount("2026-11-17", 0),
        DayCount("2026-11-18", 0),
        DayCount("2026-11-19", 0),
        DayCount("2026-11-20", 1),
        DayCount("2026-11-21", 0),
        DayCount("2026-11-22", 2),
    ]
    assert len(records.games_per_day(now=local(2026, 11, 22))) == 14
    assert records.games_per_day(days=0) == []


def test_games_per_day_across_a_change_of_summer_time(records: Records, paris: None) -> None:
    records.finish("reversi", [HUMAN, HUMAN], [], "nulle", [], 0, local(2026, 10, 25, 0, 15))
    days = records.games_per_day(days=3, now=local(2026, 10, 26, 8))
    assert days == [DayCount("2026-10-24", 0), DayCount("2026-10-25", 1), DayCount("2026-10-26", 0)]


def test_per_game_counts_and_averages_durations(records: Records) -> None:
    records.finish("moulin:standard", [HUMAN, HUMAN], [], "nulle", [], 0, 100)
    records.finish("moulin", [HUMAN, "expert"], [], "abandon", [], 0, 300)
    records.finish("moulin", [HUMAN, "expert"], [], "blanc gagne", [0], 50, 40)  # clock went back
    records.finish("reversi:othello", [HUMAN, HUMAN], [], "nulle", [], 0, 30)
    assert records.per_game() == [
        GameStats("moulin", 3, (100 + 300 + 0) / 3),
        GameStats("reversi", 1, 30.0),
    ]


def test_people_against_machines_per_level(records: Records) -> None:
    def game(controllers: tuple[str, ...], winners: tuple[int, ...], result: str = "fin") -> None:
        records.finish("barricades", controllers, [], result, winners, 0, 10)

    game((HUMAN, "expert"), (0,))
    game(("expert", HUMAN), (0,))
    game(("expert", HUMAN), (0,))
    game((HUMAN, "expert"), ())  # a draw
    game((HUMAN, "expert"), (), "abandon")  # left out
    game((HUMAN, "debutant"), (0,))
    game((HUMAN, HUMAN, "debutant"), (1,))
    game((HUMAN, "joueur", HUMAN, "joueur"), (1, 3))  # teams: machines won
    game((HUMAN, "joueur", HUMAN, "joueur"), (0, 1))  # mixed winners: neither
    game((HUMAN, "joueur", "expert"), (0,))  # mixed levels: left out
    game((HUMAN, HUMAN), (0,))  # nobody against a machine
    game(("expert", "debutant"), (0,))
    game((HUMAN, "random"), (1,))
    assert records.human_vs_machine() == [
        HumanVsMachine("debutant", 2, 0, 0),
        HumanVsMachine("joueur", 0, 1, 0),
        HumanVsMachine("expert", 1, 2, 1),
        HumanVsMachine("random", 0, 1, 0),
    ]


def test_the_csv_export_reads_back(records: Records, paris: None, tmp_path: Path) -> None:
    first = records.finish(
        "backgammon",
        ("expert", HUMAN),
        ["31: 8/5 6/5", "62"],
        'blanc gagne, "gammon"',
        [1],
        started=local(2026, 11, 22, 14, 0),
        ended=local(2026, 11, 22, 14, 20),
    )
    second = records.finish("tablut", (HUMAN, HUMAN), [], "abandon", [], 10.0, 12.5)
    out = io.StringIO()
    assert records.export_csv(out) == 2
    rows = list(csv.DictReader(io.StringIO(out.getvalue())))
    assert [int(row["id"]) for row in rows] == [second, first]  # by the time they ended
    assert rows[1] == {
        "id": str(first),
        "game": "backgammon",
        "spec": "backgammon",
        "controllers": "expert humain",
        "result": 'blanc gagne, "gammon"',
        "winner_seats": "1",
        "started": "2026-11-22 14:00:00",
        "ended": "2026-11-22 14:20:00",
        "duration": "1200.0",
        "moves": "31: 8/5 6/5 62",
    }
    assert rows[0]["moves"] == "" and rows[0]["winner_seats"] == ""
    assert rows[0]["duration"] == "2.5" and rows[0]["result"] == "abandon"
    with Records.open(tmp_path / "empty.sqlite3") as empty:
        out = io.StringIO()
        assert empty.export_csv(out) == 0
    assert list(csv.reader(io.StringIO(out.getvalue()))) == [list(CSV_COLUMNS)]


# ---------------------------------------------------------------- property

saved_games = st.builds(
    SavedGame,
    spec=st.sampled_from(["moulin", "reversi:othello", "backgammon"]),
    controllers=st.tuples(st.sampled_from([HUMAN, "expert"]), st.sampled_from([HUMAN, "joueur"])),
    seed=st.integers(min_value=0, max_value=2**63),
    moves=st.lists(st.text(st.characters(codec="utf-8"), max_size=6), max_size=5).map(tuple),
    started=st.floats(min_value=0, max_value=2e9),
)
steps = st.lists(st.one_of(saved_games, st.sampled_from(["finish", "clear"])), max_size=12)


@settings(max_examples=30, deadline=None)
@given(steps)
def test_running_is_the_last_autosave_not_finished_or_cleared(
    actions: list[SavedGame | str],
) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "db.sqlite3"
        expected: SavedGame | None = None
        with Records.open(path) as records:
            for action in actions:
                if isinstance(action, SavedGame):
                    records.autosave(action)
                    expected = action
                elif action == "finish":
                    records.finish("moulin", [HUMAN, HUMAN], [], "nulle", [], 0, 1)
                    expected = None
                else:
                    records.clear_running()
                    expected = None
                assert records.running() == expected
            assert records.failures == 0
        with Records.open(path) as records:
            assert records.running() == expected


def test_events_stay_bounded_while_the_kiosk_runs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import kiosk.records as module

    monkeypatch.setattr(module, "EVENTS_KEPT", 50)
    monkeypatch.setattr(module, "PRUNE_EVERY", 20)
    records = module.Records.open(tmp_path / "db.sqlite3")
    for i in range(200):
        records.event("error", f"n{i}")
    kept = records.events(1000)
    assert len(kept) <= 70 and kept[0][2] == "n199"
