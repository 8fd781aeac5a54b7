"""Between two positions: a piece slides, taken ones fade, discs turn over, seeds are sown.

A :class:`Transition` compares the tokens before and after a move. The moving
piece slides; a piece taken fades away; a disc that only changes owner turns
over (squashed to its edge, showing its thickness, then opening in the new
colour), the nearest to the placed piece first; a piece put down drops in;
other changed points update one by one. A sowing (the presentation's
``sowing`` hook) is played seed by seed instead: each seed flies from pit to
pit and the count rises as it lands. A :class:`Banner` announces a position
(tablut's Raichi) over the board for a moment.

The machine's moves are played slower (``pace``), after a moment where the
piece it takes up is lit (``lift``), and stay still a moment before its next
decision (``hold``), so that a person sees what it played, step by step.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

import pygame

from engines.core import State
from kiosk.boards import BoardView
from kiosk.boards import pieces as piece_art
from kiosk.boards import pits as pit_art
from kiosk.boards.graph import SHAPE_SCALE, barricade_image
from kiosk.boards.grid_pieces import grid_token
from kiosk.boards.track import checker_image
from kiosk.games.base import Presentation, Sowing, Token
from kiosk.ui.pictures import picture_cache
from kiosk.ui.theme import PALETTE, Colour, font

SLIDE = 0.28
FADE = 0.35
STAGGER = 0.05
FLIP = 0.26
"""One disc turning over."""
FLIP_LEAD, FLIP_WAVE = 0.12, 0.09
"""The first flip waits for the placed disc; then the wave runs this many seconds a unit."""
THICKNESS = 0.16
"""A disc's thickness, by its diameter."""
POP = 0.16
"""A piece put down: from a little above (larger) onto the board."""
SEED_STEP, SOW_LIMIT = 0.15, 4.0
"""Seconds a seed flies; a whole sowing lasts at most this (faster seeds beyond)."""
BANNER = 2.0
NEUTRAL: Colour = PALETTE.ivory_dark
SOW_PACE = 1.25
"""Sowing is slowed at most this much (its seeds already fly one by one)."""


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
    kind: str = "swap"
    """``swap`` (fade when taken), ``flip`` (same piece, new owner) or ``pop`` (put down)."""

    @property
    def span(self) -> float:
        return {"flip": FLIP, "pop": POP}.get(self.kind, FADE)


@dataclass(frozen=True)
class Flight:
    """One seed in the air from ``origin`` to the ``count``-th place of ``target``."""

    leaves: float
    origin: int
    target: int
    count: int


