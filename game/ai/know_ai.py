"""The know engine: Monte Carlo tree search with chance nodes, judged by a distance-to-Resolution evaluation.

Random know games never resolve (300 random games of 3,000 plies in the spec did not), so
random playouts to the end say nothing; the search runs short playouts and judges the position
with an evaluation instead (game/ai/mcts.py). Every decision goes through the same search:
piece moves, Errand requests, Path declarations (``path:`` / ``nopath``), the moves after a
won contest, and the catch-up after Resolution; the dice are chance nodes.

The evaluation estimates, for each player, how many of their own moves Resolution is away:
for each type (Bard, Fool, Herald) and each tier slot (Rim, First, Second; an ambiguous
corner serves as Rim or First), the cheapest pair of corresponding spaces for the type's two
pieces, each piece costing about one move per six jumps (a move is exactly the roll, so a
space one or two jumps away is one move, farther ones more); a target space held or
influenced by the opponent costs extra, as the piece cannot end there now. The three types
take the three slots in the cheapest of the six ways. The side whose turn it is counts as
`TEMPO` moves nearer (its move comes first): without it, a line the search followed one move
further than another is judged after the opponent's reply, the other before it, and the
search preferred whatever it had looked at least. The side further from Resolution is
behind; the difference goes through a logistic curve to a chance of winning, kept away from
0 and 1 so that a real Resolution always counts for more. After a Resolution, the other
player's catch-up may still draw the game: the closer they are, the likelier. In a game that drags (past a
cycle's 60th turn) the computer's search hurries: positions not yet resolved count for less each turn, and
for less again the farther their side is from its own Resolution, so each side goes for its own Resolution
rather than holding the other's back (`hurry`, `RACE`).

Three and four players (the search backs up one value per seat, max-n: game/ai/mcts.py):
with four, the two Conjunctions are the sides, each seat valued at its colour's chance, so
partners play for the pair; with three, the sides are the types (Bards, Fools, Heralds), each
needing a First (or ambiguous) and a Second tier connection from any two pairs of its four
pieces, and the logistic curve becomes a softmax over the sides' distances.
"""

from __future__ import annotations

import math
import random
from functools import lru_cache, partial
from itertools import permutations
from typing import Any, Generator

from game.rules.know import (AMBIGUOUS, FIRST, RIM, SEATS_4, SECOND, SIDE_OF, SIDE_PIECES, START, KnowGame,
                             KnowMove, KnowState, Snapshot, board)

from .mcts import Policy, search
from .search import Report

#: per level: nodes of the tree per decision (1: the legal moves only, a one-ply search), how many
#: of the best moves it picks from at random (a beginner does not always find the best),
#: plies of random playout before the evaluation, UCT exploration constant
#: (level 3's budget spaces the ladder: at 3,000 nodes level 4 won only 57.5% against it, at 1,500 it won
#: only 57.5% against level 2; at 2,000 level 3 won 29 of 40 against level 2 and level 4 won 27 of 40 against it:
#: build/bench_ai.py know --only ladder, seeds 0-19 each twice, seats swapped)
LEVELS: dict[int, tuple[int, int, int, float]] = {
    1: (1, 3, 0, 0.1),
    2: (600, 1, 0, 0.1),
    3: (2000, 1, 0, 0.1),
    4: (12000, 1, 0, 0.1),
}

