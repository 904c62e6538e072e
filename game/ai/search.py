"""The resumable search that every game's engine plugs into.

An engine is a module (one per game, beside this one) with a function::

    think(game, state, level, rng) -> Generator[float, None, Move]

that does its work in small units (one playout, one node, one candidate) and yields its
progress (0..1) after each, then returns the chosen move. `Search` drives that generator a
slice of time at a time, so a frame loop (pygbag steps the page's loop once per animation
frame and has no threads) keeps drawing while the computer thinks. The amount of work is
fixed by the level, so wall-clock time only decides how many frames a decision spans, never
which move is chosen.

The engine's fifth argument is a `Report`, a dict it fills with its own figures (nodes, depth,
the value of the chosen move...); `Search.stats` includes them.

The seed makes the engine's random choices repeatable; it never decides dice, which come from
the game's own seed (the app rolls them before the computer is asked to move).
"""

from __future__ import annotations

import importlib
import random
import time
from typing import Any, Callable, Generator, Iterator

from game.rules.base import Game
from game.rules.errors import RulesError

LEVELS: dict[int, str] = {1: "beginner", 2: "casual", 3: "strong", 4: "strongest"}
DEFAULT_LEVEL = 3

#: game name -> module (under game.ai) holding its engine
ENGINES: dict[str, str] = {
    "star": "star_ai",
    "savoy": "savoy_ai",
    "savoya": "savoya_ai",
    "know": "know_ai",
    "truchet": "truchet_ai",
}


_NO_WORK = object()


class AIError(RulesError):
    """The computer cannot choose a move here (the game is over, or dice are due)."""


class Report(dict):
    """Figures an engine reports while it thinks (nodes, depth, value...); shown by `Search.stats`."""


#: think(game, state, level, rng, report) -> generator of progress values, returning the move
Think = Callable[[Game, Any, int, random.Random, Report], Generator[float, None, Any]]


def engine_module(game: Game) -> Any:
    """The module of `game`'s engine (the generic one when it has none of its own)."""
    module_name = ENGINES.get(game.name, "generic_ai")
    try:
        return importlib.import_module(f"{__package__}.{module_name}")
    except ModuleNotFoundError as exc:
        if exc.name != f"{__package__}.{module_name}":
            raise
        return importlib.import_module(f"{__package__}.generic_ai")


def hint_level(game: Game) -> int:
    """The level whose choice a hint gives: the engine's own ``HINT_LEVEL`` where it has one, else
    `DEFAULT_LEVEL` (Savoy's search, its level 4, costs what other games' level 3 does)."""
    return getattr(engine_module(game), "HINT_LEVEL", DEFAULT_LEVEL)


def engine_for(game: Game) -> Think:
    """The `think` function of `game`'s engine (the generic one when it has none of its own)."""
    return engine_module(game).think


def only_move(game: Game, state: Any) -> Any:
    """The one legal move in `state`, or None when there are several.

    An engine may define ``only_move(game, state)`` doing the same without listing every move
    (Truchet lists thousands: tens of ms in the frame that starts the search)."""
    own = getattr(engine_module(game), "only_move", None)
    if own is not None:
        return own(game, state)
    legal = game.legal_moves(state)
    return legal[0] if len(legal) == 1 else None


def check_level(level: int) -> int:
    if isinstance(level, bool) or not isinstance(level, int) or level not in LEVELS:
        raise AIError(f"level must be one of {', '.join(map(str, LEVELS))}", "level")
    return level


