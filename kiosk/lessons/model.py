"""Lessons as data: one TOML file per game under ``kiosk/lessons/``.

A file names its ``game`` and holds ``[[lesson]]`` tables, each with an
``id``, a ``spec`` (the variant it teaches), a ``title`` ``["français",
"English"]`` and ``[[lesson.step]]`` tables. A step may set:

- ``position``: the engine's position text (otherwise the step goes on from
  the previous one, or the start of the game for the first);
- ``moves``: decisions played, as a demonstration, before the step is shown;
- ``text``: what the screen says, ``["français", "English"]``;
- highlights by role, as point names: ``look`` (look here), ``move`` (move
  this), ``to`` (to here), ``remove`` (take this off);
- an "à vous" part: ``expect`` (the moves accepted, in notation) or
  ``expect_kind`` (``capture``: any decision that takes a piece;
  ``capture:NAME``: a capture the engine names so, e.g. ``capture:embuche``
  at rithmomachie; ``any``: any legal decision), with ``hint`` and ``wrong``
  texts ``["…", "…"]``.

Nothing here draws; :mod:`kiosk.lessons.check` verifies every file against
the engines.
"""

from __future__ import annotations

import tomllib
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from engines import find_game
from engines.core import State

LESSONS_DIR = Path(__file__).resolve().parent
ROLES = {"look": "last", "move": "selected", "to": "target", "remove": "remove"}
"""Step keys naming points, and the board highlight role each one lights."""
KINDS = ("capture", "any")
Text = tuple[str, str]


class LessonError(ValueError):
    """A lesson file that does not match its game: names the file, lesson and step."""


@dataclass(frozen=True)
class Step:
    text: Text
    position: str = ""
    moves: tuple[str, ...] = ()
    marks: tuple[tuple[str, str], ...] = ()
    """(point name, highlight role) pairs."""
    expect: tuple[str, ...] = ()
    expect_kind: str = ""
    hint: Text = ("", "")
    wrong: Text = ("", "")

    @property
    def asks(self) -> bool:
        """An "à vous" step: the visitor must make a decision."""
        return bool(self.expect or self.expect_kind)


@dataclass(frozen=True)
class Lesson:
    file: str
    game: str
    id: str
    spec: str
    title: Text
    steps: tuple[Step, ...]

    def where(self, index: int | None = None) -> str:
        step = "" if index is None else f", étape {index + 1}"
        return f"{self.file} [{self.id}{step}]"


def _text(value: Any, where: str, key: str) -> Text:
    if (
        isinstance(value, list)
        and len(value) == 2
        and all(isinstance(v, str) and v.strip() for v in value)
    ):
        return (value[0], value[1])
    raise LessonError(f'{where}: {key} doit être ["français", "English"]')


def _names(value: Any, where: str, key: str) -> tuple[str, ...]:
    if isinstance(value, str):
        value = value.split()
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise LessonError(f"{where}: {key} doit être une liste de textes")
    return tuple(value)


STEP_KEYS = {"text", "position", "moves", "expect", "expect_kind", "hint", "wrong", *ROLES}


def _step(data: Any, where: str) -> Step:
    if not isinstance(data, dict):
        raise LessonError(f"{where}: une étape est une table [[lesson.step]]")
    unknown = set(data) - STEP_KEYS
    if unknown:
        raise LessonError(f"{where}: clé inconnue {sorted(unknown)[0]!r}")
    marks = tuple(
        (name, role)
        for key, role in ROLES.items()
        for name in _names(data.get(key, []), where, key)
    )
    kind = str(data.get("expect_kind", ""))
    if kind and kind.split(":")[0] not in KINDS:
        raise LessonError(f"{where}: expect_kind {kind!r} inconnu ({', '.join(KINDS)})")
    if "hint" in data and not (data.get("expect") or kind):
        raise LessonError(f"{where}: hint sans expect ni expect_kind")
    return Step(
        text=_text(data.get("text"), where, "text"),
        position=str(data.get("position", "")),
        moves=_names(data.get("moves", []), where, "moves"),
        marks=marks,
        expect=_names(data.get("expect", []), where, "expect"),
        expect_kind=kind,
        hint=_text(data["hint"], where, "hint") if "hint" in data else ("", ""),
        wrong=_text(data["wrong"], where, "wrong") if "wrong" in data else ("", ""),
    )


