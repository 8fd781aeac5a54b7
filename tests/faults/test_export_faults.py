"""The CSV export against what a stick may hold or do: links, FIFOs, read-only, full, pulled out.

Every test plants its fault in a real folder (a real read-only mount and a
real full tmpfs when run as root), runs the kiosk's export on it and checks
that only the export's own new file appeared: nothing planted there, and
nothing a link points to, is changed or removed. The screen's words for
each fault are checked in both languages.
"""

from __future__ import annotations

import contextlib
import csv
import datetime
import errno
import os
import shutil
import signal
import stat
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from kiosk import usb_export
from kiosk.records import Records
from kiosk.scenes.admin import export as export_screen
from kiosk.scenes.admin.export import ExportScene
from kiosk.table import HUMAN
from kiosk.usb_export import (
    DENIED,
    FULL,
    GONE,
    NAMES_TAKEN,
    NOT_A_FOLDER,
    READ_ONLY,
    Export,
    candidate_names,
    export_records,
)
from tests.kiosk.driver import make_kiosk

MOMENT = datetime.datetime(2026, 5, 3, 14, 25, 1)
NAME = "ludokiosk-20260503-142501.csv"
GAMES = 5


def names(count: int) -> list[str]:
    return list(candidate_names(NAME))[:count]


@pytest.fixture
def records(tmp_path: Path) -> Iterator[Records]:
    """A real records file with a few finished games."""
    made = Records.open(tmp_path / "records.sqlite3")
    for number in range(GAMES):
        ended = 1_777_000_000.0 + number * 600
        made.finish("reversi", (HUMAN, "debutant"), ["d3"], "gagne", (0,), ended - 300, ended)
    yield made
    made.close()


@pytest.fixture
def stick(tmp_path: Path) -> Path:
    folder = tmp_path / "stick"
    folder.mkdir()
    (folder / "photos").mkdir()
    (folder / "photos" / "gite.jpg").write_bytes(b"\xff\xd8 not really a picture")
    (folder / "notes.txt").write_text("à garder\n", encoding="utf-8")
    return folder


@pytest.fixture
def victim(tmp_path: Path) -> Path:
    """A file of the kiosk's that a planted link points to (its database, say)."""
    path = tmp_path / "kiosk-data" / "ludokiosk.sqlite3"
    path.parent.mkdir()
    path.write_bytes(b"SQLite format 3\x00 the kiosk's games")
    return path


def snapshot(root: Path) -> dict[str, tuple[Any, ...]]:
    """Every entry under ``root``: its type, content or link target, mode and times."""
    found: dict[str, tuple[Any, ...]] = {}
    for path in [root, *sorted(root.rglob("*"))]:
        info = path.lstat()
        if stat.S_ISLNK(info.st_mode):
            what: Any = ("link", os.readlink(path))
        elif stat.S_ISREG(info.st_mode):
            what = ("file", path.read_bytes())
        else:
            what = ("other", stat.S_IFMT(info.st_mode))
        found[str(path.relative_to(root))] = (what, info.st_mode, info.st_mtime_ns)
    return found


def only_added(before: dict[str, tuple[Any, ...]], after: dict[str, tuple[Any, ...]]) -> set[str]:
    """What appeared; fails if anything there before changed or went (the folder's times aside)."""
    for name, entry in before.items():
        assert name in after, f"{name} was removed"
        if name != ".":
            assert after[name] == entry, f"{name} was changed"
    return set(after) - set(before)


def rows_of(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle))


def export(records: Records, tmp_path: Path, *sticks: Path) -> Export:
    return export_records(records, MOMENT, folder=tmp_path / "exports", sticks=list(sticks))


@contextlib.contextmanager
def no_hang(seconds: int = 10) -> Iterator[None]:
    """Fail instead of waiting for ever (a FIFO opened for writing blocks)."""

    def stop(signum: int, frame: object) -> None:
        raise TimeoutError("the export blocked")

    previous = signal.signal(signal.SIGALRM, stop)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


# ------------------------------------------------------------------ links, FIFOs, names


def test_a_link_at_the_name_is_not_followed(
    records: Records, tmp_path: Path, stick: Path, victim: Path
) -> None:
    (stick / NAME).symlink_to(victim)
    before, kept = snapshot(stick), snapshot(victim.parent)
    result = export(records, tmp_path, stick)
    assert not result.failed
    assert result.written[1] == stick / names(2)[1]
    assert only_added(before, snapshot(stick)) == {names(2)[1]}
    assert snapshot(victim.parent) == kept
    assert len(rows_of(result.written[1])) == GAMES


