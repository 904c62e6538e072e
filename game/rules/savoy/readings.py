"""How a written turn is read in a position: the legal turns it can mean, with their routes filled in
(`SavoyGame.legal_readings` gathers these).

A written turn names each piece's cells, and its route only where the text says (``/l6``, ``/9``). For a
seat moving one colour each reading is checked alone (`one_colour_readings`); for a seat moving two
colours the turn is played in order, alone when that settles it (`readings_alone`), else matched against
the table of every legal turn (`table_readings`). A part's text shows its route where `legal_moves` would
(`route_shown`), so that a move read from text is the listed move, text and all.
"""

from __future__ import annotations

from typing import Sequence

from ..savoy_board import SavoyBoard
from .legality import trip_in_a_legal_turn, turn_is_legal, written_readings
from .notation import Part, SavoyMove, _group, _parts_fit, _route_flags, _single
from .stacks import _home_count
from .state import SavoyRules, SavoyState
from .table import TurnTable, _cells_key
from .trips import TripKey, _dice_fit, _dice_uses
from .turns_two_colours import _in_written_order, _MorePips, _turns_in_order, all_orders, play_order


def one_colour_readings(state: SavoyState, move: SavoyMove) -> list[SavoyMove]:
    """`SavoyGame.legal_readings` for a seat moving one colour: each reading of the written turn checked
    alone (`turn_is_legal`), its parts naming their routes as far as the readings differ."""
    board = state.rules.board
    cell_id, cells = board.cell_id, board.cells
    legal = [trips for trips in written_readings(move, board)
             if turn_is_legal(state.cells, state.to_move, state.dice, state.rules, trips)]
    written = {(cell_id[p.src], cell_id[p.dst]): (bool(p.via), bool(p.steps)) for p in move.parts}
    if len(legal) == 1:
        show = {key: route_shown(state, key) for key in written}
    else:
        routes: dict[tuple[int, int], set[tuple[int, int]]] = {}
        for trips in legal:
            for src, r, length in trips:
                ray = board.rays[src][r][2]
                routes.setdefault((src, ray[length - 1]), set()).add((ray[0], length))
        show = {key: _route_flags(rs) for key, rs in routes.items()}
    found = []
    for trips in legal:
        parts = []
        for src, r, length in trips:
            ray = board.rays[src][r][2]
            key = (src, ray[length - 1])
            flags = (written[key][0] or show[key][0], written[key][1] or show[key][1])
            parts.append(Part(cells[src], cells[key[1]], cells[ray[0]], length, 1, *flags))
        found.append(SavoyMove("turn", _group(parts)))
    found.sort(key=str)
    return found


def readings_alone(state: SavoyState, move: SavoyMove) -> list[SavoyMove] | None:
    """`legal_readings` for a seat moving several colours, the written turn checked alone (no table of
    every turn): its routes, played in some order, must be legal and change the board; where orders leave
    different boards (the unchanged one among them) the written order decides, and a written order that
    restores the board is refused; then no turn may use more pips, unless this one wins. None when the
    table must decide after all: several readings, or a part whose cells two routes join (its text
    then depends on the other legal turns)."""
    rules = state.rules
    board = rules.board
    cells, me, dice = state.cells, state.to_move, state.dice
    colours = rules.seats[me]
    readings = written_readings(move, board)
    per_die = rules.trips == "dice"
    lengths = {length for _, length, _ in _dice_uses(dice, per_die)}
    legal: list[tuple[tuple[TripKey, ...], tuple[TripKey, ...] | None]] = []
    for trips in readings:
        if not _dice_fit([length for _, _, length in trips], dice, per_die):
            continue
        results = all_orders(cells, colours, dice, rules, trips)
        if not any(after != cells for after in results):
            continue  # the turn must change the board
        order = None
        if len(results) > 1:  # orders leave different boards (the unchanged one, perhaps): the written one decides
            written = _in_written_order(move, trips, board)
            after = play_order(cells, colours, dice, rules, written)
            if after is None:
                return None  # not playable as written: the table's turns with these parts decide
            if after == cells:
                continue  # played as written, it leaves the board unchanged
            order = results[after]
            results = {after: order}
        (after, _), = results.items()
        pips = sum(length for _, _, length in trips)
        home, total = _home_count(after, me, rules.pinned_away, board, colours)
        if pips < sum(dice) and home != total:
            start_home, _ = _home_count(cells, me, rules.pinned_away, board, colours)
            try:
                _turns_in_order(cells, colours, dice, rules.trips, rules.pinned_away, board, start_home, total,
                                more_than=pips)
            except _MorePips:
                continue
        legal.append((trips, order))
    if len(legal) != 1:
        return None if len(legal) > 1 else []
    trips, order = legal[0]
    for src, r, length in trips:  # two routes joining a part's cells: its text needs the table
        dst = board.rays[src][r][2][length - 1]
        if sum(1 for _, _, ray in board.rays[src] for k, c in enumerate(ray) if c == dst and k + 1 in lengths) > 1:
            return None
    return [as_written(move, order or trips, board, ordered=order is not None)]


