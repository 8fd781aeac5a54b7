"""Fault tests run the kiosk headless, as its own tests do: SDL's dummy drivers, a real pygame."""

from tests.kiosk.conftest import _display

__all__ = ["_display"]
