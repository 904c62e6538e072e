"""know taught by play: the lesson's steps, as data (read by `game.app.play.lesson`).

Positions are know's own set-up (`KNOW.position`): the pieces moved from their starting spaces, by
piece code (``H*`` is Red's striped Herald, ``f`` Blue's plain Fool) and space name, the player to act,
the phase of the turn and the die in force. No Red piece borders a Blue one, as in any real game. The
rules ``connects`` (the move makes a new connection) and ``resolves`` hold from the real rules.
"""

from __future__ import annotations

from typing import Any

from game.app.play.lesson import Lesson, Rule, Step
from game.rules.base import Game
from game.rules.know import MOVE, PREROLL, board, connected_pairs

#: Red's Fool and Blue's Bard face each other across two points of contention (1.2a and 2.3)
PATH = {"F*": "2.2b", "b*": "1.3"}
#: Red's Fool on 1.0b is locked out: Blue's Herald on 1.1a makes both its neighbours points of contention
LOCKED = {"h*": "1.1a", "H*": "3.1a"}


def mark(layout: Any, state: Any, name: str) -> tuple[tuple[float, float], float]:
    """Where the board draws the space `name`, and a ring's radius round a piece there."""
    space = board().index[name]
    return layout.centroids[space], layout.piece_radii[space] * 1.2


def connects(game: Game, before: Any, move: Any, after: Any, args: tuple) -> bool:
    """The mover holds more connections after the move than before."""
    side = before.player
    return len(connected_pairs(after.pos, side)) > len(connected_pairs(before.pos, side))


def resolves(game: Game, before: Any, move: Any, after: Any, args: tuple) -> bool:
    """The move Resolves the game for the mover."""
    return after.resolved == before.player


