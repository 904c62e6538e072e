"""Hexagonal Truchet's board (../shared/specs/hex-truchet.md): every check of the spec's §8, its tables,
pictures and worked example, against the engine's board graph (game/rules/truchet_board.py).

The spec's formulas are written out again in hex_truchet_model.py, independently of the engine.
"""

from __future__ import annotations

import random
from itertools import combinations
from math import atan2, degrees, dist

import pytest

import hex_truchet_model as model
from game.rules.errors import OptionError
from game.rules.truchet import (
    HEX_MAX_SIZE, HEX_MIN_SIZE, O, TRUCHET, X, bands, flipped, hex_board, regions, tile_form,
)

SIZES = range(HEX_MIN_SIZE, HEX_MAX_SIZE + 1)

# §1's table: s | tiles | junctions (per colour) | columns | junction rows | pieces each
TABLE = {2: (7, 24, 12, "a-g", 4, 3), 3: (19, 54, 27, "a-k", 6, 9), 4: (37, 96, 48, "a-o", 8, 18),
         5: (61, 150, 75, "a-s", 10, 30), 6: (91, 216, 108, "a-w", 12, 45)}

# §1's parity picture for s = 4 (+ = X's junction, - = O's), rows 8 to 1
PARITY = """\
  8         - + - + - + - + -
  7       - + - + - + - + - + -
  6     - + - + - + - + - + - + -
  5   - + - + - + - + - + - + - + -
  4   + - + - + - + - + - + - + - +
  3     + - + - + - + - + - + - +
  2       + - + - + - + - + - +
  1         + - + - + - + - +"""

# §6's example start (s = 4, random tiles) as the spec prints it
EXAMPLE_TILES = "dudu uuduu uudduu uduuuud uuuudd uuduu uduu"
EXAMPLE_PICTURE = """\
      a b c d e f g h i j k l m n o
  8         o + o + o + o + o
            | u | d | u | u |
  7       o + o + o + o + o + o
          | u | u | d | u | u |
  6     o + o + o + o + o + o + o
        | u | u | u | u | d | d |
  5   - + - + - + - + - + - + - + -
      | u | d | u | u | u | u | d |
  4   + - + - + - + - + - + - + - +
        | u | u | d | d | u | u |
  3     x - x - x - x - x - x - x
          | u | u | d | u | u |
  2       x - x - x - x - x - x
            | d | u | d | u |
  1         x - x - x - x - x"""


def engine_spot(geo, j):
    return model.spot_of(geo.names[j])


# --------------------------------------------------------------------------- §8.1 counts
@pytest.mark.parametrize("s", SIZES)
def test_tile_and_junction_counts_and_equal_colours(s):
    geo = hex_board(s)
    tiles, junctions, per_colour, columns, rows, pieces = TABLE[s]
    assert geo.tile_count == tiles == 3 * s * (s - 1) + 1
    assert geo.junction_count == junctions == 6 * s * s
    assert geo.colour.count(X) == geo.colour.count(O) == per_colour == 3 * s * s
    letters = sorted({name[0] for name in geo.names})
    assert f"{letters[0]}-{letters[-1]}" == columns and len(letters) == 4 * s - 1
    assert sorted({int(name[1:]) for name in geo.names}) == list(range(1, rows + 1)) and geo.side == rows
    assert geo.pieces == pieces == 3 * s * (s - 1) // 2
    # the names are the spec's, in board order, and every tile is named as the spec names it
    assert list(geo.names) == [model.name(p) for p in model.spots(s)]
    assert list(geo.tile_names) == [model.tile_label(t) for t in model.tiles(s)]


def test_the_parity_picture_of_side_4():
    geo = hex_board(4)
    seen = set()
    for line in PARITY.splitlines():
        row = int(line[:3])
        for x in range(15):
            mark = line[6 + 2 * x] if len(line) > 6 + 2 * x else " "
            if mark == " ":
                assert f"{model.LETTERS[x]}{row}" not in geo.index
                continue
            name = f"{model.LETTERS[x]}{row}"
            seen.add(name)
            assert geo.colour[geo.index[name]] == (X if mark == "+" else O), name
    assert seen == set(geo.names)
    # the spec's spot checks: d1 +, e1 -, a4 +, a5 -; rows 1 and 8 run d..l, rows 4 and 5 a..o
    colours = {name: geo.colour[geo.index[name]] for name in ("d1", "e1", "a4", "a5", "f3", "f2")}
    assert colours == {"d1": X, "e1": O, "a4": X, "a5": O, "f3": X, "f2": O}
    for row, span in ((1, "dl"), (8, "dl"), (2, "cm"), (7, "cm"), (3, "bn"), (6, "bn"), (4, "ao"), (5, "ao")):
        names = [n for n in geo.names if int(n[1:]) == row]
        assert (names[0][0], names[-1][0]) == tuple(span), row


