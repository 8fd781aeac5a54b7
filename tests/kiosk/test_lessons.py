"""Lessons as data: the files load, every step fits its engine, the runner teaches."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from engines import find_game
from engines.registry import all_specs
from kiosk.app import main
from kiosk.catalog import CATALOGUE
from kiosk.lessons.check import check_all
from kiosk.lessons.model import LessonError, lessons_for, load_file
from kiosk.lessons.runner import LessonRun


def test_ludokiosk_lessons_check_prints_a_line_per_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["lessons", "--check"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "reversi: 3 lessons ok" in lines
    games = sorted(e.game_id for e in CATALOGUE)
    assert [line.split(":")[0] for line in lines[:-1]] == games, "every game has lessons"
    counts = [int(line.split()[1]) for line in lines[:-1]]
    assert lines[-1] == f"lessons: {sum(counts)} ok"


@pytest.mark.parametrize("spec", all_specs())
def test_every_variant_is_taught(spec: str) -> None:
    """Each rule set of each game has at least one lesson of its own."""
    game = find_game(spec)
    taught = {find_game(x.spec).spec for x in lessons_for(game.id)}
    assert game.spec in taught, spec


def write(folder: Path, body: str) -> Path:
    path = folder / "reversi.toml"
    path.write_text('game = "reversi"\n' + body, encoding="utf-8")
    return path


STEP = """
[[lesson]]
id = "essai"
spec = "reversi:othello"
title = ["Essai", "Trial"]
[[lesson.step]]
text = ["À vous", "Your turn"]
"""


@pytest.mark.parametrize(
    ("extra", "why"),
    [
        ('to = ["z9"]\nexpect = ["d3"]\nhint = ["d3", "d3"]\n', "point 'z9' inconnu"),
        ('expect = ["a1"]\nhint = ["a1", "a1"]\n', "coup 'a1' impossible"),
        ('expect = ["d3"]\n', "indice"),
        ('couleur = "rouge"\n', "clé inconnue 'couleur'"),
        ('moves = ["h8"]\n', "coup 'h8' impossible"),
    ],
)
def test_a_wrong_lesson_names_its_file_and_step(tmp_path: Path, extra: str, why: str) -> None:
    write(tmp_path, STEP + extra)
    lines, code = check_all(tmp_path)
    assert code == 2
    assert "reversi.toml [essai, étape 1]" in lines[-1] and why in lines[-1]


def test_the_command_exits_2_on_a_broken_lesson(tmp_path: Path) -> None:
    write(tmp_path, STEP + 'expect = ["a1"]\nhint = ["a1", "a1"]\n')
    done = subprocess.run(
        [sys.executable, "-m", "kiosk.app", "lessons", "--check", "--dir", str(tmp_path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2 and "étape 1" in done.stderr


def test_following_a_lesson_then_a_wrong_attempt_explained_then_the_answer() -> None:
    lesson = next(x for x in lessons_for("reversi") if x.id == "figure-1")
    run = LessonRun(lesson)
    assert not run.step.asks and run.highlights()
    assert run.next()
    assert run.step.asks
    wrong = next(m for m in run.state.legal_moves() if str(m) != "d5")
    first = run.attempt(wrong)
    assert not first.accepted and first.explanation[0] and first.hint[0] and not first.answer
    second = run.attempt(wrong)
    geometry = run.game.geometry()
    assert second.answer == (geometry.index("d5"),), "the second miss shows the answer"
    right = run.game.parse_move(run.state, "d5")
    assert run.attempt(right).accepted
    assert run.next() and not run.step.asks
    assert run.finished
    assert "B" in run.state.to_text() and run.state.current_player == "noir"


def test_load_file_refuses_a_title_in_one_language(tmp_path: Path) -> None:
    path = write(tmp_path, STEP.replace('["Essai", "Trial"]', '["Essai"]'))
    with pytest.raises(LessonError, match="title"):
        load_file(path)
