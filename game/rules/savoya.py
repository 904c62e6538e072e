"""Savoya (Cameron Browne 2006): Savoy for two, three or four players on two interwoven figure-of-eights.

Sources: Browne's rules page and the pbmserv announcement (../shared/seeds/), board and readings from
../shared/specs/savoya.md. THE BOARD IS A RECONSTRUCTION: the original could not be found; the spec
designs one that honours every known fact (savoya_board.py). The movement is Savoy's own code
(savoy.py) on this board: one mechanism, two boards.

Rules as implemented (the spec's Designs are the defaults):

* Board (Designs 1-8): two strands of 53 cells, gold (a6 to o10) and silver (j1 to f15), crossing at
  17 cells; 89 cells on a 15 x 15 grid. A piece on a crossing may set off in any of four directions,
  along either strand; passing through a crossing it keeps its strand. Any piece may use either
  strand (Design 6).
* Colours (Design 9): four, one per direction: R (six pieces on a6, home m10 n10 o10), L (o10, home
  a6 b6 c6), T (j1, home f13 f14 f15), B (f15, home j1 j2 j3). `-stack=N` (default 6), `-even=N` and
  `-step=N` (with `-steptall`) place each colour's pieces as in Savoy (Design 10).
* Players (`-players=2|3|4`, default 2; pbmserv named 2 to 4 userids; Designs 11 and 13): two players
  are Gold (moves R and L, seat 1) and Silver (T and B); three are R, B, L (no T pieces); four are R,
  B, L, T, clockwise round the board, userid1 first. A player moves any pieces of their colours in a
  turn, and the most-pips rule counts them all.
* "Differently coloured" (Design 12): blocking and pinning compare the four colours, not the players.
  So in the two-player game an R piece may not land on Gold's own stack of two or more L pieces (it
  may jump over it), and landing on a lone L piece pins it, Gold's own piece or not: the self-pin is
  legal, and forced when it is the only way to use the most pips. Because one colour's moves change
  where the other may land, a two-player turn is played part by part, each on the board the parts
  before it left; a turn is legal when some order of its parts is, and where two orders leave
  different boards (an R and an L piece landing on one empty cell: the second pins the first) the two
  are different moves, written in the order played.
* Opening (Design 14): every player rolls one die, written ``roll:5,3`` (Gold, Silver) or
  ``roll:5,3,6,2`` (R, B, L, T); a tie for the highest rolls again (kept in the record); the highest
  roller moves first with that die alone, then play goes on in seat order, two dice a turn.
* Movement, landing, maximum pips, board change, no passing unless forced, pieces at home moving,
  bounce-back, the readings ``-trips``, ``-pinnedaway``: all exactly Savoy's (see savoy.py).
* Winning (Design 15): the first player with all their pieces home (two players: both colours) wins
  at once, even in the middle of a turn; there are no places for the others. A pinned piece on its home
  counts unless ``-pinnedaway``.
* House rules so that every game ends (Design 16): a dead position (no player could move with any roll)
  is a draw; ``-drawpasses=N`` passes in a row draw (default 5 per player, 0 meaning that default);
  ``-maxturns=N`` turns draw (default 500 per player, 0 meaning that default).
* Readings left as the spec leaves them (its open questions, not options): pieces may use both strands
  (Design 6); the self-pin of Design 12 stands; the three-player game uses R, B and L; turn order is
  seat order from the opener; six pieces by default.

Notation: Savoy's (``a6-c6,g6-h6``, ``3xh8-h5``, ``l8-h8/k8``, ``l8-h8/14``, ``pass``, ``roll:3,5``), cells
a1 to o15. Positions for tests list stacks bottom first with the letters R, L, T, B (``f6=RB``: R pinned
under B).

>>> state = SAVOYA.new({"players": 4})
>>> SAVOYA.seat_names(state)
('R', 'B', 'L', 'T')
>>> state = SAVOYA.apply(state, SAVOYA.parse_move("roll:5,3,6,2", state))
>>> SAVOYA.seat_names(state)[SAVOYA.to_move(state)], state.dice
('L', (6,))
"""

from __future__ import annotations

from typing import Mapping

from .errors import OptionError
from .options import IntOption, OptionValue
from .savoy import DEFAULT_PIECES, MAX_PIECES, READING_OPTIONS, SavoyGame
from .savoya_board import SAVOYA_BOARD


class SavoyaGame(SavoyGame):
    name = "savoya"
    title = "Savoya"
    summary = ("Savoy for two to four players on two interwoven figure-of-eights, gold and silver: race your "
               "colours home, pinning lone pieces of any other colour (the board is a reconstruction).")
    designer = "Cameron Browne"
    board = SAVOYA_BOARD
    players = SAVOYA_BOARD.seat_names(2)
    player_counts = (2, 3, 4)
    OPTIONS = (
        IntOption("players", 2, 2, 4,
                  "players: 2 (Gold moves R and L, Silver T and B), 3 (R, B, L) or 4 (R, B, L, T), in turn order"),
        IntOption("stack", DEFAULT_PIECES, 1, MAX_PIECES,
                  "pieces of each colour, stacked on the cell farthest from their home (the default start)"),
        IntOption("even", 0, 0, MAX_PIECES,
                  "pieces of each colour, spread evenly over the home area farthest from their home (0: not "
                  "used); a remainder goes to the farthest cells"),
        IntOption("step", 0, 0, MAX_PIECES,
                  "pieces of each colour, in steps h, h+1, h+2 over the home area farthest from their home "
                  "(a multiple of 3; 0: not used)"),
        *READING_OPTIONS,
        IntOption("drawpasses", 0, 0, 1000,
                  "house rule: the game is drawn after this many passes in a row (0: 5 per player)"),
        IntOption("maxturns", 0, 0, 100_000,
                  "house rule: the game is drawn after this many turns (0: 500 per player)"),
    )
    # random play wanders both ways: playouts use a short turn limit, so that seeded games stay quick
    playout_options: Mapping[str, object] = {"maxturns": 20}

    def check_options(self, values: Mapping[str, object] | None = None) -> dict[str, OptionValue]:
        checked = super().check_options(values)
        for name, low in (("drawpasses", 2), ("maxturns", 10)):
            if 0 < int(checked[name]) < low:
                raise OptionError(f"option -{name}={checked[name]} is out of range: it must be 0 (the default, "
                                  f"scaled to the players) or {low}..", "option_range")
        return checked


SAVOYA = SavoyaGame()
