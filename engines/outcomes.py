"""How a game can end: the codes of :attr:`engines.core.Outcome.code`, every game's.

A code is a :class:`OutcomeCode` member; its value is the word stored in the
owners' records and written in the playthrough files (``code=move_cap``), so a
value never changes once a game has used it.

Rithmomachie's victories are agreed before the game (option ``victoire``), and a
common victory may join several (``corps+bien``: the pieces and their value taken
at once).  Each victory the variants offer, joined ones included, is a member of
its own, named after the victory with ``+`` and ``-`` turned to ``_``
(``CORPS_BIEN``, ``GRANDE_ARITH_GEO``): the code stays one word, as stored, and
the list is closed since a variant offers a fixed list of victories
(:func:`engines.rithmomachie.victory.victory_code` maps one to its member).
"""

from __future__ import annotations

from enum import StrEnum


class OutcomeCode(StrEnum):
    """A stable identifier of how a game ended (for tests, records and statistics)."""

    # -- any game with the rule ---------------------------------------------------
    REPETITION = "repetition"
    """Draw: the same position for the third time."""
    MOVE_CAP = "move_cap"
    """Draw: the game stopped by its move (or turn) limit."""
    BLOCKED = "blocked"
    """The player to move cannot move (a loss, or in latrunculi a count of captures)."""

    # -- reversi ------------------------------------------------------------------
    MOST_DISCS = "most_discs"
    """No move left: the most discs win."""
    EQUAL_DISCS = "equal_discs"
    """No move left, as many discs each: a draw."""

    # -- moulin -------------------------------------------------------------------
    TWO_PIECES = "two_pieces"
    """A player is down to two pieces."""
    NO_CAPTURE = "no_capture"
    """Draw: too many moves without a capture."""

    # -- tablut -------------------------------------------------------------------
    KING_CAPTURED = "king_captured"
    KING_ESCAPED = "king_escaped"
    TWO_PATHS = "two_paths"
    """The king has two free paths to the edge."""
    NO_MOVE = "no_move"
    """The player to move cannot move."""

    # -- assaut -------------------------------------------------------------------
    FORTRESS_TAKEN = "fortress_taken"
    TOO_FEW_SOLDIERS = "too_few_soldiers"
    NO_OFFICERS = "no_officers"

    # -- latrunculi ---------------------------------------------------------------
    ONE_PIECE = "one_piece"
    """A player has one piece left (or none): the captures decide."""

    # -- multitchoukatro ----------------------------------------------------------
    LAST_SEED = "last_seed"

    # -- backgammon and jacquet ---------------------------------------------------
    SIMPLE = "simple"
    GAMMON = "gammon"
    BACKGAMMON = "backgammon"
    DROP = "drop"
    """A double refused."""
    ALL_OFF = "all_off"
    """Jacquet: every checker borne off."""

    # -- barricades ---------------------------------------------------------------
    GOAL = "goal"

    # -- shut the box -------------------------------------------------------------
    SHUT = "shut"
    """Alone: the box shut."""
    SOLO_SCORE = "solo_score"
    """Alone: the box left open (a draw, the score kept)."""
    TIE = "tie"
    """Every player has the same score."""
    LOWEST_SCORE = "lowest_score"

    # -- rithmomachie: Boissière's common victories -------------------------------
    CORPS = "corps"
    BIEN = "bien"
    PROCES = "proces"
    CORPS_BIEN = "corps_bien"
    CORPS_PROCES = "corps_proces"
    BIEN_PROCES = "bien_proces"
    CORPS_BIEN_PROCES = "corps_bien_proces"

    # -- rithmomachie: Boissière's proper victories -------------------------------
    MEDIOCRE = "mediocre"
    MEDIOCRE_ARITH = "mediocre_arith"
    MEDIOCRE_GEO = "mediocre_geo"
    MEDIOCRE_HARMO = "mediocre_harmo"
    GRANDE = "grande"
    GRANDE_ARITH_GEO = "grande_arith_geo"
    GRANDE_ARITH_HARMO = "grande_arith_harmo"
    GRANDE_GEO_HARMO = "grande_geo_harmo"
    EXCELLENTE = "excellente"

    # -- rithmomachie: the compilation's lesser victories and triumphs ------------
    CORPORE = "corpore"
    BONIS = "bonis"
    LITE = "lite"
    HONORE = "honore"
    HONORE_LITEQUE = "honore_liteque"
    TRIOMPHE = "triomphe"
    GRAND_TRIOMPHE = "grand_triomphe"
    TRIOMPHE_SUPREME = "triomphe_supreme"
