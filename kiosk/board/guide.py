"""The board's LED language and the controller's messages (French, then English).

Colours, so that a visitor reads the board the same way in every game:

- green, steady: where the lifted piece may go (or, in a phase of placing,
  every square where a piece may be put);
- yellow, steady: the square the hand is working on (the piece lifted);
- blue: a decision made elsewhere (the machine's, or one played on the
  screen) to copy on the board: its origin blinks, its target is steady; a
  board back after a loss, behind the game, shows every square to change
  so (lift from the blinking ones, put on the steady ones);
- red, blinking: a piece to take off (a capture); red, steady: a piece the
  player may choose to take off (a mill's removal);
- orange, blinking: a piece that stays but must change (a disc to turn);
- green, blinking: a square where a piece must be put back;
- white, blinking: a square that differs from the game: put it right;
- violet, steady: in a lesson, a square to look at (the lesson's other marks
  use the colours above: yellow the piece to lift, green where it goes, red
  blinking a piece to take off, blue the answer after two misses).
"""

from __future__ import annotations

from drivers.sensorboard import Led, LedMode

TARGET = Led(LedMode.ON, (0, 200, 0))
HAND = Led(LedMode.ON, (255, 170, 0))
ELSEWHERE_FROM = Led(LedMode.BLINK, (0, 80, 255))
ELSEWHERE_TO = Led(LedMode.ON, (0, 80, 255))
TAKE_OFF = Led(LedMode.BLINK, (255, 0, 0))
MAY_TAKE = Led(LedMode.ON, (255, 0, 0))
TURN = Led(LedMode.BLINK, (255, 90, 0))
PUT_BACK = Led(LedMode.BLINK, (0, 200, 0))
DIFFERS = Led(LedMode.BLINK, (255, 255, 255))
LOOK = Led(LedMode.ON, (150, 40, 255))

LESSON_ROLES = {"last": LOOK, "selected": HAND, "target": TARGET, "remove": TAKE_OFF,
                "hint": ELSEWHERE_TO}
"""A lesson's highlight roles (see :data:`kiosk.lessons.model.ROLES`) as LEDs."""

Text = tuple[str, str]

LOST: Text = ("Plateau déconnecté : continuez la partie sur l'écran",
              "Board disconnected: carry on playing on the screen")
WRONG_SIZE: Text = ("Ce plateau ne convient pas à ce jeu : continuez sur l'écran",
                    "This board does not suit this game: carry on on the screen")
READING: Text = ("Plateau retrouvé : lecture des pièces…", "Board found: reading the pieces…")
OVER: Text = ("Partie terminée", "Game over")
THINKING: Text = ("La machine réfléchit…", "The machine is thinking…")
SCREEN: Text = ("Rien à jouer sur le plateau : utilisez les boutons de l'écran",
                "Nothing to play on the board: use the buttons on the screen")
DICE: Text = ("Lancez les dés à l'écran", "Roll the dice on the screen")
LIFT: Text = ("Soulevez une pièce : ses cases d'arrivée s'allument en vert",
              "Lift a piece: the squares it may go to light up green")
PLACE: Text = ("Posez une pièce sur une case verte", "Put a piece on a green square")
CHOOSE_REMOVE: Text = ("Soulevez la pièce à retirer (cases rouges)",
                       "Lift the piece to take off (red squares)")
PUT_DOWN: Text = ("Posez la pièce sur une case verte", "Put the piece down on a green square")
HOLD: Text = ("Coup reconnu : un instant…", "Move recognised: one moment…")
CHOICE: Text = ("Plusieurs coups correspondent : choisissez à l'écran",
                "Several moves fit: choose on the screen")
UNDO: Text = ("Position précédente : le dernier coup est repris",
              "Previous position: the last move is taken back")
TAKE_OFF_TEXT: Text = ("Retirez les pièces qui clignotent en rouge",
                       "Take off the pieces blinking red")
TURN_TEXT: Text = ("Retournez les pions qui clignotent en orange (ou confirmez à l'écran)",
                   "Turn over the discs blinking orange (or confirm on the screen)")
PUT_BACK_TEXT: Text = ("Posez une pièce sur les cases qui clignotent en vert",
                       "Put a piece on the squares blinking green")
WRONG: Text = ("Remettez les pièces : les cases qui clignotent diffèrent de la partie",
               "Put the pieces back: the blinking squares differ from the game")
CATCH_UP: Text = ("Plateau retrouvé : rattrapez la partie (soulevez les pièces des cases "
                  "bleues qui clignotent, posez-en sur les cases bleues fixes)",
                  "Board back: catch up with the game (lift the pieces on the blinking "
                  "blue squares, put pieces on the steady blue ones)")
SET_UP: Text = ("Installez les pièces sur les cases qui clignotent",
                "Set up the pieces on the blinking squares")


def elsewhere(move: Text) -> Text:
    """A decision made on the screen or by the machine, to copy on the board (``move``
    in the game's words)."""
    return (f"À reproduire sur le plateau (cases bleues) : {_lower(move[0])}",
            f"Copy on the board (blue squares): {_lower(move[1])}")


def _lower(text: str) -> str:
    return text[:1].lower() + text[1:]


def wrong(why: Text | None) -> Text:
    """« Remettez les pièces », with the reason when one is known."""
    if why is None:
        return WRONG
    return (f"{WRONG[0]}. {why[0]}", f"{WRONG[1]}. {why[1]}")
