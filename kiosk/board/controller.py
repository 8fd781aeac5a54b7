"""From hands on pieces to decisions: the physical twin of :mod:`kiosk.picker`.

:class:`BoardController` holds the game's state and the board's occupancy
and answers every event with an :class:`Answer`: the LED frame to show, a
status line (French, English), and at times a decision to play, a choice to
offer, or a takeback to make. Pure logic: no pygame, no thread, no clock —
the caller passes the time, so a slide's transient squares are ignored until
a placement has stood still for ``settle`` seconds.

How a game moves along, seen from the board:

- the expected occupancy is the points holding pieces in the state; lifting
  a piece lights its legal targets; putting it on one (and leaving it there
  ``settle`` seconds) is the decision whose touched points those are;
- after a decision, captured pieces blink red until lifted, and pieces that
  changed (reversi discs) blink orange until each is lifted and put back, the
  screen confirms, or the next decision is made on the board;
- a decision made elsewhere (the machine, the screen) is shown in blue and
  only that decision is accepted until the board shows it;
- an occupancy no legal progress explains blinks exactly the differing
  squares ("remettez les pièces"), until it matches again;
- the previous position restored on the board asks for a takeback;
- a lost board leaves play to the screen; when it comes back, it is checked
  against the game again: if the game went on meanwhile, the squares to
  change light blue (lift from the blinking ones, put on the steady ones) and
  the discs to turn orange until the board shows the game; a square the game
  did not change but the board does blinks white.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, replace
from typing import Any

from drivers.sensorboard import (
    BoardConnected,
    BoardEvent,
    BoardLost,
    Led,
    LedFrame,
    Occupancy,
    OccupancyChanged,
)
from engines.core import State
from kiosk.board import guide
from kiosk.board.effects import Effect, changed_in_place, effect_of, effects, occupied
from kiosk.board.mapping import BoardMapping
from kiosk.games.base import Presentation
from kiosk.picker import MovePicker


@dataclass(frozen=True)
class Answer:
    """What the kiosk does after an event.

    ``kind``: ``rest`` (the board matches, waiting for a hand), ``moving`` (a
    decision begun), ``play`` (``decision`` is complete: play it), ``choose``
    (``choices``: several decisions fit, offer them on the screen), ``follow``
    (a decision made elsewhere waits to be copied), ``wrong`` (squares differ),
    ``undo`` (``undo`` decisions to take back), ``lost``, ``waiting`` (no
    occupancy read yet).
    """

    kind: str
    leds: LedFrame
    status: tuple[str, str]
    decision: Any | None = None
    choices: tuple[Any, ...] = ()
    undo: int = 0
    synced: bool = False
    """The board shows the game's position (no difference, nothing to copy)."""


