"""The Savoya engine: Savoy's engine (savoy_ai) for two, three or four seats on the Savoya board.

Savoya is Savoy's race on a larger board of four colours (R, L, T, B), each seat moving one
colour (three or four players) or two (two players: Gold moves R and L, Silver T and B). The
engine is savoy_ai's, generalised to seats:

1. every distinct board the legal turns lead to is judged (a turn that wins is played at once);
2. from level 3 the best few are searched one turn deeper: for each of the 21 rolls the next
   seat picks the reply best for itself by the same evaluation (max-n: each seat plays for
   itself), and a candidate's value for the mover is the average over the rolls of the position
   after that reply.

The evaluation counts a race per colour exactly as savoy_ai does (pips to home, at least
`PIECE_PIPS` per piece out, pinned pieces' waits through savoy_ai's `_pin_cost`, the expected
cost of lone pieces other seats can pin with their next roll), sums it per seat, and turns the
seats' races into chances of winning with a softmax whose spread narrows as the races shorten
(with two seats this is savoy_ai's logistic curve). The seats after the one on roll are behind
by a share of a roll each. The chance that the seat on roll brings every piece home with this
roll is added as in savoy_ai.

Rules calls that would take long (a double's replies where a seat has many single-die trips,
which the rules list as every multiset of four trips) are not made: that reply is judged before
it is played, so no unit of work holds a frame.
"""

from __future__ import annotations

import math
import random
from typing import Any, Generator, Sequence

from game.rules.savoy import (PACKED_STACKS, SavoyMove, SavoyRules, SavoyState, _home_count, _self_pinned, build_turns,
                              trip_options)
from game.rules.savoya import SavoyaGame
from game.rules.savoya_board import SAVOYA_BOARD

from .savoy_ai import (EXPOSED_WEIGHT, PIECE_PIPS, REPLY_CAP, ROLL_WEIGHTS, TEMPO, WORK_CHUNK,
                       Geometry, _pin_cost, build_geometry, chosen, finish_chance)
from .search import Report

#: per level: candidate boards searched a turn deeper (0: 1-ply only), among how many of the best
#: boards a 1-ply choice is drawn at random (a beginner's slips), and the reply positions judged
#: beyond which no further candidate is searched (at least two are)
LEVEL_SETTINGS = {
    1: (0, 3, 0),
    2: (0, 1, 0),
    3: (3, 1, 6_000),
    4: (8, 1, 24_000),
}

#: a double's replies are judged before they are played (not listed) when the seat has more single-die
#: trips than this, by the number of colours it moves: with one, every multiset of four trips is a turn
#: (fast enough up to 20: 15 ms at worst over seeded random games); with two colours each order of
#: trips that touch one cell is played as well (12: 7 ms at worst; beyond, up to a second)
DOUBLE_SPREAD_LIMIT = {1: 20, 2: 12}

#: what each trip of a route costs beyond its pips: every straight trip takes a die of its own (3.5
#: pips on average), so a route turning at many crossings is slower than its pips say
TRIP_PIPS = 2.0
#: the longest trip counted in a route (two dice; a double's longer trips are rare)
LONGEST_TRIP = 12


def trip_distances(board: Any = SAVOYA_BOARD) -> tuple[tuple[float, ...], ...]:
    """Per colour, each cell's cost to the colour's home: over routes of straight trips (a trip keeps
    its strand and direction; a piece turns only between trips, on a crossing), the least pips plus
    `TRIP_PIPS` per trip (Dijkstra backwards from the home cells)."""
    import heapq

    size = len(board.cells)
    into: list[list[tuple[int, int]]] = [[] for _ in range(size)]  # cell -> (source, trip length)
    for src in range(size):
        for _, _, ray in board.rays[src]:
            for k, dst in enumerate(ray[:LONGEST_TRIP]):
                into[dst].append((src, k + 1))
    out = []
    for home in board.homes:
        dist = [math.inf] * size
        heap = [(0.0, c) for c in home]
        for c in home:
            dist[c] = 0.0
        while heap:
            d, c = heapq.heappop(heap)
            if d > dist[c]:
                continue
            for src, length in into[c]:
                nd = d + length + TRIP_PIPS
                if nd < dist[src]:
                    dist[src] = nd
                    heapq.heappush(heap, (nd, src))
        out.append(tuple(dist))
    return tuple(out)


GEOMETRY: Geometry = build_geometry(SAVOYA_BOARD.rays, SAVOYA_BOARD.homes, trip_distances())
COLOURS = len(SAVOYA_BOARD.colours)


