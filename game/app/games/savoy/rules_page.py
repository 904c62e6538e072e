"""Savoy's rules in our own words, with a diagram drawn from a real position (the rules screen shows it)."""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.app.screens.rules import RulesPage
from game.rules.savoy import SAVOY, SavoyState
from .view import SavoyLayout, SavoyView, draw_savoy

_DIAGRAM = "a4=RRR c4=R d4=LR h7=LL f7=L l7=R o7=LLLL n7=R"
_DIAGRAM_TRIP = ("l7", "k7", 5)  # l7 along row 7, over the L block on h7, to g7


@lru_cache(maxsize=1)
def _diagram_state() -> SavoyState:
    return SAVOY.position(_DIAGRAM, "R", (2, 3))


def _draw_diagram(surface: pygame.Surface, rect: pygame.Rect) -> None:
    state = _diagram_state()
    layout = SavoyLayout(rect)
    src, via, steps = _DIAGRAM_TRIP
    draw_savoy(surface, layout, state.cells, SavoyView(chosen=[(src, via, steps, "2+3")], show_names=True,
                                                       pips=SAVOY.pips(state)))


def _caption() -> str:
    state = _diagram_state()
    src, via, steps = _DIAGRAM_TRIP
    _, passed = SavoyLayout(pygame.Rect(0, 0, 300, 200)).route(src, via, steps)
    r_pips, l_pips = SAVOY.pips(state)
    return (f"Red is R, blue is L. R has three pieces stacked on a4 and has pinned an L piece on d4 (the pin). "
            f"The two L pieces on h7 block R from landing there, though R may pass over them. With 2 and 3 R "
            f"could move the piece on {src} {steps} steps along row 7 (first to {via}) to {passed[-1]}, "
            f"straight on through the crossing at h7 and over the block there. Pips to go (the fewest pips that "
            f"bring every piece home, as the player cards count them): R {r_pips}, L {l_pips}.")


SAVOY_RULES = RulesPage(
    credit="Savoy was designed by Cameron Browne (2006). This page retells the rules in our own words, as "
           "played on the pbmserv server; the house rules at the end are this app's own.",
    sections=(
        ("The board", "One long path of 36 cells, drawn as a ribbon, loops round in a figure of eight and "
                      "crosses itself at four cells: d4, h4, h7 and l7. Its two ends are a4 and o7. At a "
                      "crossing the path goes straight on both ways, so a piece there has four directions; "
                      "other cells have two, an end cell one."),
        ("Pieces and homes", "R (red, 'Right') starts with its six pieces stacked on a4 and races to its home, "
                             "the three cells at the right end: m7, n7 and o7. L (blue, 'Left') starts on o7 "
                             "and races to a4, b4 and c4. Options can spread the pieces over the start cells "
                             "instead (even or in steps)."),
        ("Opening", "Each player rolls one die. The higher roll moves first, using that one die; a tie is "
                    "rolled again. After that every turn starts with a roll of two dice; a double is played "
                    "four times."),
        ("Moving", "Move one piece or several. Each moving piece makes one trip in a single direction, never "
                   "turning, not even at a crossing, and never past an end. A trip uses one die or several "
                   "added together, and every cell where one of its dice ends must be a legal landing. A piece "
                   "moves once a turn and may go away from home. Pieces already home may move too."),
        ("Landing and pinning", "A piece may land on an empty cell, on its own pieces (stacks have no limit) "
                                "or on a single enemy piece, which is then pinned: it cannot move until every "
                                "piece on top of it has left. Two or more pieces topped by the other colour "
                                "block a cell: you may pass over them but not land there."),
        ("What you must play", "Use as many pips as the dice allow, and change the board. When only one die "
                               "of two can be played, it must be the larger if possible. If no move is "
                               "possible you must pass; you may never pass otherwise. The scene says why when "
                               "the dice cannot all be used."),
        ("Winning", "The first player with all their pieces on their home cells wins at once, even in the "
                    "middle of a turn. A pinned piece on its home cell counts as home (unless the pinnedaway "
                    "option says otherwise)."),
        ("House rules (not Browne's)", "Mutual pins can deadlock the game, and the rules give no way out, so "
                                       "this app adds draws: after a number of passes in a row (option "
                                       "drawpasses, 10), when no roll would let either player move, or at a "
                                       "turn limit (option maxturns, 1000)."),
        ("Playing here", "Roll, then tap a ringed piece and a green cell. Each part shows the dice it uses; "
                         "where two routes reach the same cell both are drawn with numbers and you pick one. "
                         "Undo takes back the last part, Play confirms the turn."),
        ("Writing moves", "A part is from-to (a4-c4); parts are joined by commas (a4-c4,g4-h4); 3xg7-j7 moves "
                          "three pieces the same way. Where two routes fit, add the number of steps or the first "
                          "cell stepped onto: h4-h7/3, l7-d4/l6. Rolls are written roll:3,5; pass is pass."),
    ),
    diagram=_draw_diagram,
    caption=_caption(),
    lesson="savoy",
)
