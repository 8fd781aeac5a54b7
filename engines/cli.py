"""``ludokiosk-engine``: the rules engines and their AI on the command line.

Bad input (unknown game, illegal move, bad number) prints one line on stderr
and exits with code 2, having printed nothing else.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from engines.core import CHANCE, Game, RulesError, SpecError, State
from engines.registry import all_specs, find_game, game_classes
from engines.speed import measure_speed
from engines.walks import complete_turns, perft

EXIT_BAD_INPUT = 2


class UsageError(Exception):
    """Bad command-line input: reported on one line, exit code 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{self.prog}: {message}")


# --------------------------------------------------------------------------- helpers


def _position(game: Game, position: str | None, moves: Sequence[str]) -> State:
    start = game.from_text(position) if position else game.initial_state()
    return game.replay(moves, start)


def _print(lines: Sequence[str]) -> None:
    sys.stdout.write("".join(line + "\n" for line in lines))


# --------------------------------------------------------------------------- commands


def cmd_list(_: argparse.Namespace) -> list[str]:
    lines = []
    for cls in game_classes():
        for variant in cls.variants:
            spec = f"{cls.id}:{variant.name}" if variant.name else cls.id
            lines.append(f"{spec}\t{variant.title}")
    return lines


def cmd_moves(args: argparse.Namespace) -> list[str]:
    game = find_game(args.game)
    state = _position(game, args.position, args.moves)
    return [str(m) for m in state.legal_moves()]


def cmd_turns(args: argparse.Namespace) -> list[str]:
    game = find_game(args.game)
    state = _position(game, args.position, args.moves)
    if state.current_player is CHANCE:
        raise UsageError(
            f"{game.spec}: chance to play (throw the dice first, e.g. "
            f"{state.legal_moves()[0]})"
        )
    return [" ".join(str(m) for m in line) for line, _ in complete_turns(state)]


def cmd_play(args: argparse.Namespace) -> list[str]:
    game = find_game(args.game)
    state = _position(game, args.position, args.moves)
    outcome = state.outcome()
    result = outcome.result_line() if outcome else "ongoing"
    return [state.to_text(), *[f"announce: {a}" for a in state.announcements()],
            f"result: {result}"]


def cmd_perft(args: argparse.Namespace) -> list[str]:
    if args.depth < 0:
        raise UsageError(f"perft: depth must be 0 or more, not {args.depth}")
    game = find_game(args.game)
    state = _position(game, args.position, args.moves)
    lines = []
    total = 0
    if args.divide and args.depth >= 1 and not state.is_terminal():
        for move in state.legal_moves():
            count = perft(state.apply_unchecked(move), args.depth - 1)
            lines.append(f"{move}: {count}")
            total += count
    else:
        total = perft(state, args.depth)
    return [*lines, str(total)]


def cmd_solve(args: argparse.Namespace) -> list[str]:
    from engines.ai import solver_for

    game = find_game(args.game)
    solver = solver_for(game)
    if solver is None:
        raise UsageError(f"solve: no exact solver for {game.spec}")
    return list(solver.solve(game))


def cmd_selfplay(args: argparse.Namespace) -> list[str]:
    from engines.selfplay import play_matches, summary_lines

    game = find_game(args.game)
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    check_bot_names(bots, len(game.players))
    if args.games < 1:
        raise UsageError(f"selfplay: --games must be at least 1, not {args.games}")
    report = play_matches(game, bots, args.games, args.seed, seconds=args.seconds,
                          nodes=args.nodes)
    if args.json:
        return [json.dumps(report, ensure_ascii=False, indent=1)]
    return summary_lines(report)


def cmd_review(args: argparse.Namespace) -> list[str]:
    """Each decision of MOVEs weighed against the best: its loss, the verdict, the reason."""
    from engines.ai.coach import judge
    from engines.ai.reasons import reason_for

    game = find_game(args.game)
    state = game.from_text(args.position) if args.position else game.initial_state()
    if args.seconds is not None and not args.seconds > 0:
        raise UsageError(f"review: --seconds must be positive, not {args.seconds}")
    if args.nodes is not None and args.nodes < 1:
        raise UsageError(f"review: --nodes must be at least 1, not {args.nodes}")
    seconds = args.seconds if args.seconds is not None or args.nodes is not None else 1.0
    words = REVIEW_WORDS[args.lang]
    lines = []
    for number, text in enumerate(args.moves, 1):
        move = game.parse_move(state, text)
        if state.current_player is not CHANCE:
            verdict = judge(state, move, seconds=seconds, nodes=args.nodes)
            line = (f"{number}\t{state.current_player}\t{move}\t"
                    f"{words['loss']} {verdict.loss:.3f} {verdict.scale}\t")
            if verdict.flagged:
                reason = reason_for(state, verdict).text(args.lang)
                line += f"{words['mistake']}\t{words['best']} {verdict.best}\t{reason}"
            else:
                line += words["fine"]
            lines.append(line)
        state = state.apply(move)
    return lines


REVIEW_WORDS = {
    "fr": {"loss": "perte", "mistake": "erreur", "best": "meilleur :", "fine": "bien"},
    "en": {"loss": "loss", "mistake": "mistake", "best": "best:", "fine": "fine"},
}
"""The review's own words, by language."""


