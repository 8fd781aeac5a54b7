"""Every text shows whole: no text clipped by its panel or the screen, none on another
text or a button, none too small, on every kind of screen of the tour, in French and
English, at 1920 × 1080, 1280 × 720 and on a portrait panel (``kiosk/layout_check.py``
says what those mean for a canvas that is only ever scaled or turned).

The screens are the screenshot tour's own (``kiosk/tour.py``): every kind once per
language, every game's play scene, and each game's longest refusal, hint and board
instruction forced into its panel. ``python -m bench.layout_sweep`` checks all of them.
"""

from __future__ import annotations

import ast
import inspect
from collections.abc import Iterator
from functools import cache
from typing import Any

import pygame
import pytest

from engines import find_game
from engines.registry import all_specs
from kiosk.ai_worker import Answer, InlineWorker, Request
from kiosk.board import guide
from kiosk.catalog import entry
from kiosk.layout_check import SCREENS, Fault, drawn_frame, faults, frame_faults
from kiosk.lessons.model import lessons_for
from kiosk.picker import MovePicker
from kiosk.runtime import Kiosk
from kiosk.scenes.panels import PAGE_SECONDS, PanelContent, SeatPanel
from kiosk.scenes.play import PlayScene
from kiosk.scenes.seating import BOTTOM, LEFT_END, RIGHT_END, TOP, Seating
from kiosk.tour import headless_kiosk, lesson_at_work, mid_game, tour_shots
from kiosk.ui import drawn
from kiosk.ui.text import blit_text
from kiosk.ui.theme import PALETTE, font
from kiosk.ui.widgets import Button, rounded_panel
from tests.kiosk.driver import button_centre, tap

LANGS = ("fr", "en")
SAMPLE = {
    "setup": ("rithmomachie", "backgammon", "barricades", "shut-the-box"),
    "results": ("backgammon", "barricades"),
    "rules": ("shut-the-box",),
    "lessons": ("barricades",),
    "lesson": ("rithmomachie",),
    "mistakes": ("moulin",),
    "mistake": ("moulin",),
}
"""The games whose screens of each kind stand for every game's (each lesson at its
wordiest has its own test)."""
HINTS = 12
"""Hints worded per game: for the decisions with the longest notations."""


def report(where: str, found: dict[str, list[Fault]]) -> list[str]:
    """One line per fault, naming the screens it shows on (places as on the first)."""
    screens: dict[tuple[str, str, str], list[str]] = {}
    first: dict[tuple[str, str, str], Fault] = {}
    for screen, faults_there in found.items():
        for fault in faults_there:
            key = (fault.what.split(" (")[0], fault.text, fault.other)
            screens.setdefault(key, []).append(screen)
            first.setdefault(key, fault)
    return [f"{where} [{', '.join(screens[key])}] {first[key]}" for key in first]


@cache
def kiosk_for(lang: str) -> Kiosk:
    """One kiosk per language for the whole module (a kiosk takes a while to make)."""
    return headless_kiosk(lang)


# ---------------------------------------------------------------- the check itself


def test_the_check_sees_a_text_on_a_button_a_cut_and_a_text_off_its_panel() -> None:
    canvas = pygame.Surface((1920, 1080))
    with drawn.recorder(canvas) as notes:
        Button(pygame.Rect(100, 100, 300, 90), "Conseil", lambda: None).draw(canvas)
        blit_text(canvas, "Pourquoi ce coup est refusé", (250, 170), 26, PALETTE.ink)
        panel = pygame.Rect(800, 100, 200, 100)
        rounded_panel(canvas, panel, PALETTE.ivory)
        blit_text(canvas, "Un nom bien trop long pour ce panneau", (820, 120), 26, PALETTE.ink)
        blit_text(canvas, "Hors de l'écran", (1850, 1000), 26, PALETTE.ink)
    found = [str(f) for f in faults(notes.items)]
    assert any(f.startswith("overlaps a button: «Pourquoi") for f in found), found
    assert any(f.startswith("clipped by its panel: «Un nom") for f in found), found
    assert any(f.startswith("clipped by the screen: «Hors") for f in found), found
    small = faults(notes.items, SCREENS[1])
    assert not any("too small" in str(f) for f in small)


