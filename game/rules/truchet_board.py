"""Truchet's two boards as one kind of graph: the square board of the seed and the hex-hex board of
Hexagonal Truchet (../shared/specs/truchet.md and hex-truchet.md).

The rules (`game.rules.truchet`) see a board only through this graph, so one mechanism serves both:

* junctions (tile corners, where stacks stand): their names, their fixed colours (X's dotted, O's
  blank), and their *orthogonal* neighbours, the junctions one tile side away, which merges and
  splits use (always of the other colour);
* tiles: their names, their corners, and for each of the two letters a tile may show, the corners its
  band joins (all of one colour). A region is a set of junctions joined by a chain of bands, and
  flipping a tile toggles its letter;
* the starting junctions of each player and the tiles of each set-up move.

Square board (`board`): n x n tiles, n odd, (n+1)^2 junctions named ``a1`` (bottom left, X's side)
to ``h8`` on 7x7. A tile is named by its two column letters and row numbers (``bc34``), its corners
listed (bottom-left, bottom-right, top-left, top-right); ``l``: the band joins the top-left and
bottom-right corners, ``r``: bottom-left and top-right.

Hex-hex board (`hex_board`, a DESIGN of this project): pointy-top hexagonal tiles, s along each side
(3s(s-1)+1 tiles), 6s^2 junctions on 2s zigzag *junction rows* (1 at the bottom, X's side). A junction
is named by a column letter, counted in half tile widths from ``a``, and its junction row: on s = 4 rows
1 and 8 run d..l, rows 4 and 5 a..o. Tile row k has its tiles centred on columns 1+|s-k|, 3+|s-k|, ...;
the tile centred on column c has the corners in columns c-1, c, c+1 of junction rows k and k+1, and is
named by its outer letters and its rows, as the 3 x 2 block of junctions it is: ``eg23`` has the
corners e2 f2 g2 e3 f3 g3 (listed so, in board order). Its top corner (f3) and lower corners (e2, g2)
are X's; ``u``: the band reaches up, joining those three, ``d``: it reaches down, joining the bottom
and upper corners (f2, e3, g3), the O corners. Junction (x, r), a = 0, is X's iff x + r + s is even.

`points` and `centres` place junctions and tile centres for drawing (y up): the square board on unit
squares, the hex board as true hexagons of circumradius 1 (hex-truchet.md §1).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations
from typing import Union

X, O = 0, 1
LETTERS = "abcdefghijklmnopqrstuvwxyz"
MIN_SIZE, MAX_SIZE, DEFAULT_SIZE = 3, 25, 7
HEX_MIN_SIZE, HEX_MAX_SIZE, HEX_DEFAULT_SIZE = 2, 6, 4
SQUARE_LETTERS, HEX_LETTERS = "lr", "ud"
#: the other letter of each tile letter: what a flip shows
_FLIP = {"l": "r", "r": "l", "u": "d", "d": "u"}

_TILE_RE = re.compile(r"^([a-z])([a-z])([0-9]{2,4})$", re.ASCII)


def junction_key(name: str) -> tuple[int, str]:
    """Board order of a junction name: row first, then column (``a1 < b1 < a2``)."""
    return int(name[1:]), name[0]


def tile_form(name: str, gap: int = 1) -> tuple[int, int] | None:
    """(column, row) of the lower-left corner of a tile named like ``bc34`` (0-based), for names whose
    letters are `gap` columns apart (1 on the square board, 2 on the hex board) and whose rows follow
    each other; None if `name` has another form."""
    match = _TILE_RE.match(name)
    if not match:
        return None
    left, right, digits = match.groups()
    if LETTERS.index(right) != LETTERS.index(left) + gap:
        return None
    for cut in range(1, len(digits)):
        low, high = digits[:cut], digits[cut:]
        if low[0] == "0" or high[0] == "0":
            continue
        if int(high) == int(low) + 1:
            return LETTERS.index(left), int(low) - 1
    return None


def split_tile_name(name: str) -> tuple[int, int] | None:
    """(column, row) of the lower-left corner of square tile ``bc34`` (0-based), or None if malformed."""
    return tile_form(name, 1)


def tile_name(column: int, row: int) -> str:
    """``bc34`` for the square tile whose lower-left corner is column 1, row 2 (0-based)."""
    return f"{LETTERS[column]}{LETTERS[column + 1]}{row + 1}{row + 2}"


@dataclass(frozen=True)
class TruchetBoard:
    """One Truchet board as a graph (see the module docstring).

    Junction indices follow board order (row 1 first, column a first within a row), so index order
    is the notation's order; tile indices too (tile row 1 first, left to right), the ``-setup=single``
    order. `side` is the number of junction rows (n + 1 on the square board, 2s on the hex board).
    """

    size: int
    side: int
    names: tuple[str, ...]
    index: dict[str, int] = field(repr=False)
    colour: tuple[int, ...]  # X (dotted) or O (blank) per junction
    orthogonal: tuple[tuple[int, ...], ...]  # the junctions one tile side away, in index order
    tile_names: tuple[str, ...]
    tile_index: dict[str, int] = field(repr=False)
    corners: tuple[tuple[int, ...], ...]  # square: (bl, br, tl, tr); hex: the 3 x 2 block in board order
    tiles_at: tuple[tuple[int, ...], ...]  # the tiles having each junction as a corner
    homes: tuple[tuple[int, ...], tuple[int, ...]]  # starting junctions of X and of O
    placement_orders: tuple[tuple[int, ...], ...]  # tiles of move 1 (O), move 2 (X), move 3 (centre)
    hex: bool = False
    letters: str = SQUARE_LETTERS  # the two letters a tile may show
    #: per tile, the corners its band joins when it shows letters[0], and when it shows letters[1]
    band_corners: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...] = field(default=(), repr=False)
    points: tuple[tuple[float, float], ...] = field(default=(), repr=False)  # junctions, for drawing
    centres: tuple[tuple[float, float], ...] = field(default=(), repr=False)  # tile centres, for drawing

    @property
    def junction_count(self) -> int:
        return len(self.names)

    @property
    def tile_count(self) -> int:
        return len(self.tile_names)

    @property
    def pieces(self) -> int:
        """Pieces per player: (n - 1)(n + 1) / 4 on the square board (the seed's formula with its /2 read
        as /4), 3s(s - 1) / 2 on the hex board."""
        return len(self.homes[X])

    @property
    def label(self) -> str:
        """How messages name the board: ``7x7``, ``side-4 hex``."""
        return f"side-{self.size} hex" if self.hex else f"{self.size}x{self.size}"

    @property
    def tile_gap(self) -> int:
        """How many columns apart the two letters of a tile name are."""
        return 2 if self.hex else 1

    def extent(self, name: str | None = None) -> str:
        """Where the junctions are, for a message about `name` (not a junction here): ``a1-h8`` on the
        square board; on the hex board the columns of `name`'s row, or the rows and columns."""
        if not self.hex:
            return f"{self.names[0]}-{self.names[-1]}"
        row = [n for n in self.names if name is not None and n[1:] == name[1:]]
        if row:
            return f"row {name[1:]} runs {row[0]}-{row[-1]}"
        return f"rows 1-{self.side}, columns a-{LETTERS[2 * self.side - 2]}"

    def band(self, t: int, letter: str) -> tuple[int, ...]:
        """The corners the band of tile `t` joins when it shows `letter` (none while unplaced)."""
        if letter == self.letters[0]:
            return self.band_corners[t][0]
        if letter == self.letters[1]:
            return self.band_corners[t][1]
        return ()


