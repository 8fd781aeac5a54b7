"""Sensor change to LED answer through the real chain: ``python -m bench.board_latency``.

Without ``--device``: a simulated board (the real serial protocol on a pty)
and the kiosk's side (``SerialBoard`` + the board controller of a tablut
game, as the play scene runs it) in one process. A piece is lifted then put
back, over and over; we time from the occupancy change written on the pty to
the LED frame read back by the board. Last line ``p50_ms=<x> p99_ms=<y>``
(budget p99 ≤ 20 ms).

With ``--device PORT`` (a real board: ``/dev/ttyACM0``, ``/dev/serial/by-id/…``,
or any serial device): what can be measured without hands, as the protocol
(``docs/hardware/serial-protocol.md``) allows. HELLO → INFO and → OCC_FULL;
LED frames (``LED_SET`` and ``LED_FULL``, alternately) → their ACK, one at a
time, p50 / p99 over ``--frames``; the board's heartbeats, their intervals
over the whole run; and with ``--hands SECONDS``, a person lifting and
placing pieces meanwhile: the occupancy changes per second, and the intervals
between two changes of one cell (a bounce the firmware let through shows as a
few milliseconds). ``--board NAME`` (``config/boards/NAME.toml``, or the
installed boards) checks the board's size and lights only cells with a LED.
Exit code 1 when the board does not answer, is not the size expected, leaves
a LED frame unacknowledged, sends an ERROR or a bad frame, or falls silent
longer than the kiosk tolerates (2 s). Stop the kiosk first: one program at a
time on the port.
"""

from __future__ import annotations

import argparse
import contextlib
import itertools
import random
import statistics
import tempfile
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

import serial  # type: ignore[import-untyped]

from drivers import protocol as p
from drivers.sensorboard import Cell, Led, LedFrame, LedMode
from drivers.serial_board import SerialBoard
from drivers.simulator import BoardSimulator
from engines import find_game
from kiosk.board.mapping import BoardFile, boards_dir, mapping_for, read_board
from kiosk.board_session import BoardSession
from kiosk.games import presentation_for

SPEC = "tablut"


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def changed(sim: BoardSimulator, before: LedFrame) -> bool:
    return sim.leds() != before


