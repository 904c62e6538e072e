"""Star board geometry and notation (../shared/specs/star.md, seed 002)."""

import pytest

from game.rules.errors import NotationError
from game.rules.star import LETTERS, STAR, StarMove, board

SIZES = range(3, 15)


@pytest.mark.parametrize("n", SIZES)
def test_counts(n):
    geo = board(n)
    assert geo.cell_count == 3 * (n - 1) ** 2
    assert len(geo.external_xy) == 3 * (2 * n - 1)
    assert len(geo.external_xy) % 2 == 1  # "there will always be an odd number of external neighbours"
    touching = [len(ext) for ext in geo.externals]
    assert touching.count(3) == 6  # six corners, three external neighbours each
    assert all(t in (0, 2, 3) for t in touching)  # edge cells two, interior none
    edge = sum(1 for t in touching if t)
    assert edge == 6 * (n - 1) - 3  # n=6: the published 33 border cells


def test_published_size_six_counts():
    geo = board(6)
    assert geo.cell_count == 75
    assert len(geo.external_xy) == 33  # the published "33 border cells" are the external ring
    assert sum(1 for ext in geo.externals if ext) == 27  # 6n-9 board cells on the edge


@pytest.mark.parametrize("n", SIZES)
def test_rows_and_columns(n):
    geo = board(n)
    rows = {}
    for name, (x, r) in zip(geo.names, geo.xy):
        rows.setdefault(r, []).append(name)
        assert name[0] in LETTERS[: 2 * n - 2]
    assert sorted(rows) == list(range(1, 2 * n - 1))
    assert len(rows[1]) == n - 1  # the top side is short
    assert len(rows[n]) == 2 * n - 2  # the widest row
    assert len(rows[2 * n - 2]) == n  # the bottom side is long
    # column A is the lower-left side: rows n..2n-2
    assert sorted(int(name[1:]) for name in geo.names if name[0] == "A") == list(range(n, 2 * n - 1))
    # the last column is the upper-right side: rows 1..n
    last = LETTERS[2 * n - 3]
    assert sorted(int(name[1:]) for name in geo.names if name[0] == last) == list(range(1, n + 1))


def test_size_six_rows_from_the_spec():
    geo = board(6)
    assert [geo.names[i] for i in geo.cells_of_row(1)] == ["F1", "G1", "H1", "I1", "J1"]
    assert [geo.names[i] for i in geo.cells_of_row(10)] == ["A10", "B10", "C10", "D10", "E10", "F10"]


def test_size_three_picture():
    geo = board(3)
    assert [[geo.names[i] for i in geo.cells_of_row(r)] for r in range(1, 5)] == [
        ["C1", "D1"], ["B2", "C2", "D2"], ["A3", "B3", "C3", "D3"], ["A4", "B4", "C4"],
    ]
    corners = sorted(geo.names[i] for i, ext in enumerate(geo.externals) if len(ext) == 3)
    assert corners == ["A3", "A4", "C1", "C4", "D1", "D3"]
    assert {geo.names[j] for j in geo.neighbours[geo.index["C2"]]} == {"C1", "D1", "B2", "D2", "B3", "C3"}


@pytest.mark.parametrize("n", SIZES)
def test_neighbours_symmetric_and_hexagonal(n):
    geo = board(n)
    for i, near in enumerate(geo.neighbours):
        assert len(near) + len(geo.externals[i]) == 6
        for j in near:
            assert i in geo.neighbours[j]


@pytest.mark.parametrize("n", SIZES)
def test_every_cell_round_trips(n):
    state = STAR.new({"size": n})
    for name in board(n).names:
        move = STAR.parse_move(name, state)
        assert str(move) == name
        assert str(STAR.parse_move(name.lower(), state)) == name
        assert eval(repr(move), {"StarMove": StarMove}) == move


@pytest.mark.parametrize("text", ["pass", "swap", "PASS", " Swap "])
def test_words_round_trip(text):
    assert str(StarMove.parse(text)) == text.strip().lower()


@pytest.mark.parametrize("text, fragment", [
    ("", "not a Star move"), ("F", "not a Star move"), ("6F", "not a Star move"), ("F0", "from 1"),
    ("F06", "from 1"), ("FF6", "not a Star move"), ("F6,G7", "not a Star move"), ("pas", "not a Star move"),
])
def test_malformed_moves_are_refused_with_a_reason(text, fragment):
    with pytest.raises(NotationError) as error:
        StarMove.parse(text)
    assert fragment in str(error.value)


def test_off_board_cells_name_the_board():
    state = STAR.new({"size": 3})
    for text in ("A1", "E3", "D4", "A5", "Z9"):
        with pytest.raises(NotationError, match="size-3 board"):
            STAR.parse_move(text, state)
