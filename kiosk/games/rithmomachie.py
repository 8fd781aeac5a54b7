"""Rithmomachie: rounds, triangles and squares with their values, the pyramids with their
total and layers; captures and poses as separate decisions of the turn.

A move is touched origin then target; a strike (capture by a captor's own step)
captor then victim; a take (the capture phase, a siege) on the victim alone; a
pose on the empty square of the back line (several captured pieces that could go
there make a choice). ``fin`` is the button "Terminer le tour".
"""

from __future__ import annotations

from typing import Any

from engines.core import Game, PathMove, State
from engines.rithmomachie.board import BOISSIERE
from engines.rithmomachie.moves import Done, Pose, Strike, Take
from engines.rithmomachie.pieces import PYRAMID, ROUND, SQUARE, TRIANGLE, Piece
from engines.rithmomachie.state import CAPTURES, FIRST, RithmoState
from kiosk.games.base import Extras, Panel, Presentation, Token, Tokens

SHAPES = {ROUND: "circle", TRIANGLE: "triangle", SQUARE: "square", PYRAMID: "pyramid"}
POSED = ".posed"
"""Mark of a captured piece posed again by its captor (drawn with a gold dot)."""
SHAPE_WORDS = {ROUND: ("rond", "round"), TRIANGLE: ("triangle", "triangle"),
               SQUARE: ("carré", "square"), PYRAMID: ("pyramide", "pyramid")}
KIND_WORDS = {
    "rencontre": ("rencontre", "meeting"), "embuche": ("embûche", "ambush"),
    "assaut": ("assaut", "assault"), "puissance": ("puissance", "power"),
    "progression": ("progression", "progression"),
    "emprisonnement": ("emprisonnement", "imprisonment"),
    "assault": ("assaut", "assault"), "ambush": ("embuscade", "ambush"),
    "sally": ("sortie", "sally"), "siege": ("siège", "siege"),
}


def piece_token(p: Piece) -> Token:
    """The look of a piece: its shape and value; a pyramid's layers bottom first."""
    if p.is_pyramid:
        return Token(p.side, "pyramid", str(p.value), layers=tuple(str(v) for _, v in p.layers))
    return Token(p.side, SHAPES[p.shape] + (POSED if p.posed else ""), str(p.value))


class RithmomachiePresentation(Presentation):
    def tokens(self, state: State) -> Tokens:
        assert isinstance(state, RithmoState)
        return {sq: [piece_token(p)] for sq, p in enumerate(state.board) if p is not None}

    def extras(self, state: State) -> Extras:
        assert isinstance(state, RithmoState)
        panels = tuple(
            Panel(captured=len(mine), in_hand=sum(1 for _, _, free in mine if free),
                  score="Σ " + str(sum(value for value, _, _ in mine)))
            for mine in state.prisoners
        )
        status = ("", "")
        if not state.is_terminal():
            if state.phase == CAPTURES:
                status = ("Choisissez les prises, puis « Terminer le tour »",
                          "Choose your captures, then “End the turn”")
            elif state.phase == FIRST:
                status = ("Prise d'abord : prenez encore, ou avancez sur une case libérée",
                          "Capture first: take again, or move onto an emptied square")
        return Extras(status=status, panels=panels)

    def move_points(self, state: State, move: Any) -> tuple[int, ...]:
        if isinstance(move, PathMove):
            return (move.path[0], move.path[-1])
        if isinstance(move, Strike):
            return (move.captor, move.square)
        if isinstance(move, Take | Pose):
            return (move.square,)
        return ()

    def button_text(self, state: State, move: Any) -> tuple[str, str]:
        if isinstance(move, Done):
            return ("Terminer le tour", "End the turn")
        if isinstance(move, Pose):
            fr, en = SHAPE_WORDS.get(move.shape, (move.shape, move.shape))
            return (f"Poser le {fr} {move.value}", f"Pose the {en} {move.value}")
        if isinstance(move, Take | Strike):
            assert isinstance(state, RithmoState)
            victim = state.board[move.square]
            kind_fr, kind_en = KIND_WORDS.get(move.kind, (move.kind, move.kind))
            how_fr, how_en = (f" ({kind_fr})", f" ({kind_en})") if move.kind else ("", "")
            if move.layers:
                layers = "+".join(str(v) for v in move.layers)
                return (f"Prendre {layers} de la pyramide{how_fr}",
                        f"Take {layers} from the pyramid{how_en}")
            value = victim.value if victim is not None else "?"
            return (f"Prendre le {value}{how_fr}", f"Take the {value}{how_en}")
        return super().button_text(state, move)

    def moved_piece_points(self, state: State, move: Any) -> tuple[int, int] | None:
        """Moves; a compilation's assault or sally that takes the whole piece also carries
        the captor onto the victim's square."""
        if isinstance(move, PathMove):
            return (move.path[0], move.path[-1])
        assert isinstance(state, RithmoState)
        if isinstance(move, Strike) and state.game.variant != BOISSIERE:
            victim = state.board[move.square]
            if victim is not None and (not move.layers or len(move.layers) == len(victim.layers)):
                return (move.captor, move.square)
        return None


def make(game: Game) -> Presentation:
    return RithmomachiePresentation(game)
