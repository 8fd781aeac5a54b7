"""Barricades on the kiosk: a painted path board for two to four, or two teams."""

from __future__ import annotations

from kiosk.games.card import Entry, Label, Preset
from kiosk.games.descriptor import GameDescriptor, Seats, seat_names_in
from kiosk.games.look import BoardLook

SEATS: Seats = {"rouge": ("Rouge", "Red"), "vert": ("Vert", "Green"),
                "jaune": ("Jaune", "Yellow"), "bleu": ("Bleu", "Blue")}
FREE_FOR_ALL: Label = ("Chacun pour soi", "Everyone for themselves")

DESCRIPTOR = GameDescriptor(
    game_id="barricades",
    card=Entry(
        game_id="barricades",
        name_fr="Barricades",
        name_en="Barricades",
        players=(2, 4),
        minutes=(25, 40),
        age=7,
        pitch_fr="Un jeu de parcours plein de suspense, où les situations se renversent vite.",
        pitch_en="A race full of suspense, where the tables turn in a flash.",
        presets=(
            Preset("barricades", "2 joueurs", "2 players",
                   "Chacun pour soi : le premier pion sur l'arrivée gagne.",
                   "Everyone for themselves: the first pawn on the goal wins.",
                   path=(FREE_FOR_ALL, ("2 joueurs", "2 players"))),
            Preset("barricades,players=3", "3 joueurs", "3 players",
                   "Chacun pour soi, à trois.", "Everyone for themselves, three of you.",
                   path=(FREE_FOR_ALL, ("3 joueurs", "3 players"))),
            Preset("barricades,players=4", "4 joueurs", "4 players",
                   "Chacun pour soi, à quatre.", "Everyone for themselves, four of you.",
                   path=(FREE_FOR_ALL, ("4 joueurs", "4 players"))),
            Preset("barricades:equipes", "4 joueurs en équipes", "4 players in teams",
                   "Rouge et Jaune contre Vert et Bleu : un pion de l'équipe à l'arrivée "
                   "suffit.",
                   "Red and Yellow against Green and Blue: one team pawn on the goal wins.",
                   path=(("En équipes, à 4", "In teams, 4 players"), ("4 joueurs", "4 players"))),
        ),
        first_player_by_lot=False,
        seat_names_fr=seat_names_in(SEATS, "fr"),
        seat_names_en=seat_names_in(SEATS, "en"),
        starts_fr="Rouge commence (les pions les plus à gauche).",
        starts_en="Red starts (the leftmost pawns).",
        headings=(("Partie", "Game"), ("Combien de joueurs ?", "How many players?")),
    ),
    seats=SEATS,
    look=BoardLook(renderer="painted"),
    illustration_plies=30,
    presentation="kiosk.games.barricades",
)
