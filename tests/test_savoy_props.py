"""Properties of random Savoy games: pieces are conserved, every turn changes the board and uses the most
pips (or wins), every game ends, apply never mutates its input, and sampled positions agree with the
independent brute-force generator."""

import copy

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.rules.playout import random_game
from game.rules.savoy import SAVOY, PASS, stack_text
from game.rules.savoy_board import CELLS
from test_savoy_reference import engine_turns, reference_turns

OPTION_SETS = [
    {"stack": 1}, {"stack": 2}, {"stack": 3}, {"maxturns": 20}, {"even": 6, "maxturns": 12},
    {"step": 6, "maxturns": 12}, {"stack": 2, "trips": "jump"}, {"stack": 2, "trips": "dice"},
    {"stack": 2, "pinnedaway": True},
]


def pieces(state):
    count = {"R": 0, "L": 0}
    for v in state.cells:
        for ch in stack_text(v):
            count[ch] += 1
    return count


def layout(state):
    return " ".join(f"{CELLS[c]}={stack_text(v)}" for c, v in enumerate(state.cells) if v)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**9), which=st.integers(0, len(OPTION_SETS) - 1))
def test_random_games_keep_the_rules(seed, which):
    options = OPTION_SETS[which]
    history = random_game(SAVOY, options, seed)
    start = pieces(history.start)
    assert SAVOY.outcome(history.state) is not None, "every game ends"
    for state, move, after in zip(history.states, history.moves, history.states[1:]):
        assert pieces(after) == start
        assert after.turns <= state.rules.max_turns
        if move.kind == "roll":
            continue
        table = SAVOY.table(state)
        if move == PASS:
            assert not table.moves
            continue
        assert after.cells != state.cells, "a turn must change the board"
        won = SAVOY.outcome(after) is not None and SAVOY.outcome(after).winner == state.to_move
        assert move.pips == table.max_pips or won
        assert move.pips <= sum(state.dice)
    # no legal move in a finished game
    assert SAVOY.legal_moves(history.state) == []


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10**9))
def test_max_pips_rule_against_brute_force(seed):
    history = random_game(SAVOY, {"stack": 2, "maxturns": 30}, seed)
    checked = 0
    for state in history.states[1:]:
        if state.dice and not state.over and len(state.dice) > 1:
            mine = engine_turns(SAVOY.legal_moves(state))
            ref = reference_turns(layout(state), "RL"[state.to_move], state.dice)
            assert mine == ref, (layout(state), state.dice)
            checked += 1
            if checked >= 6:
                break


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10**9))
def test_apply_never_mutates_its_input(seed):
    history = random_game(SAVOY, {"stack": 3, "maxturns": 15}, seed)
    for state in history.states[:-1]:
        before = copy.deepcopy(state)
        for move in SAVOY.legal_moves(state)[:20]:
            SAVOY.apply(state, move)
        assert state == before


def test_same_seed_same_game():
    a = random_game(SAVOY, {"stack": 2}, 11)
    b = random_game(SAVOY, {"stack": 2}, 11)
    assert a.notation() == b.notation()


@pytest.mark.slow
@pytest.mark.parametrize("seed", [0, 1])
def test_full_length_default_games_end(seed):
    history = random_game(SAVOY, None, seed)
    assert SAVOY.outcome(history.state) is not None
    assert pieces(history.state) == {"R": 6, "L": 6}
