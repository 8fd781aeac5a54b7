"""The doctor's checks of the hardware: the board and the inputs, opened for real."""

from __future__ import annotations

import time
import warnings
from collections.abc import Callable
from dataclasses import replace

from drivers.hardware_config import (
    Hardware,
    HardwareConfig,
    SerialConfig,
    build_hardware,
)
from drivers.sensorboard import SensorBoard
from kiosk.doctor.report import (
    BOARD,
    FAIL,
    INPUTS,
    OK,
    WARN,
    Options,
    Result,
    Text,
)
from kiosk.doctor.settings import hardware_settings


def _serial_board(config: SerialConfig) -> SensorBoard:
    from drivers.serial_board import SerialBoard

    return SerialBoard(config.port, baudrate=config.baudrate)


def _build(config: HardwareConfig, options: Options) -> tuple[Hardware | None, str]:
    """The configured devices, or why gpiozero (or the driver) could not make them.

    gpiozero tells why each pin library was passed over only as warnings: they
    are added to the error, since they say what to install.
    """
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            return (
                build_hardware(config, pin_factory=options.pin_factory, serial=_serial_board),
                "",
            )
        except Exception as error:  # gpiozero and the pin libraries raise many kinds
            notes = [str(w.message) for w in caught]
            detail = str(error) or type(error).__name__
            return None, detail + (f" ({'; '.join(notes)})" if notes else "")


NOT_CHECKED = Text(
    "non vérifié : le fichier du matériel est invalide (voir réglages)",
    "not checked: the hardware file is invalid (see config)",
)


def check_board(options: Options) -> list[Result]:
    """The configured sensor board answers and reports its occupancy."""
    config = hardware_settings(options)
    if isinstance(config, Text):
        return [Result(WARN, BOARD, NOT_CHECKED)]
    if config.transport == "none":
        return [Result(OK, BOARD, Text("aucun plateau configuré", "no board configured"))]
    off = replace(
        config,
        buttons=replace(config.buttons, enabled=False),
        presence=replace(config.presence, enabled=False),
        flaps=replace(config.flaps, enabled=False),
    )
    if config.transport == "serial":
        port = config.serial.port
        where = Text(f"série {port}", f"serial {port}")
    else:
        where = Text("GPIO", "GPIO")
    hardware, error = _build(off, options)
    if hardware is None or hardware.board is None:
        return [Result(FAIL, BOARD, Text(f"{where.fr} : {error}", f"{where.en}: {error}"))]
    try:
        board = hardware.board
        ready = _wait(lambda: board.connected and board.occupancy is not None, options.timeout)
        occupancy = board.occupancy
        if not ready or occupancy is None:
            problem = str(getattr(board, "problem", ""))
            why = f" ({problem})" if problem else ""
            return [
                Result(
                    FAIL,
                    BOARD,
                    Text(
                        f"{where.fr} : pas de réponse en {options.timeout:g} s{why}",
                        f"{where.en}: no answer within {options.timeout:g} s{why}",
                    ),
                )
            ]
        version = str(getattr(board, "version", ""))
        versions = Text(f", {version}", f", {version.replace('protocole', 'protocol')}")
        if not version:
            versions = Text("", "")
        pieces = len(occupancy.cells())
        size = f"{board.rows}×{board.cols}"
        return [
            Result(
                OK,
                BOARD,
                Text(
                    f"{where.fr} : {size}{versions.fr}, {pieces} cases occupées",
                    f"{where.en}: {size}{versions.en}, {pieces} cells occupied",
                ),
            )
        ]
    finally:
        hardware.close()


def _wait(condition: Callable[[], bool], timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() >= deadline:
            return False
        time.sleep(0.02)
    return True


def check_inputs(options: Options) -> list[Result]:
    """The configured buttons, presence sensor and flaps can be made with gpiozero."""
    config = hardware_settings(options)
    if isinstance(config, Text):
        return [Result(WARN, INPUTS, NOT_CHECKED)]
    parts: list[Text] = []
    if config.buttons.enabled:
        buttons = ", ".join(f"{name} (GPIO {pin})" for name, pin in config.buttons.pins)
        parts.append(Text(f"boutons {buttons}", f"buttons {buttons}"))
    if config.presence.enabled:
        pin = config.presence.pin
        parts.append(Text(f"présence (GPIO {pin})", f"presence sensor (GPIO {pin})"))
    if config.flaps.enabled:
        count = len(config.flaps.pins)
        parts.append(Text(f"{count} volets", f"{count} flaps"))
    if not parts:
        return [Result(OK, INPUTS, Text("aucune entrée configurée", "no inputs configured"))]
    hardware, error = _build(replace(config, transport="none"), options)
    if hardware is None:
        return [Result(FAIL, INPUTS, Text(f"gpiozero : {error}", f"gpiozero: {error}"))]
    hardware.close()
    return [
        Result(
            OK,
            INPUTS,
            Text("; ".join(p.fr for p in parts), "; ".join(p.en for p in parts)),
        )
    ]


