"""Truchet's rules in our own words, with a diagram drawn from a real position (the rules screen shows it),
and the page of Hexagonal Truchet, our design of the variant the seed leaves unfinished."""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.app.screens.rules import RulesPage
from game.rules.truchet import TRUCHET, X, TruchetState
from .view import TruchetLayout, TruchetView, draw_truchet

_DIAGRAM_TILES = "rlr" "lrl" "rll"
_DIAGRAM_MERGE = "a3,b4-b3"
# the hex page's diagram: a side-2 board, X's 2-stack on c2 and single on e2 merge onto O's single on d2
_HEX_DIAGRAM_TILES = "du" "udu" "dd"
_HEX_DIAGRAM_MERGE = "c2,e2-d2"


@lru_cache(maxsize=1)
def _diagram_state() -> TruchetState:
    return TRUCHET.position(_DIAGRAM_TILES, x={"a3": 2, "b4": 1}, o={"b3": 1, "d2": 2}, to_move=X)


@lru_cache(maxsize=1)
def _hex_diagram_state() -> TruchetState:
    return TRUCHET.position(_HEX_DIAGRAM_TILES, x={"c2": 2, "e2": 1}, o={"d2": 1, "d3": 2}, to_move=X)


def _draw_diagram(surface: pygame.Surface, rect: pygame.Rect) -> None:
    _draw_merge(surface, rect, _diagram_state(), _DIAGRAM_MERGE)


def _draw_hex_diagram(surface: pygame.Surface, rect: pygame.Rect) -> None:
    _draw_merge(surface, rect, _hex_diagram_state(), _HEX_DIAGRAM_MERGE)


def _draw_merge(surface: pygame.Surface, rect: pygame.Rect, state: TruchetState, written: str) -> None:
    """`state` with the merge `written` shown as the board shows a move being built (checked legal)."""
    geo = state.board
    merge = TRUCHET.parse_move(written, state)
    TRUCHET.check_legal(state, merge)
    index = geo.index
    target = index[merge.destinations[0]]
    taken = frozenset(index[name] for name in TRUCHET.captures(state, merge))
    layout = TruchetLayout(state.board, rect)
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
        ("Hexagonal Truchet", "The rules end with a variant left unfinished: the same game on a hexagonal board "
                              "of hexagonal tiles. We designed one; choose Board: Hexagonal on the new-game page "
                              "(its own rules page says what differs and what to try)."),
    ),
    diagram=_draw_diagram,
    caption=_caption(),
    lesson="truchet-square",
)


def _hex_caption() -> str:
    state = _hex_diagram_state()
    return (f"A side-2 hex board. Teal dotted regions are X's, sand ones O's; + and \u2212 mark each junction's "
            f"colour. X merges its 2-stack on c2 and its single on e2 onto d2 ({_HEX_DIAGRAM_MERGE}): both are one "
            f"tile side from d2. The O piece there stands on O's own colour, so only a taller stack takes it, and "
            f"3 > 1. O's 2-stack on d3 stands on X's colour: a stack of two could take it. X has "
            f"{TRUCHET.scores(state)[0]} pieces, O {TRUCHET.scores(state)[1]}.")


#: What hex-truchet.md (section 9) asks players to try, in plain words.
HEX_PLAYTEST = (
    "Size and pieces: is side 4 with 18 pieces each too crowded, or too long? (The alternative would start "
    "each side on one row fewer, 11 pieces each; side 5, with 30 each, is probably too many.)",
    "Three neighbours instead of four: do merges and splits offer too few choices, and are captures rarer? "
    "Note how long games last and how many end in the draw after turns without a capture.",
    "Small regions: about a quarter of the junctions are regions of their own (a sixth on the square board). "
    "Do stacks get trapped, unable to move, more often?",
    "Flips: a tile has six corners, so one piece pins three tiles. Are flips too rare in the middle game?",
    "First move: does X gain from moving first, and does O's choice of the centre tile matter more than on "
    "the square board?",
    "Names: are u and d, and tile names whose letters are two apart (eg23), clear to you?",
    "Should it be a game of its own (Hex Truchet) rather than an option of Truchet?",
)

HEX_TRUCHET_RULES = RulesPage(
    credit="Truchet was designed by Cameron Browne (2007). His rules end with one line on Hexagonal Truchet: "
           "\"Played as per the standard version on a hex hex board using hexagonal truchet tiles. Still under "
           "development.\" He left it unfinished, so this variant is our own design, not his rules: the board, "
           "the tiles, the names of junctions and tiles, which junctions are next to each other and the starting "
           "pieces are our choices, made so that everything else plays as in his Truchet.",
    sections=(
        ("The board", "A hexagon of hexagonal tiles, pointed at the top, 4 along each side (2 to 6 with the size "
                      "option): 37 tiles. Each tile carries three arcs round alternate corners; they cut off three "
                      "small caps and leave a band joining the other three corners. The tile corners are the "
                      "junctions where pieces stand, and their colours are fixed: every tile's top, lower-left "
                      "and lower-right corners are X's (Parity shows them). A tile shows u when its band reaches up "
                      "to its top corner (joining X's corners), d when it reaches down; flipping it toggles u and d. "
                      "Junctions of one colour joined by a chain of bands form a region; X owns the dotted (teal) "
                      "regions, O the blank (sand) ones."),
        ("Names", "The junctions lie on zigzag rows numbered from 1 at the bottom (X's side). A column letter "
                  "counts half tile widths from a, so a junction is named like f3. A tile is named by its outer "
                  "column letters, two apart, and its two rows: eg23 is the tile with corners e2 f2 g2 e3 f3 g3."),
        ("Set-up", "As in Truchet: O places its half of the tiles (the top rows and the right of the middle row), "
                   "X its half, and O the centre tile; Random tiles is recommended. Each player then has 18 "
                   "pieces (on other sizes 3s(s-1)/2), one on each junction of their colour in the three junction "
                   "rows nearest them; the two middle rows start empty. X moves first."),
        ("A turn", "First you may flip one tile, if no piece stands on any of its six corners. Then you must "
                   "step, merge or split a stack, exactly as in Truchet."),
        ("Next to", "Merges and splits use the junctions next to a stack, here one tile side away: the left and "
                    "right neighbours in its row, and the junction straight above an X junction or straight "
                    "below an O junction. So a junction has at most three neighbours, always of the other colour: "
                    "merges and splits always land on the other colour, as on the square board."),
        ("Capture and winning", "As in Truchet: a merge or split may land on enemy stacks and take them (one "
                                "on its own colour only by a taller stack, one on yours by as tall or taller); "
                                "stacks never exceed 4; you win when your opponent has no pieces or cannot move a "
                                "stack. The draw rules are the same."),
        ("Writing moves", "ik45:h3-h5 flips tile ik45 and steps h3 to h5; e2,g2-f2 merges; f3-e3,2xg3 splits; "
                          "d1>e2,g2-f2 first moves within the region; random or u/d letters place tiles."),
        ("What to try", "This design is new and needs playing. Please tell us what you find, in particular:\n" +
         "\n".join(f"{k}. {words}" for k, words in enumerate(HEX_PLAYTEST, 1))),
    ),
    diagram=_draw_hex_diagram,
    caption=_hex_caption(),
    title="Hex Truchet",
    lesson="truchet-hex",
)
