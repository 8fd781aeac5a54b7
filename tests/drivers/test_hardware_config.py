"""config/hardware.toml: the shipped defaults, errors naming file and key, devices built."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from gpiozero.pins.mock import MockFactory  # type: ignore[import-untyped]

from drivers.gpio_board import GpioBoard, NullLedSink, ShiftRegisterLeds
from drivers.hardware_config import (
    DEFAULT_FILE,
    HardwareConfig,
    HardwareConfigError,
    SerialConfig,
    build_hardware,
    load_hardware,
)
from drivers.inputs import ButtonPressed
from drivers.memory import MemoryBoard
from drivers.sensorboard import BoardConnected, SensorBoard

ROOT = DEFAULT_FILE.parent.parent


@pytest.fixture
def factory() -> Iterator[MockFactory]:
    made = MockFactory()
    yield made
    made.reset()


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "hardware.toml"
    path.write_text(text, encoding="utf-8")
    return path


def error_of(tmp_path: Path, text: str) -> str:
    path = write(tmp_path, text)
    with pytest.raises(HardwareConfigError) as caught:
        load_hardware(path)
    message = str(caught.value)
    assert message.startswith(f"{path}: "), message
    return message[len(f"{path}: "):]


def test_the_shipped_file_turns_everything_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    config = load_hardware()
    assert config == HardwareConfig()  # the file and the dataclass defaults agree
    assert config.source == "config/hardware.toml"
    assert config.transport == "none"
    assert not (config.buttons.enabled or config.presence.enabled or config.flaps.enabled)
    assert config.pins_in_use() == {}
    hardware = build_hardware(config)  # no pin factory needed: nothing is built
    assert hardware.board is None and hardware.inputs is None
    hardware.close()


def test_the_documented_example_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "config").mkdir()
    (tmp_path / "config" / "hardware.toml").write_text(
        "[gpio]\nrows = [5, 6, 40, 19]\n", encoding="utf-8"
    )
    monkeypatch.chdir(tmp_path)
    with pytest.raises(HardwareConfigError) as caught:
        load_hardware(Path("config/hardware.toml"))
    assert str(caught.value).startswith(
        "config/hardware.toml: gpio.rows[2]: broche 40 inexistante (0–27)"
    )


@pytest.mark.parametrize(
    ("text", "start"),
    [
        ("[board]\ntransport = 'usb'\n", "board.transport: 'usb' : un de"),
        ("[bord]\n", "bord: table inconnue"),
        ("[gpio]\ncolumns = [1, 2]\n", "gpio.columns: clé inconnue"),
        ("[gpio.leds]\nlatch = -1\n", "gpio.leds.latch: broche -1 inexistante"),
        ("[gpio.leds]\ndriver = 'ws2812'\n", "gpio.leds.driver: 'ws2812'"),
        ("[gpio.leds]\nchannels = 2\n", "gpio.leds.channels: 2 : 1 (une LED) ou 3"),
        ("[gpio]\ncols = [4, 17, '27']\n", "gpio.cols[2]: '27' : numéro de broche BCM"),
        ("[gpio]\nrows = []\n", "gpio.rows: 0 broches (1 à 16 attendues)"),
        ("[gpio]\nscan_hz = 5\n", "gpio.scan_hz: 5 hors de 10 à 1000"),
        ("[gpio]\ndebounce_reads = 0\n", "gpio.debounce_reads: 0 : entier de 1 à 20"),
        ("[gpio]\nrows = [5, 6, 5]\n", "gpio.rows[2]: broche 5 déjà dans gpio.rows[0]"),
        ("[serial]\nbaudrate = 'vite'\n", "serial.baudrate: 'vite' : entier"),
        ("[serial]\nport = ''\n", "serial.port: '' : texte non vide"),
        ("[buttons]\nenabled = 'oui'\n", "buttons.enabled: 'oui' : true ou false"),
        ("[buttons]\nenabled = true\nmenu = false\nback = false\nhint = false\n",
         "buttons.enabled: aucune broche de bouton"),
        ("[buttons]\nhint = true\n", "buttons.hint: True : numéro de broche BCM"),
        ("[buttons]\nquit = 7\n", "buttons.quit: clé inconnue"),
        ("[presence]\npin = 28\n", "presence.pin: broche 28 inexistante (0–27)"),
        ("[flaps]\npins = [5, 6, 13]\n", "flaps.pins: 3 broches (9 ou 12 attendues)"),
        ("[flaps]\nsettle_ms = true\n", "flaps.settle_ms: True : nombre"),
        ("gpio = 3\n", "gpio: doit être une table"),
    ],
)
def test_a_wrong_value_names_the_key(tmp_path: Path, text: str, start: str) -> None:
    message = error_of(tmp_path, text)
    assert message.startswith(start), message
    assert " / " in message  # the English follows the French


def test_pins_used_twice_across_enabled_devices(tmp_path: Path) -> None:
    gpio = "[board]\ntransport = 'gpio'\n"
    assert error_of(tmp_path, gpio + "[buttons]\nenabled = true\nmenu = 20\n").startswith(
        "buttons.menu: broche 20 déjà prise par gpio.rows[7]"
    )
    assert error_of(tmp_path, gpio + "[flaps]\nenabled = true\n").startswith(
        "flaps.pins[0]: broche 5 déjà prise par gpio.rows[0]"
    )
    leds = "[gpio]\ncols = [4, 17, 27, 22, 23, 24, 25, 10]\n[gpio.leds]\ndriver = '74hc595'\n"
    assert error_of(tmp_path, gpio + leds).startswith(
        "gpio.leds.data: broche 10 déjà prise par gpio.cols[7]"
    )
    assert error_of(
        tmp_path, "[buttons]\nenabled = true\nmenu = 4\nback = 4\n"
    ).startswith("buttons.back: broche 4 déjà prise par buttons.menu")
    uart = "[board]\ntransport = 'serial'\n[serial]\nport = '/dev/serial0'\n"
    assert error_of(tmp_path, uart + "[presence]\nenabled = true\npin = 15\n").startswith(
        "presence.pin: broche 15 déjà prise par serial.port"
    )


def test_pins_shared_with_a_device_that_is_off_are_accepted(tmp_path: Path) -> None:
    # the default flaps reuse the matrix pins: fine while one of them is off
    config = load_hardware(write(tmp_path, "[board]\ntransport = 'gpio'\n"))
    assert config.pins_in_use()[5] == "gpio.rows[0]"
    config = load_hardware(write(tmp_path, "[flaps]\nenabled = true\n[buttons]\nenabled = true\n"))
    assert config.pins_in_use() == {
        **{pin: f"flaps.pins[{i}]" for i, pin in enumerate(config.flaps.pins)},
        2: "buttons.menu", 3: "buttons.back", 9: "buttons.hint",
    }


def test_not_toml_or_missing_names_the_file(tmp_path: Path) -> None:
    assert error_of(tmp_path, "[gpio\n").startswith("TOML invalide")
    missing = tmp_path / "absent.toml"
    with pytest.raises(HardwareConfigError, match=f"^{missing}: fichier introuvable"):
        load_hardware(missing)


def test_build_the_gpio_board_and_inputs(tmp_path: Path, factory: MockFactory) -> None:
    config = load_hardware(write(tmp_path, """
