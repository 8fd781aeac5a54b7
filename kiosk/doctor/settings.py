"""The doctor's checks of the settings: the files, the owners' code, the last starts."""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

from drivers.hardware_config import (
    HardwareConfig,
    HardwareConfigError,
    load_hardware,
)
from kiosk import paths
from kiosk.config import PUBLISHED_PIN, LoadedSettings, Settings, load_settings
from kiosk.doctor.report import (
    CONFIG,
    FAIL,
    OK,
    PIN,
    STARTS,
    WARN,
    Options,
    Result,
    Text,
)
from kiosk.startup import SAFE_MODE_AFTER, StartCounter


def hardware_settings(options: Options) -> HardwareConfig | Text:
    """The hardware settings, or what is wrong with their file."""
    try:
        return load_hardware(options.hardware)
    except HardwareConfigError as error:
        return Text(str(error), str(error))
    except Exception as error:
        where = options.hardware or "config/hardware.toml"
        what = f"{type(error).__name__}: {error}"
        return Text(f"{where} : illisible ({what})", f"{where}: cannot be read ({what})")


def settings_as_read(options: Options) -> LoadedSettings:
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
    hardware = hardware_settings(options)
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
    if settings_as_read(options).settings.admin_pin != PUBLISHED_PIN:
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


