"""The coach's notes on a game run: kept with the decisions, cut with them, the biggest
mistakes first."""

from __future__ import annotations

import random

from kiosk.coach import CoachNote, biggest_mistakes
from kiosk.run import GameRun
from kiosk.table import HUMAN, Table


def note(index: int, seat: int, loss: float, flagged: bool = True) -> CoachNote:
    return CoachNote(index, seat, f"m{index}", "b", loss, "share", flagged)


def test_the_biggest_mistakes_of_a_seat_costliest_first() -> None:
    notes = [note(0, 0, 0.2), note(1, 1, 0.9), note(2, 0, 0.5), note(4, 0, 0.05, False),
             note(6, 0, 0.2), note(8, 0, 0.3)]
    assert [n.index for n in biggest_mistakes(notes, 0)] == [2, 8, 0]
    assert [n.index for n in biggest_mistakes(notes, 1)] == [1]
    assert biggest_mistakes(notes, 0, count=1)[0].loss == 0.5


def test_notes_are_cut_with_the_decisions_taken_back() -> None:
    run = GameRun(Table("moulin", (HUMAN, HUMAN), coached=frozenset({0, 1})))
    for index, text in enumerate(["a1", "d2", "a4", "d3"]):
        run.play(run.game.parse_move(run.state, text))
        run.coach_notes.append(note(index, index % 2, 0.1 * index))
    assert run.undo(1)
    assert [n.index for n in run.coach_notes] == [0, 1, 2]
    assert run.take_back(2)
    assert [n.index for n in run.coach_notes] == [0]


def test_the_coached_seats_follow_the_persons_drawn_by_lot() -> None:
    table = Table("reversi", (HUMAN, "debutant"), coached=frozenset({0}))
    for seed in range(8):
        drawn = table.drawn_by_lot(random.Random(seed))
        assert drawn.coached == {drawn.controllers.index(HUMAN)}