# --------------------------------------------------------------------------- evaluation
def evaluate(cells: Sequence[int], seats: Sequence[Sequence[int]], on_roll: int, pinned_away: bool,
             geo: Geometry = GEOMETRY, exposure: bool = True) -> tuple[float, ...]:
    """Each seat's chance of winning from this board, `on_roll` being the seat to roll next."""
    home_distance = geo.home_distance
    homes = geo.homes
    pips = [0.0] * COLOURS
    pinned: list[tuple[int, int, int, int]] = []  # (cell, pinned colour, pinner, pinner's pieces on it)
    blots: list[list[int]] = [[] for _ in range(COLOURS)]
    movers: list[list[int]] = [[] for _ in range(COLOURS)]
    outside: list[list[int]] = [[] for _ in range(COLOURS)]
    for c, v in enumerate(cells):
        if not v:
            continue
        top, k, under = v & 3, v >> 5, (v >> 2 & 7) - 1
        pips[top] += k * home_distance[top][c]
        movers[top].append(c)
        if c not in homes[top]:
            outside[top].extend([c] * k)
        if under >= 0:
            pips[under] += home_distance[under][c]
            pinned.append((c, under, top, k))
            if c not in homes[under] or pinned_away:
                outside[under].append(-1)  # a pinned piece cannot finish this roll
        elif k == 1:
            blots[top].append(c)
    # each colour's race without the pieces holding pins: what is left before they must lift them
    free_race = list(pips)
    for c, _, o, on_top in pinned:
        free_race[o] -= on_top * home_distance[o][c]
    extra = [0.0] * COLOURS
    for c, q, o, _ in pinned:
        extra[q] += _pin_cost(c, q, homes, free_race, pinned_away, o)
    seat_of = [-1] * COLOURS
    for s, colours in enumerate(seats):
        for q in colours:
            seat_of[q] = s
    if exposure:
        hit_mask = geo.hit_mask
        for q in range(COLOURS):
            if not blots[q]:
                continue
            weight = EXPOSED_WEIGHT[seat_of[q] == on_roll]
            hitters = [(o, movers[o]) for o in range(COLOURS) if movers[o] and seat_of[o] != seat_of[q]]
            for c in blots[q]:
                mask = 0
                cost = 0.0
                for o, cells_of in hitters:
                    by = 0
                    for h in cells_of:
                        by |= hit_mask[h][c]
                    if by:
                        mask |= by
                        cost = max(cost, _pin_cost(c, q, homes, free_race, pinned_away, o))
                if mask:
                    extra[q] += weight * mask.bit_count() / 36.0 * cost
    # a turn moves at most two pieces (four with a double), whatever colours a seat moves
    totals = [max(sum(pips[q] for q in colours), PIECE_PIPS * sum(len(outside[q]) for q in colours))
              + sum(extra[q] for q in colours) for colours in seats]
    n = len(seats)
    behind = [totals[s] + 2 * TEMPO * ((s - on_roll) % n) / n for s in range(n)]
    spread = 1.3 * math.sqrt(max(4.0, sum(totals) / n)) + 1.0
    low = min(behind)
    weights = [math.exp(-(b - low) / spread) for b in behind]
    total = sum(weights)
    chances = [w / total for w in weights]
    out = [p for q in seats[on_roll] for p in outside[q]]
    if len(out) <= 4 and -1 not in out:
        needs = [geo.home_lengths[q][c] for q in seats[on_roll] for c in outside[q]]
        finish = finish_chance(tuple(sorted(needs, key=sorted))) if needs else 1.0
        if finish:
            chances = [(1.0 - finish) * p for p in chances]
            chances[on_roll] += finish
    return tuple(chances)


# --------------------------------------------------------------------------- boards of turns
def _after(game: SavoyaGame, state: SavoyState, move: SavoyMove) -> tuple[int, ...]:
    """The board after `move` (a legal turn). A colour's parts commute (one colour's moves never change
    where it may land), so each colour's pieces gained and lost per cell are applied at once; where a seat
    of two colours touches one cell with both (one colour's move then changes the other's), the rules
    play the turn in its order."""
    colours = state.rules.seats[state.to_move]
    cells = state.cells
    cell_id = SAVOYA_BOARD.cell_id
    nets: dict[int, dict[int, int]] = {}
    touched: dict[int, int] = {}
    for p in move.parts:
        src, dst = cell_id[p.src], cell_id[p.dst]
        colour = colours[0]
        if len(colours) > 1:
            colour = cells[src] & 3 if cells[src] else -1
            if colour not in colours or touched.setdefault(src, colour) != colour \
                    or touched.setdefault(dst, colour) != colour:
                return game._play_turn(state, move)
            net = nets.get(colour, {})
            if p.count - net.get(src, 0) > cells[src] >> 5:  # more leave than the top colour has: a freed piece
                return game._play_turn(state, move)
        net = nets.setdefault(colour, {})
        net[src] = net.get(src, 0) - p.count
        net[dst] = net.get(dst, 0) + p.count
    for colour, net in nets.items():
        cells = PACKED_STACKS.apply(cells, colour, net)
    return cells


