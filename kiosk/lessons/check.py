"""``ludokiosk lessons --check``: every lesson against the engines, one line per game."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from engines import find_game
from kiosk.lessons.model import LESSONS_DIR, Lesson, LessonError, lesson_files, load_file
from kiosk.lessons.model import step_states as states_of


def check_lesson(lesson: Lesson) -> None:
    """Positions, moves, highlighted points and expected decisions; raises LessonError."""
    try:
        geometry = find_game(lesson.spec).geometry()
    except ValueError as error:
        raise LessonError(f"{lesson.where()}: spec inconnue ({error})") from error
    states = states_of(lesson)
    for index, (step, (shown, _)) in enumerate(zip(lesson.steps, states, strict=True)):
        where = lesson.where(index)
        for name, _role in step.marks:
            if not geometry.has(name):
                raise LessonError(f"{where}: point {name!r} inconnu")
        if step.asks and (shown.is_terminal() or shown.is_chance_node()):
            raise LessonError(f"{where}: « à vous » sur une position sans décision à prendre")
        game = find_game(lesson.spec)
        for text in step.expect:
            try:
                move = game.parse_move(shown, text)
            except ValueError as error:
                raise LessonError(f"{where}: coup attendu {text!r} illégal ({error})") from error
            if not shown.is_legal(move):
                raise LessonError(f"{where}: coup attendu {text!r} illégal")
        if step.asks and not step.hint[0]:
            raise LessonError(f"{where}: une étape « à vous » donne un indice (hint)")


def check_all(directory: Path = LESSONS_DIR) -> tuple[list[str], int]:
    """Lines to print and the exit code (0, or 2 at the first error)."""
    lines: list[str] = []
    total = 0
    for path in lesson_files(directory):
        try:
            lessons = load_file(path)
            for lesson in lessons:
                check_lesson(lesson)
        except LessonError as error:
            lines.append(f"erreur : {error}")
            return lines, 2
        lines.append(f"{lessons[0].game}: {len(lessons)} lessons ok")
        total += len(lessons)
    lines.append(f"lessons: {total} ok")
    return lines, 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="ludokiosk lessons", description=__doc__)
    parser.add_argument("--check", action="store_true", help="vérifier toutes les leçons")
    parser.add_argument("--dir", type=Path, default=LESSONS_DIR, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if not args.check:
        parser.print_help()
        return 2
    lines, code = check_all(args.dir)
    for line in lines:
        print(line, file=sys.stderr if code else sys.stdout)
    return code
