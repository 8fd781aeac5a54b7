"""Moulin (the mill) on the kiosk: an engraved board, free or protected captures."""

from __future__ import annotations

from kiosk.games.card import Entry, Label, Preset
from kiosk.games.descriptor import GameDescriptor, Seats, seat_names_in
from kiosk.games.descriptors.common import BLACK, WHITE, WHITE_PLACES
from kiosk.games.look import BoardLook

SEATS: Seats = {"blanc": WHITE, "noir": BLACK}
ANY_CAPTURE: Label = ("Prise libre", "Free capture")

DESCRIPTOR = GameDescriptor(
    game_id="moulin",
    card=Entry(
        game_id="moulin",
        name_fr="Moulin",
        name_en="Mill",
        players=(2, 2),
        minutes=(10, 20),
        age=7,
        pitch_fr="Très populaire au Moyen Âge : alignez trois pions, un moulin, et prenez un "
        "pion adverse.",
        pitch_en="A medieval favourite: line up three pieces, a mill, and take an enemy piece.",
        presets=(
            Preset("moulin", "Prise libre", "Free capture",
                   "Un moulin prend n'importe quel pion ; à 4 pions, on vole où l'on veut.",
                   "A mill takes any piece; down to 4 pieces, you may fly anywhere.",
                   path=(ANY_CAPTURE, ("On vole à 4 pions", "Flying at 4 pieces"))),
            Preset("moulin:standard", "Moulins protégés", "Protected mills",
                   "On vole à 3 pions ; les pions d'un moulin sont à l'abri des prises.",
                   "Flying at 3 pieces; pieces in a mill are safe from capture.",
                   path=(("Moulins protégés", "Protected mills"),
                         ("On vole à 3 pions", "Flying at 3 pieces"))),
            Preset("moulin,fly_at=0", "Prise libre, sans vol", "Free capture, no flying",
                   "Un moulin prend n'importe quel pion ; on avance toujours d'un point, "
                   "jusqu'au bout.",
                   "A mill takes any piece; pieces always move one point, to the very end.",
                   path=(ANY_CAPTURE, ("On ne vole jamais", "No flying"))),
        ),
        first_player_by_lot=False,
        seat_names_fr=seat_names_in(SEATS, "fr"),
        seat_names_en=seat_names_in(SEATS, "en"),
        starts_fr=WHITE_PLACES[0],
        starts_en=WHITE_PLACES[1],
        first_option="first",
        headings=(
            ("Prises", "Captures"), ("Quand il reste peu de pions", "When few pieces are left")
        ),
    ),
    seats=SEATS,
    look=BoardLook(token_scale=0.78),
    illustration_plies=12,
    presentation="kiosk.games.moulin",
)
