"""Jacquet on the kiosk: the tables board with the source's point names."""

from __future__ import annotations

from kiosk.games.card import Entry, Preset
from kiosk.games.descriptor import GameDescriptor, Seats, seat_names_in
from kiosk.games.descriptors.common import BLACK, OPENING_THROW, WHITE
from kiosk.games.look import BoardLook

SEATS: Seats = {"noir": BLACK, "blanc": WHITE}

DESCRIPTOR = GameDescriptor(
    game_id="jacquet",
    card=Entry(
        game_id="jacquet",
        name_fr="Jacquet",
        name_en="Jacquet",
        players=(2, 2),
        minutes=(25, 40),
        age=8,
        pitch_fr="Le cousin français du backgammon : une course sans prise, où l'on bloque "
        "l'autre.",
        pitch_en="Backgammon's French cousin: a race with no hitting, where you block the "
        "other.",
        presets=(
            Preset("jacquet", "Bloqué, on passe son tour", "Blocked: pass the turn",
                   "Un joueur bloqué, qui ne peut jouer aucun dé, passe son tour.",
                   "A blocked player, with no die to play, passes.",
                   path=(("Il passe son tour", "Passes the turn"),)),
            Preset("jacquet,blocked_loses=true", "Bloqué, c'est perdu", "Blocked means lost",
                   "Un joueur qui ne peut jouer aucun dé perd la partie.",
                   "A player who cannot play any die loses the game.",
                   path=(("Il perd la partie", "Loses the game"),)),
        ),
        first_player_by_lot=True,
        seat_names_fr=seat_names_in(SEATS, "fr"),
        seat_names_en=seat_names_in(SEATS, "en"),
        starts_fr=OPENING_THROW[0],
        starts_en=OPENING_THROW[1],
        lot_by_dice=True,
        headings=(("Joueur bloqué", "Blocked player"),),
    ),
    seats=SEATS,
    look=BoardLook(source_names=True, wood_seed=7),
    illustration_plies=14,
    presentation="kiosk.games.jacquet",
)
