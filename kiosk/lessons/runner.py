"""A lesson being followed: its steps, the position shown, the visitor's attempts.

Pure logic, shared by the touch screen and the physical board. A wrong attempt
at an "à vous" step gets the step's explanation and its hint; a second one
shows the answer (the expected move's points lit) as well. An accepted move is
told to the run's listeners (:attr:`LessonRun.decisions`) as a game's decisions are.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engines import find_game
from engines.core import State
from kiosk.decisions import Decisions
from kiosk.games import last_move, presentation_for
from kiosk.games.base import Trace
from kiosk.lessons.model import Lesson, Step, Text, fits_kind, step_states

GENERIC_WRONG: Text = (
    "Ce n'est pas le coup demandé.",
    "That is not the move asked for.",
)


@dataclass(frozen=True)
class Feedback:
    """The answer to an attempt: accepted, or why not, with a hint and maybe the answer."""

    accepted: bool
    explanation: Text = ("", "")
    hint: Text = ("", "")
    answer: tuple[int, ...] = ()
    """Points of an expected move, lit after a second wrong attempt."""


class LessonRun:
    """Where a visitor is in a lesson."""

    def __init__(self, lesson: Lesson) -> None:
        self.lesson = lesson
        self.game = find_game(lesson.spec)
        self.presentation = presentation_for(self.game)
        self._states = step_states(lesson)
        self.index = 0
        self.state: State = self._states[0][0]
        self.wrong_attempts = 0
        self.done_step = not self.step.asks
        self.answered: Trace | None = None
        """The visitor's accepted move, marked once an "à vous" step is done."""
        self.decisions = Decisions()
        """Told of each accepted move."""

    @property
    def step(self) -> Step:
        return self.lesson.steps[self.index]

    @property
    def finished(self) -> bool:
        return self.index == len(self.lesson.steps) - 1 and self.done_step

    def highlights(self) -> dict[int, str]:
        """Point index -> highlight role for the step's marks; once an "à vous" step is
        answered, the move played instead (the other targets go out)."""
        if self.step.asks and self.done_step:
            return last_move.marks([self.answered] if self.answered else [])
        geometry = self.game.geometry()
        return {geometry.index(name): role for name, role in self.step.marks}

    def accepts(self, move: Any) -> bool:
        step = self.step
        if step.expect:
            return any(self.game.parse_move(self.state, t) == move for t in step.expect)
        return bool(step.expect_kind) and fits_kind(self.state, move, step.expect_kind)

    def attempt(self, move: Any) -> Feedback:
        """The visitor made ``move`` (a legal decision) at an "à vous" step."""
        if not self.step.asks or self.done_step:
            return Feedback(False)
        if self.accepts(move):
            before, self.state = self.state, self.state.apply(move)
            self.answered = self.presentation.trace(before, move, self.state)
            self.done_step = True
            self.decisions.played(before, move, self.state)
            return Feedback(True)
        self.wrong_attempts += 1
        explanation = self.step.wrong if self.step.wrong[0] else GENERIC_WRONG
        answer: tuple[int, ...] = ()
        if self.wrong_attempts >= 2:
            answer = tuple(self.presentation.move_points(self.state, self.expected_move()))
        return Feedback(False, explanation, self.step.hint, answer)

    def expected_move(self) -> Any:
        step = self.step
        if step.expect:
            return self.game.parse_move(self.state, step.expect[0])
        return next(
            m for m in self.state.legal_moves() if fits_kind(self.state, m, step.expect_kind)
        )

    def next(self) -> bool:
        """On to the next step (once this one is done); False at the end."""
        if not self.done_step or self.index + 1 >= len(self.lesson.steps):
            return False
        self.index += 1
        self.wrong_attempts = 0
        self.answered = None
        shown, _ = self._states[self.index]
        if self.step.position or self.step.moves:
            self.state = shown
        self.done_step = not self.step.asks
        return True
