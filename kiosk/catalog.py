"""What the home and setup screens show for each of the eleven games (no pygame).

The cards (:class:`Entry`, with their :class:`Preset` choices) and the seats'
names come from each game's descriptor (:mod:`kiosk.games.descriptors`); this
module lists the cards in the home screen's order and answers the screens'
questions about them: a game's card, its presets for a number of players, how
a seat is named.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from kiosk.games.card import Entry, Label, Preset
from kiosk.games.descriptor import Seats
from kiosk.games.descriptors import DESCRIPTORS, find_descriptor
from kiosk.games.descriptors.common import BLACK, WHITE

CATALOGUE: tuple[Entry, ...] = tuple(d.card for d in DESCRIPTORS if d.card is not None)
"""The games' cards, in the home screen's order."""

_COLOURS: Seats = {"noir": BLACK, "blanc": WHITE}
"""The seats of a game the catalogue does not know."""


def seat_name(game_id: str, player: str, lang: str = "fr") -> str:
    """How a seat (an engine player name) is shown."""
    found = find_descriptor(game_id)
    seats = found.seats if found is not None else _COLOURS
    fr, en = seats.get(player, (player, player))
    return en if lang == "en" else fr


def with_seat_names(text: str, game_id: str, players: Sequence[str], lang: str) -> str:
    """``text`` (an engine's words) with the engine's player names shown as seats.

    Engines name players in French (``noir``, ``sud``) and sometimes, in their
    English sentences, by colour (``white``); visitors read the seats' names:
    "Black", "South", "the Swedes"… In French the engine's verbs are singular
    ("noir a sorti tous ses pions"), so a seat named by the plural of the same
    word keeps its singular ("Noir a sorti…"), a seat with another plural name
    becomes a camp ("le camp des Suédois ne peut plus bouger"), and a name after
    "les" ("les soldats ne peuvent plus bouger") is already a common noun.
    """
    for player in players:
        name = seat_name(game_id, player, lang)
        words = [player]
        if lang == "en":
            words += [_ENGLISH_WORDS.get(player, name)]
            shown = name
        elif name.lower() in (player, player + "s"):
            shown = player[:1].upper() + player[1:]
        elif name.endswith("s") and " " not in name:
            shown = f"le camp des {name}"
        else:
            shown = name
        for word in words:
            text = re.sub(rf"(?<!\bles )(?<!\bthe )\b{re.escape(word)}\b", shown, text,
                          flags=re.IGNORECASE)
    return text


_ENGLISH_WORDS = {"noir": "black", "blanc": "white"}
"""The colour words some engines' English sentences use for these players."""


def seat_names(spec: str, lang: str = "fr") -> tuple[str, ...]:
    """The seat names of ``spec`` in the engine's player order."""
    from engines import find_game

    game = find_game(spec)
    return tuple(seat_name(game.id, player, lang) for player in game.players)


_BY_ID = {e.game_id: e for e in CATALOGUE}


def entry(game_id: str) -> Entry:
    """The catalogue entry of a game id; ``KeyError`` naming the ids if unknown."""
    try:
        return _BY_ID[game_id]
    except KeyError:
        raise KeyError(f"unknown game '{game_id}'; choose among {', '.join(_BY_ID)}") from None


def presets_for(game_id: str, players: int) -> tuple[Preset, ...]:
    """The presets seating ``players`` (shut the box: every preset, ``players=N`` added)."""
    from engines import find_game

    game_entry = entry(game_id)
    low, high = game_entry.players
    if not low <= players <= high:
        return ()
    found = []
    for preset in game_entry.presets:
        count = len(find_game(preset.spec).players)
        if count == players:
            found.append(preset)
        elif game_entry.seats_apart:
            found.append(replace(preset, spec=f"{preset.spec},players={players}"))
    return tuple(found)


__all__ = [
    "CATALOGUE", "Entry", "Label", "Preset", "entry", "presets_for", "seat_name",
    "seat_names", "with_seat_names",
]
