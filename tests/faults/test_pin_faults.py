"""Someone tries codes on the owners' keypad: thousands of wrong codes, leaving and coming
back, a restart, look-alike digits. A real kiosk, a real records file, taps on the real pad."""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from kiosk.ai_worker import InlineWorker
from kiosk.config import load_settings
from kiosk.pin_guard import CAP, FIRST, FREE, PinGuard, delay_after
from kiosk.records import Records
from kiosk.runtime import Kiosk
from kiosk.scenes.admin.gesture import HOLD
from kiosk.scenes.admin.journal import JournalScene
from kiosk.scenes.admin.menu import AdminMenuScene
from kiosk.scenes.admin.pin import PinScene, is_code
from kiosk.scenes.attract import AttractScene
from kiosk.scenes.home import TITLE_AREA, HomeScene
from kiosk.sound import Sounds
from kiosk.touch import Phase, Pointer
from tests.kiosk.driver import steps, tap

RIGHT = "2468"


@pytest.fixture
def records_path(tmp_path: Path) -> Path:
    return tmp_path / "records.sqlite3"


@pytest.fixture
def kiosk(records_path: Path) -> Iterator[Kiosk]:
    made = kiosk_on(records_path)
    yield made
    made.close()


def kiosk_on(path: Path) -> Kiosk:
    """A kiosk keeping its journal in the records file ``path``, at home."""
    made = Kiosk(
        load_settings(),
        worker=InlineWorker(),
        sounds=Sounds(muted=True),
        records=Records.open(path),
    )
    made.home()
    return made


def open_pad(kiosk: Kiosk) -> PinScene:
    """The hidden gesture: a finger held on the title until the keypad shows."""
    if isinstance(kiosk.stack.top, AttractScene):
        tap(kiosk, (960, 540))  # a touch on the demonstration goes home
    assert isinstance(kiosk.stack.top, HomeScene), kiosk.stack.names()
    kiosk.pointer(Pointer(Phase.DOWN, *TITLE_AREA.center, 0))
    steps(kiosk, round((HOLD + 0.1) * 60))
    kiosk.pointer(Pointer(Phase.UP, *TITLE_AREA.center, 0))
    pad = kiosk.stack.top
    assert isinstance(pad, PinScene), kiosk.stack.names()
    return pad


def key(pad: PinScene, label: str) -> None:
    """Tap the keypad's key ``label`` (a digit, ⌫, OK)."""
    (button,) = [b for b in pad.keys if b.label == label]
    tap(pad.kiosk, button.rect.center)


def type_code(pad: PinScene, code: str) -> None:
    for digit in code:
        key(pad, digit)
    key(pad, "OK")


def rows(records: Records, kind: str) -> list[str]:
    """The details of the journal's ``kind`` rows, oldest first."""
    return [detail for _, k, detail in reversed(records.events(100_000)) if k == kind]


def wait_out(kiosk: Kiosk, pad: PinScene) -> None:
    """Let the keypad's wait run out, a visitor tapping a grey key now and then."""
    while kiosk.pin_guard.locked(kiosk.now):
        key(pad, "5")
        assert pad.digits == "", "a key worked during the wait"
        kiosk.step(min(60.0, kiosk.pin_guard.left(kiosk.now) + 0.01))
    assert kiosk.stack.top is pad


def test_the_schedule() -> None:
    assert [delay_after(n) for n in range(1, 13)] == [
        0,
        0,
        0,
        0,
        30,
        60,
        120,
        240,
        480,
        900,
        900,
        900,
    ]
    assert delay_after(10**9) == CAP
    assert (FREE, FIRST, CAP) == (5, 30.0, 900.0)


def test_two_thousand_wrong_codes(kiosk: Kiosk) -> None:
    """Every wrong code is noted, the waits grow to the cap and hold there, keys
    (the right code included) do nothing while the keypad waits, and the right code
    typed after the last wait still opens the owners' menu."""
    records = kiosk.records
    records.event("board-lost", "/dev/ttyACM0")  # a problem the owners must still find
    pad = open_pad(kiosk)
    started = time.monotonic()
    waits = []
    for n in range(1, 2001):
        code = f"{(n * 7919) % 10000:04d}"
        type_code(pad, code if code != RIGHT else "0000")
        assert kiosk.stack.top is pad, f"wrong code {n} opened something"
        assert kiosk.pin_guard.wrong == n
        left = kiosk.pin_guard.left(kiosk.now)
        waits.append(round(left))
        if left:
            assert all(not k.enabled for k in pad.keys), "keys stay live during a wait"
            type_code(pad, RIGHT)  # the right code, typed during the wait: nothing
            assert kiosk.stack.top is pad and pad.digits == ""
            assert kiosk.pin_guard.wrong == n, "a code typed during a wait was counted"
            if n < 12 or n % 250 == 0:
                kiosk.draw()  # the countdown, over greyed keys
            wait_out(kiosk, pad)
            kiosk.step()
            assert all(k.enabled for k in pad.keys), "keys stay grey after the wait"
    assert waits[:10] == [0, 0, 0, 0, 30, 60, 120, 240, 480, 900]
    assert set(waits[9:]) == {900}
    wrong = rows(records, "pin-wrong")
    assert wrong == [str(n) for n in range(1, 2001)], "a wrong code is missing from the journal"
    lockouts = rows(records, "pin-lockout")
    assert lockouts == [str(w) for w in waits if w]
    assert len(lockouts) == 1996
    assert rows(records, "admin") == []
    type_code(pad, RIGHT)
    assert isinstance(kiosk.stack.top, AdminMenuScene)
    assert rows(records, "admin") == [""]
    assert kiosk.pin_guard.wrong == 0
    # the journal screen reads the run as its latest rows: the problem before it shows
    tap(kiosk, next(b for b in kiosk.stack.top.buttons.buttons if b.label == "Journal").rect.center)
    journal = kiosk.stack.top
    assert isinstance(journal, JournalScene) and journal.events is not None
    shown = [(kind, detail) for _, kind, detail in journal.events]
    assert shown == [
        ("admin", ""),
        ("pin-lockout", "900"),
        ("pin-wrong", "2000"),
        ("board-lost", "/dev/ttyACM0"),
    ]
    kiosk.draw()
    # 2,000 codes with their waits took the kiosk's clock about 20 days
    assert kiosk.now > 1990 * CAP
    assert time.monotonic() - started < 30


