"""``ludokiosk-board-sim``: a physical board on the desktop, speaking the real protocol.

Starts :class:`~drivers.simulator.BoardSimulator` on a pty, prints the port
to give the kiosk (``port: PATH``, one line), and shows the board in a
window titled as the kiosk's simulated board: click a cell to place or lift a
piece, watch the LEDs the kiosk lights (blinking included). Given the kiosk's
window (``--beside X,Y,W,H``, as ``ludokiosk --windowed --board-sim`` does), the
window opens beside it, its squares sized to the room the desktop leaves.
``--headless`` keeps to the terminal: LED changes are printed, and lines such
as ``place 3 4`` / ``lift 3 4`` move pieces.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import tempfile
import threading
import time
import tomllib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from types import FrameType
from typing import Any, TextIO

from drivers.protocol import MAX_CELLS
from drivers.sensorboard import Cell, LedFrame
from drivers.simulator import BoardSimulator, lit_cells
from kiosk.board.guide import DIFFERS

BOARDS_DIR = Path(__file__).resolve().parent.parent / "config" / "boards"
DEFAULT_LINK = Path(tempfile.gettempdir()) / "ludokiosk-board"

Box = tuple[int, int, int, int]
"""A window on the desktop: x, y, width, height."""
CAPTION = "Ludogîte — plateau simulé / simulated board"
TITLE = (
    "Plateau simulé : cliquez une case pour poser ou lever une pièce",
    "Simulated board: click a square to place or lift a piece",
)
MARGIN, HEADER, LINE = 16, 58, 22
"""Around the cells; the title's strip above them; a line of the strip below them."""
WIDEST_TEXT = 820
"""The width the title and help lines need to stand on one line each."""


@dataclass(frozen=True)
class Layout:
    """What the window needs of a board mapping: size, real cells, point names."""

    name: str
    rows: int
    cols: int
    cells: frozenset[Cell] = frozenset()
    """The cells that carry a point (all of them when empty)."""
    labels: dict[Cell, str] = field(default_factory=dict)

    def on_board(self, cell: Cell) -> bool:
        return not self.cells or cell in self.cells


def _cell(text: Any) -> Cell | None:
    try:
        row, col = (int(part) for part in str(text).split(","))
    except ValueError:
        return None
    return row, col


def _point_names(spec: str) -> dict[Cell, str]:
    """Each cell's point name for ``spec`` (boards laid out by a rule, not a table)."""
    from engines import find_game
    from kiosk.board.mapping import MappingError, mapping_for

    try:
        mapping = mapping_for(spec)
    except (MappingError, ValueError):
        return {}
    if mapping is None:
        return {}
    geometry = find_game(spec).geometry()
    return {cell: geometry.name(point) for point, cell in enumerate(mapping.cells)}


def load_layout(board: str) -> Layout:
    """The layout of ``config/boards/NAME.toml`` (or of a ``.toml`` path)."""
    path = Path(board) if board.endswith(".toml") else BOARDS_DIR / f"{board}.toml"
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    rows, cols = int(data["rows"]), int(data["cols"])
    index = data.get("leds", {}).get("index", {})
    cells = frozenset(c for c in map(_cell, index) if c is not None)
    labels: dict[Cell, str] = {}
    for game in data.get("games", [])[:1]:
        for point, where in game.get("points", {}).items():
            cell = _cell(where)
            if cell is not None:
                labels[cell] = point
        if not labels and game.get("specs"):
            labels = _point_names(str(game["specs"][0]))
    return Layout(str(data.get("name", board)), rows, cols, cells, labels)


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="ludokiosk-board-sim",
        description="Un plateau à capteurs simulé sur un pty / a simulated sensor board on a pty.",
    )
    parser.add_argument("--board", help="config/boards/NOM.toml (ou un chemin .toml)")
    parser.add_argument("--rows", type=int, help="rangées (défaut 8)")
    parser.add_argument("--cols", type=int, help="colonnes (défaut 8)")
    parser.add_argument(
        "--link",
        type=Path,
        default=DEFAULT_LINK,
        help=f"lien stable vers le pty, à donner à la borne (défaut {DEFAULT_LINK})",
    )
    parser.add_argument("--headless", action="store_true", help="sans fenêtre (terminal)")
    parser.add_argument(
        "--duration", type=float, default=0.0, help="s'arrêter après ce nombre de secondes"
    )
    parser.add_argument("--cell", type=int, default=0, help="taille d'une case en pixels")
    parser.add_argument(
        "--beside",
        type=parse_box,
        default=None,
        help="la fenêtre de la borne, X,Y,L,H : s'ouvrir à côté / the kiosk's window",
    )
    parser.add_argument(
        "--parent",
        type=int,
        default=0,
        help="s'arrêter quand ce processus disparaît (défaut : celui qui l'a lancé)",
    )
    return parser.parse_args(argv)