def measure(changes: int, seed: int = 1) -> list[float]:
    """Milliseconds from each sensor change to the LED frame that answers it."""
    game = find_game(SPEC)
    mapping = mapping_for(SPEC)
    assert mapping is not None
    presentation = presentation_for(game)
    state = game.initial_state()
    tokens = presentation.tokens(state)
    pieces = [p for p, stack in tokens.items() if stack]
    movable = sorted({m.origin for m in state.legal_moves() if hasattr(m, "origin")})
    with tempfile.TemporaryDirectory() as folder:
        sim = BoardSimulator(
            mapping.rows,
            mapping.cols,
            link=Path(folder) / "board",
            occupied=[mapping.cell(p) for p in pieces],
        )
        sim.start()
        board = SerialBoard(sim.port, mapping.rows, mapping.cols)
        stop = threading.Event()
        try:
            if not board.wait(5.0):
                raise RuntimeError("le plateau simulé ne répond pas")
            session = BoardSession(board, mapping, state, presentation, (), time.monotonic())

            def kiosk_side() -> None:
                # The settle delay for slides is a deliberate wait, not latency.
                session.controller.settle = 0.0
                while not stop.is_set():
                    board.wait(0.05)
                    session.update(time.monotonic())

            thread = threading.Thread(target=kiosk_side, daemon=True)
            thread.start()
            time.sleep(0.3)
            rng = random.Random(seed)
            times: list[float] = []
            for _ in range(changes // 2):
                cell = mapping.cell(rng.choice(movable))
                for occupied in (False, True):
                    before = sim.leds()
                    started = time.perf_counter()
                    sim.set(cell, occupied)
                    if sim.wait_until(partial(changed, sim, before), timeout=1.0):
                        times.append((time.perf_counter() - started) * 1000)
            return times
        finally:
            stop.set()
            board.close()
            sim.close()


# --------------------------------------------------------------------------- a real board


@dataclass(frozen=True)
class Heard:
    """A good frame from the board, and when it arrived (``time.perf_counter``)."""

    at: float
    seq: int
    message: p.Message


@dataclass
class Report:
    """What the ``--device`` run found: printed lines, and what went wrong."""

    lines: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    def say(self, line: str) -> None:
        self.lines.append(line)
        print(line, flush=True)

    def wrong(self, problem: str) -> None:
        self.problems.append(problem)


class Link:
    """The host's side of the protocol on a serial device; every frame heard is kept,
    timestamped by a reading thread."""

    def __init__(self, url: str, opener: Callable[..., Any] = serial.serial_for_url) -> None:
        self.port = opener(url, baudrate=115200, timeout=0.05, write_timeout=1.0)
        self.port.reset_input_buffer()  # what the board said before we listened
        self.parser = p.Parser()
        self.heard: list[Heard] = []
        self.error = ""
        self.seq = 0
        self._changed = threading.Condition()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._read, name="board-latency", daemon=True)
        self._thread.start()

    def _read(self) -> None:
        while not self._stop.is_set():
            try:
                data = self.port.read(1)  # back as soon as a byte comes (or after 50 ms)
                if data and self.port.in_waiting:
                    data += self.port.read(self.port.in_waiting)
            except (serial.SerialException, OSError) as error:
                self.error = str(error) or type(error).__name__
                with self._changed:
                    self._changed.notify_all()
                return
            if not data:
                continue
            now = time.perf_counter()
            packets = self.parser.feed(data)
            with self._changed:
                for packet in packets:
                    if packet.message.KIND in p.HOST_KINDS - {p.Kind.HEARTBEAT}:
                        continue  # our own frames, on a port that echoes
                    self.heard.append(Heard(now, packet.seq, packet.message))
                self._changed.notify_all()

    def send(self, message: p.Message) -> tuple[int, float]:
        """Write ``message``; its sequence number and when it was handed to the port."""
        seq = self.seq
        self.seq = (seq + 1) & 0xFF
        frame = p.encode(message, seq)
        started = time.perf_counter()
        self.port.write(frame)
        return seq, started

    def flag(self) -> None:
        """A lone ``7E``: ends any frame the board had begun."""
        self.port.write(bytes((p.FLAG,)))

    def wait(self, found: Callable[[Heard], bool], since: int, timeout: float) -> Heard | None:
        """The first frame from index ``since`` on for which ``found`` holds, waiting up to
        ``timeout`` seconds."""
        deadline = time.monotonic() + timeout
        with self._changed:
            while True:
                for heard in self.heard[since:]:
                    if found(heard):
                        return heard
                left = deadline - time.monotonic()
                if left <= 0 or self.error:
                    return None
                self._changed.wait(left)

    def close(self) -> None:
        self._stop.set()
        self._thread.join(timeout=1.0)
        with contextlib.suppress(serial.SerialException, OSError):
            self.port.close()


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f}"


def _spread(values: list[float], p99: bool = True) -> str:
    """``p50_ms=… p99_ms=… max_ms=…`` of seconds (no p99 of a handful)."""
    middle = f"p50_ms={_ms(statistics.median(values))}"
    if p99:
        middle += f" p99_ms={_ms(percentile(values, 0.99))}"
    return f"{middle} max_ms={_ms(max(values))}"


def is_kind(kind: type) -> Callable[[Heard], bool]:
    return lambda heard: isinstance(heard.message, kind)


def acked(seq: int) -> Callable[[Heard], bool]:
    """The board's answer to the host frame ``seq``: its ACK, or an ERROR."""
    return lambda heard: (
        isinstance(heard.message, p.Error)
        or (isinstance(heard.message, p.Ack) and heard.message.seq == seq)
    )


@dataclass
class Greeting:
    """The board's answer to HELLO, and how long each of the timed ones took."""

    info: p.Info
    occupancy: p.OccupancyFull
    to_info: list[float]
    to_full: list[float]


