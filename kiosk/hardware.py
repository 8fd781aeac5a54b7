"""The kiosk's hardware: the sensor board (real or simulated) and the inputs.

Built from ``config/hardware.toml`` (or the file given with ``--hardware``).
A wrong file is told on the screen and the kiosk runs on without that
hardware; a board that is missing or lost never stops a game (play goes on by
touch). With ``--board-sim`` each board game gets a simulated board speaking
the real serial protocol on a pty, in a window of its own
(``ludokiosk-board-sim``) opened beside the kiosk's (:mod:`kiosk.desktop`), so the
whole chain runs without hardware; the kiosk says so once each time one opens.
"""

from __future__ import annotations

import contextlib
import logging
import os
import subprocess
import sys
import tempfile
import threading
from collections.abc import Callable
from pathlib import Path

from drivers.hardware_config import (
    Hardware,
    HardwareConfigError,
    SerialConfig,
    build_hardware,
    load_hardware,
)
from drivers.inputs import InputEvent
from drivers.sensorboard import SensorBoard
from kiosk.board.mapping import (
    MappingError,
    board_file_problems,
    boards_dir,
    check_all,
    mapping_for,
    survey,
)
from kiosk.config import Problem

log = logging.getLogger(__name__)

SIM_START_TIMEOUT = 10.0


def _serial_board(config: SerialConfig) -> SensorBoard:
    from drivers.serial_board import SerialBoard

    return SerialBoard(config.port, baudrate=config.baudrate)


class SimulatedBoard:
    """A ``ludokiosk-board-sim`` process for one board file, and the serial link to it."""

    def __init__(
        self, name: str, headless: bool = False, beside: tuple[int, int, int, int] | None = None
    ) -> None:
        from drivers.serial_board import SerialBoard

        self.name = name
        self._folder = tempfile.TemporaryDirectory(prefix="ludokiosk-sim-")
        link = Path(self._folder.name) / "board"
        command = [sys.executable, "-m", "kiosk.board_sim", "--board", name, "--link", str(link),
                   "--parent", str(os.getpid())]
        if headless:
            command.append("--headless")
        elif beside is not None:
            command.append("--beside=" + ",".join(str(n) for n in beside))
        self.process = subprocess.Popen(
            command, stdout=subprocess.PIPE, stdin=subprocess.DEVNULL, text=True
        )
        port = self._read_port()
        self.board: SensorBoard = SerialBoard(port)
        threading.Thread(target=self._drain, name="board-sim-out", daemon=True).start()

    def _read_port(self) -> str:
        found: list[str] = []

        def read() -> None:
            assert self.process.stdout is not None
            for line in self.process.stdout:
                if line.startswith("port:"):
                    found.append(line.split(":", 1)[1].strip())
                    return

        reader = threading.Thread(target=read, daemon=True)
        reader.start()
        reader.join(SIM_START_TIMEOUT)
        if not found:
            self.close()
            raise RuntimeError(f"le simulateur de plateau « {self.name} » n'a pas démarré")
        return found[0]

    def _drain(self) -> None:
        if self.process.stdout is not None:
            with contextlib.suppress(ValueError, OSError):
                for _ in self.process.stdout:
                    pass

    def close(self) -> None:
        with contextlib.suppress(Exception):
            if hasattr(self, "board"):
                self.board.close()
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=3)
            except subprocess.TimeoutExpired:
                self.process.kill()
        self._folder.cleanup()


class HardwareLink:
    """What the scenes ask for: the board for a game, and button/presence/flap events."""

    def __init__(
        self, hardware: Hardware | None = None, simulate: bool = False, headless: bool = False
    ) -> None:
        self.hardware = hardware or Hardware()
        self.simulate = simulate
        self.headless = headless
        self._sim: SimulatedBoard | None = None
        self._sim_news = False
        self._wake: Callable[[], None] | None = None

    def wake_with(self, wake: Callable[[], None]) -> None:
        """Have every board and input call ``wake`` when it posts an event."""
        self._wake = wake
        for part in (self.hardware.board, self.hardware.inputs, self.board):
            if part is not None:
                part.call_on_post(wake)

    @classmethod
    def from_config(
        cls, path: Path | None, simulate: bool = False, problems: list[Problem] | None = None
    ) -> HardwareLink:
        """The configured hardware; a wrong file is reported and nothing is opened."""
        found: list[Problem] = []
        surveyed = survey()  # each board file read once
        for file, line, ok in check_all(surveyed=surveyed):
            log.log(logging.INFO if ok else logging.WARNING, "plateau %s : %s", file, line)
        for error in board_file_problems(surveyed=surveyed):
            where = f"{boards_dir() / error.file}: {error.key}"
            found.append(Problem(f"{where} : {error.fr}", f"{where}: {error.en}"))
        where = str(path or "config/hardware.toml")
        try:
            config = load_hardware(path)
            hardware = build_hardware(config, serial=_serial_board)
        except HardwareConfigError as error:
            log.warning("matériel : %s", error)
            found.append(Problem(error.fr, error.en))
            hardware = None
        except (OSError, RuntimeError, ImportError) as error:  # a device that will not open
            log.warning("matériel : %s", error)
            found.append(
                Problem(
                    f"{where} : matériel inutilisable ({error}) ; la borne se joue au doigt",
                    f"{where}: hardware unusable ({error}); the kiosk is played by touch",
                )
            )
            hardware = None
        if problems is not None:
            problems.extend(found)
        return cls(hardware, simulate=simulate)

    @property
    def board(self) -> SensorBoard | None:
        """The board attached now (the simulated one in simulation)."""
        return self._sim.board if self._sim is not None else self.hardware.board

    def board_for(self, spec: str) -> SensorBoard | None:
        """The board to play ``spec`` on, or ``None`` (the game is played by touch)."""
        if not self.simulate:
            return self.hardware.board
        try:
            mapping = mapping_for(spec)
        except MappingError as error:
            log.warning("plateau simulé : %s", error)
            return None
        if mapping is None:
            return None
        name = Path(mapping.file).stem
        if self._sim is None or self._sim.name != name:
            self._close_sim()
            beside = None
            if not self.headless:
                from kiosk.desktop import room_beside_kiosk

                beside = room_beside_kiosk()
            try:
                self._sim = SimulatedBoard(name, headless=self.headless, beside=beside)
            except (OSError, RuntimeError) as error:
                log.warning("plateau simulé : %s", error)
                return None
            self._sim_news = not self.headless
            self._sim.board.call_on_post(self._wake)
        return self._sim.board

    def sim_opened(self) -> bool:
        """Whether a simulated board's window opened since the last call (told once)."""
        news, self._sim_news = self._sim_news, False
        return news

    def input_events(self) -> list[InputEvent]:
        inputs = self.hardware.inputs
        return inputs.events() if inputs is not None else []

    def flaps_down(self) -> frozenset[int]:
        """The physical shut-the-box's flaps that are down (empty without one)."""
        inputs = self.hardware.inputs
        return inputs.flaps_down() if inputs is not None else frozenset()

    def drain_board(self) -> None:
        """Events no game listens to are dropped (the board's state stays readable)."""
        board = self.board
        if board is not None:
            board.events()

    def _close_sim(self) -> None:
        if self._sim is not None:
            self._sim.close()
            self._sim = None

    def close(self) -> None:
        self._close_sim()
        self.hardware.close()
