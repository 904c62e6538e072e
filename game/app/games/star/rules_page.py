"""Star's rules in our own words, with a diagram drawn from a real position (the rules screen shows it)."""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.app.screens.rules import RulesPage
from game.rules.star import STAR, StarState, chains
from .view import BoardView, HexLayout, draw_star

_DIAGRAM_MOVES = ("D1", "F4", "C2", "D6", "B3", "C5", "A4", "D3", "E2")


@lru_cache(maxsize=1)
def _diagram_state() -> StarState:
    state = STAR.new({"size": 4})
    for text in _DIAGRAM_MOVES:
        state = STAR.apply(state, STAR.parse_move(text, state))
    return state


def _draw_diagram(surface: pygame.Surface, rect: pygame.Rect) -> None:
    state = _diagram_state()
    layout = HexLayout(4, rect)
    draw_star(surface, layout, state, BoardView(show_chains=True, chains=chains(state)))


def _caption() -> str:
    state = _diagram_state()
    found = chains(state)
    best = max((c for c in found if c.player == 0), key=lambda c: c.score)
    scores = STAR.scores(state)
    return (f"A size-4 board with its ring of external cells (blue-grey). The dark chain touches "
            f"{best.externals} external cells, so it scores {best.externals} - 2 = {best.score}. Each light "
            f"corner stone touches 3 and scores 1; stones off the edge score 0. Dark leads {scores[0]} to {scores[1]}.")


STAR_RULES = RulesPage(
    credit="Star was invented by Craige Schensted. Maxi-Star is by R. Wayne Schmittberger. "
           "This version follows the pbmserv server of Cameron Browne.",
    sections=(
        ("The board", "A hexagon of hexagonal cells whose sides are alternately long (size cells) and short "
                      "(one fewer). The size option runs from 3 to 14. Around the board runs a ring of "
                      "external cells: nobody plays on them, they only count for scoring."),
        ("Playing", "X (dark stones) moves first. On your turn, put one stone of your colour on any empty "
                    "cell, or pass. Stones never move and are never taken. The game ends when both "
                    "players pass one after the other."),
        ("Scoring", "Your stones that touch side to side form a chain. A chain scores the number of "
                    "different external cells it touches, minus two: a lone stone on a plain edge scores "
                    "0, a lone corner stone 1, a chain that reaches no external cell 0. One external cell "
                    "can count for several chains. Your score is the sum over your chains; the higher "
                    "score wins. On a full board a tie is impossible."),
        ("Swap", "After the first stone, the second player may answer swap instead of placing. The stone "
                 "stays where it is and becomes theirs: the two players exchange colours, and the other "
                 "player moves next. This keeps the first move fair."),
        ("Maxi-Star", "With the maxi option only your best chain counts. Equal best chains are decided by "
                      "the second-best, then the third-best, and so on."),
        ("Writing moves", "A move is a cell name, the column letter then the row number (F6), or pass, or "
                          "swap. Rows are numbered from the top. Columns run down and to the right and are "
                          "lettered from the lower left. Coords on the game screen shows the names."),
    ),
    diagram=_draw_diagram,
    caption=_caption(),
    lesson="star",
)
