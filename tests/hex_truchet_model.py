"""The hex-hex Truchet board worked out from ../shared/specs/hex-truchet.md alone, for the tests.

Nothing here comes from game/rules: the junctions, colours, tiles, neighbours and drawing positions are
the spec's formulas written out again, so the tests compare the engine with the spec's own words.

A junction is a spot (x, r): column x (a = 0) and junction row r (1 = bottom). A tile is (c, k): the
column of its centre and its tile row; its corners, *round the hexagon from the top clockwise*, are
top (c, k+1), upper-right (c+1, k+1), lower-right (c+1, k), bottom (c, k), lower-left (c-1, k) and
upper-left (c-1, k+1).
"""

from __future__ import annotations

from math import sqrt

LETTERS = "abcdefghijklmnopqrstuvwxyz"
X, O = 0, 1
TOP, UPPER_RIGHT, LOWER_RIGHT, BOTTOM, LOWER_LEFT, UPPER_LEFT = range(6)


def name(spot):
    x, r = spot
    return f"{LETTERS[x]}{r}"


def spot_of(text):
    return LETTERS.index(text[0]), int(text[1:])


def row_columns(s, r):
    """Design 2: row r <= s runs from column s-r to column 3s+r-2; the rows above s mirror these."""
    m = r if r <= s else 2 * s + 1 - r
    return list(range(s - m, 3 * s + m - 1))


def spots(s):
    """Every junction in board order (row 1 first, column a first)."""
    return [(x, r) for r in range(1, 2 * s + 1) for x in row_columns(s, r)]


def colour(s, spot):
    """Design 4: junction (x, r) is X's iff x + r + s is even."""
    x, r = spot
    return X if (x + r + s) % 2 == 0 else O


def tiles(s):
    """Every tile (c, k), tile row 1 first, left to right: row k has its tiles centred on columns
    1+|s-k|, 3+|s-k|, ...; rows 1 and 2s-1 have s tiles, the middle row 2s-1."""
    found = []
    for k in range(1, 2 * s):
        count = s + (s - 1 - abs(s - k))
        found += [(1 + abs(s - k) + 2 * i, k) for i in range(count)]
    return found


def tile_label(tile):
    """``eg23``: the outer two column letters, then the two rows."""
    c, k = tile
    return f"{LETTERS[c - 1]}{LETTERS[c + 1]}{k}{k + 1}"


def round_corners(tile):
    """The six corners from the top, clockwise (top, upper-right, lower-right, bottom, lower-left,
    upper-left)."""
    c, k = tile
    return [(c, k + 1), (c + 1, k + 1), (c + 1, k), (c, k), (c - 1, k), (c - 1, k + 1)]


def band_corners(tile, letter):
    """Design 4: ``u`` joins the top and the two lower corners, ``d`` the bottom and the two upper ones."""
    corners = round_corners(tile)
    picks = (TOP, LOWER_RIGHT, LOWER_LEFT) if letter == "u" else (BOTTOM, UPPER_RIGHT, UPPER_LEFT)
    return {corners[i] for i in picks}


def neighbours(s, spot):
    """Design 6: the left and right neighbours in the junction row, plus the junction directly above an
    X junction or directly below an O junction (where those exist)."""
    x, r = spot
    on_board = set(spots(s))
    found = [(x - 1, r), (x + 1, r), (x, r + 1) if colour(s, spot) == X else (x, r - 1)]
    return {p for p in found if p in on_board}


def drawn_junction(s, spot):
    """§1: junction (x, r) at (x·√3/2, 1.5(r-1)), lifted by 0.5 if it is X's."""
    x, r = spot
    return x * sqrt(3) / 2, 1.5 * (r - 1) + (0.5 if colour(s, spot) == X else 0.0)


def drawn_centre(tile):
    """§1: tile centre (c, k) at (c·√3/2, 1.5(k-1)+1)."""
    c, k = tile
    return c * sqrt(3) / 2, 1.5 * (k - 1) + 1


def half_turn(s, spot):
    """The board turned half round: (x, r) -> (4s-2-x, 2s+1-r)."""
    x, r = spot
    return 4 * s - 2 - x, 2 * s + 1 - r


def letters_in_board_order(s, by_tile):
    """The ``-setup=single`` string of a {tile: letter} map."""
    return "".join(by_tile[t] for t in tiles(s))
