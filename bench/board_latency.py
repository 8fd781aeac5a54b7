"""Sensor change to LED answer through the real chain: ``python -m bench.board_latency``.

A simulated board (the real serial protocol on a pty) and the kiosk's side
(``SerialBoard`` + the board controller of a tablut game, as the play scene
runs it) in one process. A piece is lifted then put back, over and over; we
time from the occupancy change written on the pty to the LED frame read back
by the board. Last line ``p50_ms=<x> p99_ms=<y>`` (budget p99 ≤ 20 ms).
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import threading
import time
from functools import partial
from pathlib import Path

from drivers.sensorboard import LedFrame
from drivers.serial_board import SerialBoard
from drivers.simulator import BoardSimulator
from engines import find_game
from kiosk.board.mapping import mapping_for
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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--changes", type=int, default=1000, help="sensor changes (default 1000)")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    times = measure(args.changes)
    answered = len(times)
    print(f"changes={args.changes} answered={answered} seconds={time.perf_counter() - started:.1f}")
    print(f"max_ms={max(times):.2f} mean_ms={statistics.fmean(times):.2f}")
    print(f"p50_ms={statistics.median(times):.2f} p99_ms={percentile(times, 0.99):.2f}")
    return 0 if answered == args.changes else 1


if __name__ == "__main__":
    raise SystemExit(main())
