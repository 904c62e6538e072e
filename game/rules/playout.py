"""Seeded random play, shared by the tests, the benchmark and the WebAssembly check.

The same seed gives the same game on every Python (CPython 3.11-3.14,
Pyodide): only `random.Random(seed)` with `randrange` is used (and the
history's seeded dice, drawn the same way).
"""

from __future__ import annotations

import random
from typing import Any, Mapping

from .base import Game
from .history import GameHistory


def random_game(game: Game, options: Mapping[str, object] | None = None, seed: int = 0,
                max_moves: int = 10_000, pass_weight: float | None = None) -> GameHistory:
    """Play uniformly random legal moves from the start until the game ends.

    `seed` seeds both the choice of moves and the game's own dice (`GameHistory.seed`), so the
    record written of the game names the seed its rolls come from.
    `pass_weight`, when given, is the chance of choosing a move whose text is
    ``pass`` when other moves exist; None treats every legal move alike.
    """
    rng = random.Random(seed)
    history: GameHistory = GameHistory(game, options, seed=seed)
    for _ in range(max_moves):
        history.roll_if_due()
        state = history.state
        if game.outcome(state) is not None:
            break
        moves = game.legal_moves(state)
        if pass_weight is not None:
            passes = [m for m in moves if str(m) == "pass"]
            others = [m for m in moves if str(m) != "pass"]
            if passes and others:
                moves = passes if rng.random() < pass_weight else others
        history.play(moves[rng.randrange(len(moves))])
    return history


def summary(history: GameHistory) -> dict[str, Any]:
    """What two runs of the same game must agree on: the record and the scores, and that the game
    comes back unchanged from a game link (zlib and base64 on each side)."""
    from .link import history_from_link, link_for
    from .record import write_record

    game, state = history.game, history.state
    outcome = game.outcome(state)
    record = write_record(history)
    return {
        "record": record,
        "link_round_trip": write_record(history_from_link(link_for(history))) == record,
        "scores": list(game.scores(state)),
        "winner": None if outcome is None else outcome.winner,
        "over": outcome is not None,
    }
