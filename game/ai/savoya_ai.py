"""The Savoya engine: Savoy's engine (savoy_ai) for two, three or four seats on the Savoya board.

Savoya is Savoy's race on a larger board of four colours (R, L, T, B), each seat moving one
colour (three or four players) or two (two players: Gold moves R and L, Silver T and B). The
engine is savoy_ai's, generalised to seats:

1. every distinct board the legal turns lead to is judged (a turn that wins is played at once); where
   there are more than `PRESELECT` turns (a spread-out double of two colours has up to 70,000), only the
   best by a quick score of the cells each turn changes (`TurnScore`) are;
2. from level 3 the best few are searched one turn deeper: for each of the 21 rolls the next
   seat picks the reply best for itself by the same evaluation (max-n: each seat plays for
   itself) among the `REPLY_JUDGED` best by its quick score, and a candidate's value for the mover
   is the average over the rolls of the position after that reply.

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

import heapq
import math
import random
import sys
from typing import Any, Generator, Sequence

from game.rules.savoy import (PACKED_STACKS, CellChanges, Part, SavoyMove, SavoyRules, SavoyState, TurnTable,
                              _home_count, _self_pinned, build_turn_steps, trip_options)
from game.rules.savoya import SavoyaGame
from game.rules.savoya_board import SAVOYA_BOARD

from .savoy_ai import (PIECE_PIPS, PIN_FULL_RACE, PIN_HOME_PENALTY, PIN_PENALTY, REPLY_CAP,
                       ROLL_WEIGHTS, TEMPO, WORK_CHUNK, Geometry, _in_units, _pin_cost, build_geometry, chosen,
                       finish_chance)
from .search import Report

#: exposure counted for the seats not on roll, and for the one on roll (Savoy's weights before issue 24
#: doubled them there: Savoya's ladder was not measured with Savoy's new weights)
EXPOSED_WEIGHT = (1.0, 0.3)

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

#: the most turns of the seat to move whose boards are judged in full: beyond (a spread-out double of two
#: colours: up to 70,000, seconds of judging) those of the best turns by a quick score of the cells each turn
#: changes (`TurnScore`, a twentieth of the time). On the 15 positions with the most turns met in seeded random
#: games 0-39 (48,000 to 65,000 boards each), the best board by the full judgement was always among the 38 best
#: by the quick score, and the three best (the candidates level 3 searches deeper) among the 110 best: 500
#: keeps a margin of four and a half over that (2,000 did at first: a tenth of a second more at level 3).
PRESELECT = 500

#: the replies judged in full, per roll, where the next seat has more: the best by the same quick score
#: (`TurnScore`, for the replying seat). Over 208 reply rolls of seeded random games (a median of 269
#: distinct reply boards, up to 480), the best reply by the full judgement was among the 12 best by the quick
#: score in all but one, and always among the 24 best; judging every reply was most of level 3's time.
REPLY_JUDGED = 32

#: boards judged in full per unit of work (a unit of 48, savoy_ai's, took up to 15 ms on a busy machine)
JUDGED_CHUNK = 16


def trip_distances(board: Any = SAVOYA_BOARD) -> tuple[tuple[float, ...], ...]:
    """Per colour, each cell's cost to the colour's home: over routes of straight trips (a trip keeps
    its strand and direction; a piece turns only between trips, on a crossing), the least pips plus
    `TRIP_PIPS` per trip (Dijkstra backwards from the home cells)."""
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


def hit_rows(geo: Geometry) -> tuple[int, ...]:
    """Per cell, its row of `geo.hit_mask` (the 36 roll outcomes with which a piece there may land on each
    cell) packed into one integer, 64 bits per cell: the rows of a colour's cells ORed together give at once,
    for every cell, the outcomes with which one of them can land there, read back one cell a word
    (`_reach`)."""
    return tuple(sum(mask << 64 * c for c, mask in enumerate(row)) for row in geo.hit_mask)


def _reach(rows: Sequence[int], cells_of: Sequence[int], size: int) -> Sequence[int]:
    """Per cell, the roll outcomes (a mask) with which a piece on one of `cells_of` can land there."""
    packed = 0
    for h in cells_of:
        packed |= rows[h]
    return memoryview(packed.to_bytes(8 * size, sys.byteorder)).cast("Q")


HIT_ROWS = hit_rows(GEOMETRY)


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
    outside: list[list[int]] = [[] for _ in range(COLOURS)]  # per piece out of home, its cell (-1: pinned)
    for c, v in enumerate(cells):
        if v:
            top, k, under = v & 3, v >> 5, (v >> 2 & 7) - 1
            pips[top] += k * home_distance[top][c]
            movers[top].append(c)
            if c not in homes[top]:
                if k == 1:
                    outside[top].append(c)
                else:
                    outside[top] += [c] * k
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
        rows = HIT_ROWS if geo is GEOMETRY else hit_rows(geo)
        # what a hit costs (savoy_ai._pin_cost): nothing on the piece's own home, the most on the hitter's,
        # else a penalty fading as the hitter's free race runs out (worked out once per colour here)
        fade = [PIN_PENALTY * min(1.0, free_race[o] / PIN_FULL_RACE) for o in range(COLOURS)]
        # per colour, the outcomes with which one of its pieces lands on each cell
        reach = [_reach(rows, movers[o], geo.cells) if movers[o] else () for o in range(COLOURS)]
        for q in range(COLOURS):
            if not blots[q]:
                continue
            weight = EXPOSED_WEIGHT[seat_of[q] == on_roll]
            hitters = [(o, reach[o], homes[o]) for o in range(COLOURS) if movers[o] and seat_of[o] != seat_of[q]]
            for c in blots[q]:
                mask = 0
                cost = 0.0
                free = pinned_away or c not in homes[q]
                for o, reached, hitter_home in hitters:
                    by = reached[c]
                    if by:
                        mask |= by
                        if free:
                            hit = PIN_HOME_PENALTY if c in hitter_home else fade[o]
                            if hit > cost:
                                cost = hit
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


# --------------------------------------------------------------------------- boards scored by their turns
class TurnScore:
    """A quick score of the boards one seat's turns lead to from one board, from the cells each turn changed
    (at most eight), to choose which to judge in full when there are too many (`PRESELECT`): how much the
    turn shortens the seat's race (pips, or pieces out of home at `PIECE_PIPS` each, as `evaluate` counts
    it), what its lone pieces left and made cost in exposure to the other seats' pieces where they stand, and
    the pins it makes and lifts. It leaves out what `evaluate` adds for the other seats' lone pieces (counted
    at `EXPOSED_WEIGHT` 0.3: they are on roll), a pin penalty fading as a race runs out, and the next seat's
    chance to finish; the judged boards are then evaluated in full."""

    def __init__(self, cells: tuple[int, ...], seats: Sequence[Sequence[int]], me: int, on_roll: int,
                 pinned_away: bool, geo: Geometry = GEOMETRY) -> None:
        self.start, self.pinned_away, self.geo = cells, pinned_away, geo
        self.mine = frozenset(seats[me])
        self.seat_of = [-1] * COLOURS
        for s, colours in enumerate(seats):
            for q in colours:
                self.seat_of[q] = s
        self.on_roll = on_roll
        pips = [0.0] * COLOURS
        outside = [0] * COLOURS
        self.movers: list[list[int]] = [[] for _ in range(COLOURS)]
        pinned = []
        for c, v in enumerate(cells):
            if v:
                top, k, under = v & 3, v >> 5, (v >> 2 & 7) - 1
                pips[top] += k * geo.home_distance[top][c]
                self.movers[top].append(c)
                outside[top] += k * (c not in geo.homes[top])
                if under >= 0:
                    pips[under] += geo.home_distance[under][c]
                    outside[under] += c not in geo.homes[under] or pinned_away
                    pinned.append((c, top, k))
        self.free_race = list(pips)
        for c, o, k in pinned:
            self.free_race[o] -= k * geo.home_distance[o][c]
        self.pips = sum(pips[q] for q in self.mine)
        self.outside = sum(outside[q] for q in self.mine)
        self.race = max(self.pips, PIECE_PIPS * self.outside)
        self.exposed: dict[tuple[int, int], float] = {}
        self.cell: dict[tuple[int, int], tuple[float, int, float]] = {}  # (cell, value after) -> `_cell`

    def _exposure(self, c: int, q: int) -> float:
        """What a lone piece of the seat's colour q on c costs, exposed to the other seats' pieces as they
        stand (as `evaluate` counts it)."""
        term = self.exposed.get((c, q))
        if term is None:
            geo, seat_of = self.geo, self.seat_of
            mask, cost = 0, 0.0
            for o in range(COLOURS):
                if seat_of[o] != seat_of[q] and self.movers[o]:
                    by = 0
                    for h in self.movers[o]:
                        by |= geo.hit_mask[h][c]
                    if by:
                        mask |= by
                        cost = max(cost, _pin_cost(c, q, geo.homes, self.free_race, self.pinned_away, o))
            term = self.exposed[(c, q)] = (EXPOSED_WEIGHT[seat_of[q] == self.on_roll] * mask.bit_count() / 36.0 * cost
                                           if mask else 0.0)
        return term

    def __call__(self, changes: CellChanges) -> float:
        """The score of the board a turn leaves, from the cells it changes (`CellChanges`)."""
        pips = outside = gain = 0.0
        cell = self.cell
        for change in changes:
            terms = cell.get(change)
            if terms is None:
                terms = cell[change] = self._cell(*change)
            pips += terms[0]
            outside += terms[1]
            gain += terms[2]
        return self.total(pips, outside, gain)

    def total(self, pips: float, outside: float, gain: float) -> float:
        """The score of a turn whose changed cells' `terms` add up to these."""
        return gain - (max(self.pips + pips, PIECE_PIPS * (self.outside + outside)) - self.race)

    def terms(self, c: int, after: int) -> tuple[float, int, float]:
        """What cell c holding `after` instead of what it held changes: the seat's pips, its pieces out of
        home, and the exposure and pins counted (remembered)."""
        change = (c, after)
        found = self.cell.get(change)
        if found is None:
            found = self.cell[change] = self._cell(c, after)
        return found

    def _cell(self, c: int, after: int) -> tuple[float, int, float]:
        """`terms`, worked out."""
        mine, geo, pinned_away = self.mine, self.geo, self.pinned_away
        home_distance, homes = geo.home_distance, geo.homes
        pips, outside, gain = 0.0, 0, 0.0
        for sign, v in ((-1, self.start[c]), (1, after)):
            if not v:
                continue
            top, k, under = v & 3, v >> 5, (v >> 2 & 7) - 1
            if top in mine:
                pips += sign * k * home_distance[top][c]
                outside += sign * k * (c not in homes[top])
                if k == 1 and under < 0:  # a lone piece of the seat's
                    gain -= sign * self._exposure(c, top)
            if under >= 0:  # a pin: a cost to the pinned colour
                cost = _pin_cost(c, under, homes, self.free_race, pinned_away, top)
                if under in mine:
                    pips += sign * home_distance[under][c]
                    outside += sign * (c not in homes[under] or pinned_away)
                    gain -= sign * cost
                else:
                    gain += sign * cost
        return pips, outside, gain


