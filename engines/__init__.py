"""Rules engines of the ludogîte's games, and their AI. Pure Python."""

from engines.core import (
    CHANCE,
    TERMINAL,
    IllegalMoveError,
    NotationError,
    Outcome,
    RulesError,
    SpecError,
    State,
)
from engines.registry import all_specs, find_game, split_specs

__all__ = [
    "CHANCE",
    "TERMINAL",
    "IllegalMoveError",
    "NotationError",
    "Outcome",
    "RulesError",
    "SpecError",
    "State",
    "all_specs",
    "find_game",
    "split_specs",
]
