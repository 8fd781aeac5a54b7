"""Tablut on the kiosk: light wood with the throne and the escape edge, four kings."""

from __future__ import annotations

from kiosk.games.card import Entry, Preset
from kiosk.games.descriptor import GameDescriptor, Seats, seat_names_in
from kiosk.games.look import BoardLook, Squares

SEATS: Seats = {"blanc": ("Suédois", "Swedes"), "noir": ("Moscovites", "Muscovites")}

DESCRIPTOR = GameDescriptor(
    game_id="tablut",
    card=Entry(
        game_id="tablut",
        name_fr="Tablut",
        name_en="Tablut",
        players=(2, 2),
        minutes=(10, 20),
        age=7,
        pitch_fr="Jeu de chasse scandinave, né d'un jeu viking : le roi suédois doit fuir vers "
        "un bord.",
        pitch_en="A Nordic hunt game born of a Viking one: the Swedish king must flee to an "
        "edge.",
        presets=(
            Preset("tablut", "Roi rapide et armé", "Fast, armed king",
                   "Le roi glisse comme une tour et aide à prendre les Moscovites.",
                   "The king slides like a rook and helps to capture Muscovites."),
            Preset("tablut,slow_king=true", "Roi lent", "Slow king",
                   "Le roi n'avance que d'une case à la fois : les Suédois ont plus de mal.",
                   "The king moves one square at a time: harder for the Swedes."),
            Preset("tablut,armed_king=false", "Roi sans arme", "Unarmed king",
                   "Le roi ne participe pas aux prises.", "The king takes no part in captures."),
            Preset("tablut,slow_king=true,armed_king=false", "Roi lent et sans arme",
                   "Slow, unarmed king", "Le roi avance d'une case à la fois et ne prend pas.",
                   "The king moves one square at a time and takes no part in captures."),
        ),
        first_player_by_lot=False,
        seat_names_fr=seat_names_in(SEATS, "fr"),
        seat_names_en=seat_names_in(SEATS, "en"),
        starts_fr="Les Suédois (blancs) commencent. Choisissez qui joue chaque camp.",
        starts_en="The Swedes (White) move first. Choose who plays each side.",
        headings=(("Le roi", "The king"),),
    ),
    seats=SEATS,
    look=BoardLook(squares=Squares((232, 204, 156), (220, 188, 136), (120, 84, 50))),
    illustration_plies=10,
    presentation="kiosk.games.tablut",
)
