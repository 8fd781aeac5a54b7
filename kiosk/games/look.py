"""What a game's board looks like beyond its geometry (no pygame).

The renderer of a geometry kind (grid, graph, track, boxes, pits) draws every
game of that kind; a :class:`BoardLook` says what differs from one game to
the next: the squares' colours, reversi's star points, the pieces' size,
jacquet's point names, the wood's grain, barricades' painted board.
"""

from __future__ import annotations

from dataclasses import dataclass

RGB = tuple[int, int, int]


@dataclass(frozen=True)
class Squares:
    """A board of squares: the light and dark squares, the lines between them."""

    light: RGB
    dark: RGB
    line: RGB
    grain: int = 0
    """Specks per 100 px² (felt or stone), 0 for none."""
    engraved: bool = False
    """Lines cut in stone: a light edge under each."""


@dataclass(frozen=True)
class BoardLook:
    """How the renderer of its kind draws one game's board; the defaults are the plain
    board of that kind."""

    squares: Squares | None = None
    """Grid: the squares' colours (``None``: plain wood)."""
    star_points: bool = False
    """Grid: four dots on the third lines in from the edges (reversi)."""
    token_scale: float | None = None
    """The pieces' size in board units (``None``: the renderer's own)."""
    source_names: bool = False
    """Track: each point shows its name in the engine (jacquet's N1–B12) on a wider
    frame, instead of its number for each player."""
    wood_seed: int | None = None
    """The wooden case's grain (``None``: the renderer's own)."""
    renderer: str = ""
    """Which renderer of the kind draws it: ``""`` the kind's own, ``"painted"`` the
    painted path board of the graph kind (barricades)."""


PLAIN = BoardLook()
"""The look of a game without one: the plain board of its kind."""
