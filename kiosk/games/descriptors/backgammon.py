"""Backgammon on the kiosk: matches with the doubling cube, or a single game."""

from __future__ import annotations

from kiosk.games.card import Entry, Label, Preset
from kiosk.games.descriptor import GameDescriptor, Seats, seat_names_in
from kiosk.games.descriptors.common import BLACK, OPENING_THROW, WHITE
from kiosk.games.look import BoardLook

SEATS: Seats = {"noir": BLACK, "blanc": WHITE}
MATCH: Label = ("Un match", "A match")
SINGLE: Label = ("Une seule partie", "A single game")

DESCRIPTOR = GameDescriptor(
    game_id="backgammon",
    card=Entry(
        game_id="backgammon",
        name_fr="Backgammon",
        name_en="Backgammon",
        players=(2, 2),
        minutes=(20, 60),
        age=8,
        pitch_fr="Une course de vitesse jouée dans toute l'Europe et dans l'est de la "
        "Méditerranée.",
        pitch_en="A race played all over Europe and around the eastern Mediterranean.",
        presets=(
            Preset("backgammon", "Match en 5 points", "5-point match",
                   "Plusieurs parties ; à tout moment, le videau (le dé des enjeux) double "
                   "les points.",
                   "Several games; at any moment, the doubling cube lets you double the "
                   "stake.",
                   minutes=(40, 60), path=(MATCH, ("En 5 points", "To 5 points"))),
            Preset("backgammon,match=10", "Match en 10 points", "10-point match",
                   "Comme le match en 5 points, en plus long.", "Like the 5-point match, longer.",
                   minutes=(80, 120), path=(MATCH, ("En 10 points", "To 10 points"))),
            Preset("backgammon,match=20", "Match en 20 points", "20-point match",
                   "Pour une longue soirée.", "For a long evening.",
                   minutes=(150, 240), path=(MATCH, ("En 20 points", "To 20 points"))),
            Preset("backgammon:simple", "Une seule partie", "A single game",
                   "Sans videau : 1 point, 2 si l'autre n'a sorti aucun pion, voire 3.",
                   "No cube: 1 point, 2 if the other bore off nothing, even 3.",
                   minutes=(15, 25), path=(SINGLE, ("Sans videau", "Without the cube"))),
            Preset("backgammon,match=1", "Une partie avec le videau",
                   "A single game with the cube",
                   "Une seule partie, mais on peut doubler l'enjeu en cours de route.",
                   "One game, but the stake may be doubled along the way.",
                   minutes=(15, 25), path=(SINGLE, ("Avec le videau", "With the cube"))),
            Preset("backgammon,crawford=true", "Match en 5 points, règle des tournois",
                   "5-point match, tournament rule",
                   "Règle Crawford : quand l'un est à un point de gagner, la manche suivante "
                   "est sans videau.",
                   "Crawford rule: when a player is one point from winning, the next game has "
                   "no cube.",
                   minutes=(40, 60), path=(MATCH, ("En 5 points, règle des tournois",
                                                   "To 5 points, tournament rule"))),
        ),
        first_player_by_lot=True,
        seat_names_fr=seat_names_in(SEATS, "fr"),
        seat_names_en=seat_names_in(SEATS, "en"),
        starts_fr=OPENING_THROW[0],
        starts_en=OPENING_THROW[1],
        lot_by_dice=True,
        headings=(("Durée", "Length"), ("Variante", "Variant")),
    ),
    seats=SEATS,
    look=BoardLook(),
    illustration_plies=14,
    presentation="kiosk.games.backgammon",
)