@lru_cache(maxsize=None)
def board(n: int) -> TruchetBoard:
    """The square board of n x n tiles."""
    if not MIN_SIZE <= n <= MAX_SIZE or n % 2 == 0:
        raise ValueError(f"Truchet boards have odd sizes {MIN_SIZE}..{MAX_SIZE}, not {n}")
    side = n + 1
    names = tuple(f"{LETTERS[c]}{r + 1}" for r in range(side) for c in range(side))
    colour = tuple(X if (c + r) % 2 == 0 else O for r in range(side) for c in range(side))
    orthogonal = []
    for r in range(side):
        for c in range(side):
            near = []
            if r > 0:
                near.append((r - 1) * side + c)
            if c > 0:
                near.append(r * side + c - 1)
            if c < side - 1:
                near.append(r * side + c + 1)
            if r < side - 1:
                near.append((r + 1) * side + c)
            orthogonal.append(tuple(near))
    corners = []
    tile_names = []
    band_corners = []
    tiles_at: list[list[int]] = [[] for _ in range(side * side)]
    for r in range(n):
        for c in range(n):
            bl, br, tl, tr = r * side + c, r * side + c + 1, (r + 1) * side + c, (r + 1) * side + c + 1
            corners.append((bl, br, tl, tr))
            band_corners.append(((br, tl), (bl, tr)))  # l: top-left with bottom-right; r: the other diagonal
            tile_names.append(tile_name(c, r))
            for j in (bl, br, tl, tr):
                tiles_at[j].append(r * n + c)
    half = (n - 1) // 2
    x_home = tuple(j for j in range(half * side) if colour[j] == X)
    o_home = tuple(j for j in range((side - half) * side, side * side) if colour[j] == O)
    x_order = tuple(r * n + c for r in range(half) for c in range(n)) + tuple(half * n + c for c in range(half))
    o_order = tuple(r * n + c for r in range(n - 1, half, -1) for c in range(n)) + tuple(
        half * n + c for c in range(half + 1, n)
    )
    centre = (half * n + half,)
    return TruchetBoard(
        n, side, names, {name: i for i, name in enumerate(names)}, colour, tuple(orthogonal),
        tuple(tile_names), {name: i for i, name in enumerate(tile_names)}, tuple(corners),
        tuple(tuple(t) for t in tiles_at), (x_home, o_home), (o_order, x_order, centre),
        band_corners=tuple(band_corners),
        points=tuple((float(c), float(r)) for r in range(side) for c in range(side)),
        centres=tuple((c + 0.5, r + 0.5) for r in range(n) for c in range(n)),
    )