# --------------------------------------------------------------------------- §8.2 corners
@pytest.mark.parametrize("s", SIZES)
def test_every_tile_has_the_spec_corners_alternating_in_colour(s):
    geo = hex_board(s)
    for t, tile in enumerate(model.tiles(s)):
        round_names = [model.name(p) for p in model.round_corners(tile)]
        assert sorted(geo.names[j] for j in geo.corners[t]) == sorted(round_names)
        colours = [geo.colour[geo.index[n]] for n in round_names]
        assert colours == [X, O, X, O, X, O], geo.tile_names[t]  # from the top corner round
        # X's are the top, lower-left and lower-right corners
        top, _, lower_right, _, lower_left, _ = round_names
        assert {n for n, c in zip(round_names, colours) if c == X} == {top, lower_left, lower_right}
        for j in geo.corners[t]:
            assert t in geo.tiles_at[j]
    assert all(1 <= len(at) <= 3 for at in geo.tiles_at)


def test_tile_eg23_and_its_picture():
    geo = hex_board(4)
    t = geo.tile_index["eg23"]
    assert [geo.names[j] for j in geo.corners[t]] == ["e2", "f2", "g2", "e3", "f3", "g3"]
    assert {geo.names[j] for j in geo.band(t, "u")} == {"f3", "e2", "g2"}
    assert {geo.names[j] for j in geo.band(t, "d")} == {"f2", "e3", "g3"}
    assert tile_form("eg23", 2) == (4, 1) and tile_form("df910", 2) == (3, 8)
    assert tile_form("ef23", 2) is None and tile_form("eg24", 2) is None


# --------------------------------------------------------------------------- §8.3 sides, Design 6
@pytest.mark.parametrize("s", SIZES)
def test_neighbours_are_one_tile_side_apart_as_design_6_says(s):
    geo = hex_board(s)
    sides = set()
    for tile in model.tiles(s):
        corners = model.round_corners(tile)
        for a, b in zip(corners, corners[1:] + corners[:1]):
            sides.add(frozenset((a, b)))
            assert model.colour(s, a) != model.colour(s, b)  # every side joins opposite colours
    for j, near in enumerate(geo.orthogonal):
        spot = engine_spot(geo, j)
        found = {engine_spot(geo, k) for k in near}
        assert found == model.neighbours(s, spot), geo.names[j]
        assert found == {p for side in sides if spot in side for p in side} - {spot}
        assert list(near) == sorted(near)
        assert 2 <= len(near) <= 3 and all(geo.colour[k] != geo.colour[j] for k in near)
        interior = len(geo.tiles_at[j]) == 3
        assert len(near) == 3 or not interior


def test_the_neighbour_examples():
    geo = hex_board(4)

    def near(name):
        return {geo.names[k] for k in geo.orthogonal[geo.index[name]]}

    assert near("f2") == {"e2", "g2", "f1"}
    assert near("f3") == {"e3", "g3", "f4"}
    assert near("d1") == {"d2", "e1"}


# --------------------------------------------------------------------------- §8.4 true hexagons
@pytest.mark.parametrize("s", SIZES)
def test_true_hexagons_with_the_drawing_formula(s):
    geo = hex_board(s)
    for j, spot in enumerate(model.spots(s)):
        assert geo.points[j] == pytest.approx(model.drawn_junction(s, spot))
    for t, tile in enumerate(model.tiles(s)):
        centre = model.drawn_centre(tile)
        assert geo.centres[t] == pytest.approx(centre)
        points = [model.drawn_junction(s, p) for p in model.round_corners(tile)]
        for k, point in enumerate(points):
            assert dist(point, centre) == pytest.approx(1.0)
            assert dist(point, points[(k + 1) % 6]) == pytest.approx(1.0)  # every side has length 1
            angle = degrees(atan2(point[1] - centre[1], point[0] - centre[0]))
            assert angle == pytest.approx((90 - 60 * k + 180) % 360 - 180)  # pointy top: 90, 30, -30, ... degrees


