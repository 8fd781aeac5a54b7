"""Reversi on the kiosk: green felt with star points, free or Othello opening."""

from __future__ import annotations

from kiosk.games.card import Entry, Preset
from kiosk.games.descriptor import GameDescriptor, Seats, seat_names_in
from kiosk.games.descriptors.common import BLACK, WHITE
from kiosk.games.look import BoardLook, Squares

SEATS: Seats = {"noir": BLACK, "blanc": WHITE}

DESCRIPTOR = GameDescriptor(
    game_id="reversi",
    card=Entry(
        game_id="reversi",
        name_fr="Reversi",
        name_en="Reversi",
        players=(2, 2),
        minutes=(15, 25),
        age=7,
        pitch_fr="Inventé en Angleterre vers 1880 : encadrez les pions adverses pour les "
        "retourner.",
        pitch_en="Invented in England around 1880: outflank your opponent's discs to turn "
        "them over.",
        presets=(
            Preset("reversi", "Départ libre", "Free opening",
                   "Les 4 premiers pions se posent au choix sur les 4 cases du centre.",
                   "The first 4 discs go where you like on the 4 centre squares."),
            Preset("reversi:othello", "Othello", "Othello",
                   "Les 4 pions du centre sont déjà posés en croix.",
                   "The 4 centre discs start crossed.", first_by_lot=False,
                   starts_fr="Les Noirs commencent.", starts_en="Black moves first."),
        ),
        first_player_by_lot=True,
        seat_names_fr=seat_names_in(SEATS, "fr"),
        seat_names_en=seat_names_in(SEATS, "en"),
        starts_fr="Le sort en décide.",
        starts_en="Drawn by lot.",
        first_option="first",
        headings=(("Ouverture", "Opening"),),
    ),
    seats=SEATS,
    look=BoardLook(
        squares=Squares((40, 124, 74), (40, 124, 74), (22, 64, 40), grain=6), star_points=True
    ),
    illustration_plies=14,
    presentation="kiosk.games.reversi",
)
