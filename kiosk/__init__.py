"""The pygame application: scenes, rendering, touch, the physical-board controller, lessons."""

import os
import sys

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

# pygame reaches its own data files through setuptools' pkg_resources when that is
# installed (as in any venv), and importing it costs about 0.14 s of each start here
# (0.7 s on a Pi). Nothing in the kiosk uses it: kept out, pygame finds its files by their
# paths. (An ``import pkg_resources`` in a process that imported the kiosk fails.)
sys.modules.setdefault("pkg_resources", None)  # type: ignore[arg-type]
