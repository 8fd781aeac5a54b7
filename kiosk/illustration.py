"""A game's picture drawn from its own board: a position a few moves in, cached."""

from __future__ import annotations

import logging
import random
from functools import lru_cache

import pygame

from engines import find_game
from engines.core import State
from kiosk.boards import BoardView, renderer_for
from kiosk.games import look_for, presentation_for
from kiosk.games.descriptors import find_descriptor
from kiosk.ui.theme import seat_colours

log = logging.getLogger(__name__)

USUAL_PLIES = 10
"""Random decisions into a game whose descriptor gives no number."""


def illustration_plies(game_id: str) -> int:
    """How many random decisions into a game the home card's picture shows."""
    found = find_descriptor(game_id)
    plies = found.illustration_plies if found is not None else None
    return USUAL_PLIES if plies is None else plies


def sample_moves(spec: str, plies: int | None = None, seed: int = 3) -> list[str]:
    """``plies`` random decisions (and throws) from the start, in notation; none if
    the game ended on the way."""
    game = find_game(spec)
    state = game.initial_state()
    rng = random.Random(seed)
    count = illustration_plies(game.id) if plies is None else plies
    moves: list[str] = []
    for _ in range(count):
        if state.is_terminal():
            break
        move = state.sample_chance(rng) if state.is_chance_node() else rng.choice(
            list(state.legal_moves())
        )
        moves.append(str(move))
        state = state.apply(move)
    return [] if state.is_terminal() else moves


def sample_position(spec: str, plies: int | None = None, seed: int = 3) -> State:
    """The position ``plies`` random decisions in (the start if the game ended)."""
    game = find_game(spec)
    return game.replay(sample_moves(spec, plies, seed))


@lru_cache(maxsize=64)
def illustration(spec: str, size: tuple[int, int], lang: str = "fr") -> pygame.Surface:
    """The board of ``spec`` with pieces, fitted in ``size`` (transparent around), its
    words (barricades' goal) in ``lang``."""
    surface = pygame.Surface(size, pygame.SRCALPHA)
    game = find_game(spec)
    geometry = game.geometry()
    view = BoardView(
        geometry,
        surface.get_rect(),
        renderer_for(geometry.kind, look_for(game.id)),
        seat_colours(game.players),
        lang=lang,
    )
    try:
        tokens = presentation_for(game).tokens(sample_position(spec))
    except Exception:
        log.exception("illustration de %s sans pièces", spec)
        tokens = {}
    view.draw(surface, tokens)
    return surface
