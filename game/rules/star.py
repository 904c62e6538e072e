"""Star (Craige Schensted), as played on pbmserv (Cameron Browne, 2003), and Maxi-Star.

Board and readings: ../shared/specs/star.md. Stones are placed on a hexagon of
hexagonal cells whose sides alternate long (n cells) and short (n-1 cells).
Each chain touching the edge scores the number of distinct external cells
(the ring just outside the board) it touches, minus two.

>>> str(StarMove.parse("f6"))
'F6'
>>> StarMove.parse("pass")
StarMove.parse('pass')
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Literal

from .base import Game, Outcome
from .errors import IllegalMoveError, NotationError
from .reading import quote
from .options import FlagOption, IntOption, OptionValue

EMPTY, X_STONE, O_STONE = 0, 1, 2
PLAYERS = ("X", "O")
MIN_SIZE, MAX_SIZE, DEFAULT_SIZE = 3, 14, 6
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"

_CELL_RE = re.compile(r"^([A-Za-z])([0-9]{1,2})$")


# --------------------------------------------------------------------------- moves
@dataclass(frozen=True, slots=True)
class StarMove:
    """A Star move: place a stone on `cell` (``"F6"``), ``pass`` or ``swap``."""

    kind: Literal["place", "pass", "swap"]
    cell: str | None = None

    def __str__(self) -> str:
        return self.cell if self.kind == "place" and self.cell else self.kind

    def __repr__(self) -> str:
        return f"StarMove.parse({str(self)!r})"

    @classmethod
    def place(cls, cell: str) -> "StarMove":
        return cls.parse(cell)

    @classmethod
    def parse(cls, text: str) -> "StarMove":
        """Read ``F6`` (any case), ``pass`` or ``swap``; raises NotationError."""
        if not isinstance(text, str):
            raise NotationError(f"a move must be text, not {type(text).__name__}", "notation")
        word = text.strip()
        if word.lower() in ("pass", "swap"):
            return cls(word.lower())  # type: ignore[arg-type]
        match = _CELL_RE.match(word)
        if not match:
            raise NotationError(
                f"{quote(text)} is not a Star move: write a cell as a column letter and a row number (F6), "
                "or pass, or swap",
                "notation",
            )
        letter, row = match.groups()
        if int(row) < 1 or row != str(int(row)):
            raise NotationError(f"{quote(text)}: rows are numbered from 1", "notation")
        return cls("place", letter.upper() + row)


PASS = StarMove("pass")
SWAP = StarMove("swap")


# --------------------------------------------------------------------------- board
@dataclass(frozen=True)
class StarBoard:
    """Geometry of the size-n board: cells, neighbours and the external ring.

    Cell i sits at lattice position ``xy[i] = (x, r)``: row r from 1 at the top,
    x in half-cell steps; neighbours are (x±2, r) and (x±1, r±1).
    """

    size: int
    names: tuple[str, ...]
    xy: tuple[tuple[int, int], ...]
    neighbours: tuple[tuple[int, ...], ...]
    externals: tuple[tuple[int, ...], ...]  # external-cell ids each board cell touches
    external_xy: tuple[tuple[int, int], ...]
    index: dict[str, int] = field(repr=False)

    @property
    def cell_count(self) -> int:
        return len(self.names)

    @property
    def rows(self) -> int:
        return 2 * self.size - 2

    @property
    def columns(self) -> int:
        return 2 * self.size - 2

    def cells_of_row(self, row: int) -> list[int]:
        return [i for i, (_, r) in enumerate(self.xy) if r == row]


def row_length(n: int, row: int) -> int:
    return n - 2 + row if row <= n else 3 * n - 2 - row


def row_start(n: int, row: int) -> int:
    return 1 - row if row <= n else row - 2 * n + 1


@lru_cache(maxsize=None)
def board(n: int) -> StarBoard:
    if not MIN_SIZE <= n <= MAX_SIZE:
        raise ValueError(f"Star boards have sizes {MIN_SIZE}..{MAX_SIZE}, not {n}")
    xy: list[tuple[int, int]] = []
    names: list[str] = []
    for r in range(1, 2 * n - 1):
        for k in range(row_length(n, r)):
            x = row_start(n, r) + 2 * k
            xy.append((x, r))
            names.append(LETTERS[(x - r + 2 * n - 1) // 2] + str(r))
    at = {pos: i for i, pos in enumerate(xy)}
    steps = ((2, 0), (-2, 0), (1, 1), (-1, 1), (1, -1), (-1, -1))
    neighbours = []
    outside: dict[tuple[int, int], int] = {}
    touching: list[tuple[int, ...]] = []
    for x, r in xy:
        near, ext = [], []
        for dx, dr in steps:
            pos = (x + dx, r + dr)
            if pos in at:
                near.append(at[pos])
            else:
                ext.append(outside.setdefault(pos, len(outside)))
        neighbours.append(tuple(near))
        touching.append(tuple(ext))
    external_xy = tuple(sorted(outside, key=outside.__getitem__))
    return StarBoard(n, tuple(names), tuple(xy), tuple(neighbours), tuple(touching), external_xy,
                     {name: i for i, name in enumerate(names)})


# --------------------------------------------------------------------------- state
@dataclass(frozen=True, slots=True)
class StarState:
    """A Star position. `cells` holds EMPTY, X_STONE or O_STONE per cell of `board(size)`.

    `swapped` is true once the second player has taken the opening stone with
    ``swap``: colours stay on the board, the people behind them change seats.
    """

    size: int = DEFAULT_SIZE
    maxi: bool = False
    cells: tuple[int, ...] = ()
    to_move: int = 0
    passes: int = 0
    ply: int = 0
    swapped: bool = False
    last: StarMove | None = None

    @property
    def over(self) -> bool:
        return self.passes >= 2

    @property
    def board(self) -> StarBoard:
        return board(self.size)

    def stone(self, name: str) -> int:
        return self.cells[self.board.index[name.upper()]]


@dataclass(frozen=True)
class Chain:
    player: int
    cells: tuple[int, ...]
    externals: int

    @property
    def score(self) -> int:
        return self.externals - 2 if self.externals else 0


def chains(state: StarState) -> list[Chain]:
    """Every chain on the board, each with the number of distinct external cells it touches."""
    geo = state.board
    seen = [False] * geo.cell_count
    found = []
    for start, stone in enumerate(state.cells):
        if stone == EMPTY or seen[start]:
            continue
        seen[start] = True
        stack, members, ext = [start], [], set()
        while stack:
            cell = stack.pop()
            members.append(cell)
            ext.update(geo.externals[cell])
            for other in geo.neighbours[cell]:
                if not seen[other] and state.cells[other] == stone:
                    seen[other] = True
                    stack.append(other)
        found.append(Chain(stone - 1, tuple(sorted(members)), len(ext)))
    return found


def chain_scores(state: StarState) -> tuple[list[int], list[int]]:
    """Each player's chain scores, best first (chains that score nothing included)."""
    per: tuple[list[int], list[int]] = ([], [])
    for chain in chains(state):
        per[chain.player].append(chain.score)
    for scores in per:
        scores.sort(reverse=True)
    return per


