"""Move counts for fixed Truchet positions, checked against an independent brute-force generator.

The generator below is deliberately naive.

It shares no code with game/rules/truchet.py: junctions are (column, row)
pairs, bands are read from the tile letters afresh, paths are searched one
destination at a time, and every combination of sources, pre-move junctions
and piece counts is tried and filtered by the seed's rules. It returns the
moves as text in the seed's notation.
"""

from __future__ import annotations

from itertools import combinations, product

LETTERS = "abcdefghijklmnopqrstuvwxyz"


def name(point):
    column, row = point
    return f"{LETTERS[column]}{row + 1}"


def board_order(point):
    column, row = point
    return (row, column)


def brute_force_moves(n, tiles, stacks, me, quiet=0, quiet_limit=50, draw_rule="claim"):
    """All legal moves of player `me` (0 = X, 1 = O) as strings.

    `tiles`: n*n letters, row 1 first; `stacks`: {(column, row): signed height} (+ X, - O).
    """
    side = n + 1
    points = [(c, r) for r in range(side) for c in range(side)]
    sign = 1 if me == 0 else -1

    def colour(point):  # 0 = X's (dotted), 1 = O's (blank)
        return (point[0] + point[1]) % 2

    def orthogonal(a, b):
        return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1

    own = [p for p, h in stacks.items() if h * sign > 0]
    result = []
    flips = [None] + [(c, r) for r in range(n) for c in range(n)]
    for flip in flips:
        letters = {}
        for r in range(n):
            for c in range(n):
                letters[(c, r)] = tiles[r * n + c]
        prefix = ""
        if flip is not None:
            c, r = flip
            corners = [(c, r), (c + 1, r), (c, r + 1), (c + 1, r + 1)]
            if any(stacks.get(p, 0) for p in corners):
                continue
            letters[flip] = "l" if letters[flip] == "r" else "r"
            prefix = f"{LETTERS[c]}{LETTERS[c + 1]}{r + 1}{r + 2}:"
        edges = set()
        for (c, r), letter in letters.items():
            if letter == "r":
                a, b = (c, r), (c + 1, r + 1)
            else:
                a, b = (c, r + 1), (c + 1, r)
            edges.add((a, b))
            edges.add((b, a))

        def path(start, goal):
            """Is there a walk along bands from start to goal, every junction after start empty?"""
            if stacks.get(goal, 0) or goal == start:
                return False
            seen, frontier = {start}, [start]
            while frontier:
                here = frontier.pop()
                for there in points:
                    if (here, there) in edges and there not in seen and not stacks.get(there, 0):
                        if there == goal:
                            return True
                        seen.add(there)
                        frontier.append(there)
            return False

        def lands(point, height):
            occupant = stacks.get(point, 0) * sign
            if occupant > 0:
                return False
            if occupant == 0:
                return True
            if colour(point) == me:  # enemy stack on the mover's colour: equal or taller
                return height >= -occupant
            return height > -occupant

        for p in own:
            for d in points:
                if path(p, d):
                    result.append(f"{prefix}{name(p)}-{name(d)}")
        for target in points:
            for k in range(2, len(own) + 1):
                for group in combinations(own, k):
                    total = sum(stacks[q] * sign for q in group)
                    if total > 4 or not lands(target, total):
                        continue
                    for mover in (None,) + group:
                        rest = [q for q in group if q != mover]
                        if not all(orthogonal(q, target) for q in rest):
                            continue
                        vias = [None] if mover is None else [v for v in points if orthogonal(v, target) and path(mover, v)]
                        for via in vias:
                            parts = []
                            for q in sorted(group, key=board_order):
                                parts.append(f"{name(q)}>{name(via)}" if q == mover else name(q))
                            result.append(f"{prefix}{','.join(parts)}-{name(target)}")
        for p in own:
            height = stacks[p] * sign
            if height < 2:
                continue
            for via in [None] + [v for v in points if path(p, v)]:
                centre = p if via is None else via
                around = sorted((q for q in points if orthogonal(q, centre)), key=board_order)
                for counts in product(range(height + 1), repeat=len(around)):
                    if sum(counts) != height or sum(1 for x in counts if x) < 2:
                        continue
                    if not all(x == 0 or lands(q, x) for q, x in zip(around, counts)):
                        continue
                    parts = [name(q) if x == 1 else f"{x}x{name(q)}" for q, x in zip(around, counts) if x]
                    source = name(p) if via is None else f"{name(p)}>{name(via)}"
                    result.append(f"{prefix}{source}-{','.join(parts)}")
    if result and draw_rule == "claim" and quiet >= quiet_limit:
        result.append("draw")
    return result


def parse_stacks(text):
    """``a1 b4:2`` -> {"a1": 1, "b4": 2}."""
    found = {}
    for item in text.split():
        where, _, height = item.partition(":")
        found[where] = int(height or 1)
    return found


def to_points(named, sign):
    return {(LETTERS.index(k[0]), int(k[1:]) - 1): sign * h for k, h in named.items()}


# --------------------------------------------------------------------------- the tests
import random  # noqa: E402
from pathlib import Path  # noqa: E402

