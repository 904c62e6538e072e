"""Star's set-up constructor (`game.rules.star.position`): positions for tests, puzzles and lessons, read
back from the text `position_text` writes."""

from __future__ import annotations

import pytest

from game.rules.errors import RulesError
from game.rules.star import STAR, position, position_text


@pytest.mark.parametrize("layout,size", [("", 3), ("X C3", 5), ("X E1 F1 O A8 B8 C7", 5), ("O B5 X C4 O J5", 6)])
def test_star_position_round_trips(layout, size):
    state = position(layout, "O", {"size": size, "maxi": True})
    assert state.maxi and state.size == size and state.to_move == 1
    again = position(position_text(state), 1, {"size": size, "maxi": True})
    assert again == state
    stones = len([w for w in layout.split() if w not in ("X", "O")])
    assert state.ply == stones and STAR.legal_moves(state)


def test_star_position_of_a_played_game_is_its_board():
    state = STAR.new({"size": 5})
    for cell in ("C3", "D4", "E5", "A8"):
        state = STAR.apply(state, STAR.parse_move(cell, state))
    made = STAR.position(position_text(state), state.to_move, {"size": 5})
    assert made.cells == state.cells and made.to_move == state.to_move
    assert STAR.scores(made) == STAR.scores(state)


@pytest.mark.parametrize("layout,words", [
    ("C3", "name the colour"), ("X Z9", "no cell Z9"), ("X C3 O C3", "named twice"), ("X pass", "not a cell"),
])
def test_star_position_refuses_what_it_cannot_read(layout, words):
    with pytest.raises(RulesError, match=words):
        position(layout, 0, {"size": 5})
    with pytest.raises(RulesError):
        position("X C3", "Z", {"size": 5})
