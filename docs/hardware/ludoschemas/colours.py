"""The colours of the drawings, one meaning each in every drawing, and their font."""

from __future__ import annotations

INK = "#1b2631"
MUTED = "#6b7780"
FAINT = "#d5dbdf"
PANEL = "#f4f6f7"
WHITE = "#ffffff"
ROW = "#c0392b"
COL = "#2471a3"
LED = "#1e8449"
BUTTON = "#7d3c98"
PIR = "#a04000"
FLAP = "#9a7d0a"
V33 = "#d68910"
V5 = "#e74c3c"
GND = "#2c3e50"
FREE = "#bfc6cc"
GOLD = "#b7950b"

FONT = "DejaVu Sans, Verdana, Arial, sans-serif"
