"""How a board's cells encode their stacks, one int per cell, and the landing rules on them.

`Stacks` is the interface; `SignStacks` is Savoy's encoding of two colours (a cell is 0 when empty, else
``sign * (2k + p)``: sign +1 when R is on top, k pieces on top, p = 1 when the other colour's lone piece
is pinned beneath them) and `PackedStacks` holds up to four colours (Savoya). `stacks_of(board)` gives a
board's encoding. Also here: the few plain functions on Savoy's encoding that the fast turn generators and
the AI use directly (`_mine`, `_landable`, `apply_net`), and counting the pieces home (`_home_count`).
"""

from __future__ import annotations

from typing import Mapping, Sequence

from ..errors import OptionError
from ..reading import quote
from ..savoy_board import PLAYERS, SAVOY_BOARD, SavoyBoard

SIGNS = (1, -1)  # cell values: positive = R on top, negative = L on top

# --------------------------------------------------------------------------- stacks
class Stacks:
    """How a board's cells encode their stacks (one int per cell), and the landing rules on them.

    A cell holds one colour's pieces on top (any number) and at most one pinned piece of another
    colour beneath them. A piece may land on an empty cell, on its own colour, or on a lone piece of
    another colour, which it pins. Two encodings share this interface: `SignStacks` (two colours, the
    Savoy encoding) and `PackedStacks` (up to four colours)."""

    def free(self, v: int, colour: int) -> int:
        """Pieces of `colour` free to move on a cell with value v."""
        raise NotImplementedError

    def pieces(self, v: int, colour: int) -> tuple[int, int]:
        """(all pieces of `colour` on the cell, of which pinned)."""
        raise NotImplementedError

    def can_land(self, v: int, colour: int) -> bool:
        raise NotImplementedError

    def landable(self, cells: Sequence[int], colour: int) -> list[bool]:
        return [self.can_land(v, colour) for v in cells]

    def apply(self, cells: Sequence[int], colour: int, net: Mapping[int, int]) -> tuple[int, ...]:
        """The board after `colour` gains net[c] pieces on each cell (negative: loses)."""
        raise NotImplementedError

    def shift(self, v: int, colour: int, n: int) -> int:
        """One cell's value after `colour` gains n pieces there (negative: loses)."""
        return self.apply((v,), colour, {0: n})[0]

    def layers(self, v: int) -> tuple[int | None, int, int | None]:
        """(top colour or None, how many on top, pinned colour or None)."""
        raise NotImplementedError

    def make(self, top: int, count: int, pinned: int | None) -> int:
        raise NotImplementedError

    def text(self, v: int, letters: Sequence[str]) -> str:
        top, k, pinned = self.layers(v)
        if top is None:
            return ""
        return (letters[pinned] if pinned is not None else "") + letters[top] * k

    def value(self, stack: str, letters: Sequence[str], where: str) -> int:
        """The value of a stack written bottom first (``RL``: R pinned under L); OptionError if impossible."""
        stack = stack.upper()
        if not stack:
            return 0
        if any(ch not in letters for ch in stack):
            raise OptionError(f"{where}: a stack is written with the letters {_and_list(letters)}, bottom first, "
                              f"not {quote(stack)}", "layout")
        top = stack[-1]
        k = len(stack) - len(stack.rstrip(top))
        rest = stack[:-k]
        if len(rest) > 1:
            raise OptionError(f"{where}: {quote(stack)} is not a possible stack: only one lone piece can be pinned, "
                              "under pieces of the other colour", "layout")
        return self.make(letters.index(top), k, letters.index(rest) if rest else None)


class SignStacks(Stacks):
    """Savoy's encoding: 0 empty, else sign * (2k + p), sign +1 for colour 0 (R) on top and -1 for
    colour 1 (L), k pieces on top, p = 1 when the other colour's piece is pinned beneath."""

    def free(self, v: int, colour: int) -> int:
        return _mine(v, colour)

    def pieces(self, v: int, colour: int) -> tuple[int, int]:
        return _pieces_of(v, colour)

    def can_land(self, v: int, colour: int) -> bool:
        return v >= 0 or v == -2 if colour == 0 else v <= 0 or v == 2

    def landable(self, cells: Sequence[int], colour: int) -> list[bool]:
        return _landable(cells, colour)

    def apply(self, cells: Sequence[int], colour: int, net: Mapping[int, int]) -> tuple[int, ...]:
        return apply_net(cells, colour, net)

    def layers(self, v: int) -> tuple[int | None, int, int | None]:
        if v == 0:
            return None, 0, None
        top = 0 if v > 0 else 1
        return top, abs(v) >> 1, (1 - top if abs(v) & 1 else None)

    def make(self, top: int, count: int, pinned: int | None) -> int:
        return SIGNS[top] * (2 * count + (pinned is not None))


