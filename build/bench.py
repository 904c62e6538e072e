"""Benchmarks of the rules (not tests): random playouts per second, legal-move generation time and the
time to load a long game record.

    python build/bench.py [--seconds S] [GAME ...]

Prints one line per measurement. Figures depend on the machine; compare runs on the same one.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.rules import GAMES  # noqa: E402
from game.rules.playout import random_game  # noqa: E402
from game.rules.record import read_record  # noqa: E402

# option sets measured per game: (label, options)
CASES = {
    "star": [("size 6", {"size": 6}), ("size 14", {"size": 14})],
    # know's random games almost never resolve: measured with a turn limit
    "know": [("standard, 200 turns", {"version": "standard", "limit": 200}),
             ("symmetric, 200 turns", {"version": "symmetric", "limit": 200})],
    # random Savoy pieces seldom get home: games run to the house-rule turn limit
    "savoy": [("6 pieces, 200 turns", {"maxturns": 200}), ("2 pieces", {"stack": 2})],
    "truchet": [("size 5", {"size": 5, "draw": "auto"}), ("size 7", {"size": 7, "draw": "auto"})],
}


def playouts_per_second(game, options, seconds, pass_weight):
    count, moves, start, seed = 0, 0, time.perf_counter(), 0
    while time.perf_counter() - start < seconds:
        history = random_game(game, options, seed, pass_weight=pass_weight)
        count += 1
        moves += len(history.moves)
        seed += 1
    elapsed = time.perf_counter() - start
    return count / elapsed, moves / count


def legal_move_time(game, options, positions=20):
    """Median time of one legal_moves call over positions taken from random games (mid-game)."""
    times, sizes = [], []
    for seed in range(positions):
        history = random_game(game, options, seed, pass_weight=0.0)
        for state in history.states[:: max(1, len(history.states) // 10)]:
            if game.is_chance(state) or game.outcome(state) is not None:
                continue
            start = time.perf_counter()
            for _ in range(20):
                legal = game.legal_moves(state)
            times.append((time.perf_counter() - start) / 20)
            sizes.append(len(legal))
    return statistics.median(times), max(times), statistics.mean(sizes)


def worst_roll_time(game, options, positions=6):
    """For dice games: every possible roll in positions from random games, timing the legal turns after it.

    Returns (worst seconds, the roll, number of legal turns then, median over all rolls).
    """
    worst, worst_roll, worst_count, times = 0.0, "", 0, []
    for seed in range(positions):
        history = random_game(game, options, seed, pass_weight=0.0)
        chance = [s for s in history.states if game.is_chance(s) and game.outcome(s) is None]
        for state in chance[:: max(1, len(chance) // 8)]:
            for roll in game.legal_moves(state):
                after = game.apply(state, roll)
                if game.is_chance(after) or not game.dice(after):
                    continue  # not a roll of dice (Truchet draws tiles as chance moves)
                start = time.perf_counter()
                legal = game.legal_moves(after)
                elapsed = time.perf_counter() - start
                times.append(elapsed)
                if elapsed > worst:
                    worst, worst_roll, worst_count = elapsed, str(roll), len(legal)
    return worst, worst_roll, worst_count, (statistics.median(times) if times else 0.0)


# long records loaded (replayed move by move, as a record or a saved game is): (label, options, plies)
LOAD_CASES = {
    "savoy": [("2,000 plies", {"maxturns": 100_000}, 2000),
              ("2,000 plies, -trips=dice", {"maxturns": 100_000, "trips": "dice"}, 2000)],
    "know": [("3,000 plies", {}, 3000)],
}


def long_record(game, options, plies, seed=1):
    """The record of the first `plies` moves of a random game (its notation, numbered, with headers)."""
    history = random_game(game, options, seed, max_moves=plies)
    lines = [f'[Game "{game.name}"]', f'[Options "{" ".join(game.flags(history.options))}"]', ""]
    lines += [f"{number}. {move}" for number, move in enumerate(history.moves[:plies], 1)]
    return "\n".join(lines) + "\n", min(plies, len(history.moves))


def load_time(text, repeats=3):
    """Best time of `repeats` loads of a record."""
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        read_record(text)
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=sorted(CASES))
    parser.add_argument("--seconds", type=float, default=2.0, help="time per playout measurement")
    args = parser.parse_args()
    print(f"Python {sys.version.split()[0]} on {sys.platform}")
    for name in args.games:
        game = GAMES[name]
        for label, options in CASES.get(name, [("default", {})]):
            rate, length = playouts_per_second(game, options, args.seconds, pass_weight=0.0)
            print(f"{name} {label}: {rate:8.1f} playouts/s, passing only when forced ({length:.0f} moves each)")
            rate, length = playouts_per_second(game, options, args.seconds, pass_weight=None)
            print(f"{name} {label}: {rate:8.1f} playouts/s, uniform over legal moves ({length:.0f} moves each)")
            median, worst, moves = legal_move_time(game, options)
            print(f"{name} {label}: legal_moves {median * 1e6:8.1f} us median, {worst * 1e6:.1f} us worst "
                  f"({moves:.0f} moves on average)")
            worst, roll, count, typical = worst_roll_time(game, options)
            if roll:
                print(f"{name} {label}: every roll tried: legal turns {typical * 1e3:.2f} ms median, worst "
                      f"{worst * 1e3:.2f} ms after {roll} ({count} turns)")
        for label, options, plies in LOAD_CASES.get(name, []):
            text, made = long_record(game, options, plies)
            print(f"{name} record of {label}: loads in {load_time(text) * 1e3:.0f} ms ({made} plies, "
                  f"{len(text) // 1024} kB)")


if __name__ == "__main__":
    main()
