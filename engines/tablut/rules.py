"""The rules of tablut on bitboards: moves, captures, the king's ways out, the end.

Plain functions of integers, shared by :class:`engines.tablut.state.TablutState`,
the fast playout and the evaluator.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING

from engines.bits import bit_indices
from engines.core import Outcome, PathMove, draw, win
from engines.outcomes import OutcomeCode
from engines.tablut.board import (
    BLANC,
    CAPTURE_PAIRS,
    DIRECTIONS,
    EDGE,
    ESCAPES,
    KING_MOVES,
    KING_RING,
    MAN_MOVES,
    NAMES,
    NOIR,
    PLAYERS,
    RAY_MASKS,
    RAYS,
    SLOW_ESCAPES,
    THRONE_AT,
    THRONE_BIT,
)

if TYPE_CHECKING:
    from engines.tablut.game import Tablut


def reach(square: int, d: int, occupied: int) -> int:
    """Empty squares in a row from ``square`` in direction ``d`` (the throne included)."""
    blockers = occupied & RAY_MASKS[square][d]
    if not blockers:
        return len(RAYS[square][d])
    first = (blockers & -blockers).bit_length() - 1 if d & 1 else blockers.bit_length() - 1
    return (first - square) // DIRECTIONS[d] - 1


def generate(men: int, king: int, occupied: int, slow: bool) -> list[PathMove]:
    """Moves of ``men`` (and of the king on ``king``, -1 for none), by origin square."""
    moves: list[PathMove] = []
    pieces = men | (1 << king) if king >= 0 else men
    for s in bit_indices(pieces):
        for d in range(4):
            n = reach(s, d, occupied)
            if not n:
                continue
            if s == king:
                moves.extend(KING_MOVES[s][d][: 1 if slow else n])
            else:
                moves.extend(MAN_MOVES[s][d][: n - (THRONE_AT[s][d] <= n)])
    return moves


def has_move(men: int, king: int, occupied: int) -> bool:
    """Whether ``men`` or the king have any move at all (a slow king has one as soon as
    a fast one has)."""
    pieces = men | (1 << king) if king >= 0 else men
    for s in bit_indices(pieces):
        for d in range(4):
            n = reach(s, d, occupied)
            if n and (s == king or n > (THRONE_AT[s][d] <= n)):
                return True
    return False


def captured(target: int, prey: int, hammers: int) -> int:
    """The pieces of ``prey`` caught between a piece arriving on ``target`` and ``hammers``."""
    taken = 0
    for near, far in CAPTURE_PAIRS[target]:
        if prey & near and hammers & far:
            taken |= near
    return taken


def play(
    mover: int, origin: int, target: int, white: int, black: int, king: int, armed: bool
) -> tuple[int, int, int, int]:
    """``(white, black, king, taken)`` after ``mover`` (0 white, 1 black) goes
    ``origin`` -> ``target``; ``taken`` holds the captured men (the king's
    capture is judged apart, by :func:`king_taken`)."""
    if mover == 0:
        if origin == king:
            king = target
            taken = captured(target, black, white) if armed else 0
        else:
            white ^= (1 << origin) | (1 << target)
            taken = captured(target, black, white | (1 << king) if armed else white)
        black ^= taken
    else:
        black ^= (1 << origin) | (1 << target)
        taken = captured(target, white, black)
        white ^= taken
    return white, black, king, taken


def king_taken(king: int, target: int, black: int) -> bool:
    """Whether a Muscovite arriving on ``target`` completes the ring around the king:
    four Muscovites, or three and the (empty) throne."""
    ring = KING_RING[king]
    return bool(ring >> target & 1) and not ring & ~(black | THRONE_BIT)


def free_paths(king: int, occupied: int, slow: bool) -> int:
    """The king's free straight paths to the edge (one-step ones for a slow king)."""
    count = 0
    for mask in (SLOW_ESCAPES if slow else ESCAPES)[king]:
        if not occupied & mask:
            count += 1
    return count




_ENGLISH = ("white", "black")


def judge(
    game: Tablut,
    white: int,
    black: int,
    king: int,
    mover: int,
    ply: int,
    history: tuple[Hashable, ...],
) -> Outcome | None:
    """How the game ended in this position, or ``None``; wins before draws."""
    if king < 0:
        return win(NOIR, "le roi est pris", OutcomeCode.KING_CAPTURED, en="the king is captured")
    if EDGE >> king & 1:
        where = NAMES[king]
        return win(
            BLANC,
            f"le roi atteint le bord en {where}",
            OutcomeCode.KING_ESCAPED,
            en=f"the king reaches the edge at {where}",
        )
    occupied = white | black | (1 << king)
    if mover == 1 and game.two_paths_win and free_paths(king, occupied, game.slow_king) >= 2:
        return win(
            BLANC,
            "deux chemins libres vers le bord",
            OutcomeCode.TWO_PATHS,
            en="two free paths to the edge",
        )
    men, own_king = (white, king) if mover == 0 else (black, -1)
    if not has_move(men, own_king, occupied):
        return win(
            PLAYERS[1 - mover],
            f"{PLAYERS[mover]} ne peut plus bouger",
            OutcomeCode.NO_MOVE,
            en=f"{_ENGLISH[mover]} cannot move",
        )
    if game.repetition and history.count(history[-1]) >= 3:
        return draw(
            "position répétée trois fois",
            OutcomeCode.REPETITION,
            en="position repeated three times",
        )
    if ply >= game.max_moves:
        return draw(
            f"limite de {game.max_moves} coups",
            OutcomeCode.MOVE_CAP,
            en=f"limit of {game.max_moves} moves",
        )
    return None