def _boards(game: SavoyaGame, state: SavoyState, moves: Sequence[SavoyMove],
            found: dict[tuple[int, ...], SavoyMove]) -> Generator[None, None, None]:
    """Fill `found` with the distinct boards the moves lead to, each with the first move reaching it;
    yields after every chunk of moves."""
    for n, move in enumerate(moves):
        found.setdefault(_after(game, state, move), move)
        if n % WORK_CHUNK == WORK_CHUNK - 1:
            yield


def _too_many_replies(cells: tuple[int, ...], colours: Sequence[int], dice: tuple[int, ...], rules: SavoyRules) -> bool:
    """Whether listing a seat's turns for these dice would be a slow rules call: a double where the seat
    has many single-die trips (every multiset of four of them is a turn), or (two colours) one of its
    pieces pinned under its own other colour, which the rules follow the slow way. Other rolls list
    quickly (a few ms at worst)."""
    if len(dice) < 4:
        return False
    if len(colours) > 1 and _self_pinned(cells, colours, SAVOYA_BOARD):
        return True
    spread = sum(len(trip_options(cells, q, dice[:1], rules.trips, board=SAVOYA_BOARD)) for q in colours)
    return spread > DOUBLE_SPREAD_LIMIT[len(colours)]


def _all_home(cells: tuple[int, ...], seat: int, rules: SavoyRules) -> bool:
    home, total = _home_count(cells, seat, rules.pinned_away, SAVOYA_BOARD, rules.seats[seat])
    return total > 0 and home == total


# --------------------------------------------------------------------------- search
def think(game: SavoyaGame, state: SavoyState, level: int, rng: random.Random,
          report: Report) -> Generator[float, None, Any]:
    rules = state.rules
    seats = rules.seats
    n = len(seats)
    me = state.to_move
    nxt = (me + 1) % n
    pinned_away = rules.pinned_away
    width, slips, budget = LEVEL_SETTINGS[level]
    table = game.table(state)
    distinct: dict[tuple[int, ...], SavoyMove] = {}
    for _ in _boards(game, state, table.moves, distinct):
        yield 0.0
    boards = list(distinct.items())
    report["boards"] = len(boards)
    scored: list[tuple[float, int]] = []
    for i, (board, move) in enumerate(boards):
        if table.winning and _all_home(board, me, rules):
            report["value"] = 1.0
            return move
        scored.append((evaluate(board, seats, nxt, pinned_away)[me], i))
        if i % WORK_CHUNK == WORK_CHUNK - 1:
            yield 0.1 * i / len(boards)
    scored.sort(key=lambda item: (-item[0], item[1]))
    if not width:
        value, best = scored[rng.randrange(min(slips, len(scored)))]
        report["value"] = round(value, 4)
        return boards[best][1]
    after_next = (nxt + 1) % n
    candidates = [i for _, i in scored[:width]]
    total_units = len(candidates) * len(ROLL_WEIGHTS)
    done = nodes = 0
    results: list[tuple[float, int, int]] = []
    judged: dict[tuple[int, ...], tuple[float, ...]] = {}  # boards met again after another roll or candidate
    for rank, i in enumerate(candidates):
        if rank >= 1 and nodes >= budget and (rank >= 2 or nodes >= 2 * budget):
            break
        board = boards[i][0]
        value = 0.0
        for dice, weight in ROLL_WEIGHTS:
            if _too_many_replies(board, seats[nxt], dice, rules):
                value += weight * evaluate(board, seats, nxt, pinned_away)[me]  # judged before the reply
                done += 1
                yield 0.1 + 0.9 * done / total_units
                continue
            replies = build_turns(board, nxt, dice, rules)
            yield 0.1 + 0.9 * done / total_units
            if not replies.moves:
                mine = evaluate(board, seats, after_next, pinned_away)[me]
            else:
                reply_state = SavoyState(rules, board, nxt, dice, opening=False)
                after: dict[tuple[int, ...], SavoyMove] = {}
                for _ in _boards(game, reply_state, replies.moves, after):
                    yield 0.1 + 0.9 * done / total_units
                listed = list(after)
                if len(listed) > REPLY_CAP:
                    listed = listed[::-(-len(listed) // REPLY_CAP)]
                best_theirs, mine = -1.0, 0.0
                for k, reply in enumerate(listed):
                    if replies.winning and _all_home(reply, nxt, rules):
                        best_theirs, mine = 2.0, 0.0  # the next seat wins: nothing better for it
                        break
                    values = judged.get(reply)
                    if values is None:
                        values = judged[reply] = evaluate(reply, seats, after_next, pinned_away)
                    if values[nxt] > best_theirs:
                        best_theirs, mine = values[nxt], values[me]
                    if k % WORK_CHUNK == WORK_CHUNK - 1:
                        yield 0.1 + 0.9 * done / total_units
                nodes += len(listed)
            value += weight * mine
            done += 1
            yield 0.1 + 0.9 * done / total_units
        results.append((value / 36.0, -rank, i))
    return chosen(results, boards, nodes, report)
