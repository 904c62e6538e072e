"""Short seeded matches through the arena (game/ai/arena.py) at the smallest budget (level 1).

Strength is measured by build/bench_ai.py; these check that whole games are played to the end
by the engines, that they replay exactly, and that seats follow people across a Star swap.
"""

from __future__ import annotations

import sys

import pytest
from script_loader import load_script

from game.ai.arena import BASELINES, Timing, ai_player, play_match, wilson
from game.ai.baselines import greedy_move
from game.rules import GAMES
from game.rules.record import write_record
from game.rules.star import STAR


@pytest.mark.parametrize("name, options, seeds", [
    ("star", {"size": 4}, 3),
    ("star", {"size": 3, "maxi": True}, 3),
    ("know", {}, 2),  # random play never resolves: every game ending is the engine's doing
])
def test_level_one_beats_random_from_both_seats(name, options, seeds):
    game = GAMES[name]
    timing = Timing()
    engine = ai_player(1, timing)
    for seed in range(seeds):
        for seat in (0, 1):
            players = [engine, BASELINES["random"]] if seat == 0 else [BASELINES["random"], engine]
            result = play_match(game, players, options, seed=seed, max_plies=2000)
            assert result.finished and result.winner == seat, (seed, seat, result.reason)
    assert timing.decisions and timing.longest_step <= timing.longest_frame <= max(timing.decisions)


def test_a_seeded_match_replays_exactly():
    def match():
        return play_match(GAMES["know"], [ai_player(1), BASELINES["greedy"]], None, seed=4, max_plies=400)

    first, second = match(), match()
    assert write_record(first.history) == write_record(second.history)
    assert (first.winner, first.plies) == (second.winner, second.plies)


def scripted(*moves: str):
    remaining = list(moves)

    def play(game, state, rng):
        return game.parse_move(remaining.pop(0), state)

    return play


def test_seats_follow_people_across_a_swap():
    # seat 0 opens on the corner C1, seat 1 swaps and so owns it (X); seat 0, now O, moves next
    first, second = scripted("C1", "D2", "pass"), scripted("swap", "pass")
    result = play_match(STAR, [first, second], {"size": 3}, seed=0)
    assert result.history.notation() == ["C1", "swap", "D2", "pass", "pass"]
    # X's corner stone scores 1, O's D2 (an edge, not a corner) 0: X wins, and X is seat 1
    assert STAR.outcome(result.history.state).winner == 0
    assert result.winner == 1


def test_greedy_judges_a_swap_by_the_colour_it_takes():
    # after a corner opening the swap takes a stone worth 1: better for greedy than any reply
    state = STAR.play(STAR.new({"size": 3}), "C1")[1]
    import random

    assert str(greedy_move(STAR, state, random.Random(0))) == "swap"


def test_wilson_interval():
    low, high = wilson(97, 100)
    assert 0.91 < low < 0.92 and 0.98 < high < 0.995
    assert wilson(0, 0) == (0.0, 1.0)
    assert wilson(50, 50)[1] == 1.0


def test_the_benchmark_reports_every_game_as_it_ends(capsys, monkeypatch):
    # a know match at level 4 runs for hours and printed nothing until its end
    bench = load_script("build/bench_ai.py", register=lambda name, module: monkeypatch.setitem(sys.modules, name, module))
    assert bench.main(["truchet", "--only", "ladder", "--ladder", "2", "-n", "4", "--progress"]) == 0
    out = capsys.readouterr()
    lines = [line for line in out.err.splitlines() if line.startswith("truchet level 2 vs level 1: seed ")]
    assert len(lines) == 4
    summary = next(line for line in out.out.splitlines() if line.startswith("truchet "))
    won, drawn, lost = (int(lines[-1].split(" so far ")[1].split()[k]) for k in (0, 2, 4))
    assert f"{won} won" in summary and f"{drawn} drawn" in summary and f"{lost} lost" in summary