def hex_columns(s: int, row: int) -> range:
    """The columns (a = 0) of junction row `row` (1..2s) on the side-s hex board."""
    m = row if row <= s else 2 * s + 1 - row
    return range(s - m, 3 * s + m - 1)


@lru_cache(maxsize=None)
def hex_board(s: int) -> TruchetBoard:
    """The hex-hex board of side s (hex-truchet.md: Designs 1 to 8)."""
    if not HEX_MIN_SIZE <= s <= HEX_MAX_SIZE:
        raise ValueError(f"hex Truchet boards have sides {HEX_MIN_SIZE}..{HEX_MAX_SIZE}, not {s}")
    rows = 2 * s
    spots = [(x, r) for r in range(1, rows + 1) for x in hex_columns(s, r)]
    at = {spot: j for j, spot in enumerate(spots)}
    names = tuple(f"{LETTERS[x]}{r}" for x, r in spots)
    colour = tuple(X if (x + r + s) % 2 == 0 else O for x, r in spots)
    corners: list[tuple[int, ...]] = []
    band_corners = []
    tile_names = []
    centres = []
    sides: set[tuple[int, int]] = set()
    rows_of_tiles: list[list[int]] = []
    half_width = 3 ** 0.5 / 2
    for k in range(1, rows):
        row_tiles = []
        offset = abs(s - k)
        for i in range(rows - 1 - offset):
            c = 1 + offset + 2 * i
            lower_left, bottom, lower_right = at[(c - 1, k)], at[(c, k)], at[(c + 1, k)]
            upper_left, top, upper_right = at[(c - 1, k + 1)], at[(c, k + 1)], at[(c + 1, k + 1)]
            row_tiles.append(len(corners))
            corners.append((lower_left, bottom, lower_right, upper_left, top, upper_right))
            # u: the band reaches up, joining the X corners; d: it reaches down, joining the O corners
            band_corners.append(((lower_left, lower_right, top), (bottom, upper_left, upper_right)))
            tile_names.append(f"{LETTERS[c - 1]}{LETTERS[c + 1]}{k}{k + 1}")
            centres.append((c * half_width, 1.5 * (k - 1) + 1))
            for a, b in ((bottom, lower_left), (bottom, lower_right), (lower_left, upper_left),
                         (lower_right, upper_right), (upper_left, top), (upper_right, top)):
                sides.add((min(a, b), max(a, b)))
        rows_of_tiles.append(row_tiles)
    near: list[list[int]] = [[] for _ in spots]
    for a, b in sides:
        near[a].append(b)
        near[b].append(a)
    tiles_at: list[list[int]] = [[] for _ in spots]
    for t, around in enumerate(corners):
        for j in around:
            tiles_at[j].append(t)
    x_home = tuple(j for j, (_, r) in enumerate(spots) if r <= s - 1 and colour[j] == X)
    o_home = tuple(j for j, (_, r) in enumerate(spots) if r >= s + 2 and colour[j] == O)
    middle = rows_of_tiles[s - 1]
    x_order = tuple(t for row in rows_of_tiles[:s - 1] for t in row) + tuple(middle[:s - 1])
    o_order = tuple(t for row in reversed(rows_of_tiles[s:]) for t in row) + tuple(middle[s:])
    return TruchetBoard(
        s, rows, names, {name: j for j, name in enumerate(names)}, colour, tuple(tuple(sorted(n)) for n in near),
        tuple(tile_names), {name: t for t, name in enumerate(tile_names)}, tuple(corners),
        tuple(tuple(t) for t in tiles_at), (x_home, o_home), (o_order, x_order, (middle[s - 1],)),
        hex=True, letters=HEX_LETTERS, band_corners=tuple(band_corners),
        points=tuple((x * half_width, 1.5 * (r - 1) + (0.5 if colour[j] == X else 0.0))
                     for j, (x, r) in enumerate(spots)),
        centres=tuple(centres),
    )


