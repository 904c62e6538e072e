"""Savoy (Cameron Browne 2006): a dice race on a figure-of-eight path, as played on pbmserv.

Sources: the pbmserv help page and Browne's rules page (../shared/seeds/000, 001),
board and readings from ../shared/specs/savoy.md (see savoy_board.py).

The movement code takes its board as data (`SavoyBoard`, carried by `SavoyRules`):
Savoya (savoya.py) is this game on its own board of two strands, with four
colours and up to four seats. Everything below holds there too, with "colour"
meaning one of the board's colours (R, L, T, B) and a seat moving one or two of
them (see savoya.py for what that adds: turns of two colours played part by part).

Rules as implemented (the spec's recommended readings are the defaults; the
alternatives are options):

* Player 0 is R (pieces showing "Right", home m7 n7 o7, starting at the left
  end), player 1 is L (home a4 b4 c4, starting at o7).
* Opening: each player rolls one die (``roll:5,3`` = R rolled 5, L rolled 3;
  a tie is rolled again and stays in the record); the higher roll moves first
  with that die alone. After that every turn begins with two dice
  (``roll:3,5``, written smaller first); a double gives four dice.
* A turn moves one or more pieces. Each moving piece makes ONE trip in one
  direction allowed by its cell (four on a crossing), never turning, never
  past an end, using one die or several dice added together; a piece moves at
  most once a turn. Where a trip uses several dice, each point where a die
  ends must itself be a legal landing (the dice may be taken in either order)
  (option ``-trips``: ``checked``, the default; ``jump``: only the end counts;
  ``dice``: backgammon style, each die a separate move of any piece).
* Landing: on an empty cell, on own pieces (no height limit), or on a lone
  piece of the other colour, which is then pinned until every piece on top
  has left. A stack of two or more topped by the other colour blocks landing
  (it may be jumped over).
* The turn must change the board and use the most pips possible; the only
  exception is a turn that brings the mover's last piece home, which wins at
  once (remaining dice lapse). With no board-changing turn the player passes
  (``pass``); there is no voluntary pass.
* Win: all of a player's pieces on their home cells (a pinned piece on a home
  cell counts, unless ``-pinnedaway``).
* House rules so that every game ends (the seed warns that mutual pins
  deadlock): a dead position (neither player could move with any roll) is a
  draw; ``-drawpasses=N`` passes in a row draw (default 10); ``-maxturns=N``
  turns draw (default 1000).

Notation (pbmserv): parts separated by commas, ``a4-c4,g4-h4``; ``3xg7-j7``
moves three pieces along the same route. Where ``from-to`` fits several
routes for the dice, the part names the route by its number of steps and/or
the first cell stepped onto: ``h4-h7/3``, ``l7-d4/l6``, ``l7-h7/l8/6``; the
parser accepts the bare form whenever only one legal turn fits and otherwise
lists the candidates.

>>> str(SavoyMove.parse("3xg7-j7,e4-b4"))
'3xg7-j7,e4-b4'
>>> SavoyMove.parse("roll:3,5")
SavoyMove.parse('roll:3,5')
"""

from __future__ import annotations

import random
import re
from bisect import bisect_left
from collections import Counter
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from itertools import permutations, product
from typing import Any, Callable, Generator, Iterable, Iterator, Literal, Mapping, Sequence, TypeVar

from . import options as opts
from .base import Game, Outcome
from .errors import AmbiguousMoveError, IllegalMoveError, NotationError, OptionError
from .options import ChoiceOption, FlagOption, IntOption, OptionValue
from .reading import excerpt, quote, show_number, whole_number
# Savoy's board constants stay importable from here, as they were before the boards became objects
from .savoy_board import (  # noqa: F401
    CELL_ID, CELLS, GRID, HOME_DISTANCE, HOMES, PATH_PIPS, PLAYERS, RAY_BY_FIRST, RAYS, SAVOY_BOARD, START_NAMES,
    SavoyBoard, cell_key,
)

# cells in notation order (column, then row): the canonical order of a move's parts
NAME_RANK: dict[str, int] = SAVOY_BOARD.name_rank
RANK: tuple[int, ...] = SAVOY_BOARD.rank
SIGNS = (1, -1)  # cell values: positive = R on top, negative = L on top
DEFAULT_PIECES = 6
MAX_PIECES = 15
ROLLS: tuple[tuple[int, int], ...] = tuple((a, b) for a in range(1, 7) for b in range(a, 7))

_PART_RE = re.compile(r"^(?:([0-9]+)x)?([a-z][0-9]{1,2})-([a-z][0-9]{1,2})((?:/[a-z0-9]+)*)$", re.ASCII)
_ROLL_RE = re.compile(r"^roll:([0-9]+(?:,[0-9]+)*)$", re.ASCII)
#: A turn uses at most four dice (a double), each piece at least one: so at most four pieces move,
#: each at most 24 steps.
MAX_TRIPS = 4
MAX_STEPS = 24
TRIPS_LIMIT = "a turn moves at most four pieces (one for each die of a double)"


# --------------------------------------------------------------------------- moves
@dataclass(frozen=True, slots=True)
class Part:
    """`count` pieces moving from `src` to `dst` along one route.

    A resolved part knows its route: `via` (the first cell stepped onto, i.e. the
    direction) and `steps`. A part read from text without state has via "" and
    steps 0 where the text did not say. The show_* flags only choose what
    ``str()`` writes; they are not part of the value.
    """

    src: str
    dst: str
    via: str = ""
    steps: int = 0
    count: int = 1
    show_via: bool = field(default=False, compare=False)
    show_steps: bool = field(default=False, compare=False)

    def __str__(self) -> str:
        text = f"{self.count}x" if self.count > 1 else ""
        text += f"{self.src}-{self.dst}"
        if self.show_via and self.via:
            text += f"/{self.via}"
        if self.show_steps and self.steps:
            text += f"/{self.steps}"
        return text

    @property
    def resolved(self) -> bool:
        return bool(self.via and self.steps)

    def sort_key(self) -> tuple:
        return (-self.count, cell_key(self.src), cell_key(self.dst), cell_key(self.via) if self.via else ("", -1),
                self.steps)


@dataclass(frozen=True, slots=True)
class SavoyMove:
    """A Savoy move: a turn (``a4-c4,g4-h4``), a roll (``roll:3,5``) or ``pass``.

    `parts` are kept in a canonical order (most pieces first, then by cell), so two
    texts listing the same parts in another order are the same move.
    """

    kind: Literal["turn", "roll", "pass"]
    parts: tuple[Part, ...] = ()
    dice: tuple[int, ...] = ()

    def __str__(self) -> str:
        if self.kind == "roll":
            return "roll:" + ",".join(str(d) for d in self.dice)
        if self.kind == "pass":
            return "pass"
        return ",".join(str(p) for p in self.parts)

    def __repr__(self) -> str:
        return f"SavoyMove.parse({str(self)!r})"

    @property
    def pips(self) -> int:
        return sum(p.steps * p.count for p in self.parts)

    def trips(self) -> list[tuple[str, str, str, int]]:
        """One (src, dst, via, steps) per moving piece (or per die under ``-trips=dice``)."""
        return [(p.src, p.dst, p.via, p.steps) for p in self.parts for _ in range(p.count)]

    @classmethod
    def turn(cls, parts: Iterable[Part]) -> "SavoyMove":
        return cls("turn", _group(parts))

    @classmethod
    def roll(cls, *dice: int) -> "SavoyMove":
        return cls("roll", dice=tuple(dice))

    @classmethod
    def parse(cls, text: str) -> "SavoyMove":
        """Read a move's text (any case); raises NotationError naming what is wrong."""
        return parse_move_text(text)


def parse_move_text(text: str, board: SavoyBoard = SAVOY_BOARD, ordered: bool = False) -> SavoyMove:
    """Read a move's text on `board` (any case); raises NotationError naming what is wrong.

    The parts of a turn are put in canonical order, unless `ordered`: then they stay as written (where
    the order of play changes the board, see `build_turns`), equal routes merged at their first place.
    """
    if not isinstance(text, str):
        raise NotationError(f"a move must be text, not {type(text).__name__}", "notation")
    word = "".join(text.split()).lower()
    if not word:
        raise NotationError("an empty move: write parts like a4-c4,g4-h4, a roll like roll:3,5, or pass",
                            "notation")
    if word == "pass":
        return PASS_MOVE
    if word.startswith("roll"):
        match = _ROLL_RE.match(word)
        if not match:
            raise NotationError(f"{quote(text)} is not a roll: write it as roll:3,5 (two dice, 1 to 6)",
                                "notation")
        values = match.group(1).split(",")
        most = max(board.seats)
        if len(values) != 2 and not 2 <= len(values) <= most:
            raise NotationError(f"{quote(text)}: a roll is two dice, as in roll:3,5"
                                + (f", or one die per player for the opening roll ({most} at most)"
                                   if most > 2 else ""), "notation")
        dice = tuple(whole_number(d) or 0 for d in values)
        for d in dice:
            if not 1 <= d <= 6:
                raise NotationError(f"{quote(text)}: a die shows 1 to 6, not {show_number(d)}", "notation")
        return SavoyMove("roll", dice=dice)
    pieces = word.split(",")
    if len(pieces) > MAX_TRIPS:
        raise NotationError(f"{quote(text)} has {len(pieces)} parts: {TRIPS_LIMIT}", "notation")
    parts = []
    for piece in pieces:
        match = _PART_RE.match(piece)
        if not match:
            raise NotationError(
                f"{quote(piece or text)} is not a {board.title} move: write from-to cells (a4-c4), parts separated by "
                "commas (a4-c4,g4-h4), several pieces on one route as 3xg7-j7, or pass",
                "notation",
            )
        count_text, src, dst, quals = match.groups()
        count = whole_number(count_text) if count_text else 1
        if not count or count < 1:
            raise NotationError(f"{quote(piece)}: the number of pieces must be at least 1", "notation")
        if count > MAX_TRIPS:
            raise NotationError(f"{quote(piece)} moves {show_number(count)} pieces: {TRIPS_LIMIT}", "notation")
        for cell in (src, dst):
            _check_cell(cell, piece, board)
        via, steps = "", 0
        for qual in filter(None, quals.split("/")):
            if qual.isdigit():
                if steps:
                    raise NotationError(f"{quote(piece)} gives the number of steps twice", "notation")
                steps = whole_number(qual) or 0
                if not 1 <= steps <= MAX_STEPS:
                    raise NotationError(
                        f"{quote(piece)}: a route has 1 to {MAX_STEPS} steps (four dice of 6 at most)", "notation")
            else:
                _check_cell(qual, piece, board)
                if via:
                    raise NotationError(f"{quote(piece)} gives the direction twice", "notation")
                if board.cell_id[qual] not in board.ray_by_first[board.cell_id[src]]:
                    raise NotationError(
                        f"{quote(piece)}: {qual} is not next to {src} along the path, so it cannot name a "
                        f"direction (from {src} a piece can step to "
                        f"{_names(board.ray_by_first[board.cell_id[src]], board)})",
                        "notation")
                via = qual
        if src == dst and not steps:
            raise NotationError(f"{quote(piece)} does not move: the two cells are the same", "notation")
        parts.append(Part(src, dst, via, steps, count, bool(via), bool(steps)))
    if sum(p.count for p in parts) > MAX_TRIPS:
        raise NotationError(f"{quote(text)} moves {sum(p.count for p in parts)} pieces: {TRIPS_LIMIT}",
                            "notation")
    return SavoyMove("turn", _group(parts, ordered))


PASS = SavoyMove("pass")
PASS_MOVE = PASS


def _check_cell(cell: str, context: str, board: SavoyBoard = SAVOY_BOARD) -> None:
    if cell not in board.cell_id:
        if board is SAVOY_BOARD:
            where = ("the path runs a4 ... j4, k5, l6, l7, l8, k9, j10, i9, h8 ... h3, g2, f1, e2, d3, d4, d5, e6, "
                     "f7 ... o7")
        else:
            where = (f"columns a-{chr(ord('a') + board.width - 1)}, rows 1-{board.height}; the strands run "
                     + "; ".join(f"{strand[0]} ... {strand[-1]}" for strand in board.strands))
        raise NotationError(
            f"{quote(context)}: there is no cell {excerpt(cell)} on the {board.title} board ({where})", "off_board")


