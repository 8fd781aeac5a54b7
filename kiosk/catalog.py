"""What the home and setup screens show for each of the eleven games (no pygame).

Names, a one-line pitch from the sources, players, duration, age, who starts,
and the *presets*: engine specs with plain labels, the first being the default.
A preset's *steps* are the choices that lead to it on the setup screen, from
the broad (the rules: "Renaissance") to the narrow (the variant: "Prendre 8
pièces"); each step is one row of buttons, under the entry's heading for it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

Label = tuple[str, str]
"""A text in French and in English."""


@dataclass(frozen=True)
class Preset:
    """One choice of rules offered on the setup screen."""

    spec: str  # an engine spec accepted by engines.find_game
    label_fr: str
    label_en: str
    detail_fr: str = ""
    detail_en: str = ""
    minutes: tuple[int, int] | None = None  # typical duration, when not the game's
    first_by_lot: bool | None = None  # overrides Entry.first_player_by_lot (Othello)
    path: tuple[Label, ...] = ()  # the setup's choices leading here; (label,) when empty
    starts_fr: str = ""  # who starts, when not the entry's line
    starts_en: str = ""
    rank: int = 0  # where its last step stands among its neighbours on the setup screen

    @property
    def steps(self) -> tuple[Label, ...]:
        """The choices made on the setup screen to reach this preset, broad to narrow."""
        return self.path or ((self.label_fr, self.label_en),)

    @property
    def variant_spec(self) -> str:
        """The spec's ``id[:variant]`` part, to group presets by rules."""
        return self.spec.split(",")[0]


@dataclass(frozen=True)
class Entry:
    """A game's card on the home screen and its setup choices."""

    game_id: str
    name_fr: str
    name_en: str
    players: tuple[int, int]  # min, max seats
    minutes: tuple[int, int]  # typical duration
    age: int  # minimum age
    pitch_fr: str
    pitch_en: str
    presets: tuple[Preset, ...]  # the first is the default
    first_player_by_lot: bool  # the source draws who starts (set first_option, or dice)
    seat_names_fr: tuple[str, ...]  # in the engine's player order, max seats
    seat_names_en: tuple[str, ...]
    starts_fr: str = ""  # who starts, in one line
    starts_en: str = ""
    first_option: str = ""  # the engine option saying who starts, if any
    lot_by_dice: bool = False  # the engine's opening throw decides who starts
    seats_apart: bool = False  # players chosen apart from presets (players=N added)
    headings: tuple[Label, ...] = ()  # the setup's heading over each step of the presets

    def first_by_lot(self, preset: Preset) -> bool:
        """Whether who starts is drawn by lot under ``preset``."""
        return self.first_player_by_lot if preset.first_by_lot is None else preset.first_by_lot

    def heading(self, step: int) -> Label:
        """The heading over the setup's row of choices for ``step`` (may be empty)."""
        return self.headings[step] if step < len(self.headings) else ("Variante", "Variant")

    def starts(self, preset: Preset) -> Label:
        """Who starts under ``preset``, in one line."""
        if preset.starts_fr:
            return preset.starts_fr, preset.starts_en
        return self.starts_fr, self.starts_en


_p = Preset
SEAT_NAMES: dict[str, dict[str, tuple[str, str]]] = {  # engine player -> (fr, en)
    "tablut": {"blanc": ("Suédois", "Swedes"), "noir": ("Moscovites", "Muscovites")},
    "assaut": {"soldats": ("Soldats", "Soldiers"), "officiers": ("Officiers", "Officers")},
    "multitchoukatro": {"sud": ("Sud", "South"), "nord": ("Nord", "North")},
    "barricades": {"rouge": ("Rouge", "Red"), "vert": ("Vert", "Green"),
                   "jaune": ("Jaune", "Yellow"), "bleu": ("Bleu", "Blue")},
    "shut-the-box": {f"joueur{n}": (f"Joueur {n}", f"Player {n}") for n in range(1, 7)},
}
_COLOURS = {"noir": ("Noirs", "Black"), "blanc": ("Blancs", "White")}


def seat_name(game_id: str, player: str, lang: str = "fr") -> str:
    """How a seat (an engine player name) is shown."""
    fr, en = SEAT_NAMES.get(game_id, _COLOURS).get(player, (player, player))
    return en if lang == "en" else fr