LESSON = Lesson(
    key="know",
    game="know",
    title="know",
    options={},
    predicates={"connects": connects, "resolves": resolves},
    marker=mark,
    steps=(
        Step(
            title="Roll and move",
            notice="You are Red, at the top. You have two each of three kinds: Bards (round), Fools (triangles) "
                   "and Heralds (squares). Each turn you roll one die and move one piece exactly that many "
                   "spaces, each into a space sharing a side with the last.",
            task="Press Roll, then move a piece: tap a ringed piece, then a green space.",
            hint="Only the ringed pieces can move the number rolled: tap one, and the green spaces show where.",
            praise="A piece never enters a space twice in one move, nor passes through another piece.",
            setup={"phase": "roll"},
            rolls=("roll:3",),
            rule=Rule("kind", ("move",)),
            answer="1.0a-0.2",
            show="Tap your striped square on 1.0a, then the green space 0.2.",
        ),
        Step(
            title="Connect",
            notice="Two pieces of a kind are connected when they stand on opposite spaces, straight across the "
                   "centre. Threads shows the line between each pair.",
            task="You rolled 2: connect your Heralds (the squares) by moving one of them.",
            hint="Move the Herald on 2.1b two spaces, to the space facing the other Herald across the centre.",
            praise="Connected: your Heralds face each other across the centre, on the First Tier.",
            setup={"pieces": {"H*": "2.1b", "H": "11.1b"}, "phase": MOVE, "dice": (2,)},
            rule=Rule("connects"),
            answer="2.1b-3.1b",
            view={"show_threads": True},
            marks=("2.1b", "11.1b"),
            show="Tap the Herald on 2.1b, then 3.1b.",
        ),
        Step(
            title="Influence",
            notice="Each piece influences the spaces that share a side with it (Influence shows them). Your "
                   "pieces may never enter or pass a space Blue influences.",
            task="You rolled 2: connect your Fools (the triangles).",
            hint="Your Fool on 11.1a would have to pass Blue's Fool on 10.2b: move your other Fool instead.",
            praise="Connected! Your other Fool could not: the space facing yours lies next to Blue's Fool, under "
                   "its influence.",
            setup={"pieces": {"F*": "11.1a", "F": "2.2a", "f*": "10.2b"}, "phase": MOVE, "dice": (2,)},
            view={"show_influence": True},
            rule=Rule("connects"),
            answer="2.2a-3.1a",
            marks=("11.1a", "2.2a"),
            show="Tap the Fool on 2.2a, then 3.1a.",
        ),
        Step(
            title="The Solipsistic Path",
            notice="A space both colours influence is a point of contention: no piece may stop there, and no "
                   "ordinary move may cross it. A Solipsistic Path, declared before you roll, can.",
            task="Declare a Path for your Fool on 2.2b: tap it, then a glowing point of contention next to it.",
            hint="The glowing spaces beside your Fool are the points of contention: tap the Fool first.",
            praise="Declared. Now both players roll a die, each adding the spaces influenced by their pieces "
                   "beside that point.",
            setup={"pieces": PATH, "phase": PREROLL},
            rule=Rule("kind", ("path",)),
            answer="path:2.2b>1.2a",
            marks=("2.2b",),
            show="Tap your Fool on 2.2b, then the glowing space 1.2a.",
        ),
        Step(
            title="Crossing on the Path",
            notice="You won the contest, 6 + 1 against 1 + 1. Your Fool now moves exactly 6, first into the "
                   "point of contention; it may pass others, but must stop where Blue has no influence.",
            task="Move your Fool through the point of contention: tap a green space.",
            hint="The Fool is chosen already: any green space will do.",
            praise="Through! Had Blue won the contest, your turn would have been lost.",
            setup={"pieces": PATH, "phase": PREROLL},
            moves=("path:2.2b>1.2a", "roll:6/1"),
            rule=Rule("kind", ("move",)),
            answer="2.2b-4.2",
            show="Tap the green space 4.2, right of the centre.",
        ),
        Step(
            title="The Significant Errand",
            notice="A piece whose neighbours are all points of contention is locked out. After rolling, you may "
                   "ask for a Significant Errand for it: Blue rolls, and if your roll is higher, it moves.",
            task="You rolled 4, and your Fool on 1.0b is locked out: press Errand.",
            hint="The Errand button, under the board, asks for it once you have rolled.",
            praise="Asked. Blue now rolls against your 4.",
            setup={"pieces": LOCKED, "phase": MOVE, "dice": (4,)},
            accept=("errand:1.0b",),
            marks=("1.0b",),
            show="Press Errand.",
        ),
        Step(
            title="On the Errand",
            notice="Blue rolled 2 against your 4: the Errand is granted. Your Fool moves exactly 4, passing any "
                   "influence, but must stop on a space Blue does not influence.",
            task="Send your Fool out: tap a green space.",
            hint="The locked Fool is chosen already: tap any green space.",
            praise="Free! Had Blue rolled higher, you would have moved another piece instead.",
            setup={"pieces": LOCKED, "phase": MOVE, "dice": (4,)},
            moves=("errand:1.0b", "roll:2"),
            rule=Rule("kind", ("move",)),
            answer="1.0b-2.2b",
            show="Tap the green space 2.2b.",
        ),
        Step(
            title="Resolution",
            notice="You win by Resolving: holding three connections at once, one on the Rim, one on the First "
                   "Tier and one on the Second. Your Heralds hold the Rim, your Fools the First Tier.",
            task="You rolled 2: connect your Bards on the Second Tier, and Resolve.",
            hint="Your Bards are on 2.2a and 9.2a: move one 2 spaces, to the space facing the other.",
            praise="Resolved! Blue now rolls to catch up; unless that Resolves Blue too, you win. If both do, the "
                   "score decides: the spaces your connected pieces influence, less points of contention, plus 6.",
            setup={"pieces": {"H*": "3.0b", "H": "11.0b", "F*": "4.1", "F": "12.1", "B*": "2.2a", "B": "9.2a"},
                   "phase": MOVE, "dice": (2,)},
            rule=Rule("resolves"),
            answer="9.2a-10.2a",
            marks=("2.2a", "9.2a"),
            show="Tap your Bard on 9.2a, then 10.2a.",
        ),
    ),
    finale="That is know: roll and move exactly, stay out of Blue's influence, connect your pairs across "
           "the centre, and Resolve with three at once. The Path and the Errand get you out of tight spots.",
)