def test_links_at_the_next_names_too(
    records: Records, tmp_path: Path, stick: Path, victim: Path
) -> None:
    first, second, third, fourth = names(4)
    (stick / first).symlink_to(victim)
    (stick / second).symlink_to(victim.parent)  # a folder
    (stick / third).symlink_to(tmp_path / "would-be-created")  # dangling
    before, kept = snapshot(stick), snapshot(victim.parent)
    result = export(records, tmp_path, stick)
    assert result.written[1:] == [stick / fourth] and not result.failed
    assert only_added(before, snapshot(stick)) == {fourth}
    assert snapshot(victim.parent) == kept
    assert not (tmp_path / "would-be-created").exists()


def test_a_fifo_at_the_name_is_neither_opened_nor_waited_for(
    records: Records, tmp_path: Path, stick: Path
) -> None:
    os.mkfifo(stick / NAME)
    before = snapshot(stick)
    with no_hang():
        result = export(records, tmp_path, stick)
    assert result.written[1:] == [stick / names(2)[1]] and not result.failed
    assert only_added(before, snapshot(stick)) == {names(2)[1]}
    assert stat.S_ISFIFO((stick / NAME).lstat().st_mode)


def test_every_name_taken_writes_nothing_there(
    records: Records, tmp_path: Path, stick: Path, victim: Path
) -> None:
    for number, name in enumerate(candidate_names(NAME)):
        if number % 2:
            (stick / name).symlink_to(victim)
        else:
            (stick / name).write_text("un fichier du propriétaire\n", encoding="utf-8")
    before = snapshot(stick)
    result = export(records, tmp_path, stick)
    ((path, problem),) = result.failed
    assert path == stick / NAME and problem.kind == NAMES_TAKEN
    assert only_added(before, snapshot(stick)) == set()
    assert result.written == [tmp_path / "exports" / NAME]


@pytest.mark.parametrize("planted", ["link-to-the-data", "a-file"])
def test_a_stick_that_is_not_a_real_folder_is_refused(
    records: Records, tmp_path: Path, victim: Path, planted: str
) -> None:
    place = tmp_path / "media" / "CLE"
    place.parent.mkdir()
    if planted == "a-file":
        place.write_text("", encoding="utf-8")
    else:
        place.symlink_to(victim.parent, target_is_directory=True)
    kept = snapshot(victim.parent)
    result = export(records, tmp_path, place)
    ((path, problem),) = result.failed
    assert path == place / NAME and problem.kind == NOT_A_FOLDER
    assert snapshot(victim.parent) == kept
    assert len(result.written) == 1


def test_a_link_planted_as_the_local_exports_folder(
    records: Records, tmp_path: Path, stick: Path, victim: Path
) -> None:
    (tmp_path / "exports").symlink_to(victim.parent, target_is_directory=True)
    kept = snapshot(victim.parent)
    result = export(records, tmp_path, stick)
    ((path, problem),) = result.failed
    assert path == tmp_path / "exports" / NAME and problem.kind == NOT_A_FOLDER
    assert snapshot(victim.parent) == kept
    assert result.written == [stick / NAME], "the stick is still written"


def test_a_stick_mounted_twice_is_written_once(tmp_path: Path) -> None:
    media = tmp_path / "media"
    first, second = media / "ludokiosk" / "sda1", media / "pi" / "CLE"
    first.mkdir(parents=True)
    second.mkdir(parents=True)
    (media / "link").symlink_to(first, target_is_directory=True)
    mounts = {first, second, media / "link"}
    assert first.stat().st_dev == second.stat().st_dev
    assert usb_export.usb_sticks(media, is_mount=lambda p: p in mounts) == [first]


def test_the_local_copy_never_overwrites_an_earlier_export(
    records: Records, tmp_path: Path
) -> None:
    first = export(records, tmp_path)
    second = export(records, tmp_path)
    assert first.written == [tmp_path / "exports" / NAME]
    assert second.written == [tmp_path / "exports" / names(2)[1]]
    assert stat.S_IMODE(first.written[0].stat().st_mode) & 0o007 == 0


# ------------------------------------------------------------------ durability and removal


