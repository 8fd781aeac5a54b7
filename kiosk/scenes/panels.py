"""A seat's panel beside the board, turned toward the player who sits there.

Its content is laid out so that nothing covers anything: the buttons take
their rows at the bottom first, the name, the headline and the counts take
theirs at the top, and the message gets the room left between them, its text
shrunk down to :data:`MIN_TEXT` and then shown page after page. A panel much
wider than tall (turned toward a player at an end of the board) puts its
buttons in a second column, the message above them when it has room there.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from kiosk.ui import drawn
from kiosk.ui.text import MIN_TEXT, Fitted, blit_lines, blit_text, fit_paragraph, fit_size, wrap
from kiosk.ui.theme import PALETTE, Colour, font
from kiosk.ui.widgets import MIN_TARGET, Button, ButtonRow, rounded_panel

PAD = 24
"""Inner margin of the panel's content."""
HEADER = 104
"""The coloured disc, the name and who plays the seat."""
BUTTON_H = MIN_TARGET
ROW_GAP = 12
LINE = 26
"""Size of the counts (pieces in hand, taken…)."""
MESSAGE = 26
"""Size of the message when it has room."""
PAGE_SECONDS = 6.0
"""How long a page of a long message stays before the next."""
SPINNER = 56
"""Room kept at the end of the headline for the spinner."""
COMPACT_BELOW = 180
"""A panel less tall than this (sharing its column, its player waiting) shows its counts
beside who plays it."""
STRIP_BELOW = 260
"""A panel turned toward an end of the board and less tall than this (as its player
sees it) is a strip: who plays, the message and the buttons side by side."""
STRIP_PAD = 14
STRIP_INFO = 340
"""A strip's first part: the seat's colour and name, who plays it, the headline, the counts."""
STRIP_MESSAGE = 240
"""The least width a strip's buttons leave to the message."""
MESSAGE_ROOM = 2 * round(MIN_TEXT * 1.15) + 24 + 8
"""The least room a message gets: two lines of the smallest type."""
ABOVE_BUTTONS = HEADER - PAD + 44 + 2 * round(LINE * 1.3) + MESSAGE_ROOM
"""What a panel keeps above its buttons: name, headline, two counts, a short message."""


@dataclass
class PanelContent:
    name: str
    controller: str
    colour: Colour
    to_move: bool = False
    thinking: bool = False
    headline: str = ""
    lines: list[str] = field(default_factory=list)
    message: str = ""
    message_is_warning: bool = False


