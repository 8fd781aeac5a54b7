"""Board mappings: which cell of a physical board holds each point of a game.

One TOML file per physical board in ``config/boards/``:

- ``name``, ``rows``, ``cols``: the sensor matrix (cells ``"row,col"``, row 0
  as the electronics number it);
- ``[leds]``: ``order = "row-major"`` or ``"serpentine"`` (one LED per cell,
  the chain running along the rows), or ``"table"`` with ``count`` (LEDs on
  the chain) and ``[leds.index]`` giving ``"row,col" = index``;
- ``[[games]]``, one per way of laying points: ``specs`` (``"reversi"`` is
  the default variant, ``"latrunculi:*"`` every variant, a spec with options
  such as ``"rithmomachie:medievale,rows=14"`` is checked too), then either a
  grid rule — ``corner`` (a corner point, ``"a1"``) on ``cell``, the layout
  turned by ``transpose`` (its columns run down the rows) and mirrored by
  ``flip_rows`` / ``flip_cols`` — or a table ``[games.points]`` of
  ``point = "row,col"``.

Every file is checked at start-up against each game it lists: every point on
exactly one cell, inside the matrix, never two on a cell, every such cell
with an LED, LED indices unique and within the chain. A problem names the
file and the key.

``python -m kiosk.board.mapping --check`` checks every file and prints one
line per file.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from drivers.sensorboard import Cell
from drivers.toml_files import TomlFileError, read_toml
from engines.core import Game, SpecError
from engines.geometry import Geometry
from engines.registry import all_specs, find_game
from kiosk.paths import config_dir

DEFAULT_DIR = Path(__file__).resolve().parents[2] / "config" / "boards"
ORDERS = ("row-major", "serpentine", "table")


class MappingError(ValueError):
    """A board file that cannot be used, naming the file and the key (French, then English)."""

    def __init__(self, file: str, key: str, fr: str, en: str) -> None:
        self.file, self.key, self.fr, self.en = file, key, fr, en
        super().__init__(f"{file}: {key}: {fr} / {en}")


@dataclass(frozen=True)
class BoardMapping:
    """One game on one physical board: point index -> cell, cell -> LED index."""

    file: str
    name: str
    rows: int
    cols: int
    spec: str
    cells: tuple[Cell, ...]
    """The cell of each point, by point index."""
    leds: Mapping[Cell, int]
    """The LED chain index of each cell that has an LED."""
    led_count: int
    points: Mapping[Cell, int] = field(init=False, repr=False, compare=False)
    """The point standing on each cell that has one."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "points", {cell: i for i, cell in enumerate(self.cells)})

    def cell(self, point: int) -> Cell:
        return self.cells[point]

    def point(self, cell: Cell) -> int | None:
        """The point standing on ``cell`` (``None``: no point of this game there)."""
        return self.points.get(cell)


@dataclass(frozen=True)
class GameEntry:
    """A ``[[games]]`` table: the specs it serves and how their points land on cells."""

    key: str
    specs: tuple[str, ...]
    table: Mapping[str, Any]


@dataclass(frozen=True)
class BoardFile:
    """A checked board file."""

    file: str
    name: str
    rows: int
    cols: int
    leds: Mapping[Cell, int]
    led_count: int
    order: str
    entries: tuple[GameEntry, ...]

    def serves(self) -> list[str]:
        """Every spec listed (``id:*`` expanded to the variants)."""
        found: list[str] = []
        for entry in self.entries:
            for pattern in entry.specs:
                found += [s for s in _expand(pattern) if s not in found]
        return found

    def entry_for(self, game: Game) -> GameEntry | None:
        """The entry serving ``game``: an exact spec first, then its variant, then ``id:*``."""
        best: tuple[int, GameEntry] | None = None
        for entry in self.entries:
            for pattern in entry.specs:
                rank = _rank(pattern, game)
                if rank and (best is None or rank > best[0]):
                    best = (rank, entry)
        return best[1] if best else None

    def mapping(self, game: Game) -> BoardMapping:
        """``game``'s points on this board; :class:`MappingError` if they do not fit."""
        entry = self.entry_for(game)
        if entry is None:
            raise MappingError(self.file, "games", f"ne sert pas {game.spec}",
                               f"does not serve {game.spec}")
        cells = _place(self, entry, game)
        return BoardMapping(self.file, self.name, self.rows, self.cols, game.spec,
                            cells, self.leds, self.led_count)


