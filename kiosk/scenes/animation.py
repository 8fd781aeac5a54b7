"""Between two positions: a piece slides, taken ones fade, changed points update one by one."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import pygame

from kiosk.boards import BoardView
from kiosk.boards import pieces as piece_art
from kiosk.games.base import Token

SLIDE = 0.28
FADE = 0.35
STAGGER_PITS = 0.14
STAGGER = 0.05


def ease(t: float) -> float:
    """Ease in-out on 0..1."""
    t = max(0.0, min(1.0, t))
    return t * t * (3 - 2 * t)


@dataclass
class Change:
    point: int
    before: tuple[Token, ...]
    after: tuple[Token, ...]
    delay: float


class Transition:
    """The animation from ``before`` tokens to ``after`` tokens."""

    def __init__(
        self,
        view: BoardView,
        before: Mapping[int, Sequence[Token]],
        after: Mapping[int, Sequence[Token]],
        slide: tuple[int, int] | None,
        seeds: bool = False,
    ) -> None:
        self.view = view
        self.after = after
        self.slide = slide
        self.slid: tuple[Token, ...] = tuple(before.get(slide[0], ()))[-1:] if slide else ()
        start = SLIDE if slide else 0.0
        points = sorted(set(before) | set(after))
        if seeds and slide is None:
            origin = next((p for p in points if len(before.get(p, ())) and not after.get(p)), None)
            if origin is not None:
                points = points[points.index(origin) :] + points[: points.index(origin)]
        self.changes: list[Change] = []
        step = STAGGER_PITS if seeds else STAGGER
        for point in points:
            old, new = tuple(before.get(point, ())), tuple(after.get(point, ()))
            if old != new and not (slide and point in slide):
                self.changes.append(Change(point, old, new, start + len(self.changes) * step))
        self.duration = max([start] + [c.delay + FADE for c in self.changes])
        self.age = 0.0

    @property
    def done(self) -> bool:
        return self.age >= self.duration

    @property
    def captures(self) -> bool:
        return any(c.before and not c.after for c in self.changes)

    def update(self, dt: float) -> None:
        self.age += dt

    def tokens(self) -> dict[int, Sequence[Token]]:
        """What to draw on each point now (the moving piece is drawn apart)."""
        shown: dict[int, Sequence[Token]] = dict(self.after)
        for change in self.changes:
            if self.age < change.delay:
                shown[change.point] = change.before
        if self.slide and self.age < SLIDE:
            target = self.slide[1]
            stack = list(self.after.get(target, ()))
            if stack and self.slid:
                shown[target] = stack[:-1]
        return shown

    def draw_over(self, canvas: pygame.Surface) -> None:
        """The sliding piece and the fading ones, over the board."""
        size = self.view.renderer.token_size(self.view)
        for change in self.changes:
            t = (self.age - change.delay) / FADE
            if 0 <= t < 1 and change.before and not change.after:
                image = piece_art.token_image(
                    change.before[-1], max(8, round(size)), self._colour(change.before[-1])
                )
                ghost = image.copy()
                ghost.set_alpha(round(255 * (1 - t)))
                x, y = self.view.centres[change.point]
                canvas.blit(ghost, ghost.get_rect(center=(round(x), round(y - 30 * t))))
        if self.slide and self.slid and self.age < SLIDE:
            t = ease(self.age / SLIDE)
            (x0, y0), (x1, y1) = self.view.centres[self.slide[0]], self.view.centres[self.slide[1]]
            lift = 1.0 + 0.15 * (1 - abs(2 * t - 1))
            image = piece_art.token_image(
                self.slid[-1], max(8, round(size * lift)), self._colour(self.slid[-1])
            )
            canvas.blit(
                image, image.get_rect(center=(round(x0 + (x1 - x0) * t), round(y0 + (y1 - y0) * t)))
            )

    def _colour(self, token: Token) -> tuple[int, int, int]:
        colours = self.view.colours
        if token.seat is not None and token.seat < len(colours):
            return colours[token.seat]
        return (226, 212, 186)
