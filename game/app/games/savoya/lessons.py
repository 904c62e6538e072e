"""Savoya taught by play: what differs from Savoy (the board of two paths, two colours a player for two,
colours that block and pin whoever owns them, three or four players), as data read by
`game.app.play.lesson`. Savoy's own lesson teaches the moves, pins, blocks and bounce-back.

Positions are Savoy's position text on Savoya's board (`SAVOYA.position`: stacks bottom first, the
letters R, L, T and B), the seat to move and the dice in force.
"""

from __future__ import annotations

from game.app.games.savoy.lessons import PREDICATES, mark
from game.app.play.lesson import Lesson, Rule, Step

LESSON = Lesson(
    key="savoya",
    game="savoya",
    title="Savoya",
    options={"players": 2},
    play_options={"players": 2},
    predicates=PREDICATES,
    marker=mark,
    steps=(
        Step(
            title="Gold against Silver",
            notice="Savoya is Savoy on two paths: gold runs left to right, silver bottom to top. For two you are "
                   "Gold, with two colours: red R pieces race from a6 to the right end, blue L pieces from o10 to "
                   "the left end. Both colours home wins.",
            task="Press Roll (one die each; the higher moves first, with that die alone), then move 4 with "
                 "either colour.",
            hint="Tap your R stack on a6 or your L stack on o10, then the green cell, then Play.",
            praise="Moved! Silver does the same with its T pieces (up) and B pieces (down).",
            rolls=("roll:4,2",),
            accept=("a6-e6", "o10-k10"),
            marks=("a6", "o10"),
            show="Tap the R stack on a6, then e6, then Play.",
        ),
        Step(
            title="Two colours in a turn",
            notice="In one turn you may move pieces of both your colours, one die each or both dice for one "
                   "piece.",
            task="You rolled 3 and 5: bring an R piece and an L piece home in this one turn.",
            hint="The R piece on j10 is 3 cells from its home; the L piece on h6 is 5 cells from c6.",
            praise="Both home in one turn: R on m10 and L on c6.",
            setup={"layout": "a6=RRRR j10=R m10=R h6=L o10=LLLL c6=L j1=TTTTT f6=T f15=BBBBBB",
                   "to_move": "Gold", "dice": (3, 5)},
            accept=("h6-c6,j10-m10",),
            marks=("j10", "h6"),
            show="Tap j10, then m10; tap h6, then c6; then Play.",
        ),
        Step(
            title="Your colours block each other",
            notice="Blocks and pins go by colour, not by player: your own L stack blocks your R pieces, and an R "
                   "landing on your own lone L would pin it.",
            task="You rolled 2 and 3: move the R piece on e6 past your own L block on g6.",
            hint="The 2 would stop the R piece on g6, your L block: let the 3 take it to h6 first.",
            praise="Past your own block: the R piece jumped it, as it would an enemy's.",
            setup={"layout": "a6=RRRR e6=R g6=LL j6=R o10=LLLL j1=TTTTT i4=T f15=BBBBBB",
                   "to_move": "Gold", "dice": (2, 3)},
            rule=Rule("moves", ("e6", "h6", "j6")),
            answer="e6-j6",
            marks=("e6", "g6"),
            show="Tap e6, then j6 (3 and 2 together), then Play.",
        ),
        Step(
            title="Where the paths cross",
            notice="Where gold and silver cross, a piece that starts there may set off along either path: any "
                   "piece may use both.",
            task="You rolled 4 and 1: take the silver path up from j6 to j10, on the row of your R home.",
            hint="From j6 go up, not along the gold row: j7, j8, j9, j10.",
            praise="On the home row: three more cells and that R piece is home.",
            setup={"layout": "a6=RRRR j6=R m10=R c6=L o10=LLLLL j1=TTTTT i4=T f15=BBBBBB",
                   "to_move": "Gold", "dice": (4, 1)},
            rule=Rule("moves", ("j6", "j10")),
            answer="c6-b6,j6-j10",
            marks=("j6",),
            show="Tap j6, then j10; use the 1 (c6 to b6, say); then Play.",
        ),
        Step(
            title="Pins",
            notice="As in Savoy, a piece that lands on a lone piece of another colour pins it.",
            task="You rolled 2 and 4: pin Silver's lone T piece on f6, where the paths cross.",
            hint="Your R piece on d6 is 2 cells from f6 along the gold row.",
            praise="Pinned: that T piece cannot move until your piece leaves.",
            setup={"layout": "a6=RRRRR d6=R h6=LL j6=L o10=LLL j1=TTTTT f6=T f15=BBBBBB",
                   "to_move": "Gold", "dice": (2, 4)},
            rule=Rule("pins", ("f6",)),
            answer="d6-f6,j6-j10",
            marks=("f6",),
            show="Tap d6, then f6; move the 4 (j6 up to j10, say); then Play.",
        ),
        Step(
            title="Three or four players",
            notice="With three or four, each player has one colour, and turns go round the board: R, B, L, T. "
                   "Every other colour can block you, or be pinned.",
            task="You are R and rolled 4 and 2: pin B's lone piece on l8.",
            hint="From the crossing h8, go right along the silver row: 4 cells to l8.",
            praise="Pinned: B, who plays next, cannot move that piece until yours leaves.",
            setup={"layout": "a6=RRRRR h8=R o10=LLLLLL j1=TTTTTT l8=B f15=BBBBB", "to_move": "R", "dice": (4, 2)},
            options={"players": 4},
            rule=Rule("pins", ("l8",)),
            answer="a6-c6,h8-l8",
            marks=("h8", "l8"),
            show="Tap h8, then l8; tap a6, then c6; then Play.",
        ),
    ),
    finale="You know Savoya: two paths and four colours, both of yours to bring home, any other colour "
           "(even your own other one) blocking and pinning. The rest is Savoy: learn it there too.",
)
