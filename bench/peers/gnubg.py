"""GNU Backgammon in its own process: its plays and its evaluations of our positions.

:class:`Gnubg` starts ``gnubg -t -q -r`` in its Python mode with a small
server (:data:`SERVER`) that reads one JSON request per line on its
standard input and writes one JSON answer per line on a pipe of its own
(gnubg's own messages go to its standard output, which is discarded).
Positions travel as gnubg IDs (``PositionID:MatchID``, from
:func:`engines.backgammon.gnubg_id`) with the dice, so gnubg sees exactly
our position.

gnubg plays cubeless money backgammon at a fixed depth (0-ply by default:
its neural network alone, what ``set player gnubg chequerplay evaluation
plies 0`` gives its own player): no doubling cube, the Jacoby rule off, a
single game 1 point, a gammon 2, a backgammon 3.  Its best play of a throw
is the first of its ``hint`` list.

A play in gnubg's notation (``24/18*/13 8/5(2) bar/22 6/off``) becomes our
decisions (one checker move per die) through the position it reaches: the
one complete play of ours reaching the same position
(:func:`our_play`); a play no legal play of ours reaches is an error that
names the position.
"""

from __future__ import annotations

import itertools
import json
import os
import shutil
import subprocess
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import Any

from engines.backgammon import RULES, BackgammonState, gnubg_id
from engines.tables import MOVE, Side, complete_plays
from engines.tables.moves import CheckerMove

SERVER = """
import json, os, sys
import gnubg

answers = os.fdopen(int(os.environ["GNUBG_ANSWERS_FD"]), "w")
plies = int(os.environ["GNUBG_PLIES"])
for command in (
    "set threads 1",
    "set jacoby off",
    "set player 0 human",
    "set player 1 human",
    "new game",
    "set evaluation chequerplay evaluation plies %d" % plies,
    "set evaluation chequerplay evaluation cubeful off",
):
    gnubg.command(command)
context = gnubg.evalcontext(0, plies, 1, 0, 0.0)
answers.write(json.dumps({"ready": True}) + "\\n")
answers.flush()
for line in sys.stdin:
    request = json.loads(line)
    try:
        if request["op"] == "hint":
            gnubg.command("set gnubgid " + request["id"])
            gnubg.command("set dice %d %d" % tuple(request["dice"]))
            found = gnubg.hint(1000).get("hint", [])
            reply = {"plays": [[e["move"], e["equity"], list(e["details"]["probs"])]
                               for e in found]}
        elif request["op"] == "evaluate":
            board = gnubg.positionfromid(request["position"])
            reply = {"probs": list(gnubg.evaluate(board, gnubg.cubeinfo(), context))}
        else:
            reply = {"error": "unknown request " + request["op"]}
    except Exception as error:
        reply = {"error": repr(error)}
    answers.write(json.dumps(reply) + "\\n")
    answers.flush()
"""
"""The program gnubg runs in its Python mode: requests in, answers out, one per line."""

START_SECONDS = 60
"""How long gnubg may take to load its networks and answer that it is ready."""


class GnubgError(RuntimeError):
    """gnubg failed, or answered something that our rules do not allow."""


@dataclass(frozen=True)
class GnubgPlay:
    """One play of gnubg's ``hint`` list: its notation, its cubeless equity for the
    player who plays it, and the chances behind it (win, win gammon, win
    backgammon, lose gammon, lose backgammon)."""

    text: str
    equity: float
    probs: tuple[float, ...]


def gnubg_program() -> str | None:
    """The gnubg program, also where Debian installs games (``/usr/games``)."""
    return shutil.which("gnubg") or shutil.which(
        "gnubg", path=os.pathsep.join([os.environ.get("PATH", ""), "/usr/games"])
    )


