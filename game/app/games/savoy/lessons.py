"""Savoy taught by play: the lesson's steps, as data (read by `game.app.play.lesson`).

Positions are Savoy's own position text (`SAVOY.position`: stacks bottom first, ``d4=RL`` is R pinned
under L), the player to move and the dice in force; the first step rolls the lesson's opening roll.
The rules ``pins`` (a move leaves the lone piece on a cell pinned) and ``moves`` (a piece goes from a
cell to one of some others) serve Savoya's lesson too.
"""

from __future__ import annotations

from typing import Any

from game.app.play.lesson import Lesson, Rule, Step
from game.rules.base import Game


def mark(layout: Any, state: Any, name: str) -> tuple[tuple[float, float], float]:
    """Where the board draws the cell `name`, and a ring's radius round a piece there."""
    return layout.centre(name), layout.piece_radius * 1.25


def pins(game: Game, before: Any, move: Any, after: Any, args: tuple) -> bool:
    """The move pins the piece on `args[0]` (it was not pinned before)."""
    cell = args[0]
    return cell in game.details(after)["pinned"] and cell not in game.details(before)["pinned"]


def moves(game: Game, before: Any, move: Any, after: Any, args: tuple) -> bool:
    """A piece of the move goes from `args[0]` to one of the cells `args[1:]`."""
    src, *dsts = args
    return any(part.src == src and part.dst in dsts for part in getattr(move, "parts", ()))


PREDICATES = {"pins": pins, "moves": moves}

LESSON = Lesson(
    key="savoy",
    game="savoy",
    title="Savoy",
    options={},
    predicates=PREDICATES,
    marker=mark,
    steps=(
        Step(
            title="Race home",
            notice="You play red (R). Race all six of your pieces from a4, at the left, to your home: the three "
                   "red cells m7, n7 and o7 at the right end. The first player with every piece home wins.",
            task="Press Roll: each player throws one die, and the higher moves first with that die alone. Then "
                 "move 5: tap your stack, then the green cell, then Play.",
            hint="From a4 the path goes one way only: right, along the lower row.",
            praise="Your piece moved 5 cells along the path. From now on every turn throws two dice.",
            rolls=("roll:5,3",),
            accept=("a4-f4",),
            show="Tap the stack on a4, then f4, then Play.",
        ),
        Step(
            title="Two dice",
            notice="Each die moves a piece that many cells, and you must use all the pips you can. One piece may "
                   "take both dice, added up, but it goes one way all along: it never turns.",
            task="You rolled 2 and 3: bring your lone piece on h7 home to m7, five cells to the right.",
            hint="Move one piece 2 + 3 = 5 cells: the one on h7, in the upper row.",
            praise="Home! That piece used both dice, 2 + 3 = 5 pips, in one move.",
            setup={"layout": "a4=RRRR h7=R n7=R o7=LLL d5=LL b4=L", "to_move": "R", "dice": (2, 3)},
            accept=("h7-m7",),
            marks=("h7",),
            show="Tap h7, then m7, then Play.",
        ),
        Step(
            title="Crossings",
            notice="Where the path crosses itself (the cells marked +), a piece that starts its move there may "
                   "set off in any of four directions. Crossings are shortcuts.",
            task="You rolled 6 and 4: from the crossing d4, go up and home to m7 in one move of 10.",
            hint="Leave d4 upwards, through d5 and e6: along the lower row, m7 is 34 cells away.",
            praise="Home in one move: the shortcut took 10 cells, the long way round takes 34.",
            setup={"layout": "a4=RRRR d4=R n7=R o7=LLL j4=LL b4=L", "to_move": "R", "dice": (6, 4)},
            accept=("d4-m7",),
            marks=("d4",),
            show="Tap d4, then m7, then Play.",
        ),
        Step(
            title="Pins",
            notice="Land on a single enemy piece and it is pinned under yours: it cannot move until every piece "
                   "on top has left. A lone piece on a crossing is easy to reach.",
            task="You rolled 4 and 2: pin the lone blue piece (L) on the crossing h4.",
            hint="Your piece on d4 is 4 cells from h4 along the lower row.",
            praise="Pinned! That L piece is stuck under yours until you move away.",
            setup={"layout": "a4=RRRR d4=R n7=R o7=LL h4=L l8=LL b4=L", "to_move": "R", "dice": (4, 2)},
            rule=Rule("pins", ("h4",)),
            marks=("d4", "h4"),
            answer="a4-c4,d4-h4/4",
            show="Tap d4, then h4 (4 cells along the row); then move 2 with the stack on a4, and press Play.",
        ),
        Step(
            title="Blocks",
            notice="Two or more pieces of one colour on a cell make a block: no enemy piece may land there, but "
                   "a piece may jump over it.",
            task="You rolled 5 and 1: move your piece on c4 over the blue block on f4.",
            hint="Along the lower row, a 5 takes the piece on c4 past f4 to h4.",
            praise="Over the block: a die may not end on it, but a move may pass it.",
            setup={"layout": "a4=RRRR c4=R n7=R f4=LL o7=LLL j7=L", "to_move": "R", "dice": (5, 1)},
            accept=("a4-b4,c4-h4", "c4-h4,n7-m7", "c4-i4"),
            marks=("c4", "f4"),
            show="Tap c4, then h4; then move the 1 (a4 to b4, say), and press Play.",
        ),
        Step(
            title="Bounce-back",
            notice="You must use all the pips you can, even if it sends a piece backwards, and no move may run "
                   "past the end of the path. Near home that can hurt.",
            task="You rolled double 6. Your stack on n7 is blocked and your last piece cannot go home: make the "
                 "only move there is.",
            hint="Your lone piece on l7 has one way left that is neither blocked nor off the end: down.",
            praise="Bounced all the way back to a4! With a 1, 2 or 3 that piece would have gone home and won.",
            setup={"layout": "n7=RRRRR l7=R h7=LL f7=LL o7=LL", "to_move": "R", "dice": (6, 6)},
            accept=("l7-a4",),
            marks=("l7",),
            show="Tap l7, then a4, then Play.",
        ),
        Step(
            title="Doubles, and winning",
            notice="A double counts twice: double 5 gives four moves of 5. The game ends as soon as your last "
                   "piece is home, even in the middle of a turn.",
            task="You rolled double 5: bring your last four pieces home and win.",
            hint="Each of the four pieces outside is exactly 5 cells from a home cell: give each one a 5.",
            praise="All six pieces home: you win!",
            setup={"layout": "h7=RR i7=R j7=R m7=R n7=R a4=LL d5=LLLL", "to_move": "R", "dice": (5, 5)},
            rule=Rule("wins"),
            answer="2xh7-m7,i7-n7,j7-o7",
            show="Tap h7 then m7, twice; i7 then n7; j7 then o7; then Play.",
        ),
    ),
    finale="You know Savoy: race home by the shortcuts, pin lone enemy pieces and keep your own in pairs, "
           "jump blocks, and mind bounce-back near home. A game starts with one die each.",
)
