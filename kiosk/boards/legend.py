"""Under the board, what a piece holds that its square is too small to say: each
pyramid's layers (rithmomachie), ``91 = 36 + 25 + 16 + 9 + 4 + 1`` beside a small
picture of it, large enough to read from the table's edge; and what the gold dot of a
piece posed again means."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pygame

from kiosk.boards.base import BoardView
from kiosk.boards.grid_pieces import grid_token
from kiosk.games.base import Token
from kiosk.ui import drawn
from kiosk.ui.theme import PALETTE, font

KEY_SIZE = 30
"""The layers' type size, in canvas pixels."""
POSED = ".posed"
"""The mark of a captured piece posed again (rithmomachie): a gold dot."""
POSED_WORDS = ("pièce prise, retournée et reposée", "a captured piece, turned and posed")


def layered(tokens: Mapping[int, Sequence[Token]]) -> list[Token]:
    """The pieces with layers on the board, in board order, each once."""
    found: list[Token] = []
    for point in sorted(tokens):
        for token in tokens[point]:
            if token.layers and token not in found:
                found.append(token)
    return found


def draw_layers_key(canvas: pygame.Surface, view: BoardView,
                    tokens: Mapping[int, Sequence[Token]]) -> pygame.Rect | None:
    """Each pyramid's total and layers, one line each, under the board (the status line
    is above it); the rectangle drawn, or ``None`` when there is nothing or no room."""
    pieces = layered(tokens)
    posed = next((t for stack in tokens.values() for t in stack if t.shape.endswith(POSED)), None)
    if not pieces and posed is None:
        return None
    text_font = font(KEY_SIZE, "sans-bold")
    icon = round(KEY_SIZE * 1.5)
    lines = []
    for token in pieces:
        colour = view.colours[token.seat] if token.seat is not None else PALETTE.ivory_dark
        text = f"{token.label} = " + " + ".join(token.layers)
        lines.append((grid_token(token, icon, colour), text_font.render(text, True, PALETTE.ivory),
                      text))
    if posed is not None:
        colour = view.colours[posed.seat] if posed.seat is not None else PALETTE.ivory_dark
        text = POSED_WORDS[1 if view.lang == "en" else 0]
        lines.append((grid_token(posed, icon, colour), text_font.render(text, True, PALETTE.ivory),
                      text))
    step = max(i.get_height() for i, _, _ in lines)
    width = max(i.get_width() + 8 + w.get_width() for i, w, _ in lines)
    rect = pygame.Rect(0, view.board_rect.bottom + 8, width, step * len(lines))
    rect.centerx = view.board_rect.centerx
    if not view.rect.contains(rect):
        return None
    for row, (image, words, text) in enumerate(lines):
        y = rect.y + row * step + step // 2
        canvas.blit(image, image.get_rect(midleft=(rect.x, y)))
        where = words.get_rect(midleft=(rect.x + image.get_width() + 8, y))
        canvas.blit(words, where)
        drawn.note_text(canvas, words, where, text, KEY_SIZE)
    return rect
