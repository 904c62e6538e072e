"""Boards for Savoy's movement: open strands of cells that cross themselves and each other.

`SavoyBoard` turns a board's data (its strands as lists of cell names, the homes and start areas of
its colours, the seats for each number of players) into everything the movement code in savoy.py
needs: cells numbered, the rays a piece may travel, distances to home, the numbering of routes. One
mechanism serves every board built this way: Savoy's here (`SAVOY_BOARD`) and Savoya's
(savoya_board.py).

Savoy's board, from ../shared/specs/savoy.md and savoy_board.json (reconstructed from the pbmserv
diagram): a figure-of-eight path of 40 positions over 36 cells, one open strand from a4 (index 0, the
left end) to o7 (index 39, the right end); the four crossings d4, h4, h7 and l7 lie on it twice. A piece
moves along one *ray*: one path index of its cell and one sign, never turning, never past an end.
The module-level names (CELLS, RAYS, HOMES, ...) are Savoy's board, as they always were.

Cells are numbered in order of first appearance along the strands (0..35 for Savoy).
"""

from __future__ import annotations

from typing import Mapping, Sequence

Ray = tuple[int, int, tuple[int, ...]]  # (index on its strand, sign, the cells stepped onto in order)
BOARDS: dict[str, "SavoyBoard"] = {}


def board_named(name: str) -> "SavoyBoard":
    """The board called `name` (a pickled state finds its board again by name)."""
    if name not in BOARDS and name == "savoya":
        from . import savoya_board  # noqa: F401  (defines it)
    return BOARDS[name]


def cell_key(name: str) -> tuple[str, int]:
    """Sort key for cell names: column letter, then row number (h3 before h10)."""
    return name[0], int(name[1:])