def hello(link: Link, report: Report, hellos: int) -> Greeting | None:
    """A first HELLO every 0.25 s for 1 s until the board answers (as the kiosk does), then
    ``hellos`` more, each timed to INFO and to OCC_FULL; the board's last answer."""
    link.flag()
    answered = None
    for _ in range(4):
        since = len(link.heard)
        link.send(p.Hello())
        answered = link.wait(is_kind(p.Info), since, 0.25)
        if answered is not None:
            break
    if answered is None:
        why = f" ({link.error})" if link.error else ""
        report.wrong(f"pas de réponse à HELLO en 1 s / no answer to HELLO within 1 s{why}")
        return None
    time.sleep(0.1)  # its OCC_FULL follows
    found = None
    for _ in range(hellos):
        since = len(link.heard)
        _, started = link.send(p.Hello())
        info = link.wait(is_kind(p.Info), since, 1.0)
        full = link.wait(is_kind(p.OccupancyFull), since, 1.0) if info else None
        if info is None or full is None:
            what = "INFO" if info is None else "OCC_FULL"
            report.wrong(f"HELLO sans {what} en 1 s / HELLO without {what} within 1 s")
            continue
        assert isinstance(info.message, p.Info) and isinstance(full.message, p.OccupancyFull)
        if found is None:
            found = Greeting(info.message, full.message, [], [])
        found.info, found.occupancy = info.message, full.message
        found.to_info.append(info.at - started)
        found.to_full.append(full.at - started)
        time.sleep(0.05)
    return found


def led_round_trips(
    link: Link, report: Report, cells: Sequence[Cell], size: Cell, frames: int
) -> None:
    """LED_SET and LED_FULL frames, one at a time, each timed to its ACK."""
    rows, cols = size
    times: dict[str, list[float]] = {"led_set": [], "led_full": []}
    sent = dict.fromkeys(times, 0)
    errors = 0
    before: Cell | None = None
    for number, cell in zip(range(frames), itertools.cycle(cells), strict=False):
        lit = Led(LedMode.ON, (0, 48, 0) if number % 3 else (48, 0, 0))
        message: p.Message
        if number % 2:
            kind = "led_full"
            message = p.LedFull(LedFrame(rows, cols, {cell: lit}))
        else:
            kind = "led_set"
            changes = [(cell, lit)] + ([(before, Led())] if before not in (None, cell) else [])
            message = p.LedSet(tuple((c, led) for c, led in changes if c is not None))
        before = cell
        since = len(link.heard)
        seq, started = link.send(message)
        sent[kind] += 1
        answer = link.wait(acked(seq), since, 0.5)
        if answer is not None and isinstance(answer.message, p.Ack):
            times[kind].append(answer.at - started)
        elif answer is not None:
            errors += 1
    since = len(link.heard)
    seq, _ = link.send(p.LedAllOff())
    link.wait(acked(seq), since, 0.5)
    for kind, values in times.items():
        line = f"{kind} frames={sent[kind]} acked={len(values)}"
        report.say(f"{line} {_spread(values)}" if values else line)
        if len(values) < sent[kind]:
            report.wrong(
                f"{kind} : {sent[kind] - len(values)} trame(s) sans ACK en 0,5 s"
                f" / {sent[kind] - len(values)} frame(s) not acknowledged within 0.5 s"
            )
    if errors:
        report.wrong(f"{errors} ERROR en réponse aux LED / ERROR answers to LED frames")


def keep_alive(link: Link, seconds: float, then: Callable[[], None] | None = None) -> None:
    """Our heartbeat every 0.5 s for ``seconds`` (``then`` called between them)."""
    end = time.monotonic() + seconds
    while True:
        link.send(p.Heartbeat())
        left = end - time.monotonic()
        if left <= 0:
            return
        pause = min(p.HEARTBEAT_INTERVAL, left)
        step_end = time.monotonic() + pause
        while time.monotonic() < step_end:
            if then is not None:
                then()
            time.sleep(0.02)


