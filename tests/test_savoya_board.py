"""The Savoya board (game/rules/savoya_board.py) against the spec's savoya_board.json and the spec's own
checks (../shared/specs/savoya.md section 5): continuity, clean crossings, symmetry, the figure-of-eights
closed as in Savoy, homes and ends, distances."""

from game.rules.savoya_board import GOLD, SAVOYA_BOARD as BOARD, SILVER
from shared_data import shared_json


ID = BOARD.cell_id


def xy(name):
    return ord(name[0]) - ord("a"), int(name[1:])


def quarter_turn(name):
    """The spec's quarter turn counter-clockwise about h8: (x, y) -> (15 - y, x + 1)."""
    x, y = xy(name)
    return chr(ord("a") + 15 - y) + str(x + 1)


def test_strands_cells_crossings_homes_match_the_spec():
    JSON = shared_json("savoya_board.json")
    assert list(GOLD) == JSON["paths"]["gold"] and list(SILVER) == JSON["paths"]["silver"]
    assert sorted(BOARD.cells) == sorted(JSON["cells"])
    assert sorted(BOARD.cells[c] for c in BOARD.crossings) == sorted(JSON["crossings"])
    assert sorted(BOARD.cells[c] for c in BOARD.ends) == sorted(JSON["ends"])
    for colour, letter in enumerate(BOARD.colours):
        assert sorted(BOARD.home_names[colour]) == sorted(JSON["homes"][letter])
        assert list(BOARD.start_names[colour]) == JSON["start_area"][letter]
    for count in ("3", "4"):
        assert list(BOARD.seat_names(int(count))) == JSON["players"][count]
        assert [BOARD.colours[c] for (c,) in BOARD.seat_colours(int(count))] == JSON["players"][count]
    two = JSON["players"]["2"]
    assert {name: [BOARD.colours[c] for c in colours] for name, colours in BOARD.seats[2]} == two


def test_rays_and_neighbours_match_the_spec():
    JSON = shared_json("savoya_board.json")
    for name, cell in JSON["cells"].items():
        mine = sorted([BOARD.cells[c] for c in ray[2]] for ray in BOARD.rays[ID[name]])
        assert mine == sorted(ray["cells"] for ray in cell["rays"]), name
        assert len(BOARD.rays[ID[name]]) == cell["directions"] in (1, 2, 4)
        assert sorted(BOARD.cells[n] for n in BOARD.neighbours[ID[name]]) == sorted(
            n["cell"] for n in cell["neighbours"])
    for c, near in enumerate(BOARD.neighbours):  # neighbours are symmetric
        assert all(c in BOARD.neighbours[n] for n in near)


def test_sizes():
    assert len(BOARD.cells) == 89 and len(GOLD) == len(SILVER) == 53
    assert len(set(GOLD)) == len(set(SILVER)) == 49
    assert len(BOARD.crossings) == 17 and len(BOARD.ends) == 4
    assert sum(len(rays) == 2 for rays in BOARD.rays) == 68
    assert (BOARD.width, BOARD.height) == (15, 15)


def test_each_strand_is_continuous_on_the_board():
    for strand in (GOLD, SILVER):
        for a, b in zip(strand, strand[1:]):
            (ax, ay), (bx, by) = xy(a), xy(b)
            assert max(abs(ax - bx), abs(ay - by)) == 1, (a, b)
        assert all(0 <= xy(n)[0] < 15 and 1 <= xy(n)[1] <= 15 for n in strand)


