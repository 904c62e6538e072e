"""Board facts of know (../shared/specs/know.md sections 2.1 and 5), checked from the polygons."""

import math
from collections import Counter

from game.rules.know import START_SPACES, board
from game.rules.know_board import BORDERS, SPACE_DATA
from shared_data import shared_json


def test_hundred_spaces_with_unique_names():
    geo = board()
    assert geo.size == 100
    assert len(set(geo.names)) == 100


def test_tier_counts():
    counts = Counter(board().tier)
    assert counts == {"center": 16, "second": 32, "first": 28, "ambiguous": 4, "rim": 20}
    # the ambiguous corner triangles belong to both the Rim (24) and the First tier (32)
    assert counts["rim"] + counts["ambiguous"] == 24
    assert counts["first"] + counts["ambiguous"] == 32
    assert sorted(board().names[i] for i, t in enumerate(board().tier) if t == "ambiguous") == [
        "10.0", "14.0", "2.0", "6.0"]


def test_borders_symmetric_and_two_coloured():
    geo = board()
    for i, near in enumerate(geo.borders):
        for j in near:
            assert i in geo.borders[j], (geo.names[i], geo.names[j])
            assert geo.colour[i] != geo.colour[j], (geo.names[i], geo.names[j])


def test_degree_distribution():
    degrees = Counter(len(near) for near in board().borders)
    assert degrees == {2: 12, 3: 48, 4: 28, 5: 8, 6: 4}


def test_fifty_corresponding_pairs():
    geo = board()
    pairs = set()
    for i, j in enumerate(geo.corresponds):
        assert i != j and geo.corresponds[j] == i
        assert geo.tier[i] == geo.tier[j] and geo.colour[i] == geo.colour[j]
        cx, cy = geo.centroid[i]
        dx, dy = geo.centroid[j]
        assert math.isclose(cx, -dx, abs_tol=1e-3) and math.isclose(cy, -dy, abs_tol=1e-3)
        pairs.add(frozenset((i, j)))
    assert len(pairs) == 50


def test_quarter_turns_preserve_the_board():
    geo = board()
    for k in range(3):
        image = [rot[k] for rot in geo.rotations]
        assert sorted(image) == list(range(100))
        for i, near in enumerate(geo.borders):
            assert {image[j] for j in near} == set(geo.borders[image[i]])
            assert geo.tier[image[i]] == geo.tier[i]


def _edges(polygon):
    points = [(round(x, 3), round(y, 3)) for x, y in polygon]
    return {frozenset((points[k], points[(k + 1) % len(points)])) for k in range(len(points))}


def _collinear_overlap(a, b):
    """True when segments a and b lie on one line and overlap in more than a point."""
    (ax, ay), (bx, by) = a
    (cx, cy), (dx, dy) = b
    ux, uy = bx - ax, by - ay
    length = math.hypot(ux, uy)
    for px, py in ((cx, cy), (dx, dy)):
        if abs(ux * (py - ay) - uy * (px - ax)) / length > 2e-3:
            return False
    t = sorted(((px - ax) * ux + (py - ay) * uy) / length ** 2 for px, py in ((cx, cy), (dx, dy)))
    return min(1.0, t[1]) - max(0.0, t[0]) > 1e-2


def test_borders_follow_from_the_polygons():
    """Two spaces border when their polygons share (part of) a side; touching corners do not count."""
    sides = {row[0]: [tuple(e) for e in _edges(row[4])] for row in SPACE_DATA}
    for name, near in BORDERS.items():
        found = set()
        for other, their in sides.items():
            if other != name and any(_collinear_overlap(s, t) for s in sides[name] for t in their):
                found.add(other)
        assert found == set(near), name


def test_polygon_areas_tile_the_disc():
    def area(poly):
        return abs(sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2) in zip(poly, poly[1:] + poly[:1]))) / 2

    total = sum(area(list(row[4])) for row in SPACE_DATA)
    sixteen_gon = 16 * 0.5 * math.sin(2 * math.pi / 16)
    assert math.isclose(total, sixteen_gon, rel_tol=2e-3)


def test_start_spaces():
    geo = board()
    red, blue = START_SPACES[:6], START_SPACES[6:]
    assert all(geo.half[geo.index[s]] == -1 for s in red)
    assert all(geo.half[geo.index[s]] == 1 for s in blue)
    assert [geo.tier[geo.index[s]] for s in red[:2]] == ["ambiguous", "ambiguous"]


def test_matches_the_spec_json():
    spec = shared_json("know_board.json")
    geo = board()
    assert list(spec) == list(geo.names)
    for name, data in spec.items():
        i = geo.index[name]
        assert set(data["neighbours"]) == {geo.names[j] for j in geo.borders[i]}
        assert data["corresponds"] == geo.names[geo.corresponds[i]]
        assert data["color"] == geo.colour[i]
        assert data["quadrant"] == geo.quadrant[i]
        assert data["tier"].startswith(geo.tier[i])
