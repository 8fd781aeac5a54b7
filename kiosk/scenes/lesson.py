"""A lesson: the board with the step's marks, the text beside it, "à vous" checked.

The visitor reads a step and touches "Suivant"; at an "à vous" step they play
on the board (touch, or the physical board whose LEDs show the same marks).
A wrong move is refused with its explanation and a hint; a second one shows
the answer. In the attract mode (``demo``) the lesson plays itself: it reads
each step for a while and makes the expected moves.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from engines.core import State
from kiosk.board.guide import TURN_TEXT
from kiosk.boards import BoardView, renderer_for
from kiosk.boards.base import ROLE_COLOURS
from kiosk.boards.legend import draw_layers_key
from kiosk.catalog import Entry
from kiosk.decisions import Listener
from kiosk.flaps import FlapFollower
from kiosk.games import look_for
from kiosk.lessons.board import LessonBoard
from kiosk.lessons.model import Lesson
from kiosk.lessons.runner import Feedback, LessonRun
from kiosk.picker import MovePicker, TouchKind
from kiosk.scenes.animation import Transition
from kiosk.scenes.base import Scene
from kiosk.scenes.board_follow import BoardLeds
from kiosk.scenes.chrome import draw_backdrop
from kiosk.scenes.lesson_panel import StepView, draw_lesson_panel
from kiosk.scenes.overlays import draw_cube_and_status
from kiosk.touch import Phase, Pointer
from kiosk.ui.dice import DiceRoll, dice_size
from kiosk.ui.theme import PALETTE, seat_colours
from kiosk.ui.widgets import Button, ButtonRow

if TYPE_CHECKING:
    from kiosk.runtime import Kiosk

BOARD_RECT = pygame.Rect(36, 64, 1060, 984)
PANEL_RECT = pygame.Rect(1128, 40, 756, 1000)
BUTTONS_Y = PANEL_RECT.bottom - 120
CHOICES_Y = BUTTONS_Y - 112


LEGEND = (
    ("last", "regardez ici", "look here"),
    ("selected", "pièce à jouer", "piece to move"),
    ("target", "où aller", "where to go"),
    ("remove", "à retirer", "to take off"),
    ("hint", "la réponse", "the answer"),
)
"""The highlight roles a step may use, and what the legend says of each."""


def reading_time(text: str) -> float:
    """Seconds the attract mode leaves a step on screen: enough to read it."""
    return max(4.0, min(12.0, 2.5 + len(text) / 16))


class LessonScene(Scene, Listener):
    name = "lesson"

    def __init__(self, kiosk: Kiosk, entry: Entry, lesson: Lesson, demo: bool = False) -> None:
        super().__init__(kiosk)
        self.entry = entry
        self.lesson = lesson
        self.demo = demo
        self.run = LessonRun(lesson)
        game = self.run.game
        self.presentation = self.run.presentation
        self.colours = seat_colours(game.players)
        self.view = BoardView(
            game.geometry(), BOARD_RECT, renderer_for(game.geometry().kind, look_for(game.id)),
            self.colours, lang=kiosk.tr.lang,
        )
        self.dice = DiceRoll()
        self.layers_key: pygame.Rect | None = None
        """Where the pyramids' layers are written under the board, once drawn."""
        self.buttons = ButtonRow()
        self.queue: list[tuple[State, Any]] = []
        self.transition: Transition | None = None
        self.feedback: Feedback | None = None
        self.message = ""
        self.choice: list[Any] = []
        self.choice_from_board = False
        """The choice offered was made by hands on the board (several moves fit them)."""
        self.picker: MovePicker | None = None
        self.drag_from: int | None = None
        self.clock = 0.0
        self.step_age = 0.0
        self.ended = False
        """The lesson is over (the attract mode then shows something else)."""
        self.board: LessonBoard | None = None
        if not demo:
            board = LessonBoard.open(
                kiosk.hardware.board_for(lesson.spec),
                lesson.spec,
                self.run.state,
                self.presentation,
                (),
                kiosk.now,
            )
            self.board = board if isinstance(board, LessonBoard) else None
        self.follows_board = self.board is not None
        self.leds = BoardLeds(kiosk, self.board)
        """The board (if any) told of the visitor's moves."""
        self._listen()
        self.flaps = FlapFollower()
        self._step_shown()

    # ------------------------------------------------------------------ flow

    @property
    def state(self) -> State:
        return self.run.state

    def _listen(self) -> None:
        """The run's accepted moves animated (:meth:`played`), then lit on the board."""
        self.run.decisions.listen(self)
        self.run.decisions.listen(self.leds)

    @property
    def asking(self) -> bool:
        """The step waits for the visitor's move."""
        return self.run.step.asks and not self.run.done_step

    def _step_shown(self, path: list[tuple[State, Any]] | None = None) -> None:
        """A step begins: its demonstration animated, the picker and buttons ready."""
        self.kiosk.lesson_progress.saw(self.lesson.game, self.lesson.id, self.run.index)
        self.queue = list(path or [])
        self.feedback = None
        self.message = ""
        self.choice = []
        self.choice_from_board = False
        self.step_age = 0.0
        self._fresh_picker()
        if self.board is not None:
            self.board.step(self.state, path or [], self.kiosk.now)

    def _fresh_picker(self) -> None:
        self.picker = MovePicker(self.state, self.presentation) if self.asking else None
        self._layout_buttons()

    def _layout_buttons(self) -> None:
        self.buttons.clear()
        if self.demo:
            return
        x, width = PANEL_RECT.x + 28, PANEL_RECT.width - 56
        if self.board is not None and self.board.answer.status == TURN_TEXT:
            self.buttons.add(
                Button(pygame.Rect(x, CHOICES_Y, width, 92), self._("Pions retournés"),
                       self._discs_turned, PALETTE.gold, size=30)
            )
        elif self.picker is not None:
            moves = self.choice or self.picker.buttons
            for i, move in enumerate(moves[:3]):
                w = (width - 20 * 2) // 3
                label = self.pick(*self.presentation.button_text(self.state, move))
                self.buttons.add(
                    Button(
                        pygame.Rect(x + i * (w + 20), CHOICES_Y, w, 92),
                        label,
                        self._attempt_action(move),
                        PALETTE.gold if self.choice else PALETTE.ivory,
                        size=28,
                    )
                )
        self.buttons.add(
            Button(pygame.Rect(x, BUTTONS_Y, 180, 96), self._("Leçons"), self._leave,
                   PALETTE.ivory_dark, size=30)
        )
        self.buttons.add(
            Button(pygame.Rect(x + 196, BUTTONS_Y, 240, 96), self._("Recommencer"),
                   self._restart, PALETTE.calm, size=30)
        )
        last = self.run.index == len(self.lesson.steps) - 1
        forward = Button(
            pygame.Rect(x + 452, BUTTONS_Y, width - 452, 96),
            self._("Terminer") if last else self._("Suivant"),
            self._forward,
            PALETTE.accent,
            size=36,
        )
        forward.enabled = self.run.done_step
        self.buttons.add(forward)

    def _attempt_action(self, move: Any):  # type: ignore[no-untyped-def]
        return lambda: self.attempt(move, on_board=self.choice_from_board)

    def attempt(self, move: Any, on_board: bool = False) -> None:
        """The visitor made ``move``: accepted (the run tells :meth:`played`, then the
        board), or refused and explained."""
        feedback = self.run.attempt(move)
        self.feedback = feedback
        self.choice = []
        self.choice_from_board = False
        self.message = ""
        if not feedback.accepted:
            self.kiosk.sounds.play("error")
            if on_board and self.board is not None:
                self.board.refused(self.state, self.kiosk.now)
        self._fresh_picker()

    def played(self, before: State, move: Any, after: State) -> None:
        """A move accepted: its sound, and its animation queued."""
        self.kiosk.sounds.play("win" if self.run.finished else "move")
        self.queue.append((before, move))

    def _discs_turned(self) -> None:
        if self.board is not None:
            self.board.confirm(self.kiosk.now)
            self._layout_buttons()

    def _forward(self) -> None:
        if self.run.finished:
            self._finish()
            return
        before = self.state
        if not self.run.next():
            return
        step = self.run.step
        path: list[tuple[State, Any]] = []
        if step.moves and not step.position:
            path = _replay(before, step.moves)
        self._step_shown(path)

    def _finish(self) -> None:
        self.kiosk.lesson_progress.finished(self.lesson.game, self.lesson.id)
        self.ended = True
        if not self.demo:
            self.kiosk.notify(self._("Leçon terminée, bravo !"), 4.0)
            self._leave()

    def _restart(self) -> None:
        self.run = LessonRun(self.lesson)
        self._listen()
        self.transition = None
        self._step_shown()

    def _leave(self) -> None:
        if len(self.kiosk.stack) > 1:
            self.kiosk.pop()
        else:
            self.kiosk.home()

    def leave(self) -> None:
        if self.board is not None:
            self.board.close()

    def enter(self) -> None:
        if self.board is not None:
            self.board.resync(self.kiosk.now)

    def flaps_changed(self, down: frozenset[int]) -> None:
        self.flaps.changed(down, self.kiosk.now)

    def _follow_flaps(self) -> None:
        """A physical shut-the-box: the flaps pushed down are the visitor's move."""
        if self.demo or not self.asking or self.transition is not None:
            return
        move, why = self.flaps.decision(self.state, self.kiosk.now)
        if move is not None:
            self.attempt(move)
        elif why is not None:
            self.message = self.pick(*why)

    def hardware_button(self, name: str) -> None:
        if name == "hint" and self.asking:
            self.feedback = Feedback(False, hint=self.run.step.hint)

    # ------------------------------------------------------------------ time

    def update(self, dt: float) -> None:
        self.clock += dt
        self.step_age += dt
        self.dice.update(dt)
        self._follow_board()
        self._follow_flaps()
        if self.transition is not None:
            self.transition.update(dt)
            if self.transition.done:
                self.transition = None
        if self.transition is None and self.queue:
            before, move = self.queue.pop(0)
            self.transition = Transition.of_decision(self.view, self.presentation, before, move)
            if self.transition.captures:
                self.kiosk.sounds.play("capture")
        if self.demo and self.transition is None and not self.queue:
            self._play_by_itself()

    def _play_by_itself(self) -> None:
        """Attract mode: read, make the expected move, go on."""
        wait = reading_time(self.pick(*self.run.step.text)) * self.kiosk.settings.demo_pause
        if self.asking and self.step_age > wait / 2:
            self.attempt(self.run.expected_move())
        elif self.step_age > wait:
            if self.run.finished:
                self._finish()
            elif not self.ended:
                self._forward()

    def _follow_board(self) -> None:
        if self.board is None:
            return
        said = self.board.answer.status
        answer = self.board.update(self.kiosk.now)
        self.board.show_marks(self.highlights())
        if answer.status != said and TURN_TEXT in (said, answer.status):
            self._layout_buttons()
        if answer.decision is not None:
            if self.asking:
                self.attempt(answer.decision, on_board=True)
            else:
                self.board.refused(self.state, self.kiosk.now)
                self.message = self._(
                    "Pas de coup à jouer maintenant : remettez la pièce, puis « Suivant »."
                )
        elif answer.choices and self.asking and not self.choice_from_board:
            self.choice = list(answer.choices)
            self.choice_from_board = True
            self._layout_buttons()

    # ------------------------------------------------------------------ input

    def pointer(self, event: Pointer) -> None:
        if self.demo:
            return
        if event.phase is Phase.DOWN:
            if self.buttons.press(event.pos):
                return
            self.drag_from = self.view.point_at(event.pos)
        elif event.phase is Phase.UP:
            if self.buttons.release(event.pos):
                return
            start, self.drag_from = self.drag_from, None
            end = self.view.point_at(event.pos)
            if start is not None and end is not None and end != start:
                self.touch_point(start, keep=True)
                self.touch_point(end)
            elif end is not None or start is not None:
                self.touch_point(end if end is not None else start)  # type: ignore[arg-type]

    def touch_point(self, point: int, keep: bool = False) -> None:
        """A point touched: part of a move at an "à vous" step, otherwise a reminder."""
        if self.picker is None:
            if not self.run.done_step or not self.run.step.asks:
                self.message = self._("Lisez, puis touchez « Suivant ».")
            return
        if keep and self.picker.touched and self.picker.touched[-1] == point:
            return
        touch = self.picker.touch(point)
        if touch.kind is TouchKind.PLAY:
            self.attempt(touch.moves[0])
        elif touch.kind in (TouchKind.CHOOSE, TouchKind.STOP_OR_GO):
            self.choice = list(touch.moves)
            self.choice_from_board = False
            self._layout_buttons()
        elif touch.kind is TouchKind.WRONG:
            self.kiosk.sounds.play("error")
            self.message = self.pick(*touch.why)
        else:
            self.message = ""

    # ------------------------------------------------------------------ drawing

    def highlights(self) -> dict[int, str]:
        """The step's marks, the visitor's touches, and the answer after two misses."""
        marks = {**self.presentation.lit(self.state), **self.run.highlights()}
        if self.picker is not None:
            for point in self.picker.touched:
                marks[point] = "selected"
            if self.picker.touched:
                for point in self.picker.next_points():
                    marks.setdefault(point, "target")
        if self.feedback is not None and self.asking:
            for point in self.feedback.answer:
                marks[point] = "hint"
        return marks

    def draw(self, canvas: pygame.Surface) -> None:
        draw_backdrop(canvas)
        pulse = (pygame.math.Vector2(1, 0).rotate(self.clock * 240).x + 1) / 2
        if self.transition is not None:
            self.view.draw(canvas, self.transition.tokens(), {}, pulse=pulse)
            self.transition.draw_over(canvas)
        else:
            shown = self.queue[0][0] if self.queue else self.state
            marks = {} if self.queue else self.highlights()
            self.view.draw(canvas, self.presentation.tokens(shown), marks, pulse=pulse)
            self.layers_key = draw_layers_key(canvas, self.view, self.presentation.tokens(shown))
        self._draw_table_things(canvas)
        draw_lesson_panel(canvas, PANEL_RECT, self._step_view(), self.clock)
        self.buttons.draw(canvas)

    def _draw_table_things(self, canvas: pygame.Surface) -> None:
        extras = self.presentation.extras(self.state)
        board = self.view.board_rect
        if extras.dice:
            self.dice.values = extras.dice
            centre = self.view.free_spot(*dice_size(len(extras.dice), 80))
            self.dice.draw(canvas, centre, 80, extras.dice_used)
        status = self.pick(*extras.status) if extras.status[0] else ""
        draw_cube_and_status(canvas, board, extras, status, self._("Videau"))

    def _step_view(self) -> StepView:
        run = self.run
        view = StepView(
            game=self.pick(self.entry.name_fr, self.entry.name_en),
            title=self.pick(*self.lesson.title),
            index=run.index,
            count=len(self.lesson.steps),
            text=self.pick(*run.step.text),
            asking=self.asking,
            heading=self._("À vous !") if self.asking else "",
        )
        feedback = self.feedback
        if feedback is not None and feedback.accepted:
            view.praise = self._("Bravo !") + (
                " " + self._("La leçon est finie.") if run.finished else ""
            )
        elif feedback is not None:
            view.warning = self.pick(*feedback.explanation) if feedback.explanation[0] else ""
            view.hint = self.pick(*feedback.hint) if feedback.hint[0] else ""
            if feedback.answer:
                view.hint += " " + self._("La réponse est allumée sur le plateau.")
        if self.message:
            view.warning = self.message
        if self.board is not None and not self.board.answer.synced:
            view.board_line, _ = self.board.status(self.kiosk.tr.lang)
        if self.demo:
            view.call = self._("Touchez l'écran pour jouer")
        roles = set(self.highlights().values())
        view.legend = [
            (ROLE_COLOURS[role], self.pick(fr, en)) for role, fr, en in LEGEND if role in roles
        ]
        busy = self.demo or any(b.rect.y == CHOICES_Y for b in self.buttons.buttons)
        view.legend_y = 0 if busy else CHOICES_Y + 30
        return view


def _replay(start: State, texts: tuple[str, ...]) -> list[tuple[State, Any]]:
    """(position before, decision) for each demonstration move, or [] if they do not fit."""
    path: list[tuple[State, Any]] = []
    state = start
    try:
        for text in texts:
            move = state.game.parse_move(state, text)
            path.append((state, move))
            state = state.apply(move)
    except ValueError:
        return []
    return path