def _names(cells: Iterable[int], board: SavoyBoard = SAVOY_BOARD) -> str:
    return ", ".join(sorted((board.cells[c] for c in cells), key=cell_key))


def _group(parts: Iterable[Part], ordered: bool = False) -> tuple[Part, ...]:
    """Merge equal routes into one part with a count; canonical order (if `ordered`: the order given, only
    runs of one route merged)."""
    if ordered:
        runs: list[Part] = []
        for p in parts:
            if runs and (runs[-1].src, runs[-1].dst, runs[-1].via, runs[-1].steps) == (p.src, p.dst, p.via, p.steps):
                last = runs[-1]
                runs[-1] = Part(p.src, p.dst, p.via, p.steps, last.count + p.count, last.show_via or p.show_via,
                                last.show_steps or p.show_steps)
            else:
                runs.append(p)
        return tuple(runs)
    counts: dict[Part, int] = {}
    flags: dict[Part, tuple[bool, bool]] = {}
    for p in parts:
        key = Part(p.src, p.dst, p.via, p.steps)
        counts[key] = counts.get(key, 0) + p.count
        old = flags.get(key, (False, False))
        flags[key] = (old[0] or p.show_via, old[1] or p.show_steps)
    grouped = [Part(k.src, k.dst, k.via, k.steps, n, *flags[k]) for k, n in counts.items()]
    grouped.sort(key=Part.sort_key)
    return tuple(grouped)


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
    def stacks(self) -> "Stacks":
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


# --------------------------------------------------------------------------- turn generation
def _budget(dice: tuple[int, ...]) -> tuple[int, ...]:
    """How many dice of each value (values in increasing order), as `_dice_uses` counts them."""
    values = sorted(set(dice))
    return tuple(dice.count(v) for v in values)


@lru_cache(maxsize=None)
def _dice_uses(dice: tuple[int, ...], per_die: bool) -> tuple[tuple[tuple[int, ...], int, tuple[tuple[int, ...], ...]], ...]:
    """Ways one piece can use some of `dice`: (dice counts used per distinct value, length,
    alternative lists of intermediate stops)."""
    values = tuple(sorted(set(dice)))
    have = tuple(dice.count(v) for v in values)
    uses = []
    if len(values) == 1:
        d = values[0]
        for k in range(1, (1 if per_die else have[0]) + 1):
            stops = (tuple(d * j for j in range(1, k)),) if k > 1 else ()
            uses.append(((k,), k * d, stops))
    else:
        a, b = values
        uses.append(((1, 0), a, ()))
        uses.append(((0, 1), b, ()))
        if not per_die:
            uses.append(((1, 1), a + b, ((a,), (b,))))
    return tuple(uses)


@dataclass(frozen=True, slots=True)
class Trip:
    """One piece's trip: from `src` along ray `ray` of that cell for `length` steps."""

    src: int
    ray: int
    length: int
    dst: int
    used: tuple[int, ...]  # dice used, counted per distinct die value

    @property
    def via(self) -> int:
        """The first cell stepped onto (on Savoy's board; elsewhere ``board.rays[src][ray][2][0]``)."""
        return RAYS[self.src][self.ray][2][0]


def _trips_from(c: int, land: Sequence[bool], uses: tuple, check_stops: bool,
                rays: Sequence[Sequence[tuple[int, int, tuple[int, ...]]]] = RAYS,
                ) -> Iterator[tuple[int, int, int, tuple[int, ...]]]:
    """(ray, length, dst, dice used) of every trip from cell c legal on its own (see trip_options)."""
    for r, (_, _, ray) in enumerate(rays[c]):
        n = len(ray)
        for used, length, stop_sets in uses:
            if length > n:
                continue
            dst = ray[length - 1]
            if not land[dst] or dst == c:  # blocked, or circling back (a null move)
                continue
            if check_stops and stop_sets and not any(
                    all(land[ray[s - 1]] for s in stops) for stops in stop_sets):
                continue
            yield r, length, dst, used


def trip_options(cells: Sequence[int], me: int, dice: tuple[int, ...], mode: str,
                 land: Sequence[bool] | None = None, sources: Iterable[int] | None = None,
                 board: SavoyBoard = SAVOY_BOARD) -> list[Trip]:
    """Every single trip of one piece of colour `me` (in Savoy, the player) with some of the dice, legal on
    its own."""
    stacks = stacks_of(board)
    land = stacks.landable(cells, me) if land is None else land
    uses = _dice_uses(dice, mode == "dice")
    check_stops = mode == "checked"
    free = stacks.free
    return [Trip(c, r, length, dst, used)
            for c in (range(len(cells)) if sources is None else sources) if free(cells[c], me)
            for r, length, dst, used in _trips_from(c, land, uses, check_stops, board.rays)]


# ROUTE_NUMBER[cell][ray][length - 1]: the trip's number; ROUTES[number] = (src, dst, via, length)
# (Savoy's board; every board numbers its routes so, see SavoyBoard)
ROUTE_NUMBER, ROUTES = SAVOY_BOARD.route_number, SAVOY_BOARD.routes
# 8 ** cell. A turn has at most 4 trips, so the sum of WEIGHT[dst] - WEIGHT[src] over them (base 8,
# digits -4..4) is zero only when the cells left and the cells reached are the same: the board is unchanged
WEIGHT: tuple[int, ...] = SAVOY_BOARD.weight
_PARTS: dict[tuple[SavoyBoard, int, int, bool, bool], tuple[Part, str]] = {}


def _part(number: int, count: int, show_via: bool, show_steps: bool,
          board: SavoyBoard = SAVOY_BOARD) -> tuple[Part, str]:
    """The Part for `count` pieces on route `number` and its text (shared: parts are frozen values)."""
    key = (board, number, count, show_via, show_steps)
    entry = _PARTS.get(key)
    if entry is None:
        src, dst, via, length = board.routes[number]
        cells = board.cells
        part = Part(cells[src], cells[dst], cells[via], length, count, show_via, show_steps)
        entry = _PARTS[key] = (part, str(part))
    return entry


# A turn found by the generators: (route numbers in notation order, pips, pieces brought home, whether a
# route is taken more than once)
_Found = tuple[tuple[int, ...], int, int, bool]


def _turns_per_piece(cells: Sequence[int], me: int, dice: tuple[int, ...], mode: str,
                     land: Sequence[bool], board: SavoyBoard = SAVOY_BOARD) -> list[_Found]:
    """Every board-changing multiset of trips of colour `me`, one per piece, the dice allow (readings
    checked/jump)."""
    free_of = stacks_of(board).free
    movable = [free_of(v, me) for v in cells]
    return _multisets(_piece_trips(cells, me, dice, mode, land, movable, board), movable, dice)


# A trip as `_multisets` takes it: (route number, source, dice cost, length, change of the board's weight,
# change of the pieces home)
_TripEntry = tuple[int, int, int, int, int, int]


def _piece_trips(cells: Sequence[int], me: int, dice: tuple[int, ...], mode: str, land: Sequence[bool],
                 movable: Sequence[int], board: SavoyBoard) -> list[_TripEntry]:
    """The trips of colour `me` from the cells where it has `movable` pieces, landing where `land` allows,
    sorted by route number."""
    uses = _dice_uses(dice, False)
    check_stops = mode == "checked"
    double = len(set(dice)) == 1
    homes = board.homes[me]
    route_number, weight, rays = board.route_number, board.weight, board.rays
    return sorted(
        (route_number[c][r][length - 1], c, used[0] if double else used[0] | used[1] << 1, length,
         weight[dst] - weight[c], (dst in homes) - (c in homes))
        for c in range(len(cells)) if movable[c]
        for r, length, dst, used in _trips_from(c, land, uses, check_stops, rays))


def _multisets(trips: Sequence[_TripEntry], movable: Sequence[int], dice: tuple[int, ...],
               keep_unchanged: bool = False) -> list[_Found]:
    """Every multiset of `trips` (sorted by route number), at most `movable[c]` leaving cell c, that the
    dice pay for; only those changing the board unless `keep_unchanged`.

    The dice left are one number: how many of a double (or the one opening die), or for two different
    dice a bit mask (1: the smaller, 2: the larger), so a trip's cost is subtracted from it either way.
    Trips are taken in the order of their numbers, so each multiset is met once, already sorted.
    """
    double = len(set(dice)) == 1
    start = len(dice) if double else 3
    # fitting[left] = indices of the trips the dice left can pay for
    fitting = [[i for i, t in enumerate(trips) if (t[2] <= left if double else not t[2] & ~left)]
               for left in range(start + 1)]
    found: list[_Found] = []

    def extend(first: int, left: int, last_src: int, run: int, pips: int, change: int, home: int,
               chosen: tuple[int, ...], repeated: bool) -> None:
        row = fitting[left]
        for i in row[bisect_left(row, first):]:
            number, src, cost, length, delta, gain = trips[i]
            if src != last_src:
                moved = 1  # the trips of one cell are consecutive: count the pieces leaving it
            elif run < movable[src]:
                moved = run + 1
            else:
                continue
            again = repeated or i == first and run > 0
            combo = chosen + (number,)
            p, ch, h = pips + length, change + delta, home + gain
            if ch or keep_unchanged:
                found.append((combo, p, h, again))
            if left > cost:
                extend(i, left - cost, src, moved, p, ch, h, combo, again)

    extend(0, start, -1, 0, 0, 0, 0, (), False)
    return found


def _turns_per_die(cells: Sequence[int], me: int, dice: tuple[int, ...], land: Sequence[bool],
                   need: int, board: SavoyBoard = SAVOY_BOARD) -> list[_Found]:
    """Reading ``-trips=dice``: every board-changing multiset of one-die steps of any piece (pieces may
    move again) that can be played in some order, each die once, stopping once `need` more pieces are
    home (the game is won).

    A multiset's board and dice left do not depend on the order its steps were played in, so each is
    expanded once (`seen`, keyed by a sum of one base-8 digit per step).
    """
    values = sorted(set(dice))
    double = len(values) == 1
    costs = ((values[0], 1),) if double else ((values[0], 1), (values[1], 2))
    homes = board.homes[me]
    route_number, weight, rays = board.route_number, board.weight, board.rays
    free_of = stacks_of(board).free
    free = [free_of(v, me) for v in cells]
    steps: dict[tuple[int, int], list[tuple[int, int, int, int, int]]] = {}
    digits: dict[int, int] = {}
    seen: set[int] = set()
    found: list[_Found] = []
    played: list[int] = []

    def steps_from(c: int, d: int) -> list[tuple[int, int, int, int, int]]:
        out = steps.get((c, d))
        if out is None:
            out = steps[(c, d)] = []
            for r, length, dst, _ in _trips_from(c, land, _dice_uses((d,), True), False, rays):
                number = route_number[c][r][length - 1]
                digit = digits.setdefault(number, 1 << (3 * len(digits)))
                out.append((digit, number, dst, weight[dst] - weight[c], (dst in homes) - (c in homes)))
        return out

    def extend(key: int, left: int, pips: int, change: int, home: int, repeated: bool, where: list[int]) -> None:
        for d, cost in costs:
            if not (cost <= left if double else cost & left):
                continue
            rest = left - cost
            for c in where:
                if not free[c]:
                    continue
                for digit, number, dst, delta, gain in steps_from(c, d):
                    k = key + digit
                    if k in seen:
                        continue
                    seen.add(k)
                    again = repeated or number in played
                    played.append(number)
                    p, ch, h = pips + d, change + delta, home + gain
                    if ch:
                        found.append((tuple(sorted(played)), p, h, again))
                    if rest and h < need:
                        free[c] -= 1
                        free[dst] += 1
                        extend(k, rest, p, ch, h, again, where if dst in where else where + [dst])
                        free[c] += 1
                        free[dst] -= 1
                    played.pop()

    extend(0, len(dice) if double else 3, 0, 0, 0, False, [c for c in range(len(cells)) if free[c]])
    return found


class TurnTable:
    """The legal moves of one state, with what parsing and explaining need (built when first asked)."""

    def __init__(self, moves: list[SavoyMove], max_pips: int, winning: int) -> None:
        self.moves = moves
        self.max_pips = max_pips  # the most pips a board-changing turn can use (0: must pass)
        self.winning = winning  # how many legal moves win at once

    @cached_property
    def members(self) -> set[SavoyMove]:
        return set(self.moves)

    @cached_property
    def by_cells(self) -> dict[tuple, list[SavoyMove]]:
        by_cells: dict[tuple, list[SavoyMove]] = {}
        for m in self.moves:
            by_cells.setdefault(_cells_key(m), []).append(m)
        return by_cells


