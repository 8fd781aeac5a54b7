"""``ludokiosk doctor``: is this machine ready to run the kiosk? One line per check.

Each check says ``ok``, ``warn`` (the kiosk runs, with less) or ``fail``
(something the kiosk needs is broken), in French or in English::

    ok    écran       KMSDRM 1920×1080
    ok    polices     DejaVu : 7 styles (/usr/share/fonts/truetype/dejavu)
    warn  réglages    /etc/ludokiosk/kiosk.toml : clé 'kiosk.rotation' = 45 : …
    ok    code        changé depuis l'installation
    ok    démarrages  le dernier démarrage a tenu
    ok    base        /var/lib/ludokiosk/ludokiosk.sqlite3 : intègre, 1,2 Mo
    ok    plateau     série /dev/ttyACM0 : 8×8, ludoplateau 1.2 (protocole 1), 32 cases occupées
    ok    entrées     aucune entrée configurée
    ok    disque      12,4 Go libres (/var/lib/ludokiosk)
    doctor: 8 ok, 1 warn, 0 fail

The exit code is 1 when a check fails. The checks open the real parts the
kiosk would open (the display through SDL, the serial board with its
driver, the GPIO pins through gpiozero), so run the doctor with the kiosk's
service stopped: the two would fight over the screen, the port and the pins.
"""

from __future__ import annotations

import argparse
import contextlib
import logging
import os
import shutil
import sqlite3
import sys
import tempfile
import time
import warnings
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import pygame

from drivers.hardware_config import (
    Hardware,
    HardwareConfig,
    HardwareConfigError,
    SerialConfig,
    build_hardware,
    load_hardware,
)
from drivers.sensorboard import SensorBoard
from kiosk import paths
from kiosk.config import PUBLISHED_PIN, LoadedSettings, Settings, load_settings
from kiosk.paths import add_config_options
from kiosk.records_file import Damaged, check_schema
from kiosk.startup import SAFE_MODE_AFTER, StartCounter
from kiosk.ui import theme

OK, WARN, FAIL = "ok", "warn", "fail"
STATUSES = (OK, WARN, FAIL)
DISK_FAIL_BELOW = 50 * 1000**2
DISK_WARN_BELOW = 500 * 1000**2
DEFAULT_TIMEOUT = 3.0


@dataclass(frozen=True)
class Text:
    """A message in French and in English."""

    fr: str
    en: str

    def get(self, lang: str) -> str:
        return self.en if lang == "en" else self.fr


@dataclass(frozen=True)
class Result:
    """One line of the doctor's report."""

    status: str
    check: Text
    text: Text

    def line(self, lang: str) -> str:
        return f"{self.status:<6}{self.check.get(lang):<12}{self.text.get(lang)}"


@dataclass(frozen=True)
class Options:
    """What the checks look at: the kiosk's files as ``ludokiosk`` would read them."""

    config: Path | None = None
    hardware: Path | None = None
    timeout: float = DEFAULT_TIMEOUT
    pin_factory: Any = None
    """gpiozero's pin factory (``None``: its default, the Pi's pins)."""


Check = Callable[[Options], list[Result]]

DISPLAY = Text("écran", "display")
FONTS = Text("polices", "fonts")
CONFIG = Text("réglages", "config")
DATABASE = Text("base", "database")
BOARD = Text("plateau", "board")
INPUTS = Text("entrées", "inputs")
DISK = Text("disque", "disk")
STARTS = Text("démarrages", "starts")
PIN = Text("code", "PIN")


def _size(count: float) -> Text:
    """A number of bytes for people: ``1,2 Mo`` / ``1.2 MB``."""
    for fr, en, scale in (("Go", "GB", 1e9), ("Mo", "MB", 1e6), ("ko", "kB", 1e3)):
        if count >= scale:
            value = f"{count / scale:.1f}"
            return Text(f"{value.replace('.', ',')} {fr}", f"{value} {en}")
    return Text(f"{int(count)} o", f"{int(count)} B")


# --- display and fonts -------------------------------------------------------


