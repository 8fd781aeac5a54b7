"""GNU Backgammon's Position ID and Match ID, to check a position in gnubg.

In gnubg, type ``set gnubgid <Position ID>:<Match ID>`` (or ``set board
<Position ID>``).  The Position ID is the board seen from the player on
roll (the player whose turn it is, also while the opponent answers a
double): 80 bits, first the opponent's points 1-24 and bar, then the
player on roll's, each point as that many 1 bits and a 0, in base 64.  The
Match ID holds the cube, its owner, the player on roll, the Crawford
manche, the game state, the player deciding, a pending double, the dice,
the match length (0 for a single game, played as gnubg's money game) and
the scores.  gnubg's player 1 (X, at the bottom) is noir and its player 0
(O) is blanc.  gnubg knows only whole turns: in the middle of a turn the
Match ID shows no dice.

The Match ID holds the cube as its power of two in 4 bits and each score in
15 bits: a cube above 2^15 = 32768 (the rules put no cap on it) or a score
above 32767 has no Match ID, and :func:`match_id` raises
:class:`~engines.core.NotationError` saying so.
"""

from __future__ import annotations

import base64
import binascii
from typing import TYPE_CHECKING

from engines.backgammon.text import BEAR_OFF, DROPPED, check_position
from engines.core import NotationError
from engines.tables.moves import dice_to_play
from engines.tables.rules import CHECKERS, Side
from engines.tables.state import ANSWER, CUBE, DICE, MOVE, OPENING, OVER

if TYPE_CHECKING:
    from engines.backgammon.game import Backgammon
    from engines.backgammon.state import BackgammonState

MATCH_FIELDS = (
    ("cube", 4), ("owner", 2), ("move", 1), ("crawford", 1), ("state", 3), ("turn", 1),
    ("double", 1), ("resign", 2), ("die1", 3), ("die2", 3), ("length", 15),
    ("score0", 15), ("score1", 15),
)
"""The Match ID's fields and their widths in bits, lowest bit first."""
CENTRED = 3
LARGEST_CUBE = 1 << ((1 << 4) - 1)
"""The largest cube a Match ID can hold: 2^15 (its power of two in 4 bits)."""
LARGEST_SCORE = (1 << 15) - 1
"""The largest score a Match ID can hold (15 bits)."""
PLAYING, GAME_OVER, RESIGNED, DROPPED_STATE = 1, 2, 3, 4


def _encode(bits: list[int], size: int) -> str:
    bits = bits + [0] * (8 * size - len(bits))
    data = bytes(sum(bits[8 * k + i] << i for i in range(8)) for k in range(size))
    return base64.b64encode(data).decode("ascii").rstrip("=")