def with_seat_names(text: str, game_id: str, players: Sequence[str], lang: str) -> str:
    """``text`` (an engine's words) with the engine's player names shown as seats.

    Engines name players in French (``noir``, ``sud``) and sometimes, in their
    English sentences, by colour (``white``); visitors read the seats' names:
    "Black", "South", "the Swedes"… In French the engine's verbs are singular
    ("noir a sorti tous ses pions"), so a seat named by the plural of the same
    word keeps its singular ("Noir a sorti…"), a seat with another plural name
    becomes a camp ("le camp des Suédois ne peut plus bouger"), and a name after
    "les" ("les soldats ne peuvent plus bouger") is already a common noun.
    """
    for player in players:
        name = seat_name(game_id, player, lang)
        words = [player]
        if lang == "en":
            words += [_ENGLISH_WORDS.get(player, name)]
            shown = name
        elif name.lower() in (player, player + "s"):
            shown = player[:1].upper() + player[1:]
        elif name.endswith("s") and " " not in name:
            shown = f"le camp des {name}"
        else:
            shown = name
        for word in words:
            text = re.sub(rf"(?<!\bles )(?<!\bthe )\b{re.escape(word)}\b", shown, text,
                          flags=re.IGNORECASE)
    return text


_ENGLISH_WORDS = {"noir": "black", "blanc": "white"}
"""The colour words some engines' English sentences use for these players."""


def seat_names(spec: str, lang: str = "fr") -> tuple[str, ...]:
    """The seat names of ``spec`` in the engine's player order."""
    from engines import find_game

    game = find_game(spec)
    return tuple(seat_name(game.id, player, lang) for player in game.players)


