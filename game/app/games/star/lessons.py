"""Star taught by play: the lesson's steps, as data (read by `game.app.play.lesson`).

Positions are Star's own position text (`game.rules.star.position`: a colour's letter, then its cells)
on a size-5 board, whose cells are bigger on a phone; the first game is on the usual size 6.
"""

from __future__ import annotations

from game.app.play.lesson import Lesson, Rule, Step

SMALL = {"size": 5}

LESSON = Lesson(
    key="star",
    game="star",
    title="Star",
    options=SMALL,
    play_options={},
    view={"show_coords": True},
    steps=(
        Step(
            title="Corners score",
            notice="You play the dark stones (X): in turn, each player puts one stone on any empty cell. A group "
                   "of your stones that touches the edge scores a point for each grey outside cell it touches, "
                   "minus 2.",
            task="A corner touches 3 outside cells: place a stone on a corner to score 1 point.",
            hint="The corners are the six cells where two sides of the board meet.",
            praise="1 point: your stone touches 3 outside cells, minus 2.",
            setup={"layout": ""},
            rule=Rule("score_at_least", (1,)),
            answer="E1",
            show="Tap the corner cell E1 (on a small screen, tap it twice).",
        ),
        Step(
            title="Chains along the edge",
            notice="Stones on touching cells make one chain. A longer chain along the edge touches more outside "
                   "cells, so it scores more.",
            task="Grow your corner stone into a chain: place a stone on an edge cell next to it.",
            hint="Choose a cell on the edge that touches your stone on E1.",
            praise="Your chain now touches 4 outside cells: 4 minus 2 is 2 points.",
            setup={"layout": "X E1 O C7"},
            accept=("F1", "D2"),
            show="Tap F1, next to E1 along the top edge.",
        ),
        Step(
            title="Join your chains",
            notice="Each chain pays its 2 points, so two chains pay 4. Joined into one, they pay only 2.",
            task="Join your two chains on the bottom edge with one stone.",
            hint="Look for the one empty cell between your two chains.",
            praise="One chain now: your score went up by 2, from 4 to 6.",
            setup={"layout": "X A8 B8 D8 E8 O B7 C7 D7"},
            accept=("C8",),
            show="Tap C8, between your chains.",
        ),
        Step(
            title="Keep the enemy apart",
            notice="The same idea works against your opponent: O's two chains on the bottom edge would gain 2 "
                   "points by joining.",
            task="Stop O from joining: take the cell between O's chains.",
            hint="O joins through a single empty cell: take it first.",
            praise="O's chains stay apart, and each still pays its 2 points.",
            setup={"layout": "X B7 C7 D7 O A8 B8 D8 E8"},
            accept=("C8",),
            show="Tap C8, between O's chains.",
        ),
        Step(
            title="The swap",
            notice="Moving first is an advantage. So on the second move of a game only, the other player may "
                   "swap: take the opening stone, which keeps its colour, and play dark (X) from then on.",
            task="X opened in the middle, a strong start. You are to move: press Swap to take that stone.",
            hint="Only the second move of a game may swap: the Swap button is under the board.",
            praise="The middle stone is yours: you now play X (dark), and your opponent, now O, moves next.",
            moves=("D5",),
            accept=("swap",),
            show="Press Swap under the board.",
        ),
        Step(
            title="How the game ends",
            notice="You may pass instead of placing a stone. When both players pass, one after the other, the "
                   "game ends: the higher total score wins.",
            task="O has just passed and you are ahead, 5 to 2: pass too, to end the game and win.",
            hint="A stone gains you nothing here: press Pass.",
            praise="Both players passed, so the game is over: X wins, 5 to 2.",
            setup={"layout": "X F1 G1 H1 H2 H3 B7 O A8 B8 C7", "to_move": "O"},
            moves=("pass",),
            accept=("pass",),
            show="Press Pass under the board.",
        ),
        Step(
            title="Maxi-Star",
            notice="In Maxi-Star (a choice on the new-game page) only your best chain counts; equal best "
                   "chains are compared by the next best ones.",
            task="Your best chain scores 5. Raise your score: make that chain score more.",
            hint="A stone for your single stone on C8 changes nothing: only the best chain counts. Grow the "
                 "chain on the right-hand edge.",
            praise="Your best chain grew, and with it your score: in Maxi-Star one big chain beats many small ones.",
            setup={"layout": "X F1 G1 H1 H2 H3 C8 O C7 D7 E4"},
            options={"maxi": True},
            rule=Rule("score_gain", (1,)),
            answer="E1",
            show="Tap E1, the corner at the end of your chain.",
        ),
    ),
    finale="You know Star: place stones, score with chains that touch the edge (outside cells minus 2), "
           "join your chains and keep your opponent's apart; both passing ends the game.",
)
