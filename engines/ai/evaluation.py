"""Per-game evaluators: heuristic values the searches use below their horizon.

An evaluator is ``f(state, player) -> float`` in ``[-1, 1]``: how good a
non-terminal ``state`` looks for ``player`` (1 = surely won).  Game-specific
evaluators live in ``engines/ai/eval_<game>.py`` and register themselves with
:func:`register_evaluator`; a game without one is searched by playouts.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

from engines.core import Game, State

Evaluator = Callable[[State, str], float]

EVALUATOR_MODULES: tuple[str, ...] = (
    "engines.ai.eval_reversi",
    "engines.ai.eval_moulin",
    "engines.ai.eval_tablut",
    "engines.ai.eval_assaut",
    "engines.ai.eval_latrunculi",
    "engines.ai.eval_rithmomachie",
    "engines.ai.eval_backgammon",
    "engines.ai.eval_jacquet",
    "engines.ai.eval_barricades",
)

_evaluators: dict[str, Evaluator] = {}
_loaded = False


def register_evaluator(game_id: str) -> Callable[[Evaluator], Evaluator]:
    """Decorator: ``@register_evaluator("moulin")`` on ``def evaluate(state, player)``."""

    def decorate(function: Evaluator) -> Evaluator:
        _evaluators[game_id] = function
        return function

    return decorate


def load_evaluators() -> None:
    """Import every evaluator module once.  A long-lived thinking process calls it when it
    starts, so that its first decision does not pay for the imports (tens of milliseconds
    here, several times more on a Raspberry Pi)."""
    global _loaded
    if not _loaded:
        for module in EVALUATOR_MODULES:
            importlib.import_module(module)
        _loaded = True


def evaluator_for(game: Game) -> Evaluator | None:
    """The evaluator registered for the game's id (any variant), if any."""
    load_evaluators()
    return _evaluators.get(game.id)