# --------------------------------------------------------------------------- game
class StarGame(Game[StarState, StarMove]):
    name = "star"
    title = "Star"
    summary = "Place stones on a hex board; chains touching the edge score. Maxi-Star counts your best chain."
    designer = "Craige Schensted (Maxi-Star: R. Wayne Schmittberger)"
    players = PLAYERS
    OPTIONS = (
        IntOption("size", DEFAULT_SIZE, MIN_SIZE, MAX_SIZE, "cells along each of the three long sides"),
        FlagOption("maxi", "Maxi-Star: a player's score is their best chain"),
    )

    def _initial(self, options: dict[str, OptionValue]) -> StarState:
        size = int(options["size"])
        return StarState(size=size, maxi=bool(options["maxi"]), cells=(EMPTY,) * board(size).cell_count)

    def options_of(self, state: StarState) -> dict[str, OptionValue]:
        return {"size": state.size, "maxi": state.maxi}

    # -- moves ---------------------------------------------------------------------
    def can_swap(self, state: StarState) -> bool:
        return state.ply == 1 and not state.over and isinstance(state.last, StarMove) and state.last.kind == "place"

    def legal_moves(self, state: StarState) -> list[StarMove]:
        if state.over:
            return []
        placements = _placements(state.size)
        moves = [placements[i] for i, stone in enumerate(state.cells) if stone == EMPTY]
        moves.append(PASS)
        if self.can_swap(state):
            moves.append(SWAP)
        return moves

    def parse_move(self, text: str, state: StarState) -> StarMove:
        move = StarMove.parse(text)
        if move.kind == "place" and move.cell not in state.board.index:
            raise NotationError(
                f"there is no cell {move.cell} on a size-{state.size} board ({_board_extent(state.size, move.cell)})",
                "off_board",
            )
        return move

    def check_legal(self, state: StarState, move: StarMove) -> None:
        if state.over:
            raise IllegalMoveError(f"{move}: the game is over (both players passed)", "game_over")
        if move.kind == "swap":
            if not self.can_swap(state):
                why = "no stone was placed on the first move" if state.ply == 1 else "only the second move of the game may be a swap"
                raise IllegalMoveError(f"swap is not allowed here: {why}", "swap_not_allowed")
        elif move.kind == "place":
            index = state.board.index.get(move.cell or "")
            if index is None:
                raise IllegalMoveError(
                    f"there is no cell {move.cell} on a size-{state.size} board ({_board_extent(state.size, move.cell)})",
                    "off_board",
                )
            if state.cells[index] != EMPTY:
                raise IllegalMoveError(f"{move.cell} is already taken by {PLAYERS[state.cells[index] - 1]}", "occupied")

    def _apply(self, state: StarState, move: StarMove) -> StarState:
        cells, passes, swapped, to_move = state.cells, 0, state.swapped, 1 - state.to_move
        if move.kind == "place":
            index = state.board.index[move.cell or ""]
            cells = cells[:index] + (state.to_move + 1,) + cells[index + 1 :]
        elif move.kind == "pass":
            passes = state.passes + 1
        else:
            # The swapper takes over the opening stone and its colour; the other
            # person now plays O and is to move, so the colour to move stays O.
            swapped, to_move = True, state.to_move
        return StarState(state.size, state.maxi, cells, to_move, passes, state.ply + 1, swapped, move)

    # -- result ----------------------------------------------------------------------
    def to_move(self, state: StarState) -> int | None:
        return None if state.over else state.to_move

    def seat_of(self, state: StarState, player: int) -> int:
        # After a swap the second person owns the opening (X) stone and plays X.
        return 1 - player if state.swapped else player

    def scores(self, state: StarState) -> tuple[int, ...]:
        per = chain_scores(state)
        if state.maxi:
            return tuple(s[0] if s else 0 for s in per)
        return tuple(sum(s) for s in per)

    def compare(self, state: StarState) -> tuple[int | None, str]:
        """Who is ahead now, and why (used for the result and for the live standing)."""
        per = chain_scores(state)
        if not state.maxi:
            x, o = sum(per[0]), sum(per[1])
            if x == o:
                return None, f"level at {x}"
            return (0 if x > o else 1), f"{max(x, o)} to {min(x, o)}"
        depth = max(len(per[0]), len(per[1]), 1)
        for rank in range(depth):
            x = per[0][rank] if rank < len(per[0]) else 0
            o = per[1][rank] if rank < len(per[1]) else 0
            if x != o:
                which = "best chain" if rank == 0 else f"{_ordinal(rank + 1)}-best chain (tie-break)"
                return (0 if x > o else 1), f"{which} {max(x, o)} to {min(x, o)}"
        return None, "every chain level"

    def leader(self, state: StarState) -> int | None:
        return self.compare(state)[0]

    def outcome(self, state: StarState) -> Outcome | None:
        if not state.over:
            return None
        winner, why = self.compare(state)
        return Outcome(winner, f"both players passed; {why}")

    # -- presentation ---------------------------------------------------------------
    def render_text(self, state: StarState) -> str:
        geo = state.board
        n = state.size
        lines = []
        marks = ".XO"
        width = 2 * n - 2
        for r in range(1, geo.rows + 1):
            cells = geo.cells_of_row(r)
            indent = " " * (geo.xy[cells[0]][0] + width)
            body = " ".join(marks[state.cells[i]] for i in cells)
            lines.append(f"{r:>2} {indent}{body}   {geo.names[cells[0]]}-{geo.names[cells[-1]]}")
        return "\n".join(lines)

    def details(self, state: StarState) -> dict[str, Any]:
        per = chain_scores(state)
        winner, why = self.compare(state)
        return {
            "chains": {PLAYERS[p]: per[p] for p in (0, 1)},
            "standing": why,
            "leader": None if winner is None else PLAYERS[winner],
            "swapped": state.swapped,
            "passes_in_a_row": state.passes,
        }