# --------------------------------------------------------------------------- §8.5 the 12 layings
def test_of_twelve_layings_six_fit_front_as_d_and_back_as_u():
    """A physical tile: caps on alternate corners; the front's caps dotted (X), the back's band dotted.
    Turned by k sixths, its caps are on round corners k, k+2, k+4. A laying fits when every corner gets
    its junction's colour; which corners its band joins is then its letter."""
    geo = hex_board(4)
    t = geo.tile_index["eg23"]
    tile = model.tiles(4)[t]
    corners = model.round_corners(tile)
    colours = [model.colour(4, p) for p in corners]
    fits = []
    for face in ("front", "back"):
        for k in range(6):
            caps = {k % 6, (k + 2) % 6, (k + 4) % 6}
            cap_colour, band_colour = (X, O) if face == "front" else (O, X)
            if all(colours[i] == (cap_colour if i in caps else band_colour) for i in range(6)):
                band = {geo.index[model.name(corners[i])] for i in range(6) if i not in caps}
                letter = next(letter for letter in "ud" if set(geo.band(t, letter)) == band)
                fits.append((face, letter))
    assert len(fits) == 6
    assert sorted(fits) == [("back", "u")] * 3 + [("front", "d")] * 3
    # so turning a tile over toggles its letter
    assert flipped("u", 0) == "d" and flipped("d", 0) == "u"


# --------------------------------------------------------------------------- §8.6 regions
class Geometry:
    """Regions and curves built from the tile pictures alone (the spec's §8.6): each tile is cut by its
    three arcs into three caps and a band; a part holds the half-edges at its corners; parts glue to
    the parts of the neighbouring tile holding the same half-edge."""

    def __init__(self, s, letters):
        self.s = s
        self.parts = []  # (corners it holds, colour)
        self.arcs = []  # (part on one side, part on the other, the two edge midpoints it joins)
        owner = {}  # (tile, corner) -> part
        for tile, letter in zip(model.tiles(s), letters):
            corners = model.round_corners(tile)
            band = model.band_corners(tile, letter)
            face_band_colour = X if letter == "u" else O  # u shows the back: its band dotted
            band_part = len(self.parts)
            self.parts.append(([p for p in corners if p in band], face_band_colour))
            for i, p in enumerate(corners):
                if p in band:
                    owner[tile, p] = band_part
                    continue
                owner[tile, p] = len(self.parts)
                self.parts.append(([p], 1 - face_band_colour))
                before, after = corners[i - 1], corners[(i + 1) % 6]
                self.arcs.append((owner[tile, p], band_part, frozenset((frozenset((before, p)), frozenset((p, after))))))
        parent = list(range(len(self.parts)))

        def find(a):
            while parent[a] != a:
                parent[a] = parent[parent[a]]
                a = parent[a]
            return a

        # glue: the half-edge of edge {p, q} at p lies in the part holding p, in both tiles of the edge
        tiles_of_edge = {}
        for tile in model.tiles(s):
            corners = model.round_corners(tile)
            for p, q in zip(corners, corners[1:] + corners[:1]):
                tiles_of_edge.setdefault(frozenset((p, q)), []).append(tile)
        self.border_edges = [edge for edge, ts in tiles_of_edge.items() if len(ts) == 1]
        for edge, ts in tiles_of_edge.items():
            if len(ts) == 2:
                for p in edge:
                    parent[find(owner[ts[0], p])] = find(owner[ts[1], p])
        self.component = [find(a) for a in range(len(self.parts))]
        self.owner = owner

    def regions(self):
        """Each region as the set of junction names it holds."""
        found = {}
        for part, (corners, _) in enumerate(self.parts):
            found.setdefault(self.component[part], set()).update(model.name(p) for p in corners)
        return found

    def curves(self):
        """(border-to-border chords, closed loops) formed by the arcs joined at edge midpoints."""
        joined = {}
        for _, _, ends in self.arcs:
            a, b = tuple(ends)
            joined.setdefault(a, []).append(b)
            joined.setdefault(b, []).append(a)
        seen, chords, loops = set(), 0, 0
        for start in joined:
            if start in seen:
                continue
            todo, members = [start], []
            seen.add(start)
            while todo:
                m = todo.pop()
                members.append(m)
                for n in joined[m]:
                    if n not in seen:
                        seen.add(n)
                        todo.append(n)
            if any(len(joined[m]) == 1 for m in members):
                chords += 1
            else:
                loops += 1
        return chords, loops