#: moves a piece needs to cover a distance of d jumps (exact rolls, one piece a turn)
MOVES_FOR_JUMPS = (0.0, 1.0, 1.0, 1.3, 1.4, 1.7, 1.8)
#: extra cost of a target space the opponent holds, or influences (no piece may end there)
HELD_BY_OPPONENT = 3.0
INFLUENCED_BY_OPPONENT = 1.5
#: steepness of the logistic curve from the difference in moves to a chance of winning
STEEPNESS = 0.7
#: the evaluation stays within [FLOOR, 1 - FLOOR] until someone Resolves
FLOOR = 0.05
#: after a Resolution the other player's catch-up completes their own pattern (a draw) about
#: this often per move they still need (each catch-up move needs the right roll)
CATCH_UP = 0.5
#: the side whose turn it is is about this many of its moves closer to Resolution than its pieces say
TEMPO = 0.5
#: a stall: every turn after the first of a run that left every piece where it was takes this share of each
#: side's chance away (a game stalled for ever is nobody's). Declaring a Path that is lost, or won with no
#: destination open, moves no piece: a player who likes no move of the roll could decline to move turn after
#: turn, and where both did, self-play repeated the same two Paths to the turn limit (2 of 6 level-2
#: calibration games, level 3's seed 21). Valued as drifting to a draw, the stall still held where every move
#: cost its mover (a mutual zugzwang); valued as lost for both, whoever loses least by moving moves on
STALL_SHRINK = 0.1
#: a game that drags: from this turn of a cycle (counted as in a two-player game, where a player's 30th turn is the
#: cycle's 60th) the computer's search values every position not yet resolved at `HURRY` less a turn, compounded,
#: against a Resolution, which keeps its worth (see `hurry`). Level self-play ran into standoffs: both sides one
#: to three moves from Resolution, every move of a side's last free piece nearer its target putting its influence
#: on the other's, for hundreds of plies (2 of 200 level-3 games past 400 plies, one of 823). Hurried, each side
#: prefers the move likelier to Resolve to the one that holds the other back, and those two games took 242 and 369
#: plies; but between lines not yet resolved it chose as before, so over 300 games one still ran past 400 (423).
#: Before the 60th turn (the median game has about 45) nothing changes
HURRY_FROM = 60
HURRY = 0.03
#: ...and the race: a position not yet resolved is also worth e^(-rate * d) of itself to each side, d the moves the
#: side is from its own Resolution, the rate `RACE` for each turn past `HURRY_FROM` (0.3 ten turns on, 1.2 forty).
#: So between unresolved lines too a side weighs its own progress against holding the other back: a block that
#: sets the blocker back one move and the other one and a half gains at most e^(0.7 * 0.5) (`STEEPNESS`) and
#: stops paying at a rate of 0.35, 12 turns on. Its own distance, not the nearer side's: valued by when the game
#: ends, whoever wins, a side behind let the other through. Level-3 self-play, seeds 0-299: the longest game 316
#: plies, 5 past 250 and 1 past 300 (the hurry alone: 423, at least 20 and 10), 90th percentile 201; the medians
#: per 50 games as before (118.5-131.5: most games end before turn 60); level 3 won 29 of 40 against level 2 (30 with
#: the hurry alone), level 4 28 of 40 against level 3 (27)
RACE = 0.03


class Tables:
    """Distances between spaces, as moves, and the pairs of corresponding spaces of each tier slot."""

    def __init__(self) -> None:
        geo = board()
        size = geo.size
        rows = []
        for start in range(size):
            dist = [-1] * size
            dist[start] = 0
            queue = [start]
            for cell in queue:
                for other in geo.borders[cell]:
                    if dist[other] < 0:
                        dist[other] = dist[cell] + 1
                        queue.append(other)
            rows.append(tuple(moves_for(d) for d in dist))
        self.cost: tuple[tuple[float, ...], ...] = tuple(rows)

        def slot(name: str) -> tuple[tuple[int, int], ...]:
            spaces = [s for s in range(size)
                      if geo.tier[s] == name or (geo.tier[s] == AMBIGUOUS and name in (RIM, FIRST))]
            return tuple((s, geo.corresponds[s]) for s in spaces)

        self.slots = (slot(RIM), slot(FIRST), slot(SECOND))
        self.size = size


def moves_for(jumps: int) -> float:
    if jumps < len(MOVES_FOR_JUMPS):
        return MOVES_FOR_JUMPS[jumps]
    return 2.0 + 0.25 * (jumps - len(MOVES_FOR_JUMPS))


@lru_cache(maxsize=1)
def tables() -> Tables:
    return Tables()


ASSIGNMENTS = tuple(permutations(range(3)))
#: three players: the ways of splitting a side's four pieces (by their place in the side) into two pairs
PAIRINGS = (((0, 1), (2, 3)), ((0, 2), (1, 3)), ((0, 3), (1, 2)))


def penalties(pos: tuple[int, ...], side: int, snap: Snapshot, three: bool = False) -> list[float]:
    """The extra cost, for `side`, of ending on each space: held or influenced by another side."""
    t = tables()
    penalty = [0.0] * t.size
    sides = SIDE_OF[three]
    for piece, where in enumerate(pos):
        if sides[piece] != side:
            penalty[where] = HELD_BY_OPPONENT
    mask = snap.others[side]
    while mask:
        low = mask & -mask
        penalty[low.bit_length() - 1] += INFLUENCED_BY_OPPONENT
        mask ^= low
    return penalty


def pair_costs(pos: tuple[int, ...], player: int, snap: Snapshot) -> tuple[list[list[float]], list[float]]:
    """`player`'s cost (in moves) of bringing each type's pair into each tier slot, and the
    extra cost of ending on each space (held or influenced by the opponent)."""
    penalty = penalties(pos, player, snap)
    base = 6 * player
    pair = [slot_costs(pos[base + 2 * kind], pos[base + 2 * kind + 1], penalty) for kind in range(3)]
    return pair, penalty


