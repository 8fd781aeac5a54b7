"""Hardware behind small interfaces: the sensor board (serial or GPIO) and inputs.

Imports ``engines`` at most for types; never pygame or ``kiosk``.
"""
