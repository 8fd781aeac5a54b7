"""The screenshot tour's owners' pages test a board; the games after them show none."""

from __future__ import annotations

from kiosk.board.guide import WRONG_SIZE
from kiosk.catalog import entry
from kiosk.scenes.play import PlayScene
from kiosk.table import HUMAN, Table
from kiosk.tour import owners_test_board
from tests.kiosk.driver import make_kiosk


def test_the_owners_test_board_goes_with_the_owners_pages() -> None:
    kiosk = make_kiosk()
    own = kiosk.hardware
    with owners_test_board(kiosk):
        assert kiosk.hardware.board is not None
        tablut = PlayScene(kiosk, entry("tablut"), Table("tablut", (HUMAN, HUMAN), seed=1))
        assert tablut.hands.session is not None, "the 8 × 8 test board is offered to a 9 × 9 game"
        assert tablut.hands.session.answer.status == WRONG_SIZE
        tablut.leave()
    assert kiosk.hardware is own and kiosk.hardware.board is None
    for game_id in ("tablut", "reversi"):
        scene = PlayScene(kiosk, entry(game_id), Table(game_id, (HUMAN, HUMAN), seed=1))
        assert scene.hands.session is None, "no board message in the tour's play screens"