def as_written(move: SavoyMove, trips: Sequence[TripKey], board: SavoyBoard, ordered: bool) -> SavoyMove:
    """The turn of these trips (a reading of `move`), its parts naming their routes where `move`'s did; in
    the trips' order if `ordered`, else in canonical order."""
    written = {(board.cell_id[p.src], board.cell_id[p.dst]): (p.show_via, p.show_steps) for p in move.parts}
    parts = []
    for src, r, length in trips:
        ray = board.rays[src][r][2]
        parts.append(Part(board.cells[src], board.cells[ray[length - 1]], board.cells[ray[0]], length, 1,
                          *written[(src, ray[length - 1])]))
    return SavoyMove("turn", _group(parts, ordered=ordered))


def table_readings(table: TurnTable, move: SavoyMove) -> list[SavoyMove]:
    """`legal_readings` for a seat moving several colours: the legal turns (from the table of them)
    whose parts fit the written ones. Where the order of play matters, a turn written in an order
    that is played is preferred to the same parts in another order."""
    if move in table.members:
        return [move]
    wanted = [_single(p) for p in move.parts for _ in range(p.count)]
    found = [m for m in table.by_cells.get(_cells_key(move), ()) if _parts_fit(m, wanted)]
    if len(found) > 1:
        order = [(p.src, p.dst) for p in wanted]
        same_order = [m for m in found if [(p.src, p.dst) for p in m.parts for _ in range(p.count)] == order]
        if same_order:
            found = same_order
    found.sort(key=str)
    return found


def route_shown(state: SavoyState, key: tuple[int, int]) -> tuple[bool, bool]:
    """How `legal_moves` writes a part from key[0] to key[1]: with its direction and/or steps when
    two routes there could each be part of a legal turn."""
    src, dst = key
    cells, me, dice, rules = state.cells, state.to_move, state.dice, state.rules
    rays = rules.board.rays
    lengths = {length for _, length, _ in _dice_uses(dice, rules.trips == "dice")}
    routes = [(r, k + 1) for r, (_, _, ray) in enumerate(rays[src]) for k, c in enumerate(ray)
              if c == dst and k + 1 in lengths]
    if len(routes) < 2:
        return False, False
    return _route_flags({(rays[src][r][2][0], length) for r, length in routes
                         if trip_in_a_legal_turn(cells, me, dice, rules, (src, r, length))})


def written_turn(numbers: Sequence[int], dice: tuple[int, ...], rules: SavoyRules) -> SavoyMove:
    """The turn of these routes (route numbers, in an order of play), written in that order so that it
    reads back as itself: a part names its direction and/or steps where another route the dice allow
    joins its cells (as `legal_moves` would, or more)."""
    board = rules.board
    cells = board.cells
    lengths = {length for _, length, _ in _dice_uses(dice, rules.trips == "dice")}
    parts = []
    for number in numbers:
        src, dst, via, length = board.routes[number]
        rivals = {(ray[0], k + 1) for _, _, ray in board.rays[src] for k, c in enumerate(ray)
                  if c == dst and k + 1 in lengths}
        parts.append(Part(cells[src], cells[dst], cells[via], length, 1, *_route_flags(rivals)))
    return SavoyMove("turn", _group(parts, ordered=True))