def test_a_text_is_wrapped_shrunk_then_paged_to_its_box() -> None:
    from kiosk.ui.text import fit_paragraph, wrap

    assert all(font(24).size(line)[0] <= 100 for line in wrap("Anticonstitutionnellement", 24, 100))
    short = fit_paragraph("Deux mots", 300, 60, 26)
    assert (short.size, len(short.pages)) == (26, 1)
    long = fit_paragraph("Un message bien plus long " * 12, 300, 60, 26)
    assert long.size == 20 and len(long.pages) > 1
    assert all(len(page) * long.step <= 60 + long.step * 0.2 for page in long.pages)
    assert " ".join(" ".join(page) for page in long.pages).split() == (
        "Un message bien plus long " * 12
    ).split()


def test_a_line_never_starts_with_french_high_punctuation_nor_ends_after_a_guillemet() -> None:
    from kiosk.ui.text import wrap

    text = "Progression (Noir) : amenez « trois pièces » ; bravo ! Et vous ? Oui."
    widths = range(font(26).size("Progression")[0], font(26).size(text)[0] + 20, 7)
    for width in widths:
        lines = wrap(text, 26, width)
        assert " ".join(lines) == text
        assert not any(line[:1] in ":;!?»" for line in lines), (width, lines)
        assert not any(line.endswith("«") for line in lines), (width, lines)
    narrow = font(26).size("(Noir) : amenez")[0] - 1
    assert wrap("(Noir) : amenez", 26, narrow) == ["(Noir) :", "amenez"]