def test_every_shared_cell_is_a_clean_right_angle_crossing():
    kinds = {"gold": 0, "silver": 0, "gold-silver": 0}
    for c in BOARD.crossings:
        passes = BOARD.passes[c]
        assert len(passes) == 2
        lines = []
        for s, i in passes:
            strand = BOARD.strands[s]
            (px, py), (x, y), (nx, ny) = xy(strand[i - 1]), xy(strand[i]), xy(strand[i + 1])
            assert (x - px, y - py) == (nx - x, ny - y), BOARD.cells[c]  # straight through
            lines.append("h" if py == y == ny else "v" if px == x == nx else "diagonal")
        assert sorted(lines) == ["h", "v"], BOARD.cells[c]
        strands = sorted(BOARD.strand_names[s] for s, _ in passes)
        kinds["gold-silver" if strands == ["gold", "silver"] else strands[0]] += 1
    assert kinds == {"gold": 4, "silver": 4, "gold-silver": 9}
    # no two diagonal steps cross between cells
    diagonals = set()
    for strand in (GOLD, SILVER):
        for a, b in zip(strand, strand[1:]):
            (ax, ay), (bx, by) = xy(a), xy(b)
            if ax != bx and ay != by:
                diagonals.add((min(ax, bx), min(ay, by), (bx - ax) * (by - ay)))
    assert not any((x, y, -sign) in diagonals for x, y, sign in diagonals)


def test_symmetry():
    # the quarter turn maps gold index i to silver index i, and silver i to gold 52 - i
    assert [quarter_turn(n) for n in GOLD] == list(SILVER)
    assert [quarter_turn(n) for n in SILVER] == list(reversed(GOLD))
    # gold alone is half-turn symmetric: index i -> 52 - i
    half = [quarter_turn(quarter_turn(n)) for n in GOLD]
    assert half == list(reversed(GOLD))
    # crossing kinds map to each other: gold self-crossings to silver ones, gold-silver to themselves
    gold_self = {BOARD.cells[c] for c in BOARD.crossings if {s for s, _ in BOARD.passes[c]} == {0}}
    silver_self = {BOARD.cells[c] for c in BOARD.crossings if {s for s, _ in BOARD.passes[c]} == {1}}
    assert {quarter_turn(n) for n in gold_self} == silver_self


def test_figure_of_eights_are_closed_as_in_savoy():
    # Savoy's self-crossing order: first, second, third, fourth, second, first, fourth, third
    for strand, order in ((GOLD, ["d6", "h6", "l10", "h10", "h6", "d6", "h10", "l10"]),
                          (SILVER, ["j4", "j8", "f12", "f8", "j8", "j4", "f8", "f12"])):
        selfs = [n for i, n in enumerate(strand) if strand.count(n) == 2]
        assert selfs == order
        loops = {n: len(strand) - 1 - strand[::-1].index(n) - strand.index(n) for n in set(selfs)}
        assert sorted(loops.values()) == [21, 21, 35, 35]  # h6 h10 (j8 f8): 21 steps; d6 l10 (j4 f12): 35


def test_homes_are_three_plain_straight_cells_at_an_edge_next_to_the_first_crossing():
    for colour, home in enumerate(BOARD.home_names):
        cells = [ID[n] for n in home]
        assert not any(c in BOARD.crossings for c in cells)
        xs, ys = zip(*(xy(n) for n in home))
        assert len(set(xs)) == 1 or len(set(ys)) == 1  # one straight run
        assert any(ID[n] in BOARD.ends for n in home)
        end = next(n for n in home if ID[n] in BOARD.ends)
        x, y = xy(end)
        assert x in (0, 14) or y in (1, 15)  # on the board's edge
        near = {BOARD.cells[n] for c in cells for n in BOARD.neighbours[c]} - set(home)
        assert len(near) == 1 and ID[near.pop()] in BOARD.crossings  # the strand's first crossing


def test_distances_and_pip_counts():
    letters = BOARD.colours
    starts = {"R": "a6", "L": "o10", "T": "j1", "B": "f15"}
    for colour, letter in enumerate(letters):
        # fewest pips from a start to its nearest home cell, changing direction between trips: 15
        assert BOARD.home_distance[colour][ID[starts[letter]]] == 15
        # the pip count, Savoy's "234": 52 a piece
        assert BOARD.path_pips[colour][ID[starts[letter]]] == 52
    # a single trip can never circle back to its cell: the shortest loop is 21 steps, more than 4 x 6 - 3
    for c, rays in enumerate(BOARD.rays):
        for _, _, ray in rays:
            assert c not in ray[:20]
