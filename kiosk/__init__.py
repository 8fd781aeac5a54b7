"""The pygame application: scenes, rendering, touch, the physical-board controller, lessons."""

import os
import sys

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

if "pygame" not in sys.modules and "pkg_resources" not in sys.modules:
    # pygame looks for its own data files through setuptools' pkg_resources when it is
    # installed (as in any venv), and importing that costs about 0.14 s of each start here
    # (0.7 s on a Pi); without it pygame finds them by their paths.
    sys.modules["pkg_resources"] = None  # type: ignore[assignment]
    try:
        import pygame  # noqa: F401
    finally:
        del sys.modules["pkg_resources"]
