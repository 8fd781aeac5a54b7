"""No game skipped, none lost: 200 games in a row, a real full disk, a read-only card.

The full and read-only file systems are real: a small tmpfs mounted in a private
mount namespace of a child process (``unshare``), filled up or remounted read-only
while the kiosk's records are open on it.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest

from engines import find_game
from kiosk.catalog import entry
from kiosk.keeper import GameKeeper
from kiosk.records import ABANDON, Records, SavedGame
from kiosk.records_file import MIGRATIONS
from kiosk.run import GameRun
from kiosk.scenes.play import PlayScene
from kiosk.startup import resume_last_game
from kiosk.table import HUMAN, Table
from tests.faults.damage import DAMAGES
from tests.kiosk.driver import make_kiosk

ROOT = Path(__file__).resolve().parents[2]
SPECS = ("shut-the-box", "reversi:othello", "moulin", "tablut", "assaut", "latrunculi:seneque")
"""Games to play in a row: shut the box often ends within a few throws."""


@pytest.fixture
def quick_dir() -> Iterator[Path]:
    """A directory in memory when there is one (these tests count rows, not syncs)."""
    base = "/dev/shm" if os.access("/dev/shm", os.W_OK) else None
    folder = Path(tempfile.mkdtemp(prefix="ludokiosk-", dir=base))
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


def _table(number: int) -> Table:
    spec = SPECS[number % len(SPECS)]
    seats = len(find_game(spec).players)
    return Table(spec, (HUMAN,) * seats, seed=number)


def _decide(run: GameRun, rng: random.Random) -> None:
    if run.state.is_chance_node():
        run.roll()
    else:
        run.play(rng.choice(list(run.state.legal_moves())))


def test_200_games_through_the_keeper_give_200_rows_each_autosaved(quick_dir: Path) -> None:
    records = Records.open(quick_dir / "db.sqlite3")
    keeper = GameKeeper(records)
    rng = random.Random(200)
    expected: list[tuple[str, list[str], bool]] = []
    for number in range(200):
        run = GameRun(_table(number))  # the last one is freed: its address is reused
        keeper.keep(run)
        to_the_end = number % len(SPECS) == 0  # shut the box: a few throws
        for _ in range(1000 if to_the_end else rng.randrange(1, 7)):
            if run.state.is_terminal():
                break
            _decide(run, rng)
            saved = records.running()
            if not run.state.is_terminal():
                assert saved is not None and list(saved.moves) == run.moves, number
        expected.append((run.table.spec, list(run.moves), run.state.is_terminal()))
        del run
    keeper.left()
    games = list(reversed(records.games()))
    assert len(games) == 200
    for game, (spec, moves, finished) in zip(games, expected, strict=True):
        assert (game.spec, list(game.moves)) == (spec, moves)
        assert (game.result != ABANDON) == finished
    assert any(finished for *_, finished in expected) and not all(f for *_, f in expected)
    records.close()


def test_200_games_through_the_play_scene_give_200_rows(quick_dir: Path) -> None:
    kiosk = make_kiosk(records=Records.open(quick_dir / "db.sqlite3"))
    rng = random.Random(150)
    played: list[list[str]] = []
    for number in range(200):
        table = _table(number)
        scene = PlayScene(kiosk, entry(find_game(table.spec).id), table)
        kiosk.push(scene)
        for _ in range(rng.randrange(1, 5)):
            if scene.state.is_terminal():
                break
            if scene.state.is_chance_node():
                scene.run.roll()
            else:
                scene.play(rng.choice(list(scene.state.legal_moves())))
            kiosk.step()
        played.append(list(scene.run.moves))
        if number % 3:
            kiosk.home()  # the menu: waits there until the next game replaces it
        del scene
    kiosk.attract()  # the idle timeout ends the last one
    games = list(reversed(kiosk.records.games()))
    assert [list(game.moves) for game in games] == played
    assert kiosk.records.running() is None


def test_a_database_missing_a_table_is_set_aside_and_a_new_one_written(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    with Records.open(path) as records:
        records.finish("reversi", [HUMAN, HUMAN], ["d4"], "nulle", [], 1.0, 2.0)
    import sqlite3

    raw = sqlite3.connect(path)
    raw.execute("DROP TABLE events")
    raw.commit()
    raw.close()
    with Records.open(path) as records:
        assert records.problem is not None and "events" in records.problem[1]
        assert records.path == path and records.failures == 0
        records.event("start")
        records.autosave(SavedGame("tablut", (HUMAN, "joueur"), 1, (), 1.0))
        assert records.failures == 0 and records.running() is not None
        assert records.schema_version == len(MIGRATIONS)
    assert len(list(tmp_path.glob("db.sqlite3.corrupt-*"))) == 1


def test_a_resumed_game_keeps_its_start_if_the_kiosk_dies_again(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    started = 1_700_000_000.0
    with Records.open(path) as records:
        records.autosave(SavedGame("reversi:othello", (HUMAN, HUMAN), 5, ("d3",), started))
    kiosk = make_kiosk(records=Records.open(path))
    assert resume_last_game(kiosk)
    kiosk.records.close()  # dies before the next move
    with Records.open(path) as records:
        saved = records.running()
        assert saved is not None and saved.started == started and saved.moves == ("d3",)


# ---------------------------------------------------------------- real file systems

CHILD_PRELUDE = """
import json, os, subprocess, sys, time
sys.path.insert(0, {root!r})
from kiosk import records as records_module
from kiosk.records import Records, SavedGame
records_module.RETRY_EVERY = 0.0
mount = {mount!r}
def sh(*args):
    subprocess.run(args, check=True)
