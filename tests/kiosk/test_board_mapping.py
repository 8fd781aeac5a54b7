"""Board mappings: every board file validates, the games land on the squares the boards
have, and a broken file names the file and the key."""

from __future__ import annotations

from pathlib import Path

import pytest

from engines.registry import all_specs, find_game
from kiosk.board.mapping import (
    DEFAULT_DIR,
    MappingError,
    check_all,
    load_boards,
    main,
    mapping_for,
    read_board,
)

BOARD_GAMES = ("reversi", "latrunculi", "tablut", "rithmomachie", "moulin", "assaut",
               "barricades")


def test_every_board_file_validates_and_the_check_prints_one_line_per_file(
        capsys: pytest.CaptureFixture[str]) -> None:
    files = sorted(p.name for p in DEFAULT_DIR.glob("*.toml"))
    assert len(files) == 6
    assert all(ok for _, _, ok in check_all())
    assert main(["--check"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in lines] == files
    assert all(": ok " in line for line in lines)


@pytest.mark.parametrize("spec", [s for s in all_specs() if s.split(":")[0] in BOARD_GAMES])
def test_every_variant_of_the_board_games_has_a_board(spec: str) -> None:
    mapping = mapping_for(spec)
    assert mapping is not None
    geometry = find_game(spec).geometry()
    assert len(set(mapping.cells)) == len(geometry.points)
    assert all(cell in mapping.leds for cell in mapping.cells)


def test_games_without_a_board_have_none() -> None:
    assert mapping_for("backgammon") is None
    assert mapping_for("shut-the-box") is None


def named(spec: str, name: str) -> tuple[int, int]:
    mapping = mapping_for(spec)
    assert mapping is not None
    return mapping.cell(find_game(spec).geometry().index(name))


def test_grid_games_land_as_their_notation_says() -> None:
    # Othello's notation: a1 top left, h1 top right, h8 bottom right.
    assert (named("reversi", "a1"), named("reversi", "h1"), named("reversi", "h8")) == (
        (0, 0), (0, 7), (7, 7))
    assert named("reversi:othello", "d4") == (3, 3)
    # latrunculi: a1 bottom left, on the same 8 x 8 board.
    assert mapping_for("latrunculi:pison").file == "grid8.toml"  # type: ignore[union-attr]
    assert (named("latrunculi:seneque", "a1"), named("latrunculi:seneque", "h8")) == (
        (7, 0), (0, 7))
    # tablut: the throne e5 is the centre of the 9 x 9 board.
    assert named("tablut", "e5") == (4, 4)
    # rithmomachie: Boissière's 16 x 8 board as is; the medieval 8 x 16 board turned,
    # its shorter form (rows=14) on the same board with a1 on the same cell.
    assert (named("rithmomachie:boissiere", "A1"), named("rithmomachie:boissiere", "H16")) == (
        (0, 0), (7, 15))
    assert named("rithmomachie:medievale", "a1") == (0, 15)
    assert named("rithmomachie:medievale", "h16") == (7, 0)
    assert named("rithmomachie:medievale,rows=14", "a1") == (0, 15)
    assert named("rithmomachie:medievale,rows=14", "h14") == (7, 2)


def test_grid_neighbours_stay_neighbours_on_the_board() -> None:
    for spec in ("reversi", "tablut", "rithmomachie:boissiere", "rithmomachie:medievale"):
        mapping = mapping_for(spec)
        assert mapping is not None
        for a, b in find_game(spec).geometry().edges:
            (ra, ca), (rb, cb) = mapping.cell(a), mapping.cell(b)
            assert max(abs(ra - rb), abs(ca - cb)) == 1, (spec, a, b)


def test_moulin_mills_lie_along_rows_or_columns_of_the_matrix() -> None:
    mapping = mapping_for("moulin")
    assert mapping is not None and (mapping.rows, mapping.cols) == (7, 7)
    geometry = find_game("moulin").geometry()
    mills = [line for line in geometry.lines if len(line) == 3]
    assert len(mills) == 16  # 16 mills on the three squares
    for mill in mills:
        cells = [mapping.cell(p) for p in mill]
        assert len({r for r, _ in cells}) == 1 or len({c for _, c in cells}) == 1
    assert mapping.led_count == 24 and sorted(mapping.leds.values()) == list(range(24))


def test_assaut_and_barricades_lines_join_neighbouring_cells() -> None:
    for spec, step in (("assaut", 1), ("barricades", 1)):
        mapping = mapping_for(spec)
        assert mapping is not None
        geometry = find_game(spec).geometry()
        for a, b in geometry.edges:
            (ra, ca), (rb, cb) = mapping.cell(a), mapping.cell(b)
            assert max(abs(ra - rb), abs(ca - cb)) == step, (spec, geometry.name(a),
                                                             geometry.name(b))
    assert len(mapping_for("assaut").cells) == 33  # type: ignore[union-attr]


def test_serpentine_chain_runs_back_along_odd_rows() -> None:
    grid8 = next(b for b in load_boards() if b.file == "grid8.toml")
    assert grid8.leds[(0, 0)] == 0 and grid8.leds[(0, 7)] == 7
    assert grid8.leds[(1, 7)] == 8 and grid8.leds[(1, 0)] == 15
    assert sorted(grid8.leds.values()) == list(range(64))


MOULIN = (DEFAULT_DIR / "moulin.toml").read_text(encoding="utf-8")
GRID8 = (DEFAULT_DIR / "grid8.toml").read_text(encoding="utf-8")


def broken(tmp_path: Path, text: str) -> MappingError:
    path = tmp_path / "casse.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(MappingError) as caught:
        read_board(path)
    assert caught.value.file == "casse.toml"
    assert str(caught.value).startswith("casse.toml: ")
    return caught.value


def test_a_missing_point_is_named(tmp_path: Path) -> None:
    error = broken(tmp_path, MOULIN.replace('d5 = "2,3"\n', ""))
    assert error.key == "games[0].points"
    assert "d5" in error.fr and "d5" in error.en


def test_two_points_on_one_cell(tmp_path: Path) -> None:
    error = broken(tmp_path, MOULIN.replace('d5 = "2,3"', 'd5 = "2,2"'))
    assert error.key.startswith("games[0] (moulin")
    assert "c5" in error.key + error.fr and "d5" in error.key + error.fr


def test_a_cell_outside_the_matrix(tmp_path: Path) -> None:
    error = broken(tmp_path, MOULIN.replace('d5 = "2,3"', 'd5 = "2,9"'))
    assert error.key == "games[0].points.d5"
    assert "7 x 7" in error.fr


def test_an_unknown_point(tmp_path: Path) -> None:
    error = broken(tmp_path, MOULIN.replace('d5 = "2,3"', 'd5 = "2,3"\nz9 = "1,2"'))
    assert error.key == "games[0].points.z9"


def test_an_led_index_outside_the_chain_or_twice(tmp_path: Path) -> None:
    error = broken(tmp_path, MOULIN.replace('"6,0" = 0\n', '"6,0" = 24\n'))
    assert error.key == 'leds.index."6,0"'
    assert "24" in error.fr
    error = broken(tmp_path, MOULIN.replace('"6,0" = 0\n', '"6,0" = 5\n'))
    assert error.key.startswith('leds.index."')  # the second cell given index 5
    assert "rang 5" in error.fr and "index 5" in error.en


def test_a_point_on_a_cell_without_led(tmp_path: Path) -> None:
    error = broken(tmp_path, MOULIN.replace('"6,0" = 0\n', ""))
    assert "a1" in error.key and "LED" in error.fr


def test_a_grid_rule_needs_a_corner_and_fitting_cells(tmp_path: Path) -> None:
    error = broken(tmp_path, GRID8.replace('corner = "a1"\ncell = "7,0"', 'corner = "d4"\n'
                                           'cell = "7,0"'))
    assert error.key == "games[1].corner"
    error = broken(tmp_path, GRID8.replace('cell = "7,0"', 'cell = "0,0"'))
    assert error.key.startswith("games[1] (latrunculi:") and "hors" in error.fr
    error = broken(tmp_path, GRID8.replace('order = "serpentine"', 'order = "zigzag"'))
    assert error.key == "leds.order"


def test_an_unknown_game_and_a_bad_file(tmp_path: Path) -> None:
    error = broken(tmp_path, GRID8.replace('"latrunculi:*"', '"latrunculus:*"'))
    assert error.key == "games[1].specs"
    error = broken(tmp_path, "rows = 8\ncols = [\n")
    assert error.key == "fichier"


def test_the_check_reports_a_broken_file(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "bon.toml").write_text(MOULIN, encoding="utf-8")
    (tmp_path / "casse.toml").write_text(MOULIN.replace('d5 = "2,3"\n', ""), encoding="utf-8")
    assert main(["--check", "--dir", str(tmp_path)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("bon.toml: ok 7 x 7")
    assert out[1].startswith("casse.toml: ERREUR games[0].points")


def test_a_broken_file_leaves_its_games_to_the_screen_and_the_others_on_their_boards(
        tmp_path: Path) -> None:
    (tmp_path / "casse.toml").write_text(MOULIN.replace('d5 = "2,3"\n', ""), encoding="utf-8")
    (tmp_path / "grid9.toml").write_text((DEFAULT_DIR / "grid9.toml").read_text(
        encoding="utf-8"), encoding="utf-8")
    assert mapping_for("moulin", tmp_path) is None
    tablut = mapping_for("tablut", tmp_path)
    assert tablut is not None and tablut.file == "grid9.toml"
