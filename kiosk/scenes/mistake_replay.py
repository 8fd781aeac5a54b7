"""A coached person's mistake seen again after the game, on the board, with its reason.

Opened from the results screen: the position before the decision, the decision
played as in the game, and why it loses (found again by the thinking process,
:func:`kiosk.mistakes.explain_mistake`; "…" meanwhile, the best decision named
if that fails), its points marked. "La réponse" plays out what the reason shows
(the opponent's answer), "Le meilleur coup" plays the best decision instead;
"Retour" goes back to the results.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from engines.core import State
from kiosk.ai_worker import Reviewed
from kiosk.boards import BoardView, renderer_for
from kiosk.boards.base import ROLE_COLOURS
from kiosk.boards.legend import draw_layers_key
from kiosk.catalog import Entry, seat_names
from kiosk.coach import CoachNote
from kiosk.games import last_move, look_for, presentation_for
from kiosk.mistakes import REVIEW_SECONDS, Explanation, best_was, move_number
from kiosk.run import GameRun
from kiosk.scenes.animation import Transition
from kiosk.scenes.base import ButtonScene
from kiosk.scenes.chrome import draw_backdrop
from kiosk.scenes.overlays import CUBE_ROOM, draw_cube_and_status
from kiosk.ui import drawn
from kiosk.ui.dice import DiceRoll, dice_size
from kiosk.ui.text import blit_lines, blit_text, fit_paragraph, fit_size
from kiosk.ui.theme import PALETTE, font, seat_colours
from kiosk.ui.widgets import Button, rounded_panel

if TYPE_CHECKING:
    from kiosk.runtime import Kiosk

BOARD_RECT = pygame.Rect(36, 64, 1060, 984)
PANEL_RECT = pygame.Rect(1128, 40, 756, 1000)
BUTTONS_Y = PANEL_RECT.bottom - 120
VIEWS_Y = BUTTONS_Y - 112
PACE, LIFT, HOLD = 1.6, 0.6, 0.3
"""A decision played slowly, its piece lit first: the visitor sees it coming."""

MISTAKE, ANSWER, BEST = "mistake", "answer", "best"
"""What the board shows: the decision made, the reason played out, the best decision."""
ROLES = {MISTAKE: "last", ANSWER: "remove", BEST: "hint"}
"""The marks of each view's decisions (the reason's points are ``remove`` too)."""
LEGEND = (
    ("last", "votre coup", "your move"),
    ("remove", "la raison", "the reason"),
    ("hint", "le meilleur coup", "the best move"),
)


class MistakeReplayScene(ButtonScene):
    name = "mistake"

    def __init__(self, kiosk: Kiosk, entry: Entry, run: GameRun, note: CoachNote) -> None:
        super().__init__(kiosk)
        self.entry = entry
        self.run = run
        self.note = note
        game = run.game
        self.before: State = run.states[note.index]
        """The position in which the person decided."""
        self.presentation = presentation_for(game)
        self.colours = seat_colours(game.players)
        area = BOARD_RECT
        if self.presentation.extras(game.initial_state()).cube is not None:  # the cube beside
            area = pygame.Rect(area.x + CUBE_ROOM, area.y, area.width - CUBE_ROOM, area.height)
        self.view = BoardView(
            game.geometry(), area, renderer_for(game.geometry().kind, look_for(game.id)),
            self.colours, lang=kiosk.tr.lang,
        )
        self.dice = DiceRoll()
        self.number = move_number(run.states, note.index)
        self.explanation: Explanation | None = None
        self.failed = False
        self.ticket: int | None = None
        self.mode = MISTAKE
        self.shown: State = self.before
        self.queue: list[tuple[State, Any]] = []
        self.transition: Transition | None = None
        self.steps: list[tuple[State, Any]] = []
        """The decisions of the current view, with the position before each."""
        self.clock = 0.0
        self.layers_key: pygame.Rect | None = None
        self._drawn: tuple[object, ...] = ()

    # ------------------------------------------------------------------ flow

    def enter(self) -> None:
        if self.explanation is None and self.ticket is None and not self.failed:
            self.ticket = self.kiosk.worker.ask_review(
                self.run.table.spec, list(self.run.moves[: self.note.index]), self.note.move,
                REVIEW_SECONDS,
            )
        self.show(self.mode)

    def leave(self) -> None:
        if self.ticket is not None:
            self.kiosk.worker.cancel(self.ticket)
            self.ticket = None

    def _decision(self, state: State, text: str) -> Any:
        return self.run.game.parse_move(state, text)

    def line(self) -> list[tuple[State, Any]]:
        """The reason's decisions after the mistake, each with the position before it
        (none while the reason is awaited, or when they do not read back)."""
        if self.explanation is None:
            return []
        found: list[tuple[State, Any]] = []
        try:
            state = self.before.apply(self._decision(self.before, self.note.move))
            for text in self.explanation.line:
                move = self._decision(state, text)
                found.append((state, move))
                state = state.apply(move)
        except ValueError:
            return []
        return found

    def show(self, mode: str) -> None:
        """A view begins: its decisions played out from where it starts."""
        self.mode = mode
        if mode == ANSWER and self.line():
            self.steps = self.line()
        else:
            if mode == ANSWER:
                self.mode = mode = MISTAKE
            text = self.note.best if mode == BEST else self.note.move
            try:
                self.steps = [(self.before, self._decision(self.before, text))]
            except ValueError:  # a note that does not read back: the position alone
                self.steps = []
        self.shown = self.before if not self.steps else self.steps[0][0]
        self.queue = list(self.steps)
        self.transition = None
        self._layout_buttons()

    def _layout_buttons(self) -> None:
        self.buttons.clear()
        x, width = PANEL_RECT.x + 28, PANEL_RECT.width - 56
        views = (
            (MISTAKE, self._("Votre coup")),
            (ANSWER, self._("La réponse")),
            (BEST, self._("Le meilleur coup")),
        )
        # each as wide as its label asks, the row filled
        wanted = [font(28, "sans-bold").size(label)[0] + 40 for _, label in views]
        room = width - 2 * 16
        for (mode, label), asks in zip(views, wanted, strict=True):
            w = round(room * asks / sum(wanted))
            button = Button(pygame.Rect(x, VIEWS_Y, w, 92), label,
                            self._view_action(mode), PALETTE.ivory, size=28)
            button.selected = mode == self.mode
            button.enabled = mode != ANSWER or bool(self.line())
            self.buttons.add(button)
            x += w + 16
        x = PANEL_RECT.x + 28
        self.buttons.add(
            Button(pygame.Rect(x, BUTTONS_Y, 260, 96), self._("Retour"), self._back,
                   PALETTE.ivory_dark, size=32)
        )

    def _view_action(self, mode: str):  # type: ignore[no-untyped-def]
        return lambda: self.show(mode)

    def _back(self) -> None:
        self.kiosk.pop()

    # ------------------------------------------------------------------ time

    def update(self, dt: float) -> None:
        self.clock += dt
        self._collect()
        if self.transition is not None:
            self.transition.update(dt)
            if self.transition.done:
                self.transition = None
        if self.transition is None and self.queue:
            before, move = self.queue.pop(0)
            after = before.apply(move)
            self.transition = Transition.of_decision(self.view, self.presentation, before, move,
                                                     PACE, LIFT, HOLD)
            self.kiosk.sounds.play("capture" if self.transition.captures else "move")
            self.shown = after

    def _collect(self) -> None:
        """The reason, once the thinking process sends it (never waits)."""
        if self.ticket is None:
            return
        for answer in self.kiosk.worker.poll():
            if answer.ticket != self.ticket:
                continue
            self.ticket = None
            if isinstance(answer, Reviewed) and isinstance(answer.explanation, Explanation):
                self.explanation = answer.explanation
            else:
                self.failed = True
            self._layout_buttons()

    @property
    def waiting(self) -> bool:
        return self.ticket is not None

    # ------------------------------------------------------------------ what it says

    def reason(self) -> str:
        """Why the decision loses, in the screen's language ("…" while it is thought)."""
        if self.explanation is not None:
            reason = self.explanation.text(self.kiosk.tr.lang)
        elif self.failed:
            return best_was(self.note.best).text(self.kiosk.tr.lang)
        else:
            return "…"
        if self.mode != BEST:
            return reason
        return self._("Votre coup, {move} : {reason}").format(  # the board shows another
            move=self.note.move, reason=reason[:1].lower() + reason[1:]
        )

    def lead(self) -> str:
        """The view's first sentence: what the board plays."""
        if self.mode == BEST:
            return self._("Le meilleur coup était {move}.").format(move=self.note.best)
        if self.mode == ANSWER:
            answer = ", ".join(str(move) for _, move in self.steps)
            return self._("L'adversaire répond {move}.").format(move=answer)
        return self._("Vous avez joué {move}.").format(move=self.note.move)

    def heading(self) -> str:
        return {
            MISTAKE: self._("Votre coup"),
            ANSWER: self._("La réponse de l'adversaire"),
            BEST: self._("Le meilleur coup"),
        }[self.mode]

    def highlights(self) -> dict[int, str]:
        """Once the view's decisions are played: their marks, and the reason's points
        (after the decision made and its answer)."""
        if self.transition is not None or self.queue:
            return {}
        traces = []
        for before, move in self.steps:
            trace = self.presentation.trace(before, move, before.apply(move))
            if trace is not None:
                traces.append(trace)
        role = ROLES[self.mode]
        marks = {point: role for point in last_move.marks(traces)}
        if self.mode != BEST and self.explanation is not None:
            geometry = self.view.geometry
            for name in self.explanation.points:
                if geometry.has(name):
                    marks[geometry.index(name)] = "remove"
        return marks

    # ------------------------------------------------------------------ drawing

    def _picture(self) -> tuple[object, ...]:
        return (self.mode, id(self.shown), self.explanation, self.failed, self.kiosk.tr.lang,
                tuple((b.pressed, b.enabled, b.selected) for b in self.buttons.buttons))

    def animating(self) -> bool:
        """The decisions moving; else whether the reason came or a view changed."""
        if self.transition is not None or self.queue:
            return True
        return self._picture() != self._drawn

    def draw(self, canvas: pygame.Surface) -> None:
        draw_backdrop(canvas)
        if self.transition is not None:
            self.view.draw(canvas, self.transition.tokens(), {}, pulse=0.6)
            self.transition.draw_over(canvas)
        else:
            shown = self.queue[0][0] if self.queue else self.shown
            tokens = self.presentation.tokens(shown)
            self.view.draw(canvas, tokens, self.highlights(), pulse=0.6)
            drawn.note(canvas, "board", self.view.board_rect)
            self.layers_key = draw_layers_key(canvas, self.view, tokens)
        self._draw_table_things(canvas)
        self._draw_panel(canvas)
        self.buttons.draw(canvas)
        self._drawn = self._picture()

    def _draw_table_things(self, canvas: pygame.Surface) -> None:
        state = self.queue[0][0] if self.queue else self.shown
        extras = self.presentation.extras(state)
        if extras.dice:
            self.dice.values = extras.dice
            centre = self.view.free_spot(*dice_size(len(extras.dice), 80))
            self.dice.draw(canvas, centre, 80, extras.dice_used)
        status = self.pick(*extras.status) if extras.status[0] else ""
        draw_cube_and_status(canvas, self.view.board_rect, extras, status, self._("Videau"))

    def _draw_panel(self, canvas: pygame.Surface) -> None:
        rect = PANEL_RECT
        rounded_panel(canvas, rect, PALETTE.ivory, radius=28, border=PALETTE.gold)
        x, width = rect.x + 36, rect.width - 72
        y = rect.y + 28
        game = self.pick(self.entry.name_fr, self.entry.name_en).upper()
        blit_text(canvas, game, (x, y), fit_size(game, width, 24, "sans-bold"),
                  PALETTE.accent_dark, "sans-bold")
        y += 44
        title = self._("Le coup {n}").format(n=self.number)
        blit_text(canvas, title, (x, y), fit_size(title, width, 46, "serif-bold"), PALETTE.ink,
                  "serif-bold")
        y += 64
        if len(self.run.table.coached) > 1:
            names = seat_names(self.run.table.spec, self.kiosk.tr.lang)
            seat = self.note.seat
            name = names[seat] if seat < len(names) else self.run.game.players[seat]
            pygame.draw.circle(canvas, self.colours[seat], (x + 16, y + 18), 16)
            pygame.draw.circle(canvas, PALETTE.ink, (x + 16, y + 18), 16, 2)
            blit_text(canvas, name, (x + 44, y + 18), fit_size(name, width - 44, 30, "sans-bold"),
                      PALETTE.ink, "sans-bold", "midleft")
            y += 52
        heading = self.heading()
        size = fit_size(heading, width - 48, 30, "sans-bold")
        badge = pygame.Rect(x, y, min(width, font(size, "sans-bold").size(heading)[0] + 48), 54)
        colour = ROLE_COLOURS[ROLES[self.mode]] if self.mode != MISTAKE else PALETTE.accent_dark
        pygame.draw.rect(canvas, colour, badge, border_radius=27)
        drawn.note(canvas, "panel", badge)
        blit_text(canvas, heading, badge.center, size, PALETTE.ivory, "sans-bold", "center")
        y += 76
        legend = self._legend()
        bottom = VIEWS_Y - 24 - (44 if legend else 0)
        lead = self.lead()
        reason = self.reason()
        shown_reason = not (self.mode == BEST and self.failed)
        for text_size in (34, 32, 30, 28, 26, 24, 22):
            head = fit_paragraph(lead, width, 10_000, text_size, "sans-bold", smallest=text_size)
            body = fit_paragraph(reason, width, 10_000, text_size, smallest=text_size)
            needed = head.height + (16 + body.height if shown_reason else 0)
            if y + needed <= bottom:
                break
        used = blit_lines(canvas, head.pages[0], pygame.Rect(x, y, width, head.height),
                          head.size, PALETTE.ink, "sans-bold", head.step)
        y += used + 16
        if shown_reason:
            body = fit_paragraph(reason, width, max(body.step, bottom - y), body.size)
            y += blit_lines(canvas, body.pages[0], pygame.Rect(x, y, width, bottom - y),
                            body.size, PALETTE.ink, step=body.step, cut=len(body.pages) > 1)
        if legend:
            self._draw_legend(canvas, x, y + 20, legend)

    def _legend(self) -> list[tuple[tuple[int, int, int], str]]:
        roles = set(self.highlights().values())
        return [(ROLE_COLOURS[role], self.pick(fr, en)) for role, fr, en in LEGEND
                if role in roles]

    def _draw_legend(self, canvas: pygame.Surface, x: int, y: int,
                     legend: list[tuple[tuple[int, int, int], str]]) -> None:
        for colour, label in legend:
            box = pygame.Rect(x, y, 22, 22)
            pygame.draw.rect(canvas, colour, box, border_radius=5)
            pygame.draw.rect(canvas, PALETTE.ink, box, 2, border_radius=5)
            where = blit_text(canvas, label, (x + 30, y + 11), 22, PALETTE.ink, "sans",
                              "midleft")
            x = where.right + 28
