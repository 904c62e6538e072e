"""A game in progress: the list of states and moves, with undo and redo.

Because states are values, undo is dropping the last state and replay is
indexing the list; nothing is recomputed.
"""

from __future__ import annotations

import random
from typing import Any, Generic, Mapping, TypeVar

from .base import Game, Move

S = TypeVar("S")
M = TypeVar("M", bound=Move)


class GameHistory(Generic[S, M]):
    def __init__(self, game: Game[S, M], options: Mapping[str, object] | None = None, start: S | None = None) -> None:
        self.game = game
        self.states: list[S] = [start if start is not None else game.new(options)]
        self.moves: list[M] = []
        self._redo: list[M] = []

    @property
    def state(self) -> S:
        return self.states[-1]

    @property
    def start(self) -> S:
        return self.states[0]

    @property
    def options(self) -> dict[str, Any]:
        return self.game.options_of(self.start)

    def play(self, move: M | str) -> M:
        """Apply a move (or its notation); raises a RulesError and keeps the game as it was."""
        if isinstance(move, str):
            move = self.game.parse_move(move, self.state)
        new_state = self.game.apply(self.state, move)
        self.states.append(new_state)
        self.moves.append(move)
        self._redo.clear()
        return move

    def can_undo(self) -> bool:
        return bool(self.moves)

    def can_redo(self) -> bool:
        return bool(self._redo)

    def undo(self) -> M | None:
        if not self.moves:
            return None
        self.states.pop()
        move = self.moves.pop()
        self._redo.append(move)
        return move

    def redo(self) -> M | None:
        if not self._redo:
            return None
        move = self._redo.pop()
        self.states.append(self.game.apply(self.state, move))
        self.moves.append(move)
        return move

    def roll_if_due(self, rng: random.Random) -> list[M]:
        """Play any chance moves (dice) now due, drawn with `rng`; returns them."""
        rolled = []
        while self.game.is_chance(self.state) and self.game.outcome(self.state) is None:
            rolled.append(self.play(self.game.random_chance(self.state, rng)))
        return rolled

    def notation(self) -> list[str]:
        return [str(move) for move in self.moves]