def test_a_cut_paragraph_ends_with_one_ellipsis_not_a_stop_and_an_ellipsis(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from kiosk.ui import text

    shown: list[str] = []
    real = text.render
    def spy(line: str, *more: Any) -> pygame.Surface:
        shown.append(line)
        return real(line, *more)

    monkeypatch.setattr(text, "render", spy)
    room = pygame.Rect(0, 0, font(26).size("Une phrase entière…")[0] + 4, 34)
    text.blit_paragraph(pygame.Surface((400, 200)), "Une phrase entière. " + "Et une suite " * 8,
                        room, 26, (0, 0, 0), excerpt=True)
    assert shown == ["Une phrase entière…"], shown


def test_the_screens_are_the_canvas_scaled_or_turned() -> None:
    full, small, portrait = SCREENS
    assert (full.scale, small.scale, portrait.scale) == (1.0, 2 / 3, 1.0)
    # the canvas's top left corner shows at the portrait panel's top right (rotation 90)
    assert portrait.place((0, 0, 10, 20)) == pygame.Rect(1060, 0, 20, 10)
    assert small.place((300, 150, 30, 60)) == pygame.Rect(200, 100, 20, 40)


# ---------------------------------------------------------------- every kind of screen


KINDS = ("home", "attract", "admin", "setup", "rules", "results", "mistakes", "mistake",
         "lessons", "lesson")
ELSEWHERE: dict[str, str] = {}
"""Kinds of screen whose faults belong to work under way elsewhere: reported, expected."""


@cache
def sample_faults(lang: str) -> dict[str, tuple[str, ...]]:
    """The faults of each kind of screen: every kind once (every owners' screen), and
    the sample games' setup, rules, results, lessons menu and one lesson, a coached
    person's mistakes on the results and one seen again."""
    kiosk = kiosk_for(lang)
    found: dict[str, list[str]] = {kind: [] for kind in KINDS}
    seen: set[tuple[str, str]] = set()
    games = {game for sample in SAMPLE.values() for game in sample}
    for shot in tour_shots(kiosk, specs=[s for s in all_specs() if s.split(":")[0] in games]):
        game = shot.game.split(":")[0]
        key = (shot.kind, shot.name if shot.kind == "admin" else game)
        if key in seen or (shot.kind in SAMPLE and game not in SAMPLE[shot.kind]):
            continue
        if shot.kind == "play":
            continue  # every game's play scene has its own test
        seen.add(key)
        shot.build()
        found[shot.kind] += report(f"{shot.name} ({lang})", frame_faults(kiosk))
    return {kind: tuple(faults) for kind, faults in found.items()}


@pytest.mark.parametrize(
    "kind",
    [pytest.param(k, marks=pytest.mark.xfail(reason=ELSEWHERE[k])) if k in ELSEWHERE else k
     for k in KINDS],
)
@pytest.mark.parametrize("lang", LANGS)
def test_every_kind_of_screen_shows_its_texts_whole(lang: str, kind: str) -> None:
    found = sample_faults(lang)[kind]
    assert not found, "\n" + "\n".join(found)


# ---------------------------------------------------------------- play scenes


def two_string_tuples(module: Any) -> Iterator[tuple[str, str]]:
    """Every (French, English) pair of literal strings in ``module``'s source (an
    f-string's fields filled with a short name)."""

    def text(node: ast.expr) -> str | None:
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return node.value
        if isinstance(node, ast.JoinedStr):
            return "".join(
                str(v.value) if isinstance(v, ast.Constant) else "h8" for v in node.values
            )
        return None

    tree = ast.parse(inspect.getsource(module))
    for node in ast.walk(tree):
        if isinstance(node, ast.Tuple) and len(node.elts) == 2:
            pair = [text(e) for e in node.elts]
            if pair[0] and pair[1]:
                yield (pair[0], pair[1])


def longest(texts: list[str]) -> str:
    return max(texts, key=lambda t: (font(26, "sans-bold").size(t)[0], t), default="")


@cache
def refusals(spec: str) -> tuple[tuple[str, str], ...]:
    """What a touch that fits no move is told, in this game: every reason its
    presentation and the picker can give."""
    import kiosk.picker
    from kiosk.games import presentation_for

    shown = presentation_for(find_game(spec))
    found: list[tuple[str, str]] = []
    for cls in type(shown).__mro__:
        if cls.__module__.startswith("kiosk.games"):
            found += two_string_tuples(inspect.getmodule(cls))
    found += two_string_tuples(kiosk.picker)
    return tuple(found)


def touched_refusals(scene: PlayScene) -> list[tuple[str, str]]:
    """What the picker answers to every point touched alone, and after each piece
    that has somewhere to go."""
    picker = MovePicker(scene.state, scene.presentation)
    points = range(len(scene.view.geometry.points))
    found = []
    for first in [None, *sorted(picker.starts())[:6]]:
        for point in points:
            picker.reset()
            if first is not None:
                picker.touch(first)
            touch = picker.touch(point)
            if touch.kind == "wrong":
                found.append(touch.why)
    return found


class Suggests(InlineWorker):
    """The machine's hint, told in turn: each of the moves given (the hint is
    the kiosk's own words for it)."""

    def __init__(self, moves: list[str]) -> None:
        super().__init__()
        self.moves = moves

    def ask(self, spec: str, moves: list[str], level: str, seed: int,
            seconds: float | None = None, nodes: int | None = None, kind: str = "move",
            judged: object = None) -> int:
        ticket = self._next_ticket
        self._next_ticket += 1
        self._wanted[ticket] = Request(ticket, spec, tuple(moves), level, seed, seconds, nodes)
        self._ready.append(Answer(ticket, self.moves.pop(0) if self.moves else None))
        return ticket


def hints(kiosk: Kiosk, scene: PlayScene) -> list[str]:
    """The hint the panel shows for each legal decision, as the play scene words it."""
    said: list[str] = []
    worker = kiosk.worker
    moves = sorted({str(m) for m in scene.state.legal_moves()}, key=len)[-HINTS:]
    kiosk.worker = Suggests(moves)
    for _ in moves:
        scene.machine.hint_ticket = None
        scene._ask_hint()
        kiosk.step()
        said.append(scene.message[0])
    kiosk.worker = worker
    return said


def board_lines(kiosk: Kiosk, scene: PlayScene, refusal: tuple[str, str]) -> list[str]:
    """The board's instructions, with the longest move to copy and the longest reason."""
    texts = [v for v in vars(guide).values() if isinstance(v, tuple) and len(v) == 2
             and all(isinstance(t, str) for t in v)]
    said = [scene.presentation.describe(scene.state, m) for m in scene.state.legal_moves()]
    texts.append(guide.elsewhere(max(said, key=lambda t: max(map(len, t)), default=("", ""))))
    texts.append(guide.wrong(refusal))
    return [kiosk.tr.pick(*t) for t in texts]


@pytest.mark.parametrize("spec", all_specs())
def test_every_game_plays_with_its_longest_messages_whole(spec: str) -> None:
    found: list[str] = []
    for lang in LANGS:
        kiosk = kiosk_for(lang)
        game_entry = entry(find_game(spec).id)
        scene = mid_game(kiosk, game_entry, spec)
        kiosk.stack.reset(scene)
        found += report(f"{spec} play ({lang})", frame_faults(kiosk))
        told = [*refusals(spec), *touched_refusals(scene)]
        refusal = max(told, key=lambda t: len(kiosk.tr.pick(*t)))
        shown_hints = hints(kiosk, scene)
        for what, text, warning in (
            ("refusal", kiosk.tr.pick(*refusal), True),
            ("hint", longest(shown_hints), False),
            ("board", longest(board_lines(kiosk, scene, refusal)), True),
        ):
            scene.message = (text, "", warning)
            found += report(f"{spec} play, longest {what} ({lang})", frame_faults(kiosk))
            shown = [item.text for item in drawn_frame(kiosk) if item.kind == "text"]
            assert any(text.startswith(line) for line in shown), (what, text, shown)
    assert not found, "\n" + "\n".join(found)


@pytest.mark.parametrize("spec", all_specs())
def test_every_game_against_the_machine_shows_whole(spec: str) -> None:
    """One person against the machine: the panels of a screen read from one edge."""
    found: list[str] = []
    for lang in LANGS:
        kiosk = kiosk_for(lang)
        scene = mid_game(kiosk, entry(find_game(spec).id), spec, alone=True)
        kiosk.stack.reset(scene)
        assert scene.run.table.humans == 1
        found += report(f"{spec} against the machine ({lang})", frame_faults(kiosk))
    assert not found, "\n" + "\n".join(found)


# ---------------------------------------------------------------- lessons


def wordiest_step(game_id: str, lang: str) -> tuple[Any, int]:
    """The lesson and "à vous" step with the most to read once answered wrong twice."""

    def pick(text: tuple[str, str]) -> str:
        return text[1] if lang == "en" else text[0]

    found = [
        (len(pick(step.text)) + len(pick(step.wrong)) + len(pick(step.hint)), lesson, index)
        for lesson in lessons_for(game_id)
        for index, step in enumerate(lesson.steps)
        if step.asks
    ]
    _, lesson, index = max(found, key=lambda f: f[0])
    return lesson, index


@pytest.mark.parametrize("game_id", sorted({find_game(s).id for s in all_specs()}))
def test_every_game_teaches_its_wordiest_step_whole(game_id: str) -> None:
    found: list[str] = []
    for lang in LANGS:
        kiosk = kiosk_for(lang)
        lesson, index = wordiest_step(game_id, lang)
        scene = lesson_at_work(kiosk, entry(game_id), lesson, index)
        assert scene.run.index == index and scene.asking
        wrong = [m for m in scene.state.legal_moves() if not scene.run.accepts(m)]
        for move in wrong[:1] * 2:  # twice: the explanation, the hint, the answer lit
            scene.attempt(move)
        found += report(f"{lesson.where(index)} answered wrong ({lang})", frame_faults(kiosk))
    assert not found, "\n" + "\n".join(found)


# ---------------------------------------------------------------- seats


def test_players_sit_where_their_pieces_start() -> None:
    from kiosk.boards import renderer_for
    from kiosk.games import look_for, presentation_for
    from kiosk.scenes.seating import edges

    def seats(spec: str) -> tuple[str, ...]:
        game = find_game(spec)
        geometry = game.geometry()
        drawn = renderer_for(geometry.kind, look_for(game.id)).arrange(geometry)
        return edges(game, presentation_for(game), drawn)

    assert seats("rithmomachie:boissiere") == (LEFT_END, RIGHT_END)  # the 16 × 8 board's ends
    assert seats("rithmomachie:medievale") == (LEFT_END, RIGHT_END)  # 8 × 16, drawn lying
    assert seats("barricades:equipes") == (BOTTOM,) * 4  # every house on the bottom edge
    assert seats("barricades") == (BOTTOM, BOTTOM)
    assert seats("shut-the-box") == (BOTTOM, BOTTOM)  # one box, read from the bottom
    for spec in ("tablut", "reversi", "moulin", "backgammon", "jacquet", "multitchoukatro"):
        assert seats(spec) == (BOTTOM, TOP), spec


@pytest.mark.parametrize(
    ("spec", "people", "turns"),
    [
        ("rithmomachie:boissiere", 2, (270, 90)),
        ("rithmomachie:medievale", 2, (270, 90)),
        ("rithmomachie:boissiere", 1, (270, 90)),
        ("tablut", 2, (0, 180)),
        ("tablut", 1, (0, 0)),
        ("barricades:equipes", 4, (0, 0, 0, 0)),
    ],
)
def test_each_panel_turns_toward_its_player_with_its_buttons(
    spec: str, people: int, turns: tuple[int, ...]
) -> None:
    from kiosk.table import HUMAN, Table

    kiosk = kiosk_for("fr")
    game = find_game(spec)
    controllers = tuple(HUMAN if i < people else "joueur" for i in range(len(game.players)))
    scene = PlayScene(kiosk, entry(game.id), Table(spec, controllers, seed=1))
    kiosk.stack.reset(scene)
    assert tuple(p.turn for p in scene.panels) == turns
    board = scene.view.board_rect
    for seat, panel in enumerate(scene.panels):
        assert not panel.rect.colliderect(board), seat
        # the panel's own bottom edge (where its buttons sit) faces its player
        width, height = panel.size
        near = panel.to_canvas((width / 2, height))
        far = panel.to_canvas((width / 2, 0))
        edge = scene.seating.edges[seat] if people >= 2 or scene.seating.at_ends else BOTTOM
        toward = {BOTTOM: (0, 1), TOP: (0, -1), LEFT_END: (-1, 0), RIGHT_END: (1, 0)}[edge]
        assert (near[0] - far[0]) * toward[0] + (near[1] - far[1]) * toward[1] > 0, seat
        for point in ((10.0, 20.0), (width - 5.0, height - 7.0)):
            assert panel.to_local(panel.to_canvas(point)) == pytest.approx(point)
    found = report(f"{spec} at the start", frame_faults(kiosk))
    assert not found, "\n" + "\n".join(found)
    # a tap on the acting player's first button, where it shows, does what it says
    acting = scene.panels[scene._acting_seat() or 0]
    label = acting.buttons.buttons[0].label
    before = (len(scene.run.moves), scene.message)
    where = button_centre(scene, label)
    assert where is not None and acting.contains(where)
    tap(kiosk, where)
    assert (len(scene.run.moves), scene.message) != before, label


LABELS = (
    ("Lancer les dés", "Roll the dice"),
    ("Pions retournés", "Discs turned over"),
    ("Conseil", "Hint"),
    ("Annuler mon coup", "Undo my move"),
    ("Terminer le tour", "End the turn"),
)
"""The buttons a panel may show at once, at their longest."""


@pytest.mark.parametrize(
    "seat_edges",
    [(BOTTOM, TOP), (LEFT_END, RIGHT_END), (BOTTOM,) * 4, (BOTTOM,) * 6, (BOTTOM,)],
    ids=["facing", "ends", "four-side-by-side", "six-side-by-side", "alone"],
)
@pytest.mark.parametrize("lang", LANGS)
def test_a_full_panel_keeps_its_message_clear_of_its_buttons(
    seat_edges: tuple[str, ...], lang: str
) -> None:
    """The most a panel holds: five buttons and four counts (three and one when it
    shares its column, in the games of three to six; three counts at an end of the
    board, in rithmomachie), the machine thinking, and the longest board
    instruction (with the longest refusal), in the smallest room."""
    kiosk = kiosk_for(lang)
    seating = Seating.at_table(seat_edges, facing=True)
    every = [t for spec in all_specs() for t in refusals(spec)]
    refusal = max(every, key=lambda t: len(kiosk.tr.pick(*t)))
    message = kiosk.tr.pick(*guide.wrong(refusal)) + " " + kiosk.tr.pick(*guide.CATCH_UP)
    shared = len(seat_edges) > 2
    ends = LEFT_END in seat_edges
    for acting in range(len(seat_edges)):
        panels: list[tuple[SeatPanel, PanelContent]] = []
        for seat, (rect, (_, turn)) in enumerate(
            zip(seating.rects(acting), seating.spots, strict=True)
        ):
            panel = SeatPanel(rect, turn)
            content = PanelContent(
                kiosk.tr.pick(f"Joueur {seat + 1}", f"Player {seat + 1}"),
                kiosk.tr.pick("Machine experte", "Expert machine"),
                PALETTE.gold,
                to_move=seat == acting,
            )
            content.lines = [kiosk.tr("Prises : {n}").format(n=12)] * (
                1 if shared else 3 if ends else 4
            )
            if seat == acting:
                labels = LABELS[:3] if shared else LABELS
                panel.set_buttons(panel.layout_buttons(
                    [(kiosk.tr.pick(*label), lambda: None, PALETTE.ivory) for label in labels]))
                content.headline, content.thinking = kiosk.tr("La machine réfléchit"), True
                content.message, content.message_is_warning = message, True
            panels.append((panel, content))
        pages: list[str] = []
        for clock in (0.3, 0.3 + PAGE_SECONDS):  # the message's first and second pages
            canvas = pygame.Surface((1920, 1080))
            with drawn.recorder(canvas) as notes:
                for panel, content in panels:
                    panel.draw(canvas, content, clock)
            pages.append(" ".join(item.text for item in notes.items))
            found = [f"{seat_edges} seat {acting} acting: {f}" for f in faults(notes.items)]
            found += [
                f"{seat_edges} seat {acting} acting [1280 × 720]: {f}"
                for f in faults(notes.items, SCREENS[1])
                if "too small" in f.what
            ]
            assert not found, "\n" + "\n".join(found)
        assert message.split()[0] in pages[0]
        assert pages[0] != pages[1] or message.split()[-1] in pages[0]  # paged, or whole


@pytest.mark.parametrize("lang", LANGS)
def test_the_question_over_an_idle_game_shows_whole(lang: str) -> None:
    kiosk = kiosk_for(lang)
    scene = mid_game(kiosk, entry("backgammon"), "backgammon")
    kiosk.stack.reset(scene)
    scene.idle.countdown = 9.5
    found = report(f"still there ({lang})", frame_faults(kiosk))
    assert not found, "\n" + "\n".join(found)


def test_a_pale_button_on_an_ivory_panel_shows_its_edge() -> None:
    from kiosk.ui.theme import PALETTE
    from kiosk.ui.widgets import Button

    surface = pygame.Surface((400, 300))
    surface.fill(PALETTE.ivory)
    for colour in (PALETTE.ivory, PALETTE.ivory_dark):
        button = Button(pygame.Rect(50, 50, 300, 112), "Annuler", lambda: None, colour)
        button.draw(surface)
        edge = surface.get_at((button.rect.centerx, button.rect.top + 1))[:3]
        assert sum(abs(a - b) for a, b in zip(edge, PALETTE.ivory, strict=True)) > 150, edge
