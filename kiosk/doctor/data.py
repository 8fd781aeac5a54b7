"""The doctor's checks of the data directory: the database and the free space."""

from __future__ import annotations

import contextlib
import os
import shutil
import sqlite3
import tempfile
from pathlib import Path

from kiosk import paths
from kiosk.doctor.report import (
    DATABASE,
    DISK,
    DISK_FAIL_BELOW,
    DISK_WARN_BELOW,
    FAIL,
    OK,
    WARN,
    Options,
    Result,
    Text,
    size_text,
)
from kiosk.records_file import Damaged, check_schema


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
    size = size_text(database.stat().st_size)
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
    size = size_text(free)
    status = FAIL if free < DISK_FAIL_BELOW else WARN if free < DISK_WARN_BELOW else OK
    return [
        Result(
            status, DISK, Text(f"{size.fr} libres ({folder})", f"{size.en} free ({folder})")
        )
    ]