class SavoyBoard:
    """A board of strands, with its colours (one per direction of travel) and seats.

    `strands` maps a strand's name to its cells in order (a crossing appears once for each pass).
    `homes[colour]` are the colour's home cells and `starts[colour]` its start area, farthest cell
    from home first. `seats[n]` gives, for n players, each seat's name and the colours it moves.
    `far_ends[colour]` is (strand, sign): the colour's pip count runs along that strand towards its
    end in that direction (pbmserv's "234" in Savoy).
    """

    def __init__(self, name: str, title: str, strands: Mapping[str, Sequence[str]], colours: Sequence[str],
                 homes: Sequence[Sequence[str]], starts: Sequence[Sequence[str]],
                 far_ends: Sequence[tuple[str, int]], seats: Mapping[int, Sequence[tuple[str, Sequence[int]]]],
                 size: tuple[int, int]) -> None:
        self.name = name
        self.title = title
        self.strand_names: tuple[str, ...] = tuple(strands)
        self.strands: tuple[tuple[str, ...], ...] = tuple(tuple(s) for s in strands.values())
        self.cells: tuple[str, ...] = tuple(dict.fromkeys(n for strand in self.strands for n in strand))
        self.cell_id: dict[str, int] = {n: i for i, n in enumerate(self.cells)}
        self.width, self.height = size
        self.colours: tuple[str, ...] = tuple(colours)
        self.home_names = tuple(tuple(h) for h in homes)
        self.homes: tuple[frozenset[int], ...] = tuple(frozenset(self.cell_id[n] for n in h) for h in homes)
        self.start_names = tuple(tuple(s) for s in starts)
        self.seats: dict[int, tuple[tuple[str, tuple[int, ...]], ...]] = {
            n: tuple((seat, tuple(cs)) for seat, cs in layout) for n, layout in seats.items()}
        # (strand number, index) of every pass through each cell
        passes: list[list[tuple[int, int]]] = [[] for _ in self.cells]
        for s, strand in enumerate(self.strands):
            for i, n in enumerate(strand):
                passes[self.cell_id[n]].append((s, i))
        self.passes: tuple[tuple[tuple[int, int], ...], ...] = tuple(tuple(p) for p in passes)
        self.crossings: frozenset[int] = frozenset(c for c, p in enumerate(passes) if len(p) >= 2)
        self.ends: frozenset[int] = frozenset(self.cell_id[strand[k]] for strand in self.strands for k in (0, -1))
        self.rays: tuple[tuple[Ray, ...], ...] = tuple(self._rays_of(c) for c in range(len(self.cells)))
        # the first cell of each ray names its direction in the notation (``l7-d4/l6``)
        self.ray_by_first: tuple[dict[int, int], ...] = tuple(
            {ray[2][0]: r for r, ray in enumerate(rays)} for rays in self.rays)
        self.neighbours: tuple[frozenset[int], ...] = tuple(
            frozenset(ray[2][0] for ray in rays) for rays in self.rays)
        # fewest pips from each cell to the nearest home cell, changing direction between turns
        self.home_distance: tuple[tuple[int, ...], ...] = tuple(self._distances_to(h) for h in self.homes)
        self.path_pips: tuple[tuple[int, ...], ...] = tuple(self._path_pips(*end) for end in far_ends)
        self.grid: dict[str, tuple[int, int]] = {n: (ord(n[0]) - ord("a"), int(n[1:])) for n in self.cells}
        # notation order of cells (column, then row): the canonical order of a move's parts
        self.name_rank: dict[str, int] = {n: i for i, n in enumerate(sorted(self.cells, key=cell_key))}
        self.rank: tuple[int, ...] = tuple(self.name_rank[n] for n in self.cells)
        self.route_number, self.routes = self._number_routes()
        # 8 ** cell. A turn has at most 4 trips, so the sum of WEIGHT[dst] - WEIGHT[src] over them (base 8,
        # digits -4..4) is zero only when the cells left and the cells reached are the same
        self.weight: tuple[int, ...] = tuple(1 << (3 * c) for c in range(len(self.cells)))
        BOARDS[name] = self

    def __repr__(self) -> str:
        return f"<SavoyBoard {self.name}>"

    # A board is a constant: copies and pickles of a state share it (and so stay equal to the original).
    def __copy__(self) -> "SavoyBoard":
        return self

    def __deepcopy__(self, memo: dict) -> "SavoyBoard":
        return self

    def __reduce__(self) -> tuple:
        return board_named, (self.name,)

    def _rays_of(self, cell: int) -> tuple[Ray, ...]:
        mine = []
        for s, index in self.passes[cell]:
            strand = self.strands[s]
            for sign in (1, -1):
                cells = []
                j = index + sign
                while 0 <= j < len(strand):
                    cells.append(self.cell_id[strand[j]])
                    j += sign
                if cells:
                    mine.append((index, sign, tuple(cells)))
        return tuple(mine)

    def _distances_to(self, targets: frozenset[int]) -> tuple[int, ...]:
        dist = {c: 0 for c in targets}
        frontier = list(targets)
        while frontier:
            nxt = []
            for c in frontier:
                for n in self.neighbours[c]:
                    if n not in dist:
                        dist[n] = dist[c] + 1
                        nxt.append(n)
            frontier = nxt
        return tuple(dist[c] for c in range(len(self.cells)))

    def _path_pips(self, strand_name: str, sign: int) -> tuple[int, ...]:
        """The steps still to run along `strand_name` to its end in direction `sign`; a cell off that
        strand counts its fewest steps to the strand as well."""
        s = self.strand_names.index(strand_name)
        last = len(self.strands[s]) - 1
        dist: dict[int, int] = {}
        for c, passes in enumerate(self.passes):
            along = [last - i if sign > 0 else i for t, i in passes if t == s]
            if along:
                dist[c] = min(along)
        # cells off the strand: their fewest steps to a strand cell plus that cell's count (relaxed until
        # nothing changes; strand cells keep their own count)
        on_strand = set(dist)
        changed = True
        while changed:
            changed = False
            for c in range(len(self.cells)):
                if c in on_strand:
                    continue
                best = min((dist[n] + 1 for n in self.neighbours[c] if n in dist), default=None)
                if best is not None and best < dist.get(c, best + 1):
                    dist[c] = best
                    changed = True
        return tuple(dist[c] for c in range(len(self.cells)))

    def _number_routes(self) -> tuple[tuple[tuple[tuple[int, ...], ...], ...], tuple[tuple[int, int, int, int], ...]]:
        """Number every (cell, ray, length) a piece could travel in the order its part is written in a move
        (Part.sort_key for one piece), so that sorting trip numbers sorts the parts of a turn."""
        rank = self.rank
        keyed = sorted(((rank[c], rank[ray[k]], rank[ray[0]], k + 1), c, r, k + 1)
                       for c, rays in enumerate(self.rays) for r, (_, _, ray) in enumerate(rays)
                       for k in range(len(ray)))
        number = [[[0] * len(ray) for _, _, ray in rays] for rays in self.rays]
        routes = []
        for i, (_, c, r, length) in enumerate(keyed):
            number[c][r][length - 1] = i
            ray = self.rays[c][r][2]
            routes.append((c, ray[length - 1], ray[0], length))
        return tuple(tuple(map(tuple, rays)) for rays in number), tuple(routes)

    def seat_colours(self, players: int) -> tuple[tuple[int, ...], ...]:
        """The colours each seat moves, for `players` players."""
        return tuple(colours for _, colours in self.seats[players])

    def seat_names(self, players: int) -> tuple[str, ...]:
        return tuple(seat for seat, _ in self.seats[players])


