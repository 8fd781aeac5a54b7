"""Give freed memory back to the system between two shows.

Pictures of pieces, boards and text come and go with each game; glibc keeps
the freed blocks in its arenas, so a kiosk that runs for days would sit on
memory it no longer uses. :func:`trim` asks glibc to return it
(``malloc_trim``); elsewhere it does nothing.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import gc
from functools import cache


@cache
def _libc() -> ctypes.CDLL | None:
    name = ctypes.util.find_library("c")
    if name is None:
        return None
    try:
        libc = ctypes.CDLL(name)
        libc.malloc_trim  # noqa: B018  (glibc only)
    except (OSError, AttributeError):
        return None
    return libc


def trim() -> bool:
    """Collect garbage and return free heap memory to the system; False if unsupported."""
    gc.collect()
    libc = _libc()
    if libc is None:
        return False
    libc.malloc_trim(0)
    return True
