"""The one interface every game keeps: legal_moves is empty exactly when the game is over, and every
move it lists is accepted (random states of every game, chance states and set-ups included)."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.rules import GAMES
from game.rules.history import GameHistory
from game.rules.playout import random_game
from game.rules.truchet import LIST_PLACEMENTS_UP_TO, TRUCHET


def check_contract(game, state):
    legal = game.legal_moves(state)
    over = game.outcome(state) is not None
    assert bool(legal) == (not over), (game.name, game.render_text(state))
    for move in legal[:40]:
        game.check_legal(state, move)
        if game.is_chance(state):
            assert game.to_move(state) is None


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(sorted(GAMES)), seed=st.integers(0, 10**9), pass_weight=st.sampled_from([None, 0.0]))
def test_legal_moves_are_empty_only_when_the_game_is_over(name, seed, pass_weight):
    game = GAMES[name]
    history = random_game(game, game.playout_options, seed, pass_weight=pass_weight)
    states = history.states
    for state in states[:: max(1, len(states) // 25)] + [states[-1]]:
        check_contract(game, state)


@pytest.mark.parametrize("size", [3, 5, 7, 9, 25])
@pytest.mark.parametrize("setup", ["turns", "single"])
def test_truchet_set_up_states_list_moves_however_many_tiles(size, setup):
    """Placing or drawing more tiles than can be listed still lists moves that stand for the rest."""
    history = GameHistory(TRUCHET, {"size": size, "setup": setup}, seed=size)
    while not history.state.playing:
        state = history.state
        check_contract(TRUCHET, state)
        count = len(state.placement_tiles())
        if count > LIST_PLACEMENTS_UP_TO:
            listed = TRUCHET.legal_moves(state)
            assert len(listed) == (2 if state.pending else 1)
        history.roll() if history.roll_due() else history.play("random")
    check_contract(TRUCHET, history.state)
