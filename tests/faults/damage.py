"""Ways an owner, a technician or a failing card can damage a file the kiosk reads."""

from __future__ import annotations

import os
import random
from collections.abc import Callable
from pathlib import Path

Damage = Callable[[Path], None]


def _bytes(data: bytes) -> Damage:
    def write(path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)

    return write


def _directory(path: Path) -> None:
    path.mkdir(parents=True)


def _fifo(path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(path)


def _symlink_loop(path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.symlink_to(path.name)


DAMAGES: dict[str, Damage] = {
    "latin-1": _bytes("# Réglages, café\n[kiosk]\nlanguage = \"fr\"\n".encode("latin-1")),
    "nested": _bytes(b"a = " + b"[" * 5000 + b"]" * 5000 + b"\n"),
    "half-written": _bytes(b"[kiosk]\nlanguage = \"f"),
    "random bytes": _bytes(random.Random(31).randbytes(4096)),
    "nul bytes": _bytes(b"\x00" * 512),
    "wrong kinds": _bytes(
        b"kiosk = 3\n[sound]\nvolume = \"fort\"\n[board]\ntransport = [1, 2]\n"
        b"[[games]]\nspecs = 7\n"
    ),
    "huge": _bytes(b"# " + b"x" * 2_000_000 + b"\n"),
    "directory": _directory,
    "fifo": _fifo,
    "symlink loop": _symlink_loop,
}
"""Each damage, by name: it makes the file at the path given."""