class Search:
    """A search for the move to play in `state`, stepped a slice of time at a time."""

    def __init__(self, game: Game, state: Any, level: int = DEFAULT_LEVEL, seed: int = 0) -> None:
        self.game = game
        self.state = state
        self.level = check_level(level)
        self.seed = seed
        if game.outcome(state) is not None:
            raise AIError("the game is over", "game_over")
        if game.is_chance(state):
            raise AIError("the dice are due: roll them first", "roll_due")
        self._report = Report()
        self._progress = 0.0
        self._iterations = 0
        self._seconds = 0.0
        self._longest = 0.0
        self._cpu_longest = 0.0
        self._move: Any = None
        self._done = False
        self._forced = False  # the only legal move, chosen without thinking
        self._cancelled = False
        self._thinking: Generator[float, None, Any] | None = None
        work = iter(game.prepare(state))
        if next(work, _NO_WORK) is _NO_WORK:
            self._start()
        else:  # listing the moves is work enough to take its own steps (see Game.prepare)
            self._thinking = self._prepared(work)

    def _start(self) -> None:
        """Choose the only move at once, or make the engine's generator."""
        forced = only_move(self.game, self.state)
        if forced is not None:  # nothing to think about
            self._move = forced
            self._forced = True
            self._done = True
            self._progress = 1.0
            self._thinking = None
        else:
            self._thinking = self._engine()

    def _prepared(self, work: Iterator[None]) -> Generator[float, None, Any]:
        """The moves listed a unit at a time (progress 0), then the search as `_start` makes it."""
        for _ in work:
            yield 0.0
        engine_module(self.game)  # (imported the first time: tens of ms building an engine's tables, a unit alone)
        yield 0.0
        forced = only_move(self.game, self.state)
        if forced is not None:
            self._forced = True
            return forced
        return (yield from self._engine())

    def _engine(self) -> Generator[float, None, Any]:
        return engine_for(self.game)(self.game, self.state, self.level, random.Random(self.seed), self._report)

    # -- driving -------------------------------------------------------------------------
    def step(self, seconds: float = 0.008) -> bool:
        """Think for at most about `seconds` (at least one unit of work); True once the move is chosen."""
        if self._done or self._cancelled:
            return self._done
        assert self._thinking is not None
        start = time.perf_counter()
        deadline = start + seconds
        try:
            while True:
                unit_start, cpu_start = time.perf_counter(), time.process_time()
                self._progress = max(self._progress, min(1.0, float(next(self._thinking))))
                now = time.perf_counter()
                self._longest = max(self._longest, now - unit_start)
                self._cpu_longest = max(self._cpu_longest, time.process_time() - cpu_start)
                self._iterations += 1
                if now >= deadline:
                    break
        except StopIteration as stop:
            self._move = stop.value
            self._done = True
            self._progress = 1.0
            self._thinking = None
        self._seconds += time.perf_counter() - start
        return self._done

    def run(self) -> Any:
        """Think to the end (blocking); the chosen move."""
        while not self.step(3600.0):
            pass
        return self.best()

    def cancel(self) -> None:
        """Stop for good (Undo, leaving the game); `best` then raises."""
        if self._thinking is not None:
            self._thinking.close()
            self._thinking = None
        self._cancelled = not self._done

    # -- results ---------------------------------------------------------------------------
    @property
    def done(self) -> bool:
        return self._done

    def best(self) -> Any:
        """The chosen move; AIError while still thinking or once cancelled."""
        if not self._done:
            raise AIError("the computer has not chosen yet" if not self._cancelled else "the search was cancelled",
                          "not_done")
        return self._move

    def progress(self) -> float:
        return self._progress

    def stats(self) -> dict[str, Any]:
        """``iterations`` (units of work done), ``seconds`` (time spent thinking), ``longest_step``
        (the longest single unit, in seconds), ``cpu_longest_step`` (the same in processor time,
        which leaves out the time other processes ran on a busy machine), ``level``, ``forced`` (true
        when the move was the only legal one, chosen without thinking), and the engine's own figures."""
        return {
            "iterations": self._iterations,
            "seconds": round(self._seconds, 6),
            "longest_step": round(self._longest, 6),
            "cpu_longest_step": round(self._cpu_longest, 6),
            "level": self.level,
            "forced": self._forced,
            **self._report,
        }


def best_move(game: Game, state: Any, level: int = DEFAULT_LEVEL, seed: int = 0) -> Any:
    """The move the computer plays in `state` at `level` (blocking)."""
    return Search(game, state, level, seed).run()