def parse_box(text: str) -> Box:
    """``X,Y,W,H`` (a window on the desktop), for ``--beside``."""
    try:
        x, y, width, height = (int(part) for part in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(f"X,Y,L,H attendu, reçu « {text} »") from None
    if width <= 0 or height <= 0:
        raise argparse.ArgumentTypeError(f"taille nulle : « {text} »")
    return x, y, width, height


@dataclass(frozen=True)
class WindowPlan:
    """The window's size, its cells', where the first column starts, and how many lines
    of status and help the strip under the cells holds."""

    cell: int
    width: int
    height: int
    left: int
    lines: int = 4

    @property
    def narrow(self) -> bool:
        """Narrower than the texts: smaller titles, the help on more lines."""
        return self.width < WIDEST_TEXT


def window_plan(layout: Layout, cell: int = 0, room: tuple[int, int] | None = None) -> WindowPlan:
    """``cell`` pixels a square (by default the largest, 32 to 88, for the board), made
    smaller (down to 20) until the window fits ``room`` (width, height) when one is given."""
    size = cell or max(32, min(88, 880 // layout.cols, 640 // layout.rows))

    lines = 4 if room is None or room[0] >= WIDEST_TEXT else 7

    def outer(size: int) -> tuple[int, int]:
        text = min(WIDEST_TEXT, room[0]) if room else WIDEST_TEXT
        height = HEADER + layout.rows * size + 2 * MARGIN + (lines + 1) * LINE
        return max(layout.cols * size + 2 * MARGIN, text), height

    if room is not None and not cell:
        while size > 20 and (outer(size)[0] > room[0] or outer(size)[1] > room[1]):
            size -= 2
    width, height = outer(size)
    return WindowPlan(size, width, height, (width - layout.cols * size) // 2, lines)


def room_beside(kiosk: Box, desktop: tuple[int, int]) -> tuple[int, int]:
    """The room (width, height) the desktop leaves on the wider side of the kiosk's window."""
    x, _, width, _ = kiosk
    return max(desktop[0] - (x + width), x, 0), desktop[1]


def place_beside(size: tuple[int, int], kiosk: Box, desktop: tuple[int, int]) -> tuple[int, int]:
    """Where a window of ``size`` opens: right of the kiosk's window if it fits on the
    desktop, else left of it, else against the desktop's right edge; level with the
    kiosk's top, kept on the desktop."""
    x, y, width, _ = kiosk
    if x + width + size[0] <= desktop[0]:
        left = x + width
    elif size[0] <= x:
        left = x - size[0]
    else:
        left = max(0, desktop[0] - size[0])
    return left, max(0, min(y, desktop[1] - size[1]))


def make_layout(args: argparse.Namespace) -> Layout:
    layout = load_layout(args.board) if args.board else Layout("", 8, 8)
    rows, cols = args.rows or layout.rows, args.cols or layout.cols
    if not (rows >= 1 and cols >= 1 and rows * cols <= MAX_CELLS):
        raise SystemExit(f"plateau de {rows} x {cols} : au plus {MAX_CELLS} cases")
    if (rows, cols) != (layout.rows, layout.cols):
        layout = Layout(layout.name, rows, cols)
    return layout


def command(sim: BoardSimulator, line: str) -> str | None:
    """Run one terminal command; a message, or ``None`` for ``quit``."""
    words = line.split()
    if not words:
        return ""
    verb = words[0].lower()
    if verb in ("quit", "q", "quitter"):
        return None
    if verb in ("unplug", "débrancher"):
        sim.unplug()
        return "débranché / unplugged"
    if verb in ("replug", "rebrancher"):
        sim.replug()
        return f"rebranché / replugged: {sim.port}"
    if verb in ("right", "remettre"):
        return f"{put_right(sim)} case(s) / cell(s)"
    if verb in ("reboot", "redémarrer"):
        sim.reboot()
        return "redémarré / rebooted"
    if verb in ("place", "poser", "lift", "lever") and len(words) == 3:
        try:
            cell = (int(words[1]), int(words[2]))
            sim.set(cell, verb in ("place", "poser"))
        except ValueError as error:
            return f"? {error}"
        return f"{verb} {cell[0]} {cell[1]}"
    return "? place R C | lift R C | right | unplug | replug | reboot | quit"


def _differs(sim: BoardSimulator, frame: LedFrame) -> bool:
    return sim.leds() != frame


def run_headless(
    sim: BoardSimulator,
    duration: float,
    commands: Iterable[str] | None = None,
    out: TextIO | None = None,
) -> None:
    """Print LED changes until ``quit``, end of time or a signal.

    The end of ``commands`` (standard input) does not stop the board.
    """
    stop = threading.Event()
    commands = sys.stdin if commands is None else commands
    out = sys.stdout if out is None else out

    def read_commands() -> None:
        try:
            for line in commands:
                answer = command(sim, line)
                if answer is None:
                    stop.set()
                    return
                if answer:
                    print(answer, file=out, flush=True)
        except (OSError, ValueError):
            return  # no terminal to read from

    shown = sim.leds()
    threading.Thread(target=read_commands, name="board-sim stdin", daemon=True).start()
    end = time.monotonic() + duration if duration else float("inf")
    while not stop.is_set() and time.monotonic() < end:
        sim.wait_until(partial(_differs, sim, shown), min(0.2, max(0.0, end - time.monotonic())))
        if sim.leds() != shown:
            shown = sim.leds()
            lit = lit_cells(shown)
            text = " ".join(f"{r},{c}={what}" for (r, c), what in lit.items())
            print(f"leds: {text or 'éteintes / all off'}", file=out, flush=True)


def _status(sim: BoardSimulator) -> str:
    if not sim.plugged:
        state = "débranché / unplugged"
    elif sim.host_present:
        state = "borne connectée / kiosk connected"
    else:
        state = "en attente de la borne / waiting for the kiosk"
    counts = sim.counts
    return (
        f"{state} · reçues/in {counts['received']} · envoyées/out {counts['sent']}"
        f" · erreurs/errors {counts['errors']}"
    )


HELP = (
    "clic : poser/lever · P : remettre les pièces · U : (dé)brancher · R : redémarrer · Échap",
    "click: place/lift · P: put the pieces right · U: unplug/replug · R: reboot · Esc: quit",
)


def put_right(sim: BoardSimulator) -> int:
    """Toggle every cell blinking white ("remettez les pièces"): the hands that set up a
    game or put a board right in one go. Returns how many cells changed."""
    wrong = [cell for cell, led in sim.leds().cells() if led == DIFFERS]
    for cell in wrong:
        sim.set(cell, cell not in sim.occupancy)
    return len(wrong)


def open_window(layout: Layout, cell_size: int, beside: Box | None) -> tuple[Any, WindowPlan]:
    """The window (beside the kiosk's when its place is given) and its plan."""
    import pygame

    pygame.init()
    room = None
    if beside is not None:
        desktop = pygame.display.get_desktop_sizes()[0]
        room = room_beside(beside, desktop)
        plan = window_plan(layout, cell_size, room)
        x, y = place_beside((plan.width, plan.height), beside, desktop)
        os.environ["SDL_VIDEO_WINDOW_POS"] = f"{x},{y}"
    plan = window_plan(layout, cell_size, room)
    screen = pygame.display.set_mode((plan.width, plan.height))
    pygame.display.set_caption(f"{CAPTION} · {layout.name or f'{layout.rows} x {layout.cols}'}")
    return screen, plan


def draw_window(screen: Any, sim: BoardSimulator, layout: Layout, plan: WindowPlan) -> None:
    """The title, the cells with their pieces and LEDs, the status and the keys."""
    import pygame

    from kiosk.ui.text import wrap
    from kiosk.ui.theme import PALETTE, font

    size, left, width = plan.cell, plan.left, plan.width
    screen.fill(PALETTE.felt_dark)
    title_size = 14 if plan.narrow else 18
    for i, line in enumerate(TITLE):
        ink = PALETTE.gold if i == 0 else PALETTE.ivory
        text = font(title_size, "sans-bold").render(line, True, ink)
        screen.blit(text, (MARGIN, 8 + i * (title_size + 6)))
    shown = sim.shown()
    occupancy = sim.occupancy
    label_font = font(max(10, size // 5))
    top = HEADER + MARGIN
    for row in range(layout.rows):
        for col in range(layout.cols):
            rect = pygame.Rect(left + col * size, top + row * size, size, size)
            if not layout.on_board((row, col)):
                pygame.draw.rect(screen, PALETTE.felt, rect.inflate(-2, -2))
                continue
            pygame.draw.rect(screen, PALETTE.wood_light, rect.inflate(-2, -2))
            colour = shown.get((row, col))
            if colour is not None:
                pygame.draw.rect(screen, colour, rect.inflate(-6, -6), border_radius=6)
                pygame.draw.rect(screen, PALETTE.wood_edge, rect.inflate(-6, -6), 1, 6)
            if (row, col) in occupancy:
                radius = size * 3 // 10
                pygame.draw.circle(screen, PALETTE.shadow, rect.center, radius + 2)
                pygame.draw.circle(screen, PALETTE.black_piece, rect.center, radius)
            label = layout.labels.get((row, col), f"{row},{col}")
            screen.blit(label_font.render(label, True, PALETTE.ink), (rect.x + 4, rect.y + 2))
    status_font = font(15)
    base = plan.height - (plan.lines + 1) * LINE + 8
    lines = [(line, PALETTE.ivory) for line in wrap(_status(sim), 15, width - 2 * MARGIN)]
    for help_line in (f"port: {sim.port}", *HELP):
        lines += [(line, PALETTE.ivory_dark) for line in wrap(help_line, 15, width - 2 * MARGIN)]
    for i, (line, ink) in enumerate(lines[: plan.lines]):
        screen.blit(status_font.render(line, True, ink), (MARGIN, base + LINE * i))


def run_window(
    sim: BoardSimulator,
    layout: Layout,
    duration: float,
    cell_size: int,
    beside: Box | None = None,
) -> None:
    """The board in a window until it is closed (or ``duration`` seconds pass)."""
    import pygame

    screen, plan = open_window(layout, cell_size, beside)
    size, left, top = plan.cell, plan.left, HEADER + MARGIN
    clock = pygame.time.Clock()
    end = time.monotonic() + duration if duration else float("inf")

    def cell_at(x: int, y: int) -> Cell | None:
        col, row = (x - left) // size, (y - top) // size
        if 0 <= row < layout.rows and 0 <= col < layout.cols and x >= left and y >= top:
            return row, col
        return None

    while time.monotonic() < end:
        for event in pygame.event.get():
            if event.type == pygame.QUIT:
                return
            if event.type == pygame.KEYDOWN:
                if event.key in (pygame.K_ESCAPE, pygame.K_q):
                    return
                if event.key == pygame.K_u and sim.plugged:
                    sim.unplug()
                elif event.key == pygame.K_u:
                    sim.replug()
                if event.key == pygame.K_r:
                    sim.reboot()
                if event.key == pygame.K_p:
                    put_right(sim)
            if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
                cell = cell_at(*event.pos)
                if cell is not None and layout.on_board(cell):
                    sim.set(cell, cell not in sim.occupancy)
        draw_window(screen, sim, layout, plan)
        pygame.display.flip()
        clock.tick(30)


def follow_parent(parent: int, every: float = 1.0) -> threading.Thread:
    """End this board (SIGTERM to itself) when the process that started it is gone,
    so a kiosk killed with ``kill -9`` leaves no simulated board behind."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(every)
        os.kill(os.getpid(), signal.SIGTERM)

    thread = threading.Thread(target=watch, name="board-sim parent", daemon=True)
    thread.start()
    return thread


def main(argv: Sequence[str] | None = None) -> int:
    parent = os.getppid()
    args = parse_args(argv)
    layout = make_layout(args)
    sim = BoardSimulator(layout.rows, layout.cols, link=args.link)

    def interrupted(signum: int, frame: FrameType | None) -> None:
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGTERM, interrupted)
    # Watch the parent before the link appears: a kiosk killed in between would
    # otherwise leave this board following whichever process adopted it.
    try:
        follow_parent(args.parent or parent)
        sim.start()
        print(f"port: {sim.port}", flush=True)
        if args.headless:
            run_headless(sim, args.duration)
        else:
            run_window(sim, layout, args.duration, args.cell, args.beside)
    except KeyboardInterrupt:
        pass
    finally:
        signal.signal(signal.SIGTERM, previous)
        sim.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
