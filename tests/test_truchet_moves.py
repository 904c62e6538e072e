"""The fast Truchet move generator (game/rules/truchet.py, StackMoves) against a slow, straightforward one.

The reference below is the generator as it was before it was made fast: for the tiling and for each
free tile flipped, the bands are read afresh, every stack's reach is searched, and every step, merge and
split is listed in the fixed order (steps by origin, merges by target, splits by origin). The two must
agree exactly (the same moves in the same order) in positions from seeded random games of every option
set and in seeded random positions with tall stacks. test_truchet_brute.py checks the sets of moves
against an independent brute force.
"""

from __future__ import annotations

import random
from itertools import product

import pytest

from game.rules.playout import random_game
from game.rules.truchet import DRAW, MAX_HEIGHT, TRUCHET, X, TruchetMove, bands, flipped


def reach_of(near, stacks, start):
    seen, todo = {start}, [start]
    while todo:
        j = todo.pop()
        for k in near[j]:
            if k not in seen and not stacks[k]:
                seen.add(k)
                todo.append(k)
    return sorted(seen - {start})


def reference_stack_moves(geo, tiles, stacks, me, flip):
    near = bands(geo.size, tiles)
    names = geo.names
    sign = 1 if me == X else -1
    own = [j for j, h in enumerate(stacks) if h * sign > 0]
    reach = {p: reach_of(near, stacks, p) for p in own}

    def need(j):
        h = stacks[j] * sign
        if h == 0:
            return 1
        if h > 0:
            return MAX_HEIGHT + 1
        return -h + (0 if geo.colour[j] == me else 1)

    def subsets(items):
        return [[x for i, x in enumerate(items) if mask >> i & 1] for mask in range(1, 1 << len(items))]

    moves = []
    for p in own:
        moves += [TruchetMove("step", ((names[p], None),), ((names[d], 0),), flip) for d in reach[p]]
    for t in range(len(stacks)):
        around = geo.orthogonal[t]
        adjacent = [q for q in around if stacks[q] * sign > 0]
        if need(t) > MAX_HEIGHT or not adjacent:
            continue
        target = ((names[t], 0),)
        for group in subsets(adjacent):
            if len(group) > 1 and need(t) <= sum(stacks[q] * sign for q in group) <= MAX_HEIGHT:
                moves.append(TruchetMove("merge", tuple((names[q], None) for q in group), target, flip))
        for mover in own:
            vias = [v for v in around if v in reach[mover]]
            if not vias:
                continue
            for group in subsets([q for q in adjacent if q != mover]):
                if need(t) <= sum(stacks[q] * sign for q in group + [mover]) <= MAX_HEIGHT:
                    for via in vias:
                        sources = tuple((names[q], names[via] if q == mover else None) for q in sorted(group + [mover]))
                        moves.append(TruchetMove("merge", sources, target, flip))
    for p in own:
        height = stacks[p] * sign
        if height < 2:
            continue
        for q in [p] + reach[p]:
            around = geo.orthogonal[q]
            for counts in product(range(height + 1), repeat=len(around)):
                if sum(counts) != height or sum(1 for c in counts if c) < 2:
                    continue
                if all(c == 0 or c >= need(d) for d, c in zip(around, counts)):
                    parts = tuple((names[d], c) for d, c in zip(around, counts) if c)
                    moves.append(TruchetMove("split", ((names[p], None if q == p else names[q]),), parts, flip))
    return moves


def reference_legal_moves(state):
    geo = state.board
    moves = reference_stack_moves(geo, state.tiles, state.stacks, state.to_move, None)
    for t, corners in enumerate(geo.corners):
        if not any(state.stacks[j] for j in corners):
            moves += reference_stack_moves(geo, flipped(state.tiles, t), state.stacks, state.to_move,
                                           geo.tile_names[t])
    if TRUCHET.can_claim_draw(state):
        moves.append(DRAW)
    return moves