def _rank(pattern: str, game: Game) -> int:
    head, _, options = pattern.partition(",")
    game_id, _, variant = head.strip().lower().partition(":")
    if game_id != game.id:
        return 0
    if options:
        try:
            return 3 if find_game(pattern).spec == game.spec else 0
        except SpecError:
            return 0
    if variant == "*":
        return 1
    return 2 if variant == game.variant else 0


def _expand(pattern: str) -> list[str]:
    head = pattern.split(",")[0].strip().lower()
    if head.endswith(":*"):
        game_id = head[:-2]
        return [s for s in all_specs() if s.split(":")[0] == game_id]
    return [pattern.strip()]


# --------------------------------------------------------------------------- reading


def _cell(file: str, key: str, value: Any, rows: int, cols: int) -> Cell:
    """A ``"row,col"`` text inside the matrix."""
    parts = value.split(",") if isinstance(value, str) else []
    if len(parts) != 2 or not all(p.strip().isdigit() for p in parts):
        raise MappingError(file, key, f"une case s'écrit \"ligne,colonne\", pas {value!r}",
                           f"a cell is written \"row,col\", not {value!r}")
    row, col = int(parts[0]), int(parts[1])
    if not (row < rows and col < cols):
        raise MappingError(file, key, f"case {row},{col} hors de la matrice {rows} x {cols}",
                           f"cell {row},{col} outside the {rows} x {cols} matrix")
    return row, col


def _int(file: str, data: Mapping[str, Any], key: str, low: int, high: int) -> int:
    value = data.get(key.rsplit(".", 1)[-1])
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise MappingError(file, key, f"un entier de {low} à {high} est attendu, pas {value!r}",
                           f"a whole number from {low} to {high} is expected, not {value!r}")
    return value


def _leds(file: str, data: Mapping[str, Any], rows: int,
          cols: int) -> tuple[dict[Cell, int], int, str]:
    leds = data.get("leds", {})
    if not isinstance(leds, dict):
        raise MappingError(file, "leds", "une table est attendue", "a table is expected")
    order = leds.get("order", "row-major")
    if order not in ORDERS:
        raise MappingError(file, "leds.order", f"l'une des valeurs {', '.join(ORDERS)}",
                           f"one of {', '.join(ORDERS)}")
    table: dict[Cell, int] = {}
    if order != "table":
        for row in range(rows):
            for col in range(cols):
                along = cols - 1 - col if order == "serpentine" and row % 2 else col
                table[(row, col)] = row * cols + along
        return table, rows * cols, order
    count = _int(file, leds, "leds.count", 1, rows * cols)
    index = leds.get("index")
    if not isinstance(index, dict) or not index:
        raise MappingError(file, "leds.index", "une table \"ligne,colonne\" = rang est attendue",
                           "a table \"row,col\" = index is expected")
    seen: dict[int, str] = {}
    for text, rank in index.items():
        key = f'leds.index."{text}"'
        cell = _cell(file, key, text, rows, cols)
        if not isinstance(rank, int) or isinstance(rank, bool) or not 0 <= rank < count:
            raise MappingError(file, key, f"rang {rank!r} hors de la chaîne de {count} LED",
                               f"index {rank!r} outside the chain of {count} LEDs")
        if rank in seen:
            raise MappingError(file, key, f"rang {rank} déjà donné à la case {seen[rank]}",
                               f"index {rank} already given to cell {seen[rank]}")
        if cell in table:
            raise MappingError(file, key, "case donnée deux fois", "cell given twice")
        seen[rank] = text
        table[cell] = rank
    return table, count, order


def read_board(path: Path) -> BoardFile:
    """Read and check one board file against every game it lists.

    Any problem, whatever its kind, is a :class:`MappingError` naming the file.
    """
    try:
        return _read_board(path)
    except MappingError:
        raise
    except TomlFileError as error:
        raise MappingError(path.name, "fichier", error.fr, error.en) from None
    except Exception as error:
        what = f"{type(error).__name__}: {error}"
        raise MappingError(path.name, "fichier", f"inutilisable ({what})",
                           f"cannot be used ({what})") from None