class Gnubg:
    """A running gnubg answering plays (:meth:`hint`) and evaluations (:meth:`evaluate`).

    Use it as a context manager, or call :meth:`close`.
    """

    def __init__(self, plies: int = 0, program: str | None = None) -> None:
        found = program or gnubg_program()
        if found is None:
            raise GnubgError("gnubg is not installed (Debian package 'gnubg')")
        self.plies = plies
        self._folder = tempfile.TemporaryDirectory(prefix="gnubg-")
        folder = Path(self._folder.name)
        (folder / "server.py").write_text(SERVER)
        self._errors = (folder / "errors.txt").open("w+")
        read_end, write_end = os.pipe()
        env = dict(os.environ, GNUBG_ANSWERS_FD=str(write_end), GNUBG_PLIES=str(plies))
        self._process = subprocess.Popen(
            [found, "-t", "-q", "-r", "-p", "server.py"],
            cwd=folder,
            stdin=subprocess.PIPE,
            stdout=subprocess.DEVNULL,
            stderr=self._errors,
            pass_fds=(write_end,),
            env=env,
            text=True,
        )
        os.close(write_end)
        self._answers = os.fdopen(read_end, "r")
        self._read()  # ready

    # -- requests ---------------------------------------------------------------

    def hint(self, state: BackgammonState) -> list[GnubgPlay]:
        """gnubg's plays of the throw of ``state`` (a turn about to be played), best
        first; empty when the dice cannot be played."""
        dice = _whole_throw(state)
        answer = self._ask({"op": "hint", "id": gnubg_id(state), "dice": dice})
        return [GnubgPlay(text, equity, tuple(probs)) for text, equity, probs in answer["plays"]]

    def evaluate(self, position_id: str) -> tuple[float, ...]:
        """gnubg's cubeless chances of the player on roll in a Position ID: win, win
        gammon, win backgammon, lose gammon, lose backgammon, then the equity."""
        return tuple(self._ask({"op": "evaluate", "position": position_id})["probs"])

    def _ask(self, request: dict[str, Any]) -> dict[str, Any]:
        stdin = self._process.stdin
        assert stdin is not None
        try:
            stdin.write(json.dumps(request) + "\n")
            stdin.flush()
        except BrokenPipeError:
            raise GnubgError(f"gnubg has stopped{self._stderr_tail()}") from None
        answer = self._read()
        if "error" in answer:
            raise GnubgError(f"gnubg failed on {request}: {answer['error']}")
        return answer

    def _read(self) -> dict[str, Any]:
        line = self._answers.readline()
        if not line:
            raise GnubgError(f"gnubg stopped answering{self._stderr_tail()}")
        answer: dict[str, Any] = json.loads(line)
        return answer

    def _stderr_tail(self) -> str:
        self._errors.flush()
        self._errors.seek(0)
        text = self._errors.read().strip()
        return f": {text[-600:]}" if text else ""

    # -- lifetime ---------------------------------------------------------------

    def close(self) -> None:
        """Stop gnubg and remove its files."""
        process = self._process
        if process.poll() is None:
            assert process.stdin is not None
            try:
                process.stdin.close()
                process.wait(timeout=10)
            except (BrokenPipeError, subprocess.TimeoutExpired):
                process.kill()
                process.wait()
        self._answers.close()
        self._errors.close()
        self._folder.cleanup()

    def __enter__(self) -> Gnubg:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.close()


# --------------------------------------------------------------------------- plays


def _whole_throw(state: BackgammonState) -> list[int]:
    """The two dice of a turn about to be played (an error otherwise)."""
    dice = state.dice
    if state.phase != MOVE or not (len(dice) == 4 or (len(dice) == 2 and dice[0] != dice[1])):
        raise GnubgError(f"gnubg is asked for whole turns only, not '{state.to_text()}'")
    return [dice[0], dice[-1]]


def play_sides(own: Side, other: Side, text: str) -> tuple[Side, Side]:
    """Both sides (the mover's first) after a play in gnubg's notation
    (``24/18*/13 8/5(2) bar/22 6/off``)."""
    for token in text.split():
        repeat = 1
        if token.endswith(")"):
            token, _, count = token[:-1].partition("(")
            repeat = int(count)
        hops = [
            25 if word == "bar" else 0 if word == "off" else int(word)
            for word in token.replace("*", "").split("/")
        ]
        for _ in range(repeat):
            for origin, target in itertools.pairwise(hops):
                own, other = RULES.step(own, other, origin, target)
    return own, other


def our_play(state: BackgammonState, text: str) -> tuple[CheckerMove, ...]:
    """Our decisions for gnubg's play ``text`` of the throw of ``state``: the complete
    play of ours that reaches the same position."""
    own, other = state.sides()
    try:
        reached = play_sides(own, other, text)
    except (ValueError, IndexError) as error:
        raise GnubgError(f"gnubg's play '{text}' cannot be read in {gnubg_id(state)} "
                         f"('{state.to_text()}')") from error
    plays = complete_plays(RULES, own, other, state.dice)
    play = plays.get(reached)
    if play is None:
        raise GnubgError(f"gnubg's play '{text}' is not a legal play of ours in "
                         f"{gnubg_id(state)} ('{state.to_text()}')")
    return play


def sides_after(state: BackgammonState, seat: int) -> tuple[Side, Side]:
    """``seat``'s side and its opponent's, each in its own numbering."""
    return state.boards[seat], state.boards[1 - seat]


def find_play(plays: Sequence[GnubgPlay], start: tuple[Side, Side],
              reached: tuple[Side, Side]) -> GnubgPlay | None:
    """The play of ``plays`` that takes ``start`` to ``reached`` (sides of the mover)."""
    for play in plays:
        if play_sides(start[0], start[1], play.text) == reached:
            return play
    return None
