"""Dice follow the game: the n-th roll is a pure function of the game's seed and n, so taking a roll back
and rolling again, redoing, resuming a record and replaying all give the same dice."""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.rules import GAMES
from game.rules.errors import IllegalMoveError, RecordError, RulesError
from game.rules.history import GameHistory, dice_generator
from game.rules.record import read_record, write_record

DICE_GAMES = sorted(name for name, game in GAMES.items() if game.has_chance)


def play_some(history, choices, rng, plies):
    """Roll when due, else play a move chosen with `rng`, for `plies` plies."""
    game = history.game
    for _ in range(plies):
        if game.outcome(history.state) is not None:
            break
        if history.roll_due():
            history.roll()
        else:
            moves = game.legal_moves(history.state)
            history.play(moves[rng.randrange(len(moves))])


def test_only_games_with_chance_say_so():
    assert DICE_GAMES == ["know", "savoy", "savoya", "truchet"] and not GAMES["star"].has_chance


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(DICE_GAMES), seed=st.integers(0, 2**53), choice=st.integers(0, 10**6))
def test_the_nth_roll_depends_on_the_seed_and_n_alone(name, seed, choice):
    game = GAMES[name]
    history = GameHistory(game, game.playout_options, seed=seed)
    play_some(history, None, random.Random(choice), 60)
    n = 0
    for state, move in zip(history.states, history.moves):
        if game.is_chance(state):
            assert move == game.random_chance(state, dice_generator(seed, n))
            n += 1
    assert history.rolls == n


@pytest.mark.parametrize("name", DICE_GAMES)
def test_undo_then_roll_again_gives_the_same_dice(name):
    game = GAMES[name]
    history = GameHistory(game, game.playout_options, seed=1234)
    rng = random.Random(5)
    seen = 0
    for _ in range(40):
        if game.outcome(history.state) is not None:
            break
        if history.roll_due():
            rolled = history.roll()
            history.undo()
            again = history.roll()  # taking the roll back and rolling again: the same dice
            assert again == rolled
            history.undo()
            assert history.redo() == rolled
            seen += 1
        else:
            moves = game.legal_moves(history.state)
            history.play(moves[rng.randrange(len(moves))])
    assert seen >= 2


@pytest.mark.parametrize("name", DICE_GAMES)
def test_a_resumed_record_goes_on_with_the_same_dice(name):
    game = GAMES[name]
    original = GameHistory(game, game.playout_options, seed=99)
    play_some(original, None, random.Random(3), 30)
    text = write_record(original)
    assert '[Seed "99"]' in text
    resumed = read_record(text)
    assert resumed.seed == 99 and resumed.notation() == original.notation()
    for history in (original, resumed):  # the same decisions from here give the same rolls
        play_some(history, None, random.Random(8), 30)
    assert resumed.notation() == original.notation()


def test_a_record_without_a_seed_replays_its_written_rolls():
    history = read_record('[Game "savoy"]\n1. roll:5,3\n2. a4-f4\n3. roll:2,6\n')
    assert history.notation() == ["roll:5,3", "a4-f4", "roll:2,6"]
    assert isinstance(history.seed, int)  # a fresh seed for the rolls still to come


@pytest.mark.parametrize("header, fragment", [
    ('[Seed "twelve"]', "line 2: a seed is a whole number"),
    ('[Seed "١٢"]', "line 2: a seed is a whole number"),
    ('[Seed "' + "9" * 5000 + '"]', "line 2: a seed is a whole number of at most 18 digits"),
])
def test_a_bad_seed_header_is_refused(header, fragment):
    with pytest.raises(RecordError, match=fragment):
        read_record(f'[Game "savoy"]\n{header}\n1. roll:5,3\n')


def test_seed_is_public_and_checked():
    history = GameHistory(GAMES["savoy"], seed=7)
    assert history.seed == 7 and history.rolls == 0
    assert history.next_roll() == history.next_roll() == history.roll()
    assert history.rolls == 1
    with pytest.raises(IllegalMoveError, match="no roll is due"):
        history.next_roll()
    for bad in (1.5, "7", True, 10**30):
        with pytest.raises(RulesError, match="a seed is a whole number"):
            GameHistory(GAMES["savoy"], seed=bad)
    assert GameHistory(GAMES["star"]).seed != GameHistory(GAMES["star"]).seed  # a fresh one each game
