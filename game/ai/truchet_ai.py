"""The Truchet engine: a 1-ply scan with a static evaluation, then a selective 2-ply.

A turn has 1,500 to 7,000 legal moves (every stack move after every free flip), far too many
for a full-width search, so the engine narrows them in stages:

1. **scan**: every legal move (as the rules' templates, grouped by the tile flipped first) is
   checked for what it captures; a flip that opens no other stack move shares the group of
   the moves without a flip and is skipped;
2. **1-ply**: every capture (once, without a flip where it can) and the moves without a flip
   are judged by the static evaluation of the position they lead to, then every flip variant
   of the few leading moves;
3. **2-ply** (levels 3 and 4): the best few are checked against every capturing reply of the
   opponent (merges and splits onto our stacks; at level 4 after a flip too), keeping the worst
   case for us.

Level 1 takes the biggest capture or else any move; level 2 judges 1-ply without flips and
plays one of its three best moves at random.

The static evaluation, from one player's side, counts material (pieces), threats (the enemy
stacks each side could capture next, the side to move cashing in first), mobility (the empty
junctions each side's stacks can step to along their regions) and tile pins (free tiles next
to a side's stacks, which the other side may flip to reshape its regions; a stack pins the
tiles around it). It is written over the board's graph (junction colours, orthogonal
neighbours, tile corners and bands), so another tiling with the same rules can use it.

The set-up is played too: where the rules list the placements (a small board, the centre tile)
each is judged by the evaluation of the position it makes; otherwise ``random``. A draw offered
after the quiet turns is claimed when the evaluation says we are not ahead.
"""

from __future__ import annotations

import random
from typing import Any, Generator, Iterable, Sequence

from game.rules.truchet import (
    DRAW, MAX_HEIGHT, X, StackMoves, Template, TruchetBoard, TruchetGame, TruchetMove, TruchetState, bands,
    reachable,
)

from .search import Report

# --------------------------------------------------------------------------- tuning
#: per level: moves judged by the full evaluation (besides captures), candidates checked at 2-ply,
#: leading moves whose flip variants are tried, among how many of the best 1-ply moves the choice is
#: drawn at random (the casual player's slips), whether the 2-ply looks at replies after a flip too
LEVEL_SETTINGS = {
    1: (0, 0, 0, 1, False),
    2: (400, 0, 0, 3, False),
    3: (400, 6, 3, 1, False),
    4: (600, 12, 5, 1, True),
}
PIECE = 100.0
THREAT_TO_MOVE = 0.8  # share of its best capture the side to move is counted to make
THREAT_WAITING = 0.25  # share for the other side (the side to move can answer it)
MOBILITY = 1.5  # per empty junction a side's stacks can step to
FREE_TILE = 0.5  # per unpinned tile touching the other side's reachable junctions
WIN = 1e6
EVAL_CHUNK = 1  # positions judged per unit of work (one may need a stalemate check)


# --------------------------------------------------------------------------- evaluation
def _sign(player: int) -> int:
    return 1 if player == X else -1


def _subset_sums(heights: Sequence[int]) -> list[tuple[int, int]]:
    """(sum, size) of every non-empty subset of `heights` (at most four stacks)."""
    found = []
    for mask in range(1, 1 << len(heights)):
        total = size = 0
        for i, h in enumerate(heights):
            if mask >> i & 1:
                total += h
                size += 1
        found.append((total, size))
    return found


def capture_threats(geo: TruchetBoard, stacks: Sequence[int], reach: dict[int, list[int]], me: int) -> list[int]:
    """Heights of the enemy stacks that `me` could capture with one merge or split (no flip),
    judged from the board: adjacent stacks adding up, or a stack arriving within its region."""
    sign = _sign(me)
    colour = geo.colour
    orthogonal = geo.orthogonal
    arrive: dict[int, list[int]] = {}  # empty junction -> own stacks that can step there
    for p, spots in reach.items():
        for a in spots:
            arrive.setdefault(a, []).append(p)
    found = []
    for t, v in enumerate(stacks):
        h = -v * sign
        if h <= 0:
            continue
        need = h + (0 if colour[t] == me else 1)
        if need > MAX_HEIGHT:
            continue
        around = orthogonal[t]
        adjacent = [q for q in around if stacks[q] * sign > 0]
        heights = [stacks[q] * sign for q in adjacent]
        ok = any(size >= 2 and need <= total <= MAX_HEIGHT for total, size in _subset_sums(heights))
        if not ok:
            for a in around:  # one stack moves next to the target first
                for p in arrive.get(a, ()):
                    hp = stacks[p] * sign
                    others = [stacks[q] * sign for q in adjacent if q != p]
                    if any(need <= hp + total <= MAX_HEIGHT for total, _ in _subset_sums(others)):
                        ok = True
                        break
                    if hp > need and any(not stacks[b] and b != t for b in orthogonal[a]):
                        ok = True  # a split from there
                        break
                if ok:
                    break
        if not ok:
            for q, hq in zip(adjacent, heights):  # a split where it stands
                if hq > need and any(not stacks[b] for b in orthogonal[q]):
                    ok = True
                    break
        if ok:
            found.append(h)
    found.sort(reverse=True)
    return found