def check_display(options: Options) -> list[Result]:
    """SDL opens the display the kiosk would use (KMSDRM without a desktop)."""
    if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        os.environ.setdefault("SDL_VIDEODRIVER", "kmsdrm")  # as the kiosk does
    wanted = os.environ.get("SDL_VIDEODRIVER") or "auto"
    already = pygame.display.get_init()
    try:
        if not already:
            pygame.display.init()
        driver = pygame.display.get_driver()
        if driver == "dummy":
            return [
                Result(
                    WARN,
                    DISPLAY,
                    Text(
                        "pas d'écran : pilote factice (SDL_VIDEODRIVER=dummy)",
                        "no screen: dummy driver (SDL_VIDEODRIVER=dummy)",
                    ),
                )
            ]
        if not already:
            pygame.display.set_mode((64, 64))
        sizes = pygame.display.get_desktop_sizes()
    except pygame.error as error:
        return [
            Result(
                FAIL,
                DISPLAY,
                Text(
                    f"SDL ne peut pas ouvrir l'écran ({wanted}) : {error}",
                    f"SDL cannot open the display ({wanted}): {error}",
                ),
            )
        ]
    finally:
        if not already:
            pygame.display.quit()
    size = f" {sizes[0][0]}×{sizes[0][1]}" if sizes else ""
    return [Result(OK, DISPLAY, Text(f"{driver.upper()}{size}", f"{driver.upper()}{size}"))]


def check_fonts(options: Options) -> list[Result]:
    """The theme's fonts are found and load; pygame's own font is only a fallback."""
    missing = theme.missing_fonts()
    found = {style: theme.font_path(style) for style in theme.FONT_FILES}
    already = pygame.font.get_init()
    broken: list[str] = []
    try:
        if not already:
            pygame.font.init()
        for path in sorted({p for p in found.values() if p is not None}):
            try:
                pygame.font.Font(path, 16).render("Ludogîte", True, (0, 0, 0))
            except (OSError, pygame.error) as error:
                broken.append(f"{path} ({error})")
    finally:
        if not already:
            pygame.font.quit()
    if broken:
        listed = "; ".join(broken)
        return [
            Result(FAIL, FONTS, Text(f"police illisible : {listed}", f"unreadable font: {listed}"))
        ]
    if missing:
        styles = ", ".join(missing)
        return [
            Result(
                WARN,
                FONTS,
                Text(
                    f"police de pygame pour {styles} (paquet fonts-dejavu-core manquant ?)",
                    f"pygame's font for {styles} (package fonts-dejavu-core missing?)",
                ),
            )
        ]
    folders = ", ".join(sorted({str(Path(p).parent) for p in found.values() if p}))
    count = len(found)
    return [
        Result(
            OK,
            FONTS,
            Text(f"DejaVu : {count} styles ({folders})", f"DejaVu: {count} styles ({folders})"),
        )
    ]


# --- configuration -----------------------------------------------------------


def _hardware_config(options: Options) -> HardwareConfig | Text:
    """The hardware settings, or what is wrong with their file."""
    try:
        return load_hardware(options.hardware)
    except HardwareConfigError as error:
        return Text(str(error), str(error))
    except Exception as error:
        where = options.hardware or "config/hardware.toml"
        what = f"{type(error).__name__}: {error}"
        return Text(f"{where} : illisible ({what})", f"{where}: cannot be read ({what})")


def _settings(options: Options) -> LoadedSettings:
    """The settings as the kiosk reads them (the defaults if even that fails)."""
    try:
        return load_settings(options.config)
    except Exception:
        return LoadedSettings(Settings(), (), ())


def check_config(options: Options) -> list[Result]:
    """The kiosk's settings, the board files and the hardware file."""
    from kiosk.board.mapping import board_file_problems, boards_dir

    loaded = load_settings(options.config)
    results = [Result(WARN, CONFIG, Text(p.fr, p.en)) for p in loaded.problems]
    unreadable = _unreadable(options)
    if unreadable:
        names = ", ".join(map(str, unreadable))
        results.append(
            Result(
                WARN,
                CONFIG,
                Text(
                    f"{names} : illisible pour l'utilisateur {_user()} ; lancez le docteur comme"
                    " la borne : sudo -u ludokiosk ludokiosk doctor",
                    f"{names}: not readable by the user {_user()}; run the doctor as the kiosk"
                    " does: sudo -u ludokiosk ludokiosk doctor",
                ),
            )
        )
    for error in board_file_problems():
        where = f"{boards_dir() / error.file}: {error.key}"
        results.append(Result(WARN, CONFIG, Text(f"{where} : {error.fr}", f"{where}: {error.en}")))
    hardware = _hardware_config(options)
    files = [str(f) for f in loaded.files]
    if isinstance(hardware, HardwareConfig):
        files.append(hardware.source)
    else:
        results.append(
            Result(
                FAIL,
                CONFIG,
                Text(
                    f"{hardware.fr} ; la borne démarre sans matériel",
                    f"{hardware.en}; the kiosk starts without any hardware",
                ),
            )
        )
    if results:
        return results
    read = ", ".join(files)
    return [Result(OK, CONFIG, Text(f"{read} : sans problème", f"{read}: no problems"))]


