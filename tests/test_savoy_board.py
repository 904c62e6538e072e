"""The Savoy board graph (game/rules/savoy_board.py) against the spec's savoy_board.json and facts."""

from game.rules.savoy_board import (
    CELL_ID, CELLS, CROSSINGS, ENDS, HOME_DISTANCE, HOMES, PATH, PATH_NAMES, PATH_PIPS, RAYS,
)
from test_savoy_reference import BOARD


def test_path_matches_the_spec():
    assert list(PATH_NAMES) == BOARD["path"]
    assert len(PATH) == 40 and len(CELLS) == 36
    assert sorted(CELLS[c] for c in CROSSINGS) == sorted(BOARD["crossings"])
    assert sorted(CELLS[c] for c in ENDS) == sorted(BOARD["ends"])
    assert {CELLS[c] for c in HOMES[0]} == set(BOARD["homes"]["R"])
    assert {CELLS[c] for c in HOMES[1]} == set(BOARD["homes"]["L"])


def test_rays_match_the_spec():
    for name, cell in BOARD["cells"].items():
        mine = sorted([CELLS[c] for c in ray[2]] for ray in RAYS[CELL_ID[name]])
        spec = sorted(ray["cells"] for ray in cell["rays"])
        assert mine == spec, name
        assert len(RAYS[CELL_ID[name]]) == cell["directions"]


def test_board_is_symmetric_under_a_half_turn():
    def turn(name):
        x, r = ord(name[0]) - ord("a"), int(name[1:])
        return chr(ord("a") + 14 - x) + str(11 - r)

    assert [turn(n) for n in PATH_NAMES] == list(reversed(PATH_NAMES))


def test_distances():
    # fewest pips from a start to home (spec section 3): a4 -> m7 is 13, o7 -> c4 is 13
    assert HOME_DISTANCE[0][CELL_ID["a4"]] == 13
    assert HOME_DISTANCE[1][CELL_ID["o7"]] == 13
    # the pbmserv pip count: 39 per piece at the start, 6 x 39 = 234
    assert PATH_PIPS[0][CELL_ID["a4"]] == 39 and PATH_PIPS[1][CELL_ID["o7"]] == 39
    # closed cycles: h7 -> h7 and h4 -> h4 are 14 steps, d4 -> d4 and l7 -> l7 are 24
    for name, length in (("h7", 14), ("h4", 14), ("d4", 24), ("l7", 24)):
        cell = CELL_ID[name]
        assert any(len(ray[2]) >= length and ray[2][length - 1] == cell for ray in RAYS[cell])