def evaluate(state: TruchetState, player: int) -> float:
    """How good `state` (in the play phase, not over) is for `player`, in hundredths of a piece."""
    geo = state.board
    stacks = state.stacks
    near = bands(state.board, state.tiles)
    reach: tuple[dict[int, list[int]], dict[int, list[int]]] = ({}, {})
    material = [0, 0]
    for j, v in enumerate(stacks):
        if v:
            q = X if v > 0 else 1 - X
            material[q] += abs(v)
            reach[q][j] = reachable(near, stacks, j)
    score = [0.0, 0.0]
    mover = state.to_move
    for q in (0, 1):
        found = capture_threats(geo, stacks, reach[q], q)
        if found:
            best = found[0] + 0.25 * sum(found[1:])
            score[q] += PIECE * best * (THREAT_TO_MOVE if q == mover else THREAT_WAITING)
        spots: set[int] = set()
        for found in reach[q].values():
            spots.update(found)
        score[q] += MOBILITY * len(spots)
        # tiles the other side may flip around our reachable junctions
        free = set()
        for j in spots:
            for t in geo.tiles_at[j]:
                if not any(stacks[c] for c in geo.corners[t]):
                    free.add(t)
        score[1 - q] += FREE_TILE * len(free)
        score[q] += PIECE * material[q]
    return score[player] - score[1 - player]


def judge(game: TruchetGame, state: TruchetState, player: int) -> float:
    """The evaluation, with finished games worth a win or a loss (sooner wins count more)."""
    result = game.outcome(state)
    if result is not None:
        if result.winner is None:
            return 0.0
        return WIN if result.winner == player else -WIN
    if not state.playing:
        return 0.0
    return evaluate(state, player)


# --------------------------------------------------------------------------- search
def _gain(stacks: Sequence[int], index: dict[str, int], template: Template) -> int:
    """Pieces a stack move (as a template) captures."""
    kind, _, targets = template
    if kind == "step":
        return 0
    return sum(abs(stacks[index[name]]) for name, _ in targets)


def _capturing_replies(game: TruchetGame, state: TruchetState,
                       flips: bool) -> Generator[float, None, list[TruchetMove]]:
    """The opponent's capturing stack moves in `state` (they are to move), with flips first or not;
    a generator that yields after each tile's flip is scanned, returning the moves."""
    geo = state.board
    stacks, index = state.stacks, geo.index
    if flips:
        groups: Iterable[tuple[str | None, list[Template]]] = game.iter_move_groups(state)
    else:
        groups = [(None, StackMoves(geo, state.tiles, stacks, state.to_move).templates())]
    found: dict[Template, TruchetMove] = {}  # each capture once, with the first flip that allows it
    base = None
    for flip, templates in groups:
        if base is None:
            base = templates
        elif templates is base:
            continue  # the same moves as without the flip
        for t in templates:
            if t not in found and _gain(stacks, index, t):
                found[t] = TruchetMove(*t, flip)
        yield 0.0
    return list(found.values())


def only_move(game: TruchetGame, state: TruchetState) -> Any:
    """The one legal move, or None when there are several, found without listing them all."""
    if not state.playing:
        legal = game.legal_moves(state)  # (a placement: a few moves at most listed)
        return legal[0] if len(legal) == 1 else None
    count = int(game.can_claim_draw(state))
    first = DRAW if count else None
    for flip, templates in game.iter_move_groups(state):
        count += len(templates)
        if count > 1:
            return None
        if templates:
            first = TruchetMove(*templates[0], flip)
    return first if count == 1 else None


def _nth_move(groups: Sequence[tuple[str | None, Sequence[Template]]], k: int) -> TruchetMove:
    """Move `k` of the moves the groups list (in the order of `legal_moves`), without building the others."""
    for flip, templates in groups:
        if k < len(templates):
            return TruchetMove(*templates[k], flip)
        k -= len(templates)
    raise IndexError(k)


