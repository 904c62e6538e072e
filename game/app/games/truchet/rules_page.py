"""Truchet's rules in our own words, with a diagram drawn from a real position (the rules screen shows it)."""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.app.screens.rules import RulesPage
from game.rules.truchet import TRUCHET, X, TruchetState
from .view import TruchetLayout, TruchetView, draw_truchet

_DIAGRAM_TILES = "rlr" "lrl" "rll"
_DIAGRAM_MERGE = "a3,b4-b3"


@lru_cache(maxsize=1)
def _diagram_state() -> TruchetState:
    return TRUCHET.position(_DIAGRAM_TILES, x={"a3": 2, "b4": 1}, o={"b3": 1, "d2": 2}, to_move=X)


def _draw_diagram(surface: pygame.Surface, rect: pygame.Rect) -> None:
    state = _diagram_state()
    geo = state.board
    merge = TRUCHET.parse_move(_DIAGRAM_MERGE, state)
    TRUCHET.check_legal(state, merge)
    index = geo.index
    target = index[merge.destinations[0]]
    taken = frozenset(index[name] for name in TRUCHET.captures(state, merge))
    layout = TruchetLayout(state.size, rect)
    height = sum(state.stacks[index[o]] for o in merge.origins)
    draw_truchet(surface, layout, state, TruchetView(
        selected=frozenset(index[o] for o in merge.origins), targets=frozenset({target}), captures=taken,
        ghosts={target: height}, faded=frozenset(index[o] for o in merge.origins) | taken, show_parity=True))


def _caption() -> str:
    state = _diagram_state()
    return (f"A 3x3 board. Teal dotted regions are X's, sand ones O's; + and \u2212 mark each junction's colour. "
            f"X merges its 2-stack on a3 and its single on b4 onto b3 ({_DIAGRAM_MERGE}): the O piece there stands "
            f"on O's own colour, so only a taller stack takes it, and 3 > 1. O's 2-stack on d2 stands on X's colour: "
            f"a stack of two could take it. X has {TRUCHET.scores(state)[0]} pieces, O {TRUCHET.scores(state)[1]}.")


TRUCHET_RULES = RulesPage(
    credit="Truchet was designed by Cameron Browne (2007), who also wrote its pbmserv server. "
           "This page retells his rules in our own words.",
    sections=(
        ("The board", "A square of 7 x 7 (any odd size) truchet tiles. Each tile carries two quarter-circle arcs "
                      "that cut off two opposite corners and leave a band joining the other two. The tile corners "
                      "are the junctions where pieces stand. Junction colours form a fixed checkerboard (Parity "
                      "shows it): a1 is X's colour. Junctions of one colour joined by a chain of bands form a "
                      "region; X owns the dotted (teal) regions, O the blank (sand) ones."),
        ("Set-up", "The tiles are placed first: O lays its half (the top rows and the right of the middle row), "
                   "X its half, and O the centre tile. Random tiles is recommended; you may instead turn each "
                   "outlined tile by tapping it and press Place tiles. Then each player's 12 pieces stand on the "
                   "junctions of their colour in the three rows nearest them, and X moves first."),
        ("A turn", "First you may flip one tile, if no piece stands on any of its corners: its band moves to "
                   "the other diagonal, which reshapes the regions around it. Then you must move a stack (a "
                   "single piece is a stack of one). A tile your opponent just flipped may be flipped back."),
        ("Step", "A stack moves whole to an empty junction of its region, along bands, never jumping over "
                 "another stack."),
        ("Merge", "Two or more of your stacks next to a junction (left, right, above, below) all move onto it. "
                  "One of them may first move within its region to get next to it. Stacks never exceed 4."),
        ("Split", "A stack of two or more shares all its pieces among two or more junctions next to it, each "
                  "getting at least one. It may first move within its region."),
        ("Capture", "A merge or split may land on enemy stacks and take them. An enemy stack on its own colour "
                    "falls only to a taller stack; on your colour, a stack as tall or taller takes it. Steps "
                    "never capture, and nothing lands on your own stacks. Merges and splits always land on the "
                    "other colour, so parity matters."),
        ("Winning", "You win when your opponent has no pieces left or cannot move a stack on their turn. If "
                    "neither side can ever capture (one piece each, on different colours), the game is drawn. "
                    "House rule: after 50 turns in a row without a capture the player to move may claim a draw."),
        ("Writing moves", "bc34:a1-d6 flips tile bc34 (columns b-c, rows 3-4) and steps a1 to d6; c3,c5-c4 "
                          "merges; b4-b3,2xa4 splits (2x for a part of two); a1>c3,c5-c4 and b4>d4-d3,2xc4 "
                          "first move within the region; random or l/r letters place tiles; draw claims a draw."),
    ),
    diagram=_draw_diagram,
    caption=_caption(),
)
