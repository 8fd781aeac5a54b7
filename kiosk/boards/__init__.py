"""Board renderers, one per geometry kind (grid, graph, track, boxes, pits)."""

from __future__ import annotations

from importlib import import_module

from kiosk.boards.base import BoardView, Renderer
from kiosk.games.look import PLAIN, BoardLook

RENDERER_MODULES = {
    "grid": "kiosk.boards.grid",
    "graph": "kiosk.boards.graph",
    "track": "kiosk.boards.track",
    "boxes": "kiosk.boards.boxes",
    "pits": "kiosk.boards.pits",
}


def renderer_for(kind: str, look: BoardLook = PLAIN) -> Renderer:
    """The renderer of a geometry ``kind`` drawing a game's ``look`` (each module
    exposes ``make(look)``); a game's look comes from :func:`kiosk.games.look_for`."""
    module = import_module(RENDERER_MODULES[kind])
    renderer: Renderer = module.make(look)
    return renderer


__all__ = ["BoardView", "Renderer", "renderer_for"]