def _setup(game: TruchetGame, state: TruchetState, player: int,
           report: Report) -> Generator[float, None, Any]:
    """A set-up move: the placement whose position is best for us, when the rules list them."""
    moves = [m for m in game.legal_moves(state) if m.kind == "tiles"]
    if not moves:
        return game.legal_moves(state)[0]
    best, best_value = moves[0], float("-inf")
    for n, move in enumerate(moves):
        after = game._apply(state, move)
        value = judge(game, after, player) if after.playing else 0.0
        if value > best_value:
            best, best_value = move, value
        yield n / len(moves)
    report["value"] = round(best_value, 1)
    return best


def think(game: TruchetGame, state: TruchetState, level: int, rng: random.Random,
          report: Report) -> Generator[float, None, Any]:
    me = state.to_move
    if not state.playing:
        return (yield from _setup(game, state, me, report))
    wide, deep, flip_leaders, slips, flipped_replies = LEVEL_SETTINGS[level]
    stacks, index = state.stacks, state.board.index
    # 1. scan: the captures (a flip may open some), and the moves without a flip; the groups of moves
    # (one per tile flipped first) are built as the scan goes, a few at a time
    groups: list[tuple[str | None, list[Template]]] = []
    capturing: dict[Template, tuple[int, str | None]] = {}  # each capture once, without a flip if it can
    plain: list[TruchetMove] = []
    for flip, templates in game.iter_move_groups(state):
        groups.append((flip, templates))
        if flip is None or templates is not groups[0][1]:  # (else the flip opens no other stack move)
            for template in templates:
                gain = _gain(stacks, index, template)
                if gain:
                    if template not in capturing:
                        capturing[template] = (gain, flip)
                elif flip is None:
                    plain.append(TruchetMove(*template))
        yield 0.02  # building a group costs about as much as scanning a few hundred moves
    base = groups[0][1] if groups else []
    captures = sorted(((gain, TruchetMove(*t, flip)) for t, (gain, flip) in capturing.items()),
                      key=lambda item: -item[0])  # stable: ties keep the rules' order
    if not wide:  # level 1: the biggest capture, else any move without a flip
        if captures:
            report["value"] = captures[0][0]
            return captures[0][1]
        if plain:
            return plain[rng.randrange(len(plain))]
        return _nth_move(groups, rng.randrange(sum(len(ts) for _, ts in groups)))
    # 2. 1-ply: judge the captures and the plain moves, then the flips of the leaders
    pool = [m for _, m in captures] + plain[:wide]
    if not pool:  # every move needs a flip
        pool = [_nth_move(groups, k) for k in range(min(wide, sum(len(ts) for _, ts in groups)))]
    scored: list[tuple[float, int, TruchetMove]] = []
    for k, move in enumerate(pool):
        value = judge(game, game._apply(state, move), me)
        if value >= WIN:  # it wins at once
            report["value"] = value
            return move
        scored.append((value, -k, move))
        if k % EVAL_CHUNK == EVAL_CHUNK - 1:
            yield 0.05 + 0.45 * k / len(pool)
    scored.sort(key=lambda item: (-item[0], -item[1]))
    leaders = [m for _, _, m in scored[:flip_leaders]]
    order = len(pool)
    for rank, lead in enumerate(leaders):
        template = (lead.kind, lead.sources, lead.targets)
        in_base = lead.flip is None or template in base
        for flip, templates in groups:
            if flip == lead.flip:
                continue  # judged already
            if (templates is base and in_base) or (templates is not base and template in templates):
                move = TruchetMove(*template, flip)
                value = judge(game, game._apply(state, move), me)
                if value >= WIN:
                    report["value"] = value
                    return move
                scored.append((value, -order, move))
                order += 1
                if order % EVAL_CHUNK == 0:
                    yield 0.5 + 0.1 * rank / len(leaders)
    scored.sort(key=lambda item: (-item[0], -item[1]))
    report["judged"] = len(scored)
    value, _, best = scored[rng.randrange(min(slips, len(scored)))]
    # 3. 2-ply: the worst capturing reply to each of the best candidates
    if deep and value < WIN:
        results = []
        span = min(deep, len(scored))
        for rank, (static, _, move) in enumerate(scored[:deep]):
            after = game._apply(state, move)
            worst = static
            if game.outcome(after) is None:
                replies = yield from _capturing_replies(game, after, flipped_replies)
                yield 0.6 + 0.4 * rank / span
                for reply in replies:
                    worst = min(worst, judge(game, game._apply(after, reply), me))
                    yield 0.6 + 0.4 * rank / span
            results.append((worst, -rank, move))
        value, _, best = max(results, key=lambda item: (item[0], item[1]))
    report["value"] = round(value, 1)
    if value <= 0 and game.can_claim_draw(state):
        return DRAW
    return best
