"""How the machine plays each game beyond its search, declared beside the game's
evaluator or solver.

The levels (:mod:`engines.ai.bots`) play one search by default: alpha-beta or
expectiminimax with an evaluator, Monte-Carlo without. A game whose machine
plays otherwise at some level registers an :class:`AiProfile` with
:func:`register_profile` in its ``eval_<game>.py`` (or its solver's module); the
bots read it and name no game. Why each game plays as it does, with the matches
that decided it, is in ``docs/ai/<game>.md``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from engines.ai.evaluation import load_evaluators
from engines.ai.solvers import load_solvers
from engines.core import Game

INTERMEDIATE_NOISE = 0.04
"""GNU Backgammon's *intermediate* noise: an error of 0.04 points of a game, on average,
on its judgement of each play."""


@dataclass(frozen=True)
class AiProfile:
    """What one game's machine does besides its level's search."""

    solver_for_expert_only: bool = False
    """Only the expert consults the game's exact solver (the joueur searches alone)."""
    expert_best_play_one_throw_on: bool = False
    """Moving its checkers, the expert judges the complete plays of the throw by the
    evaluator, then the best two again one throw on (gnubg's 1-ply with a move filter),
    and searches no further."""
    cube_without_search: bool = False
    """The joueur and the expert take the cube's decisions by the evaluator on the
    position each choice leaves (the joueur with its turn noise, the expert one throw
    on), without a search."""
    expert_whole_turn_alone: bool = False
    """With three or four players each for themselves, the expert plays its evaluator's
    best whole turn where the other levels run Monte-Carlo."""
    turn_noise: Mapping[str, float] = field(default_factory=lambda: MappingProxyType({}))
    """Level -> with two players, that level plays the evaluator's best whole turn with
    an error of this standard deviation on each ending's value (the evaluator's units)."""
    depth_in_turns: bool = False
    """The searches count depth in turns: a decision the same player takes right after
    their own costs no depth."""
    endgame: str | None = None
    """The module of the game's endgame player (its ``endgame_player`` function)."""
    child_noise: float | None = None
    """The child's error on each judgement (:class:`~engines.ai.bots.ChildBot`), in the
    evaluator's units, where the default would make it stronger than the beginner."""
    coach_threshold: Mapping[str, float] = field(default_factory=lambda: MappingProxyType({}))
    """Scale (``share``, ``points``) -> the loss past which the coach warns before a
    decision (:mod:`engines.ai.coach`), measured by ``python -m bench.coach``."""


PLAIN = AiProfile()
"""The profile of a game that registered none: every level plays its search."""

_profiles: dict[str, AiProfile] = {}


def register_profile(game_id: str, profile: AiProfile) -> AiProfile:
    """Declare how the machine plays ``game_id`` (any variant)."""
    _profiles[game_id] = profile
    return profile


def profile_for(game: Game) -> AiProfile:
    """The profile registered for the game's id, or :data:`PLAIN`."""
    load_evaluators()
    load_solvers()
    return _profiles.get(game.id, PLAIN)
