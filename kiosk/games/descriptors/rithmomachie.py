"""Rithmomachia on the kiosk: the chequer with its camps, the Renaissance and the
Middle Ages' rules, and every way to win each one offers."""

from __future__ import annotations

from kiosk.games.card import Entry, Label, Preset
from kiosk.games.descriptor import GameDescriptor, Seats, seat_names_in
from kiosk.games.descriptors.common import BLACK, WHITE
from kiosk.games.look import BoardLook, Squares

SEATS: Seats = {"noir": BLACK, "blanc": WHITE}


def _low(text: str) -> str:
    """``text`` with a small first letter, after the era's name."""
    return text[:1].lower() + text[1:]


_BOIS = "rithmomachie:boissiere"
_MED = "rithmomachie:medievale"
_ONE = ("Un seul but", "One goal")
_MANY = ("Plusieurs buts à la fois", "Several goals at once")
_LINE = ("Aligner des nombres", "Line up numbers")
_LINE3 = ("Aligner 3 nombres", "Line up 3 numbers")
_LINE4 = ("Aligner 4 nombres", "Line up 4 numbers")
_PIECES = ("Prendre assez de pièces", "Take enough pieces")
_NUMBERS = ("Prendre les bons nombres", "Take the right numbers")
_BOIS_ROWS = (  # how to win (a step of the setup), options, label fr/en, detail fr/en
    (_ONE, "", "Prendre 8 pièces", "Take 8 pieces",
     "Boissière, 1556. Victoire « de corps » : le premier qui prend 8 pièces gagne.",
     "Boissière, 1556. Victory of bodies: the first to take 8 pieces wins."),
    (_ONE, ",victoire=proces,chiffres=5", "Partie courte", "Short game",
     "Victoire « de procès » : prendre des nombres qui font 5 chiffres (120 et 81).",
     "Victory of lawsuit: take numbers with 5 digits in all (120 and 81)."),
    (_ONE, ",victoire=bien", "Prendre 500 points", "Take 500 points",
     "Victoire « de bien » : les pièces prises doivent valoir 500 en tout.",
     "Victory of goods: the pieces taken must be worth 500 in all."),
    (_ONE, ",victoire=proces", "Prendre 16 chiffres", "Take 16 digits",
     "Victoire « de procès » : les nombres pris comptent 16 chiffres (81 en a 2).",
     "Victory of lawsuit: the numbers taken have 16 digits in all (81 has 2)."),
    (_MANY, ",victoire=corps+bien", "8 pièces et 500 points", "8 pieces and 500 points",
     "Victoires « de corps » et « de bien » à la fois.",
     "Victories of bodies and of goods at once."),
    (_MANY, ",victoire=corps+proces", "8 pièces et 16 chiffres", "8 pieces and 16 digits",
     "Victoires « de corps » et « de procès » à la fois.",
     "Victories of bodies and of lawsuit at once."),
    (_MANY, ",victoire=bien+proces", "500 points et 16 chiffres", "500 points and 16 digits",
     "Victoires « de bien » et « de procès » à la fois.",
     "Victories of goods and of lawsuit at once."),
    (_MANY, ",victoire=corps+bien+proces", "8 pièces, 500 points, 16 chiffres",
     "8 pieces, 500 points, 16 digits",
     "Les trois victoires communes à la fois : la partie la plus longue.",
     "All three common victories at once: the longest game."),
    (_LINE3, ",victoire=mediocre", "3 nombres en suite, au choix",
     "3 numbers in any progression",
     "Victoire « médiocre » : prendre la pyramide, puis aligner 3 nombres en suite.",
     "Modest victory: take the pyramid, then line up 3 numbers in progression."),
    (_LINE3, ",victoire=mediocre-arith", "3 nombres en suite arithmétique",
     "3 numbers in arithmetic progression",
     "Victoire « médiocre » arithmétique : la pyramide prise, 3 nombres comme 16, 36, 56.",
     "Arithmetic modest victory: pyramid taken, 3 numbers such as 16, 36, 56."),
    (_LINE3, ",victoire=mediocre-geo", "3 nombres en suite géométrique",
     "3 numbers in geometric progression",
     "Victoire « médiocre » géométrique : la pyramide prise, 3 nombres comme 4, 12, 36.",
     "Geometric modest victory: pyramid taken, 3 numbers such as 4, 12, 36."),
    (_LINE3, ",victoire=mediocre-harmo", "3 nombres en suite harmonique",
     "3 numbers in harmonic progression",
     "Victoire « médiocre » harmonique : la pyramide prise, 3 nombres comme 4, 6, 12.",
     "Harmonic modest victory: pyramid taken, 3 numbers such as 4, 6, 12."),
    (_LINE4, ",victoire=grande", "4 nombres, deux suites au choix",
     "4 numbers in any two progressions",
     "« Grande » victoire : la pyramide prise, 4 nombres formant deux sortes de suites.",
     "Great victory: pyramid taken, 4 numbers forming two kinds of progression."),
    (_LINE4, ",victoire=grande-arith-geo", "Suites arithmétique et géométrique",
     "Arithmetic and geometric progressions",
     "« Grande » victoire : la pyramide prise, 4 nombres comme 2, 4, 6, 8 (2 4 6 et 2 4 8).",
     "Great victory: pyramid taken, 4 numbers such as 2, 4, 6, 8 (2 4 6 and 2 4 8)."),
    (_LINE4, ",victoire=grande-arith-harmo", "Suites arithmétique et harmonique",
     "Arithmetic and harmonic progressions",
     "« Grande » victoire : la pyramide prise, 4 nombres comme 2, 3, 4, 6 (2 3 4 et 3 4 6).",
     "Great victory: pyramid taken, 4 numbers such as 2, 3, 4, 6 (2 3 4 and 3 4 6)."),
    (_LINE4, ",victoire=grande-geo-harmo", "Suites géométrique et harmonique",
     "Geometric and harmonic progressions",
     "« Grande » victoire : la pyramide prise, 4 nombres comme 4, 6, 12, 36.",
     "Great victory: pyramid taken, 4 numbers such as 4, 6, 12, 36."),
    (_LINE4, ",victoire=excellente", "4 nombres, les trois suites",
     "4 numbers in all three progressions",
     "Victoire « excellente » : la pyramide prise, 4 nombres formant les trois suites.",
     "Excellent victory: pyramid taken, 4 numbers forming all three progressions."),
)
_BOIS_STEPS: dict[str, Label] = {  # the button's words, where the label says more
    ",victoire=mediocre": ("Une suite au choix", "Any progression"),
    ",victoire=mediocre-arith": ("Suite arithmétique", "Arithmetic progression"),
    ",victoire=mediocre-geo": ("Suite géométrique", "Geometric progression"),
    ",victoire=mediocre-harmo": ("Suite harmonique", "Harmonic progression"),
    ",victoire=grande": ("Deux suites au choix", "Any two progressions"),
    ",victoire=grande-arith-geo": ("Arithmétique et géométrique", "Arithmetic and geometric"),
    ",victoire=grande-arith-harmo": ("Arithmétique et harmonique", "Arithmetic and harmonic"),
    ",victoire=grande-geo-harmo": ("Géométrique et harmonique", "Geometric and harmonic"),
    ",victoire=excellente": ("Les trois suites", "All three progressions"),
}
_MED_ROWS = (
    (_PIECES, "", "Prendre 3 pièces", "Take 3 pieces",
     "Compilation médiévale. « De Corpore » : le premier qui prend 3 pièces gagne.",
     "Medieval compilation. De Corpore: the first to take 3 pieces wins."),
    (_PIECES, ",victoire=corpore,pieces=8", "Prendre 8 pièces", "Take 8 pieces",
     "« De Corpore » en partie longue : le premier qui prend 8 pièces gagne.",
     "De Corpore, long game: the first to take 8 pieces wins."),
    (_NUMBERS, ",victoire=bonis,somme=150", "Prendre 150 points", "Take 150 points",
     "« De Bonis » : les pièces prises doivent valoir 150 en tout.",
     "De Bonis: the pieces taken must be worth 150 in all."),
    (_NUMBERS, ",victoire=lite,digits=123", "Prendre les chiffres 1, 2, 3",
     "Take the digits 1, 2, 3",
     "« De Lite » : les nombres pris contiennent 1, 2 et 3 (12 et 3, 120 et 36…).",
     "De Lite: the numbers taken hold 1, 2 and 3 (12 and 3, 120 and 36…)."),
    (_NUMBERS, ",victoire=honore,pieces=3,somme=150", "3 pièces et 150 points",
     "3 pieces and 150 points",
     "« De Honore » : au moins 3 pièces, valant au moins 150 en tout.",
     "De Honore: at least 3 pieces, worth at least 150 in all."),
    (_NUMBERS, ",victoire=honore-liteque,total_chiffres=30", "Chiffres qui font 30",
     "Digits adding to 30",
     "« Honore Liteque » : les chiffres des nombres pris font 30 (361 compte 10).",
     "Honore Liteque: the digits of the numbers taken add to 30 (361 counts 10)."),
    (_LINE, ",victoire=triomphe", "Triomphe (3 nombres alignés)", "Triumph (3 numbers in line)",
     "La pyramide prise, aligner 3 nombres en suite (2, 4, 6 ou 2, 4, 8…).",
     "Pyramid taken, line up 3 numbers in progression (2, 4, 6 or 2, 4, 8…)."),
    (_LINE, ",victoire=grand-triomphe", "Grand triomphe (4 nombres)",
     "Greater triumph (4 numbers)",
     "La pyramide prise, aligner 4 nombres formant deux sortes de suites.",
     "Pyramid taken, line up 4 numbers forming two kinds of progression."),
    (_LINE, ",victoire=triomphe-supreme", "Triomphe suprême (4 nombres)",
     "Greatest triumph (4 numbers)",
     "La pyramide prise, 4 nombres alignés chez l'adversaire, formant les trois suites.",
     "Pyramid taken, 4 numbers in line in the enemy half, forming all three progressions."),
    (_PIECES, ",rows=14", "Prendre 3 pièces, tablier court", "Take 3 pieces, short board",
     "Le tablier de 14 rangées de la source : on se rencontre plus vite.",
     "The source's 14-row board: the armies meet sooner."),
)

