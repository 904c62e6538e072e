"""Monte Carlo tree search with chance nodes and evaluation-backed values, for dice games of two or more seats.

Works through the `Game` interface; a game's engine supplies what is specific to it in a
`Policy`: an evaluation (the chance that player 0 wins, for a position that is not over), the
chance outcomes with their probabilities, and optionally a playout policy and length.

The tree grows best-first, one small unit of work per iteration (the unit between the yields
of `search`, so a frame is never held long):

- A new node is judged by a short playout (none by default) cut off by the evaluation, since
  random games of these dice games never end.
- A decision node's children are created (and judged) in order of the engine's prior, the
  likeliest good moves first, a few per iteration at the root (where every move is judged)
  and, below it, progressively: a node visited n times has about 1 + sqrt(n) children
  (progressive widening), so the search reaches the next rolls instead of judging every reply.
  Without a prior every child is created, in the order the rules list them.
- A decision node's value is the best of its children's for the player to move (its own
  judgement until it has children). Values are backed up as expectimax does, not averaged: an
  average over moves tried in an arbitrary order would value a position by arbitrary replies,
  and makes any move that hands the turn to the opponent (a losing Path contest, say) look
  better than playing on.
- A chance node's value is the probability-weighted mean over its outcomes (an outcome not yet
  followed counts at the chance node's own judgement). The next outcome followed is the one
  whose share of the visits lags its probability most (stratified, not sampled), so the search
  does not depend on luck in its own sampling; the outcomes are taken in a shuffled order, so
  no roll (the low ones, say) is always followed first.
- Below an opened decision node, UCT chooses which child to deepen, from the point of view of
  the player to move.

A value is a tuple with one chance of winning per seat (1 a win, 0 a loss), and the backups
are max-n: a decision node takes the child best for the seat to move, whatever that does to the
others (with two seats this is expectimax; partners who win together, as in know's four-player
Conjunctions, share one value, so each plays for the pair). A draw is worth the same to every
seat (`Policy.draw`, by default one over the number of seats).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any, Callable, Generator

from game.rules.base import Game

from .search import Report

TERMINAL, CHANCE, DECISION = 0, 1, 2

#: (game, state, rng) -> move, for the playout
PlayoutMove = Callable[[Game, Any, random.Random], Any]
#: one chance of winning per seat
Values = tuple[float, ...]


@dataclass(frozen=True)
class Policy:
    """What the search needs to know of a game beyond its rules."""

    #: each seat's chance of winning from a state that is not over (0..1 each)
    evaluate: Callable[[Any], Values]
    #: the chance moves of a chance state with their probabilities (default: `legal_moves`, equally likely)
    outcomes: Callable[[Any], list[tuple[Any, float]]] | None = None
    #: moves of the playout (default: uniformly random); dice are rolled with the search's generator
    playout_move: PlayoutMove | None = None
    #: plies of playout before the evaluation judges a new node
    playout_plies: int = 0
    #: how promising each move of a decision state is for the player to move (higher first); cheap
    prior: Callable[[Any, list[Any]], list[float]] | None = None
    #: UCT exploration constant
    exploration: float = 0.1
    #: children of the root created (and judged) per iteration
    chunk: int = 6
    #: progressive widening below the root (with a prior): 1 + WIDTH * n ** WIDEN children after n visits
    width: float = 1.0
    widen: float = 0.5
    #: below the root (with a prior), only this many of the most promising moves are kept: a
    #: listed move is an object the garbage collector tracks, and a full collection over a
    #: large tree is a long pause
    max_width: int = 12
    #: what a drawn game is worth to each seat (None: one over the number of seats)
    draw: float | None = None


class Node:
    """A state in the tree: its visits, its own judgement and its backed-up value (per seat)."""

    __slots__ = ("state", "kind", "player", "moves", "weights", "kids", "opened", "n", "static", "value")

    def __init__(self, state: Any, kind: int, player: int, static: Values) -> None:
        self.state = state
        self.kind = kind
        self.player = player
        self.moves: list[Any] | None = None  # listed when the search first passes through
        self.weights: tuple[float, ...] = ()  # a chance node's outcome probabilities
        self.kids: list[Node | None] = []
        self.opened = 0  # children created so far (decision nodes open in order)
        self.n = 1
        self.static = static
        self.value = static


def seat_count(game: Game, state: Any) -> int:
    """How many seats play the game `state` belongs to."""
    return len(game.seat_names(state))


def exact_value(game: Game, state: Any, seats: int, draw: float | None = None) -> Values:
    """Each seat's value of a finished game: 1 for every winning seat (partners win together), 0
    for the others; a draw `draw` each (one over the number of seats by default)."""
    result = game.outcome(state)
    assert result is not None
    if result.winner is None:
        return (1.0 / seats if draw is None else draw,) * seats
    winners = result.winning_seats
    return tuple(1.0 if seat in winners else 0.0 for seat in range(seats))


class MCTS:
    """The tree and its iterations; `search` drives it."""

    def __init__(self, game: Game, state: Any, policy: Policy, rng: random.Random) -> None:
        self.game = game
        self.policy = policy
        self.rng = rng
        self.nodes = 0
        self.seats = seat_count(game, state)
        #: one object for each distinct move the tree lists: the same move is met at many nodes,
        #: and every copy would be another object for each full garbage collection to walk
        self.distinct_moves: dict[Any, Any] = {}
        self.root = self.make(state)

    # -- nodes -----------------------------------------------------------------------------
    def make(self, state: Any) -> Node:
        game = self.game
        self.nodes += 1
        if game.outcome(state) is not None:
            return Node(state, TERMINAL, -1, exact_value(game, state, self.seats, self.policy.draw))
        if game.is_chance(state):
            return Node(state, CHANCE, -1, self.judge(state))
        player = game.to_move(state)
        assert player is not None
        return Node(state, DECISION, player, self.judge(state))

    def judge(self, state: Any) -> Values:
        """A short playout, then the evaluation (or the result, if the game ends first)."""
        game, policy, rng = self.game, self.policy, self.rng
        pick = policy.playout_move
        for _ in range(policy.playout_plies):
            if game.outcome(state) is not None:
                return exact_value(game, state, self.seats, policy.draw)
            if game.is_chance(state):
                move = game.random_chance(state, rng)
            elif pick is not None:
                move = pick(game, state, rng)
            else:
                moves = game.legal_moves(state)
                move = moves[rng.randrange(len(moves))]
            state = game._apply(state, move)
        if game.outcome(state) is not None:
            return exact_value(game, state, self.seats, policy.draw)
        return policy.evaluate(state)

    def list_moves(self, node: Node) -> None:
        game, state = self.game, node.state
        if node.kind == CHANCE:
            if self.policy.outcomes is not None:
                pairs = self.policy.outcomes(state)
            else:
                moves = game.legal_moves(state)
                pairs = [(move, 1.0 / len(moves)) for move in moves]
            self.rng.shuffle(pairs)  # no outcome (low rolls, say) is always followed first
            node.moves = [self.interned(move) for move, _ in pairs]
            node.weights = tuple(p for _, p in pairs)
        else:
            moves = game.legal_moves(state)
            if self.policy.prior is not None and len(moves) > 1:
                prior = self.policy.prior(state, moves)
                order = sorted(range(len(moves)), key=lambda i: -prior[i])
                if node is not self.root:
                    order = order[:self.policy.max_width]
                moves = [moves[i] for i in order]
            node.moves = [self.interned(move) for move in moves]
        node.kids = [None] * len(node.moves)

    def interned(self, move: Any) -> Any:
        """The tree's one copy of `move` (equal moves share it)."""
        return self.distinct_moves.setdefault(move, move)

    def allowed(self, node: Node) -> int:
        """How many children a decision node may have now."""
        if node is self.root or self.policy.prior is None:
            return len(node.kids)
        return min(len(node.kids), 1 + int(self.policy.width * node.n ** self.policy.widen))

    # -- one iteration -----------------------------------------------------------------------
    def iterate(self) -> None:
        node = self.root
        path = [node]
        while node.kind != TERMINAL:
            if node.moves is None:
                self.list_moves(node)
            if not node.kids:  # nothing to choose (should the rules list no move): its judgement stands
                break
            if node.kind == DECISION and node.opened < self.allowed(node):
                self.open_some(node)
                break
            i = self.select(node)
            kid = node.kids[i]
            if kid is None:  # a chance outcome not followed yet
                node.kids[i] = self.make(self.game._apply(node.state, node.moves[i]))  # type: ignore[index]
                break
            node = kid
            path.append(node)
        for visited in reversed(path):
            visited.n += 1
            self.back_up(visited)

    def open_some(self, node: Node) -> None:
        """Create and judge the next child of a decision node (the next few, at the root)."""
        assert node.moves is not None
        stop = min(self.allowed(node), node.opened + (self.policy.chunk if node is self.root else 1))
        for i in range(node.opened, stop):
            node.kids[i] = self.make(self.game._apply(node.state, node.moves[i]))
        node.opened = stop

    def select(self, node: Node) -> int:
        kids = node.kids
        if node.kind == CHANCE:
            weights = node.weights
            best, lag = 0, math.inf
            for i, kid in enumerate(kids):
                share = (kid.n if kid is not None else 0) / weights[i]
                if share < lag:
                    best, lag = i, share
            return best
        c = self.policy.exploration * math.sqrt(math.log(node.n))
        me = node.player
        best, best_score = 0, -math.inf
        for i in range(node.opened):
            kid = kids[i]
            score = kid.value[me] + c / math.sqrt(kid.n)  # type: ignore[union-attr]
            if score > best_score:
                best, best_score = i, score
        return best

    def back_up(self, node: Node) -> None:
        if node.kind == CHANCE:
            static = node.static
            total = [0.0] * len(static)
            for w, kid in zip(node.weights, node.kids):
                values = kid.value if kid is not None else static
                for seat, v in enumerate(values):
                    total[seat] += w * v
            node.value = tuple(total)
        elif node.kind == DECISION and node.opened:
            me = node.player
            kids = node.kids
            best = kids[0].value  # type: ignore[union-attr]
            for i in range(1, node.opened):
                values = kids[i].value  # type: ignore[union-attr]
                if values[me] > best[me]:
                    best = values
            node.value = best

    # -- the answer ----------------------------------------------------------------------------
    def ranked(self) -> list[tuple[float, int, Any]]:
        """The root moves as (backed-up value for the player to move, visits, move), best first: the most
        visited (ties: the higher value, then the order the moves were listed in).

        Not the highest value: a move searched deeper has met the opponent's best replies, one barely
        searched is still judged as it stands, and the max-backed values of lines of different depths
        do not compare fairly; the search keeps going back to the move that stays best (in know it chose
        a barely searched move often enough for 3,000 nodes to lose to 600, 30% over 20 games).
        """
        root = self.root
        assert root.moves is not None and root.kind == DECISION
        me = root.player
        scored = [(kid.n, kid.value[me], -i) for i, kid in enumerate(root.kids) if kid is not None]
        scored.sort(reverse=True)
        return [(value, visits, root.moves[-i]) for visits, value, i in scored]