def _read_board(path: Path) -> BoardFile:
    file = path.name
    data = read_toml(path)
    rows = _int(file, data, "rows", 1, 64)
    cols = _int(file, data, "cols", 1, 64)
    leds, count, order = _leds(file, data, rows, cols)
    games = data.get("games")
    if not isinstance(games, list) or not games:
        raise MappingError(file, "games", "au moins une table [[games]] est attendue",
                           "at least one [[games]] table is expected")
    entries = []
    for number, table in enumerate(games):
        key = f"games[{number}]"
        specs = table.get("specs") if isinstance(table, dict) else None
        if not isinstance(specs, list) or not specs or not all(isinstance(s, str) for s in specs):
            raise MappingError(file, key + ".specs", "une liste de jeux est attendue",
                               "a list of game specs is expected")
        entries.append(GameEntry(key, tuple(specs), table))
    board = BoardFile(file, str(data.get("name", path.stem)), rows, cols, leds, count, order,
                      tuple(entries))
    for entry in entries:
        for pattern in entry.specs:
            expanded = _expand(pattern)
            if not expanded:
                raise MappingError(file, entry.key + ".specs", f"jeu inconnu : {pattern}",
                                   f"unknown game: {pattern}")
            for spec in expanded:
                try:
                    game = find_game(spec)
                except SpecError as error:
                    raise MappingError(file, entry.key + ".specs", f"jeu inconnu : {error}",
                                       f"unknown game: {error}") from None
                _place(board, entry, game)
    return board


# --------------------------------------------------------------------------- placing points


def _place(board: BoardFile, entry: GameEntry, game: Game) -> tuple[Cell, ...]:
    """The cell of each of ``game``'s points, checked (inside, one point per cell, an LED)."""
    geometry = game.geometry()
    if "points" in entry.table:
        cells = _table(board, entry, geometry)
    elif "corner" in entry.table:
        cells = _grid(board, entry, geometry, game.spec)
    else:
        raise MappingError(board.file, entry.key,
                           "il faut une règle de grille (corner, cell) ou une table points",
                           "a grid rule (corner, cell) or a points table is needed")
    owner: dict[Cell, int] = {}
    for index, cell in enumerate(cells):
        name = geometry.name(index)
        where = f"{entry.key} ({game.spec}, point {name})"
        if not (0 <= cell[0] < board.rows and 0 <= cell[1] < board.cols):
            size = f"{board.rows} x {board.cols}"
            raise MappingError(board.file, where,
                               f"case {cell[0]},{cell[1]} hors de la matrice {size}",
                               f"cell {cell[0]},{cell[1]} outside the {size} matrix")
        if cell in owner:
            other = geometry.name(owner[cell])
            raise MappingError(board.file, where,
                               f"case {cell[0]},{cell[1]} déjà prise par {other}",
                               f"cell {cell[0]},{cell[1]} already holds {other}")
        if cell not in board.leds:
            raise MappingError(board.file, where, f"la case {cell[0]},{cell[1]} n'a pas de LED",
                               f"cell {cell[0]},{cell[1]} has no LED")
        owner[cell] = index
    return tuple(cells)


def _table(board: BoardFile, entry: GameEntry, geometry: Geometry) -> list[Cell]:
    table = entry.table["points"]
    key = entry.key + ".points"
    if not isinstance(table, dict):
        raise MappingError(board.file, key, "une table point = \"ligne,colonne\" est attendue",
                           "a table point = \"row,col\" is expected")
    found: dict[int, Cell] = {}
    for name, text in table.items():
        where = f"{key}.{name}"
        if not geometry.has(name):
            raise MappingError(board.file, where, "ce point n'existe pas dans ce jeu",
                               "no such point in this game")
        index = geometry.index(name)
        if index in found:
            raise MappingError(board.file, where, "point donné deux fois", "point given twice")
        found[index] = _cell(board.file, where, text, board.rows, board.cols)
    missing = [p.name for p in geometry.points if p.index not in found]
    if missing:
        shown = ", ".join(missing[:6]) + (" …" if len(missing) > 6 else "")
        raise MappingError(board.file, key, f"points sans case : {shown}",
                           f"points without a cell: {shown}")
    return [found[i] for i in range(len(geometry.points))]


def _flag(board: BoardFile, entry: GameEntry, name: str) -> bool:
    value = entry.table.get(name, False)
    if not isinstance(value, bool):
        raise MappingError(board.file, f"{entry.key}.{name}", "true ou false", "true or false")
    return value


