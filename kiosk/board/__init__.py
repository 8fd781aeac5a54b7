"""The physical board seen from the kiosk: board mappings and the board controller.

:mod:`kiosk.board.mapping` reads ``config/boards/*.toml`` (which cell holds
which point of a game, and the LED chain); :mod:`kiosk.board.controller`
turns the board's occupancy into the game's decisions and answers with LEDs.
Neither imports pygame.
"""
