"""The hardware settings: ``config/hardware.toml``, read into frozen dataclasses.

Unlike the kiosk's settings, a wrong hardware setting is not replaced by a
default: a pin wired elsewhere could short an output, so any unknown key,
wrong value or pin used twice raises :class:`HardwareConfigError` naming the
file and the key (``config/hardware.toml: gpio.rows[2]: broche 40
inexistante (0–27) / no GPIO 40 (0–27)``). Pins are BCM GPIO numbers.

:func:`build_hardware` makes the configured devices; gpiozero picks its pin
library on the Pi (lgpio or RPi.GPIO, the ``pi`` extra), tests pass
``MockFactory``. Nothing is built, and no pin touched, when everything is off.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from drivers.toml_files import TomlFileError, read_toml

if TYPE_CHECKING:
    from drivers.inputs import Inputs
    from drivers.sensorboard import SensorBoard

DEFAULT_FILE = Path(__file__).resolve().parent.parent / "config" / "hardware.toml"
TRANSPORTS = ("none", "serial", "gpio")
LED_DRIVERS = ("none", "74hc595")
MAX_PIN = 27
UART_PINS = (14, 15)
UART_PORTS = ("/dev/serial0", "/dev/ttyAMA0", "/dev/ttyS0")


class HardwareConfigError(ValueError):
    """A hardware setting that cannot be used: the file and key are in the message."""


@dataclass(frozen=True)
class SerialConfig:
    port: str = "/dev/ttyACM0"
    baudrate: int = 115200


@dataclass(frozen=True)
class LedChainConfig:
    driver: str = "none"
    data: int = 10
    clock: int = 11
    latch: int = 8
    channels: int = 1
    blink_hz: float = 2.0


@dataclass(frozen=True)
class GpioConfig:
    rows: tuple[int, ...] = (5, 6, 13, 19, 26, 12, 16, 20)
    cols: tuple[int, ...] = (4, 17, 27, 22, 23, 24, 25, 21)
    scan_hz: float = 100.0
    debounce_reads: int = 3
    settle_us: float = 20.0
    leds: LedChainConfig = field(default_factory=LedChainConfig)


@dataclass(frozen=True)
class ButtonsConfig:
    enabled: bool = False
    pins: tuple[tuple[str, int], ...] = (("menu", 2), ("back", 3), ("hint", 9))
    bounce_ms: float = 50.0


@dataclass(frozen=True)
class PresenceConfig:
    enabled: bool = False
    pin: int = 18


@dataclass(frozen=True)
class FlapsConfig:
    enabled: bool = False
    pins: tuple[int, ...] = (5, 6, 13, 19, 26, 12, 16, 20, 4)
    settle_ms: float = 30.0
    down_closes: bool = True


@dataclass(frozen=True)
class HardwareConfig:
    """Every hardware setting; the defaults are the shipped file's (all off)."""

    transport: str = "none"
    serial: SerialConfig = field(default_factory=SerialConfig)
    gpio: GpioConfig = field(default_factory=GpioConfig)
    buttons: ButtonsConfig = field(default_factory=ButtonsConfig)
    presence: PresenceConfig = field(default_factory=PresenceConfig)
    flaps: FlapsConfig = field(default_factory=FlapsConfig)
    source: str = "config/hardware.toml"

    def pins_in_use(self) -> dict[int, str]:
        """Pin -> the key using it, for the enabled devices only."""
        return dict((pin, key) for key, pin in _used_pins(self))


# --- reading ---------------------------------------------------------------


