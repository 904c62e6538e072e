"""The legal turns of a seat moving one colour (Savoy, and Savoya for three or four), found fast.

Under the readings ``checked`` and ``jump`` each moving piece makes one trip, so a turn is a multiset of
trips legal on the starting board (one colour's moves never change where it may land): `_multisets` lists
them once each, already in route-number order. Under ``dice`` each die is a step of any piece, pieces may
move again (`_turns_per_die`). `_legal_found` keeps those using the most pips (or winning); `turn_boards`
gives only the boards they lead to, for a search.
"""

from __future__ import annotations

from bisect import bisect_left
from typing import Sequence

from ..savoy_board import SAVOY_BOARD, SavoyBoard
from .stacks import _home_count, stacks_of
from .state import SavoyRules
from .table import UNIT, Steps, run_steps
from .trips import _dice_uses, _trips_from

# A turn found by the generators: (route numbers in notation order, pips, pieces brought home, whether a
# route is taken more than once)
_Found = tuple[tuple[int, ...], int, int, bool]


def _turns_per_piece(cells: Sequence[int], me: int, dice: tuple[int, ...], mode: str,
                     land: Sequence[bool], board: SavoyBoard = SAVOY_BOARD) -> list[_Found]:
    """Every board-changing multiset of trips of colour `me`, one per piece, the dice allow (readings
    checked/jump)."""
    return run_steps(_turns_per_piece_steps(cells, me, dice, mode, land, board))


def _turns_per_piece_steps(cells: Sequence[int], me: int, dice: tuple[int, ...], mode: str,
                           land: Sequence[bool], board: SavoyBoard = SAVOY_BOARD) -> Steps[list[_Found]]:
    """`_turns_per_piece` in units (one per first trip, see `_multiset_steps`)."""
    free_of = stacks_of(board).free
    movable = [free_of(v, me) for v in cells]
    return (yield from _multiset_steps(_piece_trips(cells, me, dice, mode, land, movable, board), movable, dice))


# A trip as `_multisets` takes it: (route number, source, dice cost, length, change of the board's weight,
# change of the pieces home)
_TripEntry = tuple[int, int, int, int, int, int]


def _piece_trips(cells: Sequence[int], me: int, dice: tuple[int, ...], mode: str, land: Sequence[bool],
                 movable: Sequence[int], board: SavoyBoard) -> list[_TripEntry]:
    """The trips of colour `me` from the cells where it has `movable` pieces, landing where `land` allows,
    sorted by route number."""
    uses = _dice_uses(dice, False)
    check_stops = mode == "checked"
    double = len(set(dice)) == 1
    homes = board.homes[me]
    route_number, weight, rays = board.route_number, board.weight, board.rays
    return sorted(
        (route_number[c][r][length - 1], c, used[0] if double else used[0] | used[1] << 1, length,
         weight[dst] - weight[c], (dst in homes) - (c in homes))
        for c in range(len(cells)) if movable[c]
        for r, length, dst, used in _trips_from(c, land, uses, check_stops, rays))


def _multisets(trips: Sequence[_TripEntry], movable: Sequence[int], dice: tuple[int, ...],
               keep_unchanged: bool = False) -> list[_Found]:
    """Every multiset of `trips` (sorted by route number), at most `movable[c]` leaving cell c, that the
    dice pay for; only those changing the board unless `keep_unchanged`.

    The dice left are one number: how many of a double (or the one opening die), or for two different
    dice a bit mask (1: the smaller, 2: the larger), so a trip's cost is subtracted from it either way.
    Trips are taken in the order of their numbers, so each multiset is met once, already sorted.
    """
    return run_steps(_multiset_steps(trips, movable, dice, keep_unchanged))


def _multiset_steps(trips: Sequence[_TripEntry], movable: Sequence[int], dice: tuple[int, ...],
                    keep_unchanged: bool = False) -> Steps[list[_Found]]:
    """`_multisets` in units, one per first trip (a spread-out double of two colours has 100,000 multisets:
    tens of milliseconds at once)."""
    double = len(set(dice)) == 1
    start = len(dice) if double else 3
    # fitting[left] = indices of the trips the dice left can pay for
    fitting = [[i for i, t in enumerate(trips) if (t[2] <= left if double else not t[2] & ~left)]
               for left in range(start + 1)]
    found: list[_Found] = []

    def extend(first: int, left: int, last_src: int, run: int, pips: int, change: int, home: int,
               chosen: tuple[int, ...], repeated: bool) -> None:
        row = fitting[left]
        for i in row[bisect_left(row, first):]:
            number, src, cost, length, delta, gain = trips[i]
            if src != last_src:
                moved = 1  # the trips of one cell are consecutive: count the pieces leaving it
            elif run < movable[src]:
                moved = run + 1
            else:
                continue
            again = repeated or i == first and run > 0
            combo = chosen + (number,)
            p, ch, h = pips + length, change + delta, home + gain
            if ch or keep_unchanged:
                found.append((combo, p, h, again))
            if left > cost:
                extend(i, left - cost, src, moved, p, ch, h, combo, again)

    for i in fitting[start]:  # the multisets whose first trip is trips[i] (extend's first level, unit by unit)
        yield
        number, src, cost, length, delta, gain = trips[i]
        if delta or keep_unchanged:
            found.append(((number,), length, gain, False))
        if start > cost:
            extend(i, start - cost, src, 1, length, delta, gain, (number,), False)
    del extend  # (see _turns_per_die)
    return found


