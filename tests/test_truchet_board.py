"""Truchet board geometry, set-up squares and regions (seed 004 and ../shared/specs/truchet.md)."""

import pytest

from game.rules.truchet import (
    MAX_SIZE, MIN_SIZE, O, TRUCHET, X, bands, board, flipped, regions, split_tile_name, tile_name,
)

SIZES = range(MIN_SIZE, MAX_SIZE + 1, 2)

# the seed's parity picture, top row (row 8) first: + = X (dotted), - = O (blank)
SEED_PARITY = """\
- + - + - + - +
+ - + - + - + -
- + - + - + - +
+ - + - + - + -
- + - + - + - +
+ - + - + - + -
- + - + - + - +
+ - + - + - + -"""


def test_the_64_junction_parities_of_the_seed():
    geo = board(7)
    rows = SEED_PARITY.splitlines()
    assert len(rows) == 8 and geo.junction_count == 64
    for k, line in enumerate(rows):
        row = 8 - k
        marks = line.split()
        assert len(marks) == 8
        for c, mark in enumerate(marks):
            name = "abcdefgh"[c] + str(row)
            assert geo.colour[geo.index[name]] == (X if mark == "+" else O), name
    assert geo.colour[geo.index["a1"]] == X and geo.colour[geo.index["a8"]] == O
    assert sum(1 for c in geo.colour if c == X) == 32  # "an equal number of junctions of each colour"


@pytest.mark.parametrize("n", SIZES)
def test_piece_count_formula(n):
    geo = board(n)
    # (n - 1)(n + 1) / 4 pieces each (the seed writes /2, but its worked example 6 * 8 / 4 = 12 is /4)
    assert geo.pieces == (n - 1) * (n + 1) // 4
    assert len(geo.homes[X]) == len(geo.homes[O]) == geo.pieces
    assert sum(1 for c in geo.colour if c == X) == sum(1 for c in geo.colour if c == O)


def test_standard_board_has_twelve_pieces_each():
    assert board(7).pieces == 12


@pytest.mark.parametrize("n", SIZES)
def test_homes_are_the_nearest_own_colour_junctions(n):
    geo = board(n)
    half = (n - 1) // 2
    for j in geo.homes[X]:
        assert geo.colour[j] == X and j // geo.side < half
    for j in geo.homes[O]:
        assert geo.colour[j] == O and j // geo.side >= geo.side - half
    # every own-colour junction in those rows is used
    assert len(geo.homes[X]) == sum(1 for j in range(half * geo.side) if geo.colour[j] == X)


def test_seven_by_seven_homes_by_name():
    geo = board(7)
    x = sorted(geo.names[j] for j in geo.homes[X])
    o = sorted(geo.names[j] for j in geo.homes[O])
    assert x == sorted("a1 c1 e1 g1 b2 d2 f2 h2 a3 c3 e3 g3".split())
    assert o == sorted("a6 c6 e6 g6 b7 d7 f7 h7 a8 c8 e8 g8".split())  # the seed's picture: (o) on a8


@pytest.mark.parametrize("n", SIZES)
def test_orthogonal_neighbours_have_the_other_colour(n):
    geo = board(n)
    for j, near in enumerate(geo.orthogonal):
        assert 2 <= len(near) <= 4
        assert list(near) == sorted(near)
        for k in near:
            assert geo.colour[k] != geo.colour[j]
            assert j in geo.orthogonal[k]