class _Reader:
    """Checks values and raises errors that name the file and the key."""

    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, key: str, french: str, english: str) -> HardwareConfigError:
        return HardwareConfigError(f"{self.source}: {key}: {french} / {english}")

    def table(self, data: dict[str, Any], name: str, keys: tuple[str, ...]) -> dict[str, Any]:
        value = data.get(name, {})
        if not isinstance(value, dict):
            raise self.fail(name, "doit être une table [" + name + "]", "must be a table")
        for key in value:
            if key not in keys:
                raise self.fail(
                    f"{name}.{key}",
                    "clé inconnue (clés : " + ", ".join(keys) + ")",
                    "unknown key",
                )
        return value

    def boolean(self, value: Any, key: str) -> bool:
        if not isinstance(value, bool):
            raise self.fail(key, f"{value!r} : true ou false attendu", "true or false expected")
        return value

    def integer(self, value: Any, key: str, low: int, high: int) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise self.fail(
                key, f"{value!r} : entier de {low} à {high} attendu",
                f"an integer from {low} to {high} expected",
            )
        return value

    def number(self, value: Any, key: str, low: float, high: float) -> float:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise self.fail(
                key, f"{value!r} : nombre de {low:g} à {high:g} attendu",
                f"a number from {low:g} to {high:g} expected",
            )
        if not low <= value <= high:
            raise self.fail(
                key, f"{value:g} hors de {low:g} à {high:g}", f"out of {low:g} to {high:g}"
            )
        return float(value)

    def choice(self, value: Any, key: str, choices: tuple[str, ...]) -> str:
        if value not in choices:
            shown = ", ".join(f'"{c}"' for c in choices)
            raise self.fail(key, f"{value!r} : un de {shown} attendu", f"one of {shown} expected")
        return str(value)

    def text(self, value: Any, key: str) -> str:
        if not isinstance(value, str) or not value.strip():
            raise self.fail(key, f"{value!r} : texte non vide attendu", "non-empty text expected")
        return value

    def pin(self, value: Any, key: str) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(
                key, f"{value!r} : numéro de broche BCM attendu", "a BCM GPIO number expected"
            )
        if not 0 <= value <= MAX_PIN:
            raise self.fail(
                key, f"broche {value} inexistante (0–{MAX_PIN})", f"no GPIO {value} (0–{MAX_PIN})"
            )
        return value

    def pins(self, value: Any, key: str, counts: tuple[int, ...] | range) -> tuple[int, ...]:
        if not isinstance(value, list):
            raise self.fail(
                key, f"{value!r} : liste de broches attendue", "a list of pins expected"
            )
        if len(value) not in counts:
            allowed = (
                f"{counts.start} à {counts.stop - 1}" if isinstance(counts, range)
                else " ou ".join(map(str, counts))
            )
            raise self.fail(
                key, f"{len(value)} broches ({allowed} attendues)", f"{len(value)} pins"
            )
        return tuple(self.pin(item, f"{key}[{i}]") for i, item in enumerate(value))