@lru_cache(maxsize=None)
def _placements(n: int) -> tuple[StarMove, ...]:
    """One prebuilt move per cell: legal-move generation then only filters."""
    return tuple(StarMove("place", name) for name in board(n).names)


def _board_extent(n: int, cell: str | None = None) -> str:
    geo = board(n)
    row = int(cell[1:]) if cell and cell[1:].isdigit() else 0
    if 1 <= row <= geo.rows:
        cells = geo.cells_of_row(row)
        return f"row {row} runs from {geo.names[cells[0]]} to {geo.names[cells[-1]]}"
    return f"columns A-{LETTERS[2 * n - 3]}, rows 1-{geo.rows}"


def _ordinal(k: int) -> str:
    return {2: "second", 3: "third"}.get(k, f"{k}th")


STAR = StarGame()


# --------------------------------------------------------------------------- set-up positions
def position(layout: str, to_move: int | str = 0, options: dict[str, object] | None = None) -> StarState:
    """A position for tests, puzzles and lessons: `layout` names the stones, a colour's letter before its
    cells (``"X C3 D4 O E5"``; case-insensitive), `to_move` the colour to move (0 or "X", 1 or "O") and
    `options` the board (``{"size": 5, "maxi": True}``). Its move count is the number of stones, and no
    swap is open (a swap follows an opening move: play it from the start instead).

    Raises NotationError for a word that is not a colour or a cell of this board, IllegalMoveError for a
    cell named twice.

    >>> str(position_text(position("x c3 d4 o e5", "O", {"size": 5})))
    'X C3 D4 O E5'
    """
    start = STAR.new(options)
    geo = start.board
    cells = list(start.cells)
    colour = None
    for word in layout.split():
        if word.upper() in PLAYERS:
            colour = PLAYERS.index(word.upper())
            continue
        if colour is None:
            raise NotationError(f"{quote(word)}: name the colour (X or O) before its cells, as in 'X C3 D4 O E5'",
                                "position")
        cell = STAR.parse_move(word, start)
        if cell.kind != "place":
            raise NotationError(f"{quote(word)} is not a cell", "position")
        index = geo.index[cell.cell or ""]
        if cells[index] != EMPTY:
            raise IllegalMoveError(f"{cell.cell} is named twice in the position", "occupied")
        cells[index] = colour + 1
    if isinstance(to_move, str):
        if to_move.upper() not in PLAYERS:
            raise NotationError(f"the player to move is X or O, not {quote(to_move)}", "position")
        to_move = PLAYERS.index(to_move.upper())
    if to_move not in (0, 1):
        raise NotationError(f"the player to move is 0 (X) or 1 (O), not {quote(to_move)}", "position")
    stones = sum(1 for stone in cells if stone != EMPTY)
    return StarState(start.size, start.maxi, tuple(cells), to_move, ply=stones)


def position_text(state: StarState) -> str:
    """The stones of `state` as `position` reads them (``"X C3 D4 O E5"``), each colour's cells in board
    order; a colour with no stones is left out."""
    geo = state.board
    words = []
    for colour, letter in enumerate(PLAYERS):
        cells = [geo.names[i] for i, stone in enumerate(state.cells) if stone == colour + 1]
        if cells:
            words += [letter, *cells]
    return " ".join(words)


# The set-up constructor as the game's own method, as the other games have theirs (`GAME.position`).
StarGame.position = staticmethod(position)  # type: ignore[attr-defined]