def _turns_per_die(cells: Sequence[int], me: int, dice: tuple[int, ...], land: Sequence[bool],
                   need: int, board: SavoyBoard = SAVOY_BOARD) -> list[_Found]:
    """Reading ``-trips=dice``: every board-changing multiset of one-die steps of any piece (pieces may
    move again) that can be played in some order, each die once, stopping once `need` more pieces are
    home (the game is won).

    A multiset's board and dice left do not depend on the order its steps were played in, so each is
    expanded once (`seen`, keyed by a sum of one base-8 digit per step).
    """
    values = sorted(set(dice))
    double = len(values) == 1
    costs = ((values[0], 1),) if double else ((values[0], 1), (values[1], 2))
    homes = board.homes[me]
    route_number, weight, rays = board.route_number, board.weight, board.rays
    free_of = stacks_of(board).free
    free = [free_of(v, me) for v in cells]
    steps: dict[tuple[int, int], list[tuple[int, int, int, int, int]]] = {}
    digits: dict[int, int] = {}
    seen: set[int] = set()
    found: list[_Found] = []
    played: list[int] = []

    def steps_from(c: int, d: int) -> list[tuple[int, int, int, int, int]]:
        out = steps.get((c, d))
        if out is None:
            out = steps[(c, d)] = []
            for r, length, dst, _ in _trips_from(c, land, _dice_uses((d,), True), False, rays):
                number = route_number[c][r][length - 1]
                digit = digits.setdefault(number, 1 << (3 * len(digits)))
                out.append((digit, number, dst, weight[dst] - weight[c], (dst in homes) - (c in homes)))
        return out

    def extend(key: int, left: int, pips: int, change: int, home: int, repeated: bool, where: list[int]) -> None:
        for d, cost in costs:
            if not (cost <= left if double else cost & left):
                continue
            rest = left - cost
            for c in where:
                if not free[c]:
                    continue
                for digit, number, dst, delta, gain in steps_from(c, d):
                    k = key + digit
                    if k in seen:
                        continue
                    seen.add(k)
                    again = repeated or number in played
                    played.append(number)
                    p, ch, h = pips + d, change + delta, home + gain
                    if ch:
                        found.append((tuple(sorted(played)), p, h, again))
                    if rest and h < need:
                        free[c] -= 1
                        free[dst] += 1
                        extend(k, rest, p, ch, h, again, where if dst in where else where + [dst])
                        free[c] += 1
                        free[dst] -= 1
                    played.pop()

    extend(0, len(dice) if double else 3, 0, 0, 0, False, [c for c in range(len(cells)) if free[c]])
    # a recursive inner function refers to itself through its closure: a reference cycle, which would keep
    # the lists it closes over (the work of listing tens of thousands of turns) until a garbage collection
    # walks them (tens of milliseconds in one frame, on two-player Savoya's spread-out doubles); without the
    # name the cycle is broken and they are freed as soon as they are no longer used
    del extend
    return found


def _legal_found(cells: tuple[int, ...], colour: int, dice: tuple[int, ...], rules: SavoyRules,
                 need: int) -> tuple[list[_Found], int]:
    """The legal board-changing turns of a one-colour seat (those using the most pips a turn can, and those
    bringing the `need` pieces still out home: they win), and that most."""
    return run_steps(_legal_found_steps(cells, colour, dice, rules, need))


def _legal_found_steps(cells: tuple[int, ...], colour: int, dice: tuple[int, ...], rules: SavoyRules,
                       need: int) -> Steps[tuple[list[_Found], int]]:
    """`_legal_found` in units (under ``-trips=dice``, all at once: a turn there is at most four steps of
    the pieces, found in one recursion)."""
    board = rules.board
    land = stacks_of(board).landable(cells, colour)
    if rules.trips == "dice":
        found = _turns_per_die(cells, colour, dice, land, need, board)
    else:
        found = yield from _turns_per_piece_steps(cells, colour, dice, rules.trips, land, board)
    best = max((pips for _, pips, _, _ in found), default=0)
    return [turn for turn in found if turn[1] == best or turn[2] == need], best


def turn_boards(cells: tuple[int, ...], me: int, dice: tuple[int, ...], rules: SavoyRules,
                ) -> tuple[list[tuple[int, ...]], bool]:
    """The distinct boards the legal turns of seat `me` (one colour) with `dice` lead to, and whether one of
    them wins: what a search needs of the turns, without writing them in notation (a third faster than
    `build_turns`). No boards: the seat must pass."""
    return run_steps(turn_board_steps(cells, me, dice, rules))


def turn_board_steps(cells: tuple[int, ...], me: int, dice: tuple[int, ...], rules: SavoyRules,
                     ) -> Steps[tuple[list[tuple[int, ...]], bool]]:
    """`turn_boards` in units (see `Steps`): a thousand turns of a spread-out double, listed and played at
    once, are 5-15 ms, enough with a garbage collection to hold a frame of the computer's search."""
    board = rules.board
    colours = rules.seats[me]
    if len(colours) != 1:
        raise ValueError("turn_boards lists the turns of a one-colour seat")
    colour = colours[0]
    home, total = _home_count(cells, me, rules.pinned_away, board, colours)
    need = total - home
    legal, _ = yield from _legal_found_steps(cells, colour, dice, rules, need)
    routes = board.routes
    apply = stacks_of(board).apply
    moved: set[tuple[tuple[int, int], ...]] = set()
    boards: dict[tuple[int, ...], None] = {}
    winning = False
    for k, (numbers, _, gain, _) in enumerate(legal):
        if k % UNIT == UNIT - 1:
            yield
        winning = winning or gain == need
        net: dict[int, int] = {}
        for number in numbers:
            src, dst = routes[number][:2]
            net[src] = net.get(src, 0) - 1
            net[dst] = net.get(dst, 0) + 1
        key = tuple(sorted(net.items()))
        if key not in moved:
            moved.add(key)
            boards[apply(cells, colour, net)] = None
    return list(boards), winning
