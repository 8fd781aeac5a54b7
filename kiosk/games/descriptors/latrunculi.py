"""Latrunculi on the kiosk: engraved stone with marked corners, Seneca's or Piso's rules."""

from __future__ import annotations

from kiosk.games.card import Entry, Preset
from kiosk.games.descriptor import GameDescriptor, Seats, seat_names_in
from kiosk.games.descriptors.common import BLACK, VERSION, WHITE, WHITE_PLACES
from kiosk.games.look import BoardLook, Squares

SEATS: Seats = {"blanc": WHITE, "noir": BLACK}

DESCRIPTOR = GameDescriptor(
    game_id="latrunculi",
    card=Entry(
        game_id="latrunculi",
        name_fr="Latroncules",
        name_en="Latrunculi",
        players=(2, 2),
        minutes=(20, 40),
        age=8,
        pitch_fr="Le jeu des petits soldats romains : encerclez un pion adverse pour le "
        "capturer.",
        pitch_en="The Romans' game of little soldiers: surround an enemy piece to capture it.",
        presets=(
            Preset("latrunculi:seneque", "Variante de Sénèque", "Seneca's variant",
                   "Un pion pris reste couché et peut être délivré ; on saute par-dessus les "
                   "siens.",
                   "A captured piece lies flat and may be freed; you may jump your own pieces."),
            Preset("latrunculi:pison", "Variante de Pison", "Piso's variant",
                   "Un pion pris est retiré aussitôt ; on avance d'une case à la fois.",
                   "A captured piece is removed at once; pieces move one square at a time."),
        ),
        first_player_by_lot=False,
        seat_names_fr=seat_names_in(SEATS, "fr"),
        seat_names_en=seat_names_in(SEATS, "en"),
        starts_fr=WHITE_PLACES[0],
        starts_en=WHITE_PLACES[1],
        first_option="first",
        headings=(VERSION,),
    ),
    seats=SEATS,
    look=BoardLook(squares=Squares((202, 194, 178), (202, 194, 178), (110, 100, 88),
                                   grain=10, engraved=True)),
    illustration_plies=20,
    presentation="kiosk.games.latrunculi",
)