[board]
transport = "gpio"
[gpio]
rows = [5, 6, 13, 19]
cols = [4, 17]
scan_hz = 200
[gpio.leds]
driver = "74hc595"
channels = 3
[buttons]
enabled = true
menu = false
back = 3
[presence]
enabled = true
"""))
    hardware = build_hardware(config, pin_factory=factory, start=False)
    try:
        board = hardware.board
        assert isinstance(board, GpioBoard)
        assert (board.rows, board.cols, board.scan_hz) == (4, 2, 200)
        assert isinstance(board.leds, ShiftRegisterLeds) and board.leds.length == 24
        assert board.events() == [BoardConnected(4, 2, "gpio")]
        assert hardware.inputs is not None
        for pin in (2, 3):  # menu = false: no button on 2
            factory.pin(pin).drive_low()
            factory.pin(pin).drive_high()
        assert hardware.inputs.events() == [ButtonPressed("back")]
        assert {factory.pin(p).function for p in (5, 6, 13, 19, 10, 11, 8)} == {"output"}
    finally:
        hardware.close()


def test_build_without_leds_and_a_serial_maker(tmp_path: Path, factory: MockFactory) -> None:
    config = load_hardware(write(tmp_path, "[board]\ntransport = 'gpio'\n"))
    hardware = build_hardware(config, pin_factory=factory, start=False)
    assert isinstance(hardware.board, GpioBoard) and isinstance(hardware.board.leds, NullLedSink)
    assert hardware.inputs is None
    hardware.close()

    serial = load_hardware(write(tmp_path, "[board]\ntransport = 'serial'\n"
                                           "[serial]\nport = 'loop://'\nbaudrate = 57600\n"))
    with pytest.raises(HardwareConfigError, match=r"board\.transport"):
        build_hardware(serial)
    asked: list[SerialConfig] = []

    def maker(settings: SerialConfig) -> SensorBoard:
        asked.append(settings)
        return MemoryBoard(8, 8)

    assert isinstance(build_hardware(serial, serial=maker).board, MemoryBoard)
    assert asked == [SerialConfig("loop://", 57600)]


def test_a_failing_device_releases_what_was_built(tmp_path: Path, factory: MockFactory) -> None:
    config = load_hardware(write(tmp_path, "[board]\ntransport = 'gpio'\n"
                                           "[presence]\nenabled = true\npin = 18\n"))
    from gpiozero import DigitalInputDevice  # type: ignore[import-untyped]

    holder = DigitalInputDevice(18, pin_factory=factory)  # the PIR's pin taken elsewhere
    with pytest.raises(Exception, match="18"):
        build_hardware(config, pin_factory=factory, start=False)
    holder.close()
    # the matrix pins were released: building again works
    again = build_hardware(config, pin_factory=factory, start=False)
    again.close()