class Transition:
    """The animation from ``before`` tokens to ``after`` tokens."""

    @classmethod
    def of_decision(cls, view: BoardView, presentation: Presentation, before: State,
                    move: Any, pace: float = 1.0, lift: float = 0.0,
                    hold: float = 0.0) -> Transition:
        """The animation of ``move`` played in ``before``, as ``presentation`` shows it."""
        return cls(view, presentation.tokens(before), presentation.tokens(before.apply(move)),
                   presentation.moved_piece_points(before, move),
                   presentation.sowing(before, move), pace, lift, hold)

    def __init__(
        self,
        view: BoardView,
        before: Mapping[int, Sequence[Token]],
        after: Mapping[int, Sequence[Token]],
        slide: tuple[int, int] | None,
        sowing: Sequence[Sowing] | None = None,
        pace: float = 1.0,
        lift: float = 0.0,
        hold: float = 0.0,
    ) -> None:
        self.view = view
        self.after = after
        self.age = 0.0
        """The motion's own time: it starts after ``lift`` and runs ``pace`` times slower."""
        self.clock = 0.0
        self.pace = min(pace, SOW_PACE) if sowing else pace
        self.lift = lift
        self.hold = hold
        self.changes: list[Change] = []
        self.flights: list[Flight] = []
        self.events: list[tuple[float, int, int]] = []
        self.laps: list[tuple[float, float, int]] = []
        self.victim: Token | None = None
        self.resting: tuple[Token, ...] = ()
        self.slide = slide if not sowing else None
        self.slid: tuple[Token, ...] = ()
        if sowing:
            self._sow(before, sowing)
            self.focus: tuple[int, ...] = (sowing[0].start,)
            return
        start = SLIDE if self.slide else 0.0
        if self.slide:
            self._carry(before, after, *self.slide)
        for point in sorted(set(before) | set(after)):
            old, new = tuple(before.get(point, ())), tuple(after.get(point, ()))
            if old != new and not (self.slide and point in self.slide):
                self.changes.append(Change(point, old, new, start, self._kind(old, new)))
        self._schedule(start)
        self.duration = max([start + (FADE if self.victim else 0.0)]
                            + [c.delay + c.span for c in self.changes])
        pops = tuple(c.point for c in self.changes if c.kind == "pop")
        swaps = tuple(c.point for c in self.changes if c.kind == "swap")[:4]
        self.focus = (self.slide[0],) if self.slide else pops or swaps
        """Where the move begins: lit while the piece is taken up."""

    # -- building -------------------------------------------------------------------------

    def _carry(self, before: Mapping[int, Sequence[Token]], after: Mapping[int, Sequence[Token]],
               origin: int, target: int) -> None:
        """The piece carried (one of a stack, or the stack itself) and a piece taken on arrival."""
        stack = tuple(before.get(origin, ()))
        if not stack:
            return
        top = stack[-1]
        left = sum(t.count for t in after.get(origin, ()) if t.seat == top.seat)
        moved = top.count - left if 0 < top.count - left < top.count else top.count
        self.slid = (replace(top, count=moved),)
        resting = tuple(before.get(target, ()))
        if resting and resting[-1].seat != top.seat:
            self.victim = resting[-1]
        self.resting = resting

    def _kind(self, old: tuple[Token, ...], new: tuple[Token, ...]) -> str:
        a, b = (old[0], new[0]) if len(old) == len(new) == 1 else (None, None)
        if a and b and None not in (a.seat, b.seat) and a.seat != b.seat and a.shape == b.shape:
            return "flip"
        if not old and len(new) == 1 and self.view.geometry.kind in ("grid", "graph"):
            return "pop"
        return "swap"

    def _schedule(self, start: float) -> None:
        """Flips run outward from the piece put down (by distance); the rest one by one."""
        points = self.view.geometry.points
        sources = [c.point for c in self.changes if c.kind == "pop"]
        if self.slide:
            sources.append(self.slide[1])

        def distance(point: int) -> float:
            p = points[point]
            return min((math.hypot(p.x - points[s].x, p.y - points[s].y) for s in sources),
                       default=0.0)

        flips = [c for c in self.changes if c.kind == "flip"]
        nearest = min((distance(c.point) for c in flips), default=0.0)
        lead = FLIP_LEAD if sources and not self.slide else 0.0
        for change in flips:
            change.delay = start + lead + FLIP_WAVE * (distance(change.point) - nearest)
        for k, change in enumerate(c for c in self.changes if c.kind == "swap"):
            change.delay = start + k * STAGGER

    def _sow(self, before: Mapping[int, Sequence[Token]], sowing: Sequence[Sowing]) -> None:
        """Seed by seed: each lap lights its case, empties it into the hand, then one seed
        flies to each following point; a seed's arrival raises the count."""
        counts = {p: sum(t.count for t in stack) for p, stack in before.items()}
        self.base = dict(counts)
        self.template = next((s[0] for s in before.values() if s), Token(None, "seed"))
        seeds = sum(len(lap.drops) for lap in sowing)
        self.step = step = min(SEED_STEP, SOW_LIMIT / max(1.0, seeds + 1.2 * len(sowing) - 0.9))
        clock = 0.0
        for index, lap in enumerate(sowing):
            hold = step * (0.3 if index == 0 else 1.2)
            taken = clock + hold
            self.events.append((taken, lap.start, -len(lap.drops)))
            counts[lap.start] = counts.get(lap.start, 0) - len(lap.drops)
            origin = lap.start
            for k, point in enumerate(lap.drops):
                counts[point] = counts.get(point, 0) + 1
                self.flights.append(Flight(taken + k * step, origin, point, counts[point]))
                self.events.append((taken + (k + 1) * step, point, 1))
                origin = point
            end = taken + len(lap.drops) * step
            self.laps.append((clock, end, lap.start))
            clock = end
        self.events.sort(key=lambda e: e[0])
        self.duration = clock + 0.2

    # -- playing --------------------------------------------------------------------------

    @property
    def done(self) -> bool:
        return self.clock >= self.lift + self.duration * self.pace + self.hold

    @property
    def moved(self) -> bool:
        """The motion is over (the board may still hold still a moment)."""
        return self.age >= self.duration

    @property
    def captures(self) -> bool:
        """A piece is taken (the capture sound): one fading away, or one replaced on arrival."""
        return self.victim is not None or any(
            c.kind == "swap" and c.before and not c.after for c in self.changes
        )

    def update(self, dt: float) -> None:
        self.clock += dt
        self.age = max(0.0, (self.clock - self.lift) / self.pace)

    def tokens(self) -> dict[int, Sequence[Token]]:
        """What to draw on each point now (pieces in motion are drawn apart)."""
        if self.laps:
            return self._sown_tokens()
        shown: dict[int, Sequence[Token]] = dict(self.after)
        for change in self.changes:
            if self.age < change.delay:
                shown[change.point] = change.before
            elif change.kind != "swap" and self.age < change.delay + change.span:
                shown[change.point] = ()
        if self.slide and self.slid and self.age < SLIDE:
            shown[self.slide[1]] = self.resting
        return shown

    def _sown_tokens(self) -> dict[int, Sequence[Token]]:
        if self.age >= self.laps[-1][1]:
            return dict(self.after)
        counts = dict(self.base)
        for when, point, delta in self.events:
            if when > self.age:
                break
            counts[point] = counts.get(point, 0) + delta
        return {p: [replace(self.template, count=n)] for p, n in counts.items() if n > 0}

    def draw_over(self, canvas: pygame.Surface) -> None:
        """Seeds in the air, fading, flipping and dropping pieces, the sliding one."""
        if self.clock < self.lift:
            pulse = 0.5 + 0.5 * math.sin(self.clock / max(self.lift, 1e-6) * math.pi)
            for point in self.focus:
                self.view.renderer.draw_highlight(canvas, self.view, point, "last-from", pulse)
        if self.laps:
            self._draw_sowing(canvas)
            return
        size = round(self.view.renderer.token_size(self.view))
        for change in self.changes:
            t = (self.age - change.delay) / change.span
            if not 0 <= t < 1:
                continue
            x, y = self.view.centres[change.point]
            if change.kind == "flip":
                self._draw_flip(canvas, change, (x, y), size, t)
            elif change.kind == "pop":
                scale = 1.0 + 0.25 * (1 - ease(t)) ** 2
                image = self._face(change.after[0], round(size * scale))
                drop = round(y - size * 0.3 * (1 - t))
                canvas.blit(image, image.get_rect(center=(round(x), drop)))
            elif change.before and not change.after:
                self._ghost(canvas, change.before[-1], (x, y), size, t)
        if not (self.slide and self.slid):
            return
        if self.victim is not None and 0 <= self.age - SLIDE < FADE:
            self._ghost(canvas, self.victim, self.view.centres[self.slide[1]], size,
                        (self.age - SLIDE) / FADE)
        if self.age < SLIDE:
            t = ease(self.age / SLIDE)
            (x0, y0), (x1, y1) = self.view.centres[self.slide[0]], self.view.centres[self.slide[1]]
            lift = 1.0 + 0.15 * (1 - abs(2 * t - 1))
            image = self._face(self.slid[-1], round(size * lift))
            centre = (round(x0 + (x1 - x0) * t), round(y0 + (y1 - y0) * t))
            canvas.blit(image, image.get_rect(center=centre))

    def _ghost(self, canvas: pygame.Surface, token: Token, centre: tuple[float, float],
               size: int, t: float) -> None:
        if self.view.geometry.kind in ("boxes", "pits"):
            return
        ghost = self._face(token, size).copy()
        ghost.set_alpha(round(255 * (1 - t)))
        canvas.blit(ghost, ghost.get_rect(center=(round(centre[0]), round(centre[1] - 30 * t))))

    def _draw_flip(self, canvas: pygame.Surface, change: Change, centre: tuple[float, float],
                   size: int, t: float) -> None:
        """A disc turning over about its upright axis: its face narrows to the edge (two
        layers, the old colour and the new), then the new face opens."""
        angle = math.pi * ease(t)
        squeeze, edge = abs(math.cos(angle)), size * THICKNESS * math.sin(angle)
        old, new = change.before[0], change.after[0]
        shown, hidden = (old, new) if angle < math.pi / 2 else (new, old)
        sign = 1 if angle < math.pi / 2 else -1
        x, y = centre[0], centre[1] - size * 0.12 * math.sin(angle)
        radius, half = size * 0.49, max(1.0, size * 0.49 * squeeze)
        for token, a, b in ((hidden, -sign * edge / 2, 0.0), (shown, 0.0, sign * edge / 2)):
            side = piece_art.shade(self._colour(token), -0.3)
            left, right = min(a, b), max(a, b)
            for dx in (a, b):
                rect = pygame.Rect(0, 0, round(2 * half), round(2 * radius))
                rect.center = (round(x + dx), round(y))
                pygame.draw.ellipse(canvas, side, rect)
            band = pygame.Rect(round(x + left), round(y - radius), round(right - left) + 1,
                               round(2 * radius))
            pygame.draw.rect(canvas, side, band)
        image = squeezed(self._face(shown, size), max(2, 2 * round(size * 1.3 * squeeze / 2)))
        canvas.blit(image, image.get_rect(center=(round(x + sign * edge / 2), round(y))))

    def _draw_sowing(self, canvas: pygame.Surface) -> None:
        view, age = self.view, self.age
        pits = view.renderer if isinstance(view.renderer, pit_art.PitsRenderer) else None
        for begins, ends, start in self.laps:
            if begins <= age < ends:
                self._ring(canvas, pits, start, PALETTE.gold, 1.0)
        ripple = min(0.2, self.step * 1.1)
        for flight in self.flights:
            landed = (age - flight.leaves - self.step) / ripple
            if 0 <= landed < 1:
                self._ring(canvas, pits, flight.target, PALETTE.ivory, 1.0 + 0.2 * landed,
                           1.0 - landed)
        length = max(6, round(view.unit * pit_art.SEED))
        for flight in self.flights:
            t = (age - flight.leaves) / self.step
            if not 0 <= t < 1:
                continue
            (x0, y0), (x1, y1) = view.centres[flight.origin], view.centres[flight.target]
            tone = turn = 0
            if pits is not None:
                rouma = pits.is_rouma(view, flight.target)
                shown = min(flight.count, pit_art.SHOWN_ROUMA if rouma else pit_art.SHOWN_CASE)
                dx, dy, turn, tone = pit_art.seed_spots(flight.target, shown, rouma)[-1]
                x1, y1 = x1 + dx * view.unit, y1 + dy * view.unit
            s = ease(t)
            x = x0 + (x1 - x0) * s
            y = y0 + (y1 - y0) * s - view.unit * 0.5 * math.sin(math.pi * t)
            grow = 1.0 + 0.5 * math.sin(math.pi * t)
            if pits is not None:
                image = pit_art.seed_image(round(length * grow), pit_art.SEED_COLOURS[tone], turn)
            else:
                image = self._face(replace(self.template, count=1), round(length * 2 * grow))
            canvas.blit(image, image.get_rect(center=(round(x), round(y))))

    def _ring(self, canvas: pygame.Surface, pits: pit_art.PitsRenderer | None, point: int,
              colour: Colour, scale: float, weight: float = 1.0) -> None:
        width = max(1, round(self.view.unit * 0.06 * weight))
        if pits is not None:
            rect = pits.hollow_rect(self.view, point)
        else:
            x, y = self.view.centres[point]
            rect = pygame.Rect(round(x - self.view.unit * 0.45), round(y - self.view.unit * 0.45),
                               round(self.view.unit * 0.9), round(self.view.unit * 0.9))
        rect = rect.inflate(round(rect.width * (scale - 1)) + 2 * width,
                            round(rect.height * (scale - 1)) + 2 * width)
        pygame.draw.ellipse(canvas, colour, rect, width)

    # -- looks ----------------------------------------------------------------------------

    def _face(self, token: Token, size: int) -> pygame.Surface:
        """``token`` as the board's renderer draws it (cached images)."""
        kind, colour, size = self.view.geometry.kind, self._colour(token), max(8, size)
        if kind == "grid":
            return grid_token(token, size, colour)
        if kind == "track" and token.seat is not None:
            return checker_image(colour, size, "")
        if kind == "graph":
            size = round(size * SHAPE_SCALE.get(token.shape, 1.0))
            if token.shape == "barricade":
                return barricade_image(size)
        return piece_art.token_image(token, size, colour)

    def _colour(self, token: Token) -> Colour:
        colours = self.view.colours
        if token.seat is not None and token.seat < len(colours):
            return colours[token.seat]
        return NEUTRAL


