"""Shut the box on the kiosk: one to six players, three versions, 9 or 12 flaps."""

from __future__ import annotations

from kiosk.games.card import Entry, Preset
from kiosk.games.descriptor import GameDescriptor, Seats, seat_names_in
from kiosk.games.descriptors.common import VERSION
from kiosk.games.look import BoardLook

SEATS: Seats = {f"joueur{n}": (f"Joueur {n}", f"Player {n}") for n in range(1, 7)}

PRESETS = tuple(
    Preset(f"shut-the-box{v}{b}", fr + (" (12 cases)" if b else ""),
           en + (" (12 flaps)" if b else ""),
           dfr + (" Avec 12 cases." if b else ""), den + (" With 12 flaps." if b else ""),
           path=((fr, en), ("12 cases", "12 flaps") if b else ("9 cases", "9 flaps")))
    for b in ("", ",boxes=12")
    for v, fr, en, dfr, den in (
        ("", "Règle classique", "Classic rules",
         "Fermer les cases des deux dés, de leur somme ou d'un seul dé.",
         "Shut the flaps of both dice, of their sum, or of one die."),
        (":francaise", "Variante française", "French variant",
         "Les cases ouvertes se lisent comme un nombre : 1, 4, 7 font 147.",
         "Open flaps read as one number: 1, 4, 7 score 147."),
        (":exacte", "Variante exacte", "Exact variant",
         "Fermer autant de cases qu'on veut, si leur somme égale celle des dés.",
         "Shut any flaps whose sum equals the dice total."),
    )
)
"""The three versions with 9 flaps, then with 12."""

DESCRIPTOR = GameDescriptor(
    game_id="shut-the-box",
    card=Entry(
        game_id="shut-the-box",
        name_fr="Shut the box",
        name_en="Shut the Box",
        players=(1, 6),
        minutes=(5, 10),
        age=6,
        pitch_fr="Le jeu des bars anglais : fermez le plus de cases pour faire le moins de "
        "points.",
        pitch_en="From English pubs: shut as many flaps as you can to score as little as you "
        "can.",
        presets=PRESETS,
        first_player_by_lot=False,
        seat_names_fr=seat_names_in(SEATS, "fr"),
        seat_names_en=seat_names_in(SEATS, "en"),
        starts_fr="Chacun joue une manche entière, l'un après l'autre.",
        starts_en="Each plays a whole round, one after the other.",
        seats_apart=True,
        headings=(VERSION, ("Boîte", "Box")),
    ),
    seats=SEATS,
    look=BoardLook(),
    illustration_plies=3,
    presentation="kiosk.games.shutthebox",
)
