"""``ludokiosk-engine duel``: a person at the terminal against the machine.

French first, English with ``--lang en``.  The dice are thrown by the
program; the person types moves in the game's notation, ``?`` for the legal
moves, ``q`` to stop.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from typing import Any, TextIO

from engines.core import CHANCE, Game, Move, NotationError, Outcome, RulesError, State

MESSAGES: dict[str, dict[str, str]] = {
    "fr": {
        "intro": "{game} — vous jouez {seat} ; la machine joue {others}, niveau {bot}.",
        "help": "Tapez un coup (ex. {example}), ? pour les coups possibles, q pour quitter.",
        "prompt": "{player}, à vous : ",
        "thinking": "La machine réfléchit…",
        "machine": "La machine ({player}) joue : {move}",
        "dice": "Dés : {faces}",
        "legal": "Coups possibles : {moves}",
        "notation": "Je ne comprends pas « {text} ». Tapez ? pour voir les coups possibles.",
        "illegal": "Ce coup n'est pas permis ici : « {text} ». Tapez ? pour voir les coups.",
        "win": "Partie terminée : {winners} gagne — {reason}.",
        "draw": "Partie nulle — {reason}.",
        "you_win": "Bravo, vous avez gagné !",
        "you_lose": "La machine a gagné. Une revanche ?",
        "bye": "Partie abandonnée. À bientôt !",
        "announce": "» {text}",
    },
    "en": {
        "intro": "{game} — you play {seat}; the machine plays {others}, level {bot}.",
        "help": "Type a move (e.g. {example}), ? for the legal moves, q to quit.",
        "prompt": "{player}, your move: ",
        "thinking": "The machine is thinking…",
        "machine": "The machine ({player}) plays: {move}",
        "dice": "Dice: {faces}",
        "legal": "Legal moves: {moves}",
        "notation": "I don't understand '{text}'. Type ? to see the legal moves.",
        "illegal": "That move is not allowed here: '{text}'. Type ? to see the moves.",
        "win": "Game over: {winners} wins — {reason}.",
        "draw": "Draw — {reason}.",
        "you_win": "Well done, you won!",
        "you_lose": "The machine won. Another game?",
        "bye": "Game abandoned. See you soon!",
        "announce": "» {text}",
    },
}

PLAYER_NAMES_EN = {
    "noir": "black",
    "blanc": "white",
    "sud": "south",
    "nord": "north",
    "soldats": "soldiers",
    "officiers": "officers",
    "rouge": "red",
    "bleu": "blue",
    "vert": "green",
    "jaune": "yellow",
}

QUIT_WORDS = {"q", "quit", "quitter", "exit"}
HELP_WORDS = {"?", "aide", "help"}
EXAMPLE_THROWS = 20
"""Throws of the dice tried, at most, to reach the first move of the help's example."""


class Duel:
    """One game between a person and a bot, reading and writing text streams."""

    def __init__(
        self,
        game: Game,
        bot: Any,
        seat: str,
        rng: random.Random,
        lang: str = "fr",
        read: Callable[[str], str] | None = None,
        out: TextIO | None = None,
    ) -> None:
        self.game = game
        self.bot = bot
        self.seat = seat
        self.rng = rng
        self.text = MESSAGES[lang]
        self.lang = lang
        self.out = out or sys.stdout
        self.read = read or input

    def say(self, key: str, **values: Any) -> None:
        self.out.write(self.text[key].format(**values) + "\n")
        self.out.flush()

    def player(self, name: str) -> str:
        return PLAYER_NAMES_EN.get(name, name) if self.lang == "en" else name

    def run(self) -> Outcome | None:
        """Play to the end; ``None`` if the person stopped."""
        state = self.game.initial_state()
        others = ", ".join(self.player(p) for p in self.game.players if p != self.seat)
        title = next(v.title for v in self.game.variants if v.name == self.game.variant)
        if "," in self.game.spec:
            title += f" [{self.game.spec}]"
        self.say("intro", game=title, seat=self.player(self.seat),
                 bot=self.bot.describe(self.lang), others=others)
        self.say("help", example=self._example(state))
        shown: State | None = None
        while not state.is_terminal():
            if state is not shown:
                self.out.write("\n" + state.diagram() + "\n")
                for text in state.announcements():
                    self.say("announce", text=text)
                shown = state
            if state.current_player is CHANCE:
                move = state.sample_chance(self.rng)
                self.say("dice", faces=str(move).removeprefix("dice:"))
            elif state.current_player == self.seat:
                chosen = self._ask(state)
                if chosen is None:
                    self.say("bye")
                    return None
                move = chosen
            else:
                self.say("thinking")
                move = self.bot.choose(state)
                self.say("machine", player=self.player(state.current_player), move=move)
            state = state.apply(move)
        self.out.write("\n" + state.diagram() + "\n")
        outcome = state.outcome()
        assert outcome is not None
        self._announce(outcome)
        return outcome

    def _ask(self, state: State) -> Move | None:
        while True:
            try:
                text = self.read(self.text["prompt"].format(
                    player=self.player(state.current_player))).strip()
            except EOFError:
                return None
            if text.lower() in QUIT_WORDS:
                return None
            if not text or text.lower() in HELP_WORDS:
                self.say("legal", moves=" ".join(str(m) for m in state.legal_moves()))
                continue
            try:
                return self.game.parse_move(state, text)
            except NotationError:
                self.say("notation", text=text)
            except RulesError:
                self.say("illegal", text=text)

    def _announce(self, outcome: Outcome) -> None:
        reason = outcome.reason_in(self.lang)
        if outcome.winners:
            winners = ", ".join(self.player(w) for w in outcome.winners)
            self.say("win", winners=winners, reason=reason)
            self.say("you_win" if self.seat in outcome.winners else "you_lose")
        else:
            self.say("draw", reason=reason)

    @staticmethod
    def _example(state: State) -> str:
        """A move a person could type: past the dice, which the machine throws (an
        opening's equal dice may be thrown again, hence varied throws)."""
        throws = random.Random(0)
        for _ in range(EXAMPLE_THROWS):
            if state.is_terminal() or not state.is_chance_node():
                break
            state = state.apply_unchecked(state.sample_chance(throws))
        moves = [] if state.is_terminal() else state.legal_moves()
        return str(moves[0]) if moves else "?"


def run_duel(
    game: Game,
    bot_name: str = "joueur",
    seat: str | None = None,
    seed: int | None = None,
    lang: str = "fr",
    seconds: float | None = None,
) -> Outcome | None:
    """Play a game at the terminal; the person takes ``seat`` (the first by default)."""
    from engines.ai import make_bot

    seed = seed if seed is not None else random.SystemRandom().randrange(1 << 30)
    bot = make_bot(bot_name, game, seed=seed, seconds=seconds)
    duel = Duel(game, bot, seat or game.players[0], random.Random(seed), lang)
    return duel.run()
