"""The Star engine: Monte Carlo tree search with RAVE and a fill-the-board playout.

Why this shape: a Star game ends on a filled board (placing a stone never lowers its owner's
score, so filling every cell is what both sides would do), and a filled board is scored in one
pass over the chains that touch the edge. A playout therefore fills the empty cells in random
order, the two colours alternating, and scores the result; there is no need to play it move by
move through the rules. Plain UCT learns too slowly from such playouts (in the prototype it
lost 68% of games to a 1-ply greedy player at 1,000 iterations); RAVE (all moves as first)
shares what a playout says about every cell a player ended up owning, and won 50 of 50.

Passes and the swap are decided around the search rather than inside it:

- A pass while the opponent has not just passed only gives the opponent the chance to end
  the game, and a placement never hurts its owner, so the tree never passes then. When the
  opponent has just passed, passing ends the game: the engine passes at once when the board
  as it stands wins, and otherwise plays on (or takes a draw rather than a lost position).
- The swap (pie rule, second move only) takes over the opening stone: the swapper's value is
  then the opening player's value in the same position, that is one minus the value of the
  best placement the search finds for the side to move. The engine swaps when that is higher.
- For the opening move itself, the opponent will swap whenever the opening is good for its
  player, so the opening player is worth min(q, 1 - q) of an opening worth q: the root
  chooses by that (the most balanced opening), as pie-rule players do.
"""

from __future__ import annotations

import math
import random
from array import array
from dataclasses import dataclass
from functools import lru_cache
from typing import Generator, Sequence

from game.rules.star import EMPTY, PASS, SWAP, StarGame, StarMove, StarState, board

from .search import Report

#: playouts per decision on the default size-6 board (75 cells), per level; other sizes scale
#: it by 75 / cells (within the bounds below), so the work per decision stays about the same
PLAYOUTS = {1: 120, 2: 600, 3: 3000, 4: 15000}
DEFAULT_CELLS = 75
SCALE_BOUNDS = (0.25, 3.0)
#: RAVE equivalence parameter (Gelly and Silver's k): the visits at which a move's own value
#: and its all-moves-as-first value weigh the same
RAVE_K = 300.0
#: exploration constant of the UCB term (small: RAVE does most of the exploring)
EXPLORATION = 0.1
#: a move never tried, judged by RAVE alone, starts from this value when RAVE knows nothing either
FIRST_PLAY = 1.0


@dataclass(frozen=True)
class Geometry:
    """What the playout needs of a board, as plain tuples: neighbours, external masks, edge cells."""

    neighbours: tuple[tuple[int, ...], ...]
    external_masks: tuple[int, ...]
    edge_cells: tuple[int, ...]


@lru_cache(maxsize=None)
def geometry(size: int) -> Geometry:
    geo = board(size)
    masks = tuple(sum(1 << e for e in ext) for ext in geo.externals)
    edge = tuple(i for i, mask in enumerate(masks) if mask)
    return Geometry(geo.neighbours, masks, edge)


def chain_scores(cells: list[int] | tuple[int, ...], geo: Geometry) -> tuple[list[int], list[int]]:
    """Each colour's scores of the chains touching the edge (the others score nothing)."""
    seen = bytearray(len(cells))
    neighbours, masks = geo.neighbours, geo.external_masks
    per: tuple[list[int], list[int]] = ([], [])
    for start in geo.edge_cells:
        stone = cells[start]
        if stone == EMPTY or seen[start]:
            continue
        seen[start] = 1
        stack = [start]
        mask = 0
        while stack:
            cell = stack.pop()
            mask |= masks[cell]
            for other in neighbours[cell]:
                if not seen[other] and cells[other] == stone:
                    seen[other] = 1
                    stack.append(other)
        per[stone - 1].append(mask.bit_count() - 2)
    return per


def winner(cells: list[int] | tuple[int, ...], geo: Geometry, maxi: bool) -> int:
    """The stone value (1 X, 2 O) ahead on `cells`, or 0 when level; as the rules compare."""
    x, o = chain_scores(cells, geo)
    if not maxi:
        sx, so = sum(x), sum(o)
        return 1 if sx > so else 2 if so > sx else 0
    x.sort(reverse=True)
    o.sort(reverse=True)
    for rank in range(max(len(x), len(o))):
        a = x[rank] if rank < len(x) else 0
        b = o[rank] if rank < len(o) else 0
        if a != b:
            return 1 if a > b else 2
    return 0


