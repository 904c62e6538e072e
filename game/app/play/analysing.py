"""The analysis of a game in the app: `game.ai.analysis.Analysis` computed a slice of each frame, kept.

pygbag runs the page's loop once per animation frame and has no threads, so the analysis (seconds to
minutes of work) is stepped from the frame like the computer's search (`game.app.play.computer`). A step
may overrun the slice it is given by one unit of the engine's work (most take a millisecond or less, the
longest tens), so each frame asks for `FRAME_WORK` seconds less the longest unit seen so far (processor
time: a busy machine's wall clock would count other processes' time), never more than `MOST_SLICE` (nor
less than `LEAST_SLICE`): with the drawing, a frame stays well under 50 ms in every game, and the
analysis takes most of the frame where its units are short (the screen shows nothing that moves
meanwhile but the graph growing). Before any unit is seen, `UNIT_GUESS` stands for the longest.

The result is kept through the app (`Host.keep_analysis`, stored beside the saved games by
`game.app.saves.analyses`): every `SAVE_EVERY` seconds of work, when it is done and when the screen
closes, so an analysis stopped half way resumes where it stopped, and one done is never computed again.
A kept analysis that does not fit the game is ignored. An engine's fault stops the analysis with a
message; it never ends the app or touches the game.
"""

from __future__ import annotations

import time
from typing import Any, Callable

from game.ai.analysis import Analysis
from game.rules.history import GameHistory

#: seconds of a frame the analysis may take, its one unit of overrun included (a frame is at most 50 ms, and
#: drawing the game and the screen takes up to ~12 ms)
FRAME_WORK = 0.036
#: the most and the least slice a frame asks for (the analysis always does at least one unit)
MOST_SLICE = 0.024
LEAST_SLICE = 0.002
#: the longest unit of work assumed before one is seen
UNIT_GUESS = 0.016
#: seconds of work between two saves of an analysis under way
SAVE_EVERY = 4.0
#: seconds between two readings of the result while it is computed (the graph grows in these steps)
READ_EVERY = 0.25

Keep = Callable[[GameHistory, dict[str, Any]], "str | None"]


class AnalysisRun:
    """The analysis of `history`'s game, started from `cached` (an earlier result, or None), stepped from the
    frame by `step`; `keep` stores a result (returns an error message or None)."""

    def __init__(self, history: GameHistory, cached: dict[str, Any] | None, keep: Keep) -> None:
        self.history = history
        self.keep = keep
        self.problem = ""  # why the analysis stopped (an engine's fault), or why it could not be kept
        self.failed = False  # it stopped for good
        try:
            self.analysis = Analysis(history, cached=cached)
        except Exception:  # (a cache that passed the shape check but the engine still refuses: start afresh)
            self.analysis = Analysis(history)
        self.reused = self.analysis.progress()  # the share of positions the kept analysis gave
        self.frames = 0           # frames that stepped the analysis
        self.slices: list[float] = []  # the seconds each frame asked for (the tests read the largest)
        self.longest_frame = 0.0  # the most processor time one frame spent in the analysis
        self.seconds = 0.0        # processor time spent in it, all frames
        self._since_save = 0.0
        self._read_at = -1.0
        self._result: dict[str, Any] | None = None
        self._saved_done = self.analysis.done

    @property
    def done(self) -> bool:
        return self.analysis.done

    def progress(self) -> float:
        return self.analysis.progress()

    def slice_seconds(self) -> float:
        """What this frame asks of the analysis: `FRAME_WORK` less its longest unit so far (see the module)."""
        stats = self.analysis.stats()
        longest = stats["cpu_longest_unit"] if stats["units"] else UNIT_GUESS
        return max(LEAST_SLICE, min(MOST_SLICE, FRAME_WORK - longest))

    def step(self) -> bool:
        """One frame's slice of the analysis (nothing once done or stopped); True once done."""
        if self.done or self.failed:
            return self.done
        seconds = self.slice_seconds()
        self.slices.append(seconds)
        start = time.process_time()
        try:
            self.analysis.step(seconds)
        except Exception as err:  # an engine's fault: keep what was found, say so
            self.problem, self.failed = f"The analysis stopped ({err}).", True
            self.analysis.cancel()
            self.save()
            return False
        spent = time.process_time() - start
        self.frames += 1
        self.seconds += spent
        self.longest_frame = max(self.longest_frame, spent)
        self._since_save += spent
        if self.done or self._since_save >= SAVE_EVERY:
            self.save()
        return self.done

    def result(self) -> dict[str, Any]:
        """The analysis so far (read again at most every `READ_EVERY` seconds while it is computed)."""
        now = time.perf_counter()
        final = self._result is not None and self._result["complete"]
        if self._result is None or (not final and (self.done or now - self._read_at >= READ_EVERY)):
            self._result = self.analysis.result()
            self._read_at = now
        return self._result

    def save(self) -> None:
        """Keep the analysis as it stands (nothing to do for one kept whole already)."""
        self._since_save = 0.0
        if self._saved_done and self.done:
            return
        if self.analysis.progress() <= self.reused and not self.done:
            return  # nothing new since it was read
        result = self.analysis.result()
        self._result, self._read_at = result, time.perf_counter()
        problem = self.keep(self.history, result)  # (not kept: it goes on, and says so)
        if problem and not self.failed:
            self.problem = problem[:1].upper() + problem[1:] + "."
        self._saved_done = self.done

    def stats(self) -> dict[str, Any]:
        """The app's figures (frames, the longest frame's processor time in the analysis, the largest slice
        asked for, processor seconds) and the analysis's own (`Analysis.stats`)."""
        return {**self.analysis.stats(), "frames": self.frames, "longest_frame": round(self.longest_frame, 6),
                "largest_slice": round(max(self.slices, default=0.0), 6), "cpu_seconds": round(self.seconds, 6),
                "reused": round(self.reused, 4)}
