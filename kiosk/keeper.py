"""Every game people play is kept: autosaved after each decision, recorded at its end.

:class:`GameKeeper` stands between the play scene and :class:`~kiosk.records.Records`.
The play scene hands it its :class:`~kiosk.run.GameRun` (demonstrations are not
kept); the keeper hears the run's decisions (:mod:`kiosk.decisions`) before the
board and the scene do: after every change of position the game is autosaved, so a
kiosk killed mid-game comes back to the same position (:meth:`resumable`); a finished game
is recorded with its result.

A game left for the menu is not over: it stays the running game, autosaved,
and the home screen offers it back (:meth:`suspended`) until it is resumed,
replaced by a new game (:meth:`keep`) or ended by the idle timeout or a scene's
error (:meth:`left`); only then is it recorded, as ``abandon``. A kiosk
restarted meanwhile resumes it from the autosave.

A run is recorded once: :attr:`GameRun.recorded` is set on the run itself, so a
new run can never be mistaken for an old one (a set of ``id()`` could: Python
gives a freed object's address to the next one).
"""

from __future__ import annotations

import logging
import time
from typing import Any

from engines.core import State
from kiosk.decisions import Listener
from kiosk.records import Records, SavedGame
from kiosk.run import GameRun
from kiosk.table import Table

log = logging.getLogger(__name__)
ABANDON = "abandon"


class GameKeeper(Listener):
    def __init__(self, records: Records) -> None:
        self.records = records
        self.current: GameRun | None = None

    def keep(self, run: GameRun) -> None:
        """Follow ``run`` from now on (a game begun or resumed)."""
        if self.current is not None and self.current is not run:
            self.left()
        self.current = run
        run.decisions.listen(self)
        if run.moves:
            self._changed()

    def played(self, before: State, move: Any, after: State) -> None:
        self._changed()

    def undone(self, state: State) -> None:
        self._changed()

    def _changed(self) -> None:
        """A decision, an undo or a takeback: save, or record the end."""
        run = self.current
        if run is None or run.recorded:
            return
        if run.state.is_terminal():
            self._record(run)
        else:
            table = run.table
            self.records.autosave(
                SavedGame(table.spec, table.controllers, table.seed, tuple(run.moves), run.started,
                          tuple(sorted(table.coached)))
            )

    def suspend(self) -> None:
        """The players went to the menu: a game with moves waits there to be resumed.

        A game without a move, or already recorded (finished), is let go at once.
        """
        run = self.current
        if run is not None and (run.recorded or not run.moves):
            self.left()

    def suspended(self) -> GameRun | None:
        """The game left for the menu and not yet ended, to offer back; ``None`` if none."""
        run = self.current
        if run is None or run.recorded or not run.moves or run.state.is_terminal():
            return None
        return run

    def left(self) -> GameRun | None:
        """The current game is over for good: recorded as abandoned once a move was made.

        Returns the run recorded as abandoned, if one was.
        """
        run, self.current = self.current, None
        if run is None:
            return None
        run.decisions.forget(self)
        if run.recorded:
            return None
        if run.moves:
            self._record(run, abandoned=True)
            return run
        self.records.clear_running()
        return None

    def forget(self) -> None:
        """Stop following the current game without recording it (a resume that failed)."""
        if self.current is not None:
            self.current.decisions.forget(self)
        self.current = None

    def resumable(self) -> tuple[Table, list[str], float] | None:
        """The game autosaved when the kiosk stopped, if any: its table, moves and start."""
        saved = self.records.running()
        if saved is None:
            return None
        table = Table(saved.spec, saved.controllers, saved.seed,
                      frozenset(s for s in saved.coached if 0 <= s < len(saved.controllers)))
        return (table, list(saved.moves), saved.started)

    def _record(self, run: GameRun, abandoned: bool = False) -> None:
        run.recorded = True
        table = run.table
        outcome = None if abandoned else run.state.outcome()
        winners: tuple[int, ...] = ()
        if outcome is None:
            result = ABANDON
        else:
            result = outcome.code or ("nulle" if outcome.is_draw else "victoire")
            players = list(run.game.players)
            winners = tuple(players.index(w) for w in outcome.winners if w in players)
        self.records.finish(
            table.spec, table.controllers, run.moves, result, winners, run.started, time.time()
        )
        log.info("partie enregistrée : %s, %s, %d coups", table.spec, result, len(run.moves))