import pytest  # noqa: E402
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from game.rules.truchet import TRUCHET, X  # noqa: E402

TABLE = Path(__file__).parent / "data" / "truchet.counts"


def table_rows():
    for line in TABLE.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            ident, tiles, xs, os_, who, quiet, count = (part.strip() for part in line.split("|"))
            yield pytest.param(tiles, xs, os_, who, int(quiet), int(count), id=ident)


def make(tiles, xs, os_, who, quiet=0):
    me = X if who == "X" else 1 - X
    state = TRUCHET.position(tiles, x=parse_stacks(xs), o=parse_stacks(os_), to_move=me, quiet=quiet)
    points = to_points(parse_stacks(xs), 1)
    points.update(to_points(parse_stacks(os_), -1))
    return state, points, me


@pytest.mark.parametrize("tiles, xs, os_, who, quiet, count", list(table_rows()))
def test_move_count_table(tiles, xs, os_, who, quiet, count):
    state, points, me = make(tiles, xs, os_, who, quiet)
    moves = [str(m) for m in TRUCHET.legal_moves(state)]
    assert len(moves) == count
    assert len(set(moves)) == len(moves)
    assert sorted(moves) == sorted(brute_force_moves(state.size, tiles, points, me, quiet))


def test_hand_counted_tiny_position():
    # size 3, every band lower-left to upper-right; X on a1 (region a1-b2-c3-d4), O on d1.
    # No flip: a1 steps to b2, c3, d4 (3). Free tiles and a1's steps after flipping each:
    # bc12 -> b2 c1 d2 c3 d4 (5); ab23 -> b2 a3 b4 c3 d4 (5); bc23 -> b2 (1); cd23 -> b2 c3 d4 d2 c1 (5);
    # ab34 -> b2 c3 d4 (3); bc34 -> b2 c3 d4 b4 a3 (5); cd34 -> b2 c3 (2). Total 3 + 26 = 29.
    state, points, me = make("r" * 9, "a1", "d1", "X")
    assert len(TRUCHET.legal_moves(state)) == 29


@st.composite
def positions(draw):
    n = draw(st.sampled_from([3, 3, 5]))
    tiles = "".join(draw(st.lists(st.sampled_from("lr"), min_size=n * n, max_size=n * n)))
    names = [f"{LETTERS[c]}{r + 1}" for r in range(n + 1) for c in range(n + 1)]
    chosen = draw(st.lists(st.sampled_from(names), min_size=2, max_size=8, unique=True))
    heights = draw(st.lists(st.sampled_from([1, 1, 2, 3, 4]), min_size=len(chosen), max_size=len(chosen)))
    x = {nm: h for k, (nm, h) in enumerate(zip(chosen, heights)) if k % 2 == 0}
    o = {nm: h for k, (nm, h) in enumerate(zip(chosen, heights)) if k % 2 == 1}
    who = draw(st.sampled_from("XO"))
    return tiles, " ".join(f"{k}:{v}" for k, v in x.items()), " ".join(f"{k}:{v}" for k, v in o.items()), who


@settings(max_examples=60, deadline=None)
@given(positions())
def test_generator_agrees_with_brute_force(position):
    tiles, xs, os_, who = position
    state, points, me = make(tiles, xs, os_, who)
    moves = TRUCHET.legal_moves(state)
    if TRUCHET.outcome(state) is not None:
        assert moves == []
        return
    texts = [str(m) for m in moves]
    assert sorted(texts) == sorted(brute_force_moves(state.size, tiles, points, me))
    # every listed move passes check_legal, and its text reads back as the same move
    for move in moves[:: max(1, len(moves) // 25)]:
        TRUCHET.check_legal(state, move)
        assert TRUCHET.parse_move(str(move), state) == move


@settings(max_examples=40, deadline=None)
@given(positions(), st.integers(0, 2**32 - 1))
def test_moves_not_listed_are_refused_with_a_reason(position, seed):
    """Random well-formed moves outside legal_moves are refused by check_legal (and listed ones are not)."""
    from game.rules.errors import IllegalMoveError
    from game.rules.truchet import TruchetMove

    tiles, xs, os_, who = position
    state, points, me = make(tiles, xs, os_, who)
    if TRUCHET.outcome(state) is not None:
        return
    legal = set(TRUCHET.legal_moves(state))
    rng = random.Random(seed)
    geo = state.board
    for _ in range(30):
        a, b, c = (rng.choice(geo.names) for _ in range(3))
        shape = rng.randrange(4)
        if shape == 0:
            text = f"{a}-{b}"
        elif shape == 1:
            text = f"{a},{b}-{c}"
        elif shape == 2:
            text = f"{a}-{b},{rng.randint(1, 3)}x{c}"
        else:
            text = f"{rng.choice(geo.tile_names)}:{a}-{b}"
        try:
            move = TruchetMove.parse(text)
        except ValueError:
            continue
        if move in legal:
            TRUCHET.check_legal(state, move)
        else:
            with pytest.raises(IllegalMoveError) as info:
                TRUCHET.check_legal(state, move)
            assert info.value.key != "general" and str(info.value)