def _seats(game_id: str, *players: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    return tuple(seat_name(game_id, p) for p in players), tuple(
        seat_name(game_id, p, "en") for p in players
    )


def _low(text: str) -> str:
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


_RITHMOMACHIE = tuple(
    _p(head + opts, f"{era[0]} : {_low(fr)}", f"{era[1]}: {_low(en)}", dfr, den,
       (60, 120) if any(w in opts for w in _LONG)
       else (20, 45) if opts in _SHORT or (head == _MED and not opts) else None,
       path=(era, family, _BOIS_STEPS.get(opts, (fr, en)) if head == _BOIS else (fr, en)),
       starts_fr=f"Les {first[0]} (nombres pairs) commencent.",
       starts_en=f"{first[1]} (the even numbers) moves first.")
    for head, era, first, rows in (
        (_BOIS, ("Renaissance", "Renaissance"), ("Noirs", "Black"), _BOIS_ROWS),
        (_MED, ("Moyen Âge", "Middle Ages"), ("Blancs", "White"), _MED_ROWS),
    )
    for family, opts, fr, en, dfr, den in rows
)

_SHUT = tuple(
    _p(f"shut-the-box{v}{b}", fr + (" (12 cases)" if b else ""), en + (" (12 flaps)" if b else ""),
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

_MULTI = tuple(
    _p("multitchoukatro" + (f",cases={n}" if n != 6 else ""), f"Plateau de {n} cases",
       f"Board of {n} pits", f"{n // 2} graines par case{note_fr}.",
       f"{n // 2} seeds per pit{note_en}.", (max(3, n - 4), 2 * n),
       path=((f"{n} cases", f"{n} pits"),), rank=n)
    for n, note_fr, note_en in (
        (6, " : la partie habituelle", ": the usual game"),
        (4, " : une partie éclair", ": a lightning game"),
        (8, "", ""), (10, " : plus long", ": longer"),
        (12, " : la grande partie", ": the big game"),
    )
)

_NOIR_BLANC = _seats("reversi", "noir", "blanc")
_WHITE_PLACES = ("Les Blancs posent le premier pion.", "White places the first piece.")
_OPENING_THROW = (
    "Chacun lance un dé : le plus fort commence, avec ces deux dés.",
    "Each throws one die: the higher starts, playing both dice.",
)
_VERSION = ("Version", "Version")
_VARIANT = ("Variante", "Variant")
_MATCH = ("Un match", "A match")
_SINGLE = ("Une seule partie", "A single game")
_HUFFING = ("Règle ancienne : on souffle", "Old rule: missed captures are punished")
_FREE_FOR_ALL = ("Chacun pour soi", "Everyone for themselves")
_COMPULSORY = ("Prise obligatoire", "Compulsory capture")
_ANY_CAPTURE = ("Prise libre", "Free capture")

CATALOGUE: tuple[Entry, ...] = (
    Entry(
        "reversi", "Reversi", "Reversi", (2, 2), (15, 25), 7,
        "Inventé en Angleterre vers 1880 : encadrez les pions adverses pour les retourner.",
        "Invented in England around 1880: outflank your opponent's discs to turn them over.",
        (_p("reversi", "Départ libre", "Free opening",
            "Les 4 premiers pions se posent au choix sur les 4 cases du centre.",
            "The first 4 discs go where you like on the 4 centre squares."),
         _p("reversi:othello", "Othello", "Othello",
            "Les 4 pions du centre sont déjà posés en croix.",
            "The 4 centre discs start crossed.", first_by_lot=False,
            starts_fr="Les Noirs commencent.", starts_en="Black moves first.")),
        True, *_NOIR_BLANC, "Le sort en décide.", "Drawn by lot.",
        first_option="first", headings=(("Ouverture", "Opening"),),
    ),
    Entry(
        "moulin", "Moulin", "Mill", (2, 2), (10, 20), 7,
        "Très populaire au Moyen Âge : alignez trois pions, un moulin, et prenez un pion adverse.",
        "A medieval favourite: line up three pieces, a mill, and take an enemy piece.",
        (_p("moulin", "Prise libre", "Free capture",
            "Un moulin prend n'importe quel pion ; à 4 pions, on vole où l'on veut.",
            "A mill takes any piece; down to 4 pieces, you may fly anywhere.",
            path=(_ANY_CAPTURE, ("On vole à 4 pions", "Flying at 4 pieces"))),
         _p("moulin:standard", "Moulins protégés", "Protected mills",
            "On vole à 3 pions ; les pions d'un moulin sont à l'abri des prises.",
            "Flying at 3 pieces; pieces in a mill are safe from capture.",
            path=(("Moulins protégés", "Protected mills"),
                  ("On vole à 3 pions", "Flying at 3 pieces"))),
         _p("moulin,fly_at=0", "Prise libre, sans vol", "Free capture, no flying",
            "Un moulin prend n'importe quel pion ; on avance toujours d'un point, jusqu'au bout.",
            "A mill takes any piece; pieces always move one point, to the very end.",
            path=(_ANY_CAPTURE, ("On ne vole jamais", "No flying")))),
        False, *_seats("moulin", "blanc", "noir"), *_WHITE_PLACES, first_option="first",
        headings=(
            ("Prises", "Captures"), ("Quand il reste peu de pions", "When few pieces are left")
        ),
    ),
    Entry(
        "backgammon", "Backgammon", "Backgammon", (2, 2), (20, 60), 8,
        "Une course de vitesse jouée dans toute l'Europe et dans l'est de la Méditerranée.",
        "A race played all over Europe and around the eastern Mediterranean.",
        (_p("backgammon", "Match en 5 points", "5-point match",
            "Plusieurs parties ; à tout moment, le videau (le dé des enjeux) double les "
            "points.",
            "Several games; at any moment, the doubling cube lets you double the stake.",
            (40, 60),
            path=(_MATCH, ("En 5 points", "To 5 points"))),
         _p("backgammon,match=10", "Match en 10 points", "10-point match",
            "Comme le match en 5 points, en plus long.", "Like the 5-point match, longer.",
            (80, 120), path=(_MATCH, ("En 10 points", "To 10 points"))),
         _p("backgammon,match=20", "Match en 20 points", "20-point match",
            "Pour une longue soirée.", "For a long evening.", (150, 240),
            path=(_MATCH, ("En 20 points", "To 20 points"))),
         _p("backgammon:simple", "Une seule partie", "A single game",
            "Sans videau : 1 point, 2 si l'autre n'a sorti aucun pion, voire 3.",
            "No cube: 1 point, 2 if the other bore off nothing, even 3.", (15, 25),
            path=(_SINGLE, ("Sans videau", "Without the cube"))),
         _p("backgammon,match=1", "Une partie avec le videau", "A single game with the cube",
            "Une seule partie, mais on peut doubler l'enjeu en cours de route.",
            "One game, but the stake may be doubled along the way.", (15, 25),
            path=(_SINGLE, ("Avec le videau", "With the cube"))),
         _p("backgammon,crawford=true", "Match en 5 points, règle des tournois",
            "5-point match, tournament rule",
            "Règle Crawford : quand l'un est à un point de gagner, la manche suivante est "
            "sans videau.",
            "Crawford rule: when a player is one point from winning, the next game has no "
            "cube.",
            (40, 60), path=(_MATCH, ("En 5 points, règle des tournois",
                                      "To 5 points, tournament rule")))),
        True, *_NOIR_BLANC, *_OPENING_THROW, lot_by_dice=True,
        headings=(("Durée", "Length"), _VARIANT),
    ),
    Entry(
        "barricades", "Barricades", "Barricades", (2, 4), (25, 40), 7,
        "Un jeu de parcours plein de suspense, où les situations se renversent vite.",
        "A race full of suspense, where the tables turn in a flash.",
        (_p("barricades", "2 joueurs", "2 players",
            "Chacun pour soi : le premier pion sur l'arrivée gagne.",
            "Everyone for themselves: the first pawn on the goal wins.",
            path=(_FREE_FOR_ALL, ("2 joueurs", "2 players"))),
         _p("barricades,players=3", "3 joueurs", "3 players",
            "Chacun pour soi, à trois.", "Everyone for themselves, three of you.",
            path=(_FREE_FOR_ALL, ("3 joueurs", "3 players"))),
         _p("barricades,players=4", "4 joueurs", "4 players",
            "Chacun pour soi, à quatre.", "Everyone for themselves, four of you.",
            path=(_FREE_FOR_ALL, ("4 joueurs", "4 players"))),
         _p("barricades:equipes", "4 joueurs en équipes", "4 players in teams",
            "Rouge et Jaune contre Vert et Bleu : un pion de l'équipe à l'arrivée suffit.",
            "Red and Yellow against Green and Blue: one team pawn on the goal wins.",
            path=(("En équipes, à 4", "In teams, 4 players"), ("4 joueurs", "4 players")))),
        False, *_seats("barricades", "rouge", "vert", "jaune", "bleu"),
        "Rouge commence (les pions les plus à gauche).", "Red starts (the leftmost pawns).",
        headings=(("Partie", "Game"), ("Combien de joueurs ?", "How many players?")),
    ),
    Entry(
        "shut-the-box", "Shut the box", "Shut the Box", (1, 6), (5, 10), 6,
        "Le jeu des bars anglais : fermez le plus de cases pour faire le moins de points.",
        "From English pubs: shut as many flaps as you can to score as little as you can.",
        _SHUT, False, *_seats("shut-the-box", *(f"joueur{n}" for n in range(1, 7))),
        "Chacun joue une manche entière, l'un après l'autre.",
        "Each plays a whole round, one after the other.", seats_apart=True,
        headings=(_VERSION, ("Boîte", "Box")),
    ),
    Entry(
        "jacquet", "Jacquet", "Jacquet", (2, 2), (25, 40), 8,
        "Le cousin français du backgammon : une course sans prise, où l'on bloque l'autre.",
        "Backgammon's French cousin: a race with no hitting, where you block the other.",
        (_p("jacquet", "Bloqué, on passe son tour", "Blocked: pass the turn",
            "Un joueur bloqué, qui ne peut jouer aucun dé, passe son tour.",
            "A blocked player, with no die to play, passes.",
            path=(("Il passe son tour", "Passes the turn"),)),
         _p("jacquet,blocked_loses=true", "Bloqué, c'est perdu", "Blocked means lost",
            "Un joueur qui ne peut jouer aucun dé perd la partie.",
            "A player who cannot play any die loses the game.",
            path=(("Il perd la partie", "Loses the game"),))),
        True, *_NOIR_BLANC, *_OPENING_THROW, lot_by_dice=True,
        headings=(("Joueur bloqué", "Blocked player"),),
    ),
    Entry(
        "tablut", "Tablut", "Tablut", (2, 2), (10, 20), 7,
        "Jeu de chasse scandinave, né d'un jeu viking : le roi suédois doit fuir vers un bord.",
        "A Nordic hunt game born of a Viking one: the Swedish king must flee to an edge.",
        (_p("tablut", "Roi rapide et armé", "Fast, armed king",
            "Le roi glisse comme une tour et aide à prendre les Moscovites.",
            "The king slides like a rook and helps to capture Muscovites."),
         _p("tablut,slow_king=true", "Roi lent", "Slow king",
            "Le roi n'avance que d'une case à la fois : les Suédois ont plus de mal.",
            "The king moves one square at a time: harder for the Swedes."),
         _p("tablut,armed_king=false", "Roi sans arme", "Unarmed king",
            "Le roi ne participe pas aux prises.", "The king takes no part in captures."),
         _p("tablut,slow_king=true,armed_king=false", "Roi lent et sans arme",
            "Slow, unarmed king", "Le roi avance d'une case à la fois et ne prend pas.",
            "The king moves one square at a time and takes no part in captures.")),
        False, *_seats("tablut", "blanc", "noir"),
        "Les Suédois (blancs) commencent. Choisissez qui joue chaque camp.",
        "The Swedes (White) move first. Choose who plays each side.",
        headings=(("Le roi", "The king"),),
    ),
    Entry(
        "assaut", "Assaut", "Assault", (2, 2), (10, 20), 7,
        "Un jeu de chasse : 2 officiers défendent la forteresse contre 24 soldats.",
        "A hunt game: 2 officers defend the fortress against 24 soldiers.",
        (_p("assaut", "Prise obligatoire", "Compulsory capture",
            "Un officier doit prendre, et le plus de soldats possible.",
            "An officer must capture, as many soldiers as possible.",
            path=(_COMPULSORY, ("Le plus de soldats", "As many soldiers as possible"))),
         _p("assaut:souffler", *_HUFFING,
            "Prise libre, mais l'officier qui oublie une prise peut être retiré (« soufflé »).",
            "Capture is free, but an officer who misses one may be removed by the soldiers "
            "(\"huffed\").",
            path=(_HUFFING, ("Prise libre", "Free capture"))),
         _p("assaut,max_capture=false", "Prise obligatoire, au choix", "Compulsory, any capture",
            "Un officier doit prendre, mais choisit quelle prise faire.",
            "An officer must capture, but chooses which capture to make.",
            path=(_COMPULSORY, ("Au choix de l'officier", "The officer's choice")))),
        False, *_seats("assaut", "soldats", "officiers"),
        "Les officiers se placent dans la forteresse, puis les soldats commencent.",
        "The officers take their places in the fortress, then the soldiers start.",
        headings=(_VERSION, ("Quelle prise ?", "Which capture?")),
    ),
    Entry(
        "multitchoukatro", "Multitchoukatro", "Multitchoukatro", (2, 2), (5, 15), 7,
        "Semez les graines de case en case : qui met la dernière dans la rouma gagne.",
        "Sow seeds from pit to pit: whoever drops the last one in the rouma wins.",
        _MULTI, False, *_seats("multitchoukatro", "sud", "nord"),
        "Sud joue en premier.", "South plays first.",
        headings=(("Plateau", "Board"),),
    ),
    Entry(
        "latrunculi", "Latroncules", "Latrunculi", (2, 2), (20, 40), 8,
        "Le jeu des petits soldats romains : encerclez un pion adverse pour le capturer.",
        "The Romans' game of little soldiers: surround an enemy piece to capture it.",
        (_p("latrunculi:seneque", "Variante de Sénèque", "Seneca's variant",
            "Un pion pris reste couché et peut être délivré ; on saute par-dessus les siens.",
            "A captured piece lies flat and may be freed; you may jump your own pieces."),
         _p("latrunculi:pison", "Variante de Pison", "Piso's variant",
            "Un pion pris est retiré aussitôt ; on avance d'une case à la fois.",
            "A captured piece is removed at once; pieces move one square at a time.")),
        False, *_seats("latrunculi", "blanc", "noir"), *_WHITE_PLACES, first_option="first",
        headings=(_VERSION,),
    ),
    Entry(
        "rithmomachie", "Rithmomachie", "Rithmomachia", (2, 2), (45, 90), 12,
        "Le jeu de calcul des savants du Moyen Âge : une bataille de pions et de nombres.",
        "The medieval scholars' game of numbers: a battle of pieces and of numbers.",
        _RITHMOMACHIE, False, *_NOIR_BLANC,
        "Le camp des nombres pairs commence : Noirs (Renaissance), Blancs (Moyen Âge).",
        "The even numbers start: Black (Renaissance), White (Middle Ages).",
        first_option="first",
        headings=(("Époque", "Era"), ("Pour gagner", "To win"), ("", "")),
    ),
)

_BY_ID = {e.game_id: e for e in CATALOGUE}


def entry(game_id: str) -> Entry:
    """The catalogue entry of a game id; ``KeyError`` naming the ids if unknown."""
    try:
        return _BY_ID[game_id]
    except KeyError:
        raise KeyError(f"unknown game '{game_id}'; choose among {', '.join(_BY_ID)}") from None


def presets_for(game_id: str, players: int) -> tuple[Preset, ...]:
    """The presets seating ``players`` (shut the box: every preset, ``players=N`` added)."""
    from engines import find_game

    game_entry = entry(game_id)
    low, high = game_entry.players
    if not low <= players <= high:
        return ()
    found = []
    for preset in game_entry.presets:
        count = len(find_game(preset.spec).players)
        if count == players:
            found.append(preset)
        elif game_entry.seats_apart:
            found.append(replace(preset, spec=f"{preset.spec},players={players}"))
    return tuple(found)