def _display(path: Path) -> str:
    """The path as shown in messages: relative to the working directory when inside it."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except (ValueError, OSError, RuntimeError):  # elsewhere, or a symlink loop
        return str(path)


def load_hardware(path: Path | None = None) -> HardwareConfig:
    """Read and check ``path`` (the shipped ``config/hardware.toml`` by default).

    Whatever goes wrong (anything :func:`drivers.toml_files.read_toml` refuses, a
    value of an unforeseen kind) raises :class:`HardwareConfigError` naming the file.
    """
    path = DEFAULT_FILE if path is None else path
    source = _display(path)
    try:
        data = read_toml(path)
    except TomlFileError as error:
        raise HardwareConfigError(f"{source}: {error.fr} / {error.en}") from None
    try:
        return parse_hardware(data, source)
    except HardwareConfigError:
        raise
    except Exception as error:
        what = f"{type(error).__name__}: {error}"
        raise HardwareConfigError(f"{source}: inutilisable / cannot be used ({what})") from None


def parse_hardware(data: dict[str, Any], source: str = "config/hardware.toml") -> HardwareConfig:
    """Check already-read TOML data; ``source`` names it in errors."""
    reader = _Reader(source)
    tables = ("board", "serial", "gpio", "buttons", "presence", "flaps")
    for name in data:
        if name not in tables:
            raise reader.fail(name, "table inconnue (tables : " + ", ".join(tables) + ")",
                              "unknown table")
    board = reader.table(data, "board", ("transport",))
    transport = reader.choice(board.get("transport", "none"), "board.transport", TRANSPORTS)
    config = HardwareConfig(
        transport=transport,
        serial=_serial(reader, data),
        gpio=_gpio(reader, data),
        buttons=_buttons(reader, data),
        presence=_presence(reader, data),
        flaps=_flaps(reader, data),
        source=source,
    )
    _check_shared(reader, config)
    return config


def _serial(reader: _Reader, data: dict[str, Any]) -> SerialConfig:
    table = reader.table(data, "serial", ("port", "baudrate"))
    default = SerialConfig()
    return SerialConfig(
        port=reader.text(table.get("port", default.port), "serial.port"),
        baudrate=reader.integer(table.get("baudrate", default.baudrate), "serial.baudrate",
                                1200, 4_000_000),
    )


def _gpio(reader: _Reader, data: dict[str, Any]) -> GpioConfig:
    keys = ("rows", "cols", "scan_hz", "debounce_reads", "settle_us", "leds")
    table = reader.table(data, "gpio", keys)
    default = GpioConfig()
    rows = reader.pins(table.get("rows", list(default.rows)), "gpio.rows", range(1, 17))
    cols = reader.pins(table.get("cols", list(default.cols)), "gpio.cols", range(1, 17))
    leds_table = reader.table(
        table, "leds", ("driver", "data", "clock", "latch", "channels", "blink_hz")
    )
    led = LedChainConfig()

    def led_key(key: str) -> Any:
        return leds_table.get(key, getattr(led, key))

    leds = LedChainConfig(
        driver=reader.choice(led_key("driver"), "gpio.leds.driver", LED_DRIVERS),
        data=reader.pin(led_key("data"), "gpio.leds.data"),
        clock=reader.pin(led_key("clock"), "gpio.leds.clock"),
        latch=reader.pin(led_key("latch"), "gpio.leds.latch"),
        channels=_channels(reader, led_key("channels")),
        blink_hz=reader.number(led_key("blink_hz"), "gpio.leds.blink_hz", 0.2, 10),
    )
    return GpioConfig(
        rows=rows,
        cols=cols,
        scan_hz=reader.number(table.get("scan_hz", default.scan_hz), "gpio.scan_hz", 10, 1000),
        debounce_reads=reader.integer(
            table.get("debounce_reads", default.debounce_reads), "gpio.debounce_reads", 1, 20
        ),
        settle_us=reader.number(
            table.get("settle_us", default.settle_us), "gpio.settle_us", 0, 1000
        ),
        leds=leds,
    )


def _channels(reader: _Reader, value: Any) -> int:
    if isinstance(value, bool) or value not in (1, 3):
        raise reader.fail(
            "gpio.leds.channels", f"{value!r} : 1 (une LED) ou 3 (LED RVB) attendu",
            "1 (single LED) or 3 (RGB LED) expected",
        )
    return int(value)


def _buttons(reader: _Reader, data: dict[str, Any]) -> ButtonsConfig:
    table = reader.table(data, "buttons", ("enabled", "menu", "back", "hint", "bounce_ms"))
    default = ButtonsConfig()
    pins: list[tuple[str, int]] = []
    for name, pin in default.pins:
        value = table.get(name, pin)
        if value is not False:  # false: no such button
            pins.append((name, reader.pin(value, f"buttons.{name}")))
    enabled = reader.boolean(table.get("enabled", default.enabled), "buttons.enabled")
    if enabled and not pins:
        raise reader.fail(
            "buttons.enabled", "aucune broche de bouton (menu, back, hint)", "no button pin"
        )
    return ButtonsConfig(
        enabled=enabled,
        pins=tuple(pins),
        bounce_ms=reader.number(table.get("bounce_ms", default.bounce_ms), "buttons.bounce_ms",
                                0, 1000),
    )


def _presence(reader: _Reader, data: dict[str, Any]) -> PresenceConfig:
    table = reader.table(data, "presence", ("enabled", "pin"))
    default = PresenceConfig()
    return PresenceConfig(
        enabled=reader.boolean(table.get("enabled", default.enabled), "presence.enabled"),
        pin=reader.pin(table.get("pin", default.pin), "presence.pin"),
    )


def _flaps(reader: _Reader, data: dict[str, Any]) -> FlapsConfig:
    table = reader.table(data, "flaps", ("enabled", "pins", "settle_ms", "down_closes"))
    default = FlapsConfig()
    return FlapsConfig(
        enabled=reader.boolean(table.get("enabled", default.enabled), "flaps.enabled"),
        pins=reader.pins(table.get("pins", list(default.pins)), "flaps.pins", (9, 12)),
        settle_ms=reader.number(table.get("settle_ms", default.settle_ms), "flaps.settle_ms",
                                0, 1000),
        down_closes=reader.boolean(table.get("down_closes", default.down_closes),
                                   "flaps.down_closes"),
    )


def _used_pins(config: HardwareConfig) -> list[tuple[str, int]]:
    """(key, pin) of every enabled device, in file order."""
    used: list[tuple[str, int]] = []
    if config.transport == "serial" and config.serial.port in UART_PORTS:
        used += [("serial.port", pin) for pin in UART_PINS]
    if config.transport == "gpio":
        used += [(f"gpio.rows[{i}]", pin) for i, pin in enumerate(config.gpio.rows)]
        used += [(f"gpio.cols[{i}]", pin) for i, pin in enumerate(config.gpio.cols)]
        leds = config.gpio.leds
        if leds.driver != "none":
            used += [("gpio.leds.data", leds.data), ("gpio.leds.clock", leds.clock),
                     ("gpio.leds.latch", leds.latch)]
    if config.buttons.enabled:
        used += [(f"buttons.{name}", pin) for name, pin in config.buttons.pins]
    if config.presence.enabled:
        used.append(("presence.pin", config.presence.pin))
    if config.flaps.enabled:
        used += [(f"flaps.pins[{i}]", pin) for i, pin in enumerate(config.flaps.pins)]
    return used


def _check_shared(reader: _Reader, config: HardwareConfig) -> None:
    """Pins used twice: always within one list, across devices when both are on."""
    for key, pins in (("gpio.rows", config.gpio.rows), ("gpio.cols", config.gpio.cols),
                      ("flaps.pins", config.flaps.pins)):
        seen: dict[int, int] = {}
        for i, pin in enumerate(pins):
            if pin in seen:
                raise reader.fail(f"{key}[{i}]", f"broche {pin} déjà dans {key}[{seen[pin]}]",
                                  f"GPIO {pin} used twice")
            seen[pin] = i
    owners: dict[int, str] = {}
    for key, pin in _used_pins(config):
        if pin in owners:
            raise reader.fail(key, f"broche {pin} déjà prise par {owners[pin]}",
                              f"GPIO {pin} already used by {owners[pin]}")
        owners.setdefault(pin, key)


# --- building --------------------------------------------------------------


@dataclass
class Hardware:
    """The devices built from a configuration (``None`` where nothing is configured)."""

    board: SensorBoard | None = None
    inputs: Inputs | None = None

    def close(self) -> None:
        for part in (self.board, self.inputs):
            if part is not None:
                part.close()


SerialMaker = Callable[[SerialConfig], "SensorBoard"]


def build_hardware(
    config: HardwareConfig,
    *,
    pin_factory: Any = None,
    serial: SerialMaker | None = None,
    start: bool = True,
) -> Hardware:
    """Open the configured board and inputs.

    ``pin_factory`` goes to every gpiozero device (``None``: gpiozero's
    default, i.e. lgpio or RPi.GPIO on the Pi). The serial transport is
    opened by ``serial`` (the serial driver's constructor), so this module
    does not depend on it.
    """
    hardware = Hardware()
    try:
        if config.transport == "serial":
            if serial is None:
                raise HardwareConfigError(
                    f"{config.source}: board.transport: transport série non fourni / "
                    "no serial transport given"
                )
            hardware.board = serial(config.serial)
        elif config.transport == "gpio":
            hardware.board = _gpio_board(config.gpio, pin_factory, start)
        hardware.inputs = _inputs(config, pin_factory)
    except Exception:
        hardware.close()
        raise
    return hardware


def _gpio_board(gpio: GpioConfig, pin_factory: Any, start: bool) -> SensorBoard:
    from drivers.gpio_board import GpioBoard, LedSink, NullLedSink, ShiftRegisterLeds

    leds: LedSink = NullLedSink()
    if gpio.leds.driver == "74hc595":
        leds = ShiftRegisterLeds(
            gpio.leds.data, gpio.leds.clock, gpio.leds.latch,
            cells=len(gpio.rows) * len(gpio.cols), channels=gpio.leds.channels,
            blink_hz=gpio.leds.blink_hz, pin_factory=pin_factory,
        )
    try:
        return GpioBoard(
            gpio.rows, gpio.cols, leds=leds, scan_hz=gpio.scan_hz,
            debounce_reads=gpio.debounce_reads, settle_us=gpio.settle_us,
            pin_factory=pin_factory, start=start,
        )
    except Exception:
        leds.close()
        raise


def _inputs(config: HardwareConfig, pin_factory: Any) -> Inputs | None:
    buttons, presence, flaps = config.buttons, config.presence, config.flaps
    if not (buttons.enabled or presence.enabled or flaps.enabled):
        return None
    from drivers.inputs import Inputs

    return Inputs(
        buttons=dict(buttons.pins) if buttons.enabled else None,
        bounce_ms=buttons.bounce_ms,
        presence=presence.pin if presence.enabled else None,
        flaps=flaps.pins if flaps.enabled else (),
        settle_ms=flaps.settle_ms,
        down_closes=flaps.down_closes,
        pin_factory=pin_factory,
    )
