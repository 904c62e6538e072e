"""Hexagonal Truchet's moves: move counts for fixed hex positions (tests/data/truchet_hex.counts),
checked against a naive brute force built from the spec alone (hex_truchet_model.py), and the fast
generator against the reference one of test_truchet_moves.py on hex positions and games.

The brute force shares no code with game/rules: junctions are (column, row) spots, bands are read from
the tile letters afresh, paths are searched one destination at a time, neighbours are Design 6's, and
every combination of sources, pre-move junctions and piece counts is tried and filtered by the rules.
"""

from __future__ import annotations

import random
from itertools import combinations, product
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hex_truchet_model as model
from game.rules.playout import random_game
from game.rules.truchet import TRUCHET, X
from test_truchet_moves import check as check_against_reference

TABLE = Path(__file__).parent / "data" / "truchet_hex.counts"


def brute_force_moves(s, letters, stacks, me, quiet=0, quiet_limit=50, draw_rule="claim"):
    """All legal moves of `me` (0 = X, 1 = O) as text. `letters`: one u/d per tile in the spec's tile
    order; `stacks`: {spot: signed height} (+ X, - O)."""
    points = model.spots(s)
    adjacent = {p: model.neighbours(s, p) for p in points}
    sign = 1 if me == 0 else -1
    own = [p for p, h in stacks.items() if h * sign > 0]
    tiles = model.tiles(s)
    def lands(point, height):
        occupant = stacks.get(point, 0) * sign
        if occupant > 0:
            return False
        if occupant == 0:
            return True
        if model.colour(s, point) == me:  # an enemy on the mover's colour: equal or taller takes it
            return height >= -occupant
        return height > -occupant

    def next_to(a, b):
        return b in adjacent[a]

    def order(point):
        return point[1], point[0]

    # the stacks that may merge onto each junction, all but one (which may first move) next to it
    merges = []
    for target in points:
        for k in range(2, min(len(own), 4) + 1):  # four single stacks at most: no stack exceeds 4
            for group in combinations(own, k):
                total = sum(stacks[q] * sign for q in group)
                if total <= 4 and lands(target, total) and sum(1 for q in group if not next_to(q, target)) <= 1:
                    merges.append((target, group))
    result = []
    for flip in [None] + tiles:
        shown = dict(zip(tiles, letters))
        prefix = ""
        if flip is not None:
            if any(stacks.get(p, 0) for p in model.round_corners(flip)):
                continue  # Design 9: pinned by a stack on one of its six corners
            shown[flip] = "u" if shown[flip] == "d" else "d"
            prefix = model.tile_label(flip) + ":"
        joined = {p: set() for p in points}  # the junctions a band joins to each
        for tile, letter in shown.items():
            for a, b in combinations(model.band_corners(tile, letter), 2):
                joined[a].add(b)
                joined[b].add(a)

        def path(start, goal):
            if stacks.get(goal, 0) or goal == start:
                return False
            seen, frontier = {start}, [start]
            while frontier:
                here = frontier.pop()
                for there in joined[here]:
                    if there not in seen and not stacks.get(there, 0):
                        if there == goal:
                            return True
                        seen.add(there)
                        frontier.append(there)
            return False

        for p in own:
            for d in points:
                if path(p, d):
                    result.append(f"{prefix}{model.name(p)}-{model.name(d)}")
        for target, group in merges:
            for mover in (None,) + group:
                if not all(next_to(q, target) for q in group if q != mover):
                    continue
                vias = [None] if mover is None else [v for v in points if next_to(v, target) and path(mover, v)]
                for via in vias:
                    parts = [f"{model.name(q)}>{model.name(via)}" if q == mover else model.name(q)
                             for q in sorted(group, key=order)]
                    result.append(f"{prefix}{','.join(parts)}-{model.name(target)}")
        for p in own:
            height = stacks[p] * sign
            if height < 2:
                continue
            for via in [None] + [v for v in points if path(p, v)]:
                centre = p if via is None else via
                around = sorted(adjacent[centre], key=order)
                for counts in product(range(height + 1), repeat=len(around)):
                    if sum(counts) != height or sum(1 for c in counts if c) < 2:
                        continue
                    if not all(c == 0 or lands(q, c) for q, c in zip(around, counts)):
                        continue
                    parts = [model.name(q) if c == 1 else f"{c}x{model.name(q)}" for q, c in zip(around, counts) if c]
                    source = model.name(p) if via is None else f"{model.name(p)}>{model.name(via)}"
                    result.append(f"{prefix}{source}-{','.join(parts)}")
    if result and draw_rule == "claim" and quiet >= quiet_limit:
        result.append("draw")
    return result


def parse_stacks(text):
    """``d1 f2:2`` -> {"d1": 1, "f2": 2}."""
    found = {}
    for item in text.split():
        where, _, height = item.partition(":")
        found[where] = int(height or 1)
    return found


def make(tiles, xs, os_, who, quiet=0):
    me = X if who == "X" else 1 - X
    x, o = parse_stacks(xs), parse_stacks(os_)
    state = TRUCHET.position(tiles, x=x, o=o, to_move=me, quiet=quiet)
    spots = {model.spot_of(k): h for k, h in x.items()}
    spots.update({model.spot_of(k): -h for k, h in o.items()})
    return state, spots, me