class BoardController:
    """Follows one game on one physical board (see the module's docstring)."""

    def __init__(self, state: State, presentation: Presentation, mapping: BoardMapping, *,
                 settle: float = 0.3, machine: Collection[str] = (), now: float = 0.0) -> None:
        self.presentation = presentation
        self.mapping = mapping
        self.settle = settle
        self.machine = frozenset(machine)
        """Seats the machine plays: on their turn the board waits for its decision."""
        self.state: State = state
        """The game's position (the board may still be copying an earlier one)."""
        self._now = now
        self._since = now
        self._actual: frozenset[int] | None = None
        self._connected = True
        self._wrong_size = False
        self._answer = Answer("waiting", self._frame({}), guide.READING)
        self._history: list[tuple[State, frozenset[int]]] = []
        """States before each decision, with their occupancy (for takebacks)."""
        self._lag: list[tuple[State, Any]] = []
        """Decisions made elsewhere that the board has not copied yet, oldest first."""
        self._take_off: set[int] = set()
        self._put_back: set[int] = set()
        self._turn: set[int] = set()
        self._turn_lifted: set[int] = set()
        self._offered: tuple[Any, ...] = ()
        self._offered_at: frozenset[int] | None = None
        self._undo_at: frozenset[int] | None = None
        self._lifted: set[int] = set()
        """Expected pieces seen lifted since the reference position was set."""
        self._synced = False
        self._refused: frozenset[int] | None = None
        """The occupancy of a refused decision: wrong until the hands change it."""
        self._behind: frozenset[int] | None = None
        """While the board catches up with a game that went on without it (lost, then
        back): the occupancy it was to show when it was lost."""
        self._reset(state)

    # ------------------------------------------------------------------ calls

    @property
    def answer(self) -> Answer:
        """The last answer given."""
        return self._answer

    @property
    def chores(self) -> bool:
        """Pieces still to take off, put back or turn after the last decision."""
        return bool(self._take_off or self._put_back or self._turn)

    def feed(self, event: BoardEvent, now: float) -> Answer:
        """A board event (in the order the board gave them)."""
        self._now = max(self._now, now)
        if isinstance(event, BoardLost):
            self._lost()
        elif isinstance(event, BoardConnected):
            self._connected = True
            self._wrong_size = (event.rows, event.cols) != (self.mapping.rows, self.mapping.cols)
            self._actual = None
            self._clear_board_work()
        elif isinstance(event, OccupancyChanged):
            self._see(event.occupancy)
        return self._evaluate()

    def tick(self, now: float) -> Answer:
        """Time passes (call it every frame): a placement may have settled."""
        self._now = max(self._now, now)
        return self._evaluate()

    def play(self, state: State, move: Any = None, now: float | None = None) -> Answer:
        """The game went on to ``state`` by ``move`` (from the board, the screen or the machine).

        Without ``move``: a new position (a new or resumed game), nothing to copy.
        """
        self._now = max(self._now, now if now is not None else self._now)
        if move is None:
            self._reset(state)
            return self._evaluate()
        self._history.append((self.state, self._state_occupancy))
        offered = next((e for e in self._effects if e.move == move), None)
        if self._offered and offered is not None and move in self._offered:
            self._done(offered)
        elif self._connected and self._actual is not None and self._behind is None:
            self._lag.append((self.state, move))
        self._offered, self._offered_at = (), None
        self._set_state(state)
        return self._evaluate()

    def undo(self, state: State, now: float | None = None) -> Answer:
        """The game was taken back to ``state`` (after an ``undo`` answer, or on the screen)."""
        self._now = max(self._now, now if now is not None else self._now)
        kept = [i for i, (old, _) in enumerate(self._history) if old == state]
        self._history = self._history[: kept[-1]] if kept else []
        self._lag.clear()
        if self._behind is None:
            self._clear_work()
        else:  # the board still shows what it showed: its work follows the game
            self._offered, self._offered_at = (), None
        self._set_state(state)
        return self._evaluate()

    def refuse(self, now: float | None = None) -> Answer:
        """The decision the board just showed is not accepted (a lesson asked for
        another): its squares blink until the pieces are put back."""
        self._now = max(self._now, now if now is not None else self._now)
        self._offered, self._offered_at = (), None
        self._refused = self._actual
        self._lifted = set()
        return self._evaluate()

    def confirm(self, now: float | None = None) -> Answer:
        """The screen says the pieces to turn are turned."""
        self._now = max(self._now, now if now is not None else self._now)
        self._turn.clear()
        self._turn_lifted.clear()
        return self._evaluate()

    # ------------------------------------------------------------------ bookkeeping

    def _reset(self, state: State) -> None:
        self._history = []
        self._lag = []
        self._behind = None
        self._clear_work()
        self._set_state(state)

    def _clear_work(self) -> None:
        self._take_off = set()
        self._put_back = set()
        self._turn = set()
        self._turn_lifted = set()
        self._offered, self._offered_at = (), None

    def _clear_board_work(self) -> None:
        """The board came back: what it shows is read afresh (catching up, if it was lost
        while the game went on)."""
        self._lag.clear()
        if self._behind is None:
            self._clear_work()
        self._synced = False
        self._set_reference()

    def _lost(self) -> None:
        """The board went away: play goes on by touch, and what it showed is remembered.

        Decisions waiting to be copied are dropped: when the board comes back, it
        catches up with the game in one go (see :meth:`_catch_up`).
        """
        if self._connected and self._actual is not None and self._behind is None:
            self._behind = self._expected
            self._note_turns(self._reference, self.state)
        self._connected = False
        self._actual = None
        self._refused = None
        self._offered, self._offered_at = (), None
        self._lag.clear()
        self._synced = False
        self._set_reference()

    def _follow_again(self, actual: frozenset[int]) -> None:
        """Caught up, or back with nothing to catch up: the hands make decisions again."""
        self._behind = None
        self._set_reference()
        self._lifted = set(self._expected - actual)

    def _note_turns(self, before: State, after: State) -> None:
        """The board does not follow: pieces changed in place from ``before`` to ``after``
        are to turn (a disc turned twice stays as it was)."""
        tokens = self.presentation.tokens
        self._turn ^= set(changed_in_place(tokens(before), tokens(after)))
        self._turn_lifted &= self._turn

    def _set_state(self, state: State) -> None:
        if self._behind is not None:
            self._note_turns(self.state, state)
        self.state = state
        self._state_occupancy = occupied(self.presentation.tokens(state))
        self._synced = False
        self._set_reference()

    def _set_reference(self) -> None:
        """The position the board should show: the first decision still to copy, or the state."""
        while self._lag:
            before, move = self._lag[0]
            points = self.presentation.move_points(before, move)
            if points:
                tokens = self.presentation.tokens(before)
                self._reference = before
                self._effects = [effect_of(before, self.presentation, move, points, tokens)]
                break
            self._lag.pop(0)
        else:
            self._reference = self.state
            self._picker = MovePicker(self.state, self.presentation)
            thinking = self.state.current_player in self.machine
            self._effects = [] if thinking or self._behind is not None else effects(
                self.state, self.presentation, self._picker.options)
        self._expected = occupied(self.presentation.tokens(self._reference))
        self._lifted = set()
        self._undo_at = None
        self._take_off &= set(self._all_points - self._expected)
        self._put_back &= set(self._expected)
        self._turn &= set(self._expected)
        self._turn_lifted &= self._turn
        if self._actual is not None:
            self._resolve(self._actual)

    @property
    def _all_points(self) -> frozenset[int]:
        return frozenset(range(len(self.mapping.cells)))

    def _done(self, effect: Effect) -> None:
        """A decision made on the board: its captures and changed pieces become work to do."""
        self._offered, self._offered_at = (), None
        self._turn = set(effect.turned)
        self._turn_lifted.clear()
        for point in effect.extras:
            (self._put_back if point in effect.after else self._take_off).add(point)

    def _see(self, occupancy: Occupancy) -> None:
        if (occupancy.rows, occupancy.cols) != (self.mapping.rows, self.mapping.cols):
            self._wrong_size = True
            return
        points = self.mapping.points
        actual = frozenset(points[cell] for cell in occupancy.cells() if cell in points)
        self._connected = True
        if actual != self._actual:
            self._actual = actual
            self._since = self._now
            self._lifted |= self._expected - actual
            self._resolve(actual)

    def _resolve(self, actual: frozenset[int]) -> None:
        self._take_off -= self._take_off - actual
        self._put_back -= self._put_back & actual
        for point in list(self._turn):
            if point not in actual:
                self._turn_lifted.add(point)
            elif point in self._turn_lifted:
                self._turn.discard(point)
                self._turn_lifted.discard(point)

    # ------------------------------------------------------------------ answers

    def _evaluate(self) -> Answer:
        self._answer = self._judge()
        return self._answer

    def _judge(self) -> Answer:
        if not self._connected or self._wrong_size:
            text = guide.WRONG_SIZE if self._wrong_size and self._connected else guide.LOST
            return Answer("lost", self._frame({}), text)
        actual = self._actual
        if actual is None:
            return Answer("waiting", self._frame({}), guide.READING)
        if self._offered:
            if actual == self._offered_at:
                return replace(self._answer, decision=None, choices=())
            self._offered, self._offered_at = (), None
        loose = self._take_off | self._put_back | self._turn
        differ = frozenset((actual ^ self._expected) - loose)
        stable = self._now - self._since >= self.settle - 1e-6
        if self._behind is not None:
            if differ and self._behind != self._expected:
                return self._catch_up(differ, actual)
            self._follow_again(actual)
        if self._refused is not None:
            if actual == self._refused and differ:
                return Answer("wrong", self._frame({p: guide.DIFFERS for p in differ}),
                              guide.WRONG)
            self._refused = None
        if not differ and not self._lag:
            if not self._synced:
                self._lifted = set()  # squares still empty while setting up are no lifts
            self._synced = True
        complete = [e for e in self._effects
                    if not e.touched & loose and e.complete(actual, differ, self._lifted)]
        if complete and stable:
            return self._settled(complete)
        if complete:
            return self._moving(complete, differ)
        if not differ:
            return self._rest()
        back = self._takeback(actual, loose) if stable else 0
        if back:
            leds = {p: guide.DIFFERS for p in differ}
            asked, self._undo_at = self._undo_at == actual, actual
            return Answer("undo", self._frame(leds), guide.UNDO, undo=0 if asked else back)
        partial = [e for e in self._effects if e.partial(differ)]
        if partial:
            return self._moving(partial, differ)
        if stable:
            return self._wrong(differ, actual, loose)
        return self._answer

    def _settled(self, complete: list[Effect]) -> Answer:
        if self._lag:
            self._lag.pop(0)
            self._done(complete[0])
            self._set_reference()
            return self._judge()
        moves = tuple(e.move for e in complete)
        self._offered, self._offered_at = moves, self._actual
        leds = self._moving(complete, frozenset()).leds
        if len(moves) == 1:
            return Answer("play", leds, guide.HOLD, decision=moves[0])
        return Answer("choose", leds, guide.CHOICE, choices=moves)

    def _moving(self, candidates: list[Effect], differ: frozenset[int]) -> Answer:
        actual = self._actual or frozenset()
        targets: set[int] = set()
        for effect in candidates:
            targets |= effect.to_do(actual, self._lifted)
        targets -= differ
        if self._lag:
            leds = {p: guide.ELSEWHERE_TO for p in targets} | {p: guide.HAND for p in differ}
            return Answer("follow", self._frame(self._work(leds)),
                          guide.elsewhere(self.presentation.describe(*self._lag[0])))
        leds = {p: guide.TARGET for p in targets} | {p: guide.HAND for p in differ}
        status = guide.PUT_DOWN if targets else guide.HOLD
        return Answer("moving", self._frame(self._work(leds)), status)

    def _rest(self) -> Answer:
        synced = not self._lag
        if self._lag:
            effect = self._effects[0]
            leds = {}
            for point in effect.to_do(self._actual or frozenset(), self._lifted):
                if point == effect.origin:
                    leds[point] = guide.ELSEWHERE_FROM
                elif point in effect.after or len(effect.touched) > 1:
                    leds[point] = guide.ELSEWHERE_TO
                else:
                    leds[point] = guide.TAKE_OFF
            return Answer("follow", self._frame(self._work(leds)),
                          guide.elsewhere(self.presentation.describe(*self._lag[0])))
        hints: dict[int, Led] = {}
        if self.state.is_terminal():
            status = guide.OVER
        elif self.state.current_player in self.machine:
            status = guide.THINKING
        elif self.state.is_chance_node():
            status = guide.DICE
        elif not self._effects:
            status = guide.SCREEN
        else:
            status = self.presentation.extras(self.state).status
            if all(len(e.touched) == 1 for e in self._effects):
                for e in self._effects:
                    (point,) = e.touched
                    hints[point] = guide.TARGET if point in e.after else guide.MAY_TAKE
                if not status[0]:
                    status = guide.PLACE if any(p not in self._expected for p in hints) \
                        else guide.CHOOSE_REMOVE
            elif not status[0]:
                status = guide.LIFT
        if self._take_off:
            status = guide.TAKE_OFF_TEXT
        elif self._put_back:
            status = guide.PUT_BACK_TEXT
        elif self._turn:
            status = guide.TURN_TEXT
        return Answer("rest", self._frame(self._work(hints)), status, synced=synced)

    def _catch_up(self, differ: frozenset[int], actual: frozenset[int]) -> Answer:
        """The board is back behind the game: blue where the game changed, white elsewhere."""
        moved = (self._behind or frozenset()) ^ self._expected
        leds = {p: guide.DIFFERS if p not in moved
                else guide.ELSEWHERE_FROM if p in actual else guide.ELSEWHERE_TO
                for p in differ}
        return Answer("follow", self._frame(self._work(leds)), guide.CATCH_UP)

    def _wrong(self, differ: frozenset[int], actual: frozenset[int],
               loose: set[int]) -> Answer:
        leds = {p: guide.DIFFERS for p in differ}
        if not actual - loose and self._expected:
            return Answer("wrong", self._frame(leds), guide.SET_UP)
        why = None
        if not self._lag and self._effects:
            why = self._why(differ)
        return Answer("wrong", self._frame(leds), guide.wrong(why))

    def _why(self, differ: frozenset[int]) -> tuple[str, str] | None:
        """The picker's explanation for a single wrong square (or a piece put on a wrong one)."""
        if len(differ) == 1:
            (point,) = differ
            return self._picker.explain(point)
        lifted = [p for p in differ if p in self._expected]
        placed = [p for p in differ if p not in self._expected]
        if len(lifted) == 1 and len(placed) == 1 and lifted[0] in self._picker.starts():
            picker = MovePicker(self.state, self.presentation, touched=(lifted[0],))
            return picker.explain(placed[0])
        return None

    def _takeback(self, actual: frozenset[int], loose: set[int]) -> int:
        """How many decisions to take back when the board shows an earlier position."""
        if self._lag or not self._synced:
            return 0
        for back, (_, before) in enumerate(reversed(self._history), start=1):
            if before != self._state_occupancy:
                return back if not (actual ^ before) - loose else 0
        return 0

    def _work(self, leds: dict[int, Led]) -> dict[int, Led]:
        """The pieces to take off, put back or turn, over other lights."""
        leds = dict(leds)
        leds.update({p: guide.TURN for p in self._turn})
        leds.update({p: guide.PUT_BACK for p in self._put_back})
        leds.update({p: guide.TAKE_OFF for p in self._take_off})
        return leds

    def _frame(self, leds: dict[int, Led]) -> LedFrame:
        cells = self.mapping.cells
        return LedFrame(self.mapping.rows, self.mapping.cols,
                        {cells[p]: led for p, led in leds.items()})
