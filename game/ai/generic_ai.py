"""The engine for a game without one of its own: flat Monte Carlo with short random playouts.

Each candidate move gets the same number of playouts (rolling dice at random inside the
playouts, which only the search sees), judged by the rules' own scores where a playout is
cut short. Weak, but it plays any game through the `Game` interface.
"""

from __future__ import annotations

import random
from typing import Any, Generator

from game.rules.base import Game

from .baselines import margin
from .search import Report

PLAYOUTS_PER_MOVE = {1: 4, 2: 12, 3: 32, 4: 96}
PLAYOUT_LENGTH = 60


def playout_value(game: Game, state: Any, player: int, rng: random.Random) -> float:
    for _ in range(PLAYOUT_LENGTH):
        if game.outcome(state) is not None:
            break
        if game.is_chance(state):
            state = game._apply(state, game.random_chance(state, rng))
            continue
        moves = game.legal_moves(state)
        state = game._apply(state, moves[rng.randrange(len(moves))])
    value = margin(game, state, player)
    return 1.0 if value > 0 else 0.0 if value < 0 else 0.5


def think(game: Game, state: Any, level: int, rng: random.Random, report: Report) -> Generator[float, None, Any]:
    player = game.to_move(state)
    moves = game.legal_moves(state)
    per_move = PLAYOUTS_PER_MOVE[level]
    totals = [0.0] * len(moves)
    work = len(moves) * per_move
    done = 0
    for i, move in enumerate(moves):
        after = game._apply(state, move)
        for _ in range(per_move):
            totals[i] += playout_value(game, after, player, rng)
            done += 1
            yield done / work
    best = max(range(len(moves)), key=lambda i: (totals[i], -i))
    report["playouts"] = done
    report["value"] = round(totals[best] / per_move, 4)
    return moves[best]