sh("mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", mount)
db = os.path.join(mount, "ludokiosk.sqlite3")
def game(n):
    return ("moulin", ["humain", "expert"], ["a%d" % (i % 7 + 1) for i in range(n)], "nulle", [])
out = {{}}
"""


def _in_namespace(tmp_path: Path, body: str) -> dict[str, object]:
    """Run ``body`` as root of a private mount namespace; what it put in ``out``."""
    if shutil.which("unshare") is None:
        pytest.skip("unshare (util-linux) is needed for a real tmpfs")
    probe = subprocess.run(["unshare", "-rm", "true"], capture_output=True, text=True)
    if probe.returncode != 0:
        pytest.skip(f"no private mount namespace here: {probe.stderr.strip()}")
    mount = tmp_path / "card"
    mount.mkdir()
    script = CHILD_PRELUDE.format(root=str(ROOT), mount=str(mount)) + textwrap.dedent(body)
    script += "\nprint(json.dumps(out))\n"
    done = subprocess.run(
        ["unshare", "-rm", sys.executable, "-c", script],
        capture_output=True, text=True, timeout=120,
    )
    assert done.returncode == 0, done.stderr
    result: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def test_a_disk_that_fills_mid_run_loses_no_game_and_the_warning_clears(tmp_path: Path) -> None:
    out = _in_namespace(
        tmp_path,
        """
        records = Records.open(db)
        records.finish(*game(3), 1.0, 2.0)
        filler = os.open(os.path.join(mount, "filler"), os.O_WRONLY | os.O_CREAT)
        try:
            while True:
                os.write(filler, b"x" * 4096)
        except OSError:
            pass
        for n in range(5):  # games finished while the disk is full
            records.autosave(SavedGame("moulin", ("humain", "expert"), 1, ("a1",) * n, 1.0))
            records.finish(*game(40 + n), 3.0 + n, 4.0 + n)
        out["problem"] = records.problem
        out["in_memory"] = records.in_memory_until_written
        out["seen"] = len(records.games())
        out["still_full"] = records.maintain(force=True)
        os.close(filler)
        os.remove(os.path.join(mount, "filler"))
        records.autosave(SavedGame("tablut", ("humain", "joueur"), 2, ("e3-c3",), 9.0))
        out["problem_after"] = records.problem
        records.close()
        again = Records.open(db)
        out["on_file"] = len(again.games())
        out["running"] = again.running().spec
        out["kinds"] = [kind for _, kind, _ in again.events()]
        again.close()
        """,
    )
    problem = out["problem"]
    assert isinstance(problem, list) and "plein" in problem[0] and "full" in problem[1]
    assert out["in_memory"] and out["seen"] == 6 and not out["still_full"]
    assert out["problem_after"] is None, "the warning clears once written"
    assert out["on_file"] == 6, "the five games finished while full are on the card"
    assert out["running"] == "tablut"
    kinds = out["kinds"]
    assert isinstance(kinds, list) and "records" in kinds and "records-ok" in kinds


def test_a_read_only_card_still_resumes_its_game_and_is_written_once_writable(
    tmp_path: Path,
) -> None:
    out = _in_namespace(
        tmp_path,
        """
        records = Records.open(db)
        records.finish(*game(5), 1.0, 2.0)
        records.autosave(SavedGame("reversi:othello", ("humain", "humain"), 4, ("d3", "c3"), 7.0))
        records.close()
        sh("mount", "-o", "remount,ro", mount)
        records = Records.open(db)
        saved = records.running()
        out["resumed"] = [saved.spec, list(saved.moves), saved.started]
        out["games"] = len(records.games())
        out["problem"] = records.problem
        records.autosave(SavedGame("reversi:othello", ("humain",) * 2, 4, ("d3", "c3", "c4"), 7.0))
        records.finish(*game(2), 8.0, 9.0)
        out["stuck"] = records.maintain(force=True)
        sh("mount", "-o", "remount,rw", mount)
        out["written"] = records.maintain(force=True)
        out["problem_after"] = records.problem
        records.close()
        again = Records.open(db)
        out["on_file"] = len(again.games())
        out["running_after"] = again.running() is None
        again.close()
        """,
    )
    assert out["resumed"] == ["reversi:othello", ["d3", "c3"], 7.0]
    assert out["games"] == 1
    problem = out["problem"]
    assert isinstance(problem, list) and "mémoire" in problem[0] and "memory" in problem[1]
    assert not out["stuck"] and out["written"] and out["problem_after"] is None
    assert out["on_file"] == 2 and out["running_after"]


@pytest.mark.parametrize("damage", sorted(DAMAGES))
def test_a_damaged_database_never_stops_the_records(tmp_path: Path, damage: str) -> None:
    path = tmp_path / "ludokiosk.sqlite3"
    DAMAGES[damage](path)
    with Records.open(path) as records:
        assert records.problem is not None
        records.autosave(SavedGame("tablut", (HUMAN, "joueur"), 1, ("e3-c3",), 1.0))
        assert records.running() is not None and records.failures == 0
        if records.path is None:  # a directory or a link loop in its place: in memory
            assert records.in_memory_until_written and records.pending
        else:
            assert list(tmp_path.glob("ludokiosk.sqlite3.corrupt-*"))
