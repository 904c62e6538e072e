"""The computer opponent's public API (game.ai): levels, determinism, legality, stepping, cancel.

Strength is the arena benchmark's job (build/bench_ai.py), not these tests'.
"""

from __future__ import annotations

import random

import pytest

from game.ai import LEVELS, AIError, Search, best_move
from game.rules import GAMES
from game.rules.playout import random_game
from game.rules.star import STAR

#: option sets per game kept small where a game has a size (level 1 must stay fast with any engine)
OPTIONS = {
    "star": [{"size": 4}, {"size": 6}, {"size": 5, "maxi": True}],
    "know": [{}],
    "savoy": [{}],
    "savoya": [{"players": 3}],
    "truchet": [{"size": 3}, {"size": 3, "hex": True}],
}


def decision(name: str, options: dict | None, seed: int, plies: int):
    """A position of a seeded random game after about `plies` moves where a player is to move."""
    game = GAMES[name]
    state = random_game(game, options, seed, max_moves=plies).state
    rng = random.Random(seed)
    while game.is_chance(state):
        state = game._apply(state, game.random_chance(state, rng))
    assert game.outcome(state) is None
    return state


def positions(name: str, options: dict, count: int = 4) -> list:
    """Decision positions spread over seeded random games, and the chance states met on the way."""
    game = GAMES[name]
    found, chance = [], []
    for seed in range(count):
        history = random_game(game, {**game.playout_options, **options}, seed, max_moves=60)
        states = [s for s in history.states if game.outcome(s) is None]
        chance += [s for s in states if game.is_chance(s)][:1]
        decisions = [s for s in states if not game.is_chance(s)]
        if decisions:
            found.append(decisions[(seed * 5 + 3) % len(decisions)])
    return found + chance


def test_levels_are_one_to_four_with_three_the_default():
    assert sorted(LEVELS) == [1, 2, 3, 4]
    state = STAR.new({"size": 3})
    assert Search(STAR, state).stats()["level"] == 3


@pytest.mark.parametrize("level", [0, 5, -1, "3", 2.0, True, None])
def test_a_bad_level_is_refused(level):
    with pytest.raises(AIError, match="level must be one of 1, 2, 3, 4") as error:
        Search(STAR, STAR.new({"size": 3}), level)
    assert error.value.key == "level"


def test_no_search_when_the_game_is_over_or_dice_are_due():
    over = STAR.play(STAR.play(STAR.new({"size": 3}), "pass")[1], "pass")[1]
    with pytest.raises(AIError, match="game is over") as error:
        Search(STAR, over, 1)
    assert error.value.key == "game_over"
    for name in ("know", "savoy"):
        game = GAMES[name]
        start = game.new()
        assert game.is_chance(start)
        with pytest.raises(AIError, match="dice are due") as error:
            best_move(game, start, 1)
        assert error.value.key == "roll_due"


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_chosen_move_is_legal(name):
    game = GAMES[name]
    for options in OPTIONS[name]:
        for number, state in enumerate(positions(name, options, 2 if name.startswith("savoy") else 4)):
            if game.is_chance(state):
                with pytest.raises(AIError):
                    Search(game, state, 1, seed=number)
                continue
            move = best_move(game, state, 1, seed=number)
            assert move in game.legal_moves(state), f"{name} {options}: {move} is not legal in\n{game.render_text(state)}"
            game.apply(state, move)  # the rules accept it


def run_in_steps(search: Search, seconds: float) -> list[float]:
    seen = [search.progress()]
    while not search.step(seconds):
        seen.append(search.progress())
    seen.append(search.progress())
    return seen


@pytest.mark.parametrize("name, options, plies", [("star", {"size": 5}, 3), ("know", {}, 12)])
def test_same_seed_same_move_however_the_time_is_sliced(name, options, plies):
    game = GAMES[name]
    state = decision(name, options, 7, plies)
    moves = set()
    for seconds in (0.0, 0.002, 10.0):
        search = Search(game, state, 2, seed=11)
        run_in_steps(search, seconds)
        moves.add(search.best())
    assert len(moves) == 1
    assert best_move(game, state, 2, seed=11) in moves


def test_different_seeds_may_differ_but_each_repeats():
    state = STAR.new({"size": 6})
    first = [best_move(STAR, state, 1, seed=s) for s in range(4)]
    assert first == [best_move(STAR, state, 1, seed=s) for s in range(4)]


@pytest.mark.parametrize("name, plies", [("star", 2), ("know", 12)])
def test_progress_rises_from_zero_to_one(name, plies):
    game = GAMES[name]
    state = decision(name, None, 3, plies)
    search = Search(game, state, 2, seed=0)
    assert search.progress() == 0.0 and not search.done
    seen = run_in_steps(search, 0.0)
    assert seen == sorted(seen) and seen[-1] == 1.0 and 0.0 < seen[1] < 1.0
    stats = search.stats()
    assert stats["iterations"] == len(seen) - 2 > 1 and stats["seconds"] > 0 and stats["level"] == 2
    assert 0 < stats["longest_step"] <= stats["seconds"]


def test_cancel_stops_the_search_for_good():
    search = Search(STAR, STAR.new(), 3, seed=0)
    search.step(0.0)
    search.step(0.0)
    assert 0 < search.progress() < 1
    search.cancel()
    assert search.step(1.0) is False and not search.done
    with pytest.raises(AIError, match="cancelled"):
        search.best()


def test_best_before_the_end_is_refused():
    search = Search(STAR, STAR.new(), 3, seed=0)
    with pytest.raises(AIError, match="not chosen yet"):
        search.best()


def test_a_forced_move_needs_no_thinking():
    # a full size-3 board: only pass is legal
    state = STAR.new({"size": 3})
    for cell in STAR.new({"size": 3}).board.names:
        state = STAR.play(state, cell)[1]
    assert [str(m) for m in STAR.legal_moves(state)] == ["pass"]
    search = Search(STAR, state, 4)
    assert search.done and search.progress() == 1.0 and str(search.best()) == "pass"
    assert search.stats()["iterations"] == 0
