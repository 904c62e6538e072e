"""Truchet and Hexagonal Truchet taught by play: the lessons' steps, as data (read by
`game.app.play.lesson`).

Positions are Truchet's own position text (`TRUCHET.position`): every tile's letter, row 1 first (``l``
and ``r`` on the square board, ``u`` and ``d`` on the hex board), and the stacks of X and of O with
their heights. The lessons play on small boards (5 x 5, and a side-3 hex), whose junctions are big on a
phone; each first game is on the usual board.
"""

from __future__ import annotations

from typing import Any

from game.app.play.lesson import Lesson, Rule, Step
from game.rules.base import Game

#: a 5 x 5 tiling with a large X region, a large O region and small ones
TILES = "rrllr rrrll lrllr lrlll rrllr"


def mark(layout: Any, state: Any, name: str) -> tuple[tuple[float, float], float]:
    """Where the board draws the junction or tile `name`, and a ring's radius round it."""
    geo = state.board
    if name in geo.tile_index:
        return layout.tile_center(geo.tile_index[name]), layout.tile * 0.42
    return layout.points[geo.index[name]], layout.tile * 0.3


def captures(game: Game, before: Any, move: Any, after: Any, args: tuple) -> bool:
    """The move captures the enemy stacks on every junction named."""
    taken = set(game.captures(before, move))  # type: ignore[attr-defined]
    return set(args) <= taken


def lands(game: Game, before: Any, move: Any, after: Any, args: tuple) -> bool:
    """The move is of kind `args[0]` and lands on `args[1]`."""
    kind, junction = args
    return move.kind == kind and junction in move.destinations


PREDICATES = {"captures": captures, "lands": lands}

LESSON = Lesson(
    key="truchet-square",
    game="truchet",
    title="Truchet",
    options={},
    predicates=PREDICATES,
    marker=mark,
    steps=(
        Step(
            title="Regions",
            notice="The curves on the tiles cut the board into regions: the dotted teal ones are yours (X), "
                   "the sand ones O's. Pieces stand on the junctions where tiles meet.",
            task="Step your piece on d2 along its region to d6, at the top: tap the piece, then the green dot.",
            hint="A step follows your teal region from junction to junction: find d6 among the green dots.",
            praise="A step goes anywhere in its region, as far as you like, but never over another stack.",
            setup={"tiles": TILES, "x": {"d2": 1, "a1": 1, "c1": 1}, "o": {"c4": 1, "b5": 1, "a4": 1}},
            accept=("d2-d6",),
            marks=("d2",),
            show="Tap your piece on d2, then the green dot on d6.",
        ),
        Step(
            title="Flip a tile",
            notice="Before your move you may flip one tile that has no piece on its corners: its curves turn "
                   "the other way, and the regions change.",
            task="Your piece on b2 is shut in a small region. Flip tile cd23 (ringed) to open it, then step to d6.",
            hint="Tap the ringed tile between c2, d2, c3 and d3 first: the new regions show before you move.",
            praise="The flip joined your piece's region to the big one. Your opponent may flip it back.",
            setup={"tiles": TILES, "x": {"b2": 1, "a3": 1, "c1": 1}, "o": {"c4": 1, "b5": 1, "d5": 1}},
            accept=("cd23:b2-d6",),
            marks=("cd23", "b2"),
            show="Tap the tile cd23, then your piece on b2, then d6.",
        ),
        Step(
            title="Merge",
            notice="Stacks next to the same junction (one tile side away, never diagonally) can merge onto it, "
                   "all their pieces together. A stack holds at most 4 pieces.",
            task="Merge your pieces on e1 and e3 onto e2, between them.",
            hint="Tap both pieces, then the ring between them on e2, then Play.",
            praise="A stack of two on e2. A merge always lands on the other colour: e2 is O's.",
            setup={"tiles": TILES, "x": {"e1": 1, "e3": 1, "b2": 1}, "o": {"c4": 1, "b5": 1, "d5": 1}},
            rule=Rule("lands", ("merge", "e2")),
            answer="e1,e3-e2",
            marks=("e1", "e3"),
            show="Tap your pieces on e1 and e3, then the ring on e2, then Play.",
        ),
        Step(
            title="Capture",
            notice="A merge or a split may land on enemy stacks and take them. On its own colour a stack falls "
                   "only to a taller one; on your colour, to one as tall or taller.",
            task="The O piece on e2 stands on O's colour: take it with a taller stack, merging your two pieces "
                 "onto it.",
            hint="One piece cannot take it there; two merged onto e2 can.",
            praise="Taken: your stack of two beat O's single on its own colour. A step never captures.",
            setup={"tiles": TILES, "x": {"e1": 1, "e3": 1, "b2": 1}, "o": {"e2": 1, "b5": 1, "d5": 1}},
            rule=Rule("captures", ("e2",)),
            answer="e1,e3-e2",
            marks=("e2",),
            show="Tap your pieces on e1 and e3, then the red ring on e2, then Play.",
        ),
        Step(
            title="Split",
            notice="A stack of two or more can split onto the junctions next to it, every piece going somewhere. "
                   "A part may take an enemy stack there.",
            task="The O piece on d2 stands on your colour, so one piece can take it: split your stack of two, one "
                 "piece onto d2.",
            hint="Tap your stack, then the red ring on d2 for one piece and another ring for the other.",
            praise="Taken by a part of your split: on your colour, as tall is enough.",
            setup={"tiles": TILES, "x": {"e2": 2, "b2": 1}, "o": {"d2": 1, "b5": 1, "c4": 1}},
            rule=Rule("captures", ("d2",)),
            answer="e2-d2,f2",
            marks=("e2", "d2"),
            show="Tap your stack on e2, then the red ring on d2, then the ring on f2, then Play.",
        ),
        Step(
            title="Winning",
            notice="You win when your opponent has no pieces left, or cannot move a stack on their turn.",
            task="O has two stacks left, both on your colour: split your stack of three to take both at once.",
            hint="The O stack of two needs at least two of your pieces; the single needs one.",
            praise="Both taken: O has no pieces left, and you win!",
            setup={"tiles": TILES, "x": {"e2": 3, "b2": 1}, "o": {"d2": 1, "e3": 2}},
            rule=Rule("wins"),
            answer="e2-d2,2xe3",
            marks=("d2", "e3"),
            show="Tap your stack on e2, then the ring on d2 once and the ring on e3 twice, then Play.",
        ),
    ),
    finale="You know Truchet: flip a tile to reshape the regions, then step, merge or split; capture by "
           "landing on enemy stacks (taller on their colour, as tall on yours). A game starts with the tiles "
           "laid at random.",
)

