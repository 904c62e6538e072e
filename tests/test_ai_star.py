"""The Star engine (game/ai/star_ai.py): its playout scoring agrees with the rules, and level 3
solves tactical positions: joining chains at the edge, the swap, passing to win."""

from __future__ import annotations

import random

import pytest

from game.ai import best_move
from game.ai.star_ai import geometry, winner
from game.rules.star import EMPTY, PASS, STAR, SWAP, StarState, board


def position(n: int, x: list[str], o: list[str], to_move: int = 0, passes: int = 0, maxi: bool = False) -> StarState:
    geo = board(n)
    cells = [EMPTY] * geo.cell_count
    for name in x:
        cells[geo.index[name]] = 1
    for name in o:
        cells[geo.index[name]] = 2
    return StarState(size=n, maxi=maxi, cells=tuple(cells), to_move=to_move, passes=passes, ply=len(x) + len(o))


@pytest.mark.parametrize("n", [3, 6, 14])
@pytest.mark.parametrize("maxi", [False, True])
def test_the_playout_score_agrees_with_the_rules(n, maxi):
    rng = random.Random(n)
    geo = geometry(n)
    for _ in range(30):
        fill = rng.random()  # full boards (as playouts leave them) and partly filled ones
        cells = tuple(rng.choice((1, 2)) if rng.random() < max(fill, 0.3) else EMPTY
                      for _ in range(board(n).cell_count))
        state = StarState(size=n, maxi=maxi, cells=cells)
        colour, _ = STAR.compare(state)
        assert winner(cells, geo, maxi) == (0 if colour is None else colour + 1)


# Both positions: 8 empty cells, X to move; exhaustive search found exactly one winning move,
# the one that joins two X chains which each touch the edge (worth 3 points).
JOIN_AT_THE_TOP = position(
    5,
    ["A5", "B4", "B7", "B8", "C3", "C7", "C8", "D7", "D8", "E6", "F1", "F6", "F7", "G2", "G3", "G4", "G6", "H2", "H3",
     "H4"],
    ["A6", "A7", "A8", "B5", "D2", "D3", "D4", "D6", "E1", "E2", "E3", "E4", "E7", "E8", "F2", "F3", "F5", "G5", "H1",
     "H5"],
)
JOIN_AT_THE_CORNER = position(
    5,
    ["A8", "B4", "C4", "C6", "C7", "D5", "D8", "E1", "E2", "E3", "E5", "F5", "F6", "F7", "G3", "G4", "G5", "G6", "H2",
     "H4"],
    ["A6", "B6", "B7", "C3", "C8", "D2", "D3", "D4", "D7", "E4", "E6", "E7", "E8", "F2", "F3", "F4", "G1", "G2", "H1",
     "H5"],
)


@pytest.mark.parametrize("state, cell", [(JOIN_AT_THE_TOP, "G1"), (JOIN_AT_THE_CORNER, "B8")])
def test_a_chain_that_must_join_the_edge(state, cell):
    for seed in range(2):
        assert str(best_move(STAR, state, 3, seed)) == cell
    # the same position with O to move: O takes the cell first
    assert str(best_move(STAR, StarState(**{**_fields(state), "to_move": 1}), 3, 0)) == cell


def _fields(state: StarState) -> dict:
    return {name: getattr(state, name) for name in StarState.__slots__}


@pytest.mark.parametrize("opening", ["A6", "J1", "E10"])
def test_a_strong_opening_stone_is_swapped(opening):
    after = STAR.play(STAR.new(), opening)[1]  # corners and edges are worth most in Star
    assert best_move(STAR, after, 3, 0) == SWAP


@pytest.mark.parametrize("opening", ["F6", "E5"])
def test_a_weak_opening_stone_is_answered(opening):
    after = STAR.play(STAR.new(), opening)[1]  # the middle of the board scores nothing by itself
    move = best_move(STAR, after, 3, 0)
    assert move.kind == "place"


def test_the_opening_is_one_the_opponent_would_not_swap():
    start = STAR.new({"size": 5})
    opening = best_move(STAR, start, 3, 0)
    assert opening.kind == "place"
    assert best_move(STAR, STAR.apply(start, opening), 3, 0) != SWAP


def test_after_the_opponent_passes_a_winning_board_is_closed_with_a_pass():
    # O just passed; X is ahead on the board as it stands: passing ends the game with a win
    state = position(4, ["D1", "E1", "F1", "F2"], ["C2", "B3"], to_move=0, passes=1)
    assert STAR.compare(state)[0] == 0
    assert best_move(STAR, state, 3, 0) == PASS
    # O to move after X passed, behind: O plays on instead of passing into a loss
    behind = StarState(**{**_fields(state), "to_move": 1})
    assert best_move(STAR, behind, 3, 0) != PASS


# 8 empty cells, X to move: exhaustive search finds one winning move in each game, and they differ.
# Standard Star: E1 joins the top edge chains; Maxi-Star: G5 makes the long chain across the right.
TWO_GAMES = (
    ["B7", "B8", "C4", "C6", "C8", "D2", "D3", "D4", "D6", "E6", "F1", "F6", "F7", "G1", "G2", "G3", "G4", "H1", "H2",
     "H4"],
    ["A5", "A7", "A8", "B4", "B6", "C3", "C5", "C7", "D5", "D7", "E2", "E3", "E7", "E8", "F2", "F3", "F4", "F5", "G6",
     "H5"],
)


@pytest.mark.parametrize("maxi, cell", [(False, "E1"), (True, "G5")])
def test_maxi_star_plays_for_its_best_chain(maxi, cell):
    state = position(5, *TWO_GAMES, maxi=maxi)
    assert str(best_move(STAR, state, 3, 0)) == cell
