"""Board renderers, one per geometry kind (grid, graph, track, boxes, pits)."""

from __future__ import annotations

from importlib import import_module

from kiosk.boards.base import BoardView, Renderer

RENDERER_MODULES = {
    "grid": "kiosk.boards.grid",
    "graph": "kiosk.boards.graph",
    "track": "kiosk.boards.track",
    "boxes": "kiosk.boards.boxes",
    "pits": "kiosk.boards.pits",
}


def renderer_for(kind: str, game_id: str = "") -> Renderer:
    """The renderer of a geometry ``kind`` (each module exposes ``make(game_id)``)."""
    module = import_module(RENDERER_MODULES[kind])
    renderer: Renderer = module.make(game_id)
    return renderer


__all__ = ["BoardView", "Renderer", "renderer_for"]
