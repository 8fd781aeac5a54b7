"""Where the kiosk keeps its data and finds its configuration.

On the Pi the service sets ``STATE_DIRECTORY`` (``/var/lib/ludokiosk``) and
``CONFIGURATION_DIRECTORY`` (``/etc/ludokiosk``) through systemd's
``StateDirectory=`` and ``ConfigurationDirectory=``. ``LUDOKIOSK_DATA``
overrides the data directory (tests, a second kiosk on a desktop); otherwise
a desktop run keeps its data in ``$XDG_DATA_HOME/ludokiosk``.
"""

from __future__ import annotations

import os
from pathlib import Path

DATABASE_NAME = "ludokiosk.sqlite3"
SETTINGS_NAME = "reglages.toml"
"""The owners' changes made on the admin screen, read after the configuration files."""


def data_dir() -> Path:
    """The directory for the database, the saved settings and the exports."""
    for variable in ("LUDOKIOSK_DATA", "STATE_DIRECTORY"):
        value = os.environ.get(variable)
        if value:
            return Path(value.split(":")[0])
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "ludokiosk"


def config_dir() -> Path | None:
    """The installed configuration directory (``/etc/ludokiosk``), if the service gives one."""
    value = os.environ.get("CONFIGURATION_DIRECTORY")
    return Path(value.split(":")[0]) if value else None


def database_path() -> Path:
    return data_dir() / DATABASE_NAME


def saved_settings_path() -> Path:
    return data_dir() / SETTINGS_NAME