def check(state):
    legal = TRUCHET.legal_moves(state)
    if TRUCHET.outcome(state) is not None:
        assert legal == [] and TRUCHET.move_groups(state) == []
        return 0
    assert legal == reference_legal_moves(state)
    groups = TRUCHET.move_groups(state)
    assert [flip for flip, _ in groups] == [None] + TRUCHET.flippable(state)
    rebuilt = [TruchetMove(*template, flip) for flip, templates in groups for template in templates]
    assert rebuilt == [m for m in legal if m != DRAW]
    return len(legal)


OPTION_SETS = [
    {"size": 3}, {"size": 5}, {"size": 7}, {"size": 9}, {"size": 3, "setup": "single"},
    {"size": 5, "setup": "single", "draw": "claim", "quiet": 4}, {"size": 7, "draw": "off"},
]


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: " ".join(TRUCHET.flags(TRUCHET.check_options(o))) or "default")
def test_fast_generator_matches_the_reference_in_random_games(options):
    compared = 0
    for seed in range(2):
        history = random_game(TRUCHET, dict({"draw": "auto", "quiet": 12}, **options), seed, max_moves=300)
        playing = [s for s in history.states if s.playing and not s.pending]
        for state in playing[::len(playing) // 12 + 1]:
            compared += check(state)
    assert compared > 0


def random_position(rng, size):
    geo = TRUCHET.position("l" * size * size).board
    tiles = "".join(rng.choice("lr") for _ in range(size * size))
    spots = rng.sample(geo.names, rng.randint(2, min(16, len(geo.names) // 2)))
    heights = [rng.choice([1, 1, 2, 3, 4]) for _ in spots]
    x = {name: h for i, (name, h) in enumerate(zip(spots, heights)) if i % 2 == 0}
    o = {name: h for i, (name, h) in enumerate(zip(spots, heights)) if i % 2 == 1}
    return TRUCHET.position(tiles, x=x, o=o, to_move=rng.randrange(2), quiet=rng.choice([0, 60]))


@pytest.mark.parametrize("size", [3, 5, 7, 11])
def test_fast_generator_matches_the_reference_in_random_positions(size):
    rng = random.Random(size)
    assert sum(check(random_position(rng, size)) for _ in range(30 if size < 11 else 2)) > 0


def test_flips_that_change_no_reach_share_the_moves_without_a_flip():
    rng = random.Random(1)
    shared = 0
    for _ in range(20):
        state = random_position(rng, 7)
        if TRUCHET.outcome(state) is not None:
            continue
        groups = TRUCHET.move_groups(state)
        shared += sum(1 for _, templates in groups[1:] if templates is groups[0][1])
        check(state)
    assert shared > 0


def test_no_flip_opens_a_move_where_none_was():
    """Why `_has_move` may skip the flips: in positions of both boards where the player to move has a
    few stacks among many of the other's, a player with no stack move on the tiles as they lie has none
    after any flip either (the exhaustive check, as the spec words the stalemate rule)."""
    from game.rules.truchet import StackMoves, _flippable, _has_move

    rng = random.Random(7)
    stuck_with_free_tiles = 0
    for tiles_count, letters in ((9, "lr"), (25, "lr"), (7, "ud"), (19, "ud")):
        geo = TRUCHET.position(letters[0] * tiles_count).board
        for _ in range(1500):
            tiles = "".join(rng.choice(letters) for _ in range(tiles_count))
            me = rng.randrange(2)
            mine = rng.sample(geo.names, rng.randint(1, 3))
            rest = [name for name in geo.names if name not in mine]
            theirs = rng.sample(rest, int(len(rest) * rng.uniform(0.3, 0.8)))
            own = {name: rng.choice([1, MAX_HEIGHT]) for name in mine}
            other = {name: rng.choice([1, 2, MAX_HEIGHT]) for name in theirs}
            x, o = (own, other) if me == X else (other, own)
            state = TRUCHET.position(tiles, x=x, o=o, to_move=me)
            free = _flippable(state)
            exhaustive = StackMoves(state.board, state.tiles, state.stacks, me).first() is not None or any(
                StackMoves(state.board, flipped(state.tiles, t), state.stacks, me).first() is not None
                for t in free)
            assert _has_move(state) == exhaustive, (tiles, x, o, me)
            stuck_with_free_tiles += not exhaustive and bool(free)
    assert stuck_with_free_tiles >= 100  # the positions that matter were met
