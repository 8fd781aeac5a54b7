"""Multitchoukatro on the kiosk: the carved pits, boards of 4 to 12 pits."""

from __future__ import annotations

from kiosk.games.card import Entry, Preset
from kiosk.games.descriptor import GameDescriptor, Seats, seat_names_in
from kiosk.games.look import BoardLook

SEATS: Seats = {"sud": ("Sud", "South"), "nord": ("Nord", "North")}

PRESETS = tuple(
    Preset("multitchoukatro" + (f",cases={n}" if n != 6 else ""), f"Plateau de {n} cases",
           f"Board of {n} pits", f"{n // 2} graines par case{note_fr}.",
           f"{n // 2} seeds per pit{note_en}.", minutes=(max(3, n - 4), 2 * n),
           path=((f"{n} cases", f"{n} pits"),), rank=n)
    for n, note_fr, note_en in (
        (6, " : la partie habituelle", ": the usual game"),
        (4, " : une partie éclair", ": a lightning game"),
        (8, "", ""), (10, " : plus long", ": longer"),
        (12, " : la grande partie", ": the big game"),
    )
)
"""The usual board of 6 pits first, then the others."""

DESCRIPTOR = GameDescriptor(
    game_id="multitchoukatro",
    card=Entry(
        game_id="multitchoukatro",
        name_fr="Multitchoukatro",
        name_en="Multitchoukatro",
        players=(2, 2),
        minutes=(5, 15),
        age=7,
        pitch_fr="Semez les graines de case en case : qui met la dernière dans la rouma gagne.",
        pitch_en="Sow seeds from pit to pit: whoever drops the last one in the rouma wins.",
        presets=PRESETS,
        first_player_by_lot=False,
        seat_names_fr=seat_names_in(SEATS, "fr"),
        seat_names_en=seat_names_in(SEATS, "en"),
        starts_fr="Sud joue en premier.",
        starts_en="South plays first.",
        headings=(("Plateau", "Board"),),
    ),
    seats=SEATS,
    look=BoardLook(),
    illustration_plies=3,
    presentation="kiosk.games.multitchoukatro",
)