def _grid(board: BoardFile, entry: GameEntry, geometry: Geometry, spec: str) -> list[Cell]:
    """A grid rule: ``corner`` point on ``cell``; ``transpose``, ``flip_rows``, ``flip_cols``."""
    if geometry.kind != "grid":
        raise MappingError(board.file, entry.key + ".corner",
                           f"{spec} n'est pas une grille : donnez une table points",
                           f"{spec} is not a grid: give a points table")
    corner = entry.table["corner"]
    if not isinstance(corner, str) or not geometry.has(corner):
        raise MappingError(board.file, entry.key + ".corner",
                           f"{corner!r} n'est pas un point de {spec}",
                           f"{corner!r} is not a point of {spec}")
    transpose = _flag(board, entry, "transpose")
    flips = (_flag(board, entry, "flip_rows"), _flag(board, entry, "flip_cols"))

    def turned(index: int) -> tuple[int, int]:
        point = geometry.points[index]
        u, v = int(point.y), int(point.x)
        if transpose:
            u, v = v, u
        return (-u if flips[0] else u, -v if flips[1] else v)

    anchor = geometry.index(corner)
    row0, col0 = turned(anchor)
    last_row, last_col = geometry.rows - 1, geometry.columns - 1
    at = geometry.points[anchor]
    if int(at.y) not in (0, last_row) or int(at.x) not in (0, last_col):
        raise MappingError(board.file, entry.key + ".corner",
                           f"{corner} n'est pas un coin de la grille de {spec}",
                           f"{corner} is not a corner of {spec}'s grid")
    cell_key = entry.key + ".cell"
    row, col = _cell(board.file, cell_key, entry.table.get("cell"), board.rows, board.cols)
    cells = []
    for index in range(len(geometry.points)):
        u, v = turned(index)
        cells.append((u - row0 + row, v - col0 + col))
    return cells


# --------------------------------------------------------------------------- finding boards


def load_boards(directory: Path = DEFAULT_DIR) -> list[BoardFile]:
    """Every board file of ``directory``, checked (the first problem raises)."""
    return [read_board(path) for path in sorted(directory.glob("*.toml"))]


@lru_cache(maxsize=8)
def _usable(directory: str) -> tuple[BoardFile, ...]:
    boards = []
    for path in sorted(Path(directory).glob("*.toml")):
        try:
            boards.append(read_board(path))
        except MappingError:
            continue  # reported by check_all() at start-up; its games play on the screen
    return tuple(boards)


def boards_dir() -> Path:
    """The installed boards (``/etc/ludokiosk/boards``), or the ones shipped in ``config/``."""
    installed = config_dir()
    if installed is not None and (installed / "boards").is_dir():
        return installed / "boards"
    return DEFAULT_DIR


def mapping_for(spec: str, directory: Path | None = None) -> BoardMapping | None:
    """The mapping of the board that serves ``spec`` (``None``: no usable board for it).

    Broken files are skipped here (:func:`check_all` names their problems); a
    :class:`MappingError` is raised only when the board serving the game cannot hold
    this spec's points (an option that changes the board, not listed in the file).
    """
    game = find_game(spec)
    for board in _usable(str(directory or boards_dir())):
        if board.entry_for(game) is not None:
            return board.mapping(game)
    return None


def survey(directory: Path | None = None) -> list[BoardFile | MappingError]:
    """Every board file, read and checked once: the board, or what is wrong with it."""
    found: list[BoardFile | MappingError] = []
    for path in sorted((directory or boards_dir()).glob("*.toml")):
        try:
            found.append(read_board(path))
        except MappingError as error:
            found.append(error)
    return found


def board_file_problems(
    directory: Path | None = None, surveyed: list[BoardFile | MappingError] | None = None
) -> list[MappingError]:
    """What is wrong with each board file that cannot be used (one error per file)."""
    found = survey(directory) if surveyed is None else surveyed
    return [item for item in found if isinstance(item, MappingError)]


def check_all(
    directory: Path | None = None, surveyed: list[BoardFile | MappingError] | None = None
) -> list[tuple[str, str, bool]]:
    """One ``(file, line, ok)`` per board file."""
    lines = []
    for item in survey(directory) if surveyed is None else surveyed:
        if isinstance(item, MappingError):
            lines.append((item.file, f"ERREUR {item.key}: {item.fr} / {item.en}", False))
            continue
        games = ", ".join(item.serves())
        lines.append((item.file, f"ok {item.rows} x {item.cols}, {item.led_count} LED "
                                 f"({item.order}) : {games}", True))
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m kiosk.board.mapping",
                                     description="Vérifie les plateaux de config/boards.")
    parser.add_argument("--check", action="store_true", help="vérifier chaque fichier")
    parser.add_argument("--dir", type=Path, default=None, help="dossier des plateaux")
    args = parser.parse_args(argv)
    if not args.check:
        parser.print_help()
        return 2
    lines = check_all(args.dir)
    if not lines:
        print(f"aucun plateau dans {(args.dir or boards_dir()).name} / no board file")
        return 1
    for file, line, _ in lines:
        print(f"{file}: {line}")
    return 0 if all(ok for _, _, ok in lines) else 1


if __name__ == "__main__":
    sys.exit(main())
