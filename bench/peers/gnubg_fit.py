"""Fitting our backgammon network to GNU Backgammon's judgement.

``python -m bench.peers.gnubg_fit collect --turns N --seed S --out FILE``
    plays gnubg against itself (its best play three times out of four, one of
    its six best otherwise, for variety) and writes, for every turn with a
    choice, the position, the dice and gnubg's whole ``hint`` list: each play
    with the position it reaches and gnubg's chances there (one JSON line per
    turn).  About 20 judged positions per turn.  Turns without a choice (one
    play, or dice that cannot be played) are written too, marked ``forced``,
    with the one position they leave: they are fitted, not judged.
``python -m bench.peers.gnubg_fit train --data F1,F2 --test F3 [--hidden 32]
[--epochs 30] --out WEIGHTS``
    fits the network of :mod:`engines.ai.backgammon_network` (its inputs,
    :func:`~engines.ai.backgammon_network.network_inputs`, for the side to roll
    next in each reached position in contact) to gnubg's five chances there
    (cross-entropy, Adam), and writes the weights in the form the module
    reads (:data:`~engines.ai.eval_backgammon_weights.WEIGHTS`).
``python -m bench.peers.gnubg_fit judge --data F``
    the equity our evaluator gives away, by gnubg's judgement, when it picks
    the play of each recorded turn alone (no search): the measure the fit
    improves.

numpy is needed to train (it comes with open_spiel, in the ``bench`` extra).
"""

from __future__ import annotations

import argparse
import base64
import json
import random
import statistics
import sys
import textwrap
import zlib
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from bench.peers.gnubg import Gnubg, our_play, play_sides
from engines.ai import backgammon_network as net
from engines.ai import eval_backgammon as ev
from engines.backgammon import BackgammonState
from engines.backgammon.gnubg import board_id
from engines.core import CHANCE, PASS
from engines.registry import find_game
from engines.tables import Side

EXPLORE = 0.25
"""Share of turns where the collecting games play one of gnubg's six best plays at random."""
MIN_SPREAD = 0.1
"""Inputs are centred and divided by their spread, never by less than this."""
CHUNK = 10_000
"""Positions turned into an array at a time (lists of floats are large)."""


# --------------------------------------------------------------------------- collect


def collect(gnubg: Gnubg, turns: int, seed: int, out: Any) -> int:
    """Write ``turns`` judged turns of gnubg's self-play to ``out``; returns the count."""
    game = find_game("backgammon:simple")
    rng = random.Random(seed)
    written = 0
    while written < turns:
        state = game.initial_state()
        while not state.is_terminal() and written < turns:
            if state.current_player is CHANCE:
                state = state.apply(state.sample_chance(rng))
                continue
            assert isinstance(state, BackgammonState)
            plays = gnubg.hint(state)
            own, other = state.sides()
            if not plays:  # the dice cannot be played: the position stays, the other rolls
                out.write(json.dumps(forced_record(gnubg, state)) + "\n")
                state = state.apply(PASS)
                continue
            reached = [play_sides(own, other, play.text) for play in plays]
            record: dict[str, Any] = {
                "own": own, "other": other, "dice": [state.dice[0], state.dice[-1]],
                "plays": [[mine, theirs, play.equity, play.probs]
                          for (mine, theirs), play in zip(reached, plays, strict=True)],
            }
            if len(plays) == 1:
                record["forced"] = True
            out.write(json.dumps(record) + "\n")
            written += len(plays) > 1
            explore = rng.random() < EXPLORE
            chosen = rng.choice(plays[:6]) if explore else plays[0]
            for move in our_play(state, chosen.text):
                state = state.apply(move)
    return written


def forced_record(gnubg: Gnubg, state: BackgammonState) -> dict[str, Any]:
    """The record of a turn whose dice cannot be played: the position it leaves (the
    same, the other side to roll) with gnubg's chances of the player who could not play.

    Without these, a side on the bar against a closed board would appear in the fit
    only as the one about to throw, never as the one whose opponent throws next: the
    network would not learn what such a blitz is worth to the side that closed its
    board (the cube's decisions there)."""
    own, other = state.sides()
    win, win_gammon, win_bg, lose_gammon, lose_bg, equity = gnubg.evaluate(board_id(other, own))
    probs = [1.0 - win, lose_gammon, lose_bg, win_gammon, win_bg]
    return {"own": own, "other": other, "dice": [state.dice[0], state.dice[-1]],
            "forced": True, "plays": [[own, other, -equity, probs]]}


