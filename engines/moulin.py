"""Moulin, nine men's morris (Jeux traditionnels d'Europe, p. 8), and ``moulin:standard``.

Points and bits
---------------
The 24 points are numbered ring by ring, so that one side's pieces are a
24-bit integer: bit ``8 * ring + k``, ring 0 the outer square and 2 the inner
one, ``k`` going round anticlockwise from the bottom-left corner (even ``k``:
corners, odd ``k``: midpoints)::

    outer   a1 d1 g1 g4 g7 d7 a7 a4    bits  0-7
    middle  b2 d2 f2 f4 f6 d6 b6 b4    bits  8-15
    inner   c3 d3 e3 e4 e5 d5 c5 c4    bits 16-23

A step along a ring is a rotation inside a byte; a step between rings joins
two midpoints and is a shift by 8 bits.  The 16 mills are the four sides of
each ring and the four spokes.  Point ``i`` of :meth:`Moulin.geometry` is bit
``i``.

Decisions: ``d6`` places, ``d6-d5`` moves or flies, ``xd6`` removes after a
mill (the same player decides again), ``pass`` only for a blocked player when
``blocked_loses`` is off.  The rules as played, options and draws included,
are in ``docs/rules/moulin.md``.

Position text
-------------
Five fields separated by spaces, e.g. ``B.N/.../.../.NB..B/.../.N./... blanc 6,6 - 0``:

1. the points row by row from the top (row 7) to the bottom (row 1), rows
   separated by ``/``: ``a7 d7 g7 / b6 d6 f6 / c5 d5 e5 / a4 b4 c4 e4 f4 g4 /
   c3 d3 e3 / b2 d2 f2 / a1 d1 g1``; ``B`` a piece of blanc, ``N`` of noir,
   ``.`` empty;
2. the player to move, ``blanc`` or ``noir``;
3. the pieces still in hand, blanc's then noir's, separated by a comma;
4. ``x`` when the player to move has just made a mill and removes a piece
   next, else ``-``;
5. the moves made in the moving phase since the last removal (draw counter).

The start is ``.../.../.../....../.../.../... blanc 9,9 - 0``.  Like FEN, the
text does not hold the positions seen before (threefold repetition).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Sequence
from typing import Any

from engines.core import (
    PASS,
    TERMINAL,
    Ending,
    Game,
    NotationError,
    Option,
    Outcome,
    PathMove,
    Place,
    Remove,
    State,
    Variant,
    draw,
    win,
)
from engines.geometry import Geometry, graph
from engines.registry import register

BLANC, NOIR = "blanc", "noir"
PIECES = 9
FULL = (1 << 24) - 1
RINGS = (
    ("a1", "d1", "g1", "g4", "g7", "d7", "a7", "a4"),
    ("b2", "d2", "f2", "f4", "f6", "d6", "b6", "b4"),
    ("c3", "d3", "e3", "e4", "e5", "d5", "c5", "c4"),
)
NAMES: tuple[str, ...] = tuple(name for ring in RINGS for name in ring)
INDEX: dict[str, int] = {name: i for i, name in enumerate(NAMES)}
TEXT_ROWS: tuple[tuple[int, ...], ...] = tuple(
    tuple(INDEX[n] for n in row.split())
    for row in (
        "a7 d7 g7", "b6 d6 f6", "c5 d5 e5", "a4 b4 c4 e4 f4 g4",
        "c3 d3 e3", "b2 d2 f2", "a1 d1 g1",
    )
)
"""Point indices of each row of the position text, top row first."""

# Masks for the step boards: bits that stay in their byte when rotated, and
# the midpoints that have a neighbour on the next ring inwards / outwards.
_UP_KEEP, _UP_WRAP = 0xFEFEFE, 0x010101
_DOWN_KEEP, _DOWN_WRAP = 0x7F7F7F, 0x808080
_INWARD, _OUTWARD = 0x00AAAA, 0xAAAA00
_CORNERS = 0x555555


def rot_up(bits: int) -> int:
    """Each piece one point further round its ring (k + 1)."""
    return ((bits << 1) & _UP_KEEP) | ((bits >> 7) & _UP_WRAP)


def rot_down(bits: int) -> int:
    """Each piece one point back round its ring (k - 1)."""
    return ((bits >> 1) & _DOWN_KEEP) | ((bits << 7) & _DOWN_WRAP)


def _mills() -> tuple[tuple[int, int, int], ...]:
    sides = [
        (8 * r + k, 8 * r + k + 1, 8 * r + (k + 2) % 8) for r in range(3) for k in (0, 2, 4, 6)
    ]
    spokes = [(k, 8 + k, 16 + k) for k in (1, 3, 5, 7)]
    return tuple(sides + spokes)


MILL_LINES = _mills()
"""The 16 mills as point triples, in order along their line."""
MILLS = tuple((1 << a) | (1 << b) | (1 << c) for a, b, c in MILL_LINES)


def _mills_through(point: int) -> tuple[int, int]:
    first, second = (m for m in MILLS if m >> point & 1)
    return first, second


MILLS_AT = tuple(_mills_through(p) for p in range(24))
"""For each point, the masks of the two mills through it."""
NEIGHBOURS: tuple[int, ...] = tuple(
    rot_up(1 << p) | rot_down(1 << p) | ((1 << p & _INWARD) << 8) | ((1 << p & _OUTWARD) >> 8)
    for p in range(24)
)
"""For each point, the mask of the points one step away."""
EDGES: tuple[tuple[int, int], ...] = tuple(
    (p, q) for p in range(24) for q in range(p + 1, 24) if NEIGHBOURS[p] >> q & 1
)

# Interned decisions, built once.
PLACES = tuple(Place(i, NAMES[i]) for i in range(24))
REMOVES = tuple(Remove(i, NAMES[i]) for i in range(24))
STEPS = tuple(PathMove((p, q), (NAMES[p], NAMES[q])) for p in range(24) for q in range(24))
"""``STEPS[24 * p + q]`` is ``p-q`` (the ``p == q`` entries are never legal)."""

_POP8 = tuple(v.bit_count() for v in range(256))
_SEL8 = tuple(tuple(i for i in range(8) if v >> i & 1) for v in range(256))


def nth_bit(bits: int, n: int) -> int:
    """Index of the ``n``-th set bit (from 0, lowest first) of a 24-bit board."""
    low = bits & 255
    count = _POP8[low]
    if n < count:
        return _SEL8[low][n]
    n -= count
    mid = bits >> 8 & 255
    count = _POP8[mid]
    if n < count:
        return 8 + _SEL8[mid][n]
    return 16 + _SEL8[bits >> 16][n - count]


def bit_indices(bits: int) -> list[int]:
    """Indices of the set bits, lowest first."""
    return [i for i in range(24) if bits >> i & 1]


def step_boards(own: int, empty: int) -> tuple[int, int, int, int]:
    """Targets of one-point steps, by direction: up the ring, down, inwards, outwards."""
    return (
        rot_up(own) & empty,
        rot_down(own) & empty,
        (own & _INWARD) << 8 & empty,
        (own & _OUTWARD) >> 8 & empty,
    )


def mill_bits(bits: int) -> int:
    """The pieces of ``bits`` that stand in at least one mill."""
    side = bits & rot_down(bits) & rot_down(rot_down(bits)) & _CORNERS
    spoke = bits & bits >> 8 & bits >> 16 & 0xAA
    return side | rot_up(side) | rot_up(rot_up(side)) | spoke | spoke << 8 | spoke << 16


def removable_bits(other: int, protect: bool) -> int:
    """Enemy pieces a mill may take: any, or with ``protect`` those outside mills if any."""
    if protect:
        free = other & ~mill_bits(other)
        if free:
            return free
    return other


def _byte_tables(by_bit: dict[int, Any]) -> tuple[tuple[tuple[Any, ...], ...], ...]:
    """For each byte of a board and each value of it, the moves of its set bits."""
    return tuple(
        tuple(
            tuple(by_bit[8 * b + i] for i in range(8) if v >> i & 1 and 8 * b + i in by_bit)
            for v in range(256)
        )
        for b in range(3)
    )


def _steps_to(origin_of: Callable[[int], int], targets: int) -> dict[int, PathMove]:
    """The step reaching each target point, given how to find its origin."""
    found = {}
    for q in bit_indices(targets):
        p = origin_of(1 << q).bit_length() - 1
        found[q] = STEPS[24 * p + q]
    return found


_PLACE_T = _byte_tables(dict(enumerate(PLACES)))
_REMOVE_T = _byte_tables(dict(enumerate(REMOVES)))
_STEP_T = (
    _byte_tables(_steps_to(rot_down, FULL)),
    _byte_tables(_steps_to(rot_up, FULL)),
    _byte_tables(_steps_to(lambda bit: bit >> 8, _INWARD << 8)),
    _byte_tables(_steps_to(lambda bit: bit << 8, _OUTWARD >> 8)),
)
"""Step moves by direction (as :func:`step_boards`), indexed by the target's bit."""


