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
from engines.rithmomachie.fields import CAPTURES, FIRST
from engines.rithmomachie.moves import Done, Pose, Strike, Take
from engines.rithmomachie.pieces import PYRAMID, ROUND, SQUARE, TRIANGLE, Piece
from engines.rithmomachie.state import RithmoState
from kiosk.games.base import Extras, Panel, Presentation, Text, Token, Tokens, Trace

SHAPES = {ROUND: "circle", TRIANGLE: "triangle", SQUARE: "square", PYRAMID: "pyramid"}
POSED = ".posed"
"""Mark of a captured piece posed again by its captor (drawn with a gold dot)."""
SHAPE_WORDS = {ROUND: ("rond", "round"), TRIANGLE: ("triangle", "triangle"),
               SQUARE: ("carré", "square"), PYRAMID: ("pyramide", "pyramid")}
THE_SHAPE = {ROUND: "le rond", TRIANGLE: "le triangle", SQUARE: "le carré",
             PYRAMID: "la pyramide"}
BOUTIN_WAYS: dict[str, Text] = {
    ROUND: ("Le rond va d'une case en diagonale.", "A round goes one square diagonally."),
    TRIANGLE: ("Le triangle va de deux cases tout droit, chemin libre, ou saute comme le "
               "cavalier des échecs.",
               "A triangle goes two squares straight, the way clear, or leaps like a chess "
               "knight."),
    SQUARE: ("Le carré va de trois cases tout droit, chemin libre, ou saute d'une case de "
             "côté et trois en avant.",
             "A square goes three squares straight, the way clear, or leaps one square "
             "across and three along."),
    PYRAMID: ("La pyramide va comme l'une des pièces qui la composent.",
              "A pyramid moves like any of the pieces it is made of."),
}
"""How each piece moves on Boutin's board."""
MEDIEVAL_WAYS: dict[str, Text] = {
    ROUND: ("Le rond va d'une case, dans l'une des huit directions.",
            "A round goes one square, in any of the eight directions."),
    TRIANGLE: ("Le triangle va de deux cases tout droit, dans l'une des huit directions, "
               "chemin libre.",
               "A triangle goes two squares straight, in any of the eight directions, "
               "the way clear."),
    SQUARE: ("Le carré va de trois cases tout droit, dans l'une des huit directions, "
             "chemin libre.",
             "A square goes three squares straight, in any of the eight directions, "
             "the way clear."),
    PYRAMID: ("La pyramide va comme la pièce du bas de sa pile.",
              "A pyramid moves like the piece at the bottom of its stack."),
}
"""How each piece moves in the medieval compilation."""
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
                  value_taken=sum(value for value, _, _ in mine))
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
            what_fr, what_en, how_fr, how_en = self._capture(state, move)
            return (f"Prendre {what_fr}{how_fr}", f"Take {what_en}{how_en}")
        return super().button_text(state, move)

    @staticmethod
    def _capture(state: RithmoState, move: Take | Strike) -> tuple[str, str, str, str]:
        """What a capture takes (``le 36``, ``16+9 de la pyramide``) and how
        (`` (assaut)``), in French and English."""
        kind_fr, kind_en = KIND_WORDS.get(move.kind, (move.kind, move.kind))
        how_fr, how_en = (f" ({kind_fr})", f" ({kind_en})") if move.kind else ("", "")
        if move.layers:
            layers = "+".join(str(v) for v in move.layers)
            return (f"{layers} de la pyramide", f"{layers} from the pyramid", how_fr, how_en)
        victim = state.board[move.square]
        value = victim.value if victim is not None else "?"
        return (f"le {value}", f"the {value}", how_fr, how_en)

    def _piece(self, state: RithmoState, square: int) -> Text:
        """``le triangle 36`` / ``the triangle 36`` of the piece on ``square``."""
        piece = state.board[square]
        if piece is None:
            return ("la pièce", "the piece")
        en = SHAPE_WORDS[piece.shape][1]
        return (f"{THE_SHAPE[piece.shape]} {piece.value}", f"the {en} {piece.value}")

    def describe(self, state: State, move: Any) -> Text:
        assert isinstance(state, RithmoState)
        name = self.name
        if isinstance(move, PathMove):
            fr, en = self._piece(state, move.path[0])
            a, b = name(move.path[0]), name(move.path[-1])
            return (f"Déplacez {fr} de {a} en {b}", f"Move {en} from {a} to {b}")
        if isinstance(move, Take | Strike):
            what_fr, what_en, how_fr, how_en = self._capture(state, move)
            at = name(move.square)
            if isinstance(move, Take):
                return (f"Prenez {what_fr} en {at}{how_fr}", f"Take {what_en} on {at}{how_en}")
            fr, en = self._piece(state, move.captor)
            by = name(move.captor)
            return (f"Avec {fr} en {by}, prenez {what_fr} en {at}{how_fr}",
                    f"With {en} on {by}, take {what_en} on {at}{how_en}")
        if isinstance(move, Pose):
            shape_fr, shape_en = SHAPE_WORDS.get(move.shape, (move.shape, move.shape))
            return (f"Posez le {shape_fr} {move.value} en {name(move.square)}",
                    f"Pose the {shape_en} {move.value} on {name(move.square)}")
        return super().describe(state, move)

    def explain(self, state: State, touched: tuple[int, ...], point: int) -> Text | None:
        """The phase of the turn, how the touched piece moves, or that no capture fits."""
        assert isinstance(state, RithmoState)
        mine = state.side
        there = state.board[point]
        if state.phase == CAPTURES:
            if there is not None and there.side != mine:
                return ("Cette pièce ne peut pas être prise : aucune prise (rencontre, "
                        "embûche, assaut…) ne la vise.",
                        "That piece cannot be taken: no capture (meeting, ambush, "
                        "assault…) reaches it.")
            return ("Le tour continue par les prises : touchez une pièce adverse qui "
                    "s'allume, ou « Terminer le tour ».",
                    "The turn goes on with captures: touch a lit enemy piece, or "
                    "“End the turn”.")
        if state.phase == FIRST:
            return ("Prise d'abord : prenez encore, ou avancez sur une case libérée "
                    "(elles s'allument).",
                    "Capture first: take again, or move onto an emptied square (they "
                    "light up).")
        if len(touched) != 1:
            return None
        piece = state.board[touched[0]]
        if piece is None:
            return None
        fr, en = self._piece(state, touched[0])
        if there is not None and there.side == mine:
            return ("Cette case est occupée par une de vos pièces.",
                    "That square holds one of your pieces.")
        if there is not None:
            return (f"{fr[0].upper()}{fr[1:]} ne peut pas prendre cette pièce : aucune prise "
                    "ne s'applique.",
                    f"{en[0].upper()}{en[1:]} cannot take that piece: no capture applies.")
        board = state.game.board
        medieval = state.game.variant != BOISSIERE
        shapes = (piece.base[0],) if medieval and piece.is_pyramid else piece.shapes
        for shape in shapes:
            for target, between in board.steps[shape][touched[0]]:
                if target == point and any(state.board[sq] is not None for sq in between):
                    return ("Le chemin est barré : une pièce ne passe pas par-dessus les "
                            "autres en allant tout droit.",
                            "The way is blocked: a piece going straight does not pass "
                            "over the others.")
        ways = MEDIEVAL_WAYS if medieval else BOUTIN_WAYS
        return ways[piece.shape]

    def trace(self, before: State, move: Any, after: State) -> Trace | None:
        """A capture marks its victim; a captor that strikes without moving, itself."""
        if isinstance(move, Take):
            return Trace(taken=(move.square,))
        if isinstance(move, Strike) and self.moved_piece_points(before, move) is None:
            return Trace(origin=move.captor, taken=(move.square,))
        return super().trace(before, move, after)

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