def test_leaving_the_pad_and_coming_back_keeps_the_count_and_the_wait(kiosk: Kiosk) -> None:
    pad = open_pad(kiosk)
    for _ in range(FREE):
        type_code(pad, "1111")
    assert kiosk.pin_guard.left(kiosk.now) == pytest.approx(FIRST)
    tap(kiosk, next(b for b in pad.buttons.buttons if b.label == "Retour").rect.center)
    assert isinstance(kiosk.stack.top, HomeScene)
    pad = open_pad(kiosk)  # a fresh PinScene: the wait is the kiosk's, not the screen's
    left = kiosk.pin_guard.left(kiosk.now)
    assert 0 < left < FIRST
    assert all(not k.enabled for k in pad.keys)
    type_code(pad, RIGHT)
    assert kiosk.stack.top is pad
    wait_out(kiosk, pad)
    kiosk.step()
    type_code(pad, "1111")
    assert kiosk.pin_guard.wrong == FREE + 1
    assert kiosk.pin_guard.left(kiosk.now) == pytest.approx(2 * FIRST)
    # left alone, the kiosk falls into its demonstration: the pad is gone, the count is not
    steps(kiosk, 0)
    kiosk.step(kiosk.settings.attract_after + 1)
    assert isinstance(kiosk.stack.top, AttractScene)
    pad = open_pad(kiosk)
    kiosk.step()
    assert all(k.enabled for k in pad.keys)
    type_code(pad, "1111")
    assert kiosk.pin_guard.wrong == FREE + 2
    assert kiosk.pin_guard.left(kiosk.now) == pytest.approx(4 * FIRST)


def test_a_restart_keeps_the_count(records_path: Path) -> None:
    """Pulling the plug gives no fresh tries: the count comes back from the journal."""
    first = kiosk_on(records_path)
    pad = open_pad(first)
    for _ in range(FREE + 1):
        wait_out(first, pad)
        type_code(pad, "9999")
    first.close()
    second = kiosk_on(records_path)
    assert second.pin_guard.wrong == FREE + 1
    assert second.pin_guard.left(second.now) == pytest.approx(2 * FIRST)
    pad = open_pad(second)
    assert all(not k.enabled for k in pad.keys)
    wait_out(second, pad)
    second.step()
    type_code(pad, RIGHT)
    assert isinstance(second.stack.top, AdminMenuScene)
    second.close()
    third = kiosk_on(records_path)
    assert third.pin_guard == PinGuard()
    third.close()


def test_look_alike_digits_never_open_the_menu(kiosk: Kiosk) -> None:
    """A code of superscript or Arabic-Indic digits ("²³²³".isdigit() is True) is no code."""
    assert not is_code("²³²³") and not is_code("٢٤٦٨") and not is_code("２４６８")
    assert is_code("2468") and not is_code("246") and not is_code("123456789")
    for pin in ("²³²³", "٢٤٦٨"):
        kiosk.update_settings(replace(kiosk.settings, admin_pin=pin))
        kiosk.pin_guard.accepted()
        pad = open_pad(kiosk)
        type_code(pad, "2323")
        type_code(pad, "2468")
        pad.digits = pin  # as if a keyboard could type them
        pad.submit()
        assert kiosk.stack.top is pad, pin
        assert kiosk.pin_guard.wrong == 3
        kiosk.pop()


def test_a_few_digits_are_no_code_and_are_not_counted(kiosk: Kiosk) -> None:
    pad = open_pad(kiosk)
    for _ in range(20):
        type_code(pad, "12")
        assert pad.short and pad.digits == ""
        key(pad, "OK")  # nothing typed: nothing happens
    assert kiosk.pin_guard.wrong == 0
    assert rows(kiosk.records, "pin-wrong") == []
    kiosk.draw()
    key(pad, "1")
    key(pad, "⌫")
    assert pad.digits == "" and not pad.short and not pad.wrong


def test_a_journal_that_cannot_be_read_leaves_the_keypad_working() -> None:
    class Broken:
        def events(self, limit: int = 100) -> list[tuple[float, str, str]]:
            raise OSError("disque illisible")

    class Odd:
        def events(self, limit: int = 100) -> list[tuple[float, str, str]]:
            return [(0.0, "pin-wrong", "9" * 5000), (0.0, "pin-wrong", "3")]

    assert PinGuard.resumed(Broken()) == PinGuard()
    assert PinGuard.resumed(Odd()) == PinGuard()  # the latest row is unreadable: no count
