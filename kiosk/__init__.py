"""The pygame application: scenes, rendering, touch, the physical-board controller, lessons."""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