# --------------------------------------------------------------------------- boards of turns
class TurnChanges:
    """The cells a legal turn changes in one position (`CellChanges`). A colour's parts commute (one colour's
    moves never change where it may land), so each colour's pieces gained and lost per cell are applied at
    once; where a seat of two colours touches one cell with both (one colour's move then changes the
    other's), or frees its own piece pinned under its other colour, the rules play the turn in its order
    (`SavoyaGame._play_turn`)."""

    def __init__(self, game: SavoyaGame, state: SavoyState, table: TurnTable) -> None:
        self.game, self.state, self.cells, self.known = game, state, state.cells, table.played
        # the same by the identity of the table's own moves (hashing a move hashes each of its parts: most of
        # the time of looking up one of the ten thousand turns of a spread-out double that listing played)
        self.known_ids = {id(move): changed for move, changed in table.played.items()}
        colours = state.rules.seats[state.to_move]
        self.colours, self.one = colours, colours[0] if len(colours) == 1 else None
        self.parts: dict[int, tuple[int, int, int]] = {}  # id of a Part -> (source, destination, pieces)
        self.terms: dict[int, tuple[int, float, float, float] | None] = {}  # id of a Part -> `_part_terms`

    def __call__(self, move: SavoyMove) -> CellChanges:
        known = self.known_ids.get(id(move))  # (the table's moves are kept alive by it: an id is one of them)
        if known is not None:
            return known
        cells, colours, one, parts = self.cells, self.colours, self.one, self.parts
        nets: dict[int, list[int]] = {}  # cell -> [the colour moving there, its pieces gained (lost: negative)]
        for p in move.parts:
            where = parts.get(id(p))  # (the table's parts are shared objects)
            if where is None:
                where = parts[id(p)] = (SAVOYA_BOARD.cell_id[p.src], SAVOYA_BOARD.cell_id[p.dst], p.count)
            src, dst, count = where
            colour = one
            if colour is None:
                v = cells[src]
                colour = v & 3 if v else -1
                net = nets.get(src)
                if colour not in colours or net is not None and net[0] != colour \
                        or count - (net[1] if net else 0) > v >> 5:  # more leave than are there: one was freed
                    return self.played(move)
                net = nets.get(dst)
                if net is not None and net[0] != colour:
                    return self.played(move)
            nets.setdefault(src, [colour, 0])[1] -= count
            nets.setdefault(dst, [colour, 0])[1] += count
        shift = PACKED_STACKS.shift
        return tuple(sorted([(c, shift(cells[c], colour, n)) for c, (colour, n) in nets.items() if n]))

    def quick_score(self, move: SavoyMove, score: TurnScore) -> float:
        """`score` of the board `move` leads to (`quick_scores` of one move)."""
        return self.quick_scores((move,), score)[0]

    def quick_scores(self, moves: Sequence[SavoyMove], score: TurnScore) -> list[float]:
        """`score` of the boards `moves` lead to: where a move's parts touch different cells, the sum of what
        each part alone changes (each cell's new value then follows from one part), else from the cells it
        changes. (A loop over many moves: tens of thousands are scored for a spread-out double. Moves listed
        one after another mostly begin with the same parts, so the sums over a move's first parts are kept
        for the next move, and added in the same order.)"""
        terms, part_terms = self.terms, self._part_terms
        base_pips, base_outside, race = score.pips, score.outside, score.race
        out: list[float] = []
        before: tuple[Part, ...] = ()  # the previous move's parts, summed in `sums` as far as they fit
        sums = [(0, 0.0, 0.0, 0.0)]  # after each of its first parts: (cells touched, pips, outside, gain)
        for move in moves:
            parts = move.parts
            same = 0
            most = min(len(parts), len(sums) - 1)
            while same < most and parts[same] is before[same]:
                same += 1
            del sums[same + 1:]
            touched, pips, outside, gain = sums[same]
            for p in parts[same:]:
                part = terms.get(id(p))
                if part is None:
                    part = terms[id(p)] = part_terms(p, score)
                if part is None or touched & part[0]:
                    out.append(score(self(move)))
                    break
                touched |= part[0]
                pips += part[1]
                outside += part[2]
                gain += part[3]
                sums.append((touched, pips, outside, gain))
            else:  # (`TurnScore.total`, inline)
                pips += base_pips
                outside = PIECE_PIPS * (base_outside + outside)
                out.append(gain - ((pips if pips > outside else outside) - race))
            before = parts
        return out

    def _part_terms(self, p: Part, score: TurnScore) -> tuple[int, float, float, float] | None:
        """What part `p` changes alone: (its two cells as a bit mask, `TurnScore.terms` summed over them);
        None where its source is not the seat's to leave alone (another colour's top, or a piece freed)."""
        src, dst, count = SAVOYA_BOARD.cell_id[p.src], SAVOYA_BOARD.cell_id[p.dst], p.count
        v = self.cells[src]
        colour = self.one if self.one is not None else (v & 3 if v else -1)
        if colour not in self.colours or count > PACKED_STACKS.free(v, colour):
            return None
        shift = PACKED_STACKS.shift
        a = score.terms(src, shift(v, colour, -count))
        b = score.terms(dst, shift(self.cells[dst], colour, count))
        return 1 << src | 1 << dst, a[0] + b[0], a[1] + b[1], a[2] + b[2]

    def played(self, move: SavoyMove) -> CellChanges:
        """The cells `move` changes, played by the rules in its order (as listing found them, mostly)."""
        known = self.known.get(move)
        if known is not None:
            return known
        after, cells = self.game._play_turn(self.state, move), self.cells
        cell_id = SAVOYA_BOARD.cell_id
        touched = sorted({cell_id[name] for p in move.parts for name in (p.src, p.dst)})
        return tuple((c, after[c]) for c in touched if after[c] != cells[c])


