"""The pieces: shape, value, side, pyramid layers, whether a captured piece was posed.

Pieces are interned: :func:`piece` and :func:`pyramid` return the same object
for the same identity, so boards compare and hash fast (by identity) and a
position read from text holds the very objects a game played to it holds.

Sides are numbered from the set of numbers, not the colour: side 0 is the
even side (pyramid 91, rounds 2 4 6 8), side 1 the odd side (pyramid 190,
rounds 3 5 7 9).  Boissière's even side is noir, the compilation's is blanc.
"""

from __future__ import annotations

ROUND, TRIANGLE, SQUARE, PYRAMID = "C", "T", "S", "P"
"""Shape letters, as in the layout of the rules: ``4C`` round, ``25T``, ``361S``, ``91P``."""
SHAPES = (ROUND, TRIANGLE, SQUARE)
SHAPE_NAMES = {ROUND: "rond", TRIANGLE: "triangle", SQUARE: "carré", PYRAMID: "pyramide"}

Layer = tuple[str, int]
"""A pyramid layer or a plain piece's identity: (shape, value)."""

PYRAMID_LAYERS: dict[int, tuple[Layer, ...]] = {
    91: ((SQUARE, 36), (SQUARE, 25), (TRIANGLE, 16), (TRIANGLE, 9), (ROUND, 4), (ROUND, 1)),
    190: ((SQUARE, 64), (SQUARE, 49), (TRIANGLE, 36), (TRIANGLE, 25), (ROUND, 16)),
}
"""The pyramids' layers, bottom (largest) first."""


class Piece:
    """One piece on the board (or a pyramid: a stack of layers moving as one).

    ``value`` is the number written on it (a pyramid: the sum of its layers);
    ``layers`` lists a pyramid's remaining layers bottom first (empty for a
    plain piece); ``shapes`` are the shapes it moves as; ``posed`` marks a
    captured enemy piece turned over and put back into play.
    """

    __slots__ = ("base", "layers", "posed", "shape", "shapes", "side", "value")

    def __init__(self, side: int, shape: str, value: int, layers: tuple[Layer, ...],
                 posed: bool) -> None:
        self.side = side
        self.shape = shape
        self.value = value
        self.layers = layers
        self.posed = posed
        self.shapes: tuple[str, ...] = (
            tuple(s for s in SHAPES if any(layer[0] == s for layer in layers))
            if shape == PYRAMID else (shape,)
        )
        self.base: Layer = layers[0] if layers else (shape, value)

    @property
    def is_pyramid(self) -> bool:
        return self.shape == PYRAMID

    def token(self) -> str:
        """``25S``, ``56T*`` (posed), ``91P(36S.25S.16T.9T.4C.1C)``, without the colour."""
        if self.shape == PYRAMID:
            return f"{self.value}P(" + ".".join(f"{v}{s}" for s, v in self.layers) + ")"
        return f"{self.value}{self.shape}" + ("*" if self.posed else "")

    def __repr__(self) -> str:
        return f"<Piece {self.side}:{self.token()}>"


_interned: dict[tuple[int, str, int, tuple[Layer, ...], bool], Piece] = {}


def piece(side: int, shape: str, value: int, posed: bool = False) -> Piece:
    """The plain piece of that identity (interned)."""
    key = (side, shape, value, (), bool(posed))
    found = _interned.get(key)
    if found is None:
        found = _interned[key] = Piece(side, shape, value, (), bool(posed))
    return found


def pyramid(side: int, layers: tuple[Layer, ...]) -> Piece:
    """The pyramid made of ``layers``, bottom first (interned; at least one layer)."""
    key = (side, PYRAMID, sum(v for _, v in layers), tuple(layers), False)
    found = _interned.get(key)
    if found is None:
        found = _interned[key] = Piece(side, PYRAMID, key[2], key[3], False)
    return found


def full_pyramid(side: int) -> Piece:
    """A side's pyramid before any layer is taken: 91 (side 0) or 190 (side 1)."""
    return pyramid(side, PYRAMID_LAYERS[91 if side == 0 else 190])


def without_layers(p: Piece, taken: tuple[int, ...]) -> Piece | None:
    """The pyramid ``p`` after the layers of values ``taken`` are removed (None: all gone)."""
    left = tuple(layer for layer in p.layers if layer[1] not in taken)
    return pyramid(p.side, left) if left else None


def _row(letters: str, pieces: str) -> dict[str, str]:
    return dict(zip(letters, pieces.split(), strict=True))


START: dict[int, dict[str, str]] = {
    1: _row("ABGH", "25S 81S 169S 289S"),
    2: _row("ABCDEFGH", "15S 45S 25T 20T 42T 49T 91P 153S"),
    3: _row("ABCDEFGH", "9T 6T 4C 16C 36C 64C 72T 81T"),
    4: _row("CDEF", "2C 4C 6C 8C"),
    13: _row("CDEF", "9C 7C 5C 3C"),
    14: _row("ABCDEFGH", "100T 90T 81C 49C 25C 9C 12T 16T"),
    15: _row("ABCDEFGH", "190P 120S 64T 56T 30T 36T 66S 28S"),
    16: _row("ABGH", "361S 225S 121S 49S"),
}
"""The start, from the rulings: number (Boissière's column, the compilation's rank) ->
letter (Boissière's row, the compilation's file) -> piece.  Numbers 1-4 hold the even
side (side 0), 13-16 the odd side (side 1)."""


def start_pieces() -> list[tuple[int, str, Piece]]:
    """``(number, letter, piece)`` for the 48 pieces of the start."""
    out = []
    for number, row in START.items():
        side = 0 if number <= 8 else 1
        for letter, text in row.items():
            value, shape = int(text[:-1]), text[-1]
            out.append((number, letter,
                        full_pyramid(side) if shape == PYRAMID else piece(side, shape, value)))
    return out