def load_file(path: Path) -> list[Lesson]:
    """The lessons of one file; :class:`LessonError` names what is wrong."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as error:
        raise LessonError(f"{path.name}: TOML invalide ({error})") from error
    game = data.get("game")
    if not isinstance(game, str):
        raise LessonError(f"{path.name}: game manquant")
    lessons: list[Lesson] = []
    for raw in data.get("lesson", []):
        ident = str(raw.get("id", f"#{len(lessons) + 1}"))
        where = f"{path.name} [{ident}]"
        spec = raw.get("spec", game)
        if not isinstance(spec, str) or spec.split(":")[0].split(",")[0] != game:
            raise LessonError(f"{where}: spec {spec!r} n'est pas une variante de {game}")
        steps = raw.get("step", [])
        if not steps:
            raise LessonError(f"{where}: aucune étape")
        lessons.append(
            Lesson(
                path.name,
                game,
                ident,
                spec,
                _text(raw.get("title"), where, "title"),
                tuple(
                    _step(s, f"{path.name} [{ident}, étape {i + 1}]") for i, s in enumerate(steps)
                ),
            )
        )
    if not lessons:
        raise LessonError(f"{path.name}: aucune leçon")
    return lessons


def lesson_files(directory: Path = LESSONS_DIR) -> list[Path]:
    return sorted(directory.glob("*.toml"))


@lru_cache(maxsize=32)
def lessons_for(game_id: str, directory: Path = LESSONS_DIR) -> tuple[Lesson, ...]:
    """The lessons of a game (none when it has no file), read once."""
    path = directory / f"{game_id}.toml"
    return tuple(load_file(path)) if path.exists() else ()


def step_states(lesson: Lesson) -> list[tuple[State, State]]:
    """For each step: the position shown (after its demonstration moves), and the
    position the next step starts from (after the expected move when it asks one).

    :class:`LessonError` names the step whose position or move does not fit.
    """
    game = find_game(lesson.spec)
    state = game.initial_state()
    out: list[tuple[State, State]] = []
    for index, step in enumerate(lesson.steps):
        where = lesson.where(index)
        if step.position:
            try:
                state = game.from_text(step.position)
            except ValueError as error:
                raise LessonError(f"{where}: position illisible ({error})") from error
        state = play_texts(state, step.moves, where)
        shown = state
        if step.expect:
            state = play_texts(state, step.expect[:1], where)
        elif step.expect_kind:
            moves = [m for m in state.legal_moves() if fits_kind(state, m, step.expect_kind)]
            if not moves:
                raise LessonError(f"{where}: aucun coup de genre {step.expect_kind!r}")
            state = state.apply(moves[0])
        out.append((shown, state))
    return out


def play_texts(state: State, texts: Sequence[str], where: str) -> State:
    game = state.game
    for text in texts:
        try:
            state = state.apply(game.parse_move(state, text))
        except ValueError as error:
            raise LessonError(f"{where}: coup {text!r} impossible ({error})") from error
    return state


def fits_kind(state: State, move: Any, kind: str) -> bool:
    """Whether ``move`` is of the kind an "à vous" step asks for."""
    if kind == "any":
        return True
    if ":" in kind and _plain(getattr(move, "kind", "")) != _plain(kind.split(":", 1)[1]):
        return False
    after = state.apply(move)
    mover = state.current_player
    return _pieces_of_others(after, mover) < _pieces_of_others(state, mover)


def _plain(text: str) -> str:
    """Lower case without accents: ``Embûche`` and ``embuche`` name the same capture."""
    decomposed = unicodedata.normalize("NFD", text.lower())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def _pieces_of_others(state: State, mover: str) -> int:
    """The other seats' material: their pieces (a pyramid by its layers), less what
    the mover's panel counts as taken (a latrunculi *incitus* stays on the board)."""
    from kiosk.games import presentation_for

    game = state.game
    players = list(game.players)
    seat = players.index(mover) if mover in players else -1
    presentation = presentation_for(game)
    tokens = presentation.tokens(state)
    pieces = sum(
        token.count
        for stack in tokens.values()
        for token in stack
        if token.seat not in (seat, None)
    )
    panels = presentation.extras(state).panels
    taken = panels[seat].captured if 0 <= seat < len(panels) else None
    return pieces - (taken or 0)