def _decode(text: str, size: int, what: str) -> list[int]:
    try:
        data = base64.b64decode(text + "=" * (-len(text) % 4), validate=True)
    except (binascii.Error, ValueError):
        raise NotationError(f"{what} '{text}' is not base 64") from None
    if len(data) != size:
        raise NotationError(f"{what} '{text}' holds {len(data)} bytes, expected {size}")
    return [data[k // 8] >> (k % 8) & 1 for k in range(8 * size)]


def _gnubg_player(seat: int) -> int:
    return 1 - seat


def board_id(on_roll: Side, opponent: Side) -> str:
    """The Position ID of a board seen from the player on roll."""
    bits: list[int] = []
    for side in (opponent, on_roll):
        for point in range(1, 26):
            bits += [1] * side[point]
            bits.append(0)
    return _encode(bits, 10)


def position_id(state: BackgammonState) -> str:
    """gnubg's Position ID of ``state`` (the start is ``4HPwATDgc/ABMA``)."""
    mover = state.mover
    return board_id(state.boards[mover], state.boards[1 - mover])


def match_id(state: BackgammonState) -> str:
    """gnubg's Match ID of ``state`` (see the module docstring); a cube above
    :data:`LARGEST_CUBE` or a score above :data:`LARGEST_SCORE` has none
    (:class:`NotationError`)."""
    if state.cube > LARGEST_CUBE:
        raise NotationError(f"a gnubg Match ID holds a cube of at most {LARGEST_CUBE}, "
                            f"not {state.cube}")
    if max(state.score) > LARGEST_SCORE:
        raise NotationError(f"a gnubg Match ID holds scores of at most {LARGEST_SCORE}, "
                            f"not {max(state.score)}")
    phase = state.phase
    mover = state.mover
    dice = (0, 0)
    if phase == MOVE and (len(state.dice) == 4 or len(set(state.dice)) == 2):
        dice = (state.dice[0], state.dice[-1])
    if phase == OVER:
        game_state = DROPPED_STATE if state.end == DROPPED else \
            GAME_OVER if state.end == BEAR_OFF else PLAYING
    else:
        game_state = PLAYING
    deciding = 1 - mover if phase == ANSWER else mover
    match = state.game.match
    values = {
        "cube": state.cube.bit_length() - 1,
        "owner": CENTRED if state.owner < 0 else _gnubg_player(state.owner),
        "move": _gnubg_player(mover),
        "crawford": int(state.crawford),
        "state": game_state,
        "turn": _gnubg_player(deciding),
        "double": int(phase == ANSWER),
        "resign": 0,
        "die1": dice[0],
        "die2": dice[1],
        "length": match if match > 1 else 0,
        "score0": state.score[1],
        "score1": state.score[0],
    }
    bits: list[int] = []
    for name, width in MATCH_FIELDS:
        bits += [values[name] >> i & 1 for i in range(width)]
    return _encode(bits, 9)


def diagram_line(state: BackgammonState) -> str:
    """The diagram's gnubg line: the identifier, or why there is none."""
    try:
        return gnubg_id(state)
    except NotationError as error:
        return f"pas d'identifiant ({error})"


def gnubg_id(state: BackgammonState) -> str:
    """``PositionID:MatchID``, for gnubg's ``set gnubgid``."""
    return f"{position_id(state)}:{match_id(state)}"


def read_board(text: str) -> tuple[Side, Side]:
    """The sides of a Position ID: (player on roll, opponent), own numbering each."""
    bits = _decode(text, 10, "Position ID")
    sides: list[list[int]] = []
    at = 0
    for _ in range(2):
        side = [0] * 26
        for point in range(1, 26):
            while at < 80 and bits[at]:
                side[point] += 1
                at += 1
            if at >= 80:
                raise NotationError(f"Position ID '{text}' ends in the middle of a board")
            at += 1
        on_board = sum(side)
        if on_board > CHECKERS:
            raise NotationError(f"Position ID '{text}' gives a side {on_board} checkers")
        side[0] = CHECKERS - on_board
        sides.append(side)
    opponent, on_roll = sides
    for point in range(1, 25):
        if on_roll[point] and opponent[25 - point]:
            raise NotationError(f"Position ID '{text}': both sides on the same point")
    return tuple(on_roll), tuple(opponent)


def read_match(text: str) -> dict[str, int]:
    """The fields of a Match ID by name."""
    bits = _decode(text, 9, "Match ID")
    values = {}
    at = 0
    for name, width in MATCH_FIELDS:
        values[name] = sum(bits[at + i] << i for i in range(width))
        at += width
    return values


def from_position_id(game: Backgammon, position: str, match: str | None = None) -> BackgammonState:
    """The state of gnubg identifiers; without a Match ID, noir is to throw with the
    cube in the middle and no score.  Finished games are not read."""
    source = f"{position}:{match}" if match else position
    on_roll, opponent = read_board(position.strip())
    if match is None:
        fields = {"cube": 0, "owner": CENTRED, "move": 1, "crawford": 0, "state": PLAYING,
                  "double": 0, "die1": 0, "die2": 0, "length": game.match if game.match > 1
                  else 0, "score0": 0, "score1": 0}
    else:
        fields = read_match(match.strip())
    length = game.match if game.match > 1 else 0
    if fields["length"] != length:
        raise NotationError(f"gnubg id '{source}' is a match to {fields['length']} points "
                            f"(0: money game), this game '{game.spec}' expects {length}")
    if fields["state"] not in (0, PLAYING):
        raise NotationError(f"gnubg id '{source}': only games in play are read")
    mover = 1 - fields["move"]
    boards = (on_roll, opponent) if mover == 0 else (opponent, on_roll)
    owner = -1 if fields["owner"] == CENTRED else 1 - fields["owner"]
    if fields["owner"] == 2:
        raise NotationError(f"gnubg id '{source}': the cube has no owner nor is in the middle")
    dice = (fields["die1"], fields["die2"])
    score = (fields["score1"], fields["score0"])
    cube = 1 << fields["cube"]
    crawford = bool(fields["crawford"])
    played: tuple[int, ...]
    if fields["state"] == 0:
        phase, mover, played = OPENING, 0, ()
    elif fields["double"]:
        phase, played = ANSWER, ()
    elif all(1 <= d <= 6 for d in dice):
        phase, played = MOVE, dice_to_play(max(dice), min(dice))
    elif dice == (0, 0):
        state = game.position(boards, mover, CUBE, (), cube, owner, score, crawford, 0)
        phase, played = (CUBE if state.may_double() else DICE), ()
    else:
        raise NotationError(f"gnubg id '{source}': dice {dice} are not two faces 1-6")
    state = game.position(boards, mover, phase, played, cube, owner, score, crawford, 0)
    check_position(state, source)
    return state


def from_gnubg_id(game: Backgammon, text: str) -> BackgammonState:
    """The state of ``PositionID:MatchID`` (or a Position ID alone)."""
    position, _, match = text.strip().partition(":")
    return from_position_id(game, position, match or None)
