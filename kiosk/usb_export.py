"""The CSV export: one new file on the kiosk's disk and on every USB stick.

The file holds every game the kiosk recorded, one row each: the games played
to their end with their result, and the games left before it (menu, idle
timeout) with the result ``abandon``; :class:`Export` counts both.

A stick is whatever a visitor plugs in: it may hold a symbolic link or a
FIFO at the export's name, be read-only or full, or be pulled out at once.
So a file is only ever *created* there, never opened if it exists:

- the stick's folder is opened with ``O_DIRECTORY | O_NOFOLLOW`` and the file
  created relative to it with ``O_CREAT | O_EXCL | O_NOFOLLOW``; when the name
  is taken (by anything, a link included), the next name is tried
  (``…-2.csv``, ``…-3.csv``);
- the file and then the folder are flushed (``fsync``) before the export
  says "written": the stick may leave the moment the screen says so;
- after a failed write, only the file this export created is removed, through
  the same folder, and only while it is still that file.

The local copy goes to ``<data directory>/exports/`` with the same care.
Sticks are the mounted folders at ``/media/*`` and ``/media/*/*``: the
service's own mounts (``/media/ludokiosk/<device>``, see
``systemd/ludokiosk-stick``) and a desktop's (``/media/<user>/<label>``).
No pygame here: :mod:`kiosk.scenes.admin.export` draws the screen.
"""

from __future__ import annotations

import contextlib
import csv
import datetime
import errno
import io
import logging
import os
import sqlite3
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

from kiosk import paths

log = logging.getLogger(__name__)

MEDIA = Path("/media")
IsMount = Callable[[Path], bool]

NAME_TRIES = 50
"""How many names (``x.csv``, ``x-2.csv`` … ``x-50.csv``) are tried before giving up."""
STICK_FILE_MODE = 0o644
LOCAL_FILE_MODE = 0o640
EXPORTS_DIR_MODE = 0o750

# What went wrong, for the screen (kiosk/scenes/admin/export.py words each one).
READ_ONLY = "read-only"
FULL = "full"
DENIED = "denied"
GONE = "gone"
NAMES_TAKEN = "names-taken"
NOT_A_FOLDER = "not-a-folder"
OTHER = "other"

_KINDS = {
    errno.EROFS: READ_ONLY,
    errno.ENOSPC: FULL,
    errno.EDQUOT: FULL,
    errno.EACCES: DENIED,
    errno.EPERM: DENIED,
    errno.EIO: GONE,
    errno.ENODEV: GONE,
    errno.ENXIO: GONE,
    errno.ENOENT: GONE,
    errno.EEXIST: NAMES_TAKEN,
    errno.ENOTDIR: NOT_A_FOLDER,
    errno.ELOOP: NOT_A_FOLDER,
}


@dataclass(frozen=True)
class Problem:
    """Why a place was not written: a kind (``READ_ONLY``, ``FULL``…) and the system's words."""

    kind: str
    detail: str

    def __str__(self) -> str:
        return self.detail


class Failure(NamedTuple):
    """A file that could not be written, and why."""

    path: Path
    problem: Problem


@dataclass
class Export:
    """What an export wrote: the files, the rows, and the places that failed."""

    rows: int = 0
    abandoned: int = 0
    """How many of the rows are games left before their end (result ``abandon``)."""
    written: list[Path] = field(default_factory=list)
    failed: list[Failure] = field(default_factory=list)
    folder: Path | None = None
    """The kiosk's own exports folder; every other place is a stick."""

    def on_stick(self, path: Path) -> bool:
        """Is ``path`` (written or failed) on a stick rather than on the kiosk?"""
        return path.parent != self.folder

    @property
    def sticks_written(self) -> list[Path]:
        return [path for path in self.written if self.on_stick(path)]


def problem_of(error: OSError | sqlite3.Error) -> Problem:
    """The kind of an error (by its errno) and its message."""
    if isinstance(error, OSError):
        kind = _KINDS.get(error.errno or 0, OTHER)
        return Problem(kind, error.strerror or str(error))
    return Problem(OTHER, str(error))


def export_name(moment: datetime.datetime) -> str:
    """``ludokiosk-20240503-142501.csv``."""
    return f"ludokiosk-{moment:%Y%m%d-%H%M%S}.csv"


def candidate_names(name: str, tries: int = NAME_TRIES) -> Iterator[str]:
    """``name``, then ``stem-2.suffix`` … ``stem-<tries>.suffix``."""
    yield name
    stem, dot, suffix = name.rpartition(".")
    for number in range(2, tries + 1):
        yield f"{stem}-{number}{dot}{suffix}" if dot else f"{name}-{number}"


def exports_dir() -> Path:
    return paths.data_dir() / "exports"


def usb_sticks(media: Path | None = None, is_mount: IsMount = os.path.ismount) -> list[Path]:
    """Mounted folders at ``media/*`` or ``media/*/*`` (default :data:`MEDIA`), read-only too.

    A stick mounted twice (by the kiosk's rule and a desktop's automounter) is
    listed once: the same file system is written once.
    """
    media = MEDIA if media is None else media
    found: list[Path] = []
    devices: set[int] = set()
    try:
        candidates = [*media.glob("*"), *media.glob("*/*")]
    except OSError:
        return found
    for folder in sorted(candidates):
        try:
            usable = not folder.is_symlink() and folder.is_dir() and is_mount(folder)
            device = folder.stat().st_dev if usable else -1
        except OSError:
            usable, device = False, -1
        if usable and device not in devices:
            devices.add(device)
            found.append(folder)
    return found


