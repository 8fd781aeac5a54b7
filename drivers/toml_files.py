"""Reading a TOML file an owner may have damaged: any failure is one message naming the file.

:func:`read_toml` raises only :class:`TomlFileError`, whatever went wrong: a missing
or unreadable file, something that is not a regular file (a directory, a FIFO that
would block the start for ever), a file too big to be settings, bytes that are not
UTF-8 (a file saved in Latin-1 by an editor: ``# café``), invalid TOML, arrays
nested thousands deep, anything else. The message says where (the line, for a
bad byte) and what to do, in French and in English. The kiosk's settings, the
hardware file and the board files are all read through it.
"""

from __future__ import annotations

import os
import stat
import tomllib
from pathlib import Path
from typing import Any

MAX_BYTES = 1_000_000
"""Larger than any settings file: refused rather than read into memory."""


class TomlFileError(Exception):
    """A TOML file that cannot be used; :attr:`fr` and :attr:`en` say why."""

    def __init__(self, path: Path, fr: str, en: str) -> None:
        self.path, self.fr, self.en = path, fr, en
        super().__init__(f"{path} : {fr}")


def read_toml(path: Path) -> dict[str, Any]:
    """The tables of ``path``; raises :class:`TomlFileError` for any failure."""
    try:
        data = read_regular_file(path)
    except TomlFileError:
        raise
    except FileNotFoundError:
        raise TomlFileError(path, "fichier introuvable", "file not found") from None
    except OSError as error:
        why = error.strerror or str(error)
        raise TomlFileError(path, f"illisible ({why})", f"cannot be read ({why})") from None
    except Exception as error:
        what = f"{type(error).__name__}: {error}"
        raise TomlFileError(path, f"illisible ({what})", f"cannot be read ({what})") from None
    return parse_toml(path, data)


def read_regular_file(path: Path) -> bytes:
    """The bytes of ``path`` if it is a regular file of a sensible size (never blocks).

    Raises :class:`TomlFileError` for anything else, ``OSError`` when it cannot be opened.
    """
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    with os.fdopen(fd, "rb") as handle:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise TomlFileError(path, "n'est pas un fichier ordinaire", "is not a regular file")
        if info.st_size > MAX_BYTES:
            raise TomlFileError(
                path,
                f"trop gros pour des réglages ({info.st_size} octets)",
                f"too big for settings ({info.st_size} bytes)",
            )
        return handle.read(MAX_BYTES + 1)


def parse_toml(path: Path, data: bytes) -> dict[str, Any]:
    """The tables of ``data`` read from ``path``; raises :class:`TomlFileError`."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        byte = data[error.start]
        raise TomlFileError(
            path,
            f"ligne {line} : caractère qui n'est pas de l'UTF-8 (octet 0x{byte:02X}) ;"
            " enregistrez le fichier en UTF-8",
            f"line {line}: a character that is not UTF-8 (byte 0x{byte:02X});"
            " save the file as UTF-8",
        ) from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise TomlFileError(
            path, f"TOML invalide ({error})", f"not valid TOML ({error})"
        ) from None
    except RecursionError:
        raise TomlFileError(
            path,
            "tableaux ou tables imbriqués trop profondément",
            "arrays or tables nested too deeply",
        ) from None
    except Exception as error:
        what = f"{type(error).__name__}: {error}"
        raise TomlFileError(path, f"illisible ({what})", f"cannot be read ({what})") from None