def heartbeats(link: Link, report: Report) -> None:
    """The intervals between the board's heartbeats over the whole run, and its longest
    silence (no frame at all, the run's end included): what the kiosk would see."""
    beats = [h.at for h in link.heard if isinstance(h.message, p.Heartbeat)]
    gaps = [b - a for a, b in itertools.pairwise(beats)]
    frames = [h.at for h in link.heard] + [time.perf_counter()]
    silence = max(b - a for a, b in itertools.pairwise(frames))
    expected = int(p.HEARTBEAT_INTERVAL * 1000)
    line = f"heartbeats={len(beats)}"
    if gaps:
        line += f" {_spread(gaps)} expected_ms={expected}"
    report.say(f"{line} longest_silence_ms={_ms(silence)}")
    if not gaps:
        report.wrong("moins de deux battements de cœur du plateau / fewer than two heartbeats")
    if silence >= p.LOST_AFTER:
        report.wrong(
            f"un silence de {silence:.1f} s : la borne croirait le plateau perdu"
            f" / a {silence:.1f} s silence: the kiosk would call the board lost"
        )


def hands(link: Link, report: Report, seconds: float, leds: set[Cell]) -> None:
    """A person lifts and places pieces for ``seconds``: the changes and their pace.

    Each change lights its cell (green: a piece placed, off: lifted) when it has a LED,
    so the person sees the board answer."""
    print(
        f"Levez et posez des pièces pendant {seconds:g} s… / "
        f"Lift and place pieces for {seconds:g} s…",
        flush=True,
    )
    since = len(link.heard)
    shown = since
    started = time.perf_counter()

    def light() -> None:
        nonlocal shown
        fresh = link.heard[shown:]
        shown += len(fresh)
        changed = {
            cell: Led(LedMode.ON, (0, 64, 0)) if occupied else Led()
            for heard in fresh
            if isinstance(heard.message, p.OccupancyDelta)
            for cell, occupied in heard.message.changes
            if cell in leds
        }
        if changed:
            link.send(p.LedSet(tuple(changed.items())[-p.MAX_COUNT :]))

    keep_alive(link, seconds, light)
    window = time.perf_counter() - started
    link.send(p.LedAllOff())
    frames = [
        h for h in link.heard[since:] if isinstance(h.message, p.OccupancyDelta | p.OccupancyFull)
    ]
    changes: list[tuple[float, Cell]] = []
    for heard in frames:
        if isinstance(heard.message, p.OccupancyDelta):
            changes += [(heard.at, cell) for cell, _ in heard.message.changes]
    last: dict[Cell, float] = {}
    same_cell: list[float] = []
    for at, cell in changes:
        if cell in last:
            same_cell.append(at - last[cell])
        last[cell] = at
    line = (
        f"hands seconds={window:.1f} frames={len(frames)} changes={len(changes)}"
        f" per_second={len(changes) / window:.2f}"
    )
    if same_cell:
        quick = sum(gap < 0.05 for gap in same_cell)
        line += (
            f" same_cell_min_ms={_ms(min(same_cell))}"
            f" same_cell_p50_ms={_ms(statistics.median(same_cell))} under_50ms={quick}"
        )
    report.say(line)
    if not changes:
        report.wrong("aucun changement vu pendant --hands / no change seen during --hands")


def board_file(name: str) -> BoardFile:
    """``config/boards/NAME.toml`` (the installed boards first), or a ``.toml`` path."""
    path = Path(name) if name.endswith(".toml") else boards_dir() / f"{name}.toml"
    return read_board(path)


