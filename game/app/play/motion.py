"""Pieces slide to where they move: one mechanism for every game.

When a move is played (by a person, the computer, a redo, a link that brings the other player's
move), `GameScene` starts a `Motion`: for `MOTION_SECONDS` of the app's frame clock (the `dt` each
frame hands to `update`, never the wall clock) the board shows the position with the moving pieces
lifted off, and each of them on its way; then the new position. A press or a key finishes it at once,
and is then handled as it would have been (input is never lost). Loading a game, review and undo never
slide.

Each game answers one question, `slides(before, move)`: what the board shows under the moving pieces
(its `base`: a state, a board, in the game's own terms) and the `Slide`s, each a path of screen points
(from where the piece was to where it goes; a single point for a piece that appears, like a stone
placed) and how to draw the piece at a point. It is asked at every frame of the motion, with the board
as it is laid out then, so a zoom, a pan or a resize during the slide moves the pieces with the board.
Drawing stays a function of the state, the selection and the motion's progress.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

import pygame

Point = tuple[float, float]
#: how long a move's pieces take to reach their places (seconds of frame time)
MOTION_SECONDS = 0.2


@dataclass(frozen=True)
class Slide:
    """One moving piece: its `path` on the screen (one point: it appears there) and `draw(surface, at,
    progress)`, which draws it at a point (progress 0..1 lets a piece that appears fade or drop in)."""

    path: tuple[Point, ...]
    draw: Callable[[pygame.Surface, Point, float], None]


@dataclass
class Motion:
    """A move on its way: what the board showed `before` it and the `move` (both in the game's own terms),
    `elapsed` frame time out of `seconds`."""

    before: Any
    move: Any
    seconds: float = MOTION_SECONDS
    elapsed: float = 0.0

    @property
    def done(self) -> bool:
        return self.elapsed >= self.seconds - 1e-9  # (twelve frames of 1/60 s add up to a hair under 0.2)

    @property
    def progress(self) -> float:
        """How far the pieces have come, eased (fast at first, settling at the end): 0..1."""
        if self.seconds <= 0:
            return 1.0
        t = min(1.0, max(0.0, self.elapsed / self.seconds))
        return 1.0 - (1.0 - t) ** 3

    def tick(self, dt: float) -> bool:
        """Advance by one frame's `dt`; True while the motion goes on."""
        self.elapsed = min(self.seconds, self.elapsed + max(0.0, dt))
        return not self.done

    def finish(self) -> None:
        self.elapsed = self.seconds


@dataclass
class Frame:
    """What the board shows at one moment of a motion: the game's `base` (drawn as the position) and the
    pieces on their way at `progress`."""

    base: Any
    slides: Sequence[Slide] = field(default_factory=list)
    progress: float = 0.0

    def draw(self, surface: pygame.Surface) -> None:
        """The moving pieces, over the base (call it inside the board's paint, so that they zoom with it)."""
        for slide in self.slides:
            slide.draw(surface, point_along(slide.path, self.progress), self.progress)


def point_along(path: Sequence[Point], t: float) -> Point:
    """The point a fraction `t` (0..1) of the way along `path` (by length, so a piece keeps its pace
    round the curves of a route)."""
    if not path:
        return (0.0, 0.0)
    if len(path) == 1 or t <= 0:
        return path[0]
    if t >= 1:
        return path[-1]
    lengths = [math.dist(a, b) for a, b in zip(path, path[1:])]
    total = sum(lengths)
    if total <= 0:
        return path[-1]
    goal = t * total
    for (a, b), length in zip(zip(path, path[1:]), lengths):
        if goal <= length and length > 0:
            f = goal / length
            return (a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f)
        goal -= length
    return path[-1]
