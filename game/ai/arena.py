"""Seeded matches between players, for the arena benchmark (build/bench_ai.py) and the tests.

A player is a function ``(game, state, rng) -> move``; `ai_player` makes one from a level.
Dice are rolled from the match's seed, so a match replays exactly.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

from game.rules.base import Game, Outcome
from game.rules.history import GameHistory

from .baselines import greedy_move, random_move
from .search import Search

Player = Callable[[Game, Any, random.Random], Any]


@dataclass
class Timing:
    """What one computer player spent: seconds per decision, its longest single step (unit of
    work) and its longest frame (one call of `Search.step`, as the app makes once per frame).

    The ``cpu_`` figures are the same in processor time: on a busy machine the wall-clock ones
    include the time other processes ran, these do not.
    """

    decisions: list[float] = field(default_factory=list)
    longest_step: float = 0.0
    longest_frame: float = 0.0
    cpu_decisions: list[float] = field(default_factory=list)
    cpu_longest_frame: float = 0.0
    cpu_longest_step: float = 0.0

    def merge(self, other: "Timing") -> None:
        self.decisions += other.decisions
        self.cpu_decisions += other.cpu_decisions
        self.longest_step = max(self.longest_step, other.longest_step)
        self.longest_frame = max(self.longest_frame, other.longest_frame)
        self.cpu_longest_frame = max(self.cpu_longest_frame, other.cpu_longest_frame)
        self.cpu_longest_step = max(self.cpu_longest_step, other.cpu_longest_step)


def ai_player(level: int, timing: Timing | None = None, slice_seconds: float = 0.008,
              end_frame: Callable[[], object] | None = None) -> Player:
    """A player that runs `Search` at `level` in slices, as the app does, recording its timing; `end_frame`,
    if given, is called after each slice, as the app ends its frames (`game.ai.frames.settle`), and
    counts in the frame's time."""

    def play(game: Game, state: Any, rng: random.Random) -> Any:
        seed = rng.randrange(2**31)
        start, cpu_start = time.perf_counter(), time.process_time()
        search = Search(game, state, level, seed=seed)
        # the app starts the search in a frame too
        longest_frame, cpu_longest = time.perf_counter() - start, time.process_time() - cpu_start
        while True:
            frame, cpu_frame = time.perf_counter(), time.process_time()
            done = search.step(slice_seconds)
            if end_frame is not None:
                end_frame()
            longest_frame = max(longest_frame, time.perf_counter() - frame)
            cpu_longest = max(cpu_longest, time.process_time() - cpu_frame)
            if done:
                break
        if timing is not None:
            timing.decisions.append(time.perf_counter() - start)
            timing.cpu_decisions.append(time.process_time() - cpu_start)
            stats = search.stats()
            timing.longest_step = max(timing.longest_step, stats["longest_step"])
            timing.cpu_longest_step = max(timing.cpu_longest_step, stats["cpu_longest_step"])
            timing.longest_frame = max(timing.longest_frame, longest_frame)
            timing.cpu_longest_frame = max(timing.cpu_longest_frame, cpu_longest)
        return search.best()

    return play


BASELINES: dict[str, Player] = {"random": random_move, "greedy": greedy_move}


@dataclass
class MatchResult:
    winner: int | None  # seat index (the person, after any swap), None for a draw or an unfinished game
    finished: bool
    plies: int
    reason: str
    history: GameHistory
    #: every winning seat (partners who win together, as in know's four-player Conjunctions; else the winner)
    winners: tuple[int, ...] = ()


def play_match(game: Game, players: Sequence[Player], options: Mapping[str, object] | None = None,
               seed: int = 0, max_plies: int = 5000) -> MatchResult:
    """One game, seat i played by ``players[i]`` (as many as the game has seats); stops unfinished
    after `max_plies` moves.

    Seats are people: after a swap (Star) the seat playing a colour changes (`Game.seat_of`).
    """
    rng = random.Random(seed)
    history: GameHistory = GameHistory(game, options, seed=seed)  # the dice follow the match's seed
    for _ in range(max_plies):
        history.roll_if_due()
        state = history.state
        result = game.outcome(state)
        if result is not None:
            return _finished(game, history, result)
        colour = game.to_move(state)
        assert colour is not None
        history.play(players[game.seat_of(state, colour)](game, state, rng))
    result = game.outcome(history.state)
    if result is not None:
        return _finished(game, history, result)
    return MatchResult(None, False, len(history.moves), "unfinished", history)


def _finished(game: Game, history: GameHistory, result: Outcome) -> MatchResult:
    seat = None if result.winner is None else game.seat_of(history.state, result.winner)
    winners = tuple(game.seat_of(history.state, s) for s in result.winning_seats)
    return MatchResult(seat, True, len(history.moves), result.reason, history, winners)


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson 95% interval of a win rate (draws count half when passed in `wins`)."""
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    centre = p + z * z / (2 * games)
    spread = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games))
    scale = 1 + z * z / games
    return (max(0.0, (centre - spread) / scale), min(1.0, (centre + spread) / scale))
