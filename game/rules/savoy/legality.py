"""One turn checked alone, without listing every legal turn of the position.

Replaying a record or a save checks each turn by itself: a turn is legal when its trips are
(`turn_is_legal`), and the most-pips rule only needs a search for a turn using more pips, which stops at
the first it finds (`more_pips_possible`). `written_readings` gives the ways a written turn can be read as
trips. These serve a seat moving one colour (a seat of two colours is checked by playing its trips in
order: turns_two_colours.py). The tests check that this agrees with `build_turns` on random positions.
"""

from __future__ import annotations

from collections import Counter
from itertools import permutations, product
from typing import Callable, Sequence

from ..savoy_board import SAVOY_BOARD, SavoyBoard
from .notation import SavoyMove
from .stacks import _home_count, stacks_of
from .state import SavoyRules
from .trips import Trip, TripKey, _budget, _dice_fit, _dice_uses, trip_options

def written_readings(move: SavoyMove, board: SavoyBoard = SAVOY_BOARD) -> list[tuple[TripKey, ...]]:
    """Every way to read a written turn as trips, one per moving piece: each part's route is any straight
    route from its source to its destination that fits the direction and steps it names."""
    per_piece: list[list[TripKey]] = []
    for p in move.parts:
        src, dst = board.cell_id[p.src], board.cell_id[p.dst]
        via = board.cell_id[p.via] if p.via else None
        routes = [(src, r, k + 1) for r, (_, _, ray) in enumerate(board.rays[src]) if via is None or ray[0] == via
                  for k, c in enumerate(ray) if c == dst and (not p.steps or k + 1 == p.steps)]
        per_piece += [routes] * p.count
    found: set[tuple[TripKey, ...]] = set()
    for choice in product(*per_piece):
        found.add(tuple(sorted(choice)))
    return sorted(found)


def turn_is_legal(cells: tuple[int, ...], me: int, dice: tuple[int, ...], rules: SavoyRules,
                  trips: Sequence[TripKey]) -> bool:
    """Whether the trips make a legal turn for seat `me` (moving one colour) with `dice`: the same verdict as
    `build_turns`."""
    board, colour = rules.board, rules.seats[me][0]
    stacks = stacks_of(board)
    mode = rules.trips
    per_die = mode == "dice"
    uses = {length: (used, stops) for used, length, stops in _dice_uses(dice, per_die)}
    land = stacks.landable(cells, colour)
    for src, r, length in trips:
        ray = board.rays[src][r][2]
        if length not in uses or length > len(ray):
            return False
        dst = ray[length - 1]
        if dst == src or not land[dst]:
            return False
        stop_sets = uses[length][1]
        if mode == "checked" and stop_sets and not any(all(land[ray[s - 1]] for s in stops) for stops in stop_sets):
            return False
    dsts = [board.rays[src][r][2][length - 1] for src, r, length in trips]
    if not trips or sorted(t[0] for t in trips) == sorted(dsts):
        return False  # the board would be unchanged
    home0, total = _home_count(cells, colour, rules.pinned_away, board)
    homes = board.homes[colour]
    if per_die:
        if not _dice_fit([t[2] for t in trips], dice, True) or not _steps_in_some_order(
                cells, colour, trips, home0, total, board):
            return False
    else:
        budget = list(_budget(dice))
        from_src: Counter[int] = Counter()
        for src, r, length in trips:
            from_src[src] += 1
            for k, n in enumerate(uses[length][0]):
                budget[k] -= n
        if any(b < 0 for b in budget) or any(n > stacks.free(cells[c], colour) for c, n in from_src.items()):
            return False
    pips = sum(t[2] for t in trips)
    wins = home0 + sum((d in homes) - (t[0] in homes) for t, d in zip(trips, dsts)) == total
    return pips == sum(dice) or wins or not more_pips_possible(cells, me, dice, rules, pips)


def _steps_in_some_order(cells: tuple[int, ...], me: int, trips: Sequence[TripKey], home: int, total: int,
                         board: SavoyBoard = SAVOY_BOARD) -> bool:
    """Reading -trips=dice: the steps can be made one after another, each by a piece standing on its source
    then (a piece may move again), and none after every piece is home."""
    homes = board.homes[me]
    stacks = stacks_of(board)
    for order in set(permutations(trips)):
        now, at_home, ok = cells, home, True
        for k, (src, r, length) in enumerate(order):
            if not stacks.free(now[src], me) or (k and at_home >= total):
                ok = False
                break
            dst = board.rays[src][r][2][length - 1]
            now = stacks.apply(now, me, {src: -1, dst: 1})
            at_home += (dst in homes) - (src in homes)
        if ok:
            return True
    return False


def more_pips_possible(cells: tuple[int, ...], me: int, dice: tuple[int, ...], rules: SavoyRules,
                       pips: int) -> bool:
    """Whether some board-changing turn uses more than `pips` pips (the search stops at the first found)."""
    return _search_turns(cells, me, dice, rules, lambda trips, used: used > pips and _changes(trips),
                         lambda used, left: used + left > pips)