def _minus_count(item: tuple[int, int]) -> int:
    return -item[1]


def _cells_key(move: SavoyMove) -> tuple:
    return tuple(sorted((p.src, p.dst) for p in move.parts for _ in range(p.count)))


_T = TypeVar("_T")


# Work done in small units: a generator yielding (None) between units and returning its result. Listing
# the turns of a two-colour seat (Savoya for two) can take most of a second on a spread-out double, so
# `build_turn_steps` does it in units of well under a millisecond that a frame loop can spread over frames
# (`SavoyGame.prepare`); `build_turns` runs them all at once.
Steps = Generator[None, None, _T]
#: units of work (trips tried, multisets played, turns written) between two yields
UNIT = 64
#: the same for work a thousand times lighter (a turn looked at, not played)
BIG_UNIT = 1024


def run_steps(steps: Steps[_T]) -> _T:
    """The result of `steps`, run to the end at once."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value


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


def _legal_found(cells: tuple[int, ...], colour: int, dice: tuple[int, ...], rules: SavoyRules,
                 need: int) -> tuple[list[_Found], int]:
    """The legal board-changing turns of a one-colour seat (those using the most pips a turn can, and those
    bringing the `need` pieces still out home: they win), and that most."""
    board = rules.board
    land = stacks_of(board).landable(cells, colour)
    if rules.trips == "dice":
        found = _turns_per_die(cells, colour, dice, land, need, board)
    else:
        found = _turns_per_piece(cells, colour, dice, rules.trips, land, board)
    best = max((pips for _, pips, _, _ in found), default=0)
    return [turn for turn in found if turn[1] == best or turn[2] == need], best


def turn_boards(cells: tuple[int, ...], me: int, dice: tuple[int, ...], rules: SavoyRules,
                ) -> tuple[list[tuple[int, ...]], bool]:
    """The distinct boards the legal turns of seat `me` (one colour) with `dice` lead to, and whether one of
    them wins: what a search needs of the turns, without writing them in notation (a third faster than
    `build_turns`). No boards: the seat must pass."""
    board = rules.board
    colours = rules.seats[me]
    if len(colours) != 1:
        raise ValueError("turn_boards lists the turns of a one-colour seat")
    colour = colours[0]
    home, total = _home_count(cells, me, rules.pinned_away, board, colours)
    need = total - home
    legal, _ = _legal_found(cells, colour, dice, rules, need)
    routes = board.routes
    apply = stacks_of(board).apply
    moved: set[tuple[tuple[int, int], ...]] = set()
    boards: dict[tuple[int, ...], None] = {}
    winning = False
    for numbers, _, gain, _ in legal:
        winning = winning or gain == need
        net: dict[int, int] = {}
        for number in numbers:
            src, dst = routes[number][:2]
            net[src] = net.get(src, 0) - 1
            net[dst] = net.get(dst, 0) + 1
        key = tuple(sorted(net.items()))
        if key not in moved:
            moved.add(key)
            boards[apply(cells, colour, net)] = None
    return list(boards), winning


# A legal turn to write: (route numbers, sorted unless the order of play matters, whether they are written
# in that order, whether a route is taken more than once, whether the turn wins)
_Legal = tuple[tuple[int, ...], bool, bool, bool]


def _assemble(legal: Sequence[_Legal], best: int, board: SavoyBoard) -> Steps[TurnTable]:
    """The table of the `legal` turns, written in notation and sorted by their text."""
    routes = board.routes
    # routes that compete for the same from-to decide what the text of their parts must say
    rivals: dict[tuple[int, int], list[int]] = {}
    used: set[int] = set()
    for k, (numbers, _, _, _) in enumerate(legal):
        if k % BIG_UNIT == 0:
            yield
        used.update(numbers)
    for number in used:
        src, dst, _, _ = routes[number]
        rivals.setdefault((src, dst), []).append(number)
    show = {n: _route_flags({(routes[m][2], routes[m][3]) for m in numbers})
            for numbers in rivals.values() for n in numbers}
    text_of = {n: _part(n, 1, *flags, board)[1] for n, flags in show.items()}.__getitem__
    part_of = {n: _part(n, 1, *flags, board)[0] for n, flags in show.items()}.__getitem__
    texts: list[str] = []
    parts: list[tuple[Part, ...]] = []
    winning = 0
    for k, (numbers, ordered, repeated, won) in enumerate(legal):
        if k % UNIT == 0:
            yield
        winning += won
        if not repeated:
            texts.append(",".join(map(text_of, numbers)))
            parts.append(tuple(map(part_of, numbers)))
            continue
        # several pieces on one route make one part with a count, written first (the numbers are sorted)
        pairs = _grouped_parts(numbers, show, board, ordered)
        texts.append(",".join([text for _, text in pairs]))
        parts.append(tuple([part for part, _ in pairs]))
    order = sorted(range(len(texts)), key=texts.__getitem__)
    moves: list[SavoyMove] = []
    for k in range(0, len(order), BIG_UNIT):
        yield
        moves += [SavoyMove("turn", parts[i]) for i in order[k:k + BIG_UNIT]]
    return TurnTable(moves, best, winning)


def _grouped_parts(numbers: Sequence[int], show: Mapping[int, tuple[bool, bool]], board: SavoyBoard,
                   ordered: bool) -> list[tuple[Part, str]]:
    """The parts (and texts) of a turn's routes: pieces on one route make one part with a count, written
    first; if `ordered`, the routes stay in their order and only runs of one route are merged."""
    if ordered:
        runs: list[list[int]] = []
        for n in numbers:
            if runs and runs[-1][0] == n:
                runs[-1][1] += 1
            else:
                runs.append([n, 1])
        return [_part(n, k, *show[n], board) for n, k in runs]
    counts: dict[int, int] = {}
    for n in numbers:
        counts[n] = counts.get(n, 0) + 1
    items = sorted(counts.items(), key=_minus_count)
    return [_part(n, k, *show[n], board) for n, k in items]


def _build_turns_in_order(cells: tuple[int, ...], colours: Sequence[int], dice: tuple[int, ...], rules: SavoyRules,
                          home: int, total: int) -> Steps[TurnTable]:
    """`build_turns` for a seat moving several colours (Savoya's two players): the trips are played one
    after another, each on the board the earlier ones left, since one colour's moves change where the
    other may land ("differently coloured" blocks and pins, even the same player's).

    A turn is the multiset of its trips, legal when some order of play is; its text lists the parts in
    canonical order when every legal order leaves the same board, and otherwise once per board it can
    leave, in an order of play that leaves it (so `a-x,b-x` and `b-x,a-x` are two moves when the
    second piece to land pins the first)."""
    board = rules.board
    slow = rules.trips == "dice" or _self_pinned(cells, colours, board)
    if slow:
        found = yield from _turns_in_order_steps(cells, colours, dice, rules.trips, rules.pinned_away, board, home,
                                                 total)
    else:
        found = yield from _turns_mixed(cells, colours, dice, rules.trips, rules.pinned_away, board, total)
    best = max((pips for _, _, pips, _, _ in found), default=0)
    boards: dict[tuple[int, ...], list[tuple[tuple[int, ...], Any, bool]]] = {}
    legal: list[_Legal] = []
    for k, (sequence, multiset, pips, won, result) in enumerate(found):
        if k % BIG_UNIT == 0:
            yield
        if pips == best or won:
            if result is None:  # one board whatever the order
                legal.append((multiset, False, len(set(multiset)) < len(multiset), won))
            else:
                boards.setdefault(multiset, []).append((sequence, result, won))
    for k, (multiset, ways) in enumerate(boards.items()):
        if k % BIG_UNIT == 0:
            yield
        repeated = len(set(multiset)) < len(multiset)
        if len(ways) == 1 or len({result for _, result, _ in ways}) == 1:
            legal.append((multiset, False, repeated, ways[0][2]))
        else:  # each board's turn in its first order by route number (as both generators find them)
            legal += [(sequence, True, True, won) for sequence, _, won in ways]
    return (yield from _assemble(legal, best, board))


# (route numbers in the order played, the same sorted, pips, whether the turn wins, the board after it (or
# what tells it from the other boards the same trips can leave), None when it follows from the parts alone,
# whatever their order)
_Played = tuple[tuple[int, ...], tuple[int, ...], int, bool, Any]


def _self_pinned(cells: Sequence[int], colours: Sequence[int], board: SavoyBoard) -> bool:
    """Whether a piece of one of `colours` is pinned under another of them (then the pinner's leaving
    frees it during the turn, which `_turns_mixed` does not follow)."""
    layers = stacks_of(board).layers
    for v in cells:
        if v:
            top, _, pinned = layers(v)
            if pinned is not None and top in colours and pinned in colours:
                return True
    return False


def _turns_mixed(cells: tuple[int, ...], colours: Sequence[int], dice: tuple[int, ...], mode: str,
                 pinned_away: bool, board: SavoyBoard, total: int) -> Steps[list[_Played]]:
    """`_turns_in_order`'s turns (readings checked and jump, no piece of the seat pinned under another of
    its colours) found the fast way: the multisets of trips of all the seat's colours, each trip legal
    on the starting board or on a cell one of the seat's other colours tops (which its leaving may open),
    as `_multisets` lists them; a multiset whose colours touch no cell in common is legal as it stands
    and leaves one board; the others are played in every order (`_orders`)."""
    stacks = stacks_of(board)
    layers = stacks.layers
    uses = {length: stop_sets for _, length, stop_sets in _dice_uses(dice, False)}
    rays, routes, weight, ray_by_first = board.rays, board.routes, board.weight, board.ray_by_first
    movable = [0] * len(cells)
    trips: list[_TripEntry] = []
    # route number -> (colour, source, the ray's cells, length, destination, cells its landings test,
    # legal on the starting board)
    info: dict[int, tuple[int, int, tuple[int, ...], int, int, list[int], bool]] = {}
    masks: dict[int, tuple[int, int, int, bool]] = {}
    for colour in colours:
        land = stacks.landable(cells, colour)
        opened = [ok or (v != 0 and layers(v)[0] in colours) for ok, v in zip(land, cells)]
        free = [stacks.free(v, colour) for v in cells]
        for c, n in enumerate(free):
            movable[c] += n
        now = {t[0] for t in _piece_trips(cells, colour, dice, mode, land, free, board)}
        for entry in _piece_trips(cells, colour, dice, mode, opened, free, board):
            number = entry[0]
            src, dst, via, length = routes[number]
            ray = rays[src][ray_by_first[src][via]][2]
            tested = [dst] + [ray[s - 1] for stops in uses[length] for s in stops]
            info[number] = (colour, src, ray, length, dst, tested, number in now)
            # the cells the trip changes, and those whose content matters to it (its landings and its
            # source), as bit masks: one bit per cell, the second colour's above the first's
            shift = len(cells) * colours.index(colour)
            moved = (1 << src | 1 << dst) << shift
            looked = (1 << src | sum(1 << c for c in set(tested))) << shift
            masks[number] = (moved, looked, weight[dst] - weight[src], number in now)
            trips.append(entry)
    trips.sort()
    span = len(cells)
    # pieces on their home cells, pinned or not: a turn can win only if it brings them all there (under
    # -pinnedaway the board it leaves then decides)
    placed = _home_count(cells, colours[0], False, board, colours)[0]
    low = (1 << span) - 1
    found: list[_Played] = []
    for k, (numbers, pips, gain, _) in enumerate(_multisets(trips, movable, dice, keep_unchanged=True)):
        if k % UNIT == 0:
            yield
        moved = looked = change = 0
        legal = True
        for n in numbers:
            m, k, w, ok = masks[n]
            moved |= m
            looked |= k
            change += w
            legal = legal and ok
        # crossed: one colour changes a cell the other leaves or lands on (else the trips are legal, and
        # leave the same board, in any order)
        if not (moved & low & looked >> span or moved >> span & looked & low):
            if legal and change:
                won = placed + gain == total
                if won and pinned_away:
                    after = cells
                    for n in numbers:
                        colour, src, _, _, dst, _, _ = info[n]
                        after = stacks.apply(after, colour, {src: -1, dst: 1})
                    won = _home_count(after, colours[0], True, board, colours)[0] == total
                found.append((numbers, numbers, pips, won, None))
            continue
        for changes, order in _orders(cells, numbers, info, mode, stacks, uses).items():
            if changes:  # the board changed
                won = placed + gain == total
                if won and pinned_away:
                    after = list(cells)
                    for c, v in changes:
                        after[c] = v
                    won = _home_count(after, colours[0], True, board, colours)[0] == total
                found.append((order, numbers, pips, won, changes))
    return found


@lru_cache(maxsize=None)
def _order_patterns(colours: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """The orders (as permutations of positions) worth playing for trips of these colours, given in
    route-number order: those whose neighbouring trips of one colour keep that order."""
    return tuple(perm for perm in permutations(range(len(colours)))
                 if all(a < b or colours[a] != colours[b] for a, b in zip(perm, perm[1:])))


def _orders(cells: tuple[int, ...], numbers: tuple[int, ...], info: Mapping[int, tuple], mode: str, stacks: Stacks,
            uses: Mapping[int, tuple[tuple[int, ...], ...]]) -> dict[tuple[int, ...], tuple[int, ...]]:
    """The boards the trips `numbers` can leave, played one after another in some order (each landing
    and each die's stop tested on the board then; a piece that has moved stays): the cells changed
    (cell, value), sorted -> the first order (by route numbers) that leaves them."""
    free, can_land = stacks.free, stacks.can_land
    check_stops = mode == "checked"
    results: dict[tuple[int, ...], tuple[int, ...]] = {}
    # trips of one colour played one straight after another commute (one colour's moves never change where
    # it may land): so an order whose neighbouring trips of one colour are out of route-number order is left
    # out, as it leaves the same board as the order with them swapped
    orders = sorted({tuple(numbers[i] for i in perm) for perm in _order_patterns(tuple(info[n][0] for n in numbers))})
    shift = stacks.shift
    for order in orders:
        now: dict[int, int] = {}  # the cells changed so far
        arrived: dict[tuple[int, int], int] = {}
        for n in order:
            colour, src, ray, length, dst, _, _ = info[n]
            at_src, at_dst = now.get(src, cells[src]), now.get(dst, cells[dst])
            if free(at_src, colour) <= arrived.get((src, colour), 0) or not can_land(at_dst, colour):
                break
            stop_sets = uses[length]
            if check_stops and stop_sets and not any(
                    all(can_land(now.get(ray[s - 1], cells[ray[s - 1]]), colour) for s in stops)
                    for stops in stop_sets):
                break
            now[src] = shift(at_src, colour, -1)
            now[dst] = shift(now.get(dst, cells[dst]), colour, 1)
            arrived[(dst, colour)] = arrived.get((dst, colour), 0) + 1
        else:
            results.setdefault(tuple(sorted((c, v) for c, v in now.items() if v != cells[c])), order)
    return results


class _MorePips(Exception):
    """Raised inside `_turns_in_order` when a turn using more pips than asked is found."""


def _turns_in_order(cells: tuple[int, ...], colours: Sequence[int], dice: tuple[int, ...], mode: str,
                    pinned_away: bool, board: SavoyBoard, home: int, total: int,
                    more_than: int | None = None) -> list[_Played]:
    """See `_turns_in_order_steps` (this runs it at once)."""
    return run_steps(_turns_in_order_steps(cells, colours, dice, mode, pinned_away, board, home, total, more_than))


def _turns_in_order_steps(cells: tuple[int, ...], colours: Sequence[int], dice: tuple[int, ...], mode: str,
                          pinned_away: bool, board: SavoyBoard, home: int, total: int,
                          more_than: int | None = None) -> Steps[list[_Played]]:
    """Every board-changing turn of a seat moving `colours`, its trips played one after another, each
    checked on the board the trips before it left: for each multiset of trips, one entry per board it
    can leave. Readings as in `_turns_per_piece` (checked, jump: one trip per piece; pieces that have
    moved stay) and `_turns_per_die` (dice: one die per step, a piece may move again, nothing after the
    turn has won). Also the slow but plain reference the tests hold the fast generators to.

    With `more_than`, it only looks for a board-changing turn using more pips than that, and raises
    `_MorePips` at the first (branches that cannot get there are cut off)."""
    stacks = stacks_of(board)
    free, can_land, apply = stacks.free, stacks.can_land, stacks.apply
    per_die = mode == "dice"
    check_stops = mode == "checked"
    double = len(set(dice)) == 1
    costed = [(used[0] if double else used[0] | used[1] << 1, length, stops)
              for used, length, stops in _dice_uses(dice, per_die)]
    rays, route_number, homes = board.rays, board.route_number, board.homes
    seen: set[tuple[tuple[int, ...], tuple[int, ...]]] = set()
    found: list[_Played] = []

    def count_home(board_cells: tuple[int, ...]) -> int:
        return _home_count(board_cells, colours[0], True, board, colours)[0]

    values = sorted(set(dice))

    def extend(now: tuple[int, ...], left: int, sequence: tuple[int, ...], pips: int, at_home: int,
               arrived: dict[tuple[int, int], int]) -> Steps[None]:
        if more_than is not None:  # the pips the dice left can add at most
            rest_pips = left * values[0] if double else (left & 1) * values[0] + (left >> 1 & 1) * values[-1]
            if pips + rest_pips <= more_than:
                return
        trips: list[tuple[int, int, int, int, int, int, int]] = []
        for c, v in enumerate(now):
            if not v:
                continue
            for rank, colour in enumerate(colours):
                if free(v, colour) <= (0 if per_die else arrived.get((c, colour), 0)):
                    continue
                for r, (_, _, ray) in enumerate(rays[c]):
                    for cost, length, stop_sets in costed:
                        if (cost > left if double else cost & ~left) or length > len(ray):
                            continue
                        dst = ray[length - 1]
                        if dst == c or not can_land(now[dst], colour):
                            continue
                        if check_stops and stop_sets and not any(
                                all(can_land(now[ray[s - 1]], colour) for s in stops) for stops in stop_sets):
                            continue
                        trips.append((route_number[c][r][length - 1], rank, c, colour, dst, cost, length))
        # in route-number order, so the first order of play met for a multiset and a board (the others
        # are cut off by `seen`) is its first by route numbers, the order a turn is written in
        trips.sort()
        yield
        for k, (number, _, c, colour, dst, cost, length) in enumerate(trips):
            if k % UNIT == UNIT - 1:
                yield
            played = sequence + (number,)
            multiset = tuple(sorted(played))
            after = apply(now, colour, {c: -1, dst: 1})
            if (multiset, after) in seen:
                continue
            seen.add((multiset, after))
            h = (count_home(after) if pinned_away
                 else at_home + (dst in homes[colour]) - (c in homes[colour]))
            won = h == total
            if after != cells:
                if more_than is not None and pips + length > more_than:
                    raise _MorePips
                found.append((played, multiset, pips + length, won, after))
            rest = left - cost
            if rest and not (per_die and won):
                moved = dict(arrived)
                moved[(dst, colour)] = moved.get((dst, colour), 0) + 1
                yield from extend(after, rest, played, pips + length, h, moved)

    yield from extend(cells, len(dice) if double else 3, (), 0, home, {})
    return found


def _route_flags(routes: set[tuple[int, int]]) -> tuple[bool, bool]:
    """Whether a part must show its direction and/or its steps, given the (first cell, steps) routes that
    compete for its two cells: the steps when they tell the routes apart, else the direction, else both."""
    if len(routes) == 1:
        return False, False
    if len({length for _, length in routes}) == len(routes):
        return False, True
    if len({via for via, _ in routes}) == len(routes):
        return True, False
    return True, True


def can_move(cells: tuple[int, ...], me: int, dice: tuple[int, ...], mode: str,
             board: SavoyBoard = SAVOY_BOARD) -> bool:
    """Whether colour `me` has any board-changing turn with `dice` (cheap: no full enumeration)."""
    if mode == "jump":  # a long trip may jump where no single die can land
        return bool(trip_options(cells, me, dice, mode, board=board))
    # With intermediate stops checked (or per die), a turn exists iff one die can be played.
    land = stacks_of(board).landable(cells, me)
    return any(trip_options(cells, me, (d,), mode, land, board=board) for d in sorted(set(dice)))


def dead_position(cells: tuple[int, ...], mode: str, board: SavoyBoard = SAVOY_BOARD) -> bool:
    """No player has a legal turn for any of the 21 rolls."""
    for me in range(len(board.colours)):
        for roll in ROLLS:
            dice = roll if roll[0] != roll[1] else roll * 2
            if can_move(cells, me, dice, mode, board):
                return False
    return True


# --------------------------------------------------------------------------- one turn checked alone
# Replaying a record or a save checks each turn by itself instead of building every legal turn of
# every position: a turn is legal when its trips are (`turn_is_legal`), and the most-pips rule only
# needs a search for a turn using more pips, which stops at the first it finds (`more_pips_possible`).
# The tests check that this agrees with `build_turns` on random positions.

TripKey = tuple[int, int, int]  # (source cell, ray of that cell, length)


def written_readings(move: SavoyMove, board: SavoyBoard = SAVOY_BOARD) -> list[tuple[TripKey, ...]]:
    """Every way to read a written turn as trips, one per moving piece: each part's route is any straight
    route from its source to its destination that fits the direction and steps it names."""
    per_piece: list[list[TripKey]] = []
    for p in move.parts:
        src, dst = board.cell_id[p.src], board.cell_id[p.dst]
        via = board.cell_id[p.via] if p.via else None
        routes = [(src, r, k + 1) for r, (_, _, ray) in enumerate(board.rays[src]) if via is None or ray[0] == via
                  for k, c in enumerate(ray) if c == dst and (not p.steps or k + 1 == p.steps)]
        per_piece += [routes] * p.count
    found: set[tuple[TripKey, ...]] = set()
    for choice in product(*per_piece):
        found.add(tuple(sorted(choice)))
    return sorted(found)


def turn_is_legal(cells: tuple[int, ...], me: int, dice: tuple[int, ...], rules: SavoyRules,
                  trips: Sequence[TripKey]) -> bool:
    """Whether the trips make a legal turn for seat `me` (moving one colour) with `dice`: the same verdict as
    `build_turns`."""
    board, colour = rules.board, rules.seats[me][0]
    stacks = stacks_of(board)
    mode = rules.trips
    per_die = mode == "dice"
    uses = {length: (used, stops) for used, length, stops in _dice_uses(dice, per_die)}
    land = stacks.landable(cells, colour)
    for src, r, length in trips:
        ray = board.rays[src][r][2]
        if length not in uses or length > len(ray):
            return False
        dst = ray[length - 1]
        if dst == src or not land[dst]:
            return False
        stop_sets = uses[length][1]
        if mode == "checked" and stop_sets and not any(all(land[ray[s - 1]] for s in stops) for stops in stop_sets):
            return False
    dsts = [board.rays[src][r][2][length - 1] for src, r, length in trips]
    if not trips or sorted(t[0] for t in trips) == sorted(dsts):
        return False  # the board would be unchanged
    home0, total = _home_count(cells, colour, rules.pinned_away, board)
    homes = board.homes[colour]
    if per_die:
        if not _dice_fit([t[2] for t in trips], dice, True) or not _steps_in_some_order(
                cells, colour, trips, home0, total, board):
            return False
    else:
        budget = list(_budget(dice))
        from_src: Counter[int] = Counter()
        for src, r, length in trips:
            from_src[src] += 1
            for k, n in enumerate(uses[length][0]):
                budget[k] -= n
        if any(b < 0 for b in budget) or any(n > stacks.free(cells[c], colour) for c, n in from_src.items()):
            return False
    pips = sum(t[2] for t in trips)
    wins = home0 + sum((d in homes) - (t[0] in homes) for t, d in zip(trips, dsts)) == total
    return pips == sum(dice) or wins or not more_pips_possible(cells, me, dice, rules, pips)


def _steps_in_some_order(cells: tuple[int, ...], me: int, trips: Sequence[TripKey], home: int, total: int,
                         board: SavoyBoard = SAVOY_BOARD) -> bool:
    """Reading -trips=dice: the steps can be made one after another, each by a piece standing on its source
    then (a piece may move again), and none after every piece is home."""
    homes = board.homes[me]
    stacks = stacks_of(board)
    for order in set(permutations(trips)):
        now, at_home, ok = cells, home, True
        for k, (src, r, length) in enumerate(order):
            if not stacks.free(now[src], me) or (k and at_home >= total):
                ok = False
                break
            dst = board.rays[src][r][2][length - 1]
            now = stacks.apply(now, me, {src: -1, dst: 1})
            at_home += (dst in homes) - (src in homes)
        if ok:
            return True
    return False


def more_pips_possible(cells: tuple[int, ...], me: int, dice: tuple[int, ...], rules: SavoyRules,
                       pips: int) -> bool:
    """Whether some board-changing turn uses more than `pips` pips (the search stops at the first found)."""
    return _search_turns(cells, me, dice, rules, lambda trips, used: used > pips and _changes(trips),
                         lambda used, left: used + left > pips)


def best_pips(cells: tuple[int, ...], me: int, dice: tuple[int, ...], rules: SavoyRules) -> int:
    """The most pips a board-changing turn can use (0 when none can be made)."""
    for pips in range(sum(dice), 0, -1):
        if more_pips_possible(cells, me, dice, rules, pips - 1):
            return pips
    return 0


def trip_in_a_legal_turn(cells: tuple[int, ...], me: int, dice: tuple[int, ...], rules: SavoyRules,
                         trip: TripKey) -> bool:
    """Whether some legal turn (board-changing, using the most pips or winning) includes `trip`."""
    best = best_pips(cells, me, dice, rules)
    colour = rules.seats[me][0]
    home0, total = _home_count(cells, colour, rules.pinned_away, rules.board)
    homes = rules.board.homes[colour]

    def accept(trips: list[Trip], used: int) -> bool:
        if not any((t.src, t.ray, t.length) == trip for t in trips) or not _changes(trips):
            return False
        return used == best or home0 + sum((t.dst in homes) - (t.src in homes) for t in trips) == total

    return _search_turns(cells, me, dice, rules, accept, forced=trip)


def _changes(trips: Sequence[Trip]) -> bool:
    return sorted(t.src for t in trips) != sorted(t.dst for t in trips)


def _search_turns(cells: tuple[int, ...], me: int, dice: tuple[int, ...], rules: SavoyRules,
                  accept: Callable[[list[Trip], int], bool],
                  hopeful: Callable[[int, int], bool] | None = None, forced: TripKey | None = None) -> bool:
    """Search the turns of `me` (as `build_turns` makes them, board-changing or not) for one that `accept`
    takes (given its trips and pips), stopping at the first. `hopeful(pips used, pips of the dice left)`
    may cut off a branch that cannot lead to one; `forced`, when given, is a trip every turn accepted must
    include (with one trip per piece, only the turns including it are searched). `me` is a seat moving one
    colour."""
    chosen: list[Trip] = []
    board, colour = rules.board, rules.seats[me][0]
    stacks = stacks_of(board)
    if rules.trips == "dice":
        land = stacks.landable(cells, colour)
        home0, total = _home_count(cells, colour, rules.pinned_away, board)
        homes = board.homes[colour]

        def step(now: tuple[int, ...], remaining: tuple[int, ...], home: int, used: int) -> bool:
            for d in sorted(set(remaining)):
                rest = list(remaining)
                rest.remove(d)
                for t in trip_options(now, colour, (d,), "dice", land, board=board):
                    chosen.append(t)
                    if accept(chosen, used + d):
                        return True
                    new_home = home + (t.dst in homes) - (t.src in homes)
                    if (rest and new_home < total and (hopeful is None or hopeful(used + d, sum(rest)))
                            and step(stacks.apply(now, colour, {t.src: -1, t.dst: 1}), tuple(rest), new_home,
                                     used + d)):
                        return True
                    chosen.pop()
            return False

        return (hopeful is None or hopeful(0, sum(dice))) and step(tuple(cells), dice, home0, 0)

    options = trip_options(cells, colour, dice, rules.trips, board=board)
    movable = {c: stacks.free(v, colour) for c, v in enumerate(cells) if stacks.free(v, colour)}
    values = sorted(set(dice))
    from_src: dict[int, int] = {}

    def extend(start: int, budget: tuple[int, ...], used: int) -> bool:
        if hopeful is not None and not hopeful(used, sum(n * v for n, v in zip(budget, values))):
            return False
        for i in range(start, len(options)):
            t = options[i]
            if any(n > b for n, b in zip(t.used, budget)) or from_src.get(t.src, 0) >= movable[t.src]:
                continue
            from_src[t.src] = from_src.get(t.src, 0) + 1
            chosen.append(t)
            if accept(chosen, used + t.length):
                return True
            rest = tuple(b - n for b, n in zip(budget, t.used))
            if any(rest) and extend(i, rest, used + t.length):
                return True
            chosen.pop()
            from_src[t.src] -= 1
        return False

    budget = _budget(dice)
    if forced is None:
        return extend(0, budget, 0)
    first = next((t for t in options if (t.src, t.ray, t.length) == forced), None)
    if first is None:
        return False
    from_src[first.src] = 1
    chosen.append(first)
    if accept(chosen, first.length):
        return True
    rest = tuple(b - n for b, n in zip(budget, first.used))
    return any(rest) and extend(0, rest, first.length)


# --------------------------------------------------------------------------- a turn of several colours
def _trip_keys(move: SavoyMove, board: SavoyBoard) -> list[TripKey]:
    """The trips of a resolved move (its parts know their routes), in the order written."""
    return [(board.cell_id[p.src], board.ray_by_first[board.cell_id[p.src]][board.cell_id[p.via]], p.steps)
            for p in move.parts for _ in range(p.count)]


def _in_written_order(move: SavoyMove, trips: Sequence[TripKey], board: SavoyBoard) -> tuple[TripKey, ...]:
    """The trips of one reading of `move` in the order its parts are written."""
    left = list(trips)
    order = []
    for p in move.parts:
        for _ in range(p.count):
            src, dst = board.cell_id[p.src], board.cell_id[p.dst]
            trip = next(t for t in left if t[0] == src and board.rays[src][t[1]][2][t[2] - 1] == dst)
            left.remove(trip)
            order.append(trip)
    return tuple(order)


def play_order(cells: tuple[int, ...], colours: Sequence[int], dice: tuple[int, ...], rules: SavoyRules,
               order: Sequence[TripKey]) -> tuple[int, ...] | None:
    """The board after the trips played in this order by a seat moving `colours`, each landing and each
    die's stop tested on the board then (a piece that has moved stays, except under ``-trips=dice``; there no
    step follows a win); None when the order is not legal."""
    board = rules.board
    stacks = stacks_of(board)
    per_die, check_stops = rules.trips == "dice", rules.trips == "checked"
    uses = {length: stop_sets for _, length, stop_sets in _dice_uses(dice, per_die)}
    now = cells
    arrived: dict[tuple[int, int], int] = {}
    total = _home_count(cells, colours[0], rules.pinned_away, board, colours)[1] if per_die else 0
    for k, (src, r, length) in enumerate(order):
        if length not in uses:
            return None
        colour = next((c for c in colours
                       if stacks.free(now[src], c) > (0 if per_die else arrived.get((src, c), 0))), None)
        ray = board.rays[src][r][2]
        if colour is None or length > len(ray):
            return None
        dst = ray[length - 1]
        if dst == src or not stacks.can_land(now[dst], colour) or check_stops and uses[length] and not any(
                all(stacks.can_land(now[ray[s - 1]], colour) for s in stops) for stops in uses[length]):
            return None
        if per_die and k and _home_count(now, colours[0], rules.pinned_away, board, colours)[0] == total:
            return None  # the game was won by the step before
        now = stacks.apply(now, colour, {src: -1, dst: 1})
        arrived[(dst, colour)] = arrived.get((dst, colour), 0) + 1
    return now


def all_orders(cells: tuple[int, ...], colours: Sequence[int], dice: tuple[int, ...], rules: SavoyRules,
               trips: Sequence[TripKey]) -> dict[tuple[int, ...], tuple[TripKey, ...]]:
    """The boards the trips can leave, played in some legal order: board -> the first such order (by route
    number), the order a turn whose boards differ is written in."""
    number = rules.board.route_number
    results: dict[tuple[int, ...], tuple[TripKey, ...]] = {}
    for order in sorted(set(permutations(trips)), key=lambda o: [number[s][r][n - 1] for s, r, n in o]):
        after = play_order(cells, colours, dice, rules, order)
        if after is not None:
            results.setdefault(after, order)
    return results


# --------------------------------------------------------------------------- game
#: the readings of unclear rules, the same for Savoy and Savoya
READING_OPTIONS = (
    ChoiceOption("steptall", "far", ("far", "near"),
                 "reading for -step: the tallest stack on the far end cell (far) or the nearest (near)"),
    ChoiceOption("trips", "checked", ("checked", "jump", "dice"),
                 "reading: checked = one straight trip per piece, every die's stop a legal landing; "
                 "jump = only the end of the trip counts; dice = each die a separate move (backgammon style)"),
    FlagOption("pinnedaway", "reading: a pinned piece on its home cell does not count as home (as in Plakoto)"),
)


class SavoyGame(Game[SavoyState, SavoyMove]):
    """Savoy's rules on a board of strands (`board`); Savoya (savoya.py) is the same game on its own
    board with more seats."""

    name = "savoy"
    title = "Savoy"
    summary = ("A dice race round a figure-of-eight: bring all your pieces home, pinning lone enemy pieces "
               "and jumping over blocks; crossings allow shortcuts.")
    designer = "Cameron Browne"
    players = PLAYERS
    board: SavoyBoard = SAVOY_BOARD
    has_chance = True
    OPTIONS = (
        IntOption("stack", DEFAULT_PIECES, 1, MAX_PIECES,
                  "pieces each, stacked on the cell farthest from their home (the default start)"),
        IntOption("even", 0, 0, MAX_PIECES,
                  "pieces each, spread evenly over the home area farthest from their home (0: not used); "
                  "a remainder goes to the farthest cells"),
        IntOption("step", 0, 0, MAX_PIECES,
                  "pieces each, in steps h, h+1, h+2 over the home area farthest from their home "
                  "(a multiple of 3; 0: not used)"),
        *READING_OPTIONS,
        IntOption("drawpasses", 10, 2, 1000, "house rule: the game is drawn after this many passes in a row"),
        IntOption("maxturns", 1000, 10, 100_000, "house rule: the game is drawn after this many turns"),
    )

    # random play wanders both ways and almost never finishes a default game: playouts use a shorter limit
    playout_options: Mapping[str, object] = {"maxturns": 40}

    #: how many turn tables `table` keeps (most recently used), and how many turns in all at most
    #: (besides the newest table): Savoya's two-colour tables can hold tens of thousands of turns, and every
    #: turn kept is an object each full garbage collection walks (with 16 such tables, 100-170 ms pauses)
    CACHED_TABLES = 16
    CACHED_TURNS = 8_000

    def __init__(self) -> None:
        self._cache: dict[tuple, TurnTable] = {}
        self._stacks = stacks_of(self.board)
        self._readings: dict[tuple[SavoyState, SavoyMove], list[SavoyMove]] = {}

    def dice(self, state: SavoyState) -> tuple[int, ...]:
        """The roll in force: one die for the opening move, two, or four for a double; empty when a roll
        is due."""
        return state.dice

    # -- options -----------------------------------------------------------------
    def check_options(self, values: Mapping[str, object] | None = None) -> dict[str, OptionValue]:
        checked = opts.validate(self.OPTIONS, values)
        setups = [name for name in ("even", "step") if checked[name]]
        if len(setups) > 1:
            raise OptionError("-even and -step are two different starts: give only one of them", "option_conflict")
        if setups and checked["stack"] != DEFAULT_PIECES:
            raise OptionError(f"-stack and -{setups[0]} are two different starts: give only one of them",
                              "option_conflict")
        if checked["step"] and int(checked["step"]) % 3:
            raise OptionError(
                f"option -step={checked['step']} cannot be spread in steps h, h+1, h+2 over three cells: "
                "use a multiple of 3 (3, 6, 9, 12, 15)", "option_range")
        return checked

    def seat_names(self, state: SavoyState) -> tuple[str, ...]:
        return self.board.seat_names(len(state.rules.seats))

    def _initial(self, options: dict[str, OptionValue]) -> SavoyState:
        board = self.board
        seats = board.seat_colours(self.player_count(options))
        rules = SavoyRules(tuple((spec.name, options[spec.name]) for spec in self.OPTIONS), board, seats)
        cells = [0] * len(board.cells)
        for colours in seats:
            for colour in colours:
                for name, height in zip(board.start_names[colour], start_heights(options)):
                    if height:
                        cells[board.cell_id[name]] = self._stacks.make(colour, height, None)
        return SavoyState(rules, tuple(cells))

    def options_of(self, state: SavoyState) -> dict[str, OptionValue]:
        return state.rules.as_dict()

    def position(self, layout: str, to_move: int | str = 0, dice: Sequence[int] = (),
                 options: Mapping[str, object] | None = None) -> SavoyState:
        """A position for tests and puzzles: ``"a4=RRRRR l7=R f7=LL d4=RL"`` (stacks bottom first;
        ``RL`` is R pinned under L), the player to move (a seat number, or its name: "R"/"L" in Savoy)
        and the dice in force (empty: a roll is due). Raises OptionError naming what is wrong."""
        rules = self.new(options).rules
        board = self.board
        cells = [0] * len(board.cells)
        for item in layout.split():
            name, eq, stack = item.partition("=")
            name = name.lower()
            if not eq or name not in board.cell_id:
                raise OptionError(f"{quote(item)}: write each stack as cell=letters, e.g. a4=RRR or d4=RL", "layout")
            cells[board.cell_id[name]] = self._stacks.value(stack, board.colours, item)
        seats = board.seat_names(len(rules.seats))
        if isinstance(to_move, str):
            names = [n.upper() for n in seats]
            if to_move.upper() not in names:
                raise OptionError(f"the player to move is {' or '.join(seats)}, not {quote(to_move)}", "layout")
            to_move = names.index(to_move.upper())
        elif not 0 <= to_move < len(seats):
            raise OptionError(f"the player to move is a seat from 0 to {len(seats) - 1}, not {to_move}", "layout")
        dice = tuple(dice)
        if dice and (len(dice) not in (1, 2, 4) or any(not 1 <= d <= 6 for d in dice)):
            raise OptionError(f"dice {dice} are not a roll: one die (opening), two, or a double as four", "layout")
        if len(dice) == 2 and dice[0] == dice[1]:
            dice = dice * 2
        return SavoyState(rules, tuple(cells), to_move, tuple(sorted(dice)), opening=False)

    # -- moves -------------------------------------------------------------------
    def is_chance(self, state: SavoyState) -> bool:
        return not state.over and not state.dice

    def random_chance(self, state: SavoyState, rng: random.Random) -> SavoyMove:
        if not self.is_chance(state):
            raise IllegalMoveError("no roll is due: the dice in force must be played first", "not_chance")
        if state.opening:  # one die per player
            return SavoyMove("roll", dice=tuple(rng.randrange(1, 7) for _ in state.rules.seats))
        a, b = rng.randrange(1, 7), rng.randrange(1, 7)
        return SavoyMove("roll", dice=(min(a, b), max(a, b)))

    def table(self, state: SavoyState) -> TurnTable:
        """The legal turns in a state where a player must move.

        Cached per board, player, dice and reading (not per state: a search meets the same board again
        at other turn counts, and after other turns), for the few most recently used (not more: a big
        table is many objects for the garbage collector to walk)."""
        return run_steps(self._table_steps(state))

    def prepare(self, state: SavoyState) -> Iterator[None]:
        """Builds the table of legal turns (`table`) in small units: a spread-out double of Savoya's
        two-colour seats has tens of thousands of turns, most of a second's work."""
        if not state.over and state.dice:
            yield from self._table_steps(state)

    def _table_steps(self, state: SavoyState) -> Steps[TurnTable]:
        rules = state.rules
        key = (state.cells, rules.seats[state.to_move], state.dice, rules.trips, rules.pinned_away)
        cache = self._cache
        table = cache.pop(key, None)
        if table is None:
            table = yield from build_turn_steps(state.cells, state.to_move, state.dice, rules)
            cache.pop(key, None)  # (built meanwhile by a call that did not wait for these steps)
            kept = sum(len(t.moves) for t in cache.values())
            while cache and (len(cache) >= self.CACHED_TABLES or kept > self.CACHED_TURNS):
                kept -= len(cache.pop(next(iter(cache))).moves)
        cache[key] = table  # most recent last
        return table

    def legal_moves(self, state: SavoyState) -> list[SavoyMove]:
        if state.over:
            return []
        if not state.dice:
            if state.opening:
                return [SavoyMove("roll", dice=dice) for dice in product(range(1, 7), repeat=len(state.rules.seats))]
            return [SavoyMove("roll", dice=roll) for roll in ROLLS]
        moves = self.table(state).moves
        return list(moves) if moves else [PASS]

    def parse_move(self, text: str, state: SavoyState) -> SavoyMove:
        move = parse_move_text(text, self.board, ordered=self._several_colours(state))
        if move.kind == "roll" and not state.opening and state.dice == ():
            return SavoyMove("roll", dice=tuple(sorted(move.dice)))
        if move.kind != "turn" or state.over or not state.dice:
            return move
        found = self.legal_readings(state, move)
        if len(found) == 1:
            return found[0]
        if len(found) > 1:
            listed = " or ".join(str(m) for m in found[:12]) + (" ..." if len(found) > 12 else "")
            raise AmbiguousMoveError(
                f"{quote(text.strip())} fits {len(found)} legal moves: {listed}; name the route by its number of "
                "steps and/or the first cell stepped onto (h4-h7/3, l7-d4/l6)", "ambiguous")
        return move  # not legal: apply() says why

    def legal_readings(self, state: SavoyState, move: SavoyMove) -> list[SavoyMove]:
        """The legal turns a written turn can mean in `state` (its routes filled in), each checked alone.

        A part names its route (``/l6``, ``/9``) where the text did, and where it must to tell routes
        apart: among several readings, as far as they differ; for a single one, as `legal_moves` writes it
        (the table of legal turns is consulted then, rarely: only when two routes join the same cells).
        """
        key = (state, move)
        if key in self._readings:  # parse_move then apply read the same move: check it once
            return self._readings[key]
        if self._several_colours(state):
            found = self._readings_alone(state, move)
            if found is None:
                found = self._table_readings(state, move)
            while len(self._readings) >= 16:
                self._readings.pop(next(iter(self._readings)))
            self._readings[key] = found
            if len(found) == 1:  # apply() will ask about the move as read
                self._readings[(state, found[0])] = found
            return found
        board = self.board
        cell_id, cells = board.cell_id, board.cells
        legal = [trips for trips in written_readings(move, board)
                 if turn_is_legal(state.cells, state.to_move, state.dice, state.rules, trips)]
        written = {(cell_id[p.src], cell_id[p.dst]): (bool(p.via), bool(p.steps)) for p in move.parts}
        if len(legal) == 1:
            show = {key: self._route_shown(state, key) for key in written}
        else:
            routes: dict[tuple[int, int], set[tuple[int, int]]] = {}
            for trips in legal:
                for src, r, length in trips:
                    ray = board.rays[src][r][2]
                    routes.setdefault((src, ray[length - 1]), set()).add((ray[0], length))
            show = {key: _route_flags(rs) for key, rs in routes.items()}
        found = []
        for trips in legal:
            parts = []
            for src, r, length in trips:
                ray = board.rays[src][r][2]
                key = (src, ray[length - 1])
                flags = (written[key][0] or show[key][0], written[key][1] or show[key][1])
                parts.append(Part(cells[src], cells[key[1]], cells[ray[0]], length, 1, *flags))
            found.append(SavoyMove("turn", _group(parts)))
        found.sort(key=str)
        while len(self._readings) >= 16:
            self._readings.pop(next(iter(self._readings)))
        self._readings[key] = found
        if len(found) == 1:  # apply() will ask about the move as read
            self._readings[(state, found[0])] = found
        return found

    def _several_colours(self, state: SavoyState) -> bool:
        """Whether the seat to move moves more than one colour (Savoya's two players)."""
        return len(state.rules.seats[state.to_move]) > 1

    def _table_readings(self, state: SavoyState, move: SavoyMove) -> list[SavoyMove]:
        """`legal_readings` for a seat moving several colours: the legal turns (from the table of them)
        whose parts fit the written ones. Where the order of play matters, a turn written in an order
        that is played is preferred to the same parts in another order."""
        table = self.table(state)
        if move in table.members:
            return [move]
        wanted = [_single(p) for p in move.parts for _ in range(p.count)]
        found = [m for m in table.by_cells.get(_cells_key(move), ()) if _parts_fit(m, wanted)]
        if len(found) > 1:
            order = [(p.src, p.dst) for p in wanted]
            same_order = [m for m in found if [(p.src, p.dst) for p in m.parts for _ in range(p.count)] == order]
            if same_order:
                found = same_order
        found.sort(key=str)
        return found
    def _route_shown(self, state: SavoyState, key: tuple[int, int]) -> tuple[bool, bool]:
        """How `legal_moves` writes a part from key[0] to key[1]: with its direction and/or steps when
        two routes there could each be part of a legal turn."""
        src, dst = key
        cells, me, dice, rules = state.cells, state.to_move, state.dice, state.rules
        rays = self.board.rays
        lengths = {length for _, length, _ in _dice_uses(dice, rules.trips == "dice")}
        routes = [(r, k + 1) for r, (_, _, ray) in enumerate(rays[src]) for k, c in enumerate(ray)
                  if c == dst and k + 1 in lengths]
        if len(routes) < 2:
            return False, False
        return _route_flags({(rays[src][r][2][0], length) for r, length in routes
                             if trip_in_a_legal_turn(cells, me, dice, rules, (src, r, length))})

    def resolve(self, state: SavoyState, move: SavoyMove) -> SavoyMove:
        """The legal move meant by `move` in `state`; raises IllegalMoveError (or AmbiguousMoveError)
        saying why it is refused."""
        if not isinstance(move, SavoyMove):
            raise IllegalMoveError(f"{quote(move)} is not a {self.title} move", "illegal")
        if state.over:
            raise IllegalMoveError(f"{move}: the game is over", "game_over")
        names = self.seat_names(state)
        if not state.dice:
            seats = len(state.rules.seats)
            if move.kind != "roll":
                who = (("both players" if seats == 2 else "every player") if state.opening
                       else names[state.to_move])
                raise IllegalMoveError(f"{move}: the dice must be rolled first ({who} to roll)", "roll_due")
            bad = any(not 1 <= d <= 6 for d in move.dice)
            if state.opening and seats != 2:
                if len(move.dice) != seats or bad:
                    raise IllegalMoveError(f"{move}: the opening roll is one die per player, {seats} dice from 1 to 6 "
                                           f"({', '.join(names)} in turn)", "bad_roll")
            elif len(move.dice) != 2 or bad:
                raise IllegalMoveError(f"{move}: a roll is two dice from 1 to 6", "bad_roll")
            return move if state.opening else SavoyMove("roll", dice=tuple(sorted(move.dice)))
        if move.kind == "roll":
            raise IllegalMoveError(
                f"{move}: the dice are already rolled ({_dice_text(state.dice)}); {names[state.to_move]} "
                "must move", "not_chance")
        if move.kind == "turn":
            found = self.legal_readings(state, move)
            if len(found) == 1:
                return found[0]
            if len(found) > 1:
                raise AmbiguousMoveError(
                    f"{move} fits {len(found)} legal moves: {' or '.join(str(m) for m in found[:12])}", "ambiguous")
        movable = self._can_move(state)
        if move.kind == "pass":
            if movable:
                raise IllegalMoveError(
                    f"pass: there is no voluntary passing and {names[state.to_move]} can move with "
                    f"{_dice_text(state.dice)}, e.g. {self.table(state).moves[0]}", "must_move")
            return PASS
        if not movable:
            raise IllegalMoveError(
                f"{move}: {names[state.to_move]} has no legal move with {_dice_text(state.dice)} and must pass",
                "must_pass")
        raise self.explain(state, move)

    def check_legal(self, state: SavoyState, move: SavoyMove) -> None:
        self.resolve(state, move)

    def apply(self, state: SavoyState, move: SavoyMove) -> SavoyState:
        return self._apply(state, self.resolve(state, move))

    def _apply(self, state: SavoyState, move: SavoyMove) -> SavoyState:
        rules = state.rules
        if move.kind == "roll":
            if state.opening:  # one die per seat: the highest moves first with that die, a tie rolls again
                high = max(move.dice)
                if move.dice.count(high) > 1:
                    return SavoyState(rules, state.cells, state.to_move, (), True, state.turns, state.passes,
                                      None, "", move.dice, move)
                first = move.dice.index(high)
                return SavoyState(rules, state.cells, first, (high,), False, state.turns, state.passes,
                                  None, "", move.dice, move)
            a, b = sorted(move.dice)
            dice = (a, a, a, a) if a == b else (a, b)
            return SavoyState(rules, state.cells, state.to_move, dice, False, state.turns, state.passes,
                              None, "", state.opening_roll, move)
        me = state.to_move
        turns = state.turns + 1
        seats = len(rules.seats)
        if move.kind == "pass":
            cells, passes = state.cells, state.passes + 1
        elif self._several_colours(state):
            cells, passes = self._play_turn(state, move), 0
        else:
            net: dict[int, int] = {}
            cell_id = self.board.cell_id
            for p in move.parts:
                src, dst = cell_id[p.src], cell_id[p.dst]
                net[src] = net.get(src, 0) - p.count
                net[dst] = net.get(dst, 0) + p.count
            cells, passes = self._stacks.apply(state.cells, rules.seats[me][0], net), 0
        winner, draw = None, ""
        if move.kind == "turn":
            # the mover wins when their last piece is home; under -pinnedaway a turn that frees another
            # player's piece pinned on its home can also complete that player's home (the next in turn first)
            for player in [(me + k) % seats for k in range(seats)] if rules.pinned_away else (me,):
                home, total = _home_count(cells, player, rules.pinned_away, self.board, rules.seats[player])
                if total and home == total:
                    winner = player
                    break
        if winner is None:
            if move.kind == "pass" and dead_position(cells, rules.trips, self.board):
                draw = ("house rule: dead position, neither player can move with any roll" if seats == 2 else
                        "house rule: dead position, no player can move with any roll")
            elif passes >= rules.draw_passes:
                draw = f"house rule: {passes} passes in a row"
            elif turns >= rules.max_turns:
                draw = f"house rule: the turn limit ({rules.max_turns} turns) is reached"
        return SavoyState(rules, cells, (me + 1) % seats, (), False, turns, passes, winner, draw, state.opening_roll,
                          move)

    def _play_turn(self, state: SavoyState, move: SavoyMove) -> tuple[int, ...]:
        """The board after a legal turn of a seat moving several colours: its parts played in the order
        written if that order is legal (a turn whose order matters is written in an order that leaves its
        board), else in the first legal order (every legal order of such a turn leaves the same board)."""
        trips = tuple(_trip_keys(move, self.board))
        rules = state.rules
        colours = rules.seats[state.to_move]
        after = play_order(state.cells, colours, state.dice, rules, trips)
        if after is not None:
            return after
        for after in all_orders(state.cells, colours, state.dice, rules, trips):
            return after
        raise IllegalMoveError(f"{move}: its parts cannot be played in any order", "order")

    def _readings_alone(self, state: SavoyState, move: SavoyMove) -> list[SavoyMove] | None:
        """`legal_readings` for a seat moving several colours, the written turn checked alone (no table of
        every turn): its routes, played in some order, must be legal; where orders leave different boards
        the written order decides; then no turn may use more pips, unless this one wins. None when the
        table must decide after all: several readings, or a part whose cells two routes join (its text
        then depends on the other legal turns)."""
        board, rules = self.board, state.rules
        cells, me, dice = state.cells, state.to_move, state.dice
        colours = rules.seats[me]
        readings = written_readings(move, board)
        per_die = rules.trips == "dice"
        lengths = {length for _, length, _ in _dice_uses(dice, per_die)}
        legal: list[tuple[tuple[TripKey, ...], tuple[TripKey, ...] | None]] = []
        for trips in readings:
            if not _dice_fit([length for _, _, length in trips], dice, per_die):
                continue
            results = all_orders(cells, colours, dice, rules, trips)
            results.pop(cells, None)  # the turn must change the board
            if not results:
                continue
            order = None
            if len(results) > 1:  # the order of play matters: the written one decides
                written = _in_written_order(move, trips, board)
                after = play_order(cells, colours, dice, rules, written)
                if after is None or after == cells:
                    return None
                order = results[after]
                results = {after: order}
            (after, _), = results.items()
            pips = sum(length for _, _, length in trips)
            home, total = _home_count(after, me, rules.pinned_away, board, colours)
            if pips < sum(dice) and home != total:
                start_home, _ = _home_count(cells, me, rules.pinned_away, board, colours)
                try:
                    _turns_in_order(cells, colours, dice, rules.trips, rules.pinned_away, board, start_home, total,
                                    more_than=pips)
                except _MorePips:
                    continue
            legal.append((trips, order))
        if len(legal) != 1:
            return None if len(legal) > 1 else []
        trips, order = legal[0]
        for src, r, length in trips:  # two routes joining a part's cells: its text needs the table
            dst = board.rays[src][r][2][length - 1]
            if sum(1 for _, _, ray in board.rays[src] for k, c in enumerate(ray) if c == dst and k + 1 in lengths) > 1:
                return None
        written = {(board.cell_id[p.src], board.cell_id[p.dst]): (p.show_via, p.show_steps) for p in move.parts}
        parts = []
        for src, r, length in (order or trips):
            ray = board.rays[src][r][2]
            parts.append(Part(board.cells[src], board.cells[ray[length - 1]], board.cells[ray[0]], length, 1,
                              *written[(src, ray[length - 1])]))
        return [SavoyMove("turn", _group(parts, ordered=order is not None))]

    def _can_move(self, state: SavoyState) -> bool:
        """Whether the seat to move has a board-changing turn with the dice in force."""
        rules = state.rules
        return any(can_move(state.cells, colour, state.dice, rules.trips, self.board)
                   for colour in rules.seats[state.to_move])

    # -- explaining refusals ---------------------------------------------------------
    def explain(self, state: SavoyState, move: SavoyMove) -> IllegalMoveError:
        """Why a turn that is not among the legal moves is refused."""
        me, rules = state.to_move, state.rules
        board, stacks = self.board, self._stacks
        cell_id, cells, rays, letters = board.cell_id, board.cells, board.rays, board.colours
        colours = rules.seats[me]
        dice = state.dice
        mode = rules.trips
        table = self.table(state)
        # each part moves a piece of the seat's colour on top of its source (the seat's first colour if none)
        colour_of = {p.src: next((c for c in colours if stacks.free(state.cells[cell_id[p.src]], c)), colours[0])
                     for p in move.parts}
        lands = {c: stacks.landable(state.cells, c) for c in colours}
        sources = Counter(p.src for p in move.parts for _ in range(p.count))
        for src, n in sources.items():
            v = state.cells[cell_id[src]]
            colour = colour_of[src]
            who = letters[colour]
            free = stacks.free(v, colour)
            if not free:
                pinned = next((c for c in colours if stacks.pieces(v, c)[1]), None)
                if pinned is not None:
                    top = stacks.layers(v)[0]
                    return IllegalMoveError(f"{move}: the {letters[pinned]} piece on {src} is pinned by "
                                            f"{letters[top]} and cannot move until every piece on top has left",
                                            "pinned")
                if any(p.dst == src for p in move.parts):
                    return IllegalMoveError(
                        f"{move}: no {who} piece is on {src} at the start of the turn, and a piece makes one trip "
                        "a turn (it cannot stop and go on in another part)", "one_trip")
                return IllegalMoveError(f"{move}: there is no {who} piece on {src}", "no_piece")
            if n > free and mode != "dice":
                return IllegalMoveError(
                    f"{move}: {n} pieces leave {src} but only {free} {who} piece{'s' if free > 1 else ''} "
                    f"can move from there (each piece makes one trip a turn)", "too_many")
        lengths = sorted({length for _, length, _ in _dice_uses(dice, mode == "dice")})
        chosen: list[int] = []
        for p in move.parts:
            src, dst = cell_id[p.src], cell_id[p.dst]
            land = lands[colour_of[p.src]]
            routes = [(r, k + 1) for r, (_, _, ray) in enumerate(rays[src]) for k, c in enumerate(ray) if c == dst
                      and (not p.via or ray[0] == cell_id[p.via]) and (not p.steps or k + 1 == p.steps)]
            label = f"{p.src}-{p.dst}"
            if not routes:
                if any(c == dst for ray in rays[src] for c in ray):
                    return IllegalMoveError(f"{move}: no route from {p.src} to {p.dst} fits {quote(str(p))}",
                                            "no_route")
                return IllegalMoveError(
                    f"{move}: {p.dst} is not on a straight line from {p.src}: a piece keeps one direction for its "
                    "whole trip and may not turn at a crossing", "no_route")
            fitting = [(r, n) for r, n in routes if n in lengths]
            if not fitting:
                steps = " or ".join(str(n) for n in sorted({n for _, n in routes}))
                plural = "" if steps == "1" else "s"
                why = ""
                if min(n for _, n in routes) > max(lengths):
                    why = " (a piece keeps one direction for its whole trip and may not turn at a crossing)"
                return IllegalMoveError(
                    f"{move}: {label} is {steps} step{plural} along the path, but with {_dice_text(dice)} a piece "
                    f"moves {_or_list(lengths)} steps{why}", "dice")
            if not land[dst]:
                return IllegalMoveError(
                    f"{move}: {p.dst} holds {stacks.text(state.cells[dst], letters)}: a piece may not land on a "
                    f"stack of two or more topped by {'the other' if len(letters) == 2 else 'another'} colour "
                    "(it may jump over it)", "blocked")
            good = None
            for r, n in fitting:
                ray = rays[src][r][2]
                if mode != "checked":
                    good = n
                    break
                stop_sets = [s for u, length, s in _dice_uses(dice, False) if length == n][0]
                if not stop_sets or any(all(land[ray[s - 1]] for s in stops) for stops in stop_sets):
                    good = n
                    break
            if good is None:
                r, n = fitting[0]
                ray = rays[src][r][2]
                stops = sorted({s for u, length, sets in _dice_uses(dice, False) if length == n
                                for ss in sets for s in ss})
                blocked = ", ".join(f"{cells[ray[s - 1]]} (after {s})" for s in stops if not land[ray[s - 1]])
                return IllegalMoveError(
                    f"{move}: {label} would stop on a blocked cell where a die ends: {blocked}; each die's stop "
                    "must be a legal landing", "blocked_stop")
            chosen.extend([good] * p.count)
        if not _dice_fit(chosen, dice, mode == "dice"):
            return IllegalMoveError(
                f"{move}: the parts need {'+'.join(str(n) for n in chosen)} pips, more than the roll "
                f"{_dice_text(dice)} gives (each die is used whole, once)", "too_many_pips")
        srcs = sorted(p.src for p in move.parts for _ in range(p.count))
        dsts = sorted(p.dst for p in move.parts for _ in range(p.count))
        if srcs == dsts:
            return IllegalMoveError(
                f"{move}: the turn must change the board (a piece may not circle back or swap places)", "no_change")
        pips = sum(chosen)
        if pips < table.max_pips:
            return IllegalMoveError(self._max_pips_reason(state, move, pips, table), "max_pips")
        if mode == "dice":
            return IllegalMoveError(
                f"{move}: the steps cannot be played one die at a time in any order (a piece must be on the cell "
                "when its step begins)", "order")
        return IllegalMoveError(f"{move} is not a legal move here", "illegal")

    def _max_pips_reason(self, state: SavoyState, move: SavoyMove, pips: int, table: TurnTable) -> str:
        dice = state.dice
        best = table.max_pips
        example = next((m for m in table.moves if m.pips == best), table.moves[0])
        if len(set(dice)) == 2 and best == max(dice) and pips == min(dice):
            return (f"{move}: only one die can be played, so it must be the larger ({max(dice)}), e.g. {example}")
        return (f"{move} uses {pips} pips, but {best} can be used with {_dice_text(dice)} and the most possible "
                f"must be used, e.g. {example}")

    # -- helpers for a scene building a turn part by part ---------------------------
    def continuations(self, state: SavoyState, chosen: Sequence[Part]) -> list[Part]:
        """Single-piece parts that extend the `chosen` single-piece parts towards a legal move."""
        if state.over or not state.dice:
            return []
        want = Counter(_single(p) for p in chosen)
        nxt: set[Part] = set()
        for m in self.table(state).moves:
            have = Counter(_single(p) for p in m.parts for _ in range(p.count))
            if all(have[k] >= n for k, n in want.items()):
                for k in have - want:
                    nxt.add(k)
        return sorted(nxt, key=Part.sort_key)

    def completed(self, state: SavoyState, chosen: Sequence[Part]) -> SavoyMove | None:
        """The legal move made of exactly the `chosen` parts, if it is one."""
        if state.over or not state.dice:
            return None
        move = SavoyMove("turn", _group(_single(p) for p in chosen))
        in_order = SavoyMove("turn", _group((_single(p) for p in chosen), ordered=True))
        table = self.table(state)
        for m in table.by_cells.get(_cells_key(move), ()):
            if m == move or m == in_order:
                return m
        return None

    def dice_used(self, state: SavoyState, parts: Sequence[Part]) -> tuple[list[tuple[int, ...]], tuple[int, ...]]:
        """Which dice each piece's trip in `parts` uses, and the dice left (for showing a turn)."""
        left = list(state.dice)
        per: list[tuple[int, ...]] = []
        for p in parts:
            for _ in range(p.count):
                use = _take(left, p.steps)
                if use is None:
                    raise IllegalMoveError(f"{p}: the dice {_dice_text(state.dice)} do not cover it", "dice")
                for d in use:
                    left.remove(d)
                per.append(use)
        return per, tuple(left)

    def after(self, state: SavoyState, parts: Sequence[Part]) -> tuple[int, ...]:
        """The board after some single-piece parts of a turn in progress (for drawing it), played in order."""
        board, stacks = self.board, self._stacks
        colours = state.rules.seats[state.to_move]
        if len(colours) == 1:
            net: dict[int, int] = {}
            for p in parts:
                net[board.cell_id[p.src]] = net.get(board.cell_id[p.src], 0) - p.count
                net[board.cell_id[p.dst]] = net.get(board.cell_id[p.dst], 0) + p.count
            return stacks.apply(state.cells, colours[0], net)
        cells = state.cells
        for p in parts:
            src, dst = board.cell_id[p.src], board.cell_id[p.dst]
            colour = next((c for c in colours if stacks.free(cells[src], c)), colours[0])
            cells = stacks.apply(cells, colour, {src: -p.count, dst: p.count})
        return cells

    # -- who and how ---------------------------------------------------------------
    def to_move(self, state: SavoyState) -> int | None:
        return None if state.over or not state.dice else state.to_move

    def outcome(self, state: SavoyState) -> Outcome | None:
        if state.winner is not None:
            _, total = _home_count(state.cells, state.winner, False, self.board, state.rules.seats[state.winner])
            name = self.seat_names(state)[state.winner]
            return Outcome(state.winner, f"{name} has all {total} piece{'s' if total > 1 else ''} home")
        if state.draw:
            return Outcome(None, state.draw)
        return None

    def scores(self, state: SavoyState) -> tuple[int, ...]:
        """Pieces home per player."""
        rules = state.rules
        return tuple(_home_count(state.cells, p, rules.pinned_away, self.board, colours)[0]
                     for p, colours in enumerate(rules.seats))

    def _per_seat(self, state: SavoyState, table: Sequence[Sequence[int]]) -> tuple[int, ...]:
        pieces = self._stacks.pieces
        return tuple(sum(pieces(v, colour)[0] * table[colour][c] for colour in colours
                         for c, v in enumerate(state.cells) if v)
                     for colours in state.rules.seats)

    def pips(self, state: SavoyState) -> tuple[int, ...]:
        """Fewest pips each player still needs to bring every piece home (changing direction between turns)."""
        return self._per_seat(state, self.board.home_distance)

    def colour_pips(self, state: SavoyState) -> dict[int, int]:
        """Fewest pips each colour in play still needs to bring its pieces home (by colour number)."""
        pieces, distance = self._stacks.pieces, self.board.home_distance
        return {colour: sum(pieces(v, colour)[0] * distance[colour][c] for c, v in enumerate(state.cells) if v)
                for colours in state.rules.seats for colour in colours}

    def pip_counts(self, state: SavoyState) -> tuple[int, ...]:
        """pbmserv's pip count: the path still to run to the far end, summed (234 each at the start in Savoy)."""
        return self._per_seat(state, self.board.path_pips)

    def leader(self, state: SavoyState) -> int | None:
        result = self.outcome(state)
        if result is not None:
            return result.winner
        pips = self.pips(state)
        best = min(pips)
        return pips.index(best) if pips.count(best) == 1 else None

    # -- presentation ---------------------------------------------------------------
    def render_text(self, state: SavoyState) -> str:
        board, stacks = self.board, self._stacks
        letters = board.colours
        at = {board.grid[name]: c for c, name in enumerate(board.cells)}
        lines = ["     " + "".join(f"{chr(ord('a') + x):<4}" for x in range(board.width))]
        for row in range(board.height, 0, -1):
            body = ""
            for x in range(board.width):
                c = at.get((x, row))
                if c is None:
                    body += "    "
                    continue
                top, k, pinned = stacks.layers(state.cells[c])
                if top is None:
                    body += ".   "
                else:
                    mark = f"{letters[top]}{k}" + (letters[pinned].lower() if pinned is not None else "")
                    body += f"{mark:<4}"
            lines.append(f"{row:>3}  {body.rstrip()}")
        lines.append("     " + "".join(f"{chr(ord('a') + x):<4}" for x in range(board.width)))
        counts = self._colour_pip_counts(state)
        homes = "   ".join(f"{letters[c]} home: {' '.join(board.home_names[c])} (pips {counts[c]})"
                           for colours in state.rules.seats for c in colours)
        if board is SAVOY_BOARD:  # Savoy's order, R then L
            homes = "   ".join(f"{letters[c]} home: {' '.join(board.home_names[c])} (pips {counts[c]})" for c in (0, 1))
        lines.append(f"{homes}   {letters[0]}3 = three {letters[0]} pieces; {letters[1]}1{letters[0].lower()} = "
                     f"{letters[1]} pinning an {letters[0]} piece")
        if len(letters) > 2 and len(state.rules.seats) == 2:
            lines.append("Gold moves R and L, Silver moves T and B")
        lines.append(self._status(state))
        return "\n".join(lines)

    def _colour_pip_counts(self, state: SavoyState) -> dict[int, int]:
        pieces, path_pips = self._stacks.pieces, self.board.path_pips
        return {colour: sum(pieces(v, colour)[0] * path_pips[colour][c] for c, v in enumerate(state.cells) if v)
                for colours in state.rules.seats for colour in colours}

    def _status(self, state: SavoyState) -> str:
        names = self.seat_names(state)
        result = self.outcome(state)
        if result is not None:
            return "Game over: " + ("draw" if result.is_draw else f"{names[result.winner]} wins") + f" ({result.reason})"
        if state.opening and not state.dice:
            if len(names) == 2:
                tie = f" (tie {state.opening_roll[0]}-{state.opening_roll[1]}, roll again)" if state.opening_roll else ""
                return "Opening roll: one die each, the higher moves first" + tie
            tie = (f" (tie {'-'.join(map(str, state.opening_roll))}, roll again)" if state.opening_roll else "")
            return f"Opening roll: one die each ({', '.join(names)}), the highest moves first" + tie
        if not state.dice:
            return f"{names[state.to_move]} to roll"
        return f"{names[state.to_move]} to move with {_dice_text(state.dice)}"

    def roll_note(self, state: SavoyState) -> str | None:
        """A sentence when the dice in force cannot all be used (or not at all), for the scene."""
        if state.over or not state.dice:
            return None
        table = self.table(state)
        dice = state.dice
        total = sum(dice)
        who = self.seat_names(state)[state.to_move]
        if not table.moves:
            return f"{who} cannot move with {_dice_text(dice)}: no piece has a legal landing, so {who} must pass"
        if table.max_pips >= total:
            return None
        if len(set(dice)) == 2 and table.max_pips == max(dice):
            return f"Only one die can be played, so {who} must play the larger ({max(dice)})"
        if len(set(dice)) == 2 and table.max_pips == min(dice):
            return f"Only the {min(dice)} can be played: the {max(dice)} has no legal landing"
        return f"Only {table.max_pips} of the {total} pips can be used: the rest have no legal landing"

    def details(self, state: SavoyState) -> dict[str, Any]:
        board, stacks = self.board, self._stacks
        names = self.seat_names(state)
        pips = self.pips(state)
        counts = self.pip_counts(state)
        home = self.scores(state)
        if state.over:
            phase = "over"
        elif not state.dice:
            phase = "opening roll" if state.opening else "roll"
        else:
            phase = "move"
        info: dict[str, Any] = {
            "phase": phase,
            "dice": list(state.dice),
            "opening_roll": list(state.opening_roll),
            "to_roll": None if phase not in ("roll",) else names[state.to_move],
            "pips_to_home": dict(zip(names, pips)),
            "pip_count": dict(zip(names, counts)),
            "home": dict(zip(names, home)),
            "stacks": {board.cells[c]: stacks.text(v, board.colours) for c, v in enumerate(state.cells) if v},
            "pinned": sorted((board.cells[c] for c, v in enumerate(state.cells) if stacks.layers(v)[2] is not None),
                             key=cell_key),
            "turns": state.turns,
            "passes_in_a_row": state.passes,
            "turn_limit": state.rules.max_turns,
            "reading": state.rules.trips,
        }
        if board is not SAVOY_BOARD:
            info["seats"] = {name: [board.colours[c] for c in colours]
                             for name, colours in zip(names, state.rules.seats)}
            info["pip_count_by_colour"] = {board.colours[c]: n for c, n in self._colour_pip_counts(state).items()}
            info["pips_to_home_by_colour"] = {board.colours[c]: n for c, n in self.colour_pips(state).items()}
            info["pass_limit"] = state.rules.draw_passes
        if phase == "move":
            table = self.table(state)
            info["max_pips"] = table.max_pips
            info["must_pass"] = not table.moves
            info["note"] = self.roll_note(state)
        return info


def start_heights(options: Mapping[str, OptionValue]) -> list[int]:
    """Heights on the three start cells, farthest from home first."""
    if options["even"]:
        n = int(options["even"])
        return [n // 3 + (1 if i < n % 3 else 0) for i in range(3)]
    if options["step"]:
        h = (int(options["step"]) - 3) // 3
        heights = [h + 2, h + 1, h]
        return heights if options["steptall"] == "far" else heights[::-1]
    return [int(options["stack"]), 0, 0]


def _single(p: Part) -> Part:
    return Part(p.src, p.dst, p.via, p.steps, 1, p.show_via, p.show_steps)


def _parts_fit(move: SavoyMove, wanted: Sequence[Part]) -> bool:
    """Whether `move`'s pieces can be matched one to one with the written single-piece parts `wanted` (same
    cells, and the route's first cell and steps where written)."""
    have = [_single(p) for p in move.parts for _ in range(p.count)]

    def match(i: int, free: list[Part]) -> bool:
        if i == len(wanted):
            return True
        w = wanted[i]
        for k, h in enumerate(free):
            if (h.src, h.dst) == (w.src, w.dst) and (not w.via or w.via == h.via) and (
                    not w.steps or w.steps == h.steps) and match(i + 1, free[:k] + free[k + 1:]):
                return True
        return False

    return len(have) == len(wanted) and match(0, have)


def _take(dice: list[int], steps: int) -> tuple[int, ...] | None:
    """Dice from `dice` adding up to `steps` (one die, or equal dice, or the two dice)."""
    if steps in dice:
        return (steps,)
    if len(set(dice)) == 1 and dice and steps % dice[0] == 0 and steps // dice[0] <= len(dice):
        return (dice[0],) * (steps // dice[0])
    if len(dice) == 2 and sum(dice) == steps:
        return tuple(dice)
    return None


def _dice_fit(lengths: list[int], dice: tuple[int, ...], per_die: bool) -> bool:
    left = list(dice)
    for n in sorted(lengths, reverse=True):
        use = _take(left, n) if not per_die else ((n,) if n in left else None)
        if use is None:
            return False
        for d in use:
            left.remove(d)
    return True


def _dice_text(dice: Sequence[int]) -> str:
    if len(dice) == 4:
        return f"double {dice[0]}"
    return "-".join(str(d) for d in dice) if len(dice) > 1 else f"a {dice[0]}"


def _or_list(values: Sequence[int]) -> str:
    values = [str(v) for v in values]
    return values[0] if len(values) == 1 else ", ".join(values[:-1]) + " or " + values[-1]


SAVOY = SavoyGame()
