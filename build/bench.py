"""Benchmarks of the rules (not tests): random playouts per second, legal-move generation time and the
time to load a long game record.

    python build/bench.py [--seconds S] [--quick] [GAME ...]   (or --games GAME ...)

Prints one line per measurement. Figures depend on the machine; compare runs on the same one.
``--quick`` (about a minute in all) prints the same figures for every game and seat count from smaller
samples (`QUICK`: shorter playout timings, fewer and shorter games, a few rolls per position, shorter
records) and skips the slowest option sets (15 Savoy and Savoya pieces, Truchet size 25).

Move generation is timed once per position (the first call, as a search meets new positions; processor
time, so that other programs running do not count), over
positions from seeded random games: for dice games every roll at positions spread over each game,
for the others the decisions spread over each game. The worst single call matters as much as the
median: a search in the browser steps a few milliseconds per frame, and one rules call longer than a
frame (about 50 ms) freezes the page. Truchet's `move_groups` (the moves without building them) is
timed beside `legal_moves`.
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.rules import GAMES  # noqa: E402
from game.rules.playout import random_game  # noqa: E402
from game.rules.record import read_record  # noqa: E402


@dataclass(frozen=True)
class Case:
    label: str
    options: dict[str, Any]
    playouts: bool = True  # also measure playouts per second (slow for big option sets)
    games: int = 8  # seeded random games the positions come from
    positions: int = 10  # positions taken from each game, spread over it
    max_moves: int = 10_000  # cut the random games short (big boards)
    quick: bool = True  # part of --quick


@dataclass(frozen=True)
class Scale:
    """How much each measurement samples."""

    seconds: float  # per playout rate (--seconds overrides it)
    games: int  # at most this many of a case's games
    positions: int  # at most this many positions taken from each game
    rolls: int  # at most this many roll outcomes tried at each dice position
    plies: int  # random games cut to this many plies at most
    record_plies: int  # long records cut to this many plies at most


FULL = Scale(seconds=2.0, games=10_000, positions=10_000, rolls=10_000, plies=10_000, record_plies=10_000)
QUICK = Scale(seconds=0.3, games=2, positions=3, rolls=3, plies=60, record_plies=100)


# option sets measured per game
CASES = {
    "star": [Case("size 6", {"size": 6}), Case("size 14", {"size": 14})],
    # know's random games almost never resolve: measured with a turn limit
    "know": [Case("standard, 200 turns", {"version": "standard", "limit": 200}),
             Case("symmetric, 200 turns", {"version": "symmetric", "limit": 200}),
             Case("3 players, 200 turns", {"players": 3, "limit": 200}),
             Case("4 players, 200 turns", {"players": 4, "limit": 200})],
    # random Savoy pieces seldom get home: games run to the house-rule turn limit
    "savoy": [Case("6 pieces, 200 turns", {"maxturns": 200}, games=12),
              Case("2 pieces", {"stack": 2}),
              Case("-trips=jump, 200 turns", {"trips": "jump", "maxturns": 200}, playouts=False),
              Case("-trips=dice, 200 turns", {"trips": "dice", "maxturns": 200}, playouts=False),
              Case("15 pieces, 100 turns", {"stack": 15, "maxturns": 100}, playouts=False, games=6, quick=False)],
    # Savoya: each seat count; two players move two colours each (12 pieces), played part by part where
    # the colours meet
    "savoya": [Case("2 players, 200 turns", {"players": 2, "maxturns": 200}),
               Case("3 players, 200 turns", {"players": 3, "maxturns": 200}),
               Case("4 players, 200 turns", {"players": 4, "maxturns": 200}),
               Case("2 players, -trips=dice, 100 turns", {"players": 2, "trips": "dice", "maxturns": 100},
                    playouts=False, games=4),
               Case("2 players, 15 pieces, 60 turns", {"players": 2, "stack": 15, "maxturns": 60}, playouts=False,
                    games=4, quick=False)],
    "truchet": [Case("size 5", {"size": 5, "draw": "auto"}),
                Case("size 7", {"size": 7, "draw": "auto"}, games=20),
                Case("size 9", {"size": 9, "draw": "auto"}, playouts=False, games=4),
                Case("size 25, first 40 moves", {"size": 25, "draw": "auto"}, playouts=False, games=1,
                     positions=40, max_moves=40, quick=False),
                Case("-hex size 3", {"hex": True, "size": 3, "draw": "auto"}),
                Case("-hex size 4", {"hex": True, "draw": "auto"}, games=20),
                Case("-hex size 5", {"hex": True, "size": 5, "draw": "auto"}, playouts=False, games=4),
                Case("-hex size 6", {"hex": True, "size": 6, "draw": "auto"}, playouts=False, games=4)],
}


def playouts_per_second(game, options, seconds, pass_weight, max_moves=10_000):
    count, moves, start, seed = 0, 0, time.perf_counter(), 0
    while time.perf_counter() - start < seconds:
        history = random_game(game, options, seed, pass_weight=pass_weight, max_moves=max_moves)
        count += 1
        moves += len(history.moves)
        seed += 1
    elapsed = time.perf_counter() - start
    return count / elapsed, moves / count


def spread(items: list, count: int) -> list:
    return items[:: max(1, len(items) // count)]


def positions(game, case: Case, scale: Scale = FULL):
    """(state, what it is) to time move generation in."""
    count = min(case.positions, scale.positions)
    for seed in range(min(case.games, scale.games)):
        history = random_game(game, case.options, seed, max_moves=min(case.max_moves, scale.plies), pass_weight=0.0)
        live = [(ply, s) for ply, s in enumerate(history.states) if game.outcome(s) is None]
        chance = [(ply, s) for ply, s in live if game.is_chance(s)]
        rolled = [(ply, game.apply(s, m)) for ply, s in spread(chance, count) for m in rolls(game, s, ply, scale)]
        rolled = [(ply, s) for ply, s in rolled if not game.is_chance(s) and game.dice(s)]
        if rolled:  # a dice game: the positions after every roll (their moves were never asked for)
            yield from ((s, f"game {seed}, ply {ply}, dice {','.join(map(str, game.dice(s)))}") for ply, s in rolled)
        else:
            decisions = [(ply, s) for ply, s in live if not game.is_chance(s)]
            yield from ((s, f"game {seed}, ply {ply}") for ply, s in spread(decisions, count))


def rolls(game, state, ply: int, scale: Scale) -> list:
    """The roll outcomes to try at a chance state: all of them, or a seeded sample of `scale.rolls`."""
    outcomes = game.legal_moves(state)
    return outcomes if len(outcomes) <= scale.rolls else random.Random(ply).sample(outcomes, scale.rolls)


def timed(call: Callable[[], Any]) -> tuple[float, Any]:
    """Seconds of processor time (not wall-clock time, which other programs running lengthen), after
    collecting the garbage left by what ran before."""
    gc.collect()
    start = time.process_time()
    result = call()
    return time.process_time() - start, result


def summary(name: str, what: str, times: list[tuple[float, int, str]]) -> str:
    ordered = sorted(times)
    worst, count, where = ordered[-1]
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))][0]
    mean_moves = statistics.mean(n for _, n, _ in times)
    return (f"{name}: {what} {statistics.median(t for t, _, _ in times) * 1e3:.2f} ms median, "
            f"{p99 * 1e3:.2f} ms at 99%, worst {worst * 1e3:.2f} ms ({count} moves; {where}); "
            f"{len(times)} positions, {mean_moves:.0f} moves on average")


def generation(game, case: Case, name: str, scale: Scale = FULL) -> None:
    legal: list[tuple[float, int, str]] = []
    groups: list[tuple[float, int, str]] = []
    for state, where in positions(game, case, scale):
        seconds, moves = timed(lambda: game.legal_moves(state))
        legal.append((seconds, len(moves), where))
        if hasattr(game, "move_groups"):
            seconds, found = timed(lambda: game.move_groups(state))
            groups.append((seconds, sum(len(templates) for _, templates in found), where))
    print(summary(name, "legal_moves", legal), flush=True)
    if groups:
        print(summary(name, "move_groups", groups), flush=True)


# long records loaded (replayed move by move, as a record or a saved game is): (label, options, plies)
LOAD_CASES = {
    "savoy": [("", {"maxturns": 100_000}, 2000), (", -trips=dice", {"maxturns": 100_000, "trips": "dice"}, 2000)],
    "know": [("", {}, 3000), (", 3 players", {"players": 3}, 3000), (", 4 players", {"players": 4}, 3000)],
    "savoya": [(", 2 players", {"players": 2, "maxturns": 100_000}, 2000),
               (", 4 players", {"players": 4, "maxturns": 100_000}, 2000)],
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
    parser.add_argument("games", nargs="*", help="games to measure (default: all)")
    parser.add_argument("--games", nargs="+", dest="more_games", default=[], metavar="GAME",
                        help="the same, as an option (python build/bench.py --games savoya)")
    parser.add_argument("--seconds", type=float, default=None,
                        help=f"time per playout measurement (default {FULL.seconds}; {QUICK.seconds} with --quick)")
    parser.add_argument("--quick", action="store_true", help="about a minute: smaller samples of every game and "
                        "seat count, and none of the slowest option sets (15 Savoy pieces, Truchet size 25)")
    args = parser.parse_args()
    names = [*args.games, *args.more_games] or sorted(CASES)
    unknown = [name for name in names if name not in GAMES]
    if unknown:
        parser.error(f"unknown game {', '.join(unknown)}; the games are: {', '.join(sorted(GAMES))}")
    scale = QUICK if args.quick else FULL
    seconds = scale.seconds if args.seconds is None else args.seconds
    print(f"Python {sys.version.split()[0]} on {sys.platform}" + (" (--quick: small samples)" if args.quick else ""))
    for name in names:
        game = GAMES[name]
        for case in CASES.get(name, [Case("default", {})]):
            if args.quick and not case.quick:
                continue
            label = f"{name} {case.label}"
            if case.playouts:
                for weight, how in ((0.0, "passing only when forced"), (None, "uniform over legal moves")):
                    rate, length = playouts_per_second(game, case.options, seconds, weight, scale.plies)
                    print(f"{label}: {rate:8.1f} playouts/s, {how} ({length:.0f} moves each)", flush=True)
            generation(game, case, label, scale)
        for label, options, plies in LOAD_CASES.get(name, []):
            text, made = long_record(game, options, min(plies, scale.record_plies))
            seconds = load_time(text, 1 if args.quick else 3)
            print(f"{name} record of {made:,} plies{label}: loads in {seconds * 1e3:.0f} ms ({len(text) // 1024} kB)",
                  flush=True)


if __name__ == "__main__":
    main()
