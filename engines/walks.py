"""Walks over a game's decision tree: perft counts, complete turns, the states along a
move list, a fast playout's raw steps as decisions. Tools for the command line, the
tests and the playouts, over any :class:`~engines.core.State`."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator, Sequence

from engines.core import CHANCE, TERMINAL, MoveT, State


def moves_of_steps(
    start: State[MoveT], steps: Sequence[Hashable], step_of: Callable[[MoveT], Hashable]
) -> list[MoveT]:
    """A fast playout's raw steps (squares, pairs) as the rules' decisions, in order.

    ``step_of`` gives a legal decision's raw step; each step is matched among the
    decisions legal where the game then stands (a ``ValueError`` if none is).
    """
    moves: list[MoveT] = []
    state = start
    for step in steps:
        for move in state.legal_moves():
            if step_of(move) == step:
                break
        else:
            raise ValueError(f"no legal decision for the playout's step {step!r}")
        moves.append(move)
        state = state.apply_unchecked(move)
    return moves


def complete_turns(state: State[MoveT]) -> list[tuple[tuple[MoveT, ...], State[MoveT]]]:
    """The distinct complete turns of the player to move.

    A turn is every decision the player makes before another player (or
    chance) takes over or the game ends.  Turns reaching the same position are
    listed once, in the order of first discovery.
    """
    mover = state.current_player
    if mover in (CHANCE, TERMINAL) or state.is_terminal():
        return []
    seen: dict[Hashable, tuple[tuple[MoveT, ...], State[MoveT]]] = {}

    def walk(current: State[MoveT], path: tuple[MoveT, ...]) -> None:
        for move in current.legal_moves():
            child = current.apply_unchecked(move)
            line = (*path, move)
            if child.current_player == mover and not child.is_terminal():
                walk(child, line)
            else:
                seen.setdefault((child.key(), child.to_text()), (line, child))

    walk(state, ())
    return list(seen.values())


def perft(state: State[MoveT], depth: int) -> int:
    """Leaves of the decision tree ``depth`` plies deep.

    A finished game counts as one leaf; a chance node counts each outcome as a
    branch; a forced pass is a ply like any other decision.
    """
    if depth == 0 or state.is_terminal():
        return 1
    moves = state.legal_moves()
    if depth == 1:
        return len(moves)
    return sum(perft(state.apply_unchecked(m), depth - 1) for m in moves)


def iter_plies(state: State[MoveT], moves: Sequence[MoveT]) -> Iterator[State[MoveT]]:
    """The states along a move list, the start included."""
    yield state
    for move in moves:
        state = state.apply(move)
        yield state