#: the tree's nodes freed per unit of work when a search ends
RELEASE_UNIT = 2000


class Tree:
    """The search tree as a pool of nodes numbered from 0 (the root), held in arrays.

    A node is the colour to move (1 X, 2 O), its visits, its empty cells (its moves), their
    figures (four doubles per move: visits, wins, RAVE visits, RAVE wins) and the node each move
    leads to (-1 until expanded). Arrays of plain numbers are invisible to the garbage collector,
    so a level-4 tree of 15,000 nodes adds nothing to its collections: as one list and one dict
    per node, a full collection in the middle of a search walked them all (tens of ms in one
    frame), and freeing the tree took as long again.
    """

    __slots__ = ("colour", "visits", "moves", "stats", "kids")

    def __init__(self) -> None:
        self.colour = array("b")
        self.visits = array("l")
        self.moves: list[array] = []
        self.stats: list[array] = []
        self.kids: list[array] = []

    def add(self, colour: int, cells: Sequence[int] | array) -> int:
        """A new node where `colour` is to move and `cells` are empty; its number."""
        count = len(cells)
        self.colour.append(colour)
        self.visits.append(0)
        self.moves.append(array("h", cells))
        self.stats.append(array("d", bytes(8 * STRIDE * count)))
        self.kids.append(array("l", [-1]) * count)
        return len(self.colour) - 1

    def __len__(self) -> int:
        return len(self.colour)


N, W, AN, AW, STRIDE = 0, 1, 2, 3, 4
ROOT = 0


def select(tree: Tree, node: int, balanced: bool = False) -> int:
    """The index of the move to try next: RAVE-blended value plus a small UCB term.

    `balanced` judges a move worth q as min(q, 1 - q): the opening under the pie rule.
    """
    log_n = math.log(tree.visits[node] + 1)
    stats = tree.stats[node]
    best, best_value = 0, -1.0
    for i in range(len(tree.moves[node])):
        b = i * STRIDE
        ni, ai = stats[b + N], stats[b + AN]
        if ni:
            q = stats[b + W] / ni
            if ai:
                beta = math.sqrt(RAVE_K / (3 * ni + RAVE_K))
                q = (1 - beta) * q + beta * stats[b + AW] / ai
            if balanced:
                q = min(q, 1 - q)
            value = q + EXPLORATION * math.sqrt(log_n / ni)
        elif ai:
            value = stats[b + AW] / ai
            if balanced:
                value = min(value, 1 - value)
            value += EXPLORATION * math.sqrt(log_n)
        else:
            value = FIRST_PLAY
        if value > best_value:
            best, best_value = i, value
    return best


def playout_budget(level: int, cells: int) -> int:
    low, high = SCALE_BOUNDS
    return max(8, round(PLAYOUTS[level] * min(high, max(low, DEFAULT_CELLS / cells))))


