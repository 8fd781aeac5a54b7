"""Where a screen leads: the kiosk's scenes by what they are for.

A scene asks the kiosk's navigator (``kiosk.go``) for the next screen — a
game's setup, its rules, its results — instead of importing the scene that
shows it, so that scenes do not know one another. Each way says how it
leads: over the current screen (closed again by "back"), in its place, or as
the only screen left.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kiosk.catalog import Entry
from kiosk.coach import CoachNote
from kiosk.lessons.model import Lesson
from kiosk.run import GameRun
from kiosk.scenes.admin.menu import AdminMenuScene
from kiosk.scenes.admin.pin import PinScene
from kiosk.scenes.admin.pin_change import PinChangeScene
from kiosk.scenes.attract import AttractScene
from kiosk.scenes.base import Scene
from kiosk.scenes.home import HomeScene
from kiosk.scenes.leave import LeaveGameScene
from kiosk.scenes.lesson import LessonScene
from kiosk.scenes.lessons_menu import LessonMenuScene
from kiosk.scenes.mistake_replay import MistakeReplayScene
from kiosk.scenes.play import PlayScene
from kiosk.scenes.results import ResultsScene
from kiosk.scenes.rules import RulesScene
from kiosk.scenes.setup import SetupScene
from kiosk.table import Table

if TYPE_CHECKING:
    from kiosk.runtime import Kiosk


class Navigator:
    """The ways from one screen to the next."""

    def __init__(self, kiosk: Kiosk) -> None:
        self.kiosk = kiosk

    # ------------------------------------------------------------ the only screen

    def home_screen(self) -> Scene:
        """The game menu (the kiosk resets its stack to it)."""
        return HomeScene(self.kiosk)

    def demonstrations(self) -> Scene:
        """The demonstrations (the kiosk resets its stack to them)."""
        return AttractScene(self.kiosk)

    def play_again(self, game: Entry, table: Table) -> None:
        """A new game at the same table, as the only screen (after the results)."""
        self.kiosk.stack.reset(PlayScene(self.kiosk, game, table))

    # ------------------------------------------------------------ over the screen

    def setup(self, game: Entry) -> None:
        """The choices before a game (players, variant, who starts)."""
        self.kiosk.push(SetupScene(self.kiosk, game))

    def rules(self, game_id: str) -> None:
        """A game's rules page."""
        self.kiosk.push(RulesScene(self.kiosk, game_id))

    def lessons(self, game: Entry) -> None:
        """The lessons of a game."""
        self.kiosk.push(LessonMenuScene(self.kiosk, game))

    def lesson(self, game: Entry, lesson: Lesson) -> None:
        """One lesson."""
        self.kiosk.push(LessonScene(self.kiosk, game, lesson))

    def back_to_game(self, game: Entry, run: GameRun) -> None:
        """The game left for the menu, taken up again as it was."""
        self.kiosk.push(PlayScene(self.kiosk, game, run.table, run=run))

    def saved_game(self, game: Entry, table: Table, moves: list[str],
                   started: float | None) -> None:
        """A game saved before the kiosk stopped, taken up at its last move."""
        self.kiosk.stack.push(PlayScene(self.kiosk, game, table, moves=moves, started=started))

    def results(self, game: Entry, run: GameRun) -> None:
        """A finished game's results."""
        self.kiosk.push(ResultsScene(self.kiosk, game, run))

    def mistake(self, game: Entry, run: GameRun, note: CoachNote) -> None:
        """A coached person's mistake seen again on the board, over the results."""
        self.kiosk.push(MistakeReplayScene(self.kiosk, game, run, note))

    def leave_game(self, game: Scene) -> None:
        """Whether to leave the game in progress."""
        self.kiosk.push(LeaveGameScene(self.kiosk, game))

    def owners_pin(self) -> None:
        """The owners' code, before their menu."""
        self.kiosk.push(PinScene(self.kiosk))

    def pin_change(self) -> None:
        """A new owners' code."""
        self.kiosk.push(PinChangeScene(self.kiosk))

    # ------------------------------------------------------------ in its place

    def play(self, game: Entry, table: Table) -> None:
        """The game, in place of its setup."""
        self.kiosk.replace_top(PlayScene(self.kiosk, game, table))

    def owners_menu(self) -> None:
        """The owners' menu, in place of their code."""
        self.kiosk.replace_top(AdminMenuScene(self.kiosk))
