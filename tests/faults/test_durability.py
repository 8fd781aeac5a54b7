"""A power cut loses nothing: every autosave and every recorded game reaches stable storage.

A power cut cannot be staged in a test, but what survives one can be counted: the
data that the kernel was asked to flush (``fsync``/``fdatasync``) before the write
returned. A tiny library preloaded in a child process logs every such call with the
file it flushes; the child opens the kiosk's records and marks each write. Between
two marks there must be a flush of the database's write-ahead log (the file SQLite
commits to in WAL mode) — with ``synchronous=NORMAL`` there is none.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

SHIM = r"""
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static void note(const char *call, int fd) {
    const char *log = getenv("SYNC_LOG");
    if (!log) return;
    char link[64], path[4096];
    snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
    ssize_t n = readlink(link, path, sizeof path - 1);
    path[n < 0 ? 0 : n] = 0;
    int out = open(log, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
    if (out < 0) return;
    dprintf(out, "%s %s\n", call, path);
    close(out);
}

int fsync(int fd) {
    static int (*real)(int);
    if (!real) real = (int (*)(int))dlsym(RTLD_NEXT, "fsync");
    note("fsync", fd);
    return real(fd);
}

int fdatasync(int fd) {
    static int (*real)(int);
    if (!real) real = (int (*)(int))dlsym(RTLD_NEXT, "fdatasync");
    note("fdatasync", fd);
    return real(fd);
}
"""

WRITER = """
import os, sys
sys.path.insert(0, sys.argv[1])
from kiosk.records import Records, SavedGame

log = os.environ["SYNC_LOG"]

def mark(text):
    fd = os.open(log, os.O_WRONLY | os.O_APPEND | os.O_CREAT)
    os.write(fd, ("mark " + text + "\\n").encode())
    os.close(fd)

records = Records.open(__import__("pathlib").Path(sys.argv[2]))
mark("opened")
for n in range(12):
    moves = tuple("a%d" % (i % 7 + 1) for i in range(n))
    records.autosave(SavedGame("moulin", ("humain", "expert"), 3, moves, 1.0))
    mark("autosave %d" % n)
records.finish("moulin", ["humain", "expert"], ["a1"] * 12, "nulle", [], 1.0, 2.0)
mark("finish")
records.event("stop", "quit")
mark("event")
"""


@pytest.fixture(scope="module")
def shim(tmp_path_factory: pytest.TempPathFactory) -> Path:
    compiler = shutil.which("cc") or shutil.which("gcc")
    if compiler is None:
        pytest.skip("a C compiler is needed to count the flushes")
    folder = tmp_path_factory.mktemp("shim")
    (folder / "shim.c").write_text(SHIM, encoding="utf-8")
    library = folder / "libsynclog.so"
    subprocess.run(
        [compiler, "-shared", "-fPIC", "-O1", "-o", str(library), str(folder / "shim.c"), "-ldl"],
        check=True, capture_output=True,
    )
    return library


def _segments(log: Path) -> dict[str, list[str]]:
    """The flushed files between one mark and the next, by the later mark."""
    segments: dict[str, list[str]] = {}
    flushed: list[str] = []
    for line in log.read_text(encoding="utf-8").splitlines():
        kind, _, rest = line.partition(" ")
        if kind == "mark":
            segments[rest] = flushed
            flushed = []
        else:
            flushed.append(rest)
    return segments


def test_every_autosave_and_game_is_flushed_before_it_returns(shim: Path, tmp_path: Path) -> None:
    database = tmp_path / "ludokiosk.sqlite3"
    log = tmp_path / "sync.log"
    env = {**os.environ, "LD_PRELOAD": str(shim), "SYNC_LOG": str(log)}
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(WRITER), str(ROOT), str(database)],
        env=env, capture_output=True, text=True, timeout=60,
    )
    assert done.returncode == 0, done.stderr
    segments = _segments(log)
    assert len(segments) == 15, segments.keys()
    wal = str(database) + "-wal"
    for name, flushed in segments.items():
        if name == "opened":
            continue
        assert wal in flushed, f"{name}: nothing flushed to the WAL ({flushed})"