def measure_device(
    url: str,
    board: BoardFile | None = None,
    *,
    frames: int = 200,
    hellos: int = 5,
    listen: float = 3.0,
    hands_for: float = 0.0,
) -> Report:
    """The ``--device`` run: every line printed as it comes, and the problems found."""
    report = Report()
    try:
        link = Link(url)
    except (serial.SerialException, OSError, ValueError) as error:
        report.wrong(f"{url} : ouverture impossible / cannot open: {error}")
        return report
    try:
        answered = hello(link, report, hellos)
        if answered is None:
            return report
        info = answered.info
        size = (info.rows, info.cols)
        occupied = len(answered.occupancy.occupancy.cells())
        report.say(
            f'device={url} firmware="{info.firmware}" protocol={info.version}'
            f" size={info.rows}x{info.cols} occupied={occupied}"
        )
        count = len(answered.to_info)
        report.say(f"hello_info hellos={count} {_spread(answered.to_info, p99=False)}")
        report.say(f"hello_occupancy hellos={count} {_spread(answered.to_full, p99=False)}")
        if info.version != p.VERSION:
            report.wrong(
                f"protocole {info.version}, la borne parle le {p.VERSION}"
                f" / protocol {info.version}, the kiosk speaks {p.VERSION}"
            )
        if board is not None and (board.rows, board.cols) != size:
            report.wrong(
                f"le plateau dit {info.rows}×{info.cols}, {board.file} attend"
                f" {board.rows}×{board.cols} / the board says {info.rows}x{info.cols},"
                f" {board.file} expects {board.rows}x{board.cols}"
            )
            return report
        cells = (
            sorted(board.leds)
            if board is not None
            else [(row, col) for row in range(info.rows) for col in range(info.cols)]
        )
        led_round_trips(link, report, cells, size, frames)
        keep_alive(link, listen)
        if hands_for > 0:
            hands(link, report, hands_for, set(cells))
        heartbeats(link, report)
        counts = link.parser.counts
        board_errors = sum(isinstance(h.message, p.Error) for h in link.heard)
        gaps = sum((b.seq - a.seq) & 0xFF != 1 for a, b in itertools.pairwise(link.heard))
        report.say(
            f"link bad_frames={link.parser.bad_frames} dropped_bytes={counts['dropped_bytes']}"
            f" board_errors={board_errors} seq_gaps={gaps}"
        )
        if link.parser.bad_frames or board_errors:
            report.wrong("trames invalides ou ERROR du plateau / bad frames or board ERRORs")
        if link.error:
            report.wrong(f"{url} : {link.error}")
    finally:
        link.close()
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--changes", type=int, default=1000, help="sensor changes (default 1000)")
    parser.add_argument("--device", help="a real board's serial port (/dev/ttyACM0…)")
    parser.add_argument("--board", help="config/boards/NAME.toml (or a .toml path): size, LEDs")
    parser.add_argument("--frames", type=int, default=200, help="LED frames timed (default 200)")
    parser.add_argument("--hellos", type=int, default=5, help="HELLO timed (default 5)")
    parser.add_argument(
        "--listen", type=float, default=3.0, help="seconds more for heartbeats (default 3)"
    )
    parser.add_argument(
        "--hands", type=float, default=0.0, help="seconds for a person to move pieces"
    )
    args = parser.parse_args(argv)
    if args.device is None:
        if args.board or args.hands:
            parser.error("--board et --hands vont avec --device / go with --device")
        return simulated(args.changes)
    board = board_file(args.board) if args.board else None
    report = measure_device(
        args.device,
        board,
        frames=max(2, args.frames),
        hellos=max(1, args.hellos),
        listen=args.listen,
        hands_for=args.hands,
    )
    for problem in report.problems:
        print(f"problem: {problem}", flush=True)
    print(f"problems={len(report.problems)}", flush=True)
    return 1 if report.problems else 0


def simulated(changes: int) -> int:
    """Today's run: the kiosk's side against the simulated board, ``changes`` times."""
    started = time.perf_counter()
    times = measure(changes)
    answered = len(times)
    print(f"changes={changes} answered={answered} seconds={time.perf_counter() - started:.1f}")
    print(f"max_ms={max(times):.2f} mean_ms={statistics.fmean(times):.2f}")
    print(f"p50_ms={statistics.median(times):.2f} p99_ms={percentile(times, 0.99):.2f}")
    return 0 if answered == changes else 1


if __name__ == "__main__":
    raise SystemExit(main())