def board_for(size: int, hexagonal: bool = False) -> TruchetBoard:
    """The square board of `size` tiles a side, or the hex board of side `size`."""
    return hex_board(size) if hexagonal else board(size)


Where = Union[TruchetBoard, int]


def board_of(where: Where, tiles: str) -> TruchetBoard:
    """`where` itself when it is a board; for a size (as the square rules always took), the board whose
    tile count is that of `tiles`: n*n tiles for the square board, 3s(s-1)+1 for the hex board. No size
    has both (the square sizes' counts are odd squares from 9 on, the hex counts 7, 19, 37, 61, 91)."""
    if isinstance(where, TruchetBoard):
        return where
    if len(tiles) != where * where and len(tiles) == 3 * where * (where - 1) + 1:
        return hex_board(where)
    return board(where)


def bands(where: Where, tiles: str) -> tuple[tuple[int, ...], ...]:
    """For each junction, the junctions its tile bands join it to, in order (unplaced tiles join nothing).

    `where` is the board, or its size (the board is then told by the number of tiles, see `board_of`).
    """
    geo = board_of(where, tiles)
    return _bands(geo.size, geo.hex, tiles)


@lru_cache(maxsize=16384)
def _bands(size: int, hexagonal: bool, tiles: str) -> tuple[tuple[int, ...], ...]:
    geo = board_for(size, hexagonal)
    near: list[list[int]] = [[] for _ in range(geo.junction_count)]
    for t, letter in enumerate(tiles):
        for a, b in combinations(geo.band(t, letter), 2):
            near[a].append(b)
            near[b].append(a)
    return tuple(tuple(sorted(js)) for js in near)


def regions(where: Where, tiles: str) -> tuple[int, ...]:
    """Region number of each junction: the lowest junction index in its region (`where` as for `bands`)."""
    geo = board_of(where, tiles)
    return _regions(geo.size, geo.hex, tiles)


@lru_cache(maxsize=4096)
def _regions(size: int, hexagonal: bool, tiles: str) -> tuple[int, ...]:
    near = _bands(size, hexagonal, tiles)
    region = [-1] * len(near)
    for start in range(len(near)):
        if region[start] >= 0:
            continue
        region[start] = start
        todo = [start]
        while todo:
            j = todo.pop()
            for k in near[j]:
                if region[k] < 0:
                    region[k] = start
                    todo.append(k)
    return tuple(region)


def flipped(tiles: str, t: int) -> str:
    """`tiles` with tile `t` flipped: its band moves to the other corners (l <-> r, u <-> d)."""
    return tiles[:t] + _FLIP.get(tiles[t], "l") + tiles[t + 1:]
