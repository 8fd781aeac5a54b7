"""Assaut on the kiosk: the engraved board with its fortress, three ways to capture."""

from __future__ import annotations

from kiosk.games.card import Entry, Label, Preset
from kiosk.games.descriptor import GameDescriptor, Seats, seat_names_in
from kiosk.games.descriptors.common import VERSION
from kiosk.games.look import BoardLook

SEATS: Seats = {"soldats": ("Soldats", "Soldiers"), "officiers": ("Officiers", "Officers")}
HUFFING: Label = ("Règle ancienne : on souffle", "Old rule: missed captures are punished")
COMPULSORY: Label = ("Prise obligatoire", "Compulsory capture")

DESCRIPTOR = GameDescriptor(
    game_id="assaut",
    card=Entry(
        game_id="assaut",
        name_fr="Assaut",
        name_en="Assault",
        players=(2, 2),
        minutes=(10, 20),
        age=7,
        pitch_fr="Un jeu de chasse : 2 officiers défendent la forteresse contre 24 soldats.",
        pitch_en="A hunt game: 2 officers defend the fortress against 24 soldiers.",
        presets=(
            Preset("assaut", "Prise obligatoire", "Compulsory capture",
                   "Un officier doit prendre, et le plus de soldats possible.",
                   "An officer must capture, as many soldiers as possible.",
                   path=(COMPULSORY, ("Le plus de soldats", "As many soldiers as possible"))),
            Preset("assaut:souffler", *HUFFING,
                   "Prise libre, mais l'officier qui oublie une prise peut être retiré "
                   "(« soufflé »).",
                   "Capture is free, but an officer who misses one may be removed by the "
                   "soldiers (\"huffed\").",
                   path=(HUFFING, ("Prise libre", "Free capture"))),
            Preset("assaut,max_capture=false", "Prise obligatoire, au choix",
                   "Compulsory, any capture",
                   "Un officier doit prendre, mais choisit quelle prise faire.",
                   "An officer must capture, but chooses which capture to make.",
                   path=(COMPULSORY, ("Au choix de l'officier", "The officer's choice"))),
        ),
        first_player_by_lot=False,
        seat_names_fr=seat_names_in(SEATS, "fr"),
        seat_names_en=seat_names_in(SEATS, "en"),
        starts_fr="Les officiers se placent dans la forteresse, puis les soldats commencent.",
        starts_en="The officers take their places in the fortress, then the soldiers start.",
        headings=(VERSION, ("Quelle prise ?", "Which capture?")),
    ),
    seats=SEATS,
    look=BoardLook(),
    illustration_plies=14,
    presentation="kiosk.games.assaut",
)
