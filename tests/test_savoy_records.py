"""Savoy records: hand-written games replay move by move, and written records read back exactly."""

from pathlib import Path

import pytest

import game.rules
from game.rules.errors import RecordError
from game.rules.playout import random_game
from game.rules.record import read_record, write_record
from game.rules.savoy import SAVOY

DATA = Path(__file__).parent / "data"


@pytest.fixture(autouse=True)
def registered(monkeypatch):
    monkeypatch.setitem(game.rules.GAMES, "savoy", SAVOY)


def test_short_game_is_won_by_r():
    history = read_record((DATA / "savoy_short.txt").read_text())
    state = history.state
    assert SAVOY.outcome(state).winner == 0
    assert state.stack("m7") == "R" and state.stack("l7") == "L"
    assert history.notation()[4] == "roll:4,6"  # written 6,4: a roll is kept smaller die first
    assert history.options["stack"] == 1


def test_pinning_opening_replays():
    history = read_record((DATA / "savoy_pins.txt").read_text())
    state = history.state
    assert state.stack("d4") == "RL" and state.stack("e6") == "L" and state.stack("j7") == "L" and state.stack("i4") == "LR"
    assert state.stack("a4") == "RRR" and state.stack("e4") == "R" and state.stack("o7") == "LL"
    assert SAVOY.details(state)["pinned"] == ["d4", "i4"]
    assert SAVOY.is_chance(state) and state.to_move == 1
    again = read_record(write_record(history))
    assert again.states == history.states


def test_an_illegal_record_names_the_line_and_the_reason():
    text = (DATA / "savoy_short.txt").read_text().replace("6. d4-m7", "6. d4-o7")
    with pytest.raises(RecordError, match=r"line \d+: move 6 'd4-o7': .*12 or 36 steps"):
        read_record(text)
    text = (DATA / "savoy_short.txt").read_text().replace("5. roll:6,4", "5. roll:6,9")
    with pytest.raises(RecordError, match="a die shows 1 to 6"):
        read_record(text)


@pytest.mark.parametrize("seed, options", [(1, {"stack": 2}), (2, {"stack": 1}), (3, {"maxturns": 25}),
                                           (4, {"even": 6, "maxturns": 15}), (5, {"trips": "dice", "stack": 2})])
def test_random_games_round_trip(seed, options):
    history = random_game(SAVOY, options, seed)
    text = write_record(history)
    again = read_record(text)
    assert again.states == history.states
    assert write_record(again) == text
