"""The board this Pico serves: size, LED chain, limits; read from ``board.json``.

``board.json`` is one of ``firmware/boards/*.json``, made from
``config/boards/*.toml`` by ``firmware/make_board_json.py`` so that the
kiosk and the board always agree on the LED chain::

    {"name": "moulin", "title": "Moulin (24 points)", "rows": 7, "cols": 7,
     "leds": {"order": "table", "count": 24, "index": {"6,0": 0, ...}}}

``order`` is ``row-major`` or ``serpentine`` (one LED per cell, the chain
running along the rows, back along the odd rows for ``serpentine``), or
``table`` (``index`` gives the LED of each cell that has one).  Optional
keys tune the hardware: ``brightness`` (0-255, all colours scaled),
``max_current_ma`` (the LED supply's budget), ``debounce`` (identical reads
before a cell changes), ``settle_us`` and ``scan_ms``.
"""

import json

DEFAULT_FILE = "board.json"
ORDERS = ("row-major", "serpentine", "table")
MAX_CELLS = 256
"""The protocol's largest board (16 x 16)."""
NO_LED = -1


class Config:
    """A checked board description (``ValueError`` names what is wrong)."""

    def __init__(
        self,
        name: str,
        rows: int,
        cols: int,
        order: str = "serpentine",
        count: int = 0,
        index: dict | None = None,
        title: str = "",
        brightness: int = 255,
        max_current_ma: int = 2000,
        debounce: int = 3,
        settle_us: int = 10,
        scan_ms: int = 5,
    ) -> None:
        _whole(rows, "rows", 1, 255)
        _whole(cols, "cols", 1, 255)
        if rows * cols > MAX_CELLS:
            raise ValueError("board of " + str(rows * cols) + " cells (at most 256)")
        self.name = name
        self.title = title or name
        self.rows = rows
        self.cols = cols
        self.cells = rows * cols
        self.order = order
        self.brightness = _whole(brightness, "brightness", 0, 255)
        self.max_current_ma = _whole(max_current_ma, "max_current_ma", 100, 100000)
        self.debounce = _whole(debounce, "debounce", 1, 20)
        self.settle_us = _whole(settle_us, "settle_us", 0, 1000)
        self.scan_ms = _whole(scan_ms, "scan_ms", 1, 100)
        self.led_of_cell = _chain(rows, cols, order, count, index)
        """The LED chain index of each cell (``row * cols + col``), ``NO_LED`` if none."""
        self.led_count = self.cells if order != "table" else count

    def firmware_name(self, firmware: str) -> str:
        """What INFO announces: the firmware then the board, ASCII, 32 characters at most."""
        text = firmware + " " + self.name
        return "".join(c if " " <= c <= "~" else "?" for c in text)[:32]


def _whole(value: object, key: str, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise ValueError(key + ": a whole number from " + str(low) + " to " + str(high))
    return value


def _chain(rows: int, cols: int, order: str, count: int, index: dict | None) -> list[int]:
    """The LED of every cell, as the kiosk's board mapping numbers them."""
    if order not in ORDERS:
        raise ValueError("leds.order: one of " + ", ".join(ORDERS))
    if order != "table":
        chain = []
        for row in range(rows):
            for col in range(cols):
                along = cols - 1 - col if order == "serpentine" and row % 2 else col
                chain.append(row * cols + along)
        return chain
    _whole(count, "leds.count", 1, rows * cols)
    if not isinstance(index, dict) or not index:
        raise ValueError("leds.index: a table \"row,col\" = LED is needed")
    chain = [NO_LED] * (rows * cols)
    taken = [False] * count
    for text, led in index.items():
        parts = text.split(",") if isinstance(text, str) else []
        if len(parts) != 2 or not parts[0].isdigit() or not parts[1].isdigit():
            raise ValueError("leds.index: a cell is written \"row,col\", not " + repr(text))
        row, col = int(parts[0]), int(parts[1])
        if row >= rows or col >= cols:
            raise ValueError("leds.index: cell " + text + " off the board")
        _whole(led, "leds.index." + text, 0, count - 1)
        if taken[led] or chain[row * cols + col] != NO_LED:
            raise ValueError("leds.index: LED or cell given twice at " + text)
        taken[led] = True
        chain[row * cols + col] = led
    return chain


def from_dict(data: dict) -> Config:
    """A configuration from ``board.json``'s content."""
    leds = data.get("leds", {})
    if not isinstance(leds, dict):
        raise ValueError("leds: a table is needed")
    extras = {}
    for key in ("brightness", "max_current_ma", "debounce", "settle_us", "scan_ms"):
        if key in data:
            extras[key] = data[key]
    return Config(
        str(data.get("name", "board")),
        data.get("rows", 0),
        data.get("cols", 0),
        leds.get("order", "row-major"),
        leds.get("count", 0),
        leds.get("index"),
        str(data.get("title", "")),
        **extras,
    )


def load(path: str = DEFAULT_FILE) -> Config:
    """Read ``path`` (``OSError`` if absent, ``ValueError`` if wrong)."""
    with open(path) as handle:
        data = json.load(handle)
    if not isinstance(data, dict):
        raise ValueError(path + ": a JSON object is needed")
    return from_dict(data)


def fallback() -> Config:
    """An 8 x 8 serpentine board, used when ``board.json`` is missing or wrong.

    The kiosk refuses a board of the wrong size and logs it, so the mistake
    shows on the kiosk's side rather than as a silent board.
    """
    return Config("sans board.json", 8, 8, "serpentine")