def _moves_of(tables: tuple[tuple[tuple[Any, ...], ...], ...], bits: int) -> tuple[Any, ...]:
    t0, t1, t2 = tables
    return t0[bits & 255] + t1[bits >> 8 & 255] + t2[bits >> 16]


def step_moves(own: int, empty: int) -> tuple[Any, ...]:
    """Every one-point step of ``own``'s pieces to an empty point."""
    up = ((own << 1) & 0xFEFEFE | (own >> 7) & 0x010101) & empty  # as step_boards, inlined
    down = ((own >> 1) & 0x7F7F7F | (own << 7) & 0x808080) & empty
    inward = (own & 0x00AAAA) << 8 & empty
    outward = (own & 0xAAAA00) >> 8 & empty
    u, d, i, o = _STEP_T
    return (
        u[0][up & 255] + u[1][up >> 8 & 255] + u[2][up >> 16]
        + d[0][down & 255] + d[1][down >> 8 & 255] + d[2][down >> 16]
        + i[1][inward >> 8 & 255] + i[2][inward >> 16]
        + o[0][outward & 255] + o[1][outward >> 8 & 255]
    )


def fly_moves(own: int, empty: int) -> list[Any]:
    """Every flight of one of ``own``'s pieces to an empty point."""
    targets = bit_indices(empty)
    return [STEPS[24 * p + q] for p in bit_indices(own) for q in targets]


