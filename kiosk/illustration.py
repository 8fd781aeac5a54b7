"""A game's picture drawn from its own board: a position a few moves in, cached."""

from __future__ import annotations

import logging
import random
from functools import lru_cache

import pygame

from engines import find_game
from engines.core import State
from kiosk.boards import BoardView, renderer_for
from kiosk.games import presentation_for
from kiosk.ui.theme import seat_colours

log = logging.getLogger(__name__)

ILLUSTRATION_PLIES = {
    "reversi": 14,
    "moulin": 12,
    "tablut": 10,
    "assaut": 14,
    "latrunculi": 20,
    "multitchoukatro": 3,
    "rithmomachie": 8,
    "backgammon": 14,
    "jacquet": 14,
    "barricades": 30,
    "shut-the-box": 3,
}


def sample_moves(spec: str, plies: int | None = None, seed: int = 3) -> list[str]:
    """``plies`` random decisions (and throws) from the start, in notation; none if
    the game ended on the way."""
    game = find_game(spec)
    state = game.initial_state()
    rng = random.Random(seed)
    count = ILLUSTRATION_PLIES.get(game.id, 10) if plies is None else plies
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
        renderer_for(geometry.kind, game.id),
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
