"""A game's rules and positions as values: `SavoyRules` (the options checked and frozen, the board, the
colours each seat moves) and `SavoyState` (the cells, whose turn, the dice in force, the counters the house
rules need).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..options import OptionValue
from ..savoy_board import SAVOY_BOARD, SavoyBoard
from .notation import SavoyMove
from .stacks import Stacks, stacks_of

# --------------------------------------------------------------------------- options
@dataclass(frozen=True, slots=True)
class SavoyRules:
    """The options a game is played with, checked and frozen, with the board it is played on and the
    colours each seat moves (Savoy: R and L, one each)."""

    values: tuple[tuple[str, OptionValue], ...]
    board: SavoyBoard = SAVOY_BOARD
    seats: tuple[tuple[int, ...], ...] = ((0,), (1,))

    def __getitem__(self, name: str) -> OptionValue:
        for key, value in self.values:
            if key == name:
                return value
        raise KeyError(name)

    @property
    def trips(self) -> str:
        return str(self["trips"])

    @property
    def pinned_away(self) -> bool:
        return bool(self["pinnedaway"])

    @property
    def draw_passes(self) -> int:
        """Passes in a row that draw; an option value 0 means 5 per player (Savoya's default)."""
        return int(self["drawpasses"]) or 5 * len(self.seats)

    @property
    def max_turns(self) -> int:
        """Turns that draw; an option value 0 means 500 per player (Savoya's default)."""
        return int(self["maxturns"]) or 500 * len(self.seats)

    @property
    def stacks(self) -> Stacks:
        return stacks_of(self.board)

    def as_dict(self) -> dict[str, OptionValue]:
        return dict(self.values)


# --------------------------------------------------------------------------- state
@dataclass(frozen=True, slots=True)
class SavoyState:
    """A Savoy (or Savoya) position.

    `cells[c]` describes cell c (numbering of the board's cells, savoy_board.CELLS for Savoy), as the
    board's `Stacks` encode it. Savoy: 0 when empty, else ``sign * (2 * k + p)`` with sign +1 when R is
    on top and -1 for L, k the number of top-colour pieces and p = 1 when one piece of the other colour
    is pinned beneath them.

    `to_move` is a seat (R and L in Savoy). `dice` is the roll in force (empty when a roll is due);
    `opening` is true until the opening roll has decided who starts; `turns` counts the players' turns
    (passes included) and `passes` the passes in a row.
    """

    rules: SavoyRules
    cells: tuple[int, ...]
    to_move: int = 0
    dice: tuple[int, ...] = ()
    opening: bool = True
    turns: int = 0
    passes: int = 0
    winner: int | None = None
    draw: str = ""
    opening_roll: tuple[int, ...] = ()
    last: SavoyMove | None = None

    @property
    def over(self) -> bool:
        return self.winner is not None or bool(self.draw)

    def stack(self, name: str) -> str:
        """The stack on a cell, bottom to top, as letters (``"RLL"``: R pinned under two L)."""
        board = self.rules.board
        return stacks_of(board).text(self.cells[board.cell_id[name]], board.colours)