def slot_costs(a: int, b: int, penalty: list[float]) -> list[float]:
    """The cost of bringing pieces on spaces a and b onto corresponding spaces of each tier slot."""
    out = []
    for ranked in ranked_targets(min(a, b), max(a, b)):
        best = math.inf
        for base, s, c in ranked:
            if base >= best:  # penalties only add: no later target can do better
                break
            cost = base + penalty[s] + penalty[c]
            if cost < best:
                best = cost
        out.append(best)
    return out


@lru_cache(maxsize=8192)
def ranked_targets(a: int, b: int) -> tuple[tuple[tuple[float, int, int], ...], ...]:
    """Per tier slot, the pairs of corresponding spaces for pieces on a and b, cheapest first
    (the pair's cost is the same either way round, so a <= b)."""
    t = tables()
    ca, cb = t.cost[a], t.cost[b]
    return tuple(tuple(sorted((ca[s] + cb[c], s, c) for s, c in targets)) for targets in t.slots)


def assign(pair: list[list[float]]) -> float:
    """The cheapest way of giving the three types the three tier slots."""
    return min(pair[0][x] + pair[1][y] + pair[2][z] for x, y, z in ASSIGNMENTS)


def moves_to_resolve(pos: tuple[int, ...], player: int, snap: Snapshot) -> float:
    """About how many of `player`'s moves Resolution is away (0 when the pattern stands)."""
    return assign(pair_costs(pos, player, snap)[0])


def three_cost(spaces: list[int], penalty: list[float]) -> float:
    """Three players: the cheapest way for a side's four pieces (on `spaces`) to hold a First (or
    ambiguous) and a Second tier connection, two of them in each pair."""
    best = math.inf
    for (a, b), (c, d) in PAIRINGS:
        one = slot_costs(spaces[a], spaces[b], penalty)
        two = slot_costs(spaces[c], spaces[d], penalty)
        best = min(best, one[1] + two[2], one[2] + two[1])
    return best


def side_moves_to_resolve(pos: tuple[int, ...], side: int, snap: Snapshot, three: bool) -> float:
    """`moves_to_resolve` for a side: a colour, or with three players a type (First and Second only)."""
    if not three:
        return moves_to_resolve(pos, side, snap)
    penalty = penalties(pos, side, snap, True)
    return three_cost([pos[piece] for piece in SIDE_PIECES[True][side]], penalty)


def chances(behind: list[float]) -> list[float]:
    """Each side's chance of winning, from how many moves each is from Resolution: a softmax (with
    two sides, the logistic curve of the difference), kept within [FLOOR, 1 - FLOOR]."""
    low = min(behind)
    weights = [math.exp(-STEEPNESS * (d - low)) for d in behind]
    total = sum(weights)
    spread = 1.0 - len(behind) * FLOOR
    return [FLOOR + spread * w / total for w in weights]


def side_values(state: KnowState) -> list[float]:
    """Each side's chance of winning (sides: the colours, or with three players the types)."""
    return judged(state)[0]


def judged(state: KnowState) -> tuple[list[float], list[float]]:
    """`side_values`, and how many moves each side is from Resolution (the side to move a `TEMPO` nearer; all 0
    once someone has Resolved)."""
    opts = state.opts
    three = opts.three
    sides = 3 if three else 2
    snap = Snapshot(state.pos, three)
    if state.resolved is not None and not opts.score:
        out = [0.0] * sides
        for side in range(sides):
            if side != state.resolved:
                out[side] = CATCH_UP ** max(1.0, side_moves_to_resolve(state.pos, side, snap, three)) / 2
        out[state.resolved] = 1.0 - sum(out)
        return out, [0.0] * sides
    behind = [side_moves_to_resolve(state.pos, side, snap, three) for side in range(sides)]
    if state.phase != START:  # (before the opening roll it is nobody's turn)
        behind[state.player] -= TEMPO  # (four players: the colour of the seat acting)
    values = chances(behind)
    stalled = state.idle_turns - 1
    if stalled > 0:
        keep = (1.0 - STALL_SHRINK) ** stalled
        values = [keep * value for value in values]
    return values, behind


def evaluate(state: KnowState) -> tuple[float, ...]:
    """Each seat's chance of winning, for a game not over (with four players, its Conjunction's)."""
    return seat_values(state, side_values(state))


def seat_values(state: KnowState, values: list[float]) -> tuple[float, ...]:
    """Each seat's value from each side's (with four players, its Conjunction's)."""
    if state.opts.four:
        return tuple(values[colour] for colour, _ in SEATS_4)
    return tuple(values)