def check_tiling(s, letters):
    geo = hex_board(s)
    shape = Geometry(s, letters)
    # each part has the colour of its corners (edge matching), each region one colour
    for corners, part_colour in shape.parts:
        assert all(model.colour(s, p) == part_colour for p in corners)
    by_region = shape.regions()
    for names in by_region.values():
        assert len({geo.colour[geo.index[n]] for n in names}) == 1
    # the geometric regions are the engine's band-graph components
    engine = {}
    for j, r in enumerate(regions(geo, letters)):
        engine.setdefault(r, set()).add(geo.names[j])
    assert sorted(map(sorted, engine.values())) == sorted(map(sorted, by_region.values()))
    # and the band graph joins only junctions of one colour, each tile its three band corners
    near = bands(geo, letters)
    assert sum(len(n) for n in near) == 6 * geo.tile_count
    assert all(geo.colour[j] == geo.colour[k] for j, ks in enumerate(near) for k in ks)
    # across every arc the colours differ: a proper two-colouring
    for cap, band, _ in shape.arcs:
        assert shape.component[cap] != shape.component[band]
        assert shape.parts[cap][1] != shape.parts[band][1]
    chords, loops = shape.curves()
    assert chords == 3 * (2 * s - 1) == len(shape.border_edges) // 2
    assert len(engine) == 1 + chords + loops == 6 * s - 2 + loops


@pytest.mark.parametrize("s, tilings", [(2, 200), (3, 200), (4, 200), (5, 60), (6, 60)])  # the spec's numbers
def test_regions_of_random_tilings_and_after_random_flips(s, tilings):
    rng = random.Random(s)
    count = hex_board(s).tile_count
    for _ in range(tilings):
        letters = "".join(rng.choice("ud") for _ in range(count))
        check_tiling(s, letters)
        for _ in range(5):
            letters = flipped(letters, rng.randrange(count))
            check_tiling(s, letters)


def test_all_up_side_2_by_hand():
    # every band joins X corners: one X region of all 12, and 12 single O junctions (3 loops round d2, c3, e3)
    geo = hex_board(2)
    reg = regions(geo, "u" * 7)
    x_regions = {reg[j] for j in range(24) if geo.colour[j] == X}
    assert len(x_regions) == 1 and len(set(reg)) == 13
    assert Geometry(2, "u" * 7).curves() == (9, 3)


def test_the_spec_example_start():
    state = TRUCHET.position(EXAMPLE_TILES, x={n: 1 for n in "d1 f1 h1 j1 l1 c2 e2 g2 i2 k2 m2 b3 d3 f3 h3 j3 l3 n3".split()},
                             o={n: 1 for n in "b6 d6 f6 h6 j6 l6 n6 c7 e7 g7 i7 k7 m7 d8 f8 h8 j8 l8".split()})
    assert TRUCHET.render_text(state) == EXAMPLE_PICTURE
    geo = state.board
    sizes = {X: [], O: []}
    reg = regions(geo, state.tiles)
    for r in set(reg):
        sizes[geo.colour[r]].append(reg.count(r))
    assert len(set(reg)) == 33
    assert sorted(sizes[X], reverse=True) == [43] + [1] * 5
    assert sorted(sizes[O], reverse=True) == [8, 7, 5, 3, 3] + [1] * 22
    # the same start comes out of the set-up moves, with the same picture
    history_state = TRUCHET.new({"hex": True, "setup": "single"})
    history_state = TRUCHET.apply(history_state, TRUCHET.parse_move(EXAMPLE_TILES.replace(" ", ""), history_state))
    assert TRUCHET.render_text(history_state) == EXAMPLE_PICTURE


# --------------------------------------------------------------------------- §8.7 starts, Design 7
@pytest.mark.parametrize("s", SIZES)
def test_starts_are_symmetric(s):
    geo = hex_board(s)
    x_start = {engine_spot(geo, j) for j in geo.homes[X]}
    o_start = {engine_spot(geo, j) for j in geo.homes[O]}
    assert len(x_start) == len(o_start) == 3 * s * (s - 1) // 2
    assert all(model.colour(s, p) == X and p[1] <= s - 1 for p in x_start)
    assert all(model.colour(s, p) == O and p[1] >= s + 2 for p in o_start)
    # all junctions of one's own colour in the s-1 rows nearest one's side
    assert x_start == {p for p in model.spots(s) if p[1] <= s - 1 and model.colour(s, p) == X}
    assert {model.half_turn(s, p) for p in x_start} == o_start
    # a half turn swaps the colours
    assert all(model.colour(s, model.half_turn(s, p)) != model.colour(s, p) for p in model.spots(s))
    state = TRUCHET.new({"hex": True, "size": s, "setup": "single"})
    state = TRUCHET.apply(state, TRUCHET.parse_move("u" * geo.tile_count, state))
    assert {geo.names[j] for j, h in enumerate(state.stacks) if h == 1} == {model.name(p) for p in x_start}
    assert {geo.names[j] for j, h in enumerate(state.stacks) if h == -1} == {model.name(p) for p in o_start}
    # the start pins every tile but the middle tile row
    assert sorted(TRUCHET.flippable(state)) == sorted(model.tile_label(t) for t in model.tiles(s) if t[1] == s)


