"""The Savoy engine: expectimax over our turn, the 21 rolls and the opponent's reply.

Random playouts are useless in Savoy (pieces wander both ways and random games almost never
end), so the engine judges positions with a static evaluation and looks one full turn ahead:

1. every distinct board our legal turns lead to is evaluated (a turn that wins is played at once);
   levels 1-3 choose among them (level 3 the best; levels 2 and 1 slip among the best 3 and 8);
2. level 4 searches the best few of them: for each of the 21 rolls (weighted 1/36 or 2/36) the
   opponent picks the reply that is best for them by the same evaluation, and the candidate's value
   is the average over the rolls of the position after that reply. Searching deeper (one roll more,
   or a few turns played on) made it no stronger: see `LEVEL_SETTINGS`.

The evaluation turns a position into the chance that a player wins. It counts, per player,
a race in pips: what each piece still needs (`race_pips`: the turns a lone piece expects to take
to land on a home cell, a straight trip a turn, at `TURN_PIPS` a turn; never fewer than its fewest
steps), at least 3.5 pips per piece still out (a turn moves two pieces, four with a double), a
pinned piece's wait, and the expected cost of lone pieces the other side can pin with its next roll. The difference
(with half a roll for the player on roll) becomes a probability whose spread narrows as the
race shortens. Where the player on roll can bring all their remaining pieces home with some
rolls, that exact chance of finishing now is added.

A pinned piece starts its own race only once the pinner has run the rest of theirs (the race
without the pieces holding pins), so a pin is worth a lot while the pinner still has far to
go and nothing once the pinner has nothing else to move: a pin weight that outlasted the race
would make the pinner hoard it and shuffle pieces until the turn limit. The pins one player
holds cost the other at most `PIN_SLOPE` pips per pip of that free race together (they are all
lifted when it has run), so bringing pieces home never loses a pinner more in pins than it gains
in race: with three pins each fading at 14/30 a pip, it did, and the pinner shuffled. A pin on
one of the pinner's own home cells is different: the pinner never has to lift it, so it stays
costly.

Choosing (levels 3 and 4), a turn that keeps a pin while the rest of the mover's race is run
(`HOLD`) counts a little less: such a pin is kept only by moving pieces out of home and back until
a roll brings everything home at once, which the search, one roll deep, always finds a little
better than lifting it and racing; won games then ran on for a hundred plies.

Everything is written in terms of the board data (paths as rays, homes, distances), gathered
in a `Geometry`, so another board with the same movement rules can use the same engine.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Generator, Sequence

from game.rules import savoy_board
from game.rules.savoy import (ROLLS, SavoyGame, SavoyMove, SavoyRules, SavoyState, Steps, apply_net, run_steps,
                              trip_options, turn_board_steps)
from game.rules.savoy.table import release

from .search import Report

# --------------------------------------------------------------------------- tuning
#: per level: how many candidate boards are searched one turn deeper (0: 1-ply only), and among
#: how many of the best boards a 1-ply choice is drawn at random (the beginner's slips).
#: Issue 24: each level must win 60% against the one below. Searched deeper than one roll (the exact search
#: one roll deeper: 8 of 16 against the one-roll search, decisions of 3 s; three candidates played on three
#: turns: 44 of 88) the engine grew no stronger: its evaluation is the limit. So the one-roll search is level 4
#: (it won 38 of 48 against the 1-ply choice), the 1-ply choice level 3 (70 of 100 against slips among the
#: best 3), and level 1 slips among the best 8 (level 2 won 83 of 100 against it): a gentler first game.
LEVEL_SETTINGS = {
    1: (0, 8),
    2: (0, 3),
    3: (0, 1),
    4: (8, 1),
}
#: the level a hint plays at (`game.ai.search.hint_level`): the search, as the other games' hints are theirs
HINT_LEVEL = 4
#: per level: positions judged after the replies beyond which no further candidate is searched
#: (at least two are), which bounds the work where pieces spread and doubles open thousands of replies
NODE_BUDGET = {1: 0, 2: 0, 3: 0, 4: 20_000}
TEMPO = 4.0  # pips the player on roll is worth ahead (half an average roll)
TURN_PIPS = 8.17 / 2  # pips a turn moves one of its two pieces on average: what a turn of a piece's own race costs
PIECE_PIPS = 3.5  # pips a piece out of home needs at least: 8.17 pips a turn over 2.33 pieces moved a turn
PIN_PENALTY = 14.0  # pips a pinned piece costs while the pinner still has far to go
PIN_FULL_RACE = 30.0  # the pinner's race without the pins from which a pin costs its full penalty
PIN_HOME_PENALTY = 30.0  # pips a piece pinned on the pinner's own home costs
PIN_SLOPE = 0.8  # pips the pins one player holds may cost the other at most, per pip of the holder's free race
#: levels 3 and 4: a pin held while the holder has at most HOLD_RACE pips of other race left costs the turn
#: that keeps it HOLD (in chance of winning) when the best turn is chosen (never in the value reported).
#: Such a pin is kept by moving pieces out of home and back, turn after turn, until a roll brings every
#: piece home at once; the search, one roll deep, finds that a few hundredths of a win better than lifting
#: it and racing, every turn, and the game runs on for a hundred plies
HOLD = 0.05
#: the value of a deadlock (see _locked) where both players hold pins on their own homes: a draw, half a win;
#: where one does, to them (see _deadlock): DEADLOCK_HOLDER, or this share of the way from it to the game
#: after they lift them, where that is better. Self-play ran deadlocks, a draw at the 1,000-turn limit, when
#: they were worth a draw to the holder, who then never lifted
DEADLOCK = 0.5
DEADLOCK_HOLDER = 0.4
RELEASE_SHARE = 0.5
HOLD_RACE = 8
#: exposure (the chance a single piece is pinned by the next roll, times what the pin costs) counted for the
#: player not on roll, and for the one on roll. Pins decide Savoy: in 700 level-2 self-play games the
#: player holding more pins won 61% (three more: 91%), where the one ahead in the race won 50%. At (1.0, 0.3)
#: the search (level 4), judging boards after the opponent's replies with itself on roll, left its pieces open
#: and lost to the 1-ply choice (1 of 12); at (2.0, 1.0) it won 34 of 48 (issue 24's notes)
EXPOSED_WEIGHT = (2.0, 1.0)
#: the chance a single piece is pinned by a player who can no longer win (a deadlock they would hold, see
#: `_locked`) counted at these shares: for the player not on roll, and for the one on roll (who may move it)
LOCK_RISK_WEIGHT = (1.0, 0.3)
DOUBLE_SPREAD_LIMIT = 14  # beyond this (see _double_spread) a double's replies are not listed
REPLY_CAP = 480  # distinct reply boards judged per roll at most (an even sample beyond)
WORK_CHUNK = 48  # boards evaluated per unit of work


# --------------------------------------------------------------------------- the board's data
def _dice(roll: tuple[int, int]) -> tuple[int, ...]:
    return roll * 2 if roll[0] == roll[1] else roll


#: (dice of the roll, its weight out of 36) for the 21 rolls
ROLL_WEIGHTS: tuple[tuple[tuple[int, ...], int], ...] = tuple((_dice(r), 1 if r[0] == r[1] else 2) for r in ROLLS)


@dataclass(frozen=True)
class Geometry:
    """What the evaluation needs to know about a board (built from a board module's data)."""

    cells: int
    homes: tuple[frozenset[int], ...]
    home_distance: tuple[tuple[float, ...], ...]
    hit_mask: tuple[tuple[int, ...], ...]  # [a][b]: outcomes (of 36) with which a piece on a may land on b
    home_lengths: tuple[tuple[frozenset[int], ...], ...]  # [player][cell]: trip lengths ending on a home


def _outcome_masks() -> dict[int, int]:
    """Trip length -> bit mask over the 36 ordered outcomes of two dice that can make it."""
    masks: dict[int, int] = {}
    for i in range(36):
        a, b = divmod(i, 6)
        a, b = a + 1, b + 1
        lengths = {a, 2 * a, 3 * a, 4 * a} if a == b else {a, b, a + b}
        for length in lengths:
            masks[length] = masks.get(length, 0) | 1 << i
    return masks


def build_geometry(rays: Sequence[Sequence[tuple[int, int, tuple[int, ...]]]], homes: Sequence[frozenset[int]],
                   home_distance: Sequence[Sequence[float]]) -> Geometry:
    masks = _outcome_masks()
    n = len(rays)
    hit = [[0] * n for _ in range(n)]
    home_lengths = [[set() for _ in range(n)] for _ in homes]
    for a in range(n):
        for _, _, ray in rays[a]:
            for k, b in enumerate(ray):
                hit[a][b] |= masks.get(k + 1, 0)
                for q, home in enumerate(homes):
                    if b in home and a not in home:
                        home_lengths[q][a].add(k + 1)
    return Geometry(n, tuple(homes), tuple(tuple(d) for d in home_distance), tuple(tuple(r) for r in hit),
                    tuple(tuple(frozenset(s) for s in per) for per in home_lengths))


def _trip_lengths(dice: tuple[int, ...]) -> frozenset[int]:
    """The lengths one piece's trip may have with these dice (one die, or several added)."""
    if len(dice) == 4:
        return frozenset(dice[0] * k for k in range(1, 5))
    return frozenset((dice[0], dice[1], dice[0] + dice[1]))


def race_pips(rays: Sequence[Sequence[tuple[int, int, tuple[int, ...]]]], homes: Sequence[frozenset[int]],
              home_distance: Sequence[Sequence[int]]) -> tuple[tuple[float, ...], ...]:
    """Per player, what a piece on each cell still needs, in pips: `TURN_PIPS` per turn a lone piece
    expects to take to get home (a trip a turn, straight along a ray, with one die or the dice added; it
    waits where no trip helps), and never fewer than its fewest steps. The fewest steps alone miss that
    a piece turns only between trips, on a crossing, and must land on a home cell exactly: a piece two
    steps from home round the corner of a loop needs about three turns, one six straight steps out not
    1.5, and counted by steps the engine kept its pieces circling the loops beside home."""
    return run_steps(_race_pips_steps(rays, homes, home_distance))


def _race_pips_steps(rays: Sequence[Sequence[tuple[int, int, tuple[int, ...]]]], homes: Sequence[frozenset[int]],
                     home_distance: Sequence[Sequence[int]]) -> Steps[tuple[tuple[float, ...], ...]]:
    """`race_pips` in units: a cell's reachable cells, or a sweep of the value iteration (20-30 ms in all,
    done in the first search's units: see `_geometry_steps`)."""
    out = []
    lengths = [(_trip_lengths(dice), weight) for dice, weight in ROLL_WEIGHTS]
    for home, steps in zip(homes, home_distance):
        turns = [0.0 if c in home else float(steps[c]) for c in range(len(rays))]
        # per cell, per roll: its weight and the cells a trip reaches, worked out once for the whole iteration
        reach = []
        for c in range(len(rays)):
            reach.append([(weight, [ray[length - 1] for _, _, ray in rays[c] for length in range(1, len(ray) + 1)
                                    if length in allowed]) for allowed, weight in lengths])
            yield
        for _ in range(200):  # value iteration: converges long before
            new = []
            for c in range(len(rays)):
                if c in home:
                    new.append(0.0)
                    continue
                total = 0.0
                stay = turns[c]
                for weight, tos in reach[c]:
                    best = stay
                    for to in tos:
                        if turns[to] < best:
                            best = turns[to]
                    total += weight * best
                new.append(1.0 + total / 36.0)
            done = max(abs(a - b) for a, b in zip(new, turns)) < 1e-9
            turns = new
            yield
            if done:
                break
        out.append(tuple(max(float(steps[c]), TURN_PIPS * turns[c]) for c in range(len(rays))))
    return tuple(out)


_SAVOY_GEOMETRY: list[Geometry] = []  # (built by the first search, in its units)


def _geometry_steps() -> Steps[Geometry]:
    """The geometry of Savoy's board (`SAVOY_GEOMETRY`), built in units the first time."""
    if not _SAVOY_GEOMETRY:
        pips = yield from _race_pips_steps(savoy_board.RAYS, savoy_board.HOMES, savoy_board.HOME_DISTANCE)
        if not _SAVOY_GEOMETRY:  # (built meanwhile, by a search that did not wait for these units)
            _SAVOY_GEOMETRY.append(build_geometry(savoy_board.RAYS, savoy_board.HOMES, pips))
    return _SAVOY_GEOMETRY[0]


def __getattr__(name: str) -> Any:
    # SAVOY_GEOMETRY, built when first asked for (at once; a search builds it in units): building it on import
    # took 20-30 ms, in one unit of the first search
    if name == "SAVOY_GEOMETRY":
        return geometry_for(None)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def geometry_for(state: SavoyState | None) -> Geometry:
    """The geometry of the board `state` is played on."""
    return run_steps(_geometry_steps())


# --------------------------------------------------------------------------- evaluation
def _uses(dice: tuple[int, ...]) -> list[tuple[tuple[int, ...], int]]:
    """Ways one piece may use some of the dice: (dice left, trip length)."""
    if len(set(dice)) <= 1:
        return [(dice[k:], dice[0] * k) for k in range(1, len(dice) + 1)]
    a, b = dice
    return [((b,), a), ((a,), b), ((), a + b)]


@lru_cache(maxsize=4096)
def finish_chance(needs: tuple[frozenset[int], ...]) -> float:
    """The chance (over the next roll) that pieces needing these trip lengths all get home,
    each with one trip (blocks and intermediate stops are not checked)."""

    def fits(pieces: tuple[frozenset[int], ...], dice: tuple[int, ...]) -> bool:
        if not pieces:
            return True
        first, rest = pieces[0], pieces[1:]
        return any(length in first and fits(rest, left) for left, length in _uses(dice))

    total = sum(w for dice, w in ROLL_WEIGHTS if len(needs) <= len(dice) and fits(needs, dice))
    del fits  # (it refers to itself through its closure: a reference cycle otherwise, left for the garbage collector)
    return total / 36.0


def evaluate(cells: Sequence[int], player: int, on_roll: int, geo: Geometry, pinned_away: bool,
             exposure: bool = True, released: bool = False) -> float:
    """The chance that `player` wins from this board, `on_roll` being the player to roll next. `released`:
    as if every piece pinned on its pinner's home were free (see `_deadlock`)."""
    home_distance = geo.home_distance
    homes = geo.homes
    pips = [0.0, 0.0]
    pinned: list[tuple[int, int, int]] = []  # (cell, pinned player, pinner's pieces on it)
    blots: tuple[list[int], list[int]] = ([], [])
    movers: tuple[list[int], list[int]] = ([], [])
    outside: tuple[list[int], list[int]] = ([], [])
    for c, v in enumerate(cells):
        if not v:
            continue
        a = -v if v < 0 else v
        top = 0 if v > 0 else 1
        k = a >> 1
        pips[top] += k * home_distance[top][c]
        movers[top].append(c)
        if c not in homes[top]:
            outside[top].extend([c] * k)
        if a & 1:
            bottom = 1 - top
            pips[bottom] += home_distance[bottom][c]
            pinned.append((c, bottom, k))
            if c not in homes[bottom] or pinned_away:
                outside[bottom].append(-1)  # a pinned piece cannot finish this roll
        elif k == 1:
            blots[top].append(c)
    # each player's race without the pieces holding pins: what is left before they must lift them
    free_race = list(pips)
    for c, q, on_top in pinned:
        free_race[1 - q] -= on_top * home_distance[1 - q][c]
    # a turn moves at most two pieces (four with a double): pieces still out need turns of their own
    total = [max(pips[q], PIECE_PIPS * len(outside[q])) for q in (0, 1)]
    # the pins that fade (see _pin_cost), per pinned player: together they cost at most PIN_SLOPE pips per
    # pip of the pinner's free race (all of them are lifted when it has run)
    fading = [0.0, 0.0]
    for c, q, _ in pinned:
        cost = 0.0 if released and c in homes[1 - q] else _pin_cost(c, q, homes, free_race, pinned_away)
        if cost and c not in homes[1 - q]:
            fading[q] += cost
        else:
            total[q] += cost
    held = [_held(fading[q], free_race[1 - q]) for q in (0, 1)]
    locked = [False, False] if released else _locked(pinned, homes, pinned_away)
    if locked is None:
        return _deadlock(cells, player, on_roll, geo, pinned_away, pinned)
    lock_risk = [0.0, 0.0]  # per player, the chance a piece of theirs is pinned by one who can no longer win
    if exposure:
        hit_mask = geo.hit_mask
        for q in (0, 1):
            weight = EXPOSED_WEIGHT[q == on_roll]
            hitters = movers[1 - q]
            anywhere = 0
            for c in blots[q]:
                mask = 0
                for h in hitters:
                    mask |= hit_mask[h][c]
                if c not in homes[q] or pinned_away:
                    anywhere |= mask
                if mask:
                    cost = _pin_cost(c, q, homes, free_race, pinned_away)
                    if cost and c not in homes[1 - q]:  # what one more pin would add to those held
                        cost = _held(fading[q] + cost, free_race[1 - q]) - held[q]
                    total[q] += weight * mask.bit_count() / 36.0 * cost
            if locked[1 - q]:
                lock_risk[q] = LOCK_RISK_WEIGHT[q == on_roll] * anywhere.bit_count() / 36.0
    for q in (0, 1):
        total[q] += held[q]
    mine = total[player]
    theirs = total[1 - player]
    lead = theirs - mine + (TEMPO if on_roll == player else -TEMPO)
    spread = 1.3 * math.sqrt(max(4.0, (mine + theirs) / 2)) + 1.0
    chance = 1.0 / (1.0 + math.exp(-lead / spread))
    out = outside[on_roll]
    if len(out) <= 4 and -1 not in out:
        lengths = geo.home_lengths[on_roll]
        finish = finish_chance(tuple(sorted((lengths[c] for c in out), key=sorted))) if out else 1.0
        if finish:
            if on_roll == player:
                chance = finish + (1.0 - finish) * chance
            else:
                chance = (1.0 - finish) * chance
    for q in (0, 1):  # a deadlock that player q would hold (see _deadlock)
        if lock_risk[q]:
            chance += lock_risk[q] * ((DEADLOCK_HOLDER if q == player else 1.0 - DEADLOCK_HOLDER) - chance)
    return chance


def _locked(pinned: Sequence[tuple[int, int, int]], homes: Sequence[frozenset[int]], pinned_away: bool,
            ) -> list[bool] | None:
    """Per player, whether a piece of theirs is pinned on the other's home: the pinner never has to lift
    it, so the player can never win, and has nothing to gain by ever lifting pins of their own. None where
    such a player holds one (a deadlock: neither can win, and the house limit draws the game; seen running
    to the 1,000-turn limit in level-3 self-play, the side ahead never afraid of the pins)."""
    locked = [False, False]
    holds = [False, False]
    for c, q, _ in pinned:
        if c in homes[1 - q]:
            locked[q] = True
        if c not in homes[q] or pinned_away:
            holds[1 - q] = True
    if (locked[0] and holds[0]) or (locked[1] and holds[1]):
        return None
    return locked


def _deadlock(cells: Sequence[int], player: int, on_roll: int, geo: Geometry, pinned_away: bool,
              pinned: Sequence[tuple[int, int, int]]) -> float:
    """`player`'s chance in a deadlock (see `_locked`). Only the player holding pins on their own home can
    end it, by lifting them (the other can never win, so never lifts theirs), and only they can win a game
    that ends: a deadlock is worth to them `DEADLOCK_HOLDER`, a little less than a draw, or more the better
    the game after lifting would be (`RELEASE_SHARE` of the way), so that they lift them once the dice allow
    and the game is then worth that much to them, and think twice before letting one arise. Both holding
    such pins: a draw (lifting would lose)."""
    homes = geo.homes
    holders = {1 - q for c, q, _ in pinned if c in homes[1 - q]}
    if len(holders) != 1:
        return DEADLOCK
    holder = holders.pop()
    free = evaluate(cells, holder, on_roll, geo, pinned_away, released=True)
    value = DEADLOCK_HOLDER + RELEASE_SHARE * max(0.0, free - DEADLOCK_HOLDER)
    return value if player == holder else 1.0 - value


def _held(fading: float, free_race: float) -> float:
    """What pins that fade, costing `fading` pips in all, cost together: at most PIN_SLOPE pips per pip of
    the pinner's free race. The pinner lifts them all once that race is run, so its other pieces' progress
    must never cost it more in pins than it gains in race (three pins fading at 14/30 each made a pinner
    holding them shuffle rather than run)."""
    return min(fading, PIN_SLOPE * max(0.0, free_race))


def _pin_cost(c: int, q: int, homes: Sequence[frozenset[int]], free_race: Sequence[float],
              pinned_away: bool, pinner: int | None = None) -> float:
    """The pips a piece of `q` pinned on `c` costs `q`: nothing on its own home, most on the pinner's
    home (the pinner never has to lift it), else a penalty that fades as the pinner's race without
    the pins (what is left before they must lift them) runs out. The pinner is the other colour
    unless given (Savoya's four colours, savoya_ai)."""
    o = 1 - q if pinner is None else pinner
    if c in homes[q] and not pinned_away:
        return 0.0  # it counts as home where it is
    if c in homes[o]:
        return PIN_HOME_PENALTY
    return PIN_PENALTY * min(1.0, free_race[o] / PIN_FULL_RACE)


# --------------------------------------------------------------------------- search
def _boards(cells: tuple[int, ...], me: int, moves: Sequence[SavoyMove],
            found: dict[tuple[int, ...], SavoyMove]) -> Generator[None, None, None]:
    """Fill `found` with the distinct boards the moves lead to, each with the first move (in the
    given order) reaching it; yields after every chunk of moves."""
    seen: set[tuple] = set()
    cell_id = savoy_board.CELL_ID
    for n, move in enumerate(moves):
        net: dict[int, int] = {}
        for p in move.parts:
            src, dst = cell_id[p.src], cell_id[p.dst]
            net[src] = net.get(src, 0) - p.count
            net[dst] = net.get(dst, 0) + p.count
        key = tuple(sorted(net.items()))
        if key not in seen:
            seen.add(key)
            found.setdefault(apply_net(cells, me, net), move)
        if n % (4 * WORK_CHUNK) == 4 * WORK_CHUNK - 1:
            yield


def _double_spread(cells: tuple[int, ...], me: int, die: int, mode: str) -> int:
    """The single-die trips `me` has with a double of `die`: the turns it allows grow like the
    fourth power of this (every multiset of four trips), and so does the time the rules take to list them."""
    return len(trip_options(cells, me, (die,), mode))


def _winning(cells: tuple[int, ...], me: int, geo: Geometry, pinned_away: bool) -> bool:
    home = total = 0
    for c, v in enumerate(cells):
        if not v:
            continue
        a = abs(v)
        if (v > 0) == (me == 0):
            n, pin = a >> 1, False
        elif a & 1:
            n, pin = 1, True
        else:
            continue
        total += n
        if c in geo.homes[me] and not (pin and pinned_away):
            home += n
    return total > 0 and home == total


def think(game: SavoyGame, state: SavoyState, level: int, rng: random.Random,
          report: Report) -> Generator[float, None, Any]:
    me = state.to_move
    them = 1 - me
    rules = state.rules
    pinned_away = rules.pinned_away
    geo = yield from _in_units(_geometry_steps(), 0.0)
    width, slips = LEVEL_SETTINGS[level]
    table = game.table(state)
    distinct: dict[tuple[int, ...], SavoyMove] = {}
    for _ in _boards(state.cells, me, table.moves, distinct):
        yield 0.0
    boards = list(distinct.items())
    report["boards"] = len(boards)
    scored: list[tuple[float, int]] = []
    for i, (board, move) in enumerate(boards):
        if table.winning and _winning(board, me, geo, pinned_away):
            report["value"] = 1.0
            return move
        scored.append((evaluate(board, me, them, geo, pinned_away), i))
        if i % WORK_CHUNK == WORK_CHUNK - 1:
            yield 0.1 * i / len(boards)
    scored.sort(key=lambda item: (-item[0], item[1]))
    if not width:
        value, best = scored[rng.randrange(min(slips, len(scored)))]
        report["value"] = round(value, 4)
        return boards[best][1]
    candidates = [i for _, i in scored[:width]]
    share = 0.9  # of the progress bar: the search one roll deep (the first tenth: the boards of our turns)
    total_units = len(candidates) * len(ROLL_WEIGHTS)
    done = 0
    nodes = 0
    results: list[tuple[float, int, int]] = []
    judged: dict[tuple[int, ...], float] = {}  # boards met again after another roll or candidate
    for rank, i in enumerate(candidates):
        if rank >= 1 and nodes >= NODE_BUDGET[level] and (rank >= 2 or nodes >= 2 * NODE_BUDGET[level]):
            break
        board = boards[i][0]
        value = 0.0
        for dice, weight in ROLL_WEIGHTS:
            worst, _, listed = yield from _best_turn(board, them, me, dice, rules, geo, judged,
                                                         share * (0.1 + 0.9 * done / total_units), REPLY_CAP)
            nodes += listed
            value += weight * worst
            done += 1
            yield share * (0.1 + 0.9 * done / total_units)
        results.append((value / 36.0, -rank, i))
    # the best by value, less HOLD for each pin the turn keeps with nothing else left to run; its value
    # reported as the chance it is
    _, _, best = max((value - HOLD * _idle_pins(boards[i][0], me, geo, pinned_away), negrank, i)
                     for value, negrank, i in results)
    report.update(nodes=nodes, searched=len(results), value=round(next(v for v, _, i in results if i == best), 4))
    # the boards judged (10,000-40,000) freed a unit at a time: at once, as the generator returns, 5-10 ms
    yield from _in_units(release(judged), 1.0)
    return boards[best][1]


def _best_turn(board: tuple[int, ...], mover: int, me: int, dice: tuple[int, ...], rules: SavoyRules,
               geo: Geometry, judged: dict[tuple[int, ...], float], progress: float, cap: int | None = None,
               ) -> Generator[float, None, tuple[float, tuple[int, ...] | None, int]]:
    """`mover` plays its best turn with `dice` on `board` by the evaluation (the most for `me`, or the least
    when `mover` is the opponent): `me`'s chance after it, the board it leaves (None where it wins, or
    where a double too spread out to list is judged before the turn, a slow rules call avoided), and how
    many boards were judged. At most `cap` boards are (an even sample beyond). `judged` keeps the values of
    boards already met with the same player to roll next; `progress` is yielded between chunks of work."""
    pinned_away = rules.pinned_away
    maximise = mover == me
    if len(dice) == 4 and _double_spread(board, mover, dice[0], rules.trips) > DOUBLE_SPREAD_LIMIT:
        return evaluate(board, me, mover, geo, pinned_away), None, 0
    listed, winning = yield from _in_units(turn_board_steps(board, mover, dice, rules), progress)
    if winning:
        return (1.0 if maximise else 0.0), None, 0
    nxt = 1 - mover
    if not listed:  # a pass
        return evaluate(board, me, nxt, geo, pinned_away), board, 0
    if cap is not None and len(listed) > cap:
        listed = listed[::-(-len(listed) // cap)]
    value, chosen_board = (0.0 if maximise else 1.0), None
    for n, after in enumerate(listed):
        v = judged.get(after)
        if v is None:
            v = judged[after] = evaluate(after, me, nxt, geo, pinned_away)
        if v > value if maximise else v < value:
            value, chosen_board = v, after
        if n % WORK_CHUNK == WORK_CHUNK - 1:
            yield progress
    return value, chosen_board, len(listed)


def _in_units(steps: Generator[None, None, Any], progress: float) -> Generator[float, None, Any]:
    """The result of a rules call done in units (`game.rules.savoy.Steps`), `progress` yielded after each."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value
        yield progress


def chance_value(state: SavoyState, player: int = 0) -> Generator[float, None, float]:
    """`player`'s chance of winning from a position where a roll is due, as the search values a turn:
    the average over the 21 rolls of the position after the roller's best turn by the evaluation (what
    levels 3 and 4 give a candidate turn); at the opening, the evaluation averaged over who starts.
    Yields between units of work."""
    rules = state.rules
    geo = yield from _in_units(_geometry_steps(), 0.0)
    if state.opening:
        return sum(evaluate(state.cells, player, first, geo, rules.pinned_away) for first in (0, 1)) / 2
    judged: dict[tuple[int, ...], float] = {}
    total = 0.0
    for dice, weight in ROLL_WEIGHTS:
        value, _, _ = yield from _best_turn(state.cells, state.to_move, player, dice, rules, geo, judged, 0.0,
                                            REPLY_CAP)
        total += weight * value
        yield 0.0
    return total / 36.0


def _idle_pins(cells: Sequence[int], player: int, geo: Geometry, pinned_away: bool) -> int:
    """The pins `player` holds while the rest of their race is at most HOLD_RACE pips: pins they can keep
    only by moving pieces out of home and back (those on their own home, which they never lift, and those
    on the pinned player's home, which cost nothing, aside)."""
    distance = geo.home_distance[player]
    own, other = geo.homes[player], geo.homes[1 - player]
    free = 0
    held = 0
    for c, v in enumerate(cells):
        if v and (v > 0) == (player == 0):
            a = -v if v < 0 else v
            if not a & 1:
                free += (a >> 1) * distance[c]
            elif c not in own and (c not in other or pinned_away):
                held += 1
    return held if free <= HOLD_RACE else 0


def chosen(results: list[tuple[float, int, int]], boards: list[tuple[tuple[int, ...], Any]], nodes: int,
           report: Report) -> Any:
    """The move of the best (value, -rank, index) result, its figures reported."""
    value, _, best = max(results)
    report["nodes"] = nodes
    report["searched"] = len(results)
    report["value"] = round(value, 4)
    return boards[best][1]