def think(game: StarGame, state: StarState, level: int, rng: random.Random,
          report: Report) -> Generator[float, None, StarMove]:
    geo = geometry(state.size)
    me = state.to_move + 1
    standing = winner(state.cells, geo, state.maxi)
    if state.passes == 1 and standing == me:
        report["decided_by"] = "the opponent passed and the board as it stands wins"
        report["chances"] = chances(state.to_move, 1.0)
        return PASS
    empties = [i for i, stone in enumerate(state.cells) if stone == EMPTY]
    if not empties:  # the board is full: the opponent's pass ends it as it stands
        report["chances"] = chances(state.to_move, 1.0 if standing == me else 0.5 if not standing else 0.0)
        return PASS
    balanced = state.ply == 0  # the opponent may swap this stone
    tree = Tree()
    tree.add(me, empties)
    budget = playout_budget(level, len(state.cells))
    maxi = state.maxi
    for done in range(1, budget + 1):
        iterate(tree, state.cells, geo, maxi, rng, balanced)
        yield done / budget
    best = choose(tree, balanced)
    stats = tree.stats[ROOT]
    visits = int(stats[best * STRIDE + N])
    value = stats[best * STRIDE + W] / visits if visits else 0.5
    report.update(playouts=budget, value=round(value, 4), visits=visits, nodes=len(tree))
    move = StarMove("place", board(state.size).names[tree.moves[ROOT][best]])
    # the tree's arrays (a level-4 tree: 90,000 memory blocks) freed a unit at a time: at once, as the
    # generator returns, they took 12 ms here, several times that in the browser
    for nodes in (tree.moves, tree.stats, tree.kids):
        while nodes:
            del nodes[-RELEASE_UNIT:]
            yield 1.0
    del tree
    # the mover's chance as the search sees it: the opening stone's owner gets the lesser of its value and
    # the swap's; the second player the better of placing and swapping
    mine = min(value, 1 - value) if balanced else value
    if game.can_swap(state) and value < 0.5:
        # the opening stone is worth 1 - value to whoever owns it with this side to move
        report["decided_by"] = f"swap: the opening is worth {1 - value:.2f} to its owner"
        report["chances"] = chances(state.to_move, 1 - value)
        return SWAP
    if state.passes == 1 and standing == 0 and value < 0.5:
        report["decided_by"] = "the opponent passed; a draw now beats playing on"
        report["chances"] = chances(state.to_move, 0.5)
        return PASS
    report["chances"] = chances(state.to_move, mine)
    return move


def chances(player: int, mine: float) -> tuple[float, float]:
    """Each player's chance of winning (indexed as `to_move`) when `player`'s is `mine` (the
    ``chances`` of the search's report: the chance, as the search sees it, of the people now playing
    each colour, after the chosen move)."""
    return (mine, 1.0 - mine) if player == 0 else (1.0 - mine, mine)


def choose(tree: Tree, balanced: bool) -> int:
    """The most visited move at the root (its value breaking ties); at a pie-rule opening, the most
    balanced move among those searched at least a quarter as much as the most visited."""
    stats = tree.stats[ROOT]
    moves = range(len(tree.moves[ROOT]))
    if not balanced:
        return max(moves, key=lambda i: (stats[i * STRIDE + N], stats[i * STRIDE + W]))
    floor = max(1, int(max(stats[i * STRIDE + N] for i in moves)) // 4)

    def balance(i: int) -> tuple[float, float]:
        n = stats[i * STRIDE + N]
        q = stats[i * STRIDE + W] / n
        return min(q, 1 - q), n

    return max((i for i in moves if stats[i * STRIDE + N] >= floor), key=balance)


def iterate(tree: Tree, start: tuple[int, ...], geo: Geometry, maxi: bool, rng: random.Random,
            balanced: bool) -> None:
    """One descent, expansion, playout and update."""
    cells = list(start)
    colours, all_moves, all_kids = tree.colour, tree.moves, tree.kids
    node = ROOT
    path: list[tuple[int, int]] = []
    while True:
        moves = all_moves[node]
        if not moves:
            break
        i = select(tree, node, balanced and node == ROOT)
        path.append((node, i))
        colour = colours[node]
        cells[moves[i]] = colour
        kid = all_kids[node][i]
        if kid < 0:
            kid = all_kids[node][i] = tree.add(3 - colour, moves[:i] + moves[i + 1:])
            node = kid
            break
        node = kid
    # playout: the remaining cells in random order, the colours alternating
    empties = all_moves[node].tolist()
    rng.shuffle(empties)
    colour = colours[node]
    other = 3 - colour
    for k in range(0, len(empties), 2):
        cells[empties[k]] = colour
    for k in range(1, len(empties), 2):
        cells[empties[k]] = other
    won = winner(cells, geo, maxi)
    for node, i in path:
        mover = colours[node]
        reward = 1.0 if won == mover else 0.0 if won else 0.5
        tree.visits[node] += 1
        stats = tree.stats[node]
        b = i * STRIDE
        stats[b + N] += 1
        stats[b + W] += reward
        b = AN
        for cell in all_moves[node]:
            if cells[cell] == mover:
                stats[b] += 1
                stats[b + 1] += reward
            b += STRIDE
