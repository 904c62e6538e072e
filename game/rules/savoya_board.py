"""The Savoya board: two interwoven figure-of-eight strands, gold and silver, on a 15 x 15 grid.

A RECONSTRUCTION: the original board is lost. ../shared/specs/savoya.md designs one that honours every
known fact (Designs 1-8 there) and savoya_board.json lists it in full; the strands below are that
file's `paths`, and everything else (rays, crossings, distances) is derived from them by
`SavoyBoard`, so the same movement code serves this board and Savoy's. The tests check the derived
board against the JSON and the spec's own checks (continuity, crossings, homes, symmetry).

Gold is Savoy's figure-of-eight stretched (a6 to o10); silver is gold turned a quarter turn
counter-clockwise about h8 (j1 to f15). They cross each other at nine cells and themselves at four
each: 17 crossings, 89 cells, each strand 53 positions (52 steps end to end).

Colours, one per direction of travel (Design 9): R (starts at a6, home m10 n10 o10), L (o10, home
a6 b6 c6), T (j1, home f13 f14 f15), B (f15, home j1 j2 j3). Seats (Designs 11 and 13): two players,
Gold moves R and L and Silver moves T and B; three players R, B, L; four players R, B, L, T
(clockwise round the board by start edge), userid1 first.
"""

from __future__ import annotations

from .savoy_board import SavoyBoard

GOLD = tuple(
    "a6 b6 c6 d6 e6 f6 g6 h6 i6 j6 k6 l7 l8 l9 l10 l11 l12 l13 k14 j15 i14 h13 h12 h11 h10 h9 h8 "
    "h7 h6 h5 h4 h3 g2 f1 e2 d3 d4 d5 d6 d7 d8 d9 e10 f10 g10 h10 i10 j10 k10 l10 m10 n10 o10".split())
SILVER = tuple(
    "j1 j2 j3 j4 j5 j6 j7 j8 j9 j10 j11 i12 h12 g12 f12 e12 d12 c12 b11 a10 b9 c8 d8 e8 f8 g8 h8 "
    "i8 j8 k8 l8 m8 n7 o6 n5 m4 l4 k4 j4 i4 h4 g4 f5 f6 f7 f8 f9 f10 f11 f12 f13 f14 f15".split())

R, L, T, B = range(4)

SAVOYA_BOARD = SavoyBoard(
    "savoya", "Savoya",
    {"gold": GOLD, "silver": SILVER},
    colours=("R", "L", "T", "B"),
    homes=(("m10", "n10", "o10"), ("a6", "b6", "c6"), ("f13", "f14", "f15"), ("j1", "j2", "j3")),
    starts=(("a6", "b6", "c6"), ("o10", "n10", "m10"), ("j1", "j2", "j3"), ("f15", "f14", "f13")),
    far_ends=(("gold", 1), ("gold", -1), ("silver", 1), ("silver", -1)),
    seats={
        2: (("Gold", (R, L)), ("Silver", (T, B))),
        3: (("R", (R,)), ("B", (B,)), ("L", (L,))),
        4: (("R", (R,)), ("B", (B,)), ("L", (L,)), ("T", (T,))),
    },
    size=(15, 15),
)
