"""How a game looks: what stands on each point, and which points a move touches.

A :class:`Presentation` reads a game's state and answers in plain data that the
board renderers draw (:class:`Token`) and that the play scene and the physical
board match hands against (:meth:`Presentation.move_points`). It knows nothing
of pygame, so the board controller can use it too.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engines.core import Dice, Game, Pass, PathMove, Place, Remove, State

Tokens = Mapping[int, Sequence["Token"]]


@dataclass(frozen=True)
class Token:
    """One piece (or a stack of identical ones) on a point.

    ``seat`` is the owner's index in ``game.players`` (``None``: neutral, e.g. a
    barricade). ``shape`` is one of the looks the renderers know: ``disc``,
    ``king``, ``officer``, ``circle``, ``triangle``, ``square``, ``pyramid``,
    ``barricade``, ``seed``, ``flap``. ``label`` is written on it (a
    rithmomachie value, a stack height); ``count`` is how many it stands for.
    """

    seat: int | None
    shape: str = "disc"
    label: str = ""
    count: int = 1
    layers: tuple[str, ...] = ()
    """Pyramid layers, bottom first, as labels."""


@dataclass(frozen=True)
class Panel:
    """What a seat's panel shows beside the board besides the name."""

    captured: int | None = None
    """Pieces taken from the opponent (or lost), when the game counts them."""
    in_hand: int | None = None
    """Pieces still to place (moulin, latrunculi, assaut's officers)."""
    score: str = ""
    """A score line (backgammon match, shut the box points)."""
    borne_off: int | None = None


@dataclass(frozen=True)
class Extras:
    """Things drawn around the board: dice, the doubling cube, a status line."""

    dice: tuple[int, ...] = ()
    dice_used: tuple[bool, ...] = ()
    cube: int | None = None
    cube_owner: int | None = None
    """Seat that owns the cube, ``None`` when it is in the middle."""
    status: tuple[str, str] = ("", "")
    """A line in French and English (phase, pending capture, Raichi…)."""
    panels: tuple[Panel, ...] = field(default=())


@dataclass(frozen=True)
class Sowing:
    """One sowing of a move, seed by seed: the chosen case or a relay."""

    start: int
    """The point emptied into the hand."""
    drops: tuple[int, ...]
    """The points that receive a seed, in order (as many as the seeds taken)."""


class Presentation:
    """Default presentation: subclasses implement :meth:`tokens`."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.geometry = game.geometry()
        self.seats: tuple[str, ...] = tuple(game.players)

    def seat(self, player: str) -> int:
        return self.seats.index(player)

    def tokens(self, state: State) -> Tokens:
        """What stands on each occupied point."""
        raise NotImplementedError

    def extras(self, state: State) -> Extras:
        """Dice, cube, panels and a status line (nothing by default)."""
        return Extras()

    def move_points(self, state: State, move: Any) -> tuple[int, ...]:
        """The points a hand touches, in order, to make ``move``.

        Empty for decisions that have no point (pass, a roll, "done"): the
        play scene offers those as buttons.
        """
        if isinstance(move, Place | Remove):
            return (move.at,)
        if isinstance(move, PathMove):
            return tuple(move.path)
        return ()

    def button_text(self, state: State, move: Any) -> tuple[str, str]:
        """French and English label of a decision offered as a button."""
        if isinstance(move, Pass):
            return ("Passer", "Pass")
        if isinstance(move, Dice):
            return ("Lancer les dés", "Roll the dice")
        text = str(move)
        return (text, text)

    def explain(self, state: State, touched: tuple[int, ...], point: int) -> tuple[str, str] | None:
        """A game's own reason why touching ``point`` fits no move (``None``: the generic one)."""
        return None

    def moved_piece_points(self, state: State, move: Any) -> tuple[int, int] | None:
        """Origin and target of a piece the move carries, for the slide animation."""
        points = self.move_points(state, move)
        if isinstance(move, PathMove) and len(points) >= 2:
            return (points[0], points[-1])
        return None

    def sowing(self, state: State, move: Any) -> tuple[Sowing, ...] | None:
        """The seeds ``move`` sows one by one, each relay a new :class:`Sowing`
        (``None``: the move sows nothing)."""
        return None

    def lit(self, state: State) -> dict[int, str]:
        """Points lit while this position stands: a highlight role by point
        (tablut's Raichi paths); nothing by default."""
        return {}

    def banner(self, state: State) -> tuple[str, str] | None:
        """A short announcement (French, English) shown over the board when a
        move reaches this position (``None``: nothing to announce)."""
        return None
