"""Savoya's view: what its board looks like beyond its cells (../shared/specs/savoya.md): the weave, the four
colours, where the labels, the dice and the title go. Savoy's view draws it (`SavoyLook`)."""

from __future__ import annotations

from game.app.games.savoy.view import SavoyLook
from game.rules.savoya_board import SAVOYA_BOARD

GOLD, SILVER = 0, 1  # the strands, in the board's order

# The pass drawn on top at each crossing (Design 4: the weave alternates over and under along each strand),
# as the spec's table gives it: (strand, index along it).
OVER = frozenset({
    (GOLD, 3), (GOLD, 7), (GOLD, 45), (GOLD, 49),                     # d6 h6 h10 l10 (gold x gold)
    (SILVER, 38), (SILVER, 28), (SILVER, 24), (SILVER, 14),           # j4 j8 f8 f12 (silver x silver)
    (SILVER, 43), (SILVER, 5), (SILVER, 47), (SILVER, 9),             # f6 j6 f10 j10 (silver on top)
    (GOLD, 26), (GOLD, 40), (GOLD, 12), (GOLD, 30), (GOLD, 22),       # h8 d8 l8 h4 h12 (gold on top)
})

# R, L, T, B: two dark and two light fills, each with a rim of the other brightness, so that no two colours
# are told apart by hue alone (and each piece points towards its home).
SAVOYA_LOOK = SavoyLook(
    board=SAVOYA_BOARD,
    over=OVER,
    pieces=(((216, 78, 62), (88, 24, 18)), ((44, 88, 186), (232, 238, 250)),
            ((236, 200, 60), (92, 70, 10)), ((226, 140, 190), (90, 30, 70))),
    ink=((244, 130, 112), (128, 168, 244), (240, 214, 110), (236, 160, 206)),
    home_tint=((236, 178, 160), (170, 194, 236), (240, 226, 160), (236, 196, 220)),
    ribbons=(((232, 204, 130), (140, 104, 40)), ((208, 212, 220), (104, 110, 124))),
    # R under m10..o10, L under a6..c6, T left of f13..f15, B right of j1..j3
    home_labels=((13.0, 9.22), (1.0, 5.22), (2.5, 14.0), (11.5, 2.0)),
    dice_area=(-0.4, 4.4, 2.9, 3.8),       # bottom left, under L's home
    note_area=(11.6, 15.4, 4.3, 4.0),      # top right, beside the top loop (on a wide window, past the edge)
    label_width=3.0,
)