def test_file_and_folder_are_synced_before_written_is_said(
    records: Records, tmp_path: Path, stick: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    synced: list[tuple[str, int, int]] = []
    real_fsync = os.fsync

    def fsync(fd: int) -> None:
        info = os.fstat(fd)
        synced.append(("dir" if stat.S_ISDIR(info.st_mode) else "file", info.st_dev, info.st_ino))
        real_fsync(fd)

    monkeypatch.setattr(usb_export.os, "fsync", fsync)
    result = export(records, tmp_path, stick)
    for path in result.written:
        own, folder = path.stat(), path.parent.stat()
        file_at = synced.index(("file", own.st_dev, own.st_ino))
        assert synced.index(("dir", folder.st_dev, folder.st_ino)) > file_at


def test_a_stick_pulled_out_while_syncing(
    records: Records, tmp_path: Path, stick: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """EIO at fsync: the half-written file (the export's own) is removed, the rest kept."""
    real_fsync = os.fsync
    local = tmp_path / "exports"

    def fsync(fd: int) -> None:
        on_stick = Path(os.readlink(f"/proc/self/fd/{fd}")).parent == stick
        if on_stick and stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(errno.EIO, os.strerror(errno.EIO))
        real_fsync(fd)

    monkeypatch.setattr(usb_export.os, "fsync", fsync)
    before = snapshot(stick)
    result = export(records, tmp_path, stick)
    ((path, problem),) = result.failed
    assert path == stick / NAME and problem.kind == GONE
    assert only_added(before, snapshot(stick)) == set()
    assert result.written == [local / NAME]


def test_only_the_exports_own_file_is_ever_removed(tmp_path: Path) -> None:
    """After a failure, the name is removed only while it is still the file the export made."""
    folder = tmp_path / "stick"
    folder.mkdir()
    folder_fd = usb_export.open_folder(folder)
    try:
        fd = os.open("x.csv", os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644, dir_fd=folder_fd)
        own = os.fstat(fd)
        os.close(fd)
        (tmp_path / "theirs").write_text("leur fichier\n", encoding="utf-8")
        os.replace(tmp_path / "theirs", folder / "x.csv")  # someone else's file now
        usb_export._remove_own(folder_fd, "x.csv", own)
        assert (folder / "x.csv").read_text(encoding="utf-8") == "leur fichier\n"
        os.unlink(folder / "x.csv")
        fd = os.open("x.csv", os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644, dir_fd=folder_fd)
        own = os.fstat(fd)
        os.close(fd)
        usb_export._remove_own(folder_fd, "x.csv", own)
        assert not (folder / "x.csv").exists()
    finally:
        os.close(folder_fd)


# ------------------------------------------------------------------ real mounts (root)


def mount(*args: str) -> None:
    done = subprocess.run(["mount", *args], capture_output=True, text=True, timeout=30)
    if done.returncode != 0:
        raise OSError(done.returncode, done.stderr.strip())


@contextlib.contextmanager
def mounted(where: Path, *steps: tuple[str, ...]) -> Iterator[Path]:
    """``where`` with the mounts of ``steps`` on it, undone at the end; skips when not allowed."""
    if os.geteuid() != 0 or shutil.which("mount") is None:
        pytest.skip("a real read-only or full file system needs root and mount(8)")
    where.mkdir(parents=True, exist_ok=True)
    done = 0
    try:
        for step in steps:
            try:
                mount(*step)
            except OSError as error:
                pytest.skip(f"mount refused here ({error.strerror}): no real mount to test on")
            done += 1
        yield where
    finally:
        for _ in range(done):
            subprocess.run(["umount", "-l", str(where)], capture_output=True, timeout=30)


def screen_lines(
    records: Records, media: Path, lang: str, monkeypatch: pytest.MonkeyPatch
) -> tuple[ExportScene, list[str]]:
    """The export screen pressed with the sticks under ``media``: the lines it draws."""
    monkeypatch.setattr(export_screen, "MEDIA", media)
    kiosk = make_kiosk()
    kiosk.tr.set_language(lang)
    kiosk.records = records
    scene = ExportScene(kiosk)
    kiosk.push(scene)
    scene.export()
    drawn: list[str] = []
    real = export_screen.blit_text

    def blit_text(surface: pygame.Surface, text: str, *args: Any, **kwargs: Any) -> Any:
        drawn.append(text)
        return real(surface, text, *args, **kwargs)

    monkeypatch.setattr(export_screen, "blit_text", blit_text)
    kiosk.draw()
    return scene, drawn


def test_a_read_only_stick_is_named_as_such(
    records: Records, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    media = tmp_path / "media"
    where = media / "ludokiosk" / "sdz1"
    with mounted(where, ("-t", "tmpfs", "-o", "size=64k,mode=0755", "tmpfs", str(where))):
        (where / "notes.txt").write_text("à garder\n", encoding="utf-8")
        mount("-o", "remount,ro", str(where))
        assert usb_export.read_only(where)
        assert usb_export.usb_sticks(media) == [where], "a read-only stick is still a stick"
        before = snapshot(where)
        result = export(records, tmp_path, where)
        ((path, problem),) = result.failed
        assert path == where / NAME and problem.kind == READ_ONLY
        assert result.written == [tmp_path / "exports" / NAME]
        for lang, words in (
            ("fr", f"Clé USB en lecture seule : {where}"),
            ("en", f"USB stick is read-only: {where}"),
        ):
            scene, drawn = screen_lines(records, media, lang, monkeypatch)
            assert scene.result is not None and scene.result.failed
            assert words in drawn, drawn
            assert f"{where} (lecture seule)" in str(scene.stick_label(where)) or lang == "en"
        assert snapshot(where) == before


@pytest.mark.parametrize("room", ["none", "part"])
def test_a_full_stick_is_named_as_such_and_keeps_no_partial_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, room: str
) -> None:
    media = tmp_path / "media"
    where = media / "ludokiosk" / "sdz1"
    many = Records.open(tmp_path / "many.sqlite3")
    for number in range(400):  # a CSV larger than the room left
        ended = 1_777_000_000.0 + number * 600
        many.finish("moulin", (HUMAN, "expert"), ["a1"], "gagne", (1,), ended - 300, ended)
    with mounted(where, ("-t", "tmpfs", "-o", "size=64k,mode=0755", "tmpfs", str(where))):
        (where / "photo.jpg").write_bytes(b"\xff" * 8192)
        filler = os.open(where / "filler", os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        with contextlib.suppress(OSError):
            while True:
                os.write(filler, b"\0" * 4096)
        os.close(filler)
        if room == "part":
            os.truncate(where / "filler", (where / "filler").stat().st_size - 3 * 4096)
        before = snapshot(where)
        removed: list[str] = []
        real_remove = usb_export._remove_own

        def remove_own(folder_fd: int, name: str, own: os.stat_result) -> None:
            removed.append(name)
            real_remove(folder_fd, name, own)

        monkeypatch.setattr(usb_export, "_remove_own", remove_own)
        result = export(many, tmp_path, where)
        ((path, problem),) = result.failed
        assert path == where / NAME and problem.kind == FULL, problem
        assert removed == [NAME], "the file was created, then removed when the room ran out"
        assert only_added(before, snapshot(where)) == set(), "no partial file left"
        assert len(rows_of(result.written[0])) == 400, "the kiosk's own copy is whole"
        for lang, words in (
            ("fr", f"Clé USB pleine : {where}"),
            ("en", f"USB stick is full: {where}"),
        ):
            _, drawn = screen_lines(many, media, lang, monkeypatch)
            assert words in drawn, drawn
        assert only_added(before, snapshot(where)) == set()
    many.close()


def test_other_reasons_are_worded_in_the_screens_language(
    records: Records, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, stick: Path
) -> None:
    """Denied and pulled-out sticks: the reason in words, in French then in English."""
    kiosk = make_kiosk()
    scene = ExportScene(kiosk)
    result = Export(folder=tmp_path / "exports")
    for kind, french, english in (
        (DENIED, "permission refusée", "permission denied"),
        (GONE, "erreur d'écriture : clé retirée ?", "write error: stick pulled out?"),
        (NAMES_TAKEN, "tous les noms sont déjà pris", "every name is already taken"),
    ):
        failure = usb_export.Failure(stick / NAME, usb_export.Problem(kind, "system words"))
        kiosk.tr.set_language("fr")
        assert scene.failure_line(result, failure) == f"Échec : {stick / NAME} ({french})"
        kiosk.tr.set_language("en")
        assert scene.failure_line(result, failure) == f"Failed: {stick / NAME} ({english})"
