"""Fault tests run headless, as the kiosk's own tests do (SDL's dummy drivers)."""

from tests.kiosk.conftest import _display

__all__ = ["_display"]