def check_bot_names(bots: Sequence[str], seats: int) -> None:
    """Refuse unknown bot names and more bots than seats."""
    from engines.ai import BOT_NAMES

    for name in bots:
        if name not in BOT_NAMES:
            raise UsageError(f"unknown bot '{name}'; choose among {', '.join(BOT_NAMES)}")
    if not 1 <= len(bots) <= seats:
        raise UsageError(f"name 1 to {seats} bots (one per seat), not {len(bots)}")


def cmd_bench(args: argparse.Namespace) -> list[str]:
    if args.seconds <= 0:
        raise UsageError(f"bench: --seconds must be positive, not {args.seconds}")
    game = find_game(args.game)
    speed = measure_speed(game, args.seconds, args.seed)
    return [
        f"game: {game.spec}",
        f"playouts/s: {speed.playouts_per_s:.1f}",
        f"decisions/s: {speed.decisions_per_s:.0f}",
        f"mean length: {speed.mean_length:.1f}",
    ]


def cmd_duel(args: argparse.Namespace) -> list[str]:
    from engines.duel import run_duel

    game = find_game(args.game)
    check_bot_names([args.bot], len(game.players))
    if args.seat is not None and args.seat not in game.players:
        raise UsageError(f"duel: --as takes one of {', '.join(game.players)}, not '{args.seat}'")
    run_duel(game, bot_name=args.bot, seat=args.seat, seed=args.seed, lang=args.lang,
             seconds=args.seconds)
    return []


# --------------------------------------------------------------------------- parser


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="ludokiosk-engine",
        description="Rules engines and AI of the ludogîte kiosk. Games: " + ", ".join(all_specs()),
    )
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    sub.add_parser("list", help="the games and their variants").set_defaults(run=cmd_list)

    def positional_game(p: argparse.ArgumentParser) -> None:
        p.add_argument("game", help="game spec, e.g. moulin:standard or moulin,fly_at=3")

    def moves_after(p: argparse.ArgumentParser) -> None:
        p.add_argument("moves", nargs="*", metavar="MOVE", help="moves played from the start")
        p.add_argument("--position", help="start from this position text instead")

    for name, run, text in (
        ("moves", cmd_moves, "legal moves after MOVEs, one per line"),
        ("turns", cmd_turns, "the distinct complete turns of the player to move"),
        ("play", cmd_play, "position text after MOVEs, then the result"),
    ):
        p = sub.add_parser(name, help=text)
        positional_game(p)
        moves_after(p)
        p.set_defaults(run=run)

    p = sub.add_parser("perft", help="count the leaves DEPTH decisions deep")
    positional_game(p)
    p.add_argument("depth", type=int)
    moves_after(p)
    p.add_argument("--divide", action="store_true", help="one count per first move")
    p.set_defaults(run=cmd_perft)

    p = sub.add_parser("solve", help="exact values where a solver exists")
    positional_game(p)
    p.set_defaults(run=cmd_solve)

    p = sub.add_parser("selfplay", help="bots against bots")
    positional_game(p)
    p.add_argument("--bots", required=True, help="one bot per seat: random, debutant, joueur, "
                   "expert (seats rotate from game to game)")
    p.add_argument("--games", type=int, default=10)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--seconds", type=float, help="time budget per decision (overrides levels)")
    p.add_argument("--nodes", type=int, help="search budget per decision (reproducible)")
    p.add_argument("--json", action="store_true", help="the whole report as JSON")
    p.set_defaults(run=cmd_selfplay)

    p = sub.add_parser("review", help="each decision of MOVEs weighed against the best, "
                       "with the coach's verdict and reason")
    positional_game(p)
    moves_after(p)
    p.add_argument("--seconds", type=float, help="judging time per decision (default 1)")
    p.add_argument("--nodes", type=int, help="search budget per decision (reproducible)")
    p.add_argument("--lang", default="fr", choices=("fr", "en"))
    p.set_defaults(run=cmd_review)

    p = sub.add_parser("bench", help="random playouts/s and decisions/s")
    positional_game(p)
    p.add_argument("--seconds", type=float, default=4.0)
    p.add_argument("--seed", type=int, default=0)
    p.set_defaults(run=cmd_bench)

    p = sub.add_parser("duel", help="play in the terminal against the machine")
    positional_game(p)
    p.add_argument("--bot", default="joueur", help="random, debutant, joueur or expert")
    p.add_argument("--as", dest="seat", help="your seat (default: the first player)")
    p.add_argument("--seed", type=int, help="seed for the dice and the machine")
    p.add_argument("--seconds", type=float, help="the machine's time per decision")
    p.add_argument("--lang", default="fr", choices=("fr", "en"))
    p.set_defaults(run=cmd_duel)
    return parser


def parse_arguments(argv: Sequence[str] | None) -> argparse.Namespace:
    """Parse, letting moves come after options (``play G --position P e4``)."""
    parser = build_parser()
    args, extra = parser.parse_known_args(argv)
    stray = [item for item in extra if item.startswith("-")]
    if stray or (extra and not hasattr(args, "moves")):
        parser.error("unrecognized arguments: " + " ".join(stray or extra))
    if extra:
        args.moves = [*args.moves, *extra]
    return args


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of ``ludokiosk-engine``; returns the exit code."""
    try:
        args = parse_arguments(argv)
        lines: Any = args.run(args)
    except (UsageError, RulesError, SpecError) as error:
        message = " ".join(str(error).split())
        sys.stderr.write(f"error: {message}\n")
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        return 130
    _print(lines)
    return 0


if __name__ == "__main__":
    sys.exit(main())
