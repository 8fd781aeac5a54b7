"""The two boards as tables: square names, camps, back lines, move vectors, rays and
the groups of squares that proper victories look at.

Squares are numbered like :func:`engines.geometry.grid`: index ``y * width + x`` with
``y = 0`` the top row.  Boissière's board is 16 columns (x = column - 1) by 8 rows A-H
(y = row letter), the compilation's is 8 files a-h (x) by 16 (or 14) ranks with rank 1
(white's back row) at the bottom.  Both number squares by (number, letter): Boissière's
column and row, the compilation's rank and file, the start layout being the same.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache, cached_property

from engines.rithmomachie.pieces import ROUND, SQUARE, TRIANGLE

BOISSIERE, MEDIEVALE = "boissiere", "medievale"
LETTERS = "ABCDEFGH"
STEP_LENGTH = {ROUND: 1, TRIANGLE: 2, SQUARE: 3}
KING = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1))
ORTHO = KING[:4]
DIAGONAL = KING[4:]

Step = tuple[int, tuple[int, ...]]
"""A regular step: the square reached and the squares between, which must be empty."""


class Board:
    """Everything about one board that does not change during a game."""

    def __init__(self, variant: str, length: int = 16) -> None:
        self.variant = variant
        self.length = length
        medieval = variant == MEDIEVALE
        self.width, self.height = (8, length) if medieval else (16, 8)
        self.size = self.width * self.height
        self.names = tuple(self._name(sq) for sq in range(self.size))
        self.index = {name.lower(): sq for sq, name in enumerate(self.names)}
        half = length // 2
        self.camp = tuple(
            frozenset(sq for sq in range(self.size)
                      if (self.number(sq) <= half) == (side == 0))
            for side in (0, 1)
        )
        """The squares of each side's camp (half of the board)."""
        self.back = tuple(
            tuple(sq for sq in range(self.size) if self.number(sq) == (1 if side == 0 else length))
            for side in (0, 1)
        )
        """Each side's back line, where captured pieces are posed."""
        self.neighbours = tuple(tuple(self._walk(sq, d, 1)[0] for d in KING
                                      if self._walk(sq, d, 1)) for sq in range(self.size))
        self.orthogonal = tuple(tuple(self._walk(sq, d, 1)[0] for d in ORTHO
                                      if self._walk(sq, d, 1)) for sq in range(self.size))
        self.rays = tuple(tuple(ray for d in KING if (ray := self._walk(sq, d, 99)))
                          for sq in range(self.size))
        """For each square, the squares along each of the 8 directions, nearest first."""
        self.steps = {shape: tuple(self._steps(sq, shape) for sq in range(self.size))
                      for shape in STEP_LENGTH}
        """``steps[shape][sq]``: the regular steps of that shape from ``sq``."""
        self.reached = {shape: tuple(self._reached(sq, shape) for sq in range(self.size))
                        for shape in STEP_LENGTH}
        """``reached[shape][sq]``: ``(origin, between)`` of the steps of that shape that end
        on ``sq``."""
        self.leaps = {shape: tuple(self._leaps(sq, shape) for sq in range(self.size))
                      for shape in (TRIANGLE, SQUARE)}
        """Boissière's irregular moves: the triangle's knight leap, the square's camel."""
        self.reached_bits = {
            shape: tuple(tuple((origin, _bits(between)) for origin, between in entries)
                         for entries in self.reached[shape])
            for shape in STEP_LENGTH}
        """``reached`` with the squares between as bits."""
        self.step_area = {
            shape: tuple(_bits(s for target, between in entries for s in (target, *between))
                         for entries in self.steps[shape])
            for shape in STEP_LENGTH}
        """Bits of the squares a piece of that shape crosses or reaches by a regular step."""
        area = [set().union(*({t for target, between in self.steps[shape][sq]
                                for t in (target, *between)} for shape in STEP_LENGTH))
                for sq in range(self.size)]
        reaching: list[set[int]] = [set() for _ in range(self.size)]
        for v in range(self.size):
            for sq in area[v]:
                reaching[sq].add(v)
        self.near = tuple(_bits(area[sq] | reaching[sq]) for sq in range(self.size))
        """Bits of the squares one regular step (of any shape) from each square crosses or
        reaches, and of those whose steps cross or reach it: what a change on the square
        can matter to."""
        through = [0] * self.size
        for v in range(self.size):
            for shape in STEP_LENGTH:
                for _, between in self.reached[shape][v]:
                    for sq in between:
                        through[sq] |= 1 << v
        self.through = tuple(through)
        """Bits of the squares some regular step reaches by crossing each square."""
        self.zone = tuple(
            sum(1 << origin for shape in STEP_LENGTH for origin, _ in self.reached[shape][sq])
            for sq in range(self.size))
        """Bits of the squares from which some regular step reaches each square."""
        self.ray_masks = tuple(
            tuple((sum(1 << s for s in ray), ray[0] > sq) for ray in self.rays[sq])
            for sq in range(self.size))
        """For each square, each ray as bits and whether it goes toward higher indices
        (its nearest square is then its lowest bit)."""
        self.full = (1 << self.size) - 1
        self._between: dict[int, int] = {}
        self.not_left = sum(1 << sq for sq in range(self.size) if self.xy(sq)[0] > 0)
        self.not_right = sum(1 << sq for sq in range(self.size)
                             if self.xy(sq)[0] < self.width - 1)
        # The square tables below (toward, axes, distance) are made on first use: a
        # board read only for its squares (the kiosk's board files) does not pay them.

    @cached_property
    def _masks(self) -> list[dict[tuple[int, int], tuple[int, bool]]]:
        return [{d: self._ray_mask(a, d) for d in KING} for a in range(self.size)]

    @cached_property
    def toward(self) -> tuple[tuple[tuple[int, bool], ...], ...]:
        """``toward[a][b]``: the ray from ``a`` through ``b`` when they share a line."""
        masks = self._masks
        return tuple(
            tuple(masks[a].get(self._direction(a, b), (0, False)) if a != b else (0, False)
                  for b in range(self.size))
            for a in range(self.size))

    @cached_property
    def axes(self) -> tuple[tuple[tuple[tuple[int, bool], tuple[int, bool]], ...], ...]:
        """For each square, the four lines through it as two opposite rays (bits, whether
        toward higher indices), an off-board ray being 0."""
        masks = self._masks
        return tuple(
            tuple((masks[sq][KING[i]], masks[sq][KING[j]])
                  for i, j in ((0, 1), (2, 3), (4, 7), (5, 6)))
            for sq in range(self.size))

    @cached_property
    def distance(self) -> tuple[tuple[int, ...], ...]:
        """Steps between two squares (on a line: the distance along it)."""
        places = [self.xy(sq) for sq in range(self.size)]
        return tuple(
            tuple(max(abs(ax - bx), abs(ay - by)) for bx, by in places) for ax, ay in places)

    def _direction(self, a: int, b: int) -> tuple[int, int]:
        (xa, ya), (xb, yb) = self.xy(a), self.xy(b)
        dx, dy = xb - xa, yb - ya
        if dx and dy and abs(dx) != abs(dy):
            return (0, 0)
        return ((dx > 0) - (dx < 0), (dy > 0) - (dy < 0))

    def distance_of(self, a: int, b: int) -> int:
        (xa, ya), (xb, yb) = self.xy(a), self.xy(b)
        return max(abs(xa - xb), abs(ya - yb))

    def _ray_mask(self, sq: int, direction: tuple[int, int]) -> tuple[int, bool]:
        ray = self._walk(sq, direction, 99)
        return _bits(ray), direction[1] > 0 or (direction[1] == 0 and direction[0] > 0)

    def between(self, a: int, b: int) -> int:
        """Bits of the squares strictly between two squares of a line."""
        key = a * self.size + b
        found = self._between.get(key)
        if found is None:
            found = self._between[key] = self._between_bits(a, b)
        return found

    def _between_bits(self, a: int, b: int) -> int:
        (xa, ya), (xb, yb) = self.xy(a), self.xy(b)
        steps = max(abs(xb - xa), abs(ya - yb))
        dx, dy = (xb - xa) // steps, (yb - ya) // steps
        return _bits(self.at(xa + k * dx, ya + k * dy) for k in range(1, steps))

    def dilate(self, bits: int) -> int:
        """``bits`` and every square next to one of them (8 neighbours)."""
        row = bits | (bits & self.not_right) << 1 | (bits & self.not_left) >> 1
        return (row | row << self.width | row >> self.width) & self.full

    # -- names and coordinates -------------------------------------------------

    def xy(self, sq: int) -> tuple[int, int]:
        return sq % self.width, sq // self.width

    def at(self, x: int, y: int) -> int:
        """The square at (x, y), or -1 off the board."""
        if 0 <= x < self.width and 0 <= y < self.height:
            return y * self.width + x
        return -1

    def number(self, sq: int) -> int:
        """Boissière's column or the compilation's rank (1 = the even side's back line)."""
        x, y = self.xy(sq)
        return self.length - y if self.variant == MEDIEVALE else x + 1

    def letter(self, sq: int) -> int:
        """Boissière's row or the compilation's file, 0-7."""
        x, y = self.xy(sq)
        return x if self.variant == MEDIEVALE else y

    def square(self, number: int, letter: int) -> int:
        if self.variant == MEDIEVALE:
            return self.at(letter, self.length - number)
        return self.at(number - 1, letter)

    def _name(self, sq: int) -> str:
        if self.variant == MEDIEVALE:
            return f"{LETTERS[self.letter(sq)].lower()}{self.number(sq)}"
        return f"{LETTERS[self.letter(sq)]}{self.number(sq)}"

    # -- tables ----------------------------------------------------------------

    def _walk(self, sq: int, direction: tuple[int, int], count: int) -> tuple[int, ...]:
        x, y = self.xy(sq)
        dx, dy = direction
        out = []
        for k in range(1, count + 1):
            nxt = self.at(x + k * dx, y + k * dy)
            if nxt < 0:
                break
            out.append(nxt)
        return tuple(out)

    def directions(self, shape: str) -> tuple[tuple[int, int], ...]:
        """Directions of the regular moves: Boissière's round goes diagonally, triangle
        and square orthogonally; every shape of the compilation goes 8 ways."""
        if self.variant == MEDIEVALE:
            return KING
        return DIAGONAL if shape == ROUND else ORTHO

    def _steps(self, sq: int, shape: str) -> tuple[Step, ...]:
        length = STEP_LENGTH[shape]
        out = []
        for d in self.directions(shape):
            path = self._walk(sq, d, length)
            if len(path) == length:
                out.append((path[-1], path[:-1]))
        return tuple(out)

    def _reached(self, sq: int, shape: str) -> tuple[Step, ...]:
        length = STEP_LENGTH[shape]
        out = []
        for d in self.directions(shape):
            back = self._walk(sq, (-d[0], -d[1]), length)
            if len(back) == length:
                out.append((back[-1], tuple(reversed(back[:-1]))))
        return tuple(out)

    def _leaps(self, sq: int, shape: str) -> tuple[int, ...]:
        far = 2 if shape == TRIANGLE else 3
        x, y = self.xy(sq)
        out = []
        for dx, dy in ((1, far), (far, 1)):
            for sx in (1, -1):
                for sy in (1, -1):
                    target = self.at(x + sx * dx, y + sy * dy)
                    if target >= 0:
                        out.append(target)
        return tuple(out)

    # -- proper victories ------------------------------------------------------

    def lines(self, size: int) -> tuple[tuple[int, ...], ...]:
        """Every run of ``size`` consecutive squares along a row, column or diagonal."""
        out = []
        for sq in range(self.size):
            for d in ((1, 0), (0, 1), (1, 1), (1, -1)):
                path = self._walk(sq, d, size - 1)
                if len(path) == size - 1:
                    out.append((sq, *path))
        return tuple(out)

    def blocks(self) -> tuple[tuple[int, ...], ...]:
        """Every 2x2 square of squares."""
        out = []
        for sq in range(self.size):
            x, y = self.xy(sq)
            right, down, corner = self.at(x + 1, y), self.at(x, y + 1), self.at(x + 1, y + 1)
            if min(right, down, corner) >= 0:
                out.append((sq, right, down, corner))
        return tuple(out)


def _bits(squares: Iterable[int]) -> int:
    out = 0
    for sq in squares:
        out |= 1 << sq
    return out


@cache
def board_for(variant: str, length: int = 16) -> Board:
    """The (shared) board of a variant."""
    return Board(variant, length)
