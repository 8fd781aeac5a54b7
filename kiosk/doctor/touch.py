"""The doctor's check of the touch panel: the kernel's input devices, and the one SDL reads.

The kernel lists its input devices in ``/proc/bus/input/devices``, a block each::

    I: Bus=0019 Vendor=0000 Product=0000 Version=0000
    N: Name="raspberrypi-ts"
    H: Handlers=mouse0 event0
    B: PROP=2
    B: ABS=260800000000003

A touch panel reports where each finger is: the ``ABS`` bitmask has bits
``0x35`` and ``0x36`` (``ABS_MT_POSITION_X``, ``_Y``), or, for an old
single-touch panel, its name says "touch". A laptop's touchpad has the same
bits but points without being looked at (``PROP`` has ``INPUT_PROP_POINTER``
and not ``INPUT_PROP_DIRECT``): it is not a touch panel. The kiosk's user must
also be able to read the panel's ``/dev/input/eventN``, or SDL never hears it.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field

from kiosk.doctor.report import OK, TOUCH, WARN, Options, Result, Text

ABS_MT_POSITION_X = 0x35
ABS_MT_POSITION_Y = 0x36
INPUT_PROP_POINTER = 0x00
INPUT_PROP_DIRECT = 0x01


@dataclass(frozen=True)
class InputDevice:
    """One block of ``/proc/bus/input/devices``: what the doctor needs of it."""

    name: str
    handlers: tuple[str, ...] = ()
    bitmaps: dict[str, int] = field(default_factory=dict)
    """``B:`` lines, by name (``ABS``, ``PROP``, ``KEY``…), as numbers."""

    @property
    def event(self) -> str:
        """Its ``eventN`` handler, the node SDL opens (``""`` if it has none)."""
        return next((h for h in self.handlers if h.startswith("event")), "")

    def has(self, bitmap: str, bit: int) -> bool:
        return bool(self.bitmaps.get(bitmap, 0) >> bit & 1)

    @property
    def touchpad(self) -> bool:
        """A laptop's touchpad: it points, the finger is not on what it points at."""
        pointer = self.has("PROP", INPUT_PROP_POINTER) and not self.has("PROP", INPUT_PROP_DIRECT)
        return pointer or "touchpad" in self.name.lower()

    @property
    def touch_panel(self) -> bool:
        """Fingers on the picture: multi-touch positions, or "touch" in its name."""
        positions = self.has("ABS", ABS_MT_POSITION_X) and self.has("ABS", ABS_MT_POSITION_Y)
        return (positions or "touch" in self.name.lower()) and not self.touchpad


def bitmap(words: list[str]) -> int:
    """A ``B:`` line's value. The kernel writes its ``unsigned long`` words, most
    significant first, in hexadecimal: 64 bits each on a 64-bit kernel, 32 on a
    32-bit one. ``ABS`` and ``PROP`` fit in 64 bits, so two words can only be a
    32-bit kernel's; longer bitmaps (``KEY``) are read as 64-bit words."""
    width = 32 if len(words) == 2 else 64
    value = 0
    for word in words:
        value = value << width | int(word, 16)
    return value


def parse_devices(text: str) -> list[InputDevice]:
    """The devices of a ``/proc/bus/input/devices`` text (odd lines are skipped)."""
    devices: list[InputDevice] = []
    for block in text.split("\n\n"):
        name = ""
        handlers: tuple[str, ...] = ()
        bitmaps: dict[str, int] = {}
        for line in block.splitlines():
            kind, _, rest = line.strip().partition(": ")
            if kind == "N" and rest.startswith("Name="):
                name = rest[len("Name=") :].strip().strip('"')
            elif kind == "H" and rest.startswith("Handlers="):
                handlers = tuple(rest[len("Handlers=") :].split())
            elif kind == "B" and "=" in rest:
                key, _, value = rest.partition("=")
                try:
                    bitmaps[key] = bitmap(value.split())
                except ValueError:
                    continue
        if name or handlers:
            devices.append(InputDevice(name, handlers, bitmaps))
    return devices


def _shown(names: list[str], most: int = 4) -> str:
    more = len(names) - most
    return ", ".join(names[:most]) + (f", … (+{more})" if more > 0 else "")


def check_touch(options: Options) -> list[Result]:
    """A touch panel is among the input devices, and the kiosk's user can read it."""
    where = options.input_devices
    try:
        text = where.read_text(encoding="utf-8", errors="replace")
    except OSError as error:
        why = error.strerror or type(error).__name__
        return [
            Result(
                WARN,
                TOUCH,
                Text(f"{where} illisible ({why})", f"{where} cannot be read ({why})"),
            )
        ]
    devices = parse_devices(text)
    panels = [d for d in devices if d.touch_panel]
    if not panels:
        seen = _shown([d.name for d in devices if d.name])
        found = Text(f" (périphériques : {seen})", f" (devices: {seen})") if seen else Text("", "")
        return [
            Result(
                WARN,
                TOUCH,
                Text(
                    "aucune dalle tactile trouvée : les visiteurs auront besoin d'une souris"
                    + found.fr,
                    "no touch panel found: visitors need a mouse" + found.en,
                ),
            )
        ]
    readable, problems = [], []
    for panel in panels:
        node = options.dev_input / panel.event if panel.event else None
        if node is None:
            problems.append(
                Text(f"{panel.name} : pas de nœud event", f"{panel.name}: no event node")
            )
        elif not node.exists():
            problems.append(Text(f"{panel.name} : {node} absent", f"{panel.name}: {node} missing"))
        elif not os.access(node, os.R_OK):
            problems.append(
                Text(
                    f"{panel.name} : {node} illisible pour cet utilisateur (groupe input ?)",
                    f"{panel.name}: {node} not readable by this user (input group?)",
                )
            )
        else:
            readable.append(f"{panel.name} ({node})")
    if readable:
        shown = _shown(readable)
        return [Result(OK, TOUCH, Text(shown, shown))]
    return [
        Result(
            WARN,
            TOUCH,
            Text("; ".join(p.fr for p in problems), "; ".join(p.en for p in problems)),
        )
    ]
