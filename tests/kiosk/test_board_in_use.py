"""A board beside the screen speaks only once someone uses it."""

from __future__ import annotations

from kiosk.table import HUMAN
from tests.kiosk.driver import button_centre, settle, steps
from tests.kiosk.test_play_on_board import board_kiosk, cell, start


def test_the_board_s_words_wait_until_a_piece_is_lifted_or_put_down() -> None:
    kiosk, board, mapping = board_kiosk()
    scene = start(kiosk, (HUMAN, HUMAN))
    steps(kiosk, 30)
    session = scene.hands.session
    assert session is not None and not session.in_use
    assert session.answer.status[0], "the board would ask for its pieces"
    seat = scene._acting_seat()
    assert seat is not None
    assert session.status("fr") == ("", False)
    assert scene._panel_content(seat).message == "", "a game on the screen is not told"
    scene.play(scene.run.game.parse_move(scene.state, "d3"))
    settle(kiosk)
    steps(kiosk, 5)
    assert button_centre(scene, "Pions retournés") is None, "no discs to confirm on a board"
    seat = scene._acting_seat()
    assert seat is not None and scene._panel_content(seat).message == ""
    board.set(cell(scene, mapping, "a1"), True)  # a hand puts a piece down
    steps(kiosk, 5)
    assert session.in_use
    text, _ = session.status("fr")
    assert text and scene._panel_content(seat).message == text
