"""Where the kiosk keeps its data and finds its configuration.

On the Pi the service sets ``STATE_DIRECTORY`` (``/var/lib/ludokiosk``) and
``CONFIGURATION_DIRECTORY`` (``/etc/ludokiosk``) through systemd's
``StateDirectory=`` and ``ConfigurationDirectory=``; a command typed on the Pi
(``ludokiosk doctor``) finds the same directories because the install made
them. ``LUDOKIOSK_DATA`` overrides the data directory (tests, a second kiosk on
a desktop); otherwise a desktop run keeps its data in
``$XDG_DATA_HOME/ludokiosk`` and its configuration in the checkout's ``config/``.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path

INSTALLED_DATA = Path("/var/lib/ludokiosk")
INSTALLED_CONFIG = Path("/etc/ludokiosk")
DATABASE_NAME = "ludokiosk.sqlite3"
SETTINGS_NAME = "reglages.toml"
"""The owners' changes made on the admin screen, read after the configuration files."""
FAILED_STARTS_NAME = "demarrages-rates"
"""How many starts in a row did not last (:mod:`kiosk.startup`): safe mode from 3."""


def data_dir() -> Path:
    """The directory for the database, the saved settings and the exports."""
    for variable in ("LUDOKIOSK_DATA", "STATE_DIRECTORY"):
        value = os.environ.get(variable)
        if value:
            return Path(value.split(":")[0])
    if INSTALLED_DATA.is_dir():
        return INSTALLED_DATA
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "ludokiosk"


def config_dir() -> Path | None:
    """The installed configuration directory (``/etc/ludokiosk``), if the service gives one."""
    value = os.environ.get("CONFIGURATION_DIRECTORY")
    if value:
        return Path(value.split(":")[0])
    return INSTALLED_CONFIG if INSTALLED_CONFIG.is_dir() else None


def installed_file(name: str) -> Path | None:
    """``name`` in the installed configuration directory, if it is there."""
    folder = config_dir()
    return folder / name if folder is not None and (folder / name).is_file() else None


def database_path() -> Path:
    return data_dir() / DATABASE_NAME


def saved_settings_path() -> Path:
    return data_dir() / SETTINGS_NAME


def failed_starts_path() -> Path:
    return data_dir() / FAILED_STARTS_NAME


def add_config_options(parser: argparse.ArgumentParser) -> None:
    """``--config`` and ``--hardware``, defaulting to the installed files when there are."""
    parser.add_argument(
        "--config",
        type=Path,
        default=installed_file("kiosk.toml"),
        help="un fichier de réglages qui complète config/kiosk.toml (défaut : /etc/ludokiosk)",
    )
    parser.add_argument(
        "--hardware",
        type=Path,
        default=installed_file("hardware.toml"),
        help="le fichier du matériel (plateau, boutons…), sinon config/hardware.toml",
    )