def read_only(folder: Path) -> bool:
    """Is ``folder`` on a file system mounted read-only?"""
    try:
        return bool(os.statvfs(folder).f_flag & os.ST_RDONLY)
    except OSError:
        return False


# ------------------------------------------------------------------ writing one new file


def open_folder(folder: Path, create: bool = False, mode: int = EXPORTS_DIR_MODE) -> int:
    """A descriptor of ``folder`` itself, never of what a link there points to.

    With ``create``, its parents are made as needed and ``folder`` with ``mode``.
    """
    if create:
        folder.parent.mkdir(parents=True, exist_ok=True)
    parent = os.open(folder.parent, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    try:
        if create:
            with contextlib.suppress(FileExistsError):
                os.mkdir(folder.name, mode, dir_fd=parent)
        return os.open(
            folder.name,
            os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC,
            dir_fd=parent,
        )
    finally:
        os.close(parent)


def _create(folder_fd: int, name: str, mode: int) -> tuple[int, str]:
    """A new file at the first free name: never an existing file, link or FIFO."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_NOCTTY | os.O_CLOEXEC
    for candidate in candidate_names(name):
        try:
            return os.open(candidate, flags, mode, dir_fd=folder_fd), candidate
        except FileExistsError:
            continue
    raise FileExistsError(errno.EEXIST, f"{name} … -{NAME_TRIES}: every name is taken")


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        done = os.write(fd, view)
        view = view[done:]


def _remove_own(folder_fd: int, name: str, own: os.stat_result) -> None:
    """Remove ``name`` if it is still the file this export created (same device and inode)."""
    with contextlib.suppress(OSError):
        now = os.stat(name, dir_fd=folder_fd, follow_symlinks=False)
        if (now.st_dev, now.st_ino) == (own.st_dev, own.st_ino):
            os.unlink(name, dir_fd=folder_fd)


def _sync_folder(folder_fd: int) -> None:
    """The new name made durable; where a folder cannot be synced alone, everything is."""
    try:
        os.fsync(folder_fd)
    except OSError as error:
        if error.errno not in (errno.EINVAL, errno.EOPNOTSUPP, errno.ENOTSUP, errno.ENOSYS):
            raise
        os.sync()


def write_new(folder_fd: int, name: str, data: bytes, mode: int) -> str:
    """Create a new file in the open folder, write ``data`` and sync it; its name.

    Raises :class:`OSError`; whatever was created by this call is removed first.
    """
    fd, chosen = _create(folder_fd, name, mode)
    own = os.fstat(fd)
    try:
        try:
            _write_all(fd, data)
            os.fsync(fd)
        finally:
            os.close(fd)
        _sync_folder(folder_fd)
    except OSError:
        _remove_own(folder_fd, chosen, own)
        raise
    return chosen


def write_into(folder: Path, name: str, data: bytes, mode: int, create: bool = False) -> Path:
    """:func:`write_new` into ``folder`` (a link there is refused); the file's path."""
    folder_fd = open_folder(folder, create=create)
    try:
        return folder / write_new(folder_fd, name, data, mode)
    finally:
        os.close(folder_fd)


# ------------------------------------------------------------------ the export


ABANDONED = "abandon"
"""The result column of a game left before its end."""


def render_csv(records: Any) -> tuple[int, bytes]:
    """Every recorded game as CSV (UTF-8), finished or abandoned, and how many rows."""
    out = io.StringIO(newline="")
    rows = int(records.export_csv(out))
    return rows, out.getvalue().encode("utf-8")


def abandoned_rows(data: bytes) -> int:
    """How many rows of an export are abandoned games."""
    rows = csv.DictReader(io.StringIO(data.decode("utf-8"), newline=""))
    return sum(row.get("result") == ABANDONED for row in rows)


def export_records(
    records: Any,
    moment: datetime.datetime | None = None,
    folder: Path | None = None,
    sticks: list[Path] | None = None,
) -> Export:
    """Write the CSV into ``folder`` (default :func:`exports_dir`) and onto ``sticks``.

    Nothing raises: a place that cannot be written is listed in ``failed``
    with its :class:`Problem`; the others are still written.
    """
    name = export_name(moment or datetime.datetime.now())
    local = folder or exports_dir()
    result = Export(folder=local)
    try:
        result.rows, data = render_csv(records)
        result.abandoned = abandoned_rows(data)
    except (OSError, sqlite3.Error) as error:
        log.error("export : lecture des parties impossible : %s", error)
        result.failed.append(Failure(local / name, problem_of(error)))
        return result
    places = [(local, LOCAL_FILE_MODE, True)]
    for stick in usb_sticks() if sticks is None else sticks:
        places.append((stick, STICK_FILE_MODE, False))
    for place, mode, create in places:
        try:
            result.written.append(write_into(place, name, data, mode, create=create))
        except OSError as error:
            problem = problem_of(error)
            log.error("export %s : %s (%s)", place / name, problem.detail, problem.kind)
            result.failed.append(Failure(place / name, problem))
    return result