def prior(state: KnowState, moves: list[KnowMove]) -> list[float]:
    """How much closer to Resolution each move brings its player (cheap: the moved piece's pair only;
    with three players the side's four pieces).

    Declining a Path or an Errand ranks with a move that gains nothing; declaring one a little
    lower, as it may forfeit the turn; stopping (pass) last.
    """
    geo = board()
    player = state.player
    three = state.opts.three
    snap = Snapshot(state.pos, three)
    if three:
        penalty = penalties(state.pos, player, snap, True)
        mine = SIDE_PIECES[True][player]
        spaces = [state.pos[piece] for piece in mine]
        now = three_cost(spaces, penalty)
    else:
        pair, penalty = pair_costs(state.pos, player, snap)
        now = assign(pair)
    at = {where: piece for piece, where in enumerate(state.pos)}
    out = []
    for move in moves:
        if move.kind == "move":
            piece = at[geo.index[move.src]]  # type: ignore[index]
            dst = geo.index[move.dst]  # type: ignore[index]
            if three:
                moved_spaces = [dst if p == piece else s for p, s in zip(mine, spaces)]
                out.append(now - three_cost(moved_spaces, penalty))
                continue
            kind = (piece % 6) // 2
            mate = state.pos[piece ^ 1]
            moved = [row if k != kind else slot_costs(dst, mate, penalty) for k, row in enumerate(pair)]
            out.append(now - assign(moved))
        elif move.kind == "nopath":
            out.append(0.0)
        elif move.kind in ("path", "errand"):
            out.append(-0.25)
        else:
            out.append(-1.0)
    return out


def outcomes(state: KnowState) -> list[tuple[KnowMove, float]]:
    """Every roll due, equally likely (each die of each player independent)."""
    from game.rules.know import KNOW

    rolls = KNOW.legal_moves(state)
    return [(roll, 1.0 / len(rolls)) for roll in rolls]


def hurry(state: KnowState) -> float:
    """The share of its value a position not yet resolved keeps in the computer's search from `state`: 1 until the
    cycle's `HURRY_FROM`-th turn (as counted in a two-player game), then `1 - HURRY` times as much each turn (and
    less again the farther its side is from Resolution: `kept_values`)."""
    return (1.0 - HURRY) ** late_turns(state)


def late_turns(state: KnowState) -> float:
    """How many turns past `HURRY_FROM` the cycle in progress is (as counted in a two-player game; 0 before)."""
    return max(0.0, (state.turn - state.cycle_began) * 2 / state.opts.players - HURRY_FROM)


def kept_values(keep: float, rate: float, state: KnowState) -> tuple[float, ...]:
    """`evaluate` until someone has Resolved: each side's chance times `keep` and times e^(-rate * d), d the moves
    the side is from its own Resolution."""
    if state.resolved is not None:
        return evaluate(state)
    values, behind = judged(state)
    return seat_values(state, [raced(keep, rate, d) * value for value, d in zip(values, behind)])


def raced(keep: float, rate: float, behind: float) -> float:
    """The share of its chance a side `behind` moves from its own Resolution keeps in a hurried search."""
    return keep * math.exp(-rate * max(0.0, behind))


def policy_for(state: KnowState, level: int, hurried: bool = False) -> Policy:
    """The search's policy for a game like `state`'s at `level`; `hurried`: for the computer's search from
    `state` itself, hurried in a game that drags (`hurry`, `RACE`). (Not for the analysis: its chances are the
    evaluation's own, and the calibration measures them.) The exploration constant shrinks with the mover's
    values at the root, so that the search explores as widely as it would unhurried."""
    _, _, plies, exploration = LEVELS[level]
    draw = 0.5 if state.opts.four else None  # a draw shares the game between the two Conjunctions
    keep = hurry(state) if hurried else 1.0
    judge, scale = evaluate, 1.0
    if keep < 1.0:
        rate = RACE * late_turns(state)
        judge = partial(kept_values, keep, rate)
        scale = raced(keep, rate, judged(state)[1][state.player])  # (the mover's values at the root)
    return Policy(evaluate=judge, outcomes=outcomes, prior=prior, playout_plies=plies,
                  exploration=exploration * scale, draw=draw)


def think(game: KnowGame, state: KnowState, level: int, rng: random.Random,
          report: Report) -> Generator[float, None, Any]:
    nodes, among, _, _ = LEVELS[level]
    return (yield from search(game, state, nodes, policy_for(state, level, hurried=True), rng, report, among))
