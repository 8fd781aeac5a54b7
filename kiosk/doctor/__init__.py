"""``ludokiosk doctor``: is this machine ready to run the kiosk? One line per check.

Each check says ``ok``, ``warn`` (the kiosk runs, with less) or ``fail``
(something the kiosk needs is broken), in French or in English::

    ok    écran       KMSDRM 1920×1080
    ok    tactile     raspberrypi-ts (/dev/input/event0)
    ok    polices     DejaVu : 7 styles (/usr/share/fonts/truetype/dejavu)
    warn  réglages    /etc/ludokiosk/kiosk.toml : clé 'kiosk.rotation' = 45 : …
    ok    code        changé depuis l'installation
    ok    démarrages  le dernier démarrage a tenu
    ok    base        /var/lib/ludokiosk/ludokiosk.sqlite3 : intègre, 1,2 Mo
    ok    plateau     série /dev/ttyACM0 : 8×8, ludoplateau 1.2 (protocole 1), 32 cases occupées
    ok    entrées     aucune entrée configurée
    ok    disque      12,4 Go libres (/var/lib/ludokiosk)
    doctor: 9 ok, 1 warn, 0 fail

The exit code is 1 when a check fails. The checks open the real parts the
kiosk would open (the display through SDL, the serial board with its
driver, the GPIO pins through gpiozero), so run the doctor with the kiosk's
service stopped: the two would fight over the screen, the port and the pins.
"""

from __future__ import annotations

import argparse
import logging
import sys
from collections.abc import Iterator, Sequence

from kiosk.doctor.data import check_database, check_disk
from kiosk.doctor.hardware import check_board, check_inputs
from kiosk.doctor.report import (
    BOARD,
    CONFIG,
    DATABASE,
    DEFAULT_TIMEOUT,
    DISK,
    DISPLAY,
    FAIL,
    FONTS,
    INPUTS,
    OK,
    PIN,
    STARTS,
    STATUSES,
    TOUCH,
    WARN,
    Check,
    Options,
    Result,
    Text,
)
from kiosk.doctor.screen import check_display, check_fonts
from kiosk.doctor.settings import check_config, check_pin, check_starts, settings_as_read
from kiosk.doctor.touch import check_touch
from kiosk.paths import add_config_options

__all__ = [
    "CHECKS", "FAIL", "OK", "WARN", "Options", "Result", "Text", "check_board", "check_config",
    "check_database", "check_disk", "check_display", "check_fonts", "check_inputs", "check_pin",
    "check_starts", "check_touch", "main", "run", "summary",
]



CHECKS: tuple[Check, ...] = (
    check_display,
    check_touch,
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
    check_touch: TOUCH,
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
        description=(
            "Vérifie l'écran, le tactile, les polices, les réglages, la base, le matériel,"
            " le disque."
        ),
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
    lang = args.lang or settings_as_read(options).settings.language
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