@pytest.mark.parametrize("n", SIZES)
def test_placement_orders_cover_every_tile_once(n):
    geo = board(n)
    o_half, x_half, centre = geo.placement_orders
    assert len(o_half) == len(x_half) == (n * n - 1) // 2
    assert sorted(o_half + x_half + centre) == list(range(n * n))
    assert centre == ((n // 2) * n + n // 2,)


def test_placement_orders_start_from_each_players_edge():
    geo = board(7)
    o_half, x_half, _ = geo.placement_orders
    names = geo.tile_names
    # X: tile row 1 (rows 1-2) from column a, ..., then the left half of the middle row
    assert [names[t] for t in x_half[:2]] == ["ab12", "bc12"]
    assert [names[t] for t in x_half[-3:]] == ["ab45", "bc45", "cd45"]
    # O: its own edge first (rows 7-8), left to right, then the right half of the middle row
    assert [names[t] for t in o_half[:2]] == ["ab78", "bc78"]
    assert [names[t] for t in o_half[-3:]] == ["ef45", "fg45", "gh45"]
    assert names[geo.placement_orders[2][0]] == "de45"


def test_tile_names():
    assert tile_name(1, 2) == "bc34"
    assert split_tile_name("bc34") == (1, 2)
    assert split_tile_name("ab910") == (0, 8)
    assert split_tile_name("yz2526") == (24, 24)
    for bad in ("bd34", "bc35", "bc3", "cb34", "bc043", "b34"):
        assert split_tile_name(bad) is None, bad
    geo = board(7)
    assert geo.corners[geo.tile_index["bc34"]] == tuple(geo.index[n] for n in ("b3", "c3", "b4", "c4"))


def test_bands_follow_the_letters():
    # size 3, only tile bc23 is 'l' (band b3-c2), every other 'r' (band lower-left to upper-right)
    tiles = "rrr" + "rlr" + "rrr"
    geo = board(3)
    near = bands(3, tiles)

    def linked(a, b):
        return geo.index[b] in near[geo.index[a]]

    assert linked("a1", "b2") and linked("b2", "a1")
    assert linked("b3", "c2")
    assert not linked("b2", "c3")  # bc23 is 'l' now
    assert linked("c3", "d4")


def _groups(n, tiles):
    geo = board(n)
    reg = regions(n, tiles)
    found = {}
    for j, r in enumerate(reg):
        found.setdefault(r, set()).add(geo.names[j])
    return sorted(sorted(g, key=lambda s: (int(s[1:]), s[0])) for g in found.values())


def test_regions_of_an_all_right_tiling():
    # every band runs lower-left to upper-right: the regions are the diagonals
    assert _groups(3, "r" * 9) == sorted([
        ["a1", "b2", "c3", "d4"], ["b1", "c2", "d3"], ["c1", "d2"], ["d1"],
        ["a2", "b3", "c4"], ["a3", "b4"], ["a4"],
    ])


def test_regions_of_an_all_left_tiling():
    assert _groups(3, "l" * 9) == sorted([
        ["d1", "c2", "b3", "a4"], ["c1", "b2", "a3"], ["b1", "a2"], ["a1"],
        ["d2", "c3", "b4"], ["d3", "c4"], ["d4"],
    ])


def test_regions_of_a_hand_made_ring():
    # size 3, worked by hand:
    # ab12 r: a1-b2 | bc12 l: b2-c1 | cd12 r: c1-d2
    # ab23 l: a3-b2 | bc23 r: b2-c3 | cd23 l: c3-d2
    # ab34 r: a3-b4 | bc34 l: b4-c3 | cd34 r: c3-d4
    tiles = "rlr" + "lrl" + "rlr"
    groups = _groups(3, tiles)
    x_region = ["a1", "c1", "b2", "d2", "a3", "c3", "b4", "d4"]
    assert sorted(x_region, key=lambda s: (int(s[1:]), s[0])) in groups
    # O's junctions are all cut off: each is a region of its own
    assert sum(1 for g in groups if len(g) == 1) == 8
    assert len(groups) == 9


def test_flip_toggles_one_tile():
    tiles = "rlr" + "lrl" + "rlr"
    assert flipped(tiles, 4) == "rlr" + "lll" + "rlr"
    assert flipped(flipped(tiles, 4), 4) == tiles


@pytest.mark.parametrize("n", SIZES)
def test_bands_join_junctions_of_one_colour(n):
    import random

    rng = random.Random(n)
    geo = board(n)
    tiles = "".join(rng.choice("lr") for _ in range(n * n))
    near = bands(n, tiles)
    for j, others in enumerate(near):
        for k in others:
            assert geo.colour[j] == geo.colour[k]
    assert sum(len(o) for o in near) == 2 * n * n  # one band per tile


def test_default_options():
    state = TRUCHET.new()
    assert state.size == 7
    assert TRUCHET.options_of(state) == {"size": 7, "setup": "turns", "draw": "claim", "quiet": 50}


@pytest.mark.parametrize("flags, fragment", [
    (["-size=8"], "odd numbers only"),
    (["-size=1"], "out of range"),
    (["-size=27"], "out of range"),
    (["-setup=half"], "must be one of turns, single"),
    (["-draw=never"], "must be one of claim, auto, off"),
    (["-quiet=0"], "out of range"),
    (["-colour"], "unknown option"),
])
def test_bad_options_are_refused(flags, fragment):
    from game.rules.errors import OptionError

    with pytest.raises(OptionError, match=fragment):
        TRUCHET.options_from_flags(flags)


def test_flags_round_trip():
    values = TRUCHET.options_from_flags(["-size=5", "-setup=single", "-draw=auto", "-quiet=20"])
    assert values == {"size": 5, "setup": "single", "draw": "auto", "quiet": 20}
    assert TRUCHET.flags(values) == ["-size=5", "-setup=single", "-draw=auto", "-quiet=20"]
    assert TRUCHET.flags(TRUCHET.check_options({})) == []
