"""The legal turns of a seat moving two colours (Savoya for two: Gold moves R and L, Silver T and B).

One colour's moves change where the other may land (Design 12: "differently coloured" blocks and pins,
even the seat's own pieces), so the trips of a turn are played one after another, each on the board the
ones before it left. A turn is the multiset of its trips, legal when some order of play is; where orders
leave different boards the turn's text is written in an order of play that leaves its board.

Two generators find these turns: `_turns_mixed`, the fast one (multisets of trips as the one-colour
generator lists them, playing in every order only those whose colours touch a common cell), and
`_turns_in_order`, which plays every trip in order (used when a piece of the seat is pinned under its
other colour, under ``-trips=dice``, and as the plain reference the tests hold the fast one to).
`play_order` and `all_orders` play one written turn's trips in a given order, or in every order.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import permutations
from typing import Any, Mapping, Sequence

from ..savoy_board import SavoyBoard
from .notation import SavoyMove
from .stacks import Stacks, _home_count, stacks_of
from .state import SavoyRules
from .table import BIG_UNIT, UNIT, CellChanges, Steps, TurnTable, _assemble, _Legal, release, run_steps
from .trips import TripKey, _dice_uses
from .turns_one_colour import _multiset_steps, _piece_trips, _TripEntry

def _build_turns_in_order(cells: tuple[int, ...], colours: Sequence[int], dice: tuple[int, ...], rules: SavoyRules,
                          home: int, total: int) -> Steps[TurnTable]:
    """`build_turns` for a seat moving several colours (Savoya's two players): the trips are played one
    after another, each on the board the earlier ones left, since one colour's moves change where the
    other may land ("differently coloured" blocks and pins, even the same player's).

    A turn is the multiset of its trips, legal when some order of play is and leaves a changed board; its
    text lists the parts in canonical order when every legal order leaves the same board, and otherwise
    once per changed board it can leave, in an order of play that leaves it (so `a-x,b-x` and `b-x,a-x` are
    two moves when the second piece to land pins the first). The board the turn began with counts among
    the boards an order can leave, though it is never a legal turn: with a piece pinned under the seat's
    other colour, the pinner and the pinned piece can leave their cell and come back, reversing the pin in
    one order and restoring the board in the other; the pin-reversing turn is written in its order, so
    that no text of it can be played as the null turn."""
    board = rules.board
    slow = rules.trips == "dice" or _self_pinned(cells, colours, board)
    unchanged: set[tuple[int, ...]] = set()  # the multisets an order of play leaves the board unchanged with
    if slow:
        found = yield from _turns_in_order_steps(cells, colours, dice, rules.trips, rules.pinned_away, board, home,
                                                 total, unchanged=unchanged)
    else:
        found = yield from _turns_mixed(cells, colours, dice, rules.trips, rules.pinned_away, board, total,
                                        unchanged)
    best = 0
    for k in range(0, len(found), BIG_UNIT):
        yield
        best = max(best, max(pips for _, _, pips, _, _ in found[k:k + BIG_UNIT]))
    boards: dict[tuple[int, ...], list[tuple[tuple[int, ...], Any, bool]]] = {}
    legal: list[_Legal] = []
    for k, (sequence, multiset, pips, won, result) in enumerate(found):
        if k % BIG_UNIT == 0:
            yield
        if pips == best or won:
            if result is None:  # one board whatever the order
                legal.append((multiset, False, len(set(multiset)) < len(multiset), won))
            else:
                boards.setdefault(multiset, []).append((sequence, result, won))
    # the cells each turn played in order changes (by its place in `legal`): the fast generator gives them,
    # the slow one the whole board
    played: dict[int, CellChanges] = {}
    for k, (multiset, ways) in enumerate(boards.items()):
        if k % UNIT == 0:
            yield
        if len(ways) == 1 and multiset not in unchanged:  # one board: the turn in canonical order
            turns = [((multiset, False, len(set(multiset)) < len(multiset), ways[0][2]), ways[0][1])]
        else:  # each changed board's turn in its first order by route number (as both generators find them)
            turns = [((sequence, True, True, won), result) for sequence, result, won in ways]
        for turn, result in turns:
            played[len(legal)] = (tuple((c, v) for c, v in enumerate(result) if v != cells[c]) if slow
                                  else result)
            legal.append(turn)
    yield from release(found)
    yield from release(boards)
    table = yield from _assemble(legal, best, board, played)
    yield from release(legal)
    return table


# (route numbers in the order played, the same sorted, pips, whether the turn wins, the board after it
# (`_turns_in_order`) or the cells it changes (`_turns_mixed`: `CellChanges`), None when it follows from the
# parts alone, whatever their order)
_Played = tuple[tuple[int, ...], tuple[int, ...], int, bool, Any]


def _self_pinned(cells: Sequence[int], colours: Sequence[int], board: SavoyBoard) -> bool:
    """Whether a piece of one of `colours` is pinned under another of them (then the pinner's leaving
    frees it during the turn, which `_turns_mixed` does not follow)."""
    layers = stacks_of(board).layers
    for v in cells:
        if v:
            top, _, pinned = layers(v)
            if pinned is not None and top in colours and pinned in colours:
                return True
    return False


def _turns_mixed(cells: tuple[int, ...], colours: Sequence[int], dice: tuple[int, ...], mode: str,
                 pinned_away: bool, board: SavoyBoard, total: int,
                 unchanged: set[tuple[int, ...]] | None = None) -> Steps[list[_Played]]:
    """`_turns_in_order`'s turns (readings checked and jump, no piece of the seat pinned under another of
    its colours) found the fast way: the multisets of trips of all the seat's colours, each trip legal
    on the starting board or on a cell one of the seat's other colours tops (which its leaving may open),
    as `_multiset_steps` lists them; a multiset whose colours touch no cell in common is legal as it stands
    and leaves one board; the others are played in every order (`_orders`). The multisets that some order
    plays back to the starting board are added to `unchanged`, when given."""
    stacks = stacks_of(board)
    layers = stacks.layers
    uses = {length: stop_sets for _, length, stop_sets in _dice_uses(dice, False)}
    rays, routes, weight, ray_by_first = board.rays, board.routes, board.weight, board.ray_by_first
    movable = [0] * len(cells)
    trips: list[_TripEntry] = []
    # route number -> (colour, source, the ray's cells, length, destination, cells its landings test,
    # legal on the starting board, the cells it changes and those it looks at as bit masks)
    info: dict[int, tuple[int, int, tuple[int, ...], int, int, list[int], bool, int, int]] = {}
    masks: dict[int, tuple[int, int, int, bool]] = {}
    for colour in colours:
        land = stacks.landable(cells, colour)
        opened = [ok or (v != 0 and layers(v)[0] in colours) for ok, v in zip(land, cells)]
        free = [stacks.free(v, colour) for v in cells]
        for c, n in enumerate(free):
            movable[c] += n
        now = {t[0] for t in _piece_trips(cells, colour, dice, mode, land, free, board)}
        for entry in _piece_trips(cells, colour, dice, mode, opened, free, board):
            number = entry[0]
            src, dst, via, length = routes[number]
            ray = rays[src][ray_by_first[src][via]][2]
            tested = [dst] + [ray[s - 1] for stops in uses[length] for s in stops]
            # the cells the trip changes, and those whose content matters to it (its landings and its
            # source), as bit masks: one bit per cell (below, the second colour's above the first's)
            changed, looked = 1 << src | 1 << dst, 1 << src | sum(1 << c for c in set(tested))
            info[number] = (colour, src, ray, length, dst, tested, number in now, changed, looked)
            shift = len(cells) * colours.index(colour)
            masks[number] = (changed << shift, looked << shift, weight[dst] - weight[src], number in now)
            trips.append(entry)
    trips.sort()
    span = len(cells)
    # pieces on their home cells, pinned or not: a turn can win only if it brings them all there (under
    # -pinnedaway the board it leaves then decides)
    placed = _home_count(cells, colours[0], False, board, colours)[0]
    low = (1 << span) - 1
    found: list[_Played] = []
    multisets = yield from _multiset_steps(trips, movable, dice, keep_unchanged=True)
    for k, (numbers, pips, gain, _) in enumerate(multisets):
        if k % UNIT == 0:
            yield
        moved = looked = change = 0
        legal = True
        for n in numbers:
            m, k, w, ok = masks[n]
            moved |= m
            looked |= k
            change += w
            legal = legal and ok
        # crossed: one colour changes a cell the other leaves or lands on (else the trips are legal, and
        # leave the same board, in any order)
        if not (moved & low & looked >> span or moved >> span & looked & low):
            if legal and change:
                won = placed + gain == total
                if won and pinned_away:
                    after = cells
                    for n in numbers:
                        colour, src, _, _, dst = info[n][:5]
                        after = stacks.apply(after, colour, {src: -1, dst: 1})
                    won = _home_count(after, colours[0], True, board, colours)[0] == total
                found.append((numbers, numbers, pips, won, None))
            continue
        for changes, order in _orders(cells, numbers, info, mode, stacks, uses).items():
            if not changes:
                if unchanged is not None:
                    unchanged.add(numbers)
            else:  # the board changed
                won = placed + gain == total
                if won and pinned_away:
                    after = list(cells)
                    for c, v in changes:
                        after[c] = v
                    won = _home_count(after, colours[0], True, board, colours)[0] == total
                found.append((order, numbers, pips, won, changes))
    return found


@lru_cache(maxsize=None)
def _order_patterns(size: int, dependent: int) -> tuple[tuple[int, ...], ...]:
    """The orders worth playing (as permutations of positions) for `size` trips given in route-number order,
    where bit ``i * size + j`` of `dependent` (i < j) is set when trips i and j may not commute: those in
    which no two neighbouring trips that commute are out of route-number order. Swapping such neighbours
    leaves an order as legal and its board the same, so every board an order can leave is met, and first
    (by route numbers) in the order that leaves it first."""
    return tuple(perm for perm in permutations(range(size))
                 if all(a < b or dependent >> (b * size + a) & 1 for a, b in zip(perm, perm[1:])))


def _dependent(numbers: tuple[int, ...], info: Mapping[int, tuple]) -> int:
    """Which pairs of the trips `numbers` may not commute, as `_order_patterns` takes them: trips of two
    colours where one changes a cell the other looks at (its source, its landing or a die's stop). Trips of
    one colour always commute (one colour's moves never change where it may land)."""
    size = len(numbers)
    dependent = 0
    for i in range(size):
        colour, changed, looked = info[numbers[i]][0], info[numbers[i]][7], info[numbers[i]][8]
        for j in range(i + 1, size):
            other = info[numbers[j]]
            if other[0] != colour and (changed & other[8] or other[7] & looked):
                dependent |= 1 << (i * size + j)
    return dependent


def _orders(cells: tuple[int, ...], numbers: tuple[int, ...], info: Mapping[int, tuple], mode: str, stacks: Stacks,
            uses: Mapping[int, tuple[tuple[int, ...], ...]]) -> dict[tuple[int, ...], tuple[int, ...]]:
    """The boards the trips `numbers` can leave, played one after another in some order (each landing
    and each die's stop tested on the board then; a piece that has moved stays): the cells changed
    (cell, value), sorted -> the first order (by route numbers) that leaves them."""
    free, can_land = stacks.free, stacks.can_land
    check_stops = mode == "checked"
    results: dict[tuple[int, ...], tuple[int, ...]] = {}
    # trips that commute played one straight after another (`_dependent`): an order where such neighbours are
    # out of route-number order is left out, as it leaves the same board as the order with them swapped
    patterns = _order_patterns(len(numbers), _dependent(numbers, info))
    orders = sorted({tuple(numbers[i] for i in perm) for perm in patterns})
    shift = stacks.shift
    for order in orders:
        now: dict[int, int] = {}  # the cells changed so far
        arrived: dict[tuple[int, int], int] = {}
        for n in order:
            colour, src, ray, length, dst = info[n][:5]
            at_src, at_dst = now.get(src, cells[src]), now.get(dst, cells[dst])
            if free(at_src, colour) <= arrived.get((src, colour), 0) or not can_land(at_dst, colour):
                break
            stop_sets = uses[length]
            if check_stops and stop_sets and not any(
                    all(can_land(now.get(ray[s - 1], cells[ray[s - 1]]), colour) for s in stops)
                    for stops in stop_sets):
                break
            now[src] = shift(at_src, colour, -1)
            now[dst] = shift(now.get(dst, cells[dst]), colour, 1)
            arrived[(dst, colour)] = arrived.get((dst, colour), 0) + 1
        else:
            results.setdefault(tuple(sorted((c, v) for c, v in now.items() if v != cells[c])), order)
    return results


class _MorePips(Exception):
    """Raised inside `_turns_in_order` when a turn using more pips than asked is found: its route numbers in
    the order played, and its pips."""

    def __init__(self, played: tuple[int, ...] = (), pips: int = 0) -> None:
        super().__init__(played, pips)
        self.played, self.pips = played, pips


def _turns_in_order(cells: tuple[int, ...], colours: Sequence[int], dice: tuple[int, ...], mode: str,
                    pinned_away: bool, board: SavoyBoard, home: int, total: int,
                    more_than: int | None = None, unchanged: set[tuple[int, ...]] | None = None) -> list[_Played]:
    """See `_turns_in_order_steps` (this runs it at once)."""
    return run_steps(_turns_in_order_steps(cells, colours, dice, mode, pinned_away, board, home, total, more_than,
                                           unchanged))


def _turns_in_order_steps(cells: tuple[int, ...], colours: Sequence[int], dice: tuple[int, ...], mode: str,
                          pinned_away: bool, board: SavoyBoard, home: int, total: int,
                          more_than: int | None = None,
                          unchanged: set[tuple[int, ...]] | None = None) -> Steps[list[_Played]]:
    """Every board-changing turn of a seat moving `colours`, its trips played one after another, each
    checked on the board the trips before it left: for each multiset of trips, one entry per board it
    can leave. Readings as in `_turns_per_piece` (checked, jump: one trip per piece; pieces that have
    moved stay) and `_turns_per_die` (dice: one die per step, a piece may move again, nothing after the
    turn has won). Also the slow but plain reference the tests hold the fast generators to.

    With `more_than`, it only looks for a board-changing turn using more pips than that, and raises
    `_MorePips` at the first (branches that cannot get there are cut off). The multisets that some order
    plays back to the starting board are added to `unchanged`, when given."""
    stacks = stacks_of(board)
    free, can_land, apply = stacks.free, stacks.can_land, stacks.apply
    per_die = mode == "dice"
    check_stops = mode == "checked"
    double = len(set(dice)) == 1
    costed = [(used[0] if double else used[0] | used[1] << 1, length, stops)
              for used, length, stops in _dice_uses(dice, per_die)]
    rays, route_number, homes = board.rays, board.route_number, board.homes
    seen: set[tuple[tuple[int, ...], tuple[int, ...]]] = set()
    found: list[_Played] = []

    def count_home(board_cells: tuple[int, ...]) -> int:
        return _home_count(board_cells, colours[0], True, board, colours)[0]

    values = sorted(set(dice))

    def extend(now: tuple[int, ...], left: int, sequence: tuple[int, ...], pips: int, at_home: int,
               arrived: dict[tuple[int, int], int]) -> Steps[None]:
        if more_than is not None:  # the pips the dice left can add at most
            rest_pips = left * values[0] if double else (left & 1) * values[0] + (left >> 1 & 1) * values[-1]
            if pips + rest_pips <= more_than:
                return
        trips: list[tuple[int, int, int, int, int, int, int]] = []
        for c, v in enumerate(now):
            if not v:
                continue
            for rank, colour in enumerate(colours):
                if free(v, colour) <= (0 if per_die else arrived.get((c, colour), 0)):
                    continue
                for r, (_, _, ray) in enumerate(rays[c]):
                    for cost, length, stop_sets in costed:
                        if (cost > left if double else cost & ~left) or length > len(ray):
                            continue
                        dst = ray[length - 1]
                        if dst == c or not can_land(now[dst], colour):
                            continue
                        if check_stops and stop_sets and not any(
                                all(can_land(now[ray[s - 1]], colour) for s in stops) for stops in stop_sets):
                            continue
                        trips.append((route_number[c][r][length - 1], rank, c, colour, dst, cost, length))
        # in route-number order, so the first order of play met for a multiset and a board (the others
        # are cut off by `seen`) is its first by route numbers, the order a turn is written in
        trips.sort()
        yield
        for k, (number, _, c, colour, dst, cost, length) in enumerate(trips):
            if k % UNIT == UNIT - 1:
                yield
            played = sequence + (number,)
            multiset = tuple(sorted(played))
            after = apply(now, colour, {c: -1, dst: 1})
            if (multiset, after) in seen:
                continue
            seen.add((multiset, after))
            h = (count_home(after) if pinned_away
                 else at_home + (dst in homes[colour]) - (c in homes[colour]))
            won = h == total
            if after != cells:
                if more_than is not None and pips + length > more_than:
                    raise _MorePips(played, pips + length)
                found.append((played, multiset, pips + length, won, after))
            elif unchanged is not None:
                unchanged.add(multiset)
            rest = left - cost
            if rest and not (per_die and won):
                moved = dict(arrived)
                moved[(dst, colour)] = moved.get((dst, colour), 0) + 1
                yield from extend(after, rest, played, pips + length, h, moved)

    try:
        yield from extend(cells, len(dice) if double else 3, (), 0, home, {})
    finally:
        del extend  # (it refers to itself through its closure: a reference cycle otherwise, left for the garbage collector)
    return found


# --------------------------------------------------------------------------- a turn of several colours
def _trip_keys(move: SavoyMove, board: SavoyBoard) -> list[TripKey]:
    """The trips of a resolved move (its parts know their routes), in the order written."""
    return [(board.cell_id[p.src], board.ray_by_first[board.cell_id[p.src]][board.cell_id[p.via]], p.steps)
            for p in move.parts for _ in range(p.count)]


def _in_written_order(move: SavoyMove, trips: Sequence[TripKey], board: SavoyBoard) -> tuple[TripKey, ...]:
    """The trips of one reading of `move` in the order its parts are written."""
    left = list(trips)
    order = []
    for p in move.parts:
        for _ in range(p.count):
            src, dst = board.cell_id[p.src], board.cell_id[p.dst]
            trip = next(t for t in left if t[0] == src and board.rays[src][t[1]][2][t[2] - 1] == dst)
            left.remove(trip)
            order.append(trip)
    return tuple(order)


def play_order(cells: tuple[int, ...], colours: Sequence[int], dice: tuple[int, ...], rules: SavoyRules,
               order: Sequence[TripKey]) -> tuple[int, ...] | None:
    """The board after the trips played in this order by a seat moving `colours`, each landing and each
    die's stop tested on the board then (a piece that has moved stays, except under ``-trips=dice``; there no
    step follows a win); None when the order is not legal."""
    board = rules.board
    stacks = stacks_of(board)
    per_die, check_stops = rules.trips == "dice", rules.trips == "checked"
    uses = {length: stop_sets for _, length, stop_sets in _dice_uses(dice, per_die)}
    now = cells
    arrived: dict[tuple[int, int], int] = {}
    total = _home_count(cells, colours[0], rules.pinned_away, board, colours)[1] if per_die else 0
    for k, (src, r, length) in enumerate(order):
        if length not in uses:
            return None
        colour = next((c for c in colours
                       if stacks.free(now[src], c) > (0 if per_die else arrived.get((src, c), 0))), None)
        ray = board.rays[src][r][2]
        if colour is None or length > len(ray):
            return None
        dst = ray[length - 1]
        if dst == src or not stacks.can_land(now[dst], colour) or check_stops and uses[length] and not any(
                all(stacks.can_land(now[ray[s - 1]], colour) for s in stops) for stops in uses[length]):
            return None
        if per_die and k and _home_count(now, colours[0], rules.pinned_away, board, colours)[0] == total:
            return None  # the game was won by the step before
        now = stacks.apply(now, colour, {src: -1, dst: 1})
        arrived[(dst, colour)] = arrived.get((dst, colour), 0) + 1
    return now


def all_orders(cells: tuple[int, ...], colours: Sequence[int], dice: tuple[int, ...], rules: SavoyRules,
               trips: Sequence[TripKey]) -> dict[tuple[int, ...], tuple[TripKey, ...]]:
    """The boards the trips can leave, played in some legal order: board -> the first such order (by route
    number), the order a turn whose boards differ is written in."""
    number = rules.board.route_number
    results: dict[tuple[int, ...], tuple[TripKey, ...]] = {}
    for order in sorted(set(permutations(trips)), key=lambda o: [number[s][r][n - 1] for s, r, n in o]):
        after = play_order(cells, colours, dice, rules, order)
        if after is not None:
            results.setdefault(after, order)
    return results


def finishes_in_order(cells: tuple[int, ...], colours: Sequence[int], dice: tuple[int, ...], rules: SavoyRules,
                      first: Sequence[TripKey], rest: Sequence[TripKey], board: tuple[int, ...]) -> bool:
    """Whether the trips `first`, played in this order, then the trips `rest` in some order, leave `board`
    (a turn built part by part, its parts chosen in the order they are played)."""
    return any(play_order(cells, colours, dice, rules, (*first, *order)) == board for order in set(permutations(rest)))


def best_turn(cells: tuple[int, ...], colours: Sequence[int], dice: tuple[int, ...], rules: SavoyRules
              ) -> tuple[int, tuple[int, ...] | None]:
    """The most pips a board-changing turn of a seat moving `colours` can use, and the route numbers of one
    such turn in an order of play (None: the seat must pass), without listing every turn: a search for a
    turn using that many pips, from all the dice down, each stopping at the first turn it finds."""
    board = rules.board
    home, total = _home_count(cells, colours[0], rules.pinned_away, board, colours)
    for pips in range(sum(dice), 0, -1):
        try:
            _turns_in_order(cells, colours, dice, rules.trips, rules.pinned_away, board, home, total, more_than=pips - 1)
        except _MorePips as found:
            return found.pips, found.played
    return 0, None
