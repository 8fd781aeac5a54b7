"""Play: the board in the middle, a panel per seat turned toward its player.

Touches become decisions through :class:`MovePicker`; machines think in the
worker process while the frame keeps moving; every change is animated.
Idle too long with a person at the table: "Vous êtes toujours là ?", then
the demonstrations.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import pygame

from engines.core import Dice, State
from kiosk.boards import BoardView, renderer_for
from kiosk.boards.legend import draw_layers_key
from kiosk.catalog import Entry, seat_names
from kiosk.decisions import Listener
from kiosk.games import last_move, look_for, presentation_for
from kiosk.games.base import Trace
from kiosk.picker import MovePicker, Touch, TouchKind
from kiosk.run import GameRun
from kiosk.scenes.animation import BANNER, Banner, Transition
from kiosk.scenes.base import Scene
from kiosk.scenes.board_follow import BoardFollow
from kiosk.scenes.choice_pages import MOST_BUTTONS, page_count, page_of
from kiosk.scenes.chrome import draw_backdrop
from kiosk.scenes.coach_turns import Coach
from kiosk.scenes.idle_watch import StillThere
from kiosk.scenes.machine_turns import MachineTurns, parsed
from kiosk.scenes.overlays import (
    CUBE_ROOM,
    draw_cube_and_status,
    draw_demo_banner,
)
from kiosk.scenes.panels import PanelContent, SeatPanel
from kiosk.scenes.seating import BOARD, DEMO_CAPTION, Seating, edges
from kiosk.table import CONTROLLER_LABELS, HUMAN, Table
from kiosk.touch import Phase, Pointer
from kiosk.ui import drawn
from kiosk.ui.dice import DiceRoll, dice_size
from kiosk.ui.theme import CANVAS, PALETTE, seat_colours
from kiosk.ui.widgets import Button, ButtonRow

if TYPE_CHECKING:
    from kiosk.runtime import Kiosk

log = logging.getLogger(__name__)

BOARD_RECT = BOARD
"""Where the board is drawn (narrower beside a doubling cube, shorter under a
demonstration's caption); the line above it holds the game's status (Raichi, phase…)."""
MACHINE_PAUSE = 0.5
"""Seconds a machine's move waits at least, so a person sees it coming."""
MACHINE_PACE = 2.0
LIFT = 0.4
HOLD = 0.4
"""A machine's move: its piece lit this long before it moves, its motion this many
times slower than a person's, then the board still this long before its next one."""


DAMAGE_MARGIN = 32
"""Pixels around a panel that its shadow and outline may reach."""
BOARD_MARGIN = 160
DICE_SIDE = 86
"""The side of a die on the table, in canvas pixels."""
"""Pixels around the board that a lifted piece, a flying one or the dice may reach."""


class PlayScene(Scene, Listener):
    name = "play"
    idle_goes_to_attract = False
    demo_banner = True
    """A demonstration's banner under the board (the attract scene draws its own caption)."""

    def __init__(
        self,
        kiosk: Kiosk,
        entry: Entry,
        table: Table,
        demo: bool = False,
        moves: list[str] | None = None,
        started: float | None = None,
        run: GameRun | None = None,
    ) -> None:
        """``run``: the game left for the menu, taken up again as it is."""
        super().__init__(kiosk)
        self.entry = entry
        self.demo = demo
        self.run = run if run is not None else GameRun.resume(table, moves or [], started)
        game = self.run.game
        self.presentation = presentation_for(game)
        geometry = game.geometry()
        self.colours = seat_colours(game.players)
        renderer = renderer_for(geometry.kind, look_for(game.id))
        seats = edges(game, self.presentation, renderer.arrange(geometry))
        self.seating = Seating.at_table(seats, table.humans >= 2)
        area = self.seating.board
        if demo:
            area = pygame.Rect(area.x, area.y, area.width, area.height - DEMO_CAPTION)
        if self.presentation.extras(game.initial_state()).cube is not None:
            area = pygame.Rect(area.x + CUBE_ROOM, area.y, area.width - CUBE_ROOM, area.height)
        self.view = BoardView(geometry, area, renderer, self.colours, top=self.seating.at_ends,
                              lang=kiosk.tr.lang)
        self.panels = [
            SeatPanel(rect, turn)
            for rect, (_, turn) in zip(self.seating.rects(None), self.seating.spots, strict=True)
        ]
        self.menu = ButtonRow()
        self.dice = DiceRoll()
        self.transition: Transition | None = None
        self.banner: Banner | None = None
        self.machine = MachineTurns(kiosk)
        """The questions to the thinking process: the machine's decision, a hint, the coach's."""
        self.coach = Coach(kiosk, self.run, demo)
        """The coach of the coached persons: it may hold a decision back with a warning."""
        self.hint: Any = None
        self.waited = 0.0
        self.clock = 0.0
        self.message: tuple[str, str, bool] = ("", "", False)
        self.choice: list[Any] = []
        self.choice_page = 0
        """Which page of the choices is shown when they do not all fit."""
        self._paged: tuple[Any, ...] = ()
        self.drag_from: int | None = None
        self.drag_pos: tuple[float, float] | None = None
        self.idle = StillThere(kiosk)
        """"Are you still there?" when nobody touches the game."""
        self.finished_for = 0.0
        self.results_shown = False
        self._names: tuple[str, ...] = ()
        self._names_lang = ""
        self._layer: pygame.Surface | None = None
        self._layer_key: object = None
        self._drawn_picture: tuple[object, ...] = ()
        self._trails: dict[int, list[Trace]] = {}
        self._trails_of: object = None
        self.layers_key: pygame.Rect | None = None
        """Where the pyramids' layers are written under the board, once drawn."""
        self.hands = BoardFollow.open(kiosk, self.run, self.presentation, demo)
        """The physical board and flaps, when there are."""
        self.follows_board = self.hands.follows
        self._fresh_position()
        if not demo:
            kiosk.keeper.keep(self.run)
        self.run.decisions.listen(self.hands)  # after the autosave: the LEDs,
        self.run.decisions.listen(self)  # then the animation (:meth:`played`)

    # ------------------------------------------------------------------ layout

    # ------------------------------------------------------------------ flow

    @property
    def state(self) -> Any:
        return self.run.state

    def _fresh_position(self) -> None:
        """After a change of position: a new picker, buttons, no hint."""
        self.picker = MovePicker(self.state, self.presentation)
        self.hint = None
        self.choice = []
        self._layout_buttons()

    def _place_panels(self) -> None:
        """The acting seat's panel takes the room its column can spare."""
        acting = None if self.state.is_terminal() else self._acting_seat()
        for panel, rect in zip(self.panels, self.seating.rects(acting), strict=True):
            panel.place(rect)

    def _layout_buttons(self) -> None:
        self._place_panels()
        for panel in self.panels:
            panel.set_buttons([])
        self.menu.clear()
        menu = self.seating.menu
        self.menu.add(
            Button(
                pygame.Rect(menu.x + 10, menu.y, 180, menu.height),
                self._("Menu"),
                self._quit,
                PALETTE.ivory_dark,
                size=30,
            )
        )
        self.menu.add(
            Button(
                pygame.Rect(menu.x + 210, menu.y, 180, menu.height),
                self._("Règles"),
                self._rules,
                PALETTE.calm,
                size=30,
            )
        )
        if self.demo or self.transition is not None or self.state.is_terminal():
            return
        undoer = self.run.undoer() if self.run.table.against_machine else None
        seat = self._acting_seat()
        if undoer is not None and undoer != seat and undoer < len(self.panels):
            undo = self.panels[undoer]
            undo.set_buttons(undo.layout_buttons([self._undo_action(undoer)]))
        if seat is None or seat >= len(self.panels) or self.run.controller(seat) != HUMAN:
            return
        panel = self.panels[seat]
        if self.coach.warning is not None:
            panel.set_buttons(panel.layout_buttons([
                (self._("Choisir un autre coup"), self._coach_again, PALETTE.accent),
                (self._("Jouer quand même"), self._coach_anyway, PALETTE.ivory_dark),
                (self._("Conseil"), self._coach_advice, PALETTE.calm),
            ]))
            return
        actions: list[tuple[str, Any, Any]] = []
        fixed: list[tuple[str, Any, Any]] = []
        if self.state.is_chance_node():
            actions.append((self._("Lancer les dés"), self._roll, PALETTE.accent))
        else:
            if not self.choice:
                fixed.append((self._("Conseil"), self._ask_hint, PALETTE.calm))
            if self.hands.asks_discs_turned:
                fixed.append((self._("Pions retournés"), self._discs_turned, PALETTE.gold))
        if undoer == seat:
            fixed.append(self._undo_action(seat))
        if not self.state.is_chance_node():
            actions += self._choice_actions(MOST_BUTTONS - len(fixed))
        panel.set_buttons(panel.layout_buttons(actions + fixed))

    def _choice_actions(self, room: int) -> list[tuple[str, Any, Any]]:
        """The person's choices as buttons, a page at a time when they outnumber
        ``room``, the last button then showing the next page."""
        choices = self.choice or self.picker.buttons
        if tuple(choices) != self._paged:
            self._paged, self.choice_page = tuple(choices), 0
        colour = PALETTE.gold if self.choice else PALETTE.ivory
        actions = [
            (self.pick(*self.presentation.button_text(self.state, move)),
             self._play_action(move), colour)
            for move in page_of(choices, room, self.choice_page)
        ]
        pages = page_count(len(choices), room)
        if pages > 1:
            label = self._("Autres choix ({page}/{pages})").format(
                page=self.choice_page % pages + 1, pages=pages
            )
            actions.append((label, self._next_choices, PALETTE.calm))
        return actions

    def _next_choices(self) -> None:
        self.choice_page += 1
        self._layout_buttons()

    def _acting_seat(self) -> int | None:
        if self.state.is_chance_node():
            return self.run.roller()
        return self.run.seat()

    def _play_action(self, move: Any):  # type: ignore[no-untyped-def]
        return lambda: self.play(move)

    def play(self, move: Any) -> None:
        """Play a decision: the run tells the keeper, the board, then :meth:`played`.

        A coached person's decision is weighed first: one the coach holds back is not
        played, a warning is shown instead."""
        if self.coach.weigh(move, self.machine, self.clock):
            self.choice = []
            self.hint = None
            self.message = ("", "", False)
            self.kiosk.sounds.play("error")
            self._layout_buttons()
            return
        self.run.play(move)

    def _coach_again(self) -> None:
        """"Choisir un autre coup": the held decision forgotten, the person chooses again."""
        self.coach.take_back(self.machine)
        self.picker = MovePicker(self.state, self.presentation)
        self.choice = []
        self.message = (self._("Choisissez un autre coup."), "", False)
        self._layout_buttons()

    def _coach_anyway(self) -> None:
        """"Jouer quand même": the held decision played as it is."""
        move = self.coach.played_anyway(self.machine)
        if move is not None and not self.state.is_terminal():
            self.run.play(move)

    def _coach_advice(self) -> None:
        """"Conseil": the held decision forgotten, the best one shown as a hint."""
        warning = self.coach.warning
        self._coach_again()
        if warning is not None:
            self.hint = warning.best
            text = self.pick(*self.presentation.describe(self.state, self.hint))
            self.message = (self._("Conseil : {move}").format(move=text), "", False)

    def _roll(self) -> None:
        """The dice thrown (:meth:`played` shows them)."""
        self.run.roll()

    def played(self, before: State, move: Any, after: State) -> None:
        """A decision played: its animation and sound (the dice thrown at a chance node)."""
        if before.is_chance_node():
            if isinstance(move, Dice):
                self.dice.throw(move.values)
            self.kiosk.sounds.play("dice")
            self._coach_moved_on()
            self._fresh_position()
            return
        machine = self.demo or not self.run.is_person(self.run.seat(before))
        pace = (MACHINE_PACE, LIFT, HOLD) if machine else (1.0, 0.0, 0.0)
        self.transition = Transition.of_decision(self.view, self.presentation, before, move,
                                                 *pace)
        self.kiosk.sounds.play("capture" if self.transition.captures else "move")
        text = self.presentation.banner(after)
        self.banner = Banner(text, self.clock, any(p.turned for p in self.panels)) if text else None
        self.message = ("", "", False)
        self._coach_moved_on()
        self._fresh_position()

    def undone(self, state: State) -> None:
        """Decisions taken back: no move on its way, the position's buttons."""
        self.transition = None
        self._coach_moved_on()
        self._fresh_position()

    def _coach_moved_on(self) -> None:
        """A new position: the coach's questions and warning about the old one dropped."""
        self.coach.moved_on()
        self.machine.forget_coach()
        self.hands.show_marks({})

    def _undo_action(self, seat: int) -> tuple[str, Any, Any]:
        """The button taking back ``seat``'s last decision, in that seat's panel (lighter
        than the panel when it is not that seat's turn)."""
        colour = PALETTE.ivory_dark if seat == self._acting_seat() else PALETTE.ivory
        return (self._("Annuler mon coup"), lambda: self._undo(seat), colour)

    def _undo(self, seat: int) -> None:
        """``seat`` takes back its own last decision and what the machines played after it."""
        self.machine.forget()
        if self.run.undo(seat):  # :meth:`undone` follows
            self.message = (self._("Coup annulé."), "", False)

    def _take_back(self, count: int) -> None:
        """The previous position was restored on the board: those decisions are undone."""
        self.machine.forget_move()
        if self.run.take_back(count):  # :meth:`undone` follows
            self.message = (self._("Coup repris sur le plateau."), "", False)
        else:  # nothing taken back: the board is shown the position again
            self.hands.undone(self.state)
            self._fresh_position()

    def _follow_board(self) -> None:
        """The physical board's hands: a decision, a choice to offer, or a takeback."""
        answer = self.hands.update()
        if answer is None:
            return
        if answer.undo:
            self._take_back(answer.undo)
        elif answer.decision is not None and not self.state.is_terminal():
            warning = self.coach.warning
            if warning is not None and answer.decision != warning.move:
                self.coach.take_back(self.machine)  # the hands chose another decision
            self.play(answer.decision)
        elif answer.choices:
            self.choice = list(answer.choices)
            self._layout_buttons()
        elif self.hands.new_status:
            self._layout_buttons()

    def _discs_turned(self) -> None:
        self.hands.discs_turned()
        self._layout_buttons()

    def enter(self) -> None:
        self.hands.resync()

    def leave(self) -> None:
        self.hands.close()
        self.run.decisions.forget(self.hands)
        self.run.decisions.forget(self)

    def flaps_changed(self, down: frozenset[int]) -> None:
        self.hands.flaps_changed(down)

    def _follow_flaps(self) -> None:
        """A physical shut-the-box: the flaps pushed down are the decision."""
        if not self.demo and self.run.human_to_move():
            move, why = self.hands.flap_decision(self.state)
            if move is not None:
                self.play(move)
            elif why is not None:
                self._warn(self.pick(*why))

    def hardware_button(self, name: str) -> None:
        if name == "hint" and not self.demo and self.run.human_to_move():
            self._ask_hint()

    def _ask_hint(self) -> None:
        if self.machine.ask_hint(self.run):
            self.message = (self._("Je cherche un conseil…"), "", False)

    def _quit(self) -> None:
        """The Menu button: a game under way asks first; otherwise home at once."""
        if not self.asks_to_leave():
            self.kiosk.worker.cancel_all()
            self.kiosk.home()

    def asks_to_leave(self) -> bool:
        """"Quitter la partie ?" over a game with moves made and not over."""
        if self.demo or not self.run.moves or self.state.is_terminal():
            return False
        self.idle.dismiss()
        self.drag_from = self.drag_pos = None
        self.kiosk.go.leave_game(self)
        return True

    def _rules(self) -> None:
        self.kiosk.go.rules(self.entry.game_id)

    def update(self, dt: float) -> None:
        self.clock += dt
        self.dice.update(dt)
        self._follow_board()
        if self.transition is not None:
            self.transition.update(dt)
            if self.transition.done:
                self.transition = None
                self._layout_buttons()
            return
        self._collect_answers()
        self.coach.update(self.machine, self.clock)
        self.hands.show_marks(self._coach_marks())
        self._follow_flaps()
        if self._check_still_there(dt):
            return
        state = self.state
        if state.is_terminal():
            self.finished_for += dt
            if self.finished_for > 1.2 and not self.results_shown:
                self.results_shown = True
                self._show_results()
            return
        self.waited += dt
        seat = self._acting_seat()
        machine = self.demo or seat is None or self.run.controller(seat) != HUMAN
        pause = self.kiosk.settings.demo_pause if self.demo else MACHINE_PAUSE
        if state.is_chance_node():
            if machine and self.waited >= pause and not self.dice.rolling:
                self.waited = 0.0
                self._roll()
            return
        if machine and not self.machine.thinking and self.waited >= 0.05:
            self.machine.ask_move(self.run, self.run.controller(seat or 0))
            self.waited = 0.0

    def _collect_answers(self) -> None:
        answers = self.machine.collect()
        self.coach.heard(answers)
        hint = answers.hint
        if hint is not None and hint.move is not None and not self.state.is_terminal():
            try:
                self.hint = parsed(self.run, hint.move)
            except Exception:
                self.hint = None
            if self.hint is not None:
                text = self.pick(*self.presentation.describe(self.state, self.hint))
                self.message = (self._("Conseil : {move}").format(move=text), "", False)
        answer = answers.move
        if answer is not None:
            if answer.move is None:
                log.error("l'IA n'a pas répondu : %s", answer.error)
                move = self.state.legal_moves()[0]
            else:
                move = parsed(self.run, answer.move)
            self.play(move)

    def _check_still_there(self, dt: float) -> bool:
        """True while the "are you still there?" question is up (games with people)."""
        if self.demo or self.run.table.humans == 0:
            return False
        return self.idle.update(dt)

    def _show_results(self) -> None:
        if self.demo:
            return
        self.kiosk.sounds.play("win")
        self.kiosk.go.results(self.entry, self.run)

    # ------------------------------------------------------------------ input

    def pointer(self, event: Pointer) -> None:
        if self.idle.asking:
            if event.phase is Phase.UP:
                self.idle.dismiss()
            return
        if self.demo:
            return
        if event.phase is Phase.DOWN:
            if self.menu.press(event.pos):
                return
            for panel in self.panels:
                if panel.contains(event.pos) and panel.buttons.press(panel.to_local(event.pos)):
                    return
            self.drag_from = self.view.point_at(event.pos)
            self.drag_pos = event.pos
        elif event.phase is Phase.MOVE:
            if self.drag_from is not None:
                self.drag_pos = event.pos
        elif event.phase is Phase.UP:
            if self.menu.release(event.pos):
                return
            for panel in self.panels:
                if panel.buttons.release(panel.to_local(event.pos)):
                    return
            start, self.drag_from, self.drag_pos = self.drag_from, None, None
            end = self.view.point_at(event.pos)
            if start is None and end is None:
                return
            if start is not None and end is not None and end != start:
                self.touch_point(start, keep=True)
                self.touch_point(end)
            else:
                self.touch_point(end if end is not None else start)  # type: ignore[arg-type]

    def touch_point(self, point: int, keep: bool = False) -> None:
        """A point touched by a person: extend, play, offer a choice or explain."""
        if self.transition is not None or self.state.is_terminal():
            return
        if self.coach.warning is not None:
            return  # the warning's buttons answer it
        if not self.run.human_to_move():
            if self.state.is_chance_node():
                self._warn(self._("Lancez d'abord les dés."))
            else:
                self._warn(self._("Patience : ce n'est pas votre tour."))
            return
        if keep and self.picker.touched and self.picker.touched[-1] == point:
            return
        result: Touch = self.picker.touch(point)
        if result.kind is TouchKind.PLAY:
            self.play(result.moves[0])
        elif result.kind in (TouchKind.CHOOSE, TouchKind.STOP_OR_GO):
            self.choice = list(result.moves)
            self.message = (
                self._("Choisissez :")
                if result.kind is TouchKind.CHOOSE
                else self._("Arrêtez-vous ici ou continuez."),
                "",
                False,
            )
            self._layout_buttons()
        elif result.kind is TouchKind.WRONG:
            self.kiosk.sounds.play("error")
            self._warn(self.pick(*result.why))
        else:
            self.choice = []
            self.message = ("", "", False)
            self._layout_buttons()

    def _warn(self, text: str) -> None:
        self.message = (text, "", True)

    # ------------------------------------------------------------------ drawing

    def trail(self) -> list[Trace]:
        """The last turn's traces; while a move is on its way, the turn before it."""
        key = (id(self.state), len(self.run.states))
        if key != self._trails_of:
            self._trails, self._trails_of = {}, key
        moving = self.transition is not None and not self.transition.moved
        back = 1 if moving and self.run.moves else 0
        if back not in self._trails:
            end = len(self.run.moves) - back
            self._trails[back] = last_move.last_turn(
                self.presentation, self.run.states[: end + 1], self.run.moves[:end]
            )
        return self._trails[back]

    def highlights(self) -> dict[int, str]:
        """The last move's marks under the lit points, the touches, targets and hint."""
        marks_now = last_move.marks(self.trail())
        if self.transition is not None or self.state.is_terminal():
            return marks_now
        marks_now.update(self.presentation.lit(self.state))
        return {**marks_now, **self._touch_marks()}

    def _touch_marks(self) -> dict[int, str]:
        """The touched points, where they may go, and the hint's points."""
        marks: dict[int, str] = {}
        if self.coach.warning is not None:
            return self._coach_marks()  # the held decision and its reason, nothing else
        if self.run.human_to_move() and not self.demo:
            for point in self.picker.touched:
                marks[point] = "selected"
            if (
                self.picker.touched
                or len(self.picker.starts()) <= 12
                or self.view.geometry.kind != "grid"
            ):
                for point in self.picker.next_points():
                    marks.setdefault(point, "target")
            if self.hint is not None:
                for point in self.presentation.move_points(self.state, self.hint):
                    marks[point] = "hint"
        return marks

    def _coach_marks(self) -> dict[int, str]:
        """While the coach warns: the held decision's points, and the points its reason
        names (on the screen and, as LEDs, on the physical board)."""
        warning = self.coach.warning
        if warning is None or self.demo:
            return {}
        marks = {point: "selected"
                 for point in self.presentation.move_points(self.state, warning.move)}
        geometry = self.view.geometry
        for name in self.coach.reason_points():
            try:
                marks[geometry.index(name)] = "remove"
            except (KeyError, ValueError, IndexError):
                log.warning("le coach nomme un point inconnu : %s", name)
        return marks

    def draw(self, canvas: pygame.Surface) -> None:
        if self.transition is not None:
            pulse = (pygame.math.Vector2(1, 0).rotate(self.clock * 240).x + 1) / 2
            draw_backdrop(canvas)
            trail = self.trail()
            self.view.draw(canvas, self.transition.tokens(), last_move.marks(trail), pulse=pulse,
                           trail=trail)
            self.transition.draw_over(canvas)
            self._draw_table_things(canvas)
        else:
            canvas.blit(self._still_layer(), (0, 0))
            if self.dice.rolling:
                self._draw_dice(canvas)
        if self.banner is not None:
            self.banner.draw(canvas, self.view.board_rect.center, self.clock, self.kiosk.tr.lang)
        for seat, panel in enumerate(self.panels):
            panel.draw(canvas, self._panel_content(seat), self.clock)
        self.menu.draw(canvas)
        if self.demo and self.demo_banner:
            self._draw_demo_banner(canvas)
        if self.idle.asking:
            self.idle.draw(canvas)
        self._drawn_picture = self._picture()

    def _layer_picture(self, marks: dict[int, str]) -> tuple[object, ...]:
        """What the still layer shows: the position, its marks, the language, the dice."""
        return (
            id(self.state),
            len(self.run.states),
            tuple(sorted(marks.items())),
            self.kiosk.tr.lang,
            self.dice.rolling,
        )

    def _picture(self) -> tuple[object, ...]:
        """What a still frame shows (compared with the last one drawn)."""
        panels = tuple(
            panel.picture(self._panel_content(seat), self.clock)
            for seat, panel in enumerate(self.panels)
        )
        menu = tuple((b.label, b.pressed, b.enabled) for b in self.menu.buttons)
        moving = self.transition is not None  # its last frame is not the still one
        return (self._layer_picture(self.highlights()), panels, menu, self.message, moving)

    def animating(self) -> bool:
        """Moving pieces, dice, a banner or a countdown; else whether the board, the
        machine's thinking (a panel's spinner), a panel's page or a touch changed what the
        last frame showed."""
        banner = self.banner
        if (
            self.transition is not None
            or self.dice.rolling
            or self.idle.asking
            or (banner is not None and self.clock - banner.start < BANNER)
        ):
            return True
        return self._picture() != self._drawn_picture

    def damage(self) -> list[pygame.Rect] | None:
        """The board and its edges while pieces move or dice roll, and the panels whose text or
        spinner changed; all of the canvas for anything else (a new position, a banner,
        the countdown, the menu, a message)."""
        drawn = self._drawn_picture
        banner = self.banner
        if (
            not drawn
            or self.idle.asking
            or (banner is not None and self.clock - banner.start < BANNER)
        ):
            return None
        layer, panels, *rest = self._picture()
        shown = drawn[1]
        if (
            layer != drawn[0]
            or rest != list(drawn[2:])
            or not isinstance(panels, tuple)
            or not isinstance(shown, tuple)
        ):
            return None
        rects = [
            panel.rect.inflate(DAMAGE_MARGIN, DAMAGE_MARGIN)
            for panel, now, then in zip(self.panels, panels, shown, strict=True)
            if now != then
        ]
        if self.transition is not None or self.dice.rolling:
            rects.append(self.view.board_rect.inflate(BOARD_MARGIN, BOARD_MARGIN))
        if self.dice.rolling and self.dice.values:
            size = dice_size(len(self.dice.values), DICE_SIDE)
            dice = pygame.Rect((0, 0), size)
            dice.center = self.view.free_spot(*size)
            rects.append(dice.inflate(DICE_SIDE, DICE_SIDE))  # tilted and lifted as they roll
        return rects or None

    def _still_layer(self) -> pygame.Surface:
        """Backdrop, board, pieces, marks and table things: redrawn only when they change."""
        marks = self.highlights()
        key = self._layer_picture(marks)
        if self._layer is None or key != self._layer_key or drawn.recording():
            if self._layer is None:
                self._layer = pygame.Surface(CANVAS)
            with drawn.placed(self._layer, (0, 0)):
                draw_backdrop(self._layer)
                self.view.draw(self._layer, self.presentation.tokens(self._shown_state()), marks,
                               pulse=0.6, trail=self.trail())
                drawn.note(self._layer, "board", self.view.board_rect)
                self._draw_table_things(self._layer)
            self._layer_key = key
        return self._layer

    def _shown_state(self) -> State:
        """The position on the board: while the coach holds a decision, as it leaves it (the
        piece where the person put it)."""
        warning = self.coach.warning
        return self.state if warning is None or warning.after is None else warning.after

    def _draw_dice(self, canvas: pygame.Surface) -> None:
        extras = self.presentation.extras(self.state)
        if self.dice.values or extras.dice:
            if not self.dice.rolling and extras.dice:
                self.dice.values = extras.dice
            centre = self.view.free_spot(*dice_size(len(self.dice.values), DICE_SIDE))
            self.dice.draw(canvas, centre, DICE_SIDE, extras.dice_used)

    def _draw_table_things(self, canvas: pygame.Surface) -> None:
        self.layers_key = draw_layers_key(canvas, self.view, self.presentation.tokens(self.state))
        extras = self.presentation.extras(self.state)
        if not self.dice.rolling:
            self._draw_dice(canvas)
        status = self.pick(*extras.status) if extras.status[0] else ""
        draw_cube_and_status(canvas, self.view.board_rect, extras, status, self._("Videau"))

    def _panel_content(self, seat: int) -> PanelContent:
        game = self.run.game
        names = self._seat_names()
        name = names[seat] if seat < len(names) else game.players[seat]
        controller = self.run.controller(seat)
        label = self.pick(*CONTROLLER_LABELS.get(controller, (controller, controller)))
        acting = self._acting_seat() == seat and not self.state.is_terminal()
        content = PanelContent(name, label, self.colours[seat], to_move=acting)
        if acting:
            if controller != HUMAN or self.demo:
                content.thinking = self.machine.thinking
                content.headline = (
                    self._("La machine réfléchit")
                    if content.thinking
                    else self._("La machine joue")
                )
            elif self.state.is_chance_node():
                content.headline = self._("À vous : lancez les dés")
            else:
                content.headline = self._("À vous de jouer !")
            text, _, warning = self.message
            if self.coach.warning is not None and self.coach.warning.seat == seat:
                reason = self.coach.reason_text(self.kiosk.tr.lang)
                text = self._("Attention !") + " " + (
                    reason or self._("Ce coup vous fait clairement perdre du terrain."))
                warning = True
            if not text:
                text, warning = self.hands.status(self.kiosk.tr.lang)
            if text and not self.demo:
                content.message, content.message_is_warning = text, warning
        extras = self.presentation.extras(self.state)
        if seat < len(extras.panels):
            info = extras.panels[seat]
            if info.partner is not None:
                partner = self._seat_names()[info.partner]
                content.lines.append(self._("Équipe avec {name}").format(name=partner))
            if info.in_hand is not None:
                content.lines.append(self._("En main : {n}").format(n=info.in_hand))
            if info.captured is not None:
                content.lines.append(self._("Prises : {n}").format(n=info.captured))
            if info.match is not None:
                content.lines.append(self._("Match : {points} points sur {target}").format(
                    points=info.match[0], target=info.match[1]))
            if info.to_go is not None:
                content.lines.append(self._("Reste à parcourir : {n}").format(n=info.to_go))
            if info.value_taken is not None:
                content.lines.append(self._("Valeur prise : {n}").format(n=info.value_taken))
            if info.borne_off is not None:
                content.lines.append(self._("Sorties : {n}").format(n=info.borne_off))
            if info.score:
                content.lines.append(self._("Score : {score}").format(score=info.score))
        return content

    def _seat_names(self) -> tuple[str, ...]:
        lang = self.kiosk.tr.lang
        if self._names_lang != lang:
            self._names = seat_names(self.run.table.spec, lang)
            self._names_lang = lang
        return self._names

    def _draw_demo_banner(self, canvas: pygame.Surface) -> None:
        name = self.pick(self.entry.name_fr, self.entry.name_en)
        draw_demo_banner(canvas, name, self._("Touchez l'écran pour jouer"))
