"""Savoy (Cameron Browne 2006): a dice race on a figure-of-eight path, as played on pbmserv.

Sources: the pbmserv help page and Browne's rules page (../shared/seeds/000, 001),
board and readings from ../shared/specs/savoy.md (see ../savoy_board.py).

The movement code takes its board as data (`SavoyBoard`, carried by `SavoyRules`):
Savoya (../savoya.py) is this game on its own board of two strands, with four
colours and up to four seats. Everything below holds there too, with "colour"
meaning one of the board's colours (R, L, T, B) and a seat moving one or two of
them (see ../savoya.py for what that adds: turns of two colours played part by part).

Rules as implemented (the spec's recommended readings are the defaults; the
alternatives are options):

* Player 0 is R (pieces showing "Right", home m7 n7 o7, starting at the left
  end), player 1 is L (home a4 b4 c4, starting at o7).
* Opening: each player rolls one die (``roll:5,3`` = R rolled 5, L rolled 3;
  a tie is rolled again and stays in the record); the higher roll moves first
  with that die alone. After that every turn begins with two dice
  (``roll:3,5``, written smaller first); a double gives four dice.
* A turn moves one or more pieces. Each moving piece makes ONE trip in one
  direction allowed by its cell (four on a crossing), never turning, never
  past an end, using one die or several dice added together; a piece moves at
  most once a turn. Where a trip uses several dice, each point where a die
  ends must itself be a legal landing (the dice may be taken in either order)
  (option ``-trips``: ``checked``, the default; ``jump``: only the end counts;
  ``dice``: backgammon style, each die a separate move of any piece).
* Landing: on an empty cell, on own pieces (no height limit), or on a lone
  piece of the other colour, which is then pinned until every piece on top
  has left. A stack of two or more topped by the other colour blocks landing
  (it may be jumped over).
* The turn must change the board and use the most pips possible; the only
  exception is a turn that brings the mover's last piece home, which wins at
  once (remaining dice lapse). With no board-changing turn the player passes
  (``pass``); there is no voluntary pass.
* Win: all of a player's pieces on their home cells (a pinned piece on a home
  cell counts, unless ``-pinnedaway``).
* House rules so that every game ends (the seed warns that mutual pins
  deadlock): a dead position (neither player could move with any roll) is a
  draw; ``-drawpasses=N`` passes in a row draw (default 10); ``-maxturns=N``
  turns draw (default 1000).

Notation (pbmserv): parts separated by commas, ``a4-c4,g4-h4``; ``3xg7-j7``
moves three pieces along the same route. Where ``from-to`` fits several
routes for the dice, the part names the route by its number of steps and/or
the first cell stepped onto: ``h4-h7/3``, ``l7-d4/l6``, ``l7-h7/l8/6``; the
parser accepts the bare form whenever only one legal turn fits and otherwise
lists the candidates.

The package, a part at a time (each module's docstring says more):

* `notation`: `Part`, `SavoyMove`, reading a move's text (`parse_move_text`).
* `stacks`: how a cell's stack is one int (`SignStacks` for Savoy's two colours, `PackedStacks` for four),
  landing and pinning on it.
* `state`: `SavoyRules` (options, board, seats) and `SavoyState` (a position).
* `trips`: dice and single trips (`trip_options`), whether a seat can move at all.
* `turns_one_colour`, `turns_two_colours`: the generators of a seat's legal turns; `turns`: the entry
  point (`build_turns`) choosing between them; `table`: the table of legal turns written in notation.
* `legality`: one written turn checked alone (replaying records without listing every turn).
* `game`: `SavoyGame`, the `Game` interface, and `SAVOY`.

Everything other code imports from ``game.rules.savoy`` is re-exported here (the AI uses a few of the
private helpers too); import from here, not from the modules, so the modules can move.

>>> str(SavoyMove.parse("3xg7-j7,e4-b4"))
'3xg7-j7,e4-b4'
>>> SavoyMove.parse("roll:3,5")
SavoyMove.parse('roll:3,5')
"""

from __future__ import annotations

# Savoy's board constants stay importable from here, as they were before the boards became objects
from ..savoy_board import (  # noqa: F401
    CELL_ID, CELLS, GRID, HOME_DISTANCE, HOMES, PATH_PIPS, PLAYERS, RAY_BY_FIRST, RAYS, SAVOY_BOARD, START_NAMES,
    SavoyBoard, cell_key,
)
from .game import DEFAULT_PIECES, MAX_PIECES, READING_OPTIONS, SAVOY, SavoyGame, start_heights  # noqa: F401
from .legality import (  # noqa: F401
    _changes, _search_turns, _steps_in_some_order, best_pips, more_pips_possible, trip_in_a_legal_turn,
    turn_is_legal, written_readings,
)
from .notation import (  # noqa: F401
    _PART_RE, _ROLL_RE, MAX_STEPS, MAX_TRIPS, NAME_RANK, PASS, PASS_MOVE, RANK, TRIPS_LIMIT, Part, SavoyMove,
    _check_cell, _dice_text, _group, _names, _or_list, _parts_fit, _route_flags, _single, parse_move_text,
)
from .stacks import (  # noqa: F401
    PACKED_STACKS, SIGN_STACKS, SIGNS, PackedStacks, SignStacks, Stacks, _and_list, _cell_value, _home_count,
    _landable, _mine, _pieces_of, apply_net, stack_text, stacks_of,
)
from .state import SavoyRules, SavoyState  # noqa: F401
from .table import (  # noqa: F401
    _PARTS, BIG_UNIT, UNIT, CellChanges, Steps, TurnTable, _T, _assemble, _cells_key, _grouped_parts, _Legal, _minus_count,
    _part, run_steps,
)
from .trips import (  # noqa: F401
    ROLLS, ROUTE_NUMBER, ROUTES, WEIGHT, Trip, TripKey, _budget, _dice_fit, _dice_uses, _take, _trips_from,
    can_move, dead_position, trip_options,
)
from .turns import build_turn_steps, build_turns  # noqa: F401
from .turns_one_colour import (  # noqa: F401
    _Found, _legal_found, _multisets, _piece_trips, _TripEntry, _turns_per_die, _turns_per_piece, turn_boards,
    turn_board_steps,
)
from .turns_two_colours import (  # noqa: F401
    _build_turns_in_order, _in_written_order, _MorePips, _order_patterns, _orders, _Played, _self_pinned,
    _trip_keys, _turns_in_order, _turns_in_order_steps, _turns_mixed, all_orders, play_order,
)