def _unreadable(options: Options) -> list[Path]:
    """The settings files that are there but that this user may not read."""
    files = [options.config, options.hardware, paths.saved_settings_path()]
    return [f for f in files if f is not None and f.is_file() and not os.access(f, os.R_OK)]


def _user() -> str:
    with contextlib.suppress(Exception):
        import pwd

        return pwd.getpwuid(os.geteuid()).pw_name
    return str(os.geteuid())


def check_pin(options: Options) -> list[Result]:
    """The owners' code is not the one printed in the documentation."""
    if _unreadable(options):
        return [
            Result(
                WARN,
                PIN,
                Text(
                    "non vérifié : les réglages sont illisibles (voir réglages)",
                    "not checked: the settings cannot be read (see config)",
                ),
            )
        ]
    if _settings(options).settings.admin_pin != PUBLISHED_PIN:
        return [Result(OK, PIN, Text("changé depuis l'installation", "changed since installed"))]
    return [
        Result(
            WARN,
            PIN,
            Text(
                f"le code des propriétaires est encore {PUBLISHED_PIN}, celui de la"
                " documentation : changez-le ([admin] pin dans /etc/ludokiosk/kiosk.toml, ou"
                " sur l'écran des propriétaires)",
                f"the owners' code is still {PUBLISHED_PIN}, the one in the documentation:"
                " change it ([admin] pin in /etc/ludokiosk/kiosk.toml, or on the owners'"
                " screen)",
            ),
        )
    ]


def check_starts(options: Options) -> list[Result]:
    """The kiosk's last starts lasted, and the last one was not in safe mode."""
    counter = StartCounter()
    starts = counter.read()
    if starts.safe:
        return [
            Result(
                WARN,
                STARTS,
                Text(
                    f"mode sans échec après {starts.safe_after} démarrages ratés de suite :"
                    " la borne tourne avec les réglages par défaut, sans matériel ni reprise."
                    " Cause : journalctl -u ludokiosk ; une fois réparé : sudo systemctl"
                    " restart ludokiosk",
                    f"safe mode after {starts.safe_after} failed starts in a row: the kiosk"
                    " runs with the default settings, no hardware, no resume. Why: journalctl"
                    " -u ludokiosk; once mended: sudo systemctl restart ludokiosk",
                ),
            )
        ]
    if starts.failed == 0:
        return [Result(OK, STARTS, Text("le dernier démarrage a tenu", "the last start held"))]
    return [
        Result(
            WARN,
            STARTS,
            Text(
                f"{starts.failed} démarrage(s) de suite sans tenir une minute (mode sans échec"
                f" à partir de {SAFE_MODE_AFTER}) : journalctl -u ludokiosk",
                f"{starts.failed} start(s) in a row that did not last a minute (safe mode"
                f" from {SAFE_MODE_AFTER}): journalctl -u ludokiosk",
            ),
        )
    ]


# --- data --------------------------------------------------------------------


def _existing(path: Path) -> Path:
    """``path`` or its nearest ancestor that exists."""
    while not path.exists() and path != path.parent:
        path = path.parent
    return path


def check_database(options: Options) -> list[Result]:
    """The data directory is writable and the SQLite database, if any, is sound."""
    folder = paths.data_dir()
    if not folder.exists():
        base = _existing(folder)
        if not base.is_dir():
            return [
                Result(
                    FAIL,
                    DATABASE,
                    Text(
                        f"{folder} : impossible à créer ({base} n'est pas un dossier)",
                        f"{folder}: cannot be created ({base} is not a directory)",
                    ),
                )
            ]
        if not os.access(base, os.W_OK | os.X_OK):
            return [
                Result(
                    FAIL,
                    DATABASE,
                    Text(
                        f"{folder} : impossible à créer (pas le droit d'écrire dans {base})",
                        f"{folder}: cannot be created (no write permission in {base})",
                    ),
                )
            ]
        return [
            Result(
                OK,
                DATABASE,
                Text(
                    f"pas encore de base ({folder} sera créé)",
                    f"no database yet ({folder} will be created)",
                ),
            )
        ]
    if not folder.is_dir():
        return [
            Result(
                FAIL,
                DATABASE,
                Text(f"{folder} n'est pas un dossier", f"{folder} is not a directory"),
            )
        ]
    try:
        with tempfile.TemporaryFile(dir=folder, prefix=".doctor-"):
            pass
    except OSError as error:
        return [
            Result(
                FAIL,
                DATABASE,
                Text(
                    f"{folder} : écriture impossible ({error.strerror})",
                    f"{folder}: cannot write ({error.strerror})",
                ),
            )
        ]
    database = paths.database_path()
    if not database.exists():
        return [
            Result(
                OK, DATABASE, Text(f"pas encore de base ({folder})", f"no database yet ({folder})")
            )
        ]
    problem = _quick_check(database)
    if problem is not None:
        return [
            Result(
                FAIL,
                DATABASE,
                Text(f"{database} : base abîmée ({problem})", f"{database}: damaged ({problem})"),
            )
        ]
    size = _size(database.stat().st_size)
    return [
        Result(
            OK,
            DATABASE,
            Text(f"{database} : intègre, {size.fr}", f"{database}: sound, {size.en}"),
        )
    ]


