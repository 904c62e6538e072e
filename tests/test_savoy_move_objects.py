"""A move object is checked before any rule looks inside it: `apply` and `check_legal` of every game refuse
another game's move, a Savoya move given to Savoy (and the reverse), a string, None or any other object, and
a Savoy move object with a bad part, with the project's error quoting it (never AttributeError, TypeError or
KeyError). One check serves every game (`Game.move_type`, see game/rules/base.py); Savoy's moves are also read
back from their text on the state's own board (`notation.well_formed`)."""

import random

import pytest

from game.rules import GAMES, RulesError
from game.rules.savoy import SAVOY, Part, SavoyMove, parse_move_text
from game.rules.savoya import SAVOYA

SETUPS = [("savoy", {}), ("savoya", {}), ("savoya", {"players": 4}), ("star", {}), ("know", {}),
          ("know", {"players": 3}), ("truchet", {}), ("truchet", {"hex": True})]


def states_and_moves():
    """A few states of a seeded random game of each setup (chance and decisions), and the moves played."""
    rng = random.Random(3)
    states, moves = {}, []
    for name, options in SETUPS:
        game = GAMES[name]
        state, seen = game.new(options), []
        for _ in range(10):
            if game.outcome(state) is not None:
                break
            seen.append(state)
            move = game.random_chance(state, rng) if game.is_chance(state) else rng.choice(game.legal_moves(state))
            moves.append((name, move))
            state = game.apply(state, move)
        states[(name, str(options))] = seen
    return states, moves


STATES, MOVES = states_and_moves()
OTHERS = ["a4-c4", "", "pass", None, 5, 2.5, ("a4", "c4"), b"a4-c4", object()]
MALFORMED = [SavoyMove("bogus"), SavoyMove("turn", ()), SavoyMove("turn", ("a4-c4",)),
             SavoyMove("turn", (Part("a4", "c4", count=0),)), SavoyMove("turn", (Part("a4", "c4", "zz", 2),)),
             SavoyMove("turn", (Part("a4", "c4", steps=99),)), SavoyMove("turn", (Part("a4", 3),)),
             SavoyMove("roll", dice=("a",)), SavoyMove("roll", dice=(9, 9)),
             parse_move_text("a6-g6", SAVOYA.board), parse_move_text("o7-j7,a4-b4", SAVOY.board)]


@pytest.mark.parametrize("setup", list(STATES), ids=lambda s: f"{s[0]}{s[1]}")
def test_foreign_and_malformed_move_objects_get_the_projects_error(setup):
    game = GAMES[setup[0]]
    own = type(game.legal_moves(game.new())[0])  # the game's move class, as its own rules make them
    for state in STATES[setup][:6]:
        for source, move in MOVES + [("other", o) for o in OTHERS] + [("malformed", m) for m in MALFORMED]:
            if source == setup[0] and source != "malformed":
                continue  # the game's own moves (legal or not) are its rules' business
            for call in (game.apply, game.check_legal):
                try:
                    call(state, move)
                except RulesError:
                    continue
                # accepted: only a move object of this game that is legal here
                assert isinstance(move, own), (call.__name__, move)


def test_a_savoya_move_on_savoy_and_a_string_are_refused_quoting_them():
    state = SAVOY.position("a4=RRRRRR o7=LLLLLL", "R", (1, 5))
    with pytest.raises(RulesError) as refused:
        SAVOY.apply(state, parse_move_text("a6-g6", SAVOYA.board))
    assert "a6" in str(refused.value) and "Savoy board" in str(refused.value)
    with pytest.raises(RulesError) as refused:
        SAVOY.check_legal(state, "a4-b4")
    assert str(refused.value) == "'a4-b4' is not a Savoy move"
    savoya = SAVOYA.position("a6=RRRRRR o10=LLLLLL j1=TTTTTT f15=BBBBBB", "Gold", (1, 5))
    with pytest.raises(RulesError) as refused:
        SAVOYA.apply(savoya, parse_move_text("o7-n7", SAVOY.board))
    assert "o7" in str(refused.value)
    star = GAMES["star"]
    with pytest.raises(RulesError) as refused:
        star.apply(star.new(), parse_move_text("a4-b4", SAVOY.board))
    assert "is not a Star move" in str(refused.value)
    # a move object whose parts are a list (not a tuple) is the same move: read, not refused for its type
    assert SAVOY.apply(state, SavoyMove("turn", [Part("a4", "b4"), Part("a4", "f4")])).stack("f4") == "R"


def test_every_game_knows_its_move_class():
    for game in GAMES.values():
        assert game.move_type is not object and type(game.legal_moves(game.new())[0]) is game.move_type
