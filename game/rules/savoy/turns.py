"""A seat's legal turns: `build_turns` (at once) and `build_turn_steps` (in small units), which choose the
generator for the seat's colours (turns_one_colour.py or turns_two_colours.py) and write the table.
"""

from __future__ import annotations

from .stacks import _home_count
from .state import SavoyRules
from .table import Steps, TurnTable, _assemble, run_steps
from .turns_one_colour import _legal_found
from .turns_two_colours import _build_turns_in_order

def build_turns(cells: tuple[int, ...], me: int, dice: tuple[int, ...], rules: SavoyRules) -> TurnTable:
    """All legal turns for seat `me` with `dice` on `cells`, sorted by their text."""
    return run_steps(build_turn_steps(cells, me, dice, rules))


def build_turn_steps(cells: tuple[int, ...], me: int, dice: tuple[int, ...], rules: SavoyRules) -> Steps[TurnTable]:
    """`build_turns` in small units (see `Steps`)."""
    board = rules.board
    colours = rules.seats[me]
    home, total = _home_count(cells, me, rules.pinned_away, board, colours)
    need = total - home  # pieces still to bring home: a turn bringing them all wins
    if len(colours) > 1:
        return (yield from _build_turns_in_order(cells, colours, dice, rules, home, total))
    legal, best = _legal_found(cells, colours[0], dice, rules, need)
    return (yield from _assemble([(numbers, False, repeated, gain == need) for numbers, _, gain, repeated in legal],
                                 best, board))
