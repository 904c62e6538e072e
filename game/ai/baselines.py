"""The baseline players of the arena benchmark and the tests: uniform random and 1-ply greedy.

Both use only the `Game` interface, so they play every game, including ones without an engine.
"""

from __future__ import annotations

import random
from typing import Any

from game.rules.base import Game


def random_move(game: Game, state: Any, rng: random.Random) -> Any:
    """A legal move chosen uniformly at random."""
    moves = game.legal_moves(state)
    return moves[rng.randrange(len(moves))]


def margin(game: Game, state: Any, player: int) -> float:
    """How far `player` is ahead by the rules' own scores: a win is worth most, a loss least."""
    result = game.outcome(state)
    if result is not None:
        if result.winner is None:
            return 0.0
        return 1e9 if player in result.winning_seats else -1e9  # partners who win together both win
    scores = game.scores(state)
    others = [s for i, s in enumerate(scores) if i != player]
    return float(scores[player] - max(others)) if others else float(scores[player])


def colour_of(game: Game, state: Any, seat: int) -> int:
    """The colour (player index) that `seat` plays in `state` (see `Game.seat_of`)."""
    return next(c for c in range(len(game.seat_names(state))) if game.seat_of(state, c) == seat)


def greedy_move(game: Game, state: Any, rng: random.Random) -> Any:
    """The move that leaves the mover furthest ahead by the rules' scores one move later (ties at random).

    Where a move leads to dice, the position before the roll is judged. The mover is judged by
    the colour it plays after the move (a Star swap changes it).
    """
    player = game.to_move(state)
    assert player is not None, "greedy_move needs a player to move"
    seat = game.seat_of(state, player)
    best: list[Any] = []
    best_value = float("-inf")
    for move in game.legal_moves(state):
        after = game._apply(state, move)
        value = margin(game, after, colour_of(game, after, seat))
        if value > best_value:
            best, best_value = [move], value
        elif value == best_value:
            best.append(move)
    return best[rng.randrange(len(best))]