def _quick_check(database: Path) -> str | None:
    """What ``PRAGMA quick_check`` finds wrong (opened read-only), or ``None``."""
    try:
        uri = database.resolve().as_uri() + "?mode=ro"
        with contextlib.closing(sqlite3.connect(uri, uri=True, timeout=2.0)) as connection:
            rows = connection.execute("PRAGMA quick_check").fetchall()
            if [str(row[0]) for row in rows] == ["ok"]:
                check_schema(connection)
    except (sqlite3.Error, Damaged) as error:
        return str(error)
    found = [str(row[0]) for row in rows]
    if found == ["ok"]:
        return None
    more = f" (+{len(found) - 1})" if len(found) > 1 else ""
    return (found[0] if found else "quick_check") + more


def check_disk(options: Options) -> list[Result]:
    """Free space where the data directory is (or will be)."""
    folder = _existing(paths.data_dir())
    free = shutil.disk_usage(folder).free
    size = _size(free)
    status = FAIL if free < DISK_FAIL_BELOW else WARN if free < DISK_WARN_BELOW else OK
    return [
        Result(
            status, DISK, Text(f"{size.fr} libres ({folder})", f"{size.en} free ({folder})")
        )
    ]


# --- hardware ----------------------------------------------------------------


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
    config = _hardware_config(options)
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
    config = _hardware_config(options)
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


# --- running -----------------------------------------------------------------

CHECKS: tuple[Check, ...] = (
    check_display,
    check_fonts,
    check_config,
    check_pin,
    check_starts,
    check_database,
    check_board,
    check_inputs,
    check_disk,
)
NAMES: dict[Check, Text] = {
    check_display: DISPLAY,
    check_fonts: FONTS,
    check_config: CONFIG,
    check_pin: PIN,
    check_starts: STARTS,
    check_database: DATABASE,
    check_board: BOARD,
    check_inputs: INPUTS,
    check_disk: DISK,
}


def run(options: Options, checks: Sequence[Check] = CHECKS) -> Iterator[Result]:
    """Every check's lines, in order; a check that crashes is a ``fail`` saying how."""
    for check in checks:
        try:
            yield from check(options)
        except Exception as error:
            name = NAMES.get(check, Text(check.__name__, check.__name__))
            what = f"{type(error).__name__}: {error}"
            yield Result(
                FAIL, name, Text(f"erreur inattendue : {what}", f"unexpected error: {what}")
            )


def summary(results: Sequence[Result]) -> str:
    counts = {status: sum(r.status == status for r in results) for status in STATUSES}
    return f"doctor: {counts[OK]} ok, {counts[WARN]} warn, {counts[FAIL]} fail"


def _seconds(text: str) -> float:
    value = float(text)
    if not 0 < value <= 60:
        raise argparse.ArgumentTypeError(f"{text} : de 0 à 60 secondes")
    return value


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="ludokiosk doctor",
        description="Vérifie l'écran, les polices, les réglages, la base, le matériel, le disque.",
    )
    add_config_options(parser)
    parser.add_argument(
        "--timeout",
        type=_seconds,
        default=DEFAULT_TIMEOUT,
        help=f"secondes d'attente du plateau (défaut {DEFAULT_TIMEOUT:g})",
    )
    parser.add_argument("--lang", choices=("fr", "en"), help="langue (sinon celle des réglages)")
    return parser.parse_args(list(argv))


def main(argv: Sequence[str] | None = None) -> int:
    """Run every check, print one line each and a summary; 1 if one failed."""
    args = parse_args(sys.argv[1:] if argv is None else argv)
    options = Options(config=args.config, hardware=args.hardware, timeout=args.timeout)
    lang = args.lang or _settings(options).settings.language
    results: list[Result] = []
    quiet = logging.NullHandler()  # the drivers' log lines: the report says it all
    root = logging.getLogger()
    root.addHandler(quiet)
    try:
        for result in run(options):
            print(result.line(lang), flush=True)
            results.append(result)
    finally:
        root.removeHandler(quiet)
    print(summary(results))
    return 1 if any(r.status == FAIL for r in results) else 0


if __name__ == "__main__":
    raise SystemExit(main())