SAVOY_BOARD = SavoyBoard(
    "savoy", "Savoy",
    {"path": "a4 b4 c4 d4 e4 f4 g4 h4 i4 j4 k5 l6 l7 l8 k9 j10 i9 h8 h7 h6 "
             "h5 h4 h3 g2 f1 e2 d3 d4 d5 e6 f7 g7 h7 i7 j7 k7 l7 m7 n7 o7".split()},
    colours=("R", "L"),
    homes=(("m7", "n7", "o7"), ("a4", "b4", "c4")),
    # the start area of each colour, farthest cell first: the other colour's home
    starts=(("a4", "b4", "c4"), ("o7", "n7", "m7")),
    far_ends=(("path", 1), ("path", -1)),
    seats={2: (("R", (0,)), ("L", (1,)))},
    size=(15, 10),
)

# Savoy's board as module-level names (as before the boards became objects)
PATH_NAMES: tuple[str, ...] = SAVOY_BOARD.strands[0]
PATH_LENGTH = len(PATH_NAMES)  # 40 positions, 39 steps end to end
CELLS: tuple[str, ...] = SAVOY_BOARD.cells
CELL_ID: dict[str, int] = SAVOY_BOARD.cell_id
PATH: tuple[int, ...] = tuple(CELL_ID[name] for name in PATH_NAMES)
PATH_INDICES: tuple[tuple[int, ...], ...] = tuple(tuple(i for _, i in p) for p in SAVOY_BOARD.passes)
CROSSINGS: frozenset[int] = SAVOY_BOARD.crossings
ENDS: frozenset[int] = SAVOY_BOARD.ends

# Player 0 is R (shows "Right", races to the right end), player 1 is L.
PLAYERS = SAVOY_BOARD.colours
HOME_NAMES = SAVOY_BOARD.home_names
HOMES: tuple[frozenset[int], ...] = SAVOY_BOARD.homes
START_NAMES = SAVOY_BOARD.start_names

# RAYS[cell] = ((path index, sign, cells stepped onto in order), ...): 1 ray at an end,
# 2 on a plain cell, 4 on a crossing. RAYS[c][r][2][k - 1] is the cell k steps along.
RAYS = SAVOY_BOARD.rays
RAY_BY_FIRST = SAVOY_BOARD.ray_by_first
NEIGHBOURS = SAVOY_BOARD.neighbours
# Fewest pips from each cell to the nearest home cell when a piece may change
# direction between turns (a lower bound on what is still needed).
HOME_DISTANCE = SAVOY_BOARD.home_distance
# pbmserv's pip count (the "234" beside each home in the diagram): the path
# distance still to run to the far end, o7 for R and a4 for L.
PATH_PIPS = SAVOY_BOARD.path_pips
# Where each cell sits in the 15 x 10 grid of the diagram (column a..o, row 1..10).
GRID: dict[str, tuple[int, int]] = SAVOY_BOARD.grid