def read_turns(paths: Sequence[str]) -> Iterator[dict[str, Any]]:
    for path in paths:
        with open(path) as lines:
            for line in lines:
                yield json.loads(line)


def roller_chances(probs: Sequence[float]) -> list[float]:
    """gnubg's chances of the player who played (win, win gammon, win backgammon, lose
    gammon, lose backgammon) as the network's outputs for the side to roll next."""
    win, win_gammon, win_bg, lose_gammon, lose_bg = probs[:5]
    return [1.0 - win, lose_gammon, lose_bg, win_gammon, win_bg]


def is_contact(roller: Side, other: Side) -> bool:
    far = [next((p for p in range(25, 0, -1) if side[p]), 0) for side in (roller, other)]
    return far[0] + far[1] > 25


# --------------------------------------------------------------------------- judge


def judge(paths: Sequence[str]) -> tuple[float, float, int]:
    """Equity given away per turn by picking plays with our evaluator alone: over all
    turns, over turns in contact, and the number of turns."""
    losses: list[float] = []
    contact: list[float] = []
    for turn in read_turns(paths):
        if turn.get("forced"):
            continue
        best = turn["plays"][0][2]
        chosen, value = best, -9.0
        for mine, theirs, equity, _ in turn["plays"]:
            p, gw, gl, bw, bl = ev.cubeless(tuple(theirs), tuple(mine))
            mover = 2.0 * (1.0 - p) - 1.0 + gl - gw + bl - bw
            if mover > value:
                chosen, value = equity, mover
        losses.append(best - chosen)
        if is_contact(tuple(turn["own"]), tuple(turn["other"])):
            contact.append(best - chosen)
    return statistics.fmean(losses), statistics.fmean(contact or [0.0]), len(losses)


# --------------------------------------------------------------------------- train


def arrays(paths: Sequence[str]) -> tuple[Any, Any, list[list[tuple[int, float]]]]:
    """Inputs and targets of every reached position in contact, and the turns whose
    plays all stay in contact as lists of (row, gnubg's equity of the play), for
    judging greedy play."""
    import numpy as np

    blocks: list[Any] = []
    block: list[list[float]] = []
    targets: list[list[float]] = []
    turns: list[list[tuple[int, float]]] = []
    for turn in read_turns(paths):
        rows = []
        for mine, theirs, equity, probs in turn["plays"]:
            roller, other = tuple(theirs), tuple(mine)
            if not is_contact(roller, other):
                rows.append((-1, equity))
                continue
            block.append(net.network_inputs(roller, other))
            targets.append(roller_chances(probs))
            rows.append((len(targets) - 1, equity))
            if len(block) == CHUNK:
                blocks.append(np.array(block, dtype=np.float32))
                block = []
        if not turn.get("forced") and all(row >= 0 for row, _ in rows):
            turns.append(rows)
    blocks.append(np.array(block, dtype=np.float32).reshape(-1, net.INPUTS))
    return np.concatenate(blocks), np.array(targets, dtype=np.float32), turns


def greedy_loss(chances: Any, turns: list[list[tuple[int, float]]]) -> float:
    """Equity given away per turn picking, in each turn, the play whose reached position
    has the best predicted equity for the player who played."""
    equity = -(2 * chances[:, 0] - 1 + chances[:, 1] - chances[:, 3] + chances[:, 2]
               - chances[:, 4])
    losses = [rows[0][1] - max(rows, key=lambda r: equity[r[0]])[1] for rows in turns]
    return statistics.fmean(losses)


