"""``ludokiosk-engine``: the formats of docs/architecture.md, one-line errors with exit code 2."""

from __future__ import annotations

import io
import json
import random
import subprocess
import sys

import pytest

from engines import all_specs, find_game
from engines.cli import main
from engines.duel import Duel


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, list[str], str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out.splitlines(), captured.err


def test_list_names_every_game_and_variant(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "list")
    assert code == 0
    assert [line.split("\t")[0] for line in out] == all_specs()


def test_moves_after_moves(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "moves", "reversi:othello")
    assert (code, out) == (0, ["d3", "c4", "f5", "e6"])
    code, out, _ = run(capsys, "moves", "reversi:othello", "d3")
    assert code == 0 and sorted(out) == ["c3", "c5", "e3"]


def test_play_prints_position_then_result(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "play", "reversi:othello", "f5", "d6", "c3", "d3", "c4")
    assert code == 0
    assert out == [
        "......../......../..NB..../..NNN.../...BNN../...B..../......../........ blanc",
        "result: ongoing",
    ]
    assert find_game("reversi:othello").from_text(out[0]).to_text() == out[0]


def test_play_reports_a_finished_game(capsys: pytest.CaptureFixture[str]) -> None:
    rng = random.Random(2)
    game = find_game("reversi:othello")
    state, moves = game.initial_state(), []
    while not state.is_terminal():
        move = rng.choice(state.legal_moves())
        moves.append(str(move))
        state = state.apply(move)
    code, out, _ = run(capsys, "play", "reversi:othello", *moves)
    assert code == 0
    outcome = state.outcome()
    assert outcome is not None
    assert out[-1] == "result: " + outcome.result_line()
    assert out[-1].startswith(("result: winner=", "result: draw ("))


def test_play_from_a_position(capsys: pytest.CaptureFixture[str]) -> None:
    start = find_game("reversi:othello").initial_state().to_text()
    code, out, _ = run(capsys, "play", "reversi:othello", "--position", start, "d3")
    assert code == 0 and out[-1] == "result: ongoing"


def test_perft_last_line_is_the_count(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "perft", "reversi:othello", "5")
    assert (code, out[-1]) == (0, "1396")
    code, out, _ = run(capsys, "perft", "reversi:othello", "3", "--divide")
    assert code == 0 and out[-1] == "56" and len(out) == 5
    assert sum(int(line.split(": ")[1]) for line in out[:-1]) == 56


def test_turns_are_complete_and_distinct(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "turns", "reversi:othello")
    assert (code, out) == (0, ["d3", "c4", "f5", "e6"])


def test_bench_prints_rates(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "bench", "reversi:othello", "--seconds", "0.2")
    assert code == 0
    assert out[0] == "game: reversi:othello"
    assert float(out[1].split(": ")[1]) > 0 and float(out[2].split(": ")[1]) > 0


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        (["moves", "chess"], "unknown game 'chess'"),
        (["moves", "reversi:othello", "a1"], "illegal move 'a1'"),
        (["moves", "reversi:othello", "z0"], "'z0'"),
        (["play", "reversi,first=vert"], "first"),
        (["perft", "reversi", "deep"], "invalid int value"),
        (["perft", "reversi", "-1"], "depth"),
        (["play", "reversi", "--position", "nonsense"], "reversi position"),
        (["solve", "reversi"], "no exact solver"),
        (["selfplay", "reversi", "--bots", "grandmaster,random"], "unknown bot"),
        (["selfplay", "reversi", "--bots", "random,random,random"], "name 1 to 2 bots"),
        (["duel", "reversi", "--as", "rouge"], "--as takes one of noir, blanc"),
        (["nonsense"], "invalid choice"),
        ([], "required"),
    ],
)
def test_bad_input_is_one_line_on_stderr_with_code_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], fragment: str
) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert out == []
    assert err.count("\n") == 1 and fragment in err


def test_selfplay_counts_wins_and_rotates_seats(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "selfplay", "reversi:othello", "--bots", "random,random",
                       "--games", "4", "--seed", "3", "--json")
    assert code == 0
    report = json.loads("\n".join(out))
    assert report["game"] == "reversi:othello" and len(report["games"]) == 4
    assert [g["seats"]["noir"] for g in report["games"]] == ["random"] * 4
    assert [g["seat_bots"]["noir"] for g in report["games"]] == [1, 2, 1, 2]
    assert sum(report["wins"]) + report["draws"] == 4
    for record in report["games"]:
        final = find_game("reversi:othello").replay(record["moves"])
        outcome = final.outcome()
        assert outcome is not None and outcome.result_line() == record["result"]


def test_selfplay_is_reproducible(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["selfplay", "reversi:othello", "--bots", "debutant,random", "--games", "2",
            "--seed", "9", "--nodes", "40", "--json"]
    _, first, _ = run(capsys, *argv)
    _, second, _ = run(capsys, *argv)
    moves = [g["moves"] for g in json.loads("\n".join(first))["games"]]
    assert moves == [g["moves"] for g in json.loads("\n".join(second))["games"]]


def test_duel_reads_moves_and_explains_mistakes() -> None:
    from engines.ai import make_bot

    game = find_game("reversi:othello")
    answers = iter(["?", "z9", "a1", "d3", "q"])
    out = io.StringIO()
    duel = Duel(game, make_bot("random", game, seed=1), "noir", random.Random(1),
                read=lambda _prompt: next(answers), out=out)
    assert duel.run() is None
    text = out.getvalue()
    assert "Coups possibles : d3 c4 f5 e6" in text
    assert "Je ne comprends pas « z9 »" in text
    assert "Ce coup n'est pas permis ici : « a1 »" in text
    assert "La machine (blanc) joue" in text
    assert "Partie abandonnée" in text


@pytest.mark.parametrize("spec", ["barricades,players=4", "backgammon", "jacquet", "reversi"])
def test_the_duels_example_is_a_move_a_person_plays(spec: str) -> None:
    """Not a throw of the dice (the machine throws them), even when the opening's
    equal dice are thrown again."""
    state = find_game(spec).initial_state()
    example = Duel._example(state)
    if state.is_chance_node():
        assert example not in {str(outcome) for outcome, _ in state.chance_outcomes()}
    assert example != "?" and not example.startswith("dice")


def test_duel_plays_to_the_end_in_english() -> None:
    from engines.ai import make_bot

    game = find_game("reversi:othello")
    out = io.StringIO()
    helper = make_bot("random", game, seed=4)
    state_box: list[object] = []

    def answer(_prompt: str) -> str:
        state = state_box[-1]
        return str(helper.choose(state))  # type: ignore[arg-type]

    class Recording(Duel):
        def _ask(self, state):
            state_box.append(state)
            return super()._ask(state)

    duel = Recording(game, make_bot("random", game, seed=2), "blanc", random.Random(2),
                     lang="en", read=answer, out=out)
    outcome = duel.run()
    assert outcome is not None
    text = out.getvalue()
    assert "you play white; the machine plays black, level random (random moves)." in text
    assert ("Game over:" in text) or ("Draw —" in text)


def test_installed_script_runs() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "engines.cli", "perft", "reversi:othello", "4"],
        capture_output=True, text=True, check=False,
    )
    assert done.returncode == 0 and done.stdout.splitlines()[-1] == "244"
    done = subprocess.run(
        [sys.executable, "-m", "engines.cli", "moves", "reversi", "e9"],
        capture_output=True, text=True, check=False,
    )
    assert done.returncode == 2 and done.stdout == "" and "e9" in done.stderr
