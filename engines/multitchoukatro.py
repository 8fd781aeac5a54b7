"""Multitchoukatro (``multitchoukatro.md``): relay sowing into one shared rouma.

Cases and notation
------------------
``n`` cases (option ``cases``, even, 4-12) in two rows and one rouma at the
right, shared by both players.  The cases are numbered in sowing order, and
the number is the move: case 1 is top-right, the top row runs right to left
(1 … n/2), the bottom row left to right (n/2 + 1 … n), then comes the rouma,
then case 1 again.  With 6 cases::

     3   2   1
     4   5   6   rouma

Index ``i`` of a board tuple is case ``i + 1``; position ``n`` of the sowing
cycle is the rouma.

Rules as played
---------------
A decision names a non-empty case.  Its seeds are sown one by one into the
following positions (rouma included, the emptied case itself included when
going round).  When the last seed falls into a case that held seeds before,
that case is sown in turn, automatically, inside the same decision (a
*relay*).  When it falls into the rouma, the same player decides again
(``current_player`` stays the same).  When it falls into an empty case, the
turn passes.  The player who drops the last seed into the rouma (the board
is then empty) wins at once.  South (``sud``) plays first.

Every game ends without a draw rule: each elementary sowing either adds a
seed to the rouma or moves seeds towards it (the sum of the seeds' positions
grows), and the rouma never empties.

Position text
-------------
``3,3,3,3,3,3 0 sud``: the seeds of cases 1 … n separated by commas, the
seeds in the rouma, then the player to move.  Once the board is empty the
game is over and the last field names the winner (the player who would
"replay" after the last seed reached the rouma).  The seeds must add up to
the game's ``cases × seeds``.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from typing import TypeAlias

from engines.core import (
    TERMINAL,
    Ending,
    Game,
    NotationError,
    Option,
    Outcome,
    Place,
    State,
    Variant,
    win,
)
from engines.geometry import Geometry, Point
from engines.outcomes import OutcomeCode
from engines.registry import register

SUD, NORD = "sud", "nord"
PLAYERS = (SUD, NORD)
ROUMA = "rouma"
MAX_CASES = 12
MAX_SEEDS = 12

MultitchoukatroMove: TypeAlias = Place
"""Sow the seeds of a case, named by its number: ``3``."""
PLACES = tuple(Place(i, str(i + 1)) for i in range(MAX_CASES))
"""The decision "sow case ``i + 1``", built once."""

Board = tuple[int, ...]

# Where a decision ends.
TURN_ENDS, REPLAY, GAME_WON = 0, 1, 2


def sow_once(board: list[int], case: int) -> tuple[int, int]:
    """Sow every seed of ``case`` (index) one by one into the following positions.

    ``board`` (the cases only) changes in place; returns the position of the
    last seed (``len(board)`` for the rouma) and the seeds added to the rouma.
    """
    n = len(board)
    cycle = n + 1
    seeds = board[case]
    board[case] = 0
    laps, rest = divmod(seeds, cycle)
    rouma = laps
    if laps:
        for i in range(n):
            board[i] += laps
    position = case
    for _ in range(rest):
        position += 1
        if position == cycle:
            position = 0
        if position == n:
            rouma += 1
        else:
            board[position] += 1
    return (case + seeds) % cycle, rouma


def sow(board: Sequence[int], case: int) -> tuple[Board, int, int, tuple[int, ...]]:
    """One decision: sow ``case`` (index), then every relay it triggers.

    Returns the cases afterwards, the seeds added to the rouma, how it ended
    (:data:`TURN_ENDS`, :data:`REPLAY` or :data:`GAME_WON`) and the indices of
    the cases sown, the chosen one first.
    """
    cells = list(board)
    n = len(cells)
    added = 0
    sown = [case]
    while True:
        last, rouma = sow_once(cells, case)
        added += rouma
        if last == n:
            return tuple(cells), added, (REPLAY if any(cells) else GAME_WON), tuple(sown)
        if cells[last] == 1:
            return tuple(cells), added, TURN_ENDS, tuple(sown)
        case = last
        sown.append(case)


def sow_fast(cells: list[int], case: int) -> tuple[int, int]:
    """:func:`sow` in place without the record of relays: ``(seeds to the rouma, ending)``."""
    n = len(cells)
    added = 0
    while True:
        last, rouma = sow_once(cells, case)
        added += rouma
        if last == n:
            return added, (REPLAY if any(cells) else GAME_WON)
        if cells[last] == 1:
            return added, TURN_ENDS
        case = last


class MultitchoukatroState(State[MultitchoukatroMove]):
    """The seeds of each case, the rouma and the player to move."""

    __slots__ = ("board", "current_player", "game", "mover", "rouma")
    game: Multitchoukatro

    def __init__(self, game: Multitchoukatro, board: Board, rouma: int, mover: int) -> None:
        self.game = game
        self.board = board
        self.rouma = rouma
        self.mover = mover  # 0 sud, 1 nord; the winner once the board is empty
        self.current_player = PLAYERS[mover] if any(board) else TERMINAL

    def legal_moves(self) -> Sequence[MultitchoukatroMove]:
        if self.current_player is TERMINAL:
            return ()
        return [PLACES[i] for i, seeds in enumerate(self.board) if seeds]

    def is_legal(self, move: MultitchoukatroMove) -> bool:
        return (
            move.__class__ is Place
            and isinstance(move.at, int)
            and 0 <= move.at < len(self.board)
            and self.board[move.at] > 0
        )

    def apply_unchecked(self, move: MultitchoukatroMove) -> MultitchoukatroState:
        board, added, ending, _ = sow(self.board, move.at)
        mover = self.mover if ending else 1 - self.mover
        return MultitchoukatroState(self.game, board, self.rouma + added, mover)

    def sowings(self, move: MultitchoukatroMove) -> tuple[int, ...]:
        """The case numbers sown by ``move``, the chosen case then its relays (animation)."""
        return tuple(i + 1 for i in sow(self.board, move.at)[3])

    def is_terminal(self) -> bool:
        return self.current_player is TERMINAL

    def outcome(self) -> Outcome | None:
        if self.current_player is not TERMINAL:
            return None
        winner = PLAYERS[self.mover]
        english = "south" if winner == SUD else "north"
        return win(
            winner,
            f"{winner} met la dernière graine dans la rouma",
            OutcomeCode.LAST_SEED,
            en=f"{english} drops the last seed into the rouma",
        )

    def key(self) -> Hashable:
        return (self.board, self.mover)

    def to_text(self) -> str:
        cases = ",".join(str(s) for s in self.board)
        return f"{cases} {self.rouma} {PLAYERS[self.mover]}"

    def diagram(self) -> str:
        n = len(self.board)
        half = n // 2
        top = [half - 1 - c for c in range(half)]  # indices from left to right
        bottom = [half + c for c in range(half)]

        def row(indices: list[int]) -> str:
            return "│" + "│".join(f"{self.board[i]:>3} " for i in indices) + "│"

        def labels(indices: list[int]) -> str:
            return " " + " ".join(f"{i + 1:>3} " for i in indices)

        rule = "─" * 4
        lines = [
            labels(top),
            "┌" + "┬".join([rule] * half) + "┐ ┌─────┐",
            row(top) + " │     │",
            "├" + "┼".join([rule] * half) + "┤ │" + f"{self.rouma:>4} │",
            row(bottom) + " │     │",
            "└" + "┴".join([rule] * half) + "┘ └─────┘",
            labels(bottom) + "   rouma",
        ]
        outcome = self.outcome()
        if outcome is not None:
            lines.append("fin : " + outcome.result_line())
        else:
            lines.append(f"à {self.current_player} de semer une case")
        return "\n".join(lines)

    def random_playout(self, rng: random.Random) -> MultitchoukatroState:
        if self.current_player is TERMINAL:
            return self
        cells, rouma, mover = self.playout_fields(rng)
        return MultitchoukatroState(self.game, tuple(cells), rouma, mover)

    def playout(
        self, rng: random.Random, trace: list[MultitchoukatroMove] | None = None
    ) -> MultitchoukatroState:
        """:meth:`playout_fields` as a state; the cases sown appended to ``trace``."""
        if self.current_player is TERMINAL:
            return self
        cases: list[int] = []
        cells, rouma, mover = self.playout_fields(rng, cases)
        if trace is not None:
            trace += [PLACES[case] for case in cases]
        return MultitchoukatroState(self.game, tuple(cells), rouma, mover)

    def playout_fields(
        self, rng: random.Random, trace: list[int] | None = None
    ) -> tuple[list[int], int, int]:
        """Uniformly random decisions to the end on a list: ``(cases, rouma, winner)``.

        Each decision is uniform among the non-empty cases, as in
        :meth:`legal_moves`; the case indices chosen are appended to ``trace``.
        """
        cells = list(self.board)
        rouma, mover = self.rouma, self.mover
        randrange = rng.randrange
        while True:
            full = [i for i, seeds in enumerate(cells) if seeds]
            case = full[randrange(len(full))]
            if trace is not None:
                trace.append(case)
            added, ending = sow_fast(cells, case)
            rouma += added
            if ending == GAME_WON:
                return cells, rouma, mover
            if ending == TURN_ENDS:
                mover ^= 1


@register
class Multitchoukatro(Game[MultitchoukatroMove]):
    """Véronique Gautheron's two-player tchouka with Conway's ending."""

    id = "multitchoukatro"
    title = "Multitchoukatro"
    player_names = PLAYERS
    variants = (
        Variant(
            "",
            "Multitchoukatro",
            "Semis en relais vers une rouma commune ; qui met la dernière graine dans la "
            "rouma gagne.",
        ),
    )
    option_list = (
        Option("cases", 6, "nombre de cases (hors rouma), pair", choices=(4, 6, 8, 10, 12)),
        Option(
            "seeds",
            0,
            "graines par case au départ (0 : la moitié du nombre de cases)",
            minimum=0,
            maximum=MAX_SEEDS,
        ),
    )

    def configure(self) -> None:
        self.cases: int = self.options["cases"]
        self.seeds: int = self.options["seeds"] or self.cases // 2
        self.total = self.cases * self.seeds

    def initial_state(self) -> MultitchoukatroState:
        return MultitchoukatroState(self, (self.seeds,) * self.cases, 0, 0)

    def from_text(self, text: str) -> MultitchoukatroState:
        fields = text.split()
        if len(fields) != 3:
            raise self._text_error(
                text, "expected 3 fields: the seeds of cases 1-n separated by commas, "
                "the seeds in the rouma, the player to move (sud or nord)"
            )
        cases = fields[0].split(",")
        if len(cases) != self.cases or not all(c.isdigit() for c in cases):
            raise self._text_error(text, f"expected {self.cases} whole numbers separated by commas")
        if not fields[1].isdigit():
            raise self._text_error(text, f"rouma '{fields[1]}' is not a whole number")
        if fields[2] not in PLAYERS:
            raise self._text_error(text, f"player '{fields[2]}' is not sud or nord")
        board = tuple(int(c) for c in cases)
        rouma = int(fields[1])
        if sum(board) + rouma != self.total:
            raise self._text_error(
                text, f"{sum(board) + rouma} seeds in all, this game has {self.total}"
            )
        return MultitchoukatroState(self, board, rouma, PLAYERS.index(fields[2]))

    def _text_error(self, text: str, why: str) -> NotationError:
        return NotationError(f"{self.spec} position '{text}': {why}")

    def geometry(self) -> Geometry:
        half = self.cases // 2
        points = [
            Point(i, str(i + 1), float(half - 1 - i) if i < half else float(i - half),
                  0.0 if i < half else 1.0)
            for i in range(self.cases)
        ]
        points.append(Point(self.cases, ROUMA, float(half), 0.5))
        cycle = self.cases + 1
        return Geometry(
            kind="pits",
            points=tuple(points),
            edges=tuple((i, (i + 1) % cycle) for i in range(cycle)),
            lines=(tuple(range(half - 1, -1, -1)), tuple(range(half, self.cases))),
            regions={
                "haut": frozenset(range(half)),
                "bas": frozenset(range(half, self.cases)),
                "rouma": frozenset((self.cases,)),
            },
            columns=half + 1,
            rows=2,
        )

    def ending(self) -> Ending:
        return Ending(
            "La partie finit toujours : chaque semis ajoute une graine à la rouma ou "
            "rapproche les graines de la rouma, qui ne se vide jamais ; pas de nulle."
        )

    def parse_notation(self, text: str) -> None:
        if text.isdigit() and 1 <= int(text) <= self.cases:
            return
        raise NotationError(
            f"{self.spec} move '{text}': expected the number of a case, 1 to {self.cases} "
            "(the rouma is never sown)"
        )
