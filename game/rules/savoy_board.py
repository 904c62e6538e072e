"""The Savoy board: a figure-of-eight path of 40 positions over 36 cells.

Geometry from ../shared/specs/savoy.md and savoy_board.json (reconstructed from
the pbmserv diagram). The path is one open strand from a4 (index 0, the left
end) to o7 (index 39, the right end); the four crossings d4, h4, h7 and l7 lie
on it twice. A piece moves along one *ray*: one path index of its cell and one
sign, never turning, never past an end.

Cells are numbered 0..35 in order of first appearance on the path.
"""

from __future__ import annotations

PATH_NAMES: tuple[str, ...] = tuple(
    "a4 b4 c4 d4 e4 f4 g4 h4 i4 j4 k5 l6 l7 l8 k9 j10 i9 h8 h7 h6 "
    "h5 h4 h3 g2 f1 e2 d3 d4 d5 e6 f7 g7 h7 i7 j7 k7 l7 m7 n7 o7".split()
)
PATH_LENGTH = len(PATH_NAMES)  # 40 positions, 39 steps end to end

CELLS: tuple[str, ...] = tuple(dict.fromkeys(PATH_NAMES))
CELL_ID: dict[str, int] = {name: i for i, name in enumerate(CELLS)}
PATH: tuple[int, ...] = tuple(CELL_ID[name] for name in PATH_NAMES)
PATH_INDICES: tuple[tuple[int, ...], ...] = tuple(
    tuple(i for i, c in enumerate(PATH) if c == cell) for cell in range(len(CELLS))
)
CROSSINGS: frozenset[int] = frozenset(c for c, idx in enumerate(PATH_INDICES) if len(idx) == 2)
ENDS: frozenset[int] = frozenset((PATH[0], PATH[-1]))

# Player 0 is R (shows "Right", races to the right end), player 1 is L.
PLAYERS = ("R", "L")
HOME_NAMES = (("m7", "n7", "o7"), ("a4", "b4", "c4"))
HOMES: tuple[frozenset[int], frozenset[int]] = (
    frozenset(CELL_ID[n] for n in HOME_NAMES[0]),
    frozenset(CELL_ID[n] for n in HOME_NAMES[1]),
)
# The start area of each player, farthest cell first: the opponent's home.
START_NAMES = (("a4", "b4", "c4"), ("o7", "n7", "m7"))


def _rays() -> tuple[tuple[tuple[int, int, tuple[int, ...]], ...], ...]:
    rays = []
    for cell in range(len(CELLS)):
        mine = []
        for index in PATH_INDICES[cell]:
            for sign in (1, -1):
                cells = []
                j = index + sign
                while 0 <= j < PATH_LENGTH:
                    cells.append(PATH[j])
                    j += sign
                if cells:
                    mine.append((index, sign, tuple(cells)))
        rays.append(tuple(mine))
    return tuple(rays)


# RAYS[cell] = ((path index, sign, cells stepped onto in order), ...): 1 ray at an end,
# 2 on a plain cell, 4 on a crossing. RAYS[c][r][2][k - 1] is the cell k steps along.
RAYS = _rays()
# The first cell of each ray names its direction in the notation (``l7-d4/l6``).
RAY_BY_FIRST: tuple[dict[int, int], ...] = tuple(
    {ray[2][0]: r for r, ray in enumerate(rays)} for rays in RAYS
)

NEIGHBOURS: tuple[frozenset[int], ...] = tuple(
    frozenset(ray[2][0] for ray in RAYS[c]) for c in range(len(CELLS))
)


def _distances_to(targets: frozenset[int]) -> tuple[int, ...]:
    dist = {c: 0 for c in targets}
    frontier = list(targets)
    while frontier:
        nxt = []
        for c in frontier:
            for n in NEIGHBOURS[c]:
                if n not in dist:
                    dist[n] = dist[c] + 1
                    nxt.append(n)
        frontier = nxt
    return tuple(dist[c] for c in range(len(CELLS)))


# Fewest pips from each cell to the nearest home cell when a piece may change
# direction between turns (a lower bound on what is still needed).
HOME_DISTANCE = (_distances_to(HOMES[0]), _distances_to(HOMES[1]))
# pbmserv's pip count (the "234" beside each home in the diagram): the path
# distance still to run to the far end, o7 for R and a4 for L.
PATH_PIPS = (
    tuple(PATH_LENGTH - 1 - max(PATH_INDICES[c]) for c in range(len(CELLS))),
    tuple(min(PATH_INDICES[c]) for c in range(len(CELLS))),
)


def cell_key(name: str) -> tuple[str, int]:
    """Sort key for cell names: column letter, then row number (h3 before h10)."""
    return name[0], int(name[1:])


# Where each cell sits in the 15 x 10 grid of the diagram (column a..o, row 1..10).
GRID: dict[str, tuple[int, int]] = {name: (ord(name[0]) - ord("a"), int(name[1:])) for name in CELLS}
