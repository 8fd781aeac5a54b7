"""Exact solvers of the small games (shut the box, multitchoukatro).

A solver computes exact values: ``solve(game)`` returns the lines that
``ludokiosk-engine solve GAME`` prints.  A solver that can also name the best
decision of a position defines ``best_move(state)`` (returning ``None`` when
it does not know the position); the ``joueur`` and ``expert`` bots then play
its moves.  Solver modules live in ``engines/ai/`` and register with
:func:`register_solver`; list them in ``SOLVER_MODULES`` so that they load on
first use.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Protocol, TypeVar, runtime_checkable

from engines.core import Game, Move, State

SOLVER_MODULES: tuple[str, ...] = (
    "engines.ai.solve_multitchoukatro",
    "engines.ai.solve_shutthebox",
)
"""Modules that register solvers, imported the first time one is looked up."""


@runtime_checkable
class Solver(Protocol):
    """An exact solver of one game."""

    def solve(self, game: Game) -> list[str]:
        """The output lines of ``ludokiosk-engine solve``: exact values of the game."""
        ...


@runtime_checkable
class MoveOracle(Protocol):
    """A solver that also knows the best decision of a position."""

    def best_move(self, state: State) -> Move | None:
        """The best decision of ``state``, or ``None`` if the solver cannot tell."""
        ...


@runtime_checkable
class MoveValues(Protocol):
    """A solver that knows the exact value of every decision of a position (the coach)."""

    def move_values(self, state: State) -> list[tuple[Move, float]] | None:
        """Each legal decision of ``state`` with its exact value for the player to move,
        or ``None`` if the solver cannot tell (the scale: :meth:`scale`)."""
        ...

    def scale(self, state: State) -> str:
        """``share`` (a share of a win, 0 to 1) or ``points`` (minus the player's expected
        score) for the values of ``state``."""
        ...


_solvers: dict[str, Solver] = {}
_loaded = False

SolverClass = TypeVar("SolverClass", bound=type)


def register_solver(game_id: str) -> Callable[[SolverClass], SolverClass]:
    """Class decorator: ``@register_solver("shut-the-box")`` on a solver class.

    The class is instantiated once, without arguments.
    """

    def decorate(cls: SolverClass) -> SolverClass:
        instance = cls()
        if not isinstance(instance, Solver):
            raise TypeError(f"{cls.__name__} has no solve(game) method")
        _solvers[game_id] = instance
        return cls

    return decorate


def unregister_solver(game_id: str) -> None:
    """Forget the solver of ``game_id`` (tests)."""
    _solvers.pop(game_id, None)


def load_solvers() -> None:
    """Import every solver module once (they register their solvers and profiles)."""
    global _loaded
    if not _loaded:
        for module in SOLVER_MODULES:
            importlib.import_module(module)
        _loaded = True


def solver_for(game: Game) -> Solver | None:
    """The exact solver registered for the game's id (any variant), if any."""
    load_solvers()
    return _solvers.get(game.id)


def move_oracle_for(game: Game) -> MoveOracle | None:
    """The game's solver if it can name best moves."""
    solver = solver_for(game)
    if solver is not None and isinstance(solver, MoveOracle):
        return solver
    return None


def move_values_for(game: Game) -> MoveValues | None:
    """The game's solver if it can value every decision."""
    solver = solver_for(game)
    if solver is not None and isinstance(solver, MoveValues):
        return solver
    return None