class PackedStacks(Stacks):
    """Up to four colours: 0 empty, else ``k << 5 | (pinned + 1) << 2 | top`` (pinned + 1 = 0: none)."""

    LONE = 8  # v >> 2 of a lone piece: k = 1, nothing pinned

    def free(self, v: int, colour: int) -> int:
        return v >> 5 if v and v & 3 == colour else 0

    def pieces(self, v: int, colour: int) -> tuple[int, int]:
        if not v:
            return 0, 0
        if v & 3 == colour:
            return v >> 5, 0
        return (1, 1) if (v >> 2 & 7) == colour + 1 else (0, 0)

    def can_land(self, v: int, colour: int) -> bool:
        return not v or v & 3 == colour or v >> 2 == 8

    def landable(self, cells: Sequence[int], colour: int) -> list[bool]:
        return [not v or v & 3 == colour or v >> 2 == 8 for v in cells]

    def apply(self, cells: Sequence[int], colour: int, net: Mapping[int, int]) -> tuple[int, ...]:
        out = list(cells)
        shift = self.shift
        for c, n in net.items():
            if n:
                out[c] = shift(out[c], colour, n)
        return tuple(out)

    def shift(self, v: int, colour: int, n: int) -> int:
        if not v:
            return n << 5 | colour
        if v & 3 == colour:
            k = (v >> 5) + n
            if k > 0:
                return k << 5 | (v & 31)
            pinned = (v >> 2 & 7) - 1
            return 1 << 5 | pinned if pinned >= 0 else 0
        return n << 5 | ((v & 3) + 1) << 2 | colour  # a lone piece of another colour, now pinned

    def layers(self, v: int) -> tuple[int | None, int, int | None]:
        if not v:
            return None, 0, None
        pinned = (v >> 2 & 7) - 1
        return v & 3, v >> 5, (pinned if pinned >= 0 else None)

    def make(self, top: int, count: int, pinned: int | None) -> int:
        return count << 5 | (0 if pinned is None else pinned + 1) << 2 | top


SIGN_STACKS, PACKED_STACKS = SignStacks(), PackedStacks()


def stacks_of(board: SavoyBoard) -> Stacks:
    """The encoding of `board`'s cells: Savoy's signs for two colours, packed for more."""
    return SIGN_STACKS if len(board.colours) == 2 else PACKED_STACKS


def _and_list(values: Sequence[str]) -> str:
    return values[0] if len(values) == 1 else ", ".join(values[:-1]) + " and " + values[-1]


def stack_text(v: int) -> str:
    """A Savoy cell's stack, bottom to top, as letters (``"RLL"``: R pinned under two L)."""
    return SIGN_STACKS.text(v, PLAYERS)


def _cell_value(stack: str, where: str) -> int:
    return SIGN_STACKS.value(stack, PLAYERS, where)


def _mine(v: int, me: int) -> int:
    """Pieces of player `me` free to move on a cell with value v."""
    if v > 0 and me == 0 or v < 0 and me == 1:
        return abs(v) >> 1
    return 0


def _pieces_of(v: int, me: int) -> tuple[int, int]:
    """(all pieces of `me` on the cell, of which pinned)."""
    if v == 0:
        return 0, 0
    a = abs(v)
    if (v > 0) == (me == 0):
        return a >> 1, 0
    return (1, 1) if a & 1 else (0, 0)


def _landable(cells: Sequence[int], me: int) -> list[bool]:
    if me == 0:
        return [v >= 0 or v == -2 for v in cells]
    return [v <= 0 or v == 2 for v in cells]


def _home_count(cells: Sequence[int], me: int, pinned_away: bool, board: SavoyBoard = SAVOY_BOARD,
                colours: Sequence[int] | None = None) -> tuple[int, int]:
    """(pieces of `me` counting as home, pieces of `me` on the board): `me` is a colour, or the seat moving
    `colours` (all of which count)."""
    home, total = 0, 0
    stacks = stacks_of(board)
    for colour in (me,) if colours is None else colours:
        homes = board.homes[colour]
        for c, v in enumerate(cells):
            if v:
                n, pinned = stacks.pieces(v, colour)
                total += n
                if c in homes and not (pinned and pinned_away):
                    home += n
    return home, total


def apply_net(cells: Sequence[int], me: int, net: Mapping[int, int]) -> tuple[int, ...]:
    """The board after player `me` gains net[c] pieces on each cell (negative: loses)."""
    out = list(cells)
    sign = SIGNS[me]
    for c, n in net.items():
        if not n:
            continue
        v = out[c]
        if v == 0:
            out[c] = sign * 2 * n
        elif (v > 0) == (sign > 0):
            a = abs(v)
            k = (a >> 1) + n
            if k > 0:
                out[c] = sign * (2 * k + (a & 1))
            else:
                out[c] = -sign * 2 if a & 1 else 0
        else:  # a lone enemy piece, now pinned
            out[c] = sign * (2 * n + 1)
    return tuple(out)
