"""The soak run: the kiosk in attract mode at full speed, a simulated board attached."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from bench import soak

ROOT = Path(__file__).resolve().parents[2]
LAST_LINE = re.compile(r"games=(\d+) errors=(\d+) rss_growth_mb=(-?\d+\.\d)")


def test_a_short_soak_plays_games_to_their_end_without_errors() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "bench.soak", "--steps", "2500", "--inline",
         "--games", "shut-the-box,moulin"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    lines = done.stdout.strip().splitlines()
    assert done.returncode == 0, done.stdout + done.stderr
    found = LAST_LINE.fullmatch(lines[-1])
    assert found, f"last line {lines[-1]!r}"
    games, errors = int(found[1]), int(found[2])
    assert errors == 0
    assert games > 0, "no demonstration game reached its end"
    out = done.stdout
    assert "échauffement fini" in out, "the memory baseline is taken after a warm-up"
    boards = re.search(r"plateaux simulés lancés (\d+)", out)
    assert boards and int(boards[1]) >= 1, "the moulin demo had its simulated board"
    assert "children_left=0" in out, "every board simulator was stopped"


def test_unknown_game_is_refused_with_the_choices(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        soak.main(["--steps", "1", "--games", "shut-the-box,nope"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "nope" in err and "multitchoukatro" in err


def test_the_warm_up_waits_for_every_game_to_be_shown_once() -> None:
    from types import SimpleNamespace

    def after(shows: int) -> bool:
        run = SimpleNamespace(scene=SimpleNamespace(shows=shows, order=["a", "b", "c"]))
        return soak.Soak.first_pass_done(run)  # type: ignore[arg-type]

    assert not after(0) and not after(3)  # the third game is still on show
    assert after(4)  # the second round has begun