def _board(cells: tuple[int, ...], changes: CellChanges) -> tuple[int, ...]:
    """The board `changes` leave."""
    out = list(cells)
    for c, v in changes:
        out[c] = v
    return tuple(out)


def _distinct(game: SavoyaGame, state: SavoyState, table: TurnTable,
              found: dict[CellChanges, SavoyMove]) -> Generator[None, None, None]:
    """Fill `found` with the distinct boards the table's moves lead to (as `CellChanges`), each with the first
    move reaching it; yields after every chunk of moves."""
    changes = TurnChanges(game, state, table)
    for n, move in enumerate(table.moves):
        found.setdefault(changes(move), move)
        if n % (4 * WORK_CHUNK) == 4 * WORK_CHUNK - 1:
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
    cells, moves = state.cells, table.moves
    changes = TurnChanges(game, state, table)
    if table.winning:  # a turn that wins is played at once
        for k, move in enumerate(moves):
            if _all_home(_board(cells, changes(move)), me, rules):
                report["value"] = 1.0
                return move
            if k % WORK_CHUNK == WORK_CHUNK - 1:
                yield 0.0
    picked: Sequence[int] = range(len(moves))
    if len(moves) > PRESELECT:  # too many to judge in full: the best by what they change (`TurnScore`)
        picked = yield from _preselected(moves, changes, TurnScore(cells, seats, me, nxt, pinned_away))
    distinct: dict[CellChanges, SavoyMove] = {}  # each board judged once, with the first move leading to it
    for k, i in enumerate(picked):
        distinct.setdefault(changes(moves[i]), moves[i])
        if k % (4 * WORK_CHUNK) == 4 * WORK_CHUNK - 1:
            yield 0.05
    report["turns"] = len(moves)
    report["boards"] = len(distinct)
    boards = [(_board(cells, changed), move) for changed, move in distinct.items()]
    scored: list[tuple[float, int]] = []
    for i, (board, _) in enumerate(boards):
        scored.append((evaluate(board, seats, nxt, pinned_away)[me], i))
        if i % JUDGED_CHUNK == JUDGED_CHUNK - 1:
            yield 0.05 + 0.05 * i / len(boards)
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
            progress = 0.1 + 0.9 * done / total_units
            if _too_many_replies(board, seats[nxt], dice, rules):
                value += weight * evaluate(board, seats, nxt, pinned_away)[me]  # judged before the reply
                done += 1
                yield progress
                continue
            replies = yield from _in_units(build_turn_steps(board, nxt, dice, rules), progress)  # (the rules' units)
            if not replies.moves:
                mine = evaluate(board, seats, after_next, pinned_away)[me]
            else:
                reply_state = SavoyState(rules, board, nxt, dice, opening=False)
                after: dict[CellChanges, SavoyMove] = {}
                for _ in _distinct(game, reply_state, replies, after):
                    yield progress
                listed = list(after)
                if len(listed) > REPLY_CAP:
                    listed = listed[::-(-len(listed) // REPLY_CAP)]
                nodes += len(listed)
                mine = yield from _reply_value(board, listed, replies.winning, me, nxt, after_next, rules, judged,
                                               progress)
            value += weight * mine
            done += 1
            yield 0.1 + 0.9 * done / total_units
        results.append((value / 36.0, -rank, i))
    return chosen(results, boards, nodes, report)


def _preselected(moves: Sequence[SavoyMove], changes: TurnChanges, score: TurnScore) -> Generator[float, None, list[int]]:
    """The places in `moves` of the `PRESELECT` best by `score` (the first among equal ones), in order; yields
    after every chunk of moves."""
    top: list[tuple[float, int]] = []  # (score, -index): a heap of the highest scores
    chunk = 4 * WORK_CHUNK
    for start in range(0, len(moves), chunk):
        for i, value in enumerate(changes.quick_scores(moves[start:start + chunk], score), start):
            if len(top) < PRESELECT:
                heapq.heappush(top, (value, -i))
            elif value > top[0][0]:  # (an equal score comes later: it never displaces the lowest)
                heapq.heapreplace(top, (value, -i))
        yield 0.05 * start / len(moves)
    return sorted(-i for _, i in top)


def _reply_value(board: tuple[int, ...], listed: Sequence[CellChanges], winning: int, me: int, nxt: int,
                 after_next: int, rules: SavoyRules, judged: dict[tuple[int, ...], tuple[float, ...]],
                 progress: float) -> Generator[float, None, float]:
    """Seat `me`'s chance after the reply (among the boards `listed` that the next seat's turns change) best
    for the next seat by `evaluate`: 0 if a reply wins. Only the `REPLY_JUDGED` best by the quick score
    (`TurnScore`) are judged in full; `judged` remembers boards met again. Yields `progress` between units."""
    seats, pinned_away = rules.seats, rules.pinned_away
    if winning:
        for k, changes in enumerate(listed):
            if _all_home(_board(board, changes), nxt, rules):
                return 0.0  # the next seat wins: nothing better for it
            if k % WORK_CHUNK == WORK_CHUNK - 1:
                yield progress
    if len(listed) > REPLY_JUDGED:
        quick = TurnScore(board, seats, nxt, after_next, pinned_away)
        listed = heapq.nlargest(REPLY_JUDGED, listed, key=quick)
        yield progress
    best_theirs, mine = -1.0, 0.0
    for k, changes in enumerate(listed):
        reply = _board(board, changes)
        values = judged.get(reply)
        if values is None:
            values = judged[reply] = evaluate(reply, seats, after_next, pinned_away)
        if values[nxt] > best_theirs:
            best_theirs, mine = values[nxt], values[me]
        if k % JUDGED_CHUNK == JUDGED_CHUNK - 1:
            yield progress
    return mine
