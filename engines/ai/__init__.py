"""Game AI against the engine protocol: bots, searches, budgets, solvers.

``make_bot(name, game)`` with ``name`` in :data:`BOT_NAMES`; levels and their
seconds per decision in :data:`LEVELS`; exact solvers via :func:`solver_for`.
"""

from engines.ai.alphabeta import AlphaBeta, SearchResult
from engines.ai.arena import GameRecord, play_game, seat_bots
from engines.ai.bots import (
    BOT_NAMES,
    LEVELS,
    Bot,
    Decision,
    GameProfile,
    algorithm_for,
    game_profile,
    make_bot,
)
from engines.ai.budget import Budget, Clock
from engines.ai.evaluation import (
    Evaluator,
    evaluator_for,
    load_evaluators,
    register_evaluator,
)
from engines.ai.mcts import Mcts, MctsResult
from engines.ai.solvers import MoveOracle, Solver, register_solver, solver_for

__all__ = [
    "BOT_NAMES",
    "LEVELS",
    "AlphaBeta",
    "Bot",
    "Budget",
    "Clock",
    "Decision",
    "Evaluator",
    "GameProfile",
    "GameRecord",
    "Mcts",
    "MctsResult",
    "MoveOracle",
    "SearchResult",
    "Solver",
    "algorithm_for",
    "evaluator_for",
    "game_profile",
    "load_evaluators",
    "make_bot",
    "play_game",
    "register_evaluator",
    "register_solver",
    "seat_bots",
    "solver_for",
]
