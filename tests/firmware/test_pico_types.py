"""The firmware type-checks against the Pico's own stubs, so no CPython-only name slips in.

The stubs (``micropython-rp2-rpi-pico-stubs``) are a typeshed of their own:
installed into the project's environment they would stand in for CPython's
``sys``, ``time`` and ``select``, so ``make`` puts them in ``.venv/pico-stubs``
and ``firmware/mypy-pico.ini`` points mypy at them.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.firmware.fw import FIRMWARE

STUBS = Path(sys.prefix) / "pico-stubs"
CONFIG = FIRMWARE / "mypy-pico.ini"


BENCH_SCRIPTS = ("bench_matrix.py", "micropython_board.py", "micropython_frames.py")
"""What runs the firmware under MicroPython's unix port, checked the same way."""


def check(folder: Path, *files: str) -> subprocess.CompletedProcess[str]:
    if not (STUBS / ".installed").is_file():
        pytest.skip("the Pico's stubs: `make test` installs them into .venv/pico-stubs")
    mypy = Path(sys.executable).with_name("mypy")
    return subprocess.run(
        [str(mypy), "--config-file", str(CONFIG), "--cache-dir", str(folder / ".mypy_cache"),
         *(files or ("main.py", "ludoboard"))],
        cwd=folder, capture_output=True, text=True, timeout=300, check=False,
    )


def test_the_firmware_type_checks_against_the_picos_stubs() -> None:
    run = check(FIRMWARE)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "no issues found in 12 source files" in run.stdout


def test_a_name_the_pico_lacks_is_caught(tmp_path: Path) -> None:
    shutil.copy(FIRMWARE / "main.py", tmp_path)
    shutil.copytree(FIRMWARE / "ludoboard", tmp_path / "ludoboard",
                    ignore=shutil.ignore_patterns("__pycache__"))
    (tmp_path / "ludoboard" / "clock.py").write_text(
        "import time\n\n\ndef now() -> float:\n    return time.monotonic()  # CPython's\n",
        encoding="utf-8",
    )
    run = check(tmp_path)
    assert run.returncode == 1
    assert 'clock.py:5: error: Module has no attribute "monotonic"' in run.stdout


def test_the_bench_scripts_under_micropython_type_check_too(tmp_path: Path) -> None:
    for name in BENCH_SCRIPTS:  # out of the tests package: modules of their own, as they run
        shutil.copy(Path(__file__).with_name(name), tmp_path)
    run = check(tmp_path, *BENCH_SCRIPTS)
    assert run.returncode == 0, run.stdout + run.stderr