class SeatPanel:
    """A rectangle of the canvas whose content is turned ``turn`` degrees anticlockwise
    (0 upright, 180 for the far side, 90 and 270 for the board's right and left ends)."""

    def __init__(self, rect: pygame.Rect, turn: int = 0) -> None:
        self.buttons = ButtonRow()
        self.rect = pygame.Rect(rect)
        self.turn = turn
        self._surface = pygame.Surface(self.size, pygame.SRCALPHA)
        self._image: pygame.Surface | None = None
        self._key: object = None
        self._message = ""
        self._message_since = 0.0

    @property
    def turned(self) -> bool:
        return self.turn != 0

    @property
    def size(self) -> tuple[int, int]:
        """The panel's own width and height, as its player sees it."""
        if self.turn in (90, 270):
            return (self.rect.height, self.rect.width)
        return self.rect.size

    def place(self, rect: pygame.Rect) -> None:
        """Move the panel (its buttons are laid out again by the scene)."""
        if rect == self.rect:
            return
        self.rect = pygame.Rect(rect)
        if self._surface.get_size() != self.size:
            self._surface = pygame.Surface(self.size, pygame.SRCALPHA)
        self._image = None

    def to_local(self, pos: tuple[float, float]) -> tuple[float, float]:
        """A canvas position in the panel's own coordinates."""
        x, y = pos[0] - self.rect.x, pos[1] - self.rect.y
        width, height = self.size
        if self.turn == 180:
            return (width - x, height - y)
        if self.turn == 90:
            return (width - y, x)
        if self.turn == 270:
            return (y, height - x)
        return (x, y)

    def to_canvas(self, pos: tuple[float, float]) -> tuple[float, float]:
        """A position of the panel's own coordinates on the canvas."""
        x, y = pos
        width, height = self.size
        if self.turn == 180:
            x, y = width - x, height - y
        elif self.turn == 90:
            x, y = y, width - x
        elif self.turn == 270:
            x, y = height - y, x
        return (self.rect.x + x, self.rect.y + y)

    def contains(self, pos: tuple[float, float]) -> bool:
        return self.rect.collidepoint(pos)

    def set_buttons(self, buttons: list[Button]) -> None:
        self.buttons.clear()
        for button in buttons:
            self.buttons.add(button)

    # ------------------------------------------------------------------ layout

    @property
    def wide(self) -> bool:
        """Much wider than tall (turned toward an end of the board): two columns."""
        width, height = self.size
        return width >= 2 * height and width >= 640

    @property
    def strip(self) -> bool:
        """Turned toward an end of the board and thin: everything side by side."""
        return self.turn in (90, 270) and self.size[1] < STRIP_BELOW

    def _strip_inner(self) -> pygame.Rect:
        width, height = self.size
        return pygame.Rect(STRIP_PAD, STRIP_PAD, width - 2 * STRIP_PAD, height - 2 * STRIP_PAD)

    def _strip_buttons(self, actions: list[Action]) -> list[Button]:
        """A strip's buttons at its far end: one row of full height when their labels
        fit beside the message, else two rows (a choice among many pieces)."""
        if not actions:
            return []
        inner = self._strip_inner()
        labels = [label for label, _, _ in actions]
        most = inner.width - STRIP_INFO - STRIP_MESSAGE - 2 * ROW_GAP

        def widths(size: int) -> list[int]:
            face = font(size, "sans-bold")
            return [max(150, face.size(label)[0] + 44) for label in labels]

        rows: list[list[int]] = []
        size = 26
        for size in (26, MIN_TEXT):
            found = widths(size)
            if sum(found) + ROW_GAP * (len(found) - 1) <= most:
                rows = [found]
                break
        if not rows:  # crowded: two rows beside the name, the message under the name
            room = inner.width - STRIP_INFO - ROW_GAP
            for size in (22, MIN_TEXT):
                rows = _packed_widths(widths(size), room)
                if len(rows) <= 2:
                    break
            if len(rows) > 2:
                per_row = math.ceil(len(labels) / 2)
                width = (room - ROW_GAP * (per_row - 1)) // per_row
                rows = [[width] * per_row, [width] * (len(labels) - per_row)]
        height = min(BUTTON_H, (inner.height - ROW_GAP * (len(rows) - 1)) // len(rows))
        buttons: list[Button] = []
        index = 0
        y = inner.bottom - height * len(rows) - ROW_GAP * (len(rows) - 1)
        for row in rows:
            x = inner.right - sum(row) - ROW_GAP * (len(row) - 1)
            for width in row:
                label, run, colour = actions[index]
                rect = pygame.Rect(x, y, width, height)
                buttons.append(Button(rect, label, run, colour, size=size))
                x += width + ROW_GAP
                index += 1
            y += height + ROW_GAP
        return buttons

    def _columns(self) -> tuple[pygame.Rect, pygame.Rect]:
        """Where the name, counts and message go, and where the buttons go."""
        width, height = self.size
        inner = pygame.Rect(PAD, PAD, width - 2 * PAD, height - 2 * PAD)
        if self.wide:
            right = min(560, inner.width - PAD - 316)
            return (
                pygame.Rect(inner.x, inner.y, inner.width - right - PAD, inner.height),
                pygame.Rect(inner.right - right, inner.y, right, inner.height),
            )
        return inner, inner

    def layout_buttons(self, actions: list[Action]) -> list[Button]:
        """Buttons in rows from the bottom up (the first nearest the player): two to a
        row when both labels fit half a row, or in smaller type when rows of one would
        leave the message too little room (beside them, in a wide panel)."""
        if self.strip:
            return self._strip_buttons(actions)
        area = self._columns()[1]
        room = area.height - (MESSAGE_ROOM if self.wide else ABOVE_BUTTONS)
        rows = _rows(actions, (area.width - ROW_GAP) // 2, 26)
        if len(rows) * (BUTTON_H + ROW_GAP) > room:
            rows = _rows(actions, (area.width - ROW_GAP) // 2, MIN_TEXT)
        half = (area.width - ROW_GAP) // 2
        buttons: list[Button] = []
        y = area.bottom - BUTTON_H
        for row in rows:
            width = area.width if len(row) == 1 else half
            for i, (label, run, colour) in enumerate(row):
                rect = pygame.Rect(area.x + i * (half + ROW_GAP), y, width, BUTTON_H)
                buttons.append(Button(rect, label, run, colour, size=30))
            y -= BUTTON_H + ROW_GAP
        return buttons

    def _beside_buttons(self) -> pygame.Rect | None:
        """In a wide panel, the room above the buttons in their column (if a message
        fits there)."""
        info, actions = self._columns()
        if info is actions:
            return None
        top = min((b.rect.top for b in self.buttons.buttons), default=actions.bottom) - ROW_GAP
        room = pygame.Rect(actions.x, actions.y, actions.width, top - actions.y)
        return room if room.height >= MESSAGE_ROOM else None

    def _room_bottom(self) -> int:
        """The bottom of the room left for the counts and the message."""
        info, actions = self._columns()
        if info is not actions:
            return info.bottom
        tops = [b.rect.top - ROW_GAP for b in self.buttons.buttons]
        return min(tops, default=info.bottom)

    # ------------------------------------------------------------------ drawing

    def picture(self, content: PanelContent, clock: float) -> tuple[object, ...]:
        """What the panel shows now: its content, buttons, message page and spinner."""
        since = clock if content.message != self._message else self._message_since
        buttons = tuple(
            (b.label, b.pressed, b.selected, b.enabled, tuple(b.rect)) for b in self.buttons.buttons
        )
        page = int((clock - since) / PAGE_SECONDS) if content.message else 0
        return (repr(content), buttons, page, int(clock * 12) if content.thinking else 0)

    def draw(self, canvas: pygame.Surface, content: PanelContent, clock: float) -> None:
        """Blit the panel, redrawn only when its content, buttons, page or spinner change."""
        key = self.picture(content, clock)
        if content.message != self._message:
            self._message, self._message_since = content.message, clock
        page = key[2]
        assert isinstance(page, int)
        if key != self._key or self._image is None or drawn.recording():
            with drawn.placed(self._surface, self.rect.topleft, self.turn):
                self._image = self._render(content, clock, page)
            self._key = key
        canvas.blit(self._image, self.rect.topleft)

    def _render(self, content: PanelContent, clock: float, page: int) -> pygame.Surface:
        surface = self._surface
        surface.fill((0, 0, 0, 0))
        rounded_panel(
            surface,
            surface.get_rect().inflate(-8, -8),
            PALETTE.ivory if content.to_move else PALETTE.ivory_dark,
            radius=26,
            shadow=0,
            border=PALETTE.gold if content.to_move else None,
        )
        if self.strip:
            self._render_strip(surface, content, clock, page)
            self.buttons.draw(surface)
            return pygame.transform.rotate(surface, self.turn)
        info = self._columns()[0]
        bottom = self._room_bottom()
        if self.size[1] < COMPACT_BELOW and not content.message:
            self._header(surface, info, content, [content.controller, *content.lines])
            self.buttons.draw(surface)
            return pygame.transform.rotate(surface, self.turn) if self.turn else surface.copy()
        y = self._header(surface, info, content, [content.controller])
        y = self._headline(surface, info, y, content, clock)
        beside = self._beside_buttons()
        reserve = MESSAGE_ROOM if content.message and beside is None else 0
        y = self._lines(surface, pygame.Rect(info.x, y, info.width, bottom - reserve - y),
                        content.lines)
        if content.message:
            room = beside or pygame.Rect(info.x, y + 8, info.width, bottom - y - 8)
            if beside is not None and beside.height < bottom - y - 8:
                room = pygame.Rect(info.x, y + 8, info.width, bottom - y - 8)
            self._message_box(surface, room, content, page)
        self.buttons.draw(surface)
        return pygame.transform.rotate(surface, self.turn) if self.turn else surface.copy()

    def _render_strip(
        self, surface: pygame.Surface, content: PanelContent, clock: float, page: int
    ) -> None:
        """A strip: name, who plays, headline and counts; the message; the buttons."""
        inner = self._strip_inner()
        info = pygame.Rect(inner.x, inner.y, STRIP_INFO, inner.height)
        right = min((b.rect.left for b in self.buttons.buttons), default=inner.right + ROW_GAP)
        crowded = right - info.right - 2 * ROW_GAP < STRIP_MESSAGE
        if crowded and content.message:  # the buttons take the rest: the message under the name
            pygame.draw.circle(surface, content.colour, (info.x + 16, info.y + 16), 14)
            size = fit_size(content.name, info.width - 40, 26, "serif-bold")
            blit_text(surface, content.name, (info.x + 40, info.y + 30), size, PALETTE.ink,
                      "serif-bold", anchor="bottomleft")
            self._message_box(surface, pygame.Rect(info.x, info.y + 38, info.width,
                              info.height - 38), content, page)
            return
        pygame.draw.circle(surface, content.colour, (info.x + 20, info.y + 22), 20)
        pygame.draw.circle(surface, PALETTE.ink, (info.x + 20, info.y + 22), 20, 3)
        left = info.x + 50
        size = fit_size(content.name, info.right - left, 30, "serif-bold")
        blit_text(surface, content.name, (left, info.y + 34), size, PALETTE.ink, "serif-bold",
                  anchor="bottomleft")
        size = fit_size(content.controller, info.right - left, 20, "sans-bold")
        blit_text(surface, content.controller, (left, info.y + 38), size, PALETTE.accent_dark,
                  "sans-bold")
        y = info.y + 66
        if content.headline:
            width = info.width - (44 if content.thinking else 0)
            text = content.headline + ("." * (1 + int(clock * 3) % 3) if content.thinking else "")
            widest = content.headline + ("..." if content.thinking else "")
            size = fit_size(widest, width, 26, "sans-bold")
            colour = PALETTE.calm if content.thinking else PALETTE.accent
            blit_text(surface, text, (info.x, y), size, colour, "sans-bold")
            if content.thinking:
                self._spinner(surface, (info.right - 22, y + size // 2 + 2), clock)
        if content.lines:
            top = y + 36
            for size in (22, MIN_TEXT):
                lines = _packed(content.lines, size, info.width)
                if len(lines) * round(size * 1.15) <= info.bottom - top:
                    break
            blit_lines(surface, lines, pygame.Rect(info.x, top, info.width, info.bottom - top),
                       size, PALETTE.ink, step=round(size * 1.15))
        if content.message:
            room = pygame.Rect(info.right + ROW_GAP, inner.y,
                               right - ROW_GAP - info.right - ROW_GAP, inner.height)
            self._message_box(surface, room, content, page)

    @staticmethod
    def _header(
        surface: pygame.Surface, area: pygame.Rect, content: PanelContent, under: list[str]
    ) -> int:
        """The seat's colour, its name and ``under`` it who plays it (and, in a small
        panel, its counts: each whole on a line); the y below them."""
        centre = (area.x + 30, area.y + 38)
        pygame.draw.circle(surface, content.colour, centre, 30)
        pygame.draw.circle(surface, PALETTE.ink, centre, 30, 3)
        left = area.x + 76
        size = fit_size(content.name, area.right - left, 38, "serif-bold", smallest=24)
        blit_text(surface, content.name, (left, area.y + 36), size, PALETTE.ink, "serif-bold",
                  anchor="bottomleft")
        width = area.right - left
        room = area.bottom - area.y - 44
        for size in range(fit_size(max(under, key=len), width, 22, "sans-bold"), MIN_TEXT - 1, -2):
            lines = _packed(under, size, width, "sans-bold")
            step = round(size * 1.15)
            if len(lines) * step <= room:
                break
        lines = lines[: max(2, room // step)]
        blit_lines(surface, lines, pygame.Rect(left, area.y + 44, width, step * len(lines)), size,
                   PALETTE.accent_dark, "sans-bold", step)
        return area.y + HEADER - PAD + 6

    def _headline(
        self, surface: pygame.Surface, area: pygame.Rect, y: int, content: PanelContent,
        clock: float,
    ) -> int:
        """"À vous de jouer !" or the machine at work (with its spinner); the y below."""
        if not content.headline:
            return y
        width = area.width - (SPINNER if content.thinking else 0)
        text = content.headline
        widest = text + ("..." if content.thinking else "")
        if content.thinking:
            text += "." * (1 + int(clock * 3) % 3)
        colour = (
            PALETTE.calm if content.thinking else PALETTE.accent if content.to_move else PALETTE.ink
        )
        size = fit_size(widest, width, 30, "sans-bold", smallest=24)
        lines = wrap(text, size, width, "sans-bold")[:2] if font(size, "sans-bold").size(
            widest)[0] > width else [text]
        step = round(size * 1.2)
        blit_lines(surface, lines, pygame.Rect(area.x, y, width, step * len(lines)), size, colour,
                   "sans-bold", step)
        if content.thinking:
            self._spinner(surface, (area.right - SPINNER // 2, y + step // 2), clock)
        return y + step * len(lines) + 8

    @staticmethod
    def _lines(surface: pygame.Surface, area: pygame.Rect, lines: list[str]) -> int:
        """The seat's counts, one to a line (run together when ``area`` is short);
        the y below them."""
        pitch = round(LINE * 1.3)
        if len(lines) * pitch <= area.height:
            y = area.y
            for line in lines:
                size = fit_size(line, area.width, LINE)
                blit_text(surface, line, (area.x, y), size, PALETTE.ink)
                y += pitch
            return y
        fitted = fit_paragraph(" · ".join(lines), area.width, area.height, LINE - 2)
        used = blit_lines(surface, fitted.pages[0], pygame.Rect(area.x, area.y, area.width,
                          fitted.height), fitted.size, PALETTE.ink, step=fitted.step)
        return area.y + used

    @staticmethod
    def _message_box(
        surface: pygame.Surface, room: pygame.Rect, content: PanelContent, page: int
    ) -> None:
        """The message in a coloured box within ``room``: smaller type when long, then pages."""
        inner_w, inner_h = room.width - 28, room.height - 24
        if inner_h < MIN_TEXT:
            return
        fitted: Fitted = fit_paragraph(
            content.message, inner_w, inner_h, MESSAGE, "sans-bold", spacing=1.15
        )
        if len(fitted.pages) > 1:
            marker = MIN_TEXT + 4
            fitted = fit_paragraph(
                content.message, inner_w, inner_h - marker, MIN_TEXT, "sans-bold", spacing=1.15
            )
        lines = fitted.pages[page % len(fitted.pages)]
        paged = len(fitted.pages) > 1
        height = (fitted.height if paged else len(lines) * fitted.step) + 24
        box = pygame.Rect(room.x, room.y, room.width, height + (MIN_TEXT + 4 if paged else 0))
        colour = PALETTE.warning if content.message_is_warning else PALETTE.calm
        ink = PALETTE.ink if content.message_is_warning else PALETTE.ivory
        pygame.draw.rect(surface, colour, box, border_radius=16)
        drawn.note(surface, "panel", box)
        text = pygame.Rect(box.x + 14, box.y + 12, inner_w, fitted.height)
        blit_lines(surface, lines, text, fitted.size, ink, "sans-bold", fitted.step)
        if paged:
            blit_text(
                surface,
                f"{page % len(fitted.pages) + 1}/{len(fitted.pages)}",
                (box.right - 14, box.bottom - 8),
                MIN_TEXT,
                ink,
                "sans-bold",
                anchor="bottomright",
            )

    @staticmethod
    def _spinner(surface: pygame.Surface, centre: tuple[int, int], clock: float) -> None:
        drawn.note(surface, "mark", pygame.Rect(centre[0] - 21, centre[1] - 21, 42, 42), "spinner")
        for i in range(8):
            angle = clock * 5 + i * math.tau / 8
            alpha = 60 + 190 * (i / 7)
            x = centre[0] + 16 * math.cos(angle)
            y = centre[1] + 16 * math.sin(angle)
            pygame.draw.circle(surface, (*PALETTE.calm, round(alpha)), (round(x), round(y)), 5)


Action = tuple[str, Callable[[], None], Colour]


def _rows(actions: list[Action], half: int, size: int) -> list[list[Action]]:
    """The buttons' rows: two side by side when both labels fit ``half`` at ``size``."""

    def fits(label: str) -> bool:
        return font(size, "sans-bold").size(label)[0] <= half - 28

    rows: list[list[Action]] = []
    for action in actions:
        if rows and len(rows[-1]) == 1 and fits(rows[-1][0][0]) and fits(action[0]):
            rows[-1].append(action)
        else:
            rows.append([action])
    return rows


def _packed(items: list[str], size: int, width: int, style: str = "sans") -> list[str]:
    """Counts run together with " · ", a count never split across two lines."""
    face = font(size, style)
    lines: list[str] = []
    for item in items:
        joined = f"{lines[-1]} · {item}" if lines else item
        if lines and face.size(joined)[0] <= width:
            lines[-1] = joined
        else:
            lines.append(item)
    return lines


def _packed_widths(widths: list[int], room: int) -> list[list[int]]:
    """Buttons' widths in rows of at most ``room``, in order (a row holds at least one)."""
    rows: list[list[int]] = []
    for width in widths:
        if rows and sum(rows[-1]) + ROW_GAP * len(rows[-1]) + width <= room:
            rows[-1].append(width)
        else:
            rows.append([width])
    return rows
