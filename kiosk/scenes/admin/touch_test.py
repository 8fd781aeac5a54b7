"""Test du tactile: targets to touch one after another, then a drawing area.

Nine targets, in the four corners, near the middle of each edge and in the
middle, come one at a time over the whole screen; every touch counts for the
target shown, wherever it lands, so a touch that does not follow the picture
shows at once. The results draw the picture small with each target, where its
touch landed and how far (in points of the 1920 × 1080 canvas), and say in
plain words what the pattern means (:func:`diagnose`): mirrored, turned,
shifted, stretched, or fine. The drawing area leaves a trace under the finger
(gaps and jumps show dead zones and jitter) and shows a second finger as
ignored: the kiosk follows one gesture at a time (:class:`kiosk.touch.PointerTracker`).
"""

from __future__ import annotations

import itertools
import math
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

import pygame

from kiosk.scenes.admin.common import BACK, AdminScene
from kiosk.scenes.chrome import draw_backdrop
from kiosk.touch import Phase, Pointer
from kiosk.ui.text import blit_lines, blit_text, fit_paragraph, fit_size
from kiosk.ui.theme import CANVAS, PALETTE, Colour, font
from kiosk.ui.widgets import MIN_TARGET, Button, rounded_panel

if TYPE_CHECKING:
    from kiosk.runtime import Kiosk

Point = tuple[float, float]

