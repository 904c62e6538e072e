"""Savoy notation: round trips, canonical forms and precise errors."""

import pytest

from game.rules.errors import NotationError
from game.rules.savoy import PASS, SAVOY, Part, SavoyMove


@pytest.mark.parametrize("text", [
    "a4-c4", "a4-c4,g4-h4", "3xg7-j7,e4-b4", "pass", "roll:3,5", "roll:6,6", "roll:5,3",
    "j10-k9", "2xa4-l7", "l7-d4/l6", "l7-h4/9", "l7-h7/l8/6",
])
def test_round_trip(text):
    move = SavoyMove.parse(text)
    assert str(move) == text
    assert repr(move) == f"SavoyMove.parse({text!r})"
    assert SavoyMove.parse(str(move)) == move


@pytest.mark.parametrize("text, canonical", [
    ("A4-C4", "a4-c4"),
    (" a4-c4 , g4-h4 ", "a4-c4,g4-h4"),
    ("g4-h4,a4-c4", "a4-c4,g4-h4"),
    ("e4-b4,g7-j7,2xg7-j7", "3xg7-j7,e4-b4"),
    ("1xa4-b4", "a4-b4"),
    ("PASS", "pass"),
    ("ROLL: 3 , 5", "roll:3,5"),
    ("l7-h7/6/l8", "l7-h7/l8/6"),
])
def test_canonical_forms(text, canonical):
    assert str(SavoyMove.parse(text)) == canonical


@pytest.mark.parametrize("text, words", [
    ("", "empty move"),
    ("a4c4", "not a Savoy move"),
    ("z9-a4", "no cell z9"),
    ("a4-a11", "no cell a11"),
    ("0xa4-b4", "at least 1"),
    ("a4-a4", "does not move"),
    ("a4-c4,", "not a Savoy move"),
    ("roll:7,1", "1 to 6"),
    ("roll:3", "two dice"),
    ("roll:3,4,5", "two dice"),
    ("roll:x", "not a roll"),
    ("a4-c4/d4", "not next to a4"),
    ("a4-c4/2/3", "steps twice"),
    ("a4-c4/b4/b4", "direction twice"),
    ("a4-c4/q1", "no cell q1"),
])
def test_notation_errors(text, words):
    with pytest.raises(NotationError, match=words):
        SavoyMove.parse(text)


def test_not_text():
    with pytest.raises(NotationError, match="must be text"):
        SavoyMove.parse(42)  # type: ignore[arg-type]


def test_parse_move_resolves_routes_in_a_state():
    state = SAVOY.position("a4=RRRRRR o7=LLLLLL", "R", (6, 6))
    move = SAVOY.parse_move("a4-l7,a4-l7", state)
    assert move.parts == (Part("a4", "l7", "b4", 12, 2),)
    assert str(move) == "2xa4-l7"


def test_parse_move_normalises_a_roll_after_the_opening():
    history_state = SAVOY.apply(SAVOY.new(), SavoyMove.roll(3, 1))
    state = SAVOY.apply(history_state, SAVOY.parse_move("a4-d4", history_state))
    assert str(SAVOY.parse_move("roll:5,3", state)) == "roll:3,5"
    # the opening roll keeps its order: R's die, then L's
    assert str(SAVOY.parse_move("roll:5,3", SAVOY.new())) == "roll:5,3"


def test_pass_is_a_constant():
    assert SavoyMove.parse("pass") is PASS
