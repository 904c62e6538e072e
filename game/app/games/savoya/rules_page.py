"""Savoya's rules in our own words, saying plainly that its board is a reconstruction, with a diagram of
the two-player game's "differently coloured" rule drawn from a real position."""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.app.games.savoy.view import SavoyLayout, SavoyView, draw_savoy
from game.app.screens.rules import RulesPage
from game.rules.savoy import SavoyState, stacks_of
from game.rules.savoya import SAVOYA
from .view import SAVOYA_LOOK

_DIAGRAM = "a6=RRRR d6=R h6=LL j6=L o10=LLL j1=TTTTT f6=T f15=BBBBBB"
_DIAGRAM_TRIP = ("d6", "e6", 6)  # R from d6 along row 6: over Gold's own L block on h6, pinning Gold's own L on j6


@lru_cache(maxsize=1)
def _diagram_state() -> SavoyState:
    return SAVOYA.position(_DIAGRAM, "Gold", (2, 4))


def blocked_on_the_way(cells: tuple[int, ...], colour: int) -> frozenset[str]:
    """The cells the diagram's trip passes that a piece of `colour` may not land on (crossed out, as the
    scene crosses out every such stack when a piece is chosen)."""
    board = SAVOYA_LOOK.board
    stacks = stacks_of(board)
    _, passed = SavoyLayout(pygame.Rect(0, 0, 300, 300), SAVOYA_LOOK).route(*_DIAGRAM_TRIP)
    return frozenset(name for name in passed if cells[board.cell_id[name]]
                     and not stacks.can_land(cells[board.cell_id[name]], colour))


def _draw_diagram(surface: pygame.Surface, rect: pygame.Rect) -> None:
    state = _diagram_state()
    layout = SavoyLayout(rect, SAVOYA_LOOK)
    src, via, steps = _DIAGRAM_TRIP
    draw_savoy(surface, layout, state.cells, SavoyView(selected=src, chosen=[(src, via, steps, "2+4")],
                                                       blocked=blocked_on_the_way(state.cells, 0), show_names=True))


def _caption() -> str:
    state = _diagram_state()
    gold, silver = SAVOYA.pips(state)
    return ("Two players: Gold moves R (red, pointing right) and L (blue, pointing left). The two L pieces on h6 "
            "are Gold's own, but another colour, so they block Gold's R pieces (crossed out): R may jump over "
            "them, never land there. With 2 and 4, the R piece on d6 stops on f6 (pinning Silver's lone T) and "
            "goes on to j6, where it pins Gold's own lone L: legal, and Gold frees it by moving the R away. "
            f"Pips to go: Gold {gold}, Silver {silver}.")


SAVOYA_RULES = RulesPage(
    credit="Savoya was designed by Cameron Browne (2006) as Savoy for two, three or four players. ITS BOARD IS "
           "A RECONSTRUCTION: the original board is lost (no diagram or cell list survives), so this app plays "
           "on a board designed to honour every known fact about it (two interwoven figure-of-eight paths, gold "
           "and silver; three home cells at each end). If Browne's board turns up, it will replace this one.",
    sections=(
        ("The board (reconstructed)", "Two paths of cells, each a figure of eight: gold runs left to right (a6 "
                                      "to o10), silver bottom to top (j1 to f15), silver being gold turned a "
                                      "quarter turn. They cross themselves and each other at 17 crossings, "
                                      "drawn as bridges. At a crossing a piece may set off along either path, "
                                      "both ways; passing through, it goes straight on along its own path."),
        ("Colours and homes", "Four sets of six pieces, one per direction, each pointing the way it races: R "
                              "(red) from a6 to its home m10 n10 o10 on the right, L (blue) from o10 to a6 b6 "
                              "c6 on the left, T (yellow) from j1 up to f13 f14 f15, B (pink) from f15 down to "
                              "j1 j2 j3. Any piece may use either path."),
        ("Players", "Two: Gold moves R and L, Silver moves T and B, and a player needs both colours home. Three: "
                    "R, B and L, one colour each (no T pieces). Four: R, B, L and T, clockwise round the board. "
                    "The player cards show each seat's pieces."),
        ("Opening", "Everyone rolls one die; a tie for the highest is rolled again. The highest roller moves "
                    "first with that die alone, then play goes round in seat order, two dice a turn (a double "
                    "is played four times). An opening 5 can be a bad start: it lands where the next player "
                    "can hit it."),
        ("Moving, pinning, blocking", "As in Savoy: each moving piece makes one trip in one direction, every "
                                      "die's stop a legal landing; land on an empty cell, your own colour or a "
                                      "lone piece of another colour (pinning it). Two or more pieces topped by "
                                      "another colour block: jump over them, never land. Use as many pips as "
                                      "the dice allow."),
        ("Differently coloured", "Blocking and pinning compare colours, not players. So with two players your "
                                 "own stack of your other colour blocks you, and landing on your own lone "
                                 "piece of your other colour pins it. When you choose a piece, the stacks that "
                                 "block it are crossed out on the board."),
        ("Winning", "The first player with all their pieces home wins at once (two players: both colours). "
                    "There are no places for the others."),
        ("House rules (not Browne's)", "So that every game ends: a draw when no roll would let anyone move, "
                                       "after 5 passes in a row per player, or after 500 turns per player."),
        ("Playing here", "Roll, then tap a ringed piece and a green cell; where two routes reach a cell, pick "
                         "one. Undo takes back the last part, Play confirms the turn. The board zooms on a "
                         "phone: double-tap or pinch it."),
        ("Writing moves", "As in Savoy: a6-c6,g6-h6; 3xh8-h5; a route by its first cell or steps, l8-h8/k8; "
                          "pass; rolls roll:3,5 (the opening roll one die per player, roll:5,3,6,2)."),
    ),
    diagram=_draw_diagram,
    caption=_caption(),
    lesson="savoya",
)