def search(game: Game, state: Any, nodes: int, policy: Policy, rng: random.Random,
           report: Report, among: int = 1) -> Generator[float, None, Any]:
    """Grow the tree from `state` to about `nodes` nodes (a few per yield, and at least every
    root move); returns the best root move (`MCTS.ranked`), or one of the `among` best at random
    (a beginner's level).

    An iteration usually adds a node; one that ends on a finished game adds none, so the
    iterations are capped at `nodes` too (a tree whose every line ends soon stops early).
    """
    tree = MCTS(game, state, policy, rng)
    iterations = 0
    while True:
        tree.iterate()
        iterations += 1
        root = tree.root
        if max(tree.nodes, iterations) >= nodes and root.opened == len(root.kids):
            break
        yield min(1.0, max(tree.nodes, iterations) / nodes)
    ranked = tree.ranked()
    value, visits, move = ranked[rng.randrange(min(among, len(ranked)))]
    report.update(nodes=tree.nodes, value=round(value, 4), visits=visits)
    tree.root = None
    yield from released(root)
    return move


#: nodes freed per unit of work when a search ends
RELEASE_UNIT = 400


def released(root: Node) -> Generator[float, None, None]:
    """Free the tree under `root` (the caller's last reference to it) a few hundred nodes a unit: a tree of
    12,000 nodes and their states freed at once, as the search returns, took 40 ms and more in one frame."""
    stack = [root]
    del root
    freed = 0
    while stack:
        node = stack.pop()
        stack.extend(kid for kid in node.kids if kid is not None)
        node.kids = []
        freed += 1
        if freed % RELEASE_UNIT == 0:
            yield 1.0