_LONG = ("+", "mediocre", "grande", "excellente", "triomphe")
_SHORT = (",victoire=proces,chiffres=5", ",rows=14")


PRESETS = tuple(
    Preset(head + opts, f"{era[0]} : {_low(fr)}", f"{era[1]}: {_low(en)}", dfr, den,
           minutes=(60, 120) if any(w in opts for w in _LONG)
           else (20, 45) if opts in _SHORT or (head == _MED and not opts) else None,
           path=(era, family, _BOIS_STEPS.get(opts, (fr, en)) if head == _BOIS else (fr, en)),
           starts_fr=f"Les {first[0]} (nombres pairs) commencent.",
           starts_en=f"{first[1]} (the even numbers) moves first.")
    for head, era, first, rows in (
        (_BOIS, ("Renaissance", "Renaissance"), BLACK, _BOIS_ROWS),
        (_MED, ("Moyen Âge", "Middle Ages"), WHITE, _MED_ROWS),
    )
    for family, opts, fr, en, dfr, den in rows
)
"""Boissière's rules (1556), then the medieval compilation's, each way to win a preset."""

DESCRIPTOR = GameDescriptor(
    game_id="rithmomachie",
    card=Entry(
        game_id="rithmomachie",
        name_fr="Rithmomachie",
        name_en="Rithmomachia",
        players=(2, 2),
        minutes=(45, 90),
        age=12,
        pitch_fr="Le jeu de calcul des savants du Moyen Âge : une bataille de pions et de "
        "nombres.",
        pitch_en="The medieval scholars' game of numbers: a battle of pieces and of numbers.",
        presets=PRESETS,
        first_player_by_lot=False,
        seat_names_fr=seat_names_in(SEATS, "fr"),
        seat_names_en=seat_names_in(SEATS, "en"),
        starts_fr="Le camp des nombres pairs commence : Noirs (Renaissance), Blancs (Moyen Âge).",
        starts_en="The even numbers start: Black (Renaissance), White (Middle Ages).",
        first_option="first",
        headings=(("Époque", "Era"), ("Pour gagner", "To win"), ("", "")),
    ),
    seats=SEATS,
    look=BoardLook(squares=Squares((214, 186, 142), (160, 118, 76), (96, 64, 36)),
                   token_scale=0.9),
    illustration_plies=8,
    presentation="kiosk.games.rithmomachie",
)