#: a side-3 hex tiling (tile rows 1 to 5, left to right): a large X region, a small one at the lower right
HEX_TILES = "udu uudd duuuu uduu uuu"

HEX_LESSON = Lesson(
    key="truchet-hex",
    game="truchet",
    title="Hexagonal Truchet",
    options={"hex": True},
    play_options={"hex": True},
    predicates=PREDICATES,
    marker=mark,
    steps=(
        Step(
            title="The hex board",
            notice="Hexagonal Truchet is Truchet on hexagons, our design of the variant its inventor left "
                   "unfinished. Each tile's three curves leave a band joining three of its corners.",
            task="Step your piece on c1 through your teal region up to h6, ringed at the top: tap it, then the "
                 "green dot there.",
            hint="Your region winds up the board: h6 is one of the green dots at the top.",
            praise="As on the square board, a step runs anywhere along your region, never over a stack.",
            setup={"tiles": HEX_TILES, "x": {"c1": 1, "e1": 1, "i1": 1}, "o": {"b3": 1, "e4": 1, "h3": 1}},
            accept=("c1-h6",),
            marks=("c1", "h6"),
            show="Tap your piece on c1, then the green dot on h6.",
        ),
        Step(
            title="Six corners",
            notice="A hex tile has six corners, and may be flipped only if none of them holds a piece.",
            task="Your piece on i1 is shut in a region of three junctions: flip the ringed tile hj23, then step "
                 "to h6.",
            hint="Tap the ringed tile first: its corners are all empty, so it flips.",
            praise="The flip opened the way. Any piece keeps the tiles round it from flipping.",
            setup={"tiles": HEX_TILES, "x": {"i1": 1, "c1": 1, "e1": 1}, "o": {"b3": 1, "e4": 1, "f3": 1}},
            accept=("hj23:i1-h6",),
            marks=("hj23", "i1", "h6"),
            show="Tap the tile hj23, then your piece on i1, then h6.",
        ),
        Step(
            title="Three neighbours",
            notice="Merges and splits use the junctions one tile side away: left and right along the zigzag "
                   "row, and straight up from your junctions (down from O's). So there are three at most.",
            task="Merge your three pieces next to f3 onto it, taking O's piece there.",
            hint="The neighbours of f3 are f2 below it and e3 and g3 beside it: all three are yours.",
            praise="A stack of three took O's single: a taller stack takes one on its own colour.",
            setup={"tiles": HEX_TILES, "x": {"f2": 1, "e3": 1, "g3": 1, "c1": 1}, "o": {"f3": 1, "b3": 1, "h3": 1}},
            accept=("f2,e3,g3-f3",),
            marks=("f2", "e3", "g3"),
            show="Tap your pieces on f2, e3 and g3, then the red ring on f3, then Play.",
        ),
        Step(
            title="Split three ways",
            notice="A split may go to all the neighbours at once, and take what it lands on there.",
            task="O has two pieces left, both on your colour: split your stack of three to take both, and win.",
            hint="Send a piece to each of f3's three neighbours: the two beside it hold O's pieces.",
            praise="Both taken: O has no pieces left, and you win!",
            setup={"tiles": HEX_TILES, "x": {"f3": 3, "c1": 1}, "o": {"e3": 1, "g3": 1}},
            rule=Rule("wins"),
            answer="f3-f2,e3,g3",
            marks=("e3", "g3"),
            show="Tap your stack on f3, then the rings on f2, e3 and g3, then Play.",
        ),
    ),
    finale="You know Hexagonal Truchet: Truchet's rules on hexagons, with three neighbours a junction and six "
           "corners a tile. This board is new: tell us how it plays (its rules page lists what to try).",
)
