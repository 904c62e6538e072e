"""Stacks as lists of colour letters, bottom first, for the independent reference generators of Savoy and Savoya
turns (test_savoy_reference, test_savoya_orders): they share no code with the rules. A board is a dict from cell
name to its stack; a piece may land on an empty cell, on its own colour, or on a lone piece of another colour
(which it pins), and the pieces free to move from a cell are those of the top colour above any other.
"""

from __future__ import annotations


def parse_layout(layout: str) -> dict[str, list[str]]:
    """``"a4=RRR d4=RL"`` as a board."""
    board: dict[str, list[str]] = {}
    for item in layout.split():
        cell, _, stack = item.partition("=")
        board[cell] = list(stack)
    return board


def can_land(board: dict[str, list[str]], cell: str, colour: str) -> bool:
    stack = board.get(cell, [])
    return not stack or stack[-1] == colour or len(stack) == 1


def free_pieces(board: dict[str, list[str]], cell: str, colour: str) -> int:
    n = 0
    for piece in reversed(board.get(cell, [])):
        if piece != colour:
            break
        n += 1
    return n


def frozen(board: dict[str, list[str]]) -> tuple:
    """The board as a value: (cell, stack) of its non-empty cells, sorted."""
    return tuple(sorted((cell, "".join(stack)) for cell, stack in board.items() if stack))