def position_key(own: int, other: int, mover: int, pending: bool, hand_me: int,
                 hand_you: int) -> int:
    """The position as one integer (from the mover's side), for repetitions."""
    return own | other << 24 | mover << 48 | pending << 49 | hand_me << 50 | hand_you << 54


class MoulinState(State):
    """Both sides' pieces as bitboards, pieces in hand, the mover, the draw counters.

    ``board`` and ``hand`` are indexed by seat (0 blanc, 1 noir); ``history``
    holds the keys of the positions since the last placement or removal,
    this one last.
    """

    __slots__ = ("_end", "_key", "_moves", "board", "current_player", "game", "hand",
                 "history", "mover", "pending", "quiet")
    game: Moulin

    def __init__(self, game: Moulin, board: tuple[int, int], hand: tuple[int, int],
                 mover: int, pending: bool, quiet: int, history: tuple[int, ...]) -> None:
        self.game = game
        self.board = board
        self.hand = hand
        self.mover = mover
        self.pending = pending
        self.quiet = quiet
        own, other = board[mover], board[1 - mover]
        key = own | other << 24 | mover << 48 | pending << 49 | hand[mover] << 50 | (
            hand[1 - mover] << 54
        )  # position_key, inlined
        self._key = key
        self.history = (*history, key)
        self._moves: Sequence[Any] | None = None
        self._end = None if pending else self._status(own, other)
        self.current_player = TERMINAL if self._end else game.player_names[mover]

    # -- rules ------------------------------------------------------------------

    def _status(self, own: int, other: int) -> tuple[str, int] | None:
        """``(code, losing seat or -1)`` when the game is over, else ``None``.

        In the moving phase the steps are generated here, once: they tell
        whether the mover is blocked and are the legal moves.
        """
        me = self.mover
        game = self.game
        hand = self.hand
        count = own.bit_count()
        if count + hand[me] <= 2:
            return ("two_pieces", me)
        if other.bit_count() + hand[1 - me] <= 2:
            return ("two_pieces", 1 - me)
        steps = None
        if not hand[me] and count > game.fly_at:
            steps = step_moves(own, FULL ^ (own | other))
            if not steps:
                if game.blocked_loses:
                    return ("blocked", me)
                # Otherwise the blocked player passes.  Both sides are never
                # blocked at once: an empty point next to no piece would mean,
                # the board being connected, that every point is empty.
                steps = (PASS,)
        if self.history.count(self._key) >= 3:
            return ("repetition", -1)
        if self.quiet >= game.draw_moves:
            return ("no_capture", -1)
        self._moves = steps
        return None

    def removable(self) -> int:
        """Bits of the enemy pieces the mover may take now."""
        return removable_bits(self.board[1 - self.mover], self.game.protect_mills)

    def flying(self) -> bool:
        """Whether the mover's pieces fly (moving phase, few pieces left)."""
        return not self.hand[self.mover] and (
            self.board[self.mover].bit_count() <= self.game.fly_at
        )

    def legal_moves(self) -> Sequence[Any]:
        if self._moves is None:
            self._moves = self._generate()
        return self._moves

    def _generate(self) -> Sequence[Any]:
        if self._end is not None:
            return ()
        own, other = self.board[self.mover], self.board[1 - self.mover]
        if self.pending:
            return _moves_of(_REMOVE_T, self.removable())
        empty = FULL ^ (own | other)
        if self.hand[self.mover]:
            return _moves_of(_PLACE_T, empty)
        if own.bit_count() <= self.game.fly_at:
            return fly_moves(own, empty)
        return step_moves(own, empty) or (PASS,)

    def is_legal(self, move: Any) -> bool:
        if self._end is not None:
            return False
        cls = move.__class__
        own, other = self.board[self.mover], self.board[1 - self.mover]
        if self.pending:
            return cls is Remove and _on_board(move.at) and bool(self.removable() >> move.at & 1)
        empty = FULL ^ (own | other)
        if self.hand[self.mover]:
            return cls is Place and _on_board(move.at) and bool(empty >> move.at & 1)
        if cls is PathMove:
            if len(move.path) != 2 or not all(_on_board(p) for p in move.path):
                return False
            p, q = move.path
            reach = empty if own.bit_count() <= self.game.fly_at else NEIGHBOURS[p] & empty
            return bool(own >> p & 1 and reach >> q & 1)
        return move == PASS and self.legal_moves() == (PASS,)

    def apply_unchecked(self, move: Any) -> MoulinState:
        game, mover, board, hand = self.game, self.mover, self.board, self.hand
        white, black = board
        cls = move.__class__
        if cls is PathMove:
            p, q = move.path
            if mover:
                black ^= 1 << p | 1 << q
            else:
                white ^= 1 << p | 1 << q
            pending = _mill_pending(white, black, mover, q)
            return MoulinState(game, (white, black), hand, mover if pending else 1 - mover,
                               pending, self.quiet + 1, self.history)
        if cls is Place:
            q = move.at
            if mover:
                black |= 1 << q
                hand = (hand[0], hand[1] - 1)
            else:
                white |= 1 << q
                hand = (hand[0] - 1, hand[1])
            pending = _mill_pending(white, black, mover, q)
            return MoulinState(game, (white, black), hand, mover if pending else 1 - mover,
                               pending, self.quiet, ())
        if cls is Remove:
            if mover:
                white &= ~(1 << move.at)
            else:
                black &= ~(1 << move.at)
            return MoulinState(game, (white, black), hand, 1 - mover, False, 0, ())
        # pass
        return MoulinState(game, board, hand, 1 - mover, False, self.quiet + 1, self.history)

    def is_terminal(self) -> bool:
        return self._end is not None

    def pieces(self, seat: int) -> int:
        """Pieces a seat still has: on the board and in hand."""
        return self.board[seat].bit_count() + self.hand[seat]

    def outcome(self) -> Outcome | None:
        if self._end is None:
            return None
        code, seat = self._end
        names = self.game.player_names
        scores = {names[0]: self.pieces(0), names[1]: self.pieces(1)}
        if code == "repetition":
            return draw("position répétée trois fois", code, scores,
                        en="position repeated three times")
        if code == "no_capture":
            moves = self.game.draw_moves
            return draw(f"{moves} coups sans prise", code, scores,
                        en=f"{moves} moves without a capture")
        loser, winner = names[seat], names[1 - seat]
        if code == "blocked":
            return win(winner, f"{loser} est bloqué", code, scores, en=f"{loser} is blocked")
        left = self.pieces(seat)
        if not left:  # only from a set-up position
            return win(winner, f"{loser} n'a plus aucun pion", code, scores,
                       en=f"{loser} has no piece left")
        plural = "s" if left > 1 else ""
        return win(winner, f"{loser} n'a plus que {left} pion{plural}", code, scores,
                   en=f"{loser} has only {left} piece{plural} left")

    def announcements(self) -> tuple[str, ...]:
        return ("Moulin !",) if self.pending and self._end is None else ()

    def key(self) -> Hashable:
        return self._key

    # -- text -------------------------------------------------------------------

    def to_text(self) -> str:
        white, black = self.board
        rows = [
            "".join("B" if white >> p & 1 else "N" if black >> p & 1 else "." for p in row)
            for row in TEXT_ROWS
        ]
        mover = self.game.player_names[self.mover]
        flag = "x" if self.pending else "-"
        return f"{'/'.join(rows)} {mover} {self.hand[0]},{self.hand[1]} {flag} {self.quiet}"

    def diagram(self) -> str:
        return render_diagram(self)

    # -- fast playouts ----------------------------------------------------------

    def random_playout(self, rng: random.Random) -> State:
        return self.playout(rng)

    def playout(self, rng: random.Random, trace: list[Any] | None = None) -> MoulinState:
        """Uniformly random decisions to the end, on plain integers.

        Follows exactly the rules of :meth:`legal_moves` / :meth:`apply_unchecked`
        (each decision is uniform among the legal ones); ``trace``, when
        given, receives the decisions taken, so that tests can replay them.
        """
        if self._end is not None:
            return self
        game = self.game
        fly_at, protect = game.fly_at, game.protect_mills
        blocked_loses, cap = game.blocked_loses, game.draw_moves
        rnd = rng.random
        mills_at = MILLS_AT
        mover = self.mover
        own, other = self.board[mover], self.board[1 - mover]
        hand_me, hand_you = self.hand[mover], self.hand[1 - mover]
        pending, quiet = self.pending, self.quiet
        history = list(self.history)
        seen: dict[int, int] = {}
        for key in history:
            seen[key] = seen.get(key, 0) + 1
        while True:
            if pending:  # remove an enemy piece, then the other side plays
                bits = removable_bits(other, protect)
                q = nth_bit(bits, int(rnd() * bits.bit_count()))
                other ^= 1 << q
                if trace is not None:
                    trace.append(REMOVES[q])
                pending, quiet = False, 0
                own, other, hand_me, hand_you, mover = other, own, hand_you, hand_me, mover ^ 1
                key = own | other << 24 | mover << 48 | hand_me << 50 | hand_you << 54
                history, seen = [key], {key: 1}
                if own.bit_count() + hand_me <= 2:
                    break
                continue
            empty = FULL ^ (own | other)
            if hand_me:  # place a piece
                q = nth_bit(empty, int(rnd() * empty.bit_count()))
                own |= 1 << q
                hand_me -= 1
                if trace is not None:
                    trace.append(PLACES[q])
                a, b = mills_at[q]
                if other and (own & a == a or own & b == b):
                    pending = True
                    key = (own | other << 24 | mover << 48 | 1 << 49 | hand_me << 50
                           | hand_you << 54)
                else:
                    own, other, hand_me, hand_you, mover = other, own, hand_you, hand_me, mover ^ 1
                    key = own | other << 24 | mover << 48 | hand_me << 50 | hand_you << 54
                history, seen = [key], {key: 1}
                continue
            count = own.bit_count()
            if count <= fly_at:  # fly: any piece to any empty point
                free = empty.bit_count()
                pick = int(rnd() * (count * free))
                p = nth_bit(own, pick // free)
                q = nth_bit(empty, pick % free)
            else:  # step along a line
                up = ((own << 1) & 0xFEFEFE | (own >> 7) & 0x010101) & empty
                down = ((own >> 1) & 0x7F7F7F | (own << 7) & 0x808080) & empty
                inward = (own & 0x00AAAA) << 8 & empty
                outward = (own & 0xAAAA00) >> 8 & empty
                c_up, c_down = up.bit_count(), down.bit_count()
                c_in, c_out = inward.bit_count(), outward.bit_count()
                total = c_up + c_down + c_in + c_out
                if not total:  # blocked: lose, or pass
                    if blocked_loses:
                        break
                    if trace is not None:
                        trace.append(PASS)
                    quiet += 1
                    own, other, hand_me, hand_you, mover = other, own, hand_you, hand_me, mover ^ 1
                    key = own | other << 24 | mover << 48 | hand_me << 50 | hand_you << 54
                    history.append(key)
                    seen[key] = repeats = seen.get(key, 0) + 1
                    if repeats >= 3 or quiet >= cap:
                        break
                    continue
                pick = int(rnd() * total)
                if pick < c_up:
                    q = nth_bit(up, pick)
                    p = q - 1 if q & 7 else q + 7
                else:
                    pick -= c_up
                    if pick < c_down:
                        q = nth_bit(down, pick)
                        p = q + 1 if q & 7 != 7 else q - 7
                    else:
                        pick -= c_down
                        if pick < c_in:
                            q = nth_bit(inward, pick)
                            p = q - 8
                        else:
                            q = nth_bit(outward, pick - c_in)
                            p = q + 8
            own ^= 1 << p | 1 << q
            quiet += 1
            if trace is not None:
                trace.append(STEPS[24 * p + q])
            a, b = mills_at[q]
            if other and (own & a == a or own & b == b):
                pending = True
                key = own | other << 24 | mover << 48 | 1 << 49 | hand_me << 50 | hand_you << 54
                history.append(key)
                continue
            own, other, hand_me, hand_you, mover = other, own, hand_you, hand_me, mover ^ 1
            key = own | other << 24 | mover << 48 | hand_me << 50 | hand_you << 54
            history.append(key)
            seen[key] = repeats = seen.get(key, 0) + 1
            if repeats >= 3 or quiet >= cap:
                break
        board = (other, own) if mover else (own, other)
        hand = (hand_you, hand_me) if mover else (hand_me, hand_you)
        return MoulinState(game, board, hand, mover, pending, quiet, tuple(history[:-1]))


def _mill_pending(white: int, black: int, mover: int, point: int) -> bool:
    """Whether the piece just put on ``point`` makes a mill that takes a piece.

    A mill against a side with no piece on the board takes nothing (this only
    happens in set-up positions).
    """
    own, other = (black, white) if mover else (white, black)
    a, b = MILLS_AT[point]
    return bool(other) and (own & a == a or own & b == b)


def _on_board(point: Any) -> bool:
    return isinstance(point, int) and 0 <= point < 24


# --------------------------------------------------------------------------- picture


def _layout(point: int) -> tuple[int, int]:
    """Column (0 = a) and row from the bottom (0 = row 1) of a point."""
    name = NAMES[point]
    return ord(name[0]) - ord("a"), int(name[1]) - 1


def render_diagram(state: MoulinState) -> str:
    """The board in Unicode with coordinates, pieces in hand and who is to act."""
    width, height = 25, 13
    canvas = [[" "] * width for _ in range(height)]

    def at(point: int) -> tuple[int, int]:
        column, row = _layout(point)
        return 4 * column, 2 * (6 - row)

    for p, q in EDGES:
        (x1, y1), (x2, y2) = sorted((at(p), at(q)))
        if y1 == y2:
            for x in range(x1 + 1, x2):
                canvas[y1][x] = "─"
        else:
            for y in range(y1 + 1, y2):
                canvas[y][x1] = "│"
    white, black = state.board
    for p in range(24):
        x, y = at(p)
        canvas[y][x] = "○" if white >> p & 1 else "●" if black >> p & 1 else "·"
    lines = [
        (f"{7 - y // 2} " if y % 2 == 0 else "  ") + "".join(row).rstrip()
        for y, row in enumerate(canvas)
    ]
    lines.append("  " + "   ".join("abcdefg"))
    for seat, mark in ((0, "○"), (1, "●")):
        name = state.game.player_names[seat]
        lines.append(
            f"  {name} {mark} : {state.board[seat].bit_count()} sur le plateau, "
            f"{state.hand[seat]} en main"
        )
    outcome = state.outcome()
    if outcome is not None:
        lines.append("  fin : " + outcome.result_line())
    elif state.pending:
        lines.append(f"  Moulin ! {state.current_player} retire un pion adverse")
    else:
        lines.append(f"  à {state.current_player} de jouer")
    return "\n".join(lines)


# --------------------------------------------------------------------------- game


@register
class Moulin(Game):
    """Nine men's morris after the Maison des Jeux de Grenoble booklet, and the standard rules."""

    id = "moulin"
    title = "Moulin"
    player_names = (BLANC, NOIR)
    variants = (
        Variant(
            "",
            "Moulin (règle du livret)",
            "Un moulin prend n'importe quel pion adverse ; on vole à 4 pions ; "
            "on perd à 2 pions ou bloqué.",
        ),
        Variant(
            "standard",
            "Moulin (règle courante)",
            "On vole à 3 pions, les pions en moulin sont protégés (sauf si tous le sont), "
            "un joueur bloqué perd : les règles d'OpenSpiel.",
            {"fly_at": 3, "protect_mills": True, "blocked_loses": True},
        ),
    )
    option_list = (
        Option("fly_at", 4, "nombre de pions à partir duquel on vole d'un point libre à "
               "n'importe quel autre (0 : jamais)", choices=(0, 3, 4)),
        Option("protect_mills", False, "les pions en moulin ne peuvent pas être pris, "
               "sauf si tous les pions adverses sont en moulin"),
        Option("blocked_loses", True, "un joueur qui ne peut plus bouger perd "
               "(sinon il passe son tour)"),
        Option("draw_moves", 50, "partie nulle après ce nombre de coups de déplacement "
               "(des deux joueurs) sans prise", minimum=10, maximum=1000),
        Option("first", BLANC, "qui pose le premier pion", choices=(BLANC, NOIR)),
    )

    def configure(self) -> None:
        self.fly_at: int = self.options["fly_at"]
        self.protect_mills: bool = self.options["protect_mills"]
        self.blocked_loses: bool = self.options["blocked_loses"]
        self.draw_moves: int = self.options["draw_moves"]
        self.first = self.player_names.index(self.options["first"])

    def initial_state(self) -> MoulinState:
        return MoulinState(self, (0, 0), (PIECES, PIECES), self.first, False, 0, ())

    def from_text(self, text: str) -> MoulinState:
        fields = text.split()
        if len(fields) != 5:
            raise self._text_error(
                text, "expected 5 fields: points, player to move, pieces in hand "
                "(blanc,noir), removal flag (x or -), moves without removal"
            )
        board = self._read_points(text, fields[0])
        if fields[1] not in self.player_names:
            raise self._text_error(text, f"player to move '{fields[1]}' is not blanc or noir")
        mover = self.player_names.index(fields[1])
        hand = self._read_hands(text, fields[2])
        for seat in (0, 1):
            if board[seat].bit_count() + hand[seat] > PIECES:
                raise self._text_error(
                    text, f"{self.player_names[seat]} has more than {PIECES} pieces"
                )
        if fields[3] not in ("x", "-"):
            raise self._text_error(text, f"removal flag '{fields[3]}' is not x or -")
        pending = fields[3] == "x"
        if pending and not board[1 - mover]:
            raise self._text_error(text, "a removal is pending but there is no piece to take")
        if not fields[4].isdigit():
            raise self._text_error(text, f"move counter '{fields[4]}' is not a whole number")
        return MoulinState(self, board, hand, mover, pending, int(fields[4]), ())

    def _read_points(self, text: str, field: str) -> tuple[int, int]:
        rows = field.split("/")
        sizes = [len(r) for r in TEXT_ROWS]
        if [len(r) for r in rows] != sizes:
            raise self._text_error(
                text, "expected 7 rows of 3,3,3,6,3,3,3 points separated by '/', top row first"
            )
        white = black = 0
        for row, points in zip(rows, TEXT_ROWS, strict=True):
            for char, p in zip(row, points, strict=True):
                if char == "B":
                    white |= 1 << p
                elif char == "N":
                    black |= 1 << p
                elif char != ".":
                    raise self._text_error(
                        text, f"point {NAMES[p]} holds '{char}', expected B, N or ."
                    )
        return white, black

    def _read_hands(self, text: str, field: str) -> tuple[int, int]:
        parts = field.split(",")
        if len(parts) != 2 or not all(p.isdigit() and int(p) <= PIECES for p in parts):
            raise self._text_error(
                text, f"pieces in hand '{field}' should be two numbers 0-{PIECES} like 9,9"
            )
        return int(parts[0]), int(parts[1])

    def _text_error(self, text: str, why: str) -> NotationError:
        return NotationError(f"{self.spec} position '{text}': {why}")

    def geometry(self) -> Geometry:
        positions = []
        for p in range(24):
            column, row = _layout(p)
            positions.append((NAMES[p], float(column), float(6 - row)))
        return graph(
            positions,
            [(NAMES[p], NAMES[q]) for p, q in EDGES],
            [[NAMES[p] for p in line] for line in MILL_LINES],
            {
                "exterieur": RINGS[0],
                "milieu": RINGS[1],
                "interieur": RINGS[2],
            },
        )

    def ending(self) -> Ending:
        return Ending(
            "Partie nulle quand la même position revient trois fois (même joueur au trait), "
            f"ou après {self.draw_moves} coups de déplacement (des deux joueurs) sans prise.",
            repetition=3,
            move_cap=self.draw_moves,
        )

    def parse_notation(self, text: str) -> None:
        if text == "pass":
            return
        words = text[1:] if text.startswith("x") else text
        names = words.split("-")
        if (text.startswith("x") and len(names) != 1) or len(names) > 2:
            raise NotationError(
                f"moulin move '{text}': expected a point (d6), a move (d6-d5) or a "
                "removal (xd6)"
            )
        for name in names:
            if name not in INDEX:
                raise NotationError(
                    f"moulin move '{text}': '{name}' is not a point; the points are "
                    + " ".join(sorted(NAMES, key=lambda n: (n[1], n[0])))
                )