def test_side_4_starts_by_name():
    geo = hex_board(4)
    assert [geo.names[j] for j in geo.homes[X]] == "d1 f1 h1 j1 l1 c2 e2 g2 i2 k2 m2 b3 d3 f3 h3 j3 l3 n3".split()
    assert [geo.names[j] for j in geo.homes[O]] == "b6 d6 f6 h6 j6 l6 n6 c7 e7 g7 i7 k7 m7 d8 f8 h8 j8 l8".split()


# --------------------------------------------------------------------------- §8.8 placement, Design 8
@pytest.mark.parametrize("s", SIZES)
def test_placement_halves_are_equal_and_the_centre_is_the_middle_of_row_s(s):
    geo = hex_board(s)
    o_half, x_half, centre = geo.placement_orders
    assert len(o_half) == len(x_half) == (geo.tile_count - 1) // 2
    assert sorted(o_half + x_half + centre) == list(range(geo.tile_count))
    tiles = model.tiles(s)
    middle = [t for t in tiles if t[1] == s]
    assert tiles[centre[0]] == middle[s - 1] and len(middle) == 2 * s - 1
    assert [tiles[t] for t in x_half] == [t for t in tiles if t[1] < s] + middle[:s - 1]
    assert [tiles[t] for t in o_half] == sorted((t for t in tiles if t[1] > s), key=lambda t: (-t[1], t[0])) + middle[s:]


def test_side_4_placement_by_name():
    geo = hex_board(4)
    o_half, x_half, centre = ([geo.tile_names[t] for t in order] for order in geo.placement_orders)
    assert x_half[:5] == ["df12", "fh12", "hj12", "jl12", "ce23"] and "km23" in x_half and "bd34" in x_half
    assert x_half[-4:] == ["ln34", "ac45", "ce45", "eg45"]
    assert o_half[:4] == ["df78", "fh78", "hj78", "jl78"] and o_half[4] == "ce67" and o_half[8] == "km67"
    assert o_half[-4:] == ["ln56", "ik45", "km45", "mo45"]
    assert centre == ["gi45"]


# --------------------------------------------------------------------------- the option
def test_hex_is_a_board_option_of_truchet():
    state = TRUCHET.new({"hex": True})
    assert state.hex and state.size == 4 and state.board is hex_board(4)
    assert TRUCHET.options_of(state) == {"hex": True, "size": 4, "setup": "turns", "draw": "claim", "quiet": 50}
    assert TRUCHET.flags(TRUCHET.options_of(state)) == ["-hex"]
    values = TRUCHET.options_from_flags(["-hex", "-size=6", "-setup=single", "-quiet=9"])
    assert values == {"hex": True, "size": 6, "setup": "single", "draw": "claim", "quiet": 9}
    assert TRUCHET.flags(values) == ["-hex", "-size=6", "-setup=single", "-quiet=9"]
    assert TRUCHET.options_from_flags(TRUCHET.flags(values)) == values
    # -hex=off is the square game
    assert TRUCHET.options_from_flags(["-hex=off"]) == {"size": 7, "setup": "turns", "draw": "claim", "quiet": 50}
    assert not TRUCHET.new({"hex": False}).hex


@pytest.mark.parametrize("flags, fragment", [
    (["-hex", "-size=7"], "-size=7 is out of range: it must be 2..6"),
    (["-hex", "-size=1"], "it must be 2..6"),
    (["-size=4"], "odd numbers only"),
    (["-hex=maybe"], "is a switch"),
    (["-shape"], "this game's options are: -size, -setup, -draw, -quiet, -hex"),
])
def test_bad_hex_options_are_refused(flags, fragment):
    with pytest.raises(OptionError) as error:
        TRUCHET.options_from_flags(flags)
    assert fragment in str(error.value)
