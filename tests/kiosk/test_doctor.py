"""``ludokiosk doctor`` on real parts: TOML and SQLite files, a pty board, gpiozero mock pins."""

from __future__ import annotations

import os
import re
import shutil
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple

import pygame
import pytest
from gpiozero import LED  # type: ignore[import-untyped]
from gpiozero.pins.mock import MockFactory  # type: ignore[import-untyped]

from drivers.simulator import BoardSimulator
from kiosk import doctor
from kiosk.doctor import FAIL, OK, WARN, Options, Result
from kiosk.paths import DATABASE_NAME
from kiosk.records import Records
from kiosk.ui import theme

ROOT = Path(__file__).resolve().parents[2]
LINE = re.compile(r"^(ok    |warn  |fail  )\S+ +\S.*$")
SUMMARY = re.compile(r"^doctor: (\d+) ok, (\d+) warn, (\d+) fail$")


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "data"
    monkeypatch.setenv("LUDOKIOSK_DATA", str(folder))
    return folder


@pytest.fixture
def factory() -> Iterator[MockFactory]:
    made = MockFactory()
    yield made
    made.reset()


def hardware_file(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "hardware.toml"
    path.write_text(text, encoding="utf-8")
    return path


def only(results: list[Result]) -> Result:
    assert len(results) == 1, results
    return results[0]


# --- configuration -------------------------------------------------------------


def test_a_wrong_setting_is_a_warning_naming_the_file_and_the_key(tmp_path: Path) -> None:
    kiosk_toml = tmp_path / "kiosk.toml"
    kiosk_toml.write_text("[kiosk]\nrotation = 45\n", encoding="utf-8")
    result = only(doctor.check_config(Options(config=kiosk_toml)))
    assert result.status == WARN
    assert str(kiosk_toml) in result.text.fr and "kiosk.rotation" in result.text.fr
    assert "kiosk.rotation" in result.line("en") and "config" in result.line("en")

    kiosk_toml.write_text("[kiosk\nrotation = 90\n", encoding="utf-8")
    result = only(doctor.check_config(Options(config=kiosk_toml)))
    assert result.status == WARN and str(kiosk_toml) in result.text.fr
    assert "TOML invalide" in result.text.fr and "not valid TOML" in result.text.en


def test_good_settings_are_ok(tmp_path: Path) -> None:
    kiosk_toml = tmp_path / "kiosk.toml"
    kiosk_toml.write_text("[kiosk]\nrotation = 180\n", encoding="utf-8")
    result = only(doctor.check_config(Options(config=kiosk_toml)))
    assert result.status == OK and str(kiosk_toml) in result.text.fr


def test_a_wrong_hardware_file_fails_and_leaves_the_hardware_unchecked(tmp_path: Path) -> None:
    wrong = hardware_file(tmp_path, "[board]\ntransport = 'usb'\n")
    options = Options(hardware=wrong)
    result = only(doctor.check_config(options))
    assert result.status == FAIL
    assert "hardware.toml" in result.text.fr and "board.transport" in result.text.fr
    assert "sans matériel" in result.text.fr and "without any hardware" in result.text.en
    for check in (doctor.check_board, doctor.check_inputs):
        assert only(check(options)).status == WARN


# --- data ------------------------------------------------------------------------


def test_no_database_yet_in_a_writable_folder(data: Path) -> None:
    result = only(doctor.check_database(Options()))
    assert result.status == OK and "pas encore de base" in result.text.fr
    assert not data.exists(), "the doctor creates nothing"
    data.mkdir()
    result = only(doctor.check_database(Options()))
    assert result.status == OK and "no database yet" in result.text.en
    assert list(data.iterdir()) == [], "the write test leaves nothing behind"


def test_a_sound_database_passes_quick_check(data: Path) -> None:
    with Records.open(data / DATABASE_NAME) as records:
        for _ in range(50):
            records.finish("moulin", ["humain", "expert"], ["a1"], "nulle", [], 1.0, 2.0)
    result = only(doctor.check_database(Options()))
    assert result.status == OK and "intègre" in result.text.fr and "sound" in result.text.en


def test_a_database_missing_a_table_fails(data: Path) -> None:
    Records.open(data / DATABASE_NAME).close()
    with sqlite3.connect(data / DATABASE_NAME) as connection:
        connection.execute("DROP TABLE games")
    connection.close()
    result = only(doctor.check_database(Options()))
    assert result.status == FAIL and "table games missing" in result.text.en


def test_a_corrupt_database_fails_naming_it(data: Path) -> None:
    data.mkdir()
    database = data / DATABASE_NAME
    database.write_bytes(b"ceci n'est pas une base SQLite\n" * 200)
    result = only(doctor.check_database(Options()))
    assert result.status == FAIL and str(database) in result.text.fr
    assert "abîmée" in result.text.fr and "damaged" in result.text.en
    assert database.read_bytes().startswith(b"ceci"), "opened read-only"


def test_a_data_folder_under_a_file_fails(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "fichier"
    blocker.write_text("", encoding="utf-8")
    monkeypatch.setenv("LUDOKIOSK_DATA", str(blocker / "data"))
    result = only(doctor.check_database(Options()))
    assert result.status == FAIL
    assert str(blocker) in result.text.fr and "n'est pas un dossier" in result.text.fr
    monkeypatch.setenv("LUDOKIOSK_DATA", str(blocker))
    assert only(doctor.check_database(Options())).status == FAIL


@pytest.mark.parametrize(
    ("free", "status"), [(10 * 1000**2, FAIL), (200 * 1000**2, WARN), (8 * 1000**3, OK)]
)
def test_disk_space_thresholds(
    data: Path, monkeypatch: pytest.MonkeyPatch, free: int, status: str
) -> None:
    seen: list[Path] = []

    class Usage(NamedTuple):
        total: int
        used: int
        free: int

    def usage(path: str | os.PathLike[str]) -> Usage:
        seen.append(Path(path))
        return Usage(16 * 1000**3, 16 * 1000**3 - free, free)

    monkeypatch.setattr(shutil, "disk_usage", usage)
    result = only(doctor.check_disk(Options()))
    assert result.status == status
    assert seen == [data.parent], "the nearest folder that exists"
    if status == WARN:
        assert result.text.fr.startswith("200,0 Mo libres") and "200.0 MB free" in result.text.en


# --- fonts -----------------------------------------------------------------------


@pytest.fixture
def font_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    folder = tmp_path / "fonts"
    folder.mkdir()
    monkeypatch.setattr(theme, "FONT_DIRS", (folder,))
    theme.font_path.cache_clear()
    yield folder
    theme.font_path.cache_clear()


def test_fonts_found_missing_or_unreadable(font_dir: Path) -> None:
    result = only(doctor.check_fonts(Options()))
    assert result.status == WARN and "sans, sans-bold" in result.text.fr

    real = Path(pygame.__file__).parent / "freesansbold.ttf"
    for names in theme.FONT_FILES.values():
        shutil.copy(real, font_dir / names[0])
    theme.font_path.cache_clear()
    result = only(doctor.check_fonts(Options()))
    assert result.status == OK and str(font_dir) in result.text.fr and "7 styles" in result.text.fr

    (font_dir / "DejaVuSerif.ttf").write_bytes(b"pas une police")
    result = only(doctor.check_fonts(Options()))
    assert result.status == FAIL and "DejaVuSerif.ttf" in result.text.fr


# --- the touch panel ---------------------------------------------------------------------
# /proc/bus/input/devices as the kernel writes it (tests/kiosk/input_devices/): a Pi 4 with
# the 7" Touch Display on its firmware driver (raspberrypi-ts; the block as the driver
# registers it: BUS_HOST, multi-touch positions, INPUT_MT_DIRECT), a Pi 4 on a 32-bit
# kernel with a USB ILITEK panel, a Pi 5 with a Goodix DSI panel, a Pi 5 with a keyboard
# only, and a laptop whose touchpad has the same bits as a panel but only points.

DEVICES = Path(__file__).with_name("input_devices")


def touch_options(tmp_path: Path, fixture: str, *nodes: str) -> Options:
    """The doctor reading ``fixture``, with ``nodes`` (``event4``…) present and readable."""
    dev = tmp_path / "dev-input"
    dev.mkdir(exist_ok=True)
    for node in nodes:
        (dev / node).write_bytes(b"")
    return Options(input_devices=DEVICES / f"{fixture}.txt", dev_input=dev)


def test_the_7_inch_touch_display_is_found_and_readable(tmp_path: Path) -> None:
    from kiosk.doctor.touch import parse_devices

    devices = parse_devices((DEVICES / "pi4-touch-display.txt").read_text(encoding="utf-8"))
    assert [d.name for d in devices] == [
        "vc4-hdmi-0", "vc4-hdmi-0 HDMI Jack", "vc4-hdmi-1", "vc4-hdmi-1 HDMI Jack",
        "raspberrypi-ts",
    ]
    assert [d.name for d in devices if d.touch_panel] == ["raspberrypi-ts"]
    assert devices[-1].event == "event4" and devices[0].event == "event0"
    result = only(doctor.check_touch(touch_options(tmp_path, "pi4-touch-display", "event4")))
    assert result.status == OK
    node = tmp_path / "dev-input" / "event4"
    assert result.line("fr") == f"ok    tactile     raspberrypi-ts ({node})"
    assert result.line("en") == f"ok    touch       raspberrypi-ts ({node})"


def test_a_usb_panel_on_a_32_bit_kernel_and_a_goodix_on_a_pi_5(tmp_path: Path) -> None:
    from kiosk.doctor.touch import ABS_MT_POSITION_X, ABS_MT_POSITION_Y, parse_devices

    text = (DEVICES / "pi4-usb-ilitek-32bit.txt").read_text(encoding="utf-8")
    ilitek = parse_devices(text)[0]
    assert ilitek.bitmaps["ABS"] == 0x260800000000003, "two 32-bit words: ABS=2608000 3"
    assert ilitek.has("ABS", ABS_MT_POSITION_X) and ilitek.has("ABS", ABS_MT_POSITION_Y)
    result = only(doctor.check_touch(touch_options(tmp_path, "pi4-usb-ilitek-32bit", "event0")))
    assert result.status == OK and result.text.fr.startswith("ILITEK Multi-Touch-V5100 (")
    result = only(doctor.check_touch(touch_options(tmp_path, "pi5-goodix-dsi", "event4")))
    assert result.status == OK and result.text.en.startswith("Goodix Capacitive TouchScreen (")


def test_a_keyboard_only_system_needs_a_mouse(tmp_path: Path) -> None:
    result = only(doctor.check_touch(touch_options(tmp_path, "pi5-keyboard-only")))
    assert result.status == WARN
    assert result.line("fr") == (
        "warn  tactile     aucune dalle tactile trouvée : les visiteurs auront besoin d'une"
        " souris (périphériques : pwr_button, Logitech USB Keyboard, vc4-hdmi-0, vc4-hdmi-1)"
    )
    assert result.text.en.startswith("no touch panel found: visitors need a mouse (devices: ")


def test_a_laptop_touchpad_is_not_a_touch_panel(tmp_path: Path) -> None:
    from kiosk.doctor.touch import parse_devices

    pad = parse_devices((DEVICES / "laptop-touchpad.txt").read_text(encoding="utf-8"))[1]
    assert pad.bitmaps["ABS"] == 0x260800000000003 and pad.touchpad and not pad.touch_panel
    result = only(doctor.check_touch(touch_options(tmp_path, "laptop-touchpad", "event13")))
    assert result.status == WARN and "visitors need a mouse" in result.text.en


def test_a_panel_the_kiosk_cannot_read_is_a_warning(tmp_path: Path) -> None:
    result = only(doctor.check_touch(touch_options(tmp_path, "pi4-touch-display")))
    assert result.status == WARN
    assert result.text.fr.endswith("event4 absent") and result.text.en.endswith("event4 missing")
    if os.geteuid() != 0:  # root reads every file
        options = touch_options(tmp_path, "pi4-touch-display", "event4")
        (options.dev_input / "event4").chmod(0o200)
        result = only(doctor.check_touch(options))
        assert result.status == WARN
        assert "illisible pour cet utilisateur (groupe input ?)" in result.text.fr
        assert "not readable by this user (input group?)" in result.text.en
    result = only(doctor.check_touch(Options(input_devices=tmp_path / "nothing")))
    assert result.status == WARN and "cannot be read" in result.text.en


# --- the sensor board and the inputs --------------------------------------------------


def test_a_serial_board_on_the_pty_simulator(tmp_path: Path) -> None:
    link = tmp_path / "board"
    config = hardware_file(tmp_path, f"[board]\ntransport = 'serial'\n[serial]\nport = '{link}'\n")
    with BoardSimulator(3, 4, link=link, occupied=[(0, 0), (2, 3)], firmware="carte-essai 2.1"):
        result = only(doctor.check_board(Options(hardware=config, timeout=3.0)))
    assert result.status == OK, result
    assert f"série {link} : 3×4, carte-essai 2.1 (protocole 1)" in result.text.fr
    assert "2 cases occupées" in result.text.fr
    assert "3×4, carte-essai 2.1 (protocol 1), 2 cells occupied" in result.text.en


def test_a_serial_board_with_nothing_on_the_port_fails_within_the_timeout(tmp_path: Path) -> None:
    port = tmp_path / "rien"
    config = hardware_file(tmp_path, f"[board]\ntransport = 'serial'\n[serial]\nport = '{port}'\n")
    started = time.monotonic()
    result = only(doctor.check_board(Options(hardware=config, timeout=0.4)))
    assert time.monotonic() - started < 1.5
    assert result.status == FAIL
    assert str(port) in result.text.fr and "pas de réponse en 0.4 s" in result.text.fr
    assert "ouverture impossible" in result.text.fr, "the driver's reason"


def test_no_board_configured(tmp_path: Path) -> None:
    config = hardware_file(tmp_path, "[board]\ntransport = 'none'\n")
    result = only(doctor.check_board(Options(hardware=config)))
    assert result.status == OK and result.text.fr == "aucun plateau configuré"


def test_a_gpio_board_with_gpiozero(tmp_path: Path, factory: MockFactory) -> None:
    config = hardware_file(tmp_path, "[board]\ntransport = 'gpio'\n")
    result = only(doctor.check_board(Options(hardware=config, pin_factory=factory)))
    assert result.status == OK and "GPIO : 8×8, 0 cases occupées" in result.text.fr
    taken = LED(5, pin_factory=factory)  # the first row's pin
    try:
        result = only(doctor.check_board(Options(hardware=config, pin_factory=factory)))
    finally:
        taken.close()
    assert result.status == FAIL and "in use" in result.text.fr


def test_inputs_with_gpiozero(tmp_path: Path, factory: MockFactory) -> None:
    config = hardware_file(
        tmp_path,
        "[buttons]\nenabled = true\nhint = false\n[presence]\nenabled = true\n"
        "[flaps]\nenabled = true\n",
    )
    result = only(doctor.check_inputs(Options(hardware=config, pin_factory=factory)))
    assert result.status == OK, result
    assert result.text.fr == "boutons menu (GPIO 2), back (GPIO 3); présence (GPIO 18); 9 volets"
    assert "presence sensor (GPIO 18); 9 flaps" in result.text.en
    taken = LED(18, pin_factory=factory)
    try:
        result = only(doctor.check_inputs(Options(hardware=config, pin_factory=factory)))
    finally:
        taken.close()
    assert result.status == FAIL and result.text.fr.startswith("gpiozero : ")
    assert "18" in result.text.fr and "in use" in result.text.fr


def test_no_inputs_configured(tmp_path: Path) -> None:
    config = hardware_file(tmp_path, "[buttons]\nenabled = false\n")
    result = only(doctor.check_inputs(Options(hardware=config)))
    assert result.status == OK and result.text.en == "no inputs configured"


# --- the command -------------------------------------------------------------------------


def test_a_check_that_crashes_is_a_failure() -> None:
    def broken(options: Options) -> list[Result]:
        raise RuntimeError("boum")

    (result,) = doctor.run(Options(), [broken])
    assert result.status == FAIL and "RuntimeError: boum" in result.text.fr


def lines_of(output: str) -> tuple[list[str], tuple[int, int, int]]:
    *lines, last = output.strip().splitlines()
    assert all(LINE.match(line) for line in lines), lines
    found = SUMMARY.match(last)
    assert found, last
    counts = (int(found[1]), int(found[2]), int(found[3]))
    assert sum(counts) == len(lines)
    return lines, counts


def test_the_exit_code_and_english(
    tmp_path: Path, data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config = hardware_file(tmp_path, "[board]\ntransport = 'none'\n")
    assert doctor.main(["--hardware", str(config), "--lang", "en"]) == 0
    lines, counts = lines_of(capsys.readouterr().out)
    assert counts[2] == 0
    assert [line.split()[1] for line in lines] == [
        "display", "touch", "fonts", "config", "PIN", "starts", "database", "board", "inputs",
        "disk",
    ]
    assert "still 2468" in lines[4] and "the last start held" in lines[5]
    assert "no database yet" in lines[6] and "no board configured" in lines[7]

    data.mkdir()
    (data / DATABASE_NAME).write_bytes(b"\x00garbage" * 100)
    assert doctor.main(["--hardware", str(config)]) == 1
    lines, counts = lines_of(capsys.readouterr().out)
    assert counts[2] == 1
    assert lines[6].startswith("fail  base        ") and DATABASE_NAME in lines[6]


def test_the_configured_language_is_the_default(
    tmp_path: Path, data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    kiosk_toml = tmp_path / "kiosk.toml"
    kiosk_toml.write_text("[kiosk]\nlanguage = 'en'\n", encoding="utf-8")
    config = hardware_file(tmp_path, "")
    assert doctor.main(["--config", str(kiosk_toml), "--hardware", str(config)]) == 0
    assert "ok    board       no board configured" in capsys.readouterr().out


def run_command(tmp_path: Path, driver: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, SDL_VIDEODRIVER=driver, LUDOKIOSK_DATA=str(tmp_path / "data"))
    config = hardware_file(tmp_path, "[board]\ntransport = 'none'\n")
    return subprocess.run(
        [sys.executable, "-m", "kiosk.doctor", "--hardware", str(config)],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=60, check=False,
    )


def test_the_command_without_a_screen(tmp_path: Path) -> None:
    done = run_command(tmp_path, "dummy")
    assert done.returncode == 0, done.stdout + done.stderr
    lines, _ = lines_of(done.stdout)
    assert lines[0] == "warn  écran       pas d'écran : pilote factice (SDL_VIDEODRIVER=dummy)"
    assert "Traceback" not in done.stderr

    done = run_command(tmp_path, "nosuchdriver")
    assert done.returncode == 1
    lines, counts = lines_of(done.stdout)
    assert counts[2] == 1
    assert lines[0].startswith("fail  écran       SDL ne peut pas ouvrir l'écran (nosuchdriver)")


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads every file: run as a plain user")
def test_settings_the_user_may_not_read_say_how_to_run_the_doctor(tmp_path: Path) -> None:
    config = tmp_path / "kiosk.toml"
    config.write_text('[admin]\npin = "97531"\n', encoding="utf-8")
    config.chmod(0o200)  # as /etc/ludokiosk/kiosk.toml (0640 root:ludokiosk) is to the owner
    results = doctor.check_config(Options(config=config))
    assert any("sudo -u ludokiosk ludokiosk doctor" in r.text.en for r in results)
    (pin,) = doctor.check_pin(Options(config=config))
    assert pin.status == WARN and "not checked" in pin.text.en
