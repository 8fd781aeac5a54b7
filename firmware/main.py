"""The Pico's entry point: read ``board.json``, self-test if the button is held, then serve.

Copied to the Pico's root next to the ``ludoboard`` folder and ``board.json``
(see ``firmware/README.md``).  A missing or wrong ``board.json`` gives an
8 x 8 board, which the kiosk refuses with a logged message.  An unexpected
error restarts the Pico: the kiosk sees a new INFO numbered 0 and sends its
LEDs again, rather than facing a silent board.
"""

from ludoboard import board, config, hw, selftest


def main() -> None:
    try:
        settings = config.load()
    except (OSError, ValueError):
        settings = config.fallback()
    pico = hw.PicoHardware(settings.led_count)
    if pico.button():
        selftest.run(pico, settings)
    pico.start_serial()
    try:
        board.Board(pico, settings).run()
    except Exception:  # whatever it was, start again as at power-up
        pico.reset()


main()