@picture_cache(maxsize=256)
def squeezed(image: pygame.Surface, width: int) -> pygame.Surface:
    """``image`` narrowed to ``width`` pixels (a disc seen turning)."""
    return pygame.transform.smoothscale(image, (width, image.get_height()))


class Banner:
    """A short announcement over the board for :data:`BANNER` seconds, fading in and out;
    written twice, head to tail, when players face each other across the table."""

    def __init__(self, text: tuple[str, str], clock: float, facing: bool = False) -> None:
        self.text = text
        self.start = clock
        self.facing = facing
        self._images: dict[str, pygame.Surface] = {}

    def image(self, lang: str) -> pygame.Surface:
        if lang not in self._images:
            words = self.text[1] if lang == "en" else self.text[0]
            ink = font(96, "serif-bold").render(words, True, PALETTE.gold)
            line = pygame.Rect(0, 0, ink.get_width() + 120, ink.get_height() + 40)
            image = pygame.Surface((line.width, line.height * (2 if self.facing else 1)),
                                   pygame.SRCALPHA)
            for row, picture in enumerate(
                (pygame.transform.rotate(ink, 180), ink) if self.facing else (ink,)
            ):
                box = line.move(0, row * line.height).inflate(-8, -8)
                pygame.draw.rect(image, (*PALETTE.felt_dark, 235), box, border_radius=36)
                pygame.draw.rect(image, PALETTE.gold, box, 5, border_radius=36)
                image.blit(picture, picture.get_rect(center=box.center))
            self._images[lang] = image
        return self._images[lang]

    def draw(self, canvas: pygame.Surface, centre: tuple[int, int], clock: float,
             lang: str) -> None:
        age = clock - self.start
        if not 0 <= age < BANNER:
            return
        image = self.image(lang)
        image.set_alpha(round(255 * min(1.0, age / 0.15, (BANNER - age) / 0.4)))
        canvas.blit(image, image.get_rect(center=centre))