MARGIN = 64
"""How far the corner and edge targets stand from the screen's edges, in canvas points."""
W, H = CANVAS
TARGETS: tuple[tuple[str, tuple[int, int]], ...] = (
    ("top-left", (MARGIN, MARGIN)),
    ("top", (W // 2, MARGIN)),
    ("top-right", (W - MARGIN, MARGIN)),
    ("right", (W - MARGIN, H // 2)),
    ("bottom-right", (W - MARGIN, H - MARGIN)),
    ("bottom", (W // 2, H - MARGIN)),
    ("bottom-left", (MARGIN, H - MARGIN)),
    ("left", (MARGIN, H // 2)),
    ("middle", (W // 2, H // 2)),
)
"""The targets in the order they are shown: around the edges, then the middle."""
NEAR = MIN_TARGET // 2
"""A touch this close to its target (half the smallest button) would hit the button."""
STOP_AFTER = 20.0
"""Seconds without a touch after which the targets stop and the results show."""
FEWEST = 5
"""Touches needed to say anything about their pattern."""
JUMP = 120
"""A stroke step longer than this (canvas points) is a jump: a dead zone or a glitch."""
LINE_UP_TO = 400
"""The results join a target to its touch by a line up to this far (a mirrored panel's
lines would cross the whole picture: its numbers say it better)."""
DROP_WITHIN = 0.2
"""A finger lifted and back down within this many seconds, near where it left: a lost contact."""
MOST_POINTS = 20_000
"""The drawing keeps at most this many points (the oldest strokes go first)."""

MINI = pygame.Rect(56, 165, 980, 570)
"""The panel of the results' small picture of the screen."""
MINI_SCALE = (MINI.width - 40) / W
MINI_AREA = pygame.Rect(MINI.x + 20, MINI.y + 20, round(W * MINI_SCALE), round(H * MINI_SCALE))
LEGEND = pygame.Rect(MINI.x, MINI.bottom + 24, MINI.width, 130)
SIDE = pygame.Rect(MINI.right + 32, MINI.y, W - 56 - MINI.right - 32, BACK.y - 30 - MINI.y)
DRAW_NOTE = pygame.Rect(330, 24, W - 660, 112)
"""The drawing area's instructions and counters, at the top."""


# --------------------------------------------------------------------------- the verdict


@dataclass(frozen=True)
class Verdict:
    """What the touches of the targets say, as :func:`diagnose` reads them.

    ``kind``: ``ok``, ``few`` (too few touches), ``mirror-x``, ``mirror-y``,
    ``half-turn``, ``quarter-turn``, ``swapped`` (left-right read as up-down),
    ``stretched`` (farther and farther toward the edges), ``shifted`` (all by
    the same amount) or ``scattered`` (far, with no pattern).
    """

    kind: str
    touches: int
    mean: float = 0.0
    worst: float = 0.0
    far: int = 0
    """Touches more than :data:`NEAR` from their target."""
    shift: Point = (0.0, 0.0)
    """The mean offset of the touches (``shifted``)."""


def _u(point: Point) -> Point:
    return point[0] / W, point[1] / H


TRANSFORMS: tuple[tuple[str, Callable[[float, float], Point]], ...] = (
    ("ok", lambda u, v: (u, v)),
    ("mirror-x", lambda u, v: (1 - u, v)),
    ("mirror-y", lambda u, v: (u, 1 - v)),
    ("half-turn", lambda u, v: (1 - u, 1 - v)),
    ("quarter-turn", lambda u, v: (v, 1 - u)),
    ("quarter-turn", lambda u, v: (1 - v, u)),
    ("swapped", lambda u, v: (v, u)),
    ("swapped", lambda u, v: (1 - v, 1 - u)),
)
"""Where a touch on a target lands when the touch panel is turned or mirrored
relative to the picture (in shares of the canvas' width and height)."""


def _error(pairs: Sequence[tuple[Point, Point]], move: Callable[[float, float], Point]) -> float:
    """The mean distance (canvas points) between the touches and the moved targets."""
    gaps = []
    for target, touch in pairs:
        u, v = move(*_u(target))
        tu, tv = _u(touch)
        gaps.append(math.hypot((u - tu) * W, (v - tv) * H))
    return statistics.fmean(gaps)


def _slope(pairs: Sequence[tuple[Point, Point]], axis: int) -> tuple[float, float]:
    """The least-squares slope of the touches against the targets along ``axis``, and
    the root mean square of what that line leaves."""
    xs = [target[axis] for target, _ in pairs]
    ys = [touch[axis] for _, touch in pairs]
    mean_x, mean_y = statistics.fmean(xs), statistics.fmean(ys)
    spread = sum((x - mean_x) ** 2 for x in xs)
    if not spread:
        return 1.0, 0.0
    slope = sum((x - mean_x) * (y - mean_y) for x, y in zip(xs, ys, strict=True)) / spread
    rest = [y - (mean_y + slope * (x - mean_x)) for x, y in zip(xs, ys, strict=True)]
    return slope, math.sqrt(statistics.fmean(r * r for r in rest))


def diagnose(pairs: Sequence[tuple[Point, Point]]) -> Verdict:
    """What the (target, touch) pairs say about the touch panel against the picture."""
    if not pairs:
        return Verdict("few", 0)
    gaps = [math.dist(target, touch) for target, touch in pairs]
    mean, worst = statistics.fmean(gaps), max(gaps)
    far = sum(gap > NEAR for gap in gaps)
    few = Verdict("few", len(pairs), mean, worst, far)
    if len(pairs) < FEWEST:
        return few
    if not far:
        return replace(few, kind="ok")
    errors = [(_error(pairs, move), kind) for kind, move in TRANSFORMS]
    straight = errors[0][0]
    best, kind = min(errors)
    if kind != "ok" and best < straight / 2 and best < 4 * NEAR:
        return replace(few, kind=kind)
    slopes = [_slope(pairs, axis) for axis in (0, 1)]
    if any(abs(slope - 1) > 0.12 and rest < NEAR for slope, rest in slopes):
        return replace(few, kind="stretched")
    dx = statistics.fmean(touch[0] - target[0] for target, touch in pairs)
    dy = statistics.fmean(touch[1] - target[1] for target, touch in pairs)
    left = [math.dist((target[0] + dx, target[1] + dy), touch) for target, touch in pairs]
    if max(left) <= NEAR:
        return replace(few, kind="shifted", shift=(dx, dy))
    return replace(few, kind="scattered")


# --------------------------------------------------------------------------- the drawing


@dataclass
class Stroke:
    """One finger's trace, from down to up."""

    points: list[Point]


class TouchTestScene(AdminScene):
    """The targets, their results, and the drawing area, in one owners' screen."""

    name = "admin-touch"

    def __init__(self, kiosk: Kiosk) -> None:
        super().__init__(kiosk)
        self.mode = "targets"
        """``targets`` (one at a time, full screen), ``results`` or ``drawing``."""
        self.touches: list[Point | None] = []
        """Where each target's touch landed, in the order of :data:`TARGETS`."""
        self.stopped = False
        """The targets stopped for want of a touch (:data:`STOP_AFTER`)."""
        self.quiet = 0.0
        self.finger: Point | None = None
        """Where the followed finger is while it is down."""
        self.ignored: dict[int, Point] = {}
        """Fingers down that the kiosk ignores (another one leads), where they are."""
        self.ignored_count = 0
        self.strokes: list[Stroke] = []
        self.jumps = 0
        self.drops = 0
        self._last_up: tuple[float, Point] | None = None
        self._on_button = False
        self._changes = 0
        self._drawn_changes = -1

    # ------------------------------------------------------------------ words

    def heading(self) -> str:
        return self._("Test du tactile")

    def subtitle(self) -> str:
        if self.mode == "drawing":
            return ""
        return self._("Où tombent les touches, en points de l'image de 1920 × 1080")

    def place_name(self, key: str) -> str:
        names = {
            "top-left": self._("En haut à gauche"),
            "top": self._("En haut au milieu"),
            "top-right": self._("En haut à droite"),
            "right": self._("À droite au milieu"),
            "bottom-right": self._("En bas à droite"),
            "bottom": self._("En bas au milieu"),
            "bottom-left": self._("En bas à gauche"),
            "left": self._("À gauche au milieu"),
            "middle": self._("Au centre"),
        }
        return names[key]

    def verdict(self) -> Verdict:
        return diagnose(self.pairs())

    def pairs(self) -> list[tuple[Point, Point]]:
        return [
            (target, touch)
            for (_, target), touch in zip(TARGETS, self.touches, strict=False)
            if touch is not None
        ]

    def verdict_title(self, verdict: Verdict) -> tuple[str, Colour]:
        if verdict.kind == "ok":
            return self._("Le tactile suit l'image"), PALETTE.legal
        if verdict.kind == "few":
            return self._("Pas assez de touches pour juger"), PALETTE.gold
        if verdict.kind == "scattered":
            return self._("Des touches tombent loin de leur cible"), PALETTE.warning
        return self._("Le tactile ne suit pas l'image"), PALETTE.warning

    def verdict_text(self, verdict: Verdict) -> str:
        """The verdict in plain words, with what to do, sentence by sentence."""
        see = self._("Voir docs/install.md, « Le tactile ne suit pas l'image ».")
        sentences: list[str]
        if verdict.kind == "ok":
            sentences = [
                self._("Chaque touche tombe à moins de {near} px de sa cible."),
                self._("En moyenne {mean} px, au plus {worst} px ; un bouton mesure {button} px."),
            ]
        elif verdict.kind == "few":
            sentences = [self._("{n} cibles touchées sur {total} : trop peu pour juger.")]
            if self.stopped:
                sentences.append(self._("Le test s'est arrêté après {seconds} s sans toucher."))
            sentences.append(self._("Touchez « Recommencer » pour le reprendre."))
        elif verdict.kind in ("mirror-x", "mirror-y", "swapped"):
            what = {
                "mirror-x": self._("Les touches tombent en miroir gauche-droite."),
                "mirror-y": self._("Les touches tombent en miroir haut-bas."),
                "swapped": self._("Les touches échangent la gauche-droite et le haut-bas."),
            }[verdict.kind]
            sentences = [
                what,
                self._("Le tactile de l'écran est retourné par rapport à son image."),
                self._("Cela se règle dans le système du Pi, pas dans la borne."),
                see,
            ]
        elif verdict.kind in ("half-turn", "quarter-turn"):
            what = {
                "half-turn": self._("Les touches tombent tournées d'un demi-tour."),
                "quarter-turn": self._("Les touches tombent tournées d'un quart de tour."),
            }[verdict.kind]
            sentences = [
                what,
                self._("L'image a été tournée hors de la borne, sans son tactile."),
                self._("Retirez ce réglage du système, puis tournez l'écran dans les Réglages :"),
                self._("« Rotation de l'écran » tourne l'image et le tactile ensemble."),
                see,
            ]
        elif verdict.kind == "stretched":
            sentences = [
                self._("Les touches s'écartent de leur cible de plus en plus vers les bords."),
                self._("Le tactile ne couvre pas la même surface que l'image."),
                self._(
                    "Des bords noirs autour de l'image, ou une dalle réglée pour une autre taille ?"
                ),
                see,
            ]
        elif verdict.kind == "shifted":
            sentences = [
                self._("Les touches tombent toutes décalées {shift}."),
                self._("Le tactile est décalé par rapport à l'image."),
                self._("Une image qui ne remplit pas l'écran, ou une dalle à calibrer ?"),
                see,
            ]
        else:
            sentences = [
                self._("{far} touches sur {n} tombent à plus de {near} px, sans régularité."),
                self._("Recommencez en visant le centre des cibles."),
                self._(
                    "Si cela revient, la dalle manque de précision : la zone de dessin montre où."
                ),
            ]
        numbers = {
            "near": NEAR,
            "mean": round(verdict.mean),
            "worst": round(verdict.worst),
            "button": MIN_TARGET,
            "n": verdict.touches,
            "total": len(TARGETS),
            "seconds": round(STOP_AFTER),
            "far": verdict.far,
            "shift": self.shift_words(verdict.shift),
        }
        return " ".join(sentence.format(**numbers) for sentence in sentences)

    def shift_words(self, shift: Point) -> str:
        """``de 60 px vers la droite et de 30 px vers le bas`` (what is under 10 px left out)."""
        dx, dy = round(shift[0]), round(shift[1])
        parts = []
        if abs(dx) >= 10 or abs(dx) >= abs(dy):
            right = self._("de {n} px vers la droite")
            left = self._("de {n} px vers la gauche")
            parts.append((right if dx >= 0 else left).format(n=abs(dx)))
        if abs(dy) >= 10 or abs(dy) > abs(dx):
            down = self._("de {n} px vers le bas")
            up = self._("de {n} px vers le haut")
            parts.append((down if dy >= 0 else up).format(n=abs(dy)))
        if len(parts) == 1:
            return parts[0]
        return self._("{first} et {second}").format(first=parts[0], second=parts[1])

    def result_lines(self) -> list[tuple[str, bool]]:
        """One line per target: where its touch landed and how far; ``True`` when far."""
        lines = []
        for number, ((key, target), touch) in enumerate(zip(TARGETS, self.padded(), strict=True)):
            where = f"{number + 1}. {self.place_name(key)}"
            if touch is None:
                lines.append((self._("{where} : pas touché").format(where=where), False))
                continue
            gap = math.dist(target, touch)
            text = self._("{where} : touché en ({x}, {y}), à {distance} px")
            x, y = round(touch[0]), round(touch[1])
            lines.append((text.format(where=where, x=x, y=y, distance=round(gap)), gap > NEAR))
        return lines

    def padded(self) -> list[Point | None]:
        """:attr:`touches`, ``None`` for the targets not touched."""
        return (self.touches + [None] * len(TARGETS))[: len(TARGETS)]

    def drawing_counts(self) -> str:
        return " · ".join(
            (
                self._("Traits : {n}").format(n=len(self.strokes)),
                self._("Sauts : {n}").format(n=self.jumps),
                self._("Contacts perdus : {n}").format(n=self.drops),
                self._("Seconds doigts ignorés : {n}").format(n=self.ignored_count),
            )
        )

    # ------------------------------------------------------------------ modes

    def layout(self) -> None:
        self.buttons.clear()
        if self.mode == "targets":
            return  # every touch belongs to the target shown; no button to hit by mistake
        super().layout()
        width, gap = 400, 24
        second = pygame.Rect(BACK.right + gap, BACK.y, width, BACK.height)
        third = second.move(width + gap, 0)
        if self.mode == "results":
            self.buttons.add(
                Button(second, self._("Recommencer"), self.start_targets, PALETTE.gold, size=34)
            )
            self.buttons.add(
                Button(third, self._("Zone de dessin"), self.start_drawing, PALETTE.ivory, size=34)
            )
        else:
            self.buttons.add(
                Button(second, self._("Effacer"), self.clear_drawing, PALETTE.ivory, size=34)
            )
            self.buttons.add(
                Button(third, self._("Cibles"), self.start_targets, PALETTE.gold, size=34)
            )

    def _switch(self, mode: str) -> None:
        self.mode = mode
        self.finger = None
        self.quiet = 0.0
        self._on_button = False
        self._changed()
        self.layout()

    def _changed(self) -> None:
        self._changes += 1

    def start_targets(self) -> None:
        self.touches = []
        self.stopped = False
        self._switch("targets")

    def show_results(self) -> None:
        self._switch("results")

    def start_drawing(self) -> None:
        self._switch("drawing")

    def clear_drawing(self) -> None:
        self.strokes.clear()
        self.jumps = self.drops = self.ignored_count = 0
        self._last_up = None
        self._changed()

    @property
    def current(self) -> int:
        """The index of the target shown (targets mode)."""
        return len(self.touches)

    # ------------------------------------------------------------------ touches

    def pointer(self, event: Pointer) -> None:
        self.quiet = 0.0
        if self.mode == "targets":
            self._target_touch(event)
        elif self.mode == "drawing":
            self._draw_touch(event)
        else:
            super().pointer(event)

    def _target_touch(self, event: Pointer) -> None:
        if event.phase is Phase.DOWN and self.current < len(TARGETS):
            self.touches.append(event.pos)
            self.finger = event.pos
        elif event.phase is Phase.MOVE and self.finger is not None:
            self.finger = event.pos
        elif event.phase is Phase.UP:
            self.finger = None
            if self.current >= len(TARGETS):
                self.show_results()  # after the lift: the last touch does not press a button

    def _draw_touch(self, event: Pointer) -> None:
        now = self.kiosk.now
        if event.phase is Phase.DOWN:
            self._on_button = self.buttons.press(event.pos)
            if self._on_button:
                return
            if self._last_up is not None:
                lifted_at, where = self._last_up
                if now - lifted_at <= DROP_WITHIN and math.dist(where, event.pos) <= JUMP:
                    self.drops += 1
            self.strokes.append(Stroke([event.pos]))
            self.finger = event.pos
            self._trim()
        elif self._on_button:
            if event.phase is Phase.UP:
                self._on_button = False
                self.buttons.release(event.pos)
        elif self.strokes and self.finger is not None:
            stroke = self.strokes[-1]
            if math.dist(stroke.points[-1], event.pos) > JUMP:
                self.jumps += 1
            stroke.points.append(event.pos)
            self.finger = None if event.phase is Phase.UP else event.pos
            if event.phase is Phase.UP:
                self._last_up = (now, event.pos)

    def _trim(self) -> None:
        while len(self.strokes) > 1 and sum(len(s.points) for s in self.strokes) > MOST_POINTS:
            self.strokes.pop(0)

    def ignored_pointer(self, event: Pointer) -> bool:
        if event.phase is Phase.UP:
            self.ignored.pop(event.finger, None)
        else:
            if event.finger not in self.ignored and event.phase is Phase.DOWN:
                self.ignored_count += 1
            self.ignored[event.finger] = event.pos
        self._changed()
        return True

    def update(self, dt: float) -> None:
        if self.mode != "targets" or self.finger is not None:
            return
        self.quiet += dt
        if self.quiet >= STOP_AFTER:
            self.stopped = True
            self.show_results()

    def animating(self) -> bool:
        """Still between touches; redrawn when the targets stop by themselves."""
        return self._changes != self._drawn_changes

    # ------------------------------------------------------------------ drawing

    def draw(self, canvas: pygame.Surface) -> None:
        self._drawn_changes = self._changes
        if self.mode == "targets":
            self.draw_targets(canvas)
        elif self.mode == "results":
            super().draw(canvas)
        else:
            draw_backdrop(canvas)
            self.draw_drawing(canvas)
        self.draw_ignored(canvas)

    def draw_targets(self, canvas: pygame.Surface) -> None:
        canvas.fill(PALETTE.felt_dark)
        for (_, target), touch in zip(TARGETS, self.touches, strict=False):
            pygame.draw.circle(canvas, PALETTE.felt, target, NEAR, 3)
            if touch is not None:
                pygame.draw.line(canvas, PALETTE.ivory_dark, target, touch, 2)
                pygame.draw.circle(canvas, PALETTE.ivory, touch, 8)
        if self.current < len(TARGETS):
            _, target = TARGETS[self.current]
            draw_target(canvas, target, PALETTE.gold)
        if self.finger is not None:
            pygame.draw.circle(canvas, PALETTE.ivory, self.finger, 10)
        upper = self.current >= len(TARGETS) or TARGETS[self.current][1][1] >= H // 2
        centre = (W // 2, 330 if upper else H - 330)
        total = len(TARGETS)
        count = self._("Cible {n} sur {total}").format(n=min(self.current + 1, total), total=total)
        say = self._("Touchez le centre de la cible dorée")
        stop = self._("Sans toucher pendant {seconds} s, le test s'arrête de lui-même")
        stop = stop.format(seconds=round(STOP_AFTER))
        box = pygame.Rect(0, 0, 1200, 200)
        box.center = centre
        rounded_panel(canvas, box, PALETTE.felt, radius=24, shadow=0)
        width = box.width - 60
        blit_text(
            canvas,
            count,
            (box.centerx, box.y + 22),
            fit_size(count, width, 44, "serif-bold"),
            PALETTE.gold,
            "serif-bold",
            anchor="midtop",
        )
        blit_text(
            canvas,
            say,
            (box.centerx, box.y + 86),
            fit_size(say, width, 34),
            PALETTE.ivory,
            anchor="midtop",
        )
        blit_text(
            canvas,
            stop,
            (box.centerx, box.y + 140),
            fit_size(stop, width, 26),
            PALETTE.ivory_dark,
            anchor="midtop",
        )

    def draw_content(self, canvas: pygame.Surface) -> None:
        """The results: the screen drawn small, the verdict, a line per target."""
        rounded_panel(canvas, MINI, PALETTE.felt_dark, radius=24, shadow=0)
        pygame.draw.rect(canvas, PALETTE.felt, MINI_AREA, border_radius=6)
        pygame.draw.rect(canvas, PALETTE.ivory_dark, MINI_AREA, 2, border_radius=6)

        def small(point: Point) -> tuple[int, int]:
            x, y = min(max(point[0], 0), W), min(max(point[1], 0), H)  # a touch is on the canvas
            return round(MINI_AREA.x + x * MINI_SCALE), round(MINI_AREA.y + y * MINI_SCALE)

        touched = list(zip(TARGETS, self.padded(), strict=True))
        for (_, target), touch in touched:
            far = touch is not None and math.dist(target, touch) > NEAR
            draw_target(canvas, small(target), PALETTE.warning if far else PALETTE.gold, 0.5)
            if touch is not None and math.dist(target, touch) <= LINE_UP_TO:
                pygame.draw.line(canvas, PALETTE.ivory, small(target), small(touch), 2)
        for number, ((_, target), touch) in enumerate(touched):  # the touches over the targets
            if touch is None:
                continue
            far = math.dist(target, touch) > NEAR
            landed = small(touch)
            pygame.draw.circle(canvas, PALETTE.ink, landed, 17)
            pygame.draw.circle(canvas, PALETTE.warning if far else PALETTE.ivory, landed, 15)
            label = str(number + 1)
            blit_text(canvas, label, landed, 22, PALETTE.ink, "sans-bold", anchor="center")
        legend = self._("Croix : une cible · rond numéroté : où est tombée la touche de la cible")
        blit_text(
            canvas,
            legend,
            (LEGEND.x + 20, LEGEND.y),
            fit_size(legend, LEGEND.width - 40, 26),
            PALETTE.ivory_dark,
        )

        rounded_panel(canvas, SIDE, PALETTE.felt_dark, radius=24, shadow=0)
        verdict = self.verdict()
        title, colour = self.verdict_title(verdict)
        inner = SIDE.inflate(-48, -40)
        size = fit_size(title, inner.width, 36, "sans-bold")
        blit_text(canvas, title, inner.topleft, size, colour, "sans-bold")
        lines = self.result_lines()
        list_step = 40
        text_box = pygame.Rect(
            inner.x,
            inner.y + size + 18,
            inner.width,
            inner.bottom - len(lines) * list_step - 24 - (inner.y + size + 18),
        )
        fitted = fit_paragraph(self.verdict_text(verdict), text_box.width, text_box.height, 28)
        used = blit_lines(
            canvas,
            fitted.pages[0],
            text_box,
            fitted.size,
            PALETTE.ivory,
            step=fitted.step,
            cut=len(fitted.pages) > 1,
        )
        list_top = text_box.y + used + 24
        list_size = min(fit_size(line, inner.width, 28) for line, _ in lines)
        for i, (line, far) in enumerate(lines):
            blit_text(
                canvas,
                line,
                (inner.x, list_top + i * list_step),
                list_size,
                PALETTE.warning if far else PALETTE.ivory_dark,
            )

    def draw_drawing(self, canvas: pygame.Surface) -> None:
        step = 120
        for x in range(0, W, step):
            pygame.draw.line(canvas, PALETTE.felt_dark, (x, 0), (x, H), 1)
        for y in range(0, H, step):
            pygame.draw.line(canvas, PALETTE.felt_dark, (0, y), (W, y), 1)
        rounded_panel(canvas, DRAW_NOTE, PALETTE.felt_dark, radius=20, shadow=0)
        say = self._(
            "Dessinez du doigt partout, jusqu'aux bords : le trait doit suivre sans trou ni saut"
        )
        counts = self.drawing_counts()
        width = DRAW_NOTE.width - 48
        blit_text(
            canvas,
            say,
            (DRAW_NOTE.centerx, DRAW_NOTE.y + 16),
            fit_size(say, width, 30),
            PALETTE.ivory,
            anchor="midtop",
        )
        blit_text(
            canvas,
            counts,
            (DRAW_NOTE.centerx, DRAW_NOTE.bottom - 16),
            fit_size(counts, width, 26),
            PALETTE.gold,
            anchor="midbottom",
        )
        self.buttons.draw(canvas)
        for stroke in self.strokes:
            points = stroke.points
            if len(points) == 1:
                pygame.draw.circle(canvas, PALETTE.gold, points[0], 5)
            for start, end in itertools.pairwise(points):
                jump = math.dist(start, end) > JUMP
                pygame.draw.line(canvas, PALETTE.accent if jump else PALETTE.gold, start, end, 5)
        if self.finger is not None:
            pygame.draw.circle(canvas, PALETTE.ivory, self.finger, 22, 3)

    def draw_ignored(self, canvas: pygame.Surface) -> None:
        """Each ignored finger: a red ring and why (the kiosk follows one finger)."""
        say = self._("Ignoré : un seul doigt à la fois")
        for where in self.ignored.values():
            pygame.draw.circle(canvas, PALETTE.accent, where, 40, 5)
            pygame.draw.line(
                canvas,
                PALETTE.accent,
                (where[0] - 28, where[1] - 28),
                (where[0] + 28, where[1] + 28),
                5,
            )
            rect = pygame.Rect(0, 0, 0, 0)
            rect.size = (font(26, "sans-bold").size(say)[0] + 32, 48)
            left = where[0] + 56 if where[0] < W - rect.width - 80 else where[0] - 56 - rect.width
            rect.midleft = (round(left), round(min(max(where[1], 40), H - 40)))
            rounded_panel(canvas, rect, PALETTE.accent, radius=14, shadow=0)
            blit_text(canvas, say, rect.center, 26, PALETTE.ivory, "sans-bold", anchor="center")


def draw_target(canvas: pygame.Surface, centre: Point, colour: Colour, scale: float = 1.0) -> None:
    """A target: a ring as wide as the smallest button, a cross and a dot."""
    x, y = round(centre[0]), round(centre[1])
    ring = round(NEAR * scale)
    arm = round((NEAR + 14) * scale)
    width = max(2, round(4 * scale))
    pygame.draw.circle(canvas, colour, (x, y), ring, width)
    pygame.draw.line(canvas, colour, (x - arm, y), (x + arm, y), width)
    pygame.draw.line(canvas, colour, (x, y - arm), (x, y + arm), width)
    pygame.draw.circle(canvas, colour, (x, y), max(3, round(7 * scale)))