def train(data: Sequence[str], test: Sequence[str], hidden: int, epochs: int, seed: int,
          log: Any) -> list[float]:
    """Fit the network; returns its weights in :func:`net._decode_weights`' order, the
    input scaling folded into the first layer."""
    import numpy as np

    inputs, targets, _ = arrays(data)
    test_inputs, _, test_turns = arrays(test)
    print(f"{len(inputs)} positions to fit, {len(test_turns)} test turns", file=log, flush=True)
    mean = inputs.mean(0)
    spread = np.maximum(inputs.std(0), MIN_SPREAD)
    x_all = (inputs - mean) / spread
    x_test = (test_inputs - mean) / spread
    rng = np.random.default_rng(seed)
    w1 = rng.normal(0, 1 / np.sqrt(x_all.shape[1]), (x_all.shape[1], hidden))
    b1 = np.zeros(hidden)
    w2 = rng.normal(0, 1 / np.sqrt(hidden), (hidden, 5))
    b2 = np.zeros(5)
    params = [w1, b1, w2, b2]
    moments = [np.zeros_like(p) for p in params]
    squares = [np.zeros_like(p) for p in params]

    def forward(x: Any) -> tuple[Any, Any]:
        h = 1 / (1 + np.exp(-np.clip(x @ w1 + b1, -30, 30)))
        return h, 1 / (1 + np.exp(-np.clip(h @ w2 + b2, -30, 30)))

    rate, step, batch = 2e-3, 0, 512
    for epoch in range(epochs):
        order = rng.permutation(len(x_all))
        for start in range(0, len(order), batch):
            pick = order[start:start + batch]
            x, y = x_all[pick], targets[pick]
            h, out = forward(x)
            d_out = (out - y) / len(pick)
            d_hidden = d_out @ w2.T * h * (1 - h)
            grads = [x.T @ d_hidden, d_hidden.sum(0), h.T @ d_out, d_out.sum(0)]
            step += 1
            for p, g, m, v in zip(params, grads, moments, squares, strict=True):
                m *= 0.9
                m += 0.1 * g
                v *= 0.999
                v += 0.001 * g * g
                p -= rate * (m / (1 - 0.9 ** step)) / (np.sqrt(v / (1 - 0.999 ** step)) + 1e-8)
        rate *= 0.9
        loss = greedy_loss(forward(x_test)[1], test_turns)
        print(f"epoch {epoch + 1}: greedy play gives away {loss:.4f} per turn in contact",
              file=log, flush=True)
    rows = w1 / spread[:, None]
    bias = b1 - (mean / spread) @ w1
    flat: list[float] = [*rows.ravel(), *bias, *w2.ravel(), *b2]
    return [float(v) for v in flat]


def weights_text(values: Sequence[float]) -> str:
    """The weights as :data:`engines.ai.eval_backgammon_weights.WEIGHTS` holds them: half
    floats, compressed, in base 85, cut in lines."""
    import numpy as np

    raw = np.array(values, dtype="<f2").tobytes()
    text = base64.b85encode(zlib.compress(raw, 9)).decode("ascii")
    return "\n".join(textwrap.wrap(text, 88))


# --------------------------------------------------------------------------- main


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.peers.gnubg_fit",
                                     description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    gather = commands.add_parser("collect", help="record gnubg's judged turns")
    gather.add_argument("--turns", type=int, default=20_000)
    gather.add_argument("--seed", type=int, default=1)
    gather.add_argument("--out", required=True)
    fit = commands.add_parser("train", help="fit the network to recorded turns")
    fit.add_argument("--data", required=True, help="comma-separated files of turns")
    fit.add_argument("--test", required=True, help="comma-separated files of test turns")
    fit.add_argument("--hidden", type=int, default=net.HIDDEN)
    fit.add_argument("--epochs", type=int, default=30)
    fit.add_argument("--seed", type=int, default=1)
    fit.add_argument("--out", required=True, help="file for the weights' text")
    check = commands.add_parser("judge", help="greedy play of our evaluator on turns")
    check.add_argument("--data", required=True, help="comma-separated files of turns")
    args = parser.parse_args(argv)
    if args.command == "collect":
        with Gnubg() as gnubg, open(args.out, "w") as out:
            count = collect(gnubg, args.turns, args.seed, out)
        print(f"{count} turns written to {args.out}")
    elif args.command == "train":
        values = train(args.data.split(","), args.test.split(","), args.hidden, args.epochs,
                       args.seed, sys.stdout)
        Path(args.out).write_text(weights_text(values) + "\n")
        print(f"weights written to {args.out}")
    else:
        loss, contact, turns = judge(args.data.split(","))
        print(f"{turns} turns: {loss:.4f} given away per turn ({contact:.4f} in contact)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
