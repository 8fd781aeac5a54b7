"""Freed memory goes back to the system between two shows (glibc's malloc_trim)."""

from __future__ import annotations

import platform

import pytest

from kiosk.heap import trim


@pytest.mark.skipif(platform.libc_ver()[0] != "glibc", reason="malloc_trim is glibc's")
def test_trim_returns_freed_memory() -> None:
    def rss_kb() -> int:
        with open("/proc/self/status", encoding="ascii") as status:
            return next(int(line.split()[1]) for line in status if line.startswith("VmRSS:"))

    blocks = [bytearray(1000) for _ in range(100_000)]  # small blocks: kept by the arena
    top = bytearray(1000)  # above them, so that free() alone cannot shrink the heap
    before = rss_kb()
    del blocks
    kept = rss_kb()
    assert kept > before - 50_000, "freed, but still held by the process"
    assert trim()
    assert rss_kb() < kept - 50_000, "about 100 MB of small blocks went back"
    del top
