"""The computer's thinking in the app: a `game.ai.Search` stepped a slice at a time from the frame.

pygbag steps the page's loop once per animation frame and has no threads, so a search that ran to
its end inside one frame would freeze the page. `GameScene.update` instead gives the search about
`SLICE` seconds of each frame (`Thinking.step`); the rest of the frame draws the page. The same
serves the computer's seats and the Hint button.

Each search's seed comes from the game's own seed and the number of moves played
(`search_seed`), so taking a move back and letting the computer think again, resuming a saved
game or asking for a hint twice gives the same move.
"""

from __future__ import annotations

import hashlib
import time
from typing import Any

from game.ai import Search
from game.rules.base import Game
from game.rules.history import GameHistory

#: seconds of each frame the search may use (it may overrun by at most one unit of its work)
SLICE = 0.008
#: seconds a computer waits at least before each of its moves and rolls, so people can follow them
MOVE_PAUSE = 0.4


def search_seed(history: GameHistory) -> int:
    """The search's seed in the current position: from the game's seed and the number of moves."""
    digest = hashlib.sha256(f"ai/{history.seed}/{len(history.moves)}".encode("ascii")).digest()
    return int.from_bytes(digest[:4], "big") & 0x7FFFFFFF


class Thinking:
    """One search under way for the position `state` (a computer seat's move, or a hint).

    Besides the search's own figures it keeps what the app cares about: how many frames it took,
    the most time one frame spent in it, and the time from the first frame to the last.
    """

    def __init__(self, game: Game, state: Any, level: int, seed: int) -> None:
        self.state = state
        self.level = level
        self.search = Search(game, state, level, seed)
        self.frames = 0
        self.longest_frame = 0.0
        self.cpu_longest_frame = 0.0  # the same in processor time (a busy machine's pauses left out)
        self._first: float | None = None
        self._last = 0.0

    @property
    def done(self) -> bool:
        return self.search.done

    def progress(self) -> float:
        return self.search.progress()

    def step(self, seconds: float = SLICE) -> bool:
        """One frame's slice of thinking; True once the move is chosen."""
        start, cpu_start = time.perf_counter(), time.process_time()
        if self._first is None:
            self._first = start
        done = self.search.step(seconds)
        self._last = time.perf_counter()
        spent = self._last - start
        self.frames += 1
        self.longest_frame = max(self.longest_frame, spent)
        self.cpu_longest_frame = max(self.cpu_longest_frame, time.process_time() - cpu_start)
        return done

    def best(self) -> Any:
        return self.search.best()

    def cancel(self) -> None:
        self.search.cancel()

    def stats(self) -> dict[str, Any]:
        """The search's `stats()` and ``frames``, ``longest_frame`` (seconds one frame spent in the search),
        ``cpu_longest_frame`` (the same in processor time), ``wall`` (seconds from its first frame to its last, drawing included) and ``progress``."""
        wall = self._last - self._first if self._first is not None else 0.0
        return {**self.search.stats(), "frames": self.frames, "longest_frame": round(self.longest_frame, 6),
                "cpu_longest_frame": round(self.cpu_longest_frame, 6), "wall": round(wall, 6), "progress": round(self.progress(), 4)}