def table_rows():
    for line in TABLE.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            ident, tiles, xs, os_, who, quiet, count = (part.strip() for part in line.split("|"))
            yield pytest.param(tiles, xs, os_, who, int(quiet), int(count), id=ident)


@pytest.mark.parametrize("tiles, xs, os_, who, quiet, count", list(table_rows()))
def test_hex_move_count_table(tiles, xs, os_, who, quiet, count):
    state, spots, me = make(tiles, xs, os_, who, quiet)
    moves = [str(m) for m in TRUCHET.legal_moves(state)]
    assert len(moves) == count
    assert len(set(moves)) == len(moves)
    letters = "".join(tiles.split())
    assert sorted(moves) == sorted(brute_force_moves(state.size, letters, spots, me, quiet))
    check_against_reference(state)


def test_hand_counted_side_2_position():
    # Side 2, every band up (u joins a tile's X corners): bd12 b1 d1 c2 | df12 d1 f1 e2 | ac23 a2 c2 b3 |
    # ce23 c2 e2 d3 | eg23 e2 g2 f3 | bd34 b3 d3 c4 | df34 d3 f3 e4: one X region of all 12 X junctions.
    # X single on b1 (pins bd12), O single on f4 (pins df34). Without a flip b1 steps to the 11 others.
    # Flipping ce23 keeps them joined (11); flipping ac23, bd34, df12 or eg23 cuts off the one junction
    # only that tile joins (a2, c4, f1, g2): 10 each. 11 + 11 + 4 x 10 = 62.
    state, spots, me = make("u" * 7, "b1", "f4", "X")
    assert TRUCHET.flippable(state) == ["df12", "ac23", "ce23", "eg23", "bd34"]
    groups = {flip: len(templates) for flip, templates in TRUCHET.move_groups(state)}
    assert groups == {None: 11, "df12": 10, "ac23": 10, "ce23": 11, "eg23": 10, "bd34": 10}
    assert len(TRUCHET.legal_moves(state)) == 62 == len(brute_force_moves(2, "u" * 7, spots, me))


@st.composite
def positions(draw):
    s = draw(st.sampled_from([2, 2, 3]))
    count = 3 * s * (s - 1) + 1
    tiles = "".join(draw(st.lists(st.sampled_from("ud"), min_size=count, max_size=count)))
    names = [model.name(p) for p in model.spots(s)]
    chosen = draw(st.lists(st.sampled_from(names), min_size=2, max_size=8, unique=True))
    heights = draw(st.lists(st.sampled_from([1, 1, 2, 3, 4]), min_size=len(chosen), max_size=len(chosen)))
    x = " ".join(f"{n}:{h}" for k, (n, h) in enumerate(zip(chosen, heights)) if k % 2 == 0)
    o = " ".join(f"{n}:{h}" for k, (n, h) in enumerate(zip(chosen, heights)) if k % 2 == 1)
    return tiles, x, o, draw(st.sampled_from("XO"))


@settings(max_examples=60, deadline=None)
@given(positions())
def test_generator_agrees_with_the_hex_brute_force(position):
    tiles, xs, os_, who = position
    state, spots, me = make(tiles, xs, os_, who)
    moves = TRUCHET.legal_moves(state)
    if TRUCHET.outcome(state) is not None:
        assert moves == []
        return
    assert sorted(str(m) for m in moves) == sorted(brute_force_moves(state.size, tiles, spots, me))
    for move in moves[:: max(1, len(moves) // 25)]:
        TRUCHET.check_legal(state, move)
        assert TRUCHET.parse_move(str(move), state) == move


@pytest.mark.parametrize("options", [{"size": 2}, {"size": 3}, {"size": 4}, {"size": 5, "setup": "single"}],
                         ids=lambda o: " ".join(TRUCHET.flags(TRUCHET.check_options({"hex": True, **o}))))
def test_fast_generator_matches_the_reference_in_hex_games(options):
    compared = 0
    for seed in range(2):
        history = random_game(TRUCHET, {"hex": True, "draw": "auto", "quiet": 12, **options}, seed, max_moves=300)
        playing = [s for s in history.states if s.playing and not s.pending]
        for state in playing[::len(playing) // 10 + 1]:
            compared += check_against_reference(state)
    assert compared > 0


@pytest.mark.parametrize("s", [2, 3, 4, 6])
def test_fast_generator_matches_the_reference_in_random_hex_positions(s):
    rng = random.Random(s)
    count = 3 * s * (s - 1) + 1
    names = [model.name(p) for p in model.spots(s)]
    compared = 0
    for _ in range(20 if s < 6 else 3):
        tiles = "".join(rng.choice("ud") for _ in range(count))
        spots = rng.sample(names, rng.randint(2, min(16, len(names) // 2)))
        heights = [rng.choice([1, 1, 2, 3, 4]) for _ in spots]
        x = {n: h for i, (n, h) in enumerate(zip(spots, heights)) if i % 2 == 0}
        o = {n: h for i, (n, h) in enumerate(zip(spots, heights)) if i % 2 == 1}
        state = TRUCHET.position(tiles, x=x, o=o, to_move=rng.randrange(2), quiet=rng.choice([0, 60]))
        compared += check_against_reference(state)
    assert compared > 0
