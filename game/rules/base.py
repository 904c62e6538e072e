"""The one interface every game implements, so that the menu, records, referee,
AI and tests treat all games alike.

A game is a stateless object; its states are frozen values. ``apply`` returns a
new state and never changes its input, so a history is simply a list of states.
Dice games put the roll in the history as a chance move of its own (see
`Game.is_chance`), which makes every record replay exactly.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any, Generic, Hashable, Mapping, Protocol, Sequence, TypeVar

from . import options as opts
from .errors import IllegalMoveError, NotationError


class Move(Protocol, Hashable):
    """A move is a small frozen value whose ``str()`` is the game's notation."""

    def __str__(self) -> str: ...


S = TypeVar("S")
M = TypeVar("M", bound=Move)


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended. ``winner`` is a player index, or None for a draw."""

    winner: int | None
    reason: str

    @property
    def is_draw(self) -> bool:
        return self.winner is None


class Game(ABC, Generic[S, M]):
    """Rules of one game. Subclasses fill the class attributes and the abstract methods."""

    name: str = ""
    title: str = ""
    summary: str = ""
    designer: str = ""
    players: tuple[str, ...] = ("X", "O")
    OPTIONS: tuple[opts.Option, ...] = ()
    #: Options that make seeded random games short (a turn limit, say), so the
    #: WebAssembly cross-check can play many of them in a few seconds.
    playout_options: Mapping[str, object] = {}

    # -- options -----------------------------------------------------------------
    def check_options(self, values: Mapping[str, object] | None = None) -> dict[str, opts.OptionValue]:
        return opts.validate(self.OPTIONS, values)

    def options_from_flags(self, flags: Sequence[str]) -> dict[str, opts.OptionValue]:
        return opts.parse_flags(self.OPTIONS, flags)

    def flags(self, values: Mapping[str, opts.OptionValue]) -> list[str]:
        return opts.to_flags(self.OPTIONS, values)

    # -- starting ----------------------------------------------------------------
    def new(self, options: Mapping[str, object] | None = None) -> S:
        """The starting state for `options` (names as in OPTIONS; missing ones take defaults)."""
        return self._initial(self.check_options(options))

    @abstractmethod
    def _initial(self, options: dict[str, opts.OptionValue]) -> S: ...

    @abstractmethod
    def options_of(self, state: S) -> dict[str, opts.OptionValue]:
        """The options the game in `state` is played with."""

    # -- moves -------------------------------------------------------------------
    @abstractmethod
    def legal_moves(self, state: S) -> list[M]:
        """Every legal move in `state`, in a fixed order (empty when the game is over)."""

    @abstractmethod
    def parse_move(self, text: str, state: S) -> M:
        """Read `text` as a move in `state`; raises NotationError (or AmbiguousMoveError)."""

    @abstractmethod
    def _apply(self, state: S, move: M) -> S:
        """Apply a move already known to be legal."""

    def apply(self, state: S, move: M) -> S:
        """The state after `move`; raises IllegalMoveError naming why it is refused."""
        self.check_legal(state, move)
        return self._apply(state, move)

    def check_legal(self, state: S, move: M) -> None:
        """Raise IllegalMoveError with the reason when `move` is not legal in `state`.

        The default compares with `legal_moves`; games override it to say *why*.
        """
        if self.outcome(state) is not None:
            raise IllegalMoveError(f"{move}: the game is over", "game_over")
        if move not in self.legal_moves(state):
            raise IllegalMoveError(f"{move} is not a legal move here", "illegal")

    def play(self, state: S, text: str) -> tuple[M, S]:
        """Parse and apply `text`; returns the move and the new state."""
        move = self.parse_move(text, state)
        return move, self.apply(state, move)

    # -- chance (dice) -------------------------------------------------------------
    def is_chance(self, state: S) -> bool:
        """True when the next event is a roll of the dice rather than a player's choice."""
        return False

    def dice(self, state: S) -> tuple[int, ...]:
        """The dice rolled for the current turn (the roll in force); empty for games without dice."""
        return ()

    def random_chance(self, state: S, rng: random.Random) -> M:
        """The chance move (a roll) drawn with `rng`, for a state where `is_chance` is true."""
        raise NotationError(f"{self.title} has no dice", "no_chance")

    # -- who and how ---------------------------------------------------------------
    @abstractmethod
    def to_move(self, state: S) -> int | None:
        """Index of the player to move, or None when the game is over or dice are due."""

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None:
        """The result once the game is over, else None."""

    @abstractmethod
    def scores(self, state: S) -> tuple[int, ...]:
        """Each player's score now (games without scores may return zeros)."""

    def seat_of(self, state: S, player: int) -> int:
        """The seat (the person, counted in the order they sat down) playing as `player` in `state`.

        The same index unless the people changed sides during the game (Star's swap), so
        whoever seats computer players, or counts wins per person, asks this.
        """
        return player

    def leader(self, state: S) -> int | None:
        """Who would win if the game ended now (None for level); the winner once over."""
        result = self.outcome(state)
        if result is not None:
            return result.winner
        scores = self.scores(state)
        best = max(scores)
        return scores.index(best) if scores.count(best) == 1 else None

    @abstractmethod
    def render_text(self, state: S) -> str:
        """A plain-text picture of the position."""

    def details(self, state: S) -> dict[str, Any]:
        """Extra game-specific facts for the referee's JSON (score breakdown and the like)."""
        return {}

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r}>"
