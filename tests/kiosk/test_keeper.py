"""Games kept: autosaved after each decision, recorded at their end, resumed after kill -9."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

from kiosk.ai_worker import InlineWorker
from kiosk.catalog import entry
from kiosk.config import load_settings
from kiosk.records import Records
from kiosk.runtime import Kiosk
from kiosk.scenes.play import PlayScene
from kiosk.sound import Sounds
from kiosk.startup import resume_last_game
from kiosk.table import HUMAN, Table

ROOT = Path(__file__).resolve().parents[2]


def kiosk_on(path: Path) -> Kiosk:
    records = Records.open(path)
    kiosk = Kiosk(load_settings(), InlineWorker(), Sounds(muted=True), records=records)
    kiosk.home()
    return kiosk


def test_every_decision_is_autosaved_and_the_end_recorded(tmp_path: Path) -> None:
    kiosk = kiosk_on(tmp_path / "db.sqlite3")
    scene = PlayScene(kiosk, entry("reversi"), Table("reversi:othello", (HUMAN, HUMAN), seed=4))
    kiosk.push(scene)
    rng = random.Random(4)
    while not scene.state.is_terminal():
        scene.play(rng.choice(list(scene.state.legal_moves())))
        saved = kiosk.records.running()
        if not scene.state.is_terminal():
            assert saved is not None and list(saved.moves) == scene.run.moves
    assert kiosk.records.running() is None, "a finished game is no longer running"
    (game,) = kiosk.records.games()
    assert game.spec == "reversi:othello" and list(game.moves) == scene.run.moves
    outcome = scene.state.outcome()
    assert outcome is not None
    players = list(scene.run.game.players)
    assert game.winner_seats == tuple(players.index(w) for w in outcome.winners)
    assert game.result == outcome.code
    kiosk.home()
    assert len(kiosk.records.games()) == 1, "going home does not record it twice"


def test_a_game_left_by_the_menu_waits_and_is_recorded_once_replaced(tmp_path: Path) -> None:
    kiosk = kiosk_on(tmp_path / "db.sqlite3")
    scene = PlayScene(kiosk, entry("tablut"), Table("tablut", (HUMAN, "debutant"), seed=1))
    kiosk.push(scene)
    scene.play(scene.state.legal_moves()[0])
    kiosk.home()
    assert kiosk.records.games() == [], "the menu does not end the game"
    saved = kiosk.records.running()
    assert saved is not None and list(saved.moves) == scene.run.moves
    assert kiosk.keeper.suspended() is scene.run
    kiosk.push(PlayScene(kiosk, entry("tablut"), Table("tablut", (HUMAN, HUMAN), seed=1)))
    (game,) = kiosk.records.games()
    assert game.result == "abandon" and len(game.moves) == 1, "a new game replaces it"
    assert kiosk.records.running() is None
    kiosk.attract()
    assert len(kiosk.records.games()) == 1, "a game without a move is not recorded"


CHILD = textwrap.dedent(
    """
    import os, sys, time, random
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    from pathlib import Path
    from kiosk.ai_worker import InlineWorker
    from kiosk.catalog import entry
    from kiosk.config import load_settings
    from kiosk.records import Records
    from kiosk.runtime import Kiosk
    from kiosk.scenes.play import PlayScene
    from kiosk.sound import Sounds
    from kiosk.table import HUMAN, Table
    kiosk = Kiosk(load_settings(), InlineWorker(), Sounds(muted=True),
                  records=Records.open(Path(sys.argv[1])))
    kiosk.home()
    scene = PlayScene(kiosk, entry("moulin"), Table("moulin", (HUMAN, HUMAN), seed=7))
    kiosk.push(scene)
    rng = random.Random(7)
    for _ in range(11):
        scene.play(rng.choice(list(scene.state.legal_moves())))
    print(scene.state.to_text(), flush=True)
    time.sleep(60)
    """
)


def test_killed_mid_game_the_kiosk_comes_back_to_the_same_position(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    database = data / "ludokiosk.sqlite3"
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, str(database)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert child.stdout is not None
    position = child.stdout.readline().strip()
    os.kill(child.pid, signal.SIGKILL)
    child.wait(timeout=10)
    assert position, "the child played its moves"
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "LUDOKIOSK_DATA": str(data)}
    done = subprocess.run(
        [sys.executable, "-m", "kiosk.app", "--windowed", "--frames", "3"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=60, check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "partie reprise : moulin après 11 coups" in done.stderr
    kiosk = kiosk_on(database)
    assert resume_last_game(kiosk)
    scene = kiosk.stack.top
    assert isinstance(scene, PlayScene)
    assert scene.state.to_text() == position


def test_a_corrupt_database_is_moved_aside_and_the_kiosk_runs_on(tmp_path: Path) -> None:
    (tmp_path / "ludokiosk.sqlite3").write_bytes(b"pas une base " * 500)
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "LUDOKIOSK_DATA": str(tmp_path)}
    done = subprocess.run(
        [sys.executable, "-m", "kiosk.app", "--windowed", "--frames", "3"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=60, check=False,
    )
    assert done.returncode == 0, done.stderr
    aside = [p.name for p in tmp_path.iterdir() if ".corrupt-" in p.name]
    assert aside and aside[0].startswith("ludokiosk.sqlite3.corrupt-")
    assert aside[0] in done.stderr, "the message names the file set aside"
    assert Records.open(tmp_path / "ludokiosk.sqlite3").problem is None, "a fresh base"
