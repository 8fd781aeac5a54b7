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
Text = tuple[str, str]
"""A sentence in French, then in English."""


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
    partner: int | None = None
    """The seat of the team-mate, in a game of teams."""
    to_go: int | None = None
    """Pips still to travel before every checker is off (backgammon, jacquet)."""
    match: tuple[int, int] | None = None
    """Points won in the match, and the points it is played to."""
    value_taken: int | None = None
    """The sum of the values of the pieces taken (rithmomachie's victory of goods)."""


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


@dataclass(frozen=True)
class Trace:
    """What one decision left on the board, for the last-move mark.

    ``origin`` is where a piece left, ``target`` where it stopped (or the point
    a piece was put on, a case sown); ``touched`` other points the decision
    acted on (the boxes shut); ``taken`` the pieces it took or turned; ``label``
    a short word drawn on the way from ``origin`` to ``target`` (the die used).
    """

    origin: int | None = None
    target: int | None = None
    taken: tuple[int, ...] = ()
    touched: tuple[int, ...] = ()
    label: str = ""


@dataclass(frozen=True)
class Spots:
    """How a game calls its places, for the sentences shared by every game."""

    a_fr: str
    """``une case``, ``un point``…"""
    green_fr: str
    """``les cases vertes``: where the lit targets are."""
    word_en: str
    """``square``, ``point``…"""
    many_en: str
    """``squares``, ``boxes``…"""


SPOTS = {
    "grid": Spots("une case", "les cases vertes", "square", "squares"),
    "graph": Spots("un point", "les points verts", "point", "points"),
    "track": Spots("une flèche", "les flèches vertes", "point", "points"),
    "boxes": Spots("une case", "les cases vertes", "box", "boxes"),
    "pits": Spots("une case", "les cases vertes", "case", "cases"),
}


class Presentation:
    """Default presentation: subclasses implement :meth:`tokens`."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.geometry = game.geometry()
        self.seats: tuple[str, ...] = tuple(game.players)
        self.spots = SPOTS.get(self.geometry.kind, SPOTS["grid"])

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
        if self.move_points(state, move):
            return self.describe(state, move)
        text = str(move)
        return (text, text)

    def name(self, point: int) -> str:
        """The name of a point as the board writes it."""
        return self.geometry.points[point].name

    def describe(self, state: State, move: Any) -> Text:
        """``move`` in the game's words, French and English (a hint, a move to copy on
        the board): never the engine's notation. A decision without a point is said
        as its button is."""
        if not self.move_points(state, move):
            return self.button_text(state, move)
        if isinstance(move, Place):
            return (f"Posez une pièce en {move.name}", f"Place a piece on {move.name}")
        if isinstance(move, Remove):
            return (f"Retirez la pièce en {move.name}", f"Take off the piece on {move.name}")
        if isinstance(move, PathMove):
            a, b = self.name(move.path[0]), self.name(move.path[-1])
            return (f"Jouez la pièce de {a} en {b}", f"Move the piece from {a} to {b}")
        return ("Jouez le coup allumé sur le plateau", "Play the move lit on the board")

    def explain(self, state: State, touched: tuple[int, ...], point: int) -> Text | None:
        """A game's own reason why touching ``point`` fits no move: the rule that
        forbids it (``None``: the generic reason)."""
        return None

    def trace(self, before: State, move: Any, after: State) -> Trace | None:
        """What ``move`` (played in ``before``, giving ``after``) leaves marked on the
        board until the next decision (``None``: nothing, a button's decision)."""
        sowing = self.sowing(before, move)
        if sowing:
            return Trace(origin=sowing[0].start, target=sowing[-1].drops[-1],
                         touched=tuple(lap.start for lap in sowing[1:]))
        points = self.move_points(before, move)
        if not points:
            return None
        slide = self.moved_piece_points(before, move)
        mover = self._mover_seat(before)
        if slide is not None:
            origin, target = slide
            touched: tuple[int, ...] = ()
        elif isinstance(move, Remove):
            return Trace(taken=(move.at,))
        else:
            origin, target, touched = None, points[-1], tuple(points[:-1])
        skip = {origin, target, *touched}
        taken = tuple(p for p in self.lost(before, after, mover) if p not in skip)
        return Trace(origin, target, taken, touched)

    def _mover_seat(self, state: State) -> int | None:
        player = state.current_player
        return self.seats.index(player) if player in self.seats else None

    def lost(self, before: State, after: State, mover: int | None) -> list[int]:
        """Points where a piece not the mover's was taken, turned or diminished."""
        old, new = self.tokens(before), self.tokens(after)
        found = []
        for point, stack in old.items():
            if not stack or stack[-1].seat is None or stack[-1].seat == mover:
                continue
            now = tuple(new.get(point, ()))
            top = stack[-1]
            if not now or now[-1].seat != top.seat or now[-1].shape != top.shape \
                    or now[-1].label != top.label or now[-1].layers != top.layers \
                    or sum(t.count for t in now) < sum(t.count for t in stack):
                found.append(point)
        return found

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