def best_pips(cells: tuple[int, ...], me: int, dice: tuple[int, ...], rules: SavoyRules) -> int:
    """The most pips a board-changing turn can use (0 when none can be made)."""
    for pips in range(sum(dice), 0, -1):
        if more_pips_possible(cells, me, dice, rules, pips - 1):
            return pips
    return 0


def trip_in_a_legal_turn(cells: tuple[int, ...], me: int, dice: tuple[int, ...], rules: SavoyRules,
                         trip: TripKey) -> bool:
    """Whether some legal turn (board-changing, using the most pips or winning) includes `trip`."""
    best = best_pips(cells, me, dice, rules)
    colour = rules.seats[me][0]
    home0, total = _home_count(cells, colour, rules.pinned_away, rules.board)
    homes = rules.board.homes[colour]

    def accept(trips: list[Trip], used: int) -> bool:
        if not any((t.src, t.ray, t.length) == trip for t in trips) or not _changes(trips):
            return False
        return used == best or home0 + sum((t.dst in homes) - (t.src in homes) for t in trips) == total

    return _search_turns(cells, me, dice, rules, accept, forced=trip)


def _changes(trips: Sequence[Trip]) -> bool:
    return sorted(t.src for t in trips) != sorted(t.dst for t in trips)


def _search_turns(cells: tuple[int, ...], me: int, dice: tuple[int, ...], rules: SavoyRules,
                  accept: Callable[[list[Trip], int], bool],
                  hopeful: Callable[[int, int], bool] | None = None, forced: TripKey | None = None) -> bool:
    """Search the turns of `me` (as `build_turns` makes them, board-changing or not) for one that `accept`
    takes (given its trips and pips), stopping at the first. `hopeful(pips used, pips of the dice left)`
    may cut off a branch that cannot lead to one; `forced`, when given, is a trip every turn accepted must
    include (with one trip per piece, only the turns including it are searched). `me` is a seat moving one
    colour."""
    chosen: list[Trip] = []
    board, colour = rules.board, rules.seats[me][0]
    stacks = stacks_of(board)
    if rules.trips == "dice":
        land = stacks.landable(cells, colour)
        home0, total = _home_count(cells, colour, rules.pinned_away, board)
        homes = board.homes[colour]

        def step(now: tuple[int, ...], remaining: tuple[int, ...], home: int, used: int) -> bool:
            for d in sorted(set(remaining)):
                rest = list(remaining)
                rest.remove(d)
                for t in trip_options(now, colour, (d,), "dice", land, board=board):
                    chosen.append(t)
                    if accept(chosen, used + d):
                        return True
                    new_home = home + (t.dst in homes) - (t.src in homes)
                    if (rest and new_home < total and (hopeful is None or hopeful(used + d, sum(rest)))
                            and step(stacks.apply(now, colour, {t.src: -1, t.dst: 1}), tuple(rest), new_home,
                                     used + d)):
                        return True
                    chosen.pop()
            return False

        found = (hopeful is None or hopeful(0, sum(dice))) and step(tuple(cells), dice, home0, 0)
        del step  # (it refers to itself through its closure: a reference cycle otherwise, left for the garbage collector)
        return found

    options = trip_options(cells, colour, dice, rules.trips, board=board)
    movable = {c: stacks.free(v, colour) for c, v in enumerate(cells) if stacks.free(v, colour)}
    values = sorted(set(dice))
    from_src: dict[int, int] = {}

    def extend(start: int, budget: tuple[int, ...], used: int) -> bool:
        if hopeful is not None and not hopeful(used, sum(n * v for n, v in zip(budget, values))):
            return False
        for i in range(start, len(options)):
            t = options[i]
            if any(n > b for n, b in zip(t.used, budget)) or from_src.get(t.src, 0) >= movable[t.src]:
                continue
            from_src[t.src] = from_src.get(t.src, 0) + 1
            chosen.append(t)
            if accept(chosen, used + t.length):
                return True
            rest = tuple(b - n for b, n in zip(budget, t.used))
            if any(rest) and extend(i, rest, used + t.length):
                return True
            chosen.pop()
            from_src[t.src] -= 1
        return False

    budget = _budget(dice)
    first = None if forced is None else next((t for t in options if (t.src, t.ray, t.length) == forced), None)
    if forced is None:
        found = extend(0, budget, 0)
    elif first is None:
        found = False
    else:
        from_src[first.src] = 1
        chosen.append(first)
        rest = tuple(b - n for b, n in zip(budget, first.used))
        found = accept(chosen, first.length) or (any(rest) and extend(0, rest, first.length))
    del extend  # (it refers to itself through its closure: a reference cycle otherwise, left for the garbage collector)
    return found
